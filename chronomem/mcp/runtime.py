"""What the MCP tools run on: one store, a :class:`~chronomem.Memory` per group, one writer.

Reads run in worker threads, at most ``call_seconds`` each. Writes (remember, import, retract,
forget) go through one writer at a time (the embedded store has a single writer anyway; on Neo4j
it keeps extraction, which is not thread-safe, to one thread): a write that waits longer than
``write_wait_seconds`` for its turn fails with a clear error instead of queueing forever.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from chronomem.graph.base import GraphStore
from chronomem.mcp.access import LimitError, Limits
from chronomem.memory import Memory

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
