"""Goals and wishes a person states: "I want to open a dance studio", "I'm hoping to get into local
politics", "I wanna start a podcast" → RELATED_TO {"relation": "wants to open"} "dance studio".

A wish is a lasting fact about the person (what they are working towards), unlike a plan for a
day ("I want to grab lunch": a momentary verb) or a move the vocabulary rules read as a plan ("I
want to move to Lisbon"). Not: a wish denied, asked, hedged or put in a modal ("I'd want to",
"maybe I want to"), nor one for someone else ("I want you to meet Sam"). Which verbs carry a
wish is data (``wish_verbs`` in ``chronomem/data/lexicon/open_clauses.json``).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import Arg, Rel, holds
from chronomem.extract.clauses.stance import negated
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import OPEN_PREDICATE, clause_objects, phrase_arg

__all__ = ["goal_rels"]


def goal_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """The goal in the clause under a wish verb (empty when ``frame`` is not such a clause)."""
    wish = _wish_verb(frame.v, frame.hedged)
    if wish is None:
        return []
    lemma = frame.lemma
    if lemma == "be":
        return []  # "I want to be brave for my family": a wish about oneself, not a goal with an object
    start = OPEN.start_particles.get(lemma)
    beginning = bool(start) and (frame.prt == start or start in frame.preps)  # "I hope to get into politics"
    if lemma in OPEN.vocabulary_verbs or (lemma in OPEN.transient_verbs or lemma in OPEN.momentary_verbs) and not beginning:
        return []  # "I want to move to Lisbon" is the vocabulary rules' plan; "I want to grab lunch" is no goal
    if negated(frame.v) or frame.v.i in frame.hedged:
        return []  # "I want to not …", "I want to open a shop someday"
    relation = f"{OPEN.wish_verbs[_lemma(wish)]} {lemma}" + (f" {frame.prt}" if frame.prt else "")
    targets = [(t, relation) for t in clause_objects(frame) if t.pos_ != "VERB"]
    if not targets:
        targets = [(t, f"{relation} {prep}") for prep, toks in frame.preps.items() if prep not in OPEN.non_object_preps
                   for t in toks if not frame.idx.is_time(t)][:1]
    out = []
    for tok, rel in targets:
        arg = phrase_arg(tok, frame.idx)
        if arg is not None:
            out += [holds(OPEN_PREDICATE, s, arg, frame.v.i, 0.6, {"relation": rel})
                    for s in subjects]
    return out


def _wish_verb(v: Token, hedged: frozenset[int]) -> Token | None:
    """The present-tense wish verb ``v`` is the infinitive of ("want to", "hoping to"), stated plainly."""
    head = v.head
    if v.dep_ != "xcomp" or head is v or _lemma(head) not in OPEN.wish_verbs or head.i > v.i:
        return None
    if any(c.dep_ in ("dobj", "nsubj") and c.i > head.i for c in head.children):
        return None  # "I want you to meet Sam": someone else's doing
    status = clause_status(head, hedged)
    if status.blocked or status.negated or status.tense not in ("present", "progressive"):
        return None
    return head


def _lemma(tok: Token) -> str:
    """The lemma, with the tagger's slips mended ("hoping" → "hop")."""
    return OPEN.misread_lemmas.get(tok.lower_, tok.lemma_.lower())
