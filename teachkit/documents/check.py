"""Recompute every hand calculation of the source documents and judge it.

The catalogue (:mod:`teachkit.documents.catalogue`) holds one :class:`~teachkit.documents.catalogue.Record`
per printed result: where it is, what it computes, its inputs as the document
states them, and the value exactly as printed.  This module recomputes each
record **with teachkit's own functions** (``pmi``, ``npmi_from_counts``,
``coherence_from_pairs``, ``BigramLM``/``perplexity``, ``semantic_coherence``,
``distinctiveness``, ``semantic_diversity`` ...; a sum or product of printed
numbers is done with exact :class:`decimal.Decimal` arithmetic) and *computes*
a verdict from the comparison.  No verdict is stored in the catalogue.

Verdicts, tried in this order
-----------------------------
``holds``
    The standard recomputation, from the document's primary inputs at full
    precision, agrees with the printed value at the printed precision.
``rounding``
    It agrees only when the document's own rounded intermediate values are
    used (the record names them).
``convention``
    It agrees only under a convention that differs from the standard
    definition the course teaches (the record names it); the standard value is
    reported.
``wrong``
    Nothing agrees.  The explanation gives the difference and the most likely
    cause: a digit transposition is detected automatically (6,610 printed as
    6,601); an error carried over from an earlier wrong value is detected when
    the record's "carried" alternative (the document's earlier printed values)
    reproduces the number; otherwise the record's stated cause is used.
``uncheckable``
    The document gives nothing to check the number against (the record says
    what would be needed), or its inputs are too approximate: when a recipe
    can only bound the value (an :class:`Interval`), a printed value inside
    the bounds but not pinned by them is uncheckable, one outside is wrong.

What "agrees at the printed precision" means
--------------------------------------------
The printed string fixes the precision: ``"0.892"`` has 3 decimals,
``"6,601"`` (decimal comma, Portuguese document) 3, ``"45,000"`` (thousands
separator, English documents) 0, ``"1e-16"`` 16, ``"48%"`` 2 (it is 0.48).
The recomputed value is rounded **half up** with :mod:`decimal` to that
exponent and compared with the printed digits, so 0.3775 agrees with
"0.378" and 0.8875 with "0.888".  A float is first rounded to 12 significant
figures so that binary noise (0.37749999999999995) cannot decide a half-way
case.  A value printed as a full double (``3.2813414240305514``) is compared
to 12 significant figures.  A fraction (``"7/684"``) is compared exactly
(relative difference below 1e-12).  A label (``"Good"``) is compared as text.
A record may carry a *claim* (``"high NPMI"``: value > 0.30): the verdict is
then whether the recomputed value satisfies it.

Examples
--------
>>> f = finding("001-eq4-pmi")
>>> f.printed, f.recomputed, f.verdict
('6,601', '6.610', 'wrong')
>>> str(f)
'printed 6,601 · recomputed 6.610 · wrong (typo)'
>>> finding("003-perplexity-seen").verdict
'convention'
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from .._checks import short_repr
from ..course.precision import (
    Written, comparison_exponent, agrees, read, round_half_up, to_decimal,
)
from .catalogue import DOCUMENTS, QUALITY_BANDS, RECORDS, Record, check_recipes

__all__ = [
    "VERDICTS", "Finding", "Interval", "check_documents", "check_record", "finding", "findings_by_id",
    "resolve_document", "summary", "format_table", "parse_printed", "RECIPES", "findings_table", "FindingsTable",
    "about", "DocumentCard",
]

#: The five verdicts, in the order they are tried.
VERDICTS = ("holds", "rounding", "convention", "wrong", "uncheckable")

# Reading a printed number and rounding at its precision live in teachkit.course.precision (shared with selfcheck).
#: A printed value read as a number (kept under its old name).
Printed = Written

#: A small arithmetic tree of printed numbers: "0.85", or ("mul", "0.85", ("add", "0.1", "0.2")).
Expression = str | int | Decimal | tuple
#: A matrix of printed numbers, row by row (strings such as "0.85", or numbers).
Matrix = Sequence[Sequence[str | float]]


# ----------------------------------------------------------------- numbers
@dataclass(frozen=True)
class Interval:
    """What a recipe returns when its inputs only bound the value.

    ``central`` is the value at the inputs taken at face value (shown as the
    recomputed value); ``lo`` and ``hi`` bound it given how approximate the
    inputs are.
    """

    lo: float
    hi: float
    central: float
    reading: str = ""


def parse_printed(text: str, decimal_comma: bool = False) -> Written:
    """Read a printed value (see :func:`teachkit.course.precision.read`)."""
    return read(text, decimal_comma)


def _fmt_at(value, exponent):
    """``value`` written at the precision 10**exponent (3 decimals for -3; thousands separated for >= 0)."""
    if exponent <= -7:
        return f"{float(to_decimal(value)):.3g}"
    q = round_half_up(value, exponent)
    if exponent >= 0:
        return f"{int(q):,}"
    return f"{q:f}"


def _fmt_general(value):
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    v = float(value)
    if v != 0 and (abs(v) < 1e-4 or abs(v) >= 1e6):
        return f"{v:.4g}"
    return f"{v:.4g}" if abs(v) >= 100 else f"{v:.4f}".rstrip("0").rstrip(".") if v != int(v) else f"{v:.0f}"


def _agrees(printed, value):
    """True when ``value`` agrees with the printed value at its precision."""
    if isinstance(value, Interval):
        raise TypeError("an Interval is judged by _judge_interval")
    if printed.kind == "label":
        return isinstance(value, str) and _label(value) == _label(printed.value)
    if isinstance(value, str):
        return False
    return agrees(value, printed)


def _label(s):
    return s.strip().strip("!").strip().casefold()


# ------------------------------------------------------------------ recipes
def _d(x):
    """A printed input as an exact Decimal ("0.85" -> Decimal('0.85'))."""
    if isinstance(x, Decimal):
        return x
    if isinstance(x, str):
        return Decimal(x.replace("−", "-"))
    if isinstance(x, int):
        return Decimal(x)
    return to_decimal(x)


def _expr(node):
    """Evaluate a small arithmetic tree of printed numbers exactly: ("add", "0.85", ("mul", ...))."""
    if not isinstance(node, (tuple, list)):
        return _d(node)
    op, *args = node
    vals = [_expr(a) for a in args]
    with localcontext() as ctx:
        ctx.prec = 40
        if op == "add":
            return sum(vals, Decimal(0))
        if op == "sub":
            return vals[0] - sum(vals[1:], Decimal(0))
        if op == "mul":
            out = Decimal(1)
            for v in vals:
                out *= v
            return out
        if op == "div":
            return vals[0] / vals[1]
        if op == "mean":
            return sum(vals, Decimal(0)) / len(vals)
        if op == "neg":
            return -vals[0]
    raise ValueError(f"unknown arithmetic operation {op!r}")


def r_expr(expr: Expression) -> Decimal:
    """Plain arithmetic on printed numbers (exact)."""
    return _expr(expr)


def r_fraction(num: int, den: int) -> Fraction:
    """num / den, exactly."""
    return Fraction(num, den)


def r_probability(c_xy: int, c_x: int, c_y: int, n: int, which: str, eps: float = 0.0,
                  smoothing: str = "none") -> float:
    """P(x, y), P(x) or P(y) (``which`` = "xy", "x", "y") from counts, as probabilities_from_counts gives them.

    ``smoothing`` is the records' field (teachkit/data/documents.json), in the older names of
    :data:`teachkit.counts.association.SMOOTHING_ALIASES`."""
    from ..counts.association import SMOOTHING_ALIASES, probabilities_from_counts
    p_xy, p_x, p_y = probabilities_from_counts(c_xy, c_x, c_y, n, eps=eps, zero=SMOOTHING_ALIASES[smoothing])
    return float({"xy": p_xy, "x": p_x, "y": p_y}[which])      # one count each: a float already


def _zero(args):
    """The zero convention a record's ``smoothing`` field names (the records keep the older names)."""
    from ..counts.association import SMOOTHING_ALIASES
    return SMOOTHING_ALIASES[args.get("smoothing", "none")]


def _probs(args):
    from ..counts.association import probabilities_from_counts
    if "p_xy" in args:
        return float(_d(args["p_xy"])), float(_d(args["p_x"])), float(_d(args["p_y"]))
    return probabilities_from_counts(args["c_xy"], args["c_x"], args["c_y"], args["n"],
                                     eps=args.get("eps", 0.0), zero=_zero(args))


def _base(base: str | float) -> float:
    """A record's logarithm base: "e" or a number."""
    if base == "e":
        return math.e
    if isinstance(base, str):
        raise ValueError(f"base must be 'e' or a number, got {base!r}.")
    return base


def r_pmi(base: str | float = "e", **args: Any) -> float:
    """PMI = log(P(x, y) / (P(x) P(y))) from counts or from printed probabilities."""
    from ..counts.association import pmi
    p_xy, p_x, p_y = _probs(args)
    return float(pmi(p_xy, p_x, p_y, base=_base(base)))      # one pair: a float already


def r_cooccurrence_p(c_xy: int, c_x: int, c_y: int, n: int, side: str = "above") -> float:
    """One-sided p value of a joint count against independence (Fisher's exact test).

    If the c_x windows of x and the c_y windows of y were placed among the n windows independently, the
    number they share would follow the hypergeometric distribution (mean c_x c_y / n).  ``side="above"``:
    the chance of sharing at least ``c_xy``; ``"below"``: at most ``c_xy``.
    """
    from scipy.stats import hypergeom

    if side not in ("above", "below"):
        raise ValueError(f"side must be 'above' or 'below', got {side!r}")
    dist = hypergeom(n, c_x, c_y)
    return float(dist.sf(c_xy - 1) if side == "above" else dist.cdf(c_xy))


def r_pmi_ratio(**args: Any) -> float:
    """P(x, y) / (P(x) P(y)), the number whose log is PMI."""
    p_xy, p_x, p_y = _probs(args)
    return p_xy / (p_x * p_y)


def r_neg_log_joint(base: str | float = "e", **args: Any) -> float:
    """-log P(x, y), the NPMI denominator."""
    p_xy, _, _ = _probs(args)
    return -math.log(p_xy) / (1.0 if base == "e" else math.log(_base(base)))


def r_npmi(**args: Any) -> float:
    """NPMI = PMI / -log P(x, y) from counts (with the record's smoothing) or from printed probabilities."""
    from ..counts.association import npmi, npmi_from_counts
    # one pair: a float already
    if "p_xy" in args:
        return float(npmi(*_probs(args)))
    return float(npmi_from_counts(args["c_xy"], args["c_x"], args["c_y"], args["n"],
                                  eps=args.get("eps", 0.0), zero=_zero(args)))


def r_conditional(given: str = "y", **args: Any) -> float:
    """P(x | y) = P(x, y) / P(y) (or P(y | x) with ``given="x"``)."""
    p_xy, p_x, p_y = _probs(args)
    return p_xy / (p_y if given == "y" else p_x)


def r_log(x: str, base: str | float = "e") -> float:
    """A natural (or base-b) logarithm of one printed number."""
    return math.log(float(_d(x))) / (1.0 if base == "e" else math.log(_base(base)))


def _topic_of(k):
    from ..coherence.topic_npmi import topic_coherence
    from ..counts.counting import CooccurrenceCounts
    words = [f"w{i + 1}" for i in range(k)]
    counts = CooccurrenceCounts.from_documents([words])
    return words, topic_coherence(words, counts, top_n=k)


def r_n_pairs(k: int, first: int | None = None) -> int:
    """Pairs topic_coherence scores for k keywords (all, or those whose first word is keyword ``first``)."""
    words, tc = _topic_of(k)
    if first is None:
        return tc.n_pairs
    return sum(1 for p in tc.pairs if p.word1 == words[first - 1])


def r_coherence_mean(pairs: Sequence[tuple[Sequence[str], str]]) -> float:
    """Mean of printed pair scores, as coherence_from_pairs computes it: Σ NPMI / number of pairs."""
    from ..coherence.topic_npmi import coherence_from_pairs
    return coherence_from_pairs({(a, b): float(_d(v)) for (a, b), v in pairs}).mean


def r_report(scores: Sequence[str], stat: str) -> float:
    """One statistic (mean, median, min, max) of printed topic scores, as CoherenceReport gives it."""
    from ..coherence.topic_npmi import CoherenceReport
    rep = CoherenceReport.from_scores([float(_d(s)) for s in scores])
    return getattr(rep, stat)


def _band(value):
    for label, lo, hi in QUALITY_BANDS:
        if (lo is None or value >= lo) and (hi is None or value < hi):
            return label
    raise AssertionError(value)  # pragma: no cover - the bands cover the real line


def r_quality_band(value: str) -> str:
    """The guide's own quality label for a mean NPMI (its 'Typical Score Ranges' table)."""
    return _band(float(_d(value)))


def r_band_edge(label: str) -> Decimal:
    """Lower edge of a band of the guide's quality table."""
    return next(Decimal(str(lo)) for lab, lo, _ in QUALITY_BANDS if lab == label)


def r_windows(documents: int, tokens: int, window: int, sig_figs: int) -> Interval:
    """Sliding windows (gensim's layout, via CooccurrenceCounts) of a corpus given only approximately.

    ``tokens`` is read at ``sig_figs`` significant figures: "~50,000" at one
    figure could be anything from 45,000 to 55,000.
    """
    from ..counts.counting import CooccurrenceCounts
    # Half a unit in the last significant figure: 5,000 for "~50,000" read to one figure.
    half = 5 * 10 ** (len(str(tokens)) - sig_figs - 1)

    def count(total):
        per_doc = total // documents
        docs = [["w"] * per_doc for _ in range(documents)]
        return CooccurrenceCounts.from_documents(docs, window=window).n

    lo, hi = int(tokens - half), int(tokens + half)
    return Interval(count(lo), count(hi), count(tokens),
                    f"{tokens:,} tokens read to {sig_figs} significant figure(s): {lo:,}–{hi:,}")


def r_perplexity(train: Sequence[str], test: Sequence[str], per: str = "prediction", alpha: float = 1.0,
                 vocabulary: str = "training", denominator: str = "unigram") -> float:
    """Perplexity exp(-Σ log P / count) of a Laplace bigram model trained on ``train``, scored on ``test``."""
    from ..lm.metrics import perplexity
    from ..lm.bigram import BigramLM
    lm = BigramLM(list(train), alpha=alpha, vocabulary=vocabulary, denominator=denominator)
    return perplexity(lm, list(test), per=per)


def r_perplexity_difference(train: Sequence[str], test: Sequence[str], baseline: Sequence[str],
                            per: str = "prediction") -> float:
    """Perplexity on ``test`` minus perplexity on ``baseline`` (same model)."""
    return r_perplexity(train, test, per=per) - r_perplexity(train, baseline, per=per)


def _sc(similarity, **options):
    from ..semantic.metrics import semantic_coherence
    return semantic_coherence([list(map(float, map(_d, row))) for row in similarity], **options)


def r_strength(similarity: Matrix, node: int, threshold: float = 0.3) -> float:
    """Total edge weight of a node in the thresholded similarity graph."""
    return float(_sc(similarity, threshold=threshold).graph.sum(axis=1)[node])


def r_edge(similarity: Matrix, i: int, j: int, threshold: float = 0.3) -> float:
    """Weight of edge (i, j) in the graph semantic_coherence builds (0 = no edge)."""
    return float(_sc(similarity, threshold=threshold).graph[i, j])


def r_pagerank(similarity: Matrix, node: int, iteration: int | None = None, damping: float = 0.85,
               threshold: float = 0.3, self_loops: bool = False) -> float:
    """PageRank λ of a node (converged, or after ``iteration`` steps from 1/n)."""
    pr = _sc(similarity, threshold=threshold, damping=damping, self_loops=self_loops).pagerank
    return float((pr.weights if iteration is None else pr.history[iteration])[node])


def r_pagerank_top(similarity: Matrix, damping: float = 0.85, threshold: float = 0.3,
                   words: Sequence[str] | None = None) -> str:
    """The keyword with the largest PageRank λ."""
    if words is None:
        raise TypeError("r_pagerank_top needs words=, the keywords in the order of similarity's rows.")
    sc = _sc(similarity, threshold=threshold, damping=damping)
    return words[int(sc.weights.argmax())]


def r_sc(similarity: Matrix, part: str, i: int | None = None, j: int | None = None, scale: str = "1",
         **options: Any) -> float:
    """One intermediate of semantic_coherence: indirect / hierarchical / importance / weighted [i, j],
    or numerator / denominator / score."""
    if "weights" in options:
        options["weights"] = [float(_d(w)) for w in options["weights"]]
    sc = _sc(similarity, **options)
    value = getattr(sc, part)
    return float(value if i is None else value[i, j]) * float(_d(scale))


def r_topic_vector(vectors: Matrix, component: int) -> float:
    """One component of the topic vector, the mean of the keyword vectors: t = Σ_w e_w / n."""
    from ..semantic.metrics import topic_vector
    return float(topic_vector([[float(_d(x)) for x in v] for v in vectors])[component])


def r_mean_norm(cosines: Sequence[str]) -> float:
    """Length of the mean of unit vectors from their cosines: |t| = sqrt(Σ_ij cos_ij) / n."""
    from ..semantic.metrics import mean_norm_from_cosines
    return mean_norm_from_cosines([float(_d(c)) for c in cosines])


def r_cosine_bounds(dot: str, cosines_first: Sequence[str]) -> Interval:
    """cos = dot / (|t1| |t2|) with |t1| from its keywords' cosines and |t2| only known to be <= 1."""
    from ..semantic.metrics import mean_norm_from_cosines
    n1 = mean_norm_from_cosines([float(_d(c)) for c in cosines_first])
    lo = float(_d(dot)) / n1
    return Interval(lo, 1.0, lo, f"|e_T1| = {n1:.3f} and 0 < |e_T2| <= 1 (a mean of unit vectors)")


def _topic_sims(similarity):
    return [list(map(float, map(_d, row))) for row in similarity]


def r_distinctiveness(similarity: Matrix, i: int | None = None, j: int | None = None,
                      scale: float = 1) -> float:
    """SD(a, b) = (1 - cos(a, b)) / 2 for one pair, or its mean over the pairs a < b (times ``scale``)."""
    from ..semantic.metrics import distinctiveness
    sd = distinctiveness(similarity=_topic_sims(similarity))
    return (sd.mean if i is None else float(sd.matrix[i, j])) * scale


def r_distinctiveness_extreme(similarity: Matrix, labels: Sequence[str], which: str = "max") -> str:
    """The pair of topics with the largest (or smallest) distinctiveness, as "T2, T3"."""
    from ..semantic.metrics import distinctiveness
    sd = distinctiveness(similarity=_topic_sims(similarity), labels=labels)
    pick = max if which == "max" else min
    pair = pick(sd.pairs.items(), key=lambda kv: kv[1])[0]
    return f"{pair[0]}, {pair[1]}"


def r_topic_cosine(similarity: Matrix, i: int, j: int) -> float:
    """cos(T_i, T_j) as distinctiveness reads it from the topic cosine matrix."""
    from ..semantic.metrics import distinctiveness
    return float(distinctiveness(similarity=_topic_sims(similarity)).similarity[i, j])


def r_diversity(similarity: Matrix, assignments: Sequence[int], part: str, index: int | None = None,
                alpha: float = 0.5, beta: float = 0.5, scale: str = "1") -> float | int:
    """One intermediate of semantic_diversity (counts, proportions, entropy_terms, entropy, ...)."""
    from ..semantic.metrics import semantic_diversity
    sd = semantic_diversity(None, list(assignments), alpha=alpha, beta=beta, similarity=_topic_sims(similarity))
    value = getattr(sd, part)
    value = value if index is None else value[index]
    if part == "n_documents" or part == "counts":
        return int(value)
    return float(value) * float(_d(scale))


def _minilm_vectors(texts):
    from ..semantic.minilm import encode
    return encode(list(texts))


def r_minilm(part: str, texts: Sequence[str], component: int | None = None,
             topics: Sequence[Sequence[str]] | None = None, i: int = 0, j: int = 1) -> float:
    """What all-MiniLM-L6-v2 itself gives (:mod:`teachkit.semantic.minilm`, the model the semantic document names).

    ``part``: ``"cosine"`` of ``texts[i]`` and ``texts[j]`` (unit vectors, so their dot product);
    ``"component"`` of ``texts[0]``'s vector; for topic vectors (the mean of each topic's word vectors, as the
    document builds e_T), ``"topic_component"`` of topic ``i``, ``"topic_norm"`` of topic ``i``,
    ``"topic_dot"`` and ``"topic_cosine"`` of topics ``i`` and ``j``; ``topics`` lists each topic's words
    (``texts`` is then unused).
    """
    import numpy as np

    if part in ("cosine", "component"):
        v = _minilm_vectors(texts)
        return float(v[i] @ v[j]) if part == "cosine" else float(v[0][component])
    vectors = [_minilm_vectors(words).mean(axis=0) for words in (topics or ())]
    a = vectors[i]
    b = vectors[j] if j < len(vectors) else np.zeros_like(a)
    if part == "topic_component":
        return float(a[component])
    if part == "topic_norm":
        return float(np.linalg.norm(a))
    if part == "topic_dot":
        return float(a @ b)
    if part == "topic_cosine":
        return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    raise ValueError(f"r_minilm: unknown part {part!r}")


#: Recipe name -> function.  A record's ``recipe`` and ``args`` name one of these.
RECIPES = {
    "expr": r_expr, "fraction": r_fraction, "probability": r_probability, "pmi": r_pmi,
    "cooccurrence_p": r_cooccurrence_p,
    "pmi_ratio": r_pmi_ratio, "neg_log_joint": r_neg_log_joint, "npmi": r_npmi,
    "conditional": r_conditional, "log": r_log, "n_pairs": r_n_pairs, "coherence_mean": r_coherence_mean,
    "report": r_report, "quality_band": r_quality_band, "band_edge": r_band_edge, "windows": r_windows,
    "perplexity": r_perplexity, "perplexity_difference": r_perplexity_difference, "strength": r_strength,
    "edge": r_edge, "pagerank": r_pagerank,
    "pagerank_top": r_pagerank_top, "sc": r_sc, "topic_vector": r_topic_vector, "mean_norm": r_mean_norm,
    "cosine_bounds": r_cosine_bounds, "distinctiveness": r_distinctiveness,
    "distinctiveness_extreme": r_distinctiveness_extreme, "topic_cosine": r_topic_cosine, "diversity": r_diversity,
    "minilm": r_minilm,
}


# Every recipe a record names must be one of these: checked once, when the checker is imported.
check_recipes(RECIPES)


def _run(recipe, args):
    try:
        func = RECIPES[recipe]
    except KeyError:
        raise ValueError(f"unknown recipe {recipe!r}; known: {', '.join(sorted(RECIPES))}") from None
    return func(**dict(args))


# ---------------------------------------------------------------- findings
def _record_field(name: str) -> property:
    """A read-only attribute of :class:`Finding` that is its record's field ``name``."""
    def get(self: Finding) -> str:
        return getattr(self.record, name)

    return property(get, doc=f"The record's ``{name}``.")


@dataclass(frozen=True, repr=False)
class Finding:
    """The checker's verdict on one printed number: the catalogue's :class:`Record` and what came of it.

    The record's own fields (``id``, ``document``, ``location``, ``quantity``, ``inputs``,
    ``printed``) are read through it, so the shape of a printed number is written once, in the
    catalogue.  ``str(finding)`` is the one-liner a notebook cell shows:
    ``printed 6,601 · recomputed 6.610 · wrong (typo)``.
    """

    record: Record = field(hash=False)
    recomputed: str
    verdict: str
    reason: str
    explanation: str
    standard: object = field(default=None)
    matched: str | None = None
    cause: str | None = None

    # Read through the record (class attributes, not dataclass fields: they have no annotation).
    id = _record_field("id")
    document = _record_field("document")
    location = _record_field("location")
    quantity = _record_field("quantity")
    inputs = _record_field("inputs")
    printed = _record_field("printed")

    def __repr__(self) -> str:
        # The record's identifying fields first, then the verdict's (not the standard value, a raw number),
        # as notebooks have always shown a finding.
        shown = ("id", "document", "location", "quantity", "inputs", "printed", "recomputed", "verdict", "reason",
                 "explanation", "matched", "cause")
        return f"Finding({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"

    def to_dict(self) -> dict[str, str]:
        """The JSON form: document, location, quantity, printed, recomputed, verdict, explanation (+ id, inputs)."""
        return {"id": self.id, "document": self.document, "location": self.location, "quantity": self.quantity,
                "inputs": self.inputs, "printed": self.printed, "recomputed": self.recomputed,
                "verdict": self.verdict, "explanation": self.explanation}

    @property
    def tag(self) -> str:
        """The verdict with its short cause, e.g. ``wrong (typo)``."""
        return f"{self.verdict} ({self.cause})" if self.verdict == "wrong" and self.cause else self.verdict

    def __str__(self) -> str:
        return f"printed {self.printed} · recomputed {self.recomputed} · {self.tag}"

    def _repr_html_(self) -> str:
        colour = {"holds": "#1a7f37", "rounding": "#9a6700", "convention": "#8250df", "wrong": "#cf222e",
                  "uncheckable": "#57606a"}[self.verdict]
        e = html.escape
        return (f'<div class="teachkit-finding"><b>{e(self.quantity)}</b> '
                f'<span style="color:#57606a">({e(self.location)})</span><br>'
                f'printed <code>{e(self.printed)}</code> · recomputed <code>{e(self.recomputed)}</code> · '
                f'<b style="color:{colour}">{e(self.tag)}</b><br><span>{e(self.explanation)}</span></div>')


def _is_wrong_upstream(ids):
    """The ids among ``ids`` whose own verdict is wrong (for 'carried over' explanations)."""
    return [i for i in ids if check_record(_BY_ID[i]).verdict == "wrong"]


def _digits(s):
    return re.sub(r"\D", "", s).lstrip("0")


def _transposition(printed_text, std_text):
    a, b = _digits(printed_text), _digits(std_text)
    return len(a) == len(b) and a != b and sorted(a) == sorted(b)


def _alt_args(record, alt):
    return {**dict(record.args), **dict(alt.args)} if alt.recipe is None else dict(alt.args)


def _judge_claim(record, value):
    op, *ref = record.claim
    v = value if isinstance(value, str) else float(to_decimal(value))
    ref = [float(_d(r)) for r in ref]
    ok = {
        "gt": lambda: v > ref[0], "lt": lambda: v < ref[0], "ge": lambda: v >= ref[0], "le": lambda: v <= ref[0],
        "eq": lambda: v == ref[0], "between": lambda: ref[0] <= v <= ref[1],
        "near": lambda: abs(v - ref[0]) <= ref[1],
    }[op]()
    return ok


_CLAIM_WORDS = {"gt": "> {0}", "lt": "< {0}", "ge": "≥ {0}", "le": "≤ {0}", "eq": "equal to {0}",
                "between": "in [{0}, {1}]", "near": "within {1} of {0}"}


def _claim_text(claim):
    op, *ref = claim
    return _CLAIM_WORDS[op].format(*ref)


def check_record(record: Record) -> Finding:
    """Recompute one :class:`~teachkit.documents.catalogue.Record` and return its :class:`Finding`."""
    return _check_cached(record.id)


@functools.cache
def _check_cached(record_id):
    return _evaluate(_BY_ID[record_id])


def _finding(record, recomputed, verdict, reason, explanation, standard=None, matched=None, cause=None):
    if record.note:
        explanation = f"{explanation} {record.note}"
    return Finding(record, recomputed, verdict, reason, explanation, standard, matched, cause)


def _evaluate(record):
    doc_comma = DOCUMENTS[record.document]["decimal_comma"]
    printed = parse_printed(record.read_as or record.printed, decimal_comma=doc_comma)
    shown_printed = record.printed if record.read_as is None else f"{record.printed} (read as {record.read_as})"

    if record.recipe is None:
        return _finding(record, "—", "uncheckable", f"needs {record.needs}",
                        f"Cannot be checked from the document: it would need {record.needs}.")

    try:
        std = _run(record.recipe, record.args)
    except ModuleNotFoundError as err:
        # Only the records checked against the embedding model need an optional package: without it they
        # cannot be checked here, and the finding says what to install.
        return _finding(record, "—", "uncheckable", "needs the all-MiniLM-L6-v2 model",
                        f"Checked against the model the document names, which is not installed here: {err}")

    # -- claims: the printed words assert something about the recomputed number
    if record.claim is not None:
        shown = std if isinstance(std, str) else _fmt_general(std)
        # a test's verdict ("significant") is read on its p value, and says so
        claim = ("a p value " if record.recipe == "cooccurrence_p" else "") + _claim_text(record.claim)
        if _judge_claim(record, std):
            return _finding(record, shown, "holds", f"{shown} is {claim}",
                            f"The claim '{shown_printed}' means {claim}; recomputed {shown}, so it holds.", std)
        return _finding(record, shown, "wrong", f"{shown} is not {claim}: {record.cause}",
                        f"The claim '{shown_printed}' means {claim}, but the recomputed value is {shown}. "
                        f"Most likely cause: {record.cause}.", std, cause=_short(record.cause))

    # -- intervals: inputs too approximate to pin the value
    if isinstance(std, Interval):
        exp = printed.exponent
        lo, hi, mid = (round_half_up(x, exp) for x in (std.lo, std.hi, std.central))
        shown = _fmt_at(std.central, exp)
        rng = f"{_fmt_at(std.lo, exp)}–{_fmt_at(std.hi, exp)}"
        if lo == hi == printed.value:
            return _finding(record, shown, "holds", f"every reading of the inputs gives {shown}",
                            f"With {std.reading}, the value lies in {rng}; it agrees.", std.central)
        if printed.value < lo or printed.value > hi:
            diff = printed.value - mid
            return _finding(record, shown, "wrong", f"outside the possible range {rng}",
                            f"With {std.reading}, the value can only lie in {rng}; the printed {record.printed} "
                            f"is outside it (off by {diff:+f} from the face-value {shown}). Most likely cause: "
                            f"{record.cause}.", std.central, cause=_short(record.cause))
        return _finding(record, shown, "uncheckable", f"inputs too approximate: anything in {rng}",
                        f"Taken at face value the inputs give {shown}, but with {std.reading} the value can lie "
                        f"anywhere in {rng}, which contains the printed {record.printed}: the document's inputs "
                        f"are too approximate to check it. It would need {record.needs}.", std.central)

    # -- numbers and labels
    if printed.kind == "label" or isinstance(std, str):
        std_text = str(std)
    elif printed.kind == "fraction":
        # Written over the printed denominator (4/684, not 1/171) when it is a whole number of those.
        den = int(record.printed.split("/")[1])
        num = float(std) * den
        std_text = f"{round(num)}/{den}" if abs(num - round(num)) < 1e-9 else f"{float(std):.6g}"
    elif comparison_exponent(printed) != printed.exponent:
        std_text = repr(float(std))   # printed as a full double: show the full double
    else:
        std_text = _fmt_at(std, comparison_exponent(printed))
    exact_text = _fmt_general(std)

    if _agrees(printed, std):
        prec = _precision_words(printed)
        return _finding(record, std_text, "holds", f"agrees at {prec}",
                        f"Recomputed {exact_text}, which agrees with the printed {record.printed} at {prec}.", std)

    tried = []
    for alt in record.alternatives:
        val = _run(alt.recipe or record.recipe, _alt_args(record, alt))
        val_text = _fmt_general(val)
        tried.append((alt, val, val_text))
        if not _agrees(printed, val):
            continue
        if alt.kind == "rounding":
            return _finding(
                record, std_text, "rounding", f"only with the document's rounded {alt.label}",
                f"At full precision the value is {exact_text} ({std_text} at the printed precision), not "
                f"{record.printed}; the printed value follows from the document's rounded {alt.label} "
                f"(→ {val_text}).", std, alt.label)
        if alt.kind == "convention":
            return _finding(
                record, std_text, "convention", f"only {alt.short or alt.label}; standard value {std_text}",
                f"Reproduces only {alt.label} (→ {val_text}). Under the standard definition"
                f"{' (' + record.standard + ')' if record.standard else ''} the value is {exact_text}.",
                std, alt.label)
        if alt.kind == "carried":
            upstream = _is_wrong_upstream(alt.uses) or list(alt.uses)
            cause = "carried over from " + (", ".join(upstream) if len(upstream) <= 3
                                            else f"{upstream[0]} and {len(upstream) - 1} more")
            cause += f", {alt.short}" if alt.short else ""
            return _finding(
                record, std_text, "wrong", f"off by {_diff(printed, std)}: {cause}",
                f"The correct value is {exact_text} ({std_text}); printed {record.printed}. This step's own "
                f"arithmetic reproduces the printed value from {alt.label} (→ {val_text}), so the error is "
                f"carried over from an earlier step ({', '.join(upstream)}).",
                std, alt.label, cause)
        if alt.kind == "diagnostic":
            return _finding(
                record, std_text, "wrong", f"off by {_diff(printed, std)}: {alt.label}",
                f"Recomputed {exact_text} ({std_text} at the printed precision); printed {record.printed}, "
                f"off by {_diff(printed, std)}. The printed value is what you get by {alt.label} "
                f"(→ {val_text}).", std, alt.label, _short(alt.cause or "formula applied differently"))
        raise ValueError(f"record {record.id}: unknown alternative kind {alt.kind!r}")

    # -- nothing agrees: wrong
    if printed.kind == "decimal" and not isinstance(std, str) and _transposition(record.printed, std_text):
        cause, why = "typo", f"typo: the digits of {std_text} transposed"
    else:
        cause, why = _short(record.cause), record.cause
    also = "".join(f" Also tried {alt.label}: {val_text}." for alt, _, val_text in tried)
    return _finding(record, std_text, "wrong", f"off by {_diff(printed, std)}: {why}",
                    f"Recomputed {exact_text} ({std_text} at the printed precision); printed {record.printed}, "
                    f"off by {_diff(printed, std)}. Most likely cause: {why}.{also}", std, cause=cause)


def _short(cause):
    """The short tag of a cause sentence: 'typo', 'arithmetic', 'formula applied differently' ..."""
    return cause.split(":")[0].split(" (")[0].strip()


def _diff(printed, std):
    if printed.kind == "label" or isinstance(std, str):
        return f"'{printed.value}' vs '{std}'"
    if printed.kind == "fraction":
        return f"{float(printed.value) - float(to_decimal(std)):+.3g}"
    exp = comparison_exponent(printed)
    s = to_decimal(std)
    if exp <= -7:
        d = printed.value - s
        ratio = f", {float(printed.value) / float(s):.3g} times the value" if s != 0 else ""
        return f"{float(d):+.3g}{ratio}"
    d = round_half_up(printed.value, exp) - round_half_up(std, exp)
    rel = ""
    if s != 0:
        # Relative to the exact value, from the number as printed and the exact value (not from the
        # rounded difference): 2.3 printed for 2.0149 is +14.1%, not 0.3 / 2.0149 = +14.9%.
        rel = f", {float(printed.value - s) / abs(float(s)):+.1%}"
    return f"{d:+f}{rel}"


def _precision_words(printed):
    if printed.kind == "fraction":
        return "exact value"
    if printed.kind == "label":
        return "the printed label"
    exp = comparison_exponent(printed)
    if exp < printed.exponent or exp != printed.exponent:
        return "12 significant figures"
    if exp >= 0:
        return "the printed whole number" if exp == 0 else f"the nearest {10**exp:,}"
    return f"{-exp} decimal{'s' if exp != -1 else ''}"


# ---------------------------------------------------------------- the API
_BY_ID = {r.id: r for r in RECORDS}


def resolve_document(prefix: str) -> str:
    """The document file name that ``prefix`` starts ("004", "001_89c7", or the full name).

    Raises
    ------
    ValueError
        If no document or more than one starts with ``prefix``.
    """
    if not isinstance(prefix, str) or not prefix.strip():
        raise ValueError("document must be the beginning of a document's file name, e.g. '004'.")
    matches = [d for d in DOCUMENTS if d.startswith(prefix.strip())]
    if not matches:
        raise ValueError(f"no document starts with {short_repr(prefix)}; the documents are: "
                         f"{', '.join(DOCUMENTS)}.")
    if len(matches) > 1:
        raise ValueError(f"{prefix!r} is ambiguous: it begins {len(matches)} file names ({', '.join(matches)}). "
                         "Give more characters, e.g. '004'.")
    return matches[0]


def check_documents(document: str | None = None) -> list[Finding]:
    """Recompute every catalogued number (of one document, given a file-name prefix) -> list of Finding.

    Examples
    --------
    >>> fs = check_documents("001")
    >>> [f.verdict for f in fs if f.id == "001-eq2-pmi"]
    ['holds']
    """
    name = None if document is None else resolve_document(document)
    return [check_record(r) for r in RECORDS if name is None or r.document == name]


def findings_by_id(document: str | None = None) -> dict[str, Finding]:
    """``{id: Finding}`` for every record (of one document)."""
    return {f.id: f for f in check_documents(document)}


def finding(record_id: str) -> Finding:
    """The finding of one record by its stable id, e.g. ``finding("001-eq4-pmi")``."""
    if not isinstance(record_id, str):
        raise TypeError(f"record_id must be one id as a string, e.g. {', '.join(list(_BY_ID)[:3])}, not a "
                        f"{type(record_id).__name__}; for several, call finding() once per id or use "
                        "findings_by_id().")
    try:
        return check_record(_BY_ID[record_id])
    except KeyError:
        near = [i for i in _BY_ID if i.startswith(str(record_id).split("-")[0])][:8]
        raise ValueError(f"no record has id {short_repr(record_id)}. Ids look like "
                         f"{', '.join(near) or '001-eq4-pmi'}; teachkit.documents.catalogue.RECORDS lists them "
                         "all.") from None


def summary(findings: Sequence[Finding]) -> dict[str, int]:
    """``{"checked": n, "holds": .., "rounding": .., "convention": .., "wrong": .., "uncheckable": ..}``."""
    out = {"checked": len(findings)}
    for v in VERDICTS:
        out[v] = sum(1 for f in findings if f.verdict == v)
    return out


def summary_line(findings: Sequence[Finding]) -> str:
    """The summary as one line: ``checked 215 · holds 130 · ...``."""
    s = summary(findings)
    return " · ".join(f"{k} {v}" for k, v in s.items())


def _cut(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(findings: Sequence[Finding]) -> str:
    """The readable report: one block per document, one line per record, then the summary line."""
    lines = []
    for doc in DOCUMENTS:
        rows = [f for f in findings if f.document == doc]
        if not rows:
            continue
        # Numbers are never cut (a full double has 18 characters); long prose labels are.
        wp = min(20, max(len("printed"), *(len(f.printed) for f in rows)))
        wr = min(20, max(len("recomputed"), *(len(f.recomputed) for f in rows)))
        cols = (("location", 26), ("quantity", 38), ("printed", wp), ("recomputed", wr), ("verdict", 11))
        title = f"{doc} — {DOCUMENTS[doc]['title']}"
        lines += ["", title, "=" * len(title),
                  "  ".join(name.ljust(w) for name, w in cols) + "  reason",
                  "  ".join("-" * w for _, w in cols) + "  " + "-" * 6]
        for f in rows:
            cells = (f.location, f.quantity, f.printed, f.recomputed, f.verdict)
            lines.append("  ".join(_cut(c, w).ljust(w) for c, (_, w) in zip(cells, cols)) + "  " + f.reason)
        lines.append("  " + summary_line(rows))
    lines += ["", "Summary: " + summary_line(findings)]
    return "\n".join(lines).lstrip("\n")


class FindingsTable:
    """Several findings as one table (what :func:`findings_table` returns): where the number is, what it
    is, printed against recomputed, the verdict and why.  ``finding(id)`` gives a row's full record."""

    def __init__(self, findings: Iterable[Finding]) -> None:
        self.findings = list(findings)

    def _repr_markdown_(self) -> str:
        def cell(text):
            return str(text).replace("|", "\\|").replace("\n", " ")

        lines = ["| where | what | printed | recomputed | verdict | why |", "|---|---|---:|---:|---|---|"]
        for f in self.findings:
            lines.append(f"| {cell(f.location)} | {cell(f.quantity)} | {cell(f.printed)} | {cell(f.recomputed)} "
                         f"| **{cell(f.tag)}** | {cell(f.reason)} |")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return format_table(self.findings)


def findings_table(record_ids: Sequence[str]) -> FindingsTable:
    """The findings of ``record_ids`` as one table, in the order given.

    Parameters
    ----------
    record_ids : list of str
        Catalogue ids, e.g. ``["004-pr-iter1-machine", "004-pr-iter1-learning"]``.

    Returns
    -------
    FindingsTable
        Shown as a markdown table in a notebook, as :func:`format_table`'s text elsewhere.

    Examples
    --------
    >>> t = findings_table(["001-eq2-pmi"])
    >>> print(t._repr_markdown_().splitlines()[2])
    | Equação 2 | PMI('canção', 'exílio') in bits | 6,610 | 6.610 | **holds** | agrees at 3 decimals |
    """
    if isinstance(record_ids, str):
        raise TypeError("record_ids must be a list of catalogue ids, e.g. ['004-sc']; got one string. "
                        "For one record, call finding(id).")
    return FindingsTable([finding(i) for i in record_ids])


class DocumentCard:
    """What one source document is, in the course's words, and how its printed numbers fare."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.about = DOCUMENTS[name]
        results = check_documents(name)
        self.counts = summary(results)
        # a claim ("higher", "above 0.30") is a sentence about a number, not a printed number: counted apart
        self.claims = sum(r.record.claim is not None for r in results)

    def _text(self) -> str:
        a, c = self.about, self.counts
        author = "its author is not named" if a["author"] == "not named" else f"by {a['author']}"
        verdicts = ", ".join(f"{c[v]} {v}" for v in VERDICTS if c[v])
        numbers = c["checked"] - self.claims
        what = f"{numbers} number{'s' if numbers != 1 else ''} it prints as the result of a calculation"
        if self.claims:
            what += f" and the {self.claims} claim{'s' if self.claims != 1 else ''} it makes about them"
        # named by its title; the file name stays with finding(id) and check_documents
        return (f"The source document *{a['title']}*: {a['kind']}; {author}; in {a['language']}. "
                f"The course checks each of the {what}: {verdicts}. Each finding below says where the document "
                f"prints a number, what the arithmetic gives and why they differ; `finding(id)` shows one record "
                f"in full.")

    def _repr_markdown_(self) -> str:
        return "> " + self._text()

    def __repr__(self) -> str:
        return self._text()


def about(document: str) -> DocumentCard:
    """A short card on one source document (a file-name prefix, e.g. ``"004"``): what it is, the verdicts.

    Examples
    --------
    >>> print(about("001"))   # doctest: +ELLIPSIS
    The source document *Avaliação automática com NPMI ...*: a research note ...
    """
    return DocumentCard(resolve_document(document))
