"""The coherence measures: how well a topic's keywords go together, scored from window counts.

* :mod:`teachkit.coherence.npmi`       score_pair, topic_coherence, model_score, evaluate_topics (mean NPMI)
* :mod:`teachkit.coherence.measures`   coherence_per_topic and MEASURES (u_mass, c_uci, c_npmi, c_a, c_v)
* :mod:`teachkit.coherence.diversity`  topic_diversity, rank_biased_overlap, inverted_rbo

Each module loads when first used (``teachkit.coherence.measures`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "npmi measures diversity")
