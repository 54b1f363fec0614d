"""Text embedders: the :class:`Embedder` protocol and its implementations.

* :class:`MiniLmEmbedder` - all-MiniLM-L6-v2 in pure numpy (the default).
* :class:`HashingEmbedder` - deterministic feature hashing, for tests.
* :class:`SentenceTransformerEmbedder` - any local sentence-transformers model (needs PyTorch).

Importing this package imports neither ``tokenizers``, ``safetensors`` nor
``sentence_transformers``: each embedder loads what it needs on first use.
"""

from __future__ import annotations

from chronomem.graph.embedders.base import Embedder, l2_normalize
from chronomem.graph.embedders.hashing import HashingEmbedder
from chronomem.graph.embedders.minilm import MiniLmEmbedder
from chronomem.graph.embedders.sentence_transformers import SentenceTransformerEmbedder

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "MiniLmEmbedder",
    "SentenceTransformerEmbedder",
    "default_embedder",
    "l2_normalize",
]


def default_embedder() -> MiniLmEmbedder:
    """The default embedder: :class:`MiniLmEmbedder` with model files found automatically.

    Nothing is loaded until the first ``embed`` call.
    """
    return MiniLmEmbedder()
