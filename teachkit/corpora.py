"""Corpora for the exercises: a real one that ships with gensim, a generated one
whose topics are known, and nltk's corpora when their data is installed.

* :func:`lee_background` -- 300 Australian news articles (the "Lee
  background corpus") that gensim ships inside its package, so it is always
  there offline.
* :func:`planted_topics` -- a generated corpus with topics planted in it.
  Every document mixes a few word-topics with background words, and the
  answer (which words form a topic, which document holds which topic) is
  returned with the documents.  A coherence measure should find the planted
  topics more coherent than random word lists; a topic model should recover
  them.
* :func:`nltk_corpus` -- an nltk corpus such as Brown, one document per file.
  nltk's data is a separate download, so a missing corpus is reported at
  once with instructions; teachkit never tries to download it.

Every corpus comes back as a list of token lists, tokenized by
:func:`teachkit.tokenize` (lowercase, NFC, runs of letters and digits), so
its tokens match what :class:`teachkit.CooccurrenceCounts` counts from raw
text.
"""

from __future__ import annotations

import functools
import importlib.util
import numbers
import os
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ._checks import as_list, check_finite_real, check_flag, check_positive_int, check_seed
from .text import normalize_token, tokenize

__all__ = ["lee_background", "PlantedTopics", "planted_topics", "nltk_corpus"]


# ---------------------------------------------------------------- Lee corpus
def _lee_path():
    # The file sits in gensim's package folder; finding that folder without importing gensim saves the
    # seconds a full `import gensim` takes (scipy, smart_open, ...), which every notebook using the corpus paid.
    try:
        spec = importlib.util.find_spec("gensim")
    except (ImportError, ValueError):
        spec = None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = os.path.join(folder, "test", "test_data", "lee_background.cor")
        if os.path.isfile(path):
            return path
    try:
        from gensim.test.utils import datapath
    except ImportError as err:
        raise ImportError(
            "lee_background() reads the Lee corpus that ships inside gensim, but gensim is not installed "
            "(or failed to import). Install it with `python -m pip install gensim` (it is one of teachkit's "
            "dependencies; `make lab` installs it), or use planted_topics() for a corpus that needs nothing."
        ) from err
    return datapath("lee_background.cor")


@functools.lru_cache(maxsize=1)
def _lee_lines():
    with open(_lee_path(), encoding="utf-8") as f:
        return tuple(line.rstrip("\n") for line in f)


def lee_background(tokenized: bool = True) -> list[list[str]] | list[str]:
    """The Lee background corpus: 300 news articles shipped with gensim.

    Lee, Pincombe and Welsh (2005) collected short articles from the
    Australian Broadcasting Corporation's news site (September 2001 to
    early 2002: bushfires near Sydney, Afghanistan, the Middle East,
    cricket...).  gensim keeps them, one article per line, in
    ``gensim.test.utils.datapath("lee_background.cor")``; it is the corpus
    gensim's own examples and tests compute coherence on.

    Parameters
    ----------
    tokenized : bool, default True
        True: each article as a list of tokens from :func:`teachkit.tokenize`
        (lowercase; runs of letters and digits, so "4:00pm" gives "4" and
        "00pm").  False: each article as its raw line of text.

    Returns
    -------
    list
        300 documents in file order.  A fresh list on every call, so editing
        it changes nothing for the next caller.

    Notes
    -----
    gensim's tutorials usually read this file with
    ``gensim.utils.simple_preprocess``, which also drops digits, tokens of
    one letter and tokens longer than 15 characters.  teachkit keeps them,
    so the counts agree with ``CooccurrenceCounts.from_documents`` on the raw
    lines; to compare with gensim, give gensim these same token lists.

    Raises
    ------
    ImportError
        If gensim is not installed.

    Examples
    --------
    >>> docs = lee_background()
    >>> len(docs), docs[0][:6]
    (300, ['hundreds', 'of', 'people', 'have', 'been', 'forced'])
    """
    tokenized = check_flag(tokenized, "tokenized")
    lines = _lee_lines()
    if not tokenized:
        return list(lines)
    return [tokenize(line) for line in lines]


# ----------------------------------------------------------- planted topics
@dataclass(frozen=True)
class PlantedTopics:
    """A generated corpus and the topics planted in it.

    Attributes
    ----------
    documents : list of list of str
        The documents, as token lists.
    topics : tuple of tuple of str
        The planted topics, each most probable word first.
    background : tuple of str
        The background vocabulary, most probable word first.
    assignments : tuple of tuple of int
        ``assignments[d]``: the topics document ``d`` was built from.
    mixtures : numpy.ndarray, shape (n_docs, n_topics)
        ``mixtures[d, k]``: probability that a token of document ``d`` is
        drawn from topic ``k`` (0 for topics not in ``assignments[d]``).
        Each row sums to ``1 - background_share``; the rest is background.
    background_share : float
        Probability that a token is a background word.
    seed : int or None
        The seed the corpus was generated from (None if a Generator was given).
    """

    documents: list = field(repr=False)
    topics: tuple
    background: tuple = field(repr=False)
    assignments: tuple = field(repr=False)
    mixtures: np.ndarray = field(repr=False)
    background_share: float = 0.5
    seed: int | None = None

    @property
    def n_tokens(self) -> int:
        """Total number of tokens in the corpus."""
        return sum(len(d) for d in self.documents)

    @property
    def dominant(self) -> np.ndarray:
        """For each document, the topic with the largest share (ties: lowest index)."""
        return np.argmax(self.mixtures, axis=1)

    @property
    def sizes(self) -> np.ndarray:
        """Documents per topic, counting each document under its dominant topic.

        These are the ``n_i`` of the Portuguese note's size-weighted model
        score (:func:`teachkit.model_score`).
        """
        return np.bincount(self.dominant, minlength=len(self.topics))

    def __repr__(self) -> str:
        return (f"PlantedTopics({len(self.documents)} documents, {self.n_tokens} tokens, "
                f"{len(self.topics)} topics x {len(self.topics[0])} words, "
                f"{len(self.background)} background words, background_share={self.background_share})")


def _word_list(words, name):
    words = as_list(words, refuse=(str,),
                    refused=f"{name} must be a list of words, got the single string {{value!r}}. Split it first.",
                    not_iterable=f"{name} must be a list of words, got {{type}}.")
    out = []
    for w in words:
        if not isinstance(w, str):
            raise TypeError(f"{name} must hold strings, got {w!r}.")
        # A planted word must survive teachkit.tokenize unchanged, or the
        # ground truth would name words that never appear in counted text.
        key = normalize_token(w)
        if tokenize(key) != [key]:
            raise ValueError(
                f"{name} holds {w!r}, which teachkit.tokenize would not keep as one token. "
                "Use words made only of letters and digits, e.g. 'fire' or 'topic3'."
            )
        out.append(key)
    return out


def _names(prefix, n):
    width = len(str(n - 1))
    return [f"{prefix}{i:0{width}d}" for i in range(n)]


def _zipf(n, exponent):
    # Rank r (0-based) gets weight 1/(r+1)**exponent, the shape of word
    # frequencies in natural text; normalized to probabilities.
    w = 1.0 / np.arange(1, n + 1, dtype=float) ** exponent
    return w / w.sum()


def planted_topics(n_docs: int, topics: int | Sequence[Sequence[str]] = 20, *, words_per_topic: int = 10,
                   topics_per_doc: int = 2, doc_length: int = 100, background: int | Sequence[str] = 1000,
                   background_share: float = 0.5, alpha: float = 1.0, zipf_exponent: float = 1.0,
                   seed: int | np.random.Generator = 0) -> PlantedTopics:
    """Generate a corpus with known topics planted in it.

    Each document ``d`` is built in three steps:

    1. pick ``topics_per_doc`` different topics, uniformly at random
       (``assignments[d]``);
    2. give them shares ``theta ~ Dirichlet(alpha, ..., alpha)``, scaled by
       ``1 - background_share`` (``mixtures[d]``);
    3. draw ``doc_length`` tokens independently: with probability
       ``background_share`` a background word, else a word of topic ``k``
       with probability ``mixtures[d, k]``.  Within a topic and within the
       background, the word of rank ``r`` (0-based) has probability
       proportional to ``1 / (r + 1) ** zipf_exponent``, so the first words
       are the most frequent, as in real text and in a topic model's
       keyword lists.

    Words of one topic therefore meet in the same documents far more often
    than chance, while background words are spread over all documents: a
    planted topic has a high NPMI coherence, a list of frequent background
    words one near 0 (rare background words, which seldom meet, score below 0).

    Parameters
    ----------
    n_docs : int
        Number of documents (at least 1).
    topics : int or list of list of str, default 20
        The number of topics (their words are then named ``t00w0``,
        ``t00w1``, ...), or the topics themselves as word lists, most
        probable word first.  A word may belong to only one topic.
    words_per_topic : int, default 10
        Words per generated topic (at least 2); only used when ``topics`` is
        an int.
    topics_per_doc : int, default 2
        Topics mixed in each document (1 to the number of topics).
    doc_length : int, default 100
        Tokens per document (at least 1).
    background : int or list of str, default 1000
        The number of background words (named ``bg000``, ``bg001``, ...), or
        the words themselves, most probable first.
    background_share : float, default 0.5
        Probability that a token is a background word, in [0, 1).
    alpha : float, default 1.0
        Dirichlet concentration of the topic shares (> 0).  1 spreads the
        shares uniformly; small values make one topic dominate each document.
    zipf_exponent : float, default 1.0
        Steepness of the word frequencies within topics and background (>= 0;
        0 makes every word of a list equally likely).
    seed : int or numpy.random.Generator, default 0
        The same seed always gives the same corpus.

    Returns
    -------
    PlantedTopics
        ``.documents``, ``.topics``, ``.assignments``, ``.mixtures``, ...

    Raises
    ------
    ValueError, TypeError
        For an argument out of range, a topic word repeated, a background
        word that is also a topic word, or a word that would not survive
        tokenization as one token.

    Examples
    --------
    >>> corpus = planted_topics(4, topics=3, words_per_topic=4, doc_length=8, background=5, seed=1)
    >>> len(corpus.documents), [len(d) for d in corpus.documents]
    (4, [8, 8, 8, 8])
    >>> corpus.topics[0]
    ('t0w0', 't0w1', 't0w2', 't0w3')
    >>> corpus.mixtures.sum(axis=1).round(6).tolist()   # 1 - background_share
    [0.5, 0.5, 0.5, 0.5]
    """
    n_docs = check_positive_int(n_docs, "n_docs")
    doc_length = check_positive_int(doc_length, "doc_length")

    # --- topics
    # int listed for the type checker (here and below): typeshed's int is no numbers.Integral, so that alone
    # would narrow an int to nothing
    if isinstance(topics, (int, numbers.Integral)) and not isinstance(topics, bool):
        n_topics = check_positive_int(topics, "topics")
        words_per_topic = check_positive_int(words_per_topic, "words_per_topic", minimum=2)
        tw = len(str(n_topics - 1))
        topic_words = [_names(f"t{k:0{tw}d}w", words_per_topic) for k in range(n_topics)]
    elif isinstance(topics, (str, bytes)) or isinstance(topics, bool):
        raise TypeError(f"topics must be a number of topics or a list of word lists, got {topics!r}.")
    else:
        try:
            raw = list(topics)
        except TypeError:
            raise TypeError(f"topics must be a number of topics or a list of word lists, "
                            f"got {type(topics).__name__}.") from None
        if not raw:
            raise ValueError("topics is an empty list: give at least one topic (a list of words) or a number.")
        topic_words = [_word_list(t, f"topics[{k}]") for k, t in enumerate(raw)]
        owner: dict[str, int] = {}
        for k, words in enumerate(topic_words):
            if not words:
                raise ValueError(f"topics[{k}] is empty: a topic needs at least one word.")
            for w in words:
                if w in owner:
                    where = "twice" if owner[w] == k else f"in topics[{owner[w]}] and topics[{k}]"
                    raise ValueError(
                        f"the word {w!r} is listed {where}. Planted topics must not share words, "
                        "so that the ground truth is unambiguous."
                    )
                owner[w] = k
        n_topics = len(topic_words)

    topics_per_doc = check_positive_int(topics_per_doc, "topics_per_doc")
    if topics_per_doc > n_topics:
        raise ValueError(
            f"topics_per_doc = {topics_per_doc} is more than the number of topics ({n_topics}); "
            f"use at most {n_topics}, or plant more topics."
        )

    # --- background
    background_share = check_finite_real(background_share, "background_share")
    if not 0.0 <= background_share < 1.0:
        raise ValueError(
            f"background_share must lie in [0, 1), got {background_share}: it is the probability that a "
            "token is a background word, and 1 would leave no room for the topics."
        )
    if isinstance(background, bool):
        raise TypeError(f"background must be a number of words or a list of words, got {background!r}.")
    if isinstance(background, (int, numbers.Integral)):
        if background < 0:
            raise ValueError(f"background must be a number of words (0 or more) or a list of words, got {background}.")
        background_words = _names("bg", int(background)) if background > 0 else []
    else:
        background_words = _word_list(background, "background")
        if len(set(background_words)) != len(background_words):
            dup = next(w for i, w in enumerate(background_words) if w in background_words[:i])
            raise ValueError(f"background lists {dup!r} twice; each background word must be distinct.")
    clash = set(background_words).intersection(w for t in topic_words for w in t)
    if clash:
        raise ValueError(
            f"background shares the word(s) {sorted(clash)} with the topics; a word must be either a "
            "topic word or a background word."
        )
    if not background_words and background_share > 0:
        raise ValueError(
            f"background is empty but background_share = {background_share} > 0: give some background "
            "words or set background_share=0."
        )

    alpha = check_finite_real(alpha, "alpha")
    if alpha <= 0:
        raise ValueError(f"alpha must be greater than 0, got {alpha} (it is a Dirichlet concentration).")
    zipf_exponent = check_finite_real(zipf_exponent, "zipf_exponent", minimum=0.0)

    seed = check_seed(seed, generator=True)
    if isinstance(seed, np.random.Generator):
        rng, seed_value = seed, None
    else:
        rng, seed_value = np.random.default_rng(seed), seed

    # --- ground truth: which topics each document holds, and their shares.
    # argsort of uniform noise gives a uniformly random permutation per row.
    chosen = np.argsort(rng.random((n_docs, n_topics)), axis=1)[:, :topics_per_doc]
    chosen.sort(axis=1)
    shares = rng.dirichlet(np.full(topics_per_doc, alpha), size=n_docs)
    mixtures = np.zeros((n_docs, n_topics))
    np.put_along_axis(mixtures, chosen, shares * (1.0 - background_share), axis=1)

    # --- tokens, vectorized over the whole corpus.  One global vocabulary:
    # topic k's words first (in topic order), then the background.
    vocab = np.array([w for t in topic_words for w in t] + background_words, dtype=object)
    offsets = np.cumsum([0] + [len(t) for t in topic_words])
    n_total = n_docs * doc_length
    is_background = rng.random(n_total) < background_share
    # Topic of each token: inverse-CDF sampling from its document's shares.
    cum = np.cumsum(shares, axis=1)
    cum[:, -1] = 1.0  # guard against rounding leaving a gap at the top
    doc_of = np.repeat(np.arange(n_docs), doc_length)
    slot = (rng.random(n_total)[:, None] >= cum[doc_of]).sum(axis=1)
    slot = np.minimum(slot, topics_per_doc - 1)
    topic_of = chosen[doc_of, slot]
    ids = np.empty(n_total, dtype=np.int64)
    for k, words in enumerate(topic_words):
        where = ~is_background & (topic_of == k)
        ids[where] = offsets[k] + rng.choice(len(words), size=int(where.sum()), p=_zipf(len(words), zipf_exponent))
    if background_words:
        ids[is_background] = offsets[-1] + rng.choice(
            len(background_words), size=int(is_background.sum()), p=_zipf(len(background_words), zipf_exponent))
    tokens = vocab[ids].reshape(n_docs, doc_length)
    documents = [row.tolist() for row in tokens]

    return PlantedTopics(
        documents=documents,
        topics=tuple(tuple(t) for t in topic_words),
        background=tuple(background_words),
        assignments=tuple(tuple(int(k) for k in row) for row in chosen),
        mixtures=mixtures,
        background_share=background_share,
        seed=seed_value,
    )


# -------------------------------------------------------------- nltk corpora
def nltk_corpus(name: str, fileids: Sequence[str] | None = None) -> list[list[str]]:
    """An nltk corpus, one document per file, tokenized by teachkit.

    Parameters
    ----------
    name : str
        The corpus's name in ``nltk.corpus``, e.g. ``"brown"`` (500 files of
        about 2,000 words), ``"reuters"``, ``"gutenberg"``.
    fileids : list of str, optional
        Only these files (see ``nltk.corpus.<name>.fileids()``); default all.

    Returns
    -------
    list of list of str
        For each file, nltk's word tokens joined and re-split by
        :func:`teachkit.tokenize`: lowercase, punctuation tokens dropped,
        "don't" split into "don" and "t" as in raw text.

    Raises
    ------
    LookupError
        If the corpus's data is not installed.  nltk's data is a separate
        download; teachkit never starts one (the course must work offline, and
        offline ``nltk.download`` fails quietly).  Fetch it on a machine with
        internet: ``python -m nltk.downloader brown``, and copy the
        ``nltk_data`` folder to one of the places nltk searches.
    ImportError
        If nltk is not installed.
    ValueError
        If nltk has no corpus of that name, or a file id is not in it.

    Examples
    --------
    With the Brown corpus's data installed, ``nltk_corpus("brown")`` gives 500
    documents, the first starting ``['the', 'fulton', 'county', 'grand']``
    (not run here: the data is a separate download).  A name nltk does not
    know is refused before any data is looked for:

    >>> nltk_corpus("no_such_corpus")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: nltk has no corpus called 'no_such_corpus'. Use a name from nltk.corpus, ...
    """
    if not isinstance(name, str) or not name.isidentifier():
        raise TypeError(f"name must be the name of an nltk corpus such as 'brown', got {name!r}.")
    try:
        import nltk
        import nltk.corpus
        import nltk.data
        from nltk.corpus.reader.api import CorpusReader
        from nltk.corpus.util import LazyCorpusLoader
    except ImportError as err:
        raise ImportError(
            f"nltk_corpus({name!r}) needs nltk, which is not installed. Install it with "
            "`python -m pip install nltk` (then its data: `python -m nltk.downloader " + name + "`)."
        ) from err

    reader = getattr(nltk.corpus, name, None)
    if not isinstance(reader, (LazyCorpusLoader, CorpusReader)):
        raise ValueError(
            f"nltk has no corpus called {name!r}. Use a name from nltk.corpus, e.g. 'brown', 'reuters' or "
            "'gutenberg' (see https://www.nltk.org/nltk_data/)."
        )
    if isinstance(reader, LazyCorpusLoader):
        # Not loaded yet: check the data is there before touching the reader,
        # whose own error would only suggest an nltk download, useless offline.
        subdir = getattr(reader, "subdir", "corpora")
        try:
            nltk.data.find(f"{subdir}/{name}")  # also finds <name>.zip
        except LookupError:
            places = "\n  ".join(str(p) for p in nltk.data.path)
            raise LookupError(
                f"The nltk corpus {name!r} is not installed, and teachkit does not download data.\n"
                f"Get it on a machine with internet:\n  python -m nltk.downloader {name}\n"
                "(it is saved in ~/nltk_data, where nltk looks). For an offline machine, copy that "
                f"nltk_data folder to one of the places nltk looks:\n  {places}\n"
                "or point the NLTK_DATA environment variable at it."
            ) from None

    available = list(reader.fileids())
    if fileids is None:
        chosen = available
    else:
        if isinstance(fileids, str):
            fileids = [fileids]
        chosen = list(fileids)
        known = set(available)
        missing = [f for f in chosen if f not in known]
        if missing:
            raise ValueError(
                f"fileids names {missing[:3]!r}, which the {name!r} corpus does not have; "
                f"its files are e.g. {available[:3]!r} (see nltk.corpus.{name}.fileids())."
            )
    # Joining and re-tokenizing applies teachkit's one rule to nltk's tokens.
    return [tokenize(" ".join(reader.words(f))) for f in chosen]
