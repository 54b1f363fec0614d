"""The slot a search is about, and the ranking rules that follow from it.

A question that names an entity and implies a predicate ("where does Alice work") is about one
slot. :func:`focus` reads that slot's history (every version believed at ``known_at``) and
finds:

* the *slot facts*: the versions holding in the search's time scope; they rank first, unless
  the question asks why, when or how rather than for the value (:func:`~chronomem.query.slots.asks_for_value`);
* the *stale turns*: turns whose facts in the slot all ended before the reference time while a
  newer value holds (see :mod:`chronomem.query.slots`). A stale turn ranks below the fact that
  holds instead and below the turn that states it, and carries ``superseded_by``;
* the *outdated turns*, which keep their rank but carry ``superseded_by`` too: turns where only
  some of the slot's facts were replaced, and turns that name a replaced value of the slot
  (by the value's name) without naming what holds instead ("How do you like Berlin?").

Turns that sourced no fact of the slot and name none of its old values keep their rank, unmarked.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from chronomem.graph.base import GraphStore, TurnRecord
from chronomem.query.scope import Scope
from chronomem.query.slots import (
    anchor,
    asks_for_value,
    asks_history,
    cardinality,
    corrected_turns,
    ended_turns,
    first_person,
    implied_predicates,
    mentioned_predicates,
    stale_turns,
    supersessions,
)
from chronomem.schema.models import Fact, normalize_name

STALE_SHARE = 0.5  # a stale turn scores at most this share of what holds instead (minus the MMR diversity)
_WORD = re.compile(r"\w+")

PoolItem = tuple[tuple[str, str], float, str]


@dataclass(frozen=True)
class Focus:
    """What a search found out about the slot it is asked about (see the module docstring)."""

    slot_facts: list[Fact] = field(default_factory=list)
    lift: bool = True  # slot facts first (not when the question asks why, when or how)
    stale: dict[str, Fact] = field(default_factory=dict)  # turn id -> the fact holding instead
    partly: dict[str, Fact] = field(default_factory=dict)  # turn id -> a fact holding instead of some of its facts
    old_values: list[tuple[re.Pattern[str], re.Pattern[str], Fact]] = field(default_factory=list)
    ended: dict[str, Fact] = field(default_factory=dict)  # turn id -> the latest of its facts, all ended, none replaced
    newer_values: list[tuple[str, re.Pattern[str], re.Pattern[str], Fact]] = field(default_factory=list)
    corrected: dict[str, Fact] = field(default_factory=dict)  # turn id -> what is believed instead of all it said

    def corrected_of(self, turns: Mapping[str, TurnRecord], *marked: Mapping[str, Fact]) -> dict[str, Fact]:
        """The turns of ``turns`` (not already ``marked`` otherwise) whose every fact was corrected."""
        return {i: self.corrected[i] for i in turns if i in self.corrected and not any(i in m for m in marked)}

    def outdated(self, turns: Mapping[str, TurnRecord]) -> dict[str, Fact]:
        """Every turn of ``turns`` to mark with what holds instead: stale, partly stale, or naming
        a replaced value (and not its replacement)."""
        out = {i: self.stale.get(i) or self.partly[i] for i in turns if i in self.stale or i in self.partly}
        for i, t in turns.items():
            if i not in out:
                for old, new, holder in self.old_values:
                    if old.search(t.text) and not new.search(t.text):
                        out[i] = holder
                        break
        for i, t in turns.items():
            if i not in out:
                for who, named, value, holder in self.newer_values:
                    if _told_before(t, who, named, value, holder):
                        out[i] = holder
                        break
        return out

    def ended_of(self, turns: Mapping[str, TurnRecord], outdated: Mapping[str, Fact]) -> dict[str, Fact]:
        """The turns of ``turns`` (not already ``outdated``) whose facts in the slot all ended, with
        nothing known to hold instead: they keep their rank and say when it stopped holding."""
        return {i: self.ended[i] for i in turns if i in self.ended and i not in outdated}

    def reorder(self, pool: Sequence[PoolItem], *, diversity: float) -> list[PoolItem]:
        """The pool with slot facts lifted above everything else (when ``lift``), each fact holding instead of a
        stale turn (and the turns stating it) at least as relevant as that turn, and stale turns
        below them by a margin MMR's diversity penalty cannot undo."""
        if not pool or not (self.slot_facts or self.stale):
            return list(pool)
        value = {key: v for key, v, _ in pool}
        top = max(value.values()) or 1.0
        lift = slot_lift(top, diversity)
        for f in self.slot_facts if self.lift else ():
            if ("fact", f.id) in value:
                value[("fact", f.id)] += lift
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


def _told_before(t: TurnRecord, who: str, named: re.Pattern[str], value: re.Pattern[str], holder: Fact) -> bool:
    """Whether turn ``t`` spoke about ``holder``'s slot (a cue of its predicate; said by its
    entity ``who`` in the first person, or naming it) before ``holder``'s value began, without naming that value:
    what it said about the slot was replaced since, even when no fact came of it ("I got
    promoted to data scientist" before a later role)."""
    return (holder.valid_from is not None and t.at < holder.valid_from
            and holder.predicate in mentioned_predicates(t.text)
            and ((normalize_name(t.speaker) == who and first_person(t.text)) or bool(named.search(t.text)))
            and not value.search(t.text))


def slot_lift(top: float, diversity: float) -> float:
    """What a slot fact gets added to its relevance so that it stays above every other item of a
    pool whose best value is ``top``, even after MMR's largest diversity penalty (``diversity``
    times the best value, when it shares a source turn with a fact picked before it): with the
    lift L, a slot fact is worth at least L of at most L + top, the rest at most top, so
    ``L / (L + top) − diversity > top / (L + top)`` holds for ``L > top (1 + d) / (1 − d)``.

    >>> round(slot_lift(1.0, 0.3), 3), slot_lift(2.0, 0.0)
    (1.957, 2.2)
    """
    return top * ((1.0 + diversity) / (1.0 - diversity) + 0.1) if diversity < 1.0 else 3.0 * top


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


def _asker(store: GraphStore, group_id: str, rel: Mapping[tuple[str, str], float], *, top: int = 50) -> list[str]:
    """The entity of the person asking a first-person question: the speaker of the first-person
    turns that match it best, whenever said (relevance summed per speaker), that is also an
    entity. Only turns in the first person count: "I" in the question is whoever says "I" or
    "my" about the same thing, not whoever answered ("That's a tough one"); a speaker's same
    sentence said again counts once ("My manager is Kevin." three times is one statement)."""
    ranked = sorted(((i, v) for (kind, i), v in rel.items() if kind == "turn"), key=lambda kv: (-kv[1], kv[0]))[:top]
    said = store.get_turns(group_id, [i for i, _ in ranked])
    weight: dict[str, float] = {}
    counted: set[tuple[str, str]] = set()  # a sentence said again is no further evidence of who is asking
    for i, v in ranked:
        if i in said and first_person(said[i].text):
            key = (said[i].speaker, " ".join(normalize_name(said[i].text).split()))
            if key not in counted:
                counted.add(key)
                weight[said[i].speaker] = weight.get(said[i].speaker, 0.0) + v
    for speaker in sorted(weight, key=lambda s: (-weight[s], s)):
        found = store.find_entities(group_id, speaker)
        if found:
            return [found[0].id]
    return []


def history(store: GraphStore, group_id: str, entities: Sequence[str], predicates: Collection[str],
            scope: Scope) -> list[Fact]:
    """Every version of the entities' facts (of ``predicates`` when given) believed at the
    scope's ``known_at``, whatever their valid time, with the whole slot of each: a question
    naming a value ("Toronto") reads the holder's other values too, so that what replaced it
    is known and the turn telling the move is not taken for one about a value that ended."""
    if not predicates:
        found = store.facts_of(group_id, entities, known_at=scope.known_at)
    else:
        found = [f for p in sorted(predicates) for f in store.facts_of(group_id, entities, predicate=p,
                                                                        known_at=scope.known_at)]
    return found + _rest_of_slots(store, group_id, found, set(entities), scope, seen={f.id for f in found})


def _rest_of_slots(store: GraphStore, group_id: str, facts: Sequence[Fact], read: Collection[str], scope: Scope, *,
                   seen: Collection[str]) -> list[Fact]:
    """The versions believed at the scope's ``known_at`` of the slots of ``facts`` whose holder is
    not among the entities already ``read`` (and not ``seen``)."""
    others: dict[str, set[str]] = {}  # predicate -> anchors of slots read only in part
    for f in facts:
        holder = anchor(store.vocabulary, f)
        if holder not in read:
            others.setdefault(f.predicate, set()).add(holder)
    out: list[Fact] = []
    taken = set(seen)
    for p in sorted(others):
        for f in store.facts_of(group_id, sorted(others[p]), predicate=p, known_at=scope.known_at):
            if f.id not in taken and anchor(store.vocabulary, f) in others[p]:
                taken.add(f.id)
                out.append(f)
    return out


def focus(store: GraphStore, group_id: str, question: str, rel: Mapping[tuple[str, str], float],
          entry: Mapping[str, float], scope: Scope, *, entry_points: int) -> Focus:
    """The :class:`Focus` of a search: ``rel`` holds the entry lists' relevance (entities and
    turns among them), ``entry`` the entry entities of the traversal."""
    ranked = sorted(((i, v) for (kind, i), v in rel.items() if kind == "entity"), key=lambda kv: (-kv[1], kv[0]))
    named = _named(store, group_id, question, [i for i, _ in ranked[:entry_points]])
    if not named and first_person(question):
        named = _asker(store, group_id, rel)
    entities = named or list(entry)
    if not entities:
        return Focus()
    predicates = implied_predicates(question)
    past = history(store, group_id, entities, predicates, scope)
    replaced = supersessions(past, at=scope.reference, vocabulary=store.vocabulary)
    stale, partly = stale_turns(past, replaced, predicates=predicates)
    if asks_history(question):  # the old episodes are what is asked about: mark them, keep their rank
        stale, partly = {}, {**partly, **stale}
    slot_facts = [f for f in past if predicates and named and anchor(store.vocabulary, f) in named and scope.fact_ok(f)]
    return Focus(slot_facts=slot_facts, lift=asks_for_value(question), stale=stale, partly=partly,
                 old_values=_old_values(store, group_id, [f for f in past if f.id in replaced], replaced),
                 ended=ended_turns(past, replaced, at=scope.reference, predicates=predicates),
                 newer_values=_newer_values(store, group_id, slot_facts),
                 corrected=_corrected(store, group_id, entities, past, scope, predicates))


def _corrected(store: GraphStore, group_id: str, entities: Sequence[str], past: Sequence[Fact], scope: Scope,
               predicates: frozenset[str]) -> dict[str, Fact]:
    """The turns whose every fact was corrected (:func:`~chronomem.query.slots.corrected_turns`)."""
    withdrawn = _withdrawn(store, group_id, entities, scope)
    if not withdrawn:
        return {}
    believed = [*past, *_rest_of_slots(store, group_id, withdrawn, set(entities), scope, seen={f.id for f in past})]
    return corrected_turns(withdrawn, believed, vocabulary=store.vocabulary, predicates=predicates)


def _withdrawn(store: GraphStore, group_id: str, entities: Sequence[str], scope: Scope) -> list[Fact]:
    """The entities' versions no longer believed at the scope's ``known_at`` (default now)."""
    known = scope.known_at or scope.now
    return [f for f in store.facts_of(group_id, entities, include_expired=True)
            if f.expired_at is not None and f.expired_at <= known]


def _value(store: GraphStore, f: Fact) -> str:
    """The entity that is a fact's value: the object, or the holder for ``one_per_object``."""
    return f.subject_id if anchor(store.vocabulary, f) == f.object_id else f.object_id


def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)", re.IGNORECASE)


def _old_values(store: GraphStore, group_id: str, old: Sequence[Fact],
                replaced: Mapping[str, Fact]) -> list[tuple[re.Pattern[str], re.Pattern[str], Fact]]:
    """``(old value's name, new value's name, fact holding instead)`` of every replaced version."""
    if not old:
        return []
    names = store.get_entities(group_id, [_value(store, f) for f in old] + [_value(store, replaced[f.id]) for f in old])
    out = []
    for f in old:
        was, now = names.get(_value(store, f)), names.get(_value(store, replaced[f.id]))
        if was is not None and now is not None:
            out.append((_name_pattern(was.name), _name_pattern(now.name), replaced[f.id]))
    return out


def _newer_values(store: GraphStore, group_id: str,
                  slot_facts: Sequence[Fact]) -> list[tuple[str, re.Pattern[str], re.Pattern[str], Fact]]:
    """``(entity's normal name, entity's name, value's name, fact)`` of each slot fact of a
    predicate with one value at a time (a turn about a ``many`` slot, tools or pets, may be
    about another value that still holds)."""
    one = [f for f in slot_facts if cardinality(store.vocabulary, f.predicate) != "many"]
    if not one:
        return []
    names = store.get_entities(group_id, [anchor(store.vocabulary, f) for f in one] + [_value(store, f) for f in one])
    out = []
    for f in one:
        who, value = names.get(anchor(store.vocabulary, f)), names.get(_value(store, f))
        if who is not None and value is not None:
            out.append((normalize_name(who.name), _name_pattern(who.name), _name_pattern(value.name), f))
    return out
