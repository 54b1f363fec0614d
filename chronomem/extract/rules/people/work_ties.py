"""Ties at work said in conversation: shared roles, roles held for one person, and a dismissal.

* "we're both nurses", "we're engineers": the speaker holds the role (``HAS_ROLE``, singular);
* "I'm Nora's assistant", "we're Nora's two assistants", "you're my secretary": the holder reports
  to the owner (``REPORTS_TO``; the role itself is the role rules');
* "You're fired!": the listener worked for the speaker until now (``REPORTS_TO``, ended);
* "you can't stay my assistant forever": staying such a role presupposes holding it now (read in any
  sentence, by :func:`staying_rels`).

Not negated ("we're not nurses"), not with a modal ("you'll be fired"), not for several people
addressed ("you guys are fired": nobody in particular), nor "fired up" (eager). The words are data
(``assisting_roles`` and ``dismissals`` in ``chronomem/data/lexicon/dialogue.json``); questions and
hypotheticals never reach the rules.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.noun_args import role_arg
from chronomem.extract.clauses.records import ENTITY, SPEAKER, WE, YOU, Arg, Rel, When
from chronomem.extract.lexicon import load_lexicon
from chronomem.extract.rules.people.kin import possessor
from chronomem.extract.rules.people.kin_phrases import said_person

DIALOGUE = load_lexicon("dialogue")


def work_tie_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Shared roles, roles held for someone and dismissals (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        if tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "be" and _plain(tok.head):
            out += _held_for(tok, idx) or _shared_role(tok)
        elif tok.lemma_.lower() in DIALOGUE.dismissals and tok.tag_ == "VBN" and _plain(tok):
            out += _dismissed(tok)
    return out


def _plain(verb: Token) -> bool:
    """Stated: no negation and no modal."""
    return not any(c.dep_ == "neg" or c.tag_ == "MD" for c in verb.children)


def _subject(verb: Token, idx: DocIndex) -> Arg | None:
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subj) != 1 or any(c.lower_ in DIALOGUE.several_holders for c in subj[0].children):
        return None
    if subj[0].lower_ == "we":
        return Arg(SPEAKER, subj[0].i)  # "we're Nora's assistants": the speaker is one of them
    return said_person(subj[0], idx)


def _held_for(noun: Token, idx: DocIndex) -> list[Rel]:
    """"I'm Nora's assistant": the holder reports to the owner."""
    if noun.lemma_.lower() not in DIALOGUE.assisting_roles:
        return []
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    owner = possessor(poss, idx) if poss is not None else None
    if owner is None or owner.kind == WE:
        owner = Arg(YOU, poss.i) if poss is not None and poss.lower_ == "your" else owner
    holder = _subject(noun.head, idx)
    if owner is None or owner.kind == WE or holder is None or holder.kind == owner.kind == SPEAKER:
        return []
    return [Rel("REPORTS_TO", holder, owner, When("state"), "assert", None, 0.7, {}, noun.i)] + _shared_role(noun)


def staying_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"You can't stay my assistant forever", "if she remains Nora's intern": to stay a role held for
    someone presupposes holding it now, whatever the clause does (a negation, a modal, a condition)."""
    out: list[Rel] = []
    for verb in sent:
        if verb.lemma_ not in ("stay", "remain") or verb.pos_ not in ("VERB", "AUX"):
            continue
        noun = next((c for c in verb.children if c.dep_ in ("dobj", "attr", "oprd", "acomp")
                     and c.lemma_.lower() in DIALOGUE.assisting_roles), None)
        poss = next((c for c in noun.children if c.dep_ == "poss"), None) if noun is not None else None
        owner = None if poss is None else Arg(YOU, poss.i) if poss.lower_ == "your" else possessor(poss, idx)
        holder = _subject(verb, idx)
        if owner is None or owner.kind == WE or holder is None or holder.kind == owner.kind != ENTITY:
            continue
        out.append(Rel("REPORTS_TO", holder, owner, When("state"), "assert", None, 0.6, {}, verb.i))
    return out


def _shared_role(noun: Token) -> list[Rel]:
    """"we're both nurses": the speaker's role (the role rules read "I'm a nurse")."""
    subj = [c for c in noun.head.children if c.dep_ == "nsubj"]
    if len(subj) != 1 or subj[0].lower_ != "we" or noun.tag_ != "NNS":
        return []
    role = role_arg(noun, strict=True)
    if role is None:
        return []
    words = role.name.split()
    role = replace(role, name=" ".join([*words[:-1], noun.lemma_.lower()]))
    return [Rel("HAS_ROLE", Arg(SPEAKER, subj[0].i), role, When("state"), "assert", None, 0.7, {}, noun.i)]


def _dismissed(verb: Token) -> list[Rel]:
    """"You're fired!": the listener reported to the speaker until now."""
    subj = [c for c in verb.children if c.dep_ == "nsubjpass"]
    if any(c.dep_ in ("prt", "prep", "advmod") and c.lower_ in ("up", "about", "over") for c in verb.children):
        return []  # "you're fired up about it": eager, not dismissed
    if len(subj) != 1 or subj[0].lower_ != "you" or any(c.lower_ in ("guys", "all", "both") for c in subj[0].children):
        return []
    if not any(c.dep_ == "auxpass" and c.lemma_ == "be" and c.tag_ in ("VBP", "VBZ") for c in verb.children):
        return []
    return [Rel("REPORTS_TO", Arg(YOU, subj[0].i), Arg(SPEAKER, verb.i), When("end", fresh=True), "end", None, 0.7,
                {}, verb.i)]
