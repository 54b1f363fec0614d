"""Parallel extraction: N worker processes extract, the caller's process writes.

Results come back in input order, so a parallel run writes exactly what a single-process run
writes (extraction is deterministic per session).
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from chronomem.schema.models import ExtractionResult, Session

_WORKER_EXTRACTOR: Any = None


def _init_worker(factory: Callable[[], Any]) -> None:
    global _WORKER_EXTRACTOR
    _WORKER_EXTRACTOR = factory()


def _extract_chunk(sessions: list[Session]) -> list[tuple[Session, ExtractionResult]]:
    return list(_WORKER_EXTRACTOR.extract_many(sessions))


def _chunks(items: Iterable[Session], size: int) -> Iterator[list[Session]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def extract_parallel(
    factory: Callable[[], Any],
    sessions: Iterable[Session],
    *,
    workers: int,
    chunk_size: int = 16,
) -> Iterator[tuple[Session, ExtractionResult]]:
    """Extract ``sessions`` with ``workers`` processes, each building its extractor with ``factory``.

    ``factory`` must be picklable (e.g. a class or ``functools.partial``).
    """
    if workers < 2:
        yield from factory().extract_many(sessions)
        return
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(factory,)) as pool:
        for chunk in pool.imap(_extract_chunk, _chunks(sessions, chunk_size)):
            yield from chunk
