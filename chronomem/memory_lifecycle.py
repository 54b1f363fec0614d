"""The lifecycle operations of :class:`~chronomem.Memory`: ``feedback`` (use corrects importance), the
group's retention ``policy`` and ``compact`` (evict what the policy lets go). :class:`~chronomem.Memory`
inherits them from :class:`LifecycleMemory`; the rules are :mod:`chronomem.graph.importance` and
:mod:`chronomem.graph.retention`.

>>> from datetime import datetime, timezone
>>> from chronomem import FixedClock, Memory
>>> mem = Memory.open(":memory:", clock=FixedClock(datetime(2024, 6, 1, tzinfo=timezone.utc)), embedder=None)
>>> mem.set_policy(turn_ttl_days=30, max_turns=20_000).max_turns
20000
>>> mem.policy() == RetentionPolicy(turn_ttl_days=30, max_turns=20_000)
True
>>> mem.compact(dry_run=True).line()
'would evict 0 of 0 turns (0 expired, 0 over the cap); 0 kept, facts untouched; would merge 0 open facts, 0 turns in 0.0 s'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from chronomem.errors import InputError, check_text
from chronomem.graph.base import WriteReport
from chronomem.graph.importance import Usage, after_feedback, fact_usage, importance_table
from chronomem.graph.lifecycle import LifecycleStore, RetentionPolicy
from chronomem.graph.retention import CompactReport, compact

if TYPE_CHECKING:
    from chronomem.clock import Clock
    from chronomem.graph.base import GraphStore

_KEEP = object()  # set_policy: this field as the group's policy has it


class ImportanceRecord(BaseModel):
    """A turn's or fact version's importance after ``feedback``: the stored ``importance``, its
    ``effective`` value now, when it was last confirmed useful, and whether a turn is ``kept``
    (promoted to the long-term tier: it never expires by time to live)."""

    kind: Literal["turn", "fact"]
    id: str
    importance: float
    effective: float
    used_at: datetime | None
    kept: bool


class LifecycleMemory:
    """``feedback``, ``policy``, ``set_policy`` and ``compact``, on the store, group and clock of a Memory."""

    if TYPE_CHECKING:
        store: GraphStore
        group: str
        clock: Clock

        def _erase_vectors(self, report: Any) -> None: ...

        def _side_index(self) -> Any: ...

        def _after_write(self, report: WriteReport) -> None: ...

    def _lifecycle(self) -> LifecycleStore:
        if not isinstance(self.store, LifecycleStore):
            raise InputError(f"{type(self.store).__name__} keeps no importance or retention policy "
                             "(use the embedded store or Neo4j)")
        return self.store

    def feedback(self, ids: Sequence[str], *, useful: bool = True) -> list[ImportanceRecord]:
        """Say whether the hits ``ids`` (turn or fact ids, as search and context return them) were
        useful: useful ones gain importance, are marked used now and, for turns, kept for good;
        the others lose importance. Returns each item's importance after it."""
        store = self._lifecycle()
        wanted = list(dict.fromkeys(check_text(i, "id") for i in ids))
        if not wanted:
            raise InputError("feedback needs at least one id (the id of a search or context hit)")
        turns = self.store.get_turns(self.group, wanted)
        facts = {f.id: f for f in self.store.get_facts(self.group, [i for i in wanted if i not in turns])}
        unknown = [i for i in wanted if i not in turns and i not in facts]
        if unknown:
            gone = " (evicted by retention)" if store.evictions(self.group, unknown[:1]) else ""
            raise InputError(f"no turn or fact {unknown[0]!r} in group {self.group!r}{gone}; give the ids of "
                             "search hits (`chronomem search QUERY --json`, the id field)")
        table, now = importance_table(), self.clock.now()
        stored = store.usage(self.group, "turn", list(turns))
        current = [stored.get(i) or Usage("turn", i, table.turn.default, born_at=t.at) for i, t in turns.items()]
        stored = store.usage(self.group, "fact", list(facts))
        current += [fact_usage(f, self.store.vocabulary, stored.get(i), table=table) for i, f in facts.items()]
        updated = [after_feedback(u, useful=useful, now=now, table=table) for u in current]
        store.put_usage(self.group, updated)
        return [ImportanceRecord(kind=u.kind, id=u.id, importance=u.importance,
                                 effective=round(u.effective(now, table.half_life_days), 6), used_at=u.used_at,
                                 kept=u.kept) for u in updated]

    def policy(self) -> RetentionPolicy | None:
        """The group's retention policy; ``None`` when none was set (everything is kept)."""
        return self._lifecycle().retention_policy(self.group)

    def set_policy(self, *, turn_ttl_days: float | None | Any = _KEEP, max_turns: int | None | Any = _KEEP,
                   keep_above: float | Any = _KEEP, consolidate: bool | Any = _KEEP) -> RetentionPolicy:
        """Set the group's retention policy (:class:`~chronomem.graph.lifecycle.RetentionPolicy`);
        a field not given keeps its current value (``None`` turns the time to live or the cap off)."""
        store = self._lifecycle()
        fields = {k: v for k, v in (("turn_ttl_days", turn_ttl_days), ("max_turns", max_turns),
                                    ("keep_above", keep_above), ("consolidate", consolidate)) if v is not _KEEP}
        from pydantic import ValidationError

        try:
            policy = RetentionPolicy.model_validate({**(self.policy() or RetentionPolicy()).model_dump(), **fields})
        except ValidationError as e:
            first = e.errors()[0]
            raise InputError(f"retention policy: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
        store.set_retention_policy(self.group, policy)
        return policy

    def clear_policy(self) -> None:
        """Remove the group's retention policy: everything is kept again (what was evicted stays evicted)."""
        self._lifecycle().set_retention_policy(self.group, None)

    def compact(self, *, dry_run: bool = False, by: str = "api",
                progress: Callable[[int, int], None] | None = None) -> CompactReport:
        """Apply the group's retention policy now: evict the turns it lets go (erased as ``forget``
        erases them, facts untouched, an audit record of kind ``retention`` per transaction) and
        their side-index vectors. ``dry_run`` only counts. ``progress(done, total)`` follows it."""
        self._lifecycle()
        index = self._side_index()
        embedder = getattr(index, "embedder", None)
        report = compact(self.store, self.group, now=self.clock.now(), dry_run=dry_run, by=by, progress=progress,
                         evicted=self._erase_vectors, embed=None if embedder is None else embedder.embed)
        merged = report.consolidation
        if merged is not None and not dry_run:  # the restated versions are embedded, the merged turns' vectors go
            self._after_write(WriteReport(new_fact_ids=merged.new_fact_ids, expired_fact_ids=merged.merged_fact_ids))
            if merged.eviction is not None:
                self._erase_vectors(merged.eviction)
        return report
