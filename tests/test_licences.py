"""The files a course is expected to have: licences for the code and the text, a citation file, and the
four source documents named with what they are (docs/documents.md's table is the catalogue's data)."""

import pathlib
import re
import tomllib

import yaml

from teachkit.documents.catalogue import DOCUMENTS

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_code_licence_is_the_mit_text_the_package_metadata_names():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PROJECT["license"] == {"text": "MIT"}
    assert text.startswith("MIT License\n\nCopyright (c) ")
    assert "[year]" not in text and "[fullname]" not in text
    assert "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND" in text


def test_the_text_licence_is_the_full_cc_by_4_legal_code():
    text = (ROOT / "LICENSES" / "CC-BY-4.0.txt").read_text(encoding="utf-8")
    assert text.startswith("Attribution 4.0 International")
    for section in range(1, 9):                      # the legal code has eight sections
        assert f"Section {section} -- " in text, section
    assert text.rstrip().endswith("Creative Commons may be contacted at creativecommons.org.")


def test_citation_file_is_valid_cff_and_agrees_with_the_package():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors", "version", "license", "type"):   # CFF 1.2 required + ours
        assert cff.get(key), key
    assert cff["version"] == PROJECT["version"]
    assert cff["license"] == PROJECT["license"]["text"]
    assert all("name" in a or "family-names" in a for a in cff["authors"])
    hoyle = cff["references"][0]
    assert hoyle["url"] == "https://github.com/ahoho/topics" and hoyle["license"] == "MIT"


def test_readme_links_the_licence_and_citation_files():
    for link in ("LICENSE", "LICENSES/CC-BY-4.0.txt", "CITATION.cff"):
        assert f"]({link})" in README, link
        assert (ROOT / link).is_file(), link


def test_the_docs_name_each_source_document_as_the_catalogue_does():
    page = (DOCS / "documents.md").read_text(encoding="utf-8")
    section = page.split("## The four source documents", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in section.splitlines() if r.startswith("| `")]
    table = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        table[cells[0].strip("`")] = cells[1:]
    assert list(table) == list(DOCUMENTS)
    for name, about in DOCUMENTS.items():
        what, author, language, used = table[name]
        assert what == f"{about['title']}: {about['kind']}"
        assert (author, language, used) == (about["author"], about["language"], about["course"])
        for prefix in re.findall(r"\d\d[a-z]?", used):     # the notebooks named exist
            assert list((ROOT / "notebooks").glob(f"{prefix}_*.ipynb")), (name, prefix)


def test_every_shipped_data_file_is_described_with_its_source_and_licence():
    data = ROOT / "teachkit" / "data"
    described = (data / "README.md").read_text(encoding="utf-8")
    data_page = (DOCS / "data.md").read_text(encoding="utf-8")
    sections = {s.split("`", 2)[1]: s for s in described.split("\n## ")[1:]}
    for path in sorted(data.iterdir()):
        if path.name == "README.md" or path.name.startswith("LICENSE"):
            continue
        assert path.name in sections, f"teachkit/data/README.md has no section on {path.name}"
        section = sections[path.name]
        assert "**Where it comes from.**" in section and "**Licence.**" in section, path.name
        if path.suffix == ".txt" or path.name.startswith("hoyle"):
            assert "**Citation.**" in section, path.name
        assert f"teachkit/data/{path.name}" in data_page or path.name == "documents.json", (
            f"docs/data.md does not name teachkit/data/{path.name}")


def test_the_portuguese_text_is_public_domain_and_not_ascii():
    text = (ROOT / "teachkit" / "data" / "dom_casmurro_1_2.txt").read_text(encoding="utf-8")
    assert text.startswith("I\n\nDo titulo.") and "Gutenberg" not in text       # no Project Gutenberg licence text
    assert len(text.encode("utf-8")) > len(text)                                  # some characters take two bytes
    about = (ROOT / "teachkit" / "data" / "README.md").read_text(encoding="utf-8")
    assert "Public domain" in about and "eBook #55752" in about


def test_every_link_of_the_readme_and_the_docs_reaches_a_file_or_a_heading():
    """The README is a front door: each page it and docs/ link to exists, and so does each #anchor."""
    import re as _re

    def anchors(text):
        # GitHub's slugs: lower case, punctuation dropped, spaces to hyphens
        return {_re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
                for h in _re.findall(r"^#+ (.*)$", text, _re.M)}

    pages = [ROOT / "README.md", *sorted(DOCS.glob("*.md")), ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"]
    assert len(pages) >= 10
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in _re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            where = (page.parent / path).resolve() if path else page
            assert where.exists(), f"{page.name} links to {target}, which does not exist"
            if anchor:
                assert anchor in anchors(where.read_text(encoding="utf-8")), f"{page.name}: no heading #{anchor}"


def test_the_readme_is_a_front_door():
    assert len(README.splitlines()) <= 160
    for command in ("make lab", "make test"):
        assert command in README
