"""Language models and their evaluation.

* :mod:`teachkit.lm.ngram`    NgramLM (orders 1-4) and its smoothing methods; BigramLM
* :mod:`teachkit.lm.metrics`  perplexity, cross_entropy
* :mod:`teachkit.lm.neural`   NeuralLM (a fixed-context neural LM), Evaluation, bits_per_byte

Each module loads when first used (``teachkit.lm.ngram`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "ngram metrics neural")
