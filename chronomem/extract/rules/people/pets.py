"""Pets arriving and leaving: "My parrot Domino passed away on June 5", "I lost my dog Maple in 2021", "I brought
home a dog called Clementine" (the pet and its name found by :func:`~chronomem.extract.rules.people.kin.pet_rels`).

A pet said by its name alone as it leaves ("Pepper passed away last week") is owned by whoever the session said had
it: the relation's owner is a ``LAST`` argument the resolver fills in
(:mod:`chronomem.extract.resolution.gone_pets`), and it says nothing of a name the session never said was a pet.
"""

from __future__ import annotations

from collections.abc import Sequence

from chronomem.extract.clauses import tree
from chronomem.extract.clauses.args import name_arg, person_arg
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, LAST, Arg, Rel, timed
from chronomem.extract.rules.base import persons
from chronomem.extract.rules.people.kin import pet_rels


def died(frame: Frame) -> list[Rel]:
    """"My parrot Domino passed away on June 5", "Clementine, my dog, died in February"."""
    if frame.lemma == "pass" and not any(c.lower_ == "away" for c in frame.v.children):
        return []
    when = frame.when("end")
    toks = [t for s in frame.subj_toks for t in (s, *(c for c in s.children if c.dep_ == "appos"))]
    for tok in frame.subj_toks:  # "My roommate Samuel's dog Button" hangs the pet under an apposition
        toks += [g for c in tok.children if c.dep_ == "appos" for g in c.children if g.dep_ == "appos"]
    return next((rels for tok in toks if (rels := pet_rels(frame, tok, when))), []) or [
        timed("HAS_PET", Arg(LAST, name="HAS_PET"), named, when, frame.v.i, 0.8) for tok in frame.subj_toks[:1]
        if when is not None and tok.pos_ == "PROPN" and (named := name_arg(tok, frame.idx)) is not None
        and named.kind == ENTITY and named.strength < GAZETTEER]  # "Pepper passed away": whose pet the session knows


def objects_pets(frame: Frame, *, aspect: str, deps: Sequence[str] = ()) -> list[Rel]:
    """The pets the verb's objects (and its pet nouns of ``deps``) name, owned by the subjects, from then or
    (``aspect`` "end") no more: "I had to rehome my cat Fudge", "I lost my dog Maple in 2021"; with "dative", "I
    gave my parrot Clementine to my parents", "Jake gave his hamster Pretzel away" (the gate:
    :func:`~chronomem.extract.rules.verbs.roles.give_up`)."""
    toks = frame.dobjs + [c for c in frame.v.children if c.dep_ in deps and tree.is_pet_noun(c)]
    return [r for tok in toks for r in pet_rels(frame, tok, frame.when(aspect), persons(frame))]


def came_home(frame: Frame) -> list[Rel]:
    """"Muffin, my new rabbit, came home with me on March 5", "Last week, I brought home a dog called Clementine"."""
    if not any(c.lower_ == "home" for c in frame.v.children):
        return []
    if frame.lemma == "bring":
        return objects_pets(frame, aspect="start", deps=("npadvmod", "advmod"))
    owners = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("with")) if a is not None]
    when = frame.when("start")
    return [r for tok in frame.subj_toks for r in pet_rels(frame, tok, when, owners)]
