"""Rules for event nouns and career verbs that biographies and third-person news use:
"X's marriage to Y ended in 2014", "my divorce from Y was finalized", "played for Leeds United",
"signed with Udinese", "was employed by Washington State University".
"""

from __future__ import annotations

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import Rel
from chronomem.extract.lexicon import UNIONS
from chronomem.extract.rules.base import employment, persons
from chronomem.extract.rules.people.kin import possessor
from chronomem.extract.rules.verbs.couples import end_things, marital


def play(frame: Frame) -> list[Rel]:
    """"played for Leeds United": a club or team someone is on is their employer."""
    orgs = [t for t in frame.prep("for") if t.pos_ == "PROPN" or frame.idx.term_at[t.i] is not None]
    return employment(frame, persons(frame), frame.when("state"), orgs, confidence=0.8)


def sign(frame: Frame) -> list[Rel]:
    """"signed with/for Udinese", "signed a contract with Acme": starts a job there."""
    if frame.dobj is not None and not A.is_job_noun(frame.dobj) and frame.dobj.lemma_.lower() not in ("contract", "deal"):
        return []
    orgs = frame.prep("with", "for") + frame.dobj_preps.get("with", []) + frame.dobj_preps.get("for", [])
    orgs = [t for t in orgs if t.pos_ == "PROPN" or frame.idx.term_at[t.i] is not None]
    return employment(frame, persons(frame), frame.when("start"), orgs, roles=frame.prep("as"))


def employ(frame: Frame) -> list[Rel]:
    """"was employed by Washington State University" (passive only: the subject is the employee)."""
    if frame.v.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in frame.v.children):
        return []
    return employment(frame, persons(frame), frame.when("state"), frame.prep("by", "at"), roles=frame.prep("as"))


def union_ended(frame: Frame) -> list[Rel]:
    """"Steve's marriage to Jayne ended in 1954", "my divorce from Rafael was finalized last week"."""
    out: list[Rel] = []
    for noun in frame.subj_toks:
        word = UNIONS.get(noun.lemma_.lower())
        if word is None or (word == "divorced") != (frame.lemma in ("finalize", "finalise")):
            continue
        owner = next((possessor(c, frame.idx) for c in noun.children if c.dep_ == "poss"), None)
        partners = [t for c in noun.children if c.dep_ == "prep" and c.lower_ in ("to", "with", "from")
                    for t in c.children if t.dep_ == "pobj"]
        if owner is None or not partners:
            continue
        out += marital(frame, "divorced", [owner], {"from": partners})
    if not out and frame.lemma == "end":
        return end_things(frame)  # "I ended things with Elena"
    return out
