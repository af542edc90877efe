"""The evaluation of a language model: ``teachkit.perplexity`` and ``teachkit.cross_entropy``.

``teachkit.perplexity`` is the *function* (the package re-exports it from here); this module is
``teachkit.lm.metrics``.  There is one way to a perplexity: the function of
:mod:`teachkit.lm.evaluation`, over any model that scores held-out text (an n-gram model, notebook 04's
:class:`~teachkit.lm.bigram.BigramLM`, an ARPA file, the neural model) or any score of one (LDA's
held-out bound or an estimator's value).  Each model's own ``perplexity`` is a view of it.

Notebook 04's way of averaging a bigram model (the rows of :meth:`BigramLM.table` summed left to right,
``per="token"`` dividing by the seed notebook's N) is :meth:`BigramLM.log_loss`; its formulas and the
seed's values are in :mod:`teachkit.lm.bigram`.

Examples
--------
>>> from teachkit import NgramLM
>>> lm = NgramLM([["a", "b", "a"]], order=2, smoothing="laplace")
>>> perplexity(lm, [["a", "b"]]) == lm.perplexity([["a", "b"]]) == perplexity(lm.evaluate([["a", "b"]]))
True
"""

from __future__ import annotations

from .evaluation import cross_entropy, perplexity

__all__ = ["perplexity", "cross_entropy"]
