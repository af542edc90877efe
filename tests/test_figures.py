"""The course's figure style: human names, plain log ticks, the text-size floor, alt text on the output."""

import html
import json
import pathlib
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from teachkit.course import figures  # noqa: E402
from teachkit.coherence.measures import MEASURES  # noqa: E402
from teachkit.evaluation.model_selection import CRITERIA  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_every_measure_has_a_human_name():
    for name in MEASURES:
        assert figures.label(name) != name
    for name in CRITERIA:           # every criterion k_sweep can plot
        assert figures.label(name) != name
    assert figures.label("u_mass") == "UMass" and figures.label("c_v") == "C_V"
    assert figures.label("model_score") == "model score (M)"
    with pytest.raises(KeyError, match="no human name for 'umass'"):
        figures.label("umass")


def test_log_axis_ticks_are_plain_numbers():
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.plot([3, 70, 900], [1, 2, 3])
    ax.set_xscale("log")
    figures.plain_log_ticks(ax)
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
    assert "10" in labels and "100" in labels and "1,000" in labels
    assert not any("10^" in t or "times" in t or "$" in t for t in labels), labels
    assert all(t.get_text() == "" for t in ax.xaxis.get_minorticklabels())
    plt.close(fig)



@pytest.mark.parametrize("values, labelled", [
    ([20, 70, 300], {"20", "50", "100", "200"}),          # a narrow log axis: 1, 2 and 5 of each decade, not 100 alone
    ([60, 100, 170], {"60", "70", "80", "90", "100"}),    # within one decade: every whole step
    ([70, 100, 127], {"70", "80", "90", "100", "120"}),   # 09's perplexity: a label above 100 (120), not none
    ([310, 1000, 5100], {"300", "500", "1,000", "2,000", "3,000", "5,000"}),   # 04b: Kneser-Ney's 310 has 300
])
def test_a_narrow_log_axis_gets_enough_plain_ticks(values, labelled):
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.plot([1, 2, 3], values)
    ax.set_yscale("log")
    figures.plain_log_ticks(ax)
    fig.canvas.draw()
    low, high = ax.get_ylim()
    shown = [t.get_text() for t in ax.get_yticklabels() if t.get_text() and low <= t.get_position()[1] <= high]
    assert labelled <= set(shown), shown
    plt.close(fig)


def test_small_text_finds_a_7pt_legend_and_text_scaled_down_by_a_wide_figure():
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.plot([0, 1], [0, 1], label="a line")
    ax.legend(fontsize=7)
    ax.tick_params(labelsize=10)
    found = figures.small_text(fig)
    assert ("a line", 7.0) in found
    plt.close(fig)
    # 10 pt text on a 16-inch figure (about 13 inches once cropped to its contents, 1,300 px at 100 dpi) is
    # shown in the website's 676 px column: about 5 pt.
    fig, ax = plt.subplots(figsize=(16, 3), dpi=100)
    ax.tick_params(labelsize=10)
    ax.set_title("wide", fontsize=10)
    found = dict(figures.small_text(fig))
    width = (fig.get_tightbbox(fig.canvas.get_renderer()).width + 0.2) * 100
    assert found["wide"] == pytest.approx(10 * 676 / width, abs=0.06) and 4.5 < found["wide"] < 5.5
    plt.close(fig)
    # the website's column, not JupyterLab's 800 px: a 7.8-inch figure with 10 pt ticks passes at 800 px and
    # fails at 676 px; with the course's 12 pt ticks it passes at 676 px
    for size, width_px, fails in ((10, 800, False), (10, 676, True), (12, 676, False)):
        fig, ax = plt.subplots(figsize=(7.8, 4), dpi=100, layout="constrained")
        ax.tick_params(labelsize=size)
        ax.set_title("title", fontsize=13)
        assert bool(figures.small_text(fig, width_px=width_px)) is fails, (size, width_px)
        plt.close(fig)
    assert figures.SHOWN_WIDTH_PX == 676 and figures.PHONE_WIDTH_PX == 358
    with pytest.raises(ValueError, match="width_px must be a positive number"):
        figures.small_text(plt.figure(), width_px=0)
    plt.close("all")
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.tick_params(labelsize=10)
    ax.set_title("fits", fontsize=12)
    assert figures.small_text(fig) == []
    plt.close(fig)


def test_show_refuses_small_text_and_a_missing_description(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append((a, k)))
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.set_title("tiny", fontsize=6)
    with pytest.raises(ValueError, match="'tiny' at 6.0 pt"):
        figures.show(fig, alt="a chart", see="what to see")
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.tick_params(labelsize=12)
    ax.set_title("smallest", fontsize=12)
    with pytest.raises(ValueError, match="alt must be a non-empty"):
        figures.show(fig, alt=" ", see="what to see")
    figures.show(fig, alt="An empty chart.", see="Nothing.")
    (image, image_kw), (note, _) = shown
    # look G5: drawn at twice the pixels, shown at the 1x size (the size small_text checked the text at)
    import base64
    import io

    from PIL import Image

    png = Image.open(io.BytesIO(base64.b64decode(image[0]["image/png"])))
    width, height = image_kw["metadata"]["image/png"]["width"], image_kw["metadata"]["image/png"]["height"]
    assert image_kw["metadata"] == {"image/png": {"alt": "An empty chart.", "width": width, "height": height}}
    assert figures.PIXEL_RATIO == 2 and png.size == (pytest.approx(2 * width, abs=1), pytest.approx(2 * height, abs=1))
    assert 400 < width < 600                              # a 5-inch figure at 100 dpi, cropped to its contents
    assert image[0]["image/png"].startswith("iVBOR")     # base64 of a PNG
    assert image[0]["text/html"].startswith(f'<img alt="An empty chart." data-smallest-pt="12.0" data-pixel-ratio="2" '
                                            f'width="{width}" height="{height}" src="data:image/png;base64,iVBOR')
    assert note[0].data == "*What to see:* Nothing."


def test_lab_opens_without_the_news_prompt():
    # JupyterLab 4 asks "get notified about official Jupyter news?" while fetchNews is "none" (its default);
    # the course ships "false" as an environment-level default and make lab installs it.
    overrides = json.loads((ROOT / "tools" / "lab" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    makefile = (ROOT / "Makefile").read_text()
    assert "lab: $(VENV)/.installed-lab $(LAB_OVERRIDES)" in makefile
    assert "share/jupyter/lab/settings/overrides.d/teachkit.json" in makefile


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_figure_has_alt_text_and_a_line_saying_what_to_see(path):
    # show() writes both; a figure shown any other way (plt.show, a figure left as a cell's value) has neither,
    # and it also skipped show()'s check that no text is below FONT_FLOOR_PT at the size it is shown.
    nb = json.loads(path.read_text(encoding="utf-8"))
    figures_seen = 0
    for number, cell in enumerate(nb["cells"]):
        outputs = cell.get("outputs", [])
        for k, output in enumerate(outputs):
            if "image/png" not in output.get("data", {}):
                continue
            figures_seen += 1
            where = f"{path.name} cell {number} ({cell.get('id')})"
            alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
            assert len(alt.split()) >= 8, f"{where}: a figure without alt text (show it with teachkit.course.show)"
            tag = "".join(output["data"].get("text/html", ""))
            assert tag.startswith(f'<img alt="{html.escape(alt)}"'), f"{where}: no <img alt=...> beside the PNG"
            after = outputs[k + 1] if k + 1 < len(outputs) else {}
            note = "".join(after.get("data", {}).get("text/markdown", ""))
            assert note.startswith("*What to see:* ") and len(note.split()) >= 8, \
                f"{where}: no sentence under the figure saying what to see"
    bare = [cell.get("id") for cell in nb["cells"] for output in cell.get("outputs", [])
            if re.search(r'<img(?![^>]*\balt="[^"]+")', "".join(output.get("data", {}).get("text/html", "")))]
    assert not bare, f"{path.name}: an HTML image without alt text in cells {bare}"


def test_an_explorers_saved_view_names_it_its_settings_and_how_to_move_them():
    import ipywidgets as w

    from teachkit.course.widgets import explorer

    view = explorer(lambda c_xy, unit, alpha: f"PMI for {c_xy} in {unit}", title="PMI from window counts",
                    c_xy=w.IntSlider(value=150, min=0, max=1000, description="c(x, y)"),
                    unit=w.Dropdown(options=["nats", "bits"], value="nats", description="unit"),
                    alpha=w.FloatLogSlider(value=0.01, base=10, min=-4, max=0, step=0.25, description="α"))
    bundle = view._repr_mimebundle_()
    for text in (bundle["text/plain"], bundle["text/html"]):
        assert "PMI from window counts" in text
        assert "c(x, y) = 150 (slider from 0 to 1000)" in text
        assert "unit = nats (choose one of: nats, bits)" in text
        assert "α = 0.01 (log slider from 0.0001 to 1)" in text
        assert "Run All Cells" in text and "PMI for 150 in nats" in text


def test_every_notebook_fits_a_session_by_the_stated_estimate(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import session_time

    for path in NOTEBOOKS:
        minutes = session_time.estimate(path).minutes
        if path.stem in session_time.SPLIT_PENDING:          # named in the tool, to be split or cut
            assert minutes <= session_time.HARD_LIMIT, path.name
        else:
            assert minutes <= session_time.LIMIT, f"{path.name}: {minutes:.0f} min"
    # the rule itself, on a notebook written for it: 300 words of prose (2 min at 150 a minute), code (below;
    # a comment and a blank line not counted), a question (3) and a function to write (10), 400 words
    # of printed output (2 min at 200 a minute), a figure with its "what to see" line (2; the line and the
    # figure's alt text are not read as output), an explorer (3), a solution placeholder and an exercise's
    # meta line (not read), a three-item quiz (1.5): 25.5 minutes
    explorer = '<div class="teachkit-explorer-static"><p><b>PMI</b></p></div>'
    quiz = '<ol start="0"><li>a b</li><li>c d</li><li>e f</li></ol>'
    outputs = [{"output_type": "stream", "name": "stdout", "text": "word " * 400},
               {"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain": "[figure: " + "w " * 50}},
               {"output_type": "display_data", "data": {"text/markdown": "*What to see:* " + "w " * 30}},
               {"output_type": "display_data", "data": {"text/html": explorer.replace("PMI", "")}},
               {"output_type": "display_data", "data": {"text/html": '<div class="teachkit-solution-static">'
                                                        + "w " * 35 + "</div>"}},
               {"output_type": "display_data", "data": {"text/markdown": "*Exercise 01.1: checked in the running "
                                                        "notebook, or where no widget shows by ask('01.1', "
                                                        "answer=...).*"}},
               {"output_type": "display_data", "data": {"text/html": quiz.replace("a b", "").replace(
                   "c d", "").replace("e f", "")}}]
    nb = {"cells": [{"cell_type": "markdown", "source": ["word " * 300]},
                    {"cell_type": "code", "source": ["# a comment\n", "\n"] + ["x = " + "1" * 48 + "  # why\n"] * 18
                     + ['ask("01.2")\n', 'check_function("01.3", f)\n'], "outputs": outputs}]}
    path = tmp_path / "01_example.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    e = session_time.estimate(path)
    # code: 18 lines of 50 characters ("x=" and 48 ones; spaces and comments not counted), ask("01.2") 11 and
    # check_function("01.3",f) 24: 935 characters, 18.7 lines of 50 (1.87 min)
    assert (e.words, e.output_words, e.code_chars, e.questions, e.functions) == (300, 400, 935, 1, 1)
    assert (e.figures, e.explorers, e.quiz_items) == (1, 1, 3)
    assert e.minutes == pytest.approx(2 + 2 + 1.87 + 3 + 10 + 2 + 3 + 1.5)
    # the same code wrapped by a formatter takes the same time
    wrapped = session_time.code_characters("value = compute(\n    first,\n    second\n)\n")
    assert wrapped == session_time.code_characters("value = compute(first, second)\n") == 27


def test_the_site_gives_each_figure_cell_myst_nbs_alt_option():
    # MyST-NB reads an image's alt text only from the cell's metadata (mystnb.image.alt); tools/book.py copies
    # it there from the output's metadata when it stages the notebooks.
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import book

    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": [], "outputs": [
        {"output_type": "display_data", "data": {"image/png": "iVBOR"}, "metadata": {"image/png": {"alt": "A chart."}}},
        {"output_type": "display_data", "data": {"text/markdown": "*What to see:* ..."}, "metadata": {}}]},
        {"cell_type": "markdown", "metadata": {}, "source": ["text"]}]}
    staged = book.with_alt_text(nb)
    assert staged["cells"][0]["metadata"] == {"mystnb": {"image": {"alt": "A chart."}}}
    assert staged["cells"][1]["metadata"] == {}


def test_the_site_folds_figure_code_and_says_the_exercise_instructions_once():
    # tools/book.py: a figure cell's code is folded away (MyST-NB's hide-input tag), each exercise's "checked in
    # the running notebook ... ask(...)" line and each "solution hidden until you answer" placeholder (nothing a
    # reader without a kernel can act on) are taken out, and one note before the first exercise stands for them.
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import book

    meta = "Exercise 01.1: checked in the running notebook, or where no widget shows by ask('01.1', answer=...)."
    box = {"output_type": "execute_result", "metadata": {}, "execution_count": 1, "data": {
        "text/html": f'<div class="teachkit-exercise-static">Predict the PMI.<br><i>{html.escape(meta)}</i></div>',
        "text/markdown": f"Predict the PMI.\n\n*{meta}*", "text/plain": f"Predict the PMI.\n({meta})"}}
    hidden = {"output_type": "execute_result", "metadata": {}, "execution_count": 2, "data": {
        "text/html": '<div class="teachkit-solution-static"><i>Solution of exercise 01.1 hidden until you '
                     'answer</i></div>', "text/plain": "Solution of exercise 01.1 hidden until you answer"}}
    figure = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBOR", "text/plain": "[figure]"}}
    nb = {"cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "Intro."},
                    {"cell_type": "code", "id": "fig", "metadata": {}, "source": "show(fig)", "outputs": [figure]},
                    {"cell_type": "code", "id": "ask", "metadata": {}, "source": "ask('01.1')", "outputs": [box]},
                    {"cell_type": "code", "id": "rev", "metadata": {}, "source": "reveal('01.1')",
                     "outputs": [hidden]},
                    {"cell_type": "code", "id": "ask2", "metadata": {}, "source": "ask('01.2')",
                     "outputs": [json.loads(json.dumps(box).replace("01.1", "01.2"))]}]}
    page = book.for_website(nb)
    ids = [c["id"] for c in page["cells"]]
    assert ids == ["m", "fig", "book-exercise-note", "ask", "rev", "ask2"]        # the note once, before 01.1
    assert page["cells"][1]["metadata"]["tags"] == ["hide-input"]
    # a cell that only calls ask(...): the question shows without the call above it (look review z10, G4)
    assert page["cells"][3]["metadata"]["tags"] == ["remove-input"]
    for cell in (page["cells"][3], page["cells"][5]):
        data = cell["outputs"][0]["data"]
        assert data["text/html"] == '<div class="teachkit-exercise-static">Predict the PMI.</div>'
        assert data["text/markdown"] == "Predict the PMI." and data["text/plain"] == "Predict the PMI."
    assert page["cells"][4]["outputs"] == [] and page["cells"][4]["metadata"]["tags"] == ["remove-cell"]
    assert "JupyterLab" in "".join(page["cells"][2]["source"])
    # the committed notebooks: every exercise's meta line is one the build recognises
    for path in NOTEBOOKS:
        staged = book.for_website(json.loads(path.read_text(encoding="utf-8")))
        text = json.dumps(staged)
        assert "checked in the running notebook" not in text, path.name
        assert "teachkit-solution-static" not in text, path.name
        # no lead-in tells a website reader to type in a box the page does not have (looks x5, y1); 00 keeps
        # its description of the notebook's boxes, which says it is about the notebook
        said = " ".join(_joined_md(c) for c in staged["cells"] if c["cell_type"] == "markdown")
        assert "answer in the box under the question" not in said, path.name
        assert "guess in the box" not in said, path.name


def test_the_site_prints_a_template_once_and_aligns_a_tables_headers_with_its_columns():
    # look review z10: G2, a "write it yourself" question printed its function's template and the next cell
    # showed it again; G5, left-aligned headers over right-aligned numbers.  A template the next cell does not
    # define stays (the page would otherwise not show it at all).
    book = _book()
    template = "def my_pmi(c_xy, n):\n    return ...   # PMI in nats\n"
    question = {"output_type": "execute_result", "metadata": {}, "execution_count": 1, "data": {
        "text/html": f'<div class="teachkit-exercise-static">Write <code>my_pmi</code>.<pre>{html.escape(template)}'
                     "</pre></div>",
        "text/markdown": f"Write `my_pmi`.\n\n```python\n{template}\n```",
        "text/plain": f"Write `my_pmi`.\n{template}"}}
    stub = {"cell_type": "code", "id": "stub", "metadata": {}, "outputs": [],
            "source": "def my_pmi(c_xy, n):\n    return ...  # PMI in nats"}
    other = dict(stub, source="def my_npmi(c_xy, n):\n    return ...")
    table = {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "w  n", "text/html": (
        '<table class="teachkit-table"><thead><tr><th>word</th><th>count</th></tr></thead><tbody><tr>'
        '<td style="text-align:left">a</td><td style="text-align:right">3</td></tr></tbody></table>')}}

    def cells(after):
        return {"cells": [{"cell_type": "code", "id": "q", "metadata": {}, "source": "ask('01.6')",
                           "outputs": [json.loads(json.dumps(question))]}, after,
                          {"cell_type": "code", "id": "t", "metadata": {}, "source": "table(...)", "outputs": [table]}]}

    page = book.for_website(cells(stub))
    data = page["cells"][0]["outputs"][0]["data"]
    assert data == {"text/html": '<div class="teachkit-exercise-static">Write <code>my_pmi</code>.</div>',
                    "text/markdown": "Write `my_pmi`.", "text/plain": "Write `my_pmi`."}
    shown = page["cells"][-1]["outputs"][0]["data"]["text/html"]
    assert '<th style="text-align:left">word</th><th style="text-align:right">count</th>' in shown
    kept = book.for_website(cells(other))["cells"][0]["outputs"][0]["data"]
    assert "<pre>def my_pmi" in kept["text/html"] and "def my_pmi" in kept["text/plain"]
    # the committed notebooks: no page shows a template and then the cell that holds it
    for path in NOTEBOOKS:
        staged = book.for_website(json.loads(path.read_text(encoding="utf-8")))
        for c in staged["cells"]:
            for name in re.findall(r"^def (\w+)\(", "".join(c.get("source", "")), flags=re.M):
                assert not any(f"<pre>def {name}(" in o.get("data", {}).get("text/html", "")
                               for d in staged["cells"] for o in d.get("outputs", [])), (path.name, name)


def _joined_md(cell):
    source = cell.get("source", "")
    return " ".join(("".join(source) if isinstance(source, list) else source).split())


def test_the_website_lead_ins_say_what_the_page_offers():
    book = _book()
    nb = {"cells": [{"cell_type": "markdown", "id": "lead", "metadata": {}, "source": [
        "Work each one on paper first, then type your answer in the box under the question and press **Check**\n",
        "(in a front end without widgets, run the call named on the line under the question). The worked solution\n",
        "stays folded until you open it.\n"]},
        {"cell_type": "markdown", "id": "p", "metadata": {},
         "source": "**Predict, then run.** Commit to a guess in the box, then run the cell after it."}]}
    page = book.for_website(nb)
    assert _joined_md(page["cells"][0]) == ("Work each one on paper first, then check it in the notebook (the note "
                                            "at the page's first exercise says how).")
    assert _joined_md(page["cells"][1]) == ("**Predict, then run.** Commit to a guess, then open **Show the "
                                            "result** below.")


def _book():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import book

    return book


def test_the_site_shows_a_held_back_result_in_a_closed_fold_and_no_unfinished_check():
    # G2 of the look review: "Result held back until you commit ..." cannot be acted on without a kernel; the site
    # shows the result HeldBack kept in the note's metadata in a closed <details>.  G3: a check saved on its
    # unfinished template ("returned Ellipsis") says what the line does instead.
    book = _book()
    note = {"output_type": "display_data", "data": {
        "text/html": '<div class="teachkit-held-back"><i>Result held back until you commit to prediction 02.7 '
                     "above</i></div>", "text/plain": "Result held back until you commit to prediction 02.7"},
            "metadata": {"teachkit": {"held_back": "02.7", "result": [
                {"output_type": "stream", "name": "stdout", "text": "gensim <-0.78>\n"},
                {"output_type": "display_data", "metadata": {}, "data": {"text/html": "<table><tr><td>-1</td></tr>"
                                                                                       "</table>", "text/plain": "-1"}},
                {"output_type": "display_data", "metadata": {"image/png": {"alt": "A chart."}},
                 "data": {"image/png": "iVBOR", "text/plain": "[figure]"}}]}}}
    old = json.loads(json.dumps(note))
    del old["metadata"]["teachkit"]["result"]
    unfinished = {"output_type": "execute_result", "execution_count": 3, "metadata": {}, "data": {
        "text/html": '<span style="color:#9a6700"><b>\u2717</b> my_pmi returned Ellipsis: replace the ... with your '
                     "calculation and return the result.</span>", "text/plain": "Feedback(correct=False, ...)"}}
    nb = {"cells": [{"cell_type": "code", "id": "r", "metadata": {}, "source": "with result_of('02.7'): ...",
                     "outputs": [note]},
                    {"cell_type": "code", "id": "o", "metadata": {}, "source": "with result_of('02.6'): ...",
                     "outputs": [old]},
                    {"cell_type": "code", "id": "c", "metadata": {}, "source": 'check_function("01.6", my_pmi)',
                     "outputs": [unfinished]}]}
    page = book.for_website(nb)
    (shown,) = page["cells"][0]["outputs"]
    html_text = shown["data"]["text/html"]
    assert html_text.startswith('<details class="teachkit-result"><summary>Show the result</summary>')
    assert " open" not in html_text.split(">")[0]                                  # closed until opened
    assert '<pre class="teachkit-result-text">gensim &lt;-0.78&gt;\n</pre>' in html_text
    assert "<table><tr><td>-1</td></tr></table>" in html_text
    assert '<img alt="A chart." src="data:image/png;base64,iVBOR"/>' in html_text
    assert "held back" not in json.dumps(page)
    assert "JupyterLab" in page["cells"][1]["outputs"][0]["data"]["text/plain"]    # saved before results were kept
    (check,) = page["cells"][2]["outputs"]
    assert "Ellipsis" not in json.dumps(check) and check["data"]["text/plain"] == book.CHECK_NOTE
    assert "tags" not in page["cells"][2]["metadata"]                              # the line itself stays
    # a figure held back with a prediction (01-21): its <img> and its "What to see" line in the fold, its code
    # folded away as for any figure
    figure = {"output_type": "display_data", "data": {"text/plain": "Result held back until you commit"},
              "metadata": {"teachkit": {"held_back": "01.1", "result": [
                  {"output_type": "display_data", "metadata": {}, "data": {
                      "text/html": '<img alt="A line." src="data:image/png;base64,iVBOR"/>', "text/plain": "[figure]"}},
                  {"output_type": "display_data", "metadata": {}, "data": {
                      "text/markdown": "*What to see:* PMI is 0 at 20 & rises", "text/plain": "<Markdown>"}}]}}}
    page = book.for_website({"cells": [{"cell_type": "code", "id": "f", "metadata": {}, "source": "with ...",
                                        "outputs": [figure]}]})
    (cell,) = page["cells"]
    assert cell["metadata"]["tags"] == ["hide-input"]
    shown = cell["outputs"][0]["data"]["text/html"]
    assert '<img alt="A line."' in shown and "<p><em>What to see:</em> PMI is 0 at 20 &amp; rises</p>" in shown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_page_of_the_site_says_held_back_or_returned_ellipsis(path):
    book = _book()
    nb = json.loads(path.read_text(encoding="utf-8"))
    held = sum(1 for c in nb["cells"] for o in c.get("outputs", [])
               if o.get("metadata", {}).get("teachkit", {}).get("held_back"))
    staged = book.for_website(book.with_alt_text(nb))
    text = json.dumps(staged, ensure_ascii=False)
    assert "Result held back" not in text and "returned Ellipsis" not in text
    folds = [o for c in staged["cells"] for o in c.get("outputs", [])
             if '<details class="teachkit-result">' in o.get("data", {}).get("text/html", "")]
    notes = [o for c in staged["cells"] for o in c.get("outputs", [])
             if "this cell shows its result once you commit" in o.get("data", {}).get("text/plain", "")]
    assert len(folds) + len(notes) == held


def test_the_teachers_guide_states_the_times_the_rule_gives():
    """docs/teachers.md's "Time in class" line is session_time's estimate of every notebook, to the minute."""
    import re
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import session_time

    text = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    line = text.split("**Time in class**", 1)[1].split("(10 plus", 1)[0]
    stated = dict(re.findall(r"(\d\d[a-z]?) (\d+)", line))
    estimated = {p.stem.split("_")[0]: str(round(session_time.estimate(p).minutes)) for p in NOTEBOOKS}
    assert stated == estimated
    over = sorted(k for k, v in estimated.items() if int(v) > session_time.LIMIT)
    assert {p.split("_")[0] for p in session_time.SPLIT_PENDING} == set(over)


def test_pair_heatmap_names_the_weakest_keyword_and_the_strongest_pair(monkeypatch):
    # the guide's five-word table, worked by hand: morning's pairs average (0.31 + 0.28 + 0.22 + 0.35) / 4 = 0.29,
    # the lowest row; exercise + fitness (0.61) is the highest pair
    import matplotlib

    matplotlib.use("Agg")
    import teachkit as tk
    from teachkit.course import figures

    table = {("running", "exercise"): 0.52, ("running", "fitness"): 0.48, ("running", "morning"): 0.31,
             ("running", "workout"): 0.55, ("exercise", "fitness"): 0.61, ("exercise", "morning"): 0.28,
             ("exercise", "workout"): 0.54, ("fitness", "morning"): 0.22, ("fitness", "workout"): 0.49,
             ("morning", "workout"): 0.35}
    shown = {}
    monkeypatch.setattr(figures, "show", lambda fig, alt, see: shown.update(alt=alt, see=see))
    figures.pair_heatmap(tk.coherence_from_pairs(table), "title", alt="Heat map.", see="Look.")
    # 'morning' is the fourth of the five rows, not the bottom one (reader s1): the alt text says which it is
    assert "The weakest row is 'morning' (row 4 of 5 from the top), whose pairs average 0.29" in shown["alt"]
    highest = shown["alt"].split("highest pair is ")[1]
    assert highest in ("'exercise' and 'fitness' at 0.61.", "'fitness' and 'exercise' at 0.61.")
