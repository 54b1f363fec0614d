"""Noun-phrase arguments: teams, clubs, roles and liked or owned things, read from a head token and its modifiers."""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import ROLES, DocIndex, name_arg, valid_name
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, OWNED, Arg

ROLE_SUFFIXES = tuple(sorted(ROLES.role_suffixes))  # str.endswith takes a tuple


def _modifiers(tok: Token, *, keep_adj: bool = True) -> list[Token]:
    """Contiguous compound/adjective modifiers directly left of ``tok`` (articles and "new" dropped)."""
    mods: list[Token] = []
    j = tok.i - 1
    while j >= tok.sent.start:
        left = tok.doc[j]
        if left.dep_ in ("compound", "amod", "nmod", "npadvmod") and left.head.i >= j and left.lower_ not in L.SKIP_MODIFIERS \
                and left.lower_ not in L.DET_WORDS and (keep_adj or left.dep_ != "amod") and not left.is_punct:
            mods.insert(0, left)
            j -= 1
            continue
        if left.lower_ in L.SKIP_MODIFIERS or left.dep_ == "advmod":
            j -= 1
            continue
        break
    return mods


def team_arg(tok: Token, *, allow_area: bool = False) -> Arg | None:
    """"the platform team" → GROUP "platform team"; with ``allow_area``, "billing" → "billing team"."""
    lower = tok.lower_
    if tok.lemma_.lower() in L.TEAM_NOUNS or lower in L.TEAM_NOUNS:
        mods = [m for m in _modifiers(tok) if m.pos_ != "PRON" and not m.like_num]
        if not mods:
            return None
        name = " ".join([*(m.lower_ for m in mods), lower])
        return Arg(ENTITY, mods[0].i, name, "GROUP", GAZETTEER)
    if allow_area and lower in L.TEAM_AREAS and tok.pos_ in ("NOUN", "PROPN", "ADJ", "VERB"):
        return Arg(ENTITY, tok.i, f"{lower} team", "GROUP", GAZETTEER)
    return None


def club_arg(tok: Token) -> Arg | None:
    """A team ("the platform team") or a club ("the choir", "a chess club") one joins or quits."""
    team = team_arg(tok)
    if team is not None or tok.pos_ != "NOUN" or tok.lemma_.lower() not in L.CLUB_NOUNS:
        return team
    mods = [m for m in _modifiers(tok) if m.pos_ != "PRON" and not m.like_num]
    name = " ".join([*(m.lower_ for m in mods), tok.lemma_.lower()])
    return Arg(ENTITY, mods[0].i if mods else tok.i, name, "GROUP", GAZETTEER)


def is_role_head(tok: Token, *, strict: bool = True) -> bool:
    lemma = tok.lemma_.lower() if tok.pos_ != "PROPN" else tok.lower_
    if lemma in L.ROLE_HEADS or tok.lower_ in L.ROLE_HEADS:
        return not (strict and lemma in L.WEAK_ROLE_HEADS and not _modifiers(tok))
    return not strict and tok.pos_ == "NOUN" and lemma.endswith(ROLE_SUFFIXES)


def role_arg(tok: Token, *, strict: bool = True) -> Arg | None:
    """"a senior backend developer" → ROLE "senior backend developer"; "head of engineering" too."""
    if tok.pos_ not in ("NOUN", "PROPN") or not is_role_head(tok, strict=strict):
        return None
    if tok.pos_ == "PROPN" and not tok.is_upper:  # "CTO", not a name
        return None
    words = [_role_word(m) for m in _modifiers(tok)  # praise is no part of a role: "a real doctor" is a doctor
             if not m.like_num and not (m.dep_ == "amod" and m.lower_ in ROLES.evaluative_adjectives)]
    words.append(_role_word(tok))
    for child in tok.children:
        if child.dep_ == "prep" and child.lower_ == "of" and tok.lemma_.lower() in L.OF_ROLE_HEADS:
            pobj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if pobj is not None:
                words += ["of", *(t.lower_ for t in pobj.subtree if not t.is_punct and t.lower_ not in L.DET_WORDS)]
    name = " ".join(words)
    if any(name.endswith(phrase) for phrase in ROLES.not_roles):
        return None  # "a team player", "a hard worker": what someone is like, not their work
    return Arg(ENTITY, tok.i, name, "ROLE", GAZETTEER) if valid_name(name) and len(words) <= 6 else None


def _role_word(tok: Token) -> str:
    """Role words are lower-cased, acronyms kept: "senior SRE", "CTO"."""
    return tok.text if tok.is_upper and 2 <= len(tok.text) <= 5 else tok.lower_


def thing_arg(tok: Token, idx: DocIndex) -> Arg | None:
    """A liked, owned or preferred thing: a name, a short noun phrase or a bare gerund."""
    if tok.pos_ == "PRON" or tok.lower_ in L.OTHER_PRONOUNS or idx.is_time(tok):
        return None
    if tok.pos_ == "PROPN" or idx.term_at[tok.i] is not None:
        arg = name_arg(tok, idx)
        if arg is not None:
            return arg
    if tok.pos_ == "VERB" and tok.tag_ == "VBG" and not any(c.dep_ in ("dobj", "prep", "xcomp") for c in tok.children):
        return Arg(ENTITY, tok.i, tok.lower_, "OTHER", GUESS)
    if tok.pos_ != "NOUN" or tok.lemma_.lower() in L.VAGUE_THINGS or tok.lower_ in L.VAGUE_THINGS:
        return None
    if any(c.dep_ in ("det", "poss") and c.lower_ in L.NOT_MINE_DETERMINERS for c in tok.children):
        return None
    words = [m.lower_ for m in _modifiers(tok) if not m.like_num]
    if len(words) > 3:
        return None
    name = " ".join([*words, tok.lower_])
    return Arg(ENTITY, tok.i, name, "OTHER", GUESS) if valid_name(name) else None


def owned_arg(tok: Token, type_: str) -> Arg:
    """Something of the subject's that has no name, with what the turn says of it: how many and of what
    kind ("two dogs", "golden retriever"), not how the speaker feels about it ("cute", "new")."""
    breed = tok.lemma_.lower() not in L.GENERIC_PET_NOUNS
    mods = [c for c in tok.children if c.i < tok.i and (c.dep_ in ("nummod", "compound") or (
        c.dep_ == "amod" and breed and c.lower_ not in L.SKIP_MODIFIERS and c.pos_ == "ADJ"))]
    first = min([m.i for m in mods] + [tok.i])
    words = [t.lower_ for t in tok.doc[first:tok.i + 1] if t.is_alpha or t.like_num]
    return Arg(OWNED, tok.i, " ".join(words) if len(words) == tok.i + 1 - first else tok.lower_, type_, GUESS)
