"""Parallel ingest: ``--workers 2`` against one process on the same generated sessions.

Sessions come from the synthetic temporal benchmark's generator (``bench.temporal``), so the
text is varied chat with facts, distractors and small talk. Every run starts from an empty
embedded store; the result of each parallel run must be identical to the single-process one.

The machine is shared and a single pair of runs is noisy (the same command gave 1.19× and 1.65×
a minute apart), so runs alternate single, parallel, single, parallel… (``--repeats`` pairs) and
the table reports the median rate of each and the median of the pairs' speed-ups. Every run loads
the spaCy model inside its timing (the process, or each worker); importing spaCy is paid in the
first pair only, on both sides (the workers' fork server preloads it after that).

    python -m bench.parallel_bench [--quick] [--worlds 8,24] [--workers 2] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from bench._report import write_result

NOTE = ("Every run loads the spaCy model inside its timing (in the process, or in each worker while the writer "
        "waits), a fixed cost that a larger input spreads thinner. Importing spaCy is paid in the first pair only, "
        "on both sides (then the benchmark process has it, and the workers' fork server preloads it): the first "
        "pair is a one-shot `chronomem ingest`, the later ones a long-running process.")


def _snapshot(mem) -> list:
    facts = sorted(mem.store.iter_facts(mem.group, include_expired=True), key=lambda f: f.id)
    return [f.model_dump() for f in facts]


def run(sessions: list, workers: int, root: Path) -> tuple[float, list]:
    from chronomem import FixedClock, Memory

    clock = FixedClock(datetime(2030, 1, 1, tzinfo=timezone.utc))
    with Memory.open(root, clock=clock) as mem:
        # The spaCy model is loaded inside the timing on both sides: by this process, or by each
        # worker (it used to be loaded before the single run's timing only, while the workers'
        # loading counted).
        started = time.perf_counter()
        mem.ingest(sessions, workers=workers)
        seconds = time.perf_counter() - started
        return seconds, _snapshot(mem)


def measure(sessions: list, workers: int, repeats: int, root: Path) -> tuple[list[float], list[float], bool]:
    """``repeats`` alternating pairs (one process, then ``workers``): their seconds, and whether every
    parallel result was identical to the single-process one."""
    singles: list[float] = []
    multis: list[float] = []
    identical = True
    for i in range(repeats):
        single, snap1 = run(sessions, 1, root / f"single-{i}")
        multi, snap2 = run(sessions, workers, root / f"multi-{i}")
        identical = identical and snap1 == snap2
        singles.append(single)
        multis.append(multi)
        print(f"{len(sessions)} sessions, pair {i + 1}/{repeats}: 1 worker {single:.2f} s, {workers} workers "
              f"{multi:.2f} s ({single / multi:.2f}×)", file=sys.stderr, flush=True)
    return singles, multis, identical


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer sessions (CI)")
    parser.add_argument("--worlds", default=None,
                        help="comma-separated generator world counts, one input size each (default 8,24; quick 2)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=None, help="alternating pairs of runs (default 5, quick 1)")
    args = parser.parse_args(argv)
    from bench.temporal.generator import generate

    sizes = [int(w) for w in (args.worlds or ("2" if args.quick else "8,24")).split(",")]
    repeats = max(1, args.repeats or (1 if args.quick else 5))
    rows: list[dict] = []
    seconds: dict[int, dict[str, list[float]]] = {}
    identical_all = True
    for worlds in sizes:
        sessions = generate(args.seed, worlds=worlds).sessions
        turns = sum(len(s.turns) for s in sessions)
        with tempfile.TemporaryDirectory() as tmp:
            singles, multis, identical = measure(sessions, args.workers, repeats, Path(tmp))
        identical_all = identical_all and identical
        seconds[worlds] = {"single": singles, "parallel": multis}
        ratios = [a / b for a, b in zip(singles, multis)]
        single, multi = statistics.median(singles), statistics.median(multis)
        rows += [
            {"workers": 1, "sessions": len(sessions), "turns": turns, "median_seconds": round(single, 2),
             "turns_per_s": round(turns / single, 1), "speedup": 1.0, "pairs": "", "identical_result": True},
            {"workers": args.workers, "sessions": len(sessions), "turns": turns, "median_seconds": round(multi, 2),
             "turns_per_s": round(turns / multi, 1), "speedup": round(statistics.median(ratios), 2),
             "pairs": ", ".join(f"{r:.2f}" for r in ratios), "identical_result": identical},
        ]
    name = "parallel_quick" if args.quick else "parallel"
    write_result(name, rows, command="python -m bench.parallel_bench" + (" --quick" if args.quick else ""),
                 title="Parallel ingest (spaCy extraction in worker processes, one writer)",
                 meta={"seed": args.seed, "worlds": sizes, "repeats": repeats, "seconds": seconds},
                 note=f"speedup: median of {repeats} alternating pairs (each pair's ratio in 'pairs'); rates from "
                      "the median seconds. " + NOTE)
    return 0 if identical_all else 1


if __name__ == "__main__":
    sys.exit(main())
