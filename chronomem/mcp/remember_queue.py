"""The group commit of ``remember``: sessions from any number of clients, extracted in batches while
the one writer stores the sessions extracted before them.

Two stages, each a thread. The dispatcher takes the queued sessions (from any client and group)
as soon as an extraction slot is free and extracts them together: in ``workers`` long-lived worker
processes when there are any (:func:`~chronomem.extract.parallel.extraction_workers`; a busy
server then extracts on other cores than the one serving HTTP and writing), else itself, in one
batch. A worker has two slots, so that its next batch is there when it finishes one (the callers
of the batch it finished are still waiting for their answers then, and send their next sessions
only after); a backlog is split among the free slots. The writer stores each extracted session in its own transaction, holding the memory's
write lock for it (the one ``import_facts``, ``retract`` and ``forget`` take): readers see a
session whole or not at all, and a session sent twice is stored once (the second write finds it).
Extraction does not depend on what is stored, and the temporal rules give the same answer in any
order, so extracting ahead of the writer changes nothing but the time it takes.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from chronomem.errors import ExtractionError, InputError
from chronomem.graph.base import WriteReport
from chronomem.schema.models import ExtractionResult, Session

Write = Callable[[str, Session, ExtractionResult], WriteReport]  # (group, session, its extraction) -> report


@dataclass
class Queued:
    """A session waiting to be remembered, and where its report goes."""

    group: str
    session: Session
    done: Future[WriteReport] = field(default_factory=Future)


class RememberQueue:
    """Sessions in, write reports out (:meth:`submit`); see the module's description.

    ``extractor`` reads sessions in this process (``extract_many``) when ``workers`` is 0; with
    workers, its ``factory()`` builds theirs. At most ``max_batch`` sessions go to one extraction.
    """

    def __init__(self, write: Write, extractor: Any, *, lock: threading.Lock, workers: int = 0,
                 max_batch: int = 64) -> None:
        if workers < 0:
            raise InputError(f"extraction workers must be 0 or more, not {workers}")
        if workers and getattr(extractor, "factory", None) is None:
            raise InputError(f"{type(extractor).__name__} cannot run in worker processes (it has no .factory()): "
                             "use 0 extraction workers")
        self._write, self._extractor, self._lock = write, extractor, lock
        self.workers, self.max_batch = workers, max(1, max_batch)
        self._pending: list[Queued] = []
        self._ready: list[tuple[Queued, ExtractionResult | Exception]] = []
        self._slots = 2 * workers or 1  # a worker's next batch waits beside it: it never waits for a round trip
        self._free = self._slots
        self._changed = threading.Condition()
        self._closed = False
        self._executor: Executor | None = self._start_workers() if workers else None
        self._threads = [threading.Thread(target=self._dispatch_loop, name="chronomem-mcp-extract", daemon=True),
                         threading.Thread(target=self._write_loop, name="chronomem-mcp-writer", daemon=True)]
        for thread in self._threads:
            thread.start()

    def submit(self, group: str, session: Session) -> Future[WriteReport]:
        """Queue ``session`` (already valid, ``group_id`` its group); the future holds its write report,
        or the error that kept it from being stored."""
        item = Queued(group, session)
        with self._changed:
            if self._closed:
                raise InputError("the server is shutting down; send the session again once it is back")
            self._pending.append(item)
            self._changed.notify_all()
        return item.done

    def close(self) -> None:
        """Stop taking sessions, finish the ones queued, stop the workers."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        for thread in self._threads:
            thread.join(timeout=60)
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)

    # -- stage 1: extraction ---------------------------------------------------------------
    def _start_workers(self) -> Executor:
        from chronomem.extract.parallel import extraction_workers

        return extraction_workers(self._extractor.factory(), self.workers)

    def _take(self) -> list[Queued] | None:
        """The next batch to extract (``None`` once closed and drained): the queued sessions shared
        among the free slots, so that two idle workers split a backlog instead of one taking it all."""
        with self._changed:
            while not (self._pending and self._free) and not (self._closed and not self._pending):
                self._changed.wait()
            if not self._pending:
                return None
            size = min(self.max_batch, -(-len(self._pending) // self._free))
            batch, self._pending = self._pending[:size], self._pending[size:]
            self._free -= 1
            return batch

    def _dispatch_loop(self) -> None:
        while (batch := self._take()) is not None:
            if self._executor is None:
                self._extracted(batch, self._extract_here(batch))
                continue
            try:
                job = self._submit(batch)
            except Exception as e:  # the workers could not be restarted: this batch fails alone
                self._extracted(batch, e)
                continue
            job.add_done_callback(functools.partial(self._job_done, batch))

    def _job_done(self, batch: list[Queued], job: Future[Any]) -> None:
        self._extracted(batch, _outcome(job))

    def _submit(self, batch: list[Queued]) -> Future[Any]:
        from chronomem.extract.parallel import extract_chunk

        assert self._executor is not None
        sessions = [item.session for item in batch]
        try:
            return self._executor.submit(extract_chunk, sessions)
        except BrokenProcessPool:  # a worker died earlier (its batch got an error): start new ones
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start_workers()
            return self._executor.submit(extract_chunk, sessions)

    def _extract_here(self, batch: list[Queued]) -> list[tuple[Session, ExtractionResult]] | Exception:
        try:
            return list(self._extractor.extract_many([item.session for item in batch]))
        except Exception as e:  # every session of the batch gets the error
            return e

    def _extracted(self, batch: list[Queued], outcome: Iterable[tuple[Session, Any]] | Exception) -> None:
        """Hand a batch's extractions (or the error every one of them gets) to the writer; free the slot."""
        if isinstance(outcome, BrokenProcessPool):
            outcome = InputError("an extraction worker stopped unexpectedly (out of memory?); the session was not "
                                 "stored: send it again")
        if isinstance(outcome, Exception):
            results: list[ExtractionResult | Exception] = [outcome] * len(batch)
        else:
            results = [_as_error(result) for _, result in outcome]
        with self._changed:
            self._ready.extend(zip(batch, results, strict=True))
            self._free += 1
            self._changed.notify_all()

    # -- stage 2: writing ------------------------------------------------------------------
    def _write_loop(self) -> None:
        while True:
            with self._changed:
                while not self._ready and not (self._closed and self._idle()):
                    self._changed.wait()
                if not self._ready:
                    return
                ready, self._ready = self._ready, []
            for item, result in ready:
                self._store(item, result)

    def _idle(self) -> bool:
        return not self._pending and self._free == self._slots

    def _store(self, item: Queued, result: ExtractionResult | Exception) -> None:
        if isinstance(result, Exception):
            item.done.set_exception(result)
            return
        try:
            with self._lock:
                report = self._write(item.group, item.session, result)
        except Exception as e:  # handed to the caller
            item.done.set_exception(e)
            return
        item.done.set_result(report)


def _outcome(job: Future[Any]) -> Any:
    """A finished job's result, or its exception."""
    if job.cancelled():
        return InputError("the server shut down before the session was read; send it again once it is back")
    error = job.exception()
    return error if error is not None else job.result()


def _as_error(result: ExtractionResult | ExtractionError) -> ExtractionResult | Exception:
    """An extractor's per-session error (the LLM extractor's) becomes the caller's one-line error."""
    return InputError(str(result)) if isinstance(result, ExtractionError) else result
