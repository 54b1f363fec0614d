"""Consolidation: near-duplicate open facts and turns of a group merge into one, the others its sources.

* **Open facts** (``RELATED_TO``, the relation phrase a qualifier) of the same subject and relation
  whose statements embed close ("Ana volunteers at the shelter" / "Ana volunteers at the animal
  shelter"): the earliest is kept and restated with the others' sources (a claim in its slot,
  through the ordinary write path); the others are retracted. Both are transaction-time events:
  a ``known_at`` before the consolidation still shows every fact as it was.
* **Turns** of the same speaker that say the same thing (the same words, or near: embedding
  similarity over a word-overlap first pass): the earliest is kept; the others are evicted
  (:meth:`~chronomem.graph.lifecycle.LifecycleStore.evict_turns`) and recorded as merged into it, so
  a hit on the kept turn lists them as its sources.

The thresholds are data (``chronomem/data/consolidation.json``); without an embedder only identical
texts merge.

>>> normal_text("Haha, SAME!!  ") == normal_text("haha same")
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from chronomem.graph.base import GraphStore, TurnRecord, WriteBatch
from chronomem.graph.evictor import retention_audit
from chronomem.graph.lifecycle import EvictionReport, LifecycleStore
from chronomem.graph.retraction import retract
from chronomem.schema.models import Claim, Fact

Embed = Callable[[Sequence[str]], Any]  # texts -> rows of vectors (an embedder's ``embed``)
OPEN_PREDICATE = "RELATED_TO"
_WORD = re.compile(r"\w+")


class Thresholds(BaseModel):
    """``chronomem/data/consolidation.json``, validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fact_similarity: float = Field(gt=0, le=1)
    turn_similarity: float = Field(gt=0, le=1)
    turn_min_words: int = Field(ge=1)
    prefilter: float = Field(ge=0, le=1)


@lru_cache(maxsize=1)
def thresholds() -> Thresholds:
    """The thresholds shipped in ``chronomem/data/consolidation.json``."""
    text = resources.files("chronomem.data").joinpath("consolidation.json").read_text(encoding="utf-8")
    return Thresholds.model_validate({k: v for k, v in json.loads(text).items() if not k.startswith("_")})


def normal_text(text: str) -> str:
    """``text`` in lower case, its words only."""
    return " ".join(_WORD.findall(text.lower()))


def _similar(texts: Sequence[str], embed: Embed | None) -> Callable[[int, int], float]:
    """Cosine similarity of two of ``texts`` by index (1 or 0 on identical normal text without ``embed``)."""
    if embed is None:
        norm = [normal_text(t) for t in texts]
        return lambda a, b: 1.0 if norm[a] == norm[b] else 0.0
    import numpy as np

    rows = np.asarray(embed(list(texts)), dtype=np.float32)
    rows = rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
    return lambda a, b: float(rows[a] @ rows[b])


def _clusters(count: int, same: Callable[[int, int], bool]) -> list[tuple[int, list[int]]]:
    """Greedy clusters of ``range(count)`` (in that order): each item joins the first kept one it is
    the same as, else is kept; ``(kept, [merged])`` for the kept items that absorbed any."""
    kept: dict[int, list[int]] = {}
    for i in range(count):
        home = next((k for k in kept if same(k, i)), None)
        if home is None:
            kept[i] = []
        else:
            kept[home].append(i)
    return [(k, merged) for k, merged in kept.items() if merged]


def duplicate_facts(facts: Sequence[Fact], *, embed: Embed | None, threshold: float) -> list[tuple[Fact, list[Fact]]]:
    """Current open facts that say the same thing about the same subject with the same relation:
    ``(kept, [merged])``, the kept one the earliest (by start, then recording, then id)."""
    groups: dict[tuple[str, str], list[Fact]] = {}
    for f in facts:
        if f.predicate == OPEN_PREDICATE and f.expired_at is None:
            groups.setdefault((f.subject_id, f.qualifiers.get("relation", "")), []).append(f)
    out = []
    for members in groups.values():
        if len(members) < 2:
            continue
        members.sort(key=lambda f: (f.valid_from is not None, f.valid_from or f.recorded_at, f.recorded_at, f.id))
        sim = _similar([f.statement for f in members], embed)
        out += [(members[k], [members[i] for i in merged])
                for k, merged in _clusters(len(members), lambda a, b: sim(a, b) >= threshold)]
    return out


def duplicate_turns(turns: Sequence[TurnRecord], *, embed: Embed | None, limits: Thresholds
                    ) -> list[tuple[TurnRecord, list[TurnRecord]]]:
    """Turns of one speaker that say the same thing: ``(kept, [merged])``, the kept one the earliest.

    Identical texts (:func:`normal_text`) are one at once; near ones are looked for among the texts
    that share one of their two rarest words (linear in the turns, not quadratic), kept when their
    words overlap at least ``prefilter`` and they embed at least ``turn_similarity`` apart."""
    by_speaker: dict[str, dict[str, list[TurnRecord]]] = {}
    for t in turns:
        text = normal_text(t.text)
        if len(text.split()) >= limits.turn_min_words:
            by_speaker.setdefault(t.speaker, {}).setdefault(text, []).append(t)
    out = []
    for same_text in by_speaker.values():
        texts = sorted(same_text, key=lambda x: min((t.at, t.seq, t.id) for t in same_text[x]))
        parent = list(range(len(texts)))  # union-find over distinct texts, the earliest text the root

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for a, b in _near_texts(texts, embed, limits):
            ra, rb = root(a), root(b)
            parent[max(ra, rb)] = min(ra, rb)
        clusters: dict[int, list[TurnRecord]] = {}
        for i, text in enumerate(texts):
            clusters.setdefault(root(i), []).extend(same_text[text])
        for members in clusters.values():
            members.sort(key=lambda t: (t.at, t.seq, t.id))
            if len(members) > 1:
                out.append((members[0], members[1:]))
    return out


def _near_texts(texts: Sequence[str], embed: Embed | None, limits: Thresholds) -> list[tuple[int, int]]:
    """Pairs of distinct ``texts`` (indices) near enough to be one; none without ``embed``."""
    if embed is None or len(texts) < 2:
        return []
    words = [set(t.split()) for t in texts]
    df: dict[str, int] = {}
    for ws in words:
        for w in ws:
            df[w] = df.get(w, 0) + 1
    buckets: dict[str, list[int]] = {}
    for i, ws in enumerate(words):
        for w in sorted(ws, key=lambda w: (df[w], w))[:2]:
            buckets.setdefault(w, []).append(i)
    pairs = {(a, b) for members in buckets.values() for n, a in enumerate(members) for b in members[n + 1:n + 51]
             if len(words[a] & words[b]) >= limits.prefilter * len(words[a] | words[b])}
    if not pairs:
        return []
    involved = sorted({i for pair in pairs for i in pair})
    at = {i: n for n, i in enumerate(involved)}
    sim = _similar([texts[i] for i in involved], embed)
    return sorted(pair for pair in pairs if sim(at[pair[0]], at[pair[1]]) >= limits.turn_similarity)


class ConsolidationReport(BaseModel):
    """What a consolidation merged (or would merge): facts and turns, counted by what went."""

    facts_merged: int = 0
    turns_merged: int = 0
    merged_fact_ids: list[str] = Field(default_factory=list)
    new_fact_ids: list[str] = Field(default_factory=list)
    eviction: EvictionReport | None = None  # the merged turns


@dataclass
class _Merge:
    facts: list[tuple[Fact, list[Fact]]] = field(default_factory=list)
    turns: list[tuple[TurnRecord, list[TurnRecord]]] = field(default_factory=list)


def consolidate(store: GraphStore, group_id: str, *, now: datetime, embed: Embed | None, dry_run: bool = False,
                by: str = "compact", limits: Thresholds | None = None) -> ConsolidationReport:
    """Merge the group's near-duplicate open facts and turns (see the module docstring)."""
    limits = limits or thresholds()
    plan = _Merge(duplicate_facts(list(store.iter_facts(group_id)), embed=embed, threshold=limits.fact_similarity),
                  duplicate_turns(list(store.iter_turns(group_id)), embed=embed, limits=limits))
    report = ConsolidationReport(facts_merged=sum(len(m) for _, m in plan.facts),
                                 turns_merged=sum(len(m) for _, m in plan.turns))
    if dry_run:
        return report
    for kept, merged in plan.facts:
        report.new_fact_ids += _restate(store, group_id, kept, merged, at=now)
        for f in merged:
            report.merged_fact_ids += retract(store, group_id, f.id, at=now).expired_fact_ids
    if plan.turns and isinstance(store, LifecycleStore):
        into = {t.id: kept.id for kept, merged in plan.turns for t in merged}
        report.eviction = store.evict_turns(group_id, sorted(into), audit=retention_audit(sorted(into), at=now, by=by),
                                            merged_into=into)
    return report


def _restate(store: GraphStore, group_id: str, kept: Fact, merged: Sequence[Fact], *, at: datetime) -> list[str]:
    """Restate ``kept`` with the sources of ``merged`` (the ordinary write path: a restatement adds sources)."""
    sources = list(dict.fromkeys(s for f in merged for s in f.sources if s not in kept.sources))
    if not sources:
        return []
    claim = Claim(group_id=group_id, subject_id=kept.subject_id, predicate=kept.predicate, object_id=kept.object_id,
                  qualifiers=kept.qualifiers, statement=kept.statement, at=kept.valid_from,
                  at_precision=kept.valid_from_precision, said_at=at, confidence=kept.confidence, sources=sources)
    entities = list(store.get_entities(group_id, [kept.subject_id, kept.object_id]).values())
    return store.write(WriteBatch(group_id, entities=entities, claims=[claim]), recorded_at=at).new_fact_ids
