"""After ``forget``: re-derive the versions of every slot whose claims lost some to the erasure.

An erased statement must not keep shaping what remains. When a later session said "Ana moved to
Porto in 2023", Ana's Lisbon version was closed in 2023; forgetting that session erases the Porto
claim and the Porto version, and this module then derives the slot again from the claims that are
left: Lisbon is open again. The versions that no longer hold are *deleted*, not expired, and their
replacements carry the transaction time of the versions they replace, so that no ``known_at``
shows the erased statement's effect: history reads as if it had never been said (erasure is the
one exception to append-only, see :mod:`chronomem.graph.erasure`). A slot whose versions were all
erased gets its re-derived versions at the erasure time.

Runs inside the store's erasure transaction, through the same primitives as a write
(:class:`~chronomem.graph.writer.WriteTransaction`), so both stores decide alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from chronomem.graph.codec import claim_from_json
from chronomem.graph.writer import WriteTransaction
from chronomem.graph.writing import plan_slots
from chronomem.schema.models import Claim, Fact
from chronomem.schema.vocabulary import Vocabulary


def replan_slots(tx: WriteTransaction, vocabulary: Vocabulary, group_id: str, slots: Iterable[str], *,
                 erased_at: datetime, delete_versions: Callable[[Sequence[str]], None]) -> list[str]:
    """Derive ``slots`` again from their remaining claims: ``delete_versions(ids)`` removes the
    current versions that no longer hold, then their replacements are inserted. Returns the
    inserted versions' ids (for the side-index to embed)."""
    wanted = sorted(set(slots))
    if not wanted:
        return []
    claims: dict[str, dict[str, Claim]] = {slot: {} for slot in wanted}
    for slot, cid, body in tx.claim_bodies(wanted):
        claims[slot][cid] = claim_from_json(body)
    current = tx.current_versions(wanted)
    doomed: list[str] = []
    inserts: list[Fact] = []
    for slot in wanted:
        have = current.get(slot, [])
        # the replaced versions' own transaction time (reconcile keeps the newest of them)
        since = min((f.recorded_at for f in have), default=erased_at)
        plans = plan_slots(vocabulary, group_id, {slot: [claims[slot][c] for c in sorted(claims[slot])]},
                           {slot: have}, recorded_at=since, reopened=(slot,))
        for plan in plans.values():
            doomed += plan.expire
            inserts += plan.insert
    if doomed:
        delete_versions(doomed)
    if inserts:
        tx.insert_versions(inserts)
    return [f.id for f in inserts]
