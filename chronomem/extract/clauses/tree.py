"""Small walks of the dependency tree that many rules share."""

from __future__ import annotations

from spacy.tokens import Token


def prep_objects(head: Token, *words: str) -> list[Token]:
    """The objects of ``head``'s prepositions, of those among ``words`` when any are given: "friends with
    Tomas" → Tomas."""
    return [p for c in head.children if c.dep_ == "prep" and (not words or c.lower_ in words)
            for p in c.children if p.dep_ == "pobj"]


def plus_conjuncts(toks: list[Token]) -> list[Token]:
    """``toks``, then their own conjuncts ("Tomas and Lena": Tomas, then Lena)."""
    return toks + [c for t in toks for c in t.children if c.dep_ == "conj"]


def nearest_subject(verb: Token, before: Token) -> Token | None:
    """The subject of ``verb`` nearest before ``before``: "Ada, you're a nurse" may parse the vocative as a
    second subject."""
    return max((c for c in verb.children if c.dep_ == "nsubj" and c.i < before.i), key=lambda c: c.i, default=None)
