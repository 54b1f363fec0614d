"""Who a person slot takes: the listener, the pronouns of the slot and a name (:func:`person_in`; a rule names
its slots with :func:`functools.partial`).

The rules of people read a person in many slots, each taking its own pronouns: who feels ("I adore Nora",
"she's crazy about him"), whom ("I love him", "a big fan of yours"), whose ("a friend of yours"). The words are
data (``person_slots`` in ``people.json``); what a slot does with "you" said to several and with a name is here.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from chronomem.extract.clauses.args import DocIndex, person_arg, pronoun_arg
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, YOU, Arg
from chronomem.extract.lexicon import PEOPLE

NameReader = Callable[[Token, DocIndex], Arg | None]  # how a slot reads a name


def named_person(tok: Token, idx: DocIndex) -> Arg | None:
    """A proper noun that names a person (not a gazetteer place, tool or company)."""
    if tok.pos_ != "PROPN":
        return None
    arg = person_arg(tok, idx, trust_ner=False)
    return arg if arg is not None and arg.kind == ENTITY and arg.strength < GAZETTEER else None


def person_in(tok: Token | None, idx: DocIndex, words: str, *, named: NameReader = named_person, you_kind: str = YOU,
              several: Callable[[Token], bool] | None = None) -> Arg | None:
    """The person ``tok`` says in the slot ``words`` (a row of ``person_slots``): "you" (as ``you_kind``; no one if
    ``several`` says several are addressed), a pronoun of the slot, or a name ``named`` reads ("I adore her" → the
    speaker as feeler, "her" as liked; "her" in "her cat" is no one liked); ``None`` for no token."""
    if tok is None:
        return None
    low, row = tok.lower_, PEOPLE.person_slots[words]
    if low in row["you"]:
        return None if several is not None and several(tok) else Arg(you_kind, tok.i)
    if (arg := pronoun_arg(tok)) is not None:
        return arg if low in row["pronouns"] or low in row["personal"] and tok.tag_ == "PRP" else None
    return named(tok, idx)
