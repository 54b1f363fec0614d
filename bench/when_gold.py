"""Gold answers of LoCoMo's temporal questions, parsed into intervals of days.

Written apart from :mod:`chronomem.timeexpr` (its own small grammar over the standard library), so
the benchmark does not grade the time grammar with itself. An answer is a date, a month, a season,
a year, or a phrase relative to a stated date; :func:`parse_gold` returns the first day and the
last day (inclusive), or ``None`` for answers that name no date (durations such as "4 years",
names, "Yes") and vague ones ("A few years ago").

- "7 May 2023", "May 7, 2023", "Januarty 5, 2024" (month names are read from their first three letters);
- "June 2023", "April.2023", "early August, 2023", "Around August 2022", "2022", "In 2013", "Since 2016";
- "summer 2022", "The summer of 2022" (June to August);
- "The week before 9 June 2023": the 7 days before it; "Two weeks before D": the 7 days a week before those;
- "The Friday before 15 July 2023": that weekday's last occurrence before the date;
- "The weekend before D" / "two weekends before D" / "The weekend after D" / "The weekend of D";
- "The week of D": the Monday-to-Sunday week holding it; "first/last week of June 2023", "first weekend of …";
- "few days before D": the 2 to 4 days before it; "between D1 and D2".

A year-less date ("13 August") takes the year of the question's evidence (``year`` argument).

>>> [str(parse_gold(a)) for a in ("7 May 2023", "The week before 9 June 2023", "summer 2022")]
['(datetime.date(2023, 5, 7), datetime.date(2023, 5, 7))', \
'(datetime.date(2023, 6, 2), datetime.date(2023, 6, 8))', \
'(datetime.date(2022, 6, 1), datetime.date(2022, 8, 31))']
>>> parse_gold("4 years") is None and parse_gold("A few years ago") is None
True
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

Interval = tuple[date, date]  # first and last day, inclusive

_MONTHS = {name.lower()[:3]: n for n, name in enumerate(calendar.month_name) if name}
_WEEKDAYS = {name.lower(): n for n, name in enumerate(calendar.day_name)}
_SEASON_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_M = r"(?P<m>[a-z]{3,})"
_DAY_FIRST = re.compile(rf"^(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s*{_M}\.?,?\s*(?P<y>\d{{4}})?$")
_MONTH_FIRST = re.compile(rf"^{_M}\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s*(?P<y>\d{{4}})?$")
_MONTH_YEAR = re.compile(rf"^(?:(?P<mod>early|mid|late)\s+)?{_M}[\s.,]*(?P<y>\d{{4}})$")
_YEAR = re.compile(r"^(?P<y>\d{4})$")
_SEASON = re.compile(r"^(?:the\s+)?(?P<s>spring|summer|fall|autumn|winter)\s+(?:of\s+)?(?P<y>\d{4})$")
_RELATIVE = re.compile(r"^(?:the\s+)?(?P<n>two|three|2|3)?\s*(?P<what>week|weekend|[a-z]+day)s?\s+(?P<k>before|after|of)"
                       r"\s+(?P<date>.+)$")
_NTH_WEEK = re.compile(rf"^(?:the\s+)?(?P<o>first|last)\s+(?P<what>week|weekend)\s+of\s+{_M}\.?,?\s*(?P<y>\d{{4}})$")
_FEW_DAYS = re.compile(r"^(?:a\s+)?few\s+days\s+before\s+(?P<date>.+)$")
_BETWEEN = re.compile(r"^between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$")
_LEAD = re.compile(r"^(?:in|around|since|about|on|circa)\s+")
_COUNT = {"two": 2, "three": 3, "2": 2, "3": 3}


def _month(word: str) -> int | None:
    return _MONTHS.get(word[:3])


def _clean(text: str) -> str:
    text = text.strip().lower().replace("`", "").replace("\u2019", "'")
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)  # "14august" → "14 august"
    text = re.sub(r"(?<=[a-z])(\d)", r" \1", text)  # "april.2023" stays, "june2023" → "june 2023"
    return " ".join(text.split()).strip(" .")


def _day(text: str, year: int | None) -> date | None:
    """A single day: "7 May 2023", "May 7, 2023", "October 13th, 2023" (a missing year from ``year``)."""
    text = re.sub(r"(\d)\s+(st|nd|rd|th)\b", r"\1\2", text)  # undo _clean's split of "13th"
    for rx in (_DAY_FIRST, _MONTH_FIRST):
        m = rx.match(text)
        if m and _month(m["m"]):
            y = int(m["y"]) if m["y"] else year
            if y is None:
                return None
            try:
                return date(y, _month(m["m"]) or 1, int(m["d"]))
            except ValueError:
                return None
    return None


def parse_gold(answer: object, *, year: int | None = None) -> Interval | None:
    """The interval a gold answer names (first and last day), ``None`` when it names no date."""
    text = _clean(str(answer))
    if not text or not any(c.isdigit() for c in text):
        return None
    m = _BETWEEN.match(text)
    if m:
        a, b = parse_gold(m["a"], year=year), parse_gold(m["b"], year=year)
        return (a[0], b[1]) if a and b and a[0] <= b[1] else None
    m = _FEW_DAYS.match(text)
    if m:
        d = _day(m["date"], year)
        return (d - timedelta(4), d - timedelta(2)) if d else None
    m = _NTH_WEEK.match(text)
    if m and _month(m["m"]):
        first = date(int(m["y"]), _month(m["m"]) or 1, 1)
        last = date(first.year, first.month, calendar.monthrange(first.year, first.month)[1])
        if m["what"] == "week":
            return (first, first + timedelta(6)) if m["o"] == "first" else (last - timedelta(6), last)
        sat = first + timedelta((5 - first.weekday()) % 7) if m["o"] == "first" else \
            last - timedelta((last.weekday() - 5) % 7)
        return sat, sat + timedelta(1)
    m = _RELATIVE.match(text)
    if m:
        return _relative(m, year)
    text = _LEAD.sub("", text)
    m = _SEASON.match(text)
    if m:
        y, start = int(m["y"]), _SEASON_MONTH[m["s"]]
        first = date(y - 1 if start == 12 else y, start, 1)
        end_month = (start + 2 - 1) % 12 + 1
        end_year = first.year + (1 if start + 2 > 12 else 0)
        return first, date(end_year, end_month, calendar.monthrange(end_year, end_month)[1])
    m = _MONTH_YEAR.match(text)
    if m and _month(m["m"]):
        y, mon = int(m["y"]), _month(m["m"]) or 1
        last = calendar.monthrange(y, mon)[1]
        lo, hi = {"early": (1, 10), "mid": (11, 20), "late": (21, last)}.get(m["mod"] or "", (1, last))
        return date(y, mon, lo), date(y, mon, hi)
    m = _YEAR.match(text)
    if m:
        y = int(m["y"])
        return date(y, 1, 1), date(y, 12, 31)
    d = _day(text, year)
    return (d, d) if d else None


def _relative(m: re.Match[str], year: int | None) -> Interval | None:
    """"The week before D", "The Friday before D", "two weekends before D", "The weekend of D"…"""
    d = _day(m["date"], year)
    if d is None:
        return None
    n, what, k = _COUNT.get(m["n"] or "", 1), m["what"], m["k"]
    if what == "week":
        if k == "of":
            monday = d - timedelta(d.weekday())
            return monday, monday + timedelta(6)
        if k == "before":
            return d - timedelta(7 * n), d - timedelta(7 * n - 6)
        return d + timedelta(7 * n - 6), d + timedelta(7 * n)
    if what == "weekend":
        if k == "of":  # the Saturday and Sunday of the Monday-to-Sunday week holding the date
            sat = d - timedelta(d.weekday()) + timedelta(5)
        elif k == "before":
            sat = d - timedelta((d.weekday() - 5) % 7 or 7) - timedelta(7 * (n - 1))
            if sat + timedelta(1) >= d:
                sat -= timedelta(7)
        else:
            sat = d + timedelta((5 - d.weekday()) % 7 or 7) + timedelta(7 * (n - 1))
        return sat, sat + timedelta(1)
    if what not in _WEEKDAYS:
        return None
    wd = _WEEKDAYS[what]
    if k == "before":
        day = d - timedelta((d.weekday() - wd) % 7 or 7) - timedelta(7 * (n - 1))
    elif k == "after":
        day = d + timedelta((wd - d.weekday()) % 7 or 7) + timedelta(7 * (n - 1))
    else:
        day = d - timedelta(d.weekday()) + timedelta(wd)
    return day, day
