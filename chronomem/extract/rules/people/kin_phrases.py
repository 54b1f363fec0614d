"""Kin and friends stated in phrases the copula rules do not read.

* "one of": "I'm one of Tomas's best friends", "she's one of Ben's mothers" → the subject is one of
  the owner's friends (parents, sisters, …);
* "of … 's": "I'm a friend of Lena and Tomas's", "he's a friend of Nora" → the subject is a friend of
  each owner;
* "friends with": "Lena is friends with Tomas", "I'm friends with him" → FRIEND_OF;
* a couple in the past tense: "Timo was my boyfriend", "Nora was his wife" → the relationship ended
  (an ``end`` claim at no known time);
* a relative's name: "my husband's name is Haring", "his sister's name was Lena";
* an ending said to or of someone: "you're not my girlfriend anymore", "he's no longer her husband".

The subject is "I", "you", he/she or a name; not when the verb is negated ("I'm not friends with
him"); questions and hypotheticals never reach the rules. "ex-" and "former" make an ending, "late"
nothing (:func:`chronomem.extract.rules.people.kin.modifier_state`).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex, person_arg, pronoun_arg
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, PRONOUN, SPEAKER, YOU, Arg, Rel, When
from chronomem.extract.rules.people.kin import kin_of, kin_rels, modifier_state

COUPLES = ("partner", "spouse", "fiance")  # kin whose past tense says the relationship is over


def kin_phrase_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Kin and friendship in "one of X's friends", "a friend of X's", "friends with X" (see the module doc)."""
    out: list[Rel] = []
    for tok in sent:
        if tok.dep_ not in ("attr", "acomp") or tok.head.lemma_ != "be":
            continue
        if _negated(tok.head):
            out += _no_longer(tok, idx)
            continue
        named = _relative_named(tok, idx)
        if named:
            out += named
            continue
        subject = _subject(tok.head, tok, idx)
        if subject is None:
            continue
        if tok.lower_ == "friends" and (other := _with(tok, idx)):
            out += [Rel("FRIEND_OF", subject, o, When("state"), "assert", None, 0.7, {}, tok.i) for o in other]
            continue
        one_of = tok.lower_ == "one"
        noun = _one_of(tok) if one_of else tok
        kin = kin_of(noun) if noun is not None else None
        if noun is None or kin is None or kin[0] == "pet" or modifier_state(noun) == "skip":
            continue
        when = When("end", vague=True) if modifier_state(noun) == "ended" else When("state")
        past_couple = not one_of and tok.head.tag_ == "VBD" and kin[0] in COUPLES
        if past_couple:
            when = When("end", vague=True)
        # "Ross's sister" alone is the copula rules' (which leave the past tense alone)
        for owner in _owners(noun, idx, possessive=one_of or past_couple):

            if owner.kind != subject.kind or owner.kind == ENTITY and owner.name != subject.name:
                out += kin_rels(owner, subject, kin, when, tok.i)
    return out


def _no_longer(attr: Token, idx: DocIndex) -> list[Rel]:
    """"You're not my girlfriend anymore", "he's no longer her husband": the relation ended (said of a name,
    the vocabulary rules read it)."""
    subject = _subject(attr.head, attr, idx)
    kin = kin_of(attr)
    if subject is None or subject.kind == ENTITY or kin is None or kin[0] == "pet":
        return []
    if not clause_status(attr.head).ending:
        return []
    when = When("end", vague=True)
    return [r for owner in _owners(attr, idx, possessive=True) if owner.kind != subject.kind
            for r in kin_rels(owner, subject, kin, when, attr.i)]


def _relative_named(attr: Token, idx: DocIndex) -> list[Rel]:
    """"my husband's name is Haring": the relative (of a possessor) is the named person."""
    subj = next((c for c in attr.head.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.lemma_ != "name" or attr.pos_ != "PROPN":
        return []
    relative = next((c for c in subj.children if c.dep_ == "poss"), None)
    kin = kin_of(relative) if relative is not None else None
    named = said_person(attr, idx)
    if relative is None or kin is None or kin[0] == "pet" or named is None or named.kind != ENTITY:
        return []
    return [r for owner in _owners(relative, idx, possessive=True)
            for r in kin_rels(owner, named, kin, When("state"), attr.i)]


def _negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def said_person(tok: Token, idx: DocIndex) -> Arg | None:
    """"I", "you", he/she/him/her, or a person's name."""
    if tok.lower_ == "you":
        return Arg(YOU, tok.i)
    arg = pronoun_arg(tok)
    if arg is not None:
        return arg if arg.kind == SPEAKER or arg.kind == PRONOUN and tok.tag_ == "PRP" else None
    if tok.pos_ != "PROPN":
        return None
    arg = person_arg(tok, idx, trust_ner=False)
    return arg if arg is not None and arg.kind == ENTITY and arg.strength < GAZETTEER else None


def _subject(verb: Token, word: Token, idx: DocIndex) -> Arg | None:
    """The subject nearest the verb, before ``word`` (a vocative may parse as a second subject)."""
    subj = max((c for c in verb.children if c.dep_ == "nsubj" and c.i < word.i), key=lambda c: c.i, default=None)
    return said_person(subj, idx) if subj is not None else None


def _with(word: Token, idx: DocIndex) -> list[Arg]:
    """"friends with Tomas (and Lena)": the people after "with"."""
    objs = [p for prep in word.children if prep.dep_ == "prep" and prep.lower_ == "with"
            for p in prep.children if p.dep_ == "pobj"]
    objs += [c for o in objs for c in o.children if c.dep_ == "conj"]
    return [a for a in (said_person(o, idx) for o in objs) if a is not None]


def _one_of(one: Token) -> Token | None:
    """"one of Tomas's friends" → "friends"."""
    return next((p for prep in one.children if prep.dep_ == "prep" and prep.lower_ == "of"
                 for p in prep.children if p.dep_ == "pobj"), None)


def _owners(noun: Token, idx: DocIndex, *, possessive: bool) -> list[Arg]:
    """Whose friend (sister, …): "a friend of Lena and Tomas's", "a friend of Nora"; with ``possessive``
    also "(one of) Tomas's / my / your friends"."""
    owners = [c for c in noun.children if c.dep_ == "poss"] if possessive else []
    owners += [p for prep in noun.children if prep.dep_ == "prep" and prep.lower_ == "of"
               for p in prep.children if p.dep_ == "pobj"]
    owners += [c for o in owners for c in o.children if c.dep_ == "conj"]
    args = []
    for owner in owners:
        low = owner.lower_
        arg = Arg(SPEAKER, owner.i) if low in ("my", "mine") else Arg(YOU, owner.i) if low in ("your", "yours") \
            else pronoun_arg(owner) if low in ("his", "her") else said_person(owner, idx)
        if arg is not None:
            args.append(arg)
    return args
