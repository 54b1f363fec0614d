"""Natural-language as-of search on the synthetic temporal worlds: is what is true at T first?

The temporal benchmark (``bench/temporal``) asks structured questions through ``Memory.facts``.
Here every non-abstention probe (subject, predicate, as_of, known_at) becomes natural-language
questions: the phrasings of ``bench/temporal/nl_questions.json`` (five per predicate, with the
subject's name, or in the first person when the subject is the speaker), and each of them once
more naming the month asked about ("… in May 2021"). Each question runs through
``search(question, as_of=T, known_at=T', k=5)`` and ``context(question, as_of=T, known_at=T')``.

A hit *names* a value when the value's canonical form (``bench.temporal.model.canon``) appears in
its text. Measured:

* **current-first@3**: a hit naming a right value is among the first three, and no hit naming
  only superseded values (values of the slot that held before T) comes before it;
* **stale-first**: among questions whose slot had an earlier value, how often the first hit
  naming any value of the slot names only superseded ones;
* **context right value**: the context block names a right value;
* **context no unmarked superseded**: every turn line of the block that names only superseded
  values says what holds instead ("(later: …)").

The time-blind vector baseline ranks the group's turns by cosine similarity to the same
question (no as-of filter, no facts) and is scored the same way on its top five.

Run ``python -m bench.nl_search_bench [--quick] [--seeds 11,12,13] [--worlds N] [--mode oracle]``;
writes ``bench/results/nl_search[_quick].{json,md}``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import write_result  # noqa: E402

SEEDS = (11, 12, 13)
K = 5
QUESTIONS_FILE = Path(__file__).resolve().parent / "temporal" / "nl_questions.json"
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


@dataclass(frozen=True)
class Question:
    probe: Any
    text: str
    kind: str  # named | self | timed


def load_templates(path: Path = QUESTIONS_FILE) -> dict[str, Any]:
    """The phrasing templates (data, see the JSON's ``_about``)."""
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if not k.startswith("_")}


def questions(probe: Any, templates: dict[str, Any], speaker: str = "user") -> list[Question]:
    """Every phrasing of ``probe``: the five base ones, then each naming the month asked about.

    >>> from types import SimpleNamespace as P
    >>> from datetime import datetime, timezone
    >>> p = P(subject="Ana", predicate="LIVES_IN", as_of=datetime(2021, 5, 3, tzinfo=timezone.utc))
    >>> [q.text for q in questions(p, load_templates())][5:7]
    ['Where does Ana live in May 2021?', 'Back in May 2021: Which city is Ana living in?']
    """
    kind = "self" if probe.subject == speaker else "named"
    base = templates[kind].get(probe.predicate, [])
    out = [Question(probe, t.format(s=probe.subject), kind) for t in base]
    if probe.as_of is not None:
        month, year = _MONTHS[probe.as_of.month - 1], probe.as_of.year
        for n, q in enumerate(list(out)):  # each phrasing once more, the time phrases taking turns
            timed = templates["timed"][n % len(templates["timed"])]
            text = timed.format(q=q.text.rstrip("?") if timed.startswith("{q}") else q.text, month=month, year=year)
            out.append(Question(probe, text + ("?" if timed.startswith("{q}") else ""), "timed"))
    return out


def _normal(text: str) -> str:
    from bench.temporal.model import ALIASES
    from chronomem.schema.models import normalize_name

    low = f" {normalize_name(text)} "
    for alias, target in ALIASES.items():
        low = re.sub(rf"(?<=\W){re.escape(alias)}(?=\W)", target, low)
    return low


def names(text: str, values: frozenset[str]) -> set[str]:
    """The canonical ``values`` named in ``text`` (whole words, aliases resolved).

    >>> sorted(names("We moved from Postgres 14 to MySQL.", frozenset({"postgresql 14", "mysql", "redis"})))
    ['mysql', 'postgresql 14']
    """
    low = _normal(text)
    return {v for v in values if re.search(rf"(?<=\W){re.escape(v)}(?=\W)", low)}


def first_scores(texts: Sequence[str], right: frozenset[str], stale: frozenset[str]) -> tuple[bool, bool | None]:
    """``(current-first@3, stale-first)`` of a ranked list of hit texts (stale-first is ``None``
    when the slot had no earlier value or no hit names a value of it)."""
    current_first, stale_first = False, None
    for n, text in enumerate(texts):
        good, old = names(text, right), names(text, stale - right)
        if good:
            current_first = n < 3
            if stale_first is None and stale:
                stale_first = False
            break
        if old:
            if stale_first is None and stale:
                stale_first = True
            break
    return current_first, stale_first


_TURN_LINE = re.compile(r"^- \[[^\]]*\] [^:]*: ")


def context_scores(block: str, right: frozenset[str], stale: frozenset[str]) -> tuple[bool, bool]:
    """``(right value present, no unmarked superseded turn line)`` of a context block. A turn
    line's speaker label is not part of what it says: "- [2019-07-18] Ryan: I'm a writer" does
    not name Ryan as a value."""
    present = bool(names(block, right))
    said = [_TURN_LINE.sub("", line) for line in block.splitlines() if _TURN_LINE.match(line)]
    unmarked = any(names(text, stale - right) and not names(text, right) and "(later:" not in text for text in said)
    return present, not unmarked


def _eligible(bench: Any, templates: dict[str, Any]) -> list[Any]:
    from bench.temporal.probes import ABSTAIN

    return [p for p in bench.probes if p.category not in ABSTAIN and p.expected
            and p.predicate in templates["named"]]


def evaluate(seed: int, worlds: int, *, mode: str, limit: int | None, embedder: Any) -> tuple[dict, dict]:
    """Per system, the per-question measures of one seed, and run info."""
    import numpy as np

    from bench.temporal.generator import generate
    from bench.temporal.scorer import ingest
    from chronomem.graph.side_index import SideIndex
    from chronomem.query.context import context
    from chronomem.query.search import search

    templates = load_templates()
    bench = generate(seed, worlds=worlds)
    started = time.perf_counter()
    memories, _, _ = ingest(bench, mode=mode)
    indexes = {g: SideIndex(m.store, g, embedder=embedder, path=None) for g, m in memories.items()}
    for index in indexes.values():
        index.catch_up()
    info: dict[str, Any] = {"turns": bench.turns, "ingest_index_s": round(time.perf_counter() - started, 1)}
    turns: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for s in bench.sessions:
        turns[s.group_id].extend((t.text, t.id) for t in s.turns)
    vectors = {g: np.asarray(embedder.embed([text for text, _ in rows])) for g, rows in turns.items()}

    probes = _eligible(bench, templates)[:limit]
    asked = [q for p in probes for q in questions(p, templates)]
    qvecs = np.asarray(embedder.embed([q.text for q in asked]))
    rows: dict[str, list[dict[str, Any]]] = {"chronomem": [], f"vector top-{K} (time-blind)": []}
    started = time.perf_counter()
    for q, qv in zip(asked, qvecs):
        p, mem = q.probe, memories[q.probe.group]
        right, stale = p.expected, frozenset(p.earlier)
        hits = search(mem.store, p.group, q.text, index=indexes[p.group], now=bench.now, as_of=p.as_of,
                      known_at=p.known_at, k=K)
        block = context(mem.store, p.group, q.text, index=indexes[p.group], now=bench.now, as_of=p.as_of,
                        known_at=p.known_at)
        cf, sf = first_scores([h.text for h in hits], right, stale)
        present, clean = context_scores(block, right, stale)
        rows["chronomem"].append({"kind": q.kind, "cf3": cf, "sf": sf, "ctx_right": present, "ctx_clean": clean})
        top = np.argsort(-(vectors[p.group] @ qv), kind="stable")[:K]
        cf, sf = first_scores([turns[p.group][i][0] for i in top], right, stale)
        rows[f"vector top-{K} (time-blind)"].append({"kind": q.kind, "cf3": cf, "sf": sf})
    info.update(probes=len(probes), questions=len(asked), ask_s=round(time.perf_counter() - started, 1))
    for m in memories.values():
        m.close()
    return rows, info


def _rate(rows: list[dict[str, Any]], key: str) -> float:
    values = [r[key] for r in rows if r.get(key) is not None]
    return round(100 * sum(values) / len(values), 1) if values else float("nan")


def summary_rows(pooled: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One table row per system and question kind (all, named, self, timed)."""
    out = []
    for system, rows in pooled.items():
        for kind in ("all", "named", "self", "timed"):
            mine = rows if kind == "all" else [r for r in rows if r["kind"] == kind]
            if not mine:
                continue
            out.append({"system": system, "questions": kind, "n": len(mine),
                        "current-first@3 %": _rate(mine, "cf3"), "stale-first %": _rate(mine, "sf"),
                        "stale-first n": sum(r["sf"] is not None for r in mine),
                        "context right value %": _rate(mine, "ctx_right") if "ctx_right" in mine[0] else "–",
                        "context no unmarked superseded %": _rate(mine, "ctx_clean") if "ctx_clean" in mine[0] else "–"})
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    from chronomem.graph.embedders import HashingEmbedder, MiniLmEmbedder

    parser = argparse.ArgumentParser(prog="python -m bench.nl_search_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed, one world, 12 probes")
    parser.add_argument("--seeds", help="comma-separated seeds (default 11,12,13)")
    parser.add_argument("--worlds", type=int, help="worlds per seed (default 1)")
    parser.add_argument("--mode", choices=("extract", "oracle"), default="extract",
                        help="extract: the default spaCy extractor; oracle: the generator's gold claims")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else ([SEEDS[0]] if args.quick else list(SEEDS))
    worlds = args.worlds or 1
    embedder = MiniLmEmbedder() if MiniLmEmbedder.available() else HashingEmbedder(dim=384)
    started = time.perf_counter()
    pooled: dict[str, list[dict[str, Any]]] = defaultdict(list)
    infos = {}
    for seed in seeds:
        rows, info = evaluate(seed, worlds, mode=args.mode, limit=12 if args.quick else None, embedder=embedder)
        for system, r in rows.items():
            pooled[system] += r
        infos[seed] = info
        print(f"seed {seed}: {info}", file=sys.stderr, flush=True)
    table = summary_rows(pooled)
    given = list(sys.argv[1:] if argv is None else argv)
    name = "nl_search_quick" if args.quick else "nl_search"
    note = (f"Seeds {', '.join(map(str, seeds))}, {worlds} world(s) each, {args.mode} claims; "
            f"{sum(i['questions'] for i in infos.values()):,} questions from "
            f"{sum(i['probes'] for i in infos.values()):,} non-abstention probes; k={K}; embedder "
            f"{getattr(embedder, 'name', '?')}. 'self' questions are in the first person (the subject is the speaker, "
            "not named); 'timed' ones name the month asked about. Time-blind baseline: the group's turns ranked by "
            "cosine to the question, no as-of filter.")
    write_result(name, table, command="python -m bench.nl_search_bench" + (" " + " ".join(given) if given else ""),
                 title="Natural-language as-of search (synthetic temporal worlds)", note=note,
                 meta={"seeds": seeds, "worlds": worlds, "mode": args.mode, "per_seed": infos,
                       "seconds": round(time.perf_counter() - started, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
