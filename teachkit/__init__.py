"""teachkit: the helper package behind the course on evaluating NLP and topic models.

One module per concept:

* :mod:`teachkit.text`            tokenize, normalize_token
* :mod:`teachkit.counting`        CooccurrenceCounts (window counts)
* :mod:`teachkit.disk_index`      build_index, open_index (window counts on disk, memory-mapped)
* :mod:`teachkit.dask_counts`     count_on_dask (window counts on a Dask cluster; optional extra teachkit[dask])
* :mod:`teachkit.pmi`             pmi, npmi, npmi_from_counts
* :mod:`teachkit.coherence`       score_pair, topic_coherence, model_score, evaluate_topics
* :mod:`teachkit.measures`        coherence_per_topic (u_mass, c_uci, c_npmi, c_v) and their building blocks
* :mod:`teachkit.diversity`       topic_diversity, rank_biased_overlap, inverted_rbo
* :mod:`teachkit.perplexity`      BigramLM, perplexity, cross_entropy
* :mod:`teachkit.ngram`           NgramLM (orders 1-4; add-α, Jelinek-Mercer, Kneser-Ney)
* :mod:`teachkit.neural_lm`       NeuralLM (a fixed-context neural LM), Evaluation, bits_per_byte
* :mod:`teachkit.semantic`        pagerank, semantic_coherence, distinctiveness, semantic_diversity
* :mod:`teachkit.pagerank`        PageRank and pagerank themselves (semantic re-exports them)
* :mod:`teachkit.embeddings`      WordVectors, ppmi_svd, sentence_transformer_vectors
* :mod:`teachkit.discrimination`  roc_auc, cohens_d, discrimination_ratio
* :mod:`teachkit.corpora`         lee_background, planted_topics, nltk_corpus
* :mod:`teachkit.model_selection` k_sweep (criteria per K and seed), heldout_perplexity (gensim's bound named)
* :mod:`teachkit.agreement`       spearman, bootstrap_spearman, bootstrap_winner
* :mod:`teachkit.human_ratings`   load_human_ratings (Hoyle et al. 2021's judgements, shipped)
* :mod:`teachkit.intrusion`       intrusion_tasks, hit_rates, npmi_rater, intrusion_quiz
* :mod:`teachkit.worked`, :mod:`teachkit.check`   the documents' printed numbers and their verdicts
* :mod:`teachkit.selfcheck`       check_answer, answer_box, solution
* :mod:`teachkit.widgets`         explorer (sliders with a static fallback)
* :mod:`teachkit.notebooks`       setup_course (what each notebook calls first)
* :mod:`teachkit.exercises`       the exercises of every notebook: ask, reveal, check_function
* :mod:`teachkit.precision`       reading a written number, comparing at its precision

Where a function and its module share a name (``teachkit.pmi``,
``teachkit.perplexity``, ``teachkit.pagerank``), the attribute is the function;
reach the module's other names with ``from teachkit.perplexity import SEED_TRAINING``.

``import teachkit`` imports none of these modules (nor numpy, scipy or gensim): each public name loads
its module the first time it is used, so the import itself takes a few milliseconds.
"""

import importlib as _importlib
import sys as _sys
import types as _types

__version__ = "0.1.0"

# Every public name and the module it comes from.  Nothing is imported until a name is first used
# (PEP 562), so ``import teachkit`` costs milliseconds and loads neither numpy nor scipy; ``tk.X`` and
# ``from teachkit import X`` import X's module then, and keep X here.
_EXPORTS = {
    "text": "normalize_token tokenize",
    "counting": "CooccurrenceCounts",
    "disk_index": "build_index open_index",
    "dask_counts": "count_on_dask",
    "pmi": "SMOOTHING_CONVENTIONS npmi npmi_from_counts pmi probabilities_from_counts",
    "coherence": "CoherenceReport PairScore TopicCoherence UnknownWordError coherence_from_pairs evaluate_topics "
                 "model_score score_pair scorable_keywords topic_coherence",
    "measures": "MEASURES ZERO_CONVENTIONS CoherencePerTopic coherence_per_topic",
    "diversity": "inverted_rbo rank_biased_overlap topic_diversity",
    "perplexity": "BigramLM BigramRow Vocabulary ZeroProbabilityWarning cross_entropy perplexity",
    "ngram": "NgramLM",
    "neural_lm": "Evaluation NeuralLM bits_per_byte",
    "semantic": "Distinctiveness PageRank SemanticCoherence SemanticDiversity cosine_similarity_matrix "
                "distinctiveness mean_norm_from_cosines pagerank semantic_coherence semantic_diversity topic_vector",
    "embeddings": "PPMIMatrix WordVectors ppmi_matrix ppmi_svd sentence_transformer_vectors",
    "selfcheck": "Feedback answer_box check_answer solution",
    "discrimination": "Discrimination DiscriminationRatio cohens_d discrimination_ratio intruded_topics "
                      "random_topics roc_auc",
    "corpora": "PlantedTopics lee_background nltk_corpus planted_topics",
    "model_selection": "HeldOutPerplexity SweepTable heldout_perplexity k_sweep split_documents",
    "agreement": "SpearmanInterval bootstrap_spearman bootstrap_winner rank_average spearman",
    "human_ratings": "HumanRatings RatedTopic load_human_ratings",
    "intrusion": "IntrusionQuiz IntrusionTask hit_rates intrusion_quiz intrusion_tasks npmi_rater",
    # the documents' catalogue and its checker
    "check": "Finding check_documents finding",
}
_ORIGIN = {name: module for module, names in _EXPORTS.items() for name in names.split()}
# The package's modules, reachable as attributes too (tk.measures, tk.counting, ...).
_MODULES = frozenset(
    "agreement check coherence corpora counting dask_counts discrimination disk_index diversity embeddings "
    "exercises human_ratings intrusion measures model_selection neural_lm ngram notebooks pagerank perplexity pmi "
    "precision selfcheck semantic text widgets worked".split())
# Where a function and its module share a name, the attribute is the function.
_SHADOWED = frozenset(name for name in _ORIGIN if name in _MODULES)

__all__ = sorted(_ORIGIN) + sorted(_MODULES - _SHADOWED)


def __getattr__(name):
    if name in _ORIGIN:
        value = getattr(_importlib.import_module(f"{__name__}.{_ORIGIN[name]}"), name)
    elif name in _MODULES:
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


class _Package(_types.ModuleType):
    """teachkit itself: importing teachkit.pmi (or .perplexity, .pagerank) sets the package's attribute of
    that name to the module; here it is left to the function of the same name, as the docs promise."""

    def __setattr__(self, name, value):
        if name in _SHADOWED and isinstance(value, _types.ModuleType):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
