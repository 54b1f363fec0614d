"""Parallel ingest: ``--workers 2`` against one process on the same generated sessions.

Sessions come from the synthetic temporal benchmark's generator (``bench.temporal``), so the
text is varied chat with facts, distractors and small talk. Both runs start from an empty
embedded store; the result of the parallel run must be identical to the single-process one.

    python -m bench.parallel_bench [--quick] [--worlds N] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from bench._report import write_result


def _snapshot(mem) -> list:
    facts = sorted(mem.store.iter_facts(mem.group, include_expired=True), key=lambda f: f.id)
    return [f.model_dump() for f in facts]


def run(sessions: list, workers: int, root: Path) -> tuple[float, list]:
    from chronomem import FixedClock, Memory

    clock = FixedClock(datetime(2030, 1, 1, tzinfo=timezone.utc))
    with Memory.open(root / f"workers-{workers}", clock=clock) as mem:
        mem.extractor.nlp  # load spaCy before timing, as a long-running ingest would have
        started = time.perf_counter()
        mem.ingest(sessions, workers=workers)
        seconds = time.perf_counter() - started
        return seconds, _snapshot(mem)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer sessions (CI)")
    parser.add_argument("--worlds", type=int, default=None, help="generator worlds (default 8, quick 2)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    from bench.temporal.generator import generate

    worlds = args.worlds or (2 if args.quick else 8)
    sessions = generate(args.seed, worlds=worlds).sessions
    turns = sum(len(s.turns) for s in sessions)
    with tempfile.TemporaryDirectory() as tmp:
        single, snap1 = run(sessions, 1, Path(tmp))
        multi, snap2 = run(sessions, args.workers, Path(tmp))
    identical = snap1 == snap2
    rows = [
        {"workers": 1, "sessions": len(sessions), "turns": turns, "seconds": round(single, 2),
         "turns_per_s": round(turns / single, 1), "speedup": 1.0, "identical_result": True},
        {"workers": args.workers, "sessions": len(sessions), "turns": turns, "seconds": round(multi, 2),
         "turns_per_s": round(turns / multi, 1), "speedup": round(single / multi, 2), "identical_result": identical},
    ]
    name = "parallel_quick" if args.quick else "parallel"
    write_result(name, rows, command="python -m bench.parallel_bench" + (" --quick" if args.quick else ""),
                 title="Parallel ingest (spaCy extraction in worker processes, one writer)",
                 meta={"seed": args.seed, "worlds": worlds})
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
