"""Backend-independent parts of a write: validation, filing claims into slots, planning versions.

A store opens its transaction, then calls :func:`file_claims`, loads the affected slots'
claims and current versions, calls :func:`plan_slots` and applies the plans. The rules live in
:mod:`chronomem.graph.temporal`; nothing here touches a database.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime

from chronomem.errors import InputError
from chronomem.graph.base import WriteBatch, WriteReport
from chronomem.graph.temporal import SlotPlan, claim_slots, reconcile
from chronomem.schema.models import Claim, Entity, Fact, normalize_name
from chronomem.schema.vocabulary import Vocabulary


def validate_batch(vocabulary: Vocabulary, batch: WriteBatch) -> None:
    """Reject a batch before anything is written: unknown predicates, foreign groups, dangling ids."""
    group = batch.group_id
    if batch.session is not None and batch.session.group_id != group:
        raise InputError(f"session {batch.session.session_id!r} belongs to group {batch.session.group_id!r}, not {group!r}")
    for entity in batch.entities:
        if entity.group_id != group:
            raise InputError(f"entity {entity.name!r} belongs to group {entity.group_id!r}, not {group!r}")
    for claim in batch.claims:
        vocabulary[claim.predicate]  # raises InputError for unknown predicates
        if claim.group_id != group:
            raise InputError(f"a claim belongs to group {claim.group_id!r}, not {group!r}")
    if batch.session is not None:
        turn_ids = {t.id for t in batch.session.turns}
        for m in batch.mentions:
            if m.turn_id not in turn_ids:
                raise InputError(f"mention of unknown turn {m.turn_id!r}")


def name_rank(name: str) -> tuple[bool, str]:
    """How spellings of one name are chosen between, whatever order they arrive in: a capitalised
    spelling first, then code-point order ("NVIDIA" before "Nvidia" before "nvidia").

    >>> sorted(["nvidia", "Nvidia", "NVIDIA"], key=name_rank)
    ['NVIDIA', 'Nvidia', 'nvidia']
    """
    return (not name[:1].isupper(), name)


def merge_aliases(old: Sequence[str], new: Sequence[str], name: str) -> list[str]:
    """Aliases of ``old`` and ``new``, one spelling per normalized form (the first by :func:`name_rank`),
    none equal to ``name``, in :func:`name_rank` order: the same whichever list came first.

    >>> merge_aliases(["Postgres"], ["postgres", "PostgreSQL", "psql"], "PostgreSQL")
    ['Postgres', 'psql']
    >>> merge_aliases(["postgres", "psql"], ["Postgres"], "PostgreSQL")
    ['Postgres', 'psql']
    """
    taken = normalize_name(name)
    best: dict[str, str] = {}
    for alias in [*old, *new]:
        key = normalize_name(alias)
        if key and key != taken and (key not in best or name_rank(alias) < name_rank(best[key])):
            best[key] = alias
    return sorted(best.values(), key=name_rank)


def merge_types(a: str, b: str) -> str:
    """One type for an entity typed twice: ``OTHER`` gives way, otherwise the alphabetically first
    (an order-free choice).

    >>> merge_types("OTHER", "ORG"), merge_types("PLACE", "ORG")
    ('ORG', 'ORG')
    """
    return min(a, b, key=lambda t: (t == "OTHER", t))


def merge_entity(old: Entity, new: Entity) -> Entity:
    """Two records of one entity (same id) as one, the same in either order: the preferred spelling
    as the name (:func:`name_rank`), every other spelling kept as an alias, types by :func:`merge_types`."""
    name = min(old.name, new.name, key=name_rank)
    return old.model_copy(update={"name": name, "type": merge_types(old.type, new.type),
                                  "aliases": merge_aliases(old.aliases, [*new.aliases, old.name, new.name], name)})


def merge_batch_entities(entities: Sequence[Entity]) -> dict[str, Entity]:
    """One entity per id, merged by :func:`merge_entity`."""
    merged: dict[str, Entity] = {}
    for e in entities:
        merged[e.id] = merge_entity(merged[e.id], e) if e.id in merged else e
    return merged


def file_claims(vocabulary: Vocabulary, claims: Sequence[Claim]) -> dict[str, list[Claim]]:
    """Group claims by the slots they are filed under (deduplicated by claim id)."""
    return {slot: list(by_id.values()) for slot, by_id in file_claims_by_id(vocabulary, claims).items()}


def file_claims_by_id(vocabulary: Vocabulary, claims: Sequence[Claim]) -> dict[str, dict[str, Claim]]:
    """Like :func:`file_claims`, keyed by claim id within each slot (so callers need not
    recompute :attr:`Claim.id`, a sha256 of the claim's fields)."""
    filed: dict[str, dict[str, Claim]] = defaultdict(dict)
    for claim in claims:
        for slot, stored in claim_slots(vocabulary[claim.predicate], claim):
            filed[slot][stored.id] = stored
    return dict(filed)


def slot_predicate(slot: str) -> str:
    """The predicate a slot key belongs to.

    >>> slot_predicate("LIVES_IN|s:e_1")
    'LIVES_IN'
    """
    return slot.split("|", 1)[0]


def plan_slots(
    vocabulary: Vocabulary,
    group_id: str,
    claims_by_slot: Mapping[str, Sequence[Claim]],
    current_by_slot: Mapping[str, Sequence[Fact]],
    *,
    recorded_at: datetime,
    reopened: Collection[str] = (),
) -> dict[str, SlotPlan]:
    """Reconcile every slot; slots whose plan is empty are left out (``recorded_at`` is aware UTC:
    the stores check it before anything is written). ``reopened``: slots that held versions before
    (see :func:`~chronomem.graph.temporal.reconcile`)."""
    plans = {}
    for slot in sorted(claims_by_slot):
        spec = vocabulary[slot_predicate(slot)]
        plan = reconcile(spec, slot, claims_by_slot[slot], current_by_slot.get(slot, []),
                         group_id=group_id, recorded_at=recorded_at, reopened=slot in reopened)
        if not plan.empty:
            plans[slot] = plan
    return plans


def summarize(plans: Mapping[str, SlotPlan], current_by_slot: Mapping[str, Sequence[Fact]]) -> WriteReport:
    """Count added, closed and corrected facts for the ingest summary."""
    report = WriteReport()
    for slot, plan in plans.items():
        if not plan.expire:  # nothing replaced (every slot of a fresh import): each version is a new fact
            report.facts_added += len(plan.insert)
            report.new_fact_ids.extend(f.id for f in plan.insert)
            continue
        by_id = {f.id: f for f in current_by_slot.get(slot, [])}
        expired = [by_id[i] for i in plan.expire if i in by_id]
        matched: set[str] = set()
        for new in plan.insert:
            twin = next((o for o in expired if o.subject_id == new.subject_id and o.object_id == new.object_id
                         and o.id not in matched), None)
            if twin is None:
                report.facts_added += 1
            else:
                matched.add(twin.id)
                if twin.valid_to is None and new.valid_to is not None:
                    report.facts_closed += 1
        report.facts_corrected += sum(1 for o in expired if o.id not in matched)
        report.versions_expired += len(plan.expire)
        report.new_fact_ids.extend(f.id for f in plan.insert)
        report.expired_fact_ids.extend(plan.expire)
    return report
