"""Resolve English temporal expressions from chat against the turn time. No LLM.

``resolve_time(phrase, ref)`` turns a DATE/TIME span such as ``"in August"``,
``"two weeks ago"`` or ``"the end of last year"`` into a :class:`TimePoint`: the
start of the period meant (tz-aware UTC, midnight), how precise it is, and, when
meaningful, the exclusive end of the period. Calendar days are UTC days.

>>> from datetime import datetime, timezone
>>> ref = datetime(2024, 3, 12, 9, 0, tzinfo=timezone.utc)      # a Tuesday
>>> tp = resolve_time("in August", ref)
>>> tp.at.isoformat(), tp.precision, tp.end.isoformat()
('2023-08-01T00:00:00+00:00', 'month', '2023-09-01T00:00:00+00:00')
>>> str(resolve_time("in August", ref, prefer="future"))
'2024-08-01 month'
>>> str(resolve_time("last Friday", ref)), str(resolve_time("two weeks ago", ref))
('2024-03-08 day', '2024-02-27 week')
>>> str(resolve_time("at the end of last year", ref)), str(resolve_time("mid-2018", ref))
('2023-12-01 month', '2018-06-01 month')
>>> print(resolve_time("back in college", ref))
None

Hand-written rules cover the common forms in well under 50 µs; ``dateparser``
is imported lazily and consulted only for leftover *absolute* dates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from typing import Any, Callable, Literal, Optional

from . import calc as C
from . import rules as R
from .words import (
    CHAT_FORMS,
    CHAT_PATTERNS,
    DAY_AFTER_TOMORROW,
    DAY_BEFORE_YESTERDAY,
    EARLIER_THIS_MONTH,
    EARLIER_THIS_WEEK,
    EARLIER_THIS_YEAR,
    OTHER_DAY,
    OTHER_WEEK,
    RECENTLY_PHRASES,
    TODAY_PHRASES,
    UNDATED_PHRASES,
    YESTERDAY_PHRASES,
)

Precision = Literal["day", "month", "year", "week", "season"]
Prefer = Literal["past", "future", "nearest"]

__all__ = ["Precision", "TimePoint", "resolve_time"]


@dataclass(frozen=True)
class TimePoint:
    """A resolved time: ``at`` is the start of the period meant (UTC), ``end`` its exclusive end."""

    at: datetime
    precision: Precision
    end: datetime | None = None

    def __str__(self) -> str:
        return f"{self.at.date().isoformat()} {self.precision}"


_D1 = R.D1
_FixedFn = Callable[[date], Optional[C.Span]]

_day = R.day_span
_monday = R.monday


def _earlier(start: date, today: date, prec: str) -> C.Span:
    return start, prec, today if today > start else start + _D1


def _later(today: date, end: date, prec: str) -> C.Span:
    return (today + _D1, prec, end) if today + _D1 < end else (today, prec, today + _D1)


def _nothing(t: date) -> None:
    return None


_TODAY: _FixedFn = _day
_FIXED: dict[str, _FixedFn] = {
    **dict.fromkeys(TODAY_PHRASES, _TODAY),
    **dict.fromkeys(YESTERDAY_PHRASES, lambda t: _day(t - _D1)),
    "tomorrow": lambda t: _day(t + _D1),
    **dict.fromkeys(DAY_BEFORE_YESTERDAY, lambda t: _day(t - 2 * _D1)),
    **dict.fromkeys(DAY_AFTER_TOMORROW, lambda t: _day(t + 2 * _D1)),
    **dict.fromkeys(OTHER_DAY, lambda t: (t - 7 * _D1, "week", t)),
    **dict.fromkeys(OTHER_WEEK, lambda t: (t - 14 * _D1, "week", t - 7 * _D1)),
    **dict.fromkeys(RECENTLY_PHRASES, lambda t: (C.add_months(t, -1), "month", t + _D1)),
    **dict.fromkeys(EARLIER_THIS_WEEK, lambda t: _earlier(_monday(t), t, "week")),
    **dict.fromkeys(EARLIER_THIS_MONTH, lambda t: _earlier(t.replace(day=1), t, "month")),
    **dict.fromkeys(EARLIER_THIS_YEAR, lambda t: _earlier(date(t.year, 1, 1), t, "year")),
    "later this week": lambda t: _later(t, _monday(t) + 7 * _D1, "week"),
    "later this month": lambda t: _later(t, C.add_months(t.replace(day=1), 1), "month"),
    "later this year": lambda t: _later(t, date(t.year + 1, 1, 1), "year"),
    **dict.fromkeys(UNDATED_PHRASES, _nothing),
}

_NONE_RE = re.compile(
    r"\b(?:every|each|sometimes|someday|always|never|often|usually|daily|weekly|monthly|"
    r"yearly|annually|nightly|forever|eventually|soon|occasionally|frequently|rarely|"
    r"once\s+a|twice\s+a|per|my|his|her|their|our|your|its|that|those|then|following|"
    r"the\s+(?:same|previous|prior)|some\s+day)\b"
    r"|\bthe\s+next\s+(?:day|morning|afternoon|evening|night|week|weekend|month|year)$"
    r"|\bthe\s+(?:day|night|week|weekend|month|year)\s+(?:before|after)$")
_PREP_RE = re.compile(
    r"^(?:(?:way\s+back\s+in|back\s+in|back\s+on|in|on|at|during|since|ever\s+since|from|"
    r"until|till|til|up\s+until|up\s+to|by|around|about|circa|ca\.|approximately|approx\.?|"
    r"roughly|sometime(?:\s+(?:in|on|around|during))?|some\s+time\s+(?:in|on|around|during)|"
    r"within|as\s+of|starting(?:\s+(?:in|on|from))?|beginning\s+(?:in|on|from)|throughout|through|"
    r"over|before|after|for|just|only|even|right|already|as\s+early\s+as|as\s+late\s+as|"
    r"near|towards?)\s+)+")
_THE_RE = re.compile(r"^the\s+")
_TOD_RE = re.compile(  # clock times and parts of the day, stripped before retrying
    r"(?:^|\s+)(?:(?:at|around|about)\s+\d{1,2}(?::\d{2})?(?=\s|$)|(?:at\s+|around\s+|about\s+)?"
    r"(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.?|p\.m\.?|o'clock)|\d{1,2}:\d{2}(?::\d{2})?|noon|"
    r"midday|midnight|lunch(?:time)?|dinner(?:time)?|in\s+the\s+(?:morning|afternoon|evening|night)"
    r"|morning|afternoon|evening|night))(?=\s|$)")
_RANGE_RE = re.compile(
    r"^(?:(?:from|between)\s+)?(?P<a>.+?)(?:\s+(?:to|until|till|through|thru)\s+|\s*[\u2013\u2014]\s*"
    r"|\s+-\s+|(?<=\d{4})-(?=\d{4}$))(?P<b>.+)$")
_MONTH_NAME = "|".join(sorted(R.MONTHS, key=len, reverse=True))
_DAY_NUM = r"(?:st|nd|rd|th)?"
#: Days of one month: "June 3-7", "May 10 to 12, 2023", "3-7 June" (the month said once).
DAY_RANGE_RE = re.compile(rf"^(?:(?:on|in|from)\s+)?(?:(?P<m>{_MONTH_NAME})\.?\s+(?P<a>\d{{1,2}}){_DAY_NUM}\s*"
                          rf"(?:-|\u2013|to|through|thru|until|till)\s*(?P<b>\d{{1,2}}){_DAY_NUM}"
                          rf"|(?P<a2>\d{{1,2}}){_DAY_NUM}\s*(?:-|\u2013)\s*(?P<b2>\d{{1,2}}){_DAY_NUM}\s+(?:of\s+)?"
                          rf"(?P<m2>{_MONTH_NAME}))(?:,?\s+(?P<y>\d{{4}}))?$")
#: Years from one to another: "2010-2014", "in 2019-20" (not "2008-12", which may be a month).
YEAR_RANGE_RE = re.compile(r"^(?:(?:in|from)\s+)?(?P<a>(?:19|20)\d\d)(?:\s*[-\u2013]\s*|\s+(?:to|through|thru)\s+(?=\d{4}$))"
                           r"(?P<b>(?:19|20)\d\d|1[3-9]|[2-9]\d)$")  # "2010-2014", "2010 through 2014"
_MONTH_DASH_RE = re.compile(rf"^(?:(?:in|from)\s+)?(?P<a>{_MONTH_NAME})\.?\s*[-\u2013]\s*(?P<b>{_MONTH_NAME})\b")
_CHAT_PATTERNS = tuple((re.compile(p), said) for p, said in CHAT_PATTERNS)
_CHAT = re.compile(r"(?<![\w'])(?:" + "|".join(sorted(CHAT_FORMS, key=len, reverse=True)) + r")(?![\w'])")
#: A stretch told by how long it lasted and when it ended: "for six years until 2020", "for a month till June".
FOR_UNTIL_RE = re.compile(r"^for\s+(?:about\s+|around\s+|nearly\s+|almost\s+)?(?P<n>.+?)\s+(?P<u>day|week|month|year)s?"
                          r"\s+(?:until|till|up\s+until|up\s+to)\s+(?P<x>.+)$")
_BARE_UNITS = frozenset({"day", "night", "week", "weekend", "fortnight", "month", "year", "decade"})
_BETWEEN_RE = re.compile(r"^between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$")
_YEAR4_RE = re.compile(r"\b\d{4}\b")
_ABS_GATE = re.compile(rf"\b(?:{R._alt(R.MONTHS)})\b|\b\d{{4}}\b|\d[./-]\d")  # worth asking dateparser
_REL_WORDS = re.compile(r"\b(?:ago|hours?|minutes?|days?|weeks?|fortnights?|months?|years?|decades?|"
                        r"last|next|this|past|previous|coming|from\s+now|later|earlier)\b")
_TRANS = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00a0": " "})
_ANY_PREFER = ("past", "future", "nearest")


def spelled_out(text: str) -> str:
    """``text`` (lower case) with the time words chat shortens spelled out (``CHAT_FORMS``).

    >>> spelled_out("last wknd, 2 wks ago")
    'last weekend, 2 weeks ago'
    """
    for pattern, said in _CHAT_PATTERNS:
        text = pattern.sub(said, text)
    return _CHAT.sub(lambda m: CHAT_FORMS[m.group()], text)


#: :func:`spelled_out` of one word, kept: the finder and the extractor's time reading ask it of every word they
#: scan, and the chat patterns are the same for a word each time (a pure string function).
spelled_word = lru_cache(maxsize=16384)(spelled_out)


_UNIT_WORDS = r"(?:minute|hour|day|night|week|weekend|fortnight|month|year|decade)s?"
_COUNT = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple)"
_OR_SO = re.compile(rf"\b({_COUNT}|{_UNIT_WORDS})\s+or\s+so\b")
_UNIT_OR_N = re.compile(rf"\b(?:a|an|one)\s+({_UNIT_WORDS.removesuffix('s?')})s?\s+or\s+({_COUNT})\b")
_N_OR_N = re.compile(rf"\b{_COUNT}\s+or\s+({_COUNT}\s+{_UNIT_WORDS})\b")


def month_dash(text: str) -> str:
    """Months from one to another said with a dash (lower case), as a range said in words: "may-july 2021" →
    "from may to july 2021" (a dash between numbers may be a date: "2008-12").

    >>> month_dash("in may-july 2021"), month_dash("may 3-7")
    ('from may to july 2021', 'may 3-7')
    """
    return _MONTH_DASH_RE.sub(r"from \g<a> to \g<b>", text)


def unhedged(text: str) -> str:
    """A count said loosely as the count it reaches: "a month or so ago" → "a month ago", "a week or two ago" →
    "two weeks ago", "two or three days ago" → "three days ago" (the far end: the finder reads "three days ago"
    out of it anyway).

    >>> [unhedged(t) for t in ("a month or so ago", "ten or so years ago", "a week or two ago", "2 or 3 days ago")]
    ['a month ago', 'ten years ago', 'two weeks ago', '3 days ago']
    """
    text = _OR_SO.sub(r"\1", text)
    text = _UNIT_OR_N.sub(r"\2 \1s", text)
    return _N_OR_N.sub(r"\1", text)


def resolve_time(phrase: str, ref: datetime, *, prefer: Prefer = "past") -> TimePoint | None:
    """Resolve ``phrase`` against the reference instant ``ref`` (tz-aware).

    ``prefer`` breaks ties for expressions that do not say which occurrence is
    meant ("in August", "on Friday", "the 15th", "summer"): ``past`` takes the most
    recent one not after ``ref`` (the current month/day/season counts), ``future``
    the next one not before it, ``nearest`` the closest. Ranges ("from 2011 to
    2014") resolve to their first point. Returns ``None`` when the phrase has no
    resolvable time meaning ("someday", "every day", "that summer", "back in college").

    >>> ref = datetime(2024, 9, 20, 15, tzinfo=timezone.utc)          # a Friday
    >>> [str(resolve_time(p, ref)) for p in ("over the weekend", "last summer", "a couple of years ago")]
    ['2024-09-14 day', '2024-06-01 season', '2022-09-20 year']
    >>> resolve_time("today", datetime(2024, 9, 20))
    Traceback (most recent call last):
    ...
    ValueError: ref must be timezone-aware
    """
    if ref.tzinfo is None or ref.utcoffset() is None:
        raise ValueError("ref must be timezone-aware")
    if prefer not in _ANY_PREFER:
        raise ValueError(f"prefer must be one of {_ANY_PREFER}, got {prefer!r}")
    ref = ref.astimezone(timezone.utc)
    s = month_dash(unhedged(spelled_out(" ".join(phrase.lower().translate(_TRANS).split()).strip(" .,;:!?\"()[]"))))
    if not s:
        return None
    try:
        span = _resolve_text(s, ref, prefer)
    except (ValueError, OverflowError, KeyError):  # impossible dates like "February 30"
        span = None
    if span is None:
        return None
    start, prec, end = span
    return TimePoint(_utc(start), prec, _utc(end) if end is not None else None)  # type: ignore[arg-type]


def _utc(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=timezone.utc)


def _resolve_text(s: str, ref: datetime, prefer: str) -> Optional[C.Span]:
    today = ref.date()
    fn = _FIXED.get(s)
    if fn is not None:
        return fn(today)
    if _NONE_RE.search(s):
        return None
    m = R.RE_IN.match(s)
    span = _shift(m, today, ref, +1) if m else None
    if span is not None:
        return span
    m = _BETWEEN_RE.match(s) or _RANGE_RE.match(s)
    if m and m["a"] not in _BARE_UNITS:  # not "(for a) decade until 2019": how long, then when it ended
        span = _resolve_range(m["a"], m["b"], ref, prefer)
        if span is not None:
            return span
    s = _PREP_RE.sub("", s, count=1)
    s = _THE_RE.sub("", s, count=1)
    if s.startswith(("this past ", "this coming ")):
        s = ("last " if s[5] == "p" else "next ") + s.split(" ", 2)[2]
    span = _core(s, today, ref, prefer)
    if span is None:
        tod = _TOD_RE.sub("", s).strip(" ,")
        if tod != s:
            tod = _THE_RE.sub("", _PREP_RE.sub("", tod, count=1), count=1)
            tod = {"last": "yesterday", "this": "today"}.get(tod, tod)  # "last night at 10"
            span = _day(today) if not tod else _core(tod, today, ref, prefer)
            s = tod or s
    if span is None and _ABS_GATE.search(s) and not _REL_WORDS.search(s):
        span = _dateparser_fallback(s, ref, prefer)
    return span


def split_range(phrase: str) -> tuple[str, str] | None:
    """``(start, end)`` phrases of an explicit range ("from 1984 to 1995", "between May and July 2020").

    >>> split_range("from March 2019 to June 2020"), split_range("between 1968 and 1998"), split_range("in 2019")
    (('March 2019', 'June 2020'), ('1968', '1998'), None)
    >>> split_range("2015-19"), split_range("June 3-7"), split_range("for six years until 2020")
    (('2015', '2019'), ('june 3', 'june 7'), ('six years before 2020', '2020'))
    """
    s = " ".join(phrase.translate(_TRANS).split()).strip(" .,;:!?")
    if _MONTH_DASH_RE.match(s.lower()):
        s = month_dash(s.lower())
    m = DAY_RANGE_RE.match(s.lower())
    if m:  # "March 3-7", "3-7 March 2022": the month said once
        month, a, b = (m["m"], m["a"], m["b"]) if m["m"] else (m["m2"], m["a2"], m["b2"])
        year = f" {m['y']}" if m["y"] else ""
        return f"{month} {a}{year}", f"{month} {b}{year}"
    m = YEAR_RANGE_RE.match(s.lower())
    if m:  # "2012-2016", "in 2015-19"
        return m["a"], m["b"] if len(m["b"]) == 4 else m["a"][:2] + m["b"]
    m = FOR_UNTIL_RE.match(s.lower())
    if m:  # "for six years until 2020": from six years before it
        end = s[m.start("x"):m.end("x")]
        return f"{m['n']} {m['u']}s before {end}", end
    if not s.lower().startswith(("from ", "between ")):
        return None
    m = _BETWEEN_RE.match(s.lower()) or _RANGE_RE.match(s.lower())
    if not m:
        return None
    a, b = s[m.start("a"):m.end("a")].strip(" ,"), s[m.start("b"):m.end("b")].strip(" ,")
    y = _YEAR4_RE.search(b)
    if y and not _YEAR4_RE.search(a) and not R.RE_IN.match(a.lower()):
        a = f"{a} {y.group()}"  # "from March to June 2020": March 2020
    return (a, b) if a and b else None


def _resolve_range(a: str, b: str, ref: datetime, prefer: str) -> Optional[C.Span]:
    y = _YEAR4_RE.search(b)
    if y and not _YEAR4_RE.search(a):
        span = _resolve_text(f"{a.strip(' ,')} {y.group()}", ref, prefer)
        if span is not None:
            return span
    return _resolve_text(a, ref, prefer)


def _shift(m: re.Match[str], today: date, ref: datetime, sign: int) -> Optional[C.Span]:
    n = C.parse_num(m["n"])
    if n is None or n <= 0:
        return None
    return C.shift(today, n + (0.5 if m["h"] else 0), m["u"], sign, ref)


def _core(s: str, today: date, ref: datetime, prefer: str) -> Optional[C.Span]:
    fn = _FIXED.get(s)
    if fn is not None:
        return fn(today)
    for rx, handler in _RULES:
        m = rx.match(s)
        if m:
            span = handler(m, today, ref, prefer)
            if span is not None:
                return span
    return None


# --------------------------------------------------------------------------- rule handlers
Match = re.Match[str]


def _h_ago(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    return _shift(m, t, ref, -1)


def _h_from_now(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    return _shift(m, t, ref, +1)


def _h_ord(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    d = int(m["d"])
    if m["rest"]:
        base = _core(_THE_RE.sub("", m["rest"]), t, ref, p)
        return _day(base[0].replace(day=d)) if base and base[1] == "month" else None
    cands = []
    for k in (-2, -1, 0, 1, 2):
        first = C.add_months(t.replace(day=1), k)
        try:
            cands.append((first.replace(day=d), first.replace(day=d) + _D1))
        except ValueError:
            continue
    c = C.pick(cands, t, p)
    return _day(c[0]) if c else None


def _h_window(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    n = C.parse_num(m["n"])
    if n is None or n <= 0:
        return None
    if m["w"] in ("next", "coming"):
        s = C.shift(t, n, m["u"], +1, ref)
        return (t, s[1], s[0] + _D1) if s else None
    s = C.shift(t, n, m["u"], -1, ref)
    return (s[0], s[1], t + _D1) if s else None


def _h_relative_twice(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    x, back = m["x"], m["k"].startswith("before")
    base = _core(("last " if back else "next ") + x, t, ref, p)
    if base is None:
        return None
    sign = -1 if back else 1
    s, prec, e = base
    if x in ("week", "weekend", "night", "day") or x in R.WEEKDAYS:
        delta = timedelta((1 if x in ("night", "day") else 7) * sign)  # "the night before last": two nights ago
        return s + delta, prec, e + delta if e else None
    months = sign * (1 if x == "month" else 12)
    return C.add_months(s, months), prec, C.add_months(e, months) if e else None


def _h_weekends(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    """"two weekends ago": the weekend before last; "two weekends later": the one after next; "two summers
    ago": the summer before last; "two Fridays ago": the Friday before last (so "a couple of" is two); "two
    Christmases ago": the Christmas before last."""
    n = C.parse_num(m["n"])
    if n is None or n < 1 or n != int(n):
        return None
    back = m["k"] in ("ago", "back", "before now")
    x = m["x"]
    base = _core(f"last {x}" if back else f"next {x}", t, ref, p)
    if base is None or base[2] is None:
        return None
    steps = (int(n) - 1) * (-1 if back else 1)
    if x in R.HOLIDAYS:  # "two Christmases ago": that holiday of the year before last (Easter moves)
        day = R.HOLIDAYS[x](base[0].year + steps)
        return day, "day", day + timedelta(1)
    if x == "weekend" or x in R.WEEKDAYS:
        delta = timedelta(7 * steps)
        return base[0] + delta, base[1], base[2] + delta
    return C.add_months(base[0], 12 * steps), base[1], C.add_months(base[2], 12 * steps)


def _h_offset(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    """A time counted from another: "the day before Thanksgiving", "two days after Christmas", "the week
    before Christmas" (the seven days up to it), "the weekend after Easter", "the Monday after Thanksgiving",
    "a month before June 5"; not a repetition ("day after day", "Friday after Friday")."""
    n = C.parse_num(m["n"]) if m["n"] else 1
    if n is None or n < 1 or n != int(n) or m["rest"] in ("last", "next", m["u"]):
        return None
    base = _core(m["rest"], t, ref, p)
    if base is None:
        return None
    k, unit, before = int(n), m["u"], m["k"] != "after"
    if unit in ("day", "night", "week", "weekend") or unit in R.WEEKDAYS:  # from the day of the other time (its first, or last)
        start, end = C.counted_from(unit, k, before, base[0] if before else (base[2] or base[0] + timedelta(1)) - timedelta(1))
        return start, "week" if unit == "week" else "day", end
    if base[2] is not None and (m["n"] or m["a"] in ("a", "an", "one")) and (
            unit == "year" and base[1] in ("month", "season", "year") or unit == base[1] == "month"):
        months = (1 if unit == "month" else 12) * k * (-1 if before else 1)  # "six years before 2020": 2014
        return C.add_months(base[0], months), base[1], C.add_months(base[2], months)
    if base[1] != "day" or not (m["n"] or m["a"] in ("a", "an", "one")):
        return None  # "the month after Christmas" is no calendar month; "a month before June 5" is a day
    start = C.add_months(base[0], (1 if unit == "month" else 12) * k * (-1 if before else 1))
    return start, "day", start + timedelta(1)


def _h_nth_week(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    """"the first week of June", "the last week of September 2023": seven days of that month; "the first
    weekend of May": its first Saturday and Sunday."""
    base = _core(_THE_RE.sub("", m["rest"]), t, ref, p)
    if base is None or base[1] != "month" or base[2] is None:
        return None
    first, nxt = base[0], base[2]
    n = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}.get(m["o"])
    if m["u"] == "weekend":
        sat = first + timedelta((5 - first.weekday()) % 7) if n is not None else nxt - timedelta((nxt.weekday() - 5) % 7 or 7)
        sat += timedelta(7 * (n or 0))
        return sat, "day", sat + timedelta(2)
    start = nxt - timedelta(7) if n is None else first + timedelta(7 * n)
    return start, "week", start + timedelta(7)


def _h_week_on(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    """"Monday week", "a week on Friday": a week after the coming one; "a week tomorrow": eight days on."""
    word = m["d"] or m["d2"]
    if word in ("today", "tomorrow"):
        day = t + timedelta(7 + (word == "tomorrow"))
    else:
        day = t + timedelta((R.WEEKDAYS[word] - t.weekday() - 1) % 7 + 1 + 7)  # the coming one, strictly ahead
    return day, "day", day + timedelta(1)


def _h_week_of(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    """"the week of the 18th": Monday to Sunday around that day; "the weekend of March 9": the weekend that
    day is in or next to (a Friday's or a Monday's); a day in mid-week has no weekend of its own."""
    base = _core(_THE_RE.sub("", m["rest"]), t, ref, p)
    if base is None or base[2] is None or base[2] - base[0] != timedelta(1):
        return None  # "the week of June": a month has no one week
    day = base[0]
    if m["u"] == "week":
        start = day - timedelta(day.weekday())
        return start, "week", start + timedelta(7)
    shift = {4: 1, 5: 0, 6: -1, 0: -2}.get(day.weekday())
    if shift is None:
        return None
    return day + timedelta(shift), "day", day + timedelta(shift + 2)


def _h_mod(m: Match, t: date, ref: datetime, p: str) -> Optional[C.Span]:
    rest = m["rest"]
    base = _core("this " + rest if rest in ("month", "week", "year") else rest, t, ref, p)
    return C.modify(" ".join(m["mod"].split()), base) if base else None


_RULES: list[tuple[re.Pattern[str], Callable[[Match, date, datetime, str], Optional[C.Span]]]] = [
    (R.RE_AGO, _h_ago), (R.RE_CAL, R.h_cal), (R.RE_MONTH, R.h_month), (R.RE_WEEKDAY, R.h_weekday),
    (R.RE_YEAR, R.h_year), (R.RE_MONTH_DAY, R.h_month_day), (R.RE_DAY_MONTH, R.h_month_day),
    (R.RE_SEASON, R.h_season), (R.RE_HOLIDAY, R.h_holiday), (R.RE_MOD, _h_mod),
    (R.RE_WEEK_WEEKDAY, R.h_weekday), (R.RE_ISO, R.h_iso), (R.RE_SLASH, R.h_slash),
    (R.RE_ORD, _h_ord), (R.RE_WINDOW, _h_window), (R.RE_FROM_NOW, _h_from_now),
    (R.RE_DECADE, R.h_decade), (re.compile(rf"^(?P<x>{R._alt(R.DECADE_WORDS)})$"), R.h_decade_word),
    (R.RE_QUARTER, R.h_quarter), (R.RE_BEFORE_LAST, _h_relative_twice), (R.RE_WEEKENDS, _h_weekends),
    (R.RE_NTH_WEEK, _h_nth_week), (R.RE_WEEK_OF, _h_week_of), (R.RE_WEEK_ON, _h_week_on), (R.RE_OFFSET, _h_offset),
    (R.RE_SEMESTER, R.h_semester),
    (R.RE_HOLIDAY_SEASON, R.h_holiday_season),
]

# --------------------------------------------------------------------------- dateparser fallback
_PERIOD_PREC = {"day": "day", "time": "day", "week": "week", "month": "month", "year": "year"}


def _dateparser_fallback(text: str, ref: datetime, prefer: str) -> Optional[C.Span]:
    """Last resort for absolute dates our rules do not know (imports dateparser lazily)."""
    try:
        from dateparser.date import DateDataParser
    except ImportError:  # pragma: no cover - dependency missing
        return None
    settings: dict[str, Any] = {
        "RELATIVE_BASE": ref.replace(tzinfo=None),
        "PREFER_DATES_FROM": prefer if prefer != "nearest" else "current_period",
        "RETURN_AS_TIMEZONE_AWARE": False,
        "PREFER_DAY_OF_MONTH": "first",
    }
    try:
        data = DateDataParser(languages=["en"], settings=settings).get_date_data(text)
    except Exception:  # dateparser raises assorted errors on odd input
        return None
    if data is None or data.date_obj is None:
        return None
    got, base = data.date_obj, settings["RELATIVE_BASE"]
    if abs(got - base) < timedelta(1) and (got.hour, got.minute, got.second) != (0, 0, 0):
        return None  # a relative reading around the reference ("90s" as 90 seconds), not a date
    d: date = got.date()
    prec = _PERIOD_PREC.get(data.period or "day", "day")
    if prec == "year":
        return date(d.year, 1, 1), "year", date(d.year + 1, 1, 1)
    if prec == "month":
        s, e = C.month_pair(d.year, d.month)
        return s, "month", e
    return (d, "week", d + timedelta(7)) if prec == "week" else _day(d)
