"""Goals and lasting limits a person states: "I want to open a dance studio" → RELATED_TO {"relation": "wants
to open"} "dance studio"; "I can't have dairy" → RELATED_TO {"relation": "cannot have"} "dairy" (a diet).

A wish is what a person works towards, not a plan for a day ("I want to grab lunch") nor a move ("I want to
move to Lisbon": the vocabulary rules'); not denied, asked, hedged, modal ("I'd want to") or for someone else
("I want you to meet Sam"). A goal weighed aloud is one too: "I'm considering opening a bakery" → {"relation":
"is considering opening"} "bakery", "I'm thinking of working with refugees". Words: ``wish_verbs``,
``weighing_verbs``, ``diet_verbs``, ``diet_nouns`` (``open_clauses.json``).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import Arg, Rel, holds
from chronomem.extract.clauses.stance import negated
from chronomem.extract.clauses.tree import word_or_lemma_in
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import OPEN_CONFIDENCE, OPEN_PREDICATE, clause_objects, phrase_arg


def goal_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """The goal in the clause under a wish verb (empty when ``frame`` is not such a clause)."""
    if (wish := _wish_verb(frame.v, frame.hedged)) is None:
        return []
    weighing = OPEN.weighing_verbs.get(_lemma(wish))
    lemma = frame.lemma
    if lemma == "be":
        return []  # "I want to be brave for my family": a wish about oneself, not a goal with an object
    start = OPEN.start_particles.get(lemma)
    beginning = bool(start) and (frame.prt == start or start in frame.preps)  # "I hope to get into politics"
    if lemma in OPEN.vocabulary_verbs or (lemma in OPEN.transient_verbs or lemma in OPEN.momentary_verbs) and not beginning:
        return []  # "I want to move to Lisbon" is the vocabulary rules' plan; "I want to grab lunch" is no goal
    if negated(frame.v) or frame.v.i in frame.hedged:
        return []  # "I want to not …", "I want to open a shop someday"
    if _lemma(wish) in OPEN.decision_verbs and any(c.dep_ == "dative" for c in frame.v.children):
        return []  # "I've decided to offer you the job": a thing done for someone, no goal held
    verb = f"{weighing[0]} {frame.v.lower_}" if weighing else f"{OPEN.wish_verbs[_lemma(wish)]} {lemma}"
    relation = verb + (f" {frame.prt}" if frame.prt else "")
    targets = [(t, relation) for t in clause_objects(frame) if t.pos_ != "VERB"]
    if not targets:
        targets = [(t, f"{relation} {prep}") for prep, toks in frame.preps.items() if prep not in OPEN.non_object_preps
                   for t in toks if not frame.idx.is_time(t)][:1]
    return [holds(OPEN_PREDICATE, s, arg, frame.v.i, 0.6, {"relation": rel}) for tok, rel in targets
            if (arg := phrase_arg(tok, frame.idx)) is not None for s in subjects]


def _wish_verb(v: Token, hedged: frozenset[int]) -> Token | None:
    """The present-tense wish verb ``v`` is the infinitive of ("want to", "hoping to"), or the weighing verb
    the gerund ``v`` is the goal of ("considering opening", "thinking of working"), stated plainly."""
    if (head := _weighing_verb(v)) is None:
        head = v.head
        if v.dep_ != "xcomp" or head is v or _lemma(head) not in OPEN.wish_verbs or head.i > v.i:
            return None
    if any(c.dep_ in ("dobj", "nsubj") and c.i > head.i for c in head.children):
        return None  # "I want you to meet Sam": someone else's doing
    status = clause_status(head, hedged)
    lemma = _lemma(head)
    tenses = ("past", "perfect") if lemma in OPEN.decision_verbs else ("present", "progressive", "perfect_progressive") \
        if lemma in OPEN.weighing_verbs else ("present", "progressive")
    if status.blocked or status.negated or status.tense not in tenses:
        return None  # "I've been thinking about …" still weighs; "I was thinking of …" no longer
    return head


def _weighing_verb(v: Token) -> Token | None:
    """The weighing verb, itself in the -ing form, of the gerund ``v``: "considering opening", "thinking
    of/about working" (``weighing_verbs``); not "I think of it as …"."""
    if v.tag_ != "VBG":
        return None
    prep = v.head if v.dep_ == "pcomp" else None
    head = prep.head if prep is not None else v.head if v.dep_ == "xcomp" else None
    if head is None or head.tag_ != "VBG" or head.i > v.i or (row := OPEN.weighing_verbs.get(_lemma(head))) is None:
        return None
    return head if (prep.lower_ if prep is not None else "") in row[1] or (prep is None and not row[1]) else None


def _lemma(tok: Token) -> str:
    """The lemma, with the tagger's slips mended ("hoping" → "hop")."""
    return OPEN.misread_lemmas.get(tok.lower_, tok.lemma_.lower())


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
    foods = [t for tok in frame.dobjs for t in with_conj(tok) if word_or_lemma_in(t, OPEN.diet_nouns)]
    quals = {"relation": f"cannot {frame.lemma}"}
    return [holds(OPEN_PREDICATE, s_, arg, frame.v.i, OPEN_CONFIDENCE, quals) for food in foods
            if (arg := phrase_arg(food, frame.idx)) is not None for s_ in subjects]
