"""What the two all-MiniLM-L6-v2 embedders share: validation, lazy loading, tokenising, batching.

A subclass loads its runtime in :meth:`WordPieceEncoder._load` (called once, under a lock, on
first use) and runs one padded batch in :meth:`WordPieceEncoder._forward`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from chronomem.graph.embedders.wordpiece import bert_tokenizer, padded_batches


class WordPieceEncoder:
    """Base of the MiniLM embedders: texts → WordPiece ids → padded batches → unit vectors.

    Args:
        batch_size: sentences per forward pass (texts are sorted by length first).
        max_length: truncate to this many tokens (256, as sentence-transformers does).
        threads: how many threads the runtime may use; None leaves it its default.
    """

    dim: int = 384
    name: str = "all-MiniLM-L6-v2"

    def __init__(self, *, batch_size: int = 32, max_length: int = 256, threads: int | None = None) -> None:
        if batch_size < 1 or not 2 <= max_length <= 512:
            raise ValueError("batch_size must be >= 1 and max_length within 2..512")
        if threads is not None and threads < 1:
            raise ValueError("threads must be >= 1 (or None for the runtime's default)")
        self.batch_size = batch_size
        self.max_length = max_length
        self.threads = threads
        self._lock = threading.Lock()
        self._loaded = False
        self._tokenizer: Any = None

    def _load(self) -> None:
        """Load the model (once, under the lock)."""
        raise NotImplementedError

    def _forward(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """Unit-length embeddings of one zero-padded batch of token ids."""
        raise NotImplementedError

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            with self._lock:
                if not self._loaded:
                    self._load()
                    self._tokenizer = bert_tokenizer(self.max_length)
                    self._loaded = True

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids of each text, with ``[CLS]``/``[SEP]``, truncated to ``max_length``."""
        self._ensure_loaded()
        return [enc.ids for enc in self._tokenizer.encode_batch(list(texts))]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` into ``float32`` rows of norm 1, shape ``(len(texts), 384)``."""
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of strings, not a single string")
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for rows, batch, lengths in padded_batches(self.tokenize(texts), self.batch_size):
            out[rows] = self._forward(batch, lengths)
        return out
