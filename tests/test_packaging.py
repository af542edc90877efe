"""Set-up files tell the truth: environment.yml, offline rules, an importable package."""

import pathlib
import re
import subprocess
import sys
import tomllib

import pytest
import yaml
from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parents[1]


def pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def conda_specs():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    specs, pip_lines = {}, []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_lines += dep.get("pip", [])
            continue
        m = re.match(r"^([A-Za-z0-9_.-]+)\s*(.*)$", dep)
        specs[m.group(1).lower()] = m.group(2).replace(" ", "")
    return specs, pip_lines


def test_environment_yml_names_every_runtime_dependency():
    specs, pip_lines = conda_specs()
    for line in pyproject()["project"]["dependencies"]:
        req = Requirement(line)
        name = req.name.lower()
        assert name in specs, f"environment.yml lacks {name}, a runtime dependency in pyproject.toml"
        # Nothing contradictory: the same lower bound, or none.
        assert specs[name] in ("", str(req.specifier)), (name, specs[name], str(req.specifier))
    assert "jupyterlab" in specs and "pip" in specs
    assert any(line.strip() in ("-e .", ".") for line in pip_lines), "environment.yml must pip-install teachkit itself"


def test_environment_python_matches_requires_python():
    specs, _ = conda_specs()
    assert specs["python"] == pyproject()["project"]["requires-python"]


def test_constraints_pin_every_dependency():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if "==" in line:
            name, version = line.split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    project = pyproject()["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    for line in wanted:
        req = Requirement(line)
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"constraints.txt does not pin {name}"
        assert req.specifier.contains(pins[name], prereleases=True), (name, pins[name], str(req.specifier))


def test_nothing_downloads_or_reads_the_source_folder():
    forbidden = [re.compile(r"nltk\.download\s*\("), re.compile(r"\.\./" + "shared"), re.compile(r"/work/" + "shared")]
    files = [p for d in ("teachkit", "notebooks", "tests", "benchmarks", "tools") for p in (ROOT / d).rglob("*")
             if p.suffix in (".py", ".ipynb") and ".ipynb_checkpoints" not in p.parts]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        for pattern in forbidden:
            assert not pattern.search(text), f"{path.relative_to(ROOT)} matches {pattern.pattern}"


def test_teachkit_imports_without_optional_libraries():
    # The core needs numpy and scipy only; notebook helpers import the rest lazily.
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in {'matplotlib', 'ipywidgets', 'gensim', 'nltk', 'networkx', 'IPython',\n"
        "                                   'tokenizers', 'safetensors'}:\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import teachkit as tk\n"
        "c = tk.CooccurrenceCounts.from_documents(['a b', 'a c'])\n"
        "print(round(tk.topic_coherence(['a', 'b', 'c'], c).mean, 6))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "-0.333333"
    # ... and the embedding model, asked for without its libraries, says what to install
    asked = subprocess.run([sys.executable, "-c", code.replace("print(round(", "(round(") +
                            "from teachkit.semantic.minilm import encode\nencode(['machine'])\n"],
                           capture_output=True, text=True, timeout=120)
    assert asked.returncode != 0 and "pip install tokenizers safetensors" in asked.stderr, asked.stderr[-2000:]


def test_the_package_ships_every_teachkit_module_and_no_developer_tool():
    packages = pyproject()["tool"]["setuptools"]["packages"]
    on_disk = sorted(str(p.parent.relative_to(ROOT)).replace("/", ".")
                     for p in (ROOT / "teachkit").rglob("__init__.py"))
    assert sorted(packages) == on_disk, f"pyproject's packages {packages} differ from the packages on disk {on_disk}"
    assert not any(p.split(".")[0] == "tools" for p in packages)
    for path in (ROOT / "teachkit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) tools\b", text, re.M), f"{path.relative_to(ROOT)} imports tools/"


def test_import_teachkit_loads_no_heavy_library_and_no_example_data():
    """import teachkit loads numpy and its own formulas only: scipy, gensim, networkx, matplotlib and
    ipywidgets load when a function needs them, and the documents' catalogue (teachkit.documents.catalogue,
    teachkit.documents.check) when it is first used.  (A module-set check, not a timing: timings belong to
    make bench.)"""
    import subprocess
    import sys

    code = ("import sys, teachkit\n"
            "heavy = ['numpy', 'scipy', 'gensim', 'networkx', 'matplotlib', 'ipywidgets', 'IPython', 'nltk',"
            " 'teachkit.counts.counting', 'teachkit.documents.catalogue', 'teachkit.documents.check']\n"
            "print(sorted(m for m in heavy if m in sys.modules))\n"
            "teachkit.finding('001-eq2-pmi'); from teachkit.documents.catalogue import PERPLEXITY_TRAINING\n"
            "print('teachkit.documents.catalogue' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]", out[0]
    assert out[1] == "True"                        # and they load when asked for


def test_names_load_on_first_use_and_functions_keep_their_module_names():
    """Every name in teachkit.__all__ resolves; tk.pmi, tk.perplexity and tk.pagerank stay the functions even
    when their modules are imported first (importing a submodule sets the package's attribute of its name);
    counting known words (words=) needs no scipy."""
    code = ("import sys\n"
            "import teachkit.counts.association, teachkit.lm.metrics, teachkit.semantic.centrality\n"
            "import teachkit.coherence.topic_npmi\n"
            "import teachkit as tk\n"
            "print([type(getattr(tk, n)).__name__ for n in ('pmi', 'perplexity', 'pagerank')])\n"
            "c = tk.CooccurrenceCounts.from_documents([['a', 'b'], ['a']], window=2, words=['a', 'b'])\n"
            "print(c.count('a'), c.count('a', 'b'), 'scipy' in sys.modules)\n"
            "from teachkit import *\n"
            "print(all(hasattr(tk, n) for n in tk.__all__), callable(topic_coherence), coherence.__name__,"
            " lm.ngram.__name__)\n")
    assert python_prints(code)[:3] == ["['function', 'function', 'function']", "2 1 False",
                                       "True True teachkit.coherence teachkit.lm.ngram"]


def python_prints(code):
    """The lines a fresh Python prints running ``code``."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split("\n")


#: ``teachkit.__all__`` at 821fc22, before the metrics moved into subject subpackages (issue 38), written out.
ALL_BEFORE_THE_SUBPACKAGES = [
    'BigramLM', 'BigramRow', 'CoherencePerTopic', 'CoherenceReport', 'CooccurrenceCounts', 'Discrimination',
    'DiscriminationRatio', 'Distinctiveness', 'EPSILON', 'Evaluation', 'Feedback', 'Finding',
    'HeldOutPerplexity', 'HumanRatings', 'IntrusionQuiz', 'IntrusionTask', 'MEASURES', 'NeuralLM', 'NgramLM',
    'PPMIMatrix', 'PageRank', 'PairScore', 'PlantedTopics', 'RatedTopic', 'SMOOTHING_CONVENTIONS',
    'SemanticCoherence', 'SemanticDiversity', 'SpearmanInterval', 'SweepTable', 'TopicCoherence',
    'UnknownWordError', 'Vocabulary', 'WordVectors', 'ZERO_CONVENTIONS', 'ZeroProbabilityWarning', 'answer_box',
    'bits_per_byte', 'bootstrap_spearman', 'bootstrap_winner', 'build_index', 'check_answer', 'check_documents',
    'cohens_d', 'coherence_from_pairs', 'coherence_per_topic', 'cosine_similarity_matrix', 'count_on_dask',
    'cross_entropy', 'discrimination_ratio', 'distinctiveness', 'evaluate_topics', 'finding',
    'heldout_perplexity', 'hit_rates', 'intruded_topics', 'intrusion_quiz', 'intrusion_tasks', 'inverted_rbo',
    'k_sweep', 'lee_background', 'load_human_ratings', 'mean_norm_from_cosines', 'model_score', 'nltk_corpus',
    'normalize_token', 'npmi', 'npmi_from_counts', 'npmi_rater', 'open_index', 'pagerank', 'perplexity',
    'planted_topics', 'pmi', 'ppmi_matrix', 'ppmi_svd', 'probabilities_from_counts', 'random_topics',
    'rank_average', 'rank_biased_overlap', 'roc_auc', 'scorable_keywords', 'score_pair', 'semantic_coherence',
    'semantic_diversity', 'sentence_transformer_vectors', 'solution', 'spearman', 'split_documents', 'tokenize',
    'topic_coherence', 'topic_diversity', 'topic_vector', 'agreement', 'association', 'centrality', 'coherence',
    'corpora', 'counting', 'course', 'dask_counts', 'discrimination', 'disk_index', 'diversity', 'documents',
    'embeddings', 'gensim_compat', 'human_ratings', 'intrusion', 'lm_metrics', 'measures', 'model_selection',
    'neural_lm', 'ngram', 'semantic', 'text'
]
#: The module names of that list and the module each is now.  No old name is kept as an alias (a name has one
#: meaning): ``tk.coherence`` and ``tk.semantic`` are now the subpackages, the other old names are gone.
MODULES_NOW = {
    "counting": "counts.counting", "disk_index": "counts.disk_index", "dask_counts": "counts.dask_counts",
    "association": "counts.association", "gensim_compat": "counts.gensim_compat",
    "coherence": "coherence.topic_npmi", "measures": "coherence.measures", "diversity": "coherence.diversity",
    "ngram": "lm.ngram", "lm_metrics": "lm.metrics", "neural_lm": "lm.neural",
    "semantic": "semantic.metrics", "centrality": "semantic.centrality", "embeddings": "semantic.embeddings",
    "model_selection": "evaluation.model_selection", "agreement": "evaluation.agreement",
    "discrimination": "evaluation.discrimination", "human_ratings": "evaluation.human_ratings",
    "intrusion": "evaluation.intrusion",
    "text": "text", "corpora": "corpora", "course": "course", "documents": "documents",
}


def test_every_name_of_the_old_all_still_resolves():
    """Every public name of 821fc22's ``tk.__all__`` is still ``tk.name``, and is the object its module defines;
    every module of that list is still importable, at its new path."""
    import importlib
    import types

    import teachkit as tk

    assert set(ALL_BEFORE_THE_SUBPACKAGES) - set(MODULES_NOW) - set(tk._REMOVED) <= set(tk.__all__)
    for name in tk._REMOVED:
        # deprecated in 0.1.0, removed in 0.2.0 (CHANGELOG): the error says what to read instead
        assert name not in tk.__all__
        with pytest.raises(AttributeError, match="removed in teachkit 0.2.0.*ALL_ZERO_CONVENTIONS"):
            getattr(tk, name)
        with pytest.raises(AttributeError, match="ALL_ZERO_CONVENTIONS"):
            getattr(importlib.import_module(f"teachkit.{tk._REMOVED[name]}"), name)
    for name in ALL_BEFORE_THE_SUBPACKAGES:
        if name in tk._REMOVED:
            continue
        if name in MODULES_NOW:
            module = importlib.import_module(f"teachkit.{MODULES_NOW[name]}")
            assert module.__name__ == f"teachkit.{MODULES_NOW[name]}"
            # the old attribute is gone or is the subpackage of that name, never a stale module
            now = getattr(tk, name, None)
            assert now is None or (isinstance(now, types.ModuleType) and now.__name__ == f"teachkit.{name}"), name
            continue
        value = getattr(tk, name)
        origin = importlib.import_module(f"teachkit.{tk._ORIGIN[name]}")
        assert value is getattr(origin, name), name
        assert not isinstance(value, types.ModuleType), name


def test_each_subpackage_says_what_it_holds_and_loads_its_modules_on_first_use():
    """Each subject subpackage's docstring names every module in it, one line each, and ``tk.lm.ngram`` works
    without importing it first; importing the subpackage itself loads none of them."""
    code = ("import sys, teachkit as tk\n"
            "packages = ['counts', 'coherence', 'lm', 'semantic', 'evaluation']\n"
            "import teachkit.counts, teachkit.coherence, teachkit.lm, teachkit.semantic, teachkit.evaluation\n"
            "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.split('.')[1] in packages))\n"
            "print(tk.lm.ngram.__name__, 'numpy' in sys.modules)\n")
    assert python_prints(code)[:2] == ["[]", "teachkit.lm.ngram True"]
    import importlib

    for package in ("counts", "coherence", "lm", "semantic", "evaluation"):
        folder = ROOT / "teachkit" / package
        doc = importlib.import_module(f"teachkit.{package}").__doc__
        modules = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
        listed = sorted(re.findall(rf"^\* :mod:`teachkit\.{package}\.(\w+)`", doc, re.M))
        assert listed == modules, (package, listed, modules)


def test_the_package_says_it_is_typed():
    """PEP 561: a py.typed marker in the package, shipped as package data, so mypy reads teachkit's annotations."""
    import tomllib

    assert (ROOT / "teachkit" / "py.typed").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert "py.typed" in data["teachkit"]
