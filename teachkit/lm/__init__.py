"""Language models and their evaluation, split as nltk's ``lm`` is.

* :mod:`teachkit.lm.vocabulary`  the symbols <s>, </s>, <UNK> every model uses; Vocabulary (BigramLM's)
* :mod:`teachkit.lm.smoothing`   Smoothing: AddAlpha, JelinekMercer, KneserNey; add_alpha, kneser_ney_step
* :mod:`teachkit.lm.ngram`       the model: NgramLM (orders 1-4)
* :mod:`teachkit.lm.bigram`      BigramLM, notebook 04's bigram model: NgramLM at order 2 under the seed's names
* :mod:`teachkit.lm.evaluation`  the one way to a perplexity: perplexity, cross_entropy over any model's LogLoss;
                                 NgramEvaluation, ZeroProbabilityWarning
* :mod:`teachkit.lm.metrics`     perplexity, cross_entropy as teachkit exports them
* :mod:`teachkit.lm.neural`      NeuralLM (a fixed-context neural LM), its Evaluation, bits_per_byte
* :mod:`teachkit.lm.kneser_ney`  ModifiedKneserNey (D1, D2, D3+ from the count-of-counts), modified_kneser_ney_discounts
* :mod:`teachkit.lm.backoff`     back-off smoothing: BackoffKneserNey, Katz (on Good-Turing)
* :mod:`teachkit.lm.good_turing` simple Good-Turing (Gale & Sampson): SimpleGoodTuring, simple_good_turing
* :mod:`teachkit.lm.arpa`        ARPA files: write_arpa, read_arpa, ArpaLM (what KenLM and SRILM read)
* :mod:`teachkit.lm.compare`     is one model better? the paired bootstrap of a cross-entropy difference

Each module loads when first used (``teachkit.lm.ngram`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "vocabulary smoothing ngram bigram evaluation metrics neural kneser_ney "
                                                "backoff good_turing arpa compare")
