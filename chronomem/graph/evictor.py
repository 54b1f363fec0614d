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
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from chronomem.graph.eraser import EraseTransaction
from chronomem.graph.erasure import Erasure, counts
from chronomem.graph.lifecycle import Eviction, EvictionReport


class EvictTransaction(EraseTransaction, Protocol):
    """The primitives of one open eviction transaction on one group (all of them or none are kept):
    those of ``forget`` (:class:`~chronomem.graph.eraser.EraseTransaction`; eviction calls
    ``mentioned_by``, ``delete_turns``, ``unused_entities``, ``delete_entities`` and
    ``record_erasure``), and two of its own."""

    def turn_sessions(self, ids: Sequence[str]) -> dict[str, str]:
        """The session of each stored turn of the group among ``ids``."""
        ...

    def record_evictions(self, rows: Sequence[Eviction]) -> None:
        """Keep what remains of each evicted turn."""
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


def evict(tx: EvictTransaction, turn_ids: Sequence[str], audit: Erasure,
          merged_into: Mapping[str, str] | None = None) -> EvictionReport:
    """Evict the turns ``turn_ids`` (those the group holds) through ``tx``; see the module docstring.
    ``merged_into`` names the kept turn each one said the same as (consolidation)."""
    sessions = tx.turn_sessions(sorted(set(turn_ids))) if turn_ids else {}
    ids = sorted(sessions)
    candidates = tx.mentioned_by(ids) if ids else set()
    tx.delete_turns(ids)
    into = merged_into or {}
    rows = [Eviction(i, sessions[i], audit.erased_at, into.get(i)) for i in ids]
    tx.record_evictions(rows)
    entities = sorted(tx.unused_entities(sorted(candidates))) if candidates else []
    tx.delete_entities(entities)
    audit = audit.model_copy(update={"counts": counts(facts=0, turns=len(ids), claims=0, entities=len(entities),
                                                      sessions=0)})
    tx.record_erasure(audit)
    return EvictionReport(erasure=audit, evictions=rows, entity_ids=entities)
