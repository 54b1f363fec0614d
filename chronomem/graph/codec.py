"""How a fact version is stored, for every backend: one list of fields and one encoding.

A stored fact is the 17 values of :data:`FACT_FIELDS`, in that order: times as integer microseconds
since the epoch (``None``: unbounded), qualifiers and sources as JSON text. The embedded store keeps
them as the columns of ``facts`` (same names), Neo4j as the properties of a ``FACT`` relationship
(:data:`NEO4J_PROPERTY` renames two of them; subject and object are the relationship's ends).

>>> from datetime import datetime, timezone
>>> t = datetime(2024, 3, 1, tzinfo=timezone.utc)
>>> to_us(t), from_us(to_us(t)) == t
(1709251200000000, True)
>>> len(FACT_FIELDS)
17
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Any

from chronomem.graph.temporal import slot_key
from chronomem.schema.models import Claim, Fact, Source, trusted
from chronomem.schema.vocabulary import Vocabulary

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

#: The stored fields of a fact version, in storage order.
FACT_FIELDS = (
    "id", "group_id", "slot", "subject_id", "predicate", "object_id", "qualifiers", "statement",
    "valid_from", "valid_to", "valid_from_precision", "valid_to_precision", "start_observed",
    "recorded_at", "expired_at", "confidence", "sources",
)
#: The Neo4j property holding a field, where its name differs (the JSON-text fields).
NEO4J_PROPERTY = {"qualifiers": "qualifiers_json", "sources": "sources_json"}
#: The fields a Neo4j ``FACT`` relationship does not hold as properties: its end nodes' ids.
RELATIONSHIP_ENDS = ("subject_id", "object_id")
#: The fields a Neo4j ``FACT`` relationship no longer stores: its ``slot`` is its predicate's
#: :func:`~chronomem.graph.temporal.slot_key` of its ends (``LIVES_IN|s:e_1``), one more text of
#: 30-50 characters per version (3-4% of a bulk import's server CPU). Relationships written
#: before hold it and are read as they are; :func:`fact_from_mapping` derives it for the others.
NEO4J_DERIVED = ("slot",)
#: The stored values a Neo4j ``FACT`` relationship leaves out (stores no property for) when a fact
#: holds them, by field: almost every imported fact does, and each property a relationship does
#: not hold is one less to write (about a tenth of a bulk import's server time for these five).
#: :func:`fact_from_values` reads a missing one (``None``) as this value.
DEFAULT_VALUES = {"qualifiers": "{}", "valid_from_precision": "day", "valid_to_precision": "day",
                  "start_observed": False, "confidence": 1.0}


def to_us(value: datetime | None) -> int | None:
    """Microseconds since the epoch (``None`` stays ``None``)."""
    if value is None:
        return None
    delta = value - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_us(value: int | None) -> datetime | None:
    """The aware UTC time ``value`` microseconds after the epoch (``None`` stays ``None``)."""
    return None if value is None else _EPOCH + timedelta(microseconds=value)


@lru_cache(maxsize=4096)
def sources_from_json(column: str) -> tuple[Source, ...]:
    """The sources in a fact's JSON column (both stores keep them so). Many facts share one (an
    import, a turn), and sources are frozen, so each distinct text is parsed once and its objects shared.

    >>> sources_from_json('[["s1", "s1:3"], ["import", ""]]')
    (Source(session_id='s1', turn_id='s1:3'), Source(session_id='import', turn_id=None))
    """
    return tuple([_source(s, t) for s, t in json.loads(column)])


@lru_cache(maxsize=65_536)
def _source(session_id: str, turn_id: str) -> Source:
    """One shared, frozen :class:`Source` per stored pair: a fact heard in hundreds of turns has a
    column of its own, but its turns are the sources of other facts too."""
    return trusted(Source, {"session_id": session_id, "turn_id": turn_id or None})


def sources_to_json(sources: Sequence[Source]) -> str:
    """The JSON column of ``sources`` (the inverse of :func:`sources_from_json`).

    >>> sources_to_json([Source(session_id="s1", turn_id="s1:3"), Source(session_id="import")])
    '[["s1", "s1:3"], ["import", ""]]'
    """
    return _pairs_json(tuple([(s.session_id, s.turn_id or "") for s in sources]))


@lru_cache(maxsize=4096)
def _pairs_json(pairs: tuple[tuple[str, str], ...]) -> str:
    """The JSON of ``pairs``: many facts share their sources (an import, a turn), so each is encoded once."""
    return json.dumps(pairs)


def fact_values(f: Fact) -> tuple[Any, ...]:
    """The stored values of ``f``, in :data:`FACT_FIELDS` order."""
    return (
        f.id, f.group_id, f.slot, f.subject_id, f.predicate, f.object_id,
        json.dumps(f.qualifiers, sort_keys=True) if f.qualifiers else "{}",
        f.statement, to_us(f.valid_from), to_us(f.valid_to), f.valid_from_precision, f.valid_to_precision,
        bool(f.start_observed), to_us(f.recorded_at), to_us(f.expired_at), float(f.confidence),
        sources_to_json(f.sources),
    )


def fact_from_values(v: Sequence[Any]) -> Fact:
    """The fact stored as ``v`` (values in :data:`FACT_FIELDS` order, as :func:`fact_values` gives them;
    ``None`` where a field of :data:`DEFAULT_VALUES` holds its default: a Neo4j property left out)."""
    return trusted(Fact, {
        "id": v[0], "group_id": v[1], "slot": v[2], "subject_id": v[3], "predicate": v[4], "object_id": v[5],
        "qualifiers": json.loads(v[6]) if v[6] is not None and v[6] != "{}" else {}, "statement": v[7],
        "valid_from": from_us(v[8]), "valid_to": from_us(v[9]), "valid_from_precision": v[10] or "day",
        "valid_to_precision": v[11] or "day", "start_observed": bool(v[12]), "recorded_at": from_us(v[13]),
        "expired_at": from_us(v[14]), "confidence": 1.0 if v[15] is None else v[15],
        "sources": list(sources_from_json(v[16])),
    })


def fact_from_mapping(m: Any, vocabulary: Vocabulary | None = None) -> Fact:
    """The fact in a mapping keyed by :data:`FACT_FIELDS` (a Neo4j map or record); a ``slot`` that is
    ``None`` (a relationship that does not store it: :data:`NEO4J_DERIVED`) is derived with ``vocabulary``
    (``""`` for a predicate it does not have).

    >>> from chronomem.schema import CORE_VOCABULARY
    >>> m = dict.fromkeys(FACT_FIELDS) | {"id": "f_1", "subject_id": "e_ana", "predicate": "LIVES_IN",
    ...                                  "object_id": "e_lyon", "recorded_at": 0, "sources": "[]"}
    >>> fact_from_mapping(m, CORE_VOCABULARY).slot, fact_from_mapping(m | {"slot": "old"}, CORE_VOCABULARY).slot
    ('LIVES_IN|s:e_ana', 'old')
    """
    values = [m[k] for k in FACT_FIELDS]
    if values[2] is None and vocabulary is not None:
        predicate = values[4]
        values[2] = slot_key(vocabulary[predicate], values[3], values[5]) if predicate in vocabulary else ""
    return fact_from_values(values)


def claim_to_json(claim: Claim) -> str:
    """A stored claim's JSON, for every backend: its fields that differ from their defaults
    (about 260 bytes for an imported claim instead of 430; :func:`claim_from_json` fills the
    defaults back in, so stores written with every field keep reading the same claims).

    >>> from datetime import datetime, timezone
    >>> c = Claim(subject_id="e_1", predicate="LIVES_IN", object_id="e_2",
    ...           said_at=datetime(2024, 1, 1, tzinfo=timezone.utc))
    >>> claim_to_json(c)
    '{"subject_id":"e_1","predicate":"LIVES_IN","object_id":"e_2","said_at":"2024-01-01T00:00:00Z"}'
    >>> claim_from_json(claim_to_json(c)) == claim_from_json(c.model_dump_json()) == c
    True
    """
    return claim.model_dump_json(exclude_defaults=True)


def claim_from_json(body: str) -> Claim:
    """The claim stored as ``body`` (written by :func:`claim_to_json`, or with every field)."""
    return Claim.model_validate_json(body)
