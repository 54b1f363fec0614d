"""The README's "at a glance" table: each issue target next to what the result files say.

Every number is read from ``bench/results/<name>.json`` (the full runs); a target whose file is
missing is listed as "not measured". Nothing here measures anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench._report import markdown_table

Json = dict[str, Any]


def _load(results_dir: Path, name: str) -> Json | None:
    path = results_dir / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _row(rows: list[Json], key: str, value: str) -> Json:
    return next(r for r in rows if r.get(key) == value)


def _fmt(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def _temporal(d: Json) -> list[tuple[str, str, str, bool]]:
    rows = d["rows"]
    seeds = ", ".join(str(s) for s in d["meta"].get("seeds", []))
    asof = _row(rows, "metric", "as-of accuracy (%)")["mean"]
    stale = _row(rows, "metric", "stale-answer rate (%)")["mean"]
    abst = _row(rows, "metric", "abstention accuracy (%)")["mean"]
    return [(f"synthetic temporal: as-of accuracy (seeds {seeds})", f"{_fmt(asof, 2)}%", "≥ 97%", asof >= 97),
            ("synthetic temporal: stale-answer rate", f"{_fmt(stale, 2)}%", "≤ 1%", stale <= 1),
            ("synthetic temporal: abstention accuracy", f"{_fmt(abst, 2)}%", "≥ 95%", abst >= 95)]


def _yago(d: Json) -> list[tuple[str, str, str, bool]]:
    overall = _row(d["rows"], "relation", "overall")["accuracy (%)"]
    return [("YAGO11k as-of, four relations", f"{_fmt(overall, 2)}%", "≥ 98%", overall >= 98)]


def _extract(d: Json) -> list[tuple[str, str, str, bool]]:
    out = []
    rows = d["rows"]
    for plain, ours in zip(rows[0::2], rows[1::2]):
        corpus = plain.get("corpus", "generated chat lines")
        out.append((f"extraction vs spaCy nlp.pipe, same run ({corpus})", f"{ours['relative']:.3f}× ({_fmt(ours['turns_per_s'])} vs "
                    f"{_fmt(plain['turns_per_s'])} turns/s)", "≥ 0.70×", ours["relative"] >= 0.7))
    return out


def _parallel(d: Json) -> list[tuple[str, str, str, bool]]:
    """One line per input size (the parallel rows), as the benchmark measured them."""
    return [(f"--workers {row['workers']} ingest speed-up, {int(row['turns']):,} turns, identical result",
             f"{row['speedup']}×, identical: {row['identical_result']}", "≥ 1.6×",
             row["speedup"] >= 1.6 and bool(row["identical_result"]))
            for row in d["rows"] if row["workers"] > 1]


def _locomo(d: Json) -> list[tuple[str, str, str, bool]]:
    row = _row(d["rows"], "category", "overall (1-4)")
    ours, bm25, dense = row["chronomem R@10"], row["bm25 R@10"], row["minilm R@10"]
    return [("LoCoMo evidence recall@10, categories 1-4", f"{_fmt(ours)}% (BM25 {_fmt(bm25)}%, MiniLM {_fmt(dense)}%)",
             "≥ 70% and above both", ours >= 70 and ours > bm25 and ours > dense)]


def _when(d: Json) -> list[tuple[str, str, str, bool]]:
    """Top-1 of Memory.when on each backend measured, beside the time-blind baseline."""
    out = []
    for row in d["rows"]:
        if row["questions"] != "all":
            continue
        ours, blind, hit = row["Memory.when top-1 %"], row["session day (time-blind) %"], row["search top hit's day %"]
        parts = {r["questions"].split(" (")[0]: r for r in d["rows"]
                 if r["backend"] == row["backend"] and r["questions"].split(" (")[0] in ("tuning", "set-aside")}
        split = (f"; tuning {_fmt(parts['tuning']['Memory.when top-1 %'])}%, set-aside (untouched) "
                 f"{_fmt(parts['set-aside']['Memory.when top-1 %'])}% of {parts['set-aside']['n']}"
                 if len(parts) == 2 else "")
        out.append((f"when-benchmark (LoCoMo temporal questions, {row['n']} dated), top-1, {row['backend']}",
                    f"{_fmt(ours)}% (time-blind {_fmt(blind)}%, search top hit {_fmt(hit)}%{split})", "≥ 60%",
                    ours >= 60))
    return out


def _locomo_gold(d: Json) -> list[tuple[str, str, str, bool]]:
    """Tuning and set-aside side by side (issue #26); a result from before the split: its "all" row."""
    tuning, aside = d["meta"].get("tuning"), d["meta"].get("set_aside")
    if not tuning:
        row = _row(d["rows"], "conversation", "all")
        p, r, junk = row["precision %"], row["recall %"], row["junk entities %"]
        return [(f"extraction on real chat (LoCoMo hand gold, {row['turns']:,} turns): precision / recall",
                 f"{_fmt(p)}% / {_fmt(r)}% ({row['facts/100 turns']} facts per 100 turns)", "≥ 85% / ≥ 50%",
                 p >= 85 and r >= 50),
                ("junk entities on real chat", f"{_fmt(junk)}%", "≤ 3%", junk <= 3)]
    p, r = tuning["precision %"], tuning["recall %"]
    out = [(f"extraction on real chat, LoCoMo hand gold, tuning ({_convs(tuning)}; {tuning['turns']:,} turns): "
            "precision / recall", f"{_fmt(p)}% / {_fmt(r)}% ({tuning['facts/100 turns']} facts per 100 turns)",
            "≥ 85% / ≥ 50%", p >= 85 and r >= 50)]
    junk = [tuning["junk entities %"]]
    if aside and aside.get("conversations"):
        ap, ar = aside["precision %"], aside["recall %"]
        out.append((f"extraction on real chat, LoCoMo set-aside ({_convs(aside)}, untouched; {aside['turns']:,} turns): "
                    "precision / recall beside tuning",
                    f"{_fmt(ap)}% / {_fmt(ar)}% vs tuning {_fmt(p)}% / {_fmt(r)}% "
                    f"({aside['facts/100 turns']} facts per 100 turns)",
                    "within 5 points of tuning on both", abs(p - ap) <= 5 and abs(r - ar) <= 5))
        junk.append(aside["junk entities %"])
    out.append(("junk entities on real chat" + (": tuning / set-aside" if len(junk) > 1 else ""),
                " / ".join(f"{_fmt(j)}%" for j in junk), "≤ 3%", max(junk) <= 3))
    return out


def _convs(block: Json) -> str:
    """``conv-26, 30, 41, 42`` from the conversations of a block."""
    convs = list(block.get("conversations", []))
    return ", ".join([convs[0], *(c.removeprefix("conv-") for c in convs[1:])]) if convs else ""


def _dialogre(d: Json) -> list[tuple[str, str, str, bool]]:
    s = d["meta"]["summary"]
    recall, precision = s["recall_pct"], s["precision_on_annotated_pct"]
    return [("DialogRE dev (tuning), mapped relations: recall / precision on annotated pairs",
             f"{_fmt(recall)}% / {_fmt(precision)}%", "≥ 25% / ≥ 80%", recall >= 25 and precision >= 80)]


def _dialogre_train(d: Json) -> list[tuple[str, str, str, bool]]:
    s = d["meta"]["summary"]
    recall, precision = s["recall_pct"], s["precision_on_annotated_pct"]
    return [("DialogRE train (untouched), mapped relations: recall / precision on annotated pairs",
             f"{_fmt(recall)}% / {_fmt(precision)}%", "≥ 25% / ≥ 85%", recall >= 25 and precision >= 85)]


def _convai2(d: Json) -> list[tuple[str, str, str, bool]]:
    s = d["meta"]["summary"]
    recall, precision = s["recall_pct"], s["precision_pct"]
    return [(f"ConvAI2 persona lines (untouched, {d['meta']['lines']:,} lines): recall / precision",
             f"{_fmt(recall)}% / {_fmt(precision)}% ({s['facts_per_line']:.2f} facts per line)", "≥ 65% / ≥ 80%",
             recall >= 65 and precision >= 80)]


# least per-sentence cosine with the PyTorch vectors: exact fp32 to rounding, int8 a little less
_PARITY_GOAL = {"all-MiniLM-L6-v2-onnx-int8": 0.998}


def _embedder(d: Json) -> list[tuple[str, str, str, bool]]:
    """One line per embedder measured: speed, and parity with the PyTorch reference vectors."""
    out = []
    for row in d["rows"]:
        rate = next(v for k, v in row.items() if k.startswith("sentences/s"))
        low, goal = float(row["parity, min cosine"]), _PARITY_GOAL.get(row["embedder"], 0.999)
        out.append((f"{row['embedder']}: sentences/s (batch 32); 1-sentence p50", f"{_fmt(rate)}; "
                    f"{row['1 sentence p50 ms']} ms", "≥ 180/s", rate >= 180))
        out.append((f"{row['embedder']}: parity with PyTorch, mean / min cosine",
                    f"{row['parity, mean cosine']} / {row['parity, min cosine']}", f"min ≥ {goal}", low >= goal))
    return out


def _locomo_numpy(d: Json) -> list[tuple[str, str, str, bool]]:
    row = _row(d["rows"], "category", "overall (1-4)")
    return [(f"LoCoMo evidence recall@10 with {d['meta']['embedder']} (fp32 numpy) instead",
             f"{_fmt(row['chronomem R@10'])}% (MiniLM alone {_fmt(row['minilm R@10'])}%)", "reported", True)]


def _hnsw(d: Json) -> list[tuple[str, str, str, bool]]:
    ef = d["meta"].get("index_default_ef", 100)
    row = _row(d["rows"], "method", f"HNSW ef={ef}")
    n = d["meta"].get("n", 0)
    return [(f"HNSW recall@10 / p50 at {n:,} (ef={ef})", f"{row['recall@10']} / {row['p50_ms']} ms", "≥ 0.98 / ≤ 1 ms",
             row["recall@10"] >= 0.98 and row["p50_ms"] <= 1)]


def _search(d: Json) -> list[tuple[str, str, str, bool]]:
    out = []
    for row in d["rows"]:
        embedded = row["backend"].startswith("embedded")
        target = "≤ 30 / ≤ 80 ms" if embedded else "reported"
        met = row["search_p50_ms"] <= 30 and row["search_p95_ms"] <= 80 if embedded else True
        out.append((f"search p50 / p95, {row['facts']:,} facts + {row['turns']:,} turns, {row['backend']}",
                    f"{row['search_p50_ms']} / {row['search_p95_ms']} ms", target, met))
    return out


def _timeblind(d: Json) -> list[tuple[str, str, str, bool]]:
    rows = d["rows"]
    ours = _row(rows, "memory", "chronomem, extractor")["stale-answer rate %"]
    vector = _row(rows, "memory", "vector top-10, extractor")["stale-answer rate %"]
    return [("stale-answer rate: chronomem vs time-blind vector memory", f"{ours}% vs {vector}%", "reported side by side",
             ours < vector)]


def _nl_search(d: Json) -> list[tuple[str, str, str, bool]]:
    rows = [r for r in d["rows"] if r["questions"] == "all"]
    ours = _row(rows, "system", "chronomem")
    vector = next(r for r in rows if r["system"].startswith("vector"))
    seeds = ", ".join(str(s) for s in d["meta"].get("seeds", []))
    cf, sf = ours["current-first@3 %"], ours["stale-first %"]
    right, clean = ours["context right value %"], ours["context no unmarked superseded %"]
    return [(f"NL as-of search: current-first@3 / stale-first (seeds {seeds})", f"{cf}% / {sf}%", "≥ 95% / ≤ 2%",
             cf >= 95 and sf <= 2),
            ("NL as-of context: right value / no unmarked superseded", f"{right}% / {clean}%", "≥ 97% / ≥ 99%",
             right >= 97 and clean >= 99),
            ("NL as-of search vs time-blind vector top-5: current-first@3 / stale-first",
             f"{cf}% / {sf}% vs {vector['current-first@3 %']}% / {vector['stale-first %']}%", "reported side by side",
             True)]


def _scale(d: Json) -> list[tuple[str, str, str, bool]]:
    from bench.scale_bench import target_checks  # the benchmark's own reading of its targets

    return [(label, value, goal, bool(met)) for label, value, goal, met in target_checks(d["meta"]["rows_raw"])
            if met is not None or goal.startswith("reported")]


def _vectors(d: Json) -> list[tuple[str, str, str, bool]]:
    """The side-index rebuilt from stored vectors after its files were deleted (issue 29)."""
    return [(f"side-index rebuilt from stored vectors, {r['items']:,} items, {r['backend']} (median of "
             f"{len(r['rebuild_s (each)'].split(','))})",
             f"{r['rebuild_s (median)']} s, {r['texts embedded in rebuilds']} texts embedded, top-10 agreement "
             f"{r['top-10 agreement']}", f"≤ {r['target'].lstrip('≤ ')}, 0 embedded",
             r["met"] == "met" and r["texts embedded in rebuilds"] == 0) for r in d["rows"]]


def _retention(d: Json) -> list[tuple[str, str, str, bool]]:
    """Issue #30: the compacted store against the full one, side by side (recall, the when-benchmark, p50)."""
    rows, meta = d["rows"], d["meta"]
    share = f"{100 * (meta['turns_before'] - meta['turns_after']) / max(1, meta['turns_before']):.0f}%"
    overall = _row(rows, "measure", "evidence R@10, overall (1-4)")
    full, small = overall["full store"], overall["compacted"]
    diff = overall.get("difference (points)")  # the benchmark's own, from unrounded recalls
    diff = small - full if not isinstance(diff, (int, float)) else diff
    out = [(f"LoCoMo with {share} of the turns evicted: evidence recall@10, compacted vs full",
            f"{_fmt(small)}% vs {_fmt(full)}% ({diff:+.1f} points)", "within 3 points", diff >= -3)]
    if meta.get("keep", 0.5) != 0.5:  # another operating point: its recall only
        return out
    when = _row(rows, "measure", "when-benchmark top-1 (%)")
    if when["full store"] is None:
        out.append(("LoCoMo when-benchmark, compacted vs full", "not measured: " + str(meta.get("when_skipped")),
                    "within 3 points", False))
    else:
        wf, ws = when["full store"], when["compacted"]
        out.append(("LoCoMo when-benchmark, compacted vs full", f"{_fmt(ws)}% vs {_fmt(wf)}%", "within 3 points",
                    ws >= wf - 3))
    p50 = _row(rows, "measure", "search p50 (ms)")
    out.append(("search p50 over the compacted store vs the full one (LoCoMo questions)",
                f"{p50['compacted']} vs {p50['full store']} ms", "no slower", p50["compacted"] <= p50["full store"]))
    return out


def _year(d: Json) -> list[tuple[str, str, str, bool]]:
    m = d["meta"]
    return [(f"synthetic year, {m['turns']:,} turns (70% small talk) under a {m['cap']:,}-turn cap: most turns after "
             "a compaction; fact versions", f"{m['peak']:,}; {'identical' if m['same'] else 'DIFFERENT'}",
             f"≤ {m['cap']:,}; identical", m["peak"] <= m["cap"] and bool(m["same"])),
            ("synthetic year: search p50 over the capped store vs the full one (full text)",
             f"{m['search_latency_capped']['p50_ms']:,.1f} vs {m['search_latency_full']['p50_ms']:,.1f} ms", "no slower",
             m["search_latency_capped"]["p50_ms"] <= m["search_latency_full"]["p50_ms"])]


def _import_bound(d: Json) -> list[tuple[str, str, str, bool]]:
    """The best rate the measured floors allow, at the largest size of each backend."""
    out = []
    for r in d["rows"]:  # issue 29: Neo4j into a new group, at 100k, the median of the real imports
        if r["backend"] == "neo4j" and r["measure"].startswith("real import") and r["size"] == 100_000:
            out.append((f"bulk import into a new group, neo4j, at {r['size']:,} ({r['measure'].split('(')[-1].rstrip(')')})",
                        f"{r['facts_per_s']:,} facts/s", "≥ 10,000", r["facts_per_s"] >= 10_000))
    for backend in ("sqlite", "neo4j"):
        bounds = [r for r in d["rows"] if r["backend"] == backend and r["measure"].startswith("bound")]
        if bounds:
            top = max(bounds, key=lambda r: r["size"])
            best = str(top["facts_per_s"]).split(" / ")[-1].replace(",", "")  # embedded: "one core / two cores"
            out.append((f"bulk import, {backend}: best rate its floors allow at {top['size']:,}",
                        f"{int(best):,} facts/s", f"reported (target {top['target']})", True))
    return out


LABELS = {"temporal": "synthetic temporal: as-of accuracy", "yago": "YAGO11k as-of", "extract_speed": "extraction speed",
          "parallel": "parallel ingest", "timeblind": "time-blind baseline", "locomo": "LoCoMo recall",
          "embedder": "MiniLM embedder", "hnsw": "HNSW recall and latency", "search": "search latency", "scale": "scale",
          "locomo_numpy": "LoCoMo recall, numpy embedder",
          "import_bound": "bulk import floors", "locomo_gold": "extraction on real chat", "dialogre": "DialogRE relations (dev)",
          "dialogre_train": "DialogRE relations (train, untouched)", "convai2": "ConvAI2 persona lines (untouched)",
          "nl_search": "natural-language as-of search", "when": "when-benchmark",
          "retention": "LoCoMo retention (compacted vs full)", "retention_keep70": "LoCoMo retention, 30% evicted",
          "year": "synthetic year under a cap",
          "vectors": "side-index rebuilt from stored vectors", "scale_turns": "scale, 1M facts + 1M turns"}
SOURCES: tuple[tuple[str, Callable[[Json], list[tuple[str, str, str, bool]]]], ...] = (
    ("temporal", _temporal), ("yago", _yago), ("locomo_gold", _locomo_gold), ("dialogre", _dialogre),
    ("dialogre_train", _dialogre_train), ("convai2", _convai2),
    ("extract_speed", _extract), ("parallel", _parallel),
    ("timeblind", _timeblind), ("nl_search", _nl_search), ("locomo", _locomo), ("when", _when),
    ("locomo_numpy", _locomo_numpy),
    ("retention", _retention), ("retention_keep70", _retention), ("year", _year),
    ("embedder", _embedder), ("hnsw", _hnsw), ("vectors", _vectors), ("search", _search),
    ("scale", _scale), ("scale_turns", _scale), ("import_bound", _import_bound),
)


def headline_rows(results_dir: Path) -> list[Json]:
    """One row per target: what was measured, the goal, whether it is met, and the result file."""
    out = []
    for name, extract in SOURCES:
        data = _load(results_dir, name)
        if data is None:
            out.append({"target": LABELS.get(name, name), "measured": "not measured", "goal": "", "": "", "from": ""})
            continue
        for label, measured, goal, met in extract(data):
            status = "reported" if goal.startswith("reported") else ("met" if met else "MISSED")
            out.append({"target": label, "measured": measured, "goal": goal, "": status, "from": f"`{name}.json`"})
    return out


def headline_table(results_dir: Path) -> str:
    """The "at a glance" Markdown section.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "yago.json").write_text(json.dumps({"meta": {}, "rows": [{"relation": "overall", "accuracy (%)": 98.4}]}))
    >>> lines = headline_table(d).splitlines()
    >>> print(next(line for line in lines if "YAGO" in line))
    | YAGO11k as-of, four relations | 98.40% | ≥ 98% | met | `yago.json` |
    >>> print(lines[4])
    | synthetic temporal: as-of accuracy | not measured |  |  |  |
    """
    return ("### At a glance: the issues' targets against the result files\n\n"
            + markdown_table(headline_rows(results_dir)))
