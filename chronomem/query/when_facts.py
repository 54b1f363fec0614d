"""Facts that date an answer to a "when" question (see :mod:`chronomem.query.when`).

Two kinds of fact know when something happened: an event fact (ATTENDED, VISITED, DID: its valid
interval is the happening's own day, weekend, month or year) and a state fact whose start was
stated ("I've had my dogs for three years", "we moved here in 2019"), not merely observed when
it was said. The candidates are the fact hits of the search and every such fact of the people
the question names; each is scored like a turn (the words it shares with the question, whether
the person asked about is its subject, whether a plan answers a question about the future).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from chronomem.graph.base import GraphStore, TurnRecord
from chronomem.query.when_pick import WEIGHTS, period_of
from chronomem.query.when_question import WhenQuestion, norm_word, same_word
from chronomem.schema.models import Fact

_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|\d+")
PLAN_MISFIT = 0.3  # a plan answering a question about the past (or a happening one about the future) fits this well


@dataclass
class FactCandidate:
    """A fact that may answer the question, its score, and the turn it was first said in."""

    fact: Fact
    score: float
    turn: TurnRecord | None


def fact_candidates(store: GraphStore, group_id: str, q: WhenQuestion, *, relevance: Mapping[str, float],
                    as_of: datetime | None) -> list[FactCandidate]:
    """Dated facts that may answer ``q``: the search's fact hits (``relevance``: id → scaled score)
    and the dated facts of the people the question names, best first."""
    found = {f.id: f for f in store.get_facts(group_id, list(relevance))}
    for name in q.names:
        for f in store.facts_about(group_id, name).facts:
            found.setdefault(f.id, f)
    subjects = {n.lower() for n in q.names}
    entities = store.get_entities(group_id, list({f.subject_id for f in found.values()}))
    events = {p.name for p in store.vocabulary if p.kind == "event"}
    scored = []
    for f in found.values():
        if f.expired_at is not None or f.valid_from is None:
            continue
        if f.predicate not in events and (f.start_observed or not q.asks_start):
            continue  # a state's start answers "when did … start/get/join", and only when it was stated
        if as_of is not None and f.recorded_at > as_of:
            continue
        words = {norm_word(w) for w in _WORD.findall(f.statement)}
        share = sum(1 for w in q.words if any(same_word(w, x) for x in words)) / len(q.words) if q.words else 0.0
        if share == 0.0 and f.id not in relevance:
            continue
        subject = entities.get(f.subject_id)
        score = WEIGHTS["relevance"] * relevance.get(f.id, 0.0) + WEIGHTS["words"] * share
        if subjects:
            first = subject.name.split()[0].lower() if subject is not None and subject.name.split() else ""
            score += WEIGHTS["speaker"] if first in subjects else WEIGHTS["absent"]
        planned = f.qualifiers.get("status") == "planned"
        fit = 1.0 if (q.tense == "future") == planned else PLAN_MISFIT
        score += WEIGHTS["time"] * fit
        scored.append((f, score))
    turns = store.get_turns(group_id, [s.turn_id for f, _ in scored for s in f.sources[:1] if s.turn_id])
    out = [FactCandidate(f, score, next((turns[s.turn_id] for s in f.sources if s.turn_id in turns), None))
           for f, score in scored]
    return sorted(out, key=lambda c: (-c.score, c.fact.id))


def date_fact(q: WhenQuestion, c: FactCandidate, events: Sequence[str]) -> tuple[date, date, str, date | None] | None:
    """``(start, end, granularity, since)`` of a fact: an event's interval, a state's start period."""
    f = c.fact
    assert f.valid_from is not None
    start = f.valid_from.date()
    granularity = f.valid_from_precision if f.valid_from_precision not in ("instant", "unknown") else "day"
    if f.predicate in events and q.kind == "when":
        last = (f.valid_to - timedelta(microseconds=1)).date() if f.valid_to is not None else start
        return start, max(last, start), granularity, None
    first, last = period_of(start, granularity)
    return first, last, granularity, start
