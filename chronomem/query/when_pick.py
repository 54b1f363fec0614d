"""Ranking the turns that may answer a "when" question, and dating each (see :mod:`chronomem.query.when`).

A turn's score adds up its search relevance, the share of the question's content words it holds,
whether the person asked about is its speaker (or at least named in it), and how well its best
time phrase fits the question: of the question's tense (a plan for a future question), precise
rather than "lately", and near the words the turn shares with the question.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal

from chronomem.graph.base import TurnRecord
from chronomem.graph.turn_times import times_of
from chronomem.query.when_question import WhenQuestion, norm_word, same_word
from chronomem.timeexpr import TimeMention
from chronomem.timeexpr.calc import add_months, month_pair
from chronomem.timeexpr.words import OTHER_DAY, RECENTLY_PHRASES

#: Weights of the signals summed into a candidate's score (set by hand; of ``SAID_FIT`` three values
#: were tried on LoCoMo's developer conversations, the when-benchmark's own data: 0.2 kept).
WEIGHTS: dict[str, float] = {
    "relevance": 1.0,      # search relevance, scaled to the best hit
    "words": 1.0,          # share of the question's content words the turn holds
    "speaker": 0.5,        # the person asked about is speaking
    "absent": -0.5,        # the question names people and the turn neither is by nor names any of them
    "time": 0.4,           # the turn says when (× how well its best phrase fits)
    "told_before": -0.4,   # dated by its day alone, the turn speaks of the event as known ("Since I lost my job, …")
}
_WEAK = frozenset(RECENTLY_PHRASES) | frozenset(OTHER_DAY) | {"just recently"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|\d+")
_NEAR = 60  # characters: a phrase this far from the matched words counts half
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")
_TOLD_BEFORE = re.compile(r"(?:^|[,;]\s*)\s*(?:ever\s+since|since|after)\s+(?!\d)", re.IGNORECASE)
SAID_FIT = 0.2  # how well the day a turn was said dates it, against its time phrases' fit


def _sentence(ends: Sequence[int], offset: int) -> int:
    """The index of the sentence holding ``offset`` (``ends``: where sentences end)."""
    return next((i for i, end in enumerate(ends) if offset < end), len(ends))


@dataclass
class Candidate:
    """A turn that may answer the question, its score, and the time phrase chosen to date it."""

    turn: TurnRecord
    score: float
    best: TimeMention | None = None
    matched: int = 0
    mentions: list[TimeMention] = field(default_factory=list)


def turn_mentions(turn: TurnRecord) -> list[TimeMention]:
    """The time phrases a turn speaks about, resolved against when it was said (as stored)."""
    return list(times_of(turn))


def rank_turns(q: WhenQuestion, turns: Sequence[TurnRecord], *, relevance: Mapping[str, float],
               weights: Mapping[str, float] | None = None) -> list[Candidate]:
    """The turns as candidates, best first."""
    w = {**WEIGHTS, **(weights or {})}
    names = {n.lower() for n in q.names}
    out = []
    for t in turns:
        positions, matched = _matches(q, t.text)
        share = len(matched) / len(q.words) if q.words else 0.0
        score = w["relevance"] * relevance.get(t.id, 0.0) + w["words"] * share
        if names:
            speaker = t.speaker.split()[0].lower() if t.speaker.split() else ""
            if speaker in names:
                score += w["speaker"]
            elif not any(re.search(rf"\b{re.escape(n)}\b", t.text.lower()) for n in names):
                score += w["absent"]
        mentions = [m for m in turn_mentions(t) if m.span.role != "until"]
        best, fit = _best_mention(q, t, mentions, positions)
        score += w["time"] * (fit if best is not None else 0.0)
        if best is None and q.kind == "when" and told_before(t.text, positions):
            score += w["told_before"]
        out.append(Candidate(t, score, best, len(matched), mentions))
    return sorted(out, key=lambda c: (-c.score, c.turn.at, c.turn.id))


def _matches(q: WhenQuestion, text: str) -> tuple[list[int], set[str]]:
    """Where the turn holds the question's content words (character offsets) and which it holds."""
    positions, matched = [], set()
    for m in _WORD.finditer(text):
        n = norm_word(m.group())
        for w in q.words:
            if same_word(n, w):
                positions.append(m.start())
                matched.add(w)
    return positions, matched


def told_before(text: str, positions: Sequence[int]) -> bool:
    """Whether every matched word (``positions``) sits in a clause that speaks of its event as already known:
    opened by "since" or "after" ("Since I lost my job, money is tight", "After losing my job, I …"). Such a turn
    tells no news of the event; the day it was said does not date it.

    >>> told_before("Since I lost my job at Finch, money is tight.", [14]), told_before("I lost my job at Finch.", [2])
    (True, False)
    """
    if not positions:
        return False
    for p in positions:
        start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, p)), default=0)
        clause = text[start:p]
        opener = list(_TOLD_BEFORE.finditer(clause))
        if not opener or "," in clause[opener[-1].end():]:
            return False
    return True


def _best_mention(q: WhenQuestion, t: TurnRecord, mentions: Sequence[TimeMention],
                  positions: Sequence[int]) -> tuple[TimeMention | None, float]:
    """The phrase that best dates the turn's matching words, and how well (0–1). ``None`` when the
    day it was said fits better: a turn that says "I just launched it" dates itself, even if an
    earlier sentence says "things have been hectic lately"."""
    said = t.at.date()
    sentences = [m.end() for m in _SENTENCE_END.finditer(t.text)]
    best, best_fit = None, SAID_FIT if q.kind == "when" else 0.0
    for m in mentions:
        fit = 1.0
        ahead = m.span.start is not None and m.span.start > said
        if (q.tense == "future") != ahead and m.span.role == "point":
            fit *= 0.3
        if q.kind == "how_long" and m.span.role not in ("for", "since"):
            fit *= 0.3
        if m.phrase.lower() in _WEAK:
            fit *= 0.5
        if positions:
            gap = min(abs(p - m.start) for p in positions)
            fit *= 1 / (1 + gap / _NEAR)
            if not any(_sentence(sentences, p) == _sentence(sentences, m.start) for p in positions):
                fit *= 0.5  # the words asked about are in another sentence
        if fit > best_fit:
            best, best_fit = m, fit
    return best, best_fit


Dated = tuple[date, date, str, str | None, Literal["phrase", "said"], date | None]


def date_turn(q: WhenQuestion, c: Candidate) -> Dated | None:
    """``(start, end, granularity, phrase, basis, since)`` of a candidate; ``None`` when it cannot
    answer (a how-long question needs an interval's start)."""
    m = c.best
    if m is None:
        if q.kind == "how_long":
            return None
        said = c.turn.at.date()
        return _widen(q, said, said, "day") + (None, "said", None)
    span = m.span
    since = None
    if span.role in ("for", "since", "age") or (q.kind == "how_long" and span.start is not None):
        assert span.start is not None
        since = span.start
        start, end = period_of(span.start, span.granularity)
    else:
        if span.start is None or span.last is None:
            return None
        start, end = span.start, span.last
    if q.kind == "how_long" and since is None:
        return None
    return _widen(q, start, end, span.granularity) + (m.phrase, "phrase", since)


def period_of(day: date, granularity: str) -> tuple[date, date]:
    """The period of ``granularity`` holding ``day`` (first and last day)."""
    if granularity in ("year", "decade", "season"):
        return date(day.year, 1, 1), date(day.year, 12, 31)
    if granularity == "month":
        first, nxt = month_pair(day.year, day.month)
        return first, nxt - timedelta(1)
    if granularity in ("week", "weekend"):
        return day, day + timedelta(6)
    return day, day


def _widen(q: WhenQuestion, start: date, end: date, granularity: str) -> tuple[date, date, str]:
    """The answer at the granularity the question asks for ("which month"), when it is coarser."""
    if q.granularity == "month" and granularity in ("day", "weekend", "week"):
        return start.replace(day=1), add_months(start.replace(day=1), 1) - timedelta(1), "month"
    if q.granularity == "year" and granularity not in ("year", "decade"):
        return date(start.year, 1, 1), date(start.year, 12, 31), "year"
    return start, end, granularity


def duration_text(since: date, ref: date) -> str:
    """How long from ``since`` to ``ref``, in the largest unit that fits: "4 years as of 2023-06-09".

    >>> duration_text(date(2019, 6, 9), date(2023, 6, 9)), duration_text(date(2023, 5, 20), date(2023, 6, 9))
    ('4 years as of 2023-06-09', '3 weeks as of 2023-06-09')
    """
    days = max((ref - since).days, 0)
    if days >= 365:
        n, unit = round(days / 365.25), "year"
    elif days >= 60:
        n, unit = round(days / 30.44), "month"
    elif days >= 14:
        n, unit = round(days / 7), "week"
    else:
        n, unit = days, "day"
    return f"{n} {unit}{'' if n == 1 else 's'} as of {ref.isoformat()}"
