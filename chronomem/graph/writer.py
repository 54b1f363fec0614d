"""The write algorithm, once for every store: the batch's orchestration above, the backend below.

A store opens a transaction, wraps it in a :class:`WriteTransaction` (a handful of primitives:
read and put entities, put the session and its turns, read and store claims, read the current
versions of slots, expire and insert versions) and calls :func:`write_batch`. What a write
*decides* (entity merges, which claims are new, the slots' versions) is decided here and in
:mod:`chronomem.graph.writing` / :mod:`chronomem.graph.temporal`, never in a backend; a new
backend implements the primitives and passes the contract suite.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

from chronomem.errors import InputError
from chronomem.graph.base import WriteBatch, WriteReport
from chronomem.graph.codec import claim_from_json, claim_to_json, to_us
from chronomem.graph.importance import Usage, batch_usage
from chronomem.graph.temporal import SlotPlan
from chronomem.graph.writing import file_claims_by_id, merge_batch_entities, merge_entity, plan_slots, summarize
from chronomem.schema.models import Claim, Entity, Fact, Mention, Session
from chronomem.schema.vocabulary import Vocabulary

#: What makes a session the same session: its start and its turns ``(id, speaker, text, at)`` in
#: order, times in microseconds since the epoch (as stored).
SessionContent = tuple[int, list[tuple[str, str, str, int]]]
#: A slot as :meth:`CreatesSlots.lock_or_create_slots` creates it: its ``(claim id, claim JSON)``
#: rows, and the ids of the versions they derive (its current versions once they are inserted).
NewSlot = tuple[Sequence[tuple[str, str]], Sequence[str]]


def session_content(s: Session) -> SessionContent:
    """The :data:`SessionContent` of a session to write."""
    return to_us(s.started_at) or 0, [(t.id or "", t.speaker, t.text, to_us(t.at) or 0) for t in s.turns]


def refuse_changed_session(session_id: str, stored: SessionContent, given: SessionContent) -> None:
    """Nothing when ``given`` is what is stored; else the :class:`InputError` saying what differs
    and what to do: a session is immutable, so its facts always cite the text it stores."""
    if stored == given:
        return
    if stored[0] != given[0]:
        what = "its start time"
    elif len(stored[1]) != len(given[1]):
        what = f"its number of turns ({len(stored[1])} stored, {len(given[1])} given)"
    else:
        n = next(n for n, (a, b) in enumerate(zip(stored[1], given[1], strict=True), start=1) if a != b)
        what = f"turn {n}"
    raise InputError(f"session {session_id!r} is already stored with different content ({what} differs); "
                     "a session is immutable: send it under a new session id, or forget that session first")


class WriteTransaction(Protocol):
    """The primitives of one open write transaction on one group (all of them or none are kept)."""

    def stored_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        """The stored entities among ``ids`` (any group), locked against concurrent merges until commit."""
        ...

    def put_entities(self, entities: Sequence[tuple[Entity, bool]]) -> None:
        """Store each ``(entity, is_new)`` in the given order: new ones created, the others replaced by
        their merged record (the names an entity ever had stay findable)."""
        ...

    def put_session(self, session: Session) -> bool:
        """Store the session and its turns if the session is new (``True``); a stored one is left as
        it is (``False``). Raise :class:`~chronomem.errors.InputError` when a turn id belongs to another session."""
        ...

    def stored_session(self, session_id: str) -> SessionContent | None:
        """The stored session's content (:func:`session_content`), ``None`` when it is not stored."""
        ...

    def put_mentions(self, mentions: Sequence[Mention]) -> None:
        """Store the mentions (stored ones are kept once)."""
        ...

    def claim_ids(self, slots: Sequence[str]) -> dict[str, set[str]]:
        """The ids of the claims stored in ``slots``, by slot; the slots are locked until commit."""
        ...

    def claim_bodies(self, slots: Sequence[str]) -> Iterable[tuple[str, str, str]]:
        """``(slot, claim id, claim JSON)`` of every claim stored in ``slots``."""
        ...

    def insert_claims(self, rows: Sequence[tuple[str, str, str]], recorded_at: datetime) -> None:
        """Store new claims given as ``(slot, claim id, claim JSON)``."""
        ...

    def current_versions(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        """The unexpired fact versions of ``slots``, by slot, each slot's in insertion order."""
        ...

    def expire_versions(self, expired: Sequence[tuple[str, datetime]]) -> None:
        """Mark the versions ``(fact id, expired at)`` expired."""
        ...

    def insert_versions(self, facts: Sequence[Fact]) -> None:
        """Store new fact versions, in this order; an unknown subject or object is an :class:`InputError`."""
        ...


@runtime_checkable
class CreatesEntities(Protocol):
    """An optional primitive: a backend with concurrent writers creates a batch's new entities in
    the same step that finds its stored ones, and locks only the stored ones that must change."""

    def create_new_entities(self, entities: Sequence[Entity]) -> tuple[int, dict[str, Entity]]:
        """Create the ``entities`` not stored yet, as given (names included); return how many were
        created and the stored others as they are (unlocked: :meth:`WriteTransaction.stored_entities`
        locks). A stored one may be left out when merging the given record into it changes nothing."""
        ...


@runtime_checkable
class CreatesSlots(Protocol):
    """An optional primitive: brand-new slots are created holding their claims, and the versions
    those alone derive, in the step that locks the stored ones, so nothing is read back or written twice."""

    def lock_or_create_slots(self, rows: Mapping[str, NewSlot]) -> tuple[dict[str, set[str]], set[str]]:
        """For each slot's ``(claim id, claim JSON)`` rows and version ids: a slot with no claims stored
        is created holding them (:meth:`WriteTransaction.insert_versions` then inserts those versions
        and need not list them again); the others are locked. Returns the stored claim ids by slot,
        and the created slots."""
        ...


@runtime_checkable
class LifecycleWrite(Protocol):
    """Optional primitives of a backend that keeps importance and evicts turns
    (:mod:`chronomem.graph.lifecycle`): a write stores the importance it scores for the session's
    turns, and a session sent again is compared without the turns retention evicted from it."""

    def put_usage(self, rows: Sequence[Usage]) -> None:
        """Store the usage ``rows`` of stored turns that have none yet (a stored row, maybe corrected
        by feedback since, is kept as it is)."""
        ...

    def evicted_of_session(self, session_id: str) -> set[str]:
        """The ids of the session's turns that retention evicted."""
        ...


def _without_evicted(tx: WriteTransaction, session_id: str, given: SessionContent) -> SessionContent:
    """``given`` without the turns retention evicted from the stored session (their text is gone)."""
    if not isinstance(tx, LifecycleWrite):
        return given
    evicted = tx.evicted_of_session(session_id)
    return (given[0], [t for t in given[1] if t[0] not in evicted]) if evicted else given


def _merged(old: Entity, new: Entity) -> Entity | None:
    """``new`` merged into the stored ``old``, or ``None`` when that changes nothing."""
    if old.group_id != new.group_id:
        raise InputError(f"entity id {new.id!r} already belongs to group {old.group_id!r}")
    m = merge_entity(old, new)
    return m if (m.name, m.type, m.aliases) != (old.name, old.type, old.aliases) else None


def upsert_entities(tx: WriteTransaction, entities: Sequence[Entity]) -> int:
    """Merge ``entities`` into the stored ones (:func:`~chronomem.graph.writing.merge_entity`: the
    same in any order) and return how many were new."""
    merged = merge_batch_entities(entities)
    if not merged:
        return 0
    created = 0
    if isinstance(tx, CreatesEntities):
        created, existing = tx.create_new_entities(list(merged.values()))
        # Merges only grow, so a stored entity that already holds the batch's record stays holding it.
        merged = {i: e for i, e in merged.items() if i in existing and _merged(existing[i], e) is not None}
        if not merged:
            return created
    stored = tx.stored_entities(list(merged))
    writes: list[tuple[Entity, bool]] = []
    for e in merged.values():
        old = stored.get(e.id)
        m = e if old is None else _merged(old, e)
        if m is not None:
            writes.append((m, old is None))
    tx.put_entities(writes)
    return created + sum(1 for _, new in writes if new)


def store_claims(tx: WriteTransaction, filed: Mapping[str, Mapping[str, Claim]], recorded_at: datetime,
                 fresh: Mapping[str, SlotPlan] | None = None) -> tuple[dict[str, list[Claim]], set[str], int, set[str]]:
    """Store the batch's claims not seen before.

    Returns every claim of each slot that got new ones, in claim-id order (the batch's objects as
    given, the earlier ones parsed from the store), the slots among them that had claims before
    (only those can have versions), the count of claims stored, and the slots created holding
    their claims and the versions ``fresh`` plans for them (a :class:`CreatesSlots` backend).
    Brand-new slots cost one lookup and nothing read back.
    """
    if not filed:
        return {}, set(), 0, set()
    created: set[str] = set()
    if isinstance(tx, CreatesSlots):
        fresh = fresh or {}
        prior, created = tx.lock_or_create_slots({
            slot: ([(cid, claim_to_json(c)) for cid, c in sorted(by_id.items())],
                   [f.id for f in fresh[slot].insert] if slot in fresh else [])
            for slot, by_id in sorted(filed.items())})
    else:
        prior = tx.claim_ids(sorted(filed))
    rows = [(slot, cid, "" if slot in created else claim_to_json(c)) for slot, by_id in filed.items()
            for cid, c in by_id.items() if cid not in prior.get(slot, ())]
    touched = list(dict.fromkeys(slot for slot, _, _ in rows))
    had = {slot for slot in touched if slot in prior}
    earlier: dict[str, dict[str, Claim]] = {}
    if had:  # before the new claims exist: only the earlier ones come back
        for slot, cid, body in tx.claim_bodies(sorted(had)):
            given = filed[slot].get(cid)
            earlier.setdefault(slot, {})[cid] = given if given is not None else claim_from_json(body)
    rows_to_insert = [row for row in rows if row[0] not in created]
    if rows_to_insert:
        tx.insert_claims(rows_to_insert, recorded_at)
    all_claims: dict[str, list[Claim]] = {}
    for slot in touched:
        by_id = {**earlier.get(slot, {}), **filed[slot]}
        all_claims[slot] = [by_id[cid] for cid in sorted(by_id)]
    return all_claims, had, len(rows), created


def write_batch(tx: WriteTransaction, vocabulary: Vocabulary, batch: WriteBatch, recorded_at: datetime) -> WriteReport:
    """Write ``batch`` (already validated; ``recorded_at`` aware UTC) through ``tx``: the session and
    its turns, entities, mentions, new claims, then the versions their slots now derive. A session
    already stored writes nothing: the same content again is a no-op, different content is refused."""
    session_added = False
    if batch.session is not None:
        session_added = tx.put_session(batch.session)
        if not session_added:  # a session is immutable: the same again is a no-op, another content an error
            stored = tx.stored_session(batch.session.session_id)
            if stored is not None:
                given = session_content(batch.session)
                if given != stored:
                    given = _without_evicted(tx, batch.session.session_id, given)
                refuse_changed_session(batch.session.session_id, stored, given)
            return WriteReport()
    entities_added = upsert_entities(tx, batch.entities)
    if batch.mentions:
        tx.put_mentions(batch.mentions)
    filed = file_claims_by_id(vocabulary, batch.claims)
    # A backend that creates new slots with their versions is given each slot's plan as if it were
    # new (exactly the plan of a slot created now: its claims are the batch's, it has no versions).
    fresh = plan_slots(vocabulary, batch.group_id, {slot: [by_id[cid] for cid in sorted(by_id)]
                                                    for slot, by_id in filed.items()}, {},
                       recorded_at=recorded_at) if isinstance(tx, CreatesSlots) else {}
    all_claims, had, claims_added, created = store_claims(tx, filed, recorded_at, fresh)
    current: dict[str, list[Fact]] = {slot: [] for slot in all_claims}
    if had:
        current.update(tx.current_versions(sorted(had)))
    planned = plan_slots(vocabulary, batch.group_id, {s: c for s, c in all_claims.items() if s not in created},
                         current, recorded_at=recorded_at,
                         reopened=had)  # a slot with earlier claims may hold expired versions only
    planned.update((slot, fresh[slot]) for slot in created if slot in fresh)
    plans = {slot: planned[slot] for slot in sorted(planned)}
    # No id is both expired and inserted (inserted ids are new), so expiring first is no constraint.
    expired = [(fid, plan.recorded_at or recorded_at) for plan in plans.values() for fid in plan.expire]
    if expired:
        tx.expire_versions(expired)
    inserts = [f for plan in plans.values() for f in plan.insert]
    if inserts:
        tx.insert_versions(inserts)
    if isinstance(tx, LifecycleWrite) and batch.session is not None:
        tx.put_usage(batch_usage(batch))
    report = summarize(plans, current)
    report.entities_added, report.claims_added, report.session_added = entities_added, claims_added, session_added
    if session_added and batch.session is not None:
        report.turn_ids = [t.id for t in batch.session.turns if t.id is not None]
        report.speakers = sorted({t.speaker for t in batch.session.turns})
    report.entity_ids = list(dict.fromkeys(e.id for e in batch.entities))
    return report
