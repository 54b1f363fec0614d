"""Couples that were, in words the couple rules (:mod:`~chronomem.extract.rules.verbs.couples`) do not read.

* a parting: "I broke it off with Tomas", "you just broke with Nina", "it was time to end things with
  Omar": in the past, the couple ended (at no known time); as a plan or a duty ("I'll break it off with
  her"), or asked ("should I dump him?"), a couple still;
* a couple's state in the past tense: "I was engaged to Tomas", "when he was married to you" (held and
  over; with a time said, "from 1971 to 1980", the couple rules date it);
* getting back together, asked, denied, wished or supposed ("are you and Tomas getting back together?",
  "I'm not getting back together with him"): an ended couple ("we" says nothing of whom; a reunion stated
  as done is the couple rules' current couple).

* a partner who walked out: "my wife left me", "I left my husband in 2018", "my boyfriend dumped me",
  "Tomas left me for another man" (:func:`left_partner`, a rule of the verb table: dated as said);
* a couple said "together" (:func:`be_together`): "we're back together", "Dov and I are together",
  "we aren't together anymore" (an ending); or "in a relationship" (:func:`in_a_bond`).

The subject is "I", "you", he/she or a name; the partner a name, him/her or "you"; not when negated.
Which verb needs which particle or object, and the preposition before the partner, are data
(``parting_verbs``, ``past_couples`` in ``dialogue.json``; ``planned_partings`` in ``ties.json``).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import OWNED, SPEAKER, Arg, Rel, When, held, timed
from chronomem.extract.clauses.stance import negated
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import DIALOGUE, PEOPLE, TIES
from chronomem.extract.rules.base import emit
from chronomem.extract.rules.people.kin import said_person
from chronomem.extract.rules.verbs.couples import couple_rels, ended_tie, lasted, long_span, partner_arg

_PAST = frozenset({"past", "perfect", "past_progressive"})
_PARTING_LEMMAS = frozenset(DIALOGUE.parting_verbs) | frozenset(TIES.planned_partings)


def parting_rels(sent: Span, idx: DocIndex, *, asked: bool = False) -> list[Rel]:
    """PARTNER_OF between the subject and the person a parting verb ends it with (see the module doc);
    ``asked``: the sentence is a question, which presupposes the couple of a parting not yet done."""
    out: list[Rel] = []
    for tok in sent:
        if tok.pos_ == "VERB" and (lemma := tok.lemma_.lower()) in _PARTING_LEMMAS:
            if lemma in DIALOGUE.parting_verbs:
                out += [r for r in _parting(tok, idx) if not asked or r.kind == "assert"]
            if lemma in TIES.planned_partings:
                out += _planned_parting(tok, idx, asked)
        if not asked and tok.lower_ in DIALOGUE.past_couples and (verb := _past_be(tok)) is not None:
            out += _past_couple(tok, verb, idx)
        if tok.lower_ == "together" and _governor(tok).lemma_ == "get":
            out += _back_together(tok, idx, asked)
    return out


def _governor(together: Token) -> Token:
    """The verb of "together", above a "with" the parser hung it on ("getting back together with him")."""
    head = together.head
    return head.head if head.dep_ == "prep" else head


def _back_together(together: Token, idx: DocIndex, asked: bool) -> list[Rel]:
    """The couple that "getting back together" presupposes, when the reunion is not stated as done."""
    verb = _governor(together)
    back = any(c.lower_ == "back" for c in (*verb.children, *together.children))
    if not back or any(c.dep_ in ("xcomp", "advcl") or c.dep_ == "prep" and c.lower_ in ("for", "at", "over")
                       for c in verb.children):
        return []  # "get back together to finish the report", "… for lunch": a meeting
    status = clause_status(verb)
    done = not (asked or status.negated or status.blocked or status.tense == "future" or verb.tag_ == "VBG"
                or verb.dep_ in ("xcomp", "pcomp", "ccomp", "advcl") or any(c.tag_ == "MD" for c in verb.children))
    subj = _subject_of(verb)
    if done or subj is None:
        return []
    people = [said_person(t, idx) for t in (subj, *subj.conjuncts)]
    people += [said_person(p, idx) for h in (verb, together) for p in prep_objects(h, "with")]
    return _couple("PARTNER_OF", people[0], people[1:], verb.i, confidence=0.6) if len(people) == 2 else []


def _planned_parting(verb: Token, idx: DocIndex, asked: bool) -> list[Rel]:
    """"I'm going to break up with Tomas", "I have to dump him?", "should I split up with Nora?": a parting
    planned, owed or asked about presupposes the couple, now (done, it is the couple rules')."""
    prt, prep = TIES.planned_partings[verb.lemma_.lower()]
    if {c.lower_ for c in verb.children if c.dep_ == "prt"} != ({prt} if prt else set()):
        return []
    status = clause_status(verb)
    planned = status.tense == "future" or status.blocked or verb.dep_ == "xcomp" or asked and status.tense not in _PAST
    if not planned or status.negated or negated(verb) or status.tense in _PAST:
        return []
    partners = prep_objects(verb, prep) if prep else [c for c in verb.children if c.dep_ == "dobj"]
    subject = said_person(subj, idx) if (subj := _subject_of(verb)) is not None else None
    return _couple("PARTNER_OF", subject, [said_person(t, idx) for t in partners], verb.i, ended=False, confidence=0.6)


def _subject_of(verb: Token) -> Token | None:
    """The verb's subject, or the subject of the verb it completes ("I have to end it with him")."""
    heads = (verb, verb.head if verb.dep_ == "xcomp" else None, verb.head.head if verb.head.dep_ == "xcomp" else None)
    return next((c for h in heads if h is not None for c in h.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _past_be(word: Token) -> Token | None:
    """The past "was" of "I was engaged to Tomas", read as an adjective after it or as a passive under it."""
    if word.dep_ == "acomp" and word.head.tag_ == "VBD":
        return word.head
    if word.tag_ == "VBN":  # "when Tomas was engaged to you": a passive to the parser
        return next((c for c in word.children if c.dep_ == "auxpass" and c.lemma_ == "be" and c.tag_ == "VBD"), None)
    return None


def _past_couple(word: Token, verb: Token, idx: DocIndex) -> list[Rel]:
    """"I was engaged to Tomas": a couple that was."""
    if verb.lemma_ != "be" or negated(verb) or negated(word):
        return []
    if any(idx.is_time(t) and (t.like_num or t.head.lower_ in DIALOGUE.dating_preps) for t in word.sent):
        return []  # "was married to Piet from 1971 to 1980": the dated rules read it
    subj = next((c for h in (verb, word) for c in h.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    subject = said_person(subj, idx) if subj is not None else None
    partners = [said_person(p, idx) for p in prep_objects(word, "to")]
    return _couple(str(DIALOGUE.past_couples[word.lower_]), subject, partners, word.i)


def _shape(verb: Token) -> str | None:
    """The preposition before the partner when ``verb`` has one of its listed shapes, else ``None``."""
    prts = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    objs = {c.lower_ for c in verb.children if c.dep_ == "dobj"}
    for need, prep in DIALOGUE.parting_verbs[verb.lemma_.lower()]:
        if need and (need in prts and prts <= {need} or need in objs and not prts) or not (need or prts or objs):
            return str(prep)
    return None


def _parting(verb: Token, idx: DocIndex) -> list[Rel]:
    prep, status = _shape(verb), clause_status(verb)
    if prep is None or status.negated or negated(verb):
        return []
    subj = _subject_of(verb)
    subject = said_person(subj, idx) if subj is not None else _time_to(verb)
    partners = [said_person(p, idx) for p in prep_objects(verb, prep)]
    ended = (status.tense in _PAST or verb.head.head.tag_ == "VBD" and verb.dep_ in ("relcl", "acl")) and \
        not any(c.tag_ == "MD" for c in verb.children)
    return _couple("PARTNER_OF", subject, partners, verb.i, ended=ended)


def _couple(predicate: str, subject: Arg | None, partners: list[Arg | None], i: int, *, ended: bool = True,
            confidence: float = 0.7) -> list[Rel]:
    """``subject predicate p`` for each partner ``p`` who is someone else: a couple that was (``ended``: at no
    known time) or one that still is."""
    return [timed(predicate, subject, p, held(ended), i, confidence) for p in partners
            if subject is not None and p is not None and p.other_than(subject)]


def _time_to(verb: Token) -> Arg | None:
    """"(I knew) it was time to end it with him": a time to do it, for nobody named, is the speaker's."""
    head = verb.head
    if verb.dep_ not in ("relcl", "acl") or head.lemma_.lower() != "time" or head.head.lemma_ != "be" or any(
            c.dep_ == "prep" and c.lower_ == "for" for c in (*head.children, *verb.children)):  # "time for you to end it"
        return None
    return Arg(SPEAKER, verb.i)


def left_partner(frame: Frame) -> list[Rel]:
    """"My wife left me", "I left my husband in 2018", "my boyfriend dumped me", "Tomas left me for another man":
    a partner who walked out ends the couple (the marriage for "my wife": :func:`ended_tie`). The partner is an
    unnamed partner's noun ("my wife"), or for "leave" anyone left for someone; the speaker is the other. Not
    "left me a note", "left me alone", "left me at the station", "left my wife in Paris", "left me for a week",
    "left for work", nor planned, asked, denied or supposed (no time words then)."""
    v, dobj = frame.v, frame.dobj
    if frame.status.tense not in _PAST or dobj is None or len(frame.dobjs) != 1 or any(
            c.dep_ in DIALOGUE.left_with_deps or c.dep_ == "advcl" and not any(m.dep_ == "mark" or m.tag_ == "WRB" for m in c.children)
            or c.dep_ == "advmod" and c.lower_ in DIALOGUE.left_where for c in v.children):
        return []  # "left me a note", "left me speechless", "left me to cook", "left me here"
    fors = frame.prep("for")
    if any(frame.idx.is_time(t) for t in fors) or any(
            not frame.idx.is_time(t) for p, toks in frame.preps.items() if p != "for" for t in toks):
        return []  # "left me for a week", "left my wife at the station"
    me_tok = dobj if dobj.lower_ == "me" else next((t for t in frame.subj_toks if t.lower_ == "i"), None)
    me: Arg | None = Arg(SPEAKER, me_tok.i) if me_tok is not None else None
    partner = partner_arg(dobj, frame) if me_tok is not dobj else next(
        (partner_arg(t, frame) for t in frame.subj_toks), None)
    if partner is None or me is None or partner.kind == OWNED and not any(
            c.dep_ == "poss" and c.lower_ == "my" for c in v.doc[partner.i].children):
        return []
    if partner.kind != OWNED and not (fors and frame.lemma == "leave"):
        return []  # "Lena left me" (who she is, unsaid); "Tomas dumped me" is the dating rules'
    if partner.kind != OWNED and any(A.token_org(t, frame.idx, strict=True) is not None for t in (dobj, *fors)):
        return []  # "I left Novartis for Oracle": a job switch (the work rules')
    return ended_tie(emit(frame, "PARTNER_OF", [me], partner, frame.when("end"), confidence=0.8))


_LOOSE = ("prep", "advcl", "xcomp", "ccomp", "npadvmod", "dative", "attr", "acomp")


def be_together(frame: Frame) -> list[Rel]:
    """"Ana and I are back together", "I'm back together with Raj", "Ana and Raj have been together since 2019", "Tom and I
    were together for years", "Ana and I aren't together anymore" (not "we were together at lunch": a place or a moment)."""
    together = next((c for c in frame.v.children if c.dep_ in ("advmod", "acomp") and c.lower_ == "together"), None)
    if together is None:
        return []
    if frame.status.tense == "past":
        when = lasted(frame)
    else:
        back = any(c.lower_ == "back" for c in (*frame.v.children, *together.children))
        still = any(c.lower_ == "still" for c in frame.v.children)
        bare = not list(together.children) and not any(  # "Dov and I are together" (not "in this together", "all together")
            c.dep_ in _LOOSE or c.lower_ in ("all", "both") for h in (frame.v, *frame.v.children)
            if h is frame.v or h.dep_ == "nsubj" for c in h.children)
        when = frame.when("state") if back or long_span(frame.v) or frame.prep("since") or (  # "we're still together"
            (frame.status.ending or still) and not frame.prep("at", "in", "on")) or bare else None
    ended = when is not None and when.mode == "end"  # "my husband and I aren't together anymore": the marriage ends
    return couple_rels(frame, when, partner_toks=frame.prep("with"), ending=ended)


def in_a_bond(frame: Frame) -> list[Rel]:
    """"I'm in a relationship with Tobias", "Tobias and I are in a relationship": a couple; "I was in a relationship
    with Tobias" one over (not "a working relationship", nor asked, denied or supposed)."""
    if not any(t.lemma_.lower() in PEOPLE.couple_bonds and not any(c.lower_ in PEOPLE.couple_bond_skips for c in t.children)
               for t in frame.prep("in")):
        return []
    status = frame.status
    if status.tense == "past":
        when = None if status.blocked or status.negated else When("end", vague=True)
    else:
        when = frame.when("state")
    return couple_rels(frame, when, partner_toks=frame.prep("with"), ending=when is not None and when.mode == "end")
