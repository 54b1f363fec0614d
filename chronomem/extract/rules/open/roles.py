"""Jobs, groups and classes a person takes on: "I lost my job as a banker", "I started a new job as a
nurse", "I joined a choir", "I signed up for a pottery class" (the open rules' readings of them).

Used by :mod:`chronomem.extract.rules.open.clauses`; which verbs and nouns count is data
(``chronomem/data/lexicon/open_clauses.json``).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.phrases import object_phrase
from chronomem.extract.clauses.records import ENTITY, GUESS, OWNED, SPEAKER, Arg, Rel, When, timed
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import OPEN_PREDICATE, phrase_arg, subject_rels
from chronomem.extract.rules.open.phrase_table import unnamed_place


def my_job_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I lost my job as a banker", "I love my job at the clinic": the role and the employer, ended
    when the verb ends the job."""
    dobj = frame.dobj
    if dobj is None or dobj.lemma_.lower() not in L.JOB_NOUNS or not any(
            c.dep_ == "poss" and c.lower_ == "my" for c in dobj.children):
        return []
    ending = frame.lemma in OPEN.job_end_verbs or frame.v.lower_ in OPEN.job_end_verbs  # "Lost" mis-lemmatised
    aspect = "end" if ending else "state"
    when = frame.when(aspect)
    if ending and when is None and frame.status.tense in ("past", "perfect"):
        when = When("end", vague=True)
    if when is None:
        return []
    return [timed(predicate, s_, arg, when, frame.v.i, 0.8) for predicate, arg in _job_args(frame) if arg is not None
            for s_ in subjects]


def joined_group_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I joined a mentorship program", "I joined a choir last year" → MEMBER_OF from then (named
    organisations and teams are the vocabulary rules')."""
    return [r for tok in frame.dobjs if tok.lemma_.lower() in OPEN.group_nouns and tok.pos_ == "NOUN"
            for r in subject_rels(frame, subjects, "MEMBER_OF", phrase_arg(tok, frame.idx), "start", confidence=0.7)]


def belonging_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I'm part of a hiking group", "I'm lucky to be a member of this team", "she's part of the
    choir" → MEMBER_OF now. "It's part of my routine" is no group; named organisations are the
    vocabulary rules'."""
    attr = frame.attr
    if attr is None or attr.lemma_.lower() not in OPEN.belonging_nouns or frame.status.tense not in ("present", "perfect"):
        return []
    out: list[Rel] = []
    mine = all(s_.kind == SPEAKER for s_ in subjects)
    for tok in prep_objects(attr, "of"):
        head = tok.lemma_.lower()
        if tok.pos_ != "NOUN" or not (head in OPEN.group_nouns or head in OPEN.belonging_groups):
            continue
        arg = phrase_arg(tok, frame.idx)
        if arg is None and mine and any(c.dep_ == "det" and c.lower_ in ("this", "that") for c in tok.children):
            words = [c.lower_ for c in tok.children if c.dep_ in ("compound", "amod") and c.i < tok.i]
            arg = Arg(OWNED, tok.i, " ".join([*words, tok.lower_]), "GROUP", GUESS)  # "this team": the speaker's team
        out += subject_rels(frame, subjects, "MEMBER_OF", arg, "state", confidence=0.7)
    return out


def enrolled_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I signed up for a pottery class", "enrolled in a coding bootcamp" → taking it from then;
    "registered for the chess club" → MEMBER_OF from then. A talk or a race signed up for is an event."""
    particle, prep = OPEN.enrol_verbs[frame.lemma]
    if (frame.prt or "") != particle or frame.status.tense not in ("past", "perfect"):
        return []
    out: list[Rel] = []
    for tok in frame.preps.get(prep, []):
        head = tok.lemma_.lower()
        if head in OPEN.class_nouns:
            arg = phrase_arg(tok, frame.idx) or _class_arg(tok, frame.idx)  # "piano lessons": a lesson is abstract alone
            out += subject_rels(frame, subjects, OPEN_PREDICATE, arg, "start", relation="takes")
        elif head in OPEN.group_nouns and tok.pos_ == "NOUN":
            out += subject_rels(frame, subjects, "MEMBER_OF", phrase_arg(tok, frame.idx), "start", confidence=0.7)
    return out


def _class_arg(tok: Token, idx: DocIndex) -> Arg | None:
    """A class named by what it teaches ("piano lessons", "a weekend yoga course"); never a bare "lessons"."""
    phrase = object_phrase(tok, is_time=idx.is_time)
    return Arg(ENTITY, tok.i, phrase, "OTHER", GUESS) if phrase and " " in phrase else None


def new_job_rels(frame: Frame, subjects: list[Arg]) -> list[Rel] | None:
    """"started a new job as a nurse", "got a position at the clinic": HAS_ROLE / WORKS_AT from then."""
    dobj = frame.dobj
    if dobj is None or dobj.lemma_.lower() not in L.JOB_NOUNS:
        return None
    return [r for predicate, arg in _job_args(frame)
            for r in subject_rels(frame, subjects, predicate, arg, "start", confidence=0.8)]


def _job_args(frame: Frame) -> list[tuple[str, Arg | None]]:
    """The role ("as a nurse") and the employer ("at the clinic", "with Acme") a job noun's clause names."""
    out: list[tuple[str, Arg | None]] = []
    for prep, predicate in (("as", "HAS_ROLE"), ("at", "WORKS_AT"), ("with", "WORKS_AT")):
        for tok in frame.dobj_preps.get(prep, []) + frame.preps.get(prep, []):
            arg = phrase_arg(tok, frame.idx) if predicate == "HAS_ROLE" else A.token_org(tok, frame.idx) or (
                unnamed_place(tok, frame.idx, "works at", "WORKS_AT"))  # "my job at the bank"
            if arg is not None and predicate == "HAS_ROLE":
                arg = Arg(ENTITY, arg.i, arg.name, "ROLE", GUESS)
            out.append((predicate, arg))
    return out
