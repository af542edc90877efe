"""The course website (make book): every page opened in Chromium from a local static server.

The site is built once (tools/book.py, into a temporary folder) and served
from 127.0.0.1.  Every request to any other host is refused, so a page that
needs the internet shows up as a failure.  For each notebook's page: it
renders (a title, no Sphinx error), every figure the notebook holds is on
the page and loaded, MathJax typeset the formulas, no widget placeholder is
left, every figure has alt text, and every internal link (page and #anchor)
resolves.  Screenshots go to artifacts/screenshots/book/: the top of each page
at desktop width (1280 px), its first figure at desktop width and at a phone's
width (390 px), and every figure on its own at both widths
(``<page>-figN-desktop.png``, ``<page>-figN-phone.png``: the 676 px column and
the phone), to be compared by eye.

Text size is measured in the rendered page: each figure's smallest text (the
``data-smallest-pt`` that ``show`` writes on its ``<img>``) times the width the
browser shows it at over its natural width must be 10 pt or more, at 1280 px and
at 390 px; code cells must not scroll sideways on the desktop page.
"""

from __future__ import annotations

import functools
import http.server
import json
import pathlib
import re
import sys
import threading
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import book  # noqa: E402
import course  # noqa: E402

pytestmark = pytest.mark.browser
SHOTS = ROOT / "artifacts" / "screenshots" / "book"
NOTEBOOKS = course.notebooks()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(base URL, html folder) of the freshly built site, served on a free 127.0.0.1 port."""
    html = book.build(NOTEBOOKS, tmp_path_factory.mktemp("book"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", html
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_page(browser, site):
    base, _ = site
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    blocked = []

    def only_local(route):
        if route.request.url.startswith(base):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    page = context.new_page()
    page.blocked = blocked
    # Files the site refers to but does not have (a script, a font, a figure).
    page.missing = []
    page.on("response", lambda r: page.missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        yield page
    finally:
        context.close()


def _figures(path) -> int:
    nb = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    return sum(1 for cell in nb["cells"] for out in cell.get("outputs", [])
               if any(mime.startswith("image/") for mime in out.get("data", {})))


def _broken_links(page, base, html_dir) -> list[str]:
    """Internal links of the page whose file or #anchor does not exist in the built site."""
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    broken = []
    ids = {}
    for href in sorted(set(hrefs)):
        if not href.startswith(base):
            continue
        parts = urllib.parse.urlsplit(href)
        rel = urllib.parse.unquote(parts.path).lstrip("/") or "index.html"
        target = html_dir / rel
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            broken.append(href)
            continue
        if parts.fragment and target.suffix == ".html":
            if target not in ids:
                ids[target] = set(re.findall(r'\bid="([^"]+)"', target.read_text(encoding="utf-8")))
            if urllib.parse.unquote(parts.fragment) not in ids[target]:
                broken.append(href)
    return broken


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_page(site_page, site, notebook):
    base, html_dir = site
    page = site_page
    page.missing.clear()
    SHOTS.mkdir(parents=True, exist_ok=True)
    response = page.goto(f"{base}/{notebook.stem}.html", wait_until="load")
    assert response.status == 200
    problems = []
    article = page.locator("article.bd-article")
    if not article.locator("h1").first.inner_text().strip():
        problems.append("no page title")
    text = article.inner_text()
    for sign in ("Traceback (most recent call last)", "Loading widget", "widget-view+json"):
        if sign in text:
            problems.append(f"the page shows {sign!r}")
    # Figures: every image output of the notebook, on the page and decoded.
    images = article.locator(".cell_output img")
    expected = _figures(notebook)
    loaded = page.eval_on_selector_all(".cell_output img",
                                       "els => els.filter(e => e.complete && e.naturalWidth > 0).length")
    if images.count() < expected or loaded < expected:
        problems.append(f"{expected} figures in the notebook, {images.count()} on the page, {loaded} loaded")
    # Each figure described for a screen reader: the alt text show() saved, copied into MyST-NB's option.
    alts = page.eval_on_selector_all(".cell_output img", "els => els.map(e => e.getAttribute('alt') || '')")
    problems += [f"a figure without alt text ({alt!r})" for alt in alts if len(alt.split()) < 8]
    # Formulas typeset by the bundled MathJax (no CDN).
    if article.locator(".math").count():
        page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0"
                               " && document.querySelectorAll('.MathJax, .MathJax_Display').length > 0",
                               timeout=30_000)
        # MathJax reports a font or script it could not load in its message box just after typesetting,
        # then hides the box: wait for it to be hidden or to say it failed.
        page.wait_for_function("() => { const m = document.getElementById('MathJax_Message');"
                               " return !m || m.style.display === 'none' || !m.textContent.trim()"
                               " || /failed/i.test(m.textContent); }", timeout=30_000)
        message = page.locator("#MathJax_Message")
        if message.count() and "failed" in message.inner_text().lower():
            problems.append(f"MathJax: {message.inner_text()}")
    # Exercise boxes (their static HTML: no kernel here): the question's maths typeset, no code to reveal
    # a solution.
    for box in article.locator(".teachkit-exercise-static").all_inner_texts():
        for raw in ("$", "\\(", "\\textit", "\\frac"):
            if raw in box:
                problems.append(f"raw maths {raw!r} in an exercise box: {box[:80]!r}")
                break
    if "show=True" in text:
        problems.append("the page tells the reader how to print a solution (reveal(..., show=True))")
    # The theme's search box is there.
    if not page.locator("form.bd-search, .search-button, input[name=q]").count():
        problems.append("no search box")
    problems += [f"broken internal link {href}" for href in _broken_links(page, base, html_dir)]
    page.screenshot(path=str(SHOTS / f"{notebook.stem}.png"))
    # The first figure at desktop width, and the same page as a phone shows it (390 px wide, an iPhone 12-15),
    # for a reader's eye: nothing is compared.
    if expected:
        article.locator(".cell_output img").first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{notebook.stem}-figure.png"))
    phone = page.context.browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                             is_mobile=True, has_touch=True)
    phone.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base) else route.abort())
    try:
        small = phone.new_page()
        small.goto(f"{base}/{notebook.stem}.html", wait_until="load")
        if expected:
            small.locator(".cell_output img").first.scroll_into_view_if_needed()
        small.screenshot(path=str(SHOTS / f"{notebook.stem}-phone.png"))
    finally:
        phone.close()
    problems += _small_figure_text(page, "desktop")
    problems += _scrolling_code(page)
    problems += _sideways_boxes(page) + _clipped_maths(page, "desktop") + _split_numbers(page)
    problems += _raised_inline_maths(page) + _squeezed_findings(page)
    _figure_shots(page, notebook.stem, "desktop")
    phone = page.context.browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                             is_mobile=True, has_touch=True)
    phone.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base) else route.abort())
    try:
        small = phone.new_page()
        small.goto(f"{base}/{notebook.stem}.html", wait_until="load")
        problems += _small_figure_text(small, "phone")
        problems += _phone_cues(small)
        problems += _clipped_maths(small, "phone")
        _figure_shots(small, notebook.stem, "phone")
    finally:
        phone.close()
    problems += [f"missing file {m}" for m in page.missing]
    assert not page.blocked, f"the page asked another host for: {page.blocked[:3]}"
    assert not problems, f"{notebook.stem}: " + "; ".join(problems)


#: The smallest text a figure may show, in points at the size the browser draws it (figures.FONT_FLOOR_PT).
FLOOR_PT = 10.0


def _small_figure_text(page, where: str) -> list[str]:
    """Each figure whose smallest text is shown under FLOOR_PT: its data-smallest-pt times its shown width over
    its natural width (data-pixel-ratio PNG pixels make one CSS pixel at natural size; 1 when absent)."""
    sizes = page.eval_on_selector_all(
        ".cell_output img[data-smallest-pt]",
        "els => els.map(e => [e.getAttribute('alt').slice(0, 60), parseFloat(e.dataset.smallestPt),"
        " e.getBoundingClientRect().width, e.naturalWidth / parseFloat(e.dataset.pixelRatio || '1')])")
    found = [f"{where}: figure {alt!r} shows its smallest text at {pt * shown / natural:.1f} pt"
             for alt, pt, shown, natural in sizes if natural and pt * shown / natural < FLOOR_PT - 0.05]
    if not sizes and page.locator(".cell_output img").count():
        found.append(f"{where}: figures without data-smallest-pt (re-run the notebook with show())")
    return found


def _phone_cues(page) -> list[str]:
    """At 390 px (look review G1, G2): every output box or figure strip that scrolls sideways says so (a shadow
    on a box of text, a faded edge and a line under a figure), a tap on a wide figure shows it whole within the
    screen, and a held-back prediction result is in a closed fold, never a "Result held back" note."""
    found = []
    state = page.evaluate("""() => {
      // every box of text that scrolls sideways: outputs, tables written in the text, commands in the text
      // (look review z23: markdown tables on a phone hid their last column with no cue); figure strips have
      // their own cue, checked below; a table in the text fades its right edge (course.js)
      const pres = [...document.querySelectorAll('article *')].filter(
        e => e.scrollWidth > e.clientWidth + 1 && e.offsetParent
          && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
          && !(e.matches('div.cell_output .output') && e.querySelector('img[alt]')));
      const strips = [...document.querySelectorAll('div.cell_output .output')].filter(
        e => e.querySelector('img[alt]') && e.scrollWidth > e.clientWidth + 1);
      return {
        uncued: pres.filter(e => !getComputedStyle(e).backgroundAttachment.includes('local')
          && !(e.classList.contains('teachkit-fade') && e.classList.contains('teachkit-more-right'))).length,
        strips: strips.length,
        unhinted: strips.filter(e => !(e.nextElementSibling && e.nextElementSibling.matches(
          'p.teachkit-strip-hint:not([hidden])') && e.classList.contains('teachkit-more-right'))).length,
        open: document.querySelectorAll('details.teachkit-result[open]').length,
        held: document.querySelector('article').innerText.includes('Result held back'),
      };
    }""")
    if state["uncued"]:
        found.append(f"phone: {state['uncued']} boxes of text or tables scroll sideways without the edge shadow")
    if state["unhinted"]:
        found.append(f"phone: {state['unhinted']} of {state['strips']} wide figure strips have no hint or fade")
    if state["open"] or state["held"]:
        found.append("phone: a prediction's result is open on arrival, or says 'Result held back'")
    if state["strips"]:
        strip = page.locator("div.cell_output .teachkit-wide img[alt]").first
        strip.scroll_into_view_if_needed()
        strip.click()
        whole = page.locator("div.teachkit-figure-whole img")
        if not whole.count():
            found.append("phone: a tap on a wide figure does not show it whole")
        else:
            box = whole.bounding_box()
            if box["width"] > 390 + 1:
                found.append(f"phone: the whole figure is {box['width']:.0f} px wide, wider than the screen")
            page.locator("div.teachkit-figure-whole").click()
            if page.locator("div.teachkit-figure-whole").count():
                found.append("phone: a second tap does not close the whole figure")
    return found


def _scrolling_code(page) -> list[str]:
    """Code cells wider than their box on the desktop page: they would scroll sideways, or (the site wraps code)
    break a line the notebook keeps whole (look review z23: 209 code cells had a line broken at 1280 px)."""
    wide = page.eval_on_selector_all(
        "div.cell_input pre", """els => els.filter(e => {
          const wrap = e.style.whiteSpace;
          e.style.whiteSpace = 'pre';
          const wide = e.scrollWidth > e.clientWidth + 1;
          e.style.whiteSpace = wrap;
          return wide;
        }).map(e => e.textContent.split('\\n')[0].slice(0, 60))""")
    return [f"a code cell's line is wider than its box at 1280 px: {first!r}" for first in wide]


def _sideways_boxes(page) -> list[str]:
    """Boxes in the article that scroll sideways at 1280 px, every fold opened (issue 49; look review x5): a
    printed line or a table wider than the column hides its end behind a scroll.  Display maths may scroll."""
    page.eval_on_selector_all("details", "els => els.forEach(e => e.open = true)")
    wide = page.evaluate("""() => [...document.querySelectorAll('article.bd-article *')].filter(e => {
        const x = getComputedStyle(e).overflowX;
        return (x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1 && !e.closest('div.math');
      }).map(e => e.tagName.toLowerCase() + ' ' + e.textContent.trim().slice(0, 50))""")
    return [f"a box scrolls sideways at 1280 px: {first!r}" for first in wide]


def _split_numbers(page) -> list[str]:
    """No number in a table cell is broken over lines at 1280 px (look review z10: "0.3 / 5" in 05, "0. / 24 / 5"
    in 06, where the cells could break anywhere)."""
    split = page.evaluate("""() => [...document.querySelectorAll('article div.cell_output table td')].filter(td => {
        const t = td.textContent.trim();
        if (!/^[-\u2212+]?[\\d.,]+%?$/.test(t) || t.length < 3) return false;
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        const tops = new Set();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return tops.size > 1;
    }).map(td => td.textContent.trim())""")
    return [f"numbers broken over lines in table cells: {split[:4]}"] if split else []


def _clipped_maths(page, where: str) -> list[str]:
    """Display formulas wider than the column must scroll, not lose their right end (MathJax 2 sets overflow
    hidden; look review x5: 04d's D3+ line read "3 - 4Y" at 1280 px), and show a shadow where they go on."""
    if page.locator("article div.math").count():
        page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0"
                               " && document.querySelectorAll('.MathJax_Display').length > 0", timeout=30_000)
    cut, uncued = page.evaluate("""() => {
        const wide = [...document.querySelectorAll('article div.math span.math')].filter(
            e => e.scrollWidth > e.clientWidth + 1);
        return [wide.filter(e => getComputedStyle(e).overflowX === 'hidden').length,
                wide.filter(e => !getComputedStyle(e).backgroundAttachment.includes('local')).length];
    }""")
    # a formula that scrolls shows a shadow at the edge that has more (look review y1: no cue on a phone)
    found = ([f"{where}: {cut} display formulas cut off at the column's edge"] if cut else []) + \
        ([f"{where}: {uncued} display formulas scroll with no shadow at the edge"] if uncued else [])
    # and none needs to scroll: a long formula is set over several lines (look review z10, G3: eleven formulas
    # scrolled on a phone, the right side of 04's "log2 PP_token = ... <=> PP_token = ..." out of view)
    wide = page.evaluate("""() => [...document.querySelectorAll('article div.math')].map(d => {
        const s = d.querySelector('span.math') || d; return [s.scrollWidth, d.clientWidth]; })
        .filter(([w, column]) => w > column + 1).map(([w, column]) => `${w} px in ${column}`)""")
    return found + ([f"{where}: display formulas wider than the column: {wide}"] if wide else [])


def _squeezed_findings(page) -> list[str]:
    """A findings table's "why" column keeps a readable width at 1280 px (look review z23: 87 px, a six-row table
    1,109 px tall); course.js marks the tables whose last column is "why"."""
    narrow = page.evaluate("""() => [...document.querySelectorAll('div.cell_output table')].filter(t => {
        const th = t.querySelectorAll('thead th');
        return th.length && th[th.length - 1].textContent.trim() === 'why';
    }).map(t => t.querySelector('tbody td:last-child').getBoundingClientRect().width).filter(w => w < 150)""")
    return [f"findings tables with a 'why' column under 150 px: {[round(w) for w in narrow]}"] if narrow else []


def _raised_inline_maths(page) -> list[str]:
    """Inline maths sits on the text's baseline (look review z10, G1: the theme's overflow:hidden on MathJax 2's own
    span.math set each inline formula on its bottom edge, 3-4 px above the line).  A formula with a parenthesis
    descends below the baseline; raised, its box ends on it."""
    if not page.locator("article p span.math").count():
        return []
    page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0"
                           " && document.querySelectorAll('article p .MathJax').length > 0", timeout=30_000)
    raised = page.evaluate("""() => [...document.querySelectorAll('article p .MathJax')].filter(m => {
        const inner = m.querySelector('span.math');
        if (!inner || !m.textContent.includes('(')) return false;
        const mark = document.createElement('span');
        mark.style.display = 'inline-block'; mark.style.width = '0'; mark.style.height = '0';
        m.parentNode.insertBefore(mark, m);
        const baseline = mark.getBoundingClientRect().bottom;
        mark.remove();
        return inner.getBoundingClientRect().bottom - baseline < 1;
    }).map(m => m.textContent.slice(0, 20))""")
    return [f"inline maths raised above the baseline: {raised[:4]}"] if raised else []


def _figure_shots(page, stem: str, where: str) -> None:
    """Every figure on its own, as the reader sees it at this width (a held-back result's folds opened first, as
    a reader opens "Show the result")."""
    page.eval_on_selector_all("details", "els => els.forEach(e => e.open = true)")
    for i, image in enumerate(page.locator(".cell_output img").all(), start=1):
        image.scroll_into_view_if_needed()
        image.screenshot(path=str(SHOTS / f"{stem}-fig{i}-{where}.png"))


def test_start_page_and_search(site_page, site):
    base, _ = site
    page = site_page
    page.goto(f"{base}/", wait_until="load")
    page.wait_for_url(re.compile(r".*/00_start_here\.html$"))
    sidebar = page.locator("nav.bd-links")
    for nb in NOTEBOOKS[1:]:
        assert sidebar.locator(f'a[href="{nb.stem}.html"]').count(), f"{nb.stem} missing from the sidebar"
    page.goto(f"{base}/search.html?q=perplexity", wait_until="load")
    page.locator("#search-results li").first.wait_for(timeout=30_000)
    assert page.locator('#search-results a[href*="04_perplexity"]').count()
    assert not page.blocked, f"the site asked another host for: {page.blocked[:3]}"


def test_the_sidebar_shows_the_page_being_read(site_page, site):
    """The theme restores the sidebar's last scroll position; a page opened after the sidebar was scrolled to its
    end still shows its own entry (look review x5: 01 opened with 09-12 at the sidebar's top)."""
    base, _ = site
    page = site_page
    where = """() => { const a = document.querySelector('nav.bd-links li.current > a');
        const r = a.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; }"""
    page.goto(f"{base}/01_pmi.html", wait_until="load")
    page.evaluate("""() => { let box = document.querySelector('nav.bd-links li.current > a').parentElement;
        while (box && !(box.scrollHeight > box.clientHeight + 1
                        && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
        if (box) box.scrollTop = box.scrollHeight; }""")
    page.wait_for_timeout(300)
    page.goto(f"{base}/01_pmi.html", wait_until="load")
    page.wait_for_timeout(500)
    top, bottom, height = page.evaluate(where)
    assert 0 <= top and bottom <= height, f"page 01's sidebar entry is out of sight ({top:.0f}-{bottom:.0f} px)"


# ---------------------------------------------------------------- the site built from the student release
@pytest.fixture(scope="module")
def student_site(tmp_path_factory):
    """The html folder of make book RELEASE=student, built from a fresh student release."""
    import release

    out = tmp_path_factory.mktemp("student-release")
    release.release(NOTEBOOKS, out)
    return book.build(sorted((out / "student").glob("*.ipynb")), tmp_path_factory.mktemp("student-book"))


def test_the_student_site_shows_every_question_and_no_solution_or_result(student_site):
    """make book RELEASE=student: each exercise's question is on its page, written for MathJax; no worked
    solution, no prediction result and no reveal(...) call is anywhere on the site."""
    import release

    pages = {p.stem: p.read_text(encoding="utf-8") for p in student_site.glob("*.html")}
    exercises = course.all_exercises()
    for path in NOTEBOOKS:
        html_text = pages[path.stem]
        keys = [ex.key for ex in exercises if ex.key.split(".")[0] == course.notebook_prefix(path.stem)]
        assert html_text.count("teachkit-exercise-static") == len(keys), path.stem
        assert "reveal(" not in html_text, path.stem
        assert "teachkit computes: " not in html_text, path.stem          # a prediction's verdict line
        boxes = re.findall(r'teachkit-exercise-static">(.*?)</div>', html_text, flags=re.S)
        assert all("$" not in box for box in boxes), path.stem
    everything = release._normalise(" ".join(re.sub(r"<[^>]+>", " ", t) for t in pages.values()))
    for ex in exercises:
        for fragment in release.solution_fragments(ex):
            assert fragment not in everything, (ex.key, fragment[:60])
