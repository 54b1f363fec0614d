"""Calendar tables, regexes and date arithmetic behind :mod:`chronomem.timeexpr`.

Everything here works on :class:`datetime.date` values (UTC calendar days) and
returns *spans* ``(start, precision, end)`` where ``end`` is exclusive or ``None``.
Pure standard library, no I/O; all regexes are compiled at import time.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date, datetime, timedelta
from typing import Callable, Iterable, Optional

from chronomem.timeexpr.calc import Span, add_months, mode_of, month_pair, pick, season_pair, year_of
from chronomem.timeexpr.words import (
    DAY_NAMES,
    DECADE_WORDS,
    MONTHS,
    SEASONS,
    WEEKDAYS,
)

Match = re.Match[str]

# --------------------------------------------------------------------------- tables


def _alt(words: Iterable[str]) -> str:
    """Regex alternation, longest first so that "sept" wins over "sep"."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_M = rf"(?P<m>{_alt(MONTHS)})\.?"
_WD = rf"(?P<d>{_alt(WEEKDAYS)})\.?"
_Y = r"(?P<y>\d{4}|'\d{2}|(?:last|this|next)\s+year)"
_W = r"(?:(?P<w>last|this|next|past|previous|coming)\s+)?"
_UNITS = r"(?P<u>minute|hour|day|night|week|fortnight|month|year|decade)s?"
_HALF = r"(?P<h>\s+and\s+a\s+half)?"


def _holiday_table() -> dict[str, Callable[[int], date]]:
    def fixed(m: int, d: int) -> Callable[[int], date]:
        return lambda y: date(y, m, d)

    def nth(m: int, wd: int, n: int) -> Callable[[int], date]:  # n=-1 -> last
        def f(y: int) -> date:
            if n > 0:
                first = date(y, m, 1)
                return first + timedelta((wd - first.weekday()) % 7 + 7 * (n - 1))
            last = date(y, m, monthrange(y, m)[1])
            return last - timedelta((last.weekday() - wd) % 7)
        return f

    def easter(y: int) -> date:  # anonymous Gregorian algorithm
        a, b, c = y % 19, y // 100, y % 100
        d, e = divmod(b, 4)
        g = (8 * b + 13) // 25
        h = (19 * a + b - d - g + 15) % 30
        i, k = divmod(c, 4)
        l_ = (32 + 2 * e + 2 * i - h - k) % 7
        m = (a + 11 * h + 22 * l_) // 451
        month, day = divmod(h + l_ - 7 * m + 114, 31)
        return date(y, month, day + 1)

    return {
        "christmas eve": fixed(12, 24), "christmas": fixed(12, 25), "xmas": fixed(12, 25),
        "boxing day": fixed(12, 26), "new year's eve": fixed(12, 31),
        "new year's": fixed(1, 1), "new year": fixed(1, 1), "halloween": fixed(10, 31),
        "valentine's": fixed(2, 14), "st. patrick's": fixed(3, 17), "st patrick's": fixed(3, 17),
        "independence day": fixed(7, 4), "fourth of july": fixed(7, 4), "4th of july": fixed(7, 4),
        "thanksgiving": nth(11, 3, 4), "mother's day": nth(5, 6, 2),
        "father's day": nth(6, 6, 3), "memorial day": nth(5, 0, -1), "labor day": nth(9, 0, 1),
        "easter": easter, "good friday": lambda y: easter(y) - timedelta(2),
    }


HOLIDAYS = _holiday_table()

# --------------------------------------------------------------------------- regexes
RE_AGO = re.compile(rf"^(?P<n>.+?)\s+{_UNITS}{_HALF}\s+(?:ago|back|before\s+now|before\s+today)$")
RE_IN = re.compile(rf"^(?:in|within)\s+(?P<n>.+?)\s+{_UNITS}{_HALF}(?:\s+time|\s+from\s+(?:now|today))?$")
RE_FROM_NOW = re.compile(rf"^(?P<n>.+?)\s+{_UNITS}{_HALF}\s+(?:from\s+(?:now|today)|hence)$")
RE_CAL = re.compile(r"^(?:(?P<w>last|this|next|past|previous|coming|current)\s+)?"
                    r"(?P<u>week|weekend|month|year|quarter|decade)$")
RE_MONTH = re.compile(rf"^{_W}{_M}(?:,?\s+(?:of\s+|in\s+)?{_Y})?$")
RE_MONTH_DAY = re.compile(rf"^(?:{_alt(WEEKDAYS)}\.?,?\s+)?{_W}{_M}\s+(?:the\s+)?"
                          r"(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{4}|'\d{2}))?$")
RE_DAY_MONTH = re.compile(rf"^(?:{_alt(WEEKDAYS)}\.?,?\s+)?(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?"
                          rf"\s+(?:of\s+)?{_W}{_M}(?:,?\s+(?P<y>\d{{4}}|'\d{{2}}))?$")
RE_YEAR = re.compile(r"^(?:(?:the\s+)?year\s+)?(?P<y>\d{4}|'\d{2})$")
RE_WEEKDAY = re.compile(rf"^{_W}{_WD}(?:\s+(?P<v>last|this|next)\s+week)?$")
RE_WEEK_WEEKDAY = re.compile(rf"^(?P<v>last|this|next)\s+week(?:\s+on)?\s+{_WD}$")
RE_SEASON = re.compile(rf"^{_W}(?P<s>{_alt(SEASONS)})(?:\s+(?:of\s+|in\s+)?{_Y})?"
                       r"(?:\s+(?:break|vacation|holidays?|term|semester))?$")
RE_HOLIDAY = re.compile(rf"^{_W}(?P<h>{_alt(HOLIDAYS)})(?:\s+(?:day|sunday|morning|dinner|(?P<long>weekend)))?"
                        rf"(?:\s+(?:of\s+|in\s+)?{_Y})?$")
RE_DECADE = re.compile(r"^(?:(?P<c>1\d|20)|')?(?P<d>\d)0'?s$")
RE_ISO = re.compile(r"^(?P<y>\d{4})[-/.](?P<m>\d{1,2})(?:[-/.](?P<d>\d{1,2}))?(?:[t\s]\d{1,2}:\d{2}\S*)?$")
RE_SLASH = re.compile(r"^(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?$")
RE_ORD = re.compile(r"^(?P<d>\d{1,2})(?:st|nd|rd|th)(?:\s+of\s+(?P<rest>.+))?$")
RE_WINDOW = re.compile(rf"^(?P<w>past|last|previous|next|coming)\s+(?P<n>.+?)\s+{_UNITS}$")
RE_QUARTER = re.compile(rf"^(?:q(?P<q>[1-4])|(?P<o>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)"
                        rf"(?:,?\s+(?:of\s+|in\s+)?{_Y})?$")
#: Holidays one counts back or on by ("two Christmases ago", "three Thanksgivings from now").
COUNTED_HOLIDAYS = ("christmas", "xmas", "easter", "thanksgiving", "halloween")
RE_WEEKENDS = re.compile(rf"^(?P<n>.+?)\s+(?P<x>weekend|{_alt(SEASONS)}|{_alt(DAY_NAMES)}|{_alt(COUNTED_HOLIDAYS)})"
                         rf"(?:es|s)?\s+(?P<k>ago|back|before\s+now|from\s+now|later|hence)$")
#: A day a week on (British "Monday week", "a week on Friday", "a week tomorrow"; "a week from Monday").
RE_WEEK_ON = re.compile(rf"^(?:(?P<d>{_alt(WEEKDAYS)}|tomorrow|today)\s+week|a\s+week\s+(?:on\s+|from\s+|come\s+)?"
                        rf"(?P<d2>{_alt(DAY_NAMES)}|tomorrow|today))$")
#: The week or weekend a day falls in: "the week of the 18th", "the weekend of March 9", "the week of Christmas".
RE_WEEK_OF = re.compile(r"^(?:the\s+)?(?P<u>week|weekend)\s+of\s+(?P<rest>.+)$")
RE_NTH_WEEK = re.compile(r"^(?P<o>first|second|third|fourth|last|final|1st|2nd|3rd|4th)\s+(?P<u>week|weekend)\s+(?:of|in)\s+(?P<rest>.+)$")
_FESTIVE = r"(?:christmas|winter|festive)\s+"
RE_HOLIDAY_SEASON = re.compile(rf"^(?P<w>last|this|next|past|previous|coming)?\s*(?:the\s+)?"
                               rf"(?:(?:{_FESTIVE})?(?:holidays|holiday\s+season)|{_FESTIVE}(?:break|season))$")
RE_SEMESTER = re.compile(r"^(?P<w>last|this|next|past|previous|coming|current)\s+(?:semester|term)$")
RE_OFFSET = re.compile(rf"^(?:(?P<a>the|a|an|one)\s+|(?P<n>.+?)\s+)?(?P<u>day|night|week|weekend|month|year|"
                       rf"{_alt(DAY_NAMES)})s?\s+(?P<k>before|after|prior\s+to)\s+(?:the\s+)?(?P<rest>.+)$")
RE_BEFORE_LAST = re.compile(r"^(?P<x>.+?)\s+(?P<k>before\s+last|after\s+next)$")
RE_MOD = re.compile(
    r"^(?P<mod>very\s+beginning|very\s+start|very\s+end|tail\s+end|beginning|start|end|middle|"
    r"early\s+part|latter\s+part|first\s+half|second\s+half|latter\s+half|mid|early|late)"
    r"(?:\s*-\s*|\s+)(?:(?:of|in)\s+)?(?:the\s+)?(?P<rest>.+)$")

# --------------------------------------------------------------------------- simple rule handlers
# Each takes (match, today, ref, prefer) and returns a Span or None.
D1 = timedelta(1)


def day_span(d: date) -> Span:
    return d, "day", d + D1


def monday(t: date) -> date:
    return t - timedelta(t.weekday())


def h_cal(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    w, u = m["w"], m["u"]
    k = {"last": -1, "previous": -1, "next": 1, "coming": 1}.get(w, 0)
    if u == "weekend":
        sat = t - timedelta((t.weekday() - 5) % 7)
        cands = [(sat + timedelta(7 * i), sat + timedelta(7 * i + 2)) for i in (-1, 0, 1)]
        mode = mode_of(w, p)
        if w in ("this", "current"):
            mode = "past" if t.weekday() >= 5 or (p == "past" and t.weekday() == 0) else "next"
        c = pick(cands, t, mode)
        return (c[0], "day", c[1]) if c else None
    if w == "past":  # a trailing window ending today: "the past week"
        if u == "week":
            return t - timedelta(7), "week", t + D1
        months = {"month": 1, "quarter": 3, "year": 12, "decade": 120}[u]
        return add_months(t, -months), "month" if months < 12 else "year", t + D1
    if u == "week":
        return (t + timedelta(7 * k), "week", t + timedelta(7 * k + 7)) if k else (
            monday(t), "week", monday(t) + timedelta(7))
    if u == "month":
        first = add_months(t.replace(day=1), k)
        return first, "month", add_months(first, 1)
    if u == "quarter":
        first = add_months(date(t.year, 3 * ((t.month - 1) // 3) + 1, 1), 3 * k)
        return first, "month", add_months(first, 3)
    if u == "decade":
        d0 = t.year // 10 * 10 + 10 * k
        return date(d0, 1, 1), "year", date(d0 + 10, 1, 1)
    return date(t.year + k, 1, 1), "year", date(t.year + k + 1, 1, 1)


def h_month(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    mon, w = MONTHS[m["m"]], m["w"]
    y = year_of(m["y"], t)
    if y is None and w in ("this", "current"):  # this year's; the last one in a past clause said before it
        y = t.year - 1 if p == "past" and date(t.year, mon, 1) > t else t.year
    if y is not None:
        if w in ("last", "past", "previous", "next", "coming"):
            return None  # "last March 2020": contradictory, let others try
        s, e = month_pair(y, mon)
        return s, "month", e
    c = pick([month_pair(t.year + i, mon) for i in (-1, 0, 1)], t, mode_of(w, p))
    return (c[0], "month", c[1]) if c else None


def day_of_month(mon: int, d: int, w: Optional[str], y: Optional[int], t: date, p: str) -> Optional[Span]:
    if y is not None or w == "this":
        return day_span(date(t.year if y is None else y, mon, d))
    cands = []
    for yy in range(t.year - 4, t.year + 5):
        try:
            cands.append((date(yy, mon, d), date(yy, mon, d) + D1))
        except ValueError:
            continue
    c = pick(cands, t, mode_of(w, p))
    return day_span(c[0]) if c else None


def h_month_day(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    return day_of_month(MONTHS[m["m"]], int(m["d"]), m["w"], year_of(m["y"], t), t, p)


def h_year(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    y = year_of(m["y"], t)
    return (date(y, 1, 1), "year", date(y + 1, 1, 1)) if y and 1000 <= y <= 2999 else None


def h_weekday(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    wd, w, v = WEEKDAYS[m["d"]], m.groupdict().get("w"), m.groupdict().get("v")  # "last week Friday" has no w
    if v or w in ("this", "current"):
        k = {"last": -1, "next": 1}.get(v or "this", 0)
        return day_span(monday(t) + timedelta(wd + 7 * k))
    base = t - timedelta((t.weekday() - wd) % 7)
    cands = [(base + timedelta(7 * i), base + timedelta(7 * i + 1)) for i in (-1, 0, 1)]
    c = pick(cands, t, mode_of(w, p))
    return day_span(c[0]) if c else None


def h_season(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    name, w = m["s"], m["w"]
    y = year_of(m["y"], t)
    if y is not None:  # "winter 2021" = Dec 2020 - Feb 2021
        s, e = season_pair(name, y - 1 if SEASONS[name] == 12 else y)
        return s, "season", e
    if w in ("this", "current") and SEASONS[name] != 12:  # "this fall" said in March: this year's, ahead
        s, e = season_pair(name, t.year)
        if p == "past" and s > t:  # ... unless the clause says it happened: "we met this fall", the last one
            s, e = season_pair(name, t.year - 1)
        return s, "season", e
    mode = "nearest" if w in ("this", "current") else mode_of(w, p)  # winter spans two years: the nearest
    c = pick([season_pair(name, t.year + i) for i in (-2, -1, 0, 1)], t, mode)
    return (c[0], "season", c[1]) if c else None


def h_holiday_season(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    """"over the holidays", "last Christmas break", "the festive season" (not "the break" alone): the two
    weeks from December 20."""
    cands = [(date(y, 12, 20), date(y + 1, 1, 3)) for y in (t.year - 2, t.year - 1, t.year)]
    c = pick(cands, t, mode_of(m["w"], p) if m["w"] not in ("this", None) else "nearest")
    return (c[0], "week", c[1]) if c else None


#: The two semesters of a school year (first month, months long): spring from January, fall from September.
SEMESTERS = ((1, 5), (9, 4))


def h_semester(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    """"last semester", "this term", "next semester": the school's spring (January to May) or fall
    (September to December) half; "this" is the one under way, or the next one in the summer."""
    cands = [(date(y, mo, 1), add_months(date(y, mo, 1), n)) for y in (t.year - 1, t.year, t.year + 1) for mo, n in SEMESTERS]
    c = pick(cands, t, mode_of(m["w"], "future"))
    return (c[0], "season", c[1]) if c else None


def h_holiday(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    fn, w = HOLIDAYS[m["h"]], m["w"]
    y = year_of(m["y"], t)
    if y is not None or w in ("this", "current"):
        day = fn(t.year if y is None else y)
    else:
        c = pick([(fn(t.year + i), fn(t.year + i) + D1) for i in (-1, 0, 1)], t, mode_of(w, p))
        if c is None:
            return None
        day = c[0]
    return _long_weekend(day) if m["long"] else day_span(day)


def _long_weekend(day: date) -> Span:
    """"Labor Day weekend", "Thanksgiving weekend": the holiday with the weekend next to it (Saturday to a Monday
    holiday; a Thursday or Friday holiday to the Sunday after; a weekend holiday's own weekend)."""
    start = day - timedelta(days=2) if day.weekday() == 0 else day - timedelta(days=1) if day.weekday() == 6 else day
    end = day + timedelta(days=(6 - day.weekday()) % 7 + 1) if day.weekday() in (3, 4, 5) else day + D1
    return start, "day", end


def h_decade(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    d = int(m["d"]) * 10
    y = int(m["c"]) * 100 + d if m["c"] else (2000 + d if 2000 + d <= t.year else 1900 + d)
    return date(y, 1, 1), "year", date(y + 10, 1, 1)


def h_decade_word(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    y = DECADE_WORDS[m["x"]]
    return date(y, 1, 1), "year", date(y + 10, 1, 1)


def h_iso(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    y, mon = int(m["y"]), int(m["m"])
    if m["d"]:
        return day_span(date(y, mon, int(m["d"])))
    s, e = month_pair(y, mon)
    return s, "month", e


def h_slash(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    a, b = int(m["a"]), int(m["b"])
    mon, d = (b, a) if a > 12 else (a, b)  # US month/day unless impossible
    y = year_of(m["y"], t) if m["y"] else None
    return day_of_month(mon, d, None, y, t, p)


def h_quarter(m: Match, t: date, ref: datetime, p: str) -> Optional[Span]:
    q = int(m["q"] or {"first": 1, "second": 2, "third": 3, "fourth": 4}.get(m["o"]) or m["o"][0])
    y = year_of(m["y"], t)
    if y is None:  # "in Q3": the last one in a past clause, the next one ahead, else this year's
        c = pick([(date(y, 3 * q - 2, 1), add_months(date(y, 3 * q - 2, 1), 3)) for y in (t.year - 1, t.year, t.year + 1)],
                 t, mode_of(None, p))
        return (c[0], "month", c[1]) if c else None
    first = date(y, 3 * q - 2, 1)
    return first, "month", add_months(first, 3)
