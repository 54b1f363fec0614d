"""Eviction, once for every store: what retention erases, over a handful of store primitives.

A store opens a transaction (with whatever erasure needs: ``secure_delete`` on SQLite), wraps it
in an :class:`EvictTransaction` and calls :func:`evict`. An evicted turn goes as ``forget`` takes
a turn: its text, full-text rows and mentions (and the vector kept with it), then every entity
that only it named (nothing else refers to it: no fact version, claim or other mention). Unlike
``forget``, the fact versions and claims that cite it are left as they are (a fact keeps its
statement, its interval and the ids of its sources: the evicted one is marked so when read), so
timelines and ``known_at`` answers do not change. What remains of each turn is an
:class:`~chronomem.graph.lifecycle.Eviction` (id, session, when) and, for the whole run, one
audit record of kind ``retention``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from chronomem.graph.erasure import Erasure, counts
from chronomem.graph.lifecycle import Eviction, EvictionReport


class EvictTransaction(Protocol):
    """The primitives of one open eviction transaction on one group (all of them or none are kept)."""

    def turn_sessions(self, ids: Sequence[str]) -> dict[str, str]:
        """The session of each stored turn of the group among ``ids``."""
        ...

    def mentioned_by(self, turn_ids: Sequence[str]) -> set[str]:
        """The entities the turns ``turn_ids`` mention."""
        ...

    def delete_turns(self, ids: Sequence[str]) -> None:
        """Delete the turns ``ids``: text, full-text rows, mentions, vectors."""
        ...

    def record_evictions(self, rows: Sequence[Eviction]) -> None:
        """Keep what remains of each evicted turn."""
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


def retention_audit(turn_ids: Sequence[str], *, at: datetime, by: str) -> Erasure:
    """The audit record of evicting ``turn_ids``: kind ``retention``, a digest of the ids, never their text.

    >>> from datetime import datetime, timezone
    >>> a = retention_audit(["s1:2", "s1:1"], at=datetime(2024, 1, 1, tzinfo=timezone.utc), by="compact")
    >>> a.kind, a.target_sha256 == retention_audit(["s1:1", "s1:2"], at=a.erased_at, by="x").target_sha256
    ('retention', True)
    """
    digest = hashlib.sha256("\x1f".join(["retention", *sorted(turn_ids)]).encode()).hexdigest()
    return Erasure(kind="retention", target_sha256=digest, erased_at=at, erased_by=by)


def evict(tx: EvictTransaction, turn_ids: Sequence[str], audit: Erasure) -> EvictionReport:
    """Evict the turns ``turn_ids`` (those the group holds) through ``tx``; see the module docstring."""
    sessions = tx.turn_sessions(sorted(set(turn_ids))) if turn_ids else {}
    ids = sorted(sessions)
    candidates = tx.mentioned_by(ids) if ids else set()
    tx.delete_turns(ids)
    rows = [Eviction(i, sessions[i], audit.erased_at) for i in ids]
    tx.record_evictions(rows)
    entities = sorted(tx.unused_entities(sorted(candidates))) if candidates else []
    tx.delete_entities(entities)
    audit = audit.model_copy(update={"counts": counts(facts=0, turns=len(ids), claims=0, entities=len(entities),
                                                      sessions=0)})
    tx.record_erasure(audit)
    return EvictionReport(erasure=audit, evictions=rows, entity_ids=entities)
