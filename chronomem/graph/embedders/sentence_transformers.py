"""Adapter for the optional ``sentence-transformers`` library (needs PyTorch).

The import happens on first use, so that chronomem works without it; the model
is loaded with ``local_files_only=True`` so nothing is downloaded at run time.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from chronomem.errors import ConfigError
from chronomem.graph.embedders.base import l2_normalize

INSTALL_HINT = 'pip install "chronomem[sentence-transformers]"'


class SentenceTransformerEmbedder:
    """Embed with any locally available sentence-transformers model.

    Args:
        model_name_or_path: a model directory, or a model name already in the
            local Hugging Face cache.
        device: torch device, ``"cpu"`` by default.
        batch_size: encode batch size.
        dim: vector length if known; otherwise read from the model directory's
            ``1_Pooling/config.json`` or, failing that, from the loaded model.
    """

    def __init__(
        self,
        model_name_or_path: str | Path,
        *,
        device: str = "cpu",
        batch_size: int = 32,
        dim: int | None = None,
    ) -> None:
        self.model_name_or_path = str(model_name_or_path)
        self.name = Path(self.model_name_or_path).name or self.model_name_or_path
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._dim: int | None = dim if dim is not None else _dim_from_config(self.model_name_or_path)

    def _load(self) -> Any:
        if self._model is None:
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:
                raise ConfigError(
                    f"SentenceTransformerEmbedder needs the sentence-transformers package: {INSTALL_HINT}"
                ) from exc
            try:
                self._model = SentenceTransformer(
                    self.model_name_or_path, device=self.device, local_files_only=True
                )
            except Exception as exc:  # library raises many kinds
                raise ConfigError(
                    f"could not load sentence-transformers model {self.model_name_or_path!r} "
                    f"from local files (no download is attempted): {exc}"
                ) from exc
            get_dim = getattr(self._model, "get_sentence_embedding_dimension", None)
            found = get_dim() if get_dim else None
            if found:
                self._dim = int(found)
        return self._model

    @property
    def dim(self) -> int:  # type: ignore[override]
        """Vector length (loads the model on first access)."""
        if self._dim is None:
            model = self._load()
            if self._dim is None:
                self._dim = int(model.encode([""], convert_to_numpy=True).shape[1])
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` into unit ``float32`` rows."""
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        vectors = model.encode(
            list(texts), batch_size=self.batch_size, convert_to_numpy=True, normalize_embeddings=True
        )
        return l2_normalize(vectors)

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder({self.model_name_or_path!r})"


def _dim_from_config(model_name_or_path: str) -> int | None:
    """``word_embedding_dimension`` from a local model directory's pooling config, if any."""
    import json

    config = Path(model_name_or_path) / "1_Pooling" / "config.json"
    try:
        return int(json.loads(config.read_text())["word_embedding_dimension"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
