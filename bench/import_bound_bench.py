"""How fast could bulk import be? Its real rate beside measured lower bounds on its cost.

Issue 5 asks for 50,000 facts/s on the embedded store and 10,000 on Neo4j. On the scale
benchmark's generated records (``bench.scale_bench.generate``), in one run:

Embedded store, at each ``--sqlite-sizes`` size:

* **real import**: :meth:`Memory.import_facts` into a fresh file, timed as the scale benchmark times it;
  the median of ``--repeat`` runs (each run's rate listed);
* **its SQL statements**: the same import again with every statement captured and timed, so the
  time splits into SQL and Python;
* **SQL floor**: those statements replayed with no Python at all into a fresh file, in the
  cheapest arrangement measured: one transaction, claim rows sorted by key within each
  statement, the bulk import's page cache, and the fact indexes a bulk import into an empty store
  defers built after the load, as it builds them (the indexes its reads go through stay); the
  fastest of ``--repeat`` runs;
* **Python floor**: generating the records and validating them (``validate_record``), the work every
  import does per record before any temporal rule, id or write; the fastest of ``--repeat`` runs.

Neo4j, at each ``--neo4j-sizes`` size (when ``NEO4J_URI`` is set):

* **real import**, with the client's CPU time and the server's (psutil, the process listening on
  the URI's port, when it runs on this machine); the median of ``--repeat`` runs after ``--warmup``
  runs that are not counted (default three: a server just started compiles the import's statements
  on its first loads and is still getting faster on the third, and the floors below run on a server
  already warm); every run's rate is in the row, the warm-up ones first; the statements are
  captured on the first run;
* **server floor**: only the import's ``Entity`` nodes and ``FACT`` relationships with the
  constraints and indexes DESIGN §6 requires, written in batches of 5,000 from rows captured
  during the real import; no claims, slot locks or name nodes; once with one writer and once
  with the fact batches shared by two concurrent writers; the fastest of ``--repeat`` runs each.

The **bound** row of each size says the best rate those floors allow: on the embedded store both
floors on one core, or perfectly overlapped on two (at best the slower of the two); on Neo4j
the faster server floor.

Run ``python -m bench.import_bound_bench [--quick] [--sqlite-sizes 100000,1000000] [--neo4j-sizes 100000]``;
writes ``bench/results/import_bound.{json,md}`` (``import_bound_quick`` with ``--quick``).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import result_path, write_result  # noqa: E402
from bench.scale_bench import GROUP, NOW, TARGETS, generate  # noqa: E402

FULL_SQLITE, FULL_NEO4J = (100_000, 1_000_000), (100_000,)
QUICK_SQLITE, QUICK_NEO4J = (5_000,), (5_000,)
NEO4J_FLOOR_BATCH = 5_000
CREATE_ENTITIES = "UNWIND $rows AS row CREATE (e:Entity {id: row.id}) SET e += row.props"
# The floor's facts: the import's FACT rows created as they are (no sequence, no checks).
CREATE_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {id: row.subject_id})
MATCH (o:Entity {id: row.object_id})
CREATE (s)-[f:FACT]->(o)
SET f = row.props
"""

Statement = tuple[str, str, Any]  # ("x" execute | "m" executemany, SQL, parameters)


# -- embedded store ------------------------------------------------------------------------
class _CapturingConnection:
    """A sqlite3 connection that records every statement (with its parameters) and its time."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db, self.log, self.seconds = db, [], 0.0

    def execute(self, statement: str, params: Sequence = ()) -> sqlite3.Cursor:
        started = time.perf_counter()
        cursor = self._db.execute(statement, params)
        self.seconds += time.perf_counter() - started
        self.log.append(("x", statement, list(params)))
        return cursor

    def executemany(self, statement: str, rows: Any) -> sqlite3.Cursor:
        rows = list(rows)
        started = time.perf_counter()
        cursor = self._db.executemany(statement, rows)
        self.seconds += time.perf_counter() - started
        self.log.append(("m", statement, rows))
        return cursor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def _fresh(path: Path) -> Path:
    for p in path.parent.glob(path.name + "*"):
        p.unlink()
    return path


def _memory(path: Path) -> Any:
    from chronomem.clock import FixedClock
    from chronomem.memory import Memory

    return Memory.open(_fresh(path), clock=FixedClock(NOW), group=GROUP)


def _timed_import(mem: Any, size: int) -> float:
    started = time.perf_counter()
    mem.import_facts(generate(size))
    return time.perf_counter() - started


def schema_without_indexes(schema: str, names: Collection[str] | None = None) -> tuple[str, list[str]]:
    """The schema with its ``CREATE INDEX`` statements (only those of ``names``, when given)
    taken out, and those statements.

    >>> schema_without_indexes("CREATE TABLE t (a);\\nCREATE INDEX i ON t (a);\\nCREATE UNIQUE INDEX u ON t (a);")
    ('CREATE TABLE t (a);', ['CREATE INDEX i ON t (a);', 'CREATE UNIQUE INDEX u ON t (a);'])
    >>> schema_without_indexes("CREATE INDEX IF NOT EXISTS i ON t (a);\\nCREATE INDEX j ON t (b);", {"i"})
    ('CREATE INDEX j ON t (b);', ['CREATE INDEX IF NOT EXISTS i ON t (a);'])
    """
    def deferred(line: str) -> bool:
        if not line.startswith(("CREATE INDEX", "CREATE UNIQUE INDEX")):
            return False
        return names is None or line.split(" ON ")[0].split()[-1] in names

    lines = schema.splitlines()
    return "\n".join(x for x in lines if not deferred(x)), [x for x in lines if deferred(x)]


def floor_schema() -> tuple[str, list[str]]:
    """The schema the SQL floor loads into, and the indexes it builds after the load: the ones a
    bulk import into an empty store builds after it too (``DEFERRED_FACT_INDEXES``). The indexes
    the write path reads through (claim keys, current versions of a slot) stay, as in the real
    import: without them each batch's reads would scan every row written before it, and the
    floor would grow with the store's size faster than the import it bounds."""
    from chronomem.graph import sqlite_schema as sql

    return schema_without_indexes(sql.SCHEMA, set(sql.DEFERRED_FACT_INDEXES))


def floor_statements(log: Sequence[Statement]) -> Iterator[Statement]:
    """The captured statements as the SQL floor replays them: no BEGIN/COMMIT (one transaction
    around all), claim rows sorted by their key (group, slot, id) within each statement.

    >>> list(floor_statements([("x", "BEGIN IMMEDIATE", []), ("m", "INSERT OR IGNORE INTO claims (...)", [("g", "b", "1"), ("g", "a", "2")]),
    ...                        ("x", "COMMIT", [])]))
    [('m', 'INSERT OR IGNORE INTO claims (...)', [('g', 'a', '2'), ('g', 'b', '1')])]
    """  # noqa: E501
    for kind, statement, params in log:
        if statement in ("BEGIN IMMEDIATE", "COMMIT"):
            continue
        if kind == "m" and statement.startswith("INSERT OR IGNORE INTO claims"):
            params = sorted(params, key=lambda row: row[:3])
        yield kind, statement, params


def replay_floor(log: Sequence[Statement], path: Path) -> float:
    """Seconds to replay ``log`` (see :func:`floor_statements`) into a fresh file with the bulk
    import's page cache, the deferred indexes built last (see :func:`floor_schema`)."""
    from chronomem.graph import sqlite_schema as sql
    from chronomem.graph.sqlite_lifecycle import create_lifecycle_tables
    from chronomem.graph.sqlite_migration import migrate_vectors

    schema, indexes = floor_schema()
    db = sqlite3.connect(_fresh(path), isolation_level=None)
    try:
        for pragma in (*sql.CONNECTION_PRAGMAS, sql.BULK_CACHE_SIZE):  # as the store opens its file and imports
            db.execute(pragma)
        db.executescript(schema)
        db.executescript(sql.ERASURES_SCHEMA)
        create_lifecycle_tables(db)
        migrate_vectors(db)  # the vector columns and their (empty) indexes, as every store has them
        started = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        for kind, statement, params in floor_statements(log):
            (db.execute if kind == "x" else db.executemany)(statement, params)
        db.execute("COMMIT")
        for statement in indexes:
            db.execute(statement)
        return time.perf_counter() - started
    finally:
        db.close()


def python_floor(size: int) -> float:
    """Seconds to generate ``size`` records and validate each one (``validate_record``, as the import does)."""
    from chronomem.extract.parse.importer import validate_record as validate

    started = time.perf_counter()
    for record in generate(size):
        validate(record)
    return time.perf_counter() - started


def fastest(measure: Callable[[], Any], repeat: int) -> Any:
    """The smallest of ``repeat`` measurements: noise on a shared machine only ever adds time, so
    the fastest run is the best estimate of a floor.

    >>> fastest(iter([3.0, 1.0, 2.0]).__next__, 3)
    1.0
    """
    return min(measure() for _ in range(repeat))


def real_import_seconds(size: int, path: Path, runs: int, log: Callable[[str], None]) -> list[float]:
    """Seconds of ``runs`` real imports of ``size`` records, each into a fresh file at ``path``."""
    out = []
    for _ in range(runs):
        mem = _memory(path)
        try:
            out.append(_timed_import(mem, size))
        finally:
            mem.close()
        log(f"[sqlite {size:,}] real import {size / out[-1]:,.0f} facts/s")
    return out


def sqlite_rows(size: int, work: Path, *, repeat: int, log: Callable[[str], None]) -> list[dict[str, Any]]:
    runs = real_import_seconds(size, work / "real.sqlite", repeat, log)
    real_s = statistics.median(runs)
    rates = ", ".join(f"{size / s:,.0f}" for s in runs)
    mem = _memory(work / "captured.sqlite")
    capture = mem.store._db = _CapturingConnection(mem.store._db)
    captured_s = _timed_import(mem, size)
    mem.store._db = capture._db
    mem.close()
    floor_s = fastest(lambda: replay_floor(capture.log, work / "floor.sqlite"), repeat)
    del capture.log
    py_s = fastest(lambda: python_floor(size), repeat)
    log(f"[sqlite {size:,}] SQL floor {size / floor_s:,.0f}/s, Python floor {size / py_s:,.0f}/s")
    target = TARGETS["import_sqlite"]
    rows = [
        _row("sqlite", size, f"real import (Memory.import_facts), median of {len(runs)}: {rates}/s", size, real_s),
        _row("sqlite", size, f"  its SQL statements (import with capture: {captured_s:.1f} s)", size, capture.seconds),
        _row("sqlite", size, "  its Python (the rest of that import)", size, captured_s - capture.seconds),
        _row("sqlite", size, "SQL floor: its statements, one transaction, indexes after", size, floor_s),
        _row("sqlite", size, "Python floor: generate and validate the records", size, py_s),
    ]
    one_core, two_cores = 1 / (floor_s / size + py_s / size), size / max(floor_s, py_s)
    rows.append({"backend": "sqlite", "size": size, "measure": "bound: both floors on one core / overlapped on two",
                 "facts_per_s": f"{one_core:,.0f} / {two_cores:,.0f}", "us_per_fact": "",
                 "target": f"{target:,}", "reachable": "no" if two_cores < target else "not excluded"})
    return rows


def _row(backend: str, size: int, measure: str, facts: int, seconds: float, *, rate: bool = True) -> dict[str, Any]:
    """A table row: the rate ``facts`` in ``seconds`` stands for, and the time per fact (CPU rows: no rate)."""
    return {"backend": backend, "size": size, "measure": measure, "facts_per_s": round(facts / seconds) if rate else "",
            "us_per_fact": round(1e6 * seconds / facts, 1), "target": "", "reachable": ""}


# -- Neo4j ---------------------------------------------------------------------------------
def server_process(uri: str) -> Any | None:
    """The local process listening on ``uri``'s port (``None`` if it is elsewhere or hidden)."""
    import psutil

    parsed = urlparse(uri)
    if parsed.hostname not in ("localhost", "127.0.0.1", "::1"):
        return None
    try:
        for conn in psutil.net_connections(kind="tcp"):
            if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == parsed.port and conn.pid:
                return psutil.Process(conn.pid)
    except (psutil.AccessDenied, PermissionError):
        return None
    return None


def _cpu_s(process: Any | None) -> float:
    if process is None:
        return float("nan")
    times = process.cpu_times()
    return times.user + times.system


@contextmanager
def _captured_cypher(names: Sequence[str]) -> Iterator[dict[str, list[dict]]]:
    """Record the parameters of the named :mod:`chronomem.graph.cypher` statements a write runs."""
    import neo4j

    from chronomem.graph import cypher

    wanted = {getattr(cypher, name): name for name in names}
    seen: dict[str, list[dict]] = {name: [] for name in names}
    original = neo4j.ManagedTransaction.run

    def run(tx: Any, query: Any, parameters: Any = None, **kwargs: Any) -> Any:
        if query in wanted:
            seen[wanted[query]].append(kwargs)
        return original(tx, query, parameters, **kwargs)

    neo4j.ManagedTransaction.run = run  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        neo4j.ManagedTransaction.run = original  # type: ignore[method-assign]


#: The statements that create an import's FACT relationships (with and without slots to update).
FACT_STATEMENTS = ("CREATE_FACTS", "CREATE_FACTS_ONLY")


def neo4j_rows(size: int, *, repeat: int, log: Callable[[str], None], warmup: int = 0) -> list[dict[str, Any]]:
    from bench.scale_vectors import server_memory
    from chronomem.clock import FixedClock
    from chronomem.memory import Memory

    uri = os.environ["NEO4J_URI"]
    server = server_process(uri)
    mem = Memory.open(neo4j_uri=uri, clock=FixedClock(NOW), group=GROUP)
    store = mem.store
    memory = server_memory(store)  # as the running server says: its heap and page cache bound the import
    try:
        runs = []  # (wall, client CPU, server CPU) seconds of each real import; rows captured on the first
        rates: list[str] = []  # every run's rate, warm-up ones included (they show the server warming)
        seen: dict[str, list[dict]] = {}
        for run in range(warmup + repeat):  # the warm-up runs (the server's JIT at work) are not counted
            store.delete_group(GROUP)
            client0, server0 = time.process_time(), _cpu_s(server)
            with _captured_cypher(("MERGE_NEW_ENTITIES", "SET_ENTITIES", *FACT_STATEMENTS) if run == 0 else ()) as got:
                wall_s = _timed_import(mem, size)
            if run >= warmup:
                runs.append((wall_s, time.process_time() - client0, _cpu_s(server) - server0))
            if run == 0:
                seen = got
            rates.append(f"{size / wall_s:,.0f}")
            log(f"[neo4j {size:,}] real import {rates[-1]} facts/s" + (" (warm-up, not counted)" if run < warmup else ""))
        real_s, client_s, server_s = (statistics.median(r[k] for r in runs) for k in range(3))
        props: dict[str, dict] = {}  # each entity's last properties (a changed one keeps its group)
        for name in ("MERGE_NEW_ENTITIES", "SET_ENTITIES"):
            for r in (r for call in seen[name] for r in call["rows"]):
                props[r["id"]] = {**props.get(r["id"], {}), **r["props"]}
        entities = [{"id": i, "props": p} for i, p in props.items()]
        # by id: a transaction the driver retried (a deadlock between the writers) ran its statements twice
        facts = list({f["props"]["id"]: f for f in (_floor_fact(r) for name in FACT_STATEMENTS for call in seen[name]
                                                     for r in call["rows"])}.values())
        if not facts:  # the floor would time nothing
            raise RuntimeError(f"no FACT rows captured from the import (statements {FACT_STATEMENTS} changed?)")
        store.delete_group(GROUP)  # the floor writes the same ids again

        floors = {writers: fastest(lambda w=writers: _server_floor(store, entities, facts, writers=w, server=server), repeat)
                  for writers in (1, 2)}
        for writers, (seconds, _) in floors.items():
            log(f"[neo4j {size:,}] server floor, {writers} writers: {len(facts) / seconds:,.0f} facts/s")
    finally:
        mem.close()
    target = TARGETS["import_neo4j"]
    best = max(len(facts) / seconds for seconds, _ in floors.values())
    rows = [
        _row("neo4j", size, f"real import (Memory.import_facts, median of {repeat}"
                             + (f" after {warmup} warm-up run{'s' * (warmup > 1)}" if warmup else "")
                             + (f"; warm-up {', '.join(rates[:warmup])}, counted " if warmup else ": ")
                             + f"{', '.join(rates[warmup:])}/s"
                             + (f"; server {memory})" if memory else ")"), size, real_s),
        _row("neo4j", size, "  client CPU", size, client_s, rate=False),
        _row("neo4j", size, "  server CPU", size, server_s, rate=False),
    ]
    for writers, (seconds, cpu_s) in floors.items():
        rows.append(_row("neo4j", size, f"server floor: entities and FACT relationships only, {writers} writer{'s' * (writers > 1)}",
                         len(facts), seconds))
        rows.append(_row("neo4j", size, "  server CPU", len(facts), cpu_s, rate=False))
    rows.append({"backend": "neo4j", "size": size, "measure": "bound: the faster server floor",
                 "facts_per_s": round(best), "us_per_fact": round(1e6 / best, 1),
                 "target": f"{target:,}", "reachable": "no" if best < target else "not excluded"})
    return rows


def _floor_fact(row: Sequence[Any]) -> dict[str, Any]:
    """A real import's CREATE_FACTS row (the values of ``cypher.FACT_ROW_FIELDS``) as a floor row."""
    from chronomem.graph import cypher
    from chronomem.graph.codec import NEO4J_PROPERTY

    props = {NEO4J_PROPERTY.get(k, k): v for k, v in zip(cypher.FACT_ROW_FIELDS[2:], row[2:], strict=True)}
    return {"subject_id": row[0], "object_id": row[1], "props": {"group_id": GROUP, **props}}


def _server_floor(store: Any, entities: list[dict], facts: list[dict], *, writers: int,
                  server: Any | None) -> tuple[float, float]:
    """Seconds and server CPU seconds to write ``entities`` then ``facts`` (``writers`` concurrent
    sessions for the facts, batches dealt round-robin) into an emptied group; empties it after."""
    def write(tx: Any, statement: str, rows: list[dict]) -> None:
        tx.run(statement, rows=rows).consume()

    def batches(rows: list[dict]) -> list[list[dict]]:
        return [rows[i:i + NEO4J_FLOOR_BATCH] for i in range(0, len(rows), NEO4J_FLOOR_BATCH)]

    def writer(mine: list[list[dict]]) -> None:
        with store._session() as session:
            for batch in mine:
                session.execute_write(write, CREATE_FACTS, batch)

    server0 = _cpu_s(server)
    started = time.perf_counter()
    with store._session() as session:
        for batch in batches(entities):
            session.execute_write(write, CREATE_ENTITIES, batch)
    fact_batches = batches(facts)
    with ThreadPoolExecutor(writers) as pool:
        list(pool.map(writer, [fact_batches[w::writers] for w in range(writers)]))
    seconds, cpu_s = time.perf_counter() - started, _cpu_s(server) - server0
    store.delete_group(GROUP)
    return seconds, cpu_s


# -- report --------------------------------------------------------------------------------
NOTE = (
    "Floors are lower bounds on the work an import does, each measured alone ({runs}): the SQL floor is the "
    "real import's own statements with no Python, in one transaction, with the indexes a bulk import "
    "defers built afterwards and the ones its reads use kept (as the import does); the Python floor "
    "only generates and validates the records; the Neo4j server "
    "floor writes only entities and FACT relationships, with the indexes DESIGN §6 requires. "
    "\"reachable: no\" means the floors alone are already slower than the target: on the embedded "
    "store even perfectly overlapped on separate cores. \"not excluded\" means they are not; the "
    "real import's own rows show how much more it does per fact (temporal rules, content ids, "
    "claims, slot locks). The floors hold for this schema and these statements; a different "
    "storage layout would have other floors."
)


def kept_rows(path: Path, ran: dict[str, bool]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The rows of the backends this run left out (``ran[backend]`` false), from the results file at
    ``path``, and when they were measured: a Neo4j-only run keeps the embedded store's rows and the
    other way round (each backend's floors still come from its own run)."""
    import json

    if not path.exists() or all(ran.values()):
        return [], {}
    earlier = json.loads(path.read_text())
    skipped = {b for b, done in ran.items() if not done}
    rows = [r for r in earlier.get("rows", []) if r.get("backend") in skipped]
    when = earlier.get("meta", {}).get("kept_from_earlier_runs", {})
    measured = {b: when.get(b) or earlier.get("meta", {}).get("measured_at", "") for b in sorted({r["backend"] for r in rows})}
    return rows, measured


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"sizes {QUICK_SQLITE} / {QUICK_NEO4J} (for CI)")
    parser.add_argument("--sqlite-sizes", help="comma-separated (default 100000,1000000; '' for none)")
    parser.add_argument("--neo4j-sizes", help="comma-separated (default 100000; needs NEO4J_URI; '' for none)")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs of the real import (median kept) and of each floor (fastest kept); default 3, 1 with --quick")
    parser.add_argument("--warmup", type=int, default=None,
                        help="Neo4j real imports run first and not counted, while the server compiles its statements "
                             "(the floors run on a server already warm); default 3, 0 with --quick")
    parser.add_argument("--work-dir", help="where the store files go (default: a temporary directory)")
    args = parser.parse_args(argv)
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.warmup is None:
        args.warmup = 0 if args.quick else 3

    def sizes(given: str | None, quick: tuple[int, ...], full: tuple[int, ...]) -> list[int]:
        return [int(s) for s in given.split(",") if s] if given is not None else list(quick if args.quick else full)

    sqlite_sizes = sizes(args.sqlite_sizes, QUICK_SQLITE, FULL_SQLITE)
    neo4j_sizes = sizes(args.neo4j_sizes, QUICK_NEO4J, FULL_NEO4J) if os.environ.get("NEO4J_URI") else []
    if args.neo4j_sizes and not os.environ.get("NEO4J_URI"):
        print("import_bound: --neo4j-sizes needs a Neo4j server: set NEO4J_URI (start one with python "
              "scripts/neo4j_test_server.py start --state-dir DIR and export what it prints); nothing was measured",
              file=sys.stderr)
        return 2
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    work = Path(args.work_dir) if args.work_dir else Path(tempfile.mkdtemp(prefix="chronomem-import-bound-"))
    work.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    try:
        for size in sqlite_sizes:
            rows += sqlite_rows(size, work, repeat=args.repeat, log=log)
        for size in neo4j_sizes:
            rows += neo4j_rows(size, repeat=args.repeat, log=log, warmup=args.warmup)
    finally:
        if not args.work_dir:
            shutil.rmtree(work, ignore_errors=True)
    command = "python -m bench.import_bound_bench" + (" --quick" if args.quick else "")
    for flag, given in (("--sqlite-sizes", args.sqlite_sizes), ("--neo4j-sizes", args.neo4j_sizes)):
        if given is not None:
            command += f" {flag} {given or repr('')}"
    if args.repeat != (1 if args.quick else 3):
        command += f" --repeat {args.repeat}"
    if args.warmup != (0 if args.quick else 3):
        command += f" --warmup {args.warmup}"
    name = "import_bound_quick" if args.quick else "import_bound"
    kept, kept_from = kept_rows(result_path(f"{name}.json"), {"sqlite": bool(sqlite_sizes), "neo4j": bool(neo4j_sizes)})
    ordered = [r for backend in ("sqlite", "neo4j") for r in rows + kept if r["backend"] == backend]
    write_result(name, ordered,
                 meta={"quick": args.quick, "floor_runs": args.repeat, "load_average_1m_at_end": round(os.getloadavg()[0], 2),
                       "neo4j": bool(neo4j_sizes), "kept_from_earlier_runs": kept_from},
                 command=command, title="Bulk import against its floors (how fast could it be?)",
                 note=NOTE.format(runs="one run each" if args.repeat == 1
                                  else f"the fastest of {args.repeat} runs each: noise only adds time"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
