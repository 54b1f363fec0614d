"""Impressions of people: LIKES / DISLIKES with a person as the object.

Policy. Tastes in things are the vocabulary rules' (:mod:`chronomem.extract.rules.verbs.relations`), which
leave people out on purpose: "I love my team" or a passing "love you!" is no lasting fact. A
person is liked or disliked here only when the sentence says so outright, as a statement:

* a verb of liking with a person as its object: "I adore Nora", "Tom hates him", "I can't stand
  Vic" (a named person, he/she, or, in a chat of three or more, "you");
* an adjective or noun of liking with the person after its preposition: "I'm crazy about her",
  "she's in love with Ross", "he has a crush on Monica", "I'm mad at him", "I'm a big fan of yours";
* the listener's feeling said to them: "you're in love with her", "you hate him".

* in a chat of three or more, praise of the listener or of he/she: "you're so talented", "you look
  great", "you're my hero", "I think you're a really good guy", "he's so cute" (and blame: "she's so
  rude", "he's a jerk") — said among several people, a compliment picks one of them out.

Not: questions, conditionals and hypotheticals (the sentence loop drops them), negations ("I
don't love him"), modals and wishes ("I'd like you to meet Sam", "you'll love her"), commands
("you be nice"), someone else's opinion ("you think you're so perfect"), several people ("you guys
are great"), and, in a chat of two, praise (unless given as the speaker's opinion: "I think you're
amazing") and the formula "love you!". Two people who talk alone
trade "love you!" and compliments as a matter of course (the LoCoMo gold does not count them);
among several people, "you're so sexy" picks one of them out, so the listener is liked
(:data:`GROUP_YOU` and :data:`GROUP_PRONOUN` resolve only in a group). The line runs between
praise and a feeling stated with the one who feels it as the subject: a verb of feeling ("I love
you", "I hate you") or an adjective or noun of feeling with its preposition ("I'm in love with you",
"I have a crush on you", "I'm crazy about you", "I'm a big fan of yours", "I'm mad at you") states
the feeling in any chat; "you're so talented" judges the listener, and between two people is politeness.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex, name_arg, pronoun_arg
from chronomem.extract.clauses.hygiene import in_title
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, PRONOUN, SPEAKER, YOU, Arg, Rel, When
from chronomem.extract.lexicon import load_lexicon

PEOPLE = load_lexicon("people")
DIALOGUE = load_lexicon("dialogue")
GROUP_YOU = "group_you"  # "you" in a chat of three or more (resolved like YOU, only in a group)
GROUP_PRONOUN = "group_pronoun"  # he/she in a chat of three or more (resolved like a pronoun, only in a group)
GROUP_NAME = "group_name"  # a named person praised in a chat of three or more (chronomem.extract.rules.people.feelings)


def impression_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """LIKES / DISLIKES of a person (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        low, lemma = tok.lower_, tok.lemma_.lower()
        if tok.pos_ == "VERB" and lemma in PEOPLE.liking_verbs and not in_title(tok):
            out += _verb(tok, PEOPLE.liking_verbs[lemma], idx)
        elif tok.pos_ == "VERB" and lemma == "stand" and _negated(tok) and any(c.lower_ in ("ca", "can", "could") for c in tok.children):
            out += _verb(tok, "DISLIKES", idx, negation_ok=True)  # "I can't stand him"
        elif tok.pos_ == "ADJ" and low in PEOPLE.liking_adjectives and tok.dep_ == "acomp":
            out += _with_prep(tok, tok.head, PEOPLE.liking_adjectives[low], idx)
        elif tok.pos_ == "NOUN" and lemma in PEOPLE.liking_nouns:
            verb = _governing_verb(tok)
            if verb is not None:
                out += _with_prep(tok, verb, PEOPLE.liking_nouns[lemma], idx)
        elif tok.pos_ == "ADJ" and low in PEOPLE.praise_adjectives and (acomp := predicate_adjective(tok)) is not None:
            out += _praise(acomp, PEOPLE.praise_adjectives[low])
        elif tok.dep_ == "attr" and tok.pos_ == "NOUN":
            praise = PEOPLE.praise_nouns.get(lemma) or next((PEOPLE.praise_adjectives[a.lower_] for a in tok.children
                                                             if a.dep_ == "amod" and a.lower_ in PEOPLE.praise_adjectives), None)
            if praise is not None and all(c.lower_ == "my" for c in tok.children if c.dep_ == "poss"):
                out += _praise(tok, praise)
    return out


def predicate_adjective(adj: Token) -> Token | None:
    """The adjective after the linking verb that ``adj`` is, or is conjoined to: "you're rude", "you were
    pompous and arrogant" (for "arrogant": "pompous")."""
    while adj.dep_ == "conj" and adj.head.pos_ == "ADJ" and adj.head.i < adj.i:
        adj = adj.head
    return adj if adj.dep_ == "acomp" else None


def subject_of(verb: Token) -> Token | None:
    """The subject of ``verb``: the one nearest before it when the parser gave it two ("Yes, Ada, I
    remember, she's rude" makes the vocative "Ada" a subject too), else the first."""
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    before = [c for c in subjects if c.i < verb.i]
    return before[-1] if before else subjects[0] if subjects else None


def _negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _governing_verb(noun: Token) -> Token | None:
    """"has a crush on", "is a big fan of", "is in love with": the verb the noun hangs from."""
    head = noun.head
    if noun.dep_ in ("dobj", "attr") and head.lemma_ in PEOPLE.liking_noun_verbs:
        return head
    if noun.dep_ == "pobj" and head.lower_ == "in" and head.head.lemma_ in ("be", "fall"):
        return head.head  # "in love with"
    return None


def _blocked(verb: Token) -> bool:
    """Modals, wishes and clauses that do not state the feeling as a fact ("I'd love you to meet Sam"; a
    clause said before the verb is none of its complements: "I don't love you for that, I love you anyway"),
    and feelings someone else thinks or reports (:func:`reported`). A reason or a comparison states it (:func:`taken_as_true`)."""
    if verb.dep_ == "advcl" and taken_as_true(verb):
        return any(c.tag_ == "MD" for c in verb.children)
    return any(c.tag_ == "MD" or c.dep_ == "xcomp" or c.dep_ == "ccomp" and c.i > verb.i or c.lower_ in ("to",)
               for c in verb.children) or verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp") or reported(verb)


def taken_as_true(verb: Token) -> bool:
    """A clause whose content is stated as true: a reason ("because I like you") or the measure of a
    comparison ("I never loved anyone as much as I love you", "more than I love you"; not "as long as")."""
    marks = [c.lower_ for c in verb.children if c.dep_ == "mark"]
    if any(m in DIALOGUE.reason_marks for m in marks):
        return True
    return any(m in ("as", "than") for m in marks) and verb.head.lower_ in DIALOGUE.comparison_words


def reported(verb: Token) -> bool:
    """A clause that is someone's belief or report, not the speaker's statement: under another's words or
    thoughts ("you think I hate you", "he told me he liked me"), under a negation ("I don't think she likes
    him") or a question word ("I wonder if he likes me"). The speaker's own "I think" or "I told you", and a
    verb of knowing ("you know I love you", "I realised how much I love him"), state it."""
    if verb.dep_ != "ccomp":
        return False
    head = verb.head
    if _negated(head) or any(c.dep_ == "mark" and c.lower_ in ("if", "whether") for c in verb.children):
        return True
    return head.lemma_ not in DIALOGUE.knowing_verbs and not any(c.dep_ == "nsubj" and c.lower_ == "i" for c in head.children)


def _you_all(tok: Token) -> bool:
    """"you guys", "you all", "you two": several listeners."""
    several = DIALOGUE.several_listeners
    return any(c.lower_ in several for c in tok.children) or (tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ in several)


def _praise(word: Token, predicate: str) -> list[Rel]:
    """In a group: "you're so talented", "you look great", "he's cute", "you're my hero", "she's a great
    actress" → the speaker likes (or dislikes) the person; between two people, nothing (see the docstring)."""
    verb = word.head
    if verb.lemma_ not in PEOPLE.praise_verbs or _negated(verb) or _blocked_praise(verb):
        return []
    subj = subject_of(verb)
    if subj is None or subj.tag_ != "PRP":
        return []
    if any(c.lower_ in ("both", "all") for c in (*verb.children, *word.children)) or word.tag_ == "NNS":
        return []  # "you are both idiots": several people
    obj: Arg | None
    if subj.lower_ == "you" and not _you_all(subj):
        obj = Arg(YOU if _my_opinion(verb) else GROUP_YOU, subj.i)
    elif subj.lower_ in ("he", "she"):
        pron = pronoun_arg(subj)
        obj = Arg(GROUP_PRONOUN, subj.i, name=pron.name, gender=pron.gender) if pron is not None else None
    else:
        obj = None
    if obj is None:
        return []
    return [Rel(predicate, Arg(SPEAKER, word.i), obj, When("state"), "assert", None, 0.6, {}, word.i)]


def _my_opinion(verb: Token) -> bool:
    """"I think you're so amazing", "I really think you're a good guy": praise given as the speaker's own
    opinion is a statement between two people too, not politeness."""
    head = verb.head
    return verb.dep_ == "ccomp" and head.lemma_ in ("think", "find", "believe") and not _negated(head) and \
        any(c.dep_ == "nsubj" and c.lower_ == "i" for c in head.children)


def _blocked_praise(verb: Token) -> bool:
    """Modals, commands, conditions, clauses of their own ("you'd look great", "you be nice", "to make you
    look good"), and thoughts of someone else than the speaker ("you think you're so perfect")."""
    if verb.dep_ == "ccomp" and not any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.head.children):
        return True
    if verb.tag_ == "VB" or verb.lower_ == "be":
        return True
    return any(c.tag_ == "MD" or c.dep_ in ("xcomp", "mark") for c in verb.children) or \
        verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj")


def _person(tok: Token, idx: DocIndex) -> Arg | None:
    """A person as the object of a stated feeling: a named PERSON, him/her, "you" (in any chat: "I'm
    in love with you", "I'm a big fan of yours") or "me" ("you hate me")."""
    low = tok.lower_
    if low in ("you", "yours"):
        return None if _you_all(tok) else Arg(YOU, tok.i)
    arg = pronoun_arg(tok)
    if arg is not None:
        if low == "me":
            return arg if arg.kind == SPEAKER else None
        return arg if arg.kind == PRONOUN and low in ("him", "her") and tok.tag_ == "PRP" else None
    if tok.pos_ != "PROPN":
        return None
    arg = name_arg(tok, idx)
    if arg is None or arg.kind != ENTITY or arg.strength >= GAZETTEER or arg.label != "PERSON":
        return None
    return arg.typed("PERSON")


def _subject(verb: Token, idx: DocIndex) -> Arg | None:
    """Who feels: "I", he/she, a named person, or the listener ("you're in love with her")."""
    subj = subject_of(verb)
    if subj is None:
        return None
    if subj.lower_ == "you":
        return None if _you_all(subj) else Arg(YOU, subj.i)
    arg = pronoun_arg(subj)
    if arg is not None:
        return arg if arg.kind in (SPEAKER, PRONOUN) else None
    if subj.pos_ != "PROPN":
        return None
    arg = name_arg(subj, idx)
    return arg.typed("PERSON") if arg is not None and arg.kind == ENTITY and (arg.label == "PERSON" or
                                                                              first_named(arg)) else None


def first_named(arg: Arg) -> bool:
    """A known first name that NER took for a place, people or a company ("Phoebe" as GPE, "Nina" as
    NORP): as the one who feels something, a person (the gazetteer's places are left alone)."""
    return bool(arg.gender) and arg.strength < GAZETTEER and arg.label in ("GPE", "NORP", "ORG", "LOC", "")


def _verb(verb: Token, predicate: str, idx: DocIndex, *, negation_ok: bool = False) -> list[Rel]:
    if (_negated(verb) and not negation_ok) or _blocked(verb) and not negation_ok:
        return []
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    objs += [c for o in objs for c in o.children if c.dep_ == "conj"]
    # a verb with its subject said ("I love you", "I hate you") states the feeling in any chat; the
    # formula "love you!" has no subject and says nothing
    return _emit(predicate, _subject(verb, idx), [_person(o, idx) for o in objs], verb.i)


def _with_prep(word: Token, verb: Token, predicate: str, idx: DocIndex) -> list[Rel]:
    if _negated(verb) or _blocked(verb) or verb.lemma_ not in PEOPLE.liking_noun_verbs and verb.lemma_ != "fall":
        return []
    objs = [p for prep in word.children if prep.dep_ == "prep" and prep.lower_ in PEOPLE.liking_preps
            for p in prep.children if p.dep_ == "pobj"]
    if word.dep_ == "pobj":  # "in love with": the preposition hangs from "love" or from "in"
        objs += [p for prep in word.head.children if prep.dep_ == "prep" and prep.lower_ in PEOPLE.liking_preps
                 for p in prep.children if p.dep_ == "pobj"]
    return _emit(predicate, _subject(verb, idx), [_person(o, idx) for o in objs], word.i)


def _emit(predicate: str, subject: Arg | None, objs: list[Arg | None], i: int) -> list[Rel]:
    if subject is None:
        return []
    return [Rel(predicate, subject, o, When("state"), "assert", None, 0.7, {}, i) for o in objs
            if o is not None and o.kind != subject.kind or o is not None and o.kind == ENTITY]
