"""The remember queue: extraction ahead of the one writer (in a thread or in worker processes), each
session stored once and whole, errors to their own callers, workers gone with their server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import wait

import anyio
import pytest

from chronomem.errors import ExtractionError, InputError
from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import WriteReport
from chronomem.mcp.remember_queue import RememberQueue
from chronomem.mcp.runtime import MemoryPool
from chronomem.schema import ExtractionResult
from chronomem.schema.models import validate_session


def session(n: int, group: str = "g", text: str | None = None) -> dict:
    return {"session_id": f"s{n}", "group_id": group, "started_at": "2024-03-01T10:00:00Z",
            "turns": [{"speaker": "Ana", "text": text or f"I moved to Town{n} last week."}]}


class SlowExtractor:
    """No facts; notes which thread extracted each batch and how big it was; ``fail`` names sessions
    it yields an :class:`ExtractionError` for (as the LLM extractor does)."""

    def __init__(self, seconds: float = 0.0, fail: frozenset[str] = frozenset()) -> None:
        self.seconds, self.fail = seconds, fail
        self.batches: list[tuple[str, int]] = []

    def extract_many(self, sessions):
        sessions = list(sessions)
        self.batches.append((threading.current_thread().name, len(sessions)))
        time.sleep(self.seconds)
        for s in sessions:
            yield s, (ExtractionError(f"cannot read {s.session_id}") if s.session_id in self.fail
                      else ExtractionResult())


def test_extraction_runs_outside_the_write_lock_and_each_session_is_written_once():
    lock = threading.Lock()
    written: list[str] = []

    def write(group, s, result):
        assert lock.locked()  # the writer holds the memory's write lock for every write
        written.append(s.session_id)
        return WriteReport(session_added=written.count(s.session_id) == 1)

    extractor = SlowExtractor()
    queue = RememberQueue(write, extractor, lock=lock)
    try:
        lock.acquire()  # another write (an import, say) holds the memory: sessions are still extracted
        futures = [queue.submit("g", validate_session(session(n % 5))) for n in range(10)]  # each one twice
        deadline = time.monotonic() + 5
        while sum(n for _, n in extractor.batches) < 10 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sum(n for _, n in extractor.batches) == 10 and written == []
        assert {name for name, _ in extractor.batches} == {"chronomem-mcp-extract"}
        lock.release()
        wait(futures, timeout=5)
        assert sorted(written) == sorted(f"s{n % 5}" for n in range(10))
        assert sum(f.result().session_added for f in futures) == 5
    finally:
        queue.close()


def test_an_unreadable_session_fails_alone():
    extractor = SlowExtractor(fail=frozenset({"s2"}))
    queue = RememberQueue(lambda g, s, r: WriteReport(session_added=True), extractor, lock=threading.Lock())
    try:
        futures = [queue.submit("g", validate_session(session(n))) for n in range(4)]
        wait(futures, timeout=5)
        with pytest.raises(InputError, match="cannot read s2"):
            futures[2].result()
        assert [f.result().session_added for n, f in enumerate(futures) if n != 2] == [True] * 3
    finally:
        queue.close()


def test_a_failing_write_reaches_its_caller_and_the_queue_goes_on():
    def write(group, s, result):
        if s.session_id == "s1":
            raise InputError("turn id belongs to another session")
        return WriteReport(session_added=True)

    queue = RememberQueue(write, SlowExtractor(), lock=threading.Lock())
    try:
        futures = [queue.submit("g", validate_session(session(n))) for n in range(3)]
        wait(futures, timeout=5)
        with pytest.raises(InputError, match="another session"):
            futures[1].result()
        assert futures[0].result().session_added and futures[2].result().session_added
    finally:
        queue.close()
    with pytest.raises(InputError, match="shutting down"):
        queue.submit("g", validate_session(session(9)))


def test_workers_need_an_extractor_that_can_be_rebuilt_in_them():
    with pytest.raises(InputError, match="no .factory"):
        RememberQueue(lambda g, s, r: WriteReport(), SlowExtractor(), lock=threading.Lock(), workers=1)


def test_worker_processes_extract_what_one_process_would():
    """The real extractor in a worker process: the same facts as ingesting in this process, each
    session stored once when sent twice concurrently, and the store never sees half a session."""
    texts = ["I moved to Lisbon in 2019.", "I work at Acme as an engineer.", "We upgraded Postgres from 13 to 14."]
    here = MemoryPool(SqliteGraphStore(":memory:"), embedder=None)
    there = MemoryPool(SqliteGraphStore(":memory:"), embedder=None, extract_workers=1)

    async def remember_all(pool):
        reports = {}
        async with anyio.create_task_group() as tg:
            for n in range(len(texts) * 2):
                async def one(n=n):
                    reports[n] = await pool.remember("g", session(n % len(texts), text=texts[n % len(texts)]))
                tg.start_soon(one)
        return reports

    try:
        reports = anyio.run(remember_all, there)
        assert sum(r.session_added for r in reports.values()) == len(texts)
        anyio.run(remember_all, here)
        assert facts(there) == facts(here) and facts(here)
        assert len(there.store.sessions("g")) == len(texts)
    finally:
        here.close()
        there.close()


def facts(pool: MemoryPool) -> list[tuple[str, str, str, str]]:
    ids = [e.id for e in pool.store.iter_entities("g")]
    return sorted((f.subject_id, f.predicate, f.object_id, f.statement) for f in pool.store.facts_of("g", ids))


SERVER = """
import sys, threading
from chronomem.graph import SqliteGraphStore
from chronomem.mcp.runtime import MemoryPool
pool = MemoryPool(SqliteGraphStore(":memory:"), embedder=None, extract_workers=1)
import multiprocessing
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
threading.Event().wait()
"""


def test_workers_end_with_a_server_killed_by_a_signal():
    """A server killed outright (uvicorn re-raises SIGTERM, so it never shuts its pool down) leaves no
    extraction worker waiting for work forever."""
    proc = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        children = [int(p) for p in proc.stdout.readline().split()]
        assert children, "no worker process started"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    deadline = time.monotonic() + 30
    alive = children
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in children if _alive(pid)]
        time.sleep(0.2)
    assert alive == []


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
