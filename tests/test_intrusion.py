"""Word-intrusion tasks: deterministic, intruders from other topics, hits scored by hand, widget and fallback."""

import pytest

from teachkit import CooccurrenceCounts
from teachkit.course.intrusion_quiz import IntrusionQuiz, intrusion_quiz
from teachkit.evaluation.intrusion import IntrusionTask, hit_rates, intrusion_tasks, npmi_rater

TOPICS = [
    ["fire", "smoke", "blaze", "firefighters", "homes", "bushfire"],
    ["cricket", "wicket", "test", "bowler", "runs", "innings"],
    ["israel", "palestinian", "arafat", "gaza", "peace", "sharon"],
]


def test_same_seed_same_tasks_other_seed_other_tasks():
    assert intrusion_tasks(TOPICS, n_words=4, seed=3) == intrusion_tasks(TOPICS, n_words=4, seed=3)
    many = {tuple(t.words for t in intrusion_tasks(TOPICS, n_words=4, seed=s)) for s in range(10)}
    assert len(many) > 1


@pytest.mark.parametrize("seed", range(10))
def test_each_task_is_the_topic_top_words_plus_an_outsider(seed):
    for task in intrusion_tasks(TOPICS, n_words=4, seed=seed, candidate_depth=3):
        k = task.topic
        assert sorted(task.words) == sorted(TOPICS[k][:4] + [task.intruder])
        assert task.intruder not in TOPICS[k]
        assert task.source != k and task.intruder in TOPICS[task.source][:3]


def test_hits_by_hand():
    tasks = [IntrusionTask(0, ("a", "b", "x"), "x", 1), IntrusionTask(1, ("c", "d", "y"), "y", 0),
             IntrusionTask(2, ("e", "f", "z"), "z", 0)]
    hits, rate = hit_rates(tasks, {0: "x", 1: "c"})          # one hit, one miss, one skipped
    assert hits[:2].tolist() == [1.0, 0.0] and hits[2] != hits[2]
    assert rate == 0.5
    hits, rate = hit_rates(tasks, ["X ", "y", "z"])           # case and spaces do not matter
    assert rate == 1.0
    with pytest.raises(ValueError, match="not one of the words shown"):
        hit_rates(tasks, {0: "q"})
    with pytest.raises(ValueError, match="no task was answered"):
        hit_rates(tasks, {})
    with pytest.raises(ValueError, match="one per task"):
        hit_rates(tasks, ["x"])


def test_npmi_rater_by_hand():
    # Documents: fire/smoke/blaze meet often; wicket meets fire once.
    docs = [["fire", "smoke", "blaze"], ["fire", "smoke"], ["smoke", "blaze"], ["wicket", "fire"], ["wicket"]]
    counts = CooccurrenceCounts.from_documents(docs)
    task = IntrusionTask(0, ("fire", "smoke", "wicket", "blaze"), "wicket", 1)
    # wicket never meets smoke or blaze (NPMI -1 each) and meets fire: its mean is the lowest.
    assert npmi_rater(task, counts) == "wicket"


def test_quiz_records_answers_and_has_a_static_fallback():
    quiz = intrusion_quiz(intrusion_tasks(TOPICS, n_words=4, seed=0), title="Spot the intruder")
    bundle = quiz._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "Spot the intruder" in bundle["text/plain"] and "quiz.answer" in bundle["text/plain"]
    for task in quiz.tasks:
        assert "  ".join(task.words) in bundle["text/plain"]
    # Clicking a button (setting the toggle's value) records the answer.
    row = quiz.widget().children[1]
    buttons, feedback = row.children
    buttons.value = quiz.tasks[0].intruder
    assert quiz.answers == {0: quiz.tasks[0].intruder} and "found" in feedback.value
    wrong = next(w for w in quiz.tasks[1].words if w != quiz.tasks[1].intruder)
    assert quiz.answer(1, wrong) is False
    hits, rate = quiz.hits()
    assert hits[:2].tolist() == [1.0, 0.0] and rate == 0.5


def test_bad_input():
    with pytest.raises(ValueError, match="at least 2"):
        intrusion_tasks([["a", "b"]], n_words=2)
    with pytest.raises(ValueError, match="smaller n_words"):
        intrusion_tasks([["a", "b"], ["c", "d", "e"]], n_words=3)
    with pytest.raises(ValueError, match="no intruder"):
        intrusion_tasks([["a", "b", "c"], ["a", "b", "c"]], n_words=2)
    with pytest.raises(TypeError, match="seed"):
        intrusion_tasks(TOPICS, seed=1.5)
    with pytest.raises(ValueError, match="repeats a word"):
        intrusion_tasks([["a", "a"], ["b", "c"]], n_words=2)
    with pytest.raises(ValueError, match="tasks is empty"):
        IntrusionQuiz([])
    quiz = intrusion_quiz(intrusion_tasks(TOPICS, n_words=4, seed=0))
    with pytest.raises(ValueError, match="task number"):
        quiz.answer(7, "fire")
