"""teachkit: the helper package behind the course on evaluating NLP and topic models.

One module per concept:

* :mod:`teachkit.text`            tokenize, normalize_token
* :mod:`teachkit.counting`        CooccurrenceCounts (window counts)
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
"""

from .text import normalize_token, tokenize
from .counting import CooccurrenceCounts
from .pmi import SMOOTHING_CONVENTIONS, npmi, npmi_from_counts, pmi, probabilities_from_counts
from .coherence import (
    CoherenceReport, PairScore, TopicCoherence, UnknownWordError,
    coherence_from_pairs, evaluate_topics, model_score, score_pair, scorable_keywords, topic_coherence,
)
# -- coherence measures and diversity exports --
from . import diversity, measures
from .measures import MEASURES, ZERO_CONVENTIONS, CoherencePerTopic, coherence_per_topic
from .diversity import inverted_rbo, rank_biased_overlap, topic_diversity
# -- perplexity exports --
from .perplexity import BigramLM, BigramRow, Vocabulary, ZeroProbabilityWarning, cross_entropy, perplexity
# -- ngram exports --
from . import ngram
from .ngram import NgramLM
# -- neural language model exports --
from . import neural_lm
from .neural_lm import Evaluation, NeuralLM, bits_per_byte
# -- semantic exports --
from . import embeddings, semantic
from .semantic import (
    Distinctiveness, PageRank, SemanticCoherence, SemanticDiversity,
    cosine_similarity_matrix, distinctiveness, mean_norm_from_cosines, pagerank, semantic_coherence,
    semantic_diversity, topic_vector,
)
from .embeddings import PPMIMatrix, WordVectors, ppmi_matrix, ppmi_svd, sentence_transformer_vectors
# -- worked-examples exports --
from . import selfcheck
from .selfcheck import Feedback, answer_box, check_answer, solution
# -- discrimination exports --
from . import discrimination
from .discrimination import (
    Discrimination, DiscriminationRatio, cohens_d, discrimination_ratio, intruded_topics, random_topics, roc_auc,
)
# -- corpora exports --
from .corpora import PlantedTopics, lee_background, nltk_corpus, planted_topics
# -- model-choice exports (notebook 09) --
from .model_selection import HeldOutPerplexity, SweepTable, heldout_perplexity, k_sweep, split_documents
from .agreement import SpearmanInterval, bootstrap_spearman, bootstrap_winner, rank_average, spearman
from .human_ratings import HumanRatings, RatedTopic, load_human_ratings
from .intrusion import IntrusionQuiz, IntrusionTask, hit_rates, intrusion_quiz, intrusion_tasks, npmi_rater

__version__ = "0.1.0"


# The documents' catalogue and its checker (teachkit.worked, teachkit.check) load when first used
# (tk.finding, tk.check_documents, tk.check...): import teachkit stays quick, and no formula needs them.
_LAZY = {"check": ("check", None), "worked": ("worked", None), "Finding": ("check", "Finding"),
         "check_documents": ("check", "check_documents"), "finding": ("check", "finding")}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        loaded = importlib.import_module(f"{__name__}.{module}")
        return loaded if attribute is None else getattr(loaded, attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
