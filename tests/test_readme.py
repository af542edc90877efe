"""README's own example runs as written and prints the number its comment states, which gensim confirms."""

import contextlib
import io
import pathlib
import re

import pytest
from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel

import teachkit as tk

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def example():
    text = README.read_text(encoding="utf-8")
    section = text.split("## teachkit in three lines", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_three_line_example_prints_the_value_its_comment_states():
    code = example()
    stated = re.search(r"#\s*(-?\d+\.\d+)…", code).group(1)          # "0.483…"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {})
    printed = float(out.getvalue().strip())
    assert printed == pytest.approx(float(stated), abs=10 ** -len(stated.split(".")[1]))
    assert str(printed).startswith(stated)

    # Independently: gensim's c_npmi at document level (a window longer than every
    # document), on the same tokens and topic; all 15 pairs co-occur, so gensim's
    # eps = 1e-12 moves the mean by far less than the printed precision.
    texts = tk.lee_background()
    topic = re.search(r"topic_coherence\((\[.*?\])", code).group(1)
    topic = eval(topic, {})                                             # a literal list of words
    model = CoherenceModel(topics=[topic], texts=texts, dictionary=Dictionary(texts), coherence="c_npmi",
                           window_size=max(map(len, texts)) + 1, topn=len(topic), processes=1)
    assert printed == pytest.approx(model.get_coherence_per_topic()[0], abs=1e-9)
