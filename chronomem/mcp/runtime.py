"""What the MCP tools run on: one store, a :class:`~chronomem.Memory` per group, one writer.

Reads run in worker threads, at most ``call_seconds`` each. Writes (remember, import, retract,
forget) go through one writer at a time (the embedded store has a single writer anyway; on Neo4j
it keeps extraction, which is not thread-safe, to one thread): a write that waits longer than
``write_wait_seconds`` for its turn fails with a clear error instead of queueing forever.

``remember`` calls are committed in groups (:mod:`chronomem.mcp.remember_queue`): every session
queued (from any number of clients) is extracted in one batch, in ``extract_workers`` worker
processes when there are any, while the writer stores the sessions extracted before, one
transaction per session.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from chronomem.deadline import within
from chronomem.errors import DeadlineError
from chronomem.graph.base import GraphStore, WriteReport
from chronomem.mcp.access import LimitError, Limits
from chronomem.mcp.remember_queue import RememberQueue
from chronomem.memory import Memory
from chronomem.schema.models import ExtractionResult, Session

T = TypeVar("T")


class MemoryPool:
    """A Memory per group over one shared store (and one shared extractor). ``extract_workers``
    worker processes read ``remember``'s sessions (0: a thread of this process does). With
    ``index_in_background``, each group's side-index (kept in ``index_dir`` when given) catches up in a
    background thread: what this process writes is embedded and stored at once, and what other
    processes on the same store embedded is read."""

    def __init__(self, store: GraphStore, *, limits: Limits | None = None, embedder: Any = "auto",
                 extractor: Any | None = None, index_dir: str | None = None, extract_workers: int = 0,
                 index_in_background: bool = False) -> None:
        self.store = store
        self._index_in_background = index_in_background
        self.limits = limits or Limits()
        self._embedder = embedder
        self._extractor = extractor
        self._index_dir = index_dir
        self._memories: dict[str, Memory] = {}
        self._lock = threading.Lock()
        self._writer = threading.Lock()
        self._remembering = RememberQueue(self._write_extracted, self._shared_extractor(), lock=self._writer,
                                          workers=extract_workers)

    def memory(self, group: str) -> Memory:
        """The group's Memory (made on first use; they share the store and the extractor)."""
        with self._lock:
            mem = self._memories.get(group)
            if mem is None:
                mem = Memory(self.store, group=group, extractor=self._shared_extractor(), embedder=self._embedder,
                             index_dir=self._index_dir)
                if self._index_in_background:  # embeds what this server writes, reads what other processes stored
                    mem.start_indexing()
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

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Be the only writer for the block (a thread's maintenance work, such as compaction)."""
        with self._writer:
            yield

    async def remember(self, group: str, session: dict[str, Any] | Session) -> WriteReport:
        """Ingest one session into ``group`` with whatever else is queued; its own write report. A
        malformed session is refused here, alone, before it could hold up the others."""
        import asyncio

        from chronomem.schema.models import validate_session

        given = session.model_dump() if isinstance(session, Session) else session
        done = self._remembering.submit(group, validate_session({**given, "group_id": group}))
        seconds = self.limits.call_seconds
        try:
            with anyio.fail_after(seconds):
                return await asyncio.wrap_future(done)
        except TimeoutError as e:
            raise LimitError(f"remembering took longer than {seconds:g} s; the session is still queued and will be "
                             "stored whole (send it again later: a known session changes nothing)") from e

    def _write_extracted(self, group: str, session: Session, result: ExtractionResult) -> WriteReport:
        return self.memory(group).write_extracted(session, result)

    async def _timed(self, work: Callable[[], T]) -> T:
        seconds = self.limits.call_seconds

        def bounded() -> T:  # the thread stops at its next deadline check once the call is abandoned
            with within(seconds):
                return work()

        try:
            with anyio.fail_after(seconds):
                return await anyio.to_thread.run_sync(bounded, abandon_on_cancel=True)
        except (TimeoutError, DeadlineError) as e:  # whichever notices first: the timer or the work
            raise LimitError(f"the call took longer than {seconds:g} s and was abandoned (a write still finishes "
                             "or rolls back as a whole); ask for less, e.g. a smaller k or fewer turns") from e

    def close(self) -> None:
        """Finish the queued remembers, stop the extraction workers, close every group's side-index and the store."""
        self._remembering.close()
        with self._lock:
            for mem in self._memories.values():
                if mem.index is not None and hasattr(mem.index, "close"):
                    mem.index.close()
            self._memories.clear()
        self.store.close()
