"""Sphinx configuration of the course website (``make book``; see tools/book.py).

Sphinx + MyST-NB + sphinx-book-theme: the notebooks are rendered with the
outputs they were committed with (nothing is executed at build time), and
every asset the theme needs ships inside the Python packages, so the site
builds without internet.
"""

project = "teachkit: evaluating NLP and topic models"
author = "the teachkit authors"
copyright = "the teachkit authors, MIT licence"

extensions = ["myst_nb"]

# The start page is notebook 00; tools/book.py adds the table of contents to
# its staged copy (the committed notebook is left alone).
root_doc = "00_start_here"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]

# Committed outputs, shown as they are: never execute at build time.
nb_execution_mode = "off"
# Widget views were stripped when the notebooks were saved; what is left of
# an explorer is its static text/HTML fallback, which is what should show.
nb_render_markdown_format = "myst"
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3
# Notebooks link to each other as "01_pmi.ipynb"; MyST resolves those to pages.
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

# Maths: MathJax 2 as shipped inside the jupyter-server-mathjax package,
# copied into the site by tools/book.py, so formulas render without any CDN
# (a student offline, or a host that blocks third-party scripts).
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
# MyST would otherwise write a MathJax 3 configuration, which MathJax 2 does not read.
myst_update_mathjax = False
# The package ships only the STIX-Web fonts (as Jupyter's classic notebook
# used them): without this MathJax asks for its TeX fonts, which are not there.
# STIX-Web's letters matched to the body text's x-height come out about a tenth larger than the sans body
# type (look review z10, G1): scale 90 brings them level, and a display formula is that much narrower on a phone.
mathjax2_config = {
    "HTML-CSS": {"availableFonts": [], "webFont": "STIX-Web", "imageFont": None, "scale": 90},
    "SVG": {"font": "STIX-Web"},
}

html_theme = "sphinx_book_theme"
html_title = "teachkit course"
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    # Its .ipynb/.pdf menu points into _sources/, which this site does not publish.
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
}
html_last_updated_fmt = None
# The course's own rules: code that wraps, tables and figures that fit a phone (static/course.css).
html_static_path = ["static"]
html_css_files = ["course.css"]
# Figure strips on a phone: which are wider than the screen, and a tap that shows the whole figure (static/course.js).
html_js_files = ["course.js"]
html_copy_source = False
html_show_sourcelink = False


def setup(app):
    # MathJax on every page, not only on pages whose markdown has a formula: an exercise box's static HTML
    # (a notebook output) carries maths of its own, e.g. on the start page.
    app.set_html_assets_policy("always")
