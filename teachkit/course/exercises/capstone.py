"""The capstone (notebook 10): a student's evaluation report, recomputed from the choices it states.

The student evaluates LDA topic models of a real corpus (gensim's Lee background corpus, 300 news
articles, with the course's preprocessing) end to end and writes a report: a plain dict holding

* the **choices**: the Ks swept and the seeds trained (``ks``, ``seeds``), the criterion that picks K
  (``k_criterion``, a column of :func:`teachkit.k_sweep`'s table), the coherence measure reported
  (``measure``: ``"c_npmi"``, ``"c_uci"``, ``"u_mass"`` or ``"c_v"``), the reference corpus it is counted
  on (``reference``: ``"training"``, the model's own training articles, or ``"separate"``, gensim's
  ``lee.cor``, 50 other articles of the same newspaper), and the human judgements the measure is compared
  with (``human_corpus``: ``"wikitext"`` or ``"nytimes"``; ``judgement``: ``"rating"`` or ``"intrusion"``,
  from Hoyle et al. 2021, :func:`teachkit.load_human_ratings`);
* the **reasons** for each choice (``reasons``: free text, read by the teacher, never scored here);
* the **numbers** the report states (``numbers``), each as the student would type it: see
  :data:`NUMBERS`.

:func:`check_report` recomputes every number from the stated choices with teachkit and judges each at
the precision it is written (:data:`PRECISION`, :func:`teachkit.course.selfcheck.check_answer`): a number that does
not follow from the choices is flagged, with what it depends on (which choices, which corpus, which seeds), never
with the value that follows; that value is in the teacher's feedback (``Line.message``, what ``make grade`` writes).  Only teachkit's code runs: the report is data, so a
grader can read it from a notebook with :func:`ast.literal_eval` and check it without running the
student's code.

Examples
--------
>>> CHOICE_OPTIONS["measure"]
('c_npmi', 'c_uci', 'u_mass', 'c_v')
>>> check_report({"ks": [2]})
Traceback (most recent call last):
...
ValueError: report is missing seeds, k_criterion, measure, reference, human_corpus, judgement, reasons, numbers; see teachkit.course.exercises.capstone.TEMPLATE.
"""  # noqa: E501 (a doctest prints the whole error message on one line)

from __future__ import annotations

import functools
import html
import numbers as _numbers
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypedDict

from ..._checks import short_repr

if TYPE_CHECKING:
    from ...evaluation.model_selection import SweepTable

__all__ = ["NUMBERS", "CHOICE_OPTIONS", "SWEEP_SETTINGS", "TEMPLATE", "lee_texts", "separate_texts", "sweep",
           "describe", "recompute", "check_report", "RENAMED_CHOICES", "renamed_choices",
           "read_report", "ReportCheck", "depends_on", "PRECISION",
           "cpu_tolerance"]

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
#: Words per topic that the coherence measure and the human comparison score.
TOP_N = 10
#: Bootstrap of the agreement with people (as notebook 09).
N_RESAMPLES, LEVEL, BOOTSTRAP_SEED = 1000, 0.95, 0

#: What each choice may be.
CHOICE_OPTIONS = {
    "k_criterion": ("c_npmi_documents", "u_mass", "c_v", "model_score", "diversity", "perplexity"),
    "measure": ("c_npmi", "c_uci", "u_mass", "c_v"),
    "reference": ("training", "separate"),
    "human_corpus": ("wikitext", "nytimes"),
    "judgement": ("rating", "intrusion"),
}
#: Older spellings of a choice, still read (reports begun before the rename) and named in the check's verdict
#: on K with the spelling to write: ``k_criterion`` "npmi" is :func:`teachkit.k_sweep`'s "c_npmi_documents".
RENAMED_CHOICES = {"k_criterion": {"npmi": "c_npmi_documents"}}
#: The reasons a report must give (one sentence or more each).
REASONS = ("k_criterion", "measure", "reference")
#: Fewest characters (spaces and full stops aside) a reason may have: "x" is no reason.
MIN_REASON = 3
#: The precision the report's numbers are asked for (notebook 10, section 6, says the same): at least 3
#: significant figures, or 3 decimals (as the course's tables print them); a whole number's trailing zeros are
#: not significant, so "4150" states 4151.8 to the nearest ten, as "4.15e3" does.
PRECISION = {"min_sig_figs": 3, "min_decimals": 3}
#: The rule as the student reads it.
#: (Its examples are none of the report's numbers: the rule must not hint at a value that follows.)
PRECISION_TEXT = "at least 3 significant figures or 3 decimals (4150, 4.15e3 or 4152 for 4151.8; 0.052 for 0.05193)"
#: The authors' automated score in Hoyle et al.'s release for each measure (top 10 words, full corpus).
HUMAN_COLUMN = {"c_npmi": "c_npmi_10_full", "c_uci": "c_uci_full", "u_mass": "u_mass_full", "c_v": "c_v_full"}

#: The numbers a report states, and what each is.
NUMBERS = {
    "k": "the K that k_criterion picks from the mean over seeds (ties to the smaller K)",
    "coherence": "the chosen measure on the reference corpus, mean over the topics of the K-topic model, "
                 "then mean over seeds",
    "coherence_low": "the lowest seed's value of that coherence at K",
    "coherence_high": "the highest seed's value of that coherence at K",
    "perplexity": "held-out perplexity exp(-bound) at K, mean over seeds",
    "human_rho": "Spearman's rho between the measure (the authors' scores) and people's judgement, "
                 "over the topics of human_corpus",
    "human_low": "the low end of its 95% bootstrap interval (1000 resamples, seed 0)",
    "human_high": "the high end of that interval",
}

#: A report to copy and fill in.
TEMPLATE = {
    "ks": [5, 10, 20], "seeds": [0, 1], "k_criterion": "c_npmi_documents", "measure": "c_npmi", "reference": "training",
    "human_corpus": "wikitext", "judgement": "rating",
    "reasons": {"k_criterion": "...", "measure": "...", "reference": "..."},
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
    """gensim's ``lee.cor``: 50 other articles of the same newspaper, preprocessed as :func:`lee_texts`."""
    return [list(d) for d in _separate_texts()]


@functools.lru_cache(maxsize=8)
def _sweep(ks, seeds):
    from ...evaluation.model_selection import k_sweep

    return k_sweep(lee_texts(), ks=list(ks), seeds=list(seeds), top_n=TOP_N, **SWEEP_SETTINGS)


def sweep(ks: list[int], seeds: list[int]) -> SweepTable:
    """The LDA sweep of the Lee corpus for these Ks and seeds (:func:`teachkit.k_sweep` with
    :data:`SWEEP_SETTINGS`), trained once per session and reused by :func:`check_report`."""
    return _sweep(*_choice_lists({"ks": ks, "seeds": seeds}))


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


def _choice_lists(report):
    ks = _whole_numbers(report["ks"], "ks", 2)
    if len(ks) < 2:
        raise ValueError(f"ks must list at least two Ks to choose among, got {list(ks)}.")
    if max(ks) > 50:
        raise ValueError(f"ks must stay at most 50 (the Lee corpus has 240 training articles), got "
                         f"{short_repr(list(ks))}.")
    seeds = _whole_numbers(report["seeds"], "seeds", 0)
    if len(seeds) < 2:
        raise ValueError(f"seeds must list at least two seeds, so that the report can show the spread "
                         f"across them, got {list(seeds)}.")
    if len(ks) * len(seeds) > 24:
        raise ValueError(f"{len(ks)} Ks × {len(seeds)} seeds is {len(ks) * len(seeds)} models; keep it at "
                         "most 24 (each takes a second or two to train).")
    return ks, seeds


def _read(report):
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
    return _choice_lists(report)


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


def describe(report: dict[str, Any]) -> str:
    """The report's choices written out as notebook 08's checklist asks: everything a coherence number
    depends on (window, top-n, reference corpus, zero convention, counting, versions) and how K was chosen.
    """
    import importlib.metadata

    from ... import __version__
    from ...coherence.measures import MEASURES

    ks, seeds = _read(report)
    m = MEASURES[report["measure"]]
    window = "whole documents" if m.window is None else f"sliding windows of {m.window} tokens"
    reference = ("the models' own training articles (the sweep's training split)" if report["reference"] ==
                 "training" else "gensim's lee.cor, 50 other articles of the same newspaper")
    s = SWEEP_SETTINGS
    lines = [
        f"corpus            Lee background corpus, {len(lee_texts())} articles; stopwords, tokens under 3 letters and "
        "non-alphabetic tokens removed",
        f"models            gensim LdaModel, K in {list(ks)}, seeds {list(seeds)}; {s['passes']} passes, "
        f"{s['iterations']} iterations; dictionary no_below={s['no_below']}, no_above={s['no_above']}; "
        f"{s['heldout']:.0%} of the articles held out (split seed {s['split_seed']})",
        f"choice of K       {_k_criterion(report)}, best mean over seeds (ties to the smaller K)",
        f"measure           {m.name}: {m.segmentation} segmentation, {window}, {m.confirmation}, mean over "
        f"segments; zero convention {m.zero!r}; top {TOP_N} words; counts correct (not gensim 4.4's "
        "sliding-window under-count)",
        f"reference corpus  {reference}",
        "spread            lowest and highest seed at the chosen K",
        f"people            Hoyle et al. 2021, {report['human_corpus']} topics, mean {report['judgement']}; "
        f"Spearman's rho, {LEVEL:.0%} percentile bootstrap, {N_RESAMPLES} resamples, seed {BOOTSTRAP_SEED}",
        f"versions          teachkit {__version__}, gensim {importlib.metadata.version('gensim')}",
    ]
    return "\n".join(lines)


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


# ---------------------------------------------------------------- recomputing
def recompute(report: dict[str, Any]) -> dict[str, Any]:
    """Every number of :data:`NUMBERS`, computed from the report's choices (its numbers are not read).

    ``reference="training"`` counts on the articles the models were trained on (the sweep's training
    split); ``"separate"`` on gensim's ``lee.cor``.  Topic words missing from the reference are left out
    (:func:`teachkit.coherence_per_topic`).
    """
    import numpy as np

    from ...evaluation.agreement import bootstrap_spearman
    from ...evaluation.human_ratings import load_human_ratings
    from ...coherence.measures import coherence_per_topic
    from ...evaluation.model_selection import split_documents

    ks, seeds = _read(report)
    table = _sweep(ks, seeds)
    k = table.best_k(_k_criterion(report))
    if report["reference"] == "training":       # the articles the models learnt from: the sweep's training split
        texts, _ = split_documents(lee_texts(), SWEEP_SETTINGS["heldout"], seed=SWEEP_SETTINGS["split_seed"])
    else:
        texts = separate_texts()
    per_seed = [coherence_per_topic(list(table.topics[(k, s)]), texts, report["measure"], top_n=TOP_N).mean
                for s in seeds]
    people = load_human_ratings().select(corpus=report["human_corpus"])
    column = HUMAN_COLUMN[report["measure"]]
    keep = ~np.isnan(people.column(column))
    agreement = bootstrap_spearman(people.column(column)[keep], people.column(report["judgement"])[keep],
                                   n_resamples=N_RESAMPLES, level=LEVEL, seed=BOOTSTRAP_SEED)
    return {
        "k": k,
        "coherence": float(np.mean(per_seed)),
        "coherence_low": float(min(per_seed)),
        "coherence_high": float(max(per_seed)),
        "perplexity": float(np.mean([table.value("perplexity", k, s) for s in seeds])),
        "human_rho": agreement.rho,
        "human_low": agreement.low,
        "human_high": agreement.high,
    }


# ---------------------------------------------------------------- judging
@dataclass(frozen=True)
class Line:
    """One reported number: what was written, what follows from the choices, and the verdict.

    ``student`` is what the student's check shows: whether the number follows and, if not, what it depends on,
    never the value that follows.  ``message`` is the teacher's feedback (what ``make grade`` writes in the
    gradebook): the same verdict with the value teachkit gets.
    """

    name: str
    written: object
    value: float
    follows: bool
    message: str
    student: str = ""


class ReportCheck:
    """The verdict on a report: one :class:`Line` per number of :data:`NUMBERS`.

    ``flagged`` lists the numbers that do not follow from the choices (or are missing), ``score`` is the
    share that do, ``missing_reasons`` names the choices given no reason (none, or one too short to be one)
    and ``short_reasons`` those of them whose reason is too short.  Printed, it is the student's view: no
    value that follows is shown.
    """

    def __init__(self, lines: list[Line], missing_reasons: list[str], short_reasons: Sequence[str] = ()) -> None:
        self.lines = list(lines)
        self.missing_reasons = list(missing_reasons)
        self.short_reasons = [name for name in short_reasons if name in self.missing_reasons]

    @property
    def flagged(self) -> list[str]:
        return [line.name for line in self.lines if not line.follows]

    @property
    def score(self) -> float:
        return sum(line.follows for line in self.lines) / len(self.lines)

    def _reason_rows(self) -> list[str]:
        none = [name for name in self.missing_reasons if name not in self.short_reasons]
        rows = []
        if none:
            rows.append(f"none given for {', '.join(none)}")
        if self.short_reasons:
            rows.append(f"too short for {', '.join(self.short_reasons)}: say why in a sentence")
        return rows

    def __str__(self) -> str:
        rows = [f"{'✓' if line.follows else '✗'} {line.name:<15} {line.student}" for line in self.lines]
        rows += [f"✗ reasons         {row}" for row in self._reason_rows()]
        rows.append(f"{len(self.lines) - len(self.flagged)} of {len(self.lines)} numbers follow from the choices.")
        return "\n".join(rows)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{'✓' if line.follows else '✗'}</td><td><code>{line.name}</code></td>"
            f"<td>{html.escape(line.student)}</td></tr>" for line in self.lines)
        body += "".join(f"<tr><td>✗</td><td>reasons</td><td>{html.escape(row)}</td></tr>"
                        for row in self._reason_rows())
        return (f"<table><tbody>{body}</tbody></table><p>{len(self.lines) - len(self.flagged)} of "
                f"{len(self.lines)} numbers follow from the choices.</p>")


def depends_on(name: str, report: dict[str, Any]) -> str:
    """What number ``name`` of a report depends on: the choices, corpus and seeds that decide it (no value)."""
    ks, seeds = _read(report)
    k = f"K (the one {_k_criterion(report)!r} picks)"
    reference = ("the training split of the Lee articles" if report["reference"] == "training" else "lee.cor")
    seeds_text = f"seeds {list(seeds)}"
    if name == "k":
        return (f"the criterion {_k_criterion(report)!r}, the Ks {list(ks)} and the {seeds_text}: the K whose "
                "mean over the seeds is best (ties to the smaller K)")
    if name.startswith("coherence"):
        which = {"coherence": "the mean over the topics, then over the seeds",
                 "coherence_low": "the lowest seed's mean over the topics",
                 "coherence_high": "the highest seed's mean over the topics"}[name]
        return (f"{k}, the measure {report['measure']!r} counted on the reference corpus ({reference}) and the "
                f"{seeds_text}: {which}")
    if name == "perplexity":
        return (f"{k} and the {seeds_text}: the held-out {SWEEP_SETTINGS['heldout']:.0%} of the Lee articles, "
                "exp(-bound), mean over the seeds (not the measure, not the reference corpus)")
    which = {"human_rho": "Spearman's rho", "human_low": "the low end of the 95% bootstrap interval",
             "human_high": "the high end of the 95% bootstrap interval"}[name]
    resampling = (f" ({N_RESAMPLES} resamples, seed {BOOTSTRAP_SEED})" if name != "human_rho" else "")
    return (f"the measure {report['measure']!r} (the authors' {HUMAN_COLUMN[report['measure']]} scores), the "
            f"human_corpus {report['human_corpus']!r} and the judgement {report['judgement']!r}: {which}"
            f"{resampling} over Hoyle et al.'s topics, not your Lee models")


def _readings(typed):
    """What ``typed`` may stand for: as written, and, for a whole number ending in zeros ("4150", "4,150"),
    the same to its last non-zero digit ("4.15e3"), since those zeros are not significant (:data:`PRECISION`)."""
    import re
    from decimal import Decimal

    forms = [typed]
    compact = re.sub(r"(?<=\d)[, \u00a0\u202f](?=\d{3}\b)", "", typed.strip())
    if re.fullmatch(r"[-+−]?\d*[1-9]\d*0", compact):
        forms.append(str(Decimal(compact.replace("−", "-")).normalize()))
    return forms


#: The numbers of a report that come out of trained models, whose last digits depend on the CPU.
TRAINED = ("coherence", "coherence_low", "coherence_high", "perplexity")
#: The relative tolerance a trained number is judged at (see :func:`cpu_tolerance`).
TRAINED_RTOL = 1e-4


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

    >>> round(cpu_tolerance("perplexity", 3287.21), 6), cpu_tolerance("human_rho", 0.43)
    (0.328721, 0.0)
    """
    return abs(value) * TRAINED_RTOL if name in TRAINED else 0.0


def _within_cpu_tolerance(name, read, value) -> bool:
    # ``read``: the number check_answer read from what was written (a Decimal or a Fraction), None if none
    try:
        return read is not None and abs(float(read) - value) <= cpu_tolerance(name, value)
    except (OverflowError, ValueError):
        return False


def _judge(name, written, value, depends):
    from ..selfcheck import check_answer

    if written is None or (isinstance(written, str) and not written.strip()):
        return Line(name, written, value, False, "not stated", f"not stated; it depends on {depends}")
    unreadable = _unreadable(written, value)
    if unreadable:
        # the teacher's message may name the value; the student's stops before it
        student = unreadable.split(": teachkit gets", 1)[0]
        if student != unreadable:
            student += f"; {name} depends on {depends}"
        return Line(name, written, value, False, unreadable, student)
    if name == "k":
        typed = str(written).strip()
        if _states_k(written, value):
            return Line(name, written, value, True, f"K = {value} follows", f"K = {typed} follows")
        return Line(name, written, value, False,
                    f"{typed} does not follow: the stated criterion picks K = {value} from the mean over seeds",
                    f"{typed} does not follow from the choices; K depends on {depends}")
    typed = repr(written) if isinstance(written, float) else str(written)
    # The value shown beside a verdict has 5 significant figures: the held-out perplexity of an LDA model
    # differs from one CPU to another around its 7th (3271.694 here, 3271.70 with AVX2 and AVX-512 off).
    verdicts = [check_answer(form, value, **PRECISION) for form in _readings(typed)]
    verdict = next((v for v in verdicts if v.correct), verdicts[-1])
    shown = typed.strip()
    if verdict.correct or _within_cpu_tolerance(name, verdict.value, value):
        return Line(name, written, value, True, f"{shown} follows (teachkit: {value:.5g})", f"{shown} follows")
    if not verdict.parsed:
        return Line(name, written, value, False, f"{shown[:30]!r} is not a number: {verdict.message}",
                    f"{shown[:30]!r} is not a number: {verdict.message}")
    if verdict.message.startswith("Give at least"):
        rough = f"{shown} is too rough to judge: give {PRECISION_TEXT}"
        return Line(name, written, value, False, f"{rough} (teachkit gets {value:.5g})", rough)
    at = verdict.message.split(" is not right to ", 1)[-1].split(".")[0]
    return Line(name, written, value, False,
                f"{shown} does not follow from the choices: teachkit gets {value:.5g} ({verdict.message})",
                f"{shown} does not follow from the choices (it is not right to {at}); {name} depends on {depends}")


def _unreadable(written, value):
    """Why a stated number is judged without being read (a message for its line alone), or None.

    A whole number past Python's 4,300-digit limit cannot even be turned into text, and a very long one (or a
    very long text) would fill the message; each is judged here, so that the report's other numbers keep
    their verdicts.
    """
    if isinstance(written, int) and not isinstance(written, bool) and written.bit_length() > 300:   # ~90 digits
        return f"{short_repr(written, 30)} does not follow from the choices: teachkit gets {value:.5g}"
    if isinstance(written, str) and len(written) > 100:
        return f"{short_repr(written.strip(), 30)} is not a number: type the value, e.g. 0.123"
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


def check_report(report: dict[str, Any]) -> ReportCheck:
    """Recompute the report's numbers from its choices and judge each at the precision it is written.

    Parameters
    ----------
    report : dict
        As :data:`TEMPLATE`: the choices, ``reasons`` and ``numbers`` (each a string as typed, or a number).

    Returns
    -------
    ReportCheck
        One line per number of :data:`NUMBERS`; a missing or empty number is flagged too.  Printed, each flagged
        number says what it depends on, not the value that follows (that is in ``Line.message``, the
        teacher's feedback).

    Raises
    ------
    ValueError, TypeError
        For a report whose choices cannot be read (an unknown measure, a single seed, ...), naming the entry.
    """
    values = recompute(report)
    stated = report["numbers"]
    lines = [_judge(name, stated.get(name), values[name], depends_on(name, report)) for name in NUMBERS]
    renamed = renamed_choices(report)
    if renamed:         # said once, beside the verdict on K (the student's view and the teacher's feedback)
        lines = [replace(line, message=f"{line.message} ({renamed})", student=f"{line.student} ({renamed})")
                 if line.name == "k" else line for line in lines]
    reasons = report["reasons"]
    given = {name: reasons[name].strip().strip(".").strip() for name in REASONS if isinstance(reasons.get(name), str)}
    missing = [name for name in REASONS if len(given.get(name, "")) < MIN_REASON]
    short = [name for name in missing if given.get(name)]
    return ReportCheck(lines, missing, short)
