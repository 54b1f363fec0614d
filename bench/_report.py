"""Shared helpers for benchmarks: timing statistics and result files.

Every benchmark prints a table and writes it to ``bench/results/<name>.json`` and
``bench/results/<name>.md`` so that the README's tables are generated from files.
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

RESULTS_DIR = Path(__file__).resolve().parent / "results"


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
    """Print ``rows`` as a table and write ``<name>.json`` and ``<name>.md`` (``note``: a paragraph after the table)."""
    out = results_dir or RESULTS_DIR
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
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
