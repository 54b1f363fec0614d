"""Calendar arithmetic behind :mod:`chronomem.timeexpr`: month shifts, candidate periods, modifiers.

Works on :class:`datetime.date` values (UTC calendar days) and returns *spans*
``(start, precision, end)`` where ``end`` is exclusive or ``None``. Pure standard library.

>>> from datetime import date
>>> add_months(date(2024, 1, 31), 1)
datetime.date(2024, 2, 29)
>>> parse_num("a couple of")
2.0
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date, datetime, timedelta
from typing import Optional

from chronomem.timeexpr.words import NUMBER_HEDGES, NUMBER_WORDS, SEASONS, TENS_WORDS, VAGUE_COUNTS, WEEKDAYS

Span = tuple[date, str, Optional[date]]
Pair = tuple[date, date]

def counted_from(unit: str, k: int, before: bool, day: date) -> Pair:
    """The ``k``-th day, week, weekend or named weekday before (or after) ``day``, the day of another time:
    the day before, the seven days up to it (or from the day after), the weekend before the week of it (or
    the first one after it), the Friday before it (the one of the week before when it is a Friday).

    >>> [counted_from(u, 1, b, date(2024, 3, 31)) for u, b in (("day", True), ("week", True), ("weekend", False))]
    [(datetime.date(2024, 3, 30), datetime.date(2024, 3, 31)), (datetime.date(2024, 3, 24), datetime.date(2024, 3, 31)), \
(datetime.date(2024, 4, 6), datetime.date(2024, 4, 8))]
    """
    sign = -1 if before else 1
    if unit in WEEKDAYS:  # "the Monday after": the first Monday past the day, never the day itself
        gap = ((day.weekday() - WEEKDAYS[unit]) if before else (WEEKDAYS[unit] - day.weekday())) % 7 or 7
        start = day + timedelta(sign * (gap + 7 * (k - 1)))
        return start, start + timedelta(1)
    if unit in ("day", "night"):
        start = day + timedelta(sign * k)
        return start, start + timedelta(1)
    if unit == "week":
        start = day - timedelta(7 * k) if before else day + timedelta(1 + 7 * (k - 1))
        return start, start + timedelta(7)
    if before:
        sat = day - timedelta((day.weekday() - 5) % 7 or 7)
        sat = sat - timedelta(7) if sat + timedelta(1) >= day else sat  # not the weekend the day is in
    else:
        sat = day + timedelta((5 - day.weekday()) % 7 or 7)
    sat += timedelta(7 * (k - 1) * sign)
    return sat, sat + timedelta(2)


def add_months(d: date, n: int) -> date:
    """Shift by whole months, clamping the day (Jan 31 + 1 month -> Feb 29/28)."""
    y, m = divmod(d.year * 12 + d.month - 1 + n, 12)
    return date(y, m + 1, min(d.day, monthrange(y, m + 1)[1]))


def month_pair(y: int, m: int) -> Pair:
    s = date(y, m, 1)
    return s, add_months(s, 1)


def season_pair(name: str, y: int) -> Pair:
    """Season occurrence whose first month lies in year ``y``."""
    s = date(y, SEASONS[name], 1)
    return s, add_months(s, 3)


def year_of(tok: Optional[str], today: date) -> Optional[int]:
    if tok is None:
        return None
    if tok.endswith("year"):
        return today.year + {"last": -1, "this": 0, "next": 1}[tok.split()[0]]
    if tok.startswith("'") or len(tok) == 2:
        y = 2000 + int(tok[-2:])
        return y if y <= today.year + 10 else y - 100
    return int(tok)


def parse_num(s: str) -> Optional[float]:
    """``'a couple of'`` -> 2, ``'twenty-one'`` -> 21, ``'1.5'`` -> 1.5, junk -> None."""
    half = 0.0
    if s.endswith(" and a half"):
        s, half = s[:-11], 0.5
    for h in NUMBER_HEDGES:
        if s.startswith(h) and s != h.strip():
            s = s[len(h):]
    if s in VAGUE_COUNTS:
        return VAGUE_COUNTS[s] + half
    try:
        return float(s) + half
    except ValueError:
        pass
    if s in NUMBER_WORDS:
        return NUMBER_WORDS.index(s) + half
    parts = s.replace("-", " ").split()
    if parts and parts[0] in TENS_WORDS and (len(parts) == 1 or (len(parts) == 2 and parts[1] in NUMBER_WORDS[1:10])):
        return TENS_WORDS[parts[0]] + (NUMBER_WORDS.index(parts[1]) if len(parts) == 2 else 0) + half
    return None


def mode_of(w: Optional[str], prefer: str) -> str:
    """Map a deictic word to a :func:`pick` mode (``this`` is handled by callers)."""
    if w in ("last", "past", "previous"):
        return "last"
    if w in ("next", "coming"):
        return "next"
    return prefer


def pick(cands: list[Pair], today: date, mode: str) -> Optional[Pair]:
    """Choose a candidate period relative to ``today``.

    last: latest that ended before today; next: earliest starting after today;
    past: latest started on/before today; future: earliest not yet ended;
    nearest: the one containing today, else the closest (ties go to the past).
    """
    if mode == "last":
        ok = [c for c in cands if c[1] <= today]
        return max(ok) if ok else None
    if mode == "next":
        ok = [c for c in cands if c[0] > today]
        return min(ok) if ok else None
    if mode == "past":
        ok = [c for c in cands if c[0] <= today]
        return max(ok) if ok else None
    if mode == "future":
        ok = [c for c in cands if c[1] > today]
        return min(ok) if ok else None

    def dist(c: Pair) -> tuple[int, bool]:
        if c[0] <= today < c[1]:
            return (-1, False)
        if c[1] <= today:
            return ((today - c[1]).days + 1, False)
        return ((c[0] - today).days, True)

    return min(cands, key=dist) if cands else None


def shift(today: date, n: float, unit: str, sign: int, moment: Optional[datetime] = None) -> Optional[Span]:
    """``n`` units before (sign=-1) or after (sign=+1) today; precision follows the unit."""
    if unit in ("minute", "hour"):
        if moment is None:
            return None
        delta = timedelta(minutes=n) if unit == "minute" else timedelta(hours=n)
        d = (moment + sign * delta).date()
        return d, "day", d + timedelta(1)
    if unit in ("day", "night"):
        d = today + timedelta(sign * round(n))
        return d, "day", d + timedelta(1)
    if unit in ("week", "fortnight"):
        d = today + timedelta(sign * round(n * (14 if unit == "fortnight" else 7)))
        return d, "week", d + timedelta(7)
    months = n * {"month": 1, "year": 12, "decade": 120}[unit]
    if months != int(months):
        return today + timedelta(sign * round(months * 30.44)), "month", None
    prec = "year" if unit != "month" and months % 12 == 0 else "month"
    return add_months(today, sign * int(months)), prec, None


def modify(mod: str, span: Span) -> Span:
    """Apply early/mid/late/beginning/end/... to a resolved span."""
    mod = {"very beginning": "beginning", "very start": "beginning", "start": "beginning",
           "very end": "end", "tail end": "end", "middle": "mid", "early part": "early",
           "latter part": "late", "latter half": "second half"}.get(mod, mod)
    s, prec, e = span
    if prec == "year" and e is not None and e.year - s.year >= 10:  # decade
        a, b = {"early": (0, 4), "mid": (3, 7), "late": (7, 10), "beginning": (0, 2),
                "end": (8, 10), "first half": (0, 5), "second half": (5, 10)}[mod]
        return date(s.year + a, 1, 1), "year", date(s.year + b, 1, 1)
    if prec == "year":
        a, b = {"early": (0, 3), "mid": (5, 8), "late": (9, 12), "beginning": (0, 1),
                "end": (11, 12), "first half": (0, 6), "second half": (6, 12)}[mod]
        base = date(s.year, 1, 1)
        return add_months(base, a), "month", add_months(base, b)
    if prec == "season":
        a = {"early": 0, "beginning": 0, "first half": 0, "mid": 1}.get(mod, 2)
        return add_months(s, a), "month", add_months(s, a + 1)
    if prec == "month":
        first = s.replace(day=1)
        nxt = add_months(first, 1)
        if mod == "beginning":
            return first, "day", first + timedelta(1)
        if mod == "end":
            return nxt - timedelta(1), "day", nxt
        a, b = {"early": (1, 11), "mid": (11, 21), "first half": (1, 16)}.get(mod, (0, 0))
        if a:
            return first.replace(day=a), "week", first.replace(day=b)
        return first.replace(day=21 if mod == "late" else 16), "week", nxt
    if prec == "week":
        mon = s - timedelta(s.weekday())
        a, b = {"early": (0, 2), "beginning": (0, 1), "first half": (0, 3),
                "mid": (2, 3)}.get(mod, (4, 7))
        return mon + timedelta(a), "day", mon + timedelta(b)
    return span
