"""Core records: the input (sessions, turns) and the memory (entities, claims, facts).

Datetimes must be timezone-aware; they are stored in UTC. Intervals are half-open
``[valid_from, valid_to)``; ``None`` bounds mean "unknown start" and "still true".

>>> from datetime import datetime, timezone
>>> t = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
>>> Session(session_id="s1", started_at=t, turns=[Turn(speaker="user", text="I live in Lisbon.")]).turns[0].id
's1:1'
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cached_property, lru_cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    model_validator,
)

from chronomem.errors import check_text, clip
from chronomem.schema.timeutil import UTC, to_utc, utc_from_text

MAX_NAME_CHARS = 300
MAX_STATEMENT_CHARS = 2_000
MAX_TURN_CHARS = 200_000

UtcDatetime = Annotated[AwareDatetime, AfterValidator(to_utc)]
#: A time of an input record (a session's start, a turn's time): an aware datetime, or an ISO string
#: in which a time without an offset, or a date alone, is UTC (DESIGN §4).
InputDatetime = Annotated[AwareDatetime, BeforeValidator(lambda v: utc_from_text(v) if isinstance(v, str) else v),
                          AfterValidator(to_utc)]
Precision = Literal["day", "weekend", "week", "month", "season", "year", "decade", "instant", "unknown"]
EntityType = Literal["PERSON", "ORG", "PLACE", "TOOL", "ROLE", "PET", "GROUP", "VALUE", "OTHER"]
ClaimKind = Literal["assert", "end", "correct", "retract"]


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=65_536)  # the same few names are keyed again and again (every claim, mention and alias)
def normalize_name(name: str) -> str:
    """Key used to match names: NFKC, case-folded, whitespace collapsed, edge punctuation dropped.

    >>> normalize_name("  Google  Inc. ")
    'google inc'
    """
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name).casefold()).strip(" \t\n\r.,;:!?\"'`()[]{}")


def stable_id(*parts: object, prefix: str = "", length: int = 20) -> str:
    """A short deterministic id from ``parts`` (sha256, hex).

    >>> stable_id("default", "lisbon", prefix="e_")
    'e_b8a3eadbfd64bffe59f7'
    """
    return text_id([p if p.__class__ is str else part_text(p) for p in parts], prefix=prefix, length=length)


def text_id(parts: Sequence[str], *, prefix: str = "", length: int = 20) -> str:
    """:func:`stable_id` of ``parts`` that are all text already (``None`` and dates given as
    :func:`stable_id` writes them), without converting each part.

    >>> text_id(["default", "lisbon"], prefix="e_") == stable_id("default", "lisbon", prefix="e_")
    True
    """
    return prefix + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:length]


_DATETIME_TEXT: dict[datetime, str] = {}  # str() of UTC datetimes: ids hash the same few dates again and again


def part_text(part: object) -> str:
    """``str(part)``, ``""`` for ``None``; the text of UTC datetimes is remembered (``str`` of one costs µs)."""
    if part is None:
        return ""
    if part.__class__ is datetime and part.tzinfo is UTC:  # type: ignore[attr-defined]
        text = _DATETIME_TEXT.get(part)  # type: ignore[call-overload]
        if text is None:
            if len(_DATETIME_TEXT) >= 65_536:
                _DATETIME_TEXT.clear()
            text = _DATETIME_TEXT[part] = str(part)  # type: ignore[index]
        return text
    return str(part)


@lru_cache(maxsize=65_536)
def entity_id(group_id: str, name: str) -> str:
    """The id of the entity called ``name`` in ``group_id`` (same normalized name, same id)."""
    return stable_id(group_id, normalize_name(name), prefix="e_")


M = TypeVar("M", bound=BaseModel)
_FIELDS: dict[type, tuple[dict[str, Any], frozenset[str], tuple[tuple[str, Any], ...]]] = {}


def _trusted_spec(cls: type[BaseModel]) -> tuple[dict[str, Any], frozenset[str], tuple[tuple[str, Any], ...]]:
    """For :func:`trusted`: every field with its default (in declared order), the required
    fields, and the fields whose default comes from a factory (one fresh value per instance)."""
    fields = cls.model_fields
    template = {n: (None if f.is_required() or f.default_factory is not None else f.default) for n, f in fields.items()}
    required = frozenset(n for n, f in fields.items() if f.is_required())
    return template, required, tuple((n, f.default_factory) for n, f in fields.items() if f.default_factory is not None)


def trusted(cls: type[M], values: dict[str, Any]) -> M:
    """An instance of ``cls`` from ``values`` that are already valid, without validating them.

    For records the library builds from validated ones (a claim from a checked import row, a
    fact version from its claims, a row read back from a store). Pydantic's ``model_construct``
    does the same but costs more than validating (it resolves every default through
    ``inspect``); here each class's defaults are looked up once. Fields keep their declared
    order (the JSON of a model follows it); a missing required field or an unknown one is a
    ``TypeError``.

    >>> trusted(Source, {"session_id": "s1"})
    Source(session_id='s1', turn_id=None)
    >>> trusted(Entity, {"id": "e_1", "name": "Ana"}) == Entity(id="e_1", name="Ana")
    True
    >>> trusted(Entity, {"name": "Ana"})
    Traceback (most recent call last):
    TypeError: Entity needs id
    """
    spec = _FIELDS.get(cls)
    if spec is None:
        spec = _FIELDS[cls] = _trusted_spec(cls)
    template, required, factories = spec
    fields = {**template, **values}  # the declared order; defaults first, then the given values
    if len(fields) != len(template):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(values) - set(template))}")
    if not required <= values.keys():
        raise TypeError(f"{cls.__name__} needs {next(n for n in template if n in required and n not in values)}")
    for name, factory in factories:
        if name not in values:
            fields[name] = factory()
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(values))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False, str_strip_whitespace=False)


def scoped_turn_id(session_id: str, turn_id: str) -> str:
    """A turn id made unique in its group: ``<session_id>:<turn_id>``, unless it already starts so.

    Exported transcripts number their turns per session ("t1", "1", "msg-1"), so a turn id alone
    names several turns of a group; the session prefix keeps every turn. The given id stays
    readable at the end, and a scoped id maps to itself, so scoping twice changes nothing.

    >>> scoped_turn_id("chat-7", "t1"), scoped_turn_id("s1", "s1:3")
    ('chat-7:t1', 's1:3')
    """
    prefix = f"{session_id}:"
    return turn_id if turn_id.startswith(prefix) else prefix + turn_id


class Turn(_Model):
    """One utterance. ``id`` defaults to ``<session_id>:<n>`` and ``at`` to the session start;
    a given id is scoped to its session (:func:`scoped_turn_id`): "t1" of session "s2" is "s2:t1"."""

    id: str | None = Field(default=None, max_length=300)
    speaker: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    text: str = Field(max_length=MAX_TURN_CHARS)
    at: InputDatetime | None = None


class Session(_Model):
    """A conversation: the unit of ingestion and of atomicity."""

    session_id: str = Field(min_length=1, max_length=300)
    group_id: str = Field(default="default", min_length=1, max_length=300)
    started_at: InputDatetime
    turns: list[Turn] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _fill_turn_defaults(self) -> Session:
        for n, turn in enumerate(self.turns, start=1):
            turn.id = f"{self.session_id}:{n}" if turn.id is None else scoped_turn_id(self.session_id, turn.id)
            if turn.at is None:
                turn.at = self.started_at
        for text, what in [(self.session_id, "session_id"), (self.group_id, "group_id"),
                           (json.dumps(self.metadata, ensure_ascii=False, default=str), "metadata"),
                           *((v, f"turn {n} {k}") for n, t in enumerate(self.turns, start=1)
                             for k, v in (("id", t.id), ("speaker", t.speaker), ("text", t.text)))]:
            check_text(text or "", what)  # a lone surrogate cannot be stored (SQLite and Neo4j take UTF-8)
        ids = [t.id for t in self.turns]
        for what, value in [("session_id", self.session_id), *((f"turn {n} id", i) for n, i in enumerate(ids, start=1))]:
            if value is not None and ("\n" in value or "\r" in value):  # ids are one line in the side-index and errors
                raise ValueError(f"{what} {value[:60]!r} contains a line break: use an id on one line")
        if len(set(ids)) != len(ids):
            raise ValueError(f"session {self.session_id!r} has duplicate turn ids")
        return self


class Source(_Model):
    """Where a fact came from: a session and, usually, one of its turns. ``evicted`` is set, when a
    fact is read, on a source turn that retention has since erased (its id is all that remains)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    session_id: str
    turn_id: str | None = None
    evicted: bool = Field(default=False, repr=False)


class Entity(_Model):
    """A node: a person, place, organisation, tool… Names are stored verbatim."""

    id: str
    group_id: str = "default"
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    type: EntityType = "OTHER"
    aliases: list[str] = Field(default_factory=list)


def check_interval(start: datetime | None, end: datetime | None, what: str) -> None:
    if start is not None and end is not None and end <= start:
        raise ValueError(
            f"{what} ends ({end.isoformat()}) at or before it starts ({start.isoformat()}); "
            f"intervals are half-open [from, to) and must not be empty"
        )


class Claim(_Model):
    """One piece of evidence about a slot, as extracted or imported.

    Facts are derived from the set of claims of their slot (see :mod:`chronomem.graph.temporal`):
    ``assert`` says the value holds from ``at`` (``observed`` when ``at`` is just when it was said)
    and, if ``until`` is set, until then; ``end`` says it stopped at ``at``; ``correct`` says
    ``object_id`` is right where ``replaces_object_id`` was believed; ``retract`` withdraws
    earlier evidence of its slot.
    """

    group_id: str = "default"
    kind: ClaimKind = "assert"
    subject_id: str
    predicate: str
    object_id: str
    replaces_object_id: str | None = None
    qualifiers: dict[str, str] = Field(default_factory=dict)
    statement: str = Field(default="", max_length=MAX_STATEMENT_CHARS)
    at: UtcDatetime | None = None
    at_precision: Precision = "day"
    until: UtcDatetime | None = None
    until_precision: Precision = "day"
    observed: bool = False
    said_at: UtcDatetime
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    sources: list[Source] = Field(default_factory=list)

    @model_validator(mode="after")
    def _valid(self) -> Claim:
        check_interval(self.at, self.until, "claim")
        if self.kind == "correct" and not self.replaces_object_id:
            raise ValueError("a 'correct' claim needs replaces_object_id (the wrong value)")
        return self

    @cached_property
    def id(self) -> str:
        """Content id: the same evidence from the same source is the same claim.

        Computed once per claim (a sha256 over every field): :meth:`model_copy` with changes and
        field assignment drop the cached value. Claims are treated as values: mutating a nested
        list or dict in place (``claim.sources.append``) is not supported.
        """
        # The parts that are not text are given as the text stable_id would make of them (the
        # same id, without its per-part conversions: a bulk import computes one id per record).
        qualifiers = self.qualifiers
        return text_id([
            self.group_id, self.kind, self.subject_id, self.predicate, self.object_id,
            self.replaces_object_id or "", str(sorted(qualifiers.items())) if qualifiers else "[]", part_text(self.at),
            self.at_precision, part_text(self.until), str(self.observed), part_text(self.said_at),
            _sources_text(self.sources),
        ], prefix="c_")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Claim:
        """A copy of the claim; with ``update`` its cached :attr:`id` is dropped (recomputed on use)."""
        copied = super().model_copy(update=update, deep=deep)
        if update:
            copied.__dict__.pop("id", None)
        return copied

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        self.__dict__.pop("id", None)  # the content changed: the id is recomputed on use


@lru_cache(maxsize=65_536)  # most claims have one source, shared by many
def _one_source_text(session_id: str, turn_id: str) -> str:
    return str([(session_id, turn_id)])


def _sources_text(sources: Sequence[Source]) -> str:
    """The text of ``sources`` in a claim id: the sorted ``(session, turn or "")`` pairs as a list.

    >>> _sources_text([Source(session_id="s", turn_id="s:2"), Source(session_id="import")])
    "[('import', ''), ('s', 's:2')]"
    """
    if len(sources) != 1:
        return str(sorted((s.session_id, s.turn_id or "") for s in sources))
    return _one_source_text(sources[0].session_id, sources[0].turn_id or "")


class Fact(_Model):
    """One version of a fact: an edge with a valid interval and a transaction-time interval."""

    id: str
    group_id: str = "default"
    subject_id: str
    predicate: str
    object_id: str
    qualifiers: dict[str, str] = Field(default_factory=dict)
    statement: str = Field(default="", max_length=MAX_STATEMENT_CHARS)
    valid_from: UtcDatetime | None = None
    valid_to: UtcDatetime | None = None
    valid_from_precision: Precision = "day"
    valid_to_precision: Precision = "day"
    start_observed: bool = False
    recorded_at: UtcDatetime
    expired_at: UtcDatetime | None = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    sources: list[Source] = Field(default_factory=list)
    slot: str = ""

    @model_validator(mode="after")
    def _valid(self) -> Fact:
        check_interval(self.valid_from, self.valid_to, "fact")
        if self.expired_at is not None and self.expired_at < self.recorded_at:
            raise ValueError("expired_at is before recorded_at")
        return self

    def valid_at(self, at: datetime) -> bool:
        """True when ``at`` lies in ``[valid_from, valid_to)``."""
        return (self.valid_from is None or self.valid_from <= at) and (self.valid_to is None or at < self.valid_to)

    def known_at(self, at: datetime | None) -> bool:
        """True when this version was believed at ``at`` (``None``: now, i.e. not expired)."""
        if at is None:
            return self.expired_at is None
        return self.recorded_at <= at and (self.expired_at is None or at < self.expired_at)


class Mention(_Model):
    """A turn mentions an entity."""

    turn_id: str
    entity_id: str


class ExtractionResult(_Model):
    """What an extractor returns for one session: entities, claims and mentions."""

    entities: list[Entity] = Field(default_factory=list)
    claims: list[Claim] = Field(default_factory=list)
    mentions: list[Mention] = Field(default_factory=list)


def validate_session(data: dict) -> Session:
    """Validate a session given as a dict; problems become one :class:`InputError`.

    >>> validate_session({"session_id": "s", "started_at": "2024-03-12T09:00:00"}).started_at.isoformat()  # UTC
    '2024-03-12T09:00:00+00:00'
    >>> validate_session({"session_id": "s", "started_at": "someday"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    chronomem.errors.InputError: session 's' is invalid: started_at: Value error, cannot read 'someday' as a time; ...
    """
    from pydantic import ValidationError

    from chronomem.errors import InputError

    try:
        return Session.model_validate(data)
    except ValidationError as e:
        where = data.get("session_id", "?") if isinstance(data, dict) else "?"
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc']) or 'session'}: {err['msg']}" for err in e.errors()[:5])
        raise InputError(f"session {clip(where)} is invalid: {problems}") from None
