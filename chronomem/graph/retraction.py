"""Retract: mark a stored fact wrong from a given transaction time (append-only).

A retraction is one more piece of evidence, a ``retract`` claim in the fact's slot, written through
the ordinary write path: it withdraws the evidence of the fact's value said up to the retraction's
time, so the versions derived from it expire then. They stay visible with an earlier ``known_at``,
and evidence said after the retraction counts again. Retracting twice at the same time changes nothing.

>>> from datetime import datetime, timezone
>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.extract.parse.importer import batches_from_records
>>> store = SqliteGraphStore(":memory:")
>>> t = datetime(2024, 1, 1, tzinfo=timezone.utc)
>>> (batch,) = batches_from_records([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}],
...                                 group_id="default", vocabulary=store.vocabulary, said_at=t)
>>> fact_id = store.write(batch, recorded_at=t).new_fact_ids[0]
>>> report = retract(store, "default", fact_id, at=datetime(2024, 2, 1, tzinfo=timezone.utc))
>>> report.expired_fact_ids == [fact_id], list(store.iter_facts("default"))
(True, [])
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from chronomem.errors import InputError
from chronomem.graph.base import GraphStore, WriteBatch
from chronomem.schema.models import Claim, Source

RETRACT_SOURCE = "retract"  # the session id a retraction's evidence cites


class RetractReport(BaseModel):
    """What a retraction did: the fact asked about, when, and the versions it expired."""

    fact_id: str
    retracted_at: datetime
    expired_fact_ids: list[str]
    facts_added: int = 0


def retract(store: GraphStore, group_id: str, fact_id: str, *, at: datetime) -> RetractReport:
    """Mark the fact ``fact_id`` of ``group_id`` wrong from ``at`` (transaction time).

    Raises :class:`InputError` when the group has no such fact, when its current versions are
    already gone (retracted, superseded or corrected) or when ``at`` is before it was recorded.
    """
    found = store.get_facts(group_id, [fact_id])
    if not found:
        raise InputError(f"no fact {fact_id!r} in group {group_id!r}; find fact ids with "
                         "facts (the id of each fact)")
    fact = found[0]
    if fact.expired_at is not None:
        raise InputError(f"fact {fact_id!r} is no longer believed (expired {fact.expired_at.isoformat()}); "
                         "retract its current version instead (the timeline of the entity lists every version)")
    if at < fact.recorded_at:
        raise InputError(f"cannot retract fact {fact_id!r} at {at.isoformat()}, before it was recorded "
                         f"({fact.recorded_at.isoformat()}); give a later time")
    claim = Claim(group_id=group_id, kind="retract", subject_id=fact.subject_id, predicate=fact.predicate,
                  object_id=fact.object_id, qualifiers=fact.qualifiers, statement=fact.statement, said_at=at,
                  sources=[Source(session_id=RETRACT_SOURCE)])
    entities = list(store.get_entities(group_id, [fact.subject_id, fact.object_id]).values())
    report = store.write(WriteBatch(group_id, entities=entities, claims=[claim]), recorded_at=at)
    return RetractReport(fact_id=fact_id, retracted_at=at, expired_fact_ids=report.expired_fact_ids,
                         facts_added=report.facts_added)
