"""Model choice and agreement: what the metrics are worth for choosing and trusting a model.

* :mod:`teachkit.evaluation.model_selection`  k_sweep (criteria per K and seed), heldout_perplexity
* :mod:`teachkit.evaluation.agreement`        spearman, bootstrap_spearman, bootstrap_spearman_difference,
                                                 bootstrap_winner
* :mod:`teachkit.evaluation.discrimination`   roc_auc, cohens_d, discrimination_ratio
* :mod:`teachkit.evaluation.human_ratings`    load_human_ratings (Hoyle et al. 2021's judgements, shipped)
* :mod:`teachkit.evaluation.intrusion`        intrusion_tasks, hit_rates, npmi_rater, model_precision;
  topic intrusion: topic_intrusion_tasks, topic_log_odds
* :mod:`teachkit.evaluation.labels`           purity, normalized_mutual_info, adjusted_mutual_info, adjusted_rand_index,
                                                 label_agreement
* :mod:`teachkit.evaluation.raters`           krippendorff_alpha, split_half_reliability, spearman_brown
* :mod:`teachkit.evaluation.significance`     paired_permutation_test, bootstrap_difference, seed_comparison, cochran_q,
                                                 mcnemar, holm,
  benjamini_hochberg
* :mod:`teachkit.evaluation.topic_words`      exclusivity, frex, relevance, saliency, top_words
* :mod:`teachkit.evaluation.books`            four_books (240 labelled passages of four public-domain books)
* :mod:`teachkit.evaluation.stability`        match_topics (two runs' topics matched), greene_agreement,
  stability_over_k (Greene et al. 2014)
* :mod:`teachkit.evaluation.heldout_likelihood`  exact_log_likelihood, harmonic_mean, importance_sampling,
  left_to_right (Wallach et al. 2009; its sequential form), document_completion
* :mod:`teachkit.evaluation.k_criteria`       griffiths_2004, cao_juan_2009, arun_2010, deveaud_2014

Each module loads when first used (``teachkit.evaluation.agreement`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "model_selection agreement discrimination human_ratings intrusion "
                                                 "labels raters significance topic_words books stability "
                                                 "heldout_likelihood k_criteria")
