"""Open relation phrases that a vocabulary predicate says better: the phrase table
(``chronomem/data/lexicon/phrase_table.json``) made callable.

An open reading gives a relation phrase ("drives", "goes to", "is in") and an object; when a row of
the table maps that phrase with an object of its class (by the object's head noun), the fact takes
the row's predicate: "I drive an old truck" → OWNS "old truck", "I go to a community college" →
STUDIES_AT, "I'm in a bowling league" → MEMBER_OF. Anything else stays an open fact.

>>> mapped_predicate("drives", "old truck"), mapped_predicate("goes to", "community college")
('OWNS', 'STUDIES_AT')
>>> mapped_predicate("is in", "bowling league"), mapped_predicate("drives", "hard bargain")
('MEMBER_OF', None)
>>> mapped_predicate("listens to", "old jazz records"), mapped_predicate("plays", "chess"), mapped_predicate("plays", "piano")
('LIKES', 'LIKES', None)
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.records import Arg
from chronomem.extract.lexicon import lexicon_file


class Row(NamedTuple):
    """A row of the table for one relation phrase: the head nouns of its objects, the predicate, the aspect it
    gives the clause ("start", "end"; ``""``: the clause's own), whether a plan of it begins the fact, and the words
    of an object phrase it does not map ("a van for a florist" is driven for someone, not owned)."""

    objects: frozenset[str]
    predicate: str
    aspect: str
    planned: bool
    unless: frozenset[str] = frozenset()


@cache
def _table() -> dict[str, list[Row]]:
    data = lexicon_file("phrase_table")
    classes = {name: frozenset(words) for name, words in data["object_classes"].items()} | {"*": frozenset({"*"})}
    out: dict[str, list[Row]] = {}
    for row in data["rows"]:
        for relation in row["relations"]:
            out.setdefault(relation, []).append(
                Row(classes[row["object"]], row["predicate"], row.get("aspect", ""), bool(row.get("planned")),
                    frozenset(row.get("unless", ()))))
    return out


def head_noun(phrase: str) -> str:
    """The last word of an object phrase, singular: "old trucks" → "truck"; "call center" stays whole when listed.

    >>> head_noun("two old trucks"), head_noun("the state university"), head_noun("buses")
    ('truck', 'university', 'bus')
    """
    word = phrase.lower().split()[-1] if phrase.strip() else ""
    if re.search(r"(?:ss|sh|ch|x|us)es$", word):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def mapped_predicate(relation: str, phrase: str, head: str = "") -> str | None:
    """The vocabulary predicate a row maps ``relation`` with an object ``phrase`` onto, or ``None``;
    ``head``, the object's head word when known, counts too: "a small college in Texas" is a college.

    >>> mapped_predicate("attends", "small college in texas"), mapped_predicate("attends", "small college in texas", "college")
    (None, 'STUDIES_AT')
    """
    row = phrase_row(relation, phrase, head)
    return None if row is None else row.predicate


def phrase_row(relation: str, phrase: str, head: str = "") -> Row | None:
    """The row that maps ``relation`` with an object ``phrase`` (``head``: its head word, when known), or
    ``None``: starting college is studying there from then, quitting it ends that; a plan to attend college
    begins it, a plan to watch a film is no taste.

    >>> [(r.predicate, r.aspect) for r in (phrase_row("is starting", "college"), phrase_row("quits", "law school"))]
    [('STUDIES_AT', 'start'), ('STUDIES_AT', 'end')]
    >>> phrase_row("starts", "diet"), phrase_row("attends", "law school").planned, phrase_row("watches", "film").planned
    (None, True, False)
    >>> phrase_row("drives", "old van").predicate, phrase_row("drives", "van for florist")
    ('OWNS', None)
    """
    if not (rows := _table().get(relation)):
        return None
    words = phrase.lower().split()
    heads = {head_noun(phrase), " ".join(words[-2:]), "*", head_noun(head)} | (
        {f"named {words[-1]}"} if len(words) > 1 and phrase.istitle() else set())
    return next((row for row in rows if heads & row.objects and not row.unless & set(words)), None)


def unnamed_place(tok: Token, idx: DocIndex, relation: str, predicate: str) -> Arg | None:
    """An unnamed place the table maps ``relation`` with onto ``predicate``: a place of work ("a diner",
    "the local hospital": "works at" it), a school ("college", "a community college": "attends" it)."""
    arg = A.thing_arg(tok, idx)
    return arg if arg is not None and mapped_predicate(relation, arg.name, tok.lemma_) == predicate else None


def place_trimmed(obj: Arg, head: Token) -> tuple[Arg, dict[str, str]]:
    """A mapped object without the place said after its noun, and that place as its location: "a small college in
    Ohio" → "small college", ``{"location": "Ohio"}`` (the place is where it is, no part of its name).

    >>> import spacy
    >>> doc = spacy.blank("en")("a small college in Ohio")
    >>> for t, (dep, head) in zip(doc, [("det", 2), ("amod", 2), ("ROOT", 2), ("prep", 2), ("pobj", 3)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[4].ent_type_ = "GPE"
    >>> place_trimmed(Arg("entity", 2, "small college in Ohio"), doc[2])
    (Arg(kind='entity', i=2, name='small college', type='OTHER', strength=0, gender='', aliases=(), label=''), {'location': 'Ohio'})
    """
    prep = next((c for c in head.children if c.dep_ == "prep" and c.lower_ in ("in", "near")), None)
    place = next((c for c in prep.children if c.dep_ == "pobj" and c.ent_type_ in ("GPE", "LOC")), None) if prep else None
    cut = obj.name.rfind(f" {prep.lower_} ") if prep is not None and obj.i == head.i else -1
    if place is None or cut <= 0:
        return obj, {}
    return replace(obj, name=obj.name[:cut]), {"location": " ".join(t.text for t in place.subtree)}
