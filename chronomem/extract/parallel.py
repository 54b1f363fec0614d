"""Parallel extraction: N worker processes extract, the caller's process writes.

Results come back in input order, so a parallel run writes exactly what a single-process run
writes (extraction is deterministic per session).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from chronomem.schema.models import ExtractionResult, Session

_WORKER_EXTRACTOR: Any = None
_PRELOAD = ("spacy", "chronomem.extract.extractor", "chronomem.extract.parse.pipeline")


def _init_worker(factory: Callable[[], Any]) -> None:
    global _WORKER_EXTRACTOR
    _WORKER_EXTRACTOR = factory()


def extract_chunk(sessions: list[Session]) -> list[tuple[Session, ExtractionResult]]:
    """``extract_many`` of ``sessions`` in a worker (of :func:`extraction_workers`)."""
    return list(_WORKER_EXTRACTOR.extract_many(sessions))


def extract_results(sessions: list[Session]) -> list[ExtractionResult]:
    """The results alone of :func:`extract_chunk` (the caller has the sessions: half the pickling)."""
    return [result for _, result in _WORKER_EXTRACTOR.extract_many(sessions)]


def _chunks(items: Iterable[Session], turns_per_chunk: int, workers: int = 1) -> Iterator[list[Session]]:
    """Consecutive sessions, about ``turns_per_chunk`` turns a chunk (spaCy batches well), and smaller chunks
    at the end, read ahead, so that the workers finish together: the last ``2 * workers`` chunks' worth of
    turns go in chunks of a ``2 * workers``-th of what is left (no fewer than an eighth of a chunk).

    >>> from types import SimpleNamespace
    >>> day = SimpleNamespace(turns=[...] * 10)  # a session of ten turns
    >>> [sum(len(s.turns) for s in c) for c in _chunks([day] * 20, 40, workers=2)]
    [40, 40, 30, 30, 20, 10, 10, 10, 10]
    """
    ahead: deque[tuple[Session, int]] = deque()
    turns, sessions, window = 0, iter(items), 2 * workers * turns_per_chunk
    while True:
        for session in sessions:
            ahead.append((session, max(1, len(session.turns))))
            turns += ahead[-1][1]
            if turns >= window:
                break
        if not ahead:
            return
        size = turns_per_chunk if turns >= window else max(turns_per_chunk // 8, turns // (2 * workers))
        chunk: list[Session] = []
        taken = 0
        while ahead and taken < size:
            session, n = ahead.popleft()
            chunk.append(session)
            taken += n
        turns -= taken
        yield chunk


def extract_parallel(
    factory: Callable[[], Any],
    sessions: Iterable[Session],
    *,
    workers: int,
    turns_per_chunk: int = 256,
) -> Iterator[tuple[Session, ExtractionResult]]:
    """Extract ``sessions`` with ``workers`` processes, each building its extractor with ``factory``.

    ``factory`` must be picklable (e.g. a class or ``functools.partial``). Workers send back results only;
    the sessions of each chunk wait here, in the order the pool takes the chunks (and returns their results).
    """
    if workers < 2:
        yield from factory().extract_many(sessions)
        return
    sent: deque[list[Session]] = deque()

    def kept(chunks: Iterator[list[Session]]) -> Iterator[list[Session]]:
        for chunk in chunks:
            sent.append(chunk)
            yield chunk

    with _single_threaded_children(), _context().Pool(workers, initializer=_init_worker, initargs=(factory,)) as pool:
        for results in pool.imap(extract_results, kept(_chunks(sessions, turns_per_chunk, workers))):
            yield from zip(sent.popleft(), results)


def _context() -> Any:
    if "forkserver" in mp.get_all_start_methods():
        ctx = mp.get_context("forkserver")
        # The fork server imports these once and forks every worker from itself, so workers of a
        # later ingest in the same process start without importing spaCy again (~1 s each here).
        # Takes effect when the server starts (the first parallel ingest of the process).
        ctx.set_forkserver_preload(list(_PRELOAD))
        return ctx
    return mp.get_context("spawn")


def _init_loaded_worker(factory: Callable[[], Any]) -> None:
    _exit_with_parent()
    _init_worker(factory)
    getattr(_WORKER_EXTRACTOR, "nlp", None)  # a spaCy extractor loads its model now, not on the first call


def _exit_with_parent() -> None:
    """End this worker when the process that started it ends, however it ends: a server killed by a
    signal never shuts its workers down, and an idle worker would wait for work forever."""
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        from multiprocessing.connection import wait

        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="chronomem-parent-watch", daemon=True).start()


def _started() -> None:
    """Nothing: submitted once per worker so that every worker process starts at once."""


def extraction_workers(factory: Callable[[], Any], workers: int) -> ProcessPoolExecutor:
    """``workers`` long-lived extraction processes, started now, each with its extractor built by
    ``factory`` and its model loaded: submit :func:`extract_chunk` with a list of sessions.
    Shut it down when done (``shutdown()``)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    with _single_threaded_children():
        executor = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_init_loaded_worker,
                                       initargs=(factory,))
        for _ in range(workers):  # each submit while none is idle starts one more process, here
            executor.submit(_started)
    return executor


_THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS")


@contextmanager
def _single_threaded_children() -> Iterator[None]:
    """Workers are the parallelism: one BLAS thread each, so N workers don't oversubscribe N cores."""
    saved = {k: os.environ.get(k) for k in _THREAD_VARS}
    os.environ.update({k: "1" for k in _THREAD_VARS})
    try:
        yield
    finally:
        for k in _THREAD_VARS:
            os.environ.pop(k, None)
        os.environ.update({k: v for k, v in saved.items() if v is not None})
