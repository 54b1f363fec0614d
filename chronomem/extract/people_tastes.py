"""Impressions of people: LIKES / DISLIKES with a person as the object.

Policy. Tastes in things are the vocabulary rules' (:mod:`chronomem.extract.relations`), which
leave people out on purpose: "I love my team" or a passing "love you!" is no lasting fact. A
person is liked or disliked here only when the sentence says so outright, as a statement:

* a verb of liking with a person as its object: "I adore Nora", "Tom hates him", "I can't stand
  Vic" (a named person, he/she, or, in a chat of three or more, "you");
* an adjective or noun of liking with the person after its preposition: "I'm crazy about her",
  "she's in love with Ross", "he has a crush on Monica", "I'm mad at him", "I'm a big fan of yours".

Not: questions, conditionals and hypotheticals (the sentence loop drops them), negations ("I
don't love him"), modals and wishes ("I'd like you to meet Sam", "you'll love her"), praise in
adjectives ("you're amazing": politeness more than an impression), and "I love you" in a chat of
two. Two people who talk alone trade "love you!" and compliments as a matter of course (the
LoCoMo gold does not count them); among several people, "I love you" picks one of them out, so
the listener is liked (:data:`~chronomem.extract.records.YOU` resolves only in a group).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.args import DocIndex, name_arg, pronoun_arg
from chronomem.extract.lexicon_data import load_lexicon
from chronomem.extract.records import ENTITY, GAZETTEER, PRONOUN, SPEAKER, Arg, Rel, When

PEOPLE = load_lexicon("people")
GROUP_YOU = "group_you"  # "you" in a chat of three or more (resolved like YOU, only in a group)
_PREPS = ("about", "with", "on", "of", "at")


def impression_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """LIKES / DISLIKES of a person (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        low, lemma = tok.lower_, tok.lemma_.lower()
        if tok.pos_ == "VERB" and lemma in PEOPLE.liking_verbs:
            out += _verb(tok, PEOPLE.liking_verbs[lemma], idx)
        elif tok.pos_ == "VERB" and lemma == "stand" and _negated(tok) and any(c.lower_ in ("ca", "can", "could") for c in tok.children):
            out += _verb(tok, "DISLIKES", idx, negation_ok=True)  # "I can't stand him"
        elif tok.pos_ == "ADJ" and low in PEOPLE.liking_adjectives and tok.dep_ == "acomp":
            out += _with_prep(tok, tok.head, PEOPLE.liking_adjectives[low], idx)
        elif tok.pos_ == "NOUN" and lemma in PEOPLE.liking_nouns:
            verb = _governing_verb(tok)
            if verb is not None:
                out += _with_prep(tok, verb, PEOPLE.liking_nouns[lemma], idx)
    return out


def _negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _governing_verb(noun: Token) -> Token | None:
    """"has a crush on", "is a big fan of", "is in love with": the verb the noun hangs from."""
    head = noun.head
    if noun.dep_ in ("dobj", "attr") and head.lemma_ in ("have", "be", "get", "develop"):
        return head
    if noun.dep_ == "pobj" and head.lower_ == "in" and head.head.lemma_ in ("be", "fall"):
        return head.head  # "in love with"
    return None


def _blocked(verb: Token) -> bool:
    """Modals, wishes and clauses that do not state the feeling as a fact."""
    return any(c.tag_ == "MD" or c.dep_ in ("xcomp", "ccomp") or c.lower_ in ("to",) for c in verb.children) \
        or verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp")


def _person(tok: Token, idx: DocIndex) -> Arg | None:
    """A person as the object of a feeling: a named PERSON, him/her, or "you" (in a group)."""
    low = tok.lower_
    if low in ("you", "yours"):
        if any(c.lower_ in ("guys", "all", "both", "two", "people") for c in tok.children) or \
                (tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ in ("guys", "all", "both", "two", "people")):
            return None
        return Arg(GROUP_YOU, tok.i)
    arg = pronoun_arg(tok)
    if arg is not None:
        return arg if arg.kind == PRONOUN and low in ("him", "her") and tok.tag_ == "PRP" else None
    if tok.pos_ != "PROPN":
        return None
    arg = name_arg(tok, idx)
    if arg is None or arg.kind != ENTITY or arg.strength >= GAZETTEER or arg.label != "PERSON":
        return None
    return arg.typed("PERSON")


def _subject(verb: Token, idx: DocIndex) -> Arg | None:
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subj is None:
        return None
    arg = pronoun_arg(subj)
    if arg is not None:
        return arg if arg.kind in (SPEAKER, PRONOUN) else None
    if subj.pos_ != "PROPN":
        return None
    arg = name_arg(subj, idx)
    return arg.typed("PERSON") if arg is not None and arg.kind == ENTITY and arg.label == "PERSON" else None


def _verb(verb: Token, predicate: str, idx: DocIndex, *, negation_ok: bool = False) -> list[Rel]:
    if (_negated(verb) and not negation_ok) or _blocked(verb) and not negation_ok:
        return []
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    objs += [c for o in objs for c in o.children if c.dep_ == "conj"]
    return _emit(predicate, _subject(verb, idx), [_person(o, idx) for o in objs], verb.i)


def _with_prep(word: Token, verb: Token, predicate: str, idx: DocIndex) -> list[Rel]:
    if _negated(verb) or _blocked(verb) or verb.lemma_ not in ("be", "have", "get", "fall", "develop"):
        return []
    objs = [p for prep in word.children if prep.dep_ == "prep" and prep.lower_ in _PREPS
            for p in prep.children if p.dep_ == "pobj"]
    if word.dep_ == "pobj":  # "in love with": the preposition hangs from "love" or from "in"
        objs += [p for prep in word.head.children if prep.dep_ == "prep" and prep.lower_ in _PREPS
                 for p in prep.children if p.dep_ == "pobj"]
    return _emit(predicate, _subject(verb, idx), [_person(o, idx) for o in objs], word.i)


def _emit(predicate: str, subject: Arg | None, objs: list[Arg | None], i: int) -> list[Rel]:
    if subject is None:
        return []
    return [Rel(predicate, subject, o, When("state"), "assert", None, 0.7, {}, i) for o in objs
            if o is not None and o.kind != subject.kind or o is not None and o.kind == ENTITY]
