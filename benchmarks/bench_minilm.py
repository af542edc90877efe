"""all-MiniLM-L6-v2 in numpy: encoding a corpus's vocabulary and a topic model's top words, cold and cached.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_minilm.py``).  A benchmark, not a test:
it prints numbers and never fails on timing.

Words
    The most frequent words of the Lee corpus (``lee_background()``: up to 10,000; the corpus has 7,194
    distinct tokens), and every top-10 word of a gensim ``LdaModel`` with 20 topics trained on it (seed 0).
Calls (as a user makes them)
    ``teachkit.semantic.minilm.minilm_vectors(words)``: the installed model, each word a text of its own,
    vectors kept on disk by the model's hash.  Cold: an empty cache (a temporary ``XDG_CACHE_HOME``) and the
    model not yet loaded; warm: the same call again (a read).  ``MiniLM.load()`` alone is timed too.
Reference
    sentence-transformers (PyTorch) is not installed by the course and cannot be downloaded here, so there is
    no side-by-side run; tests/test_minilm.py checks the numbers against the cosines sentence-transformers'
    documentation prints for this model.
Timing and memory
    Wall time of one run (cold) and the best of 3 (warm); peak memory of the cold call under tracemalloc.
"""

from __future__ import annotations

import collections
import os
import tempfile

from measure import peak_mib, timed

from teachkit import lee_background
from teachkit.semantic import minilm


def lda_top_words(docs, k=20, top=10):
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    dictionary = Dictionary(docs)
    bows = [dictionary.doc2bow(d) for d in docs]
    model = LdaModel(bows, num_topics=k, id2word=dictionary, random_state=0, passes=5, iterations=50)
    return [w for t in range(k) for w, _ in model.show_topic(t, topn=top)]


def main() -> None:
    docs = [list(d) for d in lee_background()]
    frequent = [w for w, _ in collections.Counter(w for d in docs for w in d).most_common(10_000)]
    top = lda_top_words(docs)
    words = list(dict.fromkeys(frequent + top))
    print(f"{len(frequent):,} most frequent Lee words + {len(set(top)):,} LDA top words = {len(words):,} to encode")

    load_s, _ = timed(minilm.MiniLM.load)
    print(f"MiniLM.load(): {load_s:.2f} s (read the zip, check 5 SHA-256, build the tokenizer)")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        minilm._MODEL = None
        cold_s, vectors = timed(lambda: minilm.minilm_vectors(words))
        warm_s, _ = timed(lambda: minilm.minilm_vectors(words), repeat=3)
        minilm._MODEL = None
        with tempfile.TemporaryDirectory() as other:
            os.environ["XDG_CACHE_HOME"] = other
            mib = peak_mib(lambda: minilm.minilm_vectors(words))
    print(f"cold (load + encode + write the cache): {cold_s:.1f} s, {len(words) / cold_s:,.0f} words/s, "
          f"peak {mib:.0f} MiB (target: 60 s)")
    print(f"warm (read the cache):                  {warm_s:.3f} s")
    print(f"vectors: {vectors.matrix.shape[0]:,} x {vectors.dim}")


if __name__ == "__main__":
    main()
