"""Times named in a query ("in 2023", "last May", "in March 2022") become a search window.

:func:`split_time` finds the first time phrase in a question, resolves it against a
reference time with the time grammar (:mod:`chronomem.timeexpr`), and returns the
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

from chronomem.timeexpr import find_times
from chronomem.timeexpr.words import OTHER_DAY, OTHER_WEEK, RECENTLY_PHRASES


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
_CENTURY = timedelta(days=36_525)
#: Phrases too vague to narrow a search ("what did Ana do recently"): they say nothing of a window.
_VAGUE = frozenset(RECENTLY_PHRASES) | frozenset(OTHER_DAY) | frozenset(OTHER_WEEK)


def split_time(text: str, ref: datetime) -> tuple[str, TimeWindow | None]:
    """``(text without the time phrase, window)``; ``(text, None)`` when no phrase resolves.

    The phrase is found and resolved by :func:`chronomem.timeexpr.find_times` (the grammar
    extraction uses too) in the question's tense; "since"/"from" windows run to ``ref``, "after"
    windows on into the future, "before"/"until"/"by" windows from the distant past.
    """
    for found in find_times(text, ref):
        if found.phrase.lower() in _VAGUE or found.span.role == "age":
            continue
        span = found.span
        start, end = span.start_at() or _DISTANT_PAST, span.end_at()
        if end is None:  # since X, after X: open to the future
            end = max(start + timedelta(days=1), ref)
            if found.phrase.lower().startswith("after"):
                end += _CENTURY
        rest = (text[: found.start] + text[found.end:]).strip()
        rest = re.sub(r"\s+([?.!,;:])", r"\1", re.sub(r"\s{2,}", " ", rest))
        return rest, TimeWindow(start, end, found.phrase)
    return text, None
