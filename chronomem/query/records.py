"""What queries return: facts with names resolved, ready for JSON and tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from chronomem.graph.base import GraphStore
from chronomem.schema.models import Entity, Fact, Source

Status = Literal["current", "ended", "future", "superseded", "retracted", "planned", "cancelled"]
#: The statuses an event fact's ``status`` qualifier gives it (a plan not yet carried out, or called off).
EVENT_STATUSES: frozenset[str] = frozenset({"planned", "cancelled"})


def interval_text(valid_from: datetime | None, valid_to: datetime | None) -> str:
    """A valid interval as dates: an unknown start is ``?``, an open end ``now``.

    >>> from datetime import timezone
    >>> interval_text(datetime(2023, 5, 1, tzinfo=timezone.utc), None), interval_text(None, datetime(2020, 1, 1))
    ('2023-05-01 → now', '? → 2020-01-01')
    """
    start = "?" if valid_from is None else valid_from.date().isoformat()
    end = "now" if valid_to is None else valid_to.date().isoformat()
    return f"{start} → {end}"


def day_range_text(start: datetime, end: datetime) -> str:
    """Whole days ``[start, end)`` as dates, the last one inclusive: one day is one date.

    >>> from datetime import timezone
    >>> d = lambda day: datetime(2023, 6, day, tzinfo=timezone.utc)
    >>> day_range_text(d(7), d(8)), day_range_text(d(2), d(9))
    ('2023-06-07', '2023-06-02 → 2023-06-08')
    """
    last = (end - timedelta(microseconds=1)).date()
    return start.date().isoformat() if last <= start.date() else f"{start.date().isoformat()} → {last.isoformat()}"


class FactRecord(BaseModel):
    """A fact version with subject and object names (the ``--json`` shape of DESIGN §8)."""

    model_config = ConfigDict(frozen=True)

    id: str
    subject: str
    subject_id: str
    predicate: str
    object: str
    object_id: str
    statement: str
    valid_from: datetime | None
    valid_to: datetime | None
    valid_from_precision: str = "day"
    valid_to_precision: str = "day"
    start_observed: bool = False
    recorded_at: datetime
    expired_at: datetime | None
    confidence: float = 1.0
    qualifiers: dict[str, str] = {}
    sources: list[Source] = []
    status: Status = "current"

    def interval(self) -> str:
        """``2023-05-01 → now`` style text of the valid interval."""
        return interval_text(self.valid_from, self.valid_to)

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json")
        data["sources"] = [{"session_id": s.session_id, "turn_id": s.turn_id} for s in self.sources]
        return data


def fact_status(fact: Fact, *, now: datetime, superseded_by: Iterable[Fact] = ()) -> Status:
    """How a version stands today: current, ended, future, superseded (a newer version of the
    same fact exists) or retracted (withdrawn by a correction); a believed plan is ``planned``
    (or ``cancelled``) whatever its dates, as its event fact's ``status`` qualifier says."""
    planned = fact.qualifiers.get("status") if fact.qualifiers else None
    if fact.expired_at is None and planned in EVENT_STATUSES:
        return planned  # type: ignore[return-value]
    if fact.expired_at is not None:
        same = any(o.subject_id == fact.subject_id and o.object_id == fact.object_id and o.predicate == fact.predicate
                   and o.expired_at is None for o in superseded_by)
        return "superseded" if same else "retracted"
    if fact.valid_from is not None and fact.valid_from > now:
        return "future"
    if fact.valid_to is not None and fact.valid_to <= now:
        return "ended"
    return "current"


def to_records(store: GraphStore, group_id: str, facts: Sequence[Fact], *, now: datetime,
               context: Sequence[Fact] = (), entities: Mapping[str, Entity] | None = None) -> list[FactRecord]:
    """Resolve names and statuses for a list of fact versions (``entities``: the ones they touch, when
    already read; otherwise they are read from the store)."""
    if entities is None:
        entities = store.get_entities(group_id, [i for f in facts for i in (f.subject_id, f.object_id)])
    pool = list(context) or list(facts)
    out = []
    for f in facts:
        subject, obj = entities.get(f.subject_id), entities.get(f.object_id)
        out.append(FactRecord(
            id=f.id, subject=subject.name if subject else f.subject_id, subject_id=f.subject_id, predicate=f.predicate,
            object=obj.name if obj else f.object_id, object_id=f.object_id, statement=f.statement,
            valid_from=f.valid_from, valid_to=f.valid_to, valid_from_precision=f.valid_from_precision,
            valid_to_precision=f.valid_to_precision, start_observed=f.start_observed, recorded_at=f.recorded_at,
            expired_at=f.expired_at, confidence=f.confidence, qualifiers=f.qualifiers, sources=list(f.sources),
            status=fact_status(f, now=now, superseded_by=pool),
        ))
    return out
