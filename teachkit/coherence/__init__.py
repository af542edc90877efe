"""The coherence measures: how well a topic's keywords go together, scored from window counts.

* :mod:`teachkit.coherence.topic_npmi` score_pair, topic_coherence, model_score, evaluate_topics: views of the pipeline
* :mod:`teachkit.coherence.measures`   REGISTRY (u_mass, c_uci, c_npmi, c_v, c_a, embedding), its pipeline,
  coherence_per_topic, and the one result type per level (SegmentScore, TopicScore, CoherencePerTopic)
* :mod:`teachkit.coherence.diversity`  topic_diversity, rank_biased_overlap, inverted_rbo

Each module loads when first used (``teachkit.coherence.measures`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "topic_npmi measures diversity")
