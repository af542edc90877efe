"""teachkit: the helper package behind the course on evaluating NLP and topic models.

Three rooms, one per product:

**The metrics** (``teachkit/``, one module per concept; none imports the course or the documents):

* :mod:`teachkit.text`            tokenize, normalize_token
* :mod:`teachkit.counting`        CooccurrenceCounts (window counts)
* :mod:`teachkit.disk_index`      build_index, open_index (window counts on disk, memory-mapped)
* :mod:`teachkit.dask_counts`     count_on_dask (window counts on a Dask cluster; optional extra teachkit[dask])
* :mod:`teachkit.association`     pmi, npmi, npmi_from_counts, probabilities_from_counts
* :mod:`teachkit.coherence`       score_pair, topic_coherence, model_score, evaluate_topics
* :mod:`teachkit.measures`        coherence_per_topic and MEASURES (u_mass, c_uci, c_npmi, c_a, c_v)
* :mod:`teachkit.gensim_compat`   what gensim does differently, reproduced on request
* :mod:`teachkit.diversity`       topic_diversity, rank_biased_overlap, inverted_rbo
* :mod:`teachkit.ngram`           NgramLM (orders 1-4) and its smoothing methods; BigramLM
* :mod:`teachkit.lm_metrics`      perplexity, cross_entropy
* :mod:`teachkit.neural_lm`       NeuralLM (a fixed-context neural LM), Evaluation, bits_per_byte
* :mod:`teachkit.semantic`        semantic_coherence, distinctiveness, semantic_diversity
* :mod:`teachkit.centrality`      PageRank, pagerank
* :mod:`teachkit.embeddings`      WordVectors, ppmi_svd, sentence_transformer_vectors
* :mod:`teachkit.discrimination`  roc_auc, cohens_d, discrimination_ratio
* :mod:`teachkit.corpora`         lee_background, planted_topics, nltk_corpus
* :mod:`teachkit.model_selection` k_sweep (criteria per K and seed), heldout_perplexity (gensim's bound named)
* :mod:`teachkit.agreement`       spearman, bootstrap_spearman, bootstrap_winner
* :mod:`teachkit.human_ratings`   load_human_ratings (Hoyle et al. 2021's judgements, shipped)
* :mod:`teachkit.intrusion`       intrusion_tasks, hit_rates, npmi_rater

**The course** (:mod:`teachkit.course`): exercises (ask, reveal, check_function), self-check
(check_answer, answer_box, solution), widgets (explorer), reading a written number at its precision, and
setup_course.

**The documents' audit** (:mod:`teachkit.documents`): the four source documents' printed numbers as data
(``teachkit/data/documents.json``), their recomputation and verdicts (check_documents, finding), and
``teachkit check``.

``import teachkit`` imports none of these modules (nor numpy, scipy or gensim): each public name loads
its module the first time it is used, so the import itself takes a few milliseconds.
"""

import importlib as _importlib

__version__ = "0.1.0"

# Every public name and the module it comes from.  Nothing is imported until a name is first used
# (PEP 562), so ``import teachkit`` costs milliseconds and loads neither numpy nor scipy; ``tk.X`` and
# ``from teachkit import X`` import X's module then, and keep X here.
_EXPORTS = {
    "text": "normalize_token tokenize",
    "counting": "CooccurrenceCounts",
    "disk_index": "build_index open_index",
    "dask_counts": "count_on_dask",
    "association": "EPSILON SMOOTHING_CONVENTIONS npmi npmi_from_counts pmi probabilities_from_counts",
    "coherence": "CoherenceReport PairScore TopicCoherence UnknownWordError coherence_from_pairs evaluate_topics "
                 "model_score score_pair topic_coherence",
    "measures": "MEASURES ZERO_CONVENTIONS CoherencePerTopic coherence_per_topic scorable_keywords",
    "diversity": "inverted_rbo rank_biased_overlap topic_diversity",
    "lm_metrics": "ZeroProbabilityWarning cross_entropy perplexity",
    "ngram": "BigramLM BigramRow NgramLM Vocabulary",
    "neural_lm": "Evaluation NeuralLM bits_per_byte",
    "lm.kneser_ney": "ModifiedKneserNey modified_kneser_ney_discounts",
    "lm.backoff": "BackoffKneserNey Katz",
    "lm.good_turing": "SimpleGoodTuring simple_good_turing",
    "lm.arpa": "ArpaLM read_arpa write_arpa",
    "lm.compare": "CrossEntropyDifference bootstrap_cross_entropy_difference cross_entropy_difference",
    "semantic": "Distinctiveness SemanticCoherence SemanticDiversity cosine_similarity_matrix "
                "distinctiveness mean_norm_from_cosines semantic_coherence semantic_diversity topic_vector",
    "centrality": "PageRank pagerank",
    "embeddings": "PPMIMatrix WordVectors ppmi_matrix ppmi_svd sentence_transformer_vectors",
    "discrimination": "Discrimination DiscriminationRatio cohens_d discrimination_ratio intruded_topics "
                      "random_topics roc_auc",
    "corpora": "PlantedTopics lee_background nltk_corpus planted_topics",
    "model_selection": "HeldOutPerplexity SweepTable heldout_perplexity k_sweep split_documents",
    "agreement": "SpearmanInterval bootstrap_spearman bootstrap_winner rank_average spearman",
    "human_ratings": "HumanRatings RatedTopic load_human_ratings",
    "intrusion": "IntrusionTask hit_rates intrusion_tasks npmi_rater",
    # the course: answer checking a student calls by hand
    "course.selfcheck": "Feedback answer_box check_answer solution",
    "course.intrusion_quiz": "IntrusionQuiz intrusion_quiz",
    # the documents' audit
    "documents.check": "Finding check_documents finding",
}
_ORIGIN = {name: module for module, names in _EXPORTS.items() for name in names.split()}
# The package's modules and rooms, reachable as attributes too (tk.measures, tk.course, ...).
_MODULES = frozenset(
    "agreement association centrality coherence corpora counting course dask_counts discrimination disk_index "
    "diversity documents embeddings gensim_compat human_ratings intrusion lm_metrics measures model_selection "
    "neural_lm ngram semantic text".split())
# No module shares its name with a public function: tk.pmi is always the function.
assert not _MODULES & set(_ORIGIN), "a module's name must not hide a public function"

__all__ = sorted(_ORIGIN) + sorted(_MODULES)


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
