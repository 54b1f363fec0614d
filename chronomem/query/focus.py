"""The slot a search is about, and the ranking rules that follow from it.

A question that names an entity and implies a predicate ("where does Alice work") is about one
slot. :func:`focus` reads that slot's history (every version believed at ``known_at``) and
finds:

* the *slot facts*: the versions holding in the search's time scope; they rank first;
* the *stale turns*: turns whose facts in the slot all ended before the reference time while a
  newer value holds (see :mod:`chronomem.query.slots`). A stale turn ranks below the fact that
  holds instead and below the turn that states it, and carries ``superseded_by``.

Turns that sourced no fact of the slot keep their rank.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chronomem.graph.base import GraphStore
from chronomem.query.slots import anchor, implied_predicates, stale_turns, supersessions
from chronomem.schema.models import Fact, normalize_name

if TYPE_CHECKING:
    from chronomem.query.search import Scope

STALE_SHARE = 0.5  # a stale turn scores at most this share of what holds instead (minus the MMR diversity)
_WORD = re.compile(r"\w+")

PoolItem = tuple[tuple[str, str], float, str]


@dataclass(frozen=True)
class Focus:
    """What a search found out about the slot it is asked about (see the module docstring)."""

    slot_facts: list[Fact] = field(default_factory=list)
    stale: dict[str, Fact] = field(default_factory=dict)  # turn id -> the fact holding instead

    def reorder(self, pool: Sequence[PoolItem], *, diversity: float) -> list[PoolItem]:
        """The pool with slot facts lifted above everything else, each fact holding instead of a
        stale turn (and the turns stating it) at least as relevant as that turn, and stale turns
        below them by a margin MMR's diversity penalty cannot undo."""
        if not pool or not (self.slot_facts or self.stale):
            return list(pool)
        value = {key: v for key, v, _ in pool}
        top = max(value.values()) or 1.0
        for f in self.slot_facts:
            if ("fact", f.id) in value:
                value[("fact", f.id)] += top
        orig = {t: value[("turn", t)] for t in self.stale if ("turn", t) in value}
        holders: dict[str, list[tuple[str, str]]] = {}
        for t, rel in orig.items():
            g = self.stale[t]
            keys = [("fact", g.id)] + [("turn", s.turn_id) for s in g.sources if s.turn_id]
            holders[t] = [key for key in keys if key in value and key[1] not in self.stale]
            for key in holders[t]:
                value[key] = max(value[key], rel)
        top = max(value.values()) or 1.0
        for t, rel in orig.items():
            floor = min((value[key] for key in holders[t]), default=rel)
            value[("turn", t)] = max(0.0, min(rel, STALE_SHARE * floor) - diversity * top)
        return [(key, value[key], text) for key, _, text in pool]


def _named(store: GraphStore, group_id: str, question: str, candidates: Sequence[str]) -> list[str]:
    """The candidate entities whose every name word appears in the question."""
    asked = set(_WORD.findall(normalize_name(question)))
    found = store.get_entities(group_id, list(candidates))
    out = []
    for e in candidates:
        words = set(_WORD.findall(normalize_name(found[e].name))) if e in found else set()
        if words and words <= asked:
            out.append(e)
    return out


def history(store: GraphStore, group_id: str, entities: Sequence[str], predicates: Collection[str],
            scope: Scope) -> list[Fact]:
    """Every version of the entities' facts (of ``predicates`` when given) believed at the
    scope's ``known_at``, whatever their valid time."""
    if not predicates:
        return store.facts_of(group_id, entities, known_at=scope.known_at)
    return [f for p in sorted(predicates) for f in store.facts_of(group_id, entities, predicate=p,
                                                                   known_at=scope.known_at)]


def focus(store: GraphStore, group_id: str, question: str, rel: Mapping[tuple[str, str], float],
          entry: Mapping[str, float], scope: Scope, *, entry_points: int) -> Focus:
    """The :class:`Focus` of a search: ``rel`` holds the entry lists' relevance (entities among
    them), ``entry`` the entry entities of the traversal."""
    ranked = sorted(((i, v) for (kind, i), v in rel.items() if kind == "entity"), key=lambda kv: (-kv[1], kv[0]))
    named = _named(store, group_id, question, [i for i, _ in ranked[:entry_points]])
    entities = named or list(entry)
    if not entities:
        return Focus()
    predicates = implied_predicates(question)
    past = history(store, group_id, entities, predicates, scope)
    replaced = supersessions(past, at=scope.reference, vocabulary=store.vocabulary)
    stale = stale_turns(past, replaced, predicates=predicates)
    slot_facts = [f for f in past if predicates and named and anchor(store.vocabulary, f) in named and scope.fact_ok(f)]
    return Focus(slot_facts=slot_facts, stale=stale)
