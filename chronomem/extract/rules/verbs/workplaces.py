"""Where people work, teach and serve, said other ways than "work at" (:mod:`~chronomem.extract.rules.verbs.work`).

* the verbs of biographies and news: "played for Leeds United", "signed with Udinese", "was employed by
  Washington State University" → WORKS_AT;
* a workplace without a name: "I work at the restaurant", "Jasmine works at that massage place (with
  Nina)" → WORKS_AT the place ("restaurant", "massage place"), for a named co-worker after "with" too;
* teaching somewhere: "I'm teaching acting down at the Arts Academy", "she teaches at Lincoln High" → WORKS_AT;
* being in a body whose name says membership: "she's in the Navy", "we were both in the Peace Corps"
  (held and over, at no known time) → MEMBER_OF (not "I was in Walmart").

The words are data (``workplace_nouns``, ``needs_compound`` and ``membership_words`` in ``ties.json``).
But for the biography verbs, each rule speaks only when the verb's own rules found nothing (a lower priority).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import person_arg
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import ENTITY, RULE, Arg, Rel, When
from chronomem.extract.lexicon import load_lexicon
from chronomem.extract.rules.base import emit, employment, persons

TIES = load_lexicon("ties")


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
    if not frame.passive:
        return []
    return employment(frame, persons(frame), frame.when("state"), frame.prep("by", "at"), roles=frame.prep("as"))


def workplace_arg(tok: Token) -> Arg | None:
    """"the restaurant", "that massage place": a workplace named by its noun (and the words before it)."""
    lemma = tok.lemma_.lower()
    if tok.pos_ != "NOUN" or lemma not in TIES.workplace_nouns or tok.tag_ == "NNS":
        return None
    mods = [c for c in tok.children if c.dep_ in ("compound", "amod") and c.i < tok.i and c.is_alpha]
    if lemma in TIES.needs_compound and not any(m.dep_ == "compound" for m in mods):
        return None
    words = [m.lower_ for m in mods if m.dep_ == "compound"] + [tok.lower_]
    return Arg(ENTITY, tok.i, " ".join(words), "ORG", RULE)


def _at(frame: Frame) -> list[Token]:
    """The places after "at", also behind a word of direction: "down at the academy", "over at Nora's"."""
    toks = frame.prep("at")
    for adv in frame.v.children:
        if adv.dep_ in ("advmod", "prt") and adv.lower_ in TIES.direction_words:
            toks += [p for c in adv.children if c.dep_ == "prep" and c.lower_ == "at" for p in c.children
                     if p.dep_ == "pobj"]
    return toks


def work_at_place(frame: Frame) -> list[Rel]:
    """"I work at the restaurant", "Jasmine works at that massage place"."""
    if frame.dobj is not None:
        return []
    out: list[Rel] = []
    for tok in frame.prep("at", "in"):
        place = workplace_arg(tok)
        rels = emit(frame, "WORKS_AT", persons(frame, we=False), place, frame.when("state"), obj_tok=tok)
        withs = frame.prep("with") + [p for c in tok.children if c.dep_ == "prep" and c.lower_ == "with"
                                      for p in c.children if p.dep_ == "pobj"]
        mates = [a for a in (person_arg(p, frame.idx, trust_ner=False) for p in withs if p.pos_ == "PROPN")
                 if a is not None and a.kind == ENTITY]
        out += rels + (emit(frame, "WORKS_AT", mates, place, frame.when("state"), obj_tok=tok) if rels else [])
    return out


def teach(frame: Frame) -> list[Rel]:
    """"I'm teaching acting down at the Arts Academy", "she teaches at Lincoln High"."""
    out: list[Rel] = []
    taught = [c for c in frame.v.children if c.dep_ in ("dobj", "xcomp")]  # "teaching acting at …": "at" under "acting"
    places = _at(frame) + [p for t in taught for c in t.children if c.dep_ == "prep" and c.lower_ == "at"
                           for p in c.children if p.dep_ == "pobj"]
    for tok in places:
        place = A.token_org(tok, frame.idx, tools=False) or workplace_arg(tok)
        out += emit(frame, "WORKS_AT", persons(frame, we=False), place, frame.when("state"), obj_tok=tok)
    return out


def in_a_body(frame: Frame) -> list[Rel]:
    """"We were both in the Peace Corps", "she's in the Navy" (the name ends in a word of membership)."""
    if frame.attr is not None or frame.acomp is not None:
        return []
    out: list[Rel] = []
    for tok in frame.prep("in"):
        if tok.pos_ != "PROPN" or tok.lower_ not in TIES.membership_words and tok.lemma_.lower() not in TIES.membership_words:
            continue
        body = A.token_org(tok, frame.idx, strict=False, tools=False)
        if body is not None and body.kind == ENTITY:
            out += emit(frame, "MEMBER_OF", persons(frame), body.typed("ORG"), _held(frame), obj_tok=tok)
    return out


def _held(frame: Frame) -> When | None:
    """The clause's time; a plain past with none ("we were in the Peace Corps") held and is over (at no known time)."""
    when = frame.when("state")
    status = frame.status
    if when is None and status.tense == "past" and not (status.blocked or status.negated):
        return When("end", vague=True)
    return when
