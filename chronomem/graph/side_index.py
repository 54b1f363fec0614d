"""The HNSW side-index of one group: entity names, fact statements and turn texts.

One :class:`~chronomem.graph.hnsw_index.HnswVectorIndex` holds ``"entity:<id>"``,
``"fact:<id>"`` (current versions only: expired versions are ``mark_deleted``; ended
facts stay, since as-of filtering happens on read) and ``"turn:<id>"``.

Ingest never waits for embedding: :meth:`SideIndex.notify` only records what changed,
:meth:`SideIndex.catch_up` embeds it in batches (called by a background worker, by a
search with a bound, or by hand). What is not embedded yet is still found by full text.
The index only uses the :class:`~chronomem.graph.base.GraphStore` protocol, so it works
the same on every backend. On first use it is loaded from disk and reconciled with the
store (count and checksum of live ids); missing or out-of-step entries are fixed
incrementally, and :meth:`SideIndex.rebuild` starts from scratch.

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
(1, 3, 0)
>>> index.query("Ana lives in Lisbon", k=1)["fact"][0][1] > 0.99
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from chronomem.graph.base import GraphStore, WriteReport
from chronomem.graph.hnsw_index import HnswVectorIndex, ids_checksum

log = logging.getLogger(__name__)

KINDS = ("entity", "fact", "turn")
MAX_TEXT_CHARS = 2_000  # the encoders truncate long inputs anyway (256 tokens for MiniLM)
Progress = Callable[[int, int], None]


def default_index_path(store: GraphStore, group_id: str, directory: str | Path | None = None) -> Path | None:
    """Where the index of ``group_id`` lives: ``<directory>/<group>.hnsw`` when a directory is
    given (Neo4j), else ``<store dir>/index/<group>.hnsw`` beside an SQLite file, else ``None``
    (kept in memory, rebuilt on the next open).

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


def turn_text(speaker: str, text: str) -> str:
    """What a turn is embedded as: the speaker's name, then the text (names matter in questions)."""
    return f"{speaker}: {text}"[:MAX_TEXT_CHARS]


class SideIndex:
    """Vectors of a group's entities, facts and turns, kept in step with its store.

    Args:
        store: any :class:`GraphStore`.
        group_id: the group indexed.
        embedder: an :class:`~chronomem.graph.embedders.Embedder` (loaded on first use).
        path: the index file (see :func:`default_index_path`); ``None`` keeps it in memory.
        batch_size: texts per ``embed`` call.
        search_catch_up: at most this many pending items are embedded before a query
            (the rest is found by full text until the worker or ``catch_up`` gets to it).
        save_interval: seconds between automatic saves while catching up (``close`` saves too).
    """

    def __init__(self, store: GraphStore, group_id: str, *, embedder: Any, path: str | Path | None = None,
                 batch_size: int = 64, search_catch_up: int = 64, save_interval: float = 30.0,
                 m: int = 16, ef_construction: int = 200, ef: int = 100) -> None:
        self.store = store
        self.group_id = group_id
        self.embedder = embedder
        self.path = Path(path) if path is not None else None
        self.batch_size = max(1, batch_size)
        self.search_catch_up = max(0, search_catch_up)
        self.save_interval = save_interval
        self._hnsw_args = {"m": m, "ef_construction": ef_construction, "ef": ef}
        self._vectors: HnswVectorIndex | None = None
        self._lock = threading.RLock()  # pending state and opening
        self._work_lock = threading.Lock()  # one catch-up at a time
        self._pending: dict[str, str | None] = {}  # prefixed id -> text when known
        self._deletes: set[str] = set()
        self._turns_dirty = False
        self._sessions_seen: dict[str, int] = {}
        self.speakers: set[str] = set()  # everyone who spoke in the group (search reads it)
        self._unsaved = False
        self._last_save = time.monotonic()
        self._query_cache: dict[str, Any] = {}
        self._worker: threading.Thread | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()

    def __repr__(self) -> str:
        return f"SideIndex(group={self.group_id!r}, embedder={getattr(self.embedder, 'name', '?')!r}, path={self.path})"

    # -- change tracking (cheap: called on every write) ---------------------------------
    def notify(self, report: WriteReport) -> None:
        """Record what a write changed; embedding happens later (``catch_up``)."""
        with self._lock:
            expired = {"fact:" + i for i in report.expired_fact_ids}
            for key in expired:
                self._pending.pop(key, None)
            self._deletes |= expired
            for i in report.new_fact_ids:
                key = "fact:" + i
                if key not in expired:
                    self._pending.setdefault(key, None)
            if report.session_added:
                self._turns_dirty = True
        self._wake.set()

    def pending_count(self) -> int:
        """Items recorded but not embedded yet (new sessions' turns count once discovered)."""
        with self._lock:
            return len(self._pending) + len(self._deletes) + (1 if self._turns_dirty else 0)

    # -- opening and reconciling ---------------------------------------------------------
    @property
    def vectors(self) -> HnswVectorIndex:
        """The underlying HNSW index (loaded and reconciled with the store on first use)."""
        with self._lock:
            if self._vectors is None:
                self._vectors = self._load_or_create()
                self.sync()
            return self._vectors

    def _load_or_create(self) -> HnswVectorIndex:
        dim = int(self.embedder.dim)
        if self.path is not None and _side_meta(self.path).exists():
            try:
                meta = json.loads(_side_meta(self.path).read_text(encoding="utf-8"))
                if meta.get("embedder") == getattr(self.embedder, "name", None) and meta.get("group_id") == self.group_id:
                    index = HnswVectorIndex.open(self.path, dim, **self._hnsw_args)
                    if index.dim == dim:
                        return index
                log.info("side-index %s was built with another embedder or group: rebuilding", self.path)
            except Exception as exc:  # a broken index is rebuilt, never fatal
                log.warning("side-index %s is unreadable (%s): rebuilding", self.path, exc)
        return HnswVectorIndex(dim, self.path, **self._hnsw_args)

    def store_ids(self) -> dict[str, str]:
        """Every id the index should hold, with its text: current fact versions, entities, turns."""
        g = self.group_id
        wanted: dict[str, str] = {}
        speakers: set[str] = set()
        for f in self.store.iter_facts(g):
            wanted["fact:" + f.id] = f.statement or f"{f.subject_id} {f.predicate} {f.object_id}"
        for e in self.store.iter_entities(g):
            wanted["entity:" + e.id] = _entity_text(e)
        for t in self.store.iter_turns(g):
            wanted["turn:" + t.id] = turn_text(t.speaker, t.text)
            speakers.add(t.speaker)
        with self._lock:
            self.speakers |= speakers
        return wanted

    def in_step(self) -> bool:
        """True when the index holds exactly the store's live ids (count and checksum)."""
        return ids_checksum(self.store_ids()) == self.vectors.checksum() and not self.pending_count()

    def sync(self) -> int:
        """Reconcile with the store: drop ids it no longer has, queue the ones missing.
        Returns how many items were queued or dropped (0 when already in step)."""
        with self._lock:
            vectors = self._vectors if self._vectors is not None else self.vectors
            wanted = self.store_ids()
            self._sessions_seen = {s.id: s.turn_count for s in self.store.sessions(self.group_id)}
            self._turns_dirty = False
            if ids_checksum(wanted) == vectors.checksum():
                return 0
            have = set(vectors.ids())
            stale = have - wanted.keys()
            vectors.mark_deleted(stale)
            missing = {i: text for i, text in wanted.items() if i not in have}
            self._pending.update(missing)
            self._unsaved = self._unsaved or bool(stale)
            log.info("side-index %s out of step: %d stale, %d missing", self.group_id, len(stale), len(missing))
            return len(stale) + len(missing)

    # -- embedding -----------------------------------------------------------------------
    def catch_up(self, max_items: int | None = None, *, progress: Progress | None = None) -> int:
        """Embed up to ``max_items`` pending items (all when ``None``) and hide expired facts.
        Returns how many items were embedded."""
        with self._work_lock:
            return self._catch_up(max_items, progress)

    def ensure_fresh(self, max_items: int | None = None) -> int:
        """What a search calls: apply deletions and embed a bounded number of pending items,
        unless a catch-up is already running (then nothing waits)."""
        if not self._work_lock.acquire(blocking=False):
            return 0
        try:
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
        if self._turns_dirty:
            self._discover_turns()
        done = 0
        total = len(self._pending) if max_items is None else min(max_items, len(self._pending))
        while max_items is None or done < max_items:
            with self._lock:
                # bulk work takes bigger chunks: the embedder sorts each chunk by length
                room = 8 * self.batch_size if max_items is None else min(self.batch_size, max_items - done)
                chunk = list(islice(self._pending.items(), room))
            if not chunk:
                break
            ids, texts = self._texts(chunk)
            if ids:
                vectors.add(ids, self.embedder.embed(texts))
                self._unsaved = True
            with self._lock:
                for key, _ in chunk:
                    self._pending.pop(key, None)
                late = [i for i in ids if i in self._deletes]  # expired while we embedded
            if late:
                vectors.mark_deleted(late)
            done += len(chunk)
            if progress is not None:
                progress(done, max(total, done))
            self._maybe_save()  # a long rebuild keeps what it has done
        self._maybe_save()
        return done

    def _maybe_save(self) -> None:
        if self._unsaved and self.path is not None and time.monotonic() - self._last_save >= self.save_interval:
            self.save()

    def _discover_turns(self) -> None:
        """Queue the turns of sessions written since the last look (via ``sessions()``)."""
        with self._lock:
            self._turns_dirty = False
        vectors = self.vectors
        for s in self.store.sessions(self.group_id):
            if self._sessions_seen.get(s.id) == s.turn_count:
                continue
            self._sessions_seen[s.id] = s.turn_count
            for t in self.store.turns_of(self.group_id, s.id):
                with self._lock:
                    self.speakers.add(t.speaker)
                key = "turn:" + t.id
                if key not in vectors:
                    with self._lock:
                        self._pending.setdefault(key, turn_text(t.speaker, t.text))
                self._queue_entities(self.store.mentions_of(self.group_id, t.id))

    def _queue_entities(self, entity_ids: Iterable[str]) -> None:
        vectors = self.vectors
        with self._lock:
            for e in entity_ids:
                key = "entity:" + e
                if key not in vectors and key not in self._pending:
                    self._pending[key] = None

    def _texts(self, chunk: Sequence[tuple[str, str | None]]) -> tuple[list[str], list[str]]:
        """Texts of a chunk of pending items; items gone from the store (or expired) are skipped."""
        g = self.group_id
        need = {kind: [key.split(":", 1)[1] for key, text in chunk if text is None and key.startswith(kind + ":")]
                for kind in KINDS}
        found: dict[str, str] = {}
        if need["fact"]:
            for f in self.store.get_facts(g, need["fact"]):
                if f.expired_at is None:
                    found["fact:" + f.id] = f.statement or f"{f.subject_id} {f.predicate} {f.object_id}"
                    self._queue_entities((f.subject_id, f.object_id))
        if need["entity"]:
            for e in self.store.get_entities(g, need["entity"]).values():
                found["entity:" + e.id] = _entity_text(e)
        if need["turn"]:
            for t in self.store.get_turns(g, need["turn"]).values():
                found["turn:" + t.id] = turn_text(t.speaker, t.text)
        ids, texts = [], []
        for key, text in chunk:
            text = text if text is not None else found.get(key)
            if text is not None:
                ids.append(key)
                texts.append(text[:MAX_TEXT_CHARS] or key)
        return ids, texts

    def rebuild(self, progress: Progress | None = None) -> int:
        """Re-embed everything from the store (e.g. after changing the embedder); returns the count."""
        with self._work_lock:
            with self._lock:
                if self._vectors is None:
                    self._vectors = HnswVectorIndex(int(self.embedder.dim), self.path, **self._hnsw_args)
                self._vectors.clear()
                self._pending.clear()
                self._deletes.clear()
                self.sync()
            count = self._catch_up(None, progress)
            if self.path is not None:
                self.save()
            return count

    def erase(self, keys: Iterable[str]) -> int:
        """Remove prefixed ids (``fact:…``, ``turn:…``, ``entity:…``) for good: their vectors are
        overwritten, their texts dropped from the pending queue, and the files saved at once."""
        keys = list(keys)
        with self._work_lock, self._lock:
            for key in keys:
                self._pending.pop(key, None)
                self._deletes.discard(key)
            self._query_cache.clear()
            self._sessions_seen.clear()  # erased sessions' turns are not rediscovered (the store has none)
            count = self.vectors.erase(keys)
            if self.path is not None:
                self.save()
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
        return {kind: [(i.split(":", 1)[1], s) for i, s in vectors.query(vec, k, filter_prefix=kind + ":")]
                for kind in kinds}

    def known_speakers(self) -> set[str]:
        """Everyone who spoke in the group's turns (as far as the index has looked)."""
        with self._lock:
            self.vectors  # opening reads every turn
            return set(self.speakers)

    def nearest(self, text: str, *, k: int = 100) -> dict[str, list[tuple[str, float]]]:
        """The ``k`` nearest items of every kind in one HNSW query, split by kind
        (``{kind: [(id, similarity)]}``, ids without prefix, best first): facts and turns
        compete in one ranking, as search fuses them; entities come along when close enough."""
        vectors = self.vectors
        out: dict[str, list[tuple[str, float]]] = {kind: [] for kind in KINDS}
        if len(vectors) == 0:
            return out
        for item, sim in vectors.query(self.embed_query(text), k):
            kind, _, raw = item.partition(":")
            out[kind].append((raw, sim))
        return out

    # -- persistence and the worker -----------------------------------------------------
    def save(self) -> Path | None:
        """Write the index files (and the embedder name) beside the store; no-op in memory."""
        if self.path is None or self._vectors is None:
            return None
        with self._lock:
            self._vectors.save(self.path)
            meta = {"embedder": getattr(self.embedder, "name", None), "group_id": self.group_id, "dim": self._vectors.dim}
            tmp = _side_meta(self.path).with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(json.dumps(meta), encoding="utf-8")
            os.replace(tmp, _side_meta(self.path))
            self._unsaved = False
            self._last_save = time.monotonic()
        return self.path

    def start_worker(self, *, interval: float = 1.0, chunk: int | None = None) -> None:
        """Embed pending items in a daemon thread, woken by ``notify`` (and every ``interval`` s)."""
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
                    while self.pending_count() and not self._stop.is_set():
                        self.catch_up(step)
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
        """Stop the worker and save what was embedded."""
        self.stop_worker()
        if self._unsaved:
            self.save()

    def status(self) -> dict[str, Any]:
        """Indexed and pending counts, and where the index lives."""
        loaded = self._vectors is not None
        return {"indexed": len(self._vectors) if loaded and self._vectors is not None else None,
                "pending": self.pending_count(), "path": str(self.path) if self.path else None,
                "embedder": getattr(self.embedder, "name", None), "worker": bool(self._worker and self._worker.is_alive())}


def _entity_text(e: Any) -> str:
    return (e.name + (" (" + ", ".join(e.aliases) + ")" if e.aliases else ""))[:MAX_TEXT_CHARS]


def _side_meta(path: Path) -> Path:
    return path.with_name(path.name + ".side.json")
