"""The catalogue of every number the four source documents print as the result of a calculation.

One :class:`Record` per printed result: final results, intermediate steps
(one record per distinct entry of a printed matrix or vector) and the
illustrative claims made in prose.  A record is data: where the number is,
what it computes, its inputs *as the document states them*, the value
*exactly as printed* (a string, which also fixes its precision), and the name
of the teachkit recomputation (a *recipe* of :mod:`teachkit.documents.check`) with its
arguments.  A record may also name alternative computations to try (the
document's own rounded intermediates, a different convention, the
document's earlier wrong values, a suspected slip) and the most likely cause
if nothing agrees.

**No verdict is stored here.**  :func:`teachkit.check_documents` recomputes
every record and derives the verdict from the comparison; the tests pin the
verdicts that hand calculation predicts.

A number printed again in the same step (a matrix restating the entries just
computed, an "interpretation" line repeating a result) shares its record; a
number printed again in another section (a comparison or summary table) gets
its own record.  Inputs the document simply states (counts, the
embedding excerpts, the cosines of Example 1) are not records, except where
the document presents them as computed results it does not let us check
(those are catalogued as uncheckable).

Ids are stable: ``<document number>-<place>-<quantity>``, e.g.
``"001-eq4-pmi"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = [
    "Record", "Alternative", "RECORDS", "DOCUMENTS", "QUALITY_BANDS", "records", "printed_value",
    "SEMANTIC_EXAMPLE", "SEMANTIC_PRINTED", "PERPLEXITY_TRAINING", "PERPLEXITY_UNSEEN", "PERPLEXITY_PRINTED",
]


@dataclass(frozen=True)
class Alternative:
    """Another way to compute a record, tried when the standard recomputation disagrees.

    kind
        ``"rounding"``: the document's own rounded intermediate values;
        ``"convention"``: a convention other than the standard definition;
        ``"carried"``: the document's earlier printed values that are themselves
        wrong (a match means the error is carried over);
        ``"diagnostic"``: a suspected slip (a match names the cause).
    label
        Says which values or which convention, in words.
    recipe, args
        ``recipe=None`` reuses the record's recipe with ``args`` overriding
        the record's arguments.
    uses
        Ids of the records whose printed values this alternative uses.
    """

    kind: str
    label: str
    args: dict = field(default_factory=dict)
    recipe: str | None = None
    uses: tuple = ()
    cause: str | None = None
    short: str | None = None


@dataclass(frozen=True)
class Record:
    """One printed number (or claim) of a source document. See the module docstring."""

    id: str
    document: str
    location: str
    quantity: str
    inputs: str
    printed: str
    recipe: str | None = None
    args: dict = field(default_factory=dict)
    alternatives: tuple = ()
    claim: tuple | None = None
    read_as: str | None = None
    cause: str = "arithmetic"
    needs: str = ""
    note: str = ""
    standard: str = ""


D0 = "000_39400866bd70c5f2.txt"
D1 = "001_89c791579b44ac22.txt"
D3 = "003_6e70e19752507927.txt"
D4 = "004_8c2cfc3a4c4844f2.txt"

#: The source documents, in order: what each is (README, "The four source documents", lists the
#: same); the Portuguese note writes decimals with a comma.
DOCUMENTS = MappingProxyType({
    D0: {"title": "NPMI deep dive (SwiftTopics guide)", "decimal_comma": False,
         "kind": "a chapter of a guide, in Markdown (\"5.3 NPMI Deep Dive\"), from the documentation of "
                 "SwiftTopics, a topic-modelling library in Swift", "author": "not named", "language": "English",
         "course": "00, 01, 02, 03"},
    D1: {"title": "Avaliação automática com NPMI (Portuguese research note)", "decimal_comma": True,
         "kind": "a research note on scoring topic models with NPMI (log base 2, document co-occurrence, "
                 "a document-weighted model score)", "author": "José Robson da Silva Araujo Junior",
         "language": "Portuguese", "course": "01, 02, 03"},
    D3: {"title": "Evaluating language models with perplexity (notebook)", "decimal_comma": False,
         "kind": "a Jupyter notebook: a bigram language model with Laplace smoothing and its perplexity",
         "author": "not named", "language": "English", "course": "04, 04b"},
    D4: {"title": "Toy examples for semantic metrics (SC, SD, SemDiv)", "decimal_comma": False,
         "kind": "worked examples in Markdown (\"Phase 4: Toy Examples for Semantic Metrics\", dated "
                 "2025-10-11): semantic coherence, distinctiveness and diversity", "author": "not named",
         "language": "English", "course": "05, 06, 07"},
})

#: The NPMI guide's own quality table ("Typical Score Ranges for Topics"):
#: (label, lower edge exclusive, upper edge inclusive) of the mean NPMI.
QUALITY_BANDS = (
    ("Poor", None, 0.0),
    ("Marginal", 0.0, 0.05),
    ("Acceptable", 0.05, 0.15),
    ("Good", 0.15, 0.30),
    ("Excellent", 0.30, None),
)

_R = []


def _rec(id, document, location, quantity, inputs, printed, recipe=None, args=None, **kw):
    _R.append(Record(id, document, location, quantity, inputs, printed, recipe, dict(args or {}), **kw))


def _alt(kind, label, args=None, recipe=None, uses=(), cause=None, short=None):
    return Alternative(kind, label, dict(args or {}), recipe, tuple(uses), cause, short)


# ============================================================== 000 NPMI guide
# The running/exercise pair the guide uses throughout its "Mathematics" part.
RE = {"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000}
RE_IN = "c(running, exercise) = 150, c(running) = 500, c(exercise) = 400, N = 10,000 windows"
INCONSISTENT = ("inconsistent with the guide's own counts: an illustrative number, not computed from the "
                "running/exercise counts the guide gives a few lines later")

_rec("000-raw-exercise-above-chance", D0, "Why NPMI? / raw counts", "running+exercise vs chance ('significant')",
     RE_IN, "significant", "pmi", RE, claim=("gt", 0),
     note="By chance they would share 500 × 400 / 10,000 = 20 windows; they share 150.",
     cause="the pair co-occurs less than chance")
_rec("000-raw-meeting-below-chance", D0, "Why NPMI? / raw counts", "running+meeting vs chance ('unusual')",
     "c(running, meeting) = 12, c(running) = 500, c(meeting) = 4,000, N = 10,000", "unusual", "pmi",
     {"c_xy": 12, "c_x": 500, "c_y": 4000, "n": 10_000}, claim=("lt", 0),
     note="By chance they would share 500 × 4,000 / 10,000 = 200 windows; they share only 12.",
     cause="the pair co-occurs more than chance")
_rec("000-why-pmi-running-exercise", D0, "Why NPMI? / raw PMI", "PMI(running, exercise)", RE_IN, "2.3",
     "pmi", RE, cause=INCONSISTENT)
_rec("000-why-pmi-quantum", D0, "Why NPMI? / raw PMI", "PMI(quantum, entanglement)", "none given", "4.1",
     needs="the window counts of 'quantum', 'entanglement' and the pair, and N")
_rec("000-why-twice", D0, "Why NPMI? / raw PMI", "ratio 4.1 / 2.3 ('twice as good')", "PMI 4.1 and 2.3 as printed",
     "twice", "expr", {"expr": ("div", "4.1", "2.3")}, read_as="2",
     note="The guide's point stands: a ratio of two PMIs means little.")
_rec("000-why-npmi-running-exercise", D0, "Why NPMI? / NPMI", "NPMI(running, exercise)", RE_IN, "0.6",
     "npmi", RE, cause=INCONSISTENT)
_rec("000-why-npmi-quantum", D0, "Why NPMI? / NPMI", "NPMI(quantum, entanglement)", "none given", "0.7",
     needs="the window counts of 'quantum', 'entanglement' and the pair, and N")

_rec("000-s1-p-running", D0, "Mathematics / Step 1", "P(running) = 500 / 10,000", RE_IN, "0.05",
     "probability", {**RE, "which": "x"})
_rec("000-s1-p-exercise", D0, "Mathematics / Step 1", "P(exercise) = 400 / 10,000", RE_IN, "0.04",
     "probability", {**RE, "which": "y"})
_rec("000-s1-p-joint", D0, "Mathematics / Step 1", "P(running, exercise) = 150 / 10,000", RE_IN, "0.015",
     "probability", {**RE, "which": "xy"})
_rec("000-s2-expected", D0, "Mathematics / Step 2", "P(running) × P(exercise)", "0.05 × 0.04", "0.002",
     "expr", {"expr": ("mul", "0.05", "0.04")})
_rec("000-s2-ratio", D0, "Mathematics / Step 2 (and '7.5× more')", "P(r, e) / (P(r) P(e))", RE_IN, "7.5",
     "pmi_ratio", RE)
_rec("000-s2-pmi", D0, "Mathematics / Step 2", "PMI = log(7.5) (natural log)", RE_IN, "2.01", "pmi", RE)
_rec("000-s3-neglog", D0, "Mathematics / Step 3", "-log P(running, exercise) = -log(0.015)", RE_IN, "4.20",
     "neg_log_joint", RE)
_rec("000-s3-max-identity", D0, "Mathematics / Step 3", "PMI when P(w1,w2) = P(w1) = P(w2) (= 0.015)",
     "P(w1, w2) = P(w1) = P(w2) = 0.015", "-log(P(w₁, w₂))", "pmi",
     {"p_xy": "0.015", "p_x": "0.015", "p_y": "0.015"}, read_as="4.20")
_rec("000-s3-npmi", D0, "Mathematics / Step 3", "NPMI = 2.01 / 4.20", RE_IN, "0.48", "npmi", RE)
_rec("000-s3-percent", D0, "Mathematics / Step 3", "share of the maximum association", RE_IN, "48%", "npmi", RE)
_rec("000-range-plus-one", D0, "Concept; Interpreting NPMI / range", "NPMI when P(w1,w2) = P(w1) = P(w2)",
     "example P = 0.05 for all three", "+1.0", "npmi", {"p_xy": "0.05", "p_x": "0.05", "p_y": "0.05"})
_rec("000-range-zero", D0, "Concept; Interpreting NPMI / range", "NPMI when P(w1,w2) = P(w1) P(w2)",
     "example P(w1) = 0.05, P(w2) = 0.04, P(w1, w2) = 0.002", "0.0", "npmi",
     {"p_xy": "0.002", "p_x": "0.05", "p_y": "0.04"})
_rec("000-range-minus-one", D0, "Concept; Interpreting NPMI / range", "NPMI when P(w1, w2) = 0",
     "example P(w1) = 0.05, P(w2) = 0.04, P(w1, w2) = 0", "-1.0", "npmi",
     {"p_xy": "0", "p_x": "0.05", "p_y": "0.04"})
_rec("000-code-always-together", D0, "Interpreting NPMI (+1.0) vs its implementation (score)",
     "NPMI the guide's own code returns for a pair found in every window",
     "c(w1, w2) = c(w1) = c(w2) = N = 10,000 windows, ε = 1e-12 (the guide's default)", "+1.0", "npmi",
     {"c_xy": 10_000, "c_x": 10_000, "c_y": 10_000, "n": 10_000, "eps": 1e-12, "smoothing": "guide"},
     cause=("contradicted by its own code: the guide says +1 means the words always appear together, but its "
            "code sets NPMI to 0 when the denominator -log P(w1, w2) is 0, and that is exactly the "
            "always-together case (P(w1, w2) = 1); the definition's limit is +1"),
     note="Recomputed with the guide's code, guard and clamp included (npmi_from_counts, smoothing='guide').")

for _i, _n in enumerate(("4", "3", "2", "1"), start=1):
    _rec(f"000-pairs-row{_i}", D0, "Topic coherence / averaging", f"pairs starting with w{_i} (k = 5)",
         "k = 5 keywords, pairs i < j", _n, "n_pairs", {"k": 5, "first": _i})
_rec("000-pairs-total", D0, "Topic coherence / averaging", "pairs for k = 5 keywords", "k = 5, pairs i < j",
     "10", "n_pairs", {"k": 5})

EX_PAIRS = ((("running", "exercise"), "0.52"), (("running", "fitness"), "0.48"), (("running", "morning"), "0.31"),
            (("running", "workout"), "0.55"), (("exercise", "fitness"), "0.61"), (("exercise", "morning"), "0.28"),
            (("exercise", "workout"), "0.54"), (("fitness", "morning"), "0.22"), (("fitness", "workout"), "0.49"),
            (("morning", "workout"), "0.35"))
EX_IN = "the 10 pair NPMI scores printed (0.52, 0.48, 0.31, 0.55, 0.61, 0.28, 0.54, 0.22, 0.49, 0.35)"
_rec("000-ex-sum", D0, "Topic coherence / example", "sum of the 10 pair NPMI", EX_IN, "4.35", "expr",
     {"expr": ("add",) + tuple(v for _, v in EX_PAIRS)})
_rec("000-ex-mean", D0, "Topic coherence / example", "topic coherence (mean NPMI)", EX_IN, "0.435",
     "coherence_mean", {"pairs": EX_PAIRS})
_rec("000-ex-label", D0, "Topic coherence / example", "quality label of 0.435", "mean 0.435; the guide's table",
     "Good!", "quality_band", {"value": "0.435"},
     cause="inconsistent with the guide's own quality table, which calls a mean NPMI above 0.30 'Excellent'")

_rec("000-case1-pjoint", D0, "Edge cases / case 1", "P(w1, w2) for c(w1, w2) = 0, 'approximately ε'",
     "c(w1, w2) = 0, ε = 1e-12 (the default), N = 10,000", "ε", "probability",
     {"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "eps": 1e-12, "smoothing": "guide", "which": "xy"},
     read_as="1e-12",
     cause="formula applied differently: the guide's own formula divides ε by N + ε (its case 4 gets 1e-16)")
_rec("000-case1-npmi", D0, "Edge cases / case 1", "NPMI for c(w1, w2) = 0 with the guide's ε",
     "c(w1, w2) = 0, ε = 1e-12; marginals of the guide's running/exercise example (500, 400 of 10,000)",
     "approaches -1", "npmi",
     {"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "eps": 1e-12, "smoothing": "guide"},
     claim=("near", "-1", "0.05"),
     cause=("formula applied differently: -1 is the limit ε → 0 (the exact definition, no smoothing, gives "
            "exactly -1.0); with ε = 1e-12 the smoothed NPMI is -1 + log(P(w1)P(w2)) / log(ε/N), far from -1"),
     note="'Approaches' is read as within 0.05 of -1.")
_rec("000-case2-pword", D0, "Edge cases / case 2", "P(w) for an unknown word, 'approximately ε'",
     "c(w) = 0, ε = 1e-12, N = 10,000", "ε", "probability",
     {"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "eps": 1e-12, "smoothing": "guide", "which": "xy"},
     read_as="1e-12",
     cause="formula applied differently: the guide's own formula gives (0 + ε) / (N + ε), about ε / N",
     note="Computed with the guide's formula P = (c + ε)/(N + ε) at c = 0.")
RARE = {"c_xy": 2, "c_x": 2, "c_y": 3, "n": 10_000}
RARE_IN = "c(w1) = 2, c(w2) = 3, c(w1, w2) = 2, N = 10,000"
_rec("000-case3-p1", D0, "Edge cases / case 3", "P(w1) = 2 / 10,000", RARE_IN, "0.0002", "probability",
     {**RARE, "which": "x"})
_rec("000-case3-p2", D0, "Edge cases / case 3", "P(w2) = 3 / 10,000", RARE_IN, "0.0003", "probability",
     {**RARE, "which": "y"})
_rec("000-case3-pjoint", D0, "Edge cases / case 3", "P(w1, w2) = 2 / 10,000", RARE_IN, "0.0002", "probability",
     {**RARE, "which": "xy"})
_rec("000-case3-high", D0, "Edge cases / case 3", "NPMI of the rare pair ('high')", RARE_IN, "high NPMI",
     "npmi", RARE, claim=("gt", "0.30"), note="'High' is read as the guide's top band (> 0.30).",
     cause="the NPMI is not high")
_rec("000-case4-p-unsmoothed", D0, "Edge cases / case 4", "P = 0 / 10,000 without smoothing",
     "c = 0, N = 10,000", "0", "probability", {"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "which": "xy"})
_rec("000-case4-p", D0, "Edge cases / case 4", "P = (0 + 1e-12) / (10,000 + 1e-12)",
     "c = 0, ε = 1e-12, N = 10,000", "1e-16", "probability",
     {"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "eps": 1e-12, "smoothing": "guide", "which": "xy"})
_rec("000-case4-log", D0, "Edge cases / case 4", "log(1e-16) (natural log)", "1e-16", "-36.8", "log",
     {"x": "1e-16"})

# Walkthrough: 45,000 windows; running (312), exercise (287), routine (156).
_rec("000-wt-windows", D0, "Walkthrough / step 2", "windows of 10 tokens",
     "1000 documents, ~50,000 tokens, window size 10", "45,000", "windows",
     {"documents": 1000, "tokens": 50_000, "window": 10, "sig_figs": 1},
     needs=("the exact token count (and the length of each document): exactly 50,000 tokens give "
            "50,000 - 1000 × 9 = 41,000 windows; 45,000 would need about 54,000 tokens"),
     note="Windows laid out as gensim's boolean_sliding_window does (L - 10 + 1 per document).")
_rec("000-wt-vocab", D0, "Walkthrough / step 2", "unique words", "the corpus (not given)", "8,500",
     needs="the corpus itself")
_rec("000-wt-nonzero-pairs", D0, "Walkthrough / step 2", "word pairs with count > 0", "the corpus (not given)",
     "127,000", needs="the corpus itself")
_rec("000-wt-npairs", D0, "Walkthrough / step 3", "pairs for 10 keywords (10 × 9 / 2)", "k = 10", "45",
     "n_pairs", {"k": 10})

RX = {"c_xy": 189, "c_x": 312, "c_y": 287, "n": 45_000}
RX_IN = "c(running) = 312, c(exercise) = 287, c(both) = 189, N = 45,000 windows"
RX_ROUND = _alt("rounding", "probabilities 0.004, 0.007, 0.006",
                {"p_xy": "0.004", "p_x": "0.007", "p_y": "0.006"},
                uses=("000-wt-re-p-running", "000-wt-re-p-exercise", "000-wt-re-p-both"))
_rec("000-wt-re-p-running", D0, "Walkthrough / running+exercise", "P(running) = 312 / 45,000", RX_IN, "0.007",
     "probability", {**RX, "which": "x"})
_rec("000-wt-re-p-exercise", D0, "Walkthrough / running+exercise", "P(exercise) = 287 / 45,000", RX_IN, "0.006",
     "probability", {**RX, "which": "y"})
_rec("000-wt-re-p-both", D0, "Walkthrough / running+exercise", "P(both) = 189 / 45,000", RX_IN, "0.004",
     "probability", {**RX, "which": "xy"})
_rec("000-wt-re-ratio", D0, "Walkthrough / running+exercise", "P(both) / (P(r) P(e))", RX_IN, "95.2",
     "pmi_ratio", RX, alternatives=(RX_ROUND,))
_rec("000-wt-re-pmi", D0, "Walkthrough / running+exercise", "PMI = log(95.2)", RX_IN, "4.56", "pmi", RX,
     alternatives=(RX_ROUND,))
_rec("000-wt-re-neglog", D0, "Walkthrough / running+exercise", "-log P(both) = -log(0.004)", RX_IN, "5.52",
     "neg_log_joint", RX, alternatives=(RX_ROUND,))
_rec("000-wt-re-npmi", D0, "Walkthrough / running+exercise", "NPMI = 4.56 / 5.52", RX_IN, "0.83", "npmi", RX,
     alternatives=(RX_ROUND,))

RR = {"c_xy": 42, "c_x": 312, "c_y": 156, "n": 45_000}
RR_IN = "c(running) = 312, c(routine) = 156, c(both) = 42, N = 45,000 windows"
RR_ROUND = _alt("rounding", "probabilities 0.0009, 0.007, 0.003",
                {"p_xy": "0.0009", "p_x": "0.007", "p_y": "0.003"},
                uses=("000-wt-rr-p-running", "000-wt-rr-p-routine", "000-wt-rr-p-both"))
_rec("000-wt-rr-p-running", D0, "Walkthrough / running+routine", "P(running) = 312 / 45,000", RR_IN, "0.007",
     "probability", {**RR, "which": "x"})
_rec("000-wt-rr-p-routine", D0, "Walkthrough / running+routine", "P(routine) = 156 / 45,000", RR_IN, "0.003",
     "probability", {**RR, "which": "y"})
_rec("000-wt-rr-p-both", D0, "Walkthrough / running+routine", "P(both) = 42 / 45,000", RR_IN, "0.0009",
     "probability", {**RR, "which": "xy"})
_rec("000-wt-rr-ratio", D0, "Walkthrough / running+routine", "P(both) / (P(r) P(rt))", RR_IN, "42.9",
     "pmi_ratio", RR, alternatives=(RR_ROUND,))
_rec("000-wt-rr-pmi", D0, "Walkthrough / running+routine", "PMI = log(42.9)", RR_IN, "3.76", "pmi", RR,
     alternatives=(RR_ROUND,))
_rec("000-wt-rr-neglog", D0, "Walkthrough / running+routine", "-log P(both) = -log(0.0009)", RR_IN, "7.01",
     "neg_log_joint", RR, alternatives=(RR_ROUND,))
_rec("000-wt-rr-npmi", D0, "Walkthrough / running+routine", "NPMI = 3.76 / 7.01", RR_IN, "0.54", "npmi", RR,
     alternatives=(RR_ROUND,))

TOPICS = ("0.62", "0.51", "0.38", "0.45", "-0.08")
_rec("000-wt-topic0", D0, "Walkthrough / steps 3-4", "mean NPMI of topic 0", "2 of its 45 pair scores",
     "0.62", needs="all 45 pair NPMI scores of topic 0 (only 2 are shown), or the counts of its 10 keywords")
_rec("000-wt-topic0-label", D0, "Walkthrough / step 3", "quality label of 0.62", "0.62; the guide's table",
     "Excellent!", "quality_band", {"value": "0.62"}, cause="inconsistent with the guide's own quality table")
for _t in range(1, 5):
    _rec(f"000-wt-topic{_t}", D0, "Walkthrough / step 4", f"mean NPMI of topic {_t}", "none given", TOPICS[_t],
         needs=f"the keywords of topic {_t} and the corpus counts")
TOP_IN = "topic scores 0.62, 0.51, 0.38, 0.45, -0.08"
for _stat, _v in (("mean", "0.38"), ("median", "0.45"), ("min", "-0.08"), ("max", "0.62")):
    _rec(f"000-wt-{_stat}", D0, "Walkthrough / step 4", f"{_stat} coherence over the 5 topics", TOP_IN, _v,
         "report", {"scores": TOPICS, "stat": _stat})
_rec("000-wt-negative", D0, "Walkthrough / step 4", "topic 4 has negative coherence", "topic 4: -0.08",
     "negative coherence", "report", {"scores": TOPICS[4:], "stat": "min"}, claim=("lt", 0),
     cause="the score is not negative")

_rec("000-pit2-pairs3", D0, "Pitfall 2", "pairs for 3 keywords", "k = 3", "3", "n_pairs", {"k": 3})
_rec("000-pit2-pairs45", D0, "Pitfall 2", "pairs for 10 keywords", "k = 10", "45", "n_pairs", {"k": 10})
_rec("000-pit4-excellent", D0, "Pitfall 4", "where 'Excellent' starts", "the guide's quality table",
     "0.40", "band_edge", {"label": "Excellent"},
     cause=("inconsistent with the guide's own quality table (Excellent is > 0.30 there): "
            "two different scales in one guide"))
_rec("000-takeaway-threshold", D0, "Key takeaways / 5", "threshold for quality topics ('0.3+ is good')",
     "the guide's quality table", "0.3", "band_edge", {"label": "Excellent"},
     note="The table's top band starts above 0.30 (it calls 0.15-0.30 'Good').")

# ======================================================== 001 Portuguese note
CE = {"c_xy": 4, "c_x": 7, "c_y": 4, "n": 684}
CE_IN = "Tabela 1: 'canção' in 7, 'exílio' in 4, both in 4 of 684 documents"
_rec("001-px-example", D1, "§1 texto", "P(x) = 25/100", "x in 25 of 100 documents", "0,25", "expr",
     {"expr": ("div", "25", "100")})
_rec("001-t1-cancao", D1, "Tabela 1", "P('canção')", CE_IN, "7/684", "probability", {**CE, "which": "x"},
     note="teachkit.probabilities_from_counts also checks that the three counts are mutually possible.")
_rec("001-t1-exilio", D1, "Tabela 1", "P('exílio')", CE_IN, "4/684", "probability", {**CE, "which": "y"})
_rec("001-t1-both", D1, "Tabela 1", "P('canção', 'exílio')", CE_IN, "4/684", "probability",
     {**CE, "which": "xy"})
_rec("001-eq2-pmi", D1, "Equação 2", "PMI('canção', 'exílio') in bits", CE_IN, "6,610", "pmi",
     {**CE, "base": 2}, note="log2((4/684) / ((4/684)(7/684))) = log2(684/7).")
_rec("001-eq4-pmi", D1, "Equação 4 (numerator)", "PMI used in the NPMI", CE_IN, "6,601", "pmi",
     {**CE, "base": 2}, cause="typo", note="Equation 2 prints 6,610 for the same quantity.")
_rec("001-eq4-npmi", D1, "Equação 4", "NPMI('canção', 'exílio')", CE_IN, "0,891", "npmi", CE,
     alternatives=(_alt("diagnostic", "dividing the mistyped 6,601 by -log2(4/684) = 7.418",
                        {"expr": ("div", "6.601", "7.417852514885898")}, recipe="expr",
                        cause="typo carried over"),),
     note="With the mistyped 6,601 the result would be 6.601 / 7.418 = 0.890: the printed 0,891 comes from the "
          "correct PMI.")
_rec("001-claim-always", D1, "§2 texto", "P('canção' | 'exílio') ('sempre que exílio ocorre, canção também')",
     CE_IN, "sempre", "conditional", {**CE, "given": "y"}, claim=("eq", "1"),
     cause="some documents with 'exílio' lack 'canção'")
_rec("001-claim-converse", D1, "§2 texto", "P('exílio' | 'canção') ('não necessariamente o contrário')",
     CE_IN, "não necessariamente", "conditional", {**CE, "given": "x"}, claim=("lt", "1"),
     cause="every document with 'canção' also has 'exílio'")
_rec("001-range-never", D1, "§2 texto", "NPMI of words that never co-occur",
     "counts of Tabela 1 with c(both) = 0", "-1", "npmi", {"c_xy": 0, "c_x": 7, "c_y": 4, "n": 684})
_rec("001-range-always", D1, "§2 texto", "NPMI of words that always co-occur",
     "c(x) = c(y) = c(both) = 4 of 684", "1", "npmi", {"c_xy": 4, "c_x": 4, "c_y": 4, "n": 684})

# ======================================================= 003 perplexity notebook
TRAIN = ("Alice", "wonders", "what", "is", "happening", "in", "Wonderland")
UNSEEN = ("Alice", "dreams", "about", "Wonderland")
PER_TOKEN = _alt("convention", "when the log-probabilities of the N - 1 bigrams are divided by the N tokens "
                 "(per='token'), as the notebook's code does", {"per": "token"},
                 short="per token (N - 1 log-probabilities divided by N)")
PP_STANDARD = "per prediction: divide by the number of bigrams scored, as nltk.lm does"
PP_NOTE = ("The notebook's formula sums over N words, but its code scores only the N - 1 bigrams and still "
           "divides by N, which amounts to giving the first word probability 1.")
_rec("003-perplexity-seen", D3, "cell 0e56267a output", "perplexity of the training sentence",
     "bigram model, Laplace α = 1, V = 7, trained and tested on 'Alice wonders what is happening in Wonderland'",
     "3.2813414240305514", "perplexity", {"train": TRAIN, "test": TRAIN}, alternatives=(PER_TOKEN,),
     standard=PP_STANDARD, note=PP_NOTE)
_rec("003-perplexity-unseen", D3, "cell 0e658490 output", "perplexity of the unseen sentence",
     "same model, tested on 'Alice dreams about Wonderland'", "4.449605586254059", "perplexity",
     {"train": TRAIN, "test": UNSEEN}, alternatives=(PER_TOKEN,), standard=PP_STANDARD, note=PP_NOTE)
_rec("003-claim-higher", D3, "Conclusion", "unseen minus seen perplexity ('higher for the unseen sequence')",
     "the two test sentences", "higher", "perplexity_difference",
     {"train": TRAIN, "test": UNSEEN, "baseline": TRAIN}, claim=("gt", 0),
     note="Holds per prediction (7.32 vs 4.00) as well as per token (4.45 vs 3.28).",
     cause="the unseen sentence is not more perplexing")

# ===================================================== 004 semantic metrics
S = (("1.00", "0.85", "0.82"), ("0.85", "1.00", "0.88"), ("0.82", "0.88", "1.00"))
WORDS = ("machine", "learning", "algorithm")
S_IN = "cosines machine-learning 0.85, machine-algorithm 0.82, learning-algorithm 0.88; threshold 0.3, d = 0.85"
DOC_LAMBDA = ("0.32", "0.36", "0.32")
LAMBDA_IDS = ("004-pr-machine", "004-pr-learning", "004-pr-algorithm")
EMB = "the full 384-dimensional embeddings (the document shows 4 of the 384 components)"
_short_w = ("m", "l", "a")

for (_i, _j), _v in (((0, 1), "0.85"), ((0, 2), "0.82"), ((1, 2), "0.88")):
    _rec(f"004-sim-{_short_w[_i]}{_short_w[_j]}", D4, "Ex. 1 / step 2", f"cos({WORDS[_i]}, {WORDS[_j]})",
         "embeddings (4 of 384 components shown)", _v, needs=EMB)
for (_i, _j) in ((0, 1), (0, 2), (1, 2)):
    _rec(f"004-edge-{_short_w[_i]}{_short_w[_j]}", D4, "Ex. 1 / step 2", f"edge {WORDS[_i]}-{WORDS[_j]} kept",
         S_IN, "✓ (> 0.3)", "edge", {"similarity": S, "i": _i, "j": _j}, claim=("gt", "0.3"),
         cause="the similarity is not above the threshold")

_rec("004-pr-initial", D4, "Ex. 1 / step 3", "initial λ = 1/3", "3 keywords", "0.333", "pagerank",
     {"similarity": S, "node": 0, "iteration": 0})
for _k, _v in enumerate(("1.67", "1.73", "1.70")):
    _rec(f"004-pr-strength-{WORDS[_k]}", D4, "Ex. 1 / step 3, iteration 1",
         f"total edge weight of {WORDS[_k]}", S_IN, _v, "strength", {"similarity": S, "node": _k})

_ITER1_WRITTEN = {
    0: ("add", "0.15", ("mul", "0.85", ("div", ("add", ("mul", "0.85", "0.333"), ("mul", "0.82", "0.333")), "1.67"))),
    1: ("add", "0.15", ("mul", "0.85", ("div", ("add", ("mul", "0.85", "0.333"), ("mul", "0.88", "0.333")), "1.73"))),
    2: ("add", "0.15", ("mul", "0.85", ("div", ("add", ("mul", "0.82", "0.333"), ("mul", "0.88", "0.333")), "1.70"))),
}
for _k, _v in enumerate(("0.33", "0.35", "0.32")):
    _rec(f"004-pr-iter1-{WORDS[_k]}", D4, "Ex. 1 / step 3, iteration 1", f"λ_{WORDS[_k]} after one iteration",
         S_IN + "; start 1/3", _v, "pagerank", {"similarity": S, "node": _k, "iteration": 1},
         alternatives=(_alt("diagnostic", "evaluating the document's own bracket (jump term 0.15 instead of "
                            "0.15/3, divided by the node's own total weight)",
                            {"expr": _ITER1_WRITTEN[_k]}, recipe="expr"),),
         cause=("arithmetic: neither one PageRank step from 1/3 (teachkit.centrality, as networkx) nor the "
                "document's own written expression gives this number"))
for _k, _v in enumerate(("0.32", "0.36", "0.32")):
    _rec(LAMBDA_IDS[_k], D4, "Ex. 1 / step 3, converged (and 'Importance Scores')", f"λ_{WORDS[_k]} (PageRank)",
         S_IN, _v, "pagerank", {"similarity": S, "node": _k},
         alternatives=(_alt("diagnostic", "keeping each word's self-similarity 1 as a self-loop",
                            {"self_loops": True}),),
         cause="arithmetic: not what PageRank converges to on this graph (networkx agrees with teachkit.centrality)")
_rec("004-pr-top", D4, "Ex. 1 / step 3", "keyword with the highest λ", S_IN, "(highest centrality)",
     "pagerank_top", {"similarity": S, "words": WORDS}, read_as="learning",
     cause="another keyword is more central")

_rec("004-sdirect-diag", D4, "Ex. 1 / step 4, S_direct", "S_direct diagonal (cos of a word with itself)",
     "definition of cosine", "1.00", "sc", {"similarity": S, "part": "direct", "i": 0, "j": 0})
_TERMS = {
    "01": (("1.00", "0.85", "0.85"), ("0.85", "1.00", "0.85"), ("0.82", "0.88", "0.72")),
    "02": (("1.00", "0.82", "0.82"), ("0.85", "0.88", "0.75"), ("0.82", "1.00", "0.82")),
    "12": (("0.85", "0.82", "0.70"), ("1.00", "0.88", "0.88"), ("0.88", "1.00", "0.88")),
}
for _ij, _terms in _TERMS.items():
    for _t, (_a, _b, _v) in enumerate(_terms, start=1):
        _rec(f"004-sind-{_ij}-term{_t}", D4, f"Ex. 1 / step 4, S_indirect[{_ij[0]},{_ij[1]}]",
             f"term {_t}: {_a} × {_b}", f"{_a} and {_b} (entries of S_direct)", _v, "expr",
             {"expr": ("mul", _a, _b)})
for (_i, _j), _v in (((0, 1), "0.81"), ((0, 2), "0.80"), ((1, 2), "0.82")):
    _rec(f"004-sind-{_i}{_j}", D4, f"Ex. 1 / step 4, S_indirect[{_i},{_j}] (and matrix)",
         f"S_indirect[{_i},{_j}] = (S·S)[{_i},{_j}] / 3", S_IN, _v, "sc",
         {"similarity": S, "part": "indirect", "i": _i, "j": _j, "indirect_diagonal": "computed"})
DIAG_ONE = ("with the diagonal of S_indirect set to 1 (self-similarity), i.e. semantic_coherence's "
            "indirect_diagonal='one', as the document's matrices show")
DIAG_STANDARD = "S_indirect = S_direct·S_direct / 3 as the document writes it, diagonal Σ_k S[i,k]² / 3"
for _k in range(3):
    _rec(f"004-sind-{_k}{_k}", D4, "Ex. 1 / step 4, S_indirect matrix", f"S_indirect[{_k},{_k}] (diagonal)",
         S_IN, "1.00", "sc", {"similarity": S, "part": "indirect", "i": _k, "j": _k, "indirect_diagonal": "computed"},
         alternatives=(_alt("convention", DIAG_ONE, {"indirect_diagonal": "one"}, short="with S_indirect's diagonal set to 1"),), standard=DIAG_STANDARD,
         note="The document states the formula but does not say it resets the diagonal.")

_SH = {(0, 1): ("0.85", "0.81", "0.595", "0.243", "0.838"), (0, 2): ("0.82", "0.80", "0.574", "0.240", "0.814"),
       (1, 2): ("0.88", "0.82", "0.616", "0.246", "0.862")}
for (_i, _j), (_sd, _si, _pd, _pi, _tot) in _SH.items():
    _loc = f"Ex. 1 / step 4, S_hierarchical[{_i},{_j}]"
    _rec(f"004-shier-{_i}{_j}-direct", D4, _loc, f"0.7 × S_direct[{_i},{_j}]", f"0.7 and {_sd}", _pd, "expr",
         {"expr": ("mul", "0.7", _sd)})
    _rec(f"004-shier-{_i}{_j}-indirect", D4, _loc, f"0.3 × S_indirect[{_i},{_j}]", S_IN, _pi, "sc",
         {"similarity": S, "part": "indirect", "i": _i, "j": _j, "scale": "0.3"},
         alternatives=(_alt("rounding", f"S_indirect[{_i},{_j}] = {_si}", {"expr": ("mul", "0.3", _si)},
                            recipe="expr", uses=(f"004-sind-{_i}{_j}",)),))
    _rec(f"004-shier-{_i}{_j}", D4, _loc + " (and matrix)", f"S_hierarchical[{_i},{_j}]", S_IN, _tot, "sc",
         {"similarity": S, "part": "hierarchical", "i": _i, "j": _j},
         alternatives=(_alt("rounding", f"S_indirect[{_i},{_j}] = {_si}",
                            {"expr": ("add", ("mul", "0.7", _sd), ("mul", "0.3", _si))}, recipe="expr",
                            uses=(f"004-sind-{_i}{_j}",)),))
for _k in range(3):
    _rec(f"004-shier-{_k}{_k}", D4, "Ex. 1 / step 4, S_hierarchical matrix", f"S_hierarchical[{_k},{_k}]",
         S_IN, "1.000", "sc",
         {"similarity": S, "part": "hierarchical", "i": _k, "j": _k, "indirect_diagonal": "computed"},
         alternatives=(_alt("convention", DIAG_ONE, {"indirect_diagonal": "one"}, short="with S_indirect's diagonal set to 1"),), standard=DIAG_STANDARD)

_PAIRS = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))
_I_PRINTED = {(0, 0): "0.102", (0, 1): "0.115", (0, 2): "0.102", (1, 1): "0.130", (1, 2): "0.115", (2, 2): "0.102"}
_W_PRINTED = {(0, 0): "0.102", (0, 1): "0.096", (0, 2): "0.083", (1, 1): "0.130", (1, 2): "0.099", (2, 2): "0.102"}
DOC_LAMBDA_LABEL = "λ = (0.32, 0.36, 0.32) the document printed"
for (_i, _j) in _PAIRS:
    _rec(f"004-imp-{_i}{_j}", D4, "Ex. 1 / step 5, importance I", f"I[{_i},{_j}] = λ_{WORDS[_i]} λ_{WORDS[_j]}",
         S_IN + " (λ by PageRank)", _I_PRINTED[_i, _j], "sc", {"similarity": S, "part": "importance", "i": _i, "j": _j},
         alternatives=(_alt("carried", DOC_LAMBDA_LABEL, {"weights": DOC_LAMBDA}, uses=LAMBDA_IDS),))
for (_i, _j) in _PAIRS:
    _rec(f"004-wsim-{_i}{_j}", D4, "Ex. 1 / step 5, weighted sims", f"S_hierarchical[{_i},{_j}] × I[{_i},{_j}]",
         S_IN, _W_PRINTED[_i, _j], "sc",
         {"similarity": S, "part": "weighted", "i": _i, "j": _j, "indirect_diagonal": "computed"},
         alternatives=(_alt("convention", DIAG_ONE, {"indirect_diagonal": "one"}, short="with S_indirect's diagonal set to 1"),
                       _alt("carried", DOC_LAMBDA_LABEL + " (and the diagonal set to 1)",
                            {"weights": DOC_LAMBDA, "indirect_diagonal": "one"}, uses=LAMBDA_IDS,
                            short="with S_indirect's diagonal set to 1")),
         standard=DIAG_STANDARD + "; λ by PageRank")
_W_IDS = tuple(f"004-wsim-{i}{j}" for i, j in _PAIRS)
_ALL9 = ((0, 0), (0, 1), (0, 2), (0, 1), (1, 1), (1, 2), (0, 2), (1, 2), (2, 2))
_rec("004-sc-numerator", D4, "Ex. 1 / step 6", "Σ weighted similarities", S_IN, "0.890", "sc",
     {"similarity": S, "part": "numerator", "indirect_diagonal": "computed"},
     # The entries' λ errors cancel in the sum (0.8923 with the document's λ, 0.8917 with PageRank's, both with
     # the diagonal set to 1): what is left is the diagonal convention and the rounding of the nine entries.
     alternatives=(_alt("convention", DIAG_ONE, {"indirect_diagonal": "one"}, short="with S_indirect's diagonal set to 1"),
                   _alt("convention", DIAG_ONE + ", its nine weighted entries rounded to three decimals before "
                        "they are summed (as the document prints them)",
                        {"expr": ("add",) + tuple(_W_PRINTED[p] for p in _ALL9)}, recipe="expr", uses=_W_IDS,
                        short="with S_indirect's diagonal set to 1 and the entries rounded before summing")),
     standard=DIAG_STANDARD + "; λ by PageRank",
     note="With the diagonal set to 1 the numerator barely depends on λ: 0.8923 with the document's λ, 0.8917 "
          "with PageRank's; the document's 0.890 is the sum of its nine entries rounded to three decimals.")
_rec("004-sc-denominator", D4, "Ex. 1 / step 6", "Σ I", S_IN, "0.998", "sc", {"similarity": S, "part": "denominator"},
     alternatives=(_alt("rounding", "importance entries 0.102, 0.115, 0.130 (summed correctly)",
                        {"expr": ("add",) + tuple(_I_PRINTED[p] for p in _ALL9)}, recipe="expr",
                        uses=tuple(f"004-imp-{i}{j}" for i, j in _PAIRS)),),
     note="Σ I = (Σ λ)² = 1 for any λ that sums to 1, the document's (0.32, 0.36, 0.32) included.")
SC_ALTS = (_alt("convention", DIAG_ONE, {"indirect_diagonal": "one"}, short="with S_indirect's diagonal set to 1"),
           _alt("carried", DOC_LAMBDA_LABEL + " (and the diagonal set to 1)",
                {"weights": DOC_LAMBDA, "indirect_diagonal": "one"}, uses=LAMBDA_IDS))
SC_NOTE = ("SC barely depends on λ: with the document's λ and the diagonal set to 1 it is 0.8923, "
           "with PageRank's λ 0.8917.")
for _id, _loc in (("004-sc", "Ex. 1 / step 6 (and interpretation)"), ("004-cmp-sc", "Ex. 4 / comparison table"),
                  ("004-summary-sc", "Summary table")):
    _rec(_id, D4, _loc, "semantic coherence SC(T1)", S_IN, "0.892", "sc",
         {"similarity": S, "part": "score", "indirect_diagonal": "computed"}, alternatives=SC_ALTS,
         standard=DIAG_STANDARD + "; λ by PageRank", note=SC_NOTE)

# Example 2 and 3: topic vectors, distinctiveness, diversity.
EXCERPTS = (("0.12", "-0.34", "0.21", "0.56"), ("0.15", "-0.29", "0.18", "0.61"), ("0.18", "-0.31", "0.19", "0.58"))
_COMP = ("1st", "2nd", "3rd", "last")
for _c, _v in enumerate(("0.150", "-0.313", "0.193", "0.583")):
    _rec(f"004-et1-{_c}", D4, "Ex. 2 / step 1 (and Ex. 3 / step 1)", f"e_T1, {_COMP[_c]} shown component",
         "the shown components of e_machine, e_learning, e_algorithm", _v, "topic_vector",
         {"vectors": EXCERPTS, "component": _c})
for _name, _vals, _ex in (("et2", ("-0.045", "0.182", "-0.267", "0.124"), "Ex. 2 / step 1 (and Ex. 3 / step 1)"),
                          ("et3", ("0.138", "-0.295", "0.175", "0.571"), "Ex. 3 / step 1")):
    _topic = "quantum, physics, particle" if _name == "et2" else "neural, network, training"
    for _c, _v in enumerate(_vals):
        _rec(f"004-{_name}-{_c}", D4, _ex, f"e_T{_name[-1]}, {_COMP[_c]} shown component", "none given", _v,
             needs=f"the embeddings of {_topic}")
_rec("004-dot-t1t2", D4, "Ex. 2 / step 2", "e_T1 · e_T2", "two of 384 components of each", "0.245",
     needs="all 384 components of e_T1 and e_T2")
_rec("004-norm-t1", D4, "Ex. 2 / step 2", "||e_T1||", "keyword cosines 0.85, 0.82, 0.88 (unit embeddings)",
     "1.000", "mean_norm", {"cosines": ("0.85", "0.82", "0.88")},
     cause=("formula applied differently: a mean of unit vectors is shorter than 1 (its squared length is the mean "
            "of their cosine matrix, 0.9); '(normalized)' does not fit the plain-mean components printed above it"),
     note="Assumes the keyword embeddings have length 1, as all-MiniLM-L6-v2 returns them.")
_rec("004-norm-t2", D4, "Ex. 2 / step 2", "||e_T2||", "none given", "1.000",
     needs=("the cosines among the embeddings of quantum, physics, particle (a mean of three different unit "
            "vectors is shorter than 1, so 1.000 is unlikely)"))
TC = (("1.000", "0.245", "0.782"), ("0.245", "1.000", "0.198"), ("0.782", "0.198", "1.000"))
TC_IN = "topic cosines T1-T2 0.245, T1-T3 0.782, T2-T3 0.198"
_rec("004-cos-t1t2", D4, "Ex. 2 / step 2", "cos(T1, T2) = 0.245 / (1.000 × 1.000)",
     "dot product 0.245; ||e_T1|| from the keyword cosines; ||e_T2|| <= 1", "0.245", "cosine_bounds",
     {"dot": "0.245", "cosines_first": ("0.85", "0.82", "0.88")},
     cause="carried over from ||e_T1|| = 1.000 (004-norm-t1): the dot product was divided by norms of 1",
     note=("Either the dot product or the cosine is misreported; the rest of the document uses 0.245 as the cosine, "
           "and the later records take it as given."))
_rec("004-sd-numerator", D4, "Ex. 2 / step 3", "1 - cos(T1, T2)", "cos 0.245", "0.755", "expr",
     {"expr": ("sub", "1", "0.245")})
_rec("004-sd-t1t2", D4, "Ex. 2 / step 3 (and interpretation)", "SD(T1, T2) = 0.755 / 2", TC_IN, "0.378",
     "distinctiveness", {"similarity": TC, "i": 0, "j": 1}, note="0.3775 rounds half up to 0.378.")
_rec("004-sd-range-identical", D4, "Ex. 2 / step 3", "SD of identical topics ('0 = identical')", "cos = 1",
     "0", "distinctiveness", {"similarity": (("1", "1"), ("1", "1")), "i": 0, "j": 1})
_rec("004-sd-range-opposite", D4, "Ex. 2 / step 3", "SD of opposite topics ('1 = completely different')",
     "cos = -1", "1", "distinctiveness", {"similarity": (("1", "-1"), ("-1", "1")), "i": 0, "j": 1})
for _name, _v in (("t1t3", "0.782"), ("t2t3", "0.198")):
    _rec(f"004-cos-{_name}", D4, "Ex. 2 / step 4 (and Ex. 3 matrix)", f"cos({_name[:2].upper()}, {_name[2:].upper()})",
         "none given", _v, needs="the topic vectors (all 384 components)")
for _k in range(3):
    _rec(f"004-sdm-{_k}{_k}", D4, "Ex. 2 / step 4, SD matrix", f"SD(T{_k + 1}, T{_k + 1}) (diagonal)",
         f"cos(T{_k + 1}, T{_k + 1}) = 1", "0.500", "distinctiveness", {"similarity": TC, "i": _k, "j": _k},
         alternatives=(_alt("diagnostic", "computing (1 - 0)/2, as if a topic had cosine 0 with itself",
                            {"expr": ("div", ("sub", "1", "0"), "2")}, recipe="expr",
                            cause="formula applied differently"),))
for (_i, _j), _v in (((0, 1), "0.378"), ((0, 2), "0.109"), ((1, 2), "0.401")):
    _rec(f"004-sdm-{_i}{_j}", D4, "Ex. 2 / step 4, SD matrix (and interpretation)", f"SD(T{_i + 1}, T{_j + 1})",
         TC_IN, _v, "distinctiveness", {"similarity": TC, "i": _i, "j": _j})
_rec("004-sdavg-sum", D4, "Ex. 2 / step 4, average", "sum of the 3 pair SDs", TC_IN, "0.888", "distinctiveness",
     {"similarity": TC, "scale": 3}, note="0.3775 + 0.109 + 0.401 = 0.8875, which rounds half up to 0.888.")
_rec("004-sdavg", D4, "Ex. 2 / step 4, average (and interpretation)", "SD_avg", TC_IN, "0.296", "distinctiveness",
     {"similarity": TC})
_rec("004-sd-most-distinct", D4, "Ex. 2 / interpretation", "most distinct pair", TC_IN,
     "T2 and T3 are most distinct", "distinctiveness_extreme", {"similarity": TC, "labels": ("T1", "T2", "T3")},
     read_as="T2, T3", cause="another pair is more distinct")
_rec("004-sd-most-similar", D4, "Ex. 2 / interpretation", "most similar pair", TC_IN,
     "T1 and T3 are very similar", "distinctiveness_extreme",
     {"similarity": TC, "labels": ("T1", "T2", "T3"), "which": "min"}, read_as="T1, T3",
     cause="another pair is more similar")

ASSIGN = (0, 0, 1, 0, 2, 2, 1, 2, 0, 1)
DIV = {"similarity": TC, "assignments": ASSIGN}
DIV_IN = "topic ids of D1..D10: 0, 0, 1, 0, 2, 2, 1, 2, 0, 1; " + TC_IN
_rec("004-ex3-s-diag", D4, "Ex. 3 / step 2, S matrix", "cos(T, T) (diagonal)", "definition of cosine", "1.000",
     "topic_cosine", {"similarity": TC, "i": 0, "j": 0})
for (_i, _j), _v in (((0, 1), "0.378"), ((0, 2), "0.109"), ((1, 2), "0.401")):
    _rec(f"004-div-{_i}{_j}", D4, "Ex. 3 / step 4", f"Div(T{_i + 1}, T{_j + 1}) = (1 - sim)/2", TC_IN, _v,
         "distinctiveness", {"similarity": TC, "i": _i, "j": _j})
_rec("004-semdiv-semantic-sum", D4, "Ex. 3 / step 5", "sum of the 3 pair diversities", TC_IN, "0.888",
     "diversity", {**DIV, "part": "semantic", "scale": "3"})
_rec("004-semdiv-semantic", D4, "Ex. 3 / step 5 (and step 7)", "SemDiv_semantic", TC_IN, "0.296", "diversity",
     {**DIV, "part": "semantic"})
for _k, _v in enumerate(("4", "3", "3")):
    _rec(f"004-count-t{_k + 1}", D4, "Ex. 3 / step 6, topic counts", f"documents of T{_k + 1}", DIV_IN, _v,
         "diversity", {**DIV, "part": "counts", "index": _k})
_rec("004-count-total", D4, "Ex. 3 / step 6, topic counts", "documents in all", DIV_IN, "10", "diversity",
     {**DIV, "part": "n_documents"})
for _k, _v in enumerate(("0.40", "0.30", "0.30")):
    _rec(f"004-prop-t{_k + 1}", D4, "Ex. 3 / step 6, proportions", f"P_T{_k + 1}", DIV_IN, _v, "diversity",
         {**DIV, "part": "proportions", "index": _k})
_rec("004-log-040", D4, "Ex. 3 / step 6, entropy", "log(0.40) (natural log)", "0.40", "-0.916", "log", {"x": "0.40"})
_rec("004-log-030", D4, "Ex. 3 / step 6, entropy (twice)", "log(0.30) (natural log)", "0.30", "-1.204", "log",
     {"x": "0.30"})
_rec("004-term-040", D4, "Ex. 3 / step 6, entropy", "0.40 × log(0.40)", DIV_IN, "-0.366", "diversity",
     {**DIV, "part": "entropy_terms", "index": 0},
     alternatives=(_alt("rounding", "log(0.40) = -0.916", {"expr": ("mul", "0.40", "-0.916")}, recipe="expr",
                        uses=("004-log-040",)),),
     note="0.40 × -0.9163 = -0.3665, which rounds to -0.367.")
_rec("004-term-030", D4, "Ex. 3 / step 6, entropy (twice)", "0.30 × log(0.30)", DIV_IN, "-0.361", "diversity",
     {**DIV, "part": "entropy_terms", "index": 1})
_rec("004-entropy", D4, "Ex. 3 / step 6, entropy", "H(T)", DIV_IN, "1.088", "diversity", {**DIV, "part": "entropy"},
     alternatives=(_alt("rounding", "terms -0.366, -0.361, -0.361", {"expr": ("add", "0.366", "0.361", "0.361")},
                        recipe="expr", uses=("004-term-040", "004-term-030")),))
_rec("004-entropy-max", D4, "Ex. 3 / step 6, normalized", "H_max = log(3)", "3 topics", "1.099", "diversity",
     {**DIV, "part": "max_entropy"})
_rec("004-div-distribution", D4, "Ex. 3 / step 6 (and step 7)", "Div_distribution = H / H_max", DIV_IN, "0.990",
     "diversity", {**DIV, "part": "distribution"},
     alternatives=(_alt("rounding", "H = 1.088 and H_max = 1.099", {"expr": ("div", "1.088", "1.099")},
                        recipe="expr", uses=("004-entropy", "004-entropy-max")),))
_rec("004-semdiv-a", D4, "Ex. 3 / step 7", "α × SemDiv_semantic = 0.5 × 0.296", DIV_IN, "0.148", "diversity",
     {**DIV, "part": "semantic", "scale": "0.5"})
_rec("004-semdiv-b", D4, "Ex. 3 / step 7", "β × Div_distribution = 0.5 × 0.990", DIV_IN, "0.495", "diversity",
     {**DIV, "part": "distribution", "scale": "0.5"},
     alternatives=(_alt("rounding", "Div_distribution = 0.990", {"expr": ("mul", "0.5", "0.990")}, recipe="expr",
                        uses=("004-div-distribution",)),))
_rec("004-semdiv", D4, "Ex. 3 / step 7 (and interpretation)", "SemDiv_overall (α = β = 0.5)", DIV_IN, "0.643",
     "diversity", {**DIV, "part": "score"},
     note="Exactly 0.5 × 0.29583 + 0.5 × 0.99116 = 0.64350: holds, though close to the rounding edge.")

ML = {"c_xy": 450, "c_x": 1200, "c_y": 1500, "n": 10_000}
ML_IN = "machine & learning in 450, machine in 1200, learning in 1500 of 10,000 documents"
_rec("004-npmi-p-joint", D4, "Ex. 4 / NPMI", "P(machine, learning)", ML_IN, "0.045", "probability",
     {**ML, "which": "xy"})
_rec("004-npmi-p-machine", D4, "Ex. 4 / NPMI", "P(machine)", ML_IN, "0.12", "probability", {**ML, "which": "x"})
_rec("004-npmi-p-learning", D4, "Ex. 4 / NPMI", "P(learning)", ML_IN, "0.15", "probability", {**ML, "which": "y"})
_rec("004-npmi-expected", D4, "Ex. 4 / NPMI", "P(machine) × P(learning)", "0.12 × 0.15", "0.018", "expr",
     {"expr": ("mul", "0.12", "0.15")})
_rec("004-npmi-ratio", D4, "Ex. 4 / NPMI", "0.045 / 0.018", ML_IN, "2.5", "pmi_ratio", ML)
_rec("004-npmi-pmi", D4, "Ex. 4 / NPMI", "PMI = log(2.5) (natural log)", ML_IN, "0.916", "pmi", ML)
_rec("004-npmi-neglog", D4, "Ex. 4 / NPMI", "-log(0.045)", ML_IN, "3.101", "neg_log_joint", ML)
_rec("004-npmi", D4, "Ex. 4 / NPMI (and 'Statistical Coherence')", "NPMI(machine, learning)", ML_IN, "0.295",
     "npmi", ML)
_rec("004-cmp-npmi", D4, "Ex. 4 / comparison table", "NPMI (statistical)", ML_IN, "0.295", "npmi", ML)
_rec("004-summary-sd", D4, "Summary table", "SD example value", TC_IN, "0.378", "distinctiveness",
     {"similarity": TC, "i": 0, "j": 1})
_rec("004-summary-semdiv", D4, "Summary table", "SemDiv example value", DIV_IN, "0.643", "diversity",
     {**DIV, "part": "score"})
_rec("004-discrimination", D4, "Key takeaways / 4", "'better discrimination power' of semantic metrics",
     "none given", "6.12×", needs="the experiment behind it (which topics, which discrimination measure)")

#: Every record, in document order.
RECORDS = tuple(_R)
del _R


def records(document=None):
    """The records of one document (a file name), or all of them."""
    return [r for r in RECORDS if document is None or r.document == document]


def _check_ids():
    seen = set()
    for r in RECORDS:
        if r.id in seen:
            raise AssertionError(f"duplicate record id {r.id}")
        seen.add(r.id)


_check_ids()


# ============================================ the documents' data, as the other modules use it
# Built from the records above, so each number of the documents is written once, here.
def printed_value(record_id):
    """A record's printed number as a float ("-0.313" -> -0.313); its precision is in the string."""
    record = next((r for r in RECORDS if r.id == record_id), None)
    if record is None:
        raise KeyError(f"no record {record_id!r} in teachkit.documents.catalogue")
    return float((record.read_as or record.printed).replace("−", "-").replace(",", ""))


def _floats(matrix):
    return tuple(tuple(float(x) for x in row) for row in matrix)


def _printed(*ids):
    return tuple(printed_value(i) for i in ids)


def _printed_matrix(prefix, suffix=""):
    return tuple(tuple(printed_value(f"{prefix}-{min(i, j)}{max(i, j)}{suffix}") for j in range(3)) for i in range(3))


#: The inputs of the semantic-metrics document (its examples 1-3), as numbers.
SEMANTIC_EXAMPLE = MappingProxyType({
    # Example 1: semantic coherence of topic T1.
    "words": WORDS,
    "similarity": _floats(S),
    "threshold": 0.3,
    "damping": 0.85,
    "direct_weight": 0.7,
    "indirect_weight": 0.3,
    # The λ the document prints and then uses downstream (not PageRank's).
    "weights": tuple(float(x) for x in DOC_LAMBDA),
    # The first three and the last of the 384 embedding components it shows.
    "embedding_excerpts": MappingProxyType({w: tuple(float(x) for x in e) for w, e in zip(WORDS, EXCERPTS)}),
    # Examples 2-3: three topics, their cosines, and ten documents' topics.
    "topics": (WORDS, ("quantum", "physics", "particle"), ("neural", "network", "training")),
    "topic_labels": ("T1", "T2", "T3"),
    "topic_similarity": _floats(TC),
    "assignments": ASSIGN,
    "alpha": 0.5,
    "beta": 0.5,
})

#: What the semantic-metrics document prints for each step, right or wrong (the verdicts are
#: teachkit.documents.check's).  Matrices are row by row.
SEMANTIC_PRINTED = MappingProxyType({
    "iteration_1": _printed(*(f"004-pr-iter1-{w}" for w in WORDS)),
    "iteration_1_as_written": printed_value("004-pr-iter1-machine"),
    "weights": _printed(*LAMBDA_IDS),
    "indirect": _printed_matrix("004-sind"),
    "hierarchical": _printed_matrix("004-shier"),
    "importance": _printed_matrix("004-imp"),
    "weighted": _printed_matrix("004-wsim"),
    "numerator": printed_value("004-sc-numerator"),
    "denominator": printed_value("004-sc-denominator"),
    "coherence": printed_value("004-sc"),
    "topic_vector_excerpts": MappingProxyType({
        f"T{t}": _printed(*(f"004-et{t}-{c}" for c in range(4))) for t in (1, 2, 3)}),
    "topic_vector_norm": printed_value("004-norm-t1"),
    "distinctiveness_pair": printed_value("004-sd-t1t2"),
    "distinctiveness": _printed_matrix("004-sdm"),
    "distinctiveness_mean": printed_value("004-sdavg"),
    "proportions": _printed("004-prop-t1", "004-prop-t2", "004-prop-t3"),
    "log_proportions": _printed("004-log-040", "004-log-030", "004-log-030"),
    "entropy_terms": _printed("004-term-040", "004-term-030", "004-term-030"),
    "entropy": printed_value("004-entropy"),
    "max_entropy": printed_value("004-entropy-max"),
    "distribution": printed_value("004-div-distribution"),
    "semantic": printed_value("004-semdiv-semantic"),
    "diversity": printed_value("004-semdiv"),
})

#: The perplexity notebook's sentences (tokens exactly as the notebook has them) and what it printed
#: (BigramLM(PERPLEXITY_TRAINING) with per="token").
PERPLEXITY_TRAINING = TRAIN
PERPLEXITY_UNSEEN = UNSEEN
PERPLEXITY_PRINTED = MappingProxyType({
    "training text": printed_value("003-perplexity-seen"),
    "unseen text": printed_value("003-perplexity-unseen"),
})
