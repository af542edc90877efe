"""N-gram smoothing against independent references: this test counts the training text itself, computes every
probability of interpolated, modified and back-off Kneser-Ney from the definitions (Chen & Goodman 1998, sections
3.4 and 3.5; Kneser & Ney 1995; continuation counts N1+(• g w) below the highest order) and of Katz back-off on
simple Good-Turing (r* from nltk's SimpleGoodTuringProbDist), writes them as an ARPA file of its own, and lets
KenLM's back-off arithmetic score held-out text from it.  teachkit's probabilities must agree.  Jelinek-Mercer,
a fixed mixture and no back-off model, is checked against its formula on the test's own counts.

This is not the round trip of tests/test_arpa.py (there KenLM reads the file teachkit wrote from its own
probabilities, so a wrong teachkit model and its file agree): here nothing of teachkit's is used to make the
file.  nltk.lm's Kneser-Ney is no judge (it ends the recursion in an undiscounted continuation unigram, see
tests/test_ngram.py::test_nltk_kneser_ney_differs_from_the_hand_derivation); add-α is checked against nltk.lm
in tests/test_ngram.py.

The conventions are NgramLM's documented ones (teachkit/lm/ngram.py, "What is counted", "Vocabulary and
<UNK>"): each sentence is padded with n - 1 ``<s>`` and one ``</s>``; a word seen fewer than ``min_count``
times becomes ``<UNK>`` (``<unk>`` in the file); V counts the kept words, ``<s>``, ``</s>`` and ``<UNK>``;
below the unigrams sits the uniform 1/V.
"""

import math
import random
import warnings
from collections import Counter, defaultdict

import numpy as np
import pytest

from teachkit.lm.backoff import BackoffKneserNey, Katz
from teachkit.lm.kneser_ney import ModifiedKneserNey
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import KneserNey

kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it (pip install kenlm)")

S, E, UNK = "<s>", "</s>", "<unk>"
# KenLM stores log10 probabilities as float32: relative error 2**-24 ≈ 6e-8 per stored value, and a back-off
# query adds up to `order` of them.
FLOAT32 = 1e-6


def corpus(seed, n, vocab=150, unseen=0):
    # Zipf-like word frequencies over `vocab` words, so counts of 1, 2, 3 and 4 occur at every level (modified
    # KN needs n1..n4 > 0); `unseen` more words that the training text never holds.
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(vocab)] + [f"new{i}" for i in range(unseen)]
    weights = [1 / (i + 1) for i in range(vocab)] + [0.2] * unseen
    return [rng.choices(words, weights, k=rng.randint(1, 9)) for _ in range(n)]


class Reference:
    """Kneser-Ney from the definitions, on counts made here."""

    def __init__(self, sentences, order, min_count, discount, lower="continuation"):
        n = self.order = order
        raw = Counter(w for s in sentences for w in s)
        self.kept = {w for w, c in raw.items() if c >= min_count}
        self.V = len(self.kept) + (1 if n > 1 else 0) + 2          # + <s> (order > 1), </s>, <UNK>
        events = []
        for s in sentences:
            padded = [S] * (n - 1) + [self.map(w) for w in s] + [E]
            events += [tuple(padded[i:i + n]) for i in range(len(padded) - n + 1)]
        # a[k][g w]: the raw count at the highest order, the continuation count N1+(• g w) below it.
        self.a = {n: Counter(events)}
        for k in range(n - 1, 0, -1):
            if lower == "continuation":
                self.a[k] = Counter(gram[1:] for gram in self.a[k + 1])  # one per distinct word before g w
            else:
                self.a[k] = Counter(e[n - k:] for e in events)           # Katz: raw counts at every level
        self.discount = {k: discount(self.a[k]) for k in range(1, n + 1)}
        # totals a(g •), the discounted mass γ(g) = Σ_w D(a(g w)) and the words seen after g, per level
        self.total, self.gamma, self.after = {}, {}, {}
        for k in range(1, n + 1):
            total, gamma, after = defaultdict(int), defaultdict(float), defaultdict(list)
            for gram, c in self.a[k].items():
                total[gram[:-1]] += c
                gamma[gram[:-1]] += self.discount[k](c)
                after[gram[:-1]].append(gram[-1])
            self.total[k], self.gamma[k], self.after[k] = total, gamma, after
        self._p = {}

    def map(self, w):
        return w if w in self.kept or w in (S, E) else UNK

    def p(self, w, h):
        """P_k(w | h) for a history h of k - 1 words, k = len(h) + 1 (k = 0: the uniform 1/V)."""
        key = (w, h)
        if key not in self._p:
            k = len(h) + 1
            lower = 1 / self.V if k == 1 else self.p(w, h[1:])
            total = self.total[k].get(h, 0)
            if total == 0:
                self._p[key] = lower                                    # an unseen history passes it through
            else:
                c = self.a[k].get(h + (w,), 0)
                self._p[key] = (c - self.discount[k](c) + self.gamma[k][h] * lower) / total
        return self._p[key]

    def backoff(self, h):
        """The back-off weight of history h: interpolated KN as a back-off model has bo(h) = γ(h) / a(h •)."""
        t = self.total[len(h) + 1].get(h, 0)
        return self.gamma[len(h) + 1][h] / t if t > 0 else 1.0

    def write_arpa(self, path):
        """The model in back-off form: P_k(w | h) for the listed n-grams and each history's weight bo(h)."""
        n = self.order
        vocab = sorted(self.kept) + [E, UNK] + ([S] if n > 1 else [])
        levels = {1: {(w,) for w in vocab}}
        for k in range(2, n + 1):
            levels[k] = {g for g, c in self.a[k].items() if c > 0}
        for k in range(2, n):               # every history with something after it is listed, to carry its bo
            levels[k] |= {h for h, t in self.total[k + 1].items() if t > 0}
        lines = ["\\data\\"] + [f"ngram {k}={len(levels[k])}" for k in range(1, n + 1)]
        for k in range(1, n + 1):
            lines += ["", f"\\{k}-grams:"]
            for gram in sorted(levels[k]):
                p = self.p(gram[-1], gram[:-1])
                fields = [f"{math.log10(p):.10f}" if p > 0 else "-99", " ".join(gram)]
                if k < n:
                    fields.append(f"{math.log10(self.backoff(gram)):.10f}")
                lines.append("\t".join(fields))
        lines += ["", "\\end\\", ""]
        path.write_text("\n".join(lines))


class BackoffReference(Reference):
    """Kneser-Ney in back-off form (Kneser & Ney 1995): a seen n-gram keeps (a - d) / a(h •), an unseen one gets
    β(h) · P_{k-1}(w | h'), β(h) = (1 - Σ_seen P*) / (1 - Σ_seen P_{k-1}), so every row sums to 1."""

    def vocab(self):
        return sorted(self.kept) + [E, UNK] + ([S] if self.order > 1 else [])

    def backoff(self, h):
        k = len(h) + 1
        if self.total[k].get(h, 0) == 0:
            return 1.0
        seen = self.after[k][h]
        assert len(seen) < self.V                      # some word is left to receive the discounted mass
        here = sum(self.p(w, h) for w in seen)
        lower = sum(self.p(w, h[1:]) if k > 1 else 1 / self.V for w in seen)
        return (1 - here) / (1 - lower)

    def p(self, w, h):
        key = (w, h)
        if key not in self._p:
            k = len(h) + 1
            lower = 1 / self.V if k == 1 else self.p(w, h[1:])
            total = self.total[k].get(h, 0)
            c = self.a[k].get(h + (w,), 0)
            if total == 0:
                self._p[key] = lower
            elif c > 0:
                self._p[key] = (c - self.discount[k](c)) / total
            else:
                self._p[key] = self.backoff(h) * lower
        return self._p[key]


def katz_good_turing(level):
    """Katz's discounted count r* (threshold None: every count discounted) from nltk's simple Good-Turing of
    this level's count-of-counts: nltk's SimpleGoodTuringProbDist gives r*/N before renormalising."""
    from nltk.probability import FreqDist, SimpleGoodTuringProbDist

    fd = FreqDist(dict(level))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")            # nltk warns when the fitted slope is not below -1
        sgt = SimpleGoodTuringProbDist(fd, bins=fd.B() + 1)
        r_star = {c: sgt._prob_measure(c) * fd.N() for c in set(level.values())}
    return lambda c: c - r_star[c] if c > 0 else 0.0


def interpolated(d):
    return lambda level: (lambda c: min(c, d))


def chen_goodman(level):
    """Chen & Goodman's D1, D2, D3+ from this level's count-of-counts (their equation 26)."""
    n1, n2, n3, n4 = (sum(1 for c in level.values() if c == r) for r in (1, 2, 3, 4))
    y = n1 / (n1 + 2 * n2)
    d = (0.0, 1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3)
    return lambda c: d[min(c, 3)]


def kenlm_log10(model, ref, sentence):
    """log10 P of every word and </s> of a padded sentence, each from its n - 1 padded words of history."""
    n = ref.order
    padded = [S] * (n - 1) + [ref.map(w) for w in sentence] + [E]
    out = []
    for i in range(n - 1, len(padded)):
        state, nxt = kenlm.State(), kenlm.State()
        model.NullContextWrite(state)
        for w in padded[i - n + 1:i]:
            model.BaseScore(state, w, nxt)
            state, nxt = nxt, state
        out.append(model.BaseScore(state, padded[i], nxt))
    return np.array(out)


@pytest.mark.parametrize("order", [2, 3, 4])
@pytest.mark.parametrize("method", ["interpolated", "modified", "backoff"])
@pytest.mark.parametrize("min_count", [1, 2])
def test_kneser_ney_equals_kenlm_on_an_arpa_file_written_from_the_definitions(tmp_path, order, method, min_count):
    train, test = corpus(1, 300), corpus(2, 30, unseen=3)
    if method == "interpolated":
        ref = Reference(train, order, min_count, interpolated(0.7))
        lm = NgramLM(train, order=order, smoothing=KneserNey(0.7), min_count=min_count)
    elif method == "backoff":
        ref = BackoffReference(train, order, min_count, interpolated(0.7))
        lm = NgramLM(train, order=order, smoothing=BackoffKneserNey(0.7), min_count=min_count)
    else:
        ref = Reference(train, order, min_count, chen_goodman)
        lm = NgramLM(train, order=order, smoothing=ModifiedKneserNey(), min_count=min_count)
    assert ref.V == lm.V
    path = tmp_path / "reference.arpa"
    ref.write_arpa(path)
    model = kenlm.Model(str(path))
    for sent in test + train[:20]:
        theirs = kenlm_log10(model, ref, sent)
        ours = np.log10(lm.predictions([sent])["probability"])
        assert len(theirs) == len(sent) + 1
        np.testing.assert_allclose(ours, theirs, rtol=FLOAT32, atol=0)


@pytest.mark.parametrize("order", [2, 3])
def test_katz_equals_kenlm_on_an_arpa_file_written_from_good_turing_counts(tmp_path, order):
    # Katz needs words seen once at every level for Good-Turing: the Lee articles, as in tests/test_arpa.py.
    import teachkit as tk

    docs = [list(d) for d in tk.lee_background()]
    train, test = docs[:250], docs[250:265]
    ref = BackoffReference(train, order, 1, katz_good_turing, lower="raw")
    lm = NgramLM(train, order=order, smoothing=Katz())
    assert ref.V == lm.V
    path = tmp_path / "katz.arpa"
    ref.write_arpa(path)
    model = kenlm.Model(str(path))
    for sent in test:
        np.testing.assert_allclose(np.log10(lm.predictions([sent])["probability"]), kenlm_log10(model, ref, sent),
                                   rtol=FLOAT32, atol=0)


def test_the_reference_sums_to_one_after_every_history():
    # The reference's own sanity: each P_k(• | h) is a distribution over the V words (so it can judge).
    train = corpus(3, 200)
    for ref in (Reference(train, 3, 2, interpolated(0.6)), Reference(train, 3, 2, chen_goodman),
                BackoffReference(train, 3, 2, interpolated(0.6))):
        vocab = sorted(ref.kept) + [S, E, UNK]
        for h in list(ref.total[3])[:30] + [("a",), (), ("zzz", "a")]:
            assert sum(ref.p(w, tuple(h)) for w in vocab) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("order", [1, 2, 3])
def test_jelinek_mercer_equals_its_formula_on_counts_made_here(order):
    # A fixed mixture is no back-off model, so no ARPA file here: the formula itself, on raw counts of the last
    # k words of each padded event made by this test, P = λ0/V + Σ_k λk P_k, an unseen history keeping P_{k-1}.
    from teachkit.lm.smoothing import JelinekMercer

    train, test = corpus(4, 200), corpus(5, 20, unseen=2)
    lambdas = [0.1, 0.2, 0.3, 0.4][: order + 1]
    lambdas = [x / sum(lambdas) for x in lambdas]
    ref = Reference(train, order, 2, interpolated(0.5))          # only its vocabulary and padding are used
    n = order
    raw = {k: Counter() for k in range(1, n + 1)}
    for s in train:
        padded = [S] * (n - 1) + [ref.map(w) for w in s] + [E]
        for i in range(n - 1, len(padded)):
            for k in range(1, n + 1):
                raw[k][tuple(padded[i - k + 1:i + 1])] += 1
    totals = {k: Counter() for k in raw}
    for k, level in raw.items():
        for gram, c in level.items():
            totals[k][gram[:-1]] += c
    lm = NgramLM(train, order=order, smoothing=JelinekMercer(lambdas), min_count=2)
    for sent in test:
        padded = [S] * (n - 1) + [ref.map(w) for w in sent] + [E]
        expected = []
        for i in range(n - 1, len(padded)):
            p_k = 1 / ref.V
            mix = lambdas[0] * p_k
            for k in range(1, n + 1):
                g = tuple(padded[i - k + 1:i])
                if totals[k][g] > 0:
                    p_k = raw[k][g + (padded[i],)] / totals[k][g]
                mix += lambdas[k] * p_k
            expected.append(mix)
        np.testing.assert_allclose(lm.predictions([sent])["probability"], expected, rtol=1e-12, atol=0)
