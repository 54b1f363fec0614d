"""Custom spaCy components, registered under versioned names.

* ``chronomem_gazetteer_v1`` finds gazetteer names (with versions: "Postgres 14") and sets
  ``doc._.cm_terms``.
* ``chronomem_relations_v1`` runs the filters and rules on each sentence and sets
  ``doc._.cm_rels`` (candidate relations), ``doc._.cm_hints`` (corrections that need the
  session) and ``doc._.cm_mentions`` (names and pronouns, in text order).

Both work on one doc without context; the extractor resolves speakers, pronouns and times
per session. A changed behaviour gets a new versioned name (house rule 8).
"""

from __future__ import annotations

import logging
import re

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from chronomem.extract import lexicon as L
from chronomem.extract import sentences
from chronomem.extract.args import NAME_LABELS, DocIndex, clean_name, first_name_gender, pronoun_arg, valid_name
from chronomem.extract.gazetteer import Gazetteer
from chronomem.extract.hygiene import is_not_a_name, is_vocative, strip_interjections
from chronomem.extract.records import ENTITY, GAZETTEER, NER, THERE, UNNAMED, Arg, Term
from chronomem.timeexpr.words import MONTH_WORDS, QUANTITY_UNITS

log = logging.getLogger(__name__)
EXTENSIONS = ("cm_terms", "cm_rels", "cm_hints", "cm_mentions")
_VERSION = re.compile(r"^v?\d{1,4}(?:\.\d{1,4}){0,3}$")


def register_extensions() -> None:
    for name in EXTENSIONS:
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=None)


register_extensions()


class GazetteerMatcher:
    """Phrase matching for gazetteer names: case-insensitive, or exact case for word-like names."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name
        self.nlp = nlp
        self.gazetteer: Gazetteer | None = None
        self._loose = PhraseMatcher(nlp.vocab, attr="LOWER")
        self._exact = PhraseMatcher(nlp.vocab, attr="ORTH")

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
        spans: list[Span] = []
        for match_id, start, end in self._loose(doc):
            spans.append(Span(doc, start, end, label=strings[match_id]))
        for match_id, start, end in self._exact(doc):
            first = doc[start]
            if first.is_sent_start and first.tag_.startswith("VB") and end - start == 1:
                continue  # "Go to bed", "Rust forms…": a sentence-initial verb, not the name
            spans.append(Span(doc, start, end, label=strings[match_id]))
        terms = []
        for span in sorted(filter_spans(spans), key=lambda s: s.start):
            entry = gz.entries[span.label_]
            if entry.type == "PLACE" and _inside_longer_name(doc, span):
                continue  # "FC Nantes", "SK Sturm Graz", "Basil Sydney", "Newcastle United"
            end, name = span.end, entry.name
            version = doc[end].text.rstrip(".") if end < len(doc) else ""
            if entry.type == "TOOL" and _VERSION.match(version) and not _date_number(doc, end):
                unit = doc[end + 1].lower_ if end + 1 < len(doc) else ""
                if unit not in QUANTITY_UNITS:
                    name = f"{entry.name} {version.lstrip('v')}"
                    end += 1
            terms.append(Term(span.start, end, name, entry.type, entry.aliases if name == entry.name else (), entry.employer))
        doc._.cm_terms = terms
        return doc


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
    return any(t is not None and t.pos_ == "PROPN" and t.ent_type_ not in ("DATE", "TIME") for t in (before, after))


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
    return nxt in MONTH_WORDS or nxt in ("th", "st", "nd", "rd", "am", "pm", "o'clock", "of")


@Language.factory("chronomem_gazetteer_v1", assigns=["doc._.cm_terms"], requires=["token.tag", "token.is_sent_start"])
def make_gazetteer_matcher(nlp: Language, name: str) -> GazetteerMatcher:
    """Gazetteer names; call ``set_gazetteer`` on the component before use."""
    return GazetteerMatcher(nlp, name)


def doc_mentions(doc: Doc, idx: DocIndex) -> list[Arg]:
    """Names (gazetteer, NER) and pronouns of a doc in text order."""
    out: list[Arg] = [Arg(ENTITY, t.start, t.name, t.type, GAZETTEER, aliases=t.aliases) for t in doc._.cm_terms or ()]
    vetoed: set[int] = set()
    for ent in doc.ents:
        kind = NAME_LABELS.get(ent.label_)
        if kind == "OTHER" and ent.label_ == "NORP" and first_name_gender(ent.text):
            kind = "PERSON"
        if kind is None or kind == "OTHER" or len(ent) > 6 or any(idx.term_at[i] is not None for i in range(ent.start, ent.end)):
            continue
        place = ent.label_ in ("GPE", "LOC", "FAC")  # places keep their names ("Nice", "Hello Bay")
        span = ent if place else strip_interjections(ent)  # "Congrats Mia", "Yep Sam"
        if not len(span) or (not place and is_not_a_name(span)):
            vetoed.update(range(ent.start, ent.end))
            continue
        name = clean_name(span.text)
        if not valid_name(name) or not (name[0].isupper() or name[0].isdigit()) or name.lower() in L.ROLE_HEADS:
            continue
        if ent.root.pos_ == "PRON" or name.lower() in L.FIRST_PLURAL or (len(name) <= 2 and name.isupper()):
            continue  # pronouns, and two-letter acronyms NER guesses at ("CI" as a place)
        out.append(Arg(ENTITY, span.start, name, kind, NER, gender=first_name_gender(name), label=ent.label_))
    seen = {i for a in out for i in range(a.i, a.i + len(a.name.split()))} | vetoed
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.i not in seen and first_name_gender(tok.text) and not is_vocative(doc[tok.i:tok.i + 1]):
            out.append(Arg(ENTITY, tok.i, tok.text, "PERSON", NER, gender=first_name_gender(tok.text)))
            continue  # a known first name NER missed or mislabelled ("Priya" as NORP)
        low = tok.lower_
        if low in L.FIRST_SINGULAR or low in L.FIRST_PLURAL or low in L.THIRD_PERSON:
            if tok.pos_ == "PRON" or low in ("i", "me", "my", "we", "us", "our"):
                arg = pronoun_arg(tok)
                if arg is not None:
                    out.append(arg)
        elif low == "there" and tok.dep_ == "advmod":
            out.append(Arg(THERE, tok.i))
        elif tok.pos_ == "NOUN" and (low in L.KIN or low in L.PERSON_NOUNS) and not _has_name(tok) \
                and not _describes_subject(tok):
            out.append(Arg(UNNAMED, tok.i, gender=L.KIN.get(low, ("", L.PERSON_NOUNS.get(low, "")))[1]))
    out.sort(key=lambda a: a.i)
    return out


def _has_name(tok) -> bool:
    """"my sister Emma", "Emma, my sister", "my dog Rex": the noun comes with a name."""
    if any(c.pos_ == "PROPN" and c.dep_ in ("appos", "compound", "npadvmod") for c in tok.children):
        return True
    if any(c.dep_ == "acl" and c.lemma_ in ("name", "call") for c in tok.children):
        return True
    if tok.dep_ in ("appos", "compound", "amod", "attr") and tok.head.pos_ == "PROPN":
        return True
    if tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.pos_ == "PROPN" for c in tok.head.children):
        return True
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.pos_ == "PROPN"


def _describes_subject(tok) -> bool:
    """"He is an engineering manager", "she's my manager": a copula's predicate noun says who its
    pronoun subject is; it brings in no other person for a later "he" or "she" to mean."""
    return tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ in L.THIRD_PERSON for c in tok.head.children)


class RelationExtractor:
    """Filters and rules over each sentence: see :mod:`chronomem.extract.sentences` and :mod:`chronomem.extract.registry`."""

    def __init__(self, nlp: Language, name: str, raise_errors: bool = False) -> None:
        self.name = name
        self.raise_errors = raise_errors

    def __call__(self, doc: Doc) -> Doc:
        doc._.cm_rels, doc._.cm_hints, doc._.cm_mentions = [], [], []
        if not len(doc):
            return doc
        try:
            idx = DocIndex(doc)
            doc._.cm_mentions = doc_mentions(doc, idx)
            doc._.cm_rels, doc._.cm_hints = sentences.doc_relations(doc, idx)
        except Exception:  # a rule failing on odd text must not stop an ingest of thousands of sessions
            if self.raise_errors:
                raise
            log.warning("chronomem: relation rules failed on a turn (%d chars); it yields no facts", len(doc.text),
                        exc_info=True)
            doc._.cm_rels, doc._.cm_hints = [], []
        return doc


@Language.factory(
    "chronomem_relations_v1",
    default_config={"raise_errors": False},
    assigns=["doc._.cm_rels", "doc._.cm_hints", "doc._.cm_mentions"],
    requires=["token.dep", "token.lemma", "token.tag", "doc.ents", "doc.sents", "doc._.cm_terms"],
)
def make_relation_extractor(nlp: Language, name: str, raise_errors: bool) -> RelationExtractor:
    return RelationExtractor(nlp, name, raise_errors)

