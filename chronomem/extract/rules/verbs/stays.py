"""A job said as a stay at the workplace: "I've been at Microsoft since 2018", "my dad has been at the post
office for thirty years", "she was at Deloitte for six years" (over). Only with a span a job lasts: a
"since" for a named employer, a "for" of months or years for any place of work; not "I've been at the
hospital since Monday", "we were at Starbucks for an hour", nor at a school ("I was at Harvard for four
years": studying or teaching); or a known employer in a stretch now over ("before that I was at Twilio"). A job
said to be at a workplace: "my first job was at Tesco" (over). A home said as a stay: "we've been in Lisbon since
2019", "I've been in Oslo for six years" (a "since" of a year, month or season, or a span of years; not "since Monday").
A stay said as time spent: "I spent three years in Lisbon", "I spent my twenties at Oracle" (over: lived or
worked there; not "a week in Rome", a trip; not at a school). A visit from home: "my mom is visiting from
Manila next week" (she lives there). A passing stay in a town now is a visit that day: "I'm in Denver for work".
A move to a new employer said before it happens: "Kai is heading to Stripe next month", "she is off to Google in
May".
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import GAZETTEER, Arg, Rel, When, timed
from chronomem.extract.clauses.tree import dep_child, prep_objects
from chronomem.extract.lexicon import PEOPLE, ROLES, TIES
from chronomem.extract.rules.base import emit, employment, persons
from chronomem.extract.rules.open.base import place_arg
from chronomem.extract.rules.open.phrase_table import mapped_predicate, unnamed_place
from chronomem.extract.rules.people.kin import owner_word
from chronomem.extract.rules.verbs.couples import long_span
from chronomem.timeexpr.words import MONTHS, SEASONS


def been_at(frame: Frame) -> list[Rel]:
    said = frame.attr is not None or frame.acomp is not None  # (a copula's complement: "I've been a nurse")
    if said or frame.status.tense not in ("perfect", "perfect_progressive", "past") or (
            when := frame.when("state")) is None or not (when.phrase or when.vague):
        return []
    lasted = long_span(frame.v)
    out: list[Rel] = []
    for tok in frame.prep("at"):
        if at_school(tok, frame.idx):
            continue  # "I was at Harvard for four years", "at this school for ten years": studying, or teaching
        named = A.token_org(tok, frame.idx, strict=True, tools=False)
        if named is not None and (lasted or when.role == "since" and when.phrase or frame.status.bygone and known_employer(named)
                                  and all(frame.idx.is_time(t) for t in frame.prep("for"))):  # (not "… for a meeting")
            out += emit(frame, "WORKS_AT", persons(frame, we=False), named, when, confidence=0.8, obj_tok=tok)
        elif named is None and lasted and tok.lemma_.lower() not in L.RELEASING_PLACES:  # a patient, a guest
            place = unnamed_place(tok, frame.idx, "works at", "WORKS_AT")
            out += emit(frame, "WORKS_AT", persons(frame, we=False), place, when, confidence=0.8, obj_tok=tok)
    if frame.status.tense.startswith("perfect") and (lasted or when.role == "since" and _months_or_more(when.phrase)):
        homes = _homes(frame, frame.prep("in"))  # "we've been in Lisbon since 2019"
        out += [r for _, home in homes for r in emit(frame, "LIVES_IN", persons(frame), home, when)]
    return out


def _homes(frame: Frame, toks: list[Token]) -> list[tuple[Token, Arg]]:
    """The places among ``toks`` one lives in (:func:`~chronomem.extract.clauses.accept.classify_destination`)."""
    found = [(t, A.classify_destination(t, frame.idx)) for t in toks]
    return [(t, dest[1]) for t, dest in found if dest is not None and dest[0] == "LIVES_IN"]


def _months_or_more(phrase: str) -> bool:
    """A "since" a home is counted from: a year, a month or a season ("since 2019", "since last March"); not "since
    Monday", "since yesterday" (a trip)."""
    return any(w.isdigit() and len(w) == 4 or w in MONTHS or w in SEASONS for w in phrase.lower().split())


def job_at(frame: Frame) -> list[Rel]:
    """A job said to be at a place of work: "my first job was at Tesco" (over), "Ana's new job is at a bakery" →
    WORKS_AT for whose job it is; not a job wished for ("my dream job would be at Pixar") nor at a school."""
    job = next((t for t in frame.subj_toks if A.is_job_noun(t) and not any(
        c.lower_ in ROLES.hobby_modifiers | {"dream", "ideal", "perfect"} for c in t.children)), None)
    owner = owner_word(job, frame.idx) if job is not None and frame.attr is None else None
    orgs = [t for t in frame.prep("at") if not at_school(t, frame.idx)]
    return employment(frame, [owner], frame.when("state"), orgs, unnamed=True) if owner is not None else []


def still_at(frame: Frame, subjects: list[Arg], when: When | None) -> list[Rel]:
    """A named place one is still at: "I'm still at Lyft" → WORKS_AT (a "person" only by its organisation word:
    "Kestrel Labs"); STUDIES_AT at a school (:func:`at_school`: "Maisie is still at Oakfield Primary"), or for the
    speaker's child anywhere ("my son is still at Oakfield"); an adult relative at a school works there ("my wife
    is still at Dalton High")."""
    out: list[Rel] = []
    kin = [s for s in subjects if s.i >= 0 and {frame.v.doc[s.i].lower_, frame.v.doc[s.i].lemma_.lower()} & L.KIN.keys()]
    child = [s for s in kin if frame.v.doc[s.i].lemma_.lower() in L.OPEN.child_nouns]
    for tok in frame.prep("at"):  # (a child is at a school, whatever NER called its name: "at Oakfield" a town)
        if tok.pos_ != "PROPN" or tok.ent_type_ in ("LOC", "FAC") or tok.ent_type_ == "GPE" and not (
                child and len(child) == len(subjects)):
            continue
        school = at_school(tok, frame.idx)
        org = A.token_org(tok, frame.idx, strict=tok.ent_type_ == "PERSON", tools=False)
        pupils = [s for s in subjects if s in child or school and s not in kin]
        out += emit(frame, "STUDIES_AT", pupils, org, when, obj_tok=tok)
        out += emit(frame, "WORKS_AT", [s for s in subjects if s not in pupils], org, when, obj_tok=tok)
    return out


def for_good(verb: Token) -> bool:
    """"for good", "for keeps" on ``verb``: a stay said to last (``for_good_words``), not "for a week".

    >>> import spacy
    >>> doc = spacy.blank("en")("back for good")
    >>> doc[1].head, doc[2].head = doc[0], doc[1]
    >>> for_good(doc[0])
    True
    """
    return any(c.lower_ == "for" and any(g.lower_ in L.OPEN.for_good_words for g in c.children) for c in verb.children)


def passing(verb: Token) -> bool:
    """A "for" phrase on ``verb`` that makes a stay passing: "still in Paris for the conference", "for a few more
    days" (not the ``still_for_words``: "still in Tacoma for now")."""
    return any(c.lower_ == "for" and c.dep_ == "prep" and not any(
        g.lower_ in L.OPEN.still_for_words for g in c.subtree) for c in verb.children)


def passing_visit(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """In a town now for a reason or a while (:func:`passing`), a visit on the day it is told: "I'm in Denver for
    work", "Currently in Oslo for the week", "still in Paris for the conference"; not for years ("in Tacoma for two
    years"), nor with a time of its own ("in Rome for work next week"), nor a stay wished or denied."""
    status = frame.status
    if status.tense != "present" or status.blocked or status.negated or status.ending or not passing(frame.v) or (
            long_span(frame.v) or any(t.role == "point" for t in frame.times)):
        return []
    towns = [t for t in frame.prep("in") if t.pos_ == "PROPN" and t.ent_type_ == "GPE"][:1]
    when = When("event", prefer="past", fresh=True)
    return [timed("VISITED", s, place_arg(t), when, frame.v.i, 0.7, {"relation": "visited"}) for t in towns for s in subjects]


def known_employer(org: Arg | None) -> bool:
    """An organisation the gazetteer knows that people work at rather than shop at (``shop_names``): enough to read a
    job where the words alone do not say one ("before that I was at Twilio"; not "… at Costco", "… at Acme")."""
    return org is not None and org.strength >= GAZETTEER and org.name not in TIES.shop_names


def at_school(tok: Token, idx: DocIndex) -> bool:
    """A school, named or not: a name with a word of a school in it ("Harvard University", "Massachusetts
    Institute of Technology"), a school known by its name ("MIT", "Ohio State": ``school_names``), or a
    school noun ("this school")."""
    named = A.token_org(tok, idx, strict=True, tools=False)
    term = idx.term_at[tok.i]
    names = [named.name if named is not None else tok.lemma_, *(term.aliases if term is not None else ())]
    return any(name.lower() in L.SCHOOL_NAMES or name.lower().split()[-1] in L.SCHOOL_NAME_WORDS or any(
        mapped_predicate("attends", word) == "STUDIES_AT" for word in name.lower().split()) for name in names if name)


def admitted(frame: Frame) -> list[Rel]:
    """An admission to a school the name says is one (:func:`at_school`): "my nephew got into Oberlin", "I got
    accepted to Juilliard", "she was admitted to Stanford" → STUDIES_AT from then; not "got into trouble", "got
    into yoga", "got into Tom's car" (no school), nor "Stanford accepted Tom" (an active verb)."""
    if frame.lemma != "get" and (frame.v.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in frame.v.children)):
        return []
    toks = frame.prep("into") if frame.lemma == "get" else frame.prep("to", "into")
    schools = [A.token_org(t, frame.idx, tools=False) for t in toks if t.pos_ == "PROPN" and at_school(t, frame.idx)]
    subjects = persons(frame, we=False)  # (the speaker a chat line leaves out too: "Got into Yale!")
    return [r for s in schools for r in emit(frame, "STUDIES_AT", subjects, s, frame.when("start"))]


def spent(frame: Frame) -> list[Rel]:
    """"I spent three years in Lisbon" (lived there), "spent my twenties at Oracle" (worked there): a past
    stay as long as a life's stretch, over now."""
    dobj = dep_child(frame.v, "dobj")  # (a time phrase: no object of the frame)
    if frame.status.tense != "past" or frame.status.blocked or frame.status.negated or dobj is None or (
            dobj.lemma_.lower() not in PEOPLE.couple_spans and dobj.lower_ not in L.OPEN.life_periods):
        return []
    over, subjects = When("end", vague=True), persons(frame, we=False)
    out: list[Rel] = []
    for tok, home in _homes(frame, frame.prep("in") + prep_objects(dobj, "in")):  # ("in" may hang on "my twenties")
        out += emit(frame, "LIVES_IN", subjects, home, over, obj_tok=tok)
    for tok in frame.prep("at") + prep_objects(dobj, "at"):  # (not at a school: "I spent four years at Yale" studied or taught there)
        if not at_school(tok, frame.idx):
            out += emit(frame, "WORKS_AT", subjects, A.token_org(tok, frame.idx, strict=True, tools=False), over, obj_tok=tok)
    return out


def visiting_from(frame: Frame) -> list[Rel]:
    """A visit from where one lives, said before or while it happens: "my mom is visiting from Manila next week",
    "my parents are flying in from Lagos" → LIVES_IN there (now, whenever the visit is); not "I came from Ohio"
    (past: a move, or an origin), "I come from a big family", "back from Lima" (a trip of the subject's own)."""
    if frame.status.tense not in ("progressive", "future") or frame.status.blocked or frame.status.negated or any(
            c.lower_ in L.OPEN.trip_adverbs for c in frame.v.children):
        return []
    homes = _homes(frame, frame.prep("from"))
    return [r for _, p in homes for r in emit(frame, "LIVES_IN", persons(frame, we=False), p, When("state"), confidence=0.8)]


def headed_to(frame: Frame) -> list[Rel]:
    """A move to a new employer said before or as it happens: "Kai is heading to Stripe next month", "she is off to
    Google in May" → WORKS_AT from then; a known employer only (:func:`known_employer`: not "headed to Paris", "off
    to work", "off to bed", "heading to Target"), not a visit ("heading to Google for an interview"), not past ("we
    headed to Stripe last year")."""
    off = [c for c in frame.v.children if c.lower_ == "off" and c.dep_ in ("prep", "advmod", "prt")]
    if not (off or frame.lemma == "head") or frame.status.tense in ("past", "past_progressive") or frame.dobj is not None \
            or not all(frame.idx.is_time(t) for t in frame.prep("for")):
        return []
    toks = dict.fromkeys([*frame.prep("to"), *(t for o in off for t in prep_objects(o, "to"))])  # ("is off" as an adverb)
    orgs = [o for o in (A.token_org(t, frame.idx, strict=True, tools=False) for t in toks) if known_employer(o)]
    return [r for o in orgs for r in emit(frame, "WORKS_AT", persons(frame, we=False), o, frame.when("start"), confidence=0.8)]
