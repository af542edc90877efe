"""The audit of the four source documents the course began from.

* :mod:`teachkit.documents.catalogue`  every number the documents print, with where and how, as data
* :mod:`teachkit.documents.check`      recomputes each with teachkit and gives its verdict (``teachkit check``)

The metrics never import this package: example data reach a notebook from here, not through the maths.
"""
