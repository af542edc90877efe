"""teachkit: the helper package behind the course on evaluating NLP and topic models.

Three rooms, one per product:

**The metrics** (one subpackage per subject, one module per concept; none imports the course or the documents):

* :mod:`teachkit.text`      tokenize, normalize_token
* :mod:`teachkit.corpora`   lee_background, planted_topics, nltk_corpus
* :mod:`teachkit.counts`    counting and association: CooccurrenceCounts (window counts, in memory, on disk
  or on a Dask cluster), pmi, npmi, npmi_from_counts, probabilities_from_counts, gensim's conventions
* :mod:`teachkit.coherence` the coherence measures: score_pair, topic_coherence, evaluate_topics,
  coherence_per_topic and MEASURES (u_mass, c_uci, c_npmi, c_a, c_v); topic_diversity, rank_biased_overlap
* :mod:`teachkit.lm`        language models: NgramLM (orders 1-4), its smoothing methods, BigramLM,
  perplexity, cross_entropy; NeuralLM (a fixed-context neural LM), Evaluation, bits_per_byte
* :mod:`teachkit.semantic`  semantic metrics: semantic_coherence, distinctiveness, semantic_diversity;
  PageRank, pagerank; WordVectors, ppmi_svd, sentence_transformer_vectors
* :mod:`teachkit.evaluation` model choice and agreement: k_sweep, heldout_perplexity, spearman,
  bootstrap_spearman, roc_auc, cohens_d, discrimination_ratio, load_human_ratings, intrusion_tasks,
  topic_log_odds; purity, normalized_mutual_info, adjusted_rand_index, four_books; krippendorff_alpha,
  split_half_reliability; paired_permutation_test, bootstrap_difference, seed_comparison, holm; frex,
  relevance, saliency; match_topics, stability_over_k; exact_log_likelihood and the held-out likelihood
  estimators (left_to_right, importance_sampling, harmonic_mean); griffiths_2004, cao_juan_2009, arun_2010,
  deveaud_2014

Each subpackage's docstring lists its modules (``help(teachkit.lm)``).

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
from collections.abc import Callable

__version__ = "0.2.0"

# Every public name and the module it comes from.  Nothing is imported until a name is first used
# (PEP 562), so ``import teachkit`` costs milliseconds and loads neither numpy nor scipy; ``tk.X`` and
# ``from teachkit import X`` import X's module then, and keep X here.
_EXPORTS = {
    "text": "normalize_token tokenize",
    "counts.counting": "CooccurrenceCounts",
    "counts.disk_index": "build_index open_index",
    "counts.dask_counts": "count_on_dask",
    "counts.association": "DEFAULT_EPSILON EPSILON npmi npmi_from_counts pmi "
                          "probabilities_from_counts",
    "coherence.topic_npmi": "CoherenceReport PairScore TopicCoherence UnknownWordError coherence_from_pairs "
                      "evaluate_topics model_score score_pair topic_coherence",
    "coherence.measures": "MEASURES REGISTRY ZERO_CONVENTIONS CoherencePerTopic coherence_per_topic scorable_keywords",
    "coherence.diversity": "inverted_rbo rank_biased_overlap topic_diversity",
    "lm.vocabulary": "Vocabulary",
    "lm.evaluation": "LogLoss ZeroProbabilityWarning",
    "lm.metrics": "cross_entropy perplexity",
    "lm.ngram": "NgramLM",
    "lm.bigram": "BigramLM BigramRow",
    "lm.neural": "Evaluation NeuralLM bits_per_byte",
    "lm.kneser_ney": "ModifiedKneserNey modified_kneser_ney_discounts",
    "lm.backoff": "BackoffKneserNey Katz",
    "lm.good_turing": "SimpleGoodTuring simple_good_turing",
    "lm.arpa": "ArpaLM read_arpa write_arpa",
    "lm.compare": "CrossEntropyDifference bootstrap_cross_entropy_difference cross_entropy_difference "
                  "one_vocabulary",
    "semantic.metrics": "Distinctiveness SemanticCoherence SemanticDiversity cosine_similarity_matrix "
                        "distinctiveness embedding_coherence mean_norm_from_cosines semantic_coherence "
                        "semantic_diversity topic_vector",
    "semantic.centrality": "PageRank pagerank",
    "semantic.embeddings": "PPMIMatrix WordVectors ppmi_matrix ppmi_svd sentence_transformer_vectors",
    "semantic.minilm": "MiniLM minilm_vectors",
    "evaluation.discrimination": "Discrimination DiscriminationRatio cohens_d discrimination_ratio intruded_topics "
                                 "random_topics roc_auc",
    "corpora": "PlantedTopics lee_background nltk_corpus planted_topics",
    "evaluation.model_selection": "HeldOutPerplexity SweepTable heldout_perplexity k_sweep split_documents",
    "evaluation.agreement": "SpearmanDifference SpearmanInterval bootstrap_spearman bootstrap_spearman_difference "
                            "bootstrap_winner rank_average spearman",
    "evaluation.human_ratings": "HumanRatings RatedTopic load_human_ratings",
    "evaluation.intrusion": "IntrusionTask TopicIntrusionTask hit_rates intrusion_tasks model_precision npmi_rater "
                            "topic_intrusion_tasks topic_log_odds",
    "evaluation.labels": "LabelAgreement adjusted_mutual_info adjusted_rand_index contingency label_agreement "
                         "normalized_mutual_info purity",
    "evaluation.raters": "SplitHalf krippendorff_alpha spearman_brown split_half_reliability",
    "evaluation.significance": "BootstrapInterval CochranQ McNemar PermutationTest SeedComparison "
                               "benjamini_hochberg bootstrap_difference cochran_q holm mcnemar "
                               "paired_permutation_test seed_comparison",
    "evaluation.topic_words": "exclusivity frex relevance saliency stm_exclusivity top_words topic_proportions "
                              "word_distinctiveness",
    "evaluation.books": "LabelledCorpus four_books",
    "evaluation.stability": "StabilityCurve TopicMatching average_jaccard greene_agreement jaccard "
                            "match_topic_matrices match_topics stability_over_k topic_similarity_matrix",
    "evaluation.heldout_likelihood": "LikelihoodEstimate document_completion exact_log_likelihood harmonic_mean "
                                     "importance_sampling left_to_right log_likelihood_given_theta",
    "evaluation.k_criteria": "arun_2010 cao_juan_2009 deveaud_2014 gibbs_log_likelihood griffiths_2004",
    # the course: answer checking a student calls by hand
    "course.selfcheck": "Feedback answer_box check_answer solution",
    "course.intrusion_quiz": "IntrusionQuiz intrusion_quiz",
    # the documents' audit
    "documents.check": "Finding check_documents finding",
}
_ORIGIN = {name: module for module, names in _EXPORTS.items() for name in names.split()}
# Names removed in 0.2.0 (deprecated in 0.1.0): tk.name raises the AttributeError of its module, which names
# what replaced it.
_REMOVED = {"SMOOTHING_CONVENTIONS": "counts.association"}
# The package's modules and subpackages, reachable as attributes too (tk.lm, tk.course, ...); a subpackage's
# modules load on first use as well (tk.lm.ngram).
_MODULES = frozenset("coherence corpora counts course documents evaluation lm semantic text".split())
# No module shares its name with a public function: tk.pmi is always the function.
assert not _MODULES & set(_ORIGIN), "a module's name must not hide a public function"

__all__ = sorted(_ORIGIN) + sorted(_MODULES)


def __getattr__(name):
    if name in _ORIGIN:
        value = getattr(_importlib.import_module(f"{__name__}.{_ORIGIN[name]}"), name)
    elif name in _REMOVED:
        return getattr(_importlib.import_module(f"{__name__}.{_REMOVED[name]}"), name)   # raises, naming the successor
    elif name in _MODULES:
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


def _submodules(namespace: dict[str, object], names: str) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A subpackage's ``__getattr__`` and ``__dir__`` (``namespace`` is its ``globals()``): its modules, named
    in ``names``, are imported on first use, so ``tk.lm.ngram`` works without ``import teachkit.lm.ngram``."""
    package, modules = namespace["__name__"], frozenset(names.split())

    def getattr_(name: str) -> object:
        if name not in modules:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return _importlib.import_module(f"{package}.{name}")    # the import sets the package's attribute

    def dir_() -> list[str]:
        return sorted(set(namespace) | modules)

    return getattr_, dir_
