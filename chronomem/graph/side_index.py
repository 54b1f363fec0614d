"""The HNSW side-index of one group: a cache over the vectors its store keeps.

One :class:`~chronomem.graph.hnsw_index.HnswVectorIndex` holds ``"entity:<id>"``,
``"fact:<id>"`` (current versions only: expired versions are ``mark_deleted``; ended
facts stay, since as-of filtering happens on read) and ``"turn:<id>"``.

Vectors are data: each item's vector is kept with the item in the store (:mod:`chronomem.graph.vectors`),
and the index only caches them. Opening reads the store's vector changes since the files were
saved (all of them when there are no files: the index is rebuilt with no embedding); a search, the
background worker or :meth:`SideIndex.catch_up` keep reading them, so several processes on one
store share what each embeds. Ingest never waits for embedding: :meth:`SideIndex.notify` only
records what changed, and what no process has embedded yet is embedded (and stored) in batches by
:meth:`SideIndex.catch_up`; until then full text finds it. The index uses the
:class:`~chronomem.graph.base.GraphStore` and :class:`~chronomem.graph.base.VectorStore` protocols
only, so it works the same on every backend.

>>> from datetime import datetime, timezone
>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.graph.embedders import HashingEmbedder
>>> from chronomem.extract.parse.importer import batches_from_records
>>> store = SqliteGraphStore(":memory:")
>>> index = SideIndex(store, "default", embedder=HashingEmbedder(64))
>>> t = datetime(2024, 1, 1, tzinfo=timezone.utc)
>>> (batch,) = batches_from_records([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}],
...                                 group_id="default", vocabulary=store.vocabulary, said_at=t)
>>> index.notify(store.write(batch, recorded_at=t))
>>> index.pending_count(), index.catch_up(), index.pending_count()
(3, 3, 0)
>>> index.query("Ana lives in Lisbon", k=1)["fact"][0][1] > 0.99
True
>>> again = SideIndex(store, "default", embedder=HashingEmbedder(64))  # a second process: no embedding
>>> again.catch_up(), len(again.vectors)
(0, 3)
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from chronomem.errors import ConfigError
from chronomem.graph.base import GraphStore, VectorStore, WriteReport
from chronomem.graph.hnsw_index import HnswVectorIndex
from chronomem.graph.side_follow import FollowsStore
from chronomem.graph.side_state import Pending, SideState
from chronomem.graph.side_sync import (
    key_of,
    split_key,
    store_vectors,
    take_stored,
    texts_of,
    turn_text,
)
from chronomem.graph.vectors import from_blobs

log = logging.getLogger(__name__)

KINDS = ("entity", "fact", "turn")
Progress = Callable[[int, int], None]
__all__ = ["KINDS", "SideIndex", "default_index_path", "turn_text"]


def default_index_path(store: GraphStore, group_id: str, directory: str | Path | None = None) -> Path | None:
    """Where the index of ``group_id`` lives: ``<directory>/<group>.hnsw`` when a directory is
    given (Neo4j), else ``<store dir>/index/<group>.hnsw`` beside an SQLite file, else ``None``
    (kept in memory, rebuilt from the store's vectors on the next open).

    >>> default_index_path(object(), "g", "/tmp/idx").as_posix()
    '/tmp/idx/g.hnsw'
    >>> default_index_path(object(), "a/b", "/tmp/idx").name
    'a_b-c14cddc0.hnsw'
    """
    name = _file_name(group_id)
    if directory is not None:
        return Path(directory) / name
    path = getattr(store, "path", None)
    if isinstance(path, str) and path and path != ":memory:":
        return Path(path).parent / "index" / name
    return None


def _file_name(group_id: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}", group_id):
        return f"{group_id}.hnsw"
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", group_id)[:40]
    return f"{slug}-{hashlib.sha256(group_id.encode()).hexdigest()[:8]}.hnsw"


class SideIndex(FollowsStore):
    """Vectors of a group's entities, facts and turns, kept in step with its store.

    Args:
        store: a :class:`GraphStore` that keeps vectors (:class:`~chronomem.graph.base.VectorStore`).
        group_id: the group indexed.
        embedder: an :class:`~chronomem.graph.embedders.Embedder` (loaded on first use).
        path: the index file (see :func:`default_index_path`); ``None`` keeps it in memory.
        batch_size: texts per ``embed`` call.
        search_catch_up: at most this many pending items are embedded before a query
            (the rest is found by full text until the worker or ``catch_up`` gets to it).
        save_interval: seconds between automatic saves while catching up (``close`` saves too).
        pull_interval: a search reads the vectors other processes stored at most this often (seconds).
        discover_interval: the worker looks for items nobody embedded (another process's writes) at most
            this often (seconds), and only when the store has new items.
    """

    def __init__(self, store: GraphStore, group_id: str, *, embedder: Any, path: str | Path | None = None,
                 batch_size: int = 64, search_catch_up: int = 64, save_interval: float = 30.0,
                 m: int = 16, ef_construction: int = 200, ef: int = 100, pull_interval: float = 0.2,
                 discover_interval: float = 10.0) -> None:
        if not isinstance(store, VectorStore):
            raise ConfigError(f"{type(store).__name__} does not keep vectors (it lacks the VectorStore methods of "
                              "chronomem.graph.base), so it cannot back a side-index; search it with embedder=None")
        self.store = store
        self.group_id = group_id
        self.embedder = embedder
        self.path = Path(path) if path is not None else None
        self.batch_size = max(1, batch_size)
        self.search_catch_up = max(0, search_catch_up)
        self.save_interval = save_interval
        self.pull_interval = pull_interval
        self.discover_interval = discover_interval
        self._hnsw_args = {"m": m, "ef_construction": ef_construction, "ef": ef}
        self._vectors: HnswVectorIndex | None = None
        self._state = SideState()
        self._lock = threading.RLock()  # pending state and the reading position
        self._open_lock = threading.Lock()  # opening (loading, or rebuilding from the store)
        self._opening = False
        self._work_lock = threading.Lock()  # one catch-up (or pull) at a time
        self._pending = Pending()  # keys to add, with the insertion position discovery found them at
        self._deletes: set[str] = set()
        self._own_erasures = 0
        self._unsaved = False
        self._last_save = time.monotonic()
        self._last_pull = self._last_look = float("-inf")
        self._query_cache: dict[str, Any] = {}
        self._worker: threading.Thread | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()

    def __repr__(self) -> str:
        return f"SideIndex(group={self.group_id!r}, embedder={self.model!r}, path={self.path})"

    @property
    def model(self) -> str:
        """The embedder's name: stored with each vector it makes."""
        return str(getattr(self.embedder, "name", None) or type(self.embedder).__name__)

    # -- change tracking (cheap: called on every write) ---------------------------------
    def notify(self, report: WriteReport) -> None:
        """Record what a write changed; embedding happens later (``catch_up``)."""
        with self._lock:
            expired = {key_of("fact", i) for i in report.expired_fact_ids}
            for key in expired:
                self._pending.pop(key)
            self._deletes |= expired
            new = [key_of("fact", i) for i in report.new_fact_ids]
            new += [key_of("turn", i) for i in report.turn_ids] + [key_of("entity", i) for i in report.entity_ids]
            for key in new:
                if key not in expired and (self._vectors is None or key not in self._vectors):
                    self._pending.add(key, fresh=True)
            self._state.speakers.update(report.speakers)  # search reads them before the turns are embedded
        self._wake.set()

    def pending_count(self) -> int:
        """Items recorded but not in the index yet, and expired ones still to hide."""
        with self._lock:
            return len(self._pending) + len(self._deletes)

    # -- opening and reading the store --------------------------------------------------
    @property
    def vectors(self) -> HnswVectorIndex:
        """The underlying HNSW index (loaded, or rebuilt from the store's vectors, on first use: a
        caller waits until that is done; ``notify`` does not, so writes never wait for it)."""
        if self._vectors is None or self._opening:
            with self._open_lock:
                if self._vectors is None:
                    self._opening = True
                    try:
                        self._open()
                    finally:
                        self._opening = False
        assert self._vectors is not None
        return self._vectors

    # -- embedding -----------------------------------------------------------------------
    def catch_up(self, max_items: int | None = None, *, progress: Progress | None = None) -> int:
        """Read what other processes stored, hide expired facts and add up to ``max_items`` pending
        items (all when ``None``: then the store is also searched for items nobody embedded), embedding
        only those with no stored vector. Returns how many items were added."""
        self.vectors  # noqa: B018 - open (and read the store) first
        with self._work_lock:
            if max_items is None:
                self._pull()
                self._check_erasures()
                self._discover()
            else:
                self._refresh(look=True)
            return self._catch_up(max_items, progress)

    def ensure_fresh(self, max_items: int | None = None) -> int:
        """What a search calls: read the vectors other processes stored (at most every
        ``pull_interval`` seconds), apply deletions and embed a bounded number of pending items,
        unless a catch-up is already running (then nothing waits)."""
        self.vectors  # noqa: B018
        if not self._work_lock.acquire(blocking=False):
            return 0
        try:
            self._refresh(look=False)
            return self._catch_up(self.search_catch_up if max_items is None else max_items, None)
        finally:
            self._work_lock.release()

    def _catch_up(self, max_items: int | None, progress: Progress | None) -> int:
        vectors = self.vectors
        with self._lock:
            deletes, self._deletes = self._deletes, set()
        if deletes:
            vectors.mark_deleted(deletes)
            self._unsaved = True
        done = taken = 0
        total = len(self._pending) if max_items is None else min(max_items, len(self._pending))
        while max_items is None or taken < max_items:
            with self._lock:
                # bulk work takes bigger chunks: the embedder sorts each chunk by length
                room = 8 * self.batch_size if max_items is None else min(self.batch_size, max_items - taken)
                chunk = self._pending.peek(room)
            if not chunk:
                break
            added = self._add(chunk)
            with self._lock:
                for key in chunk:
                    self._pending.pop(key)
                late = [key for key in added if key in self._deletes]  # expired while we embedded
            if late:
                vectors.mark_deleted(late)
            done, taken = done + len(added), taken + len(chunk)
            if progress is not None:
                progress(done, max(total, done))
            self._maybe_save()  # a long rebuild keeps what it has done
        self._maybe_save()
        return done

    def _add(self, chunk: Sequence[str]) -> list[str]:
        """Add the items ``chunk`` to the index: their stored vectors, else embedded (and stored)."""
        vectors = self.vectors
        keys = [key for key in chunk if key not in vectors]
        stored, gone = take_stored(self.store, self.group_id, keys, model=self.model, dim=vectors.dim)  # type: ignore[arg-type]
        if stored:
            vectors.add(list(stored), from_blobs(list(stored.values()), vectors.dim))
            self._unsaved = True
        found = texts_of(self.store, self.group_id, [key for key in keys if key not in stored and key not in gone])
        if found.texts:
            matrix = self.embedder.embed([text or key for key, text in found.texts.items()])
            store_vectors(self.store, self.group_id, list(found.texts), matrix, model=self.model)  # type: ignore[arg-type]
            vectors.add(list(found.texts), matrix)
            self._unsaved = True
        with self._lock:
            self._state.speakers |= found.speakers
            for key in found.entities:
                if key not in vectors:
                    self._pending.add(key)
        return [*stored, *found.texts]

    def _maybe_save(self) -> None:
        if self._unsaved and self.path is not None and time.monotonic() - self._last_save >= self.save_interval:
            self.save()

    def rebuild(self, progress: Progress | None = None) -> int:
        """Build the index again from the store: every stored vector of this embedder, and the items
        without one (or with another model's) embedded. Returns how many items the index holds."""
        with self._work_lock:
            with self._lock:
                self._vectors = HnswVectorIndex(int(self.embedder.dim), self.path, **self._hnsw_args)
                self._state = SideState(embedder=self.model, dim=int(self.embedder.dim), group_id=self.group_id)
                self._pending.clear()
                self._deletes.clear()
            stats = self.store.stats(self.group_id)
            total = stats["facts"] + stats["entities"] + stats["turns"]
            self._check_erasures()
            self._pull(progress=None if progress is None else lambda n: progress(n, max(total, n)))
            self._discover(force=True)
            loaded = len(self.vectors)
            self._catch_up(None, None if progress is None else lambda n, _: progress(loaded + n, max(total, loaded + n)))
            if self.path is not None:
                self.save()
            return len(self.vectors)

    def erase(self, keys: Iterable[str]) -> int:
        """Remove prefixed ids (``fact:…``, ``turn:…``, ``entity:…``) for good after this process's
        ``forget``: their vectors are overwritten, their queue entries dropped, and the files saved at once."""
        keys = list(keys)
        self.vectors  # noqa: B018 - open first (opening reads the store)
        with self._work_lock, self._lock:
            for key in keys:
                self._pending.pop(key)
                self._deletes.discard(key)
            self._query_cache.clear()
            self._own_erasures += 1
            count = self.vectors.erase(keys)
            self._state.speakers = self.store.speakers(self.group_id)  # type: ignore[attr-defined]  # an erased speaker goes
            if self.path is not None:
                self._save()
        return count

    # -- reading -------------------------------------------------------------------------
    def embed_query(self, text: str) -> Any:
        """The query's vector (the last 256 distinct queries are cached)."""
        vec = self._query_cache.get(text)
        if vec is None:
            vec = self.embedder.embed([text])[0]
            if len(self._query_cache) >= 256:
                self._query_cache.pop(next(iter(self._query_cache)))
            self._query_cache[text] = vec
        return vec

    def query(self, text: str, *, k: int = 50, kinds: Sequence[str] = KINDS) -> dict[str, list[tuple[str, float]]]:
        """Nearest entities, facts and turns by cosine similarity: ``{kind: [(id, similarity)]}``,
        ids without their ``kind:`` prefix, best first, ``k`` per kind. Embeds nothing pending
        (see ``ensure_fresh``)."""
        vectors = self.vectors
        if len(vectors) == 0:
            return {kind: [] for kind in kinds}
        vec = self.embed_query(text)
        return {kind: [(split_key(i)[1], s) for i, s in vectors.query(vec, k, filter_prefix=kind + ":")]
                for kind in kinds}

    def known_speakers(self) -> set[str]:
        """Everyone who spoke in the group's turns (as far as the index has read them)."""
        self.vectors  # noqa: B018 - opening reads the stored turns
        with self._lock:
            return set(self._state.speakers)

    def nearest(self, text: str, *, k: int = 100) -> dict[str, list[tuple[str, float]]]:
        """The ``k`` nearest items of every kind in one HNSW query, split by kind
        (``{kind: [(id, similarity)]}``, ids without prefix, best first): facts and turns
        compete in one ranking, as search fuses them; entities come along when close enough."""
        vectors = self.vectors
        out: dict[str, list[tuple[str, float]]] = {kind: [] for kind in KINDS}
        if len(vectors) == 0:
            return out
        for item, sim in vectors.query(self.embed_query(text), k):
            kind, raw = split_key(item)
            out[kind].append((raw, sim))
        return out

    # -- persistence and the worker -----------------------------------------------------
    def save(self) -> Path | None:
        """Write the index files and how far they have read the store; no-op in memory."""
        if self.path is None or self._vectors is None:
            return None
        with self._lock:
            self._save()
        return self.path

    def start_worker(self, *, interval: float = 1.0, chunk: int | None = None) -> None:
        """Keep the index caught up in a daemon thread: it reads what other processes stored and
        embeds what is pending, woken by ``notify`` (and every ``interval`` s)."""
        if self._worker is not None and self._worker.is_alive():
            return
        self._stop.clear()
        step = chunk or self.batch_size * 4

        def run() -> None:
            while not self._stop.is_set():
                self._wake.wait(interval)
                self._wake.clear()
                if self._stop.is_set():
                    break
                try:
                    self.catch_up(step)
                    while self.pending_count() and not self._stop.is_set():
                        self.catch_up(step)
                    self._maybe_save()
                except Exception:  # keep the worker alive; searches still use full text
                    log.exception("side-index worker failed to catch up; will retry")
                    self._stop.wait(interval)

        self._worker = threading.Thread(target=run, name=f"chronomem-index-{self.group_id}", daemon=True)
        self._worker.start()

    def stop_worker(self, timeout: float | None = 10.0) -> None:
        """Stop the worker thread (what it has not embedded stays pending)."""
        self._stop.set()
        self._wake.set()
        if self._worker is not None:
            self._worker.join(timeout)
            self._worker = None

    def close(self) -> None:
        """Stop the worker and save what was added."""
        self.stop_worker()
        if self._unsaved:
            self.save()

    def status(self) -> dict[str, Any]:
        """Indexed and pending counts, where the index lives, and how far it has read the store."""
        loaded = self._vectors is not None
        return {"indexed": len(self._vectors) if loaded and self._vectors is not None else None,
                "pending": self.pending_count(), "path": str(self.path) if self.path else None,
                "embedder": getattr(self.embedder, "name", None), "vector_seq": self._state.vector_seq,
                "worker": bool(self._worker and self._worker.is_alive())}
