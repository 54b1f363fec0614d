"""A time phrase resolved into an interval of days with a granularity, decided by tense.

:func:`resolve` is the one entry point extraction, turn times, queries and answers share. It
reads a phrase against a reference time and the tense of the clause it sits in, and returns a
:class:`TimeSpan`: the first day, the exclusive end day (either may be open), the granularity
(``day``, ``weekend``, ``week``, ``month``, ``season``, ``year``, ``decade``) and the role of the
phrase (``point``, ``since``, ``until``, ``for``, ``range``, ``age``).

>>> from datetime import datetime, timezone
>>> said = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)          # a Monday
>>> print(resolve("yesterday", said))
2023-05-07 day (yesterday)
>>> print(resolve("on Friday", said)), print(resolve("on Friday", said, tense="future"))
2023-05-05 day (on Friday)
2023-05-12 day (on Friday)
(None, None)
>>> print(resolve("two weekends ago", said)), print(resolve("last summer", said))
2023-04-29 → 2023-04-30 weekend (two weekends ago)
2022-06-01 → 2022-08-31 season (last summer)
(None, None)
>>> print(resolve("since 2016", said)), print(resolve("for three years", said, tense="present"))
2016-01-01 → … year since (since 2016)
2020-05-08 → 2023-05-08 year for (for three years)
(None, None)
>>> print(resolve("when I was 18", said, born=1995))
2013-01-01 → 2014-12-31 year age (when I was 18)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any, Literal

from chronomem.timeexpr import calc as C
from chronomem.timeexpr.points import (
    DAY_RANGE_RE,
    FOR_UNTIL_RE,
    YEAR_RANGE_RE,
    Prefer,
    TimePoint,
    month_dash,
    resolve_time,
    spelled_out,
    unhedged,
)
from chronomem.timeexpr.words import AGE_DECADES

Granularity = Literal["day", "weekend", "week", "month", "season", "year", "decade"]
Tense = Literal["past", "present", "future"]
Role = Literal["point", "since", "until", "for", "range", "age"]

GRANULARITIES: tuple[Granularity, ...] = ("day", "weekend", "week", "month", "season", "year", "decade")
_PREFER: dict[str, Prefer] = {"past": "past", "future": "future", "present": "nearest"}
_D1 = timedelta(1)

_SPACES = re.compile(r"\s+")
_SINCE = re.compile(r"^(?:ever\s+since|since|starting(?:\s+(?:in|on|from))?|as\s+of)\s+(?P<x>.+)$")
_UNTIL = re.compile(r"^(?:up\s+until|up\s+to|until|till|til|by)\s+(?P<x>.+)$")
_BEFORE = re.compile(r"^(?:just\s+|right\s+|shortly\s+)?before\s+(?P<x>.+)$")
_AFTER = re.compile(r"^(?:just\s+|right\s+|shortly\s+)?after\s+(?P<x>.+)$")
_FOR = re.compile(r"^(?:(?:for|over)\s+(?:the\s+(?:past|last)\s+)?(?P<n>.+?)\s+(?P<u>day|week|month|year|decade)s?"
                  r"(?P<h>\s+and\s+a\s+half)?(?:\s+now)?|(?P<n2>.+?)\s+(?P<u2>day|week|month|year|decade)s?"
                  r"(?P<h2>\s+and\s+a\s+half)?\s+now)$")
_RANGE = re.compile(r"^(?:between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)|from\s+(?P<c>.+?)\s+(?:to|until|till|through|thru)\s+"
                    r"(?P<d>.+))$")
_ANCHORED = re.compile(r"^the\s+(?P<u>day|weekend|week|month|year)\s+(?P<k>before|after)$")
_AGE = re.compile(r"^(?:when\s+(?:i|he|she|they|we)\s+(?:was|were)|at(?:\s+the\s+age\s+of)?|aged)\s+(?P<n>\S+(?:[\s-]\S+)?)"
                  r"(?:\s+years?\s+old)?$")
_AGE_DECADE = re.compile(r"^(?:in|during)\s+(?:my|his|her|their|our)\s+(?P<d>\w+)$")
_YEAR4 = re.compile(r"\b\d{4}\b")


@dataclass(frozen=True, slots=True)
class TimeSpan:
    """A resolved time phrase: days ``[start, end)`` (``None``: open), granularity and role.

    >>> s = TimeSpan("last week", date(2023, 6, 2), date(2023, 6, 9), "week")
    >>> s.last, s.days, s.to_json()["end"]
    (datetime.date(2023, 6, 8), 7, '2023-06-09')
    >>> TimeSpan.from_json(s.to_json()) == s
    True
    """

    phrase: str
    start: date | None
    end: date | None  # exclusive
    granularity: Granularity
    role: Role = "point"

    @property
    def last(self) -> date | None:
        """The last day inside the span (inclusive end); ``None`` when open."""
        return None if self.end is None else self.end - _D1

    @property
    def days(self) -> int | None:
        """How many days the span covers; ``None`` when a bound is open."""
        return None if self.start is None or self.end is None else (self.end - self.start).days

    def start_at(self) -> datetime | None:
        """The start as a UTC midnight (``valid_from`` style)."""
        return _midnight(self.start)

    def end_at(self) -> datetime | None:
        """The exclusive end as a UTC midnight (``valid_to`` style)."""
        return _midnight(self.end)

    def dates(self) -> str:
        """``2023-05-07`` for one day, ``2023-06-02 → 2023-06-08`` otherwise (inclusive; ``…`` open)."""
        first = "…" if self.start is None else self.start.isoformat()
        last = self.last
        if self.start is not None and last == self.start:
            return first
        return f"{first} → {'…' if last is None else last.isoformat()}"

    def __str__(self) -> str:
        role = "" if self.role == "point" else f" {self.role}"
        return f"{self.dates()} {self.granularity}{role} ({self.phrase})"

    def to_json(self) -> dict[str, Any]:
        return {"phrase": self.phrase, "start": None if self.start is None else self.start.isoformat(),
                "end": None if self.end is None else self.end.isoformat(), "granularity": self.granularity,
                "role": self.role}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeSpan:
        def day(v: str | None) -> date | None:
            return None if v is None else date.fromisoformat(v)

        return cls(str(data["phrase"]), day(data.get("start")), day(data.get("end")), data["granularity"],
                   data.get("role", "point"))


def _midnight(d: date | None) -> datetime | None:
    return None if d is None else datetime(d.year, d.month, d.day, tzinfo=timezone.utc)


def _norm(phrase: str) -> str:
    return month_dash(unhedged(spelled_out(_SPACES.sub(" ", phrase.lower().replace("\u2019", "'")).strip(" .,;:!?\"()[]"))))


def resolve(phrase: str, ref: datetime, *, tense: Tense = "past", born: date | int | None = None) -> TimeSpan | None:
    """The interval ``phrase`` names, said at ``ref`` in a clause of ``tense``; ``None`` when it names none.

    ``tense`` decides phrases that do not say which occurrence they mean: "on Friday", "in
    June", "this weekend", "summer" are the last one in a past clause, the next one in a future
    clause and the nearest one in a present clause. ``born`` (a birth date or year) resolves
    ages ("when I was 18", "in my twenties"); without it they resolve to nothing.

    >>> ref = datetime(2023, 7, 3, 13, tzinfo=timezone.utc)
    >>> [resolve(p, ref).dates() for p in ("between March and May", "until June", "four months ago")]
    ['2023-03-01 → 2023-05-31', '… → 2023-06-30', '2023-03-01 → 2023-03-31']
    >>> print(resolve("every day", ref))
    None
    """
    if ref.tzinfo is None or ref.utcoffset() is None:
        raise ValueError("ref must be timezone-aware")
    if tense not in _PREFER:
        raise ValueError(f"tense must be one of {tuple(_PREFER)}, got {tense!r}")
    text = _norm(phrase)
    if not text:
        return None
    ref = ref.astimezone(timezone.utc)
    prefer = _PREFER[tense]
    shown = " ".join(phrase.split()).strip(" .,;:!?\"()[]")
    span = _bounded(text, shown, ref, prefer, tense, born)
    if span is not None or text.startswith(("since ", "until ", "till ", "between ", "from ", "for ", "when ")) \
            or DAY_RANGE_RE.match(text) or YEAR_RANGE_RE.match(text):
        return span
    return _point(text, shown, ref, prefer)


def _bounded(text: str, shown: str, ref: datetime, prefer: Prefer, tense: Tense,
             born: date | int | None) -> TimeSpan | None:
    """Phrases with a role other than ``point``: since, until, before, after, for, ranges, ages."""
    today = ref.date()
    m = DAY_RANGE_RE.match(text)
    if m:
        return _day_range(m, shown, ref, prefer)
    m = YEAR_RANGE_RE.match(text)
    if m:
        first, last = int(m["a"]), int(m["b"]) if len(m["b"]) == 4 else int(m["a"][:2] + m["b"])
        return TimeSpan(shown, date(first, 1, 1), date(last + 1, 1, 1), "year", "range") if first < last else None
    m = _RANGE.match(text)
    if m:
        return _range(m, shown, ref, prefer)
    m = FOR_UNTIL_RE.match(text)
    if m:  # "for six years until 2020": from six years before its end
        ended, began = _point(m["x"], shown, ref, prefer), _point(f"{m['n']} {m['u']}s before {m['x']}", shown, ref, prefer)
        if ended is None or began is None or began.start is None or ended.end is None:
            return None
        grain = max(began.granularity, ended.granularity, key=GRANULARITIES.index)
        return TimeSpan(shown, began.start, ended.end, grain, "range")
    m = _ANCHORED.match(text)
    if m:
        return _anchored(m["u"], m["k"] == "before", today, shown)
    m = _SINCE.match(text)
    if m:
        x = _point(m["x"], shown, ref, "past")
        return None if x is None else TimeSpan(shown, x.start, None, x.granularity, "since")
    for rx, role in ((_UNTIL, "until"), (_BEFORE, "until")):
        m = rx.match(text)
        if m:
            x = _point(m["x"], shown, ref, prefer)
            if x is None:
                return None
            return TimeSpan(shown, None, x.end if rx is _UNTIL else x.start, x.granularity, "until")
    m = _AFTER.match(text)
    if m:
        x = _point(m["x"], shown, ref, prefer)
        return None if x is None else TimeSpan(shown, x.end, None, x.granularity, "since")
    m = _FOR.match(text)
    if m:
        if tense == "future":
            return None  # "for two weeks" ahead: how long, not when
        n_text, unit, half = (m["n"], m["u"], m["h"]) if m["n"] is not None else (m["n2"], m["u2"], m["h2"])
        n = C.parse_num(n_text)
        if n is None or n <= 0:
            return None
        back = C.shift(today, n + (0.5 if half else 0), unit, -1, ref)
        if back is None:
            return None
        gran = _unit_granularity(unit)
        return TimeSpan(shown, back[0], today + _D1, gran, "for")
    return _age(text, shown, born)


def _range(m: re.Match[str], shown: str, ref: datetime, prefer: Prefer) -> TimeSpan | None:
    """"between March and May", "from 2011 to 2014": from the first one's start to the second one's end."""
    a, b = (m["a"], m["b"]) if m["a"] is not None else (m["c"], m["d"])
    y = _YEAR4.search(b)
    if y and not _YEAR4.search(a):
        a = f"{a} {y.group()}"  # "between March and May 2021": March 2021
    first, second = _point(a, shown, ref, prefer), _point(b, shown, ref, prefer)
    if first is None or second is None or first.start is None or second.end is None or second.end <= first.start:
        return None
    coarser = max(first.granularity, second.granularity, key=GRANULARITIES.index)
    return TimeSpan(shown, first.start, second.end, coarser, "range")


def _day_range(m: re.Match[str], shown: str, ref: datetime, prefer: Prefer) -> TimeSpan | None:
    """"June 3-7", "3-7 June 2023": the first day as a date of its own, through the last day of that month."""
    month, a, b = (m["m"], m["a"], m["b"]) if m["m"] is not None else (m["m2"], m["a2"], m["b2"])
    first = _point(f"{month} {a}" + (f" {m['y']}" if m["y"] else ""), shown, ref, prefer)
    if first is None or first.start is None or not int(a) < int(b) <= 31:
        return None
    try:
        last = first.start.replace(day=int(b))
    except ValueError:
        return None  # "February 27-30"
    return TimeSpan(shown, first.start, last + _D1, "day", "range")


_COUNTED: dict[str, Granularity] = {"day": "day", "week": "week", "weekend": "weekend"}  # calc.counted_from's units


def _anchored(unit: str, before: bool, anchor: date, shown: str) -> TimeSpan:
    """"the weekend before", "the week after": next to the reference itself, which here is the time the
    phrase is anchored to (the day of the event it is said of), not a clock."""
    grain = _COUNTED.get(unit)
    if grain is not None:
        start, end = C.counted_from(unit, 1, before, anchor)
        return TimeSpan(shown, start, end, grain)
    if unit == "month":
        first = C.add_months(anchor.replace(day=1), -1 if before else 1)
        return TimeSpan(shown, first, C.add_months(first, 1), "month")
    year = anchor.year + (-1 if before else 1)
    return TimeSpan(shown, date(year, 1, 1), date(year + 1, 1, 1), "year")


def _age(text: str, shown: str, born: date | int | None) -> TimeSpan | None:
    """"when I was 18" (a year of life), "in my twenties" (ten), given a birth date or year."""
    if born is None:
        return None
    m = _AGE.match(text)
    if m:
        n = C.parse_num(m["n"].replace("-", " ").strip())
        if n is None or n != int(n) or not 0 < n < 130:
            return None
        lo, hi = int(n), int(n) + 1
    else:
        m = _AGE_DECADE.match(text)
        if not m or m["d"] not in AGE_DECADES:
            return None
        lo, hi = AGE_DECADES[m["d"]]
    if isinstance(born, date):
        start, end = C.add_months(born, 12 * lo), C.add_months(born, 12 * hi)
    else:  # only the year: from the first day one could have been that old to the last
        start, end = date(born + lo, 1, 1), date(born + hi + 1, 1, 1)
    return TimeSpan(shown, start, end, "decade" if hi - lo >= 10 else "year", "age")


def _unit_granularity(unit: str) -> Granularity:
    return {"day": "day", "night": "day", "week": "week", "fortnight": "week", "month": "month", "year": "year",
            "decade": "decade"}.get(unit, "day")  # type: ignore[return-value]


def _point(text: str, shown: str, ref: datetime, prefer: Prefer) -> TimeSpan | None:
    """A phrase naming one period ("yesterday", "in June", "two weekends ago"), as a span."""
    point = resolve_time(text, ref, prefer=prefer)
    if point is None:
        return None
    return from_point(point, shown)


def from_point(point: TimePoint, phrase: str) -> TimeSpan:
    """The span of a :class:`TimePoint`: a fuzzy offset ("four months ago", "a year ago") becomes the
    calendar month or year it falls in; the granularity follows the period's precision and length.

    >>> from chronomem.timeexpr.points import resolve_time
    >>> ref = datetime(2023, 8, 3, tzinfo=timezone.utc)
    >>> print(from_point(resolve_time("about a year ago", ref), "about a year ago"))
    2022-01-01 → 2022-12-31 year (about a year ago)
    """
    start = point.at.date()
    end = None if point.end is None else point.end.date()
    prec = point.precision
    if end is None:
        if prec == "year":
            start, end = date(start.year, 1, 1), date(start.year + 1, 1, 1)
        else:
            start, end = C.month_pair(start.year, start.month)
            prec = "month"
    days = (end - start).days
    gran: Granularity
    if prec == "day":
        gran = "day" if days == 1 else ("weekend" if days == 2 and start.weekday() == 5 else "week")
    elif prec == "week":
        gran = "week" if days <= 10 else "month"
    elif prec == "month":
        gran = "month" if days <= 31 else ("season" if days <= 100 else "year")
    elif prec == "season":
        gran = "season"
    else:
        gran = "decade" if days >= 3650 else "year"
    return TimeSpan(phrase, start, end, gran)
