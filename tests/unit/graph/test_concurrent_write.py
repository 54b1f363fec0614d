"""Writing batches with a few in flight: reports in input order, a failure stops what follows."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone

import pytest

from chronomem.errors import InputError
from chronomem.graph.base import WriteBatch, WriteReport
from chronomem.graph.concurrent_write import write_concurrently

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)


def _batches(n: int) -> list[tuple[WriteBatch, datetime]]:
    return [(WriteBatch(f"g{i}"), T0) for i in range(n)]


def test_reports_come_in_input_order_with_writes_overlapping() -> None:
    running, most = [0], [0]
    lock = threading.Lock()

    def write(batch: WriteBatch, at: datetime) -> WriteReport:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05 if batch.group_id == "g0" else 0.01)  # the first finishes last
        with lock:
            running[0] -= 1
        return WriteReport(facts_added=int(batch.group_id[1:]))

    out = [(b.group_id, r.facts_added) for b, r in write_concurrently(write, _batches(5), writers=2)]
    assert out == [(f"g{i}", i) for i in range(5)]
    assert most[0] == 2


def test_a_failure_is_raised_and_no_later_batch_starts() -> None:
    started: list[str] = []

    def write(batch: WriteBatch, at: datetime) -> WriteReport:
        started.append(batch.group_id)
        if batch.group_id == "g1":
            raise InputError("bad batch")
        return WriteReport()

    with pytest.raises(InputError, match="bad batch"):
        list(write_concurrently(write, _batches(6), writers=2))
    assert set(started) <= {"g0", "g1", "g2"}  # g2 may have been running already; nothing after it starts


def test_one_writer_is_sequential_and_none_is_refused() -> None:
    assert len(list(write_concurrently(lambda b, at: WriteReport(), _batches(3), writers=1))) == 3
    with pytest.raises(ValueError, match="at least 1"):
        list(write_concurrently(lambda b, at: WriteReport(), _batches(1), writers=0))
