"""The predicate vocabulary: names, cardinalities and how each reads as a sentence.

>>> CORE_VOCABULARY["LIVES_IN"].cardinality
'one'
>>> CORE_VOCABULARY["LEADS"].cardinality
'one_per_object'
>>> CORE_VOCABULARY.statement("LIVES_IN", "Ana", "Lisbon")
'Ana lives in Lisbon'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from chronomem.errors import InputError

Cardinality = Literal["one", "many", "one_per_object"]
PredicateKind = Literal["state", "event"]
_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,63}$")


class PredicateSpec(BaseModel):
    """One predicate of the vocabulary.

    ``cardinality`` says how values compete: ``one`` value per subject at a time,
    ``one_per_object`` subject per object at a time, or ``many``. ``kind`` is ``state`` (holds over
    a period, until something closes it) or ``event`` (a happening: its valid interval is its own
    day, weekend, month or year; events are ``many`` and never close each other).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    cardinality: Cardinality
    symmetric: bool = False
    description: str = ""
    phrase: str = Field(default="", description="how the predicate reads between subject and object")
    kind: PredicateKind = "state"

    @model_validator(mode="after")
    def _events_are_many(self) -> PredicateSpec:
        if self.kind == "event" and self.cardinality != "many":
            raise ValueError(f"event predicate {self.name} must have cardinality 'many': events never close each other")
        return self

    @field_validator("name")
    @classmethod
    def _upper_snake(cls, value: str) -> str:
        if not _NAME.match(value):
            raise ValueError("predicate names are UPPER_SNAKE_CASE, e.g. LIVES_IN")
        return value


def _spec(name: str, cardinality: Cardinality, phrase: str, description: str, symmetric: bool = False,
          kind: PredicateKind = "state") -> PredicateSpec:
    return PredicateSpec(name=name, cardinality=cardinality, symmetric=symmetric, phrase=phrase, description=description,
                         kind=kind)


CORE_PREDICATES: tuple[PredicateSpec, ...] = (
    _spec("LIVES_IN", "one", "lives in", "the place a person lives"),
    _spec("WORKS_AT", "one", "works at", "a person's employer"),
    _spec("HAS_ROLE", "one", "works as", "a person's job title or role"),
    _spec("REPORTS_TO", "one", "reports to", "a person's manager"),
    _spec("STUDIES_AT", "one", "studies at", "a school or university"),
    _spec("MARRIED_TO", "one", "is married to", "spouse", symmetric=True),
    _spec("PARTNER_OF", "one", "is the partner of", "romantic partner", symmetric=True),
    _spec("ENGAGED_TO", "one", "is engaged to", "fiancé(e)", symmetric=True),
    _spec("LEADS", "one_per_object", "leads", "the lead of a team or project"),
    _spec("MEMBER_OF", "many", "is a member of", "a team, group or project"),
    _spec("SIBLING_OF", "many", "is a sibling of", "brother or sister", symmetric=True),
    _spec("PARENT_OF", "many", "is a parent of", "parent of a child"),
    _spec("FRIEND_OF", "many", "is a friend of", "friendship", symmetric=True),
    _spec("HAS_PET", "many", "has a pet", "an animal the subject keeps"),
    _spec("USES", "many", "uses", "a tool, technology or product in use"),
    _spec("LIKES", "many", "likes", "something the subject likes"),
    _spec("DISLIKES", "many", "dislikes", "something the subject dislikes"),
    _spec("PREFERS", "many", "prefers", "a preference"),
    _spec("OWNS", "many", "owns", "a possession"),
    _spec("RELATED_TO", "many", "is related to", "fallback relation"),
    _spec("ATTENDED", "many", "attended", "an event the subject went to (a conference, a parade, a class)", kind="event"),
    _spec("VISITED", "many", "visited", "a place the subject went to or travelled to", kind="event"),
    _spec("DID", "many", "did", "any other happening; the relation phrase is a qualifier (\"ran\", \"signed up for\")",
          kind="event"),
)


class Vocabulary:
    """A registry of predicates; unknown predicates are rejected unless registered."""

    def __init__(self, specs: Iterable[PredicateSpec] = CORE_PREDICATES) -> None:
        self._specs: dict[str, PredicateSpec] = {}
        for spec in specs:
            self.register(spec)

    def register(self, spec: PredicateSpec) -> PredicateSpec:
        """Add a predicate (or replace one with the same name) and return it."""
        self._specs[spec.name] = spec
        return spec

    def __getitem__(self, name: str) -> PredicateSpec:
        try:
            return self._specs[name]
        except KeyError:
            raise InputError(
                f"unknown predicate {name!r}; known: {', '.join(sorted(self._specs))}. "
                f"Register it with Vocabulary.register(PredicateSpec(...)) first"
            ) from None

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __iter__(self) -> Iterator[PredicateSpec]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)

    def copy(self) -> Vocabulary:
        return Vocabulary(self._specs.values())

    def is_event(self, predicate: str) -> bool:
        """Whether ``predicate`` names happenings (``kind == "event"``); unknown predicates are not."""
        spec = self._specs.get(predicate)
        return spec is not None and spec.kind == "event"

    def statement(self, predicate: str, subject: str, obj: str) -> str:
        """A short sentence for a fact, e.g. ``"Ana lives in Lisbon"``."""
        spec = self[predicate]
        phrase = spec.phrase or predicate.lower().replace("_", " ")
        return f"{subject} {phrase} {obj}"


CORE_VOCABULARY = Vocabulary()
