"""Small walks of the dependency tree that many rules share."""

from __future__ import annotations

from collections.abc import Collection

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import OPEN


def dep_child(head: Token, *deps: str) -> Token | None:
    """The first child of ``head`` hung on it as one of ``deps`` ("nsubj", "dobj", …; ``None`` when none is)."""
    return next((c for c in head.children if c.dep_ in deps), None)


def word_or_lemma_in(tok: Token, words: Collection[str]) -> bool:
    """``tok`` as written or its lemma is one of ``words``: "kids" or "kid" of ``child_nouns``."""
    return tok.lower_ in words or tok.lemma_.lower() in words


def prep_objects(head: Token, *words: str) -> list[Token]:
    """The objects of ``head``'s prepositions, of those among ``words`` when any are given: "friends with
    Tomas" → Tomas."""
    return [p for c in head.children if c.dep_ == "prep" and (not words or c.lower_ in words)
            for p in c.children if p.dep_ == "pobj"]


def verb_above(tok: Token, steps: int = 8) -> Token | None:
    """``tok`` if it is a verb, else the nearest verb above it within ``steps`` heads (``None`` when none is)."""
    for _ in range(steps):
        if tok.pos_ in ("VERB", "AUX"):
            return tok
        if tok.head is tok:
            return None
        tok = tok.head
    return None


def poss_of(tok: Token) -> Token | None:
    """The possessive hung on ``tok``: "my" of "my sister", "Tom's" of "Tom's wife", also when the parser hung it on a
    kin prefix ("my half-brother" as "my half-" + "brother"; ``None`` when there is none)."""
    prefixes = [c for c in tok.children if c.dep_ in ("compound", "amod") and c.lower_ in L.KIN_PREFIXES]
    return next((c for t in (tok, *prefixes) for c in t.children if c.dep_ == "poss"), None)


def someone_elses(tok: Token) -> bool:
    """A thing a named or noun owner has ("Sam's cooking", "my sister's garden"), also when the parser hung
    it as the apposition of a role noun ("my coworker Sam's cooking": "coworker" + "Sam's cooking")."""
    return any(c.dep_ == "poss" and c.pos_ in ("PROPN", "NOUN") for c in tok.children) or any(
        c.dep_ == "appos" and poss_of(c) is not None for c in tok.children)


def plus_conjuncts(toks: list[Token]) -> list[Token]:
    """``toks``, then their own conjuncts ("Tomas and Lena": Tomas, then Lena)."""
    return toks + [c for t in toks for c in t.children if c.dep_ == "conj"]


def nearest_subject(verb: Token, before: Token) -> Token | None:
    """The subject of ``verb`` nearest before ``before``: "Ada, you're a nurse" may parse the vocative as a
    second subject."""
    return max((c for c in verb.children if c.dep_ == "nsubj" and c.i < before.i), key=lambda c: c.i, default=None)


#: What follows a space in a pet noun of more than one word ("shepherd" of "german shepherd"): a word only these end.
_PET_LAST_WORDS = frozenset(pet[k + 1:] for pet in L.PET_NOUNS for k, c in enumerate(pet) if c == " ")


def is_pet_noun(tok: Token) -> bool:
    """``tok`` names a kind of pet (``pet_nouns``), alone ("beagle"), with the word before it ("german shepherd") or
    before a word of mixed breed ("a beagle mix"); not a thing made like one ("a stuffed rabbit", "a robot dog")."""
    lemma = tok.lemma_.lower()
    if not (lemma in L.PET_NOUNS or lemma in L.PET_MIX_NOUNS and any(
            c.dep_ in ("compound", "amod") and c.i == tok.i - 1 and is_pet_noun(c) for c in tok.children)
            or lemma in _PET_LAST_WORDS and tok.i > 0 and f"{tok.doc[tok.i - 1].lower_} {lemma}" in L.PET_NOUNS
            and tok.doc[tok.i - 1].head.i in (tok.i, tok.head.i)):  # "my german shepherd Rex": "german" may hang on the name
        return False  # (the word first: most tokens are no pet noun)
    return not any(c.i < tok.i and c.lower_ in L.NOT_ANIMAL_MODIFIERS for c in tok.children)


def owned_pet(tok: Token) -> bool:
    """A pet said with its owner, named or not: "my dog", "our puppy Bo" (its HAS_PET says it; loving it is
    no taste for a kind of thing); not "dogs", "dog walks"."""
    pets = [t for t in (tok, *(c for c in tok.children if c.dep_ == "compound" and c.i < tok.i)) if is_pet_noun(t)]
    return any(c.dep_ == "poss" for t in (tok, *pets) for c in t.children) and bool(pets)


def is_activity(tok: Token, *, subject: bool = False) -> bool:
    """An activity said as an -ing word: "running", "birdwatching"; as an object only a bare one (not "a
    meeting"), as a subject also "Playing chess" parsed with the gerund as a modifier of the noun."""
    ing = tok.pos_ == "NOUN" and tok.lower_.endswith("ing")
    bare = not any(c.dep_ in ("det", "poss") for c in tok.children)
    return tok.tag_ == "VBG" or (ing and (subject or bare)) or (
        subject and any(c.dep_ == "amod" and c.tag_ == "VBG" and c.i < tok.i for c in tok.children))


def possession_noun(tok: Token) -> bool:
    """A thing one owns by having it: "a kayak", "board games", "comics" (whatever the lemmatizer made of it), "a
    record player" (``possession_nouns``)."""
    words = {tok.lemma_.lower(), tok.lower_, tok.lower_.removesuffix("s")}
    words |= {f"{c.lower_} {w}" for c in tok.children if c.dep_ == "compound" for w in tuple(words)}  # "record player"
    return bool(words & L.OPEN.possession_nouns)


def aspect_whole(tok: Token) -> Token | None:
    """The whole a quality is liked of ("the plot of Dune": Dune; "the humor and gadgets of Batman": Batman, once:
    ``aspect_nouns``); ``None`` for a quality of something said before ("the acting", "the plot and characters");
    any other thing as it is ("acting" bare may be a pastime)."""
    if tok.lower_ not in OPEN.aspect_nouns:
        return tok
    whole = next(iter(prep_objects(tok, "of")), None)
    if whole is not None:
        return whole
    pointed = any(c.dep_ in ("det", "poss") for c in tok.children)
    return None if pointed or tok.dep_ == "conj" and tok.head.lower_ in OPEN.aspect_nouns else tok
