"""A pet, a child or a friend named in the turn that introduces it ("We got a puppy! This is Biscuit.", "Our
one-year-old is a joy, his name is Kyle", "My dog is a husky named Storm"), and the names a turn introduces
("this is X", "meet X", "his name is X": :func:`introduced_names`, which the couple and kin rules read too).
"""

from __future__ import annotations

import re

from spacy.strings import get_string_id
from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, doc_words
from chronomem.extract.clauses.records import ENTITY, GUESS, SPEAKER, Arg, Rel, holds
from chronomem.extract.clauses.stance import negated
from chronomem.extract.clauses.tree import dep_child, is_pet_noun, word_or_lemma_in
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.possessives import mine
from chronomem.extract.rules.people.kin import a_name

_NAMING_WORDS = frozenset(get_string_id(w.split()[-1]) for w in L.PET_NOUNS | frozenset(OPEN.child_nouns)
                          | frozenset(OPEN.friend_nouns))
_AGED = re.compile(r"\b(?:my|our) (?:\w+-)+(?:year|month|week)-old\b")


def naming_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """A pet, a child or a friend named in the turn that introduces it: "We got a puppy! This is Biscuit.", "Our
    one-year-old is a joy, his name is Kyle", "I made a new friend at the gym, her name is Priya"."""
    text = doc.text.lower()
    if doc_words(doc).isdisjoint(_NAMING_WORDS) and not _AGED.search(text) and not any(p in text for p in OPEN.newcomer_phrases):
        return []  # a cheap gate: most turns name no pet nor child
    pets = [t for t in doc if t.pos_ == "NOUN" and is_pet_noun(t)]
    if pets and all(_someone_elses(t) for t in pets):
        return []  # "My colleague Adam got a cat; it's called Maple": Adam's pet
    pet = bool(pets) or any(p in text for p in OPEN.newcomer_phrases)
    child = any(word_or_lemma_in(t, OPEN.child_nouns) and mine(t) is not None for t in doc) or bool(
        _AGED.search(text))  # "our one-year-old"
    friend = any(_my_friend(t) for t in doc)
    if not (pet or child or friend):
        return []
    out = []
    for name in introduced_names(doc):
        if pet:
            out.append(holds("HAS_PET", Arg(SPEAKER, name.i), Arg(ENTITY, name.i, name.text, "PET", GUESS), name.i))
            continue
        last = _person_before(name)  # whose name it is (not "My son has a friend over. His name is Max")
        befriended = last is not None and _my_friend(last)
        if child and (last is None or word_or_lemma_in(last, OPEN.child_nouns)) or befriended:  # ("My sons are twins, they're called …")
            person = Arg(ENTITY, name.i, name.text, "PERSON", GUESS)
            out.append(holds("FRIEND_OF" if befriended else "PARENT_OF", Arg(SPEAKER, name.i), person, name.i))
    return out


def _my_friend(tok: Token) -> bool:
    """"my friend", "a new friend": one friend of the speaker's."""
    return tok.lemma_.lower() in OPEN.friend_nouns and tok.tag_ == "NN" and any(
        (c.dep_ == "poss" and c.lower_ in ("my", "our")) or (c.dep_ == "amod" and c.lower_ == "new") for c in tok.children)


def _person_before(name: Token) -> Token | None:
    """The person noun nearest before ``name``: whom "her name is Priya" names ("a new friend …, her name is
    Priya"; not "my friend got a new boss, his name is Tom": the boss)."""
    return next((t for t in reversed(name.doc[:name.i]) if t.pos_ == "NOUN" and t.dep_ != "attr" and (  # ("are twins")
        t.lemma_.lower() in L.KIN or t.lower_ in OPEN.kin_possessions or t.lemma_.lower() in OPEN.friend_nouns)), None)


def _someone_elses(tok: Token) -> bool:
    """A pet someone other than the speaker owns or got: "Adam got a cat", "her parrot", "Lena's dog"."""
    if any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in tok.children):
        return True
    subj = dep_child(tok.head, "nsubj") if tok.dep_ == "dobj" else None
    return subj is not None and subj.lower_ not in ("i", "we") and subj.pos_ in ("PROPN", "NOUN")


def _this_pet(subj: Token) -> bool:
    """"This kitty (is Mittens)", "and this one (is Fitzhugh)": a pet, or "one", pointed at."""
    return (is_pet_noun(subj) or subj.lower_ == "one") and any(
        c.dep_ == "det" and c.lower_ in ("this", "that") for c in subj.children)


def introduced_names(doc: Doc) -> list[Token]:
    """Names introduced as "this is X", "this kitty is X", "meet X", "(his|her|its|their) name is X",
    "(he|she|it|they) is called X"."""
    out = []
    for tok in doc:
        said = tok.dep_ == "acomp" and tok.text[:1].isupper() and not tok.is_sent_start and any(
            c.dep_ == "nsubj" and c.lower_ == "name" for c in tok.head.children)  # "… name is Fluffy", read as an adjective
        if not a_name(tok) and not said:
            continue  # a name ("Kyle" tagged as a noun after "his name is" too)
        head = tok.head
        if (tok.dep_ == "attr" or (tok.dep_ == "acomp" and (tok.pos_ == "PROPN" or said))) and head.lemma_ == "be":
            subj = dep_child(head, "nsubj")
            if subj is None and head.i > 0 and doc[head.i - 1].lower_ == "name":
                subj = doc[head.i - 1]  # "I have a dog and his name is Max", parsed with "name" as a second object
            if subj is not None and (subj.lower_ in ("this", "that") or _this_pet(subj) or (
                    subj.lower_ == "name" and any(c.lower_ in L.THIRD_POSSESSIVES or _our_pet(c) for c in subj.children))):
                out.append(tok)  # "this is Kyle", "his name is Rex", "my cat's name is Pepper"
        elif tok.i > 0 and doc[tok.i - 1].lower_ == "meet" and doc[tok.i - 1].is_sent_start:
            out.append(tok)  # "Meet Pip!"
        elif tok.dep_ == "oprd" and head.lemma_ in OPEN.naming_words and any(
                c.dep_ == "nsubjpass" and (c.lower_ in L.THIRD_SUBJECTS or _our_pet(c)) for c in head.children):
            out += [t for t in (tok, *tok.conjuncts) if t.text[:1].isupper()]  # "She's called Luna", "my dog is named Rusty"
        elif tok.dep_ == "oprd" and head.lemma_ in OPEN.naming_words and head.dep_ == "acl" and (
                _named_fragment(head.head) or _my_pet_described(head.head)):
            out.append(tok)  # "I adopted a puppy! A beagle named Pickles."; "My dog is a husky named Storm"
    return out


def _my_pet_described(noun: Token) -> bool:
    """A pet noun said of the speaker's pet or of "he"/"she": "My dog is a husky named Storm" (not of Tom's dog: the
    turn's pets are checked to be the speaker's first)."""
    subj = dep_child(noun.head, "nsubj") if noun.dep_ == "attr" else None
    return subj is not None and noun.head.lemma_ == "be" and is_pet_noun(noun) and not negated(noun.head) and (
        _our_pet(subj) or subj.lower_ in L.THIRD_SUBJECTS)


def _named_fragment(noun: Token) -> bool:
    """A pet noun that is a sentence of its own after the speaker's pet was said ("We got a kitten. A tabby called
    Miso!"): it names that pet (not after "Tom adopted a puppy", nor with no pet before)."""
    before = [t for t in noun.doc[:noun.sent.start] if is_pet_noun(t) and t.pos_ == "NOUN"]
    return noun.dep_ == "ROOT" and is_pet_noun(noun) and bool(before) and not noun.sent.text.rstrip().endswith("?") and not any(
        map(_someone_elses, before)) and not any(c.dep_ == "poss" for c in noun.children)


def _our_pet(tok: Token) -> bool:
    """"my dog", "our cat('s name)": a pet noun the speaker owns, whose name the clause gives."""
    return is_pet_noun(tok) and mine(tok) is not None
