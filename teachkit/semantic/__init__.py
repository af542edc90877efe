"""Semantic metrics: topic quality from word vectors instead of counts.

* :mod:`teachkit.semantic.metrics`     semantic_coherence, distinctiveness, semantic_diversity
* :mod:`teachkit.semantic.centrality`  PageRank, pagerank (the keyword weights of semantic coherence)
* :mod:`teachkit.semantic.embeddings`  WordVectors, ppmi_svd, sentence_transformer_vectors
* :mod:`teachkit.semantic.minilm`      MiniLM (all-MiniLM-L6-v2 in numpy, offline), minilm_vectors

Each module loads when first used (``teachkit.semantic.metrics`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "metrics centrality embeddings minilm")
