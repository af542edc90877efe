"""Language models and their evaluation, split as nltk's ``lm`` is.

* :mod:`teachkit.lm.vocabulary`  the symbols <s>, </s>, <UNK> every model uses; Vocabulary (BigramLM's)
* :mod:`teachkit.lm.smoothing`   Smoothing: AddAlpha, JelinekMercer, KneserNey; add_alpha, kneser_ney_step
* :mod:`teachkit.lm.ngram`       the models: NgramLM (orders 1-4), BigramLM (notebook 04's bigram model)
* :mod:`teachkit.lm.evaluation`  Evaluation (a model's score on a test text), ZeroProbabilityWarning
* :mod:`teachkit.lm.metrics`     perplexity, cross_entropy (of a BigramLM, notebook 04's way)
* :mod:`teachkit.lm.neural`      NeuralLM (a fixed-context neural LM), its Evaluation, bits_per_byte

Each module loads when first used (``teachkit.lm.ngram`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "vocabulary smoothing ngram evaluation metrics neural")
