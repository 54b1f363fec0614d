"""The rules as a spaCy component, ``chronomem_relations_v1``: it sets ``doc._.cm_rels`` (candidate
relations), ``doc._.cm_hints`` (corrections that need the session) and ``doc._.cm_mentions`` (names
and pronouns, in text order) from :func:`chronomem.extract.rules.engine.doc_relations`."""

from __future__ import annotations

import logging

from spacy.language import Language
from spacy.tokens import Doc

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.mentions import doc_mentions
from chronomem.extract.parse.repairs import repair_tags
from chronomem.extract.rules import engine as sentences

log = logging.getLogger(__name__)
RELATIONS_PIPE = "chronomem_relations_v1"


class RelationExtractor:
    """Filters and rules over each sentence: see :mod:`chronomem.extract.rules.engine` and :mod:`chronomem.extract.rules.registry`."""

    def __init__(self, nlp: Language, name: str, raise_errors: bool = False) -> None:
        self.name = name
        self.raise_errors = raise_errors

    def __call__(self, doc: Doc) -> Doc:
        doc._.cm_rels, doc._.cm_hints, doc._.cm_mentions = [], [], []
        if not len(doc):
            return doc
        try:
            repair_tags(doc)
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
    RELATIONS_PIPE,
    default_config={"raise_errors": False},
    assigns=["doc._.cm_rels", "doc._.cm_hints", "doc._.cm_mentions"],
    requires=["token.dep", "token.lemma", "token.tag", "doc.ents", "doc.sents", "doc._.cm_terms"],
)
def make_relation_extractor(nlp: Language, name: str, raise_errors: bool) -> RelationExtractor:
    return RelationExtractor(nlp, name, raise_errors)

