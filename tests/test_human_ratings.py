"""The shipped human judgements (Hoyle et al. 2021): loaded faithfully, averages recomputed, clear failures."""

import hashlib
import json
import pathlib
import tomllib

import numpy as np
import pytest

from teachkit.evaluation.human_ratings import AUTOMATED_METRICS, HumanRatings, load_human_ratings

ROOT = pathlib.Path(__file__).resolve().parents[1]
DATA = ROOT / "teachkit" / "data"


def test_the_file_is_the_released_one_with_licence_and_readme():
    digest = hashlib.sha256((DATA / "hoyle2021_all_data.json").read_bytes()).hexdigest()
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert digest in readme, "the README's SHA-256 must be that of the shipped file"
    assert "MIT License" in (DATA / "LICENSE-hoyle2021.txt").read_text(encoding="utf-8")
    assert "Hoyle" in readme and "2107.02173" in readme
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert {"data/*.json", "data/*.md", "data/*.txt"} <= set(package_data["teachkit"])


def test_structure_two_corpora_three_models_fifty_topics():
    data = load_human_ratings()
    assert len(data) == 300
    assert data.corpora == ("nytimes", "wikitext") and data.models == ("dvae", "etm", "mallet")
    for corpus in data.corpora:
        for model in data.models:
            part = data.select(corpus=corpus, model=model)
            assert len(part) == 50
            assert [t.index for t in part.topics] == list(range(50))
            assert all(len(t.ratings) == 15 and len(t.intrusions) == 26 and len(t.words) == 20 for t in part.topics)
    assert set(AUTOMATED_METRICS) <= set(data.metric_names)


def test_first_topic_by_hand():
    # wikitext / mallet topic 0 in the released file: ratings 2,3,1,3,3,3,2,3,2,2,3,1,3,3,1 (sum 35);
    # intrusion 1,1,1,1,1,1,1,1,0,1,1,1,1,1,1,1,1,0,1,1,1,1,1,0,0,0 (21 of 26); NPMI 0.0988707208.
    t = load_human_ratings().topics[0]
    assert (t.corpus, t.model, t.index) == ("wikitext", "mallet", 0)
    assert t.words[:3] == ("water", "area", "river")
    assert t.rating == pytest.approx(35 / 15)
    assert t.intrusion == pytest.approx(21 / 26)
    assert t.metrics["c_npmi_10_full"] == 0.0988707208


def test_columns_and_missing_scores():
    data = load_human_ratings().select(corpus="wikitext", model="dvae")
    ratings = data.column("rating")
    assert ratings.shape == (50,) and np.all((1 <= ratings) & (ratings <= 3))
    other = data.column("c_npmi_10_nytimes_full")
    assert np.isnan(other).sum() == 40          # the authors report 10 of the 50 D-VAE topics on that reference
    assert len(data.complete("c_npmi_10_nytimes_full")) == 10


def test_missing_shipped_file_says_how_to_get_it(tmp_path, monkeypatch):
    import teachkit.evaluation.human_ratings as hr

    monkeypatch.setattr(hr, "_data_path", lambda: tmp_path / "nowhere.json")
    with pytest.raises(FileNotFoundError, match="human ratings file is missing.*ahoho/topics"):
        load_human_ratings()


def test_a_missing_path_of_the_users_names_it_and_does_not_say_reinstall(tmp_path):
    with pytest.raises(FileNotFoundError, match="path: there is no file at .*nowhere.json") as info:
        load_human_ratings(tmp_path / "nowhere.json")
    assert "reinstall" not in str(info.value)


def test_a_folder_a_binary_file_and_a_wrong_type_get_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="is a folder; pass the JSON file"):
        load_human_ratings(tmp_path)
    binary = tmp_path / "all_data.json"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(ValueError, match="is not a text file"):
        load_human_ratings(binary)
    with pytest.raises(TypeError, match="path must be a file path"):
        load_human_ratings(42)


@pytest.mark.parametrize("removed", [("nytimes", None), ("wikitext", "etm")])
def test_a_file_with_a_part_missing_is_refused_not_loaded_quietly(tmp_path, removed):
    raw = json.loads((DATA / "hoyle2021_all_data.json").read_text(encoding="utf-8"))
    corpus, model = removed
    if model is None:
        del raw[corpus]
    else:
        del raw[corpus][model]
    missing = 150 if model is None else 50
    with pytest.raises(ValueError, match=f"holds {300 - missing} topics, but .* 300 .*missing: {corpus}/"):
        load_human_ratings(_write(tmp_path, raw))


def _write(tmp_path, raw):
    path = tmp_path / "all_data.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_a_damaged_average_is_refused(tmp_path):
    raw = json.loads((DATA / "hoyle2021_all_data.json").read_text(encoding="utf-8"))
    raw["nytimes"]["etm"]["metrics"]["ratings_scores_avg"][3] += 0.1
    with pytest.raises(ValueError, match="nytimes/etm topic 3 ratings.*not the mean"):
        load_human_ratings(_write(tmp_path, raw))


def test_a_foreign_structure_is_refused(tmp_path):
    with pytest.raises(ValueError, match="structure"):
        load_human_ratings(_write(tmp_path, {"wikitext": {"mallet": {"topics": []}}}))
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_human_ratings(tmp_path / "bad.json")


def test_bad_selections_name_the_choices():
    data = load_human_ratings()
    with pytest.raises(ValueError, match="corpus must be one of"):
        data.select(corpus="reuters")
    with pytest.raises(ValueError, match="rating"):
        data.column("c_npmi")
    assert isinstance(data.select(model="etm"), HumanRatings)


def test_the_repr_names_the_topics_corpora_and_models_within_the_website_column():
    people = load_human_ratings()
    assert repr(people) == "HumanRatings(300 topics; corpora nytimes, wikitext; models dvae, etm, mallet)"
    assert len(repr(people)) <= 80
