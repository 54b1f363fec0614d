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
