"""Time helpers: everything is timezone-aware UTC.

>>> parse_time("2024-03-12").isoformat()
'2024-03-12T00:00:00+00:00'
>>> parse_time("2024-03-12T10:30:00+02:00").isoformat()
'2024-03-12T08:30:00+00:00'
"""

from __future__ import annotations

from datetime import date, datetime, timezone
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
    return value.astimezone(UTC)


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
    return parsed.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    """ISO-8601 text of an aware datetime, ``None`` stays ``None``."""
    return None if value is None else value.astimezone(UTC).isoformat()
