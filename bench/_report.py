"""Shared helpers for benchmarks: timing statistics, result files and missing inputs.

Every benchmark prints a table and writes it to ``bench/results/<name>.json`` and
``bench/results/<name>.md`` so that the tables in docs/benchmarks.md are generated from files. Quick runs
(``--quick``, names ending in ``_quick``, what ``bash .ci/run`` produces) go to
``bench/results/quick/`` instead, a folder git ignores (or to ``$CHRONOMEM_BENCH_QUICK_DIR``),
so that running the tests leaves the checkout clean.

A benchmark whose input is not there (``../shared/data`` exists only beside CI's checkout)
says so in one line with :func:`data_missing` and is skipped, unless ``CI`` is set. From a checkout
elsewhere (a worktree), ``$CHRONOMEM_SHARED_DATA`` names that folder instead (:func:`shared_data`).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

RESULTS_DIR = Path(__file__).resolve().parent / "results"
QUICK_DIR_ENV = "CHRONOMEM_BENCH_QUICK_DIR"
SHARED_DATA_ENV = "CHRONOMEM_SHARED_DATA"
SKIPPED: list[str] = []  # why benchmarks skipped themselves, for `python -m bench all`'s summary


def quick_results_dir() -> Path:
    """Where quick results go: ``$CHRONOMEM_BENCH_QUICK_DIR``, else ``bench/results/quick`` (git ignores it)."""
    given = os.environ.get(QUICK_DIR_ENV)
    return Path(given) if given else RESULTS_DIR / "quick"


def shared_data(*parts: str, environ: Mapping[str, str] = os.environ) -> Path:
    """A data folder under ``$CHRONOMEM_SHARED_DATA``, else under ``../shared/data`` beside the repository.

    >>> shared_data("dialogre", environ={SHARED_DATA_ENV: "/srv/data"}).as_posix()
    '/srv/data/dialogre'
    >>> shared_data("locomo", environ={}) == RESULTS_DIR.parent.parent / ".." / "shared" / "data" / "locomo"
    True
    """
    given = environ.get(SHARED_DATA_ENV)
    base = Path(given) if given else RESULTS_DIR.parent.parent / ".." / "shared" / "data"
    return base.joinpath(*parts)


def result_path(filename: str) -> Path:
    """The path of a result file: a quick run's (stem ending in ``_quick``) in :func:`quick_results_dir`.

    >>> result_path("scale.md") == RESULTS_DIR / "scale.md"
    True
    >>> result_path("temporal_failures_quick.txt").parent == quick_results_dir()
    True
    """
    return (quick_results_dir() if Path(filename).stem.endswith("_quick") else RESULTS_DIR) / filename


def data_missing(path: Path | str, what: str, *, instead: str = "skipped") -> int:
    """Say in one line that ``what`` is not at ``path``; return the exit code for it.

    Outside CI a benchmark goes on without it (``instead``: what happens, by default the
    benchmark is skipped: exit code 0); with ``CI`` set, its input must be there: exit code 2.
    """
    where = os.path.normpath(path) if isinstance(path, Path) else path
    if os.environ.get("CI"):
        print(f"{what} not found at {where}; CI is set, so this benchmark must run: failing", file=sys.stderr)
        return 2
    print(f"{what} not found at {where}: {instead}", file=sys.stderr)
    if instead == "skipped":
        SKIPPED.append(f"{what} not found")
    return 0


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of ``values`` (``q`` in 0..100).

    >>> percentile([1, 2, 3, 4], 50)
    2
    >>> percentile([5.0], 95)
    5.0
    """
    if not values:
        raise ValueError("percentile of an empty sequence")
    ordered = sorted(values)
    rank = max(1, round(q / 100 * len(ordered) + 0.4999))
    return ordered[min(rank, len(ordered)) - 1]


def time_calls(fn: Callable[[], Any], *, repeat: int) -> list[float]:
    """Run ``fn`` ``repeat`` times and return the wall times in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summarize_ms(times: Sequence[float]) -> dict[str, float]:
    """p50/p95 of a list of millisecond timings, rounded for tables."""
    return {
        "p50_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 95), 3),
    }


def markdown_table(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> str:
    """Render rows of dicts as a GitHub Markdown table.

    >>> print(markdown_table([{"a": 1, "b": "x"}]))
    | a | b |
    |---|---|
    | 1 | x |
    """
    if not rows:
        return "(no rows)"
    cols = list(columns or rows[0].keys())
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(_fmt(row.get(c, "")) for c in cols) + " |")
    return "\n".join(lines)


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1e4 else f"{value:,.0f}"
    return str(value)


def write_result(
    name: str,
    rows: Sequence[dict[str, Any]],
    *,
    meta: dict[str, Any] | None = None,
    command: str = "",
    title: str | None = None,
    results_dir: Path | None = None,
    note: str | None = None,
) -> Path:
    """Print ``rows`` as a table and write ``<name>.json`` and ``<name>.md`` (``note``: a paragraph after the table).

    Without ``results_dir`` they go where :func:`result_path` puts them.
    """
    out = results_dir or result_path(f"{name}.json").parent
    out.mkdir(parents=True, exist_ok=True)
    info = {
        "name": name,
        "command": command,
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "cpus": _cpu_count()},
        **(meta or {}),
    }
    table = markdown_table(rows) + (f"\n\n{note}" if note else "")
    (out / f"{name}.json").write_text(json.dumps({"meta": info, "rows": list(rows)}, indent=2, default=str))
    header = f"### {title or name}\n\n" + (f"`{command}`\n\n" if command else "")
    (out / f"{name}.md").write_text(header + table + "\n")
    print(header + table)
    return out / f"{name}.json"


def _cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
