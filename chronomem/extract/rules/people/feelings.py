"""Feelings for a person that the impression rules (:mod:`chronomem.extract.rules.people.people_tastes`) do not read.

* missing or caring for someone: "I really miss Tomas", "she cares about him" → the subject LIKES
  them (a named person, he/she, or "you" among several people);
* a feeling owned by someone: "I let my feelings for Tomas get in the way", "his crush on Nina" →
  the owner LIKES the person (whatever the clause around it does with the feeling, the phrase
  states it);
* an insult or praise said to the listener with no verb: "You idiot!", "you genius" → the speaker
  DISLIKES the listener in any chat (an insult is no politeness), LIKES them only in a group;
* a cheer for a name: "the Hawks rule!", "Tomas rocks!" → the speaker LIKES it (in any chat);
* praise or blame of a named person, among several people: "Tomas is so sweet", "Nina is such a
  jerk", "Omar seems nice" → the speaker LIKES (DISLIKES) them. Between two people praise is
  politeness (as in :mod:`~chronomem.extract.rules.people.people_tastes`), so it resolves only in a group.

Not: negations ("I don't miss him"), modals and wishes ("you'll miss her", "I'd miss you"), clauses
under another verb ("to care about him"), several people ("you guys"), nor praise of a thing
("the soup is great": the subject must be a name NER or the syntax gives to a person). Questions and
hypotheticals never reach these rules. The words are data: ``chronomem/data/lexicon/dialogue.json``.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, name_arg, pronoun_arg
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, PRONOUN, SPEAKER, YOU, Arg, Rel, When
from chronomem.extract.lexicon import load_lexicon
from chronomem.extract.rules.people.people_tastes import GROUP_NAME, GROUP_YOU, first_named, predicate_adjective, subject_of, taken_as_true

DIALOGUE = load_lexicon("dialogue")
PEOPLE = load_lexicon("people")


def feeling_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """LIKES / DISLIKES of a person (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        pos, dep, low, lemma = tok.pos_, tok.dep_, tok.lower_, tok.lemma_.lower()
        if pos == "VERB" and lemma in DIALOGUE.missing_verbs:
            out += _missing(tok, DIALOGUE.missing_verbs[lemma], idx)
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
            praise = PEOPLE.praise_nouns.get(lemma) or next(
                (PEOPLE.praise_adjectives[a.lower_] for a in tok.children
                 if a.dep_ == "amod" and a.lower_ in PEOPLE.praise_adjectives), None)
            if praise is not None and not any(c.dep_ == "poss" for c in tok.children):
                out += _named_praise(tok, praise, idx)
    return out


def _stated(verb: Token) -> bool:
    """A feeling stated as a fact: not negated, no modal, not a clause under another verb (but for the
    speaker's own opinion, a reason or a comparison: "because I miss him")."""
    if any(c.dep_ == "neg" or c.tag_ == "MD" or c.lower_ == "to" for c in verb.children):
        return False
    return verb.dep_ not in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj", "ccomp") or _my_opinion(verb) or \
        verb.dep_ == "advcl" and taken_as_true(verb)


def _my_opinion(verb: Token) -> bool:
    """"I think Tomas is great": a clause under the speaker's own "think"."""
    head = verb.head
    return verb.dep_ == "ccomp" and head.lemma_ in ("think", "find", "believe") and \
        not any(c.dep_ == "neg" for c in head.children) and \
        any(c.dep_ == "nsubj" and c.lower_ == "i" for c in head.children)


def _several(tok: Token) -> bool:
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    several = DIALOGUE.several_listeners
    return any(c.lower_ in several for c in tok.children) or (nxt is not None and nxt.lower_ in several)


def _named(tok: Token, idx: DocIndex) -> Arg | None:
    """A named person (not a gazetteer place, tool or company; a known first name NER took for a place is one)."""
    if tok.pos_ != "PROPN":
        return None
    arg = name_arg(tok, idx)
    if arg is None or arg.kind != ENTITY or arg.strength >= GAZETTEER:
        return None
    return arg.typed("PERSON") if arg.label == "PERSON" or first_named(arg) else None


def _person(tok: Token, idx: DocIndex) -> Arg | None:
    """The person a feeling is for: a name, him/her, or "you" among several people."""
    low = tok.lower_
    if low in ("you", "yours"):
        return None if _several(tok) else Arg(GROUP_YOU, tok.i)
    if low in ("him", "her") and tok.tag_ == "PRP":
        return pronoun_arg(tok)
    return _named(tok, idx)


def _holder(tok: Token, idx: DocIndex) -> Arg | None:
    """Who feels: "I", he/she, or a named person."""
    arg = pronoun_arg(tok)
    if arg is not None:
        return arg if arg.kind == SPEAKER or arg.kind == PRONOUN and tok.lower_ in L.THIRD_SINGULAR_HOLDERS else None
    return _named(tok, idx)


def _missing(verb: Token, prep: str, idx: DocIndex) -> list[Rel]:
    """"I miss Tomas", "she really cares about him"."""
    if not _stated(verb):
        return []
    subj = subject_of(verb)
    holder = _holder(subj, idx) if subj is not None else None
    if holder is None:
        return []
    if prep:
        objs = [p for c in verb.children if c.dep_ == "prep" and c.lower_ == prep
                for p in c.children if p.dep_ == "pobj"]
    else:
        objs = [c for c in verb.children if c.dep_ == "dobj"]
    objs += [c for o in objs for c in o.children if c.dep_ == "conj"]
    return _emit("LIKES", holder, [_person(o, idx) for o in objs], verb.i)


def _owned_feeling(noun: Token, preps: tuple[str, ...], idx: DocIndex) -> list[Rel]:
    """"my feelings for Tomas", "her crush on him"."""
    owner_tok = next((c for c in noun.children if c.dep_ == "poss"), None)
    holder = _holder(owner_tok, idx) if owner_tok is not None else None
    if holder is None or _negated_above(noun):
        return []
    objs = [p for c in noun.children if c.dep_ == "prep" and c.lower_ in preps for p in c.children if p.dep_ == "pobj"]
    doc = noun.doc
    if not objs and noun.i + 2 < len(doc) and doc[noun.i + 1].lower_ in preps:
        objs = [doc[noun.i + 2]]  # "my feelings for Tomas get in the way": the parser made "for" a conjunction
    return _emit("LIKES", holder, [_person(o, idx) for o in objs], noun.i)


def _negated_above(noun: Token) -> bool:
    """"I have no feelings for him", "I don't have feelings for her"."""
    return any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children) or \
        any(c.dep_ == "neg" for c in noun.head.children)


def _named_praise(word: Token, predicate: str, idx: DocIndex) -> list[Rel]:
    """"Tomas is so sweet", "Nina is such a jerk": the speaker's impression of a named person (in a group)."""
    verb = word.head
    if verb.lemma_ not in DIALOGUE.named_praise_verbs or not _stated(verb) or word.tag_ == "NNS":
        return []
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if len(subjects) != 1 or any(c.dep_ == "conj" for c in subjects[0].children):
        return []
    named = _named(subjects[0], idx)
    if named is None:
        return []
    obj = Arg(GROUP_NAME, named.i, named.name, named.type, named.strength, named.gender, named.aliases, named.label)
    return [Rel(predicate, Arg(SPEAKER, word.i), obj, When("state"), "assert", None, 0.6, {}, word.i)]


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
    if attr.dep_ != "attr" or verb.lemma_ != "be" or not _stated(verb):
        return []
    subj = subject_of(verb)
    if subj is None:
        return []
    if subj.lower_ == "you":
        liked = None if _several(subj) else Arg(YOU, subj.i)
    else:
        holder = _holder(subj, idx)  # he/she or a name
        liked = holder if holder is not None and holder.kind != SPEAKER else None
    return _emit("LIKES", Arg(SPEAKER, word.i), [liked], word.i)


def _cheered(word: Token, idx: DocIndex) -> list[Rel]:
    """"The Hawks rule!", "Tomas rocks!": a cheer for a name, the whole clause → the speaker likes it (the
    parser may make the name a compound of the word). Not "you rock" (praise), "that rocks" (no name)
    nor "the court rules on it" (more than the cheer)."""
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
    return [Rel("LIKES", Arg(SPEAKER, word.i), arg, When("state"), "assert", None, 0.6, {}, word.i)]


def _called_word(tok: Token) -> str:
    """The noun a root word is: its lemma, or the word itself when the tagger took it for a verb ("You
    idiot!" parsed as "you" + a verb "idiot")."""
    return tok.lemma_.lower() if tok.pos_ == "NOUN" else tok.lower_ if tok.pos_ == "VERB" else ""


def _called(noun: Token, predicate: str) -> list[Rel]:
    """"You idiot!": "you" before the noun, and no verb."""
    you = [c for c in noun.children if c.dep_ in ("nsubj", "dep", "compound", "nmod") and c.lower_ == "you"]
    if len(you) != 1 or you[0].i != noun.i - 1 or noun.tag_ == "NNS" or any(c.pos_ in ("VERB", "AUX") and c.i != noun.i for c in noun.sent):
        return []
    listener = Arg(YOU if predicate == "DISLIKES" else GROUP_YOU, you[0].i)
    return [Rel(predicate, Arg(SPEAKER, noun.i), listener, When("state"), "assert", None, 0.6, {}, noun.i)]


def _emit(predicate: str, holder: Arg, objs: list[Arg | None], i: int) -> list[Rel]:
    return [Rel(predicate, holder, o, When("state"), "assert", None, 0.6, {}, i) for o in objs
            if o is not None and (o.kind != holder.kind or o.kind == ENTITY and o.name != holder.name)]

