"""Nothing a teacher has is lost: previous outputs, overrides, manual scores, some students, a resumed run, the
secret of the release (issue 51)."""

from __future__ import annotations

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))

import course  # noqa: E402
import grade  # noqa: E402
import grading_run  # noqa: E402
import release  # noqa: E402
from test_grade import HONEST_FUNCTION, _grade, _rows, _submission, _write  # noqa: E402

RIGHT = _submission('answer_99_1 = "0.04"', HONEST_FUNCTION)
WRONG = _submission('answer_99_1 = "0.5"', HONEST_FUNCTION)


def _class(tmp_path, **students):
    subs = tmp_path / "subs"
    for student, nb in students.items():
        _write(subs, student, "99_synthetic", nb)
    return subs


def test_outputs_go_beside_the_submissions_and_a_student_named_like_one_is_reported_not_lost(tmp_path):
    assert grading_run.default_out(tmp_path / "subs") == tmp_path.resolve() / "subs-graded" / "grades.csv"
    subs = _class(tmp_path, ada=RIGHT, feedback=RIGHT)
    (subs / "grades.csv").mkdir()
    table, report, out = _grade(tmp_path, subs)
    assert table["ada", "99.1"] == (1, "right") and ("feedback", "99.1") not in table
    said = {r["detail"] for r in report if r["kind"] == "not a hand-in"}
    assert any(d.startswith("feedback: the name of what make grade writes") for d in said)
    assert any(d.startswith("grades.csv: the name of what make grade writes") for d in said)
    assert (subs / "feedback" / "99_synthetic.ipynb").is_file()        # untouched


def test_each_run_keeps_the_last_one_s_outputs_and_overrides_survive_regrades(tmp_path):
    subs = _class(tmp_path, ada=RIGHT, ben=WRONG)
    _grade(tmp_path, subs)
    out = tmp_path / "out"
    (out / "overrides.csv").write_text("student,exercise,points,reason\nBen,99.1,1,typo in the unit; checked by hand\n"
                                       "cy,99.1,1,no such student\n", encoding="utf-8")
    for _ in range(2):
        table, report, _ = _grade(tmp_path, subs)
        assert table["ben", "99.1"][0] == 1
        assert table["ben", "99.1"][1].startswith("set by your teacher: typo in the unit; checked by hand (the "
                                                  "grader gave 0:")
    assert any(r["kind"] == "override not applied" and r["student"] == "cy" for r in report)
    kept = sorted((out / "previous").iterdir())
    assert len(kept) == 2 and all((k / "grades.csv").is_file() and (k / "feedback").is_dir() for k in kept)
    first = {r["student"]: r["points"] for r in _rows(kept[0] / "grades.csv") if r["exercise"] == "99.1"}
    assert first == {"ada": "1", "ben": "0"}


def test_manual_scores_have_a_row_per_student_and_question_and_join_the_gradebook(tmp_path, monkeypatch):
    monkeypatch.setattr(grading_run, "MANUAL_QUESTIONS",
                        {"99_synthetic": (("99.reasons", 3, "the reasons"),)})
    subs = _class(tmp_path, ada=RIGHT, ben=RIGHT)
    table, _, out = _grade(tmp_path, subs)
    assert table["ada", "99.reasons"] == (0, "not judged yet: your teacher reads the reasons")
    manual = _rows(out / "manual.csv")
    assert [(r["student"], r["question"], r["points"], r["max_points"]) for r in manual] == [
        ("ada", "99.reasons", "", "3"), ("ben", "99.reasons", "", "3")]
    text = (out / "manual.csv").read_text(encoding="utf-8").replace("ada,99.reasons,,3,", "ada,99.reasons,2.5,3,clear")
    (out / "manual.csv").write_text(text, encoding="utf-8")
    table, _, out = _grade(tmp_path, subs)
    assert table["ada", "99.reasons"] == (2.5, "judged by your teacher: clear")
    book = {r["student"]: r for r in _rows(out / "gradebook.csv")}
    assert float(book["ada"]["99.reasons"]) == 2.5 and float(book["ada"]["total"]) == 4.5
    assert float(book["max points"]["99.reasons"]) == 3
    assert len(_rows(out / "manual.csv")) == 2         # the filled row kept, no row added twice


def test_some_students_are_regraded_and_the_others_keep_their_rows(tmp_path):
    subs = _class(tmp_path, ada=RIGHT, ben=WRONG, cy=WRONG)
    _grade(tmp_path, subs)
    _write(subs, "ben", "99_synthetic", RIGHT)
    _write(subs, "cy", "99_synthetic", RIGHT)          # changed too, but not regraded
    table, _, _ = _grade(tmp_path, subs, some=["Ben"])
    assert table["ben", "99.1"][0] == 1 and table["cy", "99.1"][0] == 0 and table["ada", "99.1"][0] == 1
    with pytest.raises(SystemExit, match="dan"):
        _grade(tmp_path, subs, some=["dan"])


def test_a_stopped_run_is_resumed_without_grading_again_who_was_graded(tmp_path, monkeypatch):
    subs = _class(tmp_path, ada=RIGHT, ben=RIGHT, cy=WRONG)
    real, seen = grade.grade_student, []

    def stopping(student, *args):
        if student == "cy":
            raise KeyboardInterrupt       # the teacher presses Ctrl-C
        seen.append(student)
        return real(student, *args)

    monkeypatch.setattr(grade, "grade_student", stopping)
    with pytest.raises(KeyboardInterrupt):
        _grade(tmp_path, subs, jobs=1)
    assert (tmp_path / "out" / grading_run.PROGRESS).is_file() and seen == ["ada", "ben"]
    monkeypatch.setattr(grade, "grade_student", lambda student, *args: (seen.append(student), real(student, *args))[1])
    table, _, out = _grade(tmp_path, subs, resume=True)
    assert seen == ["ada", "ben", "cy"]            # ada and ben were not graded again
    assert {s for s, _ in table} == {"ada", "ben", "cy"} and table["cy", "99.1"][0] == 0
    assert not (out / grading_run.PROGRESS).exists()


def test_grading_checks_the_secret_against_the_release_s_seeds(tmp_path):
    secret, other = "5eed" * 16, "ab" * 32
    teacher = tmp_path / "release" / "teacher"
    teacher.mkdir(parents=True)
    (teacher / "seeds.csv").write_text(f"student,seed\nada,{course.student_seed(secret, 'ada')}\n", encoding="utf-8")
    # by recomputing the seeds listed; the seeds come back by student
    assert grade.check_secret(secret, tmp_path / "release") == {"ada": course.student_seed(secret, "ada")}
    with pytest.raises(SystemExit, match="seed of 'ada' differs"):
        grade.check_secret(other, tmp_path / "release")
    (teacher / course.SECRET_HASH_FILE).write_text(course.secret_hash(secret) + "\n", encoding="utf-8")
    grade.check_secret(secret, tmp_path / "release")
    with pytest.raises(SystemExit, match="not the secret that made"):
        grade.check_secret(other, tmp_path / "release")
    assert secret not in (teacher / course.SECRET_HASH_FILE).read_text()


def test_release_never_makes_a_new_secret_where_seeds_csv_exists(tmp_path):
    out = tmp_path / "release"
    (out / "teacher").mkdir(parents=True)
    (out / "teacher" / "seeds.csv").write_text("student,seed\nada,1\n", encoding="utf-8")
    roster = tmp_path / "class.csv"
    roster.write_text("student\nada\n", encoding="utf-8")
    notebook = str(course.ROOT / "notebooks" / "01_pmi.ipynb")
    typo = tmp_path / "sercet.txt"
    with pytest.raises(SystemExit, match="a new secret would change every student's numbers"):
        release.main([notebook, "--out", str(out), "--class", str(roster), "--secret", str(typo)])
    assert not typo.exists()
    right, wrong = tmp_path / "secret.txt", tmp_path / "other.txt"
    right.write_text("5eed" * 16 + "\n", encoding="utf-8")
    wrong.write_text("ab" * 32 + "\n", encoding="utf-8")
    (out / "teacher" / course.SECRET_HASH_FILE).write_text(course.secret_hash("5eed" * 16) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="is not the secret that made"):
        release.main([notebook, "--out", str(out), "--class", str(roster), "--secret", str(wrong)])
    assert (out / "teacher" / "seeds.csv").read_text(encoding="utf-8") == "student,seed\nada,1\n"


def test_a_student_keeps_the_seed_seeds_csv_lists_though_ids_are_now_spelt_otherwise(tmp_path, monkeypatch):
    """A class released before ids were case-folded: "Straße" was listed as "straße"; graded now as "strasse",
    the student keeps the seed they were handed."""
    secret = "5eed" * 16
    teacher = tmp_path / "release" / "teacher"
    teacher.mkdir(parents=True)
    old = course.student_seed(secret, "ada") + 1          # any seed other than today's recomputed one
    (teacher / "seeds.csv").write_text(f"student,seed\nada,{course.student_seed(secret, 'ada')}\nstraße,{old}\n",
                                       encoding="utf-8")
    seen, drawn = {}, {}
    real = grade.grade_student

    def spy(student, found, specs, timeout, secret_, seed=None, draw=None):
        seen[student] = seed
        drawn[student] = draw
        return real(student, found, specs, timeout, secret_, seed, draw)

    monkeypatch.setattr(grade, "grade_student", spy)
    subs = _class(tmp_path, STRASSE=RIGHT)
    _grade(tmp_path, subs, secret=secret, release=tmp_path / "release")
    assert seen == {"strasse": old}
    # a seeds.csv without a draw column (a release before issue 48): the capstone is judged on the seed, the
    # draw that release wrote in the report cell
    assert drawn == {"strasse": None}
