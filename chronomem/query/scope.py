"""The time scope of one search: what instant or window facts must hold in, what belief they
are read at, and the time recency is measured from (:class:`Scope`).

>>> from datetime import datetime, timezone
>>> now = datetime(2024, 6, 1, tzinfo=timezone.utc)
>>> Scope(now=now).instant == now, Scope(now=now, as_of=datetime(2020, 1, 1, tzinfo=timezone.utc)).reference.year
(True, 2020)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from chronomem.graph.base import TurnRecord
from chronomem.query.records import EVENT_STATUSES
from chronomem.query.timewindow import TimeWindow
from chronomem.schema.models import Fact
from chronomem.schema.timeutil import shifted

#: A turn said up to this long before a window named in the query may be about it (a plan).
PLAN_GRACE = timedelta(days=31)


@dataclass(frozen=True)
class Scope:
    """The time filter of one search."""

    now: datetime
    as_of: datetime | None = None
    known_at: datetime | None = None
    window: TimeWindow | None = None
    events: frozenset[str] = frozenset()  # event predicates: history once begun, plans while planned

    @property
    def instant(self) -> datetime | None:
        """The single valid time facts must contain (``None``: a window is used instead)."""
        return self.as_of if self.as_of is not None else (None if self.window is not None else self.now)

    @property
    def reference(self) -> datetime:
        """The time recency is measured from."""
        if self.as_of is not None:
            return self.as_of
        return min(self.window.end, self.now) if self.window is not None else self.now

    def fact_ok(self, f: Fact) -> bool:
        if not f.known_at(self.known_at):
            return False
        instant = self.instant
        if instant is not None and not f.valid_at(instant) and not self._event_known(f, instant):
            return False
        return self.window is None or self.window.overlaps(f.valid_from, f.valid_to)

    def _event_known(self, f: Fact, instant: datetime) -> bool:
        """An event is history once it has begun ("Ana ran a marathon in May" is true after May) and a
        plan is news from when it was made, whatever its own interval."""
        if f.predicate not in self.events:
            return False
        if f.qualifiers.get("status") in EVENT_STATUSES:
            return f.recorded_at <= instant or self.as_of is None
        return f.valid_from is not None and f.valid_from <= instant

    def turn_ok(self, t: TurnRecord) -> bool:
        if self.as_of is not None and t.at > self.as_of:
            return False
        if self.known_at is not None and t.at > self.known_at:
            return False
        return self.window is None or t.at >= shifted(self.window.start, -PLAN_GRACE)
