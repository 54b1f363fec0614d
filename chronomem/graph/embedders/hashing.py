"""A deterministic, dependency-free embedder for unit tests.

:class:`HashingEmbedder` hashes lower-cased word tokens and character trigrams
into ``dim`` signed buckets (the "hashing trick"), then L2-normalises. Texts that
share words or spellings get higher cosine than unrelated texts. It knows
nothing of meaning (no synonyms), so use it only where a real model is not the
point of the test.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from chronomem.graph.embedders.base import l2_normalize

_WORD = re.compile(r"\w+", re.UNICODE)


class HashingEmbedder:
    """Signed feature hashing of words (weight 1) and char trigrams (weight 0.5).

    >>> e = HashingEmbedder(dim=64)
    >>> v = e.embed(["Alice lives in Paris", "alice lives in paris", "quarterly tax report"])
    >>> v.shape, v.dtype.name
    ((3, 64), 'float32')
    >>> bool(v[0] @ v[1] > 0.999) and bool(v[0] @ v[1] > v[0] @ v[2])
    True
    >>> e.embed([]).shape
    (0, 64)
    """

    def __init__(self, dim: int = 64) -> None:
        if dim < 1:
            raise ValueError("dim must be positive")
        self.dim = int(dim)
        self.name = f"hashing-{self.dim}"
        self._cache: dict[str, tuple[int, float]] = {}

    def _bucket(self, feature: str) -> tuple[int, float]:
        hit = self._cache.get(feature)
        if hit is None:
            digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
            value = int.from_bytes(digest, "little")
            hit = (value % self.dim, 1.0 if (value >> 63) & 1 else -1.0)
            if len(self._cache) < 200_000:
                self._cache[feature] = hit
        return hit

    def _features(self, text: str) -> list[tuple[str, float]]:
        words = _WORD.findall(text.lower())
        feats: list[tuple[str, float]] = [("w:" + w, 1.0) for w in words]
        for w in words:
            padded = f"#{w}#"
            feats.extend(("c:" + padded[i : i + 3], 0.5) for i in range(len(padded) - 2))
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` into unit rows (a text without word characters gives a zero row)."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text):
                bucket, sign = self._bucket(feature)
                out[row, bucket] += sign * weight
        return l2_normalize(out)

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self.dim})"
