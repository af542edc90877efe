"""A class release gives the capstone's draws to the class together: no two students share a triple of training
seeds (issue 48), the grader judges each report on the draw the release gave (never the one in the notebook), a
release made again for the same class keeps the draws it handed out, and a class too large for the 1,140 triples
is released with a warning, each triple held by as few students as can be.

Independent derivations: the triples are read back from the stamped notebooks' report cells and counted here;
the capacity is C(20, 3) - 1 counted with math.comb; the honest numbers are computed with the pipeline
functions alone (tests/test_capstone.py's ``honest``).
"""

import collections
import csv
import json
import math
import pathlib
import sys

import pytest

from teachkit.course.exercises import capstone

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

import course  # noqa: E402
import release  # noqa: E402

SECRET = "c1a55" * 12 + "beef"
CLASS = [f"st{i:02d}" for i in range(60)]
NB10 = ROOT / "notebooks" / "10_capstone.ipynb"


def _triple(number):
    return capstone.draw(number).seeds


def _stamped_draw(path: pathlib.Path) -> int:
    """The draw written in the report cell of a stamped notebook 10 (the cell the release stamps)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = [capstone.read_report(course.source(c)) for c in nb["cells"]
             if c["cell_type"] == "code" and "report = {" in course.source(c)
             and capstone.stamp_draw(course.source(c), 1) is not None]
    found = [r for r in found if r is not None and r["draw"] != capstone.WORKED_DRAW]
    assert len(found) == 1
    return found[0]["draw"]


@pytest.fixture(scope="module")
def class_of_60(tmp_path_factory):
    out = tmp_path_factory.mktemp("release")
    release.release([NB10], out, package=False, roster=CLASS, secret=SECRET, folders=True)
    return out


def test_the_capacity_is_every_triple_but_the_worked_examples():
    assert capstone.CLASS_CAPACITY == math.comb(20, 3) - 1 == 1139


def test_a_release_for_60_gives_60_distinct_triples_none_of_them_sams(class_of_60):
    seeds = {s: course.student_seed(SECRET, s) for s in CLASS}
    # without the class's draws (each student's seed its own draw) this class has pairs sharing a triple
    by_seed = collections.Counter(_triple(seed) for seed in seeds.values())
    assert max(by_seed.values()) > 1
    stamped = {s: _stamped_draw(class_of_60 / "class" / s / "10_capstone.ipynb") for s in CLASS}
    triples = {_triple(n) for n in stamped.values()}
    assert len(triples) == 60 and _triple(capstone.WORKED_DRAW) not in triples
    # most students keep their seed; the others took the next free number after it
    moved = [s for s in CLASS if stamped[s] != seeds[s]]
    assert 0 < len(moved) < 10 and all(stamped[s] > seeds[s] for s in moved)
    # seeds.csv lists each student's seed and the draw their notebook holds
    with open(class_of_60 / "teacher" / "seeds.csv", newline="", encoding="utf-8") as f:
        rows = {r["student"]: r for r in csv.DictReader(f)}
    assert {s: int(r["draw"]) for s, r in rows.items()} == stamped
    assert {s: int(r["seed"]) for s, r in rows.items()} == seeds


def test_the_draws_are_deterministic_in_any_order_of_the_class_list():
    seeds, draws = release.class_draws(CLASS, SECRET)
    assert release.class_draws(list(reversed(CLASS)), SECRET)[1] == draws
    assert release.class_draws(CLASS, "0" * 64)[1] != draws          # another secret, other draws


def test_a_release_made_again_with_a_late_student_keeps_every_draw(class_of_60, tmp_path):
    before = release.previous_draws(class_of_60 / "teacher", SECRET)
    assert len(before) == 60
    # the late student's preferred triple is held by a student who would lose it by the order of the seeds
    seeds = {s: course.student_seed(SECRET, s) for s in CLASS}
    # (an id as long as theirs: a longer id's seed is larger than every shorter id's)
    late = next(f"x{i:03d}" for i in range(1000)
                if any(_triple(course.student_seed(SECRET, f"x{i:03d}")) == _triple(before[s])
                       and course.student_seed(SECRET, f"x{i:03d}") < seeds[s] for s in CLASS))
    fresh = release.class_draws(CLASS + [late], SECRET)[1]
    assert any(fresh[s] != before[s] for s in CLASS)      # without what was handed out, someone would move
    again = release.class_draws(CLASS + [late], SECRET, before)[1]
    assert all(again[s] == before[s] for s in CLASS)
    assert len({_triple(n) for n in again.values()}) == 61
    # release() reads them from the previous seeds.csv (made with the same secret), not with another secret
    assert release.previous_draws(class_of_60 / "teacher", "0" * 64) == {}


def test_a_class_of_1141_is_released_with_a_warning_and_only_two_pairs_share_a_triple(capsys):
    ids = [f"s{i:04d}" for i in range(1141)]
    _, draws = release.class_draws(ids[:1139], SECRET)
    assert len({_triple(n) for n in draws.values()}) == 1139
    assert "warning" not in capsys.readouterr().err
    _, draws = release.class_draws(ids, SECRET)
    err = capsys.readouterr().err
    assert "warning: a class of 1141 students is more than the 1139" in err and "up to 2 students share" in err
    held = collections.Counter(_triple(n) for n in draws.values())
    assert max(held.values()) == 2 and _triple(capstone.WORKED_DRAW) not in held
    assert len(held) == 1139 and sorted(held.values())[-3:] == [1, 2, 2]      # two pairs share, no more


@pytest.mark.slow
def test_the_grader_judges_each_student_on_the_draw_their_release_gave(class_of_60, tmp_path):
    import grade
    from test_capstone import CHOICES, honest

    seeds, draws = release.class_draws(CLASS, SECRET)
    moved = next(s for s in CLASS if draws[s] != seeds[s])       # their draw is not their seed
    other = next(s for s in CLASS if s != moved)
    subs = tmp_path / "subs"
    reports = {moved: honest(dict(CHOICES, draw=draws[moved])),
               # the classmate writes the first student's draw in their report and copies their numbers
               other: honest(dict(CHOICES, draw=draws[moved]))}
    for student, report in reports.items():
        nb = json.loads((class_of_60 / "class" / student / "10_capstone.ipynb").read_text(encoding="utf-8"))
        stamped = _stamped_draw(class_of_60 / "class" / student / "10_capstone.ipynb")
        assert stamped == draws[student]
        for cell in nb["cells"]:
            src = course.source(cell)
            if cell["cell_type"] == "code" and f'"draw": {stamped}' in src:
                cell["source"] = "report = " + repr(report) + "\ncapstone.check_report(report)"
        (subs / student).mkdir(parents=True)
        (subs / student / "10_capstone.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    out = tmp_path / "graded" / "grades.csv"
    grade.grade(subs, out, notebooks=[NB10], secret=SECRET, release=class_of_60, roster=None)
    with open(out, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["exercise"].startswith("10.report.")]
    mine = [r for r in rows if r["student"] == moved]
    theirs = [r for r in rows if r["student"] == other]
    assert len(mine) == len(theirs) == len(capstone.NUMBERS)
    # judged on the draw the release gave (not the seed): every number follows
    assert all(float(r["points"]) == 1 for r in mine), [r for r in mine if float(r["points"]) != 1][:2]
    # the edited draw is not trusted: judged on their own, nothing scores, and the feedback says so
    assert all(float(r["points"]) == 0 for r in theirs)
    assert all(f"computed on draw {draws[moved]}, not yours" in r["feedback"] for r in theirs)
    # and the grader's own record of the draws is the release's
    assert grade.release_draws(SECRET, class_of_60, CLASS) == draws
