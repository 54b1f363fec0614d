"""What the MCP tools run on: one store, a :class:`~chronomem.Memory` per group, one writer.

Reads run in worker threads, at most ``call_seconds`` each. Writes (remember, import, retract,
forget) go through one writer at a time (the embedded store has a single writer anyway; on Neo4j
it keeps extraction, which is not thread-safe, to one thread): a write that waits longer than
``write_wait_seconds`` for its turn fails with a clear error instead of queueing forever.

``remember`` calls are committed in groups: one writer thread takes every session queued for a
group (from any number of clients) and ingests them together, one transaction per session, so
extraction runs over them in one batch as a single-process ingest does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from chronomem.errors import InputError
from chronomem.graph.base import GraphStore, WriteReport
from chronomem.mcp.access import LimitError, Limits
from chronomem.memory import Memory
from chronomem.schema.models import Session

T = TypeVar("T")


class MemoryPool:
    """A Memory per group over one shared store (and one shared extractor)."""

    def __init__(self, store: GraphStore, *, limits: Limits | None = None, embedder: Any = "auto",
                 extractor: Any | None = None, index_dir: str | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self._embedder = embedder
        self._extractor = extractor
        self._index_dir = index_dir
        self._memories: dict[str, Memory] = {}
        self._lock = threading.Lock()
        self._writer = threading.Lock()
        self._queue: list[tuple[str, Session, Future[WriteReport]]] = []
        self._queued = threading.Condition()
        self._committer: threading.Thread | None = None

    def memory(self, group: str) -> Memory:
        """The group's Memory (made on first use; they share the store and the extractor)."""
        with self._lock:
            mem = self._memories.get(group)
            if mem is None:
                mem = Memory(self.store, group=group, extractor=self._shared_extractor(), embedder=self._embedder,
                             index_dir=self._index_dir)
                self._memories[group] = mem
            return mem

    def _shared_extractor(self) -> Any:
        if self._extractor is None:
            from chronomem.extract import SpacyRuleExtractor

            self._extractor = SpacyRuleExtractor(vocabulary=self.store.vocabulary)
        return self._extractor

    async def read(self, work: Callable[[], T]) -> T:
        """Run ``work`` in a thread, failing after ``call_seconds``."""
        return await self._timed(work)

    async def write(self, work: Callable[[], T]) -> T:
        """Run ``work`` as the only writer, after waiting at most ``write_wait_seconds`` for the turn."""
        wait = self.limits.write_wait_seconds

        def exclusive() -> T:
            if not self._writer.acquire(timeout=wait):
                raise LimitError(f"the memory is busy with other writes (waited {wait:g} s); retry in a moment")
            try:
                return work()
            finally:
                self._writer.release()

        return await self._timed(exclusive)

    async def remember(self, group: str, session: dict[str, Any] | Session) -> WriteReport:
        """Ingest one session into ``group`` with whatever else is queued; its own write report. A
        malformed session is refused here, alone, before it could hold up the others."""
        import asyncio

        from chronomem.schema.models import validate_session

        given = session.model_dump() if isinstance(session, Session) else session
        valid = validate_session({**given, "group_id": group})
        done: Future[WriteReport] = Future()
        with self._queued:
            self._queue.append((group, valid, done))
            if self._committer is None or not self._committer.is_alive():
                self._committer = threading.Thread(target=self._commit_loop, name="chronomem-mcp-writer", daemon=True)
                self._committer.start()
            self._queued.notify()
        seconds = self.limits.call_seconds
        try:
            with anyio.fail_after(seconds):
                return await asyncio.wrap_future(done)
        except TimeoutError as e:
            raise LimitError(f"remembering took longer than {seconds:g} s; the session is still queued and will be "
                             "stored whole (send it again later: a known session changes nothing)") from e

    def _commit_loop(self) -> None:
        while True:
            with self._queued:
                while not self._queue:
                    self._queued.wait()
                group = self._queue[0][0]
                batch = [item for item in self._queue if item[0] == group][:256]
                taken = {id(item) for item in batch}
                self._queue = [item for item in self._queue if id(item) not in taken]
            with self._writer:
                self._commit(group, batch)

    def _commit(self, group: str, batch: list[tuple[str, Session, Future[WriteReport]]]) -> None:
        waiting = list(batch)

        def finished(session: Any, report: WriteReport) -> None:
            for n, (_, given, future) in enumerate(waiting):
                if given.session_id == session.session_id:
                    future.set_result(report)
                    del waiting[n]
                    return

        try:
            summary = self.memory(group).ingest([given for _, given, _ in batch], progress=finished)
            problem: Exception = InputError(summary.errors[0] if summary.errors else "the session was not stored")
        except Exception as e:  # noqa: BLE001 - handed to the callers, each gets its error
            problem = e
        for _, _, future in waiting:
            future.set_exception(problem)

    async def _timed(self, work: Callable[[], T]) -> T:
        seconds = self.limits.call_seconds
        try:
            with anyio.fail_after(seconds):
                return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except TimeoutError as e:
            raise LimitError(f"the call took longer than {seconds:g} s and was abandoned (a write still finishes "
                             "or rolls back as a whole); ask for less, e.g. a smaller k or fewer turns") from e

    def close(self) -> None:
        """Close every group's side-index and the store."""
        with self._lock:
            for mem in self._memories.values():
                if mem.index is not None and hasattr(mem.index, "close"):
                    mem.index.close()
            self._memories.clear()
        self.store.close()
