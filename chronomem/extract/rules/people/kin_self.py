"""The speaker as someone's relative: "I'm Nora's mom", "I'm Tomas's ex-wife", "I was Lena's roommate".

The copula rules (:mod:`chronomem.extract.rules.people.nominal`) read "Emma is Tom's sister" with a named subject;
with "I" as the subject the speaker is the relative of the named owner. Not a self-introduction
(:mod:`chronomem.extract.resolution.speaker_names` leaves "I'm Nora's cousin" alone for the speaker's name), not
negated ("I'm not Nora's mom"), not "late" (:func:`chronomem.extract.rules.people.kin.modifier_state`); "ex-" and
"former" end the relation, and so does the past tense for a couple ("I was Tomas's girlfriend").
Pets are the pet rules'; questions and hypotheticals never reach the rule.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.records import ENTITY, SPEAKER, Arg, Rel, When
from chronomem.extract.rules.people.kin import kin_of, kin_rels, modifier_state, possessor
from chronomem.extract.rules.people.kin_phrases import COUPLES


def self_kin_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """The speaker's kinship with a named owner stated by "I am <Name>'s <kin>" (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        if tok.dep_ == "attr" and tok.head.lemma_ == "be" and _said_by_me(tok.head):
            out += _self_kin(tok, idx)
    return out


def _said_by_me(verb: Token) -> bool:
    subj = [c for c in verb.children if c.dep_ == "nsubj"]
    return len(subj) == 1 and subj[0].lower_ == "i" and not any(c.dep_ == "neg" for c in verb.children)


def _self_kin(noun: Token, idx: DocIndex) -> list[Rel]:
    kin = kin_of(noun)
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    if kin is None or kin[0] == "pet" or poss is None or poss.pos_ != "PROPN":
        return []
    owner = possessor(poss, idx)
    state = modifier_state(noun)
    if owner is None or owner.kind != ENTITY or state == "skip":
        return []
    ended = state == "ended" or (noun.head.tag_ == "VBD" and kin[0] in COUPLES)
    when = When("end", vague=True) if ended else When("state")
    return kin_rels(owner, Arg(SPEAKER, noun.i), kin, when, noun.i)
