"""Custom spaCy components, registered under versioned names.

* ``chronomem_gazetteer_v1`` finds gazetteer names (with versions: "Postgres 14") and sets
  ``doc._.cm_terms``.
  The rules' component, ``chronomem_relations_v1``, is :mod:`chronomem.extract.rules.component`.

Components work on one doc without context; the extractor resolves speakers, pronouns and times
per session. A changed behaviour gets a new versioned name (house rule 8).
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from chronomem.extract import lexicon as L
from chronomem.extract.parse.gazetteer import Gazetteer, Term
from chronomem.timeexpr.words import MONTH_WORDS, QUANTITY_UNITS

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
    return nxt in MONTH_WORDS or nxt in L.DATE_NUMBER_TAILS


@Language.factory("chronomem_gazetteer_v1", assigns=["doc._.cm_terms"], requires=["token.tag", "token.is_sent_start"])
def make_gazetteer_matcher(nlp: Language, name: str) -> GazetteerMatcher:
    """Gazetteer names; call ``set_gazetteer`` on the component before use."""
    return GazetteerMatcher(nlp, name)
