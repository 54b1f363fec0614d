"""Find the time phrases of a plain text and resolve each against the time it was said. No spaCy.

The text is cut into clauses (for their tense) and words; a run of words that may belong to a
time phrase ("last", "Friday", "two", "weekends", "ago", "in", "June"…) is tried longest first,
and a piece of it is kept when :func:`~chronomem.timeexpr.spans.resolve` gives it an interval.
Words that name a time only in company ("may", "march", "sat", "fall") need a licensing word
next to them ("in May", "last fall", "May 3"); a piece made only of a generic word ("day",
"week", "now", "at night") names nothing worth keeping.

>>> from datetime import datetime, timezone
>>> said = datetime(2023, 7, 15, 13, 51, tzinfo=timezone.utc)       # a Saturday
>>> [(m.phrase, m.span.dates()) for m in find_times("Last Fri I took my kids to a pottery workshop.", said)]
[('Last Fri', '2023-07-14')]
>>> [(m.phrase, m.tense) for m in find_times("I may go on Friday, we'll see.", said)]
[('on Friday', 'future')]
>>> find_times("It was a great day, at night we sat outside.", said)
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import NamedTuple

from chronomem.timeexpr.points import spelled_word
from chronomem.timeexpr.spans import Tense, TimeSpan, resolve
from chronomem.timeexpr.words import (
    ABBREVIATIONS,
    ADVERB_TIMES,
    ATTACHED_ELSEWHERE,
    CHAT_FORMS,
    DAY_NAMES,
    DEICTIC_WORDS,
    ED_NOT_PAST,
    FUTURE_CUES,
    FUTURE_PAIRS,
    GENERIC_TIME_WORDS,
    LICENSED_ONLY,
    LICENSERS,
    MONTHS,
    NUMBER_WORDS,
    PAST_FORMS,
    PERFECT_AUX,
    RUN_WORDS,
    SUBJECT_WORDS,
    TIME_PARTS,
)

_WORD = re.compile(r"\b[Qq][1-4]\b|\b2[kK]\d\d\b|\b\d{4}-?ish\b|\b\d{1,3}0's\b"  # "2k19", "2015ish", "80's"
                   r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|'\d0s\b|\d+(?:st|nd|rd|th|s)?\b"
                   r"|[A-Za-z]+(?:['\u2019][A-Za-z]+)?\.?|[,\-\u2013]")
_CLAUSE_END = re.compile(r"[.!?;]+(?:\s|$)|\s[-\u2013\u2014]\s|\n|\bbut\b|,\s+(?:and|so)\b", re.IGNORECASE)
_TENSE_WORD = re.compile(r"[a-z']+")
_AGE = re.compile(r"\b(?:when\s+(?:I|he|she|we|they)\s+(?:was|were)\s+(?:\d{1,3}|[a-z]+(?:-[a-z]+)?)(?:\s+years?\s+old)?"
                  r"|in\s+(?:my|his|her|their|our)\s+(?:teens|twenties|thirties|forties|fifties|sixties|seventies|"
                  r"eighties|nineties))\b", re.IGNORECASE)
_NUMERIC = re.compile(r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|'\d0s|\d{1,3}0's|\d+(?:st|nd|rd|th|s)?)$")
_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$")
_DAY_OF_MONTH = re.compile(r"^\d{1,2}(?:st|nd|rd|th)?$")
_YEAR = re.compile(r"^(?:1[89]|20)\d\d$")
_IN_UNITS = re.compile(r"^(?:in|within)\s.+\b(?:days?|weeks?|months?|years?|decades?)$", re.IGNORECASE)
_ANAPHORIC = re.compile(r"^the\s+(?:day|weekend|week|month|year)\s+(?:before|after)$", re.IGNORECASE)
_MAX_RUN = 9
_POSSESSIVES = frozenset({"my", "his", "her", "their", "our", "your", "its"})
#: Time words that own a noun in the possessive and date it: "tomorrow's opening", "last week's show",
#: "Friday's game" (not "today's", which mostly means the present age: "in today's world").
_OWNING_TIMES = frozenset({"yesterday", "tomorrow", "tonight", "week", "weekend", "month", "year"}) | DAY_NAMES
_DECADE = re.compile(r"^(?:(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ies|'?\d0'?s)$")
_PART_OF = frozenset({"week", "month", "year"})  # (not "the end of the day": an idiom, "in the end")
#: Run words that make a run worth trying: not the connectors and modifiers every sentence has.
_ANCHORS = RUN_WORDS - LICENSERS - frozenset(
    "a an and to of as up just only ever some time other few couple several dozen now half part very tail first second "
    "third fourth final latter start middle early late mid new eve within sometime approximately roughly circa".split())
_GATE_WORDS = frozenset(w.lower() for w in _ANCHORS | set(CHAT_FORMS) if "'" not in w)
#: The rest of the gate: a digit, an anchor with an apostrophe ("new year's"), "the other day".
_GATE_REST = re.compile(r"\d|\b(?:" + "|".join(re.escape(w) for w in sorted(_ANCHORS | set(CHAT_FORMS)) if "'" in w)
                        + r"|other\s+day|other\s+week)\b", re.IGNORECASE)
_WORDS = re.compile(r"\w+")


def _may_name_time(text: str) -> bool:
    """Whether ``text`` has a digit or an anchor word: a set of words, not one regex of every anchor (the
    regex of 180 alternatives cost six times as much, on every sentence of every turn).

    >>> _may_name_time("We met up the other day"), _may_name_time("See you at 5"), _may_name_time("Nice!")
    (True, True, False)
    """
    return bool(_GATE_REST.search(text)) or not _GATE_WORDS.isdisjoint(_WORDS.findall(text.lower()))


@dataclass(frozen=True, slots=True)
class TimeMention:
    """A time phrase found in a text: where it is (``start``/``end`` character offsets), the tense of
    its clause, and the interval it names (:class:`TimeSpan`)."""

    phrase: str
    start: int
    end: int
    tense: Tense
    span: TimeSpan


class _Tok(NamedTuple):  # (a tuple: made for every word of every clause scanned, four times faster than a frozen dataclass)
    low: str
    start: int
    end: int
    title: bool


def tense_of(clause: str) -> Tense:
    """The tense of a clause from its words: a future cue ("will", "going to", "next", "planning")
    makes it ``future``; a perfect ("I've had") ``present``; a past form ("went", "I finished")
    ``past``; otherwise ``present``.

    >>> [tense_of(c) for c in ("We're going camping next month", "I've had them for 3 years", "Dyed my hair", "I love it")]
    ['future', 'present', 'past', 'present']
    """
    words = _TENSE_WORD.findall(clause.lower().replace("\u2019", "'"))
    words = [w for part in words for w in _split_clitic(part)]
    if any(w in FUTURE_CUES for w in words) or any(pair in FUTURE_PAIRS for pair in zip(words, words[1:])):
        return "future"
    for i, w in enumerate(words):
        if w in PERFECT_AUX and i + 1 < len(words) and (_participle(words[i + 1]) or words[i + 1] == "been"):
            return "present"
    for i, w in enumerate(words):
        if w in PAST_FORMS:
            return "past"
        if _past_ed(w) and (i == 0 or words[i - 1] in SUBJECT_WORDS):
            return "past"
    return "present"


def _split_clitic(word: str) -> list[str]:
    """``"we'll"`` → ``["we", "'ll"]``, ``"can't"`` stays (a cue of its own); ``"i've"`` → ``["i", "'ve"]``."""
    for clitic in ("'ll", "'ve", "'re", "'m", "'d", "'s"):
        if word.endswith(clitic) and len(word) > len(clitic):
            return [word[: -len(clitic)], clitic]
    return [word]


def _past_ed(word: str) -> bool:
    return len(word) > 3 and word.endswith("ed") and word not in ED_NOT_PAST


def _participle(word: str) -> bool:
    return _past_ed(word) or word in PAST_FORMS or word.endswith("en")


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    for m in _WORD.finditer(text):
        raw = m.group()
        low = raw.lower().replace("\u2019", "'")
        end = m.end()
        if low.endswith(".") and len(low) > 1:  # "Fri." keeps its dot out of the phrase
            low, end = low[:-1], end - 1
        low = spelled_word(low)  # "wknd": "weekend", "2k19": "2019"
        if low.endswith("'s") and low[:-2] in _OWNING_TIMES and not (out and out[-1].low == "new"):
            # "last week's show": the time alone; not "New Year's (Eve)", a holiday
            low, end = low[:-2], end - 2
        out.append(_Tok(low, m.start(), end, raw[:1].isupper()))
    return out


_COUNTS = frozenset(NUMBER_WORDS[1:13]) | {"a", "an", "few", "couple"}
_HEDGED_UNITS = frozenset({"minute", "hour", "day", "night", "week", "weekend", "fortnight", "month", "year", "decade"})


@lru_cache(maxsize=16384)
def _resolve(phrase: str, said_at: datetime, tense: Tense) -> TimeSpan | None:
    """:func:`~chronomem.timeexpr.spans.resolve`, kept: the same phrase said at the same instant and tense is read
    once (text scans ask again: "last week" in many turns of one day, each sentence read at two instants)."""
    return resolve(phrase, said_at, tense=tense)


def _run_word(tok: _Tok) -> bool:
    return tok.low in RUN_WORDS or bool(_NUMERIC.match(tok.low)) or tok.low in (",", "-", "\u2013")


def _hedge(toks: list[_Tok], k: int) -> bool:
    """The "or so" or the "or" of a count said loosely, which a run goes on over: "a month or so ago", "a week
    or two ago", "two or three days ago" (:func:`~chronomem.timeexpr.spans.resolve` reads the count it reaches)."""
    low = toks[k].low
    if low == "so":
        return k >= 2 and toks[k - 1].low == "or" and _hedge(toks, k - 1)
    if low != "or" or k == 0 or k + 1 >= len(toks):
        return False
    before, after = toks[k - 1].low, toks[k + 1].low
    counted = before in _COUNTS or before.rstrip("s") in _HEDGED_UNITS or before.isdigit()
    return counted and (after == "so" or after in _COUNTS or after.isdigit())


def _acceptable(toks: list[_Tok]) -> bool:
    """Whether a piece of a run may be a time phrase before it is resolved (see the module docstring)."""
    if toks[0].low in (",", "-", "\u2013", "and", "to", "or", "so") or toks[-1].low in (
            ",", "-", "\u2013", "and", "to", "of", "or", "so"):
        return False
    if any(t.low in TIME_PARTS and (n + 1 == len(toks) or toks[n + 1].low != "of") for n, t in enumerate(toks)):
        return False  # "(I) start the first week of June": a part of a time is "the start of" it
    content = [t for t in toks if t.low not in LICENSERS and t.low not in ("a", "an", ",")]
    if not content:
        return False
    lows = [t.low for t in toks]
    for k in range(1, len(toks)):
        if lows[k] in ("a", "an") and lows[k - 1] not in LICENSERS and not (
                lows[k - 1] == "half" or lows[k - 1] == "and" and lows[k + 1:k + 2] == ["half"]):
            return False  # "in June a 10K"; not "half a year", "a year and a half"
        if lows[k] == "," and not (k + 1 < len(toks) and _YEAR.match(lows[k + 1])):
            return False  # a comma only before a year: "May 3rd, 2023"
    if all(t.low in GENERIC_TIME_WORDS for t in content) and not (lows[-1] == "weekend" and len(toks) > 1) \
            and not any(w in DEICTIC_WORDS or w in NUMBER_WORDS or w.isdigit() for w in lows) \
            and not (lows[-1] in _PART_OF and lows[-2:-1] == ["the"] and set(lows) & TIME_PARTS):
        return False  # "at night", "the day"; not "next month", "two days ago", "by the end of the year"
    if "-" in lows or "\u2013" in lows:
        k = lows.index("-") if "-" in lows else lows.index("\u2013")
        if lows[k - 1] != "mid" and not (k + 1 < len(lows) and _YEAR.match(lows[k - 1])
                                        and (_YEAR.match(lows[k + 1]) or _short_year_after(lows[k - 1], lows[k + 1]))) \
                and not _days_of_a_month(lows, k) and not (lows[k - 1] in MONTHS and lows[k + 1:k + 2]
                                                           and lows[k + 1] in MONTHS):
            return False  # "9-5", "30-60"; not "mid-2018", "2011-2014", "2017-19", "June 3-7", "May-July"
    for t in toks:
        if t.low in ABBREVIATIONS and not t.title and not (t is not toks[0] and lows[lows.index(t.low) - 1] in (
                "last", "next", "this", "on")):
            return False  # "in the sun", "we sat"; not "Last Fri", "on sat"
    if lows[0] == "about" and not (len(lows) > 1 and (lows[1] in NUMBER_WORDS or lows[1].isdigit() or lows[1] in (
            "a", "an", "two", "three", "a few"))):
        return False  # "excited about summer": a topic, not a time
    if lows[-1] in ADVERB_TIMES and lows[0] in ATTACHED_ELSEWHERE:
        return False  # "been up to lately", "at yesterday's meeting": the words before belong to the verb
    if len(content) == 1:
        only = content[0]
        licensed = len(toks) > 1 and any(t.low in LICENSERS for t in toks if t is not only)
        if only.low in LICENSED_ONLY and not licensed:
            return False
        if _YEAR.match(only.low) and not licensed:
            return False  # "2000 people"
        if _ORDINAL.match(only.low) and not (lows[:2] == ["on", "the"] or lows[0] == "the"):
            return False  # "my 18th birthday"; "the gym on 5th" (a street: a day is "on the 5th")
    return not (len(lows) == 1 and lows[0] in ("sat", "sun", "wed", "mon", "mar") and not toks[0].title)


def _short_year_after(first: str, last: str) -> bool:
    """Whether ``last`` is a later year said in two digits after ``first``: "2017-19"; not "2008-12", which
    may be a month."""
    return bool(re.fullmatch(r"\d\d", last)) and int(last) > max(12, int(first[2:]))


def _days_of_a_month(lows: list[str], k: int) -> bool:
    """Whether the dash at ``k`` joins two days of a month named next to them: "June 3-7", "3-7 June"."""
    days = k + 1 < len(lows) and all(_DAY_OF_MONTH.match(w) for w in (lows[k - 1], lows[k + 1]))
    return days and ((k >= 2 and lows[k - 2] in MONTHS) or (k + 2 < len(lows) and lows[k + 2] in MONTHS))


def _clauses(text: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for m in _CLAUSE_END.finditer(text):
        bounds.append((start, m.start()))
        start = m.end()
    bounds.append((start, len(text)))
    return bounds


def find_times(text: str, said_at: datetime, *, born: date | int | None = None,
               tense: Tense | None = None) -> list[TimeMention]:
    """The time phrases of ``text`` (said at ``said_at``), in order, each resolved in its clause's
    tense (or ``tense`` when given); ages ("when I was 18") only with ``born``.

    >>> from datetime import timezone
    >>> said = datetime(2023, 8, 9, 20, tzinfo=timezone.utc)
    >>> [str(m.span) for m in find_times("Since 2016 I paint; two weekends ago we ran a 5K, and in June a 10K.", said)]
    ['2016-01-01 → … year since (Since 2016)', '2023-07-29 → 2023-07-30 weekend (two weekends ago)', \
'2023-06-01 → 2023-06-30 month (in June)']
    """
    return find_times_each(text, (said_at,), born=born, tense=tense)[0]


def find_times_each(text: str, instants: Sequence[datetime], *, born: date | int | None = None,
                    tense: Tense | None = None) -> list[list[TimeMention]]:
    """:func:`find_times` of ``text`` at each of ``instants``, the text cut into clauses and words once (what
    depends on the instant is only what its phrases resolve to).

    >>> from datetime import timezone
    >>> june, december = datetime(2000, 6, 15, tzinfo=timezone.utc), datetime(2000, 12, 20, tzinfo=timezone.utc)
    >>> [[m.phrase for m in ms] for ms in find_times_each("We met between May and July.", (june, december))]
    [[], ['between May and July']]
    """
    outs: list[list[TimeMention]] = [[] for _ in instants]
    if not _may_name_time(text) and not (born is not None and _AGE.search(text)):
        return outs  # most turns name no time: no clause to read
    for lo, hi in _clauses(text):
        clause = text[lo:hi]
        if not _may_name_time(clause) and not (born is not None and _AGE.search(clause)):
            continue
        clause_tense = tense or tense_of(clause)
        words = _tokens(clause)
        for said_at, out in zip(instants, outs):
            for m in _AGE.finditer(clause):
                span = resolve(m.group(), said_at, tense=clause_tense, born=born) if born is not None else None
                if span is not None:
                    out.append(TimeMention(m.group(), lo + m.start(), lo + m.end(), clause_tense, span))
            taken = [(x.start, x.end) for x in out]
            toks = [t for t in words if not any(a <= lo + t.start < b for a, b in taken)]
            out += _scan(clause, lo, toks, said_at, clause_tense)
    return [sorted(out, key=lambda m: m.start) for out in outs]


def _scan(clause: str, offset: int, toks: list[_Tok], said_at: datetime, tense: Tense) -> list[TimeMention]:
    found = []
    i = 0
    while i < len(toks):
        if not _run_word(toks[i]):
            i += 1
            continue
        j = i
        while j < len(toks) and (_run_word(toks[j]) or _hedge(toks, j)) and (
                j == i or toks[j].start - toks[j - 1].end <= 2):
            j += 1
        lead = i + (toks[i].low in ("early", "mid", "late") and i + 1 < j)
        if i > 0 and toks[i - 1].low in _POSSESSIVES and _DECADE.match(toks[lead].low):
            pass  # "in my twenties", "her 30s": an age, not a decade of the calendar
        elif any(t.low in _ANCHORS or t.low[:1].isdigit() or t.low[:1] == "'" for t in toks[i:j]):
            found += _pieces(clause, offset, toks[i:j], said_at, tense)
        i = j
    return found


def _pieces(clause: str, offset: int, run: list[_Tok], said_at: datetime, tense: Tense) -> list[TimeMention]:
    """The longest resolvable pieces of one run, left to right."""
    out = []
    i = 0
    while i < len(run):
        if i + 2 < len(run) and run[i + 1].low in ("after", "by") and run[i + 2].low == run[i].low:
            i += 3  # "week after week", "Friday after Friday": a repetition, no date
            continue
        hit = None
        for j in range(min(len(run), i + _MAX_RUN), i, -1):
            piece = run[i:j]
            if not _acceptable(piece):
                continue
            phrase = clause[piece[0].start:piece[-1].end]
            if tense == "past" and _IN_UNITS.match(phrase):
                continue  # "(finished it) in two weeks": how long, not when
            if _ANAPHORIC.match(phrase) or _day_counted_elsewhere(run, j):
                continue  # "the week before (the exam)": anchored to another event, not to when it was said
            span = _resolve(phrase, said_at, tense)
            if span is not None:
                hit = TimeMention(phrase, offset + piece[0].start, offset + piece[-1].end, tense, span)
                i = j
                break
        if hit is None:
            i += 1
        else:
            out.append(hit)
    return out


def _day_counted_elsewhere(run: list[_Tok], j: int) -> bool:
    """Whether the piece ``run[:j]`` ends in "the <weekday>" that the run goes on to count from another event
    whose time it does not say: "the Monday after (my move)", "the Friday before" (dangling)."""
    return 1 < j < len(run) and run[j].low in ("before", "after") and run[j - 1].low in DAY_NAMES \
        and run[j - 2].low == "the"
