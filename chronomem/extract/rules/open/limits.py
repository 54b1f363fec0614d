"""Lasting limits a person states: "I can't have dairy", "I can't eat shellfish" (a diet, not a refusal).

Used by :mod:`chronomem.extract.rules.open.clauses` before negated clauses are dropped; which verbs and
foods count is data (``diet_verbs`` and ``diet_nouns`` in ``chronomem/data/lexicon/open_clauses.json``).
"""

from __future__ import annotations

from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import Arg, Rel, holds
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import OPEN_CONFIDENCE, OPEN_PREDICATE, phrase_arg

__all__ = ["diet_rels"]


def diet_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I can't have dairy", "she cannot eat gluten or nuts" → RELATED_TO {"relation": "cannot have"}
    the food, as a lasting state; not "I can't have coffee right now" (a moment), "I can't eat
    another bite" (no food named), nor "I didn't eat meat" (no "can")."""
    if not frame.status.negated or frame.status.tense != "present" or frame.lemma not in OPEN.diet_verbs:
        return []
    auxes = [c for c in frame.v.children if c.dep_ == "aux"]
    if [c.lemma_.lower() for c in auxes] != ["can"] or frame.v.dep_ not in ("ROOT", "conj"):
        return []  # only "can" ("I think I can't…", "I might not be able to…" and "if I can't…" say less)
    if any(c.dep_ == "mark" for c in frame.v.children):
        return []
    if any(t.role == "point" for t in frame.times) or any(t.lower_ in ("now", "today", "tonight") for t in frame.v.subtree):
        return []  # "right now", "tonight": a moment
    out = []
    for tok in frame.dobjs:
        foods = [t for t in with_conj(tok) if t.lemma_.lower() in OPEN.diet_nouns or t.lower_ in OPEN.diet_nouns]
        for food in foods:
            arg = phrase_arg(food, frame.idx)
            if arg is not None:
                quals = {"relation": f"cannot {frame.lemma}"}
                out += [holds(OPEN_PREDICATE, s_, arg, frame.v.i, OPEN_CONFIDENCE, quals) for s_ in subjects]
    return out
