"""Model choice and agreement: what the metrics are worth for choosing and trusting a model.

* :mod:`teachkit.evaluation.model_selection`  k_sweep (criteria per K and seed), heldout_perplexity
* :mod:`teachkit.evaluation.agreement`        spearman, bootstrap_spearman, bootstrap_winner
* :mod:`teachkit.evaluation.discrimination`   roc_auc, cohens_d, discrimination_ratio
* :mod:`teachkit.evaluation.human_ratings`    load_human_ratings (Hoyle et al. 2021's judgements, shipped)
* :mod:`teachkit.evaluation.intrusion`        intrusion_tasks, hit_rates, npmi_rater

Each module loads when first used (``teachkit.evaluation.agreement`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "model_selection agreement discrimination human_ratings intrusion")
