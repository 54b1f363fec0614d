"""The erasure algorithm, once for every store: what ``forget`` decides above, the backend below.

A store opens a transaction, wraps it in an :class:`EraseTransaction` (the write primitives of
:class:`~chronomem.graph.writer.WriteTransaction` plus a handful for finding and deleting rows)
and calls :func:`erase_entities` or :func:`erase_session`. What goes is decided here (see
:mod:`chronomem.graph.erasure` for the contract), never in a backend:

1. the *erased turns*: an entity's turns (those mentioning it or spoken by it), or a session's;
2. every fact version and claim naming an erased entity;
3. every fact version and claim citing an erased turn (or the erased session): it loses those
   sources, and goes when none is left;
4. the slots whose claims changed are derived again from what remains
   (:mod:`chronomem.graph.erasure_replan`), so no erased statement keeps shaping a version;
5. the turns and the session; then every entity that nothing uses any more among those the
   erased turns mentioned and the ends of the versions that lost all their sources;
6. the audit record.

A new kind of stored row that holds erased content (vectors stored with the data, say) is one
more deleting primitive here, called at the step where its owners go, and implemented by each store.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from chronomem.graph.codec import claim_from_json, claim_to_json, sources_from_json, sources_to_json
from chronomem.graph.erasure import Erasure, ErasureReport, counts, entity_needle, session_needle, unknown_session
from chronomem.graph.erasure_replan import replan_slots
from chronomem.graph.writer import WriteTransaction
from chronomem.schema.models import Entity, Source, normalize_name
from chronomem.schema.vocabulary import Vocabulary

#: ``(fact id, subject id, object id, sources JSON)`` of a stored fact version.
FactEnds = tuple[str, str, str, str]


class EraseTransaction(WriteTransaction, Protocol):
    """The primitives of one open erasure transaction on one group (all of them or none are kept)."""

    def group_entities(self, ids: Sequence[str]) -> list[Entity]:
        """The stored entities among ``ids`` that belong to this group."""
        ...

    def speakers(self) -> list[str]:
        """Every distinct speaker of the group's turns."""
        ...

    def turns_spoken_by(self, speakers: Sequence[str]) -> set[str]:
        """The ids of the turns spoken by one of ``speakers``."""
        ...

    def turns_mentioning(self, entity_ids: Sequence[str]) -> set[str]:
        """The ids of the turns that mention one of ``entity_ids``."""
        ...

    def session_turns(self, session_id: str) -> set[str] | None:
        """The ids of the session's turns; ``None`` when the group has no such session."""
        ...

    def mentioned_by(self, turn_ids: Sequence[str]) -> set[str]:
        """The entities the turns ``turn_ids`` mention."""
        ...

    def facts_touching(self, entity_ids: Sequence[str]) -> list[FactEnds]:
        """Every version (expired or not) whose subject or object is one of ``entity_ids``."""
        ...

    def facts_citing(self, needles: Sequence[str]) -> list[FactEnds]:
        """Every version whose sources JSON contains one of ``needles`` (a superset: callers check)."""
        ...

    def claims_containing(self, needles: Sequence[str]) -> list[tuple[str, str, str]]:
        """``(slot, claim id, claim JSON)`` of every claim whose JSON contains one of ``needles``."""
        ...

    def set_fact_sources(self, rows: Sequence[tuple[str, str]]) -> None:
        """Replace the sources JSON of the versions ``(fact id, sources JSON)``."""
        ...

    def delete_facts(self, ids: Sequence[str]) -> None:
        """Delete the fact versions ``ids`` (and their full-text rows)."""
        ...

    def delete_claims(self, rows: Sequence[tuple[str, str]]) -> None:
        """Delete the claims ``(slot, claim id)``."""
        ...

    def delete_turns(self, ids: Sequence[str]) -> None:
        """Delete the turns ``ids``: text, full-text rows, mentions."""
        ...

    def delete_session(self, session_id: str) -> None:
        """Delete the session's own record (its turns are deleted by :meth:`delete_turns`)."""
        ...

    def unused_entities(self, ids: Sequence[str]) -> set[str]:
        """The entities among ``ids`` that no fact version, claim or mention refers to any more."""
        ...

    def delete_entities(self, ids: Sequence[str]) -> None:
        """Delete the entities ``ids``: names, aliases, full-text rows."""
        ...

    def record_erasure(self, audit: Erasure) -> None:
        """Store the audit record, and clean up after the deletions (e.g. rewrite the full-text indexes)."""
        ...


@dataclass
class _Plan:
    """What one erasure takes away, gathered before anything is deleted."""

    turns: set[str]
    sessions: list[str] = field(default_factory=list)
    entities: set[str] = field(default_factory=set)  # erased because they were asked for
    facts: set[str] = field(default_factory=set)
    claims: set[tuple[str, str]] = field(default_factory=set)
    candidates: set[str] = field(default_factory=set)  # erased too if nothing uses them afterwards

    def erased_source(self, s: Source) -> bool:
        return s.session_id in self.sessions or (s.turn_id is not None and s.turn_id in self.turns)


def turn_needle(turn_id: str) -> str:
    """The text a stored claim's JSON holds when one of its sources is the turn ``turn_id``.

    >>> turn_needle("s1:2")
    '"turn_id":"s1:2"'
    """
    return '"turn_id":' + json.dumps(turn_id, ensure_ascii=False)


def erase_entities(tx: EraseTransaction, vocabulary: Vocabulary, group_id: str, entity_ids: Sequence[str],
                   audit: Erasure) -> ErasureReport:
    """Erase the entities ``entity_ids`` of ``group_id``: their facts, the claims naming them, the
    turns that mention them or that they spoke, and what only those named."""
    found = tx.group_entities(entity_ids)
    ids = sorted(e.id for e in found)
    turns: set[str] = set()
    if ids:
        norms = {normalize_name(n) for e in found for n in [e.name, *e.aliases]}
        speakers = [s for s in tx.speakers() if normalize_name(s) in norms]
        turns = tx.turns_mentioning(ids) | (tx.turns_spoken_by(speakers) if speakers else set())
    return _erase(tx, vocabulary, group_id, _Plan(turns=turns, entities=set(ids)), audit)


def erase_session(tx: EraseTransaction, vocabulary: Vocabulary, group_id: str, session_id: str,
                  audit: Erasure) -> ErasureReport:
    """Erase the session ``session_id`` of ``group_id`` (an :class:`~chronomem.errors.InputError`
    when it is unknown): its turns, what only it sourced, and what only it named."""
    turns = tx.session_turns(session_id)
    if turns is None:
        raise unknown_session(group_id, session_id)
    return _erase(tx, vocabulary, group_id, _Plan(turns=turns, sessions=[session_id]), audit)


def _erase(tx: EraseTransaction, vocabulary: Vocabulary, group_id: str, plan: _Plan, audit: Erasure) -> ErasureReport:
    plan.candidates |= tx.mentioned_by(sorted(plan.turns)) if plan.turns else set()
    # the other ends of an erased entity's facts are not candidates by that alone: an entity made on
    # its own (the memory-server profile's create_entities) outlives its relations to the erased one;
    # a VALUE (an observation's text, a quantity) exists only as what a fact says, and goes with it
    touching = tx.facts_touching(sorted(plan.entities)) if plan.entities else []
    plan.facts |= {fid for fid, _, _, _ in touching}
    ends = sorted({e for _, subject, obj, _ in touching for e in (subject, obj)} - plan.entities)
    plan.candidates |= {e.id for e in tx.group_entities(ends) if e.type == "VALUE"} if ends else set()
    _drop_erased_sources(tx, plan)
    new_claims = _claims(tx, plan)
    tx.delete_facts(sorted(plan.facts))
    tx.delete_claims(sorted(plan.claims))
    if new_claims:
        tx.insert_claims(new_claims, audit.erased_at)

    def delete_versions(ids: Sequence[str]) -> None:
        tx.delete_facts(sorted(ids))
        plan.facts.update(ids)

    slots = {slot for slot, _ in plan.claims}
    new_fact_ids = replan_slots(tx, vocabulary, group_id, slots, erased_at=audit.erased_at,
                                delete_versions=delete_versions)
    tx.delete_turns(sorted(plan.turns))
    for session_id in plan.sessions:
        tx.delete_session(session_id)
    entities = plan.entities | tx.unused_entities(sorted(plan.candidates - plan.entities))
    tx.delete_entities(sorted(entities))
    audit = audit.model_copy(update={"counts": counts(
        facts=len(plan.facts), turns=len(plan.turns), claims=len(plan.claims), entities=len(entities),
        sessions=len(plan.sessions))})
    tx.record_erasure(audit)
    return ErasureReport(erasure=audit, fact_ids=sorted(plan.facts), entity_ids=sorted(entities),
                         turn_ids=sorted(plan.turns), new_fact_ids=new_fact_ids)


def _source_needles(plan: _Plan) -> list[str]:
    """What a fact's sources JSON holds when it cites an erased turn or session (as stored: ASCII JSON)."""
    return sorted({json.dumps(s) for s in plan.sessions} | {json.dumps(t) for t in plan.turns})


def _drop_erased_sources(tx: EraseTransaction, plan: _Plan) -> None:
    """Every version citing an erased turn or session loses those sources; one left with none goes."""
    needles = _source_needles(plan)
    rewritten: list[tuple[str, str]] = []
    for fid, subject, obj, sources_json in tx.facts_citing(needles) if needles else ():
        if fid in plan.facts:
            continue
        sources = sources_from_json(sources_json)
        rest = [s for s in sources if not plan.erased_source(s)]
        if len(rest) == len(sources):
            continue  # the needle only appeared inside another id
        if rest:
            rewritten.append((fid, sources_to_json(rest)))
        else:
            plan.facts.add(fid)
            plan.candidates |= {subject, obj}
    if rewritten:
        tx.set_fact_sources(rewritten)


def _claims(tx: EraseTransaction, plan: _Plan) -> list[tuple[str, str, str]]:
    """Mark for deletion every claim naming an erased entity or citing an erased turn or session;
    return the rows of the claims rewritten without the erased sources (each a new claim id)."""
    needles = ([session_needle(s) for s in plan.sessions] + [turn_needle(t) for t in sorted(plan.turns)]
               + [entity_needle(e) for e in sorted(plan.entities)])
    if not needles:
        return []
    rewritten: list[tuple[str, str, str]] = []
    for slot, cid, body in tx.claims_containing(needles):
        claim = claim_from_json(body)
        named = {claim.subject_id, claim.object_id, claim.replaces_object_id} & plan.entities
        rest = [s for s in claim.sources if not plan.erased_source(s)]
        if not named and len(rest) == len(claim.sources):
            continue  # the needle only appeared inside another value
        plan.claims.add((slot, cid))
        if not named and rest:
            kept = claim.model_copy(update={"sources": rest})
            rewritten.append((slot, kept.id, claim_to_json(kept)))
    return _unique(tx, rewritten, plan.claims)


def _unique(tx: EraseTransaction, rows: Iterable[tuple[str, str, str]],
            deleted: Collection[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """The rewritten claims to insert: one per ``(slot, claim id)`` (two claims that differed only
    by erased sources become one), none that a kept claim already is."""
    out: dict[tuple[str, str], tuple[str, str, str]] = {}
    for row in rows:
        out.setdefault((row[0], row[1]), row)
    stored = tx.claim_ids(sorted({slot for slot, _ in out})) if out else {}
    return [row for (slot, cid), row in sorted(out.items())
            if cid not in stored.get(slot, ()) or (slot, cid) in deleted]
