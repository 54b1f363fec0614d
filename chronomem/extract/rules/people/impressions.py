"""Impressions of people: LIKES / DISLIKES with a person as the object.

Tastes in things are the verb rules' (:mod:`~chronomem.extract.rules.verbs.relations`), which leave people out: "I
love my team" or a passing "love you!" is no lasting fact. A person is liked or disliked here only when a statement
says so outright: a feeling stated with the one who feels it as the subject, in any chat ("I adore Nora", "I can't
stand Vic", "I really miss Tomas", "I'm crazy about her", "my feelings for Tomas", "you're one of my favourite
people", "the Hawks rule!", "You idiot!"); or praise and blame ("you're so talented", "he's so cute", "Tomas is such
a jerk"), which between two people is politeness and so resolves only in a chat of three or more (the arg kinds
``GROUP_YOU``, ``GROUP_PRONOUN``, ``GROUP_NAME``), unless given as the speaker's own opinion ("I think you're
amazing", "I think Nina is lovely") or as an insult noun ("he's a creep"). Not negations, modals and wishes,
commands, someone else's opinion ("you think you're so perfect"), several people ("you guys are great"); a reason
("because I miss him") and a verb of knowing ("you know I love you") state the feeling. Words: ``people.json``,
``dialogue.json``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.accept import is_role_head
from chronomem.extract.clauses.args import DocIndex, first_named, name_arg, ner_person, person_arg, pronoun_arg
from chronomem.extract.clauses.hygiene import in_title
from chronomem.extract.clauses.records import (
    CALLED,
    ENTITY,
    GAZETTEER,
    GROUP_NAME,
    GROUP_PRONOUN,
    GROUP_YOU,
    SPEAKER,
    YOU,
    Arg,
    Rel,
    holds,
)
from chronomem.extract.clauses.stance import (
    blocked,
    blocked_praise,
    coming_feeling,
    my_opinion,
    negated,
    predicate_adjective,
    stated,
    subject_of,
    with_can,
    you_all,
)
from chronomem.extract.clauses.tree import owned_pet, plus_conjuncts, poss_of, prep_objects
from chronomem.extract.lexicon import DIALOGUE, OPEN, PEOPLE
from chronomem.extract.rules.people.kin import kin_of, named_token
from chronomem.extract.rules.people.who import person_in


def impression_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """LIKES / DISLIKES of a person by a verb, adjective or noun of liking, or by praise (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        low, lemma = tok.lower_, tok.lemma_.lower()
        if tok.pos_ == "VERB" and lemma in PEOPLE.liking_verbs and not in_title(tok):
            out += _verb(tok, PEOPLE.liking_verbs[lemma], idx)
        elif tok.pos_ == "VERB" and lemma in OPEN.cannot_tastes and negated(tok) and any(c.lower_ in L.CAN_FORMS for c in tok.children):
            out += _verb(tok, "DISLIKES", idx, negation_ok=True)  # "I can't stand him", "I can't bear her"
        elif tok.pos_ == "ADJ" and low in PEOPLE.liking_adjectives and tok.dep_ == "acomp":
            out += _with_prep(tok, tok.head, PEOPLE.liking_adjectives[low], idx)
        elif tok.pos_ == "NOUN" and lemma in PEOPLE.liking_nouns:
            if (verb := _governing_verb(tok)) is not None:
                out += _with_prep(tok, verb, PEOPLE.liking_nouns[lemma], idx)
        elif tok.pos_ == "ADJ" and low in PEOPLE.praise_adjectives and (acomp := predicate_adjective(tok)) is not None:
            out += _praise(acomp, PEOPLE.praise_adjectives[low])
        elif tok.dep_ == "attr" and tok.pos_ == "NOUN":
            praise = _praise_of(tok)
            if praise is not None and all(c.lower_ == "my" for c in tok.children if c.dep_ == "poss"):
                out += _praise(tok, praise)
    return out


def feeling_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """LIKES / DISLIKES by missing, a feeling owned, a favourite, a cheer, an insult, or a named person's praise."""
    out: list[Rel] = []
    for tok in sent:
        pos, dep, low, lemma = tok.pos_, tok.dep_, tok.lower_, tok.lemma_.lower()
        if pos == "VERB" and lemma in DIALOGUE.missing_verbs:
            out += _missing(tok, DIALOGUE.missing_verbs[lemma], idx)
        elif pos == "VERB" and lemma in DIALOGUE.dwelling_verbs and dep == "xcomp":
            out += _dwelling(tok, DIALOGUE.dwelling_verbs[lemma], idx)
        elif pos == "NOUN" and lemma in DIALOGUE.feeling_nouns:
            out += _owned_feeling(tok, DIALOGUE.feeling_nouns[lemma], idx)
        elif low in PEOPLE.praise_adjectives and (acomp := predicate_adjective(tok)) is not None:
            out += _named_praise(acomp, PEOPLE.praise_adjectives[low], idx)
        elif low in DIALOGUE.favorite_words and dep == "amod":
            out += _favorite(tok, idx)
        elif dep == "ROOT" and low in DIALOGUE.cheers:
            out += _cheered(tok, idx)
        elif dep == "ROOT" and (called := _called_word(tok)) in PEOPLE.praise_nouns:
            out += _called(tok, PEOPLE.praise_nouns[called])
        elif dep == "attr" and pos == "NOUN":
            praise = _praise_of(tok)
            if praise is not None and not any(c.dep_ == "poss" for c in tok.children):
                out += _named_praise(tok, praise, idx)
    return out


def _praise_of(noun: Token) -> str | None:
    """The impression a noun gives, by itself ("hero", "jerk") or by its adjective ("a great actress")."""
    adjectives = PEOPLE.praise_adjectives
    return PEOPLE.praise_nouns.get(noun.lemma_.lower()) or next(
        (adjectives[a.lower_] for a in noun.children if a.dep_ == "amod" and a.lower_ in adjectives), None)


# ----------------------------------------------------------------------------- stated or not
def _governing_verb(noun: Token) -> Token | None:
    """"has a crush on", "is a big fan of", "is in love with": the verb the noun hangs from."""
    head = noun.head
    if noun.dep_ in ("dobj", "attr") and head.lemma_ in PEOPLE.liking_noun_verbs:
        return head
    if noun.dep_ == "pobj" and head.lower_ == "in" and head.head.lemma_ in ("be", "fall"):
        return head.head  # "in love with"
    return None


# ----------------------------------------------------------------------------- who
def _named(tok: Token, idx: DocIndex) -> Arg | None:
    """A named person (not a gazetteer place, tool or company; a known first name NER took for a place is one)."""
    arg = name_arg(tok, idx) if tok.pos_ == "PROPN" else None
    if arg is None or arg.kind != ENTITY or arg.strength >= GAZETTEER:
        return None
    return arg.typed("PERSON") if arg.label == "PERSON" or first_named(arg) else None


def is_person_noun(tok: Token) -> bool:
    """A noun for a person, kin, a role or a person word ("my coworker", "my boss", "my neighbors"), not a pet."""
    kin = kin_of(tok)
    return tok.pos_ == "NOUN" and (kin[0] != "pet" if kin else tok.lemma_.lower() in L.PERSON_NOUNS or is_role_head(tok))


def someone_of_mine(tok: Token, idx: DocIndex) -> bool:
    """A person said by a noun: named ("my landlord Victor", "coach Priya"), someone's ("my coworker",
    "our neighbors": a placeholder, no taste), one pointed at ("I love the librarian") or a class of people
    ("I love teachers", "I hate lawyers"); not a thing ("the vacuum cleaner")."""
    return named_by_role(tok, idx) is not None or is_person_noun(tok) and (
        tok.tag_ == "NNS" or any(c.dep_ == "poss" for c in tok.children) or any(c.dep_ == "det" for c in tok.children)
        and not any(c.dep_ == "compound" for c in tok.children))  # (not "the vacuum cleaner": a thing)


def named_by_role(tok: Token, idx: DocIndex) -> Arg | None:
    """The person a role or kin noun names right after it: "my landlord Victor", "my coach Priya" → the name
    (the syntax says it is a person, whatever NER made of it); ``None`` for a pet ("my dog Rex"), no name, or a
    name owning what is meant ("my coworker Sam's cooking")."""
    if not is_person_noun(tok):
        return None
    name = named_token(tok, idx)
    if name is None or name.i + 1 < len(tok.doc) and tok.doc[name.i + 1].tag_ == "POS":
        return None  # "my coworker Sam's cooking": what is Sam's
    return person_arg(name, idx, trust_ner=False)


def _liked(tok: Token, idx: DocIndex) -> Arg | None:
    """A name NER calls a person ("I adore Nora"), or the one a role noun names ("my landlord Victor"); not a
    pet's ("I adore my dog Rex." with "dog" a modifier of "Rex": its HAS_PET says it)."""
    if tok.pos_ == "PROPN":
        return None if owned_pet(tok) else ner_person(tok, idx)
    return named_by_role(tok, idx)


# who feels: "I", he/she, a name, or the listener ("you're in love with her"); whom: a named PERSON, him/her,
# "you" ("a big fan of yours") or "me"; whom one misses: a name, him/her, or "you" among several people; who
# misses or owns a feeling: "I", he/she, "his", or a named person; the speaker's favourite: "you", he/she or a name
_FEELER = partial(person_in, words="feeler", named=_named, several=you_all)
_LIKED = partial(person_in, words="liked", named=_liked, several=you_all)
_MISSED = partial(person_in, words="missed", named=_named, you_kind=GROUP_YOU, several=you_all)
_HOLDER = partial(person_in, words="holder", named=_named)
_FAVOURITE = partial(person_in, words="favourite", named=_named, several=you_all)


def _emit(predicate: str, holder: Arg | None, objs: list[Arg | None], i: int, *, confidence: float = 0.7,
          same_name: bool = True) -> list[Rel]:
    """``holder predicate o`` for each person ``o`` (``same_name``: also an entity of the holder's name)."""
    if holder is None:
        return []
    return [holds(predicate, holder, o, i, confidence) for o in objs
            if o is not None and (o.kind != holder.kind or o.kind == ENTITY and (same_name or o.name != holder.name))]


# ----------------------------------------------------------------------------- verbs, adjectives and nouns of liking
def _verb(verb: Token, predicate: str, idx: DocIndex, *, negation_ok: bool = False) -> list[Rel]:
    if (negated(verb) or blocked(verb)) and not negation_ok:
        return []
    objs = plus_conjuncts([c for c in verb.children if c.dep_ == "dobj"])
    # a verb with its subject said ("I love you", "I hate you") states the feeling in any chat; the
    # formula "love you!" has no subject and says nothing
    return _emit(predicate, _FEELER(subject_of(verb), idx), [_LIKED(o, idx) for o in objs], verb.i)


def _with_prep(word: Token, verb: Token, predicate: str, idx: DocIndex) -> list[Rel]:
    """"I'm crazy about Nora", "she's mad at him"; denied, a taste of ``denied_tastes`` is a dislike ("I'm not
    fond of Vic", "I'm not a big fan of him"; not "I'm not mad at you", "I don't have a crush on her")."""
    if negated(verb) and predicate == "LIKES" and word.lemma_.lower() in OPEN.denied_tastes:
        predicate = "DISLIKES"
    elif negated(verb):
        return []
    if blocked(verb) or verb.lemma_ not in PEOPLE.liking_noun_verbs and verb.lemma_ != "fall":
        return []
    objs = prep_objects(word, *PEOPLE.liking_preps)
    if word.dep_ == "pobj":  # "in love with": the preposition hangs from "love" or from "in"
        objs += prep_objects(word.head, *PEOPLE.liking_preps)
    return _emit(predicate, _FEELER(subject_of(verb), idx), [_LIKED(o, idx) for o in objs], word.i)


def _missing(verb: Token, prep: str, idx: DocIndex) -> list[Rel]:
    """"I miss Tomas", "she really cares about him"; to come too: "I'm gonna miss you", "I'll miss her"."""
    feels = verb if stated(verb) else coming_feeling(verb)
    if feels is None:
        return []
    objs = plus_conjuncts(prep_objects(verb, prep) if prep else [c for c in verb.children if c.dep_ == "dobj"])
    holder = _HOLDER(subject_of(feels), idx)
    missed = [_MISSED(o, idx) for o in objs]
    return _emit("LIKES", holder, missed if feels is verb else _named_listener(missed), verb.i, confidence=0.6,
                 same_name=False)


def _named_listener(args: list[Arg | None]) -> list[Arg | None]:
    """"I'll miss you", "I can't stop thinking about you": said to one of several, read only when the turn names
    them ("Bo, I'll miss you"), never guessed as the last one who spoke."""
    return [replace(a, type=CALLED) if a is not None and a.kind == GROUP_YOU else a for a in args]


def _dwelling(verb: Token, prep: str, idx: DocIndex) -> list[Rel]:
    """"I can't stop thinking about Tomas": a thought of a person one cannot stop (not "I couldn't stop thinking
    about him" nor "I can stop thinking about her", "you can't stop thinking about him")."""
    stop = verb.head
    if stop.lemma_.lower() not in DIALOGUE.dwelling_stops or not negated(stop) or not with_can(stop) or not (
            stop.dep_ in ("ROOT", "conj") or my_opinion(stop)):
        return []
    objs = plus_conjuncts(prep_objects(verb, prep))
    return _emit("LIKES", _HOLDER(subject_of(stop), idx), _named_listener([_MISSED(o, idx) for o in objs]), verb.i,
                 confidence=0.6, same_name=False)


def _owned_feeling(noun: Token, preps: tuple[str, ...], idx: DocIndex) -> list[Rel]:
    """"my feelings for Tomas", "her crush on him" (whatever the clause around it does with the feeling)."""
    holder = _HOLDER(poss_of(noun), idx)
    if holder is None or any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children) or negated(noun.head):
        return []  # "I have no feelings for him", "I don't have feelings for her"
    objs = prep_objects(noun, *preps)
    doc = noun.doc
    if not objs and noun.i + 2 < len(doc) and doc[noun.i + 1].lower_ in preps:
        objs = [doc[noun.i + 2]]  # "my feelings for Tomas get in the way": the parser made "for" a conjunction
    return _emit("LIKES", holder, [_MISSED(o, idx) for o in objs], noun.i, confidence=0.6, same_name=False)


# ----------------------------------------------------------------------------- praise, favourites, cheers, insults
def _praise(word: Token, predicate: str) -> list[Rel]:
    """"you're so talented", "he's cute", "you're my hero": the speaker's impression of the listener or he/she."""
    verb = word.head
    if verb.lemma_ not in PEOPLE.praise_verbs or negated(verb) or blocked_praise(verb):
        return []
    subj = subject_of(verb)
    several = word.tag_ == "NNS" or any(c.lower_ in ("both", "all") for c in (*verb.children, *word.children))
    if subj is None or subj.tag_ != "PRP" or several:
        return []  # "you are both idiots": several people
    obj: Arg | None = None
    told = _told(word, predicate)
    if subj.lower_ == "you" and not you_all(subj):
        obj = Arg(YOU if told else GROUP_YOU, subj.i)
    elif subj.lower_ in ("he", "she"):
        pron = pronoun_arg(subj)
        obj = pron if told or pron is None else Arg(GROUP_PRONOUN, subj.i, name=pron.name, gender=pron.gender)
    return [] if obj is None else [holds(predicate, Arg(SPEAKER, word.i), obj, word.i)]


def _named_praise(word: Token, predicate: str, idx: DocIndex) -> list[Rel]:
    """"Tomas is so sweet", "my uncle Gustavo is so sweet": the speaker's impression of a named person (in a group; or
    :func:`_told`, "Nina is such a jerk")."""
    verb = word.head
    if verb.lemma_ not in DIALOGUE.named_praise_verbs or not stated(verb) or word.tag_ == "NNS":
        return []
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if len(subjects) != 1 or any(c.dep_ == "conj" for c in subjects[0].children):
        return []
    named = _named(subjects[0], idx) or named_by_role(subjects[0], idx)  # "my uncle Gustavo is so rude"
    if named is None:
        return []
    obj = named if _told(word, predicate) else replace(named, kind=GROUP_NAME)
    return [holds(predicate, Arg(SPEAKER, word.i), obj, word.i)]


def _told(word: Token, predicate: str) -> bool:
    """Praise or blame that is a fact in a chat of two too: the speaker's own opinion ("I think Nina is lovely"), an
    insult noun ("you're such a liar", "Omar is a total creep"), which is no politeness (as "You idiot!"), or blame
    of someone not spoken to ("Omar is so rude", "he's so annoying"; "you're so annoying" may be teasing)."""
    subj = subject_of(word.head)
    return my_opinion(word.head) or predicate == "DISLIKES" and (
        word.pos_ == "NOUN" or subj is not None and subj.lower_ != "you")


def _favorite(word: Token, idx: DocIndex) -> list[Rel]:
    """"You're my favourite person", "Tomas is one of my favorite people": the speaker likes them."""
    noun = word.head
    if noun.lemma_.lower() not in DIALOGUE.favorite_people or not any(
            c.dep_ == "poss" and c.lower_ == "my" for c in noun.children):
        return []
    attr = noun
    if noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.lower_ == "one":
        attr = noun.head.head  # "one of my favorite people"
    verb = attr.head
    if attr.dep_ != "attr" or verb.lemma_ != "be" or not stated(verb):
        return []
    liked = _FAVOURITE(subject_of(verb), idx)
    return _emit("LIKES", Arg(SPEAKER, word.i), [liked], word.i, confidence=0.6, same_name=False)


def _cheered(word: Token, idx: DocIndex) -> list[Rel]:
    """"The Hawks rule!", "Tomas rocks!": the whole clause a cheer for a name (not "you rock", "that rocks",
    "the court rules on it")."""
    if word.pos_ == "VERB" and word.tag_ not in ("VBP", "VBZ"):
        return []
    named = [c for c in word.children if c.dep_ in ("nsubj", "compound") and c.pos_ == "PROPN" and c.i < word.i]
    rest = [c for c in word.children if c.dep_ not in ("nsubj", "compound", "det", "punct", "intj", "cc", "advmod")]
    if len(named) != 1 or any(not (c.dep_ == "dobj" and c.lower_ == "all") for c in rest) or any(
            c.lower_ == "never" for c in word.children):
        return []
    arg = name_arg(named[0], idx)
    if arg is None or arg.kind != ENTITY or not arg.name:
        return []
    return [holds("LIKES", Arg(SPEAKER, word.i), arg, word.i)]


def _called_word(tok: Token) -> str:
    """A root noun's lemma, or the word of a noun tagged as a verb ("You idiot!")."""
    return tok.lemma_.lower() if tok.pos_ == "NOUN" else tok.lower_ if tok.pos_ == "VERB" else ""


def _called(noun: Token, predicate: str) -> list[Rel]:
    """"You idiot!": "you" before the noun, and no verb (an insult in any chat, praise only in a group)."""
    you = [c for c in noun.children if c.dep_ in ("nsubj", "dep", "compound", "nmod") and c.lower_ == "you"]
    if len(you) != 1 or you[0].i != noun.i - 1 or noun.tag_ == "NNS" or any(c.pos_ in ("VERB", "AUX") and c.i != noun.i for c in noun.sent):
        return []
    listener = Arg(YOU if predicate == "DISLIKES" else GROUP_YOU, you[0].i)
    return [holds(predicate, Arg(SPEAKER, noun.i), listener, noun.i)]
