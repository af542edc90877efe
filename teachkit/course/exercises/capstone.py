"""The capstone (notebook 10): a student's evaluation report on their own draw, checked without giving a value away.

The student evaluates LDA topic models of a real corpus (gensim's Lee background corpus, 300 news articles, with
the course's preprocessing) end to end and writes a report: a plain dict holding

* the **draw** (``draw``): the number of the student's own data, stamped into their notebook by a class release
  (derived from their id under the course secret, as the exercise variants are, and chosen with the class list
  so that no two students of a class share a triple of seeds: :func:`class_draws`; 0 in the notebook as written).
  :func:`draw` turns it into the student's own three training seeds out of a pool of :data:`POOL`, their own
  share of the rated topics and their own bootstrap seed, so two students' right numbers differ;
* the **choices**: the Ks compared (``ks``, from :data:`KS_GRID`), the criterion that picks K (``k_criterion``,
  a column of :func:`teachkit.k_sweep`'s table), the coherence measure reported (``measure``), the reference
  corpus it is counted on (``reference``: ``"training"``, the models' own training articles, or
  ``"separate"``, gensim's ``lee.cor``), the held-out figure (``heldout``: ``"perplexity"``, exp(-bound);
  ``"doc_perplexity"``, its document part; ``"left_to_right"``, a left-to-right estimate), and the human
  judgements the measure is compared with (``human_corpus``, ``judgement``: Hoyle et al. 2021);
* the **reasons** (``reasons``): a sentence or more for each of :data:`REASONS`, each naming a number of the
  student's own results (read by the teacher; :func:`describe` lays them out for the rubric);
* the **numbers** (``numbers``), each as the student would type it, to 3 significant figures: see
  :data:`NUMBERS`.

:func:`check_report` is the student's check: per number, ✓ or ✗ and what the number depends on, nothing else.
No value that follows is kept in what it returns (no attribute, message or repr holds one).  The teacher's
grader (``tools/capstone_grading.py``) recomputes the values for the student's own draw and may show them in
the teacher's feedback.  Only teachkit's code runs: the report is data, read with :func:`ast.literal_eval`.

Examples
--------
>>> CHOICE_OPTIONS["heldout"]
('perplexity', 'doc_perplexity', 'left_to_right')
>>> check_report({"ks": [5, 10]})
Traceback (most recent call last):
...
ValueError: report is missing draw, k_criterion, measure, reference, heldout, human_corpus, judgement, reasons, numbers; see teachkit.course.exercises.capstone.TEMPLATE.
"""  # noqa: E501 (a doctest prints the whole error message on one line)

from __future__ import annotations

import functools
import html
import math
import numbers as _numbers
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from ..._checks import short_repr

if TYPE_CHECKING:
    import numpy as np

    from ...evaluation.model_selection import SweepTable

__all__ = ["NUMBERS", "CHOICE_OPTIONS", "SWEEP_SETTINGS", "TEMPLATE", "KS_GRID", "POOL", "lee_texts",
           "separate_texts", "training_texts", "heldout_texts", "draw", "Draw", "sweep", "model",
           "document_loglik", "heldout_tokens", "left_to_right_perplexity", "heldout_figure", "human_pairs",
           "describe", "check_report", "RENAMED_CHOICES", "renamed_choices", "read_report", "ReportCheck", "depends_on",
           "PRECISION", "PRECISION_TEXT", "REASONS", "RUBRIC", "cpu_tolerance", "class_draws", "CLASS_CAPACITY"]

#: The capstone notebook (its name without .ipynb): ``make grade`` checks the report it holds.
NOTEBOOK = "10_capstone"
#: Points per number of the report that follows from its choices, in ``make grade``'s gradebook.
POINTS_PER_NUMBER = 1


class _SweepSettings(TypedDict):
    """The keyword arguments of :func:`teachkit.k_sweep` that SWEEP_SETTINGS fixes, each with its type."""
    heldout: float
    split_seed: int
    no_below: int
    no_above: float
    passes: int
    iterations: int


#: How the Lee models are trained (as notebook 09's Lee sweep): fixed, so a report states only its choices.
SWEEP_SETTINGS: _SweepSettings = {"heldout": 0.2, "split_seed": 0, "no_below": 5, "no_above": 0.4, "passes": 3,
                                  "iterations": 20}
#: Words per topic that the coherence measure, the stability and the human comparison score.
TOP_N = 10
#: The Ks a report may compare: every model of KS_GRID x POOL is trained once (100 models, about 30 s).
KS_GRID = (5, 10, 15, 20, 30)
#: The seeds a draw takes its runs from, and how many runs a draw has.
POOL, RUNS = 20, 3
#: The share of the rated topics of a human corpus that is a draw's own.
HUMAN_SHARE = 0.8
#: Bootstrap resamples and level (the paired comparison's level is corrected for the Ks compared).
N_RESAMPLES, LEVEL = 1000, 0.95
#: The bootstrap seed of the notebook's own tables and exercises (a report uses its draw's bootstrap seed).
BOOTSTRAP_SEED = 0
#: Particles of the left-to-right estimate (the sequential form, no resampling: unbiased for p(w)).
LTR_PARTICLES = 20
#: What a draw's seeds are derived with (with the draw's number); fixed, so a draw is the same everywhere.
DRAW_SALT = 20261127
#: The draw of the notebook as written (the template) and of the worked example (Sam's): different seeds.
TEMPLATE_DRAW, WORKED_DRAW = 0, 7

#: What each choice may be.
CHOICE_OPTIONS = {
    "k_criterion": ("c_npmi_documents", "u_mass", "c_v", "model_score", "diversity", "perplexity"),
    "measure": ("c_npmi", "c_uci", "u_mass", "c_v"),
    "reference": ("training", "separate"),
    "heldout": ("perplexity", "doc_perplexity", "left_to_right"),
    "human_corpus": ("wikitext", "nytimes"),
    "judgement": ("rating", "intrusion"),
}
#: Older spellings of a choice, still read and named in the check's verdict on K with the spelling to write.
RENAMED_CHOICES = {"k_criterion": {"npmi": "c_npmi_documents"}}
#: The reasons a report must give, and what each justifies.
REASONS = {
    "k_criterion": "why this criterion picks K (cite its values, or its stability or paired comparison)",
    "measure": "why this coherence measure (cite its agreement with people; two measures' intervals on the "
               "same topics that overlap do not rank them: a paired test does)",
    "reference": "why this reference corpus (cite the coherence it gives)",
    "heldout": "why this held-out figure (cite it, or how it moves with K)",
    "limits": "what the numbers cannot tell (cite the spread over runs or an interval)",
}
#: Fewest words a reason may have: a sentence, not a word.
MIN_REASON_WORDS = 8
#: The rubric the teacher grades the reasons with (describe() lays the reasons out under it).
RUBRIC = (
    ("choices justified by evidence", ("k_criterion", "measure", "reference", "heldout"),
     "each choice is argued from a number of the student's own results, not from habit"),
    ("spread reported", ("coherence_low", "coherence_high", "stability", "paired_low", "paired_high",
                         "human_low", "human_high"),
     "the spread over runs and the intervals are stated and used in the argument"),
    ("limits stated", ("limits",),
     "what the numbers cannot show (few runs, a small reference corpus, an interval across zero) is said"),
)
#: The precision the report's numbers are asked for: at least 3 significant figures (0.000169, not 0.000).
PRECISION = {"min_sig_figs": 3}
#: The rule as the student reads it (its examples are none of the report's numbers).
PRECISION_TEXT = ("at least 3 significant figures (4150, 4.15e3 or 4152 for 4151.8; 0.0519 for 0.05193; "
                  "0.000169, not 0.000, for 0.00016917)")
#: The authors' automated score in Hoyle et al.'s release for each measure (top 10 words, full corpus).
HUMAN_COLUMN = {"c_npmi": "c_npmi_10_full", "c_uci": "c_uci_full", "u_mass": "u_mass_full", "c_v": "c_v_full"}

#: The numbers a report states, and what each is.
NUMBERS = {
    "k": "the K that k_criterion picks from the mean over your draw's seeds (ties to the smaller K)",
    "coherence": "the chosen measure on the reference corpus, mean over the topics of the K-topic model, "
                 "then mean over your seeds",
    "coherence_low": "the lowest seed's value of that coherence at K",
    "coherence_high": "the highest seed's value of that coherence at K",
    "stability": "the mean over pairs of your runs at K of their agreement (teachkit.greene_agreement, top 10); "
                 "read it against chance: a run's topics and another run's 50 top-word slots shuffled and "
                 "dealt to its topics, ten different words each, agree at about half of it (K = 5)",
    "heldout": "the held-out figure you chose, at K, mean over your seeds",
    "runner_up": "the other K whose held-out bound is highest (the document part, summed over the held-out "
                 "articles, mean over your seeds; ties to the smaller K): K's closest rival on the quantity the "
                 "paired comparison tests, whatever k_criterion ranks second",
    "paired_diff": "held-out bound per token at K minus at runner_up (gensim's variational bound, a lower "
                   "bound on the log-likelihood, not the log-likelihood): the sum over the held-out "
                   "articles of (document part of the bound at K) minus (the same at runner_up), each the mean "
                   "over your seeds (capstone.document_loglik), divided by the articles' tokens "
                   "(capstone.heldout_tokens); not a mean of the articles' per-token differences",
    "paired_low": "the low end of its paired percentile bootstrap interval, resampling the articles (each with "
                  "its tokens: every resample's summed differences over its summed tokens), at level "
                  "1 - 0.05 / (number of Ks - 1) (Bonferroni over K's comparisons with every other K, so "
                  "the interval still holds for the rival picked out of them after looking, as long as K "
                  "itself was not chosen on these articles: k_criterion 'perplexity' chooses it there), "
                  f"{N_RESAMPLES} resamples, your draw's bootstrap_seed; it holds the sampling of the articles "
                  "only (the seeds are averaged first): it is conditional on your trained models",
    "paired_high": "the high end of that interval",
    "human_rho": "Spearman's rho between the measure (the authors' scores) and people's judgement, over your "
                 "draw's own share of the topics of human_corpus (capstone.human_pairs)",
    "human_low": f"the low end of its 95% bootstrap interval ({N_RESAMPLES} resamples, your bootstrap_seed)",
    "human_high": "the high end of that interval",
}
#: A number whose point also needs another: a K that every draw may share earns its point with a number at it.
NEEDS = {"k": "coherence", "runner_up": "paired_diff"}

#: A report to copy and fill in (a class release writes the student's own draw in place of 0).
TEMPLATE = {
    "draw": TEMPLATE_DRAW,
    "ks": [5, 10, 20], "k_criterion": "c_npmi_documents", "measure": "c_npmi", "reference": "training",
    "heldout": "doc_perplexity", "human_corpus": "wikitext", "judgement": "rating",
    "reasons": dict.fromkeys(REASONS, ""),
    "numbers": dict.fromkeys(NUMBERS, ""),
}


# ---------------------------------------------------------------- the data
@functools.lru_cache(maxsize=1)
def _lee_texts():
    from gensim.parsing.preprocessing import STOPWORDS

    from ...corpora import lee_background

    return tuple(tuple(t for t in doc if t not in STOPWORDS and len(t) > 2 and t.isalpha())
                 for doc in lee_background())


def lee_texts() -> list[list[str]]:
    """The Lee background corpus as the course preprocesses it (stopwords, short and non-alphabetic
    tokens removed): 300 token lists."""
    return [list(d) for d in _lee_texts()]


@functools.lru_cache(maxsize=1)
def _separate_texts():
    from gensim.parsing.preprocessing import STOPWORDS
    from gensim.test.utils import datapath

    from ...text import tokenize

    with open(datapath("lee.cor"), encoding="latin-1") as f:     # this file is not UTF-8
        return tuple(tuple(t for t in tokenize(line) if t not in STOPWORDS and len(t) > 2 and t.isalpha())
                     for line in f)


def separate_texts() -> list[list[str]]:
    """gensim's ``lee.cor``: 50 other articles from the same news service, the Australian Broadcasting
    Corporation's, preprocessed as :func:`lee_texts`."""
    return [list(d) for d in _separate_texts()]



def training_texts() -> list[list[str]]:
    """The Lee articles the models are trained on (the sweep's training split)."""
    return [list(d) for d in _split()[0]]


def heldout_texts() -> list[list[str]]:
    """The Lee articles held out from training (the sweep's held-out split)."""
    return [list(d) for d in _split()[1]]


@functools.lru_cache(maxsize=1)
def _split():
    from ...evaluation.model_selection import split_documents

    train, held = split_documents(lee_texts(), SWEEP_SETTINGS["heldout"], seed=SWEEP_SETTINGS["split_seed"])
    return tuple(tuple(d) for d in train), tuple(tuple(d) for d in held)


# ---------------------------------------------------------------- the student's own draw
@dataclass(frozen=True)
class Draw:
    """A student's own data: three training seeds out of :data:`POOL`, and a bootstrap seed.

    ``human_topics(n)`` is the draw's own share (:data:`HUMAN_SHARE`) of ``n`` rated topics.
    """

    number: int
    seeds: tuple
    bootstrap_seed: int

    def human_topics(self, n: int) -> list[int]:
        import numpy as np

        rng = np.random.default_rng([DRAW_SALT, self.number, n])
        return sorted(int(i) for i in rng.choice(n, round(HUMAN_SHARE * n), replace=False))

    def __repr__(self) -> str:
        return f"Draw({self.number}: seeds {list(self.seeds)}, bootstrap_seed {self.bootstrap_seed})"


def _draw_number(number):
    if isinstance(number, bool) or not isinstance(number, _numbers.Integral):
        raise TypeError(f"draw must be a whole number (the one your notebook's report cell names), got "
                        f"{short_repr(number)}.")
    if number < 0 or int(number).bit_length() > 8192:
        raise ValueError(f"draw must be a whole number of at least 0, as your notebook's report cell names it, "
                         f"got {short_repr(number, 40)}.")
    return int(number)


@functools.lru_cache(maxsize=4096)
def draw(number: int) -> Draw:
    """Draw ``number``: the student's own seeds (:data:`RUNS` out of :data:`POOL`) and bootstrap seed.

    A class release writes each student's number in their report cell (:func:`class_draws`: their variant
    seed, derived from their id under the course secret, or the next number whose triple no classmate has);
    the notebook as written uses draw 0.

    >>> draw(0) == draw(0), draw(0).seeds != draw(WORKED_DRAW).seeds
    (True, True)
    """
    import numpy as np

    number = _draw_number(number)
    rng = np.random.default_rng([DRAW_SALT, number])
    seeds = tuple(sorted(int(s) for s in rng.choice(POOL, RUNS, replace=False)))
    return Draw(number, seeds, int(rng.integers(2**31)))


#: How many students of one class :func:`class_draws` can give a triple of seeds that no classmate has: every
#: triple of the pool (C(20, 3) = 1,140) but the worked example's, whose numbers notebook 10 prints.
CLASS_CAPACITY = math.comb(POOL, RUNS) - 1


def class_draws(seeds, kept=None) -> dict:
    """``{student: draw number}`` for a whole class: no two students' draws share a triple of seeds.

    ``seeds`` is ``{student: variant seed}`` (the class release's, each derived from the id under the course
    secret); ``kept`` is ``{student: draw number}`` of an earlier release of the same class (its
    ``teacher/seeds.csv``), or None.  Each draw of a single student, :func:`draw` of their seed, picks one of
    the 1,140 triples at random, so in a class of 40 some pair would share one about half the time (the
    birthday problem) and get the same model-only numbers; here the class is given its draws together:

    1. a student of ``kept`` still in the class keeps that draw (a release made again with a late student
       changes no one's numbers), unless its triple is already full (2. below) or is the worked example's;
    2. every other student, in the order of their seeds (not the order of the class list), takes the first
       of ``seed``, ``seed + 1``, ``seed + 2``, ... whose triple no classmate holds yet and is not the worked
       example's (:data:`WORKED_DRAW`'s, whose numbers the notebook prints).  Most students keep their seed
       as their draw.

    Deterministic: the same class, secret and ``kept`` give the same draws, in any order of the list.  Up to
    :data:`CLASS_CAPACITY` (1,139) students get triples all different; a larger class cannot (the release
    warns), and then every triple is held by one student before any is held by two, and so on: no triple by
    more than ``ceil(n / CLASS_CAPACITY)`` students.

    >>> draws = class_draws({"ada": 11, "bo": 12, "cy": 13})
    >>> len({draw(n).seeds for n in draws.values()}) == 3
    True
    """
    for seed in seeds.values():
        _draw_number(seed)
    kept = {s: _draw_number(n) for s, n in (kept or {}).items() if s in seeds}
    held = {draw(WORKED_DRAW).seeds: math.inf}             # the worked example's triple: nobody's
    out = {}

    def free(number):
        # every triple holds one student before any holds two, and so on
        return held.get(draw(number).seeds, 0) < len(out) // CLASS_CAPACITY + 1

    def take(student, number):
        out[student] = number
        triple = draw(number).seeds
        held[triple] = held.get(triple, 0) + 1

    for student in sorted(kept, key=lambda s: (seeds[s], s)):
        if free(kept[student]):
            take(student, kept[student])
    for student in sorted((s for s in seeds if s not in out), key=lambda s: (seeds[s], s)):
        number = seeds[student]
        while not free(number):
            number += 1
        take(student, number)
    return {student: out[student] for student in seeds}


@functools.lru_cache(maxsize=256)
def _cell(k, seed):
    from ...evaluation.model_selection import k_sweep

    return k_sweep(lee_texts(), ks=[k], seeds=[seed], top_n=TOP_N, **SWEEP_SETTINGS)


def sweep(ks: list[int], seeds: list[int]) -> SweepTable:
    """The LDA sweep of the Lee corpus for these Ks and seeds (:func:`teachkit.k_sweep` with
    :data:`SWEEP_SETTINGS`); each model is trained once per session and reused (a model's row does not depend
    on the other models of the sweep)."""
    from ...evaluation.model_selection import SweepTable

    ks, seeds = _choice_lists({"ks": ks}, seeds)
    cells = [_cell(k, s) for k in ks for s in seeds]
    return SweepTable([row for c in cells for row in c.rows], cells[0].criteria,
                      {key: t for c in cells for key, t in c.topics.items()})


@functools.lru_cache(maxsize=1)
def _dictionary():
    from gensim.corpora import Dictionary

    train, held = _split()
    dictionary = Dictionary(train)
    dictionary.filter_extremes(no_below=SWEEP_SETTINGS["no_below"], no_above=SWEEP_SETTINGS["no_above"],
                               keep_n=None)
    return dictionary, [dictionary.doc2bow(d) for d in train], [dictionary.doc2bow(d) for d in held]


@functools.lru_cache(maxsize=128)
def _model(k, seed):
    from gensim.models import LdaModel

    dictionary, train_bow, _ = _dictionary()
    return LdaModel(train_bow, id2word=dictionary, num_topics=k, passes=SWEEP_SETTINGS["passes"],
                    iterations=SWEEP_SETTINGS["iterations"], random_state=seed, eval_every=None)


def model(k: int, seed: int):
    """The gensim ``LdaModel`` of the sweep's cell ``(k, seed)`` (trained as :func:`sweep` trains it; cached)."""
    return _model(*_one(k, seed))


@functools.lru_cache(maxsize=256)
def _document_loglik(k, seed):
    import numpy as np

    lda = _model(k, seed)
    _, _, held = _dictionary()
    held = [d for d in held if d]
    # the documents' topic mixes inferred from a fixed random state, so the figure is the same on every call
    state = lda.random_state
    lda.random_state = np.random.RandomState(seed)
    try:
        gamma, _ = lda.inference(held)
    finally:
        lda.random_state = state
    # gensim's per-document part of LdaModel.bound (without the topics' prior term), in float64
    from scipy.special import gammaln, logsumexp, psi

    lam = np.asarray(lda.state.get_lambda(), dtype=float)
    elog_beta = psi(lam) - psi(lam.sum(axis=1, keepdims=True))
    alpha = np.asarray(lda.alpha, dtype=float)
    per_doc = []
    for g, d in zip(np.asarray(gamma, dtype=float), held):
        elog_theta = psi(g) - psi(g.sum())
        ids = np.array([w for w, _ in d])
        counts = np.array([c for _, c in d], dtype=float)
        score = float(counts @ logsumexp(elog_theta[:, None] + elog_beta[:, ids], axis=0))
        score += float(np.sum((alpha - g) * elog_theta) + np.sum(gammaln(g) - gammaln(alpha))
                       + gammaln(alpha.sum()) - gammaln(g.sum()))
        per_doc.append(score)
    return np.array(per_doc)


@functools.lru_cache(maxsize=1)
def _heldout_tokens():
    import numpy as np

    _, _, held = _dictionary()
    return np.array([sum(c for _, c in d) for d in held if d], dtype=float)


def document_loglik(k: int, seed: int) -> np.ndarray:
    """The document part of the held-out bound of model ``(k, seed)``, each held-out article's total (nats, not
    per token; articles with no word of the vocabulary left out, the same articles for every model, in the
    order of :func:`heldout_tokens`)."""
    return _document_loglik(*_one(k, seed)).copy()


def heldout_tokens() -> np.ndarray:
    """Each held-out article's number of tokens in the dictionary (the counts the bound scores), in the order
    of :func:`document_loglik`: a difference per token is ``sum(a - b) / sum(heldout_tokens())``."""
    return _heldout_tokens().copy()


@functools.lru_cache(maxsize=256)
def _left_to_right(k, seed):
    import numpy as np

    from ...evaluation.heldout_likelihood import left_to_right

    lda = _model(k, seed)
    _, _, held = _dictionary()
    phi = lda.get_topics()
    alpha = np.asarray(lda.alpha, dtype=float)
    total, tokens = 0.0, 0
    for d in held:
        words = [w for w, c in d for _ in range(c)]
        if words:
            est = left_to_right(words, phi, alpha, particles=LTR_PARTICLES, resample=False, seed=seed)
            total += est.log_likelihood
            tokens += len(words)
    return math.exp(-total / tokens)


def left_to_right_perplexity(k: int, seed: int) -> float:
    """Held-out perplexity of model ``(k, seed)`` by the left-to-right estimate (Wallach et al. 2009, the
    sequential form, :data:`LTR_PARTICLES` particles, seed ``seed``): exp(-(sum of log p(w_d)) / tokens)."""
    return _left_to_right(*_one(k, seed))


def heldout_figure(name: str, k: int, seed: int) -> float:
    """One model's held-out figure ``name`` (``CHOICE_OPTIONS["heldout"]``): ``"perplexity"`` exp(-bound) (the
    sweep's column), ``"doc_perplexity"`` its document part, exp(-sum(document_loglik(k, seed)) /
    sum(heldout_tokens())), from the same per-article bounds the paired comparison uses, and
    ``"left_to_right"`` (:func:`left_to_right_perplexity`)."""
    _check_option(name, "heldout", CHOICE_OPTIONS["heldout"])
    k, seed = _one(k, seed)
    if name == "left_to_right":
        return _left_to_right(k, seed)
    if name == "doc_perplexity":
        # the sweep's own column infers the topic mixes with another random state (a figure differing in its
        # 4th digit); a student computes this one from document_loglik and heldout_tokens, as the report says
        return math.exp(-float(_document_loglik(k, seed).sum()) / float(_heldout_tokens().sum()))
    return float(_cell(k, seed).value(name, k, seed))


def _one(k, seed):
    ks, seeds = _choice_lists({"ks": [k, k + 1]}, [seed, seed + 1])
    return ks[0], seeds[0]


def human_pairs(measure: str, human_corpus: str, judgement: str, number: int) -> tuple[np.ndarray, np.ndarray]:
    """``(scores, judgements)``: the authors' ``measure`` score and people's mean ``judgement`` of draw
    ``number``'s own share of the rated topics of ``human_corpus`` (topics without a score left out first)."""
    import numpy as np

    from ...evaluation.human_ratings import load_human_ratings

    _check_option(measure, "measure", CHOICE_OPTIONS["measure"])
    _check_option(human_corpus, "human_corpus", CHOICE_OPTIONS["human_corpus"])
    _check_option(judgement, "judgement", CHOICE_OPTIONS["judgement"])
    people = load_human_ratings().select(corpus=human_corpus)
    x, y = people.column(HUMAN_COLUMN[measure]), people.column(judgement)
    keep = np.flatnonzero(~np.isnan(x))
    mine = keep[draw(number).human_topics(len(keep))]
    return x[mine], y[mine]


# ---------------------------------------------------------------- reading a report
def _whole_numbers(values, name, minimum):
    if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a list of whole numbers, e.g. [5, 10, 20], got {short_repr(values)}.")
    values = list(values)
    if not values or any(isinstance(v, bool) or not isinstance(v, _numbers.Integral) or v < minimum
                         for v in values):
        raise ValueError(f"{name} must be a non-empty list of whole numbers of at least {minimum}, got "
                         f"{short_repr(values)}.")
    if len(set(values)) != len(values):
        raise ValueError(f"{name} lists a value twice: {short_repr(values)}.")
    return tuple(sorted(int(v) for v in values))


def _choice_lists(report, seeds):
    """``(ks, seeds)`` of a sweep, checked: whole numbers, K at most 50, at most 100 models."""
    ks = _whole_numbers(report["ks"], "ks", 2)
    if max(ks) > 50:
        raise ValueError(f"ks must stay at most 50 (the Lee corpus has 240 training articles), got "
                         f"{short_repr(list(ks))}.")
    seeds = _whole_numbers(seeds, "seeds", 0)
    if len(ks) * len(seeds) > 100:
        raise ValueError(f"{len(ks)} Ks × {len(seeds)} seeds is {len(ks) * len(seeds)} models; keep it at "
                         "most 100 (each takes a fraction of a second to train, and is kept in memory).")
    return ks, seeds


def _read(report):
    """``(ks, Draw)`` of a report whose every entry was checked, or a ValueError/TypeError naming the entry."""
    if not isinstance(report, dict):
        raise TypeError(f"report must be a dict like teachkit.course.exercises.capstone.TEMPLATE, got "
                        f"{type(report).__name__}.")
    missing = [k for k in TEMPLATE if k not in report]
    if missing:
        raise ValueError(f"report is missing {', '.join(missing)}; see teachkit.course.exercises.capstone.TEMPLATE.")
    unknown = _unknown_keys(report, TEMPLATE)
    if unknown:
        raise ValueError(f"report has unknown entries {unknown}; its entries are {list(TEMPLATE)}.")
    for name, options in CHOICE_OPTIONS.items():
        _check_option(report[name], name, options)
    reasons, stated = report["reasons"], report["numbers"]
    if not isinstance(reasons, dict) or not isinstance(stated, dict):
        raise TypeError("reasons and numbers must be dicts, as in teachkit.course.exercises.capstone.TEMPLATE.")
    unknown = _unknown_keys(stated, NUMBERS)
    if unknown:
        raise ValueError(f"numbers has unknown entries {unknown}; the numbers a report states are {list(NUMBERS)}.")
    unknown = _unknown_keys(reasons, REASONS)
    if unknown:
        raise ValueError(f"reasons has unknown entries {unknown}; the reasons a report gives are {list(REASONS)}.")
    ks = _whole_numbers(report["ks"], "ks", 2)
    outside = [k for k in ks if k not in KS_GRID]
    if outside or len(ks) < 2:
        raise ValueError(f"ks must list at least two Ks of {list(KS_GRID)} (the Ks whose models are trained), got "
                         f"{short_repr(list(report['ks']))}.")
    return ks, draw(_draw_number(report["draw"]))


def _unknown_keys(given, known):
    """The keys of ``given`` that ``known`` lacks, shown (cut) in a stable order whatever their types."""
    unknown = sorted(short_repr(key, 40) for key in given if key not in known)
    if not unknown:
        return ""
    more = f", ... ({len(unknown)} in all)" if len(unknown) > 10 else ""
    return "[" + ", ".join(unknown[:10]) + more + "]"


def _check_option(value, name, options):
    """A choice must be one of its options, as a string: anything else (a list, a numpy array) is named."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {list(options)} (a string), got {type(value).__name__} "
                        f"{short_repr(value)}.")
    if value not in options and value not in RENAMED_CHOICES.get(name, {}):
        raise ValueError(f"{name} must be one of {list(options)}, got {short_repr(value)}.")


def _k_criterion(report):
    """The report's criterion for K as :data:`CHOICE_OPTIONS` spells it (an older spelling translated)."""
    return RENAMED_CHOICES["k_criterion"].get(report["k_criterion"], report["k_criterion"])


def renamed_choices(report: dict[str, Any]) -> str:
    """A note naming each choice of the report written in an older spelling and the spelling to write
    (:data:`RENAMED_CHOICES`), or "" when there is none.  The report must have been read (:func:`check_report`,
    :func:`describe`)."""
    notes = [f"{name} {report[name]!r} is the old name of {renamed[report[name]]!r}, still accepted; write "
             f"{renamed[report[name]]!r}" for name, renamed in RENAMED_CHOICES.items() if report[name] in renamed]
    return "; ".join(notes)


def _correction(rivals):
    """The level's correction for K's ``rivals`` (the other Ks), said in words."""
    return "one rival: no correction" if rivals == 1 else f"Bonferroni over {rivals} comparisons"


def describe(report: dict[str, Any]) -> str:
    """The report's choices written out as notebook 08's checklist asks (everything a coherence number depends
    on, how K was chosen and compared), then its reasons and stated numbers laid out under the rubric the
    teacher grades with (:data:`RUBRIC`).  Nothing is recomputed: only what the report says is shown."""
    import importlib.metadata

    from ... import __version__
    from ...coherence.measures import MEASURES

    ks, d = _read(report)
    m = MEASURES[report["measure"]]
    window = "whole documents" if m.window is None else f"sliding windows of {m.window} tokens"
    reference = ("the models' own training articles (the sweep's training split)" if report["reference"] ==
                 "training" else "gensim's lee.cor, 50 other articles from the same news service (the "
                 "Australian Broadcasting Corporation's)")
    heldout = {"perplexity": "exp(-bound per token), gensim's bound with its topic term",
               "doc_perplexity": "the document part of the bound, exp(-document bound per token)",
               "left_to_right": f"left-to-right estimate (sequential, {LTR_PARTICLES} particles)"}[report["heldout"]]
    s = SWEEP_SETTINGS
    level = 1 - (1 - LEVEL) / (len(ks) - 1)
    lines = [
        f"corpus            Lee background corpus, {len(lee_texts())} articles; stopwords, tokens under 3 letters and "
        "non-alphabetic tokens removed",
        f"draw              {d.number}: seeds {list(d.seeds)} of {POOL}, bootstrap seed {d.bootstrap_seed}",
        f"models            gensim LdaModel, K in {list(ks)}, your {RUNS} seeds; {s['passes']} passes, "
        f"{s['iterations']} iterations; dictionary no_below={s['no_below']}, no_above={s['no_above']}; "
        f"{s['heldout']:.0%} of the articles held out (split seed {s['split_seed']})",
        f"choice of K       {_k_criterion(report)}, best mean over the seeds (ties to the smaller K)",
        f"measure           {m.name}: {m.segmentation} segmentation, {window}, {m.confirmation}, mean over "
        f"segments; zero convention {m.zero!r}; top {TOP_N} words",
        f"reference corpus  {reference}",
        "spread            lowest and highest seed at the chosen K; stability: Greene et al.'s agreement of "
        "each pair of runs",
        f"held-out figure   {heldout}",
        f"K vs runner-up    the runner-up is the other K with the highest held-out bound; paired over the "
        "held-out articles, document part of the bound per token (summed over the articles, divided by their "
        "tokens); "
        f"percentile bootstrap at level {level:.4g} ({_correction(len(ks) - 1)}), {N_RESAMPLES} "
        "resamples",
        f"people            Hoyle et al. 2021, {report['human_corpus']} topics ({HUMAN_SHARE:.0%} of them, your "
        f"draw's), mean {report['judgement']}; Spearman's rho, {LEVEL:.0%} percentile bootstrap, "
        f"{N_RESAMPLES} resamples",
        f"versions          teachkit {__version__}, gensim {importlib.metadata.version('gensim')}",
        "",
        "For the rubric",
    ]
    reasons, stated = report["reasons"], report["numbers"]
    for i, (criterion, names, what) in enumerate(RUBRIC, 1):
        lines.append(f"{i}. {criterion}: {what}")
        for name in names:
            if name in REASONS:
                text = reasons.get(name)
                text = text.strip() if isinstance(text, str) and text.strip() else "(no reason given)"
                lines.append(f"   {name:<15} {text[:600]}")
            else:
                typed = stated.get(name)
                typed = str(typed).strip()[:40] if typed is not None and str(typed).strip() else "(not stated)"
                lines.append(f"   {name:<15} {typed}")
    return "\n".join(_wrapped(line) for line in lines)


#: The width :func:`describe` wraps its lines to: a notebook's output column and the website's (688 px) hold
#: about 80 characters of monospace text.
WIDTH = 80


def _wrapped(line):
    """``line`` wrapped to :data:`WIDTH`, its continuation lines indented under its text (after its label)."""
    import re
    import textwrap

    label = re.match(r"^(\s*\S+(?: \S+)*?\s{2,}|\s*\d\. |\s+\S+\s+)", line)
    indent = " " * (len(label.group(0)) if label else 0)
    return textwrap.fill(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)


def read_report(source: str) -> dict[str, Any] | None:
    """The last top-level ``report = {...}`` of a notebook cell's source, read as a literal, or None.

    For a grader: the report is parsed (:func:`ast.literal_eval`), never run, so nothing a student writes
    is executed.  Anything but a literal dict (a call, a variable, an f-string) gives a ValueError.
    """
    import ast

    found = None
    for node in _parse_cell(source).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "report"):
            found = _literal_report(node.value)
    return found


def _parse_cell(source):
    """The cell's syntax tree; a cell that is no Python, or nested past what the parser takes, is named."""
    import ast

    if not isinstance(source, str):
        raise TypeError(f"source must be a notebook cell's source (a string), got {type(source).__name__}.")
    try:
        return ast.parse(source)
    except SyntaxError as err:
        raise ValueError(f"the cell is not valid Python (line {err.lineno}: {err.msg}); the report cannot be "
                         "read.") from None
    except (MemoryError, RecursionError):      # e.g. 10,000 nested brackets or minus signs
        raise ValueError("the cell is nested too deeply for Python to read (thousands of brackets or signs "
                         "inside one another); write the report as in the notebook's template.") from None


def _literal_report(node):
    """``report = <node>`` read as a literal; only a dict is a report."""
    import ast

    try:
        value = ast.literal_eval(node)
    except ValueError:
        raise ValueError("report must be written as a literal dict (strings, numbers, lists), "
                         "as in the notebook's template; it is read, not run.") from None
    except TypeError as err:                    # {[1]: 2}, {{1}: 2}, {[1], 2}: a list or a dict as a key
        raise ValueError(f"report holds a list, dict or set where a key (or a set's element) must be ({err}); "
                         "its keys are strings, as in the notebook's template.") from None
    except (MemoryError, RecursionError):
        raise ValueError("report is nested too deeply to read; write it as in the notebook's template.") from None
    if not isinstance(value, dict):
        raise ValueError(f"report must be a dict like the notebook's template ({{'ks': [...], ...}}), got "
                         f"{type(value).__name__} {short_repr(value)}.")
    return value


# ---------------------------------------------------------------- what follows (kept out of the student's view)
@functools.lru_cache(maxsize=1024)
def _coherence(k, seed, measure, reference):
    from ...coherence.measures import coherence_per_topic

    texts = training_texts() if reference == "training" else separate_texts()
    return float(coherence_per_topic(list(_cell(k, seed).topics[(k, seed)]), texts, measure, top_n=TOP_N).mean)


def _ranked(table, criterion):
    """The Ks from best to worst by the criterion's mean over seeds (ties to the smaller K)."""
    from ...evaluation.model_selection import CRITERIA

    sign = 1.0 if CRITERIA[criterion][0] == "higher" else -1.0
    ks, mean, _, _ = table.by_k(criterion)
    return [int(k) for _, k in sorted(zip(-sign * mean, ks), key=lambda pair: (pair[0], pair[1]))]


def _rival(bound, k):
    """The K other than ``k`` whose held-out document bound, summed over the articles, is highest (ties to the
    smaller K): ``bound`` maps each K to its articles' bounds."""
    return min((j for j in bound if j != k), key=lambda j: (-float(bound[j].sum()), j))


def _recompute(report, number=None):
    """Every number of :data:`NUMBERS` for the report's choices on draw ``number`` (default: the report's own).

    Private: the student's check keeps none of these values; the teacher's grader (tools/capstone_grading.py)
    calls it with the draw derived from the student's id.
    """
    import itertools

    import numpy as np

    from ...evaluation.agreement import bootstrap_spearman
    from ...evaluation.significance import bootstrap_difference
    from ...evaluation.stability import greene_agreement

    ks, d = _read(report)
    if number is not None:
        d = draw(_draw_number(number))
    seeds = list(d.seeds)
    table = sweep(list(ks), seeds)
    k = _ranked(table, _k_criterion(report))[0]
    per_seed = [_coherence(k, s, report["measure"], report["reference"]) for s in seeds]
    stability = np.mean([greene_agreement(list(table.topics[(k, a)]), list(table.topics[(k, b)]), top_n=TOP_N)
                         for a, b in itertools.combinations(seeds, 2)])
    bound = {j: np.mean([_document_loglik(j, s) for s in seeds], axis=0) for j in ks}
    # K's rival is the strongest other K on the quantity the comparison tests (held-out bound), not the
    # criterion's second: a test on the bound against a K the bound finds weak would say more than it shows
    runner = _rival(bound, k)
    at_k, at_runner = bound[k], bound[runner]
    # per token, as notebook 12 teaches: summed differences over summed tokens, the articles resampled.  The
    # level pays for every other K (Bonferroni), so the interval holds for the rival chosen after looking
    paired = bootstrap_difference(at_k, at_runner, tokens=_heldout_tokens(), n_resamples=N_RESAMPLES,
                                  level=1 - (1 - LEVEL) / (len(ks) - 1), seed=d.bootstrap_seed)
    x, y = human_pairs(report["measure"], report["human_corpus"], report["judgement"], d.number)
    agreement = bootstrap_spearman(x, y, n_resamples=N_RESAMPLES, level=LEVEL, seed=d.bootstrap_seed)
    return {
        "k": k,
        "coherence": float(np.mean(per_seed)),
        "coherence_low": float(min(per_seed)),
        "coherence_high": float(max(per_seed)),
        "stability": float(stability),
        "heldout": float(np.mean([heldout_figure(report["heldout"], k, s) for s in seeds])),
        "runner_up": runner,
        "paired_diff": paired.statistic,
        "paired_low": paired.low,
        "paired_high": paired.high,
        "human_rho": agreement.rho,
        "human_low": agreement.low,
        "human_high": agreement.high,
    }


def _sweep_doc_perplexity(report, k, number=None):
    """The sweep's own ``doc_perplexity`` at ``k``, mean over the draw's seeds (the figure's value)."""
    import numpy as np

    ks, d = _read(report)
    d = draw(number) if number is not None else d
    table = sweep(list(ks), list(d.seeds))
    return float(np.mean([r["doc_perplexity"] for r in table.rows if r["K"] == k]))


def _evidence(report, values, number=None):
    """The numbers of the student's own results a reason may cite: the report's values (but the Ks), every
    criterion's mean per K and value per model of the draw's sweep, every measure's coherence at K on either
    reference corpus (each seed's and their mean), each seed's paired difference (K minus the
    runner-up, per token), and every measure's rho with the same people and its difference from the chosen
    measure's (reader z28: a limits reason quoting the per-seed differences was refused)."""
    import numpy as np
    from scipy.stats import spearmanr

    ks, d = _read(report)
    d = draw(number) if number is not None else d
    table = sweep(list(ks), list(d.seeds))
    found = [v for name, v in values.items() if name not in ("k", "runner_up")]
    for c in table.criteria:
        found += [float(v) for v in table.by_k(c)[1]] + [float(v) for v in table.column(c)]
    # every measure on both references at K, per seed and mean over the seeds: section 3 compares them, and a
    # reason for the reference cites the other corpus's figure for the same topics (reader z39 was refused)
    for measure in CHOICE_OPTIONS["measure"]:
        for reference in CHOICE_OPTIONS["reference"]:
            per_seed = [_coherence(values["k"], s, measure, reference) for s in d.seeds]
            found += per_seed + [float(np.mean(per_seed))]
    found += [float(np.mean([heldout_figure(report["heldout"], k, s) for s in d.seeds])) for k in ks]
    tokens = float(_heldout_tokens().sum())
    found += [float((_document_loglik(values["k"], s) - _document_loglik(values["runner_up"], s)).sum()) / tokens
              for s in d.seeds]
    rhos = {m: float(spearmanr(*human_pairs(m, report["human_corpus"], report["judgement"], d.number)).statistic)
            for m in CHOICE_OPTIONS["measure"]}
    chosen = rhos[report["measure"]]
    found += list(rhos.values()) + [chosen - r for r in rhos.values()] + [r - chosen for r in rhos.values()]
    return found


# ---------------------------------------------------------------- judging
@dataclass(frozen=True)
class Line:
    """One stated number as the student's check sees it: its name, what was written, whether it follows, and
    ``message``: the verdict and what the number depends on.  No value that follows is in it."""

    name: str
    written: object
    follows: bool
    message: str


def depends_on(name: str, report: dict[str, Any]) -> str:
    """What number ``name`` of a report depends on: the choices, corpus and draw that decide it (no value)."""
    ks, d = _read(report)
    k = f"K (the one {_k_criterion(report)!r} picks)"
    reference = "the training split of the Lee articles" if report["reference"] == "training" else "lee.cor"
    runs = f"your draw's seeds {list(d.seeds)} (draw {d.number})"
    if name == "k":
        return (f"the criterion {_k_criterion(report)!r}, the Ks {list(ks)} and {runs}: the K whose mean over the "
                "seeds is best (ties to the smaller K)")
    if name == "runner_up":
        return (f"{k}, the Ks {list(ks)} and {runs}: of the other Ks, the one whose held-out bound (the document "
                "part, summed over the articles, mean over the seeds) is highest, ties to the smaller K; not "
                "the criterion's second")
    if name.startswith("coherence"):
        which = {"coherence": "the mean over the topics, then over the seeds",
                 "coherence_low": "the lowest seed's mean over the topics",
                 "coherence_high": "the highest seed's mean over the topics"}[name]
        return (f"{k}, the measure {report['measure']!r} counted on the reference corpus ({reference}) and "
                f"{runs}: {which}")
    if name == "stability":
        return f"{k} and {runs}: greene_agreement of each pair of runs (top {TOP_N} words), mean over the pairs"
    if name == "heldout":
        return (f"{k}, the held-out figure {report['heldout']!r} and {runs}: the held-out "
                f"{SWEEP_SETTINGS['heldout']:.0%} of the Lee articles, mean over the seeds (not the measure)")
    if name.startswith("paired"):
        which = {"paired_diff": "the difference", "paired_low": "the low end of the interval",
                 "paired_high": "the high end of the interval"}[name]
        return (f"{k}, the runner-up K, {runs} and, for the interval, the level ({_correction(len(ks) - 1)}) "
                f"and your bootstrap seed {d.bootstrap_seed}: {which} per token, "
                "sum(capstone.document_loglik at K minus at the runner-up) / sum(capstone.heldout_tokens)")
    which = {"human_rho": "Spearman's rho", "human_low": "the low end of the 95% bootstrap interval",
             "human_high": "the high end of the 95% bootstrap interval"}[name]
    resampling = f" ({N_RESAMPLES} resamples, seed {d.bootstrap_seed})" if name != "human_rho" else ""
    return (f"the measure {report['measure']!r} (the authors' {HUMAN_COLUMN[report['measure']]} scores), the "
            f"human_corpus {report['human_corpus']!r}, the judgement {report['judgement']!r} and your draw's "
            f"share of the topics (draw {d.number}): {which}{resampling}, not your Lee models")


def _readings(typed):
    """What ``typed`` may stand for: as written, and, for a whole number ending in zeros ("4150", "4,150"),
    the same to its last non-zero digit ("4.15e3"), since those zeros are not significant (:data:`PRECISION`)."""
    import re
    from decimal import Decimal

    forms = [typed]
    compact = re.sub(r"(?<=\d)[, \u00a0\u202f](?=\d{3}\b)", "", typed.strip())
    if re.fullmatch(r"[-+−]?\d*[1-9]\d*0", compact):
        forms.append(str(Decimal(compact.replace("−", "-")).normalize()))
        # ... and with some of those zeros significant: "3400" is 3395.4 to 3 figures too, as "4150" is 4151.8
        # (reader z33: "3400" was refused as 2 figures)
        sign = "-" if compact[0] in "-−" else ""
        digits = compact.lstrip("+-−")
        mantissa = digits.rstrip("0")
        for kept in range(1, len(digits) - len(mantissa)):
            shown = mantissa + "0" * kept
            forms.append(f"{sign}{shown[0]}.{shown[1:]}e{len(digits) - 1}")
    return forms


#: The numbers of a report that come out of trained models, whose last digits depend on the CPU.
TRAINED = ("coherence", "coherence_low", "coherence_high", "stability", "heldout", "paired_diff", "paired_low",
           "paired_high")
#: The relative tolerance a trained number is judged at (see :func:`cpu_tolerance`).
TRAINED_RTOL = 1e-4


#: The numbers of a report that are differences of two held-out bounds per token (nats per token).
PAIRED = ("paired_diff", "paired_low", "paired_high")
#: Their absolute tolerance, nats per token: 10 times the largest difference measured between CPU settings.
PAIRED_ATOL = 5e-5


def cpu_tolerance(name: str, value: float) -> float:
    """How far a stated number may lie from teachkit's ``value`` and still follow: what another CPU gives.

    A student computes the report on their own machine; the grader recomputes it on its own.  Floating-point
    results differ between CPUs in their last bits (numpy's SIMD kernels and OpenBLAS's sum in another
    order on other processors: a relative 1e-16 or so per operation).  A computation that sums and divides
    once keeps that difference in its last bits, and check_answer already judges a computed value to 12
    significant figures.  Training amplifies it: LDA's variational EM feeds every update back into the next
    over its passes and iterations, so the trained topics, and the held-out bound computed from them, carry
    the difference into much higher digits.

    The rule: a number of :data:`TRAINED` is judged at a relative tolerance of 25 times the largest
    difference measured between two CPU settings on the models a report trains.  Measured (2026-11-25, the
    24 models of K = 2, 5, 10, 15, 20, 30 and seeds 0 to 3 with the capstone's settings, computed at
    default settings and under ``make test-cpu``'s Sandy Bridge and Haswell settings): under Sandy Bridge
    the held-out bound differs by up to 4.5e-7 relative, the perplexity exp(-bound) by up to 4.0e-6 (the
    bound's difference times its size, about 8 nats; the report of the template: 3287.2109 against
    3287.2161); the top words came out the same sets (one model's order of two words differed), so the
    coherence did not move; Haswell gave the default's values to the last bit.  25 x 4.0e-6 gives
    :data:`TRAINED_RTOL` = 1e-4: 0.33 on a perplexity of 3287.  A number off by more is wrong whatever its
    precision; the other numbers (K, and the comparison with people: a fixed table and a seeded bootstrap)
    are exact or last-bit, and get no tolerance beyond check_answer's.  (The number exercises of the
    notebooks are computed from the numbers their questions state, never trained: they need none either.)

    A paired number is a difference of two nearly equal bounds, so a tolerance relative to it would be far
    tighter than the bounds' own CPU noise: :data:`PAIRED` get an absolute :data:`PAIRED_ATOL` (measured on
    2026-11-28: the 100 models of the pool under Sandy Bridge against default settings, 150 draws and every K of
    [5, 10, 15, 20, 30] against its rival: the paired numbers differed by at most 4.8e-6 nats per token).  A
    written number follows when it is the rounding, at its written precision, of any value within the
    tolerance of teachkit's (so a value that crosses a rounding boundary between CPUs is not refused).

    >>> round(cpu_tolerance("heldout", 3287.21), 6), cpu_tolerance("human_rho", 0.43)
    (0.328721, 0.0)
    >>> cpu_tolerance("paired_diff", 0.00144)
    5e-05
    """
    if name in PAIRED:
        return max(abs(value) * TRAINED_RTOL, PAIRED_ATOL)
    return abs(value) * TRAINED_RTOL if name in TRAINED else 0.0


def _within_cpu_tolerance(name, read, value) -> bool:
    # ``read``: the number check_answer read from what was written (a Decimal or a Fraction), None if none
    try:
        return read is not None and abs(float(read) - value) <= cpu_tolerance(name, value)
    except (OverflowError, ValueError):
        return False


def _rounds_within_tolerance(name, forms, value):
    """Whether a written form is the rounding, at its written precision, of a value within the CPU tolerance of
    ``value`` (the ends of that range are the values nearest to any rounding boundary it crosses)."""
    from ..selfcheck import check_answer

    tolerance = cpu_tolerance(name, value)
    return bool(tolerance) and any(check_answer(form, end, **PRECISION).correct
                                   for form in forms for end in (value - tolerance, value + tolerance))


def _judge(name, written, value, depends):
    """``(follows, student's message, teacher's message)``: only the teacher's names the value."""
    from ..selfcheck import check_answer

    if written is None or (isinstance(written, str) and not written.strip()):
        return False, f"not stated; it depends on {depends}", "not stated"
    unreadable = _unreadable(written)
    if unreadable:
        return False, f"{unreadable}; {name} depends on {depends}", f"{unreadable}: teachkit gets {value:.5g}"
    if name in ("k", "runner_up"):
        typed = str(written).strip()[:30]
        # "K = 10", as the check's own ✓ line writes it, is the K 10
        stated = re.fullmatch(r"\s*[Kk]\s*=\s*(\S+)\s*", written) if isinstance(written, str) else None
        written = stated.group(1) if stated else written
        if _states_k(written, value):
            return True, f"K = {value} follows", f"K = {value} follows"
        from ..precision import read_answer

        if isinstance(written, str) and isinstance(read_answer(written), str):
            return (False, f"{typed!r} is not a number: type the K alone, e.g. 10",
                    f"{typed!r} is not a number (the choices give K = {value})")
        return (False, f"{typed} does not follow from the choices; it depends on {depends}",
                f"{typed} does not follow: the choices give K = {value}")
    typed = repr(written) if isinstance(written, float) else str(written)
    shown = typed.strip()
    if re.search(r"\d\s*%\s*$", shown):
        # none of the report's numbers is a share of a whole: one rule for all (exercise 10.4's)
        return (False, f"{shown} is a percentage, which does not fit here: type {name} as a plain number",
                f"{shown} is a percentage (teachkit: {value:.5g})")
    forms = _readings(typed)
    verdicts = [check_answer(form, value, **PRECISION) for form in forms]
    # none right: judged at a reading precise enough to judge, if there is one ("700" for 700.98 is wrong to 3
    # figures, and only to its last non-zero digit too rough: reader z34 was told to add figures)
    firm = [v for v in verdicts if not v.rough]
    verdict = next((v for v in verdicts if v.correct), firm[0] if firm else verdicts[0])
    rough_too = not verdict.correct and bool(firm) and len(firm) < len(verdicts)
    # the CPU tolerance forgives another CPU's last digits, never too few figures ("-0.037" for -0.0369995)
    if verdict.correct or (not verdict.rough and (_within_cpu_tolerance(name, verdict.value, value)
                                                 or _rounds_within_tolerance(name, forms, value))):
        return True, f"{shown} follows", f"{shown} follows (teachkit: {value:.5g})"
    if not verdict.parsed:
        return (False, f"{shown[:30]!r} is not a number: type the value, e.g. 0.123 or -4.15e-3",
                f"{shown[:30]!r} is not a number")
    if verdict.message.startswith("Give at least"):
        rough = f"{shown} is too rough to judge: give {PRECISION_TEXT}"
        if isinstance(written, float):
            # a Python float keeps no trailing zeros: -0.0370 typed unquoted arrives as -0.037
            rough += (" (typed as a Python number, it lost its trailing zeros: write it in quotes, as the "
                      "template does)")
        return False, rough, f"{rough} (teachkit: {value:.5g})"
    if rough_too:
        return (False, f"{shown} does not follow from the choices at the precision it is written (and read to its "
                       f"last non-zero digit it is too rough to judge); {name} depends on {depends}",
                f"{shown} does not follow from the choices: teachkit gets {value:.5g}")
    return (False, f"{shown} does not follow from the choices at the precision it is written; {name} depends on "
                   f"{depends}",
            f"{shown} does not follow from the choices: teachkit gets {value:.5g}")


def _unreadable(written):
    """Why a stated number is judged without being read (a message for its line alone), or None."""
    if isinstance(written, int) and not isinstance(written, bool) and written.bit_length() > 300:   # ~90 digits
        return f"{short_repr(written, 30)} does not follow from the choices"
    if isinstance(written, str) and len(written) > 100:
        return f"{short_repr(written.strip(), 30)} is not a number: type the value, e.g. 0.123"
    if not isinstance(written, (str, _numbers.Real)) or isinstance(written, bool):
        return f"{short_repr(written, 30)} is not a number: type the value, e.g. 0.123"
    return None


def _states_k(written, k):
    """Whether ``written`` is the whole number ``k``: 2, 2.0, "2", "2.0", "２" alike (but not 2.5 or True)."""
    from ..precision import read_answer

    if isinstance(written, bool):
        return False
    if isinstance(written, _numbers.Real):
        return written == k
    readings = read_answer(written) if isinstance(written, str) else "not text"
    return not isinstance(readings, str) and any(r.value == k for r in readings)


_NUMBER_IN_TEXT = re.compile(r"[-−]?\d[\d,]*(?:\.\d+)?(?:[eE][-+−]?\d+)?%?|[-−]?\.\d+(?:[eE][-+−]?\d+)?")


def _cited(text, evidence):
    """Whether ``text`` names a number of ``evidence`` (2 significant figures or more, at its written precision)."""
    from ..selfcheck import check_answer

    for token in _NUMBER_IN_TEXT.findall(text):
        token = token.rstrip(",")
        digits = token.lstrip("-−").split("e")[0].split("E")[0].replace(",", "").replace(".", "").rstrip("%")
        if len(digits.lstrip("0")) < 2:
            continue
        for v in evidence:
            try:
                if any(check_answer(form, v, min_sig_figs=2).correct for form in _readings(token)):
                    return True
            except Exception:        # a token check_answer cannot read is no citation
                continue
    return False


def _reason_problems(reasons, evidence):
    """``{reason: why it is refused}`` for each reason of :data:`REASONS` that is not one."""
    problems = {}
    for name in REASONS:
        text = reasons.get(name)
        text = text.strip() if isinstance(text, str) else ""
        words = re.findall(r"[^\W\d_]{2,}", text)
        if not text:
            problems[name] = "none given"
        elif len(words) < MIN_REASON_WORDS:
            problems[name] = (f"{short_repr(text, 30)} is no reason: a reason is a sentence (at least "
                              f"{MIN_REASON_WORDS} words) that names a number of your own results")
        elif not _cited(text, evidence):
            # reader z24 cited "K = 5" and "three seeds": say that a choice or a count is not a result
            problems[name] = ("quotes none of the numbers the check knows of your results: quote one (a number "
                              "of your report, a criterion's value or mean in your sweep, a seed's paired "
                              "difference, a measure's rho with people) to at least 2 significant figures; the K "
                              "you chose and the number of seeds are not results")
    return problems


class ReportCheck:
    """The student's verdict on a report: one :class:`Line` per number of :data:`NUMBERS`, and the reasons.

    ``flagged`` lists the numbers that do not follow (or are missing), ``score`` the share that do, and
    ``reasons`` maps each refused reason to why.  It holds no value that follows, in any attribute or text.
    """

    def __init__(self, lines: list[Line], reasons: dict[str, str], note: str = "") -> None:
        self.lines = list(lines)
        self.reasons = dict(reasons)
        #: A warning about the report as a whole (the worked example's draw), or "".
        self.note = note

    @property
    def flagged(self) -> list[str]:
        return [line.name for line in self.lines if not line.follows]

    @property
    def score(self) -> float:
        return sum(line.follows for line in self.lines) / len(self.lines)

    @property
    def missing_reasons(self) -> list[str]:
        return list(self.reasons)

    @property
    def empty(self) -> bool:
        """Whether the report states nothing yet: no number and no reason."""
        return (all(line.message.startswith("not stated") for line in self.lines)
                and len(self.reasons) == len(REASONS))

    def _empty_text(self) -> str:
        return (f"Nothing stated yet: {len(self.lines)} numbers and {len(REASONS)} reasons to fill in. Type some and "
                "run this cell again: the check then says ✓ or ✗ for each, and what a number depends on "
                "(capstone.depends_on(name, report) says it now).")

    def __str__(self) -> str:
        if self.empty:
            return self._empty_text()
        rows = [f"{'✓' if line.follows else '✗'} {line.name:<15} {line.message}" for line in self.lines]
        rows += [f"✗ reason {name:<15}{why}" for name, why in self.reasons.items()]
        rows.append(f"{len(self.lines) - len(self.flagged)} of {len(self.lines)} numbers follow from the choices.")
        # the check only finds one of the student's numbers in a reason (reader x8): it says no more than that
        rows.append(f"{len(REASONS) - len(self.reasons)} of {len(REASONS)} reasons quote one of your numbers "
                    "(your teacher judges if it fits).")
        if self.note:
            rows.insert(0, f"! {self.note}")
        return "\n".join(rows)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if self.empty:
            return f"<p>{html.escape(self._empty_text())}</p>"
        body = "".join(f"<tr><td>{'✓' if line.follows else '✗'}</td><td><code>{line.name}</code></td>"
                       f"<td>{html.escape(line.message)}</td></tr>" for line in self.lines)
        body += "".join(f"<tr><td>✗</td><td>reason <code>{name}</code></td><td>{html.escape(why)}</td></tr>"
                        for name, why in self.reasons.items())
        note = f"<p><strong>{html.escape(self.note)}</strong></p>" if self.note else ""
        return (f"{note}<table><tbody>{body}</tbody></table><p>{len(self.lines) - len(self.flagged)} of "
                f"{len(self.lines)} numbers follow from the choices. {len(REASONS) - len(self.reasons)} of "
                f"{len(REASONS)} reasons quote one of your numbers (your teacher judges if it fits).</p>")


def _judged(report, number=None):
    """``[(name, written, value, follows, student's message, teacher's message)]`` and the reasons' problems,
    on draw ``number`` (default: the report's own).  For the grader; the student's check keeps no value."""
    values = _recompute(report, number)
    stated = report["numbers"]
    rows = {}
    for name in NUMBERS:
        follows, student, teacher = _judge(name, stated.get(name), values[name], depends_on(name, report))
        if not follows and name == "heldout" and report["heldout"] == "doc_perplexity":
            # the sweep's own doc_perplexity column (the figure's) infers the topic mixes with another random
            # state and may differ in the 4th digit: a student who reads it off the sweep is right too (reader
            # z28: 719 refused on draw 16)
            alternative = _judge(name, stated.get(name), _sweep_doc_perplexity(report, values["k"], number),
                                 depends_on(name, report))
            if alternative[0]:
                follows, student, teacher = alternative
        rows[name] = [name, stated.get(name), values[name], follows, student, teacher]
    for name, needed in NEEDS.items():
        if rows[name][3] and not rows[needed][3]:
            note = (f"; it earns its point together with {needed} (a K alone is shared by many draws), "
                    f"which does not follow")
            rows[name][3:6] = [False, rows[name][4] + note, rows[name][5] + note]
    renamed = renamed_choices(report)
    if renamed:
        rows["k"][4] += f" ({renamed})"
        rows["k"][5] += f" ({renamed})"
    return [tuple(r) for r in rows.values()], _reason_problems(report["reasons"], _evidence(report, values, number))


def check_report(report: dict[str, Any]) -> ReportCheck:
    """The student's check: for each number, whether it follows from the report's choices on the report's
    draw (✓ or ✗) and what it depends on; for each reason, whether it is one.  No value that follows is shown
    or kept.

    Parameters
    ----------
    report : dict
        As :data:`TEMPLATE`: the draw, the choices, ``reasons`` and ``numbers`` (each as typed, or a number).

    Raises
    ------
    ValueError, TypeError
        For a report whose choices cannot be read (an unknown measure, a K outside KS_GRID, ...), naming the entry.
    """
    rows, problems = _judged(report)
    return ReportCheck([Line(name, written, follows, student) for name, written, _, follows, student, _ in rows],
                       problems, WORKED_NOTE if _draw_number(report["draw"]) == WORKED_DRAW else "")


#: What the student's check says of a report on the worked example's draw (it names no value).
WORKED_NOTE = (f"Draw {WORKED_DRAW} is the worked example's draw (Sam's), not yours: these ticks say whether the "
               "numbers follow on Sam's draw. Your teacher's grader judges your numbers on your own draw, so "
               "put your own draw back in the report.")


_DRAW_IN_CELL = re.compile(r'^(\s*"draw"\s*:\s*)\d+', re.MULTILINE)


def stamp_draw(source: str, number: int) -> str | None:
    """The report cell ``source`` with its ``"draw"`` set to ``number`` (a class release writes each student's
    own), or None when ``source`` is no report cell (``report = {`` with a ``"draw"`` entry)."""
    if not isinstance(source, str) or not re.search(r"^report\s*=\s*\{", source, re.MULTILINE) \
            or not _DRAW_IN_CELL.search(source):
        return None
    return _DRAW_IN_CELL.sub(lambda m: f"{m.group(1)}{_draw_number(number)}", source, count=1)
