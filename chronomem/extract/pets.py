"""Pets arriving and leaving: "I brought home a puppy called Rex", "Muffin, my new rabbit, came
home with me", "I've had my tortoise Kiwi since May", "my parrot Domino passed away", "I had to
rehome my cat Fudge", "I gave my dog Rex to my parents".

A pet is HAS_PET only with a name (design §5): these rules find the name next to a pet noun
("my cat Fudge", "Fudge, my cat", "a cat named Fudge") wherever the parser hung it.
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.args import DocIndex, name_arg, person_arg
from chronomem.extract.frames import Frame
from chronomem.extract.nominal import _named, _owner, kin_of, kin_rels
from chronomem.extract.records import ENTITY, Arg, Rel, When
from chronomem.extract.relations import persons, rule


def _is_pet_noun(tok: Token) -> bool:
    kin = kin_of(tok)
    return kin is not None and kin[0] == "pet"


def pet_mention(tok: Token | None, idx: DocIndex) -> tuple[Token, Token] | None:
    """``(pet noun, name)`` for a pet noun with its name or a name with its pet noun."""
    if tok is None:
        return None
    if _is_pet_noun(tok) and tok.pos_ in ("NOUN", "ADJ"):
        name = _named(tok, idx)
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < tok.sent.end else None
        if name is None and nxt is not None and (nxt.pos_ == "PROPN" or nxt.is_title) and idx.term_at[nxt.i] is None:
            name = nxt  # "my rabbit Clover" with the name hung elsewhere ("my dog Pickles": a plural noun to the parser)
        return (tok, name) if name is not None else None
    if tok.pos_ != "PROPN" and not (tok.is_title and not tok.is_sent_start):
        return None
    for child in tok.children:
        if child.dep_ in ("compound", "amod", "appos", "nmod") and _is_pet_noun(child):
            return child, tok
    for j in range(tok.i - 1, max(tok.sent.start, tok.i - 3) - 1, -1):  # "a parrot called Clementine"
        prev = tok.doc[j]
        if _is_pet_noun(prev):
            return prev, tok
        if prev.lower_ not in ("called", "named", ","):
            break
    return None


def pet_rels(frame: Frame, tok: Token | None, when: When | None, owners: list[Arg] = ()) -> list[Rel]:
    """HAS_PET for the pet ``tok`` mentions, owned by its possessor ("my", "Tom's") or ``owners``."""
    found = pet_mention(tok, frame.idx)
    if found is None or when is None:
        return []
    noun, name_tok = found
    named = name_arg(name_tok, frame.idx)
    if named is None or named.kind != ENTITY or named.strength >= 3:
        return []
    owner = _owner(noun, frame.idx) or _owner(name_tok, frame.idx)
    kin = kin_of(noun)
    candidates = [owner] if owner is not None else list(owners)
    return [r for o in candidates for r in kin_rels(o, named, kin, when, noun.i)] if kin else []


@rule("die", "pass", "perish")
def _died(frame: Frame) -> list[Rel]:
    """"My parrot Domino passed away on June 5", "Clementine, my dog, died in February"."""
    if frame.lemma == "pass" and not any(c.lower_ == "away" for c in frame.v.children):
        return []
    when = frame.when("end")
    toks = [t for s in frame.subj_toks for t in (s, *(c for c in s.children if c.dep_ == "appos"))]
    for tok in frame.subj_toks:  # "My roommate Samuel's dog Button" hangs the pet under an apposition
        toks += [g for c in tok.children if c.dep_ == "appos" for g in c.children if g.dep_ == "appos"]
    out: list[Rel] = []
    for tok in toks:
        out += pet_rels(frame, tok, when) if not out else []
    return out


@rule("rehome", "lose")
def _rehomed(frame: Frame) -> list[Rel]:
    """"I had to rehome my cat Fudge", "I lost my dog Maple in 2021"."""
    return [r for tok in frame.dobjs for r in pet_rels(frame, tok, frame.when("end"), persons(frame))]


def gave_away(frame: Frame) -> list[Rel]:
    """"I gave my parrot Clementine to my parents", "Jake gave his hamster Pretzel away"."""
    if not (frame.prt == "away" or any(c.lower_ == "away" for c in frame.v.children) or frame.prep("to")):
        return []
    toks = frame.dobjs + [c for c in frame.v.children if c.dep_ == "dative" and _is_pet_noun(c)]
    return [r for tok in toks for r in pet_rels(frame, tok, frame.when("end"), persons(frame))]


def brought_home(frame: Frame) -> list[Rel]:
    """"Last week, I brought home a dog called Clementine"."""
    if not any(c.lower_ == "home" for c in frame.v.children):
        return []
    toks = frame.dobjs + [c for c in frame.v.children if c.dep_ in ("npadvmod", "advmod") and _is_pet_noun(c)]
    return [r for tok in toks for r in pet_rels(frame, tok, frame.when("start"), persons(frame))]


@rule("come")
def _came_home(frame: Frame) -> list[Rel]:
    """"Muffin, my new rabbit, came home with me on March 5"."""
    if not any(c.lower_ == "home" for c in frame.v.children):
        return []
    owners = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("with")) if a is not None]
    when = frame.when("start")
    return [r for tok in frame.subj_toks for r in pet_rels(frame, tok, when, owners)]
