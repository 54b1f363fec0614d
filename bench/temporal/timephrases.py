"""Time phrases for the synthetic benchmark, with the period each one pins an event to.

Every phrase is rendered from the event's *true* date and the session's date, and carries the
half-open period ``[lo, hi)`` of days it leaves open ("in January" → all of January). The
scorer never probes inside a period, so an extractor that resolves "last week" to any day of
last week is right.

>>> from datetime import date
>>> s = date(2023, 6, 14)                        # a Wednesday
>>> sorted(p.text for p in point_phrases(date(2023, 6, 10), s))[:3]
['a few days ago', 'last Saturday', 'last week']
>>> p = [p for p in point_phrases(date(2023, 1, 20), s) if p.text == "in January"][0]
>>> p.lo.isoformat(), p.hi.isoformat(), p.precision
('2023-01-01', '2023-02-01', 'month')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
D = timedelta(days=1)


@dataclass(frozen=True)
class Phrase:
    """A time phrase and the period ``[lo, hi)`` of days it allows."""

    text: str
    lo: date
    hi: date
    precision: str
    kind: str  # a label for reporting: relative_day, last_week, month_name, abs_day, ...
    weight: float = 1.0


def month_start(d: date) -> date:
    return d.replace(day=1)


def next_month(d: date) -> date:
    return date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def prev_month(d: date) -> date:
    return month_start(month_start(d) - D)


def months_between(a: date, b: date) -> int:
    """Whole calendar months from ``a``'s month to ``b``'s month."""
    return (b.year - a.year) * 12 + (b.month - a.month)


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def day_text(d: date, *, year: bool = True, style: int = 0) -> str:
    """``March 3, 2022`` (style 0) or ``3 March 2022`` (style 1)."""
    if style == 1:
        return f"{d.day} {MONTHS[d.month - 1]}" + (f" {d.year}" if year else "")
    return f"{MONTHS[d.month - 1]} {d.day}" + (f", {d.year}" if year else "")


def point_phrases(d: date, s: date) -> list[Phrase]:
    """Past-tense phrases for an event on ``d`` told in a session on ``s`` (``d <= s``)."""
    g = (s - d).days
    out: list[Phrase] = []
    if g < 0:
        return out
    day = (d, d + D, "day")
    if g == 0:
        out += [Phrase("today", *day, "today", 2), Phrase("this morning", *day, "today", 1)]
    if g == 1:
        out.append(Phrase("yesterday", *day, "yesterday", 3))
    if 2 <= g <= 5:
        out.append(Phrase("a few days ago", s - 6 * D, s - D, "day", "few_days", 2))
    if monday(d) == monday(s) - 7 * D:
        if d.weekday() > s.weekday() and g >= 2:
            out.append(Phrase(f"last {WEEKDAYS[d.weekday()]}", *day, "last_weekday", 2))
        out.append(Phrase("last week", monday(d), monday(s), "week", "last_week", 3))
    if s.weekday() <= 2 and d.weekday() >= 5 and g <= 4:
        sat = d - timedelta(days=d.weekday() - 5)
        out.append(Phrase("over the weekend", sat, sat + 2 * D, "day", "weekend", 3))
    if 12 <= g <= 16:
        out.append(Phrase("two weeks ago", s - 18 * D, s - 10 * D, "week", "weeks_ago", 2))
    if 19 <= g <= 23:
        out.append(Phrase("three weeks ago", s - 25 * D, s - 17 * D, "week", "weeks_ago", 2))
    mb = months_between(d, s)
    month = (month_start(d), next_month(d), "month")
    if mb == 1:
        out.append(Phrase("last month", *month, "last_month", 3))
    if 1 <= mb <= 10:
        name = MONTHS[d.month - 1]
        out.append(Phrase(f"in {name}", *month, "month_name", 3))
        if d.day >= 22:
            out.append(Phrase(f"at the end of {name}", d.replace(day=15), next_month(d), "month", "end_of_month", 1))
        if d.day <= 9:
            out.append(Phrase(f"in early {name}", *month, "early_month", 1))
    if d.year == s.year and g >= 2:
        out.append(Phrase(f"on {day_text(d, year=False)}", *day, "abs_day_no_year", 1))
    if mb >= 1 or g >= 20:
        out.append(Phrase(f"on {day_text(d)}", *day, "abs_day", 1.5))
        out.append(Phrase(f"on {day_text(d, style=1)}", *day, "abs_day", 0.5))
        out.append(Phrase(f"in {MONTHS[d.month - 1]} {d.year}", *month, "abs_month", 1.5))
    year = (date(d.year, 1, 1), date(d.year + 1, 1, 1), "year")
    if d.year < s.year:
        out.append(Phrase(f"in {d.year}", *year, "abs_year", 1))
        out.append(Phrase(f"back in {d.year}", *year, "abs_year", 0.5))
        if d.year == s.year - 1 and s.month >= 3:
            out.append(Phrase("last year", *year, "last_year", 0.5))
    if d.year == s.year and s.month >= 5 and mb >= 2:
        out.append(Phrase("earlier this year", *year, "this_year", 0.3))
    return out


_SINCE_OK = {"last_weekday", "last_week", "last_month", "month_name", "early_month",
             "abs_day", "abs_day_no_year", "abs_month", "abs_year", "last_year"}


def since_phrases(d: date, s: date) -> list[Phrase]:
    """What follows "since" for a state that began on ``d`` and still holds on ``s`` ("January", "last week")."""
    out = []
    for p in point_phrases(d, s):
        if p.kind not in _SINCE_OK or p.text.startswith("back in"):
            continue
        core = p.text
        for prep in ("in early ", "in ", "on "):
            if core.startswith(prep):
                core = core[len(prep):]
                break
        out.append(replace(p, text=core, kind="since_" + p.kind))
    return out


def day_phrases(d: date, s: date) -> list[Phrase]:
    """Day-precise phrases usable after a copula ("My last day was …")."""
    return [p for p in point_phrases(d, s) if p.precision == "day" and p.kind != "few_days" and p.kind != "weekend"]


def future_phrases(d: date, s: date) -> list[Phrase]:
    """Phrases for a planned event on ``d`` announced on ``s`` (``d > s``)."""
    out = []
    if months_between(s, d) == 1:
        out.append(Phrase("next month", month_start(d), next_month(d), "month", "next_month", 1))
    if monday(d) == monday(s) + 7 * D:
        out.append(Phrase("next week", monday(d), monday(d) + 7 * D, "week", "next_week", 1))
    return out


def phrases(form: str, d: date, s: date) -> list[Phrase]:
    """All phrases of ``form`` (point, since, day, future) for an event on ``d`` told on ``s``."""
    if form == "point":
        return point_phrases(d, s)
    if form == "since":
        return since_phrases(d, s)
    if form == "day":
        return day_phrases(d, s)
    if form == "future":
        return future_phrases(d, s)
    raise ValueError(form)
