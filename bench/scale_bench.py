"""Scale: cost against size on generated timelines, on the embedded store and on Neo4j.

The generator makes many people, each with values that change over the years across five
predicates - LIVES_IN, WORKS_AT, HAS_ROLE, REPORTS_TO (another person) and USES (tools, with
start and end dates) - about 20 fact versions per person, streamed in person order. For each
size and backend a fresh store is filled in its own subprocess (so peak RSS does not carry
over between sizes) and measured:

* bulk import facts/s through :meth:`Memory.import_facts` (default batch size);
* ingest turns/s: sessions of plain chat turns through :meth:`Memory.ingest` with an
  extractor that extracts nothing, i.e. the store's cost of writing sessions and turns
  (the spaCy extraction rate is measured by ``bench/extract_speed.py``);
* ``facts(person, as_of=T)`` p50/p95, ``timeline(person)`` p50, a 2-hop traversal as of T
  (``store.neighbourhood(depth=2)``, limit 500) p50, and ``Memory.search`` p50/p95 when it
  exists, over random people and random T;
* HNSW build over every fact version's statement (embedding and index-building seconds
  apart; MiniLM up to 100k versions, HashingEmbedder(dim=384) above, see ``--embedder``),
  peak RSS (psutil polling of the worker plus its own ``ru_maxrss``) and bytes on disk.

Run ``python -m bench.scale_bench [--quick] [--sizes 10000,100000,1000000] [--backends sqlite,neo4j]``.
Neo4j runs when ``NEO4J_URI`` is set (``NEO4J_USER``/``NEO4J_PASSWORD``); give
``--neo4j-state-dir`` (the ``scripts/neo4j_test_server.py`` state dir) to also measure the
server's RSS and disk. Writes ``bench/results/scale.{json,md,png}`` (``scale_quick`` with
``--quick``). Filling a million facts and a million turns into Neo4j and building their side-index
takes over an hour: ``--keep`` leaves the group and the side-index file (``--work-dir``) in place,
and a later run with ``--reuse`` measures the reads and search on them without filling them again.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import math
import os
import random
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import percentile, result_path, write_result  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GROUP = "scale"
NOW = datetime(2025, 6, 1, tzinfo=timezone.utc)
BASE = datetime(2000, 1, 1, tzinfo=timezone.utc)
SPAN_DAYS = 9_000  # 2000-01-01 .. 2024-08
PREDICATES = ("LIVES_IN", "WORKS_AT", "HAS_ROLE", "REPORTS_TO", "USES")
VERSIONS_PER_PREDICATE = (2, 6)  # inclusive range: about 20 versions per person
MINILM_MAX = 100_000  # --embedder auto: MiniLM up to here, HashingEmbedder(384) above
FULL_SIZES = (10_000, 100_000, 1_000_000)
QUICK_SIZES = (1_000, 5_000)
TARGETS = {
    "import_sqlite": 50_000, "import_neo4j": 10_000, "facts_p50_sqlite_ms": 1.0, "facts_p50_neo4j_ms": 5.0,
    "search_p50_sqlite_ms": 50.0, "peak_rss_mb": 3 * 1024, "rebuild_s": 60.0, "search_p50_neo4j_ms": 60.0,
    "search_plain_p50_neo4j_ms": 150.0,
}

FIRST = ("Alice Bob Carol David Emma Farid Grace Hiro Ines Jonas Kemal Lena Marco Nadia Omar Priya Rosa Sofia Tariq "
         "Uma Victor Wen Yusuf Zoe Aaron Bianca Chen Dmitri Elif Felix Hannah Ivan Julia Kofi Laura Mateo Nora").split()
LAST = ("Smith Garcia Muller Rossi Kowalski Nguyen Okafor Tanaka Silva Johansson Dubois Novak Kim Patel Cohen Haddad "
        "Ivanova Schmidt Moreau Costa Jensen Murphy Yilmaz Lopez Fischer Nakamura Santos Weber").split()
CITIES = ("Berlin Paris Lisbon Madrid Rome Vienna Prague Warsaw Oslo Stockholm Helsinki Dublin London Amsterdam Brussels "
          "Zurich Munich Hamburg Barcelona Porto Athens Istanbul Cairo Nairobi Lagos Toronto Montreal Boston Chicago "
          "Denver Seattle Austin Lima Santiago Tokyo Osaka Seoul Taipei Singapore Sydney Melbourne Auckland Mumbai").split()
ORG_STEMS = ("Acme Globex Initech Umbrella Stark Wayne Hooli Vandelay Soylent Cyberdyne Tyrell Aperture Wonka Oceanic "
             "Dunder Prestige Nimbus Helix Quanta Orbital").split()
ORG_KINDS = ("Labs", "Systems", "Bank", "Health", "Logistics", "Media", "Energy", "Foods", "Robotics", "Studios")
ROLES = ("engineer designer manager nurse teacher analyst accountant chef lawyer researcher director intern architect "
         "pharmacist journalist translator consultant scientist technician editor").split()
TOOLS = ("PostgreSQL MongoDB Rust Python Kubernetes React Figma Excel Neo4j Go Terraform Jira Kafka Redis Spark "
         "Airflow Docker Linux Tableau Salesforce Slack Notion Vim Emacs Jupyter Pandas Django Flask Rails Swift").split()
CHAT = ("sounds good, let's talk tomorrow", "did you see the game last night?", "I'm running a bit late today",
        "can you send me the notes from the meeting?", "thanks, that was really helpful", "lunch at noon?",
        "the weather has been strange this week", "I finished the report, have a look when you can")


# ------------------------------------------------------------------------------ data
def person(i: int) -> str:
    """The name of person ``i`` (unique).

    >>> person(0), person(1234)
    ('Alice Smith 0', 'Nadia Nguyen 1234')
    """
    return f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i}"


def pools() -> dict[str, list[str]]:
    places = CITIES + [f"{c} {q}" for q in ("North", "South", "East", "West", "Centre") for c in CITIES]
    orgs = [f"{s} {k}" for s in ORG_STEMS for k in ORG_KINDS] + [f"{s} {k} {n}" for n in range(2, 6)
                                                                 for s in ORG_STEMS for k in ORG_KINDS]
    roles = [f"{lvl} {r}".strip() for lvl in ("", "senior", "lead") for r in ROLES]
    return {"LIVES_IN": places, "WORKS_AT": orgs, "HAS_ROLE": roles, "USES": TOOLS}


def subjects_for(n: int) -> int:
    """How many people a size-``n`` data set has (about 20 versions each)."""
    mean = 5 * sum(VERSIONS_PER_PREDICATE) / 2
    return max(1, math.ceil(n / mean))


def generate(n: int, *, seed: int = 7) -> Iterator[dict]:
    """``n`` import records: per person, per predicate, a sequence of values over the years.

    >>> recs = list(generate(40))
    >>> len(recs), recs[0]["subject"], sorted({r["predicate"] for r in recs}) == sorted(PREDICATES)
    (40, 'Alice Smith 0', True)
    >>> [r["valid_from"] for r in recs if r["predicate"] == "LIVES_IN" and r["subject"] == "Alice Smith 0"] == sorted(
    ...     r["valid_from"] for r in recs if r["predicate"] == "LIVES_IN" and r["subject"] == "Alice Smith 0")
    True
    """
    rng = random.Random(seed)
    pool = pools()
    people = subjects_for(n)
    made = 0
    for s in itertools.count():  # people beyond the estimate until n records (REPORTS_TO stays within it)
        name = person(s)
        for predicate in PREDICATES:
            k = rng.randint(*VERSIONS_PER_PREDICATE)
            days = sorted(rng.sample(range(SPAN_DAYS), k))
            previous = None
            if predicate == "USES":
                tools = rng.sample(pool["USES"], k)
            for j, day in enumerate(days):
                start = BASE + timedelta(days=day)
                rec: dict[str, Any] = {"subject": name, "predicate": predicate, "subject_type": "PERSON",
                                       "valid_from": start.date().isoformat()}
                if predicate == "REPORTS_TO":
                    other = s
                    while other == s or other == previous:
                        other = rng.randrange(max(people, 3))
                    previous = other
                    rec.update(object=person(other), object_type="PERSON")
                elif predicate == "USES":
                    rec.update(object=tools[j], object_type="TOOL",
                               valid_to=(start + timedelta(days=30 + rng.randrange(720))).date().isoformat())
                else:
                    value = rng.choice(pool[predicate])
                    while value == previous:
                        value = rng.choice(pool[predicate])
                    previous = value
                    rec.update(object=value, object_type={"LIVES_IN": "PLACE", "WORKS_AT": "ORG", "HAS_ROLE": "ROLE"}[predicate])
                yield rec
                made += 1
                if made >= n:
                    return


def chat_sessions(count: int, turns: int, *, size: int, seed: int = 11) -> list[Any]:
    """Plain chat sessions (no facts in them) for the ingest measurement."""
    from chronomem.schema.models import Session, Turn

    rng = random.Random(seed)
    people = subjects_for(size)
    out = []
    for i in range(count):
        a, b = person(rng.randrange(people)), person(rng.randrange(people))
        started = NOW - timedelta(days=count - i)
        out.append(Session(session_id=f"chat-{i}", group_id=GROUP, started_at=started, turns=[
            Turn(speaker=(a, b)[t % 2], text=f"{rng.choice(CHAT)} ({i}.{t})", at=started + timedelta(minutes=t))
            for t in range(turns)]))
    return out


class NullExtractor:
    """Extracts nothing: what is left of ``Memory.ingest`` is the store writing sessions and turns."""

    def extract_many(self, sessions):
        from chronomem.schema.models import ExtractionResult

        for session in sessions:
            yield session, ExtractionResult()


# ---------------------------------------------------------------------------- worker
def _rss_mb() -> float:
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _timed(fn, repeat: int, warmup: int = 10) -> list[float]:
    for i in range(min(warmup, repeat)):
        fn(i)
    out = []
    for i in range(repeat):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def _p(times: Sequence[float], q: float) -> float | None:
    if not times:
        return None
    return round(statistics.median(times) if q == 50 else percentile(times, q), 3)


def _dir_bytes(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        for f in files:
            try:
                total += os.path.getsize(os.path.join(root, f))
            except OSError:
                pass
    return total


def _statements(store: Any, group: str) -> Iterator[tuple[str, str]]:
    """(fact id, statement) of every stored version, streamed where the backend allows."""
    db = getattr(store, "_db", None)
    if db is not None:  # the embedded store: a cursor, so 1M rows are never all in memory
        yield from db.execute("SELECT id, statement FROM facts WHERE group_id = ? ORDER BY rowid", (group,))
        return
    for f in store.iter_facts(group, include_expired=True):
        yield f.id, f.statement


def _embedder(kind: str, size: int) -> Any:
    from chronomem.graph.embedders import HashingEmbedder, installed_minilm, require_minilm

    if kind == "minilm":
        return require_minilm()
    minilm = installed_minilm() if kind == "auto" and size <= MINILM_MAX else None
    return minilm or HashingEmbedder(dim=384)


def build_hnsw(store: Any, group: str, embedder: Any, path: Path, *, chunk: int = 8_192) -> dict[str, Any]:
    """Embed every statement and add it to an HNSW index in chunks; save it at ``path``."""
    from chronomem.graph.hnsw_index import HnswVectorIndex

    index = HnswVectorIndex(embedder.dim, path, initial_capacity=chunk)
    embed_s = build_s = 0.0
    ids: list[str] = []
    texts: list[str] = []

    def flush() -> None:
        nonlocal embed_s, build_s
        t0 = time.perf_counter()
        vectors = embedder.embed(texts)
        t1 = time.perf_counter()
        index.add([f"fact:{i}" for i in ids], vectors)
        build_s += time.perf_counter() - t1
        embed_s += t1 - t0
        ids.clear()
        texts.clear()

    for fid, statement in _statements(store, group):
        ids.append(fid)
        texts.append(statement)
        if len(ids) >= chunk:
            flush()
    if ids:
        flush()
    t0 = time.perf_counter()
    index.save(path)
    save_s = time.perf_counter() - t0
    disk = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    return {"index": index, "embedder": getattr(embedder, "name", type(embedder).__name__), "vectors": len(index),
            "embed_s": round(embed_s, 2), "build_s": round(build_s, 2), "save_s": round(save_s, 2), "index_bytes": disk}


class TimedEmbedder:
    """Wraps an embedder and adds up the seconds spent in ``embed`` (to split embed from index time)."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.dim, self.name, self.seconds = inner, inner.dim, getattr(inner, "name", "?"), 0.0

    def embed(self, texts: Sequence[str]) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start


class CachedEmbedder:
    """Remembers vectors by text in an ``.npz`` file, so the second backend of a size reuses the
    first one's MiniLM vectors (the texts are the same; embedding cost does not depend on the store)."""

    def __init__(self, inner: Any, path: Path) -> None:
        import numpy as np

        self.inner, self.dim, self.name, self.path, self.hits = inner, inner.dim, getattr(inner, "name", "?"), path, 0
        self.cache: dict[str, Any] = {}
        self.loaded = path.exists()
        if self.loaded:
            data = np.load(path, allow_pickle=False)
            self.cache = dict(zip(data["texts"].tolist(), data["vectors"]))

    def embed(self, texts: Sequence[str]) -> Any:
        import numpy as np

        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if missing:
            self.cache.update(zip(missing, self.inner.embed(missing)))
        self.hits += len(texts) - len(missing)
        return np.stack([self.cache[t] for t in texts]) if texts else np.zeros((0, self.dim), dtype=np.float32)

    def save(self) -> None:
        import numpy as np

        texts = list(self.cache)
        np.savez(self.path, texts=np.array(texts), vectors=np.stack([self.cache[t] for t in texts]))


def build_side_index(mem: Any, embedder: Any, path: Path, *, cache: Path | None = None) -> dict[str, Any]:
    """Build the group's :class:`SideIndex` (current facts, entities, turns) from scratch and save it."""
    from chronomem.graph.side_index import SideIndex

    cached = CachedEmbedder(embedder, cache) if cache is not None else None
    timed = TimedEmbedder(cached or embedder)
    side = SideIndex(mem.store, mem.group, embedder=timed, path=path, batch_size=512)
    start = time.perf_counter()
    count = side.rebuild()
    out = _side_index_row(side, timed, count, time.perf_counter() - start, path)
    if cached is not None:
        out["embed_cached"] = cached.loaded
        if not cached.loaded:
            cached.save()
        cached.cache.clear()
    return out


def _search_callable(mem: Any, side: Any) -> tuple[Any, str] | tuple[None, str]:
    """``(fn(query), how)``: ``Memory.search`` when it exists, else ``chronomem.query.search.search``."""
    if hasattr(type(mem), "search"):
        mem.index = side
        return (lambda q: mem.search(q)), "Memory.search"
    try:
        from chronomem.query.search import search
    except ImportError:
        return None, "no search"
    return (lambda q: search(mem.store, mem.group, q, index=side, now=mem.clock.now())), "query.search.search"


def run_one(backend: str, size: int, *, work: Path, queries: int, embedder_kind: str, sessions: int,
            neo4j_state: str | None, warm_up: bool = False, seed: int = 7, bulk: int = 0,
            rebuild: bool = True, keep: bool = False, reuse: bool = False) -> dict[str, Any]:
    """Fill one store with ``size`` generated versions (and ``bulk`` more chat turns) and measure it
    (runs in the worker). Neo4j only: ``keep`` leaves the group (and the side-index file in ``work``)
    for a later ``reuse``, which measures the reads and search of that store without filling it again."""
    from bench.scale_vectors import rebuild_from_store, server_memory
    from chronomem.clock import FixedClock
    from chronomem.memory import Memory
    from chronomem.schema.models import entity_id

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)  # "property key not in the database" on a fresh group
    clock = FixedClock(NOW)
    row: dict[str, Any] = {"backend": backend, "size": size, "loadavg_start": round(os.getloadavg()[0], 2)}
    if backend == "sqlite":
        path = work / f"scale-{size}.sqlite"
        for p in path.parent.glob(path.name + "*"):
            p.unlink()
        mem = Memory.open(path, clock=clock, group=GROUP, extractor=NullExtractor())
    else:
        uri = os.environ.get("NEO4J_URI")
        if not uri:
            raise SystemExit("NEO4J_URI is not set")
        mem = Memory.open(neo4j_uri=uri, clock=clock, group=GROUP, extractor=NullExtractor())
        if not reuse:
            mem.store.delete_group(GROUP)
        if warm_up:
            _warm_up(mem.store, clock)

    if reuse:
        _reused(mem, row, size, bulk)
    else:
        _fill(mem, row, size, sessions=sessions, bulk=bulk, seed=seed)

    # reads
    rng = random.Random(seed + 1)
    people = subjects_for(size)
    picks = [(person(rng.randrange(people)), BASE + timedelta(days=rng.randrange(SPAN_DAYS))) for _ in range(queries)]
    facts_t = _timed(lambda i: mem.facts(picks[i % queries][0], as_of=picks[i % queries][1]), queries)
    timeline_t = _timed(lambda i: mem.timeline(picks[i % queries][0]), max(queries // 2, 20))
    eids = [entity_id(GROUP, name) for name, _ in picks]
    hop_sizes: list[int] = []
    hop_t = _timed(lambda i: hop_sizes.append(len(mem.store.neighbourhood(GROUP, [eids[i % queries]], depth=2,
                                                                          as_of=picks[i % queries][1]))),
                   max(queries // 2, 20))
    row.update(facts_p50_ms=_p(facts_t, 50), facts_p95_ms=_p(facts_t, 95), timeline_p50_ms=_p(timeline_t, 50),
               timeline_p95_ms=_p(timeline_t, 95), hop2_p50_ms=_p(hop_t, 50), hop2_p95_ms=_p(hop_t, 95),
               hop2_facts_median=statistics.median(hop_sizes) if hop_sizes else None)
    print(f"  [{backend} {size:,}] reads: facts p50 {row['facts_p50_ms']} ms, timeline p50 {row['timeline_p50_ms']} ms, "
          f"2-hop p50 {row['hop2_p50_ms']} ms", file=sys.stderr, flush=True)

    # HNSW side-index: the group's SideIndex when it exists (current facts, entities, turns), else a
    # bare HnswVectorIndex over every version's statement
    side = None
    if embedder_kind != "none":
        try:
            import chronomem.graph.hnsw_index  # noqa: F401
        except ImportError:
            row["hnsw"] = "missing"
        else:
            embedder = _embedder(embedder_kind, size)
            try:
                import chronomem.graph.side_index  # noqa: F401
            except ImportError:
                built = build_hnsw(mem.store, GROUP, embedder, work / f"hnsw-{backend}-{size}.bin")
                row["hnsw_kind"] = "HnswVectorIndex over every version"
            else:
                slow = "minilm" in getattr(embedder, "name", "").lower()
                path = work / f"side-{backend}-{size}.hnsw"
                if reuse and path.exists():  # the side-index a --keep run left, caught up from the store
                    built = open_side_index(mem, embedder, path)
                    row["hnsw_kind"] = "SideIndex (reused)"
                else:
                    built = build_side_index(mem, embedder, path, cache=work / f"vectors-{size}.npz" if slow else None)
                    row["hnsw_kind"] = "SideIndex.rebuild"
            side = built.pop("index")
            row.update({f"hnsw_{k}": v for k, v in built.items()})
            print(f"  [{backend} {size:,}] HNSW ({built['embedder']}, {built['vectors']:,} vectors): embed {built['embed_s']} s, "
                  f"index {built['build_s']} s", file=sys.stderr, flush=True)
            if rebuild and row["hnsw_kind"] == "SideIndex.rebuild":  # files gone: built again from the stored vectors
                side.close()
                side, again = rebuild_from_store(mem, embedder, work / f"side-again-{backend}-{size}.hnsw")
                row.update({f"hnsw_{k}": v for k, v in again.items()})
                print(f"  [{backend} {size:,}] rebuilt from stored vectors in {again['rebuild_s']} s "
                      f"({again['rebuild_embedded']} texts embedded)", file=sys.stderr, flush=True)
            row["rss_with_index_mb"] = round(_rss_mb())

    _measure_search(row, mem, side, [name for name, _ in picks], queries=queries)

    # bytes on disk
    if backend == "sqlite":
        mem.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        row["store_bytes"] = sum(p.stat().st_size for p in work.glob(f"scale-{size}.sqlite*"))
    elif neo4j_state:
        row["store_bytes"] = _dir_bytes(Path(neo4j_state) / "data" / "databases")
        row["neo4j_tx_log_bytes"] = _dir_bytes(Path(neo4j_state) / "data" / "transactions")
        row["server_rss_mb"] = _server_rss(neo4j_state)
    if backend == "neo4j":
        row["server_memory"] = server_memory(mem.store)  # as the running server says
    row["peak_rss_self_mb"] = round(_peak_mb())
    row["loadavg_end"] = round(os.getloadavg()[0], 2)  # the machine is shared: how busy it was
    if backend == "neo4j" and not keep:
        mem.store.delete_group(GROUP)
    mem.close()
    return row


def _fill(mem: Any, row: dict[str, Any], size: int, *, sessions: int, bulk: int, seed: int) -> None:
    """Import ``size`` generated versions, ingest ``sessions`` chat sessions and ``bulk`` more turns; their rates into ``row``."""
    from bench.scale_vectors import bulk_turns

    backend = row["backend"]
    started = time.perf_counter()
    mem.import_facts(generate(size, seed=seed))
    import_s = time.perf_counter() - started
    stats = mem.stats()
    row.update(versions=stats["fact_versions"], entities=stats["entities"], import_s=round(import_s, 2),
               import_fps=round(size / import_s), rss_after_import_mb=round(_rss_mb()))
    print(f"  [{backend} {size:,}] imported in {import_s:.1f} s ({size / import_s:,.0f} facts/s); {stats}",
          file=sys.stderr, flush=True)

    # ingest of plain chat turns (store cost only)
    chats = chat_sessions(sessions, 8, size=size)
    started = time.perf_counter()
    ingest = mem.ingest(chats)
    ingest_s = time.perf_counter() - started
    row.update(ingest_turns=ingest.turns, ingest_tps=round(ingest.turns / ingest_s))
    if bulk:
        row.update(bulk_turns(mem, bulk, size=size))
        print(f"  [{backend} {size:,}] {row['bulk_turns']:,} more turns at {row['bulk_turns_tps']:,}/s",
              file=sys.stderr, flush=True)


def _reused(mem: Any, row: dict[str, Any], size: int, bulk: int) -> None:
    """Check that the group a ``--keep`` run left holds ``size`` versions (and the ``bulk`` turns); its counts into ``row``."""
    stats = mem.stats()
    if stats["fact_versions"] < size or stats["turns"] < bulk:
        raise SystemExit(f"--reuse: group {GROUP!r} holds {stats['fact_versions']:,} fact versions and {stats['turns']:,} "
                         f"turns, not {size:,} and {bulk:,}; fill it first with the same command and --keep instead of --reuse")
    row.update(versions=stats["fact_versions"], entities=stats["entities"], reused_turns=stats["turns"])
    print(f"  [{row['backend']} {size:,}] reusing the store a --keep run left: {stats}", file=sys.stderr, flush=True)


def open_side_index(mem: Any, embedder: Any, path: Path) -> dict[str, Any]:
    """The group's :class:`SideIndex` at ``path`` (a ``--keep`` run's), caught up from the store; its size and opening time."""
    from chronomem.graph.side_index import SideIndex

    timed = TimedEmbedder(embedder)
    start = time.perf_counter()
    side = SideIndex(mem.store, mem.group, embedder=timed, path=path, batch_size=512)
    return _side_index_row(side, timed, len(side.vectors), time.perf_counter() - start, path)


def _side_index_row(side: Any, timed: Any, count: int, seconds: float, path: Path) -> dict[str, Any]:
    """A side-index built or opened in ``seconds`` (embedding apart), with its vector count and its files' size."""
    return {"index": side, "embedder": timed.name, "vectors": count, "embed_s": round(timed.seconds, 2),
            "build_s": round(seconds - timed.seconds, 2),
            "index_bytes": sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))}


def _measure_search(row: dict[str, Any], mem: Any, side: Any, names: Sequence[str], *, queries: int) -> None:
    """Search p50/p95 (median of 3 rounds) through ``side``, then by full text alone, into ``row``."""
    from bench.scale_vectors import search_medians

    backend, size = row["backend"], row["size"]
    if side is None:  # no side-index was built (--embedder none): search by full text and the graph alone
        _without_index(mem)
    search, how = _search_callable(mem, side)
    row["search_via"] = how
    if search is not None:
        topics = ("where does {} live", "who does {} report to", "what tools does {} use", "where did {} work in 2010")
        qs = [topics[i % len(topics)].format(name) for i, name in enumerate(names)][: max(queries // 2, 20)]
        try:
            got = search_medians(search, qs)
            plain = None
            if side is not None:  # the same questions by full text alone
                _without_index(mem)
                plain = search_medians(lambda q: mem.search(q), qs)
        except Exception as e:  # keep the other measurements of this size
            row["search_error"] = f"{type(e).__name__}: {e}"
            print(f"  [{backend} {size:,}] search failed: {row['search_error']}", file=sys.stderr, flush=True)
        else:
            kind = "search" if side is not None else "search_plain"  # with an embedder, or without one
            row.update({f"{kind}_p50_ms": got["p50_ms"], f"{kind}_p95_ms": got["p95_ms"],
                        f"{kind}_p50_rounds": got["p50_rounds"]})
            if plain is not None:
                row.update(search_plain_p50_ms=plain["p50_ms"], search_plain_p95_ms=plain["p95_ms"],
                           search_plain_p50_rounds=plain["p50_rounds"])
            print(f"  [{backend} {size:,}] search ({how}) p50 {got['p50_ms']} ms"
                  + (f", without an embedder {row['search_plain_p50_ms']} ms" if plain else ""), file=sys.stderr, flush=True)


def _without_index(mem: Any) -> None:
    """Make ``mem`` search by full text only (its side-index closed): for the search timed without an embedder."""
    if mem.index is not None:
        mem.index.close()
    mem.index, mem._embedder_option = None, None


def _warm_up(store: Any, clock: Any, n: int = 3_000) -> None:
    """Exercise a (maybe freshly started) server in a scratch group first: JIT and query plans."""
    from chronomem.memory import Memory
    from chronomem.schema.models import entity_id

    warm = Memory(store, group=f"{GROUP}-warmup", clock=clock, extractor=NullExtractor())
    started = time.perf_counter()
    warm.import_facts(generate(n, seed=99))
    warm.ingest(chat_sessions(20, 8, size=n))
    for i in range(150):
        name, at = person(i % subjects_for(n)), BASE + timedelta(days=37 * i % SPAN_DAYS)
        warm.facts(name, as_of=at)
        warm.timeline(name)
        store.neighbourhood(warm.group, [entity_id(warm.group, name)], depth=2, as_of=at)
    store.delete_group(warm.group)
    print(f"  warm-up: {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)


def _server_rss(state: str) -> int | None:
    try:
        import psutil

        pid = int((Path(state) / "neo4j.pid").read_text().strip())
        return round(psutil.Process(pid).memory_info().rss / 2**20)
    except (OSError, ValueError, ImportError):
        return None


# ---------------------------------------------------------------------------- parent
def _run_worker(job: dict[str, Any], timeout: float | None) -> dict[str, Any]:
    """Run one (backend, size) in a subprocess, polling its RSS with psutil."""
    import psutil

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    out = Path(job["work"]) / f"row-{job['backend']}-{job['size']}.json"
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "bench.scale_bench", "--worker", json.dumps(job), "--worker-out", str(out)]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=str(ROOT))
    peak = 0.0
    ps = psutil.Process(proc.pid)
    while proc.poll() is None:
        try:
            peak = max(peak, ps.memory_info().rss / 2**20)
        except psutil.Error:
            pass
        if timeout and time.perf_counter() - started > timeout:
            proc.kill()
            proc.wait()
            return {"backend": job["backend"], "size": job["size"], "error": f"timed out after {timeout:.0f} s"}
        time.sleep(0.1)
    wall = time.perf_counter() - started
    if proc.returncode != 0 or not out.exists():
        return {"backend": job["backend"], "size": job["size"], "error": f"worker exited with {proc.returncode}",
                "wall_s": round(wall, 1)}
    row = json.loads(out.read_text())
    row["peak_rss_mb"] = round(max(peak, row.get("peak_rss_self_mb") or 0))
    row["wall_s"] = round(wall, 1)
    return row


def _stop_neo4j(state: str) -> None:
    script = [sys.executable, str(ROOT / "scripts" / "neo4j_test_server.py")]
    subprocess.run([*script, "stop", "--state-dir", state], check=True, stdout=subprocess.DEVNULL)


def _restart_neo4j(state: str | None) -> None:
    """Stop and start the throw-away server (wiping it); point NEO4J_URI at the new one."""
    if not state:
        raise SystemExit("--neo4j-restart needs --neo4j-state-dir")
    script = [sys.executable, str(ROOT / "scripts" / "neo4j_test_server.py")]
    subprocess.run([*script, "stop", "--state-dir", state], check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run([*script, "start", "--state-dir", state], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("export ") and "=" in line:
            key, value = line[len("export "):].split("=", 1)
            os.environ[key] = value.strip().strip("'\"")


def _mb(value: Any) -> Any:
    return "" if value in (None, "") else round(value / 2**20, 1)


def table_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        if "error" in r:
            out.append({"backend": r["backend"], "fact versions": f"{r['size']:,}", "import facts/s": r["error"]})
            continue
        out.append({
            "backend": r["backend"],
            "fact versions": f"{r['versions']:,}",
            "import facts/s": f"{r['import_fps']:,}" if "import_fps" in r else "(reused store)",
            "ingest turns/s¹": f"{r['ingest_tps']:,}" if "ingest_tps" in r else "(reused store)",
            "facts as-of p50 / p95 ms": f"{r['facts_p50_ms']} / {r['facts_p95_ms']}",
            "timeline p50 ms": r["timeline_p50_ms"],
            "2-hop as-of p50 ms": r["hop2_p50_ms"],
            "turns": f"{_turns(r):,}",
            "search p50 / p95 ms⁵": (f"{r['search_p50_ms']} / {r['search_p95_ms']}" if r.get("search_p50_ms") is not None
                                     else "failed" if r.get("search_error") else "n/a"),
            "search p50 without embedder ms": r.get("search_plain_p50_ms", "n/a"),
            "HNSW embed + build s²": (f"{'(cached)' if r.get('hnsw_embed_cached') is True else r['hnsw_embed_s']} + "
                                      f"{r['hnsw_build_s']} ({_short(r['hnsw_embedder'])})" if "hnsw_build_s" in r else "n/a"),
            "rebuilt from stored vectors s": (f"{r['hnsw_rebuild_s']} ({r['hnsw_rebuild_embedded']} embedded)"
                                              if "hnsw_rebuild_s" in r else "n/a"),
            "peak RSS MB³": r["peak_rss_mb"],
            "disk MB⁴": _mb(r.get("store_bytes")) if r.get("store_bytes") is not None else "n/a",
            "HNSW MB": _mb(r.get("hnsw_index_bytes")) if r.get("hnsw_index_bytes") else "n/a",
            "wall s": r["wall_s"],
        })
    return out


def _turns(r: dict[str, Any]) -> int:
    """The turns of a row's store: those a reused store held, else the chat sessions' and the bulk ones."""
    return int(r["reused_turns"]) if "reused_turns" in r else int(r["ingest_turns"] + r.get("bulk_turns", 0))


def _minilm_rate(rows: Sequence[dict[str, Any]]) -> float | None:
    """Texts per second MiniLM embedded in the rows that really embedded with it (not from the cache)."""
    done = [(r["hnsw_vectors"], r["hnsw_embed_s"]) for r in rows if _short(r.get("hnsw_embedder", "")) == "MiniLM"
            and r.get("hnsw_embed_cached") is not True and r.get("hnsw_embed_s")]
    return sum(n for n, _ in done) / sum(s for _, s in done) if done else None


def _short(name: str) -> str:
    return "MiniLM" if "MiniLM" in name or "minilm" in name.lower() else ("hash-384" if "hashing" in name else name)


def target_checks(rows: Sequence[dict[str, Any]]) -> list[tuple[str, str, str, bool | None]]:
    """One (label, measured, goal, met) per issue target; ``met`` is None when it was not measured."""
    ok = [r for r in rows if "error" not in r]
    out: list[tuple[str, str, str, bool | None]] = []
    for backend, key in (("sqlite", "import_sqlite"), ("neo4j", "import_neo4j")):
        rs = [r for r in ok if r["backend"] == backend and "import_fps" in r]
        if rs:  # issue 29's decision: the embedded store's rates stand; Neo4j's goal is import_bound's (median of 3)
            worst = min(r["import_fps"] for r in rs)
            out.append((f"bulk import, {backend} (slowest size)", f"{worst:,} facts/s",
                        "reported (goal: issue 29's decision)", None))
    big = max((r["size"] for r in ok), default=None)
    for backend, key in (("sqlite", "facts_p50_sqlite_ms"), ("neo4j", "facts_p50_neo4j_ms")):
        r = next((r for r in ok if r["backend"] == backend and r["size"] == big), None)
        if r:
            out.append((f"facts as-of p50 at {big:,}, {backend}", f"{r['facts_p50_ms']} ms", f"≤ {TARGETS[key]} ms",
                        r["facts_p50_ms"] <= TARGETS[key]))
    r = next((r for r in ok if r["backend"] == "sqlite" and r["size"] == big), None)
    if r:
        s = r.get("search_p50_ms")
        out.append((f"search p50 at {big:,}, sqlite", f"{s} ms" if s is not None else "not measured (no Memory.search)",
                    f"≤ {TARGETS['search_p50_sqlite_ms']} ms", None if s is None else s <= TARGETS["search_p50_sqlite_ms"]))
    for r in [r for r in ok if r["size"] == big]:
        turns = f" + {_turns(r):,} turns"
        out.append((f"peak RSS at {big:,}{turns} with HNSW loaded, {r['backend']} (client)", f"{r['peak_rss_mb']:,} MB",
                    f"≤ {TARGETS['peak_rss_mb']:,} MB", r["peak_rss_mb"] <= TARGETS["peak_rss_mb"] if "hnsw_build_s" in r else None))
        if "hnsw_rebuild_s" in r:
            out.append((f"side-index rebuilt from stored vectors, {r['hnsw_rebuild_vectors']:,} items, {r['backend']}",
                        f"{r['hnsw_rebuild_s']} s ({r['hnsw_rebuild_embedded']} texts embedded)",
                        f"≤ {TARGETS['rebuild_s']:g} s, 0 embedded",
                        r["hnsw_rebuild_s"] <= TARGETS["rebuild_s"] and r["hnsw_rebuild_embedded"] == 0))
        if r["backend"] == "neo4j" and r.get("search_p50_ms") is not None:
            out.append((f"search p50 at {big:,} facts{turns}, neo4j, with the embedder⁵", f"{r['search_p50_ms']} ms",
                        f"≤ {TARGETS['search_p50_neo4j_ms']:g} ms", r["search_p50_ms"] <= TARGETS["search_p50_neo4j_ms"]))
        if r["backend"] == "neo4j" and r.get("search_plain_p50_ms") is not None:
            out.append((f"search p50 at {big:,} facts{turns}, neo4j, without an embedder", f"{r['search_plain_p50_ms']} ms",
                        f"≤ {TARGETS['search_plain_p50_neo4j_ms']:g} ms",
                        r["search_plain_p50_ms"] <= TARGETS["search_plain_p50_neo4j_ms"]))
    for backend in ("sqlite", "neo4j"):
        rs = sorted((r for r in ok if r["backend"] == backend), key=lambda r: r["size"])
        if len(rs) >= 2 and rs[0]["facts_p50_ms"] and rs[-1]["size"] > rs[0]["size"]:
            slope = math.log(rs[-1]["facts_p50_ms"] / rs[0]["facts_p50_ms"]) / math.log(rs[-1]["size"] / rs[0]["size"])
            out.append((f"as-of lookup growth {rs[0]['size']:,} → {rs[-1]['size']:,}, {backend}",
                        f"×{rs[-1]['facts_p50_ms'] / rs[0]['facts_p50_ms']:.2f} for ×{rs[-1]['size'] // rs[0]['size']} data "
                        f"(log-log slope {slope:.2f})", "sub-linear (slope < 1)", slope < 1))
    return out


def check_targets(rows: Sequence[dict[str, Any]]) -> list[str]:
    """One Markdown table line per target: met / missed, with the measured value."""
    return [f"| {label} | {value} | {goal} | {'n/a' if met is None else ('met' if met else 'MISSED')} |"
            for label, value, goal, met in target_checks(rows)]


def plot(rows: Sequence[dict[str, Any]], path: Path) -> Path | None:
    """Log-log cost against size: read latencies (left), import time and memory (right)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot", file=sys.stderr)
        return None
    ok = [r for r in rows if "error" not in r]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    styles = {"sqlite": "-", "neo4j": "--"}  # line style: backend; colour and marker: what is measured
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    lat = (("facts_p50_ms", "facts as-of p50", "o"), ("timeline_p50_ms", "timeline p50", "s"),
           ("hop2_p50_ms", "2-hop as-of p50", "^"), ("search_p50_ms", "search p50", "D"))
    cost = (("import_s", "import s", "o", 1), ("peak_rss_mb", "peak RSS MB", "s", 1), ("store_bytes", "disk MB", "^", 2**-20))
    for backend in sorted({r["backend"] for r in ok}, key=lambda b: b != "sqlite"):
        rs = sorted((r for r in ok if r["backend"] == backend), key=lambda r: r["versions"])
        xs = [r["versions"] for r in rs]
        for n, (key, label, marker) in enumerate(lat):
            pts = [(x, r[key]) for x, r in zip(xs, rs) if r.get(key)]
            if pts:
                left.plot(*zip(*pts), styles.get(backend, ":"), color=colours[n], marker=marker, label=f"{backend}: {label}")
        for n, (key, label, marker, scale) in enumerate(cost):
            pts = [(x, r[key] * scale) for x, r in zip(xs, rs) if r.get(key)]
            if pts:
                right.plot(*zip(*pts), styles.get(backend, ":"), color=colours[4 + n], marker=marker, label=f"{backend}: {label}")
    if ok:
        x0, x1 = min(r["versions"] for r in ok), max(r["versions"] for r in ok)
        right.plot([x0, x1], [1, x1 / x0], color="grey", linewidth=0.8, label="linear (slope 1)")
    for ax, title, ylabel in ((left, "query latency", "ms"), (right, "import time, memory, disk", "s / MB")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("fact versions")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _auto_note(rows: list[dict[str, Any]]) -> str:
    """What ``--embedder auto`` did, for the HNSW footnote of a run that used MiniLM."""
    rate = _minilm_rate(rows)
    return (f"`--embedder auto` uses MiniLM up to {MINILM_MAX:,} versions and HashingEmbedder(dim=384) above"
            + (f" (MiniLM embedded {rate:,.0f} texts/s in this run, so the ~1.05M texts of the 1M side-index would "
               f"take ~{1.05e6 / rate / 60:.0f} min per build)" if rate else "")
            + ": above that the index time is measured on 384-d hashing vectors and search embeds its query with the "
            "hashing embedder (cheap) where the smaller sizes pay MiniLM's ~20-30 ms per query. MiniLM vectors are "
            "computed once per size and reused by the second backend (\"(cached)\"): the texts are the same. ")


def report(rows: list[dict[str, Any]], *, name: str, command: str, queries: int, restarted: bool,
           skipped: Sequence[str] = (), total_s: float | None = None) -> None:
    """Write ``<name>.{json,md,png}``: the table, its notes and the target check."""
    embedders = [f"{size:,}: {kind}" for size, kind in
                 sorted({(r["size"], _short(r["hnsw_embedder"])) for r in rows if r.get("hnsw_embedder")})]
    loads = [f"{r['backend']} {r['size']:,}: {r['loadavg_start']:g}→{r['loadavg_end']:g}" for r in rows if "loadavg_end" in r]
    notes = [
        "¹ ingest turns/s: 8-turn chat sessions through `Memory.ingest` with an extractor that extracts nothing - the "
        "store's cost of writing sessions, turns and their full-text index. The spaCy extraction rate is "
        "`bench/extract_speed.py`'s.",
        "² HNSW side-index built from scratch (`SideIndex.rebuild`: current fact versions, entities and turns), "
        "embedding seconds + index seconds (hnswlib inserts, store reads, saving), by size: "
        + ("; ".join(embedders) if embedders else "not built") + ". "
        + (_auto_note(rows) if any(_short(r.get("hnsw_embedder", "")) == "MiniLM" for r in rows) else
           "Every size used 384-d hashing vectors (`--embedder hashing`), so the index and search times measure "
           "hnswlib and the stores, not MiniLM (a MiniLM query embedding adds ~10-30 ms to a search; "
           "`bench/embedder_bench.py`). ")
        + "Search runs " + ", ".join(sorted({r.get("search_via", "?") for r in rows if "error" not in r}))
        + " with that index.",
        "³ peak RSS of the benchmark process (psutil polling and ru_maxrss), one subprocess per size and backend; "
        "for Neo4j the server's memory is not included" + (
            " (server RSS after the run: " + ", ".join(f"{r['size']:,}: {r['server_rss_mb']:,} MB" for r in rows
                                                       if r.get("server_rss_mb")) + ")" if any(r.get("server_rss_mb") for r in rows) else "")  # noqa: E501
        + ("; Neo4j server " + "; ".join(sorted({f"{r['server_memory']}" for r in rows if r.get("server_memory")}))
           + " (read from the running server)" if any(r.get("server_memory") for r in rows) else "") + ".",
        "⁴ SQLite file after a WAL checkpoint; for Neo4j the store files (`data/databases`, transaction logs not "
        "included) " + ("after a clean shutdown; the server was restarted empty (and warmed up in a scratch group) "
                        "before each size" if restarted else
                        "while the server runs, so recent pages may not be flushed yet") + ".",
        "⁵ search: `Memory.search` over the side-index, p50 / p95 of each of 3 rounds of the same questions, the median "
        "of each (without embedder: the same questions by full text and the graph alone). Every vector is kept in the "
        "store; " + ("the index searched is the one built again from them (\"rebuilt from stored vectors\": a new index "
                     "file, as after deleting the files or in a second process; the texts its embedder was asked for in "
                     "brackets)." if any("hnsw_rebuild_s" in r for r in rows) else
                     "the index searched is the one the run built (or, on a reused store, opened).")
        + (" Turns: the 8-turn chat sessions, plus " + ", ".join(f"{r['bulk_turns']:,} ({r['backend']} {r['size']:,}, "
                                                                f"{r['bulk_turns_tps']:,} turns/s)" for r in rows
                                                                if r.get("bulk_turns"))
           + " more in sessions of 500 (`--bulk-turns`)." if any(r.get("bulk_turns") for r in rows) else ""),
        f"Generated data: ~20 versions per person over 2000-2024 across {', '.join(PREDICATES)}; queries pick a random "
        f"person and a random as-of date; {queries} queries per measurement (after 10 warm-up calls); 2-hop uses "
        "`neighbourhood(depth=2, limit=500)`, median facts returned: "
        + ", ".join(f"{r['backend']} {r['size']:,}: {r['hop2_facts_median']:g}" for r in rows if r.get("hop2_facts_median") is not None)
        + ".",
    ]
    reused = [r for r in rows if "reused_turns" in r]
    if reused:
        notes.append("Reused store (`--reuse`): " + ", ".join(f"{r['backend']} {r['size']:,}" for r in reused)
                     + " was filled before this run by the same generators (`import_facts` of the generated versions, "
                     "the chat sessions, the `--bulk-turns` turns) and left in place (`--keep`), with its side-index file; "
                     "import and ingest rates are not measured here, and the HNSW seconds are those of opening that "
                     "file and catching it up from the store, not of building it.")
    if loads:
        notes.append(f"The machine ({os.cpu_count()} CPUs) was shared with other jobs; 1-minute load average at the start→end "
                     "of each measurement: " + ", ".join(loads) + ".")
    if skipped:
        notes.append("Skipped: " + ", ".join(skipped) + ".")
    if total_s is not None:
        notes.append(f"Total wall time {total_s / 60:.1f} min.")
    target_lines = check_targets(rows)
    write_result(name, table_rows(rows), meta={"rows_raw": rows, "notes": notes, "targets": target_lines,
                                               "queries": queries, "neo4j_restart": restarted, "skipped": list(skipped),
                                               "total_s": None if total_s is None else round(total_s, 1)},
                 command=command, title="Scale: cost against size (generated timelines)")
    md = result_path(f"{name}.md")
    extra = "\n" + "\n\n".join(notes) + "\n"
    if target_lines:
        extra += "\n| target | measured | goal | |\n|---|---|---|---|\n" + "\n".join(target_lines) + "\n"
    with md.open("a", encoding="utf-8") as fh:
        fh.write(extra)
    print(extra)
    png = plot(rows, result_path(f"{name}.png"))
    if png:
        print(f"plot: {png}")


def render(paths: Sequence[str], name: str | None) -> int:
    """Re-render tables and plot from saved JSON results (rows of later files replace earlier ones)."""
    rows: dict[tuple, dict[str, Any]] = {}
    meta: dict[str, Any] = {}
    commands: list[str] = []
    for p in paths:
        data = json.loads(Path(p).read_text())
        meta = {**meta, **data["meta"]}
        if data["meta"].get("command") and data["meta"]["command"] not in commands:
            commands.append(data["meta"]["command"])
        for r in data["meta"]["rows_raw"]:
            rows[(r["size"], r["backend"])] = r
    ordered = [rows[k] for k in sorted(rows, key=lambda k: (k[0], k[1] != "sqlite"))]
    report(ordered, name=name or meta.get("name", "scale"), command="`, then `".join(commands), queries=meta.get("queries", 400),
           restarted=bool(meta.get("neo4j_restart")), skipped=meta.get("skipped", ()),
           total_s=None if len(paths) > 1 else meta.get("total_s"))
    return 0


def kept_rows(path: Path, *, ran: set[str], sizes: set[int]) -> tuple[list[dict[str, Any]], str]:
    """The earlier results (``path``) of the backends this run skipped, at the sizes it ran, and
    when they were measured: a run without Neo4j does not erase the Neo4j rows.

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "scale.json"
    >>> _ = p.write_text(json.dumps({"meta": {"measured_at": "2026-11-23T14:51:01+00:00", "rows_raw": [
    ...     {"backend": "sqlite", "size": 10}, {"backend": "neo4j", "size": 10}, {"backend": "neo4j", "size": 99}]}}))
    >>> kept_rows(p, ran={"sqlite"}, sizes={10})
    ([{'backend': 'neo4j', 'size': 10, 'measured_on': '2026-11-23'}], '2026-11-23')
    """
    if not path.exists():
        return [], ""
    meta = json.loads(path.read_text()).get("meta", {})
    rows = [r for r in meta.get("rows_raw", []) if r.get("backend") not in ran and r.get("size") in sizes]
    for r in rows:  # a row kept once already keeps its own date
        r.setdefault("measured_on", str(meta.get("measured_at", "an earlier run"))[:10])
    return rows, ", ".join(sorted({r["measured_on"] for r in rows}))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"sizes {','.join(map(str, QUICK_SIZES))}, fewer queries, hashing embedder")
    parser.add_argument("--sizes", help="comma-separated fact-version counts (default 10000,100000,1000000)")
    parser.add_argument("--backends", default="sqlite,neo4j", help="sqlite and/or neo4j (neo4j only when NEO4J_URI is set)")
    parser.add_argument("--queries", type=int, help="queries per measurement (default 400, quick 100)")
    parser.add_argument("--sessions", type=int, help="chat sessions of 8 turns for the ingest rate (default 200, quick 25)")
    parser.add_argument("--rebuild", action=argparse.BooleanOptionalAction, default=True,
                        help="also build the side-index again from the stored vectors, into a new file, and search that")
    parser.add_argument("--bulk-turns", type=int, default=0,
                        help="this many more chat turns (sessions of 500) before the reads, e.g. 1000000 beside 1M facts")
    parser.add_argument("--embedder", choices=("auto", "minilm", "hashing", "none"),
                        help=f"auto: MiniLM up to {MINILM_MAX:,} versions, HashingEmbedder(384) above (quick: hashing)")
    parser.add_argument("--work-dir", help="where stores and indexes go (default: a temporary directory, removed)")
    parser.add_argument("--neo4j-state-dir", default=os.environ.get("CHRONOMEM_NEO4J_STATE_DIR"),
                        help="scripts/neo4j_test_server.py state dir: also measure the server's RSS and disk")
    parser.add_argument("--neo4j-restart", action="store_true",
                        help="restart the test server (scripts/neo4j_test_server.py, --neo4j-state-dir) before each size, "
                             "so every size starts from an empty database")
    parser.add_argument("--keep", action="store_true",
                        help="Neo4j: leave the group and the side-index file (in --work-dir) for a later --reuse")
    parser.add_argument("--reuse", action="store_true",
                        help="Neo4j: measure reads and search on the group and side-index a --keep run left (no import)")
    parser.add_argument("--timeout", type=float, help="seconds per (backend, size) worker")
    parser.add_argument("--name", help="result name (default scale, or scale_quick)")
    parser.add_argument("--render", help="comma-separated result JSON files: re-render the table and plot from them")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker:
        job = json.loads(args.worker)
        row = run_one(job["backend"], job["size"], work=Path(job["work"]), queries=job["queries"],
                      embedder_kind=job["embedder"], sessions=job["sessions"], neo4j_state=job.get("neo4j_state"),
                      warm_up=job.get("warm_up", False), bulk=job.get("bulk", 0), rebuild=job.get("rebuild", True),
                      keep=job.get("keep", False), reuse=job.get("reuse", False))
        Path(args.worker_out).write_text(json.dumps(row))
        return 0

    if args.render:
        return render(args.render.split(","), args.name)
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",")] if args.sizes else list(QUICK_SIZES if args.quick else FULL_SIZES)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    skipped = []
    if "neo4j" in backends and not os.environ.get("NEO4J_URI"):
        backends.remove("neo4j")
        skipped.append("neo4j (NEO4J_URI not set)")
    queries = args.queries or (100 if args.quick else 400)
    sessions = args.sessions or (25 if args.quick else 200)
    embedder = args.embedder or ("hashing" if args.quick else "auto")
    name = args.name or ("scale_quick" if args.quick else "scale")
    work = Path(args.work_dir) if args.work_dir else Path(tempfile.mkdtemp(prefix="chronomem-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows = []
    try:
        for size in sizes:
            for backend in backends:
                print(f"scale: {backend} {size:,} fact versions ...", file=sys.stderr, flush=True)
                if backend == "neo4j" and args.neo4j_restart:
                    _restart_neo4j(args.neo4j_state_dir)
                job = {"backend": backend, "size": size, "work": str(work), "queries": queries, "embedder": embedder,
                       "bulk": args.bulk_turns, "rebuild": args.rebuild, "keep": args.keep, "reuse": args.reuse,
                       "sessions": sessions, "neo4j_state": args.neo4j_state_dir if backend == "neo4j" else None,
                       "warm_up": backend == "neo4j" and (args.neo4j_restart or not args.quick)}
                rows.append(_run_worker(job, args.timeout))
                if backend == "neo4j" and args.neo4j_restart and "error" not in rows[-1]:
                    _stop_neo4j(args.neo4j_state_dir)  # a clean shutdown flushes the store files: measure them now
                    rows[-1]["store_bytes"] = _dir_bytes(Path(args.neo4j_state_dir) / "data" / "databases")
                for other in work.glob(f"scale-{size}.sqlite*"):
                    other.unlink()
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)

    given = list(sys.argv[1:] if argv is None else argv)
    command = "python -m bench.scale_bench" + (" " + shlex.join(given) if given else "")
    if skipped:
        kept, when = kept_rows(result_path(f"{name}.json"), ran=set(backends), sizes=set(sizes))
        rows = sorted(rows + kept, key=lambda r: (r["size"], r["backend"] != "sqlite"))
        if kept:
            skipped = [f"{what}: its rows are kept from the run of {when}" for what in skipped]
    report(rows, name=name, command=command, queries=queries, restarted=args.neo4j_restart, skipped=skipped,
           total_s=time.perf_counter() - started)
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
