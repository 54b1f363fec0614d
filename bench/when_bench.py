"""When-benchmark: dated answers to LoCoMo's temporal questions (category 2), with no LLM.

Each developer conversation is ingested as in :mod:`bench.locomo_bench` (dated sessions, a clock
one day after the last one) and every category-2 question is asked with ``Memory.when``. The gold
answer is parsed into an interval of days by :mod:`bench.when_gold` (its own small grammar, not
chronomem's); durations ("4 years"), names and vague answers ("A few years ago") are skipped and
counted. **An answer is right when its interval overlaps the gold interval and is at most 3 days
wider.** Reported, for the top answer:

- top-1 accuracy of ``Memory.when``;
- the time-blind baseline: the day the question's first evidence turn was said (what perfect
  retrieval dated by the session gets), and the day of ``Memory.search``'s top hit (what search
  alone gets: a turn's day, a fact's start);
- accuracy by the kind of time phrase the evidence turn uses ("yesterday", "last Friday", "last
  week", "next month", "for three years", none: dated by when it was said);
- how often the top answer's evidence turn is one of the question's evidence turns.

The data (CC BY-NC 4.0) is read from ``../shared/data/locomo`` or ``--data``; nothing is copied.
Run ``python -m bench.when_bench [--quick] [--data DIR] [--backend embedded|neo4j|both]
[--extractor auto|spacy|none]``; writes ``bench/results/when.{json,md}`` (``when_quick`` with ``--quick``:
one conversation, the embedded store, turns only unless ``--extractor`` says otherwise).
Neo4j needs ``NEO4J_URI`` (and ``NEO4J_USER``/``NEO4J_PASSWORD``); each conversation is written to
a group of its own, deleted first.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, summarize_ms, write_result  # noqa: E402
from bench.locomo_bench import (  # noqa: E402
    DEFAULT_DATA,
    NoClaims,
    load_samples,
    normalize_dia,
    parse_when,
    pick_extractor,
    sessions_of,
)
from bench.locomo_gold_bench import DEFAULT_SET_ASIDE  # noqa: E402
from bench.when_gold import Interval, parse_gold  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402
from chronomem.graph.embedders.auto import installed_minilm  # noqa: E402
from chronomem.schema import scoped_turn_id  # noqa: E402
from chronomem.timeexpr import find_times  # noqa: E402

CATEGORY = 2
SLACK_DAYS = 3
KINDS = (("day word", r"\b(?:yesterday|today|tonight|tomorrow|last night)\b"),
         ("weekday", r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b"), ("weekend", r"\bweekends?\b"),
         ("week", r"\bweeks?\b"), ("for / since / ago (years, months)", r"\b(?:for|since|ago)\b"),
         ("month", r"\bmonths?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"),
         ("year or season", r"\byears?\b|\b(?:summer|winter|spring|fall|autumn)\b|\b\d{4}\b"))


def right(answer: tuple[date, date] | None, gold: Interval) -> bool:
    """Overlap with the gold interval, and at most :data:`SLACK_DAYS` days wider.

    >>> d = date(2023, 6, 2)
    >>> right((d, d + timedelta(6)), (d, d + timedelta(6))), right((d, d), (d + timedelta(1), d + timedelta(1)))
    (True, False)
    >>> right((date(2023, 6, 1), date(2023, 6, 30)), (d, d))
    False
    """
    if answer is None:
        return False
    (a0, a1), (g0, g1) = answer, gold
    overlap = a0 <= g1 and g0 <= a1
    return overlap and (a1 - a0).days <= (g1 - g0).days + SLACK_DAYS


def phrase_kind(text: str, said: Any) -> str:
    """The kind of time phrase a turn uses (its first one), or "none (said day)"."""
    found = find_times(text, said)
    if not found:
        return "none (said day)"
    phrase = found[0].phrase.lower()
    return next((name for name, rx in KINDS if re.search(rx, phrase)), "other")


def open_memory(backend: str, group: str, clock: FixedClock, extractor: Any, embedder: Any, workdir: Path) -> Memory:
    if backend == "neo4j":
        mem = Memory.open(neo4j_uri=os.environ["NEO4J_URI"], group=group, clock=clock, extractor=extractor,
                          embedder=embedder, index_dir=workdir / f"index-{group}")
        mem.store.delete_group(group)
        return mem
    return Memory.open(workdir / group, group=group, clock=clock, extractor=extractor, embedder=embedder)


def run_conversation(sample: dict, backend: str, *, extractor: Any, embedder: Any, workdir: Path,
                     log: Callable[[str], None]) -> dict[str, Any]:
    """Ingest one conversation and ask its temporal questions; one row per question."""
    conv = sample["conversation"]
    sessions = sessions_of(sample)
    last = max(parse_when(conv[k]) for k in conv if re.fullmatch(r"session_\d+_date_time", k))
    group = f"when-{sample.get('sample_id', 'conv')}"
    mem = open_memory(backend, group, FixedClock(last + timedelta(days=1)), extractor, embedder, workdir)
    started = time.perf_counter()
    mem.ingest(sessions)
    mem.catch_up_index()
    ingest_s = time.perf_counter() - started
    turns = {t["id"]: (t["text"], parse_when(conv[f"session_{s['session_id'][1:]}_date_time"]))
             for s in sessions for t in s["turns"]}
    scoped = {t["id"]: scoped_turn_id(s["session_id"], t["id"]) for s in sessions for t in s["turns"]}
    rows: list[dict[str, Any]] = []
    skipped: dict[str, int] = defaultdict(int)
    latencies: list[float] = []
    for qa in sample["qa"]:
        if qa.get("category") != CATEGORY:
            continue
        evidence = [normalize_dia(e) for e in qa.get("evidence", []) if normalize_dia(e) in turns]
        if not evidence:
            skipped["no evidence turn"] += 1
            continue
        text, said = turns[evidence[0]]
        gold = parse_gold(qa.get("answer", ""), year=said.year)
        if gold is None:
            skipped["no date in the gold answer (a duration, a name, a vague answer)"] += 1
            continue
        t0 = time.perf_counter()
        found = mem.when(str(qa["question"]))
        latencies.append((time.perf_counter() - t0) * 1000)
        top = found.answers[0] if found.answers else None
        hits = mem.search(str(qa["question"]), k=1)
        hit_day = None
        if hits:
            h = hits[0]
            at = h.at if h.kind == "turn" else h.valid_from
            hit_day = None if at is None else (at.date(), at.date())
        rows.append({
            "conversation": sample.get("sample_id"),
            "kind": phrase_kind(text, said),
            "when": right(None if top is None else (top.start, top.end), gold),
            "session_day": right((said.date(), said.date()), gold),
            "search_top": right(hit_day, gold),
            "evidence_top": top is not None and top.evidence is not None
            and top.evidence.turn_id in {scoped[e] for e in evidence},
        })
    mem.close()
    log(f"{backend} {group}: {len(sessions)} sessions, ingest+index {ingest_s:.1f} s, {len(rows)} questions scored, "
        f"{sum(skipped.values())} skipped; when p50 {statistics.median(latencies) if latencies else 0:.1f} ms")
    return {"rows": rows, "skipped": dict(skipped), "latencies": latencies}


def _pct(rows: Sequence[dict[str, Any]], key: str) -> float:
    return round(100 * sum(bool(r[key]) for r in rows) / len(rows), 1) if rows else 0.0


def _summary(backend: str, label: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"backend": backend, "questions": label, "n": len(rows), "Memory.when top-1 %": _pct(rows, "when"),
            "session day (time-blind) %": _pct(rows, "session_day"), "search top hit's day %": _pct(rows, "search_top"),
            "evidence turn on top %": _pct(rows, "evidence_top")}


def summary_rows(backend: str, rows: Sequence[dict[str, Any]],
                 set_aside: Sequence[str] = DEFAULT_SET_ASIDE) -> list[dict[str, Any]]:
    """One row for all questions; the tuning conversations and the set-aside ones (never read
    question by question: see :mod:`bench.locomo_gold_bench`) apart, when both are there; then one
    row per kind of time phrase.

    >>> rows = [{"conversation": c, "kind": "week", "when": w, "session_day": False, "search_top": False,
    ...          "evidence_top": w} for c, w in (("conv-26", True), ("conv-26", False), ("conv-43", True))]
    >>> [(r["questions"], r["n"], r["Memory.when top-1 %"]) for r in summary_rows("embedded", rows)]
    [('all', 3, 66.7), ('tuning', 2, 50.0), ('set-aside (conv-43, untouched)', 1, 100.0), ('evidence says: week', 3, 66.7)]
    """
    out = [_summary(backend, "all", rows)]
    tuning = [r for r in rows if r.get("conversation") not in set_aside]
    aside = [r for r in rows if r.get("conversation") in set_aside]
    if tuning and aside:
        out += [_summary(backend, "tuning", tuning),
                _summary(backend, f"set-aside ({', '.join(set_aside)}, untouched)", aside)]
    kinds = [name for name, _ in KINDS] + ["other", "none (said day)"]
    for kind in kinds:
        part = [r for r in rows if r["kind"] == kind]
        if part:
            out.append(_summary(backend, f"evidence says: {kind}", part))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.when_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one conversation, the embedded store only")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="directory holding locomo_dev.json (or the file)")
    parser.add_argument("--backend", choices=("embedded", "neo4j", "both"), default="both",
                        help="both (default) runs Neo4j too when NEO4J_URI is set")
    parser.add_argument("--extractor", choices=("auto", "spacy", "none"), default=None,
                        help="default: auto (spaCy rules when installed); with --quick, none (turns only, fast)")
    parser.add_argument("--conversations", type=int, default=None, help="use only the first N conversations")
    args = parser.parse_args(argv)
    path, samples = load_samples(args.data, quick=args.quick, conversations=args.conversations)
    if not path.exists():
        return data_missing(path, "LoCoMo data (pass --data DIR; see bench/when_bench.py)")
    backends = ["embedded", "neo4j"] if args.backend == "both" else [args.backend]
    if args.quick:
        backends = ["embedded"]
    if "neo4j" in backends and not os.environ.get("NEO4J_URI"):
        if args.backend == "neo4j":
            return data_missing("NEO4J_URI", "a Neo4j server")
        backends = ["embedded"]
        print("NEO4J_URI not set: the embedded store only", file=sys.stderr)
    embedder = installed_minilm("auto", threads=1)
    choice = args.extractor or ("none" if args.quick else "auto")
    extractor, extractor_name = (NoClaims(), "none (turns only)") if choice == "none" else pick_extractor(choice)
    table: list[dict[str, Any]] = []
    meta: dict[str, Any] = {"data": path.name, "conversations": [s.get("sample_id") for s in samples],
                            "extractor": extractor_name, "embedder": getattr(embedder, "name", None),
                            "rule": f"overlaps the gold interval and at most {SLACK_DAYS} days wider"}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="chronomem-when-") as tmp:
        for backend in backends:
            runs = [run_conversation(s, backend, extractor=extractor, embedder=embedder, workdir=Path(tmp),
                                     log=lambda line: print(line, file=sys.stderr)) for s in samples]
            rows = [r for run in runs for r in run["rows"]]
            skipped: dict[str, int] = defaultdict(int)
            for run in runs:
                for why, n in run["skipped"].items():
                    skipped[why] += n
            table += summary_rows(backend, rows)
            meta[f"skipped_{backend}"] = dict(skipped)
            meta[f"latency_{backend}"] = summarize_ms([ms for run in runs for ms in run["latencies"]])
    meta["wall_s"] = round(time.perf_counter() - started, 1)
    name = "when" + ("_quick" if args.quick else "")
    skipped_note = "; ".join(f"{why}: {n}" for why, n in meta[f"skipped_{backends[0]}"].items())
    write_result(name, table, meta=meta,
                 command="python -m bench.when_bench" + (" --quick" if args.quick else "")
                 + (f" --backend {args.backend}" if args.backend != "both" else ""),
                 title=f"When-benchmark: LoCoMo temporal questions (category 2), {len(samples)} conversation(s), "
                       f"extractor: {extractor_name}",
                 note=f"Right: the answer {meta['rule']}. Skipped questions: {skipped_note or 'none'}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
