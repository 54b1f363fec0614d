"""Retention on a schedule for ``chronomem serve``: every so often, each group with a retention policy is
compacted (:meth:`chronomem.Memory.compact`), as the only writer for the time it takes, and each run
says what it evicted on stderr (a progress line every :data:`PROGRESS_EVERY` evictions on a long one).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from chronomem.errors import ChronomemError
from chronomem.graph.lifecycle import LifecycleStore
from chronomem.mcp.runtime import MemoryPool

PROGRESS_EVERY = 10_000


def compact_groups(pool: MemoryPool, *, log: Callable[[str], None]) -> int:
    """Compact every group of the pool's store that has a retention policy; returns how many turns
    were evicted. A group whose compaction fails is reported and skipped."""
    store = pool.store
    if not isinstance(store, LifecycleStore):
        return 0
    evicted = 0
    for group in store.groups():
        policy = store.retention_policy(group)
        if policy is None or policy.keeps_everything():
            continue
        mem = pool.memory(group)
        shown = [0]

        def progress(done: int, total: int, group: str = group, shown: list[int] = shown) -> None:
            if total >= PROGRESS_EVERY and done - shown[0] >= PROGRESS_EVERY:
                shown[0] = done
                log(f"compacting group {group!r}: {done} of {total} turns evicted")

        try:
            with pool.writing():
                report = mem.compact(by="serve", progress=progress)
        except ChronomemError as e:
            log(f"compacting group {group!r} failed: {e}")
            continue
        evicted += report.expired + report.over_cap
        if report.expired or report.over_cap:
            log(f"group {group!r}: {report.line()}")
    return evicted


class Compactor:
    """A daemon thread running :func:`compact_groups` every ``every`` seconds until :meth:`stop`."""

    def __init__(self, pool: MemoryPool, *, every: float, log: Callable[[str], None]) -> None:
        self.pool, self.every, self.log = pool, every, log
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="chronomem-compactor", daemon=True)

    def start(self) -> Compactor:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            started = time.perf_counter()
            evicted = compact_groups(self.pool, log=self.log)
            if evicted:
                self.log(f"retention: {evicted} turns evicted in {time.perf_counter() - started:.1f} s")

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=60)
