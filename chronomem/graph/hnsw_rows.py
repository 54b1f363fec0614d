"""The full vectors behind the HNSW side-index, kept compact, and the projection its graph navigates in.

:class:`~chronomem.graph.hnsw_index.HnswVectorIndex` keeps every vector twice, in two forms:

* :class:`Int8Rows`, the full vector as ``int8`` (scaled so that its largest component is ±127, the form
  the store keeps, :func:`chronomem.graph.vectors.to_blobs`): 384 bytes for all-MiniLM-L6-v2, where a
  ``float32`` row takes 1,536. An exact re-rank of the graph's candidates reads them.
* in the hnswlib graph, the vector's projection on its ``reduced`` principal directions
  (:func:`fit_projection`): distances are cheaper, so the graph is smaller and built faster, and it
  only needs to find the candidates.

Rows live in blocks of :data:`BLOCK` rows that are allocated as labels reach them: growing never copies,
so a million rows never take twice their memory. On disk they are one file of ``count × dim`` bytes.

>>> rows = Int8Rows(3)
>>> rows.put(np.array([0, 1]), np.array([[0.6, -0.8, 0.0], [0.0, 0.0, 2.0]]))
>>> rows.cosines(np.array([1, 0]), np.array([0.0, 0.0, 1.0])).round(3).tolist()
[1.0, 0.0]
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from chronomem.errors import StoreError
from chronomem.graph.vectors import quantize

BLOCK = 1 << 16  # rows per block: 24 MiB at 384 dimensions
# The graph's dimensions. A sentence embedder's variance sits in a few dozen directions (all-MiniLM-L6-v2:
# the top 96 principal directions of its 384 hold most of it), so the projection on them still brings the
# right neighbours among the first candidates, and the exact re-rank orders them (bench/hnsw_bench.py).
REDUCED_DIM = 96
# The projection is fitted once, when the index first holds this many vectors (before, the graph holds the
# full vectors: small indices need no saving); enough rows to estimate 384 x 384 second moments.
FIT_AT = 4_096
FIT_SAMPLE = 20_000
# Candidates the graph returns per wanted result (at least MIN_CANDIDATES), re-ranked exactly.
CANDIDATE_FACTOR = 4
MIN_CANDIDATES = 64


def fit_projection(rows: np.ndarray, reduced: int) -> np.ndarray:
    """The ``dim × reduced`` matrix whose orthonormal columns are the principal directions of ``rows``
    (uncentred: cosine works on the vectors as they are), largest first.

    >>> rng = np.random.default_rng(0)
    >>> rows = rng.standard_normal((500, 2)) @ rng.standard_normal((2, 6))  # all in a plane
    >>> p = fit_projection(rows, 2)
    >>> p.shape, bool(np.allclose(p @ (p.T @ rows.T), rows.T, atol=1e-3))
    ((6, 2), True)
    """
    _, _, vt = np.linalg.svd(unit_rows(rows), full_matrices=False)
    return np.ascontiguousarray(vt[:reduced].T, dtype=np.float32)


def unit_rows(rows: np.ndarray) -> np.ndarray:
    """``rows`` as ``float32`` of unit length (a row of zeros stays zeros)."""
    data = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(data, axis=-1, keepdims=True)
    return data / np.where(norms > 0, norms, 1.0)


class Int8Rows:
    """``int8`` vectors addressed by integer label, in blocks of :data:`BLOCK` rows (not thread-safe:
    the index holding them locks)."""

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._blocks: list[np.ndarray] = []

    def _reserve(self, top: int) -> None:
        while len(self._blocks) * BLOCK <= top:
            self._blocks.append(np.zeros((BLOCK, self.dim), dtype=np.int8))  # calloc: pages come when written

    def put(self, labels: np.ndarray, matrix: np.ndarray) -> None:
        """Store the rows of ``matrix`` (any scale) under ``labels``."""
        if not len(labels):
            return
        self._reserve(int(np.max(labels)))
        quantized = quantize(matrix)
        for block, offsets, rows in self._by_block(labels):
            self._blocks[block][offsets] = quantized[rows]

    def get(self, labels: np.ndarray) -> np.ndarray:
        """The rows of ``labels`` as ``int8``, in order."""
        out = np.empty((len(labels), self.dim), dtype=np.int8)
        for block, offsets, rows in self._by_block(labels):
            out[rows] = self._blocks[block][offsets]
        return out

    def cosines(self, labels: np.ndarray, query: np.ndarray) -> np.ndarray:
        """Cosine similarity of each row of ``labels`` with ``query``."""
        return unit_rows(self.get(labels)) @ unit_rows(query)

    def clear(self) -> None:
        self._blocks = []

    @staticmethod
    def _by_block(labels: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray]]:
        labels = np.asarray(labels, dtype=np.int64)
        blocks = labels // BLOCK
        if len(labels) and blocks[0] == blocks[-1] and (blocks == blocks[0]).all():
            return [(int(blocks[0]), labels % BLOCK, np.arange(len(labels)))]
        return [(int(b), labels[rows] % BLOCK, rows) for b in np.unique(blocks) for rows in [np.flatnonzero(blocks == b)]]

    def save(self, path: Path, count: int) -> None:
        """Write rows ``0 .. count-1`` to ``path`` (the caller replaces the file atomically)."""
        with open(path, "wb") as out:
            for start in range(0, count, BLOCK):
                block = self._blocks[start // BLOCK] if start // BLOCK < len(self._blocks) else None
                part = min(BLOCK, count - start)
                (block[:part] if block is not None else np.zeros((part, self.dim), np.int8)).tofile(out)
            out.flush()
            os.fsync(out.fileno())

    @classmethod
    def load(cls, path: Path, count: int, dim: int) -> Int8Rows:
        """Read ``count`` rows saved by :meth:`save`; :class:`ValueError` if the file has another size."""
        size = path.stat().st_size
        if size != count * dim:
            raise ValueError(f"{path} holds {size} bytes, {count} rows of {dim} expected")
        self = cls(dim)
        with open(path, "rb") as src:
            for start in range(0, count, BLOCK):
                part = min(BLOCK, count - start)
                block = np.zeros((BLOCK, dim), dtype=np.int8)
                block[:part] = np.fromfile(src, dtype=np.int8, count=part * dim).reshape(part, dim)
                self._blocks.append(block)
        return self


# -- the files of an index: ``<path>`` (the graph) and the files beside it, each replaced atomically --
def load_graph(path: Path, dim: int, capacity: int) -> Any:
    """The hnswlib graph saved at ``path`` (cosine space, ``dim`` dimensions); :class:`StoreError` if unreadable."""
    import hnswlib

    graph = hnswlib.Index(space="cosine", dim=dim)
    try:
        graph.load_index(str(path), max_elements=capacity)
    except (RuntimeError, OSError) as exc:
        raise StoreError(f"cannot load HNSW index {path}: {exc}") from exc
    return graph


def beside(path: Path, suffix: str) -> Path:
    """The file ``<path><suffix>``, e.g. ``g.hnsw.ids`` beside ``g.hnsw``."""
    return path.with_name(path.name + suffix)


def temporary(path: Path) -> Path:
    """A temporary name beside ``path`` that no other writer uses: several processes may save
    the same index at once, and each must replace the file with a temporary of its own."""
    return path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` at once (readers see the old file or the new one)."""
    tmp = temporary(path)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def read_meta(path: Path, formats: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    """The parameters (``<path>.meta.json``) and ids (``<path>.ids``) of a saved index of one of ``formats``;
    :class:`StoreError` if they are missing, corrupt or of another format."""
    try:
        meta = json.loads(beside(path, ".meta.json").read_text(encoding="utf-8"))
        text = beside(path, ".ids").read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise StoreError(f"cannot read HNSW index files at {path}: {exc}") from exc
    if meta.get("format") not in formats:
        raise StoreError(f"{beside(path, '.meta.json')} is not a {formats[0]} index (format={meta.get('format')!r})")
    ids = text.split("\n") if text else []
    if len(ids) != meta["count"]:
        raise StoreError(f"{beside(path, '.ids')} holds {len(ids)} ids, {meta['count']} expected")
    return meta, ids


def write_files(target: Path, graph: Any, rows: Int8Rows, ids: list[str], meta: dict[str, Any]) -> None:
    """Replace the four files of an index at ``target``, each atomically (the parameters last)."""
    tmp = temporary(target)
    graph.save_index(str(tmp))
    os.replace(tmp, target)
    tmp = temporary(beside(target, ".vec"))
    rows.save(tmp, len(ids))
    os.replace(tmp, beside(target, ".vec"))
    atomic_write(beside(target, ".ids"), "\n".join(ids))
    atomic_write(beside(target, ".meta.json"), json.dumps(meta))


def encode_matrix(matrix: np.ndarray | None) -> str | None:
    """A ``float32`` matrix as text for the parameters file (``None`` stays ``None``)."""
    return None if matrix is None else base64.b64encode(np.asarray(matrix, np.float32).tobytes()).decode()


def decode_matrix(text: str | None, rows: int) -> np.ndarray | None:
    """The matrix :func:`encode_matrix` wrote, with ``rows`` rows."""
    return None if not text else np.frombuffer(base64.b64decode(text), dtype=np.float32).reshape(rows, -1).copy()


# -- the digest of a set of ids (an index out of step with its store shows a different one) --
MASK64 = (1 << 64) - 1


def id_hash(item: str) -> int:
    return int.from_bytes(hashlib.blake2b(item.encode("utf-8"), digest_size=8).digest(), "little")


def digest(count: int, total: int) -> str:
    return f"{count}:{total & MASK64:016x}"


def ids_checksum(ids: Iterable[str]) -> str:
    """Order-independent digest of a set of ids: ``"<count>:<sum of 64-bit hashes, hex>"``.

    >>> ids_checksum(["a", "b"]) == ids_checksum(["b", "a"])
    True
    >>> ids_checksum([])
    '0:0000000000000000'
    """
    unique = set(ids)
    return digest(len(unique), sum(id_hash(i) for i in unique))
