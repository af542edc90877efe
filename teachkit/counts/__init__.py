"""Counting and association: how often words share a window, and what that says about them.

* :mod:`teachkit.counts.counting`       CooccurrenceCounts (window counts of a corpus, in memory)
* :mod:`teachkit.counts.disk_index`     build_index, open_index (window counts on disk, memory-mapped)
* :mod:`teachkit.counts.dask_counts`    count_on_dask (window counts on a Dask cluster; extra teachkit[dask])
* :mod:`teachkit.counts.association`    pmi, npmi, npmi_from_counts, probabilities_from_counts
* :mod:`teachkit.counts.gensim_compat`  what gensim does differently, reproduced on request
* :mod:`teachkit.counts._engine`        the counting engine behind them (private: runs of windows, intersections)

Each module loads when first used (``teachkit.counts.counting`` works after ``import teachkit``).
"""

from .. import _submodules

__getattr__, __dir__ = _submodules(globals(), "counting disk_index dask_counts association gensim_compat")
