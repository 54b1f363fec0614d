"""The times a turn speaks about, as every store keeps them: found when the turn is written.

Each stored turn keeps the time phrases of its text resolved against when it was said
(:func:`chronomem.timeexpr.find_times`): the phrase, where it is, its clause's tense, and the
interval with its granularity and role, as one JSON text (a column of ``turns``, a property
of ``:Turn``). A turn stored before turns kept them has none stored; :func:`times_of` then
finds them from its text, the same way.

>>> from datetime import datetime, timezone
>>> said = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
>>> stored = times_json("I went to a support group yesterday.", said)
>>> stored
'[{"phrase":"yesterday","at":[26,35],"tense":"past","start":"2023-05-07","end":"2023-05-08","granularity":"day","role":"point"}]'
>>> [str(m.span) for m in times_from_json(stored)]
['2023-05-07 day (yesterday)']
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from chronomem.timeexpr import TimeMention, TimeSpan, find_times

if TYPE_CHECKING:
    from chronomem.graph.base import TurnRecord


def times_json(text: str, said_at: datetime) -> str:
    """The JSON text a store keeps for a turn's times (``"[]"`` when it names none)."""
    return _dump(find_times(text, said_at))


def _dump(mentions: list[TimeMention]) -> str:
    rows = [{"phrase": m.phrase, "at": [m.start, m.end], "tense": m.tense,
             **{k: v for k, v in m.span.to_json().items() if k != "phrase"}} for m in mentions]
    return json.dumps(rows, separators=(",", ":"), ensure_ascii=False)


@lru_cache(maxsize=4096)
def times_from_json(text: str) -> tuple[TimeMention, ...]:
    """The mentions stored as ``text`` (written by :func:`times_json`)."""
    out = []
    for row in json.loads(text):
        start, end = row["at"]
        span = TimeSpan.from_json({**row, "phrase": row["phrase"]})
        out.append(TimeMention(row["phrase"], start, end, row["tense"], span))
    return tuple(out)


def times_of(turn: TurnRecord) -> tuple[TimeMention, ...]:
    """The times ``turn`` speaks about: as stored, or found from its text when none were stored."""
    if turn.times is not None:
        return times_from_json(turn.times)
    return tuple(find_times(turn.text, turn.at))


def main_time(turn: TurnRecord) -> TimeMention | None:
    """The time a turn speaks about for a reader: its first phrase that names an interval with a
    start and an end other than the very day it was said; ``None`` when there is none."""
    said = turn.at.date()
    for m in times_of(turn):
        span = m.span
        if span.start is not None and span.end is not None and not (span.start == said and span.days == 1):
            return m
    return None
