"""The :class:`Embedder` protocol every text embedder in chronomem satisfies.

An embedder turns texts into L2-normalised ``float32`` rows, so that the dot
product of two rows is their cosine similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Maps texts to unit-length vectors.

    Attributes:
        dim: length of every vector.
        name: a stable identifier of the model (stored next to indexes so that
            vectors from different models are never mixed).
    """

    dim: int
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``: ``float32`` array of shape ``(len(texts), dim)``, rows of norm 1.

        An empty sequence gives an array of shape ``(0, dim)``.
        """
        ...


def l2_normalize(matrix: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    """Divide each row by its L2 norm (rows of zeros stay zero), as ``float32``.

    >>> l2_normalize(np.array([[3.0, 4.0], [0.0, 0.0]])).tolist()
    [[0.6000000238418579, 0.800000011920929], [0.0, 0.0]]
    """
    out = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return (out / np.maximum(norms, eps)).astype(np.float32, copy=False)


def mean_pool(states: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Unit-length mean of each row's first ``lengths[i]`` token states (sentence-transformers' pooling).

    ``states`` has shape ``(batch, width, dim)``; padding beyond a row's length is ignored.

    >>> pooled = mean_pool(np.array([[[1.0, 0.0], [0.0, 1.0]], [[3.0, 4.0], [9.0, 9.0]]]), np.array([2, 1]))
    >>> [[round(float(v), 4) for v in row] for row in pooled]
    [[0.7071, 0.7071], [0.6, 0.8]]
    """
    mask = (np.arange(states.shape[1])[None, :] < lengths[:, None]).astype(np.float32)
    pooled = np.einsum("bl,bld->bd", mask, states.astype(np.float32, copy=False))
    pooled /= np.maximum(lengths, 1).astype(np.float32)[:, None]
    return l2_normalize(pooled)
