"""Ingest rate with and without the search side-index, on the same generated sessions.

Sessions come from the synthetic temporal benchmark's generator (``bench.temporal``). Each mode
starts from an empty embedded store with spaCy already loaded and the same embedder:

* **no index**: extraction and the store only (``embedder=None``), the baseline;
* **background**: :meth:`Memory.start_indexing` embeds in a thread while ingest runs (ingest
  never waits for it); the time until the index is in step afterwards is reported separately;
* **inline**: every session is embedded right after it is written, the way a memory layer
  that embeds on the write path works (here :meth:`Memory.catch_up_index` after each session).

On a 2-core machine the background thread competes with spaCy for the CPU, so the background
ingest rate sits between the other two; what it buys is that nothing waits for embedding.

    python -m bench.ingest_index_bench [--quick] [--worlds N] [--embedder minilm|hashing]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench._report import write_result


def embedder_for(kind: str) -> Any:
    """The embedder a benchmark asked for by name: ``hashing`` (384-d) or ``minilm`` (the installed model)."""
    from chronomem.graph.embedders import HashingEmbedder, installed_minilm
    from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT

    if kind == "hashing":
        return HashingEmbedder(384)
    embedder = installed_minilm()
    if embedder is None:
        raise SystemExit(f"all-MiniLM-L6-v2 is not installed ({INSTALL_HINT}); use --embedder hashing")
    return embedder


def run(mode: str, sessions: list, root: Path, embedder_kind: str) -> dict[str, Any]:
    from chronomem import FixedClock, Memory

    clock = FixedClock(datetime(2030, 1, 1, tzinfo=timezone.utc))
    embedder = None if mode == "no index" else embedder_for(embedder_kind)
    with Memory.open(root / mode.replace(" ", "-"), clock=clock, embedder=embedder) as mem:
        mem.extractor.nlp  # load spaCy before timing, as a long-running ingest would have
        if embedder is not None:
            embedder.embed(["warm up"])  # load the model weights before timing
            mem.catch_up_index()  # open the (empty) index
        after = None
        if mode == "background":
            mem.start_indexing(interval=0.5)
        started = time.perf_counter()
        if mode == "inline":
            mem.ingest(sessions, progress=lambda session, report: mem.catch_up_index())
        else:
            mem.ingest(sessions)
        ingest_s = time.perf_counter() - started
        if mode == "background":
            finish = time.perf_counter()
            mem.stop_indexing()
            after = time.perf_counter() - finish
        indexed = len(mem.index.vectors) if mem.index is not None else 0
        pending = mem.index.pending_count() if mem.index is not None else 0
    turns = sum(len(s.turns) for s in sessions)
    total = ingest_s + (after or 0.0)
    return {"mode": mode, "sessions": len(sessions), "turns": turns, "ingest_s": round(ingest_s, 2),
            "ingest_turns_per_s": round(turns / ingest_s, 1),
            "index_after_ingest_s": round(after, 2) if after is not None else "",
            "total_s": round(total, 2), "items_indexed": indexed, "pending_at_end": pending}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer sessions, hashing embedder (CI)")
    parser.add_argument("--worlds", type=int, default=None, help="generator worlds (default 4, quick 1)")
    parser.add_argument("--embedder", choices=("minilm", "hashing"), default=None,
                        help="default minilm (quick: hashing)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    from bench.temporal.generator import generate

    worlds = args.worlds or (1 if args.quick else 4)
    embedder = args.embedder or ("hashing" if args.quick else "minilm")
    sessions = generate(args.seed, worlds=worlds).sessions
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("no index", "background", "inline"):
            print(f"ingest_index: {mode} ...", file=sys.stderr, flush=True)
            rows.append(run(mode, sessions, Path(tmp), embedder))
    base = rows[0]["ingest_turns_per_s"]
    for row in rows:
        row["relative_ingest_rate"] = round(row["ingest_turns_per_s"] / base, 3)
    name = "ingest_index_quick" if args.quick else "ingest_index"
    given = list(sys.argv[1:] if argv is None else argv)
    write_result(name, rows, command="python -m bench.ingest_index_bench" + (" " + " ".join(given) if given else ""),
                 title=f"Ingest with and without the search side-index ({embedder} embedder)",
                 meta={"seed": args.seed, "worlds": worlds, "embedder": embedder},
                 note="no index: extraction and store only; background: Memory.start_indexing embeds in a thread "
                      "while ingest runs, then stop_indexing finishes the rest (index_after_ingest_s); inline: "
                      "every session embedded right after it is written. Same sessions, spaCy and model loaded "
                      "before timing, 2 CPUs.")
    return 0 if all(r["pending_at_end"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
