"""Search latency: ``Memory.search`` p50/p95 on N facts + N turns, HNSW index built.

Facts are generated as import records (people, places, employers, tools, pets, tastes, with
validity intervals) and written with ``Memory.import_facts``; turns as chat sessions of 20
turns written with ``WriteBatch`` (no extraction). The side-index is built with the default
embedder (all-MiniLM-L6-v2, one BLAS thread, as ``Memory.open(embedder="auto")``), then
distinct questions are timed end to end (query embedding, HNSW, full text, traversal,
reranking). ``context`` is timed too. With ``NEO4J_URI`` set, the same data is written to
Neo4j and measured there (the HNSW files are reused: ids are the same, so nothing is
re-embedded).

Run ``python -m bench.search_bench [--quick] [--n N] [--workdir DIR]``; writes
``bench/results/search.{json,md}`` (``search_quick`` with ``--quick``). Targets (embedded):
p50 ≤ 30 ms, p95 ≤ 80 ms. ``--workdir`` keeps the generated store and index for reruns.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import summarize_ms, time_calls, write_result  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402
from chronomem.graph.base import WriteBatch  # noqa: E402
from chronomem.schema import Session, Turn  # noqa: E402

GROUP = "bench"
NOW = datetime(2025, 1, 1, tzinfo=timezone.utc)
RECORDED = datetime(2024, 12, 1, tzinfo=timezone.utc)
FIRST = ("Ana Bo Cy Dana Eli Fay Gus Hana Ivo Jo Kai Lea Max Nia Oto Pia Rui Sol Tom Uma Vic Wen Xia Yan Zoe Ali "
         "Ben Cleo Dev Emma Finn Gia Hugo Iris Jack Kira Leo Mia Nico Olga").split()
LAST = ("Silva Costa Lima Moreau Novak Berg Kato Singh Okafor Rossi Meyer Dubois Park Haddad Ivanova Nagy Lund "
        "Ortiz Weber Tanaka Ferreira Kowalski Jensen Murphy Rahman").split()
CITIES = ("Lisbon Porto Madrid Paris Berlin Oslo Vancouver Toronto Austin Denver Kyoto Seoul Lagos Nairobi Lima "
          "Quito Dublin Prague Vienna Zurich Milan Krakow Tallinn Riga Montreal Boston Seattle Sydney Perth Cork").split()
ORGS = ("Acme Globex Initech Umbrella Stark Wayne Hooli Pied Piper Vandelay Soylent Tyrell Cyberdyne Aperture "
        "Wonka Gringotts Monarch Oscorp Massive Dynamic Nakatomi Prestige Sirius Virtucon Zorg Dunder").split()
TOOLS = ("Redis Memcached Postgres MySQL Kafka RabbitMQ Jenkins GitHub Actions Terraform Ansible Docker Kubernetes "
         "Grafana Prometheus Elasticsearch Airflow Spark Flink Django Flask FastAPI React Vue Svelte Rust Go").split()
LIKES = ("jazz techno hiking chess pottery sushi tennis climbing sailing baking painting poetry cycling running "
         "yoga opera ramen surfing gardening birding").split()
PETS = "Rex Luna Milo Bella Oscar Coco Nala Simba Kiwi Pepper".split()
TEMPLATES = (
    "I moved to {city} last {month}, the rent is much lower than before.",
    "We replaced {tool} with {tool2} in production over the weekend.",
    "{person} just started at {org} as a senior engineer.",
    "Did you hear that {person} adopted a dog called {pet}?",
    "I've been really into {like} lately, it helps me unwind.",
    "Our team is migrating the billing service from {tool} to {tool2}.",
    "{person} is flying to {city} next week for the {org} offsite.",
    "Honestly I never liked {like}, but {person} convinced me to try it.",
    "The {tool} cluster went down again, {person} is on call this week.",
    "Thinking about leaving {org}, the commute to {city} is killing me.",
)
QUESTIONS = (
    "Where does {person} live?", "Who works at {org}?", "What does {person} use at work?",
    "Who replaced {tool} with {tool2}?", "What does {person} like?", "Who moved to {city}?",
    "Where did {person} work in 2022?", "What happened with the {tool} cluster?", "Does {person} have a pet?",
    "Who is on call for {tool}?",
)
MONTHS = "January February March April May June July August September October November December".split()


def _person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _fill(template: str, rng: random.Random) -> str:
    tool, tool2 = rng.sample(TOOLS, 2)
    return template.format(person=_person(rng), city=rng.choice(CITIES), org=rng.choice(ORGS), tool=tool, tool2=tool2,
                           like=rng.choice(LIKES), pet=rng.choice(PETS), month=rng.choice(MONTHS))


def fact_records(n: int, seed: int = 7) -> Iterator[dict[str, Any]]:
    """``n`` import records over ``n // 4`` people, with validity intervals."""
    rng = random.Random(seed)
    people = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}" for i in range(max(1, n // 4))]
    kinds = (("LIVES_IN", CITIES, "PLACE"), ("WORKS_AT", ORGS, "ORG"), ("USES", TOOLS, "TOOL"), ("LIKES", LIKES, "OTHER"),
             ("HAS_PET", PETS, "PET"), ("FRIEND_OF", None, "PERSON"))
    for i in range(n):
        predicate, pool, otype = kinds[i % len(kinds)]
        subject = people[rng.randrange(len(people))]
        obj = rng.choice(people) if pool is None else rng.choice(pool)
        if obj == subject:
            obj = people[(people.index(subject) + 1) % len(people)]
        start = datetime(2015, 1, 1, tzinfo=timezone.utc) + timedelta(days=rng.randrange(3500))
        end = start + timedelta(days=rng.randrange(30, 1500)) if rng.random() < 0.3 else None
        yield {"subject": subject, "predicate": predicate, "object": obj, "subject_type": "PERSON",
               "object_type": otype, "valid_from": start.date().isoformat(),
               "valid_to": end.date().isoformat() if end else None}


def sessions(n_turns: int, seed: int = 11, per_session: int = 20) -> Iterator[Session]:
    rng = random.Random(seed)
    for s in range((n_turns + per_session - 1) // per_session):
        at = datetime(2020, 1, 1, tzinfo=timezone.utc) + timedelta(hours=7 * s)
        count = min(per_session, n_turns - s * per_session)
        speakers = (rng.choice(FIRST), rng.choice(FIRST))
        turns = [Turn(id=f"b{s}:{t}", speaker=speakers[t % 2], text=_fill(rng.choice(TEMPLATES), rng),
                      at=at + timedelta(minutes=t)) for t in range(count)]
        yield Session(session_id=f"b{s}", group_id=GROUP, started_at=at, turns=turns)


def populate(mem: Memory, n: int, *, log: Any) -> dict[str, float]:
    started = time.perf_counter()
    mem.import_facts(fact_records(n), recorded_at=RECORDED)
    facts_s = time.perf_counter() - started
    started = time.perf_counter()
    for session in sessions(n):
        mem.store.write(WriteBatch(GROUP, session=session), recorded_at=session.started_at)
    turns_s = time.perf_counter() - started
    log(f"wrote {n} fact records in {facts_s:.0f} s and {n} turns in {turns_s:.0f} s")
    return {"facts_write_s": round(facts_s, 1), "turns_write_s": round(turns_s, 1)}


def questions(count: int, seed: int = 23) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        q = _fill(rng.choice(QUESTIONS), rng)
        if q not in out:
            out.append(q)
    return out


def measure(mem: Memory, backend: str, qs: list[str], *, build_s: float | None, extra: dict[str, Any]) -> dict[str, Any]:
    for q in qs[:5]:  # warm-up: model load, caches
        mem.search(q)
    it = iter(qs[5:])
    search_ms = time_calls(lambda: mem.search(next(it), k=10), repeat=len(qs) - 5)
    it2 = iter(reversed(qs[5:]))
    context_ms = time_calls(lambda: mem.context(next(it2)), repeat=min(50, len(qs) - 5))
    stats = mem.stats()
    s, c = summarize_ms(search_ms), summarize_ms(context_ms)
    return {"backend": backend, "facts": stats["facts"], "turns": stats["turns"], "entities": stats["entities"],
            "indexed": mem.index.status()["indexed"] if mem.index is not None else 0,
            "index_build_s": None if build_s is None else round(build_s, 1),
            "queries": len(search_ms), "search_p50_ms": s["p50_ms"], "search_p95_ms": s["p95_ms"],
            "context_p50_ms": c["p50_ms"], "context_p95_ms": c["p95_ms"],
            "load_avg_1m": round(os.getloadavg()[0], 1), **extra}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="N = 3,000 (for CI)")
    parser.add_argument("--n", type=int, default=None, help="facts and turns each (default 100,000; 3,000 quick)")
    parser.add_argument("--queries", type=int, default=None, help="distinct questions timed (default 300; 100 quick)")
    parser.add_argument("--workdir", type=Path, default=None, help="keep the store and index here (reused when present)")
    args = parser.parse_args(argv)
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)  # "no MENTIONS yet" warnings
    n = args.n or (3_000 if args.quick else 100_000)
    qs = questions((args.queries or (100 if args.quick else 300)) + 5)
    log = lambda line: print(line, file=sys.stderr)  # noqa: E731
    tmp = None
    if args.workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="chronomem-search-")
        workdir = Path(tmp.name)
    else:
        workdir = args.workdir
    rows = []
    try:
        store_dir = workdir / f"sqlite-{n}"
        fresh = not (store_dir / "memory.sqlite").exists()
        mem = Memory.open(store_dir, group=GROUP, clock=FixedClock(NOW))
        extra = populate(mem, n, log=log) if fresh else {}
        started = time.perf_counter()
        embedded = mem.catch_up_index()
        build_s = time.perf_counter() - started
        mem.index.save()
        log(f"embedded: {embedded} items embedded in {build_s:.0f} s")
        info = store_dir / "build.json"  # a reused workdir reports how long it took to build
        if fresh:
            info.write_text(json.dumps({"index_build_s": build_s, **extra}))
        elif not info.exists():  # a store built elsewhere (the same populate): its build was not timed here
            info.write_text(json.dumps({"index_build_s": None}))
        saved = json.loads(info.read_text())
        build_s, extra = saved.pop("index_build_s"), saved
        rows.append(measure(mem, "embedded (SQLite)", qs, build_s=build_s, extra=extra))
        index_path = mem.index.path
        mem.close()
        if os.environ.get("NEO4J_URI"):
            rows.append(run_neo4j(n, qs, index_path, workdir, log=log))
    finally:
        if tmp is not None:
            tmp.cleanup()
    write_result("search_quick" if args.quick else "search", rows,
                 meta={"n": n, "embedder": "all-MiniLM-L6-v2 (numpy, 1 BLAS thread)", "k": 10,
                       "targets": "embedded p50 <= 30 ms, p95 <= 80 ms"},
                 command="python -m bench.search_bench" + (" --quick" if args.quick else ""),
                 title=f"Search latency, {n:,} facts + {n:,} turns")
    return 0


def run_neo4j(n: int, qs: list[str], index_path: Path | None, workdir: Path, *, log: Any) -> dict[str, Any]:
    """The same data and questions on Neo4j (the group is deleted afterwards)."""
    from chronomem.graph.side_index import default_index_path

    index_dir = workdir / "neo4j-index"
    mem = Memory.open(neo4j_uri=os.environ["NEO4J_URI"], group=GROUP, clock=FixedClock(NOW), index_dir=index_dir)
    try:
        mem.store.delete_group(GROUP)
        extra = populate(mem, n, log=log)
        if index_path is not None:  # same ids: reuse the vectors, the index checks it is in step
            target = default_index_path(mem.store, GROUP, index_dir)
            assert target is not None
            target.parent.mkdir(parents=True, exist_ok=True)
            for suffix in ("", ".ids", ".meta.json", ".side.json"):
                shutil.copyfile(str(index_path) + suffix, str(target) + suffix)
        started = time.perf_counter()
        embedded = mem.catch_up_index()
        build_s = time.perf_counter() - started
        log(f"neo4j: index opened and reconciled in {build_s:.0f} s ({embedded} items embedded)")
        return measure(mem, "Neo4j", qs, build_s=build_s, extra=extra)
    finally:
        mem.store.delete_group(GROUP)
        mem.close()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
