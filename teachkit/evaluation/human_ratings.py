"""People's judgements of topics: Hoyle et al. (2021)'s released ratings and word-intrusion results.

Hoyle, Goel, Hian-Cheong, Peskov, Boyd-Graber and Resnik, "Is Automated
Topic Model Evaluation Broken? The Incoherence of Coherence", NeurIPS 2021
(https://arxiv.org/abs/2107.02173), asked crowd workers about the topics of
three models (Mallet LDA, D-VAE, ETM), 50 topics each, trained on two corpora
(Wikipedia "wikitext", New York Times):

* **ratings**: 15 people per topic rated its top words 1 (not related),
  2 (somewhat) or 3 (very related);
* **word intrusion**: 26 people per topic saw its top words plus one
  intruder and picked the odd one out; the score is 1 when they found it.

The file ``teachkit/data/hoyle2021_all_data.json`` is the authors'
``data/human/all_data/all_data.json`` (repository ``ahoho/topics``, MIT
licence, copied unchanged; see ``teachkit/data/README.md``).  Beside the
judgements it holds the authors' automated scores of each topic (NPMI, C_V,
UCI, UMass), which they computed on their own reference corpora; those
corpora are not shipped, so teachkit cannot recompute the automated scores.
What *is* recomputed here: each topic's mean rating and intrusion hit rate
(from the raw judgements), and everything built on them (correlations,
which model people prefer).

Examples
--------
>>> data = load_human_ratings()
>>> len(data), data.corpora, data.models
(300, ('nytimes', 'wikitext'), ('dvae', 'etm', 'mallet'))
>>> t = data.topics[0]
>>> t.corpus, t.model, t.words[:4], len(t.ratings), len(t.intrusions)
('wikitext', 'mallet', ('water', 'area', 'river', 'park'), 15, 26)
"""

from __future__ import annotations

import json
import math
import os
import pathlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

__all__ = ["RatedTopic", "HumanRatings", "load_human_ratings", "HUMAN_RATINGS_FILE", "AUTOMATED_METRICS"]

#: File name of the shipped judgements inside ``teachkit/data/``.
HUMAN_RATINGS_FILE = "hoyle2021_all_data.json"
#: The corpus/model groups of the release, 50 topics each.
RELEASED_GROUPS = tuple((c, m) for c in ("wikitext", "nytimes") for m in ("mallet", "dvae", "etm"))
RELEASED_TOPICS = 50 * len(RELEASED_GROUPS)

#: The authors' automated scores that exist for every topic of every model,
#: on the topic's own corpus (``_full``: training + validation + test
#: documents as the reference corpus), top 10 words.
AUTOMATED_METRICS = ("c_npmi_10_full", "c_v_full", "c_uci_full", "u_mass_full")

_HUMAN_KEYS = ("ratings_scores_raw", "ratings_scores_avg", "ratings_confidences_raw", "ratings_confidences_avg",
               "intrusion_scores_raw", "intrusion_scores_avg", "intrusion_confidences_raw",
               "intrusion_confidences_avg")


@dataclass(frozen=True)
class RatedTopic:
    """One topic with people's judgements and the authors' automated scores.

    Attributes
    ----------
    corpus : str
        ``"wikitext"`` or ``"nytimes"``.
    model : str
        ``"mallet"`` (LDA), ``"dvae"`` or ``"etm"``.
    index : int
        The topic's position in the model (0-49).
    words : tuple of str
        Its top 20 words, most probable first.
    ratings : tuple of int
        Each rater's 1-3 rating.
    intrusions : tuple of int
        1 where a rater found the intruder, 0 where not.
    metrics : dict of str to float or None
        The authors' automated scores (None where they report none).
    """

    corpus: str
    model: str
    index: int
    words: tuple
    ratings: tuple = field(repr=False)
    intrusions: tuple = field(repr=False)
    metrics: dict = field(repr=False)

    @property
    def rating(self) -> float:
        """Mean rating, 1 to 3 (recomputed from the raw ratings)."""
        return sum(self.ratings) / len(self.ratings)

    @property
    def intrusion(self) -> float:
        """Share of raters who found the intruder, 0 to 1 (recomputed from the raw answers)."""
        return sum(self.intrusions) / len(self.intrusions)


class HumanRatings:
    """The judged topics, with selections and columns for analysis.

    Build it with :func:`load_human_ratings`.  ``len()`` is the number of
    topics; ``topics`` holds :class:`RatedTopic` objects in file order.
    """

    def __init__(self, topics: Sequence[RatedTopic], source: str) -> None:
        self.topics = tuple(topics)
        self.source = source

    def __len__(self) -> int:
        return len(self.topics)

    def __repr__(self) -> str:
        # short enough for the website's column (look review x5); the file is in ``source``
        return (f"HumanRatings({len(self)} topics; corpora {', '.join(self.corpora)}; "
                f"models {', '.join(self.models)})")

    @property
    def corpora(self) -> tuple[str, ...]:
        return tuple(sorted({t.corpus for t in self.topics}))

    @property
    def models(self) -> tuple[str, ...]:
        return tuple(sorted({t.model for t in self.topics}))

    @property
    def metric_names(self) -> tuple[str, ...]:
        """Names of the automated scores present for at least one topic."""
        return tuple(sorted({k for t in self.topics for k in t.metrics}))

    def select(self, corpus: str | None = None, model: str | None = None) -> HumanRatings:
        """The topics of one corpus and/or one model, as a new :class:`HumanRatings`."""
        for name, value, allowed in (("corpus", corpus, self.corpora), ("model", model, self.models)):
            if value is not None and value not in allowed:
                raise ValueError(f"{name} must be one of {list(allowed)} (or None for all), got {value!r}.")
        chosen = [t for t in self.topics
                  if (corpus is None or t.corpus == corpus) and (model is None or t.model == model)]
        return HumanRatings(chosen, self.source)

    def column(self, name: str) -> np.ndarray:
        """One value per topic, as a float array.

        ``name`` is ``"rating"`` (mean 1-3 rating), ``"intrusion"`` (hit
        rate) or one of :attr:`metric_names` (the authors' scores; a topic
        without that score gives NaN, so drop those with :meth:`complete`).
        """
        if name in ("rating", "intrusion"):
            return np.array([getattr(t, name) for t in self.topics], dtype=float)
        if name not in self.metric_names:
            raise ValueError(
                f"name must be 'rating', 'intrusion' or an automated score such as {AUTOMATED_METRICS[0]!r}; "
                f"{name!r} is none of them (see .metric_names)."
            )
        return np.array([np.nan if t.metrics.get(name) is None else t.metrics[name] for t in self.topics],
                        dtype=float)

    def complete(self, *names: str) -> HumanRatings:
        """Only the topics that have a value for every one of ``names``."""
        keep = np.ones(len(self), dtype=bool)
        for name in names:
            keep &= np.isfinite(self.column(name))
        return HumanRatings([t for t, k in zip(self.topics, keep) if k], self.source)


def _data_path():
    return resources.files("teachkit").joinpath("data", HUMAN_RATINGS_FILE)


def _mean_matches(raw, stored, where):
    mean = sum(raw) / len(raw)
    if not math.isclose(mean, stored, abs_tol=1e-9):
        raise ValueError(f"{where}: the stored average {stored} is not the mean of the raw values ({mean}); "
                         "the file is damaged or not the released one.")


def load_human_ratings(path: str | os.PathLike | None = None) -> HumanRatings:
    """Load Hoyle et al. (2021)'s judgements of 300 topics (shipped with teachkit).

    Parameters
    ----------
    path : str or pathlib.Path, optional
        Another copy of ``all_data.json``; by default the one in
        ``teachkit/data/``.

    Returns
    -------
    HumanRatings

    Raises
    ------
    FileNotFoundError
        If the file is missing (e.g. a package built without its data), with
        where it was looked for and how to get it.
    ValueError
        If the file does not have the released structure, or a stored
        average is not the mean of its raw judgements.

    Examples
    --------
    >>> data = load_human_ratings()
    >>> lda = data.select(corpus="wikitext", model="mallet")
    >>> len(lda), round(float(lda.column("rating").mean()), 4)
    (50, 2.6293)
    """
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (str or pathlib.Path), got {type(path).__name__}.")
    source = _data_path() if path is None else pathlib.Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        if path is not None:   # the user's own path: nothing to reinstall
            raise FileNotFoundError(f"path: there is no file at {source}; check the path, or call "
                                    "load_human_ratings() without it for the copy shipped with teachkit.") from None
        raise FileNotFoundError(
            f"The human ratings file is missing: {source}. teachkit ships it as package data "
            f"(teachkit/data/{HUMAN_RATINGS_FILE}); reinstall teachkit from its repository "
            "(`python -m pip install -e .`), or download data/human/all_data/all_data.json from "
            "https://github.com/ahoho/topics (MIT licence) and pass its path: load_human_ratings(path)."
        ) from None
    except IsADirectoryError:
        raise ValueError(f"path: {source} is a folder; pass the JSON file itself (all_data.json).") from None
    except UnicodeDecodeError:
        raise ValueError(f"path: {source} is not a text file; it should be Hoyle et al.'s all_data.json.") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"{source} is not valid JSON ({err}); it should be Hoyle et al.'s all_data.json.") from None

    topics = []
    try:
        for corpus, models in raw.items():
            for model, content in models.items():
                metrics = content["metrics"]
                words = content["topics"]
                for key in _HUMAN_KEYS:
                    if len(metrics[key]) != len(words):
                        raise ValueError(f"{source}: {corpus}/{model}/{key} has {len(metrics[key])} entries "
                                         f"for {len(words)} topics.")
                for i, topic_words in enumerate(words):
                    where = f"{corpus}/{model} topic {i}"
                    ratings = tuple(int(r) for r in metrics["ratings_scores_raw"][i])
                    hits = tuple(int(h) for h in metrics["intrusion_scores_raw"][i])
                    if not ratings or any(r not in (1, 2, 3) for r in ratings):
                        raise ValueError(f"{source}: {where} has ratings {ratings}; expected values 1, 2 or 3.")
                    if not hits or any(h not in (0, 1) for h in hits):
                        raise ValueError(f"{source}: {where} has intrusion answers {hits}; expected 0 or 1.")
                    _mean_matches(ratings, metrics["ratings_scores_avg"][i], where + " ratings")
                    _mean_matches(hits, metrics["intrusion_scores_avg"][i], where + " intrusion")
                    scores = {k: v[i] for k, v in metrics.items() if k not in _HUMAN_KEYS}
                    topics.append(RatedTopic(corpus, model, i, tuple(topic_words), ratings, hits, scores))
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(
            f"{source} does not have the structure of Hoyle et al.'s all_data.json "
            f"(corpus -> model -> 'metrics'/'topics'); problem at {err!r}."
        ) from None
    if not topics:
        raise ValueError(f"{source} holds no topics.")
    # The release has every model on every corpus; a file with a part missing would quietly change every
    # correlation and comparison computed from it.
    found = {(t.corpus, t.model) for t in topics}
    missing = sorted(set(RELEASED_GROUPS) - found)
    if missing:
        raise ValueError(
            f"{source} holds {len(topics)} topics, but Hoyle et al.'s release has {RELEASED_TOPICS} "
            f"({len(RELEASED_GROUPS)} corpus/model groups of 50); missing: "
            + ", ".join(f"{c}/{m}" for c, m in missing) + ". Use the complete all_data.json, or select() the "
            "part you need from it.")
    return HumanRatings(topics, str(source))
