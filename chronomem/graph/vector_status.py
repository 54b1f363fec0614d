"""Whether search has vectors: the default embedder's picker, the one-line notice when the model
is missing, and the status that ``stats`` and :meth:`chronomem.Memory.status` report.

>>> vector_status(None)["vectors"], vector_status(None)["note"] == no_model_note()
(False, True)
"""

from __future__ import annotations

from typing import Any


def no_model_note() -> str:
    """The one line saying the model is missing and how to install it."""
    from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT  # not at import: it loads numpy

    return f"no embedding model installed, so search uses full text only: install it with `{INSTALL_HINT}`"


def default_embedder(*, threads: int | None = None) -> Any:
    """The installed all-MiniLM-L6-v2 embedder for ``embedder="auto"``, or ``None`` (looked up
    through :mod:`chronomem.graph.embedders` each time, so tests can simulate a missing model)."""
    from chronomem.graph import embedders

    return embedders.installed_minilm(threads=threads)


def vector_status(index: Any) -> dict[str, Any]:
    """What search runs on, for a side-index (``None``: full text only): ``vectors`` (bool), the
    ``embedder``'s name, ``indexed`` and ``pending`` item counts (the index is opened and reconciled
    with the store to count them), and a ``note`` saying what to install when there are no vectors."""
    if index is None:
        return {"vectors": False, "embedder": None, "indexed": 0, "pending": 0, "note": no_model_note()}
    if hasattr(index, "vectors"):
        index.vectors  # open and reconcile, so that pending counts what the store holds unembedded
    status = index.status() if hasattr(index, "status") else {}
    return {"vectors": True, "embedder": status.get("embedder") or getattr(getattr(index, "embedder", None), "name", None),
            "indexed": status.get("indexed"), "pending": status.get("pending"), "note": None}
