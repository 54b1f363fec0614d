"""Vectors kept with the data: how a stored vector is encoded, and the records stores exchange about them.

Each embedded item (an entity's names, a fact version's statement, a turn's text) keeps its vector
in the store, beside the item: the embedded store in three columns of its row (``vec``, ``vec_model``,
``vec_seq``), Neo4j in the same three properties of its node or ``FACT`` relationship. The HNSW
side-index (:mod:`chronomem.graph.side_index`) is only a cache over them.

* ``vec``: the vector as ``int8`` bytes, scaled so that its largest component is ±127. Cosine
  similarity ignores the scale, so nothing else is kept (384 bytes for all-MiniLM-L6-v2).
* ``vec_model``: the name of the embedder that made it; a vector of another model is never used.
* ``vec_seq``: the store's *vector sequence* when the item's vector state last changed (its vector
  was stored, or the fact version holding one expired). Every transaction that changes vector
  states takes the next number of one store-wide counter and holds it until it commits, so the
  numbers follow the commit order: an index that has read every change up to ``n`` catches up by
  reading the items whose ``vec_seq`` is above ``n`` (:func:`whole_changes` pages through them).

>>> import numpy as np
>>> v = np.array([0.6, -0.8, 0.0], dtype=np.float32)
>>> to_blob(v)
b'_\\x81\\x00'
>>> from_blobs([to_blob(v)], 3).round(3).tolist()
[[95.0, -127.0, 0.0]]
>>> cosine(from_blobs([to_blob(v)], 3)[0], v) > 0.9999
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # numpy is imported where vectors are encoded: `import chronomem` does not need it
    import numpy as np

Kind = Literal["fact", "entity", "turn"]
KINDS: tuple[Kind, ...] = ("entity", "fact", "turn")


@dataclass(frozen=True, slots=True)
class StoredVector:
    """One item's vector state as a store holds it.

    ``vector`` is ``None`` when the item has none; ``gone`` is true for a fact version that expired
    (it leaves the index); ``speaker`` is a turn's speaker (search reads who speaks in a group).
    """

    id: str
    seq: int
    model: str | None
    vector: bytes | None
    gone: bool = False
    speaker: str | None = None


def to_blob(vector: np.ndarray) -> bytes:
    """The stored form of one vector: ``int8``, scaled so that its largest component is ±127."""
    import numpy as np

    return to_blobs(np.asarray(vector, dtype=np.float32)[None, :])[0]


def to_blobs(matrix: np.ndarray) -> list[bytes]:
    """The stored form of each row of ``matrix`` (see :func:`to_blob`); a row of zeros stays zeros.

    >>> import numpy as np
    >>> [len(b) for b in to_blobs(np.ones((2, 4), dtype=np.float32))]
    [4, 4]
    """
    import numpy as np

    rows = np.asarray(matrix, dtype=np.float32)
    if rows.ndim != 2:
        raise ValueError(f"expected a matrix of vectors, got shape {rows.shape}")
    peak = np.max(np.abs(rows), axis=1, keepdims=True) if rows.size else np.zeros((len(rows), 1), np.float32)
    scaled = np.rint(rows * (127.0 / np.where(peak > 0, peak, 1.0)))
    quantized = np.clip(scaled, -127, 127).astype(np.int8)
    return [row.tobytes() for row in quantized]


def from_blobs(blobs: Sequence[bytes], dim: int) -> np.ndarray:
    """The rows (``float32``, shape ``(len(blobs), dim)``) of stored vectors, for cosine search.

    A blob of another length than ``dim`` is a :class:`ValueError` (check with :func:`fits`).
    """
    import numpy as np

    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    joined = b"".join(blobs)
    if len(joined) != len(blobs) * dim or any(len(b) != dim for b in blobs):
        raise ValueError(f"stored vectors of {sorted({len(b) for b in blobs})} bytes, not {dim}")
    return np.frombuffer(joined, dtype=np.int8).reshape(len(blobs), dim).astype(np.float32)


def fits(row: StoredVector, model: str, dim: int) -> bool:
    """True when ``row`` holds a vector ``model`` made, of length ``dim``: one the index may use.

    >>> fits(StoredVector("a", 1, "m", bytes(3)), "m", 3), fits(StoredVector("a", 1, "other", bytes(3)), "m", 3)
    (True, False)
    """
    return row.vector is not None and row.model == model and len(row.vector) == dim


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity of two vectors (0 when either is all zeros)."""
    import numpy as np

    na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    return 0.0 if na == 0 or nb == 0 else float(np.dot(a, b) / (na * nb))


def whole_changes(page: list[StoredVector], limit: int,
                  rest_of: Callable[[int], list[StoredVector]]) -> list[StoredVector]:
    """A page of changes (``page``: at most ``limit`` rows in ``seq`` order) cut at a change boundary:
    when the page is full, the rows of its last change are replaced by every row of that change
    (``rest_of(seq)``), so that the next page can start after it (``after=`` the last ``seq``).

    >>> rows = [StoredVector(i, seq, "m", None) for i, seq in (("a", 1), ("b", 2), ("c", 2))]
    >>> [r.id for r in whole_changes(rows, 3, lambda seq: rows[1:] + [StoredVector("d", 2, "m", None)])]
    ['a', 'b', 'c', 'd']
    >>> [r.id for r in whole_changes(rows[:2], 3, lambda seq: [])]
    ['a', 'b']
    """
    if len(page) < limit or not page:
        return page
    last = page[-1].seq
    return [r for r in page if r.seq != last] + rest_of(last)
