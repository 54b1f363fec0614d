"""Retention on LoCoMo: the full store and the same store compacted to half its turns, side by side.

Each developer conversation is ingested as in :mod:`bench.locomo_bench` (dated sessions, a clock
one day after the last one, the default extractor and embedder). The store directory (SQLite file
and side-index) is then copied, and the copy gets a retention policy capping its turns at
``--keep`` (default 0.5) of what it holds and is compacted: the least important, oldest turns are
evicted (``Memory.compact``), facts are kept. Then both are asked the same questions, alternating
which goes first:

* **evidence recall@10** (categories 1-4, exactly :mod:`bench.locomo_bench`'s measure: the first
  ten distinct turn ids of the hits' sources; a fact keeps the ids of its sources after they are
  evicted, as the full store's facts do);
* **the when-benchmark** (category 2 with a dated gold answer, ``Memory.when``'s top answer scored
  by :mod:`bench.when_bench`'s rule);
* **search latency**: the p50 of those searches on each store.

The tuning conversations and the set-aside ones (``--set-aside``, default ``conv-43``, as in
:mod:`bench.locomo_gold_bench`: aggregate numbers only, never read question by question) are also
reported side by side (the table after the main one; the JSON's ``tuning`` and ``set_aside`` blocks).

The data (CC BY-NC 4.0) is read from ``../shared/data/locomo`` or ``--data``; nothing is copied
into the repository. Run ``python -m bench.retention_bench [--quick] [--data DIR] [--keep 0.5]
[--conversations N] [--set-aside CONV[,CONV]]``; writes ``bench/results/retention.{json,md}`` (``retention_keep70`` with
``--keep 0.7``; ``retention_quick`` with ``--quick``: the first conversation's first five sessions).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, markdown_table, summarize_ms, write_result  # noqa: E402
from bench.locomo_bench import (  # noqa: E402
    CATEGORIES,
    DEFAULT_DATA,
    load_samples,
    normalize_dia,
    pick_extractor,
    recall,
    sessions_of,
)
from bench.locomo_gold_bench import DEFAULT_SET_ASIDE  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402
from chronomem.graph.embedders.auto import installed_minilm  # noqa: E402
from chronomem.schema import scoped_turn_id  # noqa: E402

QUICK_SESSIONS = 5
BAR_POINTS = 3.0


def when_scorer() -> tuple[Callable[[Memory, dict, dict[str, Any]], bool | None] | None, str]:
    """How to score one category-2 question with ``Memory.when`` (bench.when_bench's rule), or why not."""
    from bench.when_bench import right
    from bench.when_gold import parse_gold

    def score(mem: Memory, qa: dict, turns: dict[str, Any]) -> bool | None:
        evidence = [normalize_dia(e) for e in qa.get("evidence", []) if normalize_dia(e) in turns]
        if not evidence:
            return None
        gold = parse_gold(qa.get("answer", ""), year=turns[evidence[0]].year)
        if gold is None:
            return None
        found = mem.when(str(qa["question"]))
        top = found.answers[0] if found.answers else None
        return bool(right(None if top is None else (top.start, top.end), gold))

    return score, ""


def run_conversation(sample: dict, *, extractor: Any, embedder: Any, workdir: Path, keep: float,
                     sessions_limit: int | None, log: Callable[[str], None]) -> dict[str, Any]:
    """Ingest one conversation, copy it, compact the copy; the per-question results of both."""
    sessions = sessions_of(sample)[:sessions_limit]
    last = max(datetime.fromisoformat(s["started_at"]) for s in sessions)
    group = sample.get("sample_id", "conv")
    clock = FixedClock(last + timedelta(days=1))
    full_dir, small_dir = workdir / group / "full", workdir / group / "compacted"
    with Memory.open(full_dir, group=group, clock=clock, extractor=extractor, embedder=embedder) as mem:
        mem.ingest(sessions)
        mem.catch_up_index()
    shutil.copytree(full_dir, small_dir)
    full = Memory.open(full_dir, group=group, clock=clock, embedder=embedder)
    small = Memory.open(small_dir, group=group, clock=clock, embedder=embedder)
    before = small.stats()["turns"]
    small.set_policy(max_turns=int(before * keep))
    report = small.compact(by="retention_bench")
    scoped = {t["id"]: scoped_turn_id(s["session_id"], t["id"]) for s in sessions for t in s["turns"]}
    said = {t["id"]: datetime.fromisoformat(s["started_at"]) for s in sessions for t in s["turns"]}
    score_when, _ = when_scorer()
    rows: list[dict[str, Any]] = []
    latency: dict[str, list[float]] = {"full": [], "compacted": []}
    when_rows: list[dict[str, Any]] = []
    for n, qa in enumerate(sample["qa"]):
        category = int(qa["category"])
        evidence = {scoped[dia] for dia in (normalize_dia(e) for e in qa.get("evidence", [])) if dia in scoped}
        if category not in CATEGORIES or category == 5 or not evidence:
            continue
        if any(normalize_dia(e) not in scoped for e in qa.get("evidence", [])):
            continue  # evidence outside the sessions loaded (--quick)
        row: dict[str, Any] = {"category": category, "conversation": group}
        for name, mem in (("full", full), ("compacted", small)) if n % 2 == 0 else (("compacted", small), ("full", full)):
            started = time.perf_counter()
            hits = mem.search(str(qa["question"]), k=10)
            latency[name].append((time.perf_counter() - started) * 1000)
            row[name] = recall([t for h in hits for t in h.turn_ids()], evidence, 10)
        rows.append(row)
        if score_when is not None and category == 2:
            scored = {name: score_when(mem, qa, said) for name, mem in (("full", full), ("compacted", small))}
            if None not in scored.values():
                when_rows.append({**scored, "conversation": group})  # type: ignore[dict-item]
    after = small.stats()["turns"]
    full.close()
    small.close()
    log(f"{group}: {len(sessions)} sessions, {before} turns -> {after} after compaction "
        f"({report.over_cap} evicted, {report.entities_erased} entities with them); {len(rows)} questions; "
        f"search p50 full {statistics.median(latency['full']):.1f} ms, compacted "
        f"{statistics.median(latency['compacted']):.1f} ms")
    return {"rows": rows, "when": when_rows, "latency": latency, "before": before, "after": after}


def table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mean recall@10 per category and overall, full and compacted, and the difference in points."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[f"{r['category']} {CATEGORIES[r['category']]}"].append(r)
        groups["overall (1-4)"].append(r)
    out = []
    for name in [*sorted(k for k in groups if k[0].isdigit()), "overall (1-4)"]:
        items = groups.get(name, [])
        if not items:
            continue
        full = 100 * statistics.fmean(r["full"] for r in items)
        small = 100 * statistics.fmean(r["compacted"] for r in items)
        out.append({"measure": f"evidence R@10, {name}", "questions": len(items), "full store": round(full, 1),
                    "compacted": round(small, 1), "difference (points)": round(small - full, 1)})
    return out


def when_row(when: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The when-benchmark's top-1 share on each store and their difference (``None``: no question)."""
    if not when:
        return None
    full = 100 * sum(bool(w["full"]) for w in when) / len(when)
    small = 100 * sum(bool(w["compacted"]) for w in when) / len(when)
    return {"measure": "when-benchmark top-1 (%)", "questions": len(when), "full store": round(full, 1),
            "compacted": round(small, 1), "difference (points)": round(small - full, 1)}


def split_parts(items: Sequence[dict[str, Any]], set_aside: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """``items`` (each with its ``conversation``) as the tuning part and the set-aside part."""
    return {"tuning": [r for r in items if r.get("conversation") not in set_aside],
            "set-aside": [r for r in items if r.get("conversation") in set_aside]}


def parts_rows(rows: Sequence[dict[str, Any]], when: Sequence[dict[str, Any]],
               set_aside: Sequence[str] = DEFAULT_SET_ASIDE) -> list[dict[str, Any]]:
    """Each measure of :func:`table` (and the when-benchmark) for the tuning conversations and the
    set-aside ones side by side: questions, full, compacted and difference of each part (empty for a
    part with no question). The set-aside part is only ever summed, never listed question by question.

    >>> rows = [{"category": 4, "conversation": c, "full": f, "compacted": s}
    ...         for c, f, s in (("conv-26", 1.0, 0.0), ("conv-26", 1.0, 1.0), ("conv-43", 0.5, 0.5))]
    >>> [(r["measure"], r["tuning difference"], r["set-aside difference"]) for r in parts_rows(rows, [])]
    [('evidence R@10, 4 single-hop', -50.0, 0.0), ('evidence R@10, overall (1-4)', -50.0, 0.0)]
    """
    rows_by, when_by = split_parts(rows, set_aside), split_parts(when, set_aside)
    tables = {part: table(rows_by[part]) + [w for w in [when_row(when_by[part])] if w] for part in rows_by}
    measures = list(dict.fromkeys(r["measure"] for part in tables.values() for r in part))
    out = []
    for measure in measures:
        line: dict[str, Any] = {"measure": measure}
        for part, found in tables.items():
            r = next((x for x in found if x["measure"] == measure), None)
            line |= {f"{part} questions": "" if r is None else r["questions"],
                     f"{part} full": "" if r is None else r["full store"],
                     f"{part} compacted": "" if r is None else r["compacted"],
                     f"{part} difference": "" if r is None else r["difference (points)"]}
        out.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.retention_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"the first conversation's first {QUICK_SESSIONS} sessions")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="directory holding locomo_dev.json (or the file)")
    parser.add_argument("--keep", type=float, default=0.5, help="the cap, as a share of the turns stored (default 0.5)")
    parser.add_argument("--conversations", type=int, default=None, help="use only the first N conversations")
    parser.add_argument("--set-aside", default=",".join(DEFAULT_SET_ASIDE),
                        help="conversations reported apart from the tuning ones, aggregate only (default: conv-43)")
    args = parser.parse_args(argv)
    set_aside = tuple(c.strip() for c in args.set_aside.split(",") if c.strip())
    path, samples = load_samples(args.data, quick=args.quick, conversations=args.conversations)
    if not path.exists():
        return data_missing(path, "LoCoMo data (pass --data DIR; see bench/retention_bench.py)")
    embedder = installed_minilm("auto", threads=1)
    extractor, extractor_name = pick_extractor("auto")
    runs = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="chronomem-retention-") as tmp:
        for sample in samples:
            runs.append(run_conversation(sample, extractor=extractor, embedder=embedder, workdir=Path(tmp),
                                         keep=args.keep, sessions_limit=QUICK_SESSIONS if args.quick else None,
                                         log=lambda line: print(line, file=sys.stderr)))
    all_rows = [r for run in runs for r in run["rows"]]
    rows = table(all_rows)
    before, after = sum(r["before"] for r in runs), sum(r["after"] for r in runs)
    full_ms = [ms for r in runs for ms in r["latency"]["full"]]
    small_ms = [ms for r in runs for ms in r["latency"]["compacted"]]
    rows.append({"measure": "turns stored", "questions": "", "full store": before, "compacted": after,
                 "difference (points)": f"{100 * (before - after) / max(1, before):.1f}% evicted"})
    rows.append({"measure": "search p50 (ms)", "questions": len(full_ms),
                 "full store": round(statistics.median(full_ms), 1) if full_ms else None,
                 "compacted": round(statistics.median(small_ms), 1) if small_ms else None, "difference (points)": ""})
    _, why = when_scorer()
    when = [w for r in runs for w in r["when"]]
    if when:
        rows.append(when_row(when))  # type: ignore[arg-type]
    else:
        rows.append({"measure": "when-benchmark top-1 (%)", "questions": 0, "full store": None, "compacted": None,
                     "difference (points)": f"not run: {why or 'no scored question'}"})
    sides = parts_rows(all_rows, when, set_aside)
    conversations = [str(s.get("sample_id")) for s in samples]
    tuning = [c for c in conversations if c not in set_aside]
    aside = [c for c in conversations if c in set_aside]
    blocks = {key: {"conversations": convs, "rows": [{k.removeprefix(f"{part} "): v for k, v in r.items()
                                                      if k == "measure" or k.startswith(f"{part} ")} for r in sides]}
              for key, part, convs in (("tuning", "tuning", tuning), ("set_aside", "set-aside", aside))}
    note = (f"Tuning conversations ({', '.join(tuning) or 'none'}) and set-aside ones "
            f"({', '.join(aside) or 'none'}; untouched: aggregate numbers only) side by side:\n\n"
            + markdown_table(sides))
    name = "retention" + ("" if args.keep == 0.5 else f"_keep{round(100 * args.keep)}") + ("_quick" if args.quick else "")
    write_result(
        name, rows,
        meta={"data": path.name, "conversations": [s.get("sample_id") for s in samples], "keep": args.keep,
              "extractor": extractor_name, "embedder": getattr(embedder, "name", None),
              "turns_before": before, "turns_after": after, "when_skipped": why or None,
              "search_latency_full": summarize_ms(full_ms) if full_ms else None,
              "search_latency_compacted": summarize_ms(small_ms) if small_ms else None,
              "wall_s": round(time.perf_counter() - started, 1), "set_aside_conversations": list(set_aside),
              **blocks},
        note=note,
        command="python -m bench.retention_bench" + (" --quick" if args.quick else "")
        + (f" --keep {args.keep}" if args.keep != 0.5 else "")
        + (f" --set-aside '{args.set_aside}'" if set_aside != DEFAULT_SET_ASIDE else ""),
        title=f"Retention on LoCoMo: the full store against the same store compacted to {args.keep:.0%} of its turns "
              f"({len(samples)} conversation(s))",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
