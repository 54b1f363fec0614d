"""Clocks. Library code never calls ``datetime.now()`` itself: it is handed a clock.

>>> from datetime import datetime, timezone
>>> clock = FixedClock(datetime(2024, 3, 12, tzinfo=timezone.utc))
>>> clock.now().isoformat()
'2024-03-12T00:00:00+00:00'
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current UTC time."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock, in UTC."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)


class FixedClock:
    """A clock that stands still until moved; for tests and replays."""

    def __init__(self, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")
        self.at = at

    def now(self) -> datetime:
        return self.at

    def advance(self, delta: timedelta) -> None:
        self.at = self.at + delta
