"""Times named in a query ("in 2023", "last May", "in March 2022") become a search window.

:func:`split_time` finds the first time phrase in a question, resolves it against a
reference time with :func:`chronomem.extract.timeexpr.resolve_time`, and returns the
question without the phrase plus the half-open window ``[start, end)`` it names.

>>> from datetime import datetime, timezone
>>> ref = datetime(2024, 6, 1, tzinfo=timezone.utc)
>>> text, window = split_time("Where did Ana live in March 2022?", ref)
>>> text, window.start.date().isoformat(), window.end.date().isoformat()
('Where did Ana live?', '2022-03-01', '2022-04-01')
>>> split_time("What did Tom say last May about Redis", ref)[1].start.date().isoformat()
'2024-05-01'
>>> split_time("Who was CTO since January?", ref)[1].end == ref
True
>>> split_time("May I ask where Ana lives?", ref)
('May I ask where Ana lives?', None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_SEASON = r"(?:spring|summer|fall|autumn|winter)"
_YEAR = r"(?:19|20)\d{2}"
_NUM = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple\s+of|several)"
_PREP = r"(?:in|during|on|since|by|around|from|back\s+in|until|before|after|throughout)"
_MOD = r"(?:(?:the\s+)?(?:early|mid|late|beginning\s+of|start\s+of|end\s+of|middle\s+of)[\s-]+)"
_DATE = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)(?:,?\s+{_YEAR})?"
_PATTERN = re.compile(
    rf"""\b(?:
        (?:{_PREP}\s+)?(?:the\s+)?{_SEASON}\s+of\s+{_YEAR}
      | (?:{_PREP}\s+)?{_DATE}
      | (?:{_PREP}\s+)?{_MOD}?{_MONTH}\s+(?:of\s+)?{_YEAR}
      | (?:{_PREP}\s+)?(?:last|this|next|past)\s+(?:{_MONTH}|{_WEEKDAY}|{_SEASON}|week(?:end)?|month|year|quarter)
      | (?:{_PREP}\s+){_MOD}?(?:{_YEAR}|{_MONTH}|{_SEASON})
      | {_MOD}{_YEAR}
      | \d{{4}}-\d{{2}}-\d{{2}}
      | (?:yesterday|today|tonight|last\s+night)
      | {_NUM}\s+(?:days?|weeks?|months?|years?)\s+ago
    )\b""",
    re.IGNORECASE | re.VERBOSE,
)


@dataclass(frozen=True)
class TimeWindow:
    """A half-open window ``[start, end)`` named in a query, and the phrase that named it."""

    start: datetime
    end: datetime
    phrase: str

    def contains(self, at: datetime) -> bool:
        return self.start <= at < self.end

    def overlaps(self, start: datetime | None, end: datetime | None) -> bool:
        """True when ``[start, end)`` (``None``: unbounded) meets the window."""
        return (start is None or start < self.end) and (end is None or end > self.start)


_DISTANT_PAST = datetime(1000, 1, 1, tzinfo=timezone.utc)
_SPAN = {"day": timedelta(days=1), "week": timedelta(days=7), "month": timedelta(days=31),
         "season": timedelta(days=92), "year": timedelta(days=366)}


def split_time(text: str, ref: datetime) -> tuple[str, TimeWindow | None]:
    """``(text without the time phrase, window)``; ``(text, None)`` when no phrase resolves."""
    try:
        from chronomem.extract.timeexpr import resolve_time
    except ImportError:  # pragma: no cover - the resolver ships with chronomem
        return text, None
    for match in _PATTERN.finditer(text):
        point = resolve_time(match.group(0), ref)
        if point is None:
            continue
        start, end = point.at, point.end or point.at + _SPAN.get(point.precision, timedelta(days=1))
        lead = match.group(0).split(None, 1)[0].lower()
        if lead in ("since", "from"):
            end = max(end, ref)
        elif lead == "after":
            start, end = end, max(end, ref) + _SPAN["year"] * 100
        elif lead in ("before", "until", "by"):
            start, end = _DISTANT_PAST, start if lead == "before" else end
        rest = (text[: match.start()] + text[match.end():]).strip()
        rest = re.sub(r"\s+([?.!,;:])", r"\1", re.sub(r"\s{2,}", " ", rest))
        return rest, TimeWindow(start, end, match.group(0))
    return text, None
