"""Build the course website: ``make book`` -> ``_build/book/html/`` (open index.html).

The tool copies the notebooks into ``_build/book/src/`` and the guides of
``docs/`` into ``_build/book/src/guide/``, adds a hidden table of contents of
both to the copy of notebook 00 (the start page), readies each notebook copy for
a reader without a kernel (:func:`for_website`: figure code folded away, the
exercises' "answer it in the running notebook" lines said once per page), and runs
``sphinx-build`` with ``tools/book_conf/conf.py`` (MyST-NB, sphinx-book-theme).
Nothing is executed: the pages show the committed outputs, figures
included, and each explorer's static fallback.  MathJax is copied into the
site from the ``jupyter-server-mathjax`` package, so no page loads anything
from another host.  Warnings fail the build, so
a broken cross-reference or a notebook Sphinx cannot read is caught here.

The result is a folder of static files: publish it on any static host (see
README, "For teachers").
"""

from __future__ import annotations

import argparse
import html as html_lib
import json
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import course  # noqa: E402

CONF_DIR = pathlib.Path(__file__).resolve().parent / "book_conf"
DOCS_DIR = course.ROOT / "docs"
DEFAULT_OUT = course.ROOT / "_build" / "book"
START = "00_start_here"

REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>teachkit course</title>
<meta http-equiv="refresh" content="0; url={start}.html"></head>
<body><p><a href="{start}.html">The course starts here.</a></p></body></html>
"""


def stage(notebooks, src: pathlib.Path) -> list[str]:
    """Copy the notebooks to ``src`` and put the table of contents into the start page; return page names."""
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    names = []
    for path in notebooks:
        path = pathlib.Path(path)
        nb = json.loads(path.read_text(encoding="utf-8"))
        page = for_website(with_alt_text(nb))
        (src / path.name).write_text(json.dumps(page, indent=1, ensure_ascii=False), encoding="utf-8")
        names.append(path.stem)
    if START not in names:
        raise SystemExit(f"the start page {START}.ipynb is missing from the notebooks")
    start = src / f"{START}.ipynb"
    nb = json.loads(start.read_text(encoding="utf-8"))
    pages = "\n".join(n for n in names if n != START)
    guides = "\n".join(f"guide/{name}" for name in stage_guides(src / "guide"))
    nb["cells"].append({
        "cell_type": "markdown", "id": "book-toc", "metadata": {},
        "source": f"```{{toctree}}\n:hidden:\n:maxdepth: 1\n\n{pages}\n```\n\n"
                  f"```{{toctree}}\n:hidden:\n:maxdepth: 1\n:caption: Guides\n\n{guides}\n```",
    })
    start.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    return names


# A Markdown link [text](target): its target up to the closing parenthesis.
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def site_links(text: str) -> str:
    """A guide's links as the website can follow them: to another guide (``teachers.md``) or the web, kept;
    to a file of the repository (``../LICENSE``), which the site does not publish, the link's text alone."""
    def keep(match):
        label, target = match.groups()
        if target.startswith(("http://", "https://")) or ("/" not in target and target.split("#")[0].endswith(".md")):
            return match.group(0)
        return label
    return _LINK.sub(keep, text)


def stage_guides(folder: pathlib.Path) -> list[str]:
    """Copy ``docs/*.md`` to ``folder`` with :func:`site_links`; return their page names, in file-name order."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for path in sorted(DOCS_DIR.glob("*.md")):
        (folder / path.name).write_text(site_links(path.read_text(encoding="utf-8")), encoding="utf-8")
        names.append(path.stem)
    return names


def with_alt_text(nb: dict) -> dict:
    """Give each figure cell MyST-NB's alt option, copied from its PNG output's metadata (``show`` writes it).

    nbconvert reads an image's alt text from the output's metadata (``{"image/png": {"alt": ...}}``);
    MyST-NB reads it only from the cell's ``mystnb.image.alt``.  A course figure cell shows one figure.
    """
    for cell in nb["cells"]:
        alts = [output["metadata"]["image/png"]["alt"] for output in cell.get("outputs", [])
                if "image/png" in output.get("data", {}) and "alt" in output.get("metadata", {}).get("image/png", {})]
        if alts:
            cell["metadata"].setdefault("mystnb", {}).setdefault("image", {})["alt"] = " ".join(alts)
    return nb


#: What stands for every exercise's meta lines on a page, once, before its first exercise.
EXERCISE_NOTE = ("Exercises on this page are shown with their questions only. To answer one, have it checked and "
                 "see its worked solution, open this notebook in JupyterLab and run it (README, \"Quick start\").")

# An exercise's own meta line, in each of the forms display.py writes it (HTML, markdown, plain text).
_EXERCISE_META = [
    re.compile(r"(?:<br>)?<i>Exercise [^<]*?: checked in the running notebook, or where no widget shows by [^<]*</i>"),
    re.compile(r"\n*\*Exercise [^*\n]*?: checked in the running notebook, or where no widget shows by [^\n]*\*$"),
    re.compile(r"\n*\(Exercise [^\n]*?: checked in the running notebook, or where no widget shows by [^\n]*\)$"),
]
_SOLUTION_HIDDEN = "teachkit-solution-static"

#: What a "write it yourself" check says of the unfinished template it was saved with (compare.py): on a page
#: that runs nothing it reads as a broken cell, so the site says what the line does instead.
_UNFINISHED_CHECK = re.compile(r"returned (?:Ellipsis|None): replace the \.\.\. with your calculation")
CHECK_NOTE = ("In the running notebook, this line checks your function against teachkit's and says where they "
              "differ.")

#: Lead-ins that speak of the notebook's answer boxes, as the website says them (it has no box to type in; look
#: reviews x5 and y1): (pattern, replacement) applied to markdown cells.
_LEAD_IN_TEXTS = [
    (r"then type your answer in the box under the question and press \*\*Check\*\* \(in a front end without "
     r"widgets, run the call (?:named on the line under the question|the line under the question names)\)\. "
     r"The worked solution stays folded until you open it\.",
     "then check it in the notebook (the note at the page's first exercise says how)."),
    (r"Commit to a guess in the box, then run the cell (?:after it|under the solution)\.",
     "Commit to a guess, then open **Show the result** below."),
    (r"Commit to a prediction in the box, then run the table cell under the solution\.",
     "Commit to a prediction, then open **Show the result** below."),
    (r"Commit in the box, then run the cell under the solution",
     "Commit to a guess, then open **Show the result** below the question"),
    (r"commit to a guess, then run the cell under the solution, which",
     "commit to a guess, then open **Show the result** below: the cell there"),
    (r"Commit to a guess in the box, then run the cell under the solution \(on the website: "
     r"\*\*Show the result\*\*\)",
     "Commit to a guess, then open **Show the result** below"),
]
# a markdown line may break anywhere a space is
_WEBSITE_LEAD_INS = [(re.compile(pattern.replace(" ", r"\s+")), said) for pattern, said in _LEAD_IN_TEXTS]

#: The summary of the fold that holds a prediction's result on the site.
RESULT_SUMMARY = "Show the result"
#: What stands for a held-back result saved without it (a notebook executed before results were kept).
RESULT_NOT_SAVED = ("In JupyterLab this cell shows its result once you commit to prediction {key} above; run the "
                    "notebook to see it.")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _is_figure(output: dict) -> bool:
    return "image/png" in output.get("data", {})


def for_website(nb: dict) -> dict:
    """Ready a notebook for a reader without a kernel (in place; also returned).

    * A cell that shows a figure (or holds one back for a prediction) gets the ``hide-input`` tag, so MyST-NB
      folds its code away behind a "Show code" toggle and the page shows the figure, its alt text and the line
      saying what to see.  A cell a notebook tags ``hide-input`` (or ``remove-input``) itself is left as
      tagged: MyST-NB honours both.
    * Each exercise's "checked in the running notebook, or ... by ask(...)" line is taken out of its output,
      and a solution's "hidden until you answer" placeholder is dropped with its cell (neither can be acted on
      without a kernel); one note (:data:`EXERCISE_NOTE`) before the page's first exercise says what to do, and
      the lead-ins that say "type your answer in the box" say what the page offers (:data:`_WEBSITE_LEAD_INS`).
    * A prediction's result, held back in the notebook until the student commits (``result_of``), is shown in a
      closed fold (:data:`RESULT_SUMMARY`) under the question: the site's reader cannot commit, but can still
      guess before opening it.  The result comes from the note's metadata (:class:`HeldBack`).
    * A "write it yourself" check saved on its unfinished template ("returned Ellipsis") says what it does
      when run (:data:`CHECK_NOTE`) instead of reporting a failure.
    """
    first_exercise = None
    code_after = _next_code_sources(nb["cells"])
    for index, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") == "markdown":
            text = _joined(cell.get("source", ""))
            for pattern, said in _WEBSITE_LEAD_INS:
                text = pattern.sub(said, text)
            cell["source"] = text
        if cell.get("cell_type") != "code":
            continue
        outputs = cell.get("outputs", [])
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        held_figure = any("<img" in _joined(r.get("data", {}).get("text/html", "")) or _is_figure(r)
                          for o in outputs for r in o.get("metadata", {}).get("teachkit", {}).get("result", []))
        if (any(_is_figure(o) for o in outputs) or held_figure) and "hide-input" not in tags \
                and "remove-input" not in tags:
            tags.append("hide-input")
        if _ASK_CALL.fullmatch(_joined(cell.get("source", "")).strip()) and "remove-input" not in tags:
            tags.append("remove-input")
        kept = []
        for output in outputs:
            held = output.get("metadata", {}).get("teachkit", {}).get("held_back")
            if held:
                kept.append(held_back_result(held, output["metadata"]["teachkit"].get("result", [])))
                continue
            data = output.get("data", {})
            if _SOLUTION_HIDDEN in _joined(data.get("text/html", "")):
                continue
            if any(_UNFINISHED_CHECK.search(_joined(v)) for m, v in data.items() if m.startswith("text/")):
                kept.append(_html_output(f'<div class="teachkit-book-check"><i>{html_lib.escape(CHECK_NOTE)}'
                                         "</i></div>", CHECK_NOTE))
                continue
            own = _joined(cell.get("source", ""))
            template = _shown_template(data, own if re.search(r"^def ", own, flags=re.M) else code_after[index])
            for mime, value in list(data.items()):
                if not isinstance(value, (str, list)) or not mime.startswith("text/"):
                    continue
                text = _joined(value)
                cleaned = text
                for pattern in _EXERCISE_META:
                    cleaned = pattern.sub("", cleaned)
                if cleaned != text and first_exercise is None:
                    first_exercise = index
                cleaned = _without_template(cleaned, mime, template)
                if mime == "text/html" and 'class="teachkit-table"' in cleaned:
                    cleaned = _headers_aligned(cleaned)
                if cleaned != text:
                    data[mime] = cleaned
            kept.append(output)
        if outputs and not kept:
            tags.append("remove-cell")
        cell["outputs"] = kept
        if not tags:
            del cell["metadata"]["tags"]
    if first_exercise is not None:
        nb["cells"].insert(first_exercise, {
            "cell_type": "markdown", "id": "book-exercise-note", "metadata": {},
            "source": f'<div class="teachkit-book-note">{html_lib.escape(EXERCISE_NOTE, quote=False)}</div>',
        })
    return nb


#: A cell that only shows an exercise (``ask("01.2")``): on the site the question speaks for itself, and the call
#: above it read as an opaque line before the question (look review z10, G4).
_ASK_CALL = re.compile(r"ask\(\s*[\"'][\w.]+[\"']\s*\)")


def _next_code_sources(cells: list) -> list:
    """For each cell, the source of the next code cell after it ("" when none)."""
    after, nxt = [""] * len(cells), ""
    for index in range(len(cells) - 1, -1, -1):
        after[index] = nxt
        if cells[index].get("cell_type") == "code":
            nxt = _joined(cells[index].get("source", ""))
    return after


_TEMPLATE = re.compile(r"<pre>(.*?)</pre>", re.S)


def _shown_template(data: dict, code: str) -> str | None:
    """The function template a "write it yourself" question prints (its ``<pre>`` block, unescaped) when ``code``,
    the cell the student completes, defines the same function: the page would show it twice in a row (look
    review z10, G2).  None when the question prints no such template."""
    names = re.findall(r"^def (\w+)\(", code, flags=re.M)
    for block in _TEMPLATE.findall(_joined(data.get("text/html", ""))):
        template = html_lib.unescape(block)
        if any(re.search(rf"^def {name}\(", template, flags=re.M) for name in names):
            return template
    return None


def _without_template(text: str, mime: str, template: str | None) -> str:
    """``text`` without ``template`` in the form display.py prints it for ``mime``: a ``<pre>`` block in HTML, a
    fenced block in markdown, plain lines in text."""
    if template is None:
        return text
    if mime == "text/html":
        return text.replace(f"<pre>{html_lib.escape(template)}</pre>", "")
    if mime == "text/markdown":
        return re.sub(r"\n*```python\n" + re.escape(template.rstrip("\n")) + r"\n*```", "", text)
    return re.sub(r"\n" + re.escape(template.rstrip("\n")) + r"\n*", "", text)


_HEAD_CELL = re.compile(r"<th>")
_FIRST_ROW_ALIGN = re.compile(r'<tbody><tr>(.*?)</tr>', re.S)


def _headers_aligned(page: str) -> str:
    """A teachkit table's headers aligned as their columns are (numbers to the right), as on a printed page
    (look review z10, G5: left-aligned headers over right-aligned numbers)."""
    def one(table: str) -> str:
        row = _FIRST_ROW_ALIGN.search(table)
        if not row:
            return table
        aligns = re.findall(r'<td style="text-align:(right|left)">', row.group(1))
        it = iter(aligns)
        return _HEAD_CELL.sub(lambda m: f'<th style="text-align:{next(it, "left")}">', table)
    return re.sub(r'<table class="teachkit-table">.*?</table>', lambda m: one(m.group(0)), page, flags=re.S)


def held_back_result(key: str, result: list) -> dict:
    """The output that stands for prediction ``key``'s held-back result on the site: the result's outputs
    (streams, HTML, pictures, plain text) in a closed ``<details>`` fold, or a note when none was saved."""
    if not result:
        note = RESULT_NOT_SAVED.format(key=key)
        return _html_output(f'<div class="teachkit-book-note">{html_lib.escape(note)}</div>', note)
    parts, plain = [], []
    for output in result:
        if output.get("output_type") == "stream":
            text = _ANSI.sub("", _joined(output.get("text", "")))
            parts.append(f'<pre class="teachkit-result-text">{html_lib.escape(text)}</pre>')
            plain.append(text)
            continue
        data = output.get("data", {})
        if "text/html" in data:
            parts.append(_joined(data["text/html"]))
        elif "text/markdown" in data:
            parts.append(f"<p>{_inline_markdown(_joined(data['text/markdown']))}</p>")
        elif "image/png" in data:
            alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
            png = _joined(data["image/png"])
            parts.append(f'<img alt="{html_lib.escape(alt)}" src="data:image/png;base64,{png}"/>')
        elif "text/plain" in data:
            parts.append(f'<pre class="teachkit-result-text">{html_lib.escape(_joined(data["text/plain"]))}</pre>')
        plain.append(_joined(data.get("text/plain", "")))
    body = "\n".join(parts)
    return _html_output(f'<details class="teachkit-result"><summary>{RESULT_SUMMARY}</summary>\n{body}\n'
                        "</details>", "\n".join(plain))


def _inline_markdown(text: str) -> str:
    """A one-paragraph markdown output (a figure's "*What to see:* ..." line) as HTML: escaped, with **strong**,
    *emphasis* and `code`."""
    text = html_lib.escape(text.strip(), quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", text)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", text)


def _html_output(html: str, plain: str) -> dict:
    return {"output_type": "display_data", "metadata": {}, "data": {"text/html": html, "text/plain": plain}}


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def build(notebooks=None, out: pathlib.Path = DEFAULT_OUT) -> pathlib.Path:
    """Build the site; return the folder holding index.html."""
    notebooks = course.notebooks() if notebooks is None else notebooks
    src, html = out / "src", out / "html"
    stage(notebooks, src)
    if html.exists():
        shutil.rmtree(html)
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", "-c", str(CONF_DIR),
                    "-d", str(out / "doctrees"), str(src), str(html)], check=True)
    (html / "index.html").write_text(REDIRECT.format(start=START), encoding="utf-8")
    shutil.copytree(mathjax_dir(), html / "_static" / "mathjax")
    return html


def mathjax_dir() -> pathlib.Path:
    """MathJax 2 as the jupyter-server-mathjax package ships it (no download at build or view time)."""
    import jupyter_server_mathjax

    return pathlib.Path(jupyter_server_mathjax.__file__).resolve().parent / "static"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks (default: notebooks/*.ipynb)")
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help="build folder (default: _build/book)")
    args = parser.parse_args(argv)
    html = build([pathlib.Path(p) for p in args.notebooks] or None, args.out)
    print(f"book: {html / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
