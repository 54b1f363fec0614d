"""LoCoMo retrieval: evidence recall of ``Memory.search`` against BM25 and dense baselines.

Each LoCoMo conversation is ingested as dated sessions (turn id = ``dia_id``, session time
from the ``session_N_date_time`` strings, an image's caption appended to its turn as
``[shares <caption>]``) into a fresh embedded memory whose clock stands one day after the
last session. Every question of categories 1–4 is asked with ``search`` (no ``as_of``); the
first distinct turn ids of the results' sources, in rank order, are compared with the
question's evidence: recall@5 and @10 from ``k=10``, recall@25 from ``k=25``. Recall of a
question is the fraction of its evidence turns found; the table averages over questions.
Category 5 (adversarial: no answer in the conversation) is reported separately.

Baselines over the same turn texts (``speaker: text``): BM25 (``rank_bm25``) and MiniLM
dense (brute-force cosine). Category codes: 1 multi-hop, 2 temporal, 3 open-domain,
4 single-hop, 5 adversarial (see the dataset README).

The data (CC BY-NC 4.0) is read from ``../shared/data/locomo`` (relative to the repository
root) or ``--data``; it is never copied into the repository.

Run ``python -m bench.locomo_bench [--quick] [--data DIR] [--extractor auto|spacy|none]
[--embedder auto|onnx|numpy]``; writes ``bench/results/locomo.{json,md}`` (``locomo_quick`` with
``--quick``; ``locomo_onnx``/``locomo_numpy`` with an ``--embedder`` other than ``auto``).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, shared_data, summarize_ms, write_result  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402
from chronomem.graph.embedders.auto import MINILM_KINDS, installed_minilm  # noqa: E402
from chronomem.graph.side_index import turn_text  # noqa: E402
from chronomem.schema import ExtractionResult, scoped_turn_id  # noqa: E402

DEFAULT_DATA = shared_data("locomo")
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10, 25)
_DIA = re.compile(r"^D:?(\d+):0*(\d+)$")
_TOKEN = re.compile(r"\w+")


class NoClaims:
    """An extractor that stores the turns and extracts nothing (turn-level retrieval only)."""

    def extract_many(self, sessions: Any) -> Any:
        for s in sessions:
            yield s, ExtractionResult()


def normalize_dia(dia: str) -> str:
    """``"D:11:26"`` → ``"D11:26"``, ``"D30:05"`` → ``"D30:5"``; other ids unchanged.

    >>> normalize_dia("D:11:26"), normalize_dia("D30:05"), normalize_dia("D1:3")
    ('D11:26', 'D30:5', 'D1:3')
    """
    m = _DIA.match(dia.strip())
    return f"D{int(m.group(1))}:{int(m.group(2))}" if m else dia.strip()


def parse_when(text: str) -> datetime:
    """LoCoMo session times, e.g. ``"1:56 pm on 8 May, 2023"`` (read as UTC).

    >>> parse_when("1:56 pm on 8 May, 2023").isoformat()
    '2023-05-08T13:56:00+00:00'
    """
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=timezone.utc)


def sessions_of(sample: dict) -> list[dict]:
    """The conversation as chronomem session dicts, in session order."""
    conv = sample["conversation"]
    numbers = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
    out = []
    for n in numbers:
        turns = []
        for t in conv[f"session_{n}"]:
            text = t["text"] + (f" [shares {t['blip_caption']}]" if t.get("blip_caption") else "")
            turns.append({"id": t["dia_id"], "speaker": t["speaker"], "text": text})
        out.append({"session_id": f"S{n}", "started_at": parse_when(conv[f"session_{n}_date_time"]).isoformat(),
                    "turns": turns})
    return out


def load_samples(data: Path, *, quick: bool, conversations: int | None) -> tuple[Path, list[dict]]:
    """The data file (``data`` or ``data/locomo_dev.json``) and its conversations: the first with
    ``quick``, the first ``conversations`` when given, else all. The file may be missing: the caller checks."""
    path = data if data.is_file() else data / "locomo_dev.json"
    if not path.exists():
        return path, []
    samples = json.loads(path.read_text(encoding="utf-8"))
    return path, samples[: 1 if quick else (conversations or len(samples))]


def recall(ranked: Sequence[str], evidence: set[str], k: int) -> float:
    """Fraction of ``evidence`` among the first ``k`` distinct ids of ``ranked``.

    >>> recall(["a", "a", "b", "c"], {"b", "d"}, 2)
    0.5
    """
    top = list(dict.fromkeys(ranked))[:k]
    return len(evidence.intersection(top)) / len(evidence)


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


class Baselines:
    """BM25 and brute-force MiniLM cosine over one conversation's turns."""

    def __init__(self, ids: list[str], texts: list[str], embedder: Any) -> None:
        from rank_bm25 import BM25Okapi

        self.ids = ids
        self.bm25 = BM25Okapi([_tokens(t) for t in texts])
        self.embedder = embedder
        self.vectors = embedder.embed(texts) if embedder is not None else None

    def bm25_rank(self, question: str, k: int) -> list[str]:
        scores = self.bm25.get_scores(_tokens(question))
        return [self.ids[i] for i in np.argsort(-scores, kind="stable")[:k]]

    def dense_rank(self, question: str, k: int) -> list[str]:
        if self.vectors is None:
            return []
        scores = self.vectors @ self.embedder.embed([question])[0]
        return [self.ids[i] for i in np.argsort(-scores, kind="stable")[:k]]


def pick_extractor(choice: str) -> tuple[Any, str]:
    """The extractor to ingest with, and its name for the report."""
    if choice in ("auto", "spacy"):
        try:
            from chronomem.extract import SpacyRuleExtractor

            extractor = SpacyRuleExtractor()
            extractor.extract_many([])  # fail early when spaCy or its model is missing
            list(extractor.extract_many([]))
            return extractor, "SpacyRuleExtractor"
        except Exception as exc:  # fall back, and say so in the report
            if choice == "spacy":
                raise
            print(f"SpacyRuleExtractor unavailable ({exc}); ingesting turns without claims", file=sys.stderr)
    return NoClaims(), "none (turns only)"


def run_conversation(sample: dict, *, embedder: Any, extractor: Any, workdir: Path,
                     log: Callable[[str], None]) -> dict[str, Any]:
    """Ingest one conversation, ask its questions; per-question recalls of every method."""
    sessions = sessions_of(sample)
    last = max(parse_when(sample["conversation"][k]) for k in sample["conversation"]
               if re.fullmatch(r"session_\d+_date_time", k))
    group = sample.get("sample_id", "conv")
    mem = Memory.open(workdir / group, group=group, clock=FixedClock(last + timedelta(days=1)),
                      extractor=extractor, embedder=embedder)
    started = time.perf_counter()
    summary = mem.ingest(sessions)
    ingest_s = time.perf_counter() - started
    started = time.perf_counter()
    mem.catch_up_index()
    index_s = time.perf_counter() - started
    # stored turn ids are scoped to their session ("S1:D1:3"); the evidence names dia_ids ("D1:3")
    scoped = {t["id"]: scoped_turn_id(s["session_id"], t["id"]) for s in sessions for t in s["turns"]}
    turn_ids = list(scoped.values())
    texts = [turn_text(t["speaker"], t["text"]) for s in sessions for t in s["turns"]]
    base = Baselines(turn_ids, texts, embedder)
    rows: list[dict[str, Any]] = []
    latencies: list[float] = []
    skipped = 0
    for qa in sample["qa"]:
        evidence = {scoped[dia] for dia in (normalize_dia(e) for e in qa.get("evidence", [])) if dia in scoped}
        if not evidence:
            skipped += 1
            continue
        question = str(qa["question"])
        t0 = time.perf_counter()
        hits10 = mem.search(question, k=10)
        latencies.append((time.perf_counter() - t0) * 1000)
        hits25 = mem.search(question, k=25)
        ours10 = [t for h in hits10 for t in h.turn_ids()]
        ours25 = [t for h in hits25 for t in h.turn_ids()]
        bm = base.bm25_rank(question, 25)
        dense = base.dense_rank(question, 25)
        row: dict[str, Any] = {"category": int(qa["category"])}
        for name, ranked10, ranked25 in (("chronomem", ours10, ours25), ("bm25", bm, bm), ("minilm", dense, dense)):
            for k in KS:
                row[f"{name}@{k}"] = recall(ranked25 if k == 25 else ranked10, evidence, k)
        rows.append(row)
    stats = mem.stats()
    mem.close()
    log(f"{group}: {len(sessions)} sessions, {len(turn_ids)} turns, {stats['entities']} entities, "
        f"{stats['facts']} facts; ingest {ingest_s:.1f} s, index {index_s:.1f} s; {len(rows)} questions "
        f"({skipped} without usable evidence); search p50 {statistics.median(latencies):.1f} ms")
    return {"rows": rows, "latencies": latencies, "ingest_s": ingest_s, "index_s": index_s,
            "facts": stats["facts"], "entities": stats["entities"], "turns": len(turn_ids), "skipped": skipped,
            "facts_added": summary.facts_added}


def table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mean recall per category (1–4, then overall 1–4, then 5) for every method."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r["category"] in (1, 2, 3, 4):
            groups[f"{r['category']} {CATEGORIES[r['category']]}"].append(r)
            groups["overall (1-4)"].append(r)
        else:
            groups[f"{r['category']} {CATEGORIES.get(r['category'], '?')} (separate)"].append(r)
    order = sorted(k for k in groups if k[0].isdigit() and "separate" not in k) + ["overall (1-4)"] + \
        sorted(k for k in groups if "separate" in k)
    out = []
    for name in order:
        items = groups.get(name, [])
        if not items:
            continue
        line: dict[str, Any] = {"category": name, "questions": len(items)}
        for method in ("chronomem", "bm25", "minilm"):
            for k in KS:
                line[f"{method} R@{k}"] = round(100 * statistics.fmean(r[f"{method}@{k}"] for r in items), 1)
        out.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.locomo_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one conversation only")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="directory holding locomo_dev.json (or the file)")
    parser.add_argument("--extractor", choices=("auto", "spacy", "none"), default="auto")
    parser.add_argument("--conversations", type=int, default=None, help="use only the first N conversations")
    parser.add_argument("--embedder", choices=MINILM_KINDS, default="auto",
                        help="which all-MiniLM-L6-v2 (default: what Memory uses); others write locomo_<embedder>")
    args = parser.parse_args(argv)
    path, samples = load_samples(args.data, quick=args.quick, conversations=args.conversations)
    if not path.exists():
        return data_missing(path, "LoCoMo data (pass --data DIR; see bench/locomo_bench.py)")
    embedder = installed_minilm(args.embedder, threads=1)  # threads=1: what Memory's "auto" uses
    if embedder is None and args.embedder != "auto":
        return data_missing(args.embedder, "the all-MiniLM-L6-v2 embedder asked for")
    if embedder is None:
        print("all-MiniLM-L6-v2 not installed: full-text search only, no dense baseline", file=sys.stderr)
    extractor, extractor_name = (NoClaims(), "none (turns only)") if args.extractor == "none" else pick_extractor(args.extractor)
    rows: list[dict[str, Any]] = []
    runs = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="chronomem-locomo-") as tmp:
        for sample in samples:
            run = run_conversation(sample, embedder=embedder, extractor=extractor, workdir=Path(tmp),
                                   log=lambda line: print(line, file=sys.stderr))
            rows += run["rows"]
            runs.append(run)
    latencies = [ms for run in runs for ms in run["latencies"]]
    name = "locomo" + ("" if args.embedder == "auto" else f"_{args.embedder}") + ("_quick" if args.quick else "")
    write_result(
        name, table(rows),
        meta={"data": str(path.name), "conversations": [s.get("sample_id") for s in samples],
              "extractor": extractor_name, "embedder": getattr(embedder, "name", None),
              "search_latency_k10": summarize_ms(latencies) if latencies else None,
              "facts": sum(r["facts"] for r in runs), "entities": sum(r["entities"] for r in runs),
              "turns": sum(r["turns"] for r in runs), "ingest_s": round(sum(r["ingest_s"] for r in runs), 1),
              "index_s": round(sum(r["index_s"] for r in runs), 1),
              "questions_without_evidence": sum(r["skipped"] for r in runs),
              "wall_s": round(time.perf_counter() - started, 1),
              "reference": "LoCoMo paper Table 3, DRAGON over dialog turns (all 10 conversations): "
                           "R@5 56.7, R@10 66.2, R@25 76.7"},
        command="python -m bench.locomo_bench" + (" --quick" if args.quick else "")
        + ("" if args.embedder == "auto" else f" --embedder {args.embedder}")
        + (f" --extractor {args.extractor}" if args.extractor != "auto" else ""),
        title=f"LoCoMo evidence recall (%), {len(samples)} conversation(s), extractor: {extractor_name}",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
