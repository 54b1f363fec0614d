"""Time expressions → intervals with a granularity: one spaCy-free grammar for extraction and queries.

- :func:`resolve` reads one phrase against a reference time and a tense (:class:`TimeSpan`);
- :func:`find_times` finds the time phrases of a text and resolves each (:class:`TimeMention`);
- :func:`resolve_time` is the lower level: the start of the period meant and its precision
  (:class:`TimePoint`), used where a single instant is stored (a claim's ``at``).

>>> from datetime import datetime, timezone
>>> said = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
>>> [str(m.span) for m in find_times("I went to a support group yesterday; camping next month!", said)]
['2023-05-07 day (yesterday)', '2023-06-01 → 2023-06-30 month (next month)']
"""

from chronomem.timeexpr.finder import TimeMention, find_times, find_times_each, tense_of
from chronomem.timeexpr.points import Precision, Prefer, TimePoint, resolve_time, split_range
from chronomem.timeexpr.spans import GRANULARITIES, Granularity, Role, Tense, TimeSpan, from_point, resolve

__all__ = ["GRANULARITIES", "Granularity", "Precision", "Prefer", "Role", "Tense", "TimeMention", "TimePoint",
           "TimeSpan", "find_times", "find_times_each", "from_point", "resolve", "resolve_time", "split_range", "tense_of"]
