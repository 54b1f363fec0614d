"""Writing a stream of batches with a few transactions in flight at once (bulk import on a server store).

A server store (Neo4j) spends most of a batch's time waiting on the server; with two batches in
flight, one batch's Python (planning, encoding) runs while the other's statements and commit run
on the server, and the server works on two transactions at once. Correctness needs nothing extra:
every write locks the slots it files claims under before reading them, so batches that share a
slot are serialized by the store, and the temporal rules give the same versions in any order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime

from chronomem.graph.base import WriteBatch, WriteReport

Write = Callable[[WriteBatch, datetime], WriteReport]


def write_concurrently(write: Write, batches: Iterable[tuple[WriteBatch, datetime]], *,
                       writers: int) -> Iterator[tuple[WriteBatch, WriteReport]]:
    """``write(batch, recorded_at)`` for each pair with up to ``writers`` at once, yielding each batch
    with its report in the order given (a batch is read from ``batches`` only when a writer is free).
    The first failure is raised once the writes in flight have finished; no batch after it is started.

    >>> from chronomem.graph.base import WriteReport
    >>> def write(batch, at): return WriteReport(facts_added=len(batch.claims))
    >>> pairs = [(WriteBatch("g"), datetime(2024, 1, 1)) for _ in range(3)]
    >>> [r.facts_added for _, r in write_concurrently(write, pairs, writers=2)]
    [0, 0, 0]
    """
    if writers < 1:
        raise ValueError(f"writers must be at least 1, not {writers}")
    with ThreadPoolExecutor(writers, thread_name_prefix="chronomem-writer") as pool:
        flight: deque[tuple[WriteBatch, Future[WriteReport]]] = deque()
        try:
            for batch, recorded_at in batches:
                if len(flight) >= writers:
                    done, future = flight.popleft()
                    yield done, future.result()
                flight.append((batch, pool.submit(write, batch, recorded_at)))
            while flight:
                done, future = flight.popleft()
                yield done, future.result()
        finally:
            for _, future in flight:  # after a failure: the ones not started never start
                future.cancel()
