"""The course's larger figures, drawn by named helpers so that a lesson cell shows one with one line.

Each helper draws its figure from the values the notebook computed, and shows it with
:func:`teachkit.course.figures.show`: alt text for a reader who cannot see it, and a "what to see" line that
states the result in words and numbers read off the same values (so the sentence cannot drift from the picture).
``tests/test_plots.py`` checks each helper's sentences against values worked out by hand.

* :func:`perplexity_by_order` (04b): held-out perplexity of several smoothing methods against the n-gram order,
  over the share of held-out n-grams never seen in training;
* :func:`stability_curve` (11): Greene et al.'s stability against K, with its paired lead;
* :func:`criteria_by_k` (11): every K-choosing criterion, scaled to [0, 1], against K, one panel per corpus;
* :func:`label_agreement_by_k` (12): NMI and purity against K for two corpora;
* :func:`sc_by_threshold` (05b): SC and the PageRank weights as the threshold rises;
* :func:`keyword_graphs` and :func:`weights_by_iteration` (05): a keyword graph per set of weights, and PageRank's
  iterates beside a document's printed weights;
* :func:`gensim_undercount` and :func:`scores_by_topic_set` (07): NPMI from correct and from gensim's window
  counts per LDA topic, and every topic's score per metric and set of topics.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .figures import label, show

__all__ = ["criteria_by_k", "gensim_undercount", "keyword_graphs", "label_agreement_by_k", "paired_lead",
           "perplexity_by_order", "sc_by_threshold", "scores_by_topic_set", "stability_curve", "weights_by_iteration"]

_STYLES = ["o-", "s--", "^-.", "D:", "v-", "P--"]
#: How far apart, in points of the page, the criteria of criteria_by_k are drawn at one K (side by side, each
#: still on its K).
DODGE_POINTS = 3


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _trend(values: Sequence[float]) -> str:
    if all(b > a for a, b in zip(values, values[1:])):
        return "rises with the order"
    if all(b < a for a, b in zip(values, values[1:])):
        return "falls with the order"
    return "changes with the order"


def perplexity_by_order(orders: Sequence[int], perplexities: Mapping[str, Sequence[float]],
                        unseen_share: Sequence[float]) -> None:
    """Show held-out perplexity per smoothing method against the order, over the share of unseen n-grams.

    Parameters
    ----------
    orders : sequence of int
        The n-gram orders, e.g. ``(1, 2, 3, 4)``.
    perplexities : mapping of str to sequence of float
        Per smoothing method (its name, as the legend shows it), the held-out perplexity at each order.
    unseen_share : sequence of float
        At each order, the share (0 to 1) of held-out n-grams that never occur in training.
    """
    import matplotlib.pyplot as plt

    orders = list(orders)
    if not orders or any(len(v) != len(orders) for v in perplexities.values()) or len(unseen_share) != len(orders):
        raise ValueError("perplexities and unseen_share need one value per order in orders.")
    if not perplexities:
        raise ValueError("perplexities must name at least one smoothing method.")
    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(7.6, 7.4), layout="constrained")
    # the cycle's fourth colour (dark orange) next to its second (orange) is one olive under deuteranopia (look
    # review z23): the fourth line takes the mid blue, lighter than the first's
    for (name, pps), marker, style, colour in zip(perplexities.items(), "osD^v", ["-", "--", "-.", ":", "-"],
                                                  ["C0", "C1", "C2", "C4", "C5"]):
        ax.plot(orders, pps, style, marker=marker, color=colour, lw=2, ms=7, label=name)
    ax.set(yscale="log", xticks=orders, xlabel="order n", ylabel="held-out perplexity (log scale)",
           title="Held-out perplexity of n-gram models")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    ax2.bar(orders, [100 * s for s in unseen_share], color="C1", hatch="//", edgecolor="0.2")
    ax2.set(xticks=orders, ylim=(0, 100), xlabel="order n", ylabel="% of held-out n-grams",
            title="Held-out n-grams never seen in training")
    top = max(perplexities, key=lambda m: perplexities[m][-1])
    low = min(perplexities, key=lambda m: perplexities[m][-1])
    lowest_from = next(i for i in range(len(orders))
                       if all(min(perplexities, key=lambda m: perplexities[m][j]) == low
                              for j in range(i, len(orders))))
    since = "at every order" if lowest_from == 0 else f"from order {orders[lowest_from]} on"
    first, last = orders[0], orders[-1]
    shares = ", ".join(f"{s:.0%} at order {n}" for n, s in zip(orders, unseen_share))
    alt = (f"Top: line chart of held-out perplexity (log scale) against the n-gram order {first} to {last} for "
           f"{len(perplexities)} smoothing methods; {top} {_trend(perplexities[top])} while {low} is lowest "
           f"{since}. Bottom: bar chart of the percentage of held-out n-grams never seen in training: {shares}.")
    see = (f"{top[:1].upper()}{top[1:]} {_trend(perplexities[top])} ({perplexities[top][0]:,.0f} at order {first}, "
           f"{perplexities[top][-1]:,.0f} at order {last}) while {low} is lowest {since} "
           f"({perplexities[low][-1]:,.0f} at order {last}); the bars say why the methods part: of the held-out "
           f"n-grams, {shares} were never seen in training, and a method is only as good as what it does with "
           f"those.")
    show(fig, alt=alt, see=see)


def paired_lead(agreements: Mapping[int, Sequence[float]], best: int, second: int) -> tuple[float, float]:
    """The lead of ``best`` over ``second`` (mean of the run-by-run differences) and its paired standard error.

    Run r uses the same subsample at every K, so the two Ks' agreements are paired by run.
    """
    import numpy as np

    a, b = np.asarray(agreements[best], dtype=float), np.asarray(agreements[second], dtype=float)
    if a.shape != b.shape or a.size < 2:
        raise ValueError("agreements must hold the same number (two or more) of runs for both Ks.")
    diff = a - b
    return float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(diff.size))


def stability_curve(curve: Any, k_true: int) -> tuple[int, int]:
    """Show a stability curve (mean agreement ± s.e. per K) with the planted K; return the two most stable Ks.

    ``curve`` is a :class:`teachkit.evaluation.stability.StabilityCurve` (``ks``, ``mean(k)``,
    ``standard_error(k)``, ``agreements``).  The "what to see" line weighs the best K's lead over the second by
    the standard error of the paired run-by-run differences, not by the bars (which are each K's own).
    """
    import matplotlib.pyplot as plt

    ks = list(curve.ks)
    if len(ks) < 2:
        raise ValueError("curve needs at least two values of K.")
    best, second = sorted(ks, key=curve.mean, reverse=True)[:2]
    fig, ax = plt.subplots(figsize=(6.4, 3.8), layout="constrained")
    ax.errorbar(ks, [curve.mean(k) for k in ks], yerr=[curve.standard_error(k) for k in ks], fmt="o-", capsize=3)
    # behind the bars (look z6: drawn on top it hid the planted K's own error bar)
    ax.axvline(k_true, color="grey", linestyle=":", label="planted K", zorder=0)
    ax.set_xticks(ks)           # only the Ks fitted (look z6: a tick at an unfitted K suggested a value there)
    ax.set(xlabel="number of topics K", ylabel="stability (mean agreement ± s.e.)",
           title="Greene et al.'s stability on the planted corpus")
    ax.legend(loc="lower right")
    lead, se = paired_lead(curve.agreements, best, second)
    verdict = ("within the noise" if lead < 2 * se else "more than two of them")
    alt = (f"Stability (mean agreement between a reference model and models on subsamples, with standard-error "
           f"bars) against the number of topics K on the planted corpus, a dotted line at the planted K = "
           f"{k_true}. The highest point is at K = {best} ({curve.mean(best):.3f}), then K = {second} "
           f"({curve.mean(second):.3f}).")
    see = (f"The most stable K is {best} (the planted K is {k_true}), but its lead over K = {second} is "
           f"{lead:.3f}, {lead / se:.1f} standard errors of the paired run-by-run differences (printed below; "
           f"the bars are each K's own and are not the yardstick): {verdict}.")
    show(fig, alt=alt, see=see)
    return best, second


def criteria_by_k(tables: Mapping[str, Mapping[int, Mapping[str, float]]],
                  better: Mapping[str, Callable], k_true: int, planted: str = "planted") -> None:
    """Show every K-choosing criterion, scaled to [0, 1] with better up, against K: one panel per corpus.

    Parameters
    ----------
    tables : mapping
        Per corpus name, ``{K: {criterion: value}}``.
    better : mapping of str to ``max`` or ``min``
        Per criterion, whether a higher (``max``) or lower (``min``) value is better.
    k_true : int
        The planted K, marked by a dotted line on the panel named ``planted``.
    """
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.transforms import ScaledTranslation

    if set(better.values()) - {max, min}:
        raise ValueError("better must map each criterion to max or min.")
    fig, axes = plt.subplots(1, len(tables), figsize=(7.8, 4.2), squeeze=False)
    axes = axes[0]
    peaks = {}
    for ax, (corpus, table) in zip(axes, tables.items()):
        ks = list(table)
        # each criterion's points dodged sideways by a few points of the page (not of K), so that criteria
        # meeting at one point all show side by side (look review: on Lee four met at K = 20) while every point
        # still sits on its K at any K spacing (look review x5: a dodge in units of K moved K = 5 to 3.8-6.3)
        for n, (name, choose) in enumerate(better.items()):
            dodge = ScaledTranslation((n - (len(better) - 1) / 2) * DODGE_POINTS / 72, 0, fig.dpi_scale_trans)
            values = np.array([table[k][name] for k in ks], dtype=float)
            span = values.max() - values.min()
            scaled = (values - values.min()) / span if span else np.zeros_like(values)
            up = scaled if choose is max else 1 - scaled
            # filled markers for the first and fourth criterion, larger hollow ones for the rest, so that two
            # lines meeting at one point both show (11's stability and Arun cross at K = 10 on Lee)
            hollow = n % 3 != 0
            (line,) = ax.plot(np.array(ks, dtype=float), up, _STYLES[n % 6], ms=9 if hollow else 7,
                              mfc="none" if hollow else None, mew=1.8, label=label(name))
            # drawn in data coordinates first, so the axes' limits take in the data (a transform given to
            # plot() itself would leave them at matplotlib's default, as reader y1 saw), then shifted
            line.set_transform(ax.transData + dodge)
            peaks.setdefault(corpus, {})[name] = choose(ks, key=lambda k: table[k][name])
        if corpus == planted:
            ax.axvline(k_true, color="grey", linestyle=":", zorder=0, label=f"planted K = {k_true}")
        ax.set_xticks(ks)
        ax.set_xlabel("number of topics K")
        ax.set_title(f"{corpus} corpus, seed 0")
    axes[0].set_ylabel("scaled to [0, 1], better is up")
    handles = {}
    for ax in axes:             # the planted K's line has an entry too (look z6), whichever panel holds it
        handles.update(zip(*reversed(ax.get_legend_handles_labels())))
    # anchored below the figure's edge, clear of the x labels' descenders (look review z23: the frame touched them)
    fig.legend(list(handles.values()), list(handles), loc="lower center", ncol=2, bbox_to_anchor=(0.5, -0.07))
    fig.subplots_adjust(bottom=0.36)

    def said(corpus):
        found = peaks[corpus]
        if len(set(found.values())) == 1:
            return f"every criterion peaks at K = {next(iter(found.values()))}"
        groups = {}
        for name, k in found.items():
            groups.setdefault(k, []).append(label(name))
        return "; ".join(f"{_and(names)} at K = {k}" for k, names in sorted(groups.items()))

    parts = [f"{corpus[:1].upper()}{corpus[1:]} corpus: {said(corpus)}" for corpus in tables]
    alt = (f"{len(tables)} panels ({', '.join(tables)}), models trained with seed 0: each K-choosing criterion, "
           f"scaled to [0, 1] with better up, against the number of topics K; on the {planted} panel a dotted "
           f"line marks the planted K = {k_true}. Where each line peaks: " + ". ".join(parts) + ".")
    see = ("Where a line peaks is the K its criterion picks with seed 0. " + ". ".join(parts)
           + ". Each criterion's points are shifted a little sideways, so that criteria meeting at one point all "
             "show. The table below gives the picks with seeds 0, 1 and 2.")
    show(fig, alt=alt, see=see)


def label_agreement_by_k(ks: Sequence[int], curves: Mapping[str, Mapping[str, Sequence[float]]],
                         k_labels: int) -> None:
    """Show NMI and purity (mean over seeds) against K for each corpus, a dashed line at the number of labels.

    ``curves`` maps a corpus name to ``{"nmi": [...], "purity": [...]}``, one value per K in ``ks``.
    """
    import matplotlib.pyplot as plt

    ks = list(ks)
    for corpus, fields in curves.items():
        if set(fields) != {"nmi", "purity"} or any(len(v) != len(ks) for v in fields.values()):
            raise ValueError(f"curves[{corpus!r}] needs 'nmi' and 'purity', one value per K in ks.")
    fig, ax = plt.subplots(figsize=(6.4, 5.2))
    # one colour per corpus, one dash per measure: the cycle's orange and dark orange, which the four lines
    # took in turn, are one olive to a colour-blind reader (look review z23)
    for (name, fields), marker, colour in zip(curves.items(), "osD^", ["C0", "C1", "C2", "C4"]):
        ax.plot(ks, fields["nmi"], marker + "-", color=colour, label=f"NMI, {name}")
        ax.plot(ks, fields["purity"], marker + "--", color=colour, label=f"purity, {name}")  # dashed: not NMI
    ax.axvline(k_labels, color="grey", linestyle="--", linewidth=1, label=f"K = {k_labels}, the number of labels")
    ax.set_xlabel("number of topics K")
    ax.set_ylabel("agreement, mean over seeds")
    ax.set_xticks(ks)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=1)
    ax.set_title("Label agreement")
    fig.tight_layout()

    def nmi(name):
        return ", ".join(f"{v:.2f} at K = {k}" for k, v in zip(ks, curves[name]["nmi"]))

    def purity(name):
        return ", ".join(f"{v:.2f} at K = {k}" for k, v in zip(ks, curves[name]["purity"]))

    def whose(name):
        return f"{name}'" if name.endswith("s") and not name.endswith("us") else f"{name}'s"

    names = list(curves)
    alt = (f"NMI and purity against the number of topics K (mean over seeds), for {' and '.join(names)}, a dashed "
           f"line at K = {k_labels}, the number of labels. NMI: "
           + "; ".join(f"{whose(n)} {nmi(n)}" for n in names) + ". Purity: "
           + "; ".join(f"{whose(n)} {purity(n)}" for n in names) + ".")
    first, last = names[0], names[-1]
    low, high = min(curves[first]["nmi"]), max(curves[first]["nmi"])
    see = f"The {whose(last)} mean NMI is {nmi(last)} (the {whose(first)}: {low:.2f} to {high:.2f})"
    if len(names) == 2 and max(curves[last]["nmi"]) < low:
        see += f": at every K the {last} agree far less with their labels than the {first} does with its own."
    else:
        see += "."
    show(fig, alt=alt, see=see)


def sc_by_threshold(similarity: Any, words: Sequence[str], damping: float = 0.85) -> None:
    """Show a topic's SC and its keywords' PageRank weights as the graph's threshold rises from 0 to 0.95.

    An edge is kept where the cosine is above the threshold, so SC and λ are flat between two cosines and
    change only where the threshold passes one; the "what to see" line gives each flat stretch's SC.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    from ..semantic.metrics import semantic_coherence

    S = np.asarray(similarity, dtype=float)
    words = list(words)
    if S.ndim != 2 or S.shape != (len(words), len(words)):
        raise ValueError("similarity must be a square matrix with one row per word in words.")
    grid = np.round(np.arange(0.0, 0.951, 0.005), 3)
    results = [semantic_coherence(S, threshold=float(t), damping=damping, words=words) for t in grid]
    cosines = sorted({round(float(S[i, j]), 6) for i in range(len(S)) for j in range(i + 1, len(S))
                      if 0 < S[i, j] < 0.95})
    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(6.8, 6.6), sharex=True, layout="constrained")
    ax.step(grid, [r.score for r in results], where="post", lw=2)
    ax.set(ylabel="SC", title="SC as the threshold rises")
    for k, (word, style) in enumerate(zip(words, ["-", "--", ":", "-."])):
        ax2.step(grid, [r.weights[k] for r in results], style, where="post", lw=2, label=word)
    ax2.set(xlabel="threshold (an edge is kept where the cosine is above it)", ylabel="PageRank weight λ")
    # beside the panel: no corner of it is free of lines (look review z23: the legend sat on "learning")
    ax2.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    for axis in (ax, ax2):
        for c in cosines:
            axis.axvline(c, color="grey", linestyle=":", linewidth=1)
    edges = [0.0, *cosines, 0.95]
    stretches, together = [], []
    for low, high in zip(edges, edges[1:]):
        result = semantic_coherence(S, threshold=(low + high) / 2, damping=damping, words=words)
        stretches.append(f"{result.score:.3f} from {low:.2f} to {high:.2f}")
        # two equal weights draw one line over the other: say so, or a reader looks for the missing one
        # (look review z10, 05b: learning and algorithm from 0.60 to 0.75)
        groups: list[list[int]] = []
        for k in range(len(words)):
            group = next((g for g in groups if abs(result.weights[g[0]] - result.weights[k]) < 1e-9), None)
            if group is None:
                groups.append([k])
            else:
                group.append(k)
        for g in (g for g in groups if len(g) > 1):
            names = [words[k] for k in g]
            together.append(f"{', '.join(names[:-1])} and {names[-1]} ({result.weights[g[0]]:.3f}) from "
                            f"{low:.2f} to {high:.2f}")
    alt = (f"Two step charts against the threshold 0 to 0.95, dotted lines at the cosines "
           f"{', '.join(f'{c:.2f}' for c in cosines)}: top, SC; bottom, the PageRank weight of each of "
           f"{', '.join(words)}. SC is " + "; ".join(stretches) + ".")
    see = ("SC changes only where the threshold passes a cosine and an edge drops out: it is "
           + "; ".join(stretches) + ".")
    if together:
        same = ("Where words have the same weight their lines lie on top of each other: "
                + "; ".join(together) + ".")
        alt, see = f"{alt} {same}", f"{see} {same}"
    show(fig, alt=alt, see=see)


def keyword_graphs(graph: Any, pos: Mapping[str, tuple], panels: Sequence[tuple]) -> None:
    """Show a keyword graph once per set of weights, edges labelled by cosine and nodes coloured by weight.

    ``graph`` is a :class:`networkx.Graph` with a ``weight`` per edge; ``pos`` places each word; ``panels`` is a
    sequence of ``(weights, title)``, the weights in the order of ``pos``.  The "what to see" line names the word
    with the largest strength (sum of its edge weights), says whether it has the largest weight in every panel,
    and how far the other panels' weights are from the first's.
    """
    import matplotlib.pyplot as plt
    import networkx as nx
    import numpy as np

    words = list(pos)
    panels = [(np.asarray(w, dtype=float), t) for w, t in panels]
    if not panels or any(w.shape != (len(words),) for w, _ in panels):
        raise ValueError("panels need one weight per word of pos.")
    low = min(float(w.min()) for w, _ in panels)
    high = max(float(w.max()) for w, _ in panels)
    edge_w = [graph[u][v]["weight"] for u, v in graph.edges]
    fig, axes = plt.subplots(1, len(panels), figsize=(3.9 * len(panels), 4.0), layout="constrained", squeeze=False)
    axes = axes[0]
    nodes = None
    for ax, (lam, title) in zip(axes, panels):
        span = (max(edge_w) - min(edge_w)) or 1.0
        widths = [1 + 7 * (w - min(edge_w)) / span for w in edge_w]      # widen small differences
        nx.draw_networkx_edges(graph, pos, ax=ax, width=widths, edge_color="0.55")
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, font_size=12,
                                     edge_labels={(u, v): f"{graph[u][v]['weight']:.2f}" for u, v in graph.edges})
        # the weights differ by a few hundredths: equal sizes, and colour alone shows the weight
        nodes = nx.draw_networkx_nodes(graph, pos, nodelist=words, ax=ax, node_size=1400, node_color=lam,
                                       cmap=plt.get_cmap("cividis"), vmin=low, vmax=high, edgecolors="black")
        below = {w: (x, y - 0.24) for w, (x, y) in pos.items()}      # labels under the nodes
        nx.draw_networkx_labels(graph, below, ax=ax, font_size=12, font_color="black",
                                labels={w: f"{w}\n{v:.3f}" for w, v in zip(words, lam)},
                                bbox=dict(facecolor="white", alpha=0.85, edgecolor="none", boxstyle="round,pad=0.2"))
        ax.set_title(title)
        ax.set_xlim(-0.35, 1.35)
        ax.set_ylim(-1.35, 0.3)
        ax.axis("off")
    fig.colorbar(nodes, ax=axes, label="importance weight λ", shrink=0.8)
    fig.suptitle("Keyword graph\n(edge label = cosine similarity, node colour = λ)")
    strength = {w: sum(d["weight"] for _, _, d in graph.edges(w, data=True)) for w in words}
    strongest = max(strength, key=strength.get)
    first = panels[0][0]
    tops = [words[int(np.argmax(w))] for w, _ in panels]
    lead = (f"{strongest[:1].upper()}{strongest[1:]}, the word with the largest strength (sum of its edge "
            f"weights, {strength[strongest]:.2f}), gets the largest weight in "
            + ("every panel" if all(t == strongest for t in tops) else
               "; ".join(f"{t}: {top}" for (_, t), top in zip(panels, tops))))
    gaps = [float(np.abs(w - first).max()) for w, _ in panels[1:]]
    rest = "".join(f"; the weights of “{t}” are up to {g:.3f} from those of “{panels[0][1]}”"
                   for (_, t), g in zip(panels[1:], gaps))
    alt = (f"{len(panels)} drawings of the same graph of the words {', '.join(words)}, edges labelled with their "
           f"cosine similarity and nodes coloured by the weight λ written under each word: "
           + "; ".join(f"{t}: " + ", ".join(f"{w} {v:.3f}" for w, v in zip(words, lam)) for lam, t in panels) + ".")
    show(fig, alt=alt, see=lead + rest + ".")


def weights_by_iteration(history: Any, words: Sequence[str], printed: Sequence[float], shown: int = 12) -> None:
    """Show each word's PageRank weight over the first ``shown`` iterations, with the weights a document prints.

    ``history`` has one row per iterate (row 0 the start), one column per word; ``printed`` is the document's
    weight per word.  The "what to see" line says after how many iterations every weight stays within 0.0005 of
    its final value, and whether any iterate, rounded to the printed precision (2 decimals), is the printed one.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    history = np.asarray(history, dtype=float)
    printed = np.asarray(printed, dtype=float)
    if history.ndim != 2 or history.shape[1] != len(words) or printed.shape != (len(words),):
        raise ValueError("history needs one column per word, and printed one value per word.")
    fig, ax = plt.subplots(figsize=(7, 4.4))
    steps = np.arange(len(history))[:shown]
    for k, (word, style) in enumerate(zip(words, ["-o", "-s", "-^", "-D"])):
        ax.plot(steps, history[:shown, k], style, label=word)
    for value in sorted(set(np.round(printed, 6))):
        who = " and ".join(w for w, v in zip(words, printed) if round(float(v), 6) == value)
        ax.axhline(value, color="0.3", ls=":", lw=1.5)
        ax.text(steps[-1], value + 0.001, f"document's λ for {who}: {value:g}", ha="right", va="bottom")
    # room above the top dotted line for its label, inside the axes (it ran into the title: look review)
    low, high = ax.get_ylim()
    ax.set_ylim(low, high + 0.15 * (high - low))
    ax.set(title="PageRank weights, iteration by iteration", xlabel="iteration", ylabel="weight λ")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), title="PageRank")
    final = history[-1]
    settled = next(i for i in range(len(history)) if np.abs(history[i:] - final).max() < 5e-4)
    on_path = any(np.allclose(np.round(h, 2), printed) for h in history)
    alt = (f"Line chart of the PageRank weights of {', '.join(words)} over the first {len(steps)} iterations, "
           f"ending at {', '.join(f'{v:.3f}' for v in final)}; dotted horizontal lines mark the weights the "
           f"document prints ({', '.join(f'{v:g}' for v in printed)}).")
    see = (f"The weights settle within {settled} iterations (every later iterate within 0.0005 of the final "
           "weights), and "
           + ("an iterate rounds to the document's printed values." if on_path else
              "no iterate, rounded to two decimals, is the document's printed values: they are not an early or "
              "a late iterate."))
    show(fig, alt=alt, see=see)


def gensim_undercount(correct: Sequence[float], gensim: Sequence[float]) -> None:
    """Show each LDA topic's coherence from correct window counts beside gensim 4.4's (07, section 3).

    One row per topic, sorted by the correct score (``T0`` is the first value); a filled circle for ``correct``,
    a hollow square for ``gensim``.  The "what to see" line counts the topics whose place in the ranking differs
    between the two counts.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    correct, gensim = np.asarray(correct, dtype=float), np.asarray(gensim, dtype=float)
    if correct.ndim != 1 or correct.shape != gensim.shape or not len(correct):
        raise ValueError("correct and gensim need one score per topic, the same topics in the same order.")
    n = len(correct)
    fig, ax = plt.subplots(figsize=(6.4, 5.2))
    order = np.argsort(correct)
    ax.plot(correct[order], range(n), "o", label="correct window counts (teachkit)")
    ax.plot(gensim[order], range(n), "s", mfc="none", label="gensim 4.4 window counts")
    ax.set_yticks(range(n), [f"T{k}" for k in order])
    ax.set_xlabel("topic coherence\n(mean NPMI, windows of 10, gensim smoothing)")
    ax.set_ylabel("LDA topic")
    ax.set_title(f"gensim's under-count of repeated words,\non the {n} LDA topics")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=1)
    moved = int(np.sum(np.argsort(correct) != np.argsort(gensim)))
    show(fig,
         alt="Dot plot, one row per LDA topic sorted by its coherence: a filled circle for the coherence from "
             "correct window counts and a hollow square for gensim 4.4's counts, the two marks close together "
             "on most rows.",
         see="Where a square sits apart from its circle, gensim's under-count of repeated words has moved that "
             f"topic's score; {moved} of the {n} topics change place in the ranking.")


def scores_by_topic_set(scores: Mapping[str, Mapping[str, Sequence[float]]], good: str = "LDA topics",
                        bad: str = "random lists") -> None:
    """Show every topic's score as a strip of points, one panel per metric, one column per set of topics (07).

    ``scores`` maps each metric's name to {set of topics: scores}, every metric over the same sets in the same
    order (at most five sets; the first two are labelled by their first word, the rest ``+n`` for a topic with n
    intruders).  The "what to see" line counts the metrics under which the median of ``good`` is above that of
    ``bad``, and names the others.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    metrics = list(scores)
    sets = list(scores[metrics[0]]) if metrics else []
    if not 1 <= len(metrics) <= 4 or not 2 <= len(sets) <= 5 or any(list(scores[m]) != sets for m in metrics):
        raise ValueError("scores needs 1 to 4 metrics, each over the same 2 to 5 sets of topics.")
    if good not in sets or bad not in sets:
        raise ValueError(f"good and bad must name sets of topics in scores: {sets}.")
    fig, axes = plt.subplots(2, 2, figsize=(7.8, 7.4), sharey=False, layout="constrained")
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, m in zip(axes.flat, metrics):
        for i, s in enumerate(sets):
            y = np.asarray(scores[m][s], dtype=float)
            x = i + np.linspace(-0.25, 0.25, len(y))          # spread the points sideways so they do not overlap
            ax.plot(x, y, "os^Dv"[i], color=colors[i], ms=6, alpha=0.9)
        ax.set_xticks(range(len(sets)), [s.split()[0] if i < 2 else f"+{s.split()[0]}" for i, s in enumerate(sets)])
        ax.set_title(m)
        ax.set_ylabel("topic score")
    for ax in list(axes.flat)[len(metrics):]:
        ax.set_axis_off()
    fig.suptitle("The same topics scored four ways:\ngood (LDA) vs bad (random, +n: n intruders)")
    above = [m for m in metrics if np.median(scores[m][bad]) >= np.median(scores[m][good])]
    result = (f"The LDA topics' median is above the random lists' on {len(metrics) - len(above)} of the "
              f"{len(metrics)} metrics"
              + (f"; under {' and '.join(above)} the random lists' median is the higher" if above else ""))
    show(fig,
         alt="Four strip plots, one per metric (NPMI on articles, NPMI on windows of 10, semantic coherence from "
             "PPMI + SVD vectors, semantic coherence from Word2Vec), each showing the scores of the LDA topics, "
             f"the random lists and the topics with 1, 3 or 5 intruders as columns of points. {result}.",
         see=f"{result}. The intruded topics are the harder test: they differ from a good topic by one to five "
             "words.")
