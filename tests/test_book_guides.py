"""The website carries the guides of docs/ beside the notebooks (tools/book.py), with links it can follow."""

import sys
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import book  # noqa: E402


def test_links_to_guides_and_the_web_are_kept_and_links_to_repository_files_become_text():
    text = ("See [the manual](teachers.md), [its grading part](teachers.md#grading), [semver](https://semver.org/), "
            "the [licence](../LICENSE) and [a test](../tests/test_arpa.py).")
    assert book.site_links(text) == ("See [the manual](teachers.md), [its grading part](teachers.md#grading), "
                                     "[semver](https://semver.org/), the licence and a test.")


def test_every_guide_is_staged_with_no_link_the_site_cannot_follow(tmp_path):
    names = book.stage_guides(tmp_path)
    assert names == sorted(p.stem for p in (ROOT / "docs").glob("*.md")) and "teachers" in names
    for name in names:
        text = (tmp_path / f"{name}.md").read_text(encoding="utf-8")
        for target in book._LINK.findall(text):
            assert target[1].startswith("https://") or target[1].split("#")[0][:-3] in names, (name, target)
