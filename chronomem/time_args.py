"""The time arguments of the public API: an aware datetime, a date or an ISO string."""

from __future__ import annotations

from datetime import date, datetime

from chronomem.errors import InputError
from chronomem.schema.timeutil import ensure_utc, parse_time

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
