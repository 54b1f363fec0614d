"""Dated answers to "when" questions, with the evidence that dates them. No LLM.

:func:`when` reads the question (:mod:`chronomem.query.when_question`), gathers candidates — the
turns :func:`~chronomem.query.search.search` finds and the event facts of the people it names
— and dates each: a turn by the time phrase it speaks about (its stored turn times, the phrase
nearest the words the question shares with it), else by the day it was said; an event fact by
its valid interval. Candidates are ranked by relevance, the words they share with the question,
whether the person asked about is the one speaking, and whether they carry a time phrase of the
question's tense (a plan for "When is … planning"); equal dates are merged. A "how long"
question is answered from where an interval starts ("for three years", "since 2016").

>>> from datetime import datetime, timezone
>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.schema import Session, ExtractionResult
>>> from chronomem.graph.base import WriteBatch
>>> store, said = SqliteGraphStore(":memory:"), datetime(2023, 5, 8, 14, tzinfo=timezone.utc)
>>> session = Session(session_id="s1", started_at=said, turns=[
...     {"speaker": "Caroline", "text": "I went to a support group yesterday, it was powerful."},
...     {"speaker": "Melanie", "text": "We are going camping next month!"}])
>>> _ = store.write(WriteBatch("default", session=session), recorded_at=said)
>>> best = when(store, "default", "When did Caroline go to the support group?", index=None, now=said).answers[0]
>>> best.text(), best.evidence.turn_id
('2023-05-07 (yesterday, said 2023-05-08)', 's1:1')
>>> when(store, "default", "When is Melanie going camping?", index=None, now=said).answers[0].text()
'2023-06-01 → 2023-06-30 (next month, said 2023-05-08)'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from chronomem.graph.base import GraphStore, TurnRecord
from chronomem.graph.side_index import SideIndex
from chronomem.graph.turn_times import times_of
from chronomem.query.records import FactRecord, to_records
from chronomem.query.when_facts import FactCandidate, date_fact, fact_candidates
from chronomem.query.when_pick import Candidate, date_turn, duration_text, rank_turns
from chronomem.query.when_question import read_question

Basis = Literal["phrase", "said", "fact"]


class Evidence(BaseModel):
    """The turn an answer comes from."""

    model_config = ConfigDict(frozen=True)

    turn_id: str
    session_id: str
    speaker: str
    text: str
    at: datetime


class WhenAnswer(BaseModel):
    """One dated answer: ``start`` and ``end`` are dates, both inclusive."""

    model_config = ConfigDict(frozen=True)

    start: date
    end: date
    granularity: str
    phrase: str | None
    basis: Basis
    score: float
    evidence: Evidence | None = None
    fact: FactRecord | None = None
    since: date | None = None  # how-long answers: where the interval begins
    duration: str | None = None  # how-long answers: "4 years as of 2023-06-09"

    def dates(self) -> str:
        """``2023-05-07`` for one day, ``2023-06-02 → 2023-06-08`` otherwise."""
        return self.start.isoformat() if self.start == self.end else f"{self.start.isoformat()} → {self.end.isoformat()}"

    def text(self) -> str:
        """``2023-05-07 (yesterday, said 2023-05-08)``; a how-long answer leads with its duration."""
        said = None if self.evidence is None else self.evidence.at.date().isoformat()
        why = ", ".join(x for x in (self.phrase, None if said is None else f"said {said}") if x)
        lead = f"since {self.dates()}, {self.duration}" if self.duration else self.dates()
        return f"{lead} ({why})" if why else lead

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json", exclude={"fact"})
        data["fact"] = None if self.fact is None else self.fact.to_json()
        data["text"] = self.text()
        return data


class WhenAnswers(BaseModel):
    """The answers to one question, best first; ``reason`` says why there are none."""

    model_config = ConfigDict(frozen=True)

    question: str
    answers: list[WhenAnswer]
    reason: str | None = None

    def __len__(self) -> int:
        return len(self.answers)

    def __bool__(self) -> bool:
        return bool(self.answers)

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answers": [a.to_json() for a in self.answers], "reason": self.reason}


def when(store: GraphStore, group_id: str, question: str, *, index: SideIndex | None, now: datetime,
         as_of: datetime | None = None, k: int = 5, fetch: int = 30) -> WhenAnswers:
    """Dated answers to ``question`` from what was said up to ``as_of`` (default now), best first."""
    from chronomem.query.search import search

    q = read_question(question)
    hits = search(store, group_id, question, index=index, now=now, as_of=as_of, k=fetch)
    ids = list(dict.fromkeys(t for h in hits for t in h.turn_ids()))
    turns = store.get_turns(group_id, ids)
    ranked = [(i, turns[i]) for i in ids if i in turns and (as_of is None or turns[i].at <= as_of)]
    best = max((h.score for h in hits), default=0.0) or 1.0
    facts = fact_candidates(store, group_id, q, relevance={h.id: h.score / best for h in hits if h.kind == "fact"},
                            as_of=as_of)
    if not ranked and not facts:
        return WhenAnswers(question=question, answers=[], reason="nothing said matches the question")
    candidates = rank_turns(q, [t for _, t in ranked], relevance=_relevance(hits, [i for i, _ in ranked]))
    answers = _answers(q, candidates, facts, store, group_id, now=now)
    if not answers:
        return WhenAnswers(question=question, answers=[], reason="no turn or fact that matches the question says when")
    return WhenAnswers(question=question, answers=answers[:k])


def _relevance(hits: Sequence[Any], ids: Sequence[str]) -> dict[str, float]:
    """Each turn's search relevance, scaled to the best hit (a fact hit lends its score to its source turns)."""
    best = max((h.score for h in hits), default=0.0) or 1.0
    out: dict[str, float] = {}
    for h in hits:
        for t in h.turn_ids():
            out[t] = max(out.get(t, 0.0), h.score / best)
    return {i: out.get(i, 0.0) for i in ids}


def _answers(q: Any, candidates: Sequence[Candidate], facts: Sequence[FactCandidate], store: GraphStore,
             group_id: str, *, now: datetime) -> list[WhenAnswer]:
    """Every candidate dated, equal dates merged (the best score, and the fact when one gave them)."""
    out: dict[tuple[date, date], WhenAnswer] = {}

    def offer(answer: WhenAnswer) -> None:
        key = (answer.start, answer.end)
        held = out.get(key)
        if held is None or held.score < answer.score:
            if held is not None and answer.fact is None and held.fact is not None:
                answer = answer.model_copy(update={"fact": held.fact})
            out[key] = answer
        elif answer.fact is not None and held.fact is None:
            out[key] = held.model_copy(update={"fact": answer.fact})

    for c in candidates:
        dated = date_turn(q, c)
        if dated is None:
            continue
        start, end, granularity, phrase, basis, since = dated
        if q.kind == "how_long" and since is None:
            continue
        offer(WhenAnswer(start=start, end=end, granularity=granularity, phrase=phrase, basis=basis, score=c.score,
                         evidence=_evidence(c.turn), since=since,
                         duration=duration_text(since, c.turn.at.date()) if since is not None else None))
    events = [p.name for p in store.vocabulary if p.kind == "event"]
    records = {r.id: r for r in to_records(store, group_id, [c.fact for c in facts], now=now)}
    for fc in facts:
        dated_fact = date_fact(q, fc, events)
        if dated_fact is None:
            continue
        start, end, granularity, since = dated_fact
        if q.kind == "how_long" and since is None:
            continue
        said = fc.turn.at.date() if fc.turn is not None else now.date()
        offer(WhenAnswer(start=start, end=end, granularity=granularity, phrase=_phrase_of(fc, start), basis="fact",
                         score=fc.score, evidence=None if fc.turn is None else _evidence(fc.turn),
                         fact=records.get(fc.fact.id), since=since,
                         duration=duration_text(since, said) if since is not None else None))
    return sorted(out.values(), key=lambda a: (-a.score, a.start, a.end))


def _phrase_of(c: FactCandidate, start: date) -> str | None:
    """The phrase of the fact's turn that names the fact's start, if the turn has one."""
    if c.turn is None:
        return None
    return next((m.phrase for m in times_of(c.turn) if m.span.start == start), None)


def _evidence(t: TurnRecord) -> Evidence:
    return Evidence(turn_id=t.id, session_id=t.session_id, speaker=t.speaker, text=t.text, at=t.at)

