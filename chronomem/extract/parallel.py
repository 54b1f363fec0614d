"""Parallel extraction: N worker processes extract, the caller's process writes.

Results come back in input order, so a parallel run writes exactly what a single-process run
writes (extraction is deterministic per session).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
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
    """``extract_many`` of ``sessions`` in a worker (of :func:`extract_parallel` or :func:`extraction_workers`)."""
    return list(_WORKER_EXTRACTOR.extract_many(sessions))


def _chunks(items: Iterable[Session], turns_per_chunk: int) -> Iterator[list[Session]]:
    """Consecutive sessions, about ``turns_per_chunk`` turns a chunk (spaCy batches well)."""
    chunk: list[Session] = []
    turns = 0
    for session in items:
        chunk.append(session)
        turns += max(1, len(session.turns))
        if turns >= turns_per_chunk:
            yield chunk
            chunk, turns = [], 0
    if chunk:
        yield chunk


def extract_parallel(
    factory: Callable[[], Any],
    sessions: Iterable[Session],
    *,
    workers: int,
    turns_per_chunk: int = 256,
) -> Iterator[tuple[Session, ExtractionResult]]:
    """Extract ``sessions`` with ``workers`` processes, each building its extractor with ``factory``.

    ``factory`` must be picklable (e.g. a class or ``functools.partial``).
    """
    if workers < 2:
        yield from factory().extract_many(sessions)
        return
    with _single_threaded_children(), _context().Pool(workers, initializer=_init_worker, initargs=(factory,)) as pool:
        for chunk in pool.imap(extract_chunk, _chunks(sessions, turns_per_chunk)):
            yield from chunk


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
