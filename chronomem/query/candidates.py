"""Where search candidates come from, and the conversational signals on turns.

* :func:`entry_lists`: the dense (HNSW) and full-text rankings. Facts and turns are ranked
  *together* (by cosine, and by BM25 score), so that a kind with few items does not get
  top-rank credit for weak matches; entities are ranked on their own (they are entry points
  for traversal, never results).
* :func:`traverse`: facts 1–2 hops from the entry entities, the time filter on every hop.
* :func:`conversation_signals`: a turn spoken by the person the query names is favoured
  (and that name is not matched as a word of their turns: people rarely say their own
  name); a question turn counts for less (it asks, it does not tell), and the turn that
  answers a relevant question inherits part of its relevance.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.graph.base import CountsFacts, GraphStore, TurnRecord
from chronomem.query.rerank import rrf
from chronomem.schema.models import Fact

if TYPE_CHECKING:
    from chronomem.graph.side_index import SideIndex

_WORDS = re.compile(r"\w+")
#: An entity with more fact versions than this is a hub: a search's walk does not go on through it.
HUB_FACTS = 500
_FUNCTION_WORDS = frozenset("""a an and are at be been being can could did do does for from had has have how i in
 is it its me my of on or our shall should so that the their them there they this to was we were what when where which
 who whom whose why will with would you your any some about into than then also ever""".split())


@dataclass(frozen=True)
class Tuning:
    """Knobs of the ranking (defaults tuned on LoCoMo's development conversations, see bench/).

    Attributes:
        rrf_k: the ``k`` of reciprocal rank fusion (smaller: the first ranks count more).
        speaker_boost: relevance × (1 + this) for turns spoken by someone the query names.
        question_factor: relevance × this for turns that ask a question.
        answer_share: the turn after a relevant question gets this share of its relevance.
        answered_questions: how many of the best question turns pass relevance on.
        reach_gate: how much a reached fact's traversal credit depends on its own match with
            the query (:func:`~chronomem.query.rerank.reach_credit`; 0: not at all).
        importance: how much a hit's effective importance (scored when written, corrected by
            feedback, fading unused) weighs: score × (1 − this + this · importance)
            (:mod:`chronomem.query.importance`; 0: not at all). Small: on LoCoMo every weight
            lowers evidence recall@10 a little (0.05: 0.3 points, 0.2: 1 point), relevance knows better.
        use_boost: a hit confirmed useful by feedback just now scores × (1 + this), fading as the
            use gets older (0: feedback only moves importance).
    """

    rrf_k: int = 10
    speaker_boost: float = 0.5
    question_factor: float = 0.8
    answer_share: float = 0.6
    answered_questions: int = 10
    reach_gate: float = 1.0
    importance: float = 0.05
    use_boost: float = 0.5


def words(text: str) -> list[str]:
    return _WORDS.findall(text)


def content_words(text: str) -> str:
    """``text`` without question and function words: what full text should match on.

    >>> content_words("What did Caroline research?")
    'Caroline research'
    """
    kept = [w for w in words(text) if w.lower() not in _FUNCTION_WORDS]
    return " ".join(kept) if kept else text


Signals = dict[tuple[str, str], dict[str, float]]  # (kind, id) -> signal -> value


def entry_lists(store: GraphStore, group_id: str, query: str, *, index: SideIndex | None, fetch: int,
                min_similarity: float, tuning: Tuning,
                speakers_of: Callable[[list[str]], set[str]],
                apart: Callable[[list[str]], set[str]] | None = None) -> tuple[Signals, set[str]]:
    """RRF values of every candidate in the dense and full-text rankings, and the speakers the
    query names.

    ``apart`` names, among the fact hits, facts ranked in a list of their own (events: each
    retells a turn, so in the joint ranking it would push the turns down, its own among them).

    The query is embedded and looked up in HNSW on a helper thread while the full-text queries
    run. Turns are matched without the names of the speakers the query names (people rarely
    say their own name); the speakers are those the index has seen, or without an index those
    of a first full-text pass (``speakers_of`` gives the speakers of candidate turn ids).
    """
    text = content_words(query)
    pending = _pool().submit(_dense, index, query, 2 * fetch, min_similarity) if index is not None else None
    fts = {kind: store.fulltext(group_id, text, kind=kind, limit=fetch) for kind in ("fact", "entity")}  # type: ignore[arg-type]
    if index is not None:
        named = named_speakers(query, index.known_speakers())
        turn_text = without_names(query, named) if named else text
        fts["turn"] = store.fulltext(group_id, turn_text, kind="turn", limit=fetch) if turn_text else []
    else:
        fts["turn"] = store.fulltext(group_id, text, kind="turn", limit=fetch)
        named = named_speakers(query, speakers_of([i for i, _ in fts["turn"]]))
        if named:
            turn_text = without_names(query, named)
            fts["turn"] = store.fulltext(group_id, turn_text, kind="turn", limit=fetch) if turn_text else []
    dense = pending.result() if pending is not None else {"fact": [], "entity": [], "turn": []}
    signals: Signals = {}
    own = apart([i for hits in (dense["fact"], fts["fact"]) for i, _ in hits]) if apart is not None else set()
    rankings = {
        "dense": (_joint(dense, own), [("entity", i) for i, _ in dense["entity"]],
                  [("fact", i) for i, _ in dense["fact"] if i in own]),
        "fulltext": (_joint(fts, own), [("entity", i) for i, _ in fts["entity"]],
                     [("fact", i) for i, _ in fts["fact"] if i in own]),
    }
    for signal, lists in rankings.items():
        for ranking in lists:
            for key, value in rrf([ranking], k=tuning.rrf_k).items():
                signals.setdefault(key, {})[signal] = value
    return signals, named


def _dense(index: SideIndex, query: str, k: int, min_similarity: float) -> dict[str, list[tuple[str, float]]]:
    index.ensure_fresh()
    return {kind: [(i, s) for i, s in hits if s >= min_similarity] for kind, hits in index.nearest(query, k=k).items()}


_POOL: tuple[int, ThreadPoolExecutor] | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """Helper threads for the dense half of searches (numpy and hnswlib release the GIL);
    made again in a forked child, where the parent's threads do not exist."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL[0] != os.getpid():
            _POOL = (os.getpid(), ThreadPoolExecutor(max_workers=2, thread_name_prefix="chronomem-search"))
        return _POOL[1]


def _joint(hits: Mapping[str, Sequence[tuple[str, float]]], apart: Collection[str] = frozenset()) -> list[tuple[str, str]]:
    """Facts and turns in one ranking by score (higher first; ties: facts first, then id); facts in
    ``apart`` are left out (they are ranked on their own)."""
    both = [(kind, i, score) for kind in ("fact", "turn") for i, score in hits[kind]
            if not (kind == "fact" and i in apart)]
    both.sort(key=lambda x: (-x[2], x[0], x[1]))
    return [(kind, i) for kind, i, _ in both]


def traverse(store: GraphStore, group_id: str, entry: Mapping[str, float], *, instant: datetime | None,
             known_at: datetime | None, ok: Callable[[Fact], bool], depth: int, relevance: Mapping[str, float],
             per_hop: int = 50, expand: int = 2, hub_facts: int = HUB_FACTS) -> list[tuple[Fact, int]]:
    """Facts one hop from the entry entities, then (``depth`` 2) one more hop from at most
    ``expand`` entities reached through the hop-1 facts most relevant to the query on their own
    (``relevance``): the walk follows what the question is about instead of fanning out from
    every neighbour. ``ok`` (the search's time filter) applies on every hop, so a fact outside
    it is never crossed. Each hop is one ``neighbourhood(depth=1, limit=per_hop)`` call, so a hub
    costs no more than ``per_hop`` facts on stores that cut in the query. The second hop does not
    start from a hub (an entity with more than ``hub_facts`` fact versions: a city, a tool half the
    group uses): its neighbours say little about the question, and finding its first facts in time
    order reads all of them on a store that cannot cut in an index (Neo4j)."""

    def hop(ids: list[str]) -> list[Fact]:
        # without an instant (a window), fetch more: the window filter is applied here
        limit = per_hop if instant is not None else 4 * per_hop
        found = store.neighbourhood(group_id, ids, depth=1, as_of=instant, known_at=known_at, limit=limit)
        return [f for f in found if ok(f)][:per_hop]

    first = hop(list(entry))
    out = [(f, 1) for f in first]
    if depth < 2:
        return out
    frontier: list[str] = []
    for f in sorted((f for f in first if f.id in relevance), key=lambda f: (-relevance[f.id], f.id)):
        frontier += [e for e in (f.subject_id, f.object_id) if e not in entry and e not in frontier]
    if frontier and isinstance(store, CountsFacts):
        counts = store.fact_counts(group_id, frontier)
        frontier = [e for e in frontier if counts.get(e, 0) <= hub_facts]
    if frontier:
        seen = {f.id for f in first}
        out += [(f, 2) for f in hop(frontier[:expand]) if f.id not in seen]
    return out


def named_speakers(query: str, speakers: set[str]) -> set[str]:
    """The ``speakers`` whose every name word appears in the query.

    >>> sorted(named_speakers("What did Ana Lima say?", {"Ana Lima", "Bo"})), named_speakers("What did Ana say?", {"Ana Lima"})
    (['Ana Lima'], set())
    """
    qwords = {w.lower() for w in words(query)}
    out = set()
    for speaker in speakers:
        name = {w.lower() for w in words(speaker)}
        if name and name <= qwords:
            out.add(speaker)
    return out


def without_names(query: str, names: set[str]) -> str:
    """The query's content words without the given names (``""`` when nothing is left).

    >>> without_names("What did Ana research?", {"Ana"})
    'research'
    """
    drop = {w.lower() for n in names for w in words(n)}
    kept = [w for w in words(content_words(query)) if w.lower() not in drop and w.lower() not in _FUNCTION_WORDS]
    return " ".join(kept)


def is_question(text: str) -> bool:
    """True for a turn that asks something (it contains a question mark)."""
    return "?" in text


def conversation_signals(store: GraphStore, group_id: str, turns: dict[str, TurnRecord], rel: dict[str, float], *,
                         speakers: set[str], ok: Callable[[TurnRecord], bool], tuning: Tuning) -> None:
    """Apply the speaker, question and answer signals to ``rel`` in place (``turns`` gains the
    answering turns it did not hold)."""
    for i, t in turns.items():
        if t.speaker in speakers:
            rel[i] *= 1.0 + tuning.speaker_boost
        if is_question(t.text):
            rel[i] *= tuning.question_factor
    if not tuning.answer_share or not tuning.answered_questions:
        return
    base = dict(rel)
    asked = sorted((i for i, t in turns.items() if is_question(t.text)), key=lambda i: (-base[i], i))
    sessions: dict[str, dict[int, TurnRecord]] = {}
    for i in asked[: tuning.answered_questions]:
        t = turns[i]
        if t.session_id not in sessions:
            sessions[t.session_id] = {u.seq: u for u in store.turns_of(group_id, t.session_id)}
        answer = sessions[t.session_id].get(t.seq + 1)
        if answer is not None and ok(answer):
            turns.setdefault(answer.id, answer)
            rel[answer.id] = rel.get(answer.id, 0.0) + tuning.answer_share * base[i]
