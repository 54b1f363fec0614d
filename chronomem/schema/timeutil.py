"""Time helpers: everything is timezone-aware UTC.

>>> parse_time("2024-03-12").isoformat()
'2024-03-12T00:00:00+00:00'
>>> parse_time("2024-03-12T10:30:00+02:00").isoformat()
'2024-03-12T08:30:00+00:00'
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from functools import lru_cache

from chronomem.errors import InputError, clip

UTC = timezone.utc


def ensure_utc(value: datetime, *, what: str = "datetime") -> datetime:
    """Return ``value`` converted to UTC; a naive datetime is an :class:`InputError`."""
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise InputError(
            f"{what} {value.isoformat()} has no timezone; pass an aware datetime such as "
            f"datetime(..., tzinfo=timezone.utc) or an ISO string ending in 'Z'"
        )
    return _to_utc(value)


def _to_utc(value: datetime, shown: str | None = None) -> datetime:
    """``value`` in UTC; an :class:`InputError` when that falls outside the years 1 to 9999.

    >>> _to_utc(datetime.fromisoformat("0001-01-01T00:00:00+05:00"))
    Traceback (most recent call last):
    ...
    chronomem.errors.InputError: the time '0001-01-01T00:00:00+05:00' is out of range: in UTC it falls outside the years 1 to 9999
    """
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise InputError(f"the time {clip(shown or value.isoformat())} is out of range: in UTC it falls outside "
                         "the years 1 to 9999") from None


def parse_time(text: str | datetime | date) -> datetime:
    """Parse an ISO date or datetime; strings without an offset are read as UTC.

    Raises :class:`InputError` with the accepted forms when the text is not a time.
    """
    if isinstance(text, datetime):
        return ensure_utc(text)
    if isinstance(text, date):
        return datetime(text.year, text.month, text.day, tzinfo=UTC)
    if not isinstance(text, str):
        raise InputError(f"cannot read a {type(text).__name__} as a time; use an ISO date (2024-03-12), "
                         "month (2024-03), year (2024) or datetime (2024-03-12T09:00:00Z) string")
    raw = text.strip()
    if raw.lower() == "now":
        return datetime.now(UTC)
    return _parse_text(raw)


def utc_from_text(text: str) -> datetime:
    """An ISO date or datetime string as aware UTC, as :func:`parse_time` reads it ("now" excepted:
    input records carry their own times). Times without an offset are UTC.

    >>> utc_from_text("2024-09-01").isoformat(), utc_from_text("2024-09-01T10:00:00").isoformat()
    ('2024-09-01T00:00:00+00:00', '2024-09-01T10:00:00+00:00')
    """
    return _parse_text(text.strip())


def to_utc(value: datetime) -> datetime:
    """An aware datetime in UTC; an :class:`InputError` (a ``ValueError``) when out of range."""
    return _to_utc(value)


@lru_cache(maxsize=8192)
def _parse_text(raw: str) -> datetime:
    """:func:`parse_time` of a stripped string other than "now", remembered: imports repeat dates."""
    candidate = raw[:-1] + "+00:00" if raw.endswith(("Z", "z")) else raw
    parsed: datetime | None
    try:
        parsed = datetime.fromisoformat(candidate)
    except ValueError:
        try:
            parsed = datetime.fromisoformat(candidate + "-01") if len(candidate) == 7 else None
        except ValueError:
            parsed = None
        if parsed is None and len(candidate) == 4 and candidate.isdigit():
            parsed = datetime(int(candidate), 1, 1)
        if parsed is None:
            raise InputError(
                f"cannot read {clip(raw)} as a time; use an ISO date (2024-03-12), month (2024-03), "
                f"year (2024) or datetime (2024-03-12T09:00:00Z)"
            ) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return _to_utc(parsed, raw)


def shifted(value: datetime, delta: timedelta) -> datetime:
    """``value + delta``, held at the first or last representable instant instead of overflowing.

    >>> shifted(datetime(9999, 12, 31, tzinfo=UTC), timedelta(days=31)).year
    9999
    """
    try:
        return value + delta
    except OverflowError:
        return (datetime.max if delta > timedelta(0) else datetime.min).replace(tzinfo=UTC)


def iso(value: datetime | None) -> str | None:
    """ISO-8601 text of an aware datetime, ``None`` stays ``None``."""
    return None if value is None else value.astimezone(UTC).isoformat()
