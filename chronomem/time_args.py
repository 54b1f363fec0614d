"""The time arguments of the public API: an aware datetime, a date or an ISO string."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from chronomem.errors import InputError
from chronomem.schema.timeutil import ensure_utc, parse_time

if TYPE_CHECKING:
    from chronomem.clock import Clock

When = datetime | date | str
"""A time argument: an aware datetime, a date (midnight UTC) or an ISO string ("2024-03", "2024-03-12T10:00Z")."""


def _when(value: When | None, what: str) -> datetime | None:
    """``value`` as an aware UTC datetime (``None`` stays ``None``); anything else is an :class:`InputError`.

    >>> _when("2024-03-12", "as_of").isoformat()
    '2024-03-12T00:00:00+00:00'
    >>> _when(datetime(2024, 3, 12), "as_of")
    Traceback (most recent call last):
    ...
    chronomem.errors.InputError: as_of 2024-03-12T00:00:00 has no timezone; pass an aware datetime such as datetime(..., tzinfo=timezone.utc) or an ISO string ending in 'Z'
    """  # noqa: E501
    if value is None:
        return None
    if isinstance(value, datetime):
        return ensure_utc(value, what=what)
    if isinstance(value, (date, str)):
        return parse_time(value)
    raise InputError(f"{what} must be a datetime, a date or an ISO date string, not {type(value).__name__}")


def when_or_now(value: When | None, what: str, clock: Clock) -> datetime:
    """``value`` as aware UTC (see :func:`_when`), or ``clock``'s now when it is not given: the one
    place the API decides that a missing time means now.

    >>> from datetime import timezone
    >>> from chronomem.clock import FixedClock
    >>> clock = FixedClock(datetime(2024, 6, 1, tzinfo=timezone.utc))
    >>> when_or_now(None, "as_of", clock).isoformat(), when_or_now("2020", "as_of", clock).year
    ('2024-06-01T00:00:00+00:00', 2020)
    """
    at = _when(value, what)
    return clock.now() if at is None else at
