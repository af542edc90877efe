"""The catalogue of every number the four source documents print as the result of a calculation.

The numbers themselves are data, in ``teachkit/data/documents.json``; this
module reads that file once (:func:`load_catalogue`) and gives the rest of the
package one :class:`Record` per printed result: final results, intermediate
steps (one record per distinct entry of a printed matrix or vector) and the
illustrative claims made in prose.  A record says where the number is, what
it computes, its inputs *as the document states them*, the value *exactly as
printed* (a string, which also fixes its precision), and the name of the
teachkit recomputation (a *recipe*, a function of
:mod:`teachkit.documents.check`) with its arguments.  A record may also name
alternative computations to try (the document's own rounded intermediates, a
different convention, the document's earlier wrong values, a suspected slip)
and the most likely cause if nothing agrees.

**No verdict is stored here.**  :func:`teachkit.check_documents` recomputes
every record and derives the verdict from the comparison; the tests pin the
verdicts that hand calculation predicts.

A number printed again in the same step (a matrix restating the entries just
computed, an "interpretation" line repeating a result) shares its record; a
number printed again in another section (a comparison or summary table) gets
its own record.  Inputs the document simply states (counts, the
embedding excerpts, the cosines of Example 1) are not records, except where
the document presents them as computed results it does not let us check
(those are catalogued as uncheckable).  Inputs used by several records are
written once in the file's ``inputs`` table under a name that says what they
are (``guide_running_exercise_counts``, ``semantic_topic_cosines`` ...) and
referred to as ``{"$ref": name}``.

Ids are stable: ``<document number>-<place>-<quantity>``, e.g.
``"001-eq4-pmi"``.

Examples
--------
>>> len(RECORDS) == len({r.id for r in RECORDS})
True
>>> printed_value("004-sc")
0.892
>>> SEMANTIC_EXAMPLE["words"]
('machine', 'learning', 'algorithm')
"""

from __future__ import annotations

import json
from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

__all__ = [
    "Record", "Alternative", "RECORDS", "DOCUMENTS", "QUALITY_BANDS", "records", "printed_value",
    "load_catalogue", "check_recipes",
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
    args: dict[str, Any] = field(default_factory=dict)
    recipe: str | None = None
    uses: tuple[str, ...] = ()
    cause: str | None = None
    short: str | None = None


@dataclass(frozen=True)
class Record:
    """One printed number (or claim) of a source document. See the module docstring.

    ``claim`` (e.g. ``("gt", "0.30")``) turns a printed word into a test on the recomputed value;
    ``read_as`` is the number a printed word stands for (``"twice"`` -> ``"2"``); ``needs`` says what
    an uncheckable record would need; ``standard`` names the standard definition when a
    convention is tried.
    """

    id: str
    document: str
    location: str
    quantity: str
    inputs: str
    printed: str
    recipe: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    alternatives: tuple[Alternative, ...] = ()
    claim: tuple | None = None
    read_as: str | None = None
    cause: str = "arithmetic"
    needs: str = ""
    note: str = ""
    standard: str = ""


# ------------------------------------------------------------------ the loader
def _frozen(value: Any) -> Any:
    """JSON lists as tuples, recursively, so the records' arguments are the immutable values recipes expect."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _resolve(value: Any, inputs: Mapping[str, Any]) -> Any:
    """Replace every ``{"$ref": name, ...}`` by ``inputs[name]`` (a mapping gets the other keys added)."""
    if isinstance(value, list):
        return [_resolve(v, inputs) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _resolve(v, inputs) for k, v in value.items() if k != "$ref"}
    if "$ref" not in value:
        return out
    name = value["$ref"]
    if name not in inputs:
        raise ValueError(f"the catalogue refers to an unknown input {name!r}; known: {', '.join(inputs)}")
    shared = _resolve(inputs[name], inputs)
    if out:
        if not isinstance(shared, dict):
            raise ValueError(f"input {name!r} is not a mapping, so no keys can be added to it")
        return {**shared, **out}
    return shared


def _alternative(entry: Mapping[str, Any]) -> Alternative:
    entry = _frozen(dict(entry))
    return Alternative(**{**entry, "args": dict(entry.get("args", {}))})


def _record(entry: Mapping[str, Any]) -> Record:
    entry = dict(entry)
    alternatives = tuple(_alternative(a) for a in entry.pop("alternatives", ()))
    entry = _frozen(entry)
    return Record(**{**entry, "args": dict(entry.get("args", {})), "alternatives": alternatives})


def load_catalogue(path: str | None = None) -> dict[str, Any]:
    """Read the catalogue file (``teachkit/data/documents.json`` unless ``path`` is given) and check it.

    Returns
    -------
    dict
        ``documents`` (file name -> description), ``quality_bands`` (label, lower, upper),
        ``records`` (tuple of :class:`Record`, in document order) and ``semantic_example``
        (the semantic document's inputs, references resolved).

    Raises
    ------
    ValueError
        If two records share an id, a record names an unknown document, an alternative uses
        an unknown record, or the file refers to an unknown input.
    """
    if path is None:
        text = resources.files("teachkit").joinpath("data", "documents.json").read_text(encoding="utf-8")
    else:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    raw = json.loads(text)
    inputs = raw["inputs"]
    documents = raw["documents"]
    recs = tuple(_record(_resolve(entry, inputs)) for entry in raw["records"])
    ids = [r.id for r in recs]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"duplicate record id(s) in the catalogue: {', '.join(repeated)}")
    known = set(ids)
    for r in recs:
        if r.document not in documents:
            raise ValueError(f"record {r.id} names an unknown document {r.document!r}")
        for alt in r.alternatives:
            unknown = [u for u in alt.uses if u not in known]
            if unknown:
                raise ValueError(f"record {r.id}: an alternative uses unknown record(s) {', '.join(unknown)}")
    return {
        "documents": documents,
        "quality_bands": tuple(tuple(band) for band in raw["quality_bands"]["bands"]),
        "records": recs,
        "semantic_example": _resolve(raw["semantic_example"], inputs),
    }


def check_recipes(recipes: Container[str]) -> None:
    """Raise ValueError unless every recipe the records (and their alternatives) name is in ``recipes``.

    :mod:`teachkit.documents.check` calls it with its table of recipes (this module cannot import
    that one: it imports this one).
    """
    missing = sorted({f"{name} ({r.id})" for r in RECORDS
                      for name in (r.recipe, *(a.recipe for a in r.alternatives))
                      if name is not None and name not in recipes})
    if missing:
        raise ValueError(f"the catalogue names recipes that do not exist: {', '.join(missing)}")


_CATALOGUE = load_catalogue()

#: The source documents, in order: what each is (README, "The four source documents", lists the
#: same); the Portuguese note writes decimals with a comma.
DOCUMENTS = MappingProxyType(_CATALOGUE["documents"])

#: The NPMI guide's own quality table ("Typical Score Ranges for Topics"):
#: (label, lower edge inclusive, upper edge exclusive) of the mean NPMI: 0.00 is Marginal, as the table's
#: "< 0.00" for Poor says.
QUALITY_BANDS = _CATALOGUE["quality_bands"]

#: Every record, in document order.
RECORDS: tuple[Record, ...] = _CATALOGUE["records"]
_BY_ID = {r.id: r for r in RECORDS}


def records(document: str | None = None) -> list[Record]:
    """The records of one document (a file name), or all of them."""
    return [r for r in RECORDS if document is None or r.document == document]


# ============================================ the documents' data, as the other modules use it
# Built from the records and the file's inputs, so each number of the documents is written once, in the data file.
def printed_value(record_id: str) -> float:
    """A record's printed number as a float ("-0.313" -> -0.313); its precision is in the string.

    Raises
    ------
    KeyError
        If no record has this id.
    """
    record = _BY_ID.get(record_id)
    if record is None:
        raise KeyError(f"no record {record_id!r} in teachkit.documents.catalogue")
    return float((record.read_as or record.printed).replace("−", "-").replace(",", ""))


def _floats(matrix: Any) -> tuple:
    return tuple(tuple(float(x) for x in row) for row in matrix)


def _printed(*ids: str) -> tuple[float, ...]:
    return tuple(printed_value(i) for i in ids)


def _printed_matrix(prefix: str) -> tuple[tuple[float, ...], ...]:
    # A symmetric 3 x 3 matrix whose entries are records "<prefix>-<i><j>" with i <= j.
    return tuple(tuple(printed_value(f"{prefix}-{min(i, j)}{max(i, j)}") for j in range(3)) for i in range(3))


_SEMANTIC = _CATALOGUE["semantic_example"]
_WORDS = tuple(_SEMANTIC["words"])

#: The inputs of the semantic-metrics document (its examples 1-3), as numbers.
SEMANTIC_EXAMPLE = MappingProxyType({
    # Example 1: semantic coherence of topic T1.
    "words": _WORDS,
    "similarity": _floats(_SEMANTIC["similarity"]),
    "threshold": float(_SEMANTIC["threshold"]),
    "damping": float(_SEMANTIC["damping"]),
    "direct_weight": float(_SEMANTIC["direct_weight"]),
    "indirect_weight": float(_SEMANTIC["indirect_weight"]),
    # The λ the document prints and then uses downstream (not PageRank's).
    "weights": tuple(float(x) for x in _SEMANTIC["weights"]),
    # The first three and the last of the 384 embedding components it shows.
    "embedding_excerpts": MappingProxyType({w: tuple(float(x) for x in e)
                                            for w, e in zip(_WORDS, _SEMANTIC["embedding_excerpts"])}),
    # Examples 2-3: three topics, their cosines, and ten documents' topics.
    "topics": tuple(tuple(t) for t in _SEMANTIC["topics"]),
    "topic_labels": tuple(_SEMANTIC["topic_labels"]),
    "topic_similarity": _floats(_SEMANTIC["topic_similarity"]),
    "assignments": tuple(_SEMANTIC["assignments"]),
    "alpha": float(_SEMANTIC["alpha"]),
    "beta": float(_SEMANTIC["beta"]),
})

#: What the semantic-metrics document prints for each step, right or wrong (the verdicts are
#: teachkit.documents.check's).  Matrices are row by row.
SEMANTIC_PRINTED = MappingProxyType({
    "iteration_1": _printed(*(f"004-pr-iter1-{w}" for w in _WORDS)),
    "iteration_1_as_written": printed_value("004-pr-iter1-machine"),
    "weights": _printed(*(f"004-pr-{w}" for w in _WORDS)),
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
PERPLEXITY_TRAINING: tuple[str, ...] = _BY_ID["003-perplexity-seen"].args["train"]
PERPLEXITY_UNSEEN: tuple[str, ...] = _BY_ID["003-perplexity-unseen"].args["test"]
PERPLEXITY_PRINTED = MappingProxyType({
    "training text": printed_value("003-perplexity-seen"),
    "unseen text": printed_value("003-perplexity-unseen"),
})
