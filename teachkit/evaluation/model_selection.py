"""Choosing a topic model: held-out perplexity done right, and a sweep over the number of topics.

Two things practitioners do with evaluation metrics, made explicit:

* :func:`heldout_perplexity` -- gensim's ``LdaModel.log_perplexity`` returns a
  per-word **bound** on the held-out log-likelihood, in nats (natural
  logarithms), not a perplexity.  The perplexity it implies is
  ``exp(-bound)``.  gensim 4.4's own INFO log line prints ``2 ** (-bound)``
  as the "perplexity estimate", mixing a natural-log bound with base 2; that
  printed figure is ``exp(-bound * ln 2)``, i.e. the true figure raised to
  the power 0.693.  :class:`HeldOutPerplexity` names all three numbers.
* :func:`k_sweep` -- train LDA for several numbers of topics ``K`` and seeds
  and score every model with several criteria, returning a tidy table
  (:class:`SweepTable`, one row per ``(K, seed)``).

Helper: :func:`split_documents` (a seeded train/held-out split of documents).

gensim is imported only inside the functions that train or score a model.

Examples
--------
>>> train, heldout = split_documents([["a"], ["b"], ["c"], ["d"], ["e"]], heldout=0.4, seed=0)
>>> len(train), len(heldout)
(3, 2)
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Mapping, Sequence
from typing import Any
from dataclasses import dataclass

import numpy as np

from .._checks import check_tokenized_documents, check_finite_real, check_positive_int, check_seed
from ..coherence.measures import MEASURES
from ..lm.evaluation import LogLoss, perplexity

__all__ = [
    "split_documents", "HeldOutPerplexity", "heldout_perplexity",
    "CRITERIA", "COHERENCE_CRITERIA", "RENAMED_CRITERIA", "criterion_name", "SweepTable", "k_sweep", "lda_topics",
]


def _documents(documents, name="documents"):
    return check_tokenized_documents(documents, name)


#: gensim seeds numpy's legacy RandomState, which takes 32-bit seeds.
GENSIM_SEED_MAX = 2**32 - 1


def split_documents(documents: Sequence[Sequence[str]], heldout: float = 0.2, *,
                    seed: int = 0) -> tuple[list[list[str]], list[list[str]]]:
    """Split documents at random into a training part and a held-out part.

    Parameters
    ----------
    documents : list of list of str
    heldout : float, default 0.2
        Share of documents held out, in (0, 1); rounded to a whole number of
        documents, at least 1 on each side.
    seed : int, default 0
        The same seed gives the same split.

    Returns
    -------
    train, heldout : list of list of str
        Both in the original order of the documents.

    Examples
    --------
    >>> train, test = split_documents([["a"], ["b"], ["c"], ["d"]], heldout=0.25, seed=3)
    >>> len(train), len(test), sorted(train + test)
    (3, 1, [['a'], ['b'], ['c'], ['d']])
    """
    docs = _documents(documents)
    if len(docs) < 2:
        raise ValueError(f"documents holds {len(docs)} document(s); a split needs at least 2.")
    share = check_finite_real(heldout, "heldout")
    if not 0 < share < 1:
        raise ValueError(f"heldout must be a share of documents strictly between 0 and 1 (e.g. 0.2), got {share}.")
    n_out = min(max(1, round(share * len(docs))), len(docs) - 1)
    rng = np.random.default_rng(check_seed(seed))
    out = np.zeros(len(docs), dtype=bool)
    out[rng.choice(len(docs), size=n_out, replace=False)] = True
    return [d for d, o in zip(docs, out) if not o], [d for d, o in zip(docs, out) if o]


# ------------------------------------------------------------ perplexity
@dataclass(frozen=True)
class HeldOutPerplexity:
    """Held-out perplexity of a gensim LDA model, every number named.

    Attributes
    ----------
    bound : float
        What ``LdaModel.log_perplexity`` returns: a lower bound on the
        held-out log-likelihood per word, in **nats** (natural log).
    n_documents, n_words : int
        Held-out documents and word tokens (tokens of the model's
        vocabulary only: words the model never saw are not counted).
    topic_term : float
        The part of ``bound`` that does not depend on the held-out documents:
        the (negative) divergence of the topics' word distributions from
        their prior, ``LdaModel.bound([])``, which gensim divides by the
        held-out word count.  It grows with K (K x vocabulary terms) and
        weighs more the fewer held-out words there are.

    Properties: :attr:`perplexity` (``exp(-bound)``), :attr:`gensim_logged`
    (``2 ** -bound``, what gensim's log line prints), :attr:`bits_per_word`,
    :attr:`document_bound` and :attr:`document_perplexity` (the bound and
    perplexity without the topic term).
    """

    bound: float
    n_documents: int
    n_words: int
    topic_term: float = float("nan")

    @property
    def log_loss(self) -> LogLoss:
        """``-bound`` nats per word over the held-out words, as :func:`teachkit.perplexity` reads it."""
        return LogLoss(-self.bound, self.n_words, "nats")

    @property
    def perplexity(self) -> float:
        """``exp(-bound)``: the perplexity the bound implies (an upper bound on the true perplexity);
        ``teachkit.perplexity(self)``."""
        return perplexity(self)

    @property
    def gensim_logged(self) -> float:
        """``2 ** (-bound)``: the "perplexity estimate" gensim 4.4 prints in its INFO log."""
        return 2.0 ** (-self.bound)

    @property
    def bits_per_word(self) -> float:
        """The bound in bits: ``-bound / ln 2``; ``2 ** bits_per_word`` is :attr:`perplexity` again."""
        return -self.bound / math.log(2)

    @property
    def document_bound(self) -> float:
        """The bound without the topics' prior term (per word, nats)."""
        return self.bound - self.topic_term

    @property
    def document_perplexity(self) -> float:
        """``exp(-document_bound)``."""
        return math.exp(-self.document_bound)

    def __str__(self) -> str:
        return (f"bound {self.bound:.4f} nats/word -> perplexity exp(-bound) = {self.perplexity:.1f} "
                f"(gensim logs 2^(-bound) = {self.gensim_logged:.1f}); "
                f"{self.n_documents} held-out documents, {self.n_words} words")


def heldout_perplexity(lda: Any, heldout_bow: Sequence[Sequence[tuple[int, int]]]) -> HeldOutPerplexity:
    """Held-out perplexity of a gensim ``LdaModel``, from its per-word bound.

    ::

        bound      = LdaModel.log_perplexity(heldout_bow)    # nats per word, <= true log-likelihood per word
        perplexity = exp(-bound)                              # >= true perplexity, since bound <= log-likelihood
        gensim log = 2 ** (-bound)                            # gensim 4.4's printed "perplexity estimate"

    The bound is the variational evidence lower bound (ELBO) of the held-out
    documents divided by their word count, so the perplexity it implies is
    an *upper* bound on the model's true held-out perplexity: a model can
    look worse than it is, by a gap nobody reports.  Lower perplexity is
    better; a higher (less negative) bound is better.

    Parameters
    ----------
    lda : gensim.models.LdaModel
        A trained model.
    heldout_bow : list of list of (int, int)
        Held-out documents as bag-of-words **in the training dictionary**
        (``dictionary.doc2bow(tokens)`` with the dictionary the model was
        trained on), so both sides share one vocabulary.

    Returns
    -------
    HeldOutPerplexity

    Notes
    -----
    ``log_perplexity`` infers each held-out document's topic mix from a
    random start, using the model's random state, so calling it twice gives
    slightly different bounds.  This function calls it once and derives
    every figure from that one value.

    Examples
    --------
    >>> from gensim.corpora import Dictionary
    >>> from gensim.models import LdaModel
    >>> train = [["apple", "pear", "fig"], ["apple", "fig"], ["goal", "match", "team"], ["match", "team"]] * 5
    >>> d = Dictionary(train)
    >>> lda = LdaModel([d.doc2bow(t) for t in train], id2word=d, num_topics=2, random_state=0, passes=5)
    >>> result = heldout_perplexity(lda, [d.doc2bow(["apple", "pear"]), d.doc2bow(["team", "goal"])])
    >>> result.n_words, abs(result.perplexity - math.exp(-result.bound)) < 1e-12
    (4, True)
    >>> abs(result.gensim_logged - result.perplexity ** math.log(2)) < 1e-9
    True
    """
    try:
        from gensim.models import LdaModel
    except ImportError as err:  # pragma: no cover - gensim is a dependency
        raise ImportError("heldout_perplexity needs gensim (python -m pip install gensim).") from err
    if not isinstance(lda, LdaModel):
        raise TypeError(f"lda must be a trained gensim.models.LdaModel, got {type(lda).__name__}.")
    if isinstance(heldout_bow, (str, bytes)) or isinstance(heldout_bow, Mapping):
        raise TypeError("heldout_bow must be a list of bag-of-words documents (dictionary.doc2bow(tokens) for "
                        f"each held-out document), got {type(heldout_bow).__name__}.")
    bow = [list(doc) for doc in heldout_bow]
    if not bow:
        raise ValueError("heldout_bow is empty: hold out at least one document.")
    n_terms = lda.num_terms
    for i, doc in enumerate(bow):
        for pair in doc:
            # Word ids are plain whole numbers (a bool is no id); counts are whole numbers of at least 1,
            # as doc2bow gives them: a negative or fractional count makes the bound meaningless.  (int listed
            # for the type checker: typeshed's int is neither a numbers.Integral nor a numbers.Real.)
            word_id, count = pair if isinstance(pair, tuple) and len(pair) == 2 else (None, None)
            if (isinstance(word_id, (bool, np.bool_)) or not isinstance(word_id, (int, numbers.Integral))
                    or not 0 <= word_id < n_terms):
                raise ValueError(
                    f"heldout_bow[{i}] holds {pair!r}: each document must be (word id, count) pairs from the "
                    "training dictionary (dictionary.doc2bow(tokens)); a word id outside the model's "
                    f"vocabulary of {n_terms} words means another dictionary was used."
                )
            if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, numbers.Real)) or not (
                    math.isfinite(count) and count >= 1 and count == int(count)):
                raise ValueError(f"heldout_bow[{i}] holds {pair!r}: a count must be a whole number of at least 1 "
                                 "(how often the word occurs in the document), as doc2bow gives it.")
    n_words = int(sum(int(cnt) for doc in bow for _, cnt in doc))
    if n_words == 0:
        raise ValueError(
            "the held-out documents contain no word of the model's vocabulary, so there is nothing to "
            "score. Hold out more documents, or build the dictionary with looser filters."
        )
    bound = float(lda.log_perplexity(bow))
    # bound([]) is the topic-level part of gensim's bound alone (no document
    # is inferred, so it is deterministic); log_perplexity divides it by the
    # same word count as the rest.
    topic_term = float(lda.bound([])) / n_words
    return HeldOutPerplexity(bound, len(bow), n_words, topic_term)


# ------------------------------------------------------------- criteria
#: The coherence criteria: each a measure of :data:`teachkit.coherence.measures.MEASURES` and the window its
#: counts use (None: whole documents).  Every measure is one, at its own window; ``c_npmi_documents`` is
#: ``c_npmi`` counted in whole training documents, as the NPMI guide and the Portuguese note count it.
COHERENCE_CRITERIA = {
    "c_npmi_documents": ("c_npmi", None),
    **{name: (name, m.window) for name, m in MEASURES.items()},
}

#: Older spellings of criteria (deprecated in 0.1.0, removed in 0.2.0), refused with an error naming the new one.
RENAMED_CRITERIA = {"npmi": "c_npmi_documents"}


def _measure_criterion(measure, window):
    m = MEASURES[measure]
    where = "whole training documents" if window is None else \
        f"sliding windows of {window} over the training documents"
    return m.direction, f"mean topic {measure}, {where} (teachkit.topic_coherence)"


#: Each criterion the sweep can report, and which direction is better.  Every coherence criterion is a
#: measure of :data:`teachkit.coherence.measures.MEASURES` (:data:`COHERENCE_CRITERIA`), its direction read
#: from its entry there.
CRITERIA = {
    **{name: _measure_criterion(*spec) for name, spec in COHERENCE_CRITERIA.items()},
    "model_score": ("higher", "the Portuguese note's score(M): c_npmi_documents weighted by documents per topic"),
    "diversity": ("higher", "share of distinct words among the topics' top 25 (teachkit.topic_diversity)"),
    "bound": ("higher", "gensim's held-out per-word bound (nats)"),
    "perplexity": ("lower", "held-out perplexity exp(-bound)"),
    "doc_perplexity": ("lower", "held-out perplexity without the topics' prior term, exp(-document_bound)"),
}


def criterion_name(name: str) -> str:
    """A criterion's name as :data:`CRITERIA` spells it; an older spelling of :data:`RENAMED_CRITERIA`
    (removed in 0.2.0) is refused with a ValueError naming the new one; any other name is returned as it is."""
    if isinstance(name, str) and name in RENAMED_CRITERIA:
        raise ValueError(f"the criterion {name!r} was removed in teachkit 0.2.0 (deprecated in 0.1.0); "
                         f"write {RENAMED_CRITERIA[name]!r}.")
    return name


def lda_topics(lda: Any, top_n: int) -> list[list[str]]:
    """Each topic's ``top_n`` words, most probable first, from a gensim LDA model."""
    return [[lda.id2word[i] for i, _ in lda.get_topic_terms(k, topn=top_n)] for k in range(lda.num_topics)]


class SweepTable:
    """A tidy table: one row per trained model ``(K, seed)``, one column per criterion.

    Attributes
    ----------
    rows : list of dict
        ``{"K": ..., "seed": ..., <criterion>: value, ...}``.
    criteria : tuple of str
        The criterion columns, in order.
    topics : dict
        ``topics[(K, seed)]``: that model's topics (top words, most probable
        first), so they can be inspected or shown to people.
    """

    def __init__(self, rows: list[dict], criteria: Sequence[str], topics: dict | None = None) -> None:
        self.rows = list(rows)
        self.criteria = tuple(criteria)
        self.topics = dict(topics or {})

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def ks(self) -> list[int]:
        return sorted({r["K"] for r in self.rows})

    @property
    def seeds(self) -> list[int]:
        return sorted({r["seed"] for r in self.rows})

    def _name(self, name):
        # An older spelling of a criterion (RENAMED_CRITERIA, removed in 0.2.0) is refused naming its new column,
        # unless the table has a column of that spelling itself (a table built by hand).
        return name if name in self.criteria else criterion_name(name)

    def column(self, name: str) -> np.ndarray:
        """All values of one column, in row order."""
        name = self._name(name)
        if self.rows and name not in self.rows[0]:
            raise ValueError(f"name must be one of {list(self.rows[0])}, got {name!r}.")
        return np.array([r[name] for r in self.rows], dtype=float)

    def value(self, name: str, K: int, seed: int) -> float:
        """The value of one criterion for one model."""
        name = self._name(name)
        for r in self.rows:
            if r["K"] == K and r["seed"] == seed:
                return r[name]
        raise ValueError(f"no model with K={K!r} and seed={seed!r} in this table (Ks {self.ks}, seeds {self.seeds}).")

    def by_k(self, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(ks, mean, low, high)`` over seeds for each K: the curve and its spread."""
        name = self._name(name)
        ks = self.ks
        vals = [[r[name] for r in self.rows if r["K"] == k] for k in ks]
        return (np.array(ks), np.array([np.mean(v) for v in vals]), np.array([np.min(v) for v in vals]),
                np.array([np.max(v) for v in vals]))

    def best_k(self, name: str, seed: int | None = None) -> int:
        """The K the criterion picks: its best value (direction from :data:`CRITERIA`).

        With ``seed``: among that seed's models.  Without: from the mean over
        seeds.  Ties go to the smaller K.
        """
        name = self._name(name)
        direction = CRITERIA.get(RENAMED_CRITERIA.get(name, name))
        if direction is None:
            raise ValueError(f"name must be a criterion with a known direction, one of {list(CRITERIA)}, got {name!r}.")
        sign = 1.0 if direction[0] == "higher" else -1.0
        if seed is None:
            ks, mean, _, _ = self.by_k(name)
            return int(ks[int(np.argmax(sign * mean))])
        rows = [r for r in self.rows if r["seed"] == seed]
        if not rows:
            raise ValueError(f"no model with seed={seed!r}; seeds are {self.seeds}.")
        best = max(rows, key=lambda r: (sign * r[name], -r["K"]))
        return int(best["K"])

    def _cells(self):
        head = ["K", "seed", *self.criteria]
        body = [[str(r["K"]), str(r["seed"]), *(f"{r[c]:.4g}" for c in self.criteria)] for r in self.rows]
        return head, body

    def __str__(self) -> str:
        head, body = self._cells()
        widths = [max(len(x) for x in col) for col in zip(head, *body)]
        fmt = lambda cells: "  ".join(c.rjust(w) for c, w in zip(cells, widths))  # noqa: E731
        return "\n".join([fmt(head)] + [fmt(b) for b in body])

    def __repr__(self) -> str:
        return f"SweepTable({len(self)} models: K in {self.ks}, seeds {self.seeds}; criteria {list(self.criteria)})"

    def _repr_html_(self) -> str:
        head, body = self._cells()
        th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        trs = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in b) + "</tr>" for b in body)
        return f"<table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>"


def k_sweep(documents: Sequence[Sequence[str]], ks: int | Sequence[int], seeds: int | Sequence[int] = (0, 1), *,
            heldout: float = 0.2, split_seed: int = 0, no_below: int = 1, no_above: float = 1.0,
            passes: int = 5, iterations: int = 50, top_n: int = 10,
            criteria: Sequence[str] = ("c_npmi_documents", "u_mass", "c_v", "model_score", "diversity",
                                       "perplexity"),
            ) -> SweepTable:
    """Train gensim LDA for every K and seed and score each model: a tidy table.

    For each ``(K, seed)``: ``LdaModel(num_topics=K, random_state=seed,
    passes, iterations)`` on the training documents, then

    * a coherence criterion of :data:`COHERENCE_CRITERIA`: a measure of
      :data:`teachkit.coherence.measures.MEASURES` at a window, the mean over topics of
      :func:`teachkit.topic_coherence` (top ``top_n`` words) on the training documents.  Every
      measure (``u_mass``, ``c_uci``, ``c_npmi``, ``c_v``, ``c_a``, ...) is one, at its own window
      (UMass whole documents, C_NPMI sliding windows of 10 tokens, C_V of 110, ...);
      ``c_npmi_documents`` is the mean pair NPMI counted in whole training documents (formerly
      ``"npmi"``, a spelling removed in 0.2.0);
    * ``model_score``: the Portuguese note's ``score(M) = sum_i n_i * NPMI_i / N``, ``NPMI_i`` topic
      ``i``'s ``c_npmi_documents``, ``n_i`` the training documents whose most probable topic is ``i``
      (:func:`teachkit.model_score`);
    * ``diversity``: :func:`teachkit.topic_diversity` of the top 25 words
      (fewer if the vocabulary is smaller);
    * ``perplexity`` (and ``bound``, and ``doc_perplexity`` without the
      topics' prior term): :func:`heldout_perplexity` on the held-out
      documents.

    Parameters
    ----------
    documents : list of list of str
    ks : sequence of int
        Numbers of topics to try (each at least 1).
    seeds : sequence of int, default (0, 1)
        ``random_state`` of each training run.
    heldout : float, default 0.2
        Share of documents held out (:func:`split_documents` with ``split_seed``).
    no_below, no_above : int, float
        Passed to the dictionary's ``filter_extremes`` (defaults keep every word).
        The dictionary is built on the **training** documents only and the
        held-out documents use it, so both sides share one vocabulary.
    passes, iterations : int
        gensim's training effort.
    top_n : int, default 10
        Words per topic scored by NPMI.
    criteria : tuple of str
        Any of :data:`COHERENCE_CRITERIA` (``"c_npmi_documents"`` and every measure of
        :data:`teachkit.coherence.measures.MEASURES`), ``"model_score"``, ``"diversity"``,
        ``"perplexity"`` (which also adds ``"bound"`` and ``"doc_perplexity"``).  The default keeps UMass and
        C_V only, as the course's notebooks use.

    Returns
    -------
    SweepTable
        Rows in the order K, then seed.

    Examples
    --------
    >>> docs = [["apple", "pear", "fig", "plum"], ["goal", "match", "team", "coach"]] * 10
    >>> table = k_sweep(docs, ks=[2], seeds=[0], passes=2, top_n=3, criteria=("c_npmi_documents", "perplexity"))
    >>> table.criteria, len(table)
    (('c_npmi_documents', 'bound', 'perplexity', 'doc_perplexity'), 1)
    """
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    from ..coherence.topic_npmi import model_score, topic_coherence
    from ..counts.counting import CooccurrenceCounts
    from ..coherence.diversity import topic_diversity

    docs = _documents(documents)
    # int listed for the type checker (here and below): typeshed's int is no numbers.Integral
    if isinstance(ks, (int, numbers.Integral)):
        ks = [ks]
    if isinstance(ks, (str, bytes, Mapping)) or isinstance(seeds, (str, bytes, Mapping)):
        raise TypeError("ks and seeds must be lists of whole numbers, e.g. ks=[2, 4, 8], seeds=[0, 1].")
    ks = [check_positive_int(k, "ks") for k in ks]
    seeds = [check_seed(s, "seeds", GENSIM_SEED_MAX)
             for s in ([seeds] if isinstance(seeds, (int, numbers.Integral)) else seeds)]
    if not ks or not seeds:
        raise ValueError("ks and seeds must each name at least one value, e.g. ks=[2, 4, 8], seeds=[0, 1].")
    passes = check_positive_int(passes, "passes")
    iterations = check_positive_int(iterations, "iterations")
    top_n = check_positive_int(top_n, "top_n", minimum=2)
    # Every criterion with a direction, less the two that "perplexity" brings along.
    known = tuple(c for c in CRITERIA if c not in ("bound", "doc_perplexity"))
    if isinstance(criteria, str):
        criteria = (criteria,)
    criteria = tuple(criterion_name(c) for c in criteria)
    unknown = [c for c in criteria if c not in known]
    if unknown or not criteria:
        raise ValueError(f"criteria must be a non-empty selection of {list(known)}, got {list(criteria)!r}.")

    no_below = check_positive_int(no_below, "no_below", minimum=0)
    no_above = check_finite_real(no_above, "no_above")
    if not 0 < no_above <= 1:
        raise ValueError(f"no_above must be a share of documents in (0, 1] (1 keeps every word), got {no_above}.")

    train, held = split_documents(docs, heldout, seed=split_seed)
    dictionary = Dictionary(train)
    dictionary.filter_extremes(no_below=no_below, no_above=no_above, keep_n=None)
    if len(dictionary) < top_n:
        raise ValueError(f"the training vocabulary has {len(dictionary)} words after filtering, fewer than "
                         f"top_n = {top_n}; loosen no_below/no_above or lower top_n.")
    # Checked before any training: a K beyond the words or the documents cannot give distinct topics,
    # and a K of a million would run for hours.
    most = min(len(dictionary), len(train))
    too_many = [k for k in ks if k > most]
    if too_many:
        raise ValueError(f"ks holds {too_many}, more topics than the {len(dictionary)} words of the training "
                         f"vocabulary or the {len(train)} training documents; keep K at most {most}.")
    vocab = set(dictionary.token2id)
    diversity_k = min(25, len(dictionary))  # a vocabulary under 25 words cannot fill a top 25
    train_bow = [dictionary.doc2bow(d) for d in train]
    held_bow = [dictionary.doc2bow(d) for d in held]
    reference = [[w for w in d if w in vocab] for d in train]
    # Counted once for the whole sweep: whole documents (score(M), UMass) and each window a coherence criterion
    # asked for uses (C_V: 110 tokens); criteria that share a window share counts.
    by_window: dict[int | None, CooccurrenceCounts] = {None: CooccurrenceCounts.from_documents(reference)}
    for c in criteria:
        window = COHERENCE_CRITERIA[c][1] if c in COHERENCE_CRITERIA else None
        if window not in by_window:
            by_window[window] = CooccurrenceCounts.from_documents(reference, window=window)
    # score(M) weighs each topic's c_npmi_documents: computed once when either is asked for.
    scored = [c for c in COHERENCE_CRITERIA
              if c in criteria or (c == "c_npmi_documents" and "model_score" in criteria)]

    columns = []
    for c in criteria:
        columns += ["bound", "perplexity", "doc_perplexity"] if c == "perplexity" else [c]
    rows, all_topics = [], {}
    for k in ks:
        for seed in seeds:
            # eval_every=None: gensim's default evaluates the training bound every 10 updates, which
            # triples the training time and is not used here.
            lda = LdaModel(train_bow, id2word=dictionary, num_topics=k, passes=passes, iterations=iterations,
                           random_state=seed, eval_every=None)
            row: dict[str, float] = {"K": k, "seed": seed}
            topics = lda_topics(lda, max(top_n, diversity_k))
            per_topic = {}
            for c in scored:        # every coherence criterion through one path: topic_coherence on its counts
                measure, window = COHERENCE_CRITERIA[c]
                per_topic[c] = [topic_coherence(t, by_window[window], top_n=top_n, measure=measure).mean
                                for t in topics]
                row[c] = float(np.mean(per_topic[c]))
            if "model_score" in criteria:
                gamma, _ = lda.inference(train_bow)
                sizes = np.bincount(np.argmax(gamma, axis=1), minlength=k)
                row["model_score"] = model_score(per_topic["c_npmi_documents"], sizes.tolist())
            if "diversity" in criteria:
                row["diversity"] = topic_diversity(topics, top_k=diversity_k)
            if "perplexity" in criteria:
                result = heldout_perplexity(lda, held_bow)
                row["bound"], row["perplexity"] = result.bound, result.perplexity
                row["doc_perplexity"] = result.document_perplexity
            rows.append({key: row[key] for key in ["K", "seed", *columns]})
            all_topics[(k, seed)] = topics
    return SweepTable(rows, columns, all_topics)
