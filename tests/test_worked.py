"""The catalogue of printed numbers and the checker's verdicts.

EXPECTED pins the verdict of every record, worked out by hand (the arithmetic
is in the comments) before looking at the checker's output.  A change to a
teachkit formula, to the comparison rule or to a record that flips a verdict
fails here.
"""

import math
import re
from decimal import Decimal

import numpy as np
import pytest

import teachkit
from teachkit.documents import check as chk
from teachkit.documents.catalogue import DOCUMENTS, RECORDS, Record

H, R, C, W, U = "holds", "rounding", "convention", "wrong", "uncheckable"

EXPECTED = {
    # ------------------------------------------------------------- 000 NPMI guide
    # running/exercise: N = 10,000, c = 500, 400, 150 -> P = 0.05, 0.04, 0.015.
    # Chance would give 500·400/10,000 = 20 shared windows < 150; P(150 or more by chance) = 1.2e-96 < 0.05
    # ("significant", Fisher's exact test, one-sided).
    "000-raw-exercise-above-chance": H,
    # running/meeting: chance 500·4000/10,000 = 200 > 12 shared: PMI = ln(0.0012/0.02) = ln 0.06 = -2.81 < 0.
    "000-raw-meeting-below-chance": H,
    # PMI = ln(0.015/0.002) = ln 7.5 = 2.0149 -> "2.0", not the "2.3" of "Why NPMI?".
    "000-why-pmi-running-exercise": W,
    "000-why-pmi-quantum": U,            # no counts given
    # 4.1 / 2.3 = 1.7826 -> 2 at whole-number precision ("twice").
    "000-why-twice": H,
    # NPMI = 2.0149 / -ln 0.015 = 2.0149 / 4.1997 = 0.4798 -> "0.5", not "0.6".
    "000-why-npmi-running-exercise": W,
    "000-why-npmi-quantum": U,
    "000-s1-p-running": H,               # 500/10,000 = 0.05
    "000-s1-p-exercise": H,              # 400/10,000 = 0.04
    "000-s1-p-joint": H,                 # 150/10,000 = 0.015
    "000-s2-expected": H,                # 0.05 × 0.04 = 0.002
    "000-s2-ratio": H,                   # 0.015 / 0.002 = 7.5
    "000-s2-pmi": H,                     # ln 7.5 = 2.0149 -> 2.01
    "000-s3-neglog": H,                  # -ln 0.015 = 4.1997 -> 4.20
    "000-s3-max-identity": H,            # ln(0.015/0.015²) = -ln 0.015 = 4.20
    "000-s3-npmi": H,                    # 2.0149/4.1997 = 0.4798 -> 0.48
    "000-s3-percent": H,                 # 48% = 0.48
    "000-range-plus-one": H,             # P12 = P1 = P2: NPMI = 1
    # p12 = p1 = p2 = 1: NPMI = 0/0 at the point; for p12 = p1 = p2 = p < 1 it is -ln p / -ln p = 1 for every p,
    # so the limit p -> 1 is +1, what the guide's text says (its code's 0 there is a convention, not a contradiction)
    "000-code-always-together": H,
    "000-range-zero": H,                 # P12 = P1·P2: ln 1 = 0
    "000-range-minus-one": H,            # P12 = 0: NPMI = -1 by definition
    "000-pairs-row1": H, "000-pairs-row2": H, "000-pairs-row3": H, "000-pairs-row4": H,   # 4, 3, 2, 1
    "000-pairs-total": H,                # 5·4/2 = 10
    # .52+.48+.31+.55+.61+.28+.54+.22+.49+.35: 1.00, 1.31, 1.86, 2.47, 2.75, 3.29, 3.51, 4.00, 4.35
    "000-ex-sum": H,
    "000-ex-mean": H,                    # 4.35/10 = 0.435
    "000-ex-label": W,                   # 0.435 > 0.30 is "Excellent" in the guide's own table, not "Good"
    # (0 + 1e-12)/(10,000 + 1e-12) = 1e-16, four orders of magnitude below the "≈ ε" = 1e-12 claimed.
    "000-case1-pjoint": W,
    # guide smoothing: p12 = 1e-16, NPMI = -1 + ln(0.05·0.04)/ln(1e-16) = -1 + (-6.2146)/(-36.841) = -0.831,
    # not within 0.05 of -1.
    "000-case1-npmi": W,
    "000-case2-pword": W,                # same formula at c = 0: 1e-16, not ε = 1e-12
    "000-case3-p1": H,                   # 2/10,000 = 0.0002
    "000-case3-p2": H,                   # 3/10,000 = 0.0003
    "000-case3-pjoint": H,               # 2/10,000 = 0.0002
    # ln(0.0002/(0.0002·0.0003)) / -ln 0.0002 = ln 3333.3 / 8.5172 = 8.1117/8.5172 = 0.952 > 0.30
    "000-case3-high": H,
    "000-case4-p-unsmoothed": H,         # 0/10,000 = 0
    "000-case4-p": H,                    # 1e-12/(10,000 + 1e-12) = 1.0e-16
    "000-case4-log": H,                  # ln 1e-16 = -16·2.302585 = -36.841 -> -36.8
    # 1000 docs × (L - 9) windows: exactly 50,000 tokens -> 41,000; "~50,000" read to one figure
    # (45,000 .. 55,000 tokens) -> 36,000 .. 46,000, which contains 45,000: too approximate to decide.
    "000-wt-windows": U,
    "000-wt-vocab": U, "000-wt-nonzero-pairs": U,
    "000-wt-npairs": H,                  # 10·9/2 = 45
    "000-wt-re-p-running": H,            # 312/45,000 = 0.006933 -> 0.007
    "000-wt-re-p-exercise": H,           # 287/45,000 = 0.006378 -> 0.006
    "000-wt-re-p-both": H,               # 189/45,000 = 0.0042 -> 0.004
    # exact 0.0042/(0.0069333·0.0063778) = 0.0042/4.4219e-5 = 94.98 -> 95.0; rounded 0.004/0.000042 = 95.24 -> 95.2
    "000-wt-re-ratio": R,
    "000-wt-re-pmi": R,                  # ln 94.98 = 4.5537 -> 4.55; ln 95.238 = 4.5564 -> 4.56
    "000-wt-re-neglog": R,               # -ln 0.0042 = 5.4727 -> 5.47; -ln 0.004 = 5.5215 -> 5.52
    "000-wt-re-npmi": H,                 # 4.5537/5.4727 = 0.8321 -> 0.83
    "000-wt-rr-p-running": H,            # 0.007
    "000-wt-rr-p-routine": H,            # 156/45,000 = 0.003467 -> 0.003
    "000-wt-rr-p-both": H,               # 42/45,000 = 0.000933 -> 0.0009
    # exact 0.00093333/(0.0069333·0.0034667) = 0.00093333/2.4036e-5 = 38.83; rounded 0.0009/0.000021 = 42.86
    "000-wt-rr-ratio": R,
    "000-wt-rr-pmi": R,                  # ln 38.83 = 3.659 -> 3.66; ln 42.857 = 3.758 -> 3.76
    "000-wt-rr-neglog": R,               # -ln 0.00093333 = 6.977 -> 6.98; -ln 0.0009 = 7.013 -> 7.01
    "000-wt-rr-npmi": R,                 # 3.659/6.977 = 0.5245 -> 0.52; 3.758/7.013 = 0.5359 -> 0.54
    "000-wt-topic0": U,                  # only 2 of its 45 pairs are shown
    "000-wt-topic0-label": H,            # 0.62 > 0.30: "Excellent" in the table
    "000-wt-topic1": U, "000-wt-topic2": U, "000-wt-topic3": U, "000-wt-topic4": U,
    "000-wt-mean": H,                    # (0.62+0.51+0.38+0.45-0.08)/5 = 1.88/5 = 0.376 -> 0.38
    "000-wt-median": H,                  # sorted -0.08, 0.38, 0.45, 0.51, 0.62 -> 0.45
    "000-wt-min": H, "000-wt-max": H,    # -0.08, 0.62
    "000-wt-negative": H,                # -0.08 < 0
    "000-pit2-pairs3": H,                # 3·2/2 = 3
    "000-pit2-pairs45": H,               # 10·9/2 = 45
    "000-pit4-excellent": W,             # Pitfall 4 starts "Excellent" at 0.40; the table at 0.30
    "000-takeaway-threshold": H,         # "0.3+" = where the table's top band starts
    # ------------------------------------------------------- 001 Portuguese note
    "001-px-example": H,                 # 25/100 = 0,25
    "001-t1-cancao": H, "001-t1-exilio": H, "001-t1-both": H,   # 7/684, 4/684, 4/684 exactly
    # log2((4/684)/((4/684)(7/684))) = log2(684/7) = log2 97.714 = 6.61050 -> 6,610
    "001-eq2-pmi": H,
    "001-eq4-pmi": W,                    # the same PMI printed 6,601: 6,610 with two digits swapped
    # 6.61050 / -log2(4/684) = 6.61050 / 7.41785 = 0.89116 -> 0,891 (6.601/7.418 would be 0.890)
    "001-eq4-npmi": H,
    "001-claim-always": H,               # P(canção | exílio) = 4/4 = 1
    "001-claim-converse": H,             # P(exílio | canção) = 4/7 = 0.571 < 1
    "001-range-never": H, "001-range-always": H,
    # --------------------------------------------------- 003 perplexity notebook
    # Laplace, V = 7: every training bigram (1+1)/(1+7) = 1/4. Six bigrams: Σ log2 = -12.
    # per prediction 2^(12/6) = 4.0; the notebook divides by N = 7: 2^(12/7) = 3.28134...
    "003-perplexity-seen": C,
    # P = 1/8 (Alice->dreams: 0+1 / 1+7), 1/7, 1/7 (context count 0): product 1/392.
    # per prediction 392^(1/3) = 7.3186; per token 392^(1/4) = 4.44961 (printed).
    "003-perplexity-unseen": C,
    "003-claim-higher": H,               # 7.32 > 4.00
    # --------------------------------------------------- 004 semantic metrics
    # all-MiniLM-L6-v2 itself (teachkit.semantic.minilm, judged in tests/test_minilm.py against the cosines
    # sentence-transformers publishes) gives machine-learning 0.386, machine-algorithm 0.357, learning-algorithm
    # 0.329: the document's 0.85, 0.82, 0.88 and its shown components are illustrative, not the model's
    "004-sim-ml": W, "004-sim-ma": W, "004-sim-la": W,
    **{f"004-e-{w}-{c}": W for w in ("machine", "learning", "algorithm") for c in range(4)},
    "004-edge-ml": H, "004-edge-ma": H, "004-edge-la": H,       # 0.85, 0.82, 0.88 > 0.3
    "004-pr-initial": H,                 # 1/3 = 0.333
    "004-pr-strength-machine": H,        # 0.85 + 0.82 = 1.67
    "004-pr-strength-learning": H,       # 0.85 + 0.88 = 1.73
    "004-pr-strength-algorithm": H,      # 0.82 + 0.88 = 1.70
    # one step from 1/3: λ_m = 0.05 + 0.85·(0.85/1.73 + 0.82/1.70)/3 = 0.05 + 0.85·0.32456 = 0.3259 -> 0.33
    "004-pr-iter1-machine": H,
    # λ_l = 0.05 + 0.85·(0.85/1.67 + 0.88/1.70)/3 = 0.05 + 0.85·0.34221 = 0.3409 -> 0.34, not 0.35
    "004-pr-iter1-learning": W,
    # λ_a = 0.05 + 0.85·(0.82/1.67 + 0.88/1.73)/3 = 0.05 + 0.85·0.33323 = 0.3332 -> 0.33, not 0.32
    "004-pr-iter1-algorithm": W,
    # converged PageRank (networkx): 0.3281, 0.3386, 0.3333 -> 0.33, 0.34, 0.33 vs printed 0.32, 0.36, 0.32
    "004-pr-machine": W, "004-pr-learning": W, "004-pr-algorithm": W,
    "004-pr-top": H,                     # learning still has the largest λ (0.3386)
    "004-sdirect-diag": H,               # cos(w, w) = 1
    # products: 1.00·0.85, 0.85·1.00, 0.82·0.88 = 0.7216; 1.00·0.82, 0.85·0.88 = 0.748, 0.82·1.00;
    # 0.85·0.82 = 0.697, 1.00·0.88, 0.88·1.00 -> 0.85 0.85 0.72 / 0.82 0.75 0.82 / 0.70 0.88 0.88
    **{f"004-sind-{ij}-term{t}": H for ij in ("01", "02", "12") for t in (1, 2, 3)},
    "004-sind-01": H,                    # (0.85 + 0.85 + 0.7216)/3 = 0.8072 -> 0.81
    "004-sind-02": H,                    # (0.82 + 0.748 + 0.82)/3 = 0.7960 -> 0.80
    "004-sind-12": H,                    # (0.697 + 0.88 + 0.88)/3 = 0.8190 -> 0.82
    # diagonal by the formula: (1 + 0.85² + 0.82²)/3 = 2.3949/3 = 0.7983; (0.7225 + 1 + 0.7744)/3 = 0.8323;
    # (0.6724 + 0.7744 + 1)/3 = 0.8156; 1.00 only if the diagonal is set to 1 (indirect_diagonal="one").
    "004-sind-00": C, "004-sind-11": C, "004-sind-22": C,
    "004-shier-01-direct": H,            # 0.7·0.85 = 0.595
    "004-shier-01-indirect": R,          # 0.3·0.8072 = 0.24216 -> 0.242; 0.3·0.81 = 0.243
    "004-shier-01": R,                   # 0.595 + 0.24216 = 0.83716 -> 0.837; with 0.243 -> 0.838
    "004-shier-02-direct": H,            # 0.7·0.82 = 0.574
    "004-shier-02-indirect": R,          # 0.3·0.796 = 0.2388 -> 0.239; 0.3·0.80 = 0.240
    "004-shier-02": R,                   # 0.574 + 0.2388 = 0.8128 -> 0.813; with 0.240 -> 0.814
    "004-shier-12-direct": H,            # 0.7·0.88 = 0.616
    "004-shier-12-indirect": H,          # 0.3·0.819 = 0.2457 -> 0.246
    "004-shier-12": H,                   # 0.616 + 0.2457 = 0.8617 -> 0.862
    # 0.7 + 0.3·0.7983 = 0.9395, 0.7 + 0.3·0.8323 = 0.9497, 0.7 + 0.3·0.8156 = 0.9447; 1.000 with diagonal 1
    "004-shier-00": C, "004-shier-11": C, "004-shier-22": C,
    # I = λλᵀ with PageRank λ: .3281² = .1076, .3281·.3386 = .1111, .3281·.3333 = .1094, .3386² = .1147,
    # .3386·.3333 = .1129, .3333² = .1111; the printed .102 .115 .102 .130 .115 .102 are .32·.32 = .1024,
    # .32·.36 = .1152, .36² = .1296 from the wrong λ: carried over.
    "004-imp-00": W, "004-imp-01": W, "004-imp-02": W, "004-imp-11": W, "004-imp-12": W, "004-imp-22": W,
    # weighted with PageRank λ and the formula's diagonal: .9395·.1076 = .1011, .83716·.1111 = .0930,
    # .8128·.1094 = .0889, .9497·.1147 = .1089, .8617·.1129 = .0973, .9447·.1111 = .1050 -> none printed;
    # with diagonal 1 but PageRank λ: .108, .093, .089, .115, .097, .111 -> none; the printed values are
    # S_h·(.1024, .1152, .1296) from the document's λ: carried over.
    "004-wsim-00": W, "004-wsim-01": W, "004-wsim-02": W, "004-wsim-11": W, "004-wsim-12": W, "004-wsim-22": W,
    # Σ with PageRank λ, formula diagonal: 0.8732; diagonal 1: 0.8917; document λ + diagonal 1: 0.8923;
    # only the sum of the nine printed (carried-over) entries gives .890.
    # With the diagonal set to 1 the numerator is 0.892 whatever the λ (the entries' λ errors cancel); the printed
    # 0.890 sums the nine entries rounded to three decimals: 0.102 + 2(0.096) + 2(0.083) + 0.130 + 2(0.099) + 0.102.
    "004-sc-numerator": C,
    # Σ I = (Σλ)² = 1.000; the nine rounded entries: 4·.102 + 4·.115 + .130 = .998
    "004-sc-denominator": R,
    # SC = 0.8732 -> 0.873 with the formula's diagonal; 0.8917 -> 0.892 with the diagonal set to 1
    "004-sc": C, "004-cmp-sc": C, "004-summary-sc": C,
    # (0.12+0.15+0.18)/3 = 0.150, (-0.34-0.29-0.31)/3 = -0.3133, (0.21+0.18+0.19)/3 = 0.1933,
    # (0.56+0.61+0.58)/3 = 0.5833
    "004-et1-0": H, "004-et1-1": H, "004-et1-2": H, "004-et1-3": H,
    # e_T2, e_T3 from the model: components (-0.029, 0.002, -0.005, 0.029) and (-0.014, -0.021, 0.011, -0.029);
    # e_T1 · e_T2 = 0.252, not 0.245
    **{f"004-et{t}-{c}": W for t in (2, 3) for c in range(4)},
    "004-dot-t1t2": W,
    # |mean of unit vectors|² = (3 + 2·(0.85 + 0.82 + 0.88))/9 = 8.1/9 = 0.9 -> |e_T1| = 0.9487, not 1.000
    "004-norm-t1": W,
    "004-norm-t2": W,                    # the model's |e_T2| = 0.815: a mean of unit vectors, shorter than 1
    # cos = 0.245/(0.9487·|e_T2|) >= 0.245/0.9487 = 0.2583 since |e_T2| <= 1: 0.245 is impossible
    "004-cos-t1t2": W,
    "004-sd-numerator": H,               # 1 - 0.245 = 0.755
    "004-sd-t1t2": H,                    # 0.755/2 = 0.3775 -> 0.378 (half up)
    "004-sd-range-identical": H,         # (1 - 1)/2 = 0
    "004-sd-range-opposite": H,          # (1 + 1)/2 = 1
    "004-cos-t1t3": W, "004-cos-t2t3": W,   # the model: 0.671 and 0.396, not 0.782 and 0.198
    # SD(T, T) = (1 - 1)/2 = 0, printed 0.500 = (1 - 0)/2
    "004-sdm-00": W, "004-sdm-11": W, "004-sdm-22": W,
    "004-sdm-01": H,                     # 0.3775 -> 0.378
    "004-sdm-02": H,                     # (1 - 0.782)/2 = 0.109
    "004-sdm-12": H,                     # (1 - 0.198)/2 = 0.401
    "004-sdavg-sum": H,                  # 0.3775 + 0.109 + 0.401 = 0.8875 -> 0.888 (half up)
    "004-sdavg": H,                      # 0.8875/3 = 0.29583 -> 0.296
    "004-sd-most-distinct": H,           # 0.401 is the largest SD: (T2, T3)
    "004-sd-most-similar": H,            # 0.109 is the smallest: (T1, T3)
    "004-ex3-s-diag": H,                 # cos(T, T) = 1
    "004-div-01": H, "004-div-02": H, "004-div-12": H,   # 0.378, 0.109, 0.401 as above
    "004-semdiv-semantic-sum": H,        # 0.8875 -> 0.888
    "004-semdiv-semantic": H,            # 0.29583 -> 0.296
    "004-count-t1": H,                   # ids 0 at D1, D2, D4, D9 -> 4
    "004-count-t2": H,                   # ids 1 at D3, D7, D10 -> 3
    "004-count-t3": H,                   # ids 2 at D5, D6, D8 -> 3
    "004-count-total": H,                # 10
    "004-prop-t1": H, "004-prop-t2": H, "004-prop-t3": H,   # 0.40, 0.30, 0.30
    "004-log-040": H,                    # ln 0.4 = -0.91629 -> -0.916
    "004-log-030": H,                    # ln 0.3 = -1.20397 -> -1.204
    "004-term-040": R,                   # 0.4·-0.91629 = -0.36652 -> -0.367; 0.4·-0.916 = -0.3664 -> -0.366
    "004-term-030": H,                   # 0.3·-1.20397 = -0.36119 -> -0.361
    "004-entropy": R,                    # 0.36652 + 2·0.36119 = 1.08890 -> 1.089; 0.366 + 0.361 + 0.361 = 1.088
    "004-entropy-max": H,                # ln 3 = 1.09861 -> 1.099
    "004-div-distribution": R,           # 1.08890/1.09861 = 0.99116 -> 0.991; 1.088/1.099 = 0.98999 -> 0.990
    "004-semdiv-a": H,                   # 0.5·0.29583 = 0.14792 -> 0.148
    "004-semdiv-b": R,                   # 0.5·0.99116 = 0.49558 -> 0.496; 0.5·0.990 = 0.495
    "004-semdiv": H,                     # 0.14792 + 0.49558 = 0.64350 (0.6434966) -> 0.643
    "004-npmi-p-joint": H,               # 450/10,000 = 0.045
    "004-npmi-p-machine": H,             # 1200/10,000 = 0.12
    "004-npmi-p-learning": H,            # 1500/10,000 = 0.15
    "004-npmi-expected": H,              # 0.12·0.15 = 0.018
    "004-npmi-ratio": H,                 # 0.045/0.018 = 2.5
    "004-npmi-pmi": H,                   # ln 2.5 = 0.91629 -> 0.916
    "004-npmi-neglog": H,                # -ln 0.045 = 3.10109 -> 3.101
    "004-npmi": H,                       # 0.91629/3.10109 = 0.29547 -> 0.295
    "004-cmp-npmi": H,
    "004-summary-sd": H,                 # 0.378 as above
    "004-summary-semdiv": H,             # 0.643 as above
    "004-discrimination": U,             # nothing in the document computes 6.12
}


def test_every_record_is_pinned_and_every_pin_is_a_record():
    ids = [r.id for r in RECORDS]
    assert len(ids) == len(set(ids)), "record ids must be unique"
    assert set(ids) == set(EXPECTED), (sorted(set(ids) - set(EXPECTED)), sorted(set(EXPECTED) - set(ids)))


@pytest.mark.parametrize("record_id", sorted(EXPECTED))
def test_verdict(record_id):
    f = teachkit.finding(record_id)
    assert f.verdict == EXPECTED[record_id], f"{record_id}: {f.explanation}"


def test_records_are_well_formed():
    for r in RECORDS:
        assert isinstance(r, Record)
        assert r.document in DOCUMENTS
        assert re.fullmatch(r"\d{3}-[a-z0-9-]+", r.id), r.id
        assert r.id.startswith(r.document[:3])
        assert r.location and r.quantity and r.inputs and r.printed
        assert (r.recipe is None) == bool(r.needs) or r.recipe is not None, r.id
        if r.recipe is None:
            assert r.needs, f"{r.id}: an uncheckable record must say what would be needed"
        else:
            assert r.recipe in chk.RECIPES
        for alt in r.alternatives:
            assert alt.kind in ("rounding", "convention", "carried", "diagnostic")
            assert alt.recipe is None or alt.recipe in chk.RECIPES
            for used in alt.uses:
                assert any(x.id == used for x in RECORDS), f"{r.id} uses unknown record {used}"


def _catalogue_file(tmp_path, edit):
    """A copy of the catalogue's data file, changed by ``edit(data)``; returns its path."""
    import json
    from importlib import resources

    data = json.loads(resources.files("teachkit").joinpath("data", "documents.json").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "documents.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_loader_reads_the_file_the_package_uses(tmp_path):
    from teachkit.documents.catalogue import load_catalogue

    loaded = load_catalogue(_catalogue_file(tmp_path, lambda data: None))
    assert loaded["records"] == RECORDS
    assert tuple(loaded["documents"]) == tuple(DOCUMENTS)


@pytest.mark.parametrize("edit, match", [
    (lambda data: data["records"].append(dict(data["records"][0])), "duplicate record id.*000-raw-exercise"),
    (lambda data: data["records"][0].update(document="999_unknown.txt"), "unknown document"),
    (lambda data: data["records"][0].update(args={"$ref": "no_such_input"}), "unknown input 'no_such_input'"),
    (lambda data: data["records"][0].update(alternatives=[{"kind": "rounding", "label": "x", "uses": ["000-nope"]}]),
     "unknown record.*000-nope"),
])
def test_loader_rejects_a_broken_catalogue(tmp_path, edit, match):
    from teachkit.documents.catalogue import load_catalogue

    with pytest.raises(ValueError, match=match):
        load_catalogue(_catalogue_file(tmp_path, edit))


def test_every_recipe_the_catalogue_names_exists():
    from teachkit.documents.catalogue import check_recipes

    check_recipes(chk.RECIPES)
    with pytest.raises(ValueError, match="recipes that do not exist: .*npmi"):
        check_recipes(set(chk.RECIPES) - {"npmi"})


def test_a_finding_is_its_record_plus_a_verdict():
    f = chk.finding("001-eq4-pmi")
    record = next(r for r in RECORDS if r.id == "001-eq4-pmi")
    assert f.record is record
    assert (f.id, f.document, f.location, f.quantity, f.inputs, f.printed) == (
        record.id, record.document, record.location, record.quantity, record.inputs, record.printed)
    assert repr(f).startswith("Finding(id='001-eq4-pmi', document='001_89c791579b44ac22.txt', ")


def test_every_document_has_records():
    counts = {d: sum(r.document == d for r in RECORDS) for d in DOCUMENTS}
    assert all(n > 0 for n in counts.values()), counts


def test_no_verdict_is_stored_in_the_catalogue():
    # Verdicts come out of the comparison: no record field holds one.
    for r in RECORDS:
        for value in vars(r).values():
            assert value not in ("holds", "rounding", "convention", "wrong", "uncheckable")


# (That nothing reads the source documents is checked for the whole tree in test_packaging.py.)


# ---------------------------------------------------------------- precision
@pytest.mark.parametrize("text, comma, value, exponent", [
    ("6,601", True, Decimal("6.601"), -3),
    ("0.892", False, Decimal("0.892"), -3),
    ("45,000", False, Decimal("45000"), 0),
    ("1e-16", False, Decimal("1e-16"), -16),
    ("48%", False, Decimal("0.48"), -2),
    ("−0.08", False, Decimal("-0.08"), -2),
    ("+1.0", False, Decimal("1.0"), -1),
])
def test_parse_printed(text, comma, value, exponent):
    p = chk.parse_printed(text, decimal_comma=comma)
    assert (p.value, p.exponent, p.kind) == (value, exponent, "decimal")


def test_parse_printed_fraction_and_label():
    assert chk.parse_printed("7/684").kind == "fraction"
    assert chk.parse_printed("Good!").kind == "label"


def test_comparison_exponent_is_for_decimals_only():
    # typed -> int, it returned None for a written fraction equal to 0 (and failed on .adjusted for another)
    assert chk.comparison_exponent(chk.parse_printed("0.892")) == -3
    for text in ("0/5", "7/684", "Good!"):
        with pytest.raises(ValueError, match="needs a decimal Written"):
            chk.comparison_exponent(chk.parse_printed(text))


@pytest.mark.parametrize("value, exponent, expected", [
    (0.3775, -3, "0.378"),                # half up, not half even (0.378 either way here) ...
    (0.8875, -3, "0.888"),                # ... half even would give 0.888 too; next case tells them apart
    (0.3765, -3, "0.377"),                # half even would give 0.376
    (0.37749999999999995, -3, "0.378"),   # binary noise of 0.3775 does not decide the tie
    (-0.36652, -3, "-0.367"),
    (6.610497592828294, -3, "6.610"),
    (41000, 0, "41000"),
])
def test_round_half_up(value, exponent, expected):
    assert str(chk.round_half_up(value, exponent)) == expected


# ---------------------------------------------------- what the findings say
def test_one_liner_for_a_notebook_cell():
    assert str(teachkit.finding("001-eq4-pmi")) == "printed 6,601 · recomputed 6.610 · wrong (typo)"


def test_explanations_name_values_and_causes():
    f = teachkit.finding("000-wt-re-pmi")
    assert f.recomputed == "4.55" and "0.004, 0.007, 0.006" in f.explanation
    f = teachkit.finding("003-perplexity-unseen")
    assert f.recomputed == repr(392 ** (1 / 3)) or f.recomputed.startswith("7.3186")
    assert "per='token'" in f.explanation
    f = teachkit.finding("004-sc")
    assert f.recomputed == "0.873" and "indirect_diagonal='one'" in f.explanation
    f = teachkit.finding("004-imp-11")
    assert "004-pr-learning" in f.reason
    f = teachkit.finding("004-sdm-00")
    assert "(1 - 0)/2" in f.reason
    f = teachkit.finding("000-wt-windows")
    assert f.recomputed == "41,000" and "54,000" in f.explanation
    f = teachkit.finding("000-why-pmi-quantum")
    assert f.recomputed == "—" and "counts" in f.explanation
    assert "0.890" in teachkit.finding("001-eq4-npmi").explanation
    # "+1 = always together" is the limit: at p12 = 1 NPMI is 0/0, and the guide's code's 0 there is a convention
    f = teachkit.finding("000-code-always-together")
    assert (f.printed, f.verdict) == ("+1.0", "holds") and float(f.recomputed) == 1.0
    assert not f.cause and "0/0" in f.explanation and "limit" in f.explanation
    assert "neither contradicts" in f.explanation


def test_finding_html_and_dict():
    f = teachkit.finding("004-norm-t1")
    assert "wrong" in f._repr_html_() and "0.949" in f._repr_html_()
    d = f.to_dict()
    assert {"document", "location", "quantity", "printed", "recomputed", "verdict", "explanation"} <= set(d)


def test_unknown_id_and_document():
    with pytest.raises(ValueError, match="no record has id"):
        teachkit.finding("001-nope")
    with pytest.raises(ValueError, match="ambiguous"):
        teachkit.check_documents("00")
    with pytest.raises(ValueError, match="no document starts"):
        teachkit.check_documents("9")
    assert {f.document for f in teachkit.check_documents("004")} == {"004_8c2cfc3a4c4844f2.txt"}


# ------------------------------------- the verdicts follow the formulas
def test_changing_a_formula_flips_verdicts(monkeypatch):
    """Recompute with a broken pmi (log10 instead of the requested base): verdicts must move."""
    import sys

    pmi_module = sys.modules["teachkit.counts.association"]   # the module that defines tk.pmi
    real = pmi_module.pmi

    def broken(p_xy, p_x, p_y, base=math.e):
        return real(p_xy, p_x, p_y, base=10)

    monkeypatch.setattr(pmi_module, "pmi", broken)
    record = next(r for r in RECORDS if r.id == "001-eq2-pmi")
    assert chk._evaluate(record).verdict == "wrong"          # log10(97.7) = 1.99, not 6.610
    record = next(r for r in RECORDS if r.id == "000-s2-pmi")
    assert chk._evaluate(record).verdict == "wrong"


def test_changing_the_perplexity_normalisation_flips_the_verdict(monkeypatch):
    import sys

    pp = sys.modules["teachkit.lm.metrics"]
    real = pp.perplexity
    monkeypatch.setattr(pp, "perplexity", lambda model, tokens, per="prediction": real(model, tokens, per="token"))
    record = next(r for r in RECORDS if r.id == "003-perplexity-seen")
    assert chk._evaluate(record).verdict == "holds"          # the standard now *is* per token


def test_summary_counts_add_up():
    fs = teachkit.check_documents()
    s = chk.summary(fs)
    assert s["checked"] == len(RECORDS) == sum(s[v] for v in chk.VERDICTS)
    expected_counts = {v: sum(1 for x in EXPECTED.values() if x == v) for v in chk.VERDICTS}
    assert {v: s[v] for v in chk.VERDICTS} == expected_counts


def test_a_wrong_numbers_relative_gap_is_taken_from_the_printed_and_exact_values():
    # The guide prints PMI(running, exercise) = 2.3; its own counts give ln(150 * 10,000 / (500 * 400)) = ln 7.5.
    # The gap relative to the exact value is (2.3 - ln 7.5) / ln 7.5 = +14.1%, not the rounded 0.3 / ln 7.5 = +14.9%.
    exact = math.log(7.5)
    f = teachkit.finding("000-why-pmi-running-exercise")
    assert f.verdict == "wrong"
    assert f"{(2.3 - exact) / exact:+.1%}" == "+14.1%"
    assert "+14.1%" in f.reason and "+14.9%" not in f.reason


@pytest.mark.parametrize("weights, expected", [("document", 0.8923), ("pagerank", 0.8917)])
def test_the_sc_numerator_barely_depends_on_lambda_with_the_diagonal_set_to_one(weights, expected):
    # By hand, not with semantic_coherence: S_h = 0.7 S + 0.3 S S / 3 with S_h's indirect diagonal set to 1,
    # numerator = λᵀ S_h λ; λ the document's (0.32, 0.36, 0.32) or networkx's PageRank of the cosine graph.
    import networkx as nx
    S = np.array([[1.0, 0.85, 0.82], [0.85, 1.0, 0.88], [0.82, 0.88, 1.0]])
    indirect = S @ S / 3
    np.fill_diagonal(indirect, 1.0)
    hierarchical = 0.7 * S + 0.3 * indirect
    if weights == "document":
        lam = np.array([0.32, 0.36, 0.32])
    else:
        G = nx.Graph()
        G.add_weighted_edges_from([(0, 1, 0.85), (0, 2, 0.82), (1, 2, 0.88)])
        pr = nx.pagerank(G, alpha=0.85, weight="weight", tol=1e-14)
        lam = np.array([pr[0], pr[1], pr[2]])
    assert round(float(lam @ hierarchical @ lam), 4) == expected
    assert f"{expected}" in teachkit.finding("004-sc-numerator").explanation


@pytest.mark.parametrize("bad", [["001-eq2-pmi"], ("001-eq2-pmi",), 42, None])
def test_finding_takes_one_id_as_a_string(bad):
    with pytest.raises(TypeError, match=r"record_id must be one id as a string, e\.g\. 000-"):
        teachkit.finding(bad)


def test_findings_table_has_one_row_per_id_in_order_with_each_findings_fields():
    from teachkit.documents.check import finding, findings_table

    ids = ["004-pr-iter1-machine", "004-pr-iter1-learning", "004-sc"]
    table = findings_table(ids)._repr_markdown_().splitlines()
    assert table[0].startswith("| where | what | printed | recomputed | verdict | why |")
    assert len(table) == 2 + len(ids)
    for row, record_id in zip(table[2:], ids):
        f = finding(record_id)
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert cells[2:5] == [f.printed, f.recomputed, f"**{f.tag}**"], (record_id, cells)
    with pytest.raises(TypeError, match="list of catalogue ids"):
        findings_table("004-sc")


def test_the_document_card_says_what_the_document_is_and_counts_its_verdicts():
    from teachkit.documents.check import about, check_documents
    from teachkit.documents.catalogue import DOCUMENTS

    assert "each of the 2 numbers it prints as the result of a calculation and the 1 claim" in repr(about("003"))
    for prefix in ("000", "001", "003", "004"):
        card = repr(about(prefix))
        name = next(d for d in DOCUMENTS if d.startswith(prefix))
        results = check_documents(prefix)
        verdicts = [f.verdict for f in results]
        assert DOCUMENTS[name]["title"] in card and DOCUMENTS[name]["kind"] in card
        assert name not in card            # named by its title, not by its hash file name
        # printed numbers and claims about them counted apart: 003 prints 2 numbers and makes 1 claim
        claims = [f for f in results if f.record.claim is not None]
        numbers = len(verdicts) - len(claims)
        assert f"each of the {numbers} number{'s' * (numbers != 1)} it prints" in card
        assert (f"and the {len(claims)} claim" in card) == bool(claims)
        for v in set(verdicts):
            assert f"{verdicts.count(v)} {v}" in card, (prefix, v)


def test_the_docs_summary_line_is_the_checkers():
    """docs/documents.md prints the whole catalogue's summary; it is what `teachkit check` computes today."""
    import pathlib

    from teachkit.documents.check import check_documents, summary_line

    page = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "documents.md").read_text(encoding="utf-8")
    assert f"Summary: {summary_line(check_documents())}" in page


@pytest.mark.parametrize("value, band", [("-0.01", "Poor"), ("0.00", "Marginal"), ("0.04", "Marginal"),
                                         ("0.05", "Acceptable"), ("0.15", "Good"), ("0.29", "Good"),
                                         ("0.31", "Excellent")])
def test_the_guides_quality_band_of_a_score_on_and_between_its_edges(value, band):
    # the guide's table: Poor "< 0.00", Marginal "0.00 - 0.05", Acceptable "0.05 - 0.15", Good "0.15 - 0.30",
    # Excellent "> 0.30"; 0.00 is Marginal by its "< 0.00", and every shared edge starts the band above it
    from teachkit.documents.check import r_quality_band

    assert r_quality_band(value) == band
