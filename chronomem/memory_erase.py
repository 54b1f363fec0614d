"""The corrective and destructive operations of :class:`~chronomem.Memory`: ``retract`` (a fact was
wrong, in transaction time) and ``forget`` (erase an entity or a session for good), with the audit
records ``forget`` leaves. :class:`~chronomem.Memory` inherits them from :class:`ErasingMemory`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from chronomem.errors import InputError
from chronomem.graph.base import WriteReport
from chronomem.time_args import When, when_or_now

if TYPE_CHECKING:
    from chronomem.clock import Clock
    from chronomem.graph.base import GraphStore
    from chronomem.graph.erasure import Erasure, ErasureReport
    from chronomem.graph.retraction import RetractReport


#: Characters of a short fact id (``f_`` and 8 hex digits: a clash in about 4 billion pairs) and of a full one.
SHORT_ID_CHARS, FULL_ID_CHARS = 10, 22


class ErasingMemory:
    """``retract``, ``forget`` and ``erasures``, on the store, group, clock and side-index of a Memory."""

    if TYPE_CHECKING:
        store: GraphStore
        group: str
        clock: Clock
        _index_dir: str | Path | None

        def _side_index(self) -> Any: ...

        def _after_write(self, report: WriteReport) -> None: ...

    def retract(self, fact_id: str, *, at: When | None = None) -> RetractReport:
        """Mark the fact ``fact_id`` wrong from ``at`` (default now), in transaction time: it stays
        visible with a ``known_at`` before ``at`` (see :mod:`chronomem.graph.retraction`)."""
        from chronomem.graph.retraction import retract

        report = retract(self.store, self.group, self.full_fact_id(fact_id), at=when_or_now(at, "at", self.clock))
        self._after_write(WriteReport(expired_fact_ids=list(report.expired_fact_ids)))
        return report

    def full_fact_id(self, fact_id: str) -> str:
        """The id a short fact id (as ``chronomem facts`` prints it: ``f_2468e648``) stands for; a
        full id, or one matching nothing, is returned as given (the caller then says it is unknown)."""
        if fact_id.startswith("f_") and 6 <= len(fact_id) < FULL_ID_CHARS:
            found = self.store.fact_ids_starting(self.group, fact_id, limit=2)
            if len(found) == 2 and found[0] != found[1]:
                raise InputError(f"the short fact id {fact_id!r} matches several facts; give more of it or the full id "
                                 "(the id field of the JSON output)")
            return found[0] if found else fact_id
        return fact_id

    def forget(self, entity: str | None = None, *, session: str | None = None, by: str = "api") -> ErasureReport:
        """Erase an entity (by name or alias) or a session for good: its facts, turns' text, full-text
        rows and side-index vectors; only an audit record (kind, when, by whom, counts) remains
        (see :mod:`chronomem.graph.erasure`). Give exactly one of ``entity`` and ``session``."""
        from chronomem.graph.erasure import Erasure, target_digest

        if (entity is None) == (session is None):
            raise InputError("forget needs exactly one of an entity name or a session id")
        kind: Literal["entity", "session"] = "entity" if entity is not None else "session"
        target = entity if entity is not None else session
        assert target is not None
        if not target.strip():
            raise InputError(f"forget needs a non-empty {kind}")
        audit = Erasure(kind=kind, target_sha256=target_digest(kind, target), erased_at=self.clock.now(), erased_by=by)
        if entity is not None:
            found = self.store.find_entities(self.group, entity)
            if not found:
                raise InputError(f"no entity called {entity!r} in group {self.group!r}; nothing was erased "
                                 "(check the spelling: entities lists them)")
            report = self.store.forget_entities(self.group, [e.id for e in found], audit=audit)
        else:
            report = self.store.forget_session(self.group, target, audit=audit)
        self._erase_vectors(report)
        self._after_write(WriteReport(new_fact_ids=list(report.new_fact_ids)))  # re-derived versions to embed
        return report

    def _erase_vectors(self, report: ErasureReport) -> None:
        """Remove the erased items' vectors from the side-index; an index that cannot be opened
        here (no embedder) has its files deleted, to be rebuilt from the store."""
        index = self._side_index()
        if index is not None and hasattr(index, "erase"):
            index.erase(report.index_keys())
            return
        from chronomem.graph.side_index import default_index_path

        path = default_index_path(self.store, self.group, self._index_dir)
        if path is not None:
            for file in path.parent.glob(path.name + "*"):
                file.unlink()

    def erasures(self) -> list[Erasure]:
        """The audit records of this group's erasures, oldest first."""
        return self.store.erasures(self.group)
