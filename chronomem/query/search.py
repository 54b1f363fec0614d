"""Hybrid search: semantic entry points, full text, traversal as of T, reranking.

1. **Entry points.** HNSW hits (when a :class:`~chronomem.graph.side_index.SideIndex` is
   given) and full-text hits over facts, entities and turns, fused with reciprocal rank
   fusion (facts and turns ranked together, entities apart: see
   :mod:`chronomem.query.candidates`). What the index has not embedded yet is still found by
   full text.
2. **Traversal.** From the best entities (name hits, and the subjects of the best facts),
   facts one hop away are added, and a second hop from the entities the most relevant of
   those lead to, the as-of filter applied on every hop; turns mentioning the entry
   entities too, and the source turns of relevant facts. A reached fact's credit grows with
   how well it matches the query itself (:func:`~chronomem.query.rerank.reach_credit`).
3. **Conversation.** Turns by a speaker the query names count more, questions less, and the
   answer to a relevant question inherits part of its relevance.
4. **Rerank.** ``relevance · confidence · exp(−λ·Δt)`` (a turn's confidence is 1) with λ per predicate (:data:`DEFAULT_DECAY`) and
   Δt from the fact's ``valid_from`` (a turn's time) to the reference time, then MMR diversity;
   a hit's ``score`` is the MMR value it was picked at, so scores never increase down the list.
5. **The asked slot** (:mod:`chronomem.query.focus`): when the question names an entity and
   implies a predicate ("where does Ana work"), that slot's facts come first; a turn whose
   facts in the slot were all superseded by the reference time ranks below what holds instead
   and carries ``superseded_by``.

Facts always pass the time filter: valid at ``as_of`` (default: now) and believed at
``known_at`` (default: current belief). A time named in the query ("in 2023", "last May")
narrows the window: facts must overlap it, turns are said from its start on (with a
month's grace for plans), and the phrase is removed from the text searched.

>>> from datetime import datetime, timezone
>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.extract.parse.importer import batches_from_records
>>> store, t = SqliteGraphStore(":memory:"), datetime(2024, 6, 1, tzinfo=timezone.utc)
>>> rows = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
...         {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}]
>>> for batch in batches_from_records(rows, group_id="default", vocabulary=store.vocabulary, said_at=t):
...     _ = store.write(batch, recorded_at=t)
>>> [r.text for r in search(store, "default", "where does Ana live", index=None, now=t)]
['Ana lives in Porto']
>>> [r.text for r in search(store, "default", "where did Ana live in 2020", index=None, now=t)]
['Ana lives in Lisbon']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from chronomem.deadline import check
from chronomem.errors import InputError, clip
from chronomem.graph.base import GraphStore, TurnRecord
from chronomem.graph.side_index import SideIndex
from chronomem.graph.turn_times import main_time
from chronomem.query.candidates import (
    Tuning,
    conversation_signals,
    entry_lists,
    traverse,
)
from chronomem.query.focus import focus as slot_focus
from chronomem.query.records import Status, day_range_text, interval_text, to_records
from chronomem.query.rerank import DEFAULT_DECAY, decay_factor, mmr, rank_value, reach_credit
from chronomem.query.scope import PLAN_GRACE, Scope
from chronomem.query.slots import EndedAt, SupersededBy, ended_at, superseded_by
from chronomem.query.timewindow import split_time
from chronomem.schema.models import Fact, Source
from chronomem.schema.timeutil import shifted

#: Weights of the signals summed into a candidate's relevance.
DEFAULT_WEIGHTS: dict[str, float] = {
    "dense": 1.0,      # HNSW rank (RRF value)
    "fulltext": 1.0,   # BM25 rank (RRF value)
    "graph": 0.5,      # reached by traversal from an entry entity (× the entity's relevance)
    "mentions": 0.3,   # a turn mentioning an entry entity
    "evidence": 0.3,   # a turn that is the source of a relevant fact
}
#: The longest query searched: a question or a message, not a document (linear work beyond that is still work).
MAX_QUERY_CHARS = 10_000
_OUTSIDE_WINDOW = 0.8  # a turn said long after the window named is less likely about it


class SearchResult(BaseModel):
    """One hit: a fact (with its :class:`~chronomem.query.records.FactRecord` fields) or a turn."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["fact", "turn"]
    id: str
    text: str
    score: float
    sources: list[Source] = []
    subject: str | None = None
    subject_id: str | None = None
    predicate: str | None = None
    object: str | None = None
    object_id: str | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    recorded_at: datetime | None = None
    expired_at: datetime | None = None
    status: Status | None = None
    speaker: str | None = None
    session_id: str | None = None
    at: datetime | None = None
    superseded_by: SupersededBy | None = None
    ended: EndedAt | None = None
    time_phrase: str | None = None  # a turn: the phrase naming the time it speaks about (valid_from/valid_to)

    def later(self) -> str | None:
        """What became of a turn's facts, for a reader ("later: Alice works at Adyen since 2024-05",
        "later: no longer true since 2022-03 (…)"); ``None`` when they still hold."""
        said = self.superseded_by or self.ended
        return None if said is None else said.text()

    def when(self) -> str:
        """When the hit holds: a fact's valid interval (``2023-05-01 → now``); a turn's day (``?``
        unknown), after the time it speaks about when it names one (``2023-05-07 (yesterday), said 2023-05-08``)."""
        if self.kind == "fact":
            return interval_text(self.valid_from, self.valid_to)
        said = "?" if self.at is None else self.at.date().isoformat()
        if self.time_phrase is None or self.valid_from is None or self.valid_to is None:
            return said
        return f"{day_range_text(self.valid_from, self.valid_to)} ({self.time_phrase}), said {said}"

    def turn_ids(self) -> list[str]:
        """The turns this hit comes from (a turn's own id; a fact's source turns)."""
        return [s.turn_id for s in self.sources if s.turn_id]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` shape (DESIGN §8): facts carry ``statement`` and both intervals, turns
        carry ``speaker``, ``session_id``, ``at`` and, when what they said no longer holds,
        ``status: "superseded"`` and ``superseded_by`` (the fact holding instead and since when);
        both carry ``score`` and ``sources``."""
        data = self.model_dump(mode="json")
        data["sources"] = [{"session_id": s.session_id, "turn_id": s.turn_id} for s in self.sources]
        data["score"] = round(self.score, 6)
        if self.kind == "fact":
            data["statement"] = self.text
            for key in ("speaker", "session_id", "at", "superseded_by", "ended", "time_phrase"):
                data.pop(key)
        else:  # a turn keeps valid_from/valid_to: the time it speaks about (null when it names none)
            for key in ("subject", "subject_id", "predicate", "object", "object_id", "recorded_at", "expired_at"):
                data.pop(key)
        return data


@dataclass(frozen=True)
class SearchOptions:
    """What a search is asked, beyond its text: the time scope (``as_of``, ``known_at``), how many
    hits (``k``) of which ``kinds``, and the ranking knobs. ``decay`` maps predicates (``"*"``: the
    rest, ``"turn"``: turns) to λ per day (merged over :data:`DEFAULT_DECAY`); ``weights`` over
    :data:`DEFAULT_WEIGHTS`; ``diversity`` is MMR's weight (0: off); dense hits below
    ``min_similarity`` (cosine) are ignored, so nonsense finds nothing; ``tuning`` holds the
    remaining ranking knobs (:class:`Tuning`)."""

    as_of: datetime | None = None
    known_at: datetime | None = None
    k: int = 10
    kinds: Sequence[str] = ("fact", "turn")
    decay: Mapping[str, float] | None = None
    weights: Mapping[str, float] | None = None
    diversity: float = 0.3
    depth: int = 2
    entry_points: int = 5
    fetch: int = 50
    min_similarity: float = 0.1
    tuning: Tuning | None = None


def search(store: GraphStore, group_id: str, text: str, options: SearchOptions | None = None, *,  # noqa: C901
           index: SideIndex | None, now: datetime, **fields: Any) -> list[SearchResult]:
    """Hybrid search over facts and turns (see the module docstring), as ``options`` asks; a
    :class:`SearchOptions` field may also be given by name (``as_of=…``, ``k=…``), over ``options``."""
    o = replace(options or SearchOptions(), **fields) if fields else options or SearchOptions()
    as_of, known_at, k, kinds, diversity, entry_points = o.as_of, o.known_at, o.k, o.kinds, o.diversity, o.entry_points
    if not text or not text.strip():
        raise InputError("a search text is required")
    if len(text) > MAX_QUERY_CHARS:
        raise InputError(f"the query {clip(text, 40)} is longer than {MAX_QUERY_CHARS:,} characters; "
                         "ask about its main point in fewer words")
    for name, value in (("now", now), ("as_of", as_of), ("known_at", known_at)):
        if value is not None and value.tzinfo is None:
            raise InputError(f"{name} must be timezone-aware (UTC)")
    if k < 1:
        return []
    w = {**DEFAULT_WEIGHTS, **(o.weights or {})}
    tune = o.tuning or Tuning()
    query, window = split_time(text, as_of or now)
    query = query if any(c.isalnum() for c in query) else text
    scope = Scope(now=now, as_of=as_of, known_at=known_at, window=window,
                  events=frozenset(p.name for p in store.vocabulary if p.kind == "event"))
    turns: dict[str, TurnRecord] = {}

    def speakers_of(ids: list[str]) -> set[str]:
        turns.update((i, t) for i, t in store.get_turns(group_id, ids).items() if scope.turn_ok(t))
        return {t.speaker for t in turns.values()}

    check("search")
    read: dict[str, Fact] = {}

    def events_among(ids: list[str]) -> set[str]:
        read.update((f.id, f) for f in store.get_facts(group_id, [i for i in dict.fromkeys(ids) if i not in read]))
        return {i for i in ids if i in read and read[i].predicate in scope.events}

    signals, speakers = entry_lists(store, group_id, query, index=index, fetch=o.fetch,
                                    min_similarity=o.min_similarity, tuning=tune, speakers_of=speakers_of,
                                    apart=events_among if scope.events else None)
    rel = {key: sum(w[s] * v for s, v in sig.items()) for key, sig in signals.items()}
    check("search")
    top = w["dense"] + w["fulltext"]

    wanted = [i for kind, i in rel if kind == "fact"]
    read.update((f.id, f) for f in store.get_facts(group_id, [i for i in wanted if i not in read]))
    facts = {i: read[i] for i in wanted if i in read and scope.fact_ok(read[i])}
    fact_rel = {i: rel[("fact", i)] for i in facts}
    entity_rel = {i: r / top for (kind, i), r in rel.items() if kind == "entity"}
    for i in sorted(fact_rel, key=lambda i: (-fact_rel[i], i))[:entry_points]:  # whom the best facts are about
        e = facts[i].subject_id
        entity_rel[e] = max(entity_rel.get(e, 0.0), 0.5 * fact_rel[i] / top)
    entry = dict(sorted(entity_rel.items(), key=lambda kv: (-kv[1], kv[0]))[:entry_points])
    if entry and o.depth > 0 and "fact" in kinds and w["graph"]:
        best_own = max((r for (kind, _), r in rel.items() if kind != "entity"), default=0.0) or 1.0
        for f, hop in traverse(store, group_id, entry, instant=scope.instant if window is None else None,
                               known_at=known_at, ok=scope.fact_ok, depth=o.depth, relevance=dict(fact_rel)):
            facts.setdefault(f.id, f)
            reach = max((entry[e] for e in (f.subject_id, f.object_id) if e in entry), default=max(entry.values()))
            credit = reach_credit(reach, own=rel.get(("fact", f.id), 0.0), best=best_own, hop=hop, gate=tune.reach_gate)
            fact_rel[f.id] = fact_rel.get(f.id, 0.0) + w["graph"] * credit

    check("search")
    turn_rel = {i: r for (kind, i), r in rel.items() if kind == "turn"}
    if entry and w["mentions"]:
        for rank, tid in enumerate(store.turns_mentioning(group_id, list(entry), limit=o.fetch)):
            turn_rel[tid] = turn_rel.get(tid, 0.0) + w["mentions"] * rank_value(rank, tune.rrf_k) * max(entry.values())
    best = max(fact_rel.values(), default=0.0)
    if w["evidence"] and best > 0:
        for i, r in fact_rel.items():
            for s in facts[i].sources:
                if s.turn_id:
                    turn_rel[s.turn_id] = turn_rel.get(s.turn_id, 0.0) + w["evidence"] * r / best
    if "turn" in kinds:
        missing = [i for i in turn_rel if i not in turns]
        turns.update((i, t) for i, t in store.get_turns(group_id, missing).items() if scope.turn_ok(t))
        turns = {i: t for i, t in turns.items() if i in turn_rel}
        conversation_signals(store, group_id, turns, turn_rel, speakers=speakers, ok=scope.turn_ok, tuning=tune)
    else:
        turns = {}

    check("search")
    focus = slot_focus(store, group_id, query, rel, entry, scope, entry_points=entry_points)
    if "fact" in kinds:
        for f in focus.slot_facts + [g for g in focus.stale.values() if scope.fact_ok(g)]:
            facts.setdefault(f.id, f)
            fact_rel.setdefault(f.id, 0.0)
    if "turn" in kinds:
        stating = [s.turn_id for f in focus.stale.values() for s in f.sources if s.turn_id and s.turn_id not in turns]
        for tid, said in store.get_turns(group_id, stating).items():
            if scope.turn_ok(said):
                turns[tid], turn_rel[tid] = said, turn_rel.get(tid, 0.0)

    check("search")
    rates = {**DEFAULT_DECAY, **(o.decay or {})}
    ref = scope.reference
    pool: list[tuple[tuple[str, str], float, str]] = []
    if "fact" in kinds:
        for i, f in _without_mirrors(store, facts, fact_rel).items():
            age = (ref - f.valid_from).total_seconds() / 86_400 if f.valid_from is not None else 0.0
            # an uncertain extraction (an open fact, a guess) ranks below a sure one of the same relevance
            pool.append((("fact", i), fact_rel[i] * f.confidence * decay_factor(f.predicate, age, rates), f.statement))
    for i, t in turns.items():
        factor = decay_factor("turn", (ref - t.at).total_seconds() / 86_400, rates)
        if window is not None and t.at >= shifted(window.end, PLAN_GRACE):
            factor *= _OUTSIDE_WINDOW
        pool.append((("turn", i), turn_rel[i] * factor, t.text))
    pool = focus.reorder(pool, diversity=diversity)
    pool.sort(key=lambda item: (-item[1], item[0]))
    origins = {("fact", i): frozenset(s.turn_id for s in f.sources if s.turn_id) for i, f in facts.items()}
    origins.update({("turn", i): frozenset((i,)) for i in turns})
    check("search")
    picked = mmr(pool[: max(3 * k, k + 20)], k=k, diversity=diversity, origins=origins)
    shown = {i: turns[i] for (kind, i), _ in picked if kind == "turn"}
    outdated = focus.outdated(shown)
    ended = focus.ended_of(shown, outdated)
    return _results(store, group_id, picked, facts, turns, now=now, stale=focus.stale, outdated=outdated,
                    ended=ended, corrected=focus.corrected_of(shown, outdated, ended))


def _without_mirrors(store: GraphStore, facts: Mapping[str, Fact], rel: Mapping[str, float]) -> dict[str, Fact]:
    """Symmetric facts are stored in both directions ("Ana is married to Bo", "Bo is married to
    Ana"): keep the more relevant of each pair."""
    out: dict[str, Fact] = {}
    seen: set[tuple] = set()
    for i in sorted(facts, key=lambda i: (-rel[i], i)):
        f = facts[i]
        if f.predicate in store.vocabulary and store.vocabulary[f.predicate].symmetric:
            key = (f.predicate, frozenset((f.subject_id, f.object_id)), f.valid_from, f.valid_to)
            if key in seen:
                continue
            seen.add(key)
        out[i] = f
    return out


def _results(store: GraphStore, group_id: str, picked: Sequence[tuple[tuple[str, str], float]],
             facts: Mapping[str, Fact], turns: Mapping[str, TurnRecord], *, now: datetime,
             stale: Mapping[str, Fact], outdated: Mapping[str, Fact], ended: Mapping[str, Fact],
             corrected: Mapping[str, Fact]) -> list[SearchResult]:
    chosen = [facts[i] for (kind, i), _ in picked if kind == "fact"]
    records = {r.id: r for r in to_records(store, group_id, chosen, now=now)}
    out = []
    for (kind, i), score in picked:
        if kind == "fact":
            r = records[i]
            out.append(SearchResult(
                kind="fact", id=i, text=r.statement, score=score, sources=list(r.sources), subject=r.subject,
                subject_id=r.subject_id, predicate=r.predicate, object=r.object, object_id=r.object_id,
                valid_from=r.valid_from, valid_to=r.valid_to, recorded_at=r.recorded_at, expired_at=r.expired_at,
                status=r.status))
        else:
            t = turns[i]
            spoken = main_time(t)
            out.append(SearchResult(kind="turn", id=i, text=t.text, score=score,
                                    sources=[Source(session_id=t.session_id, turn_id=t.id)],
                                    speaker=t.speaker, session_id=t.session_id, at=t.at,
                                    valid_from=None if spoken is None else spoken.span.start_at(),
                                    valid_to=None if spoken is None else spoken.span.end_at(),
                                    time_phrase=None if spoken is None else spoken.phrase,
                                    status=_turn_status(i, stale, ended, corrected),
                                    superseded_by=superseded_by(outdated[i]) if i in outdated else (
                                        superseded_by(corrected[i], corrected=True) if i in corrected else None),
                                    ended=ended_at(ended[i]) if i in ended else None))
    return out


def _turn_status(turn_id: str, stale: Mapping[str, Fact], ended: Mapping[str, Fact],
                 corrected: Mapping[str, Fact]) -> Status | None:
    """A turn's status: superseded, ended or retracted (corrected) when what it said no longer holds."""
    if turn_id in stale:
        return "superseded"
    if turn_id in ended:
        return "ended"
    return "retracted" if turn_id in corrected else None
