"""Exercises of notebook 11 (can I trust this topic model? stability, held-out likelihood, K criteria)."""

import itertools
import math

import numpy as np

from ...evaluation.heldout_likelihood import exact_log_likelihood, harmonic_mean, log_likelihood_given_theta
from ...evaluation.stability import jaccard, match_topics
from . import Exercise, Interpretation, Prediction

# ---------------------------------------------------------------- 11.1: a stability matching by hand
_RUN_A = (("fire", "smoke", "ash"), ("rain", "cloud", "storm"), ("goal", "team", "coach"))
_RUN_B = (("team", "goal", "match"), ("fire", "ash", "heat"), ("storm", "rain", "cloud"))

#: Words 11.1's variants draw their topics from (Lee-like news words).
_POOL = ("fire", "smoke", "ash", "heat", "rain", "cloud", "storm", "wind", "goal", "team", "coach", "match",
         "police", "court", "judge", "bank", "rates", "market", "flight", "plane", "crash", "school", "union", "pay",
         "cricket", "wicket", "test", "runs", "army", "troops", "border", "talks")


def _shown(run):
    # a run as the question writes it: *w1, w2, w3*; *...*; *...*
    return "; ".join("*" + ", ".join(t) + "*" for t in run)


def _check_shown(run_a, run_b, shown_a, shown_b):
    if (shown_a, shown_b) != (_shown(run_a), _shown(run_b)):
        raise ValueError("the question's words do not state these runs")


def _stability(run_a, run_b, shown_a, shown_b):
    _check_shown(run_a, run_b, shown_a, shown_b)
    return match_topics(run_a, run_b, top_n=len(run_a[0])).mean


def _same_place(run_a, run_b, shown_a, shown_b):
    # a mistake: topic i of A compared with topic i of B, as if the runs numbered their topics alike
    return float(np.mean([jaccard(a, b) for a, b in zip(run_a, run_b)]))


def _all_pairs(run_a, run_b, shown_a, shown_b):
    # a mistake: the mean Jaccard over every pair of topics, matched or not
    return float(np.mean([jaccard(a, b) for a in run_a for b in run_b]))


def _shared_share(run_a, run_b, shown_a, shown_b):
    # a mistake: shared words over the three words of a topic (not over the pair's distinct words)
    m = match_topics(run_a, run_b, top_n=len(run_a[0]))
    size = len(run_a[0])
    return float(np.mean([len(set(run_a[i]) & set(run_b[j])) / size for i, j in m.pairs]))


def _pairing_steps(run_a, run_b, shown_a, shown_b):
    m = match_topics(run_a, run_b, top_n=len(run_a[0]))
    parts = []
    for i, j in m.pairs:
        shared = len(set(run_a[i]) & set(run_b[j]))
        parts.append(f"*{run_a[i][0]}…* with *{run_b[j][0]}…* ({shared} shared of {2 * len(run_a[i]) - shared})")
    return {"pairs": "; ".join(parts), "total": round(sum(m.similarities), 12)}


def _runs_variant(rng):
    # run A: three topics of three to five different words; run B: A's topics in another order, each with some
    # of its words swapped for a word of the pool or of another topic;
    # drawn again until one pairing is the best (the worked solution names it)
    while True:
        data = _draw_runs(rng)
        s = np.array([[jaccard(a, b) for b in data["run_b"]] for a in data["run_a"]])
        totals = sorted(sum(s[i, p[i]] for i in range(3)) for p in itertools.permutations(range(3)))
        if totals[-1] - totals[-2] > 1e-9:
            return data


def _draw_runs(rng):
    size = int(rng.integers(3, 6))
    words = [str(w) for w in rng.choice(_POOL, size=3 * size + 4, replace=False)]
    run_a = tuple(tuple(words[size * t:size * (t + 1)]) for t in range(3))
    spare = words[3 * size:]
    run_b = []
    for t in (int(i) for i in rng.permutation(3)):
        topic = list(run_a[t])
        for place in rng.choice(size, size=int(rng.integers(0, size)), replace=False):
            new = spare.pop() if spare and rng.random() < 0.6 else str(rng.choice(run_a[(t + 1) % 3]))
            if new not in topic:
                topic[int(place)] = new
        run_b.append(tuple(str(w) for w in rng.permutation(topic)))
    run_b = tuple(run_b)
    return {"run_a": run_a, "run_b": run_b, "shown_a": _shown(run_a), "shown_b": _shown(run_b)}


# ---------------------------------------------------------------- 11.2: the exact likelihood of a tiny model
def _two_token_likelihood(fire_1, fire_2):
    # topic k gives "fire" fire_k and "rain" 1 - fire_k; the document is "fire rain"; alpha = 1 for both topics
    if not (0 < fire_1 < 1 and 0 < fire_2 < 1):
        raise ValueError("each topic's probability of fire must lie strictly between 0 and 1")
    phi = [[fire_1, 1 - fire_1], [fire_2, 1 - fire_2]]
    return math.exp(exact_log_likelihood([0, 1], phi, 1.0))


def _two_token_steps(fire_1, fire_2):
    rain_1, rain_2 = round(1 - fire_1, 12), round(1 - fire_2, 12)
    same = round(fire_1 * rain_1 + fire_2 * rain_2, 12)
    mixed = round(fire_1 * rain_2 + fire_2 * rain_1, 12)
    return {"rain_1": rain_1, "rain_2": rain_2, "same": same, "mixed": mixed}


def _theta_at_its_mean(fire_1, fire_2):
    # a mistake: θ fixed at the prior's mean (1/2, 1/2) instead of integrated out
    return (fire_1 + fire_2) / 2 * ((1 - fire_1) + (1 - fire_2)) / 2


def _same_topic_only(fire_1, fire_2):
    # a mistake: both words from one topic, each topic with probability 1/2
    return (fire_1 * (1 - fire_1) + fire_2 * (1 - fire_2)) / 2


def _tenths_variant(rng):
    # two different probabilities of "fire", in twentieths from 0.05 to 0.95
    fire_1, fire_2 = (int(x) / 20 for x in rng.choice(np.arange(1, 20), size=2, replace=False))
    return {"fire_1": fire_1, "fire_2": fire_2}


# ---------------------------------------------------------------- 11.3: importance sampling by hand
def _given_shares(fire_1, fire_2, share_1, share_2):
    # p(fire rain | θ) for the two drawn shares of topic 1 (topic 2 has the rest)
    if not all(0 < x < 1 for x in (fire_1, fire_2, share_1, share_2)):
        raise ValueError("probabilities and shares must lie strictly between 0 and 1")
    phi = [[fire_1, 1 - fire_1], [fire_2, 1 - fire_2]]
    return np.exp(log_likelihood_given_theta([0, 1], phi, [[share_1, 1 - share_1], [share_2, 1 - share_2]]))


def _importance_estimate(fire_1, fire_2, share_1, share_2):
    return float(np.mean(_given_shares(fire_1, fire_2, share_1, share_2)))


def _importance_steps(fire_1, fire_2, share_1, share_2):
    p_1, p_2 = _given_shares(fire_1, fire_2, share_1, share_2)
    fire_a = round(share_1 * fire_1 + (1 - share_1) * fire_2, 12)
    fire_b = round(share_2 * fire_1 + (1 - share_2) * fire_2, 12)
    return {"fire_a": fire_a, "rain_a": round(1 - fire_a, 12), "fire_b": fire_b, "rain_b": round(1 - fire_b, 12),
            "p_1": round(float(p_1), 12), "p_2": round(float(p_2), 12)}


def _shares_averaged_first(fire_1, fire_2, share_1, share_2):
    # a mistake: the two draws' shares averaged, then p(fire rain | mean share)
    share = (share_1 + share_2) / 2
    fire = share * fire_1 + (1 - share) * fire_2
    return fire * (1 - fire)


def _summed_not_averaged(fire_1, fire_2, share_1, share_2):
    # a mistake: the two weights added up, not averaged
    return 2 * _importance_estimate(fire_1, fire_2, share_1, share_2)


def _shares_variant(rng):
    # the model as in 11.2 (twentieths), and two different shares of topic 1, in tenths
    fire_1, fire_2 = (int(x) / 20 for x in rng.choice(np.arange(1, 20), size=2, replace=False))
    share_1, share_2 = (int(x) / 10 for x in rng.choice(np.arange(1, 10), size=2, replace=False))
    return {"fire_1": fire_1, "fire_2": fire_2, "share_1": share_1, "share_2": share_2}


# ---------------------------------------------------------------- 11.4: predict the harmonic mean's error
#: The tiny model of notebook 11, section 2: K = 3 topics over V = 6 words, alpha = 0.5.
TINY_PHI = ((0.40, 0.30, 0.15, 0.05, 0.05, 0.05),
            (0.05, 0.05, 0.40, 0.30, 0.15, 0.05),
            (0.10, 0.05, 0.05, 0.10, 0.30, 0.40))
TINY_ALPHA = 0.5

_ABOVE, _BELOW, _EQUAL, _SLIGHTLY = (
    "more than 1 nat above the exact value",
    "below the exact value",
    "the exact value, up to a few hundredths of Monte Carlo noise",
    "a little above the exact value, as on the short document (under 1 nat)",
)


def tiny_document(tokens):
    """The notebook's longer document: ``tokens`` word ids of the tiny model, drawn with seed 1."""
    if int(tokens) != tokens or tokens < 1:
        raise ValueError("tokens must be a whole number of at least 1")
    return [int(w) for w in np.random.default_rng(1).choice(len(TINY_PHI[0]), int(tokens))]


def _harmonic_mean_verdict(tokens, samples):
    doc = tiny_document(tokens)
    exact = exact_log_likelihood(doc, TINY_PHI, TINY_ALPHA, method="urn")
    estimate = harmonic_mean(doc, TINY_PHI, TINY_ALPHA, samples=int(samples), burn_in=20, seed=0).log_likelihood
    # "a few hundredths": the sequential left-to-right estimate with as many particles lands within 0.05
    if abs(estimate - exact) < 0.05:
        return _EQUAL
    if estimate < exact:
        return _BELOW
    return _ABOVE if estimate - exact > 1 else _SLIGHTLY


# ---------------------------------------------------------------- 11.5 and 11.6: what does it mean?
_REPORT_COHERENT, _CHECK_RUNS, _STABLE_IS_TRUE, _SAME_THING, _AGREE = (
    "report the most coherent K: coherence is what a reader of the topics sees",
    "the most coherent K gives topics that may not come back in another run: look at them over several runs "
    "before interpreting any one",
    "the most stable K is the true number of topics",
    "coherence and stability measure the same thing, so the difference is noise",
    "both criteria point to the same K, which makes it a safer choice than either alone",
)


def _coherent_or_stable(coherent_k, stable_k, stability_coherent, stability_stable):
    if not (0 <= stability_coherent <= 1 and 0 <= stability_stable <= 1):
        raise ValueError("a stability (mean average Jaccard) lies in [0, 1]")
    if coherent_k == stable_k:
        return _AGREE
    if stability_coherent >= stability_stable:
        raise ValueError("the most stable K must be at least as stable as the most coherent one")
    return _CHECK_RUNS


_FEW_PARTICLES, _BIASED, _EXACT_WRONG, _SEQUENTIAL_BIASED = (
    "too few particles: more particles would close the gap",
    "a bias of the published algorithm itself: more particles do not close the gap",
    "the exact value is off: enumerating the assignments misses some",
    "the sequential form is the biased one, and Algorithm 3 corrects it",
)


def _gap_verdict(exact, runs, particles_small, particles_large, published_small, published_large,
                 sequential_small, sequential_large):
    if int(runs) != runs or runs < 1 or not 0 < particles_small < particles_large:
        raise ValueError("runs must be a whole number >= 1 and the particles must grow")
    gap_small, gap_large = published_small - exact, published_large - exact
    if abs(sequential_large - exact) >= abs(gap_large):
        return _SEQUENTIAL_BIASED
    # the published gap stays (more than half of it is left with more particles): a bias, not noise
    return _BIASED if gap_large > 0.5 * gap_small > 0 else _FEW_PARTICLES


EXERCISES = [
    Exercise(
        key="11.1",
        label="stability of two runs",
        question="Two runs of LDA with three topics each. Run A's top words: {shown_a}. Run B's: {shown_b}. Pair "
                 "every topic of A with a different topic of B so that the total Jaccard similarity (words the "
                 "two share, over the distinct words of the two) is as large as possible. What is the mean "
                 "Jaccard similarity of the matched pairs, the stability of the two runs?",
        data={"run_a": _RUN_A, "run_b": _RUN_B, "shown_a": _shown(_RUN_A), "shown_b": _shown(_RUN_B)},
        answer=_stability,
        steps=_pairing_steps,
        solution="The runs number their topics independently, so topic 1 of A need not be topic 1 of B. The best "
                 "pairing: {pairs}. Their Jaccard similarities add up to {total:.4g}, and their mean is "
                 "{expected:.4g}. (`tk.match_topics` finds the pairing by the Hungarian method; with three "
                 "topics you can try all six pairings.)",
        right=("0.667", "0,667", "0.67", "2/3", "66.7%"),
        wrong=("0", "0.222", "0.778", "1"),
        check={"percent": True},     # a mean of Jaccard indices, each a share of the distinct words: "66.7%" too
        variant=_runs_variant,
        mistakes=(_same_place, _all_pairs, _shared_share),
    ),
    Exercise(
        key="11.2",
        label="p(w) by enumeration",
        question="A tiny LDA model has two topics over the words *fire* and *rain*: topic 1 gives *fire* "
                 "probability {fire_1} (and *rain* the rest), topic 2 gives *fire* {fire_2}. The prior on a "
                 "document's topic shares is Dirichlet with α = 1 for both topics. Integrating the shares out, "
                 "what is the probability of the two-word document *fire rain*? Sum over the four topic "
                 "assignments: under α = 1, both words from one topic has probability 1/3 for each topic, one "
                 "word from each 1/6 for each order.",
        data={"fire_1": 0.9, "fire_2": 0.2},
        answer=_two_token_likelihood,
        steps=_two_token_steps,
        solution="*rain* has probability {rain_1} under topic 1 and {rain_2} under topic 2. Same topic for both "
                 "words: φ₁(fire) φ₁(rain) + φ₂(fire) φ₂(rain) = {same:.4g}, each assignment with probability "
                 "1/3. One word from each topic: φ₁(fire) φ₂(rain) + φ₂(fire) φ₁(rain) = {mixed:.4g}, each with "
                 "probability 1/6. So p(fire rain) = {same:.4g}/3 + {mixed:.4g}/6 = {expected:.4g}. Fixing θ at "
                 "its mean (1/2, 1/2) instead would treat the two words as independent, and miss that a "
                 "document tends to stay with its topics.",
        right=("0.207", "0,207", "0.2067", "0.21"),
        wrong=("0.2475", "0.25", "0.125", "0.55"),
        check={"percent": True},                       # a probability: a share, so "20.7%" is read too
        variant=_tenths_variant,
        mistakes=(_theta_at_its_mean, _same_topic_only),
    ),
    Exercise(
        key="11.3",
        label="importance sampling by hand",
        question="A two-topic model over *fire* and *rain*, as in exercise 11.2: topic 1 gives *fire* probability "
                 "{fire_1}, topic 2 gives *fire* {fire_2} (and *rain* the rest). Importance sampling from the "
                 "prior has drawn two topic shares: topic 1 has share {share_1} in the first draw and {share_2} "
                 "in the second (topic 2 the rest). Given the shares, the two words are independent. What is the "
                 "importance-sampling estimate of p(fire rain), the mean over the two draws of p(fire rain | shares)?",
        data={"fire_1": 0.9, "fire_2": 0.2, "share_1": 0.7, "share_2": 0.2},
        answer=_importance_estimate,
        steps=_importance_steps,
        solution="First draw: p(fire) = {share_1} · {fire_1} + (1 − {share_1}) · {fire_2} = {fire_a:.4g} and "
                 "p(rain) = {rain_a:.4g}, so p(fire rain | shares) = {p_1:.4g}. Second draw: p(fire) = "
                 "{fire_b:.4g}, p(rain) = {rain_b:.4g}, product {p_2:.4g}. The estimate is their mean, "
                 "{expected:.4g}. Averaging the shares first and then multiplying would be a different number: "
                 "the estimator averages likelihoods, not topic shares.",
        right=("0.219", "0,219", "0.2192", "0.22"),
        wrong=("0.2498", "0.25", "0.438", "0.207"),
        check={"percent": True},                       # an estimate of a probability: a share
        variant=_shares_variant,
        mistakes=(_shares_averaged_first, _summed_not_averaged),
    ),
    Prediction(
        key="11.4",
        label="the harmonic mean on a longer document",
        question="Section 2's tiny model, and a document of 40 tokens, each one of its words picked uniformly "
                 "at random (not drawn through its topics). The harmonic-mean "
                 "estimator averages 1/p(w | z) over 2000 topic assignments drawn from the posterior. On the "
                 "short document above it came out a little high. Predict where its estimate of log p(w) lands "
                 "on 40 tokens.",
        data={"tokens": 40, "samples": 2000},
        answer=_harmonic_mean_verdict,
        choices=(_EQUAL, _BELOW, _SLIGHTLY, _ABOVE),
        right=(_ABOVE,),
        wrong=(_BELOW, _EQUAL, _SLIGHTLY),
        solution="The harmonic mean is the reciprocal of the average of 1/p(w | z). Assignments that explain the "
                 "words badly have a huge 1/p(w | z) and would pull the estimate down, but the posterior "
                 "seldom visits them, so a finite sample misses them and the estimate comes out too **high**; "
                 "the longer the document, the rarer those assignments are for the sampler and the larger the gap "
                 "(compare the short document above with this one). "
                 "Wallach et al. (2009) found the same on real corpora; it is the estimate behind Griffiths & "
                 "Steyvers's K criterion (section 3).",
    ),
    Interpretation(
        key="11.5",
        label="coherent K against stable K",
        question="On a news corpus, mean NPMI is highest at K = 20. Greene et al.'s stability (mean agreement of "
                 "subsample runs with a reference run) is 0.26 at K = 20 and 0.38 at K = 5, the most stable K. "
                 "What should you conclude?",
        data={"coherent_k": 20, "stable_k": 5, "stability_coherent": 0.26, "stability_stable": 0.38},
        answer=_coherent_or_stable,
        choices=(_REPORT_COHERENT, _CHECK_RUNS, _STABLE_IS_TRUE, _SAME_THING, _AGREE),
        why={
            _REPORT_COHERENT: "coherence judges the topics of one run. A stability of {stability_coherent} is a "
                              "poor agreement: an average Jaccard of {stability_coherent} over the top-1, top-2, ... "
                              "prefixes means matched topics share few of their top words, and fewer still near "
                              "the top. Another "
                              "run at K = {coherent_k} could show a reader different topics tomorrow.",
            _CHECK_RUNS: "at K = {coherent_k} the runs' matched topics agree poorly (average Jaccard "
                         "{stability_coherent}: matched topics share few of their top words, and fewer still "
                         "near the top), "
                         "so any one "
                         "run's topics are partly an accident of its seed and its documents. "
                         "Interpret only the topics that recur across runs, or choose a more stable K.",
            _STABLE_IS_TRUE: "stability says that the runs agree, not that they are right: a K that merges two "
                             "real themes can be merged the same way every time. On a real corpus there may be "
                             "no true K at all.",
            _SAME_THING: "they do not: coherence asks whether a topic's words occur together, stability whether "
                         "the same topics come back. Here they point to K = {coherent_k} and K = {stable_k}.",
            _AGREE: "they do not point to the same K here: coherence to K = {coherent_k}, stability to "
                    "K = {stable_k}.",
        },
        solution="Coherence and stability answer different questions: are this run's topics' words used together, "
                 "and would I get these topics again? At K = {coherent_k} the answer to the second is weak "
                 "({stability_coherent} against {stability_stable} at K = {stable_k}). Before interpreting a "
                 "topic of the K = {coherent_k} model, check that it recurs over several runs; or take the more "
                 "stable K and accept less coherent topics. Neither number says what the true K is.",
    ),
    Interpretation(
        key="11.6",
        label="a gap that more particles do not close",
        question="For a 6-token document of a tiny model the exact log p(w) is −11.1528. Averaged over 20 runs, "
                 "Wallach et al.'s left-to-right Algorithm 3 gives −11.1329 with 1,000 particles and −11.1355 "
                 "with 16,000; its sequential form without resampling gives −11.1556 and −11.1532. What explains "
                 "Algorithm 3's gap?",
        data={"exact": -11.1528, "runs": 20, "particles_small": 1000, "particles_large": 16000,
              "published_small": -11.1329, "published_large": -11.1355,
              "sequential_small": -11.1556, "sequential_large": -11.1532},
        answer=_gap_verdict,
        choices=(_FEW_PARTICLES, _BIASED, _EXACT_WRONG, _SEQUENTIAL_BIASED),
        why={
            _FEW_PARTICLES: "more particles shrink Monte Carlo noise, and averaging {runs} runs shrinks it further, "
                            "but Algorithm 3's gap barely moves ({published_small} to {published_large} against "
                            "{exact}), while the sequential form's closes.",
            _BIASED: "the gap stays as the particles grow: Algorithm 3 resamples each particle's earlier "
                     "assignments without reweighting them, so its average of p(w_n | w_<n) is taken over the "
                     "wrong distribution (Buntine 2009). The sequential form, an importance sampler, is unbiased, "
                     "and its estimates approach {exact}.",
            _EXACT_WRONG: "enumeration sums over every one of the topic assignments: it is the definition of "
                          "p(w), and the unbiased sequential estimates approach it ({sequential_large}).",
            _SEQUENTIAL_BIASED: "the sequential form's estimates approach the exact value ({sequential_large} "
                                "against {exact}); on this document Algorithm 3's stay above it.",
        },
        solution="Exact: {exact}. The sequential form moves from {sequential_small} to {sequential_large}, towards "
                 "it, as its Monte Carlo error shrinks; Algorithm 3 stays near {published_large}, above it, "
                 "however many particles. A gap that does not shrink with the sample is a bias: Algorithm 3 "
                 "overestimates log p(w) on this document, by about two hundredths of a nat. Buntine (2009) showed "
                 "that the published algorithm is biased; one document does not fix the sign of that bias on "
                 "others.",
    ),
]
