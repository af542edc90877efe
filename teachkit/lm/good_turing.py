"""Good-Turing estimation: the simple Good-Turing method of Gale & Sampson (1995).

Good-Turing replaces a count r by the adjusted count ``r* = (r + 1) n_{r+1} / n_r``, where ``n_r`` (the
*frequency of frequency* r) is the number of distinct types seen exactly r times, and gives the types never
seen the total probability ``n_1 / N`` (N tokens in all).

Raw ``n_r`` are noisy and full of zeros for large r, so Gale & Sampson smooth them first:

1. Average each n_r over the gap around it: ``Z_r = 2 n_r / (t - q)``, with q the previous r that has
   n_r > 0 (0 for the first) and t the next one (``2r - q`` for the last).
2. Fit the line ``log Z_r = a + b log r`` by least squares; ``S(r) = exp(a + b log r)`` is the smoothed n_r.
3. For each r from 1 up, use the Turing estimate ``x = (r + 1) n_{r+1} / n_r`` while it differs from the
   smoothed one ``y = (r + 1) S(r + 1) / S(r)`` by more than 1.96 standard deviations,
   ``sqrt((r + 1)^2 (n_{r+1} / n_r^2) (1 + n_{r+1} / n_r))``; from the first r where it does not (or where
   n_{r+1} = 0) on, use y.
4. Keep ``n_1 / N`` for the unseen types and rescale the seen ones so that everything sums to 1:
   ``p_r = (1 - n_1/N) · r* / Σ_r n_r r*``.

nltk's ``SimpleGoodTuringProbDist`` implements the same steps; the tests compare the two.
"""

from __future__ import annotations

import math
import numbers
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["SimpleGoodTuring", "simple_good_turing"]


@dataclass(frozen=True)
class SimpleGoodTuring:
    """The result of :func:`simple_good_turing`.

    Attributes
    ----------
    n : dict of int to int
        The frequencies of frequencies n_r (r >= 1, n_r > 0).
    N : int
        Σ r n_r, the number of tokens.
    intercept, slope : float
        a and b of ``log Z_r = a + b log r``.
    switch_at : int
        The first r whose adjusted count comes from the fitted line (below it, from the raw n_r).
    r_star : dict of int to float
        The adjusted count r* of each observed r (before rescaling).
    p_unseen : float
        n_1 / N: the total probability of the types never seen.
    """

    n: dict[int, int]
    N: int
    intercept: float
    slope: float
    switch_at: int
    r_star: dict[int, float]
    p_unseen: float

    def smoothed_n(self, r: float) -> float:
        """S(r) = exp(a + b log r), the fitted frequency of frequency r."""
        return math.exp(self.intercept + self.slope * math.log(r))

    def prob(self, r: int) -> float:
        """The probability of one type seen r times (r >= 1), rescaled so that everything sums to 1.

        For r = 0 this is the total unseen mass n_1 / N, to be shared among the unseen types.
        """
        if r == 0:
            return self.p_unseen
        if r not in self.r_star:
            raise ValueError(f"r = {r} is not a count of this table (counts seen: {sorted(self.r_star)[:10]} ...).")
        total = math.fsum(self.n[k] * self.r_star[k] for k in self.n)
        return float((1.0 - self.p_unseen) * self.r_star[r] / total)


def simple_good_turing(frequencies: Mapping[int, int]) -> SimpleGoodTuring:
    """Simple Good-Turing (Gale & Sampson 1995) from the frequencies of frequencies ``{r: n_r}``.

    Parameters
    ----------
    frequencies : mapping of int to int
        n_r for each count r >= 1 (entries with n_r = 0 are ignored); at least two distinct r.

    Returns
    -------
    SimpleGoodTuring

    Raises
    ------
    ValueError
        Counts that are not whole numbers >= 1, fewer than two distinct r (no line can be fitted), or no
        type seen once (n_1 = 0: Good-Turing then gives the unseen types nothing).

    Examples
    --------
    Gale & Sampson's "prosody" example starts n_1 = 120, n_2 = 40, n_3 = 24, n_4 = 13, n_5 = 15, ...;
    here a smaller table:

    >>> sgt = simple_good_turing({1: 10, 2: 4, 3: 2, 5: 1})
    >>> sgt.N, round(sgt.p_unseen, 4)                  # 10 + 8 + 6 + 5 tokens; 10 / 29
    (29, 0.3448)
    >>> round(sum(sgt.n[r] * sgt.prob(r) for r in sgt.n) + sgt.p_unseen, 12)
    1.0
    """
    if not isinstance(frequencies, Mapping):
        raise TypeError(f"frequencies must be a mapping {{r: n_r}} of counts to how many types have them, "
                        f"got {type(frequencies).__name__}.")
    n = {}
    for r, nr in frequencies.items():
        for name, value in (("r", r), ("n_r", nr)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
                raise ValueError(f"frequencies: {name} must be a whole number >= 0, got {value!r:.60} "
                                 f"(at r = {r!r:.60}).")
        for name, value in (("r", r), ("n_r", nr)):
            if value > 2**53:
                raise ValueError(f"frequencies: {name} is a number of {int(value).bit_length()} bits, more than "
                                 "2**53, beyond which a float no longer holds every whole number; no corpus has "
                                 "that many tokens.")
        if r == 0:
            raise ValueError("frequencies: r = 0 (the unseen types) is not a frequency of frequency; leave it out.")
        if nr > 0:
            n[int(r)] = int(nr)
    if len(n) < 2:
        raise ValueError(f"simple Good-Turing fits a line through the frequencies of frequencies and needs at least "
                         f"two distinct counts r, got {sorted(n)}.")
    if 1 not in n:
        raise ValueError("no type was seen exactly once (n_1 = 0): Good-Turing would give the unseen types "
                         "probability 0. Use another estimate for such data.")
    rs = sorted(n)
    N = sum(r * n[r] for r in rs)
    z = []
    for j, r in enumerate(rs):
        q = rs[j - 1] if j > 0 else 0
        t = rs[j + 1] if j + 1 < len(rs) else 2 * r - q
        z.append(2.0 * n[r] / (t - q))
    x = [math.log(r) for r in rs]
    y = [math.log(v) for v in z]
    x_mean, y_mean = math.fsum(x) / len(x), math.fsum(y) / len(y)
    slope = math.fsum((a - x_mean) * (b - y_mean) for a, b in zip(x, y)) / math.fsum((a - x_mean) ** 2 for a in x)
    intercept = y_mean - slope * x_mean
    if slope >= -1:
        warnings.warn(f"simple Good-Turing: the fitted slope {slope:.3f} is not below -1, so the smoothed "
                      "frequencies of frequencies do not fall fast enough; the estimates are unreliable.",
                      RuntimeWarning, stacklevel=2)

    def smoothed(r: float) -> float:
        return math.exp(intercept + slope * math.log(r))

    switch_at = rs[-1]
    for j, r in enumerate(rs):
        if j + 1 == len(rs) or rs[j + 1] != r + 1:
            switch_at = r
            break
        turing = (r + 1) * n[r + 1] / n[r]
        line = (r + 1) * smoothed(r + 1) / smoothed(r)
        sd = math.sqrt((r + 1) ** 2 * (n[r + 1] / n[r] ** 2) * (1 + n[r + 1] / n[r]))
        if abs(turing - line) <= 1.96 * sd:
            switch_at = r
            break
    r_star = {r: ((r + 1) * n[r + 1] / n[r] if r < switch_at else (r + 1) * smoothed(r + 1) / smoothed(r))
              for r in rs}
    return SimpleGoodTuring(n, N, intercept, slope, switch_at, r_star, n[1] / N)
