"""A persistent approximate-nearest-neighbour index over string ids (hnswlib, cosine).

:class:`HnswVectorIndex` maps string ids such as ``"fact:abc"``, ``"turn:s1:3"`` or
``"entity:xyz"`` to hnswlib's integer labels. On disk an index at ``path`` is three
files, each replaced atomically on :meth:`HnswVectorIndex.save`:

* ``<path>``           - the hnswlib graph (``save_index``);
* ``<path>.ids``       - one id per line, line *i* being label *i* (fast for 1M ids);
* ``<path>.meta.json`` - dim, parameters, deleted labels and the id checksum.

Deleted ids keep their label, so re-adding one reuses it. :meth:`checksum` digests
the set of live ids (:func:`ids_checksum` computes the same digest from any
iterable, e.g. the ids a store holds) to detect an index out of step with its store.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from chronomem.errors import ConfigError, InputError, StoreError

_MASK64 = (1 << 64) - 1
_FORMAT = "chronomem-hnsw/1"
_ERASED = "erased:"  # the id an erased vector's label keeps


def _id_hash(item: str) -> int:
    return int.from_bytes(hashlib.blake2b(item.encode("utf-8"), digest_size=8).digest(), "little")


def _digest(count: int, total: int) -> str:
    return f"{count}:{total & _MASK64:016x}"


def ids_checksum(ids: Iterable[str]) -> str:
    """Order-independent digest of a set of ids: ``"<count>:<sum of 64-bit hashes, hex>"``.

    >>> ids_checksum(["a", "b"]) == ids_checksum(["b", "a"])
    True
    >>> ids_checksum([])
    '0:0000000000000000'
    """
    unique = set(ids)
    return _digest(len(unique), sum(_id_hash(i) for i in unique))


def _cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class HnswVectorIndex:
    """hnswlib HNSW index, cosine space, keyed by string ids; mutations are thread-safe.

    Args:
        dim: vector length.
        path: where :meth:`save` writes (``None``: in memory until ``save(path)``).
        m, ef_construction: HNSW build parameters.
        ef: search breadth (raised to ``k`` automatically when ``k`` is larger).
        initial_capacity: elements allocated up front; doubled when exceeded.
        threads: hnswlib threads for bulk adds (default: the CPUs this process may use).

    >>> index = HnswVectorIndex(2)
    >>> index.add(["fact:a", "fact:b", "turn:s1:0"], np.array([[1, 0], [0, 1], [1, 0.1]]))
    >>> [i for i, _ in index.query(np.array([1.0, 0.0]), 2)]
    ['fact:a', 'turn:s1:0']
    >>> index.query(np.array([1.0, 0.0]), 1, filter_prefix="fact:")[0][0]
    'fact:a'
    """

    def __init__(
        self,
        dim: int,
        path: str | Path | None = None,
        *,
        m: int = 16,
        ef_construction: int = 200,
        ef: int = 100,
        initial_capacity: int = 1024,
        threads: int | None = None,
    ) -> None:
        if dim < 1:
            raise InputError("dim must be positive")
        self.dim = int(dim)
        self.path = Path(path) if path is not None else None
        self.m = int(m)
        self.ef_construction = int(ef_construction)
        self.ef = int(ef)
        self.initial_capacity = max(16, int(initial_capacity))
        self.threads = int(threads) if threads else _cpu_count()
        self._lock = threading.RLock()
        self._labels: dict[str, int] = {}  # id -> label, deleted ids included
        self._ids: list[str] = []  # label -> id
        self._deleted: set[int] = set()
        self._sum = 0  # sum of _id_hash over live ids, mod 2**64
        self._index: Any = self._new_index(self.initial_capacity)

    # ----------------------------------------------------------------- creation
    def _new_index(self, capacity: int) -> Any:
        import hnswlib

        index = hnswlib.Index(space="cosine", dim=self.dim)
        index.init_index(max_elements=capacity, ef_construction=self.ef_construction, M=self.m, random_seed=100)
        index.set_ef(self.ef)
        index.set_num_threads(self.threads)
        return index

    @classmethod
    def load(cls, path: str | Path, *, threads: int | None = None) -> HnswVectorIndex:
        """Load an index saved at ``path``; :class:`StoreError` if its files are missing or corrupt."""
        import hnswlib

        path = Path(path)
        try:
            meta = json.loads(_meta_path(path).read_text(encoding="utf-8"))
            text = _ids_path(path).read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            raise StoreError(f"cannot read HNSW index files at {path}: {exc}") from exc
        if meta.get("format") != _FORMAT:
            raise StoreError(f"{_meta_path(path)} is not a {_FORMAT} index (format={meta.get('format')!r})")
        ids = text.split("\n") if text else []
        if len(ids) != meta["count"]:
            raise StoreError(f"{_ids_path(path)} holds {len(ids)} ids, {meta['count']} expected")
        self = cls(
            meta["dim"], path, m=meta["m"], ef_construction=meta["ef_construction"], ef=meta["ef"],
            initial_capacity=16, threads=threads,
        )
        index = hnswlib.Index(space="cosine", dim=self.dim)
        try:
            index.load_index(str(path), max_elements=max(meta["capacity"], len(ids), 16))
        except (RuntimeError, OSError) as exc:
            raise StoreError(f"cannot load HNSW index {path}: {exc}") from exc
        if index.element_count != len(ids):
            raise StoreError(f"{path} holds {index.element_count} vectors but {len(ids)} ids")
        index.set_ef(self.ef)
        index.set_num_threads(self.threads)
        self._index = index
        self._ids = ids
        self._labels = {item: label for label, item in enumerate(ids)}
        self._deleted = set(meta["deleted"])
        self._sum = int(meta["checksum_sum"], 16)
        return self

    @staticmethod
    def exists(path: str | Path | None) -> bool:
        """True when an index was saved at ``path``."""
        return path is not None and _meta_path(Path(path)).exists()

    @classmethod
    def open(cls, path: str | Path, dim: int, **kwargs: Any) -> HnswVectorIndex:
        """Load the index at ``path`` if it exists (checking ``dim``), else create an empty one there."""
        path = Path(path)
        if _meta_path(path).exists():
            index = cls.load(path, threads=kwargs.get("threads"))
            if index.dim != dim:
                raise ConfigError(
                    f"HNSW index {path} has dim {index.dim}, not {dim}: it was built with another "
                    "embedder; delete its files to rebuild"
                )
            return index
        return cls(dim, path, **kwargs)

    # ---------------------------------------------------------------- mutations
    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        """Add or replace vectors; an id seen twice in one call keeps its last vector."""
        data = np.ascontiguousarray(vectors, dtype=np.float32)
        if data.ndim == 1:
            data = data[None, :]
        if data.ndim != 2 or data.shape[1] != self.dim or data.shape[0] != len(ids):
            raise InputError(f"expected {len(ids)} vectors of dim {self.dim}, got shape {np.shape(vectors)}")
        if not len(ids):
            return
        last = {item: row for row, item in enumerate(ids)}
        if len(last) != len(ids):
            rows = sorted(last.values())
            ids, data = [ids[r] for r in rows], data[rows]
        with self._lock:
            new = [item for item in ids if item not in self._labels]
            for item in new:
                if not isinstance(item, str) or not item or "\n" in item or "\r" in item:
                    raise InputError(f"ids must be non-empty strings without line breaks, got {item!r}")
            needed = len(self._ids) + len(new)
            capacity = self._index.get_max_elements()
            if needed > capacity:
                self._index.resize_index(max(needed, capacity * 2))
            labels = np.empty(len(ids), dtype=np.uint64)
            for row, item in enumerate(ids):
                label = self._labels.get(item)
                if label is None:
                    label = len(self._ids)
                    self._labels[item] = label
                    self._ids.append(item)
                    self._sum += _id_hash(item)
                elif label in self._deleted:
                    self._deleted.discard(label)
                    self._sum += _id_hash(item)
                labels[row] = label
            self._sum &= _MASK64
            self._index.add_items(data, labels, num_threads=1 if len(ids) < 64 else self.threads)

    def mark_deleted(self, ids: Iterable[str]) -> int:
        """Hide ``ids`` from queries (unknown or already deleted ids are ignored); returns how many."""
        count = 0
        with self._lock:
            for item in ids:
                label = self._labels.get(item)
                if label is None or label in self._deleted:
                    continue
                self._index.mark_deleted(label)
                self._deleted.add(label)
                self._sum = (self._sum - _id_hash(item)) & _MASK64
                count += 1
        return count

    def erase(self, ids: Iterable[str]) -> int:
        """Remove ``ids`` for good: each vector is overwritten with zeros and hidden, and its id
        replaced by ``erased:<label>`` (the files change at the next :meth:`save`). Returns how many."""
        count = 0
        with self._lock:
            for item in ids:
                label = self._labels.get(item)
                if label is None:
                    continue
                self.mark_deleted([item])
                self._index.unmark_deleted(label)
                self._index.add_items(np.zeros((1, self.dim), dtype=np.float32), np.array([label], dtype=np.uint64))
                self._index.mark_deleted(label)
                del self._labels[item]
                tombstone = f"{_ERASED}{label}"
                self._ids[label] = tombstone
                self._labels[tombstone] = label
                count += 1
        return count

    def clear(self) -> None:
        """Remove everything (the files on disk change at the next :meth:`save`)."""
        with self._lock:
            self._index = self._new_index(self.initial_capacity)
            self._labels.clear()
            self._ids.clear()
            self._deleted.clear()
            self._sum = 0

    # ------------------------------------------------------------------ queries
    def query(
        self, vectors: np.ndarray, k: int = 10, *, filter_prefix: str | None = None
    ) -> list[Any]:
        """Nearest live ids by cosine similarity (``1 - cosine distance``), best first.

        A 1-D ``vectors`` gives ``[(id, similarity), ...]`` (up to ``k``); a 2-D one gives
        one such list per row. ``filter_prefix`` keeps only ids starting with it: the
        index over-fetches, then falls back to filtering inside the HNSW search.
        """
        data = np.ascontiguousarray(vectors, dtype=np.float32)
        single = data.ndim == 1
        if single:
            data = data[None, :]
        if data.ndim != 2 or data.shape[1] != self.dim:
            raise InputError(f"expected vectors of dim {self.dim}, got shape {np.shape(vectors)}")
        with self._lock:
            live = len(self._ids) - len(self._deleted)
            if k < 1 or live == 0 or data.shape[0] == 0:
                results: list[list[tuple[str, float]]] = [[] for _ in range(data.shape[0])]
            elif filter_prefix is None:
                results = self._search(data, min(k, live))
            else:
                results = [self._search_prefix(row[None, :], k, filter_prefix, live) for row in data]
        return results[0] if single else results

    def _search(self, data: np.ndarray, k: int, filt: Any = None) -> list[list[tuple[str, float]]]:
        threads = 1 if data.shape[0] < 8 else self.threads
        if k > self.ef:
            self._index.set_ef(k)
        try:
            labels, distances = self._index.knn_query(data, k=k, num_threads=threads, filter=filt)
        except RuntimeError:  # fewer reachable items than k (e.g. a very selective filter)
            if k <= 1:
                return [[] for _ in range(data.shape[0])]
            return self._search(data, max(1, k // 2), filt)
        finally:
            if k > self.ef:
                self._index.set_ef(self.ef)
        ids = self._ids
        return [
            [(ids[int(label)], min(1.0, 1.0 - float(dist))) for label, dist in zip(row_l, row_d)]
            for row_l, row_d in zip(labels, distances)
        ]

    def _search_prefix(self, row: np.ndarray, k: int, prefix: str, live: int) -> list[tuple[str, float]]:
        fetch = min(live, max(4 * k, k + 32))
        for _ in range(2):
            hits = [hit for hit in self._search(row, fetch)[0] if hit[0].startswith(prefix)]
            if len(hits) >= k or fetch >= live:
                return hits[:k]
            fetch = min(live, fetch * 8)
        ids = self._ids
        return self._search(row, k, lambda label: ids[label].startswith(prefix))[0][:k]

    # ------------------------------------------------------------------- status
    def __len__(self) -> int:
        return len(self._ids) - len(self._deleted)

    def __contains__(self, item: object) -> bool:
        label = self._labels.get(item) if isinstance(item, str) else None
        return label is not None and label not in self._deleted

    def ids(self) -> list[str]:
        """The live ids, in insertion order."""
        with self._lock:
            return [item for label, item in enumerate(self._ids) if label not in self._deleted]

    def known_ids(self) -> list[str]:
        """Every id that has a vector here, hidden ones (``mark_deleted``) included, erased ones not."""
        with self._lock:
            return [item for item in self._ids if not item.startswith(_ERASED)]

    def get_vectors(self, ids: Sequence[str]) -> np.ndarray:
        """The vectors held for ``ids`` (unit length: cosine space normalizes what it is given), one
        row each; an unknown id is an :class:`InputError`."""
        with self._lock:
            missing = [i for i in ids if i not in self._labels]
            if missing:
                raise InputError(f"no vectors for {missing[:3]} in this index")
            if not ids:
                return np.zeros((0, self.dim), dtype=np.float32)
            labels = [self._labels[i] for i in ids]
            return np.asarray(self._index.get_items(labels), dtype=np.float32).reshape(len(ids), self.dim)

    def checksum(self) -> str:
        """Digest of the set of live ids; equals ``ids_checksum(self.ids())``."""
        with self._lock:
            return _digest(len(self), self._sum)

    @property
    def capacity(self) -> int:
        """Elements allocated (deleted ones included)."""
        return int(self._index.get_max_elements())

    # -------------------------------------------------------------- persistence
    def save(self, path: str | Path | None = None) -> Path:
        """Write the three files (atomically, each) to ``path`` or the index's own path."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise InputError("this index has no path: pass one to save()")
        target.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            meta = {
                "format": _FORMAT, "dim": self.dim, "space": "cosine", "m": self.m,
                "ef_construction": self.ef_construction, "ef": self.ef,
                "capacity": self.capacity, "count": len(self._ids),
                "live": len(self), "checksum_sum": f"{self._sum:016x}", "deleted": sorted(self._deleted),
            }
            tmp = _temporary(target)
            self._index.save_index(str(tmp))
            os.replace(tmp, target)
            _atomic_write(_ids_path(target), "\n".join(self._ids))
            _atomic_write(_meta_path(target), json.dumps(meta))
        self.path = target
        return target

    def __repr__(self) -> str:
        return f"HnswVectorIndex(dim={self.dim}, live={len(self)}, path={str(self.path) if self.path else None!r})"


def _ids_path(path: Path) -> Path:
    return path.with_name(path.name + ".ids")


def _meta_path(path: Path) -> Path:
    return path.with_name(path.name + ".meta.json")


def _temporary(path: Path) -> Path:
    """A temporary name beside ``path`` that no other writer uses: several processes may save
    the same index at once, and each must replace the file with a temporary of its own."""
    return path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")


def _atomic_write(path: Path, text: str) -> None:
    tmp = _temporary(path)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
