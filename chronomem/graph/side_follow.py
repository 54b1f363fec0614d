"""How a side-index follows its store (the part of :class:`~chronomem.graph.side_index.SideIndex`
that reads the store and keeps the files): opening the files, or rebuilding the index from the
stored vectors when they are missing, broken, of another embedder or of the format before vectors
were stored (those give the store their vectors first); reading the vector changes other processes
committed (:func:`~chronomem.graph.side_sync.pull`); finding the items nobody embedded
(:func:`~chronomem.graph.side_sync.discover`); dropping what another process's ``forget`` erased;
saving the files with how far they have read the store (:class:`~chronomem.graph.side_state.SideState`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronomem.graph.hnsw_index import HnswVectorIndex, ids_checksum
from chronomem.graph.side_state import Pending, SideState
from chronomem.graph.side_sync import (
    discover,
    entity_text,
    fact_text,
    key_of,
    pull,
    split_key,
    store_keys,
    turn_text,
    write_back,
)

if TYPE_CHECKING:
    from chronomem.graph.base import GraphStore

log = logging.getLogger("chronomem.graph.side_index")


class FollowsStore:
    """The store-following half of :class:`~chronomem.graph.side_index.SideIndex` (which sets these attributes)."""

    if TYPE_CHECKING:
        store: GraphStore
        group_id: str
        embedder: Any
        path: Path | None
        pull_interval: float
        discover_interval: float
        _hnsw_args: dict[str, int]
        _vectors: HnswVectorIndex | None
        _state: SideState
        _lock: threading.RLock
        _pending: Pending
        _deletes: set[str]
        _own_erasures: int
        _unsaved: bool
        _last_save: float
        _last_pull: float
        _last_look: float

        @property
        def model(self) -> str: ...

        @property
        def vectors(self) -> HnswVectorIndex: ...

        def pending_count(self) -> int: ...

    def _open(self) -> None:
        dim, name = int(self.embedder.dim), self.model
        state = SideState.load(self.path) if self.path is not None else None
        index = None
        if state is not None and state.fits(name, dim, self.group_id) and HnswVectorIndex.exists(self.path):
            try:
                index = HnswVectorIndex.load(self.path)  # type: ignore[arg-type]
                index = index if index.dim == dim else None
            except Exception as exc:  # a broken index is rebuilt from the store, never fatal
                log.warning("side-index %s is unreadable (%s): rebuilding it from the store", self.path, exc)
                index = None
        elif state is not None:
            log.info("side-index %s was built with another embedder or group: rebuilding it from the store", self.path)
        if index is None:
            state = SideState()
            index = HnswVectorIndex(dim, self.path, **self._hnsw_args)
        assert state is not None
        legacy = state.legacy
        if legacy:  # made before vectors were stored: give the store its vectors, then read from the start
            written = write_back(self.store, self.group_id, index, model=name)  # type: ignore[arg-type]
            log.info("side-index %s: %d vectors written back to the store", self.path, written)
            state = SideState(speakers=state.speakers)
        state.embedder, state.dim, state.group_id = name, dim, self.group_id
        state.speakers |= self.store.speakers(self.group_id)  # type: ignore[attr-defined]  # embedded turns or not
        with self._lock:
            state.speakers |= self._state.speakers  # what notify recorded before the index opened
            self._vectors, self._state = index, state
        # No catch-up runs meanwhile: every other entry point opens (waiting on the open lock held here) first.
        self._check_erasures(reconcile=legacy)
        self._pull()
        self._discover()  # only when the store has new items since the files were saved
        if legacy:
            self._unsaved = True

    def _pull(self, progress: Callable[[int], None] | None = None) -> int:
        """Read the store's vector changes since the last read into the index (no embedding)."""
        self._last_pull = time.monotonic()
        vectors, state = self._vectors, self._state
        assert vectors is not None
        top = self.store.vector_sequence()  # type: ignore[attr-defined]
        if top == state.vector_seq:
            return 0
        got = pull(self.store, self.group_id, vectors, model=self.model, after=state.vector_seq, upto=top,  # type: ignore[arg-type]
                   progress=progress)
        with self._lock:
            state.vector_seq = top
            state.speakers |= got.speakers
            for key in got.present:
                self._pending.pop(key)
            for key in got.foreign:  # another model's vector: this embedder's replaces it
                self._pending.add(key)
            self._unsaved = self._unsaved or bool(got.added or got.hidden)
        return got.added

    def _discover(self, *, force: bool = False) -> int:
        """Queue the items the store holds without a vector (another process's writes that no one
        embedded), when the store has new items since the last look; returns how many were queued."""
        self._last_look = time.monotonic()
        mark = self.store.insertion_mark()  # type: ignore[attr-defined]
        state = self._state
        if not force and mark == state.insertion_mark:
            return 0
        found, cursors = discover(self.store, self.group_id, state.cursors)  # type: ignore[arg-type]
        vectors = self._vectors
        assert vectors is not None
        queued = 0
        with self._lock:
            for key, position in found.items():
                if key not in vectors and key not in self._deletes:
                    queued += key not in self._pending
                    self._pending.add(key, position)
            state.cursors, state.insertion_mark = cursors, mark
        if queued:
            log.info("side-index %s: %d items found without a vector", self.group_id, queued)
        return queued

    def _check_erasures(self, *, reconcile: bool = False) -> None:
        """Drop from the index whatever another process's ``forget`` erased from the store."""
        count = len(self.store.erasures(self.group_id))
        state, vectors = self._state, self._vectors
        assert vectors is not None
        if state.erasures is None and not reconcile:
            reconcile = len(vectors) > 0  # files of unknown history: compare with the store
        elif state.erasures is not None and count != state.erasures + self._own_erasures:
            reconcile = True
        if reconcile:
            held = store_keys(self.store, self.group_id)
            stale = [key for key in vectors.known_ids() if key not in held]
            if stale:
                vectors.erase(stale)
                log.info("side-index %s: %d erased items dropped", self.group_id, len(stale))
                with self._lock:
                    for key in stale:
                        self._pending.pop(key)
                    self._state.speakers = self.store.speakers(self.group_id)  # type: ignore[attr-defined]
                if self.path is not None:
                    self._save()
        with self._lock:
            state.erasures, self._own_erasures = count, 0

    def _refresh(self, *, look: bool) -> None:
        """Pull other processes' vectors when due; with ``look``, also check erasures and look for
        items nobody embedded, when due."""
        now = time.monotonic()
        if now - self._last_pull >= self.pull_interval:
            self._pull()
        if look and now - self._last_look >= self.discover_interval:
            self._check_erasures()
            self._discover()

    def _save(self) -> None:
        assert self.path is not None and self._vectors is not None
        self._vectors.save(self.path)
        state = self._state
        cursors = dict(state.cursors)
        for key, position in self._pending.items():  # found but not added yet: look again next time
            if position is not None:
                kind = split_key(key)[0]
                cursors[kind] = min(cursors.get(kind, position), position - 1)
        SideState(embedder=state.embedder, dim=state.dim, group_id=state.group_id, vector_seq=state.vector_seq,
                  cursors=cursors, insertion_mark=None if self._pending else state.insertion_mark,
                  erasures=state.erasures, speakers=state.speakers).save(self.path)
        self._unsaved = False
        self._last_save = time.monotonic()

    def store_ids(self) -> dict[str, str]:
        """Every key the index should hold, with its text: current fact versions, entities, turns."""
        g = self.group_id
        wanted = {key_of("fact", f.id): fact_text(f) for f in self.store.iter_facts(g)}
        wanted.update((key_of("entity", e.id), entity_text(e)) for e in self.store.iter_entities(g))
        wanted.update((key_of("turn", t.id), turn_text(t.speaker, t.text)) for t in self.store.iter_turns(g))
        return wanted

    def in_step(self) -> bool:
        """True when the index holds exactly the store's live items (count and checksum)."""
        return ids_checksum(self.store_ids()) == self.vectors.checksum() and not self.pending_count()
