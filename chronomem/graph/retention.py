"""Retention: which turns a group's policy lets go, and compaction, which evicts them.

Facts and their history are always kept. Turns live in two tiers:

* **short-term**: a turn that supports no fact version, was not promoted by feedback and whose
  importance (:mod:`chronomem.graph.importance`: scored when written, corrected by feedback) is
  below the policy's ``keep_above`` expires once it has been idle (since said, or last confirmed
  useful) longer than ``turn_ttl_days``;
* **long-term**: every other turn; it stays, unless the group is over its cap.

A cap (``max_turns``) then evicts from what is left, short-term turns first, each tier's
lowest-importance, oldest turns first, until the group holds ``max_turns`` (:func:`plan_retention`):
a turn that is a fact's evidence, that feedback promoted or that matters goes only once no
short-term turn is left. :func:`compact` evicts
the planned turns in transactions of ``batch`` turns (:meth:`~chronomem.graph.lifecycle.LifecycleStore.evict_turns`:
each one whole or not at all, with its audit record), so a compaction killed half way leaves a
store that is consistent and nearer its policy, and the next run finishes the work.

>>> from datetime import datetime, timedelta, timezone
>>> from chronomem.graph.importance import Usage
>>> from chronomem.graph.lifecycle import RetentionPolicy, TurnState
>>> now = datetime(2024, 6, 1, tzinfo=timezone.utc)
>>> def turn(i, days_ago, importance):
...     at = now - timedelta(days=days_ago)
...     return TurnState(i, "s", at, Usage("turn", i, importance, born_at=at))
>>> turns = [turn("chatter", 60, 0.1), turn("plan", 60, 0.8), turn("fresh", 1, 0.1), turn("fact", 90, 0.3)]
>>> plan = plan_retention(turns, RetentionPolicy(turn_ttl_days=30, max_turns=2), supported={"fact"}, now=now)
>>> plan.expired, plan.over_cap, plan.kept  # a fresh "ok" goes before an older turn that sourced a fact
(['chatter'], ['fresh'], 2)
>>> plan_retention(turns, RetentionPolicy(max_turns=2), supported={"fact"}, now=now).over_cap  # the older first
['chatter', 'fresh']
>>> plan_retention(turns, RetentionPolicy(max_turns=1), supported={"fact"}, now=now).over_cap  # then the long-term
['chatter', 'fresh', 'fact']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from pydantic import BaseModel, Field

from chronomem.errors import InputError
from chronomem.graph.base import GraphStore
from chronomem.graph.consolidation import ConsolidationReport, Embed, consolidate
from chronomem.graph.erasure import Erasure
from chronomem.graph.evictor import retention_audit
from chronomem.graph.importance import ImportanceTable, Usage, importance_table
from chronomem.graph.lifecycle import EvictionReport, LifecycleStore, RetentionPolicy, TurnState

DEFAULT_BATCH = 2_000  # turns evicted per transaction


@dataclass
class RetentionPlan:
    """What a policy lets go now: ``expired`` (short-term turns past their time to live) and
    ``over_cap`` (the lowest-importance, oldest of the rest, above the cap); ``kept`` counts the rest."""

    expired: list[str] = field(default_factory=list)
    over_cap: list[str] = field(default_factory=list)
    kept: int = 0

    def turn_ids(self) -> list[str]:
        return self.expired + self.over_cap


def supported_turns(store: GraphStore, group_id: str) -> set[str]:
    """The turns some fact version of the group (current, ended or expired) cites as a source."""
    return {s.turn_id for f in store.iter_facts(group_id, include_expired=True) for s in f.sources if s.turn_id}


def plan_retention(turns: Iterable[TurnState], policy: RetentionPolicy, *, supported: set[str], now: datetime,
                   table: ImportanceTable | None = None) -> RetentionPlan:
    """The turns ``policy`` evicts now (see the module docstring). The cap goes by tier (short-term
    first), then importance (as written, corrected by feedback), ties to the older turn, then the
    smaller id; the time to live counts from when a turn was said or last confirmed useful."""
    table = table or importance_table()
    ttl = policy.turn_ttl_days
    plan = RetentionPlan()
    rest: list[tuple[bool, float, datetime, str]] = []
    for t in turns:
        u = t.usage or Usage("turn", t.id, table.turn.default, born_at=t.at)
        last = u.used_at if u.used_at is not None and u.used_at > u.born_at else u.born_at
        short_term = t.id not in supported and not u.kept and u.importance < policy.keep_above
        if short_term and ttl is not None and (now - last).total_seconds() > ttl * 86_400:
            plan.expired.append(t.id)
        else:
            rest.append((not short_term, u.importance, t.at, t.id))
    if policy.max_turns is not None and len(rest) > policy.max_turns:
        rest.sort()
        cut = len(rest) - policy.max_turns
        plan.over_cap = [i for _, _, _, i in rest[:cut]]
        rest = rest[cut:]
    plan.kept = len(rest)
    return plan


class CompactReport(BaseModel):
    """What a compaction did (or, with ``dry_run``, would do): turns before, expired by time to live,
    evicted over the cap, entities erased with them, the audit records written, and how long it took."""

    group: str
    policy: RetentionPolicy | None
    dry_run: bool
    turns_before: int = 0
    expired: int = 0
    over_cap: int = 0
    entities_erased: int = 0
    turns_after: int = 0
    consolidation: ConsolidationReport | None = None
    erasures: list[Erasure] = Field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        """One line for people."""
        if self.policy is None or self.policy.keeps_everything():
            return f"group {self.group!r} keeps everything (no retention policy: set one with `chronomem policy`)"
        verb = "would evict" if self.dry_run else "evicted"
        c = self.consolidation
        merged = "" if c is None else (f"; {'would merge' if self.dry_run else 'merged'} {c.facts_merged} open facts, "
                                       f"{c.turns_merged} turns")
        return (f"{verb} {self.expired + self.over_cap} of {self.turns_before} turns ({self.expired} expired, "
                f"{self.over_cap} over the cap); {self.turns_after} kept, facts untouched{merged}"
                + ("" if self.dry_run else f"; {self.entities_erased} entities erased with them")
                + f" in {self.seconds:.1f} s")


def compact(store: GraphStore, group_id: str, *, now: datetime, dry_run: bool = False, by: str = "compact",
            batch: int = DEFAULT_BATCH, progress: Callable[[int, int], None] | None = None,
            evicted: Callable[[EvictionReport], None] | None = None, embed: Embed | None = None) -> CompactReport:
    """Apply ``group_id``'s retention policy now: merge near-duplicates (with ``embed``, an embedder's
    ``embed``, when the policy consolidates), then evict the turns it lets go (nothing with ``dry_run``).

    ``progress(done, total)`` follows the evictions; ``evicted(report)`` is called after each
    transaction (e.g. to drop the evicted items from a side-index).
    """
    if not isinstance(store, LifecycleStore):
        raise InputError(f"{type(store).__name__} keeps no retention policy (it is not a LifecycleStore)")
    if batch < 1:
        raise InputError("batch must be at least 1")
    started = time.perf_counter()
    policy = store.retention_policy(group_id)
    report = CompactReport(group=group_id, policy=policy, dry_run=dry_run)
    if policy is None or policy.keeps_everything():
        report.turns_before = report.turns_after = store.stats(group_id)["turns"]
        return report
    if policy.consolidate:
        report.consolidation = consolidate(store, group_id, now=now, embed=embed, dry_run=dry_run, by=by)
    turns = list(store.turn_states(group_id))
    plan = plan_retention(turns, policy, supported=supported_turns(store, group_id), now=now)
    report.turns_before, report.expired, report.over_cap = len(turns), len(plan.expired), len(plan.over_cap)
    report.turns_after = plan.kept
    doomed = plan.turn_ids()
    if progress is not None:
        progress(0, len(doomed))
    if not dry_run:
        for start in range(0, len(doomed), batch):
            chunk = doomed[start:start + batch]
            done = store.evict_turns(group_id, chunk, audit=retention_audit(chunk, at=now, by=by))
            report.entities_erased += len(done.entity_ids)
            report.erasures.append(done.erasure)
            if evicted is not None:
                evicted(done)
            if progress is not None:
                progress(start + len(chunk), len(doomed))
    report.seconds = round(time.perf_counter() - started, 3)
    return report
