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
    # reader x3 (09b): an answered task is locked, the first answer counts and the rate does not move
    assert buttons.disabled
    with pytest.raises(ValueError, match="task 1 is already answered .* the first answer counts"):
        quiz.answer(1, quiz.tasks[1].intruder)
    with pytest.raises(ValueError, match="task 0 is already answered"):
        quiz.answer(0, quiz.tasks[0].words[0])
    assert quiz.answers[1] == wrong and quiz.hits()[1] == 0.5


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


# ----------------------------------------------------- model precision and topic intrusion (Chang et al. 2009)
import math  # noqa: E402

from teachkit import TopicIntrusionTask, model_precision, topic_intrusion_tasks, topic_log_odds  # noqa: E402


def test_model_precision_by_hand():
    tasks = [IntrusionTask(0, ("a", "b", "x"), "x", 1), IntrusionTask(1, ("c", "d", "y"), "y", 0),
             IntrusionTask(2, ("e", "f", "z"), "z", 0)]
    mp = model_precision(tasks, [["x", "c", None], ["X", "y", None], ["a", None, None]])
    assert mp[:2].tolist() == [2 / 3, 1 / 2] and mp[2] != mp[2]      # task 2: nobody answered
    # One reader's model precision is that reader's hit per task.
    assert model_precision(tasks, [["x", "c", "z"]]).tolist() == hit_rates(tasks, ["x", "c", "z"])[0].tolist()
    with pytest.raises(ValueError, match=r"answers_by_rater\[1\] has 2 answers for 3 tasks"):
        model_precision(tasks, [["x", "c", "z"], ["x", "c"]])
    with pytest.raises(ValueError, match="not one of the words shown"):
        model_precision(tasks, [["q", None, None]])


THETA = [[0.50, 0.30, 0.15, 0.04, 0.01],
         [0.02, 0.03, 0.05, 0.40, 0.50],
         [0.10, 0.35, 0.05, 0.30, 0.20]]


@pytest.mark.parametrize("seed", range(8))
def test_topic_intrusion_tasks_show_the_top_topics_and_a_low_one(seed):
    tasks = topic_intrusion_tasks(THETA, n_topics=3, pool=2, seed=seed)
    assert tasks == topic_intrusion_tasks(THETA, n_topics=3, pool=2, seed=seed)
    tops = [{0, 1, 2}, {4, 3, 2}, {1, 3, 4}]
    lows = [{3, 4}, {0, 1}, {0, 2}]
    for d, task in enumerate(tasks):
        assert task.document == d and len(task.topics) == 4
        assert set(task.topics) == tops[d] | {task.intruder} and task.intruder in lows[d]


def test_topic_intrusion_tasks_vary_with_the_seed_and_pick_documents():
    draws = {tuple((t.topics, t.intruder) for t in topic_intrusion_tasks(THETA, pool=2, seed=s)) for s in range(10)}
    assert len(draws) > 1
    assert [t.document for t in topic_intrusion_tasks(THETA, documents=[2, 0])] == [2, 0]


def test_topic_log_odds_by_hand():
    task = TopicIntrusionTask(0, (1, 4, 0, 2), 4)
    # Readers pick 4 (the intruder: 0), 1 (log .01 - log .3) and 0 (log .01 - log .5).
    tlo = topic_log_odds([task], THETA, [[4], [1], [0]])
    assert tlo[0] == pytest.approx((0 + math.log(0.01 / 0.3) + math.log(0.01 / 0.5)) / 3)
    assert topic_log_odds([task], THETA, [[4], [None]]).tolist() == [0.0]
    assert topic_log_odds([task], THETA, [[None]])[0] != topic_log_odds([task], THETA, [[None]])[0]  # NaN
    assert task.is_hit(4) and not task.is_hit(1)


def test_topic_intrusion_bad_input():
    with pytest.raises(ValueError, match="row 0 of doc_topic sums to 1.5"):
        topic_intrusion_tasks([[1.0, 0.5, 0.0]])
    with pytest.raises(ValueError, match="leaves no topic to be the intruder"):
        topic_intrusion_tasks(THETA, n_topics=5)
    with pytest.raises(ValueError, match="pool = 3 is more than the 2 topics not shown"):
        topic_intrusion_tasks(THETA, pool=3)
    task = TopicIntrusionTask(0, (1, 4, 0, 2), 4)
    with pytest.raises(ValueError, match="topic 3 was not shown"):
        topic_log_odds([task], THETA, [[3]])
    with pytest.raises(TypeError, match="must be a topic number"):
        topic_log_odds([task], THETA, [["4"]])
    with pytest.raises(ValueError, match="probability 0"):
        topic_log_odds([task], [[0.5, 0.3, 0.2, 0.0, 0.0]], [[4]])


def test_topic_intrusion_as_a_clickable_quiz_with_a_static_fallback():
    task = TopicIntrusionTask(0, (1, 4, 0, 2), 4)
    names = {k: f"T{k}: " + " ".join(TOPICS[k % 3][:3]) + f" {k}" for k in range(5)}
    quiz = intrusion_quiz([IntrusionTask(task.document, tuple(names[k] for k in task.topics), names[task.intruder],
                                         task.intruder)], title="Passage 1", what="topic")
    text = quiz._repr_mimebundle_()["text/plain"]
    # reader t6 (12): the hint says the label is typed whole, with an example; the error says "topic"
    assert "Which topic does not belong?" in text and "this quiz's answer(number, topic)" in text
    assert f"typed in full as shown (e.g. '{names[task.topics[0]]}')" in text
    with pytest.raises(ValueError, match=r"word \(the topic you pick\) must be one of task 0's topics"):
        quiz.answer(0, "T0")
    assert all(names[k] in text for k in task.topics)
    buttons, feedback = quiz.widget().children[1].children
    buttons.value = names[1]                                   # a click on a probable topic: a miss
    picked = [int(quiz.answers[0].split(":")[0][1:])]
    assert picked == [1] and "intruder was" in feedback.value
    assert topic_log_odds([task], THETA, [picked])[0] == pytest.approx(math.log(0.01 / 0.3))
    with pytest.raises(ValueError, match="what must be 'word'"):
        intrusion_quiz(intrusion_tasks(TOPICS, n_words=4), what="document")


def test_the_npmi_reader_answers_every_task_even_with_unseen_words():
    # notebook 12 (agreement-19) scores its three word choices with the NPMI reader: every task must get an
    # answer (hit_rates then has no NaN), also when no pair of its words meets or when two words tie.
    # (The check stood as an assert in the lesson; it is a property of npmi_rater, tested here.)
    import numpy as np

    docs = [["fire", "smoke", "blaze"], ["fire", "smoke"], ["wicket", "runs"], ["gaza"], ["peace"], ["sharon"]]
    counts = CooccurrenceCounts.from_documents(docs)
    tasks = [IntrusionTask(0, ("fire", "smoke", "blaze", "wicket"), "wicket", 1),
             IntrusionTask(1, ("wicket", "runs", "smoke", "blaze"), "smoke", 0),       # two pairs: a tie
             IntrusionTask(2, ("gaza", "peace", "sharon", "fire"), "fire", 0)]         # no pair meets at all
    answers = [npmi_rater(t, counts) for t in tasks]
    assert all(a in t.words for a, t in zip(answers, tasks))
    found, rate = hit_rates(tasks, answers)
    assert not np.isnan(found).any() and answers[0] == "wicket" and 0 <= rate <= 1


def test_09b1_names_a_way_to_rerun_a_cut_failing_input():
    # reader x3: the failing input of 09b.1 is cut in the message; the message says how to get it whole
    from teachkit.course import exercises

    verdict = exercises.check_function("09b.1", lambda x, y: 0.0)
    assert not verdict.correct and "characters)" in verdict.message, verdict.message
    i = int(verdict.message.split("on input ")[1].split(" of")[0])
    assert f"get('09b.1').cases()[{i - 1}]" in verdict.message
    case = exercises.get("09b.1").cases()[i - 1]
    assert f"x={case['x'][:2]!r}"[:-1] in verdict.message           # the case named is the one that failed
