"""Pets arriving and leaving: "I brought home a puppy called Rex", "Muffin, my new rabbit, came
home with me", "I've had my tortoise Kiwi since May", "my parrot Domino passed away", "I had to
rehome my cat Fudge", "I gave my dog Rex to my parents".

A pet is HAS_PET only with a name (design §5): :func:`~chronomem.extract.rules.people.kin.pet_mention` finds
the name next to a pet noun ("my cat Fudge", "Fudge, my cat", "a cat named Fudge") wherever the
parser hung it.
"""

from __future__ import annotations

from chronomem.extract.clauses.args import person_arg
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import Rel
from chronomem.extract.rules.base import persons
from chronomem.extract.rules.people.kin import is_pet_noun, pet_mention, pet_rels

__all__ = ["brought_home", "gave_away", "pet_mention", "pet_rels"]


def died(frame: Frame) -> list[Rel]:
    """"My parrot Domino passed away on June 5", "Clementine, my dog, died in February"."""
    if frame.lemma == "pass" and not any(c.lower_ == "away" for c in frame.v.children):
        return []
    when = frame.when("end")
    toks = [t for s in frame.subj_toks for t in (s, *(c for c in s.children if c.dep_ == "appos"))]
    for tok in frame.subj_toks:  # "My roommate Samuel's dog Button" hangs the pet under an apposition
        toks += [g for c in tok.children if c.dep_ == "appos" for g in c.children if g.dep_ == "appos"]
    out: list[Rel] = []
    for tok in toks:
        out += pet_rels(frame, tok, when) if not out else []
    return out


def rehomed(frame: Frame) -> list[Rel]:
    """"I had to rehome my cat Fudge", "I lost my dog Maple in 2021"."""
    return [r for tok in frame.dobjs for r in pet_rels(frame, tok, frame.when("end"), persons(frame))]


def gave_away(frame: Frame) -> list[Rel]:
    """"I gave my parrot Clementine to my parents", "Jake gave his hamster Pretzel away"."""
    if not (frame.prt == "away" or any(c.lower_ == "away" for c in frame.v.children) or frame.prep("to")):
        return []
    toks = frame.dobjs + [c for c in frame.v.children if c.dep_ == "dative" and is_pet_noun(c)]
    return [r for tok in toks for r in pet_rels(frame, tok, frame.when("end"), persons(frame))]


def brought_home(frame: Frame) -> list[Rel]:
    """"Last week, I brought home a dog called Clementine"."""
    if not any(c.lower_ == "home" for c in frame.v.children):
        return []
    toks = frame.dobjs + [c for c in frame.v.children if c.dep_ in ("npadvmod", "advmod") and is_pet_noun(c)]
    return [r for tok in toks for r in pet_rels(frame, tok, frame.when("start"), persons(frame))]


def came_home(frame: Frame) -> list[Rel]:
    """"Muffin, my new rabbit, came home with me on March 5"."""
    if not any(c.lower_ == "home" for c in frame.v.children):
        return []
    owners = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("with")) if a is not None]
    when = frame.when("start")
    return [r for tok in frame.subj_toks for r in pet_rels(frame, tok, when, owners)]
