"""The MCP server's cost: ``recall`` and ``facts`` over HTTP beside the same calls in process, and
``remember`` throughput with 1, 4 and 8 concurrent HTTP clients beside single-process ingest.

Latency: the store of :mod:`bench.search_bench` (N fact records + N chat turns, HNSW side-index
built with the default embedder) is served by ``chronomem serve`` (a subprocess on 127.0.0.1, no
tokens); one SDK client calls ``recall`` (k=10) and ``facts`` (a person's name) with ``as_of`` and
the same questions are asked of ``Memory.search`` / ``Memory.facts`` in this process, in the same run,
in ``--rounds`` interleaved rounds (each side's table row is its round with the lowest p50: on a shared
machine load only adds time). Beside the latencies, the CPU time per call of the server process and of
the client: the work a call costs, which is about its latency on an idle machine. An ``entities``
lookup by name (an indexed query) is the floor every call pays: HTTP, the SDK on both sides, and the
hop to a worker thread.

Throughput: chat sessions (the search bench's templates, 10 turns each) are remembered through the
real extractor, by 1, 4 and 8 concurrent HTTP clients into fresh groups of one server, each run
just after ``Memory.ingest`` of as many sessions in this process (the single-process rate it is
compared with); rate = sessions / wall time. Rows show medians over ``--throughput-rounds`` rounds
(the ratio: the median of the ratios of each pair, measured moments apart).

Run ``python -m bench.mcp_bench [--quick] [--n N] [--rounds R] [--throughput-rounds T] [--workdir DIR]``
(``--workdir`` keeps the generated store and side-index and reuses them); writes
``bench/results/mcp.{json,md}`` (``mcp_quick`` with ``--quick``). Targets: recall over HTTP p50 ≤ 40 ms,
p95 ≤ 100 ms and facts p50 ≤ 5 ms at 100k + 100k on the embedded store; remember with 4 clients
≥ 0.9× the single-process rate.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import summarize_ms, write_result  # noqa: E402
from bench.search_bench import GROUP, NOW, TEMPLATES, _fill, _person, populate, questions  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
AS_OF = NOW.date().isoformat()
TOOLS = ("recall", "facts", "entities")
MEASURES = {"recall": "recall latency", "facts": "facts latency",
            "entities": "entities lookup latency (the lightest tool: HTTP + SDK floor)"}


def chat_sessions(count: int, *, seed: int, turns: int = 10) -> list[dict[str, Any]]:
    """``count`` sessions of chat turns from the search bench's templates (distinct ids and text)."""
    rng = random.Random(seed)
    out = []
    for s in range(count):
        day = 1 + s % 28
        speakers = (_person(rng), _person(rng))
        out.append({"session_id": f"r{seed}-{s}", "started_at": f"2024-{1 + s % 12:02d}-{day:02d}T10:00:00Z",
                    "turns": [{"speaker": speakers[t % 2], "text": _fill(rng.choice(TEMPLATES), rng)}
                              for t in range(turns)]})
    return out


def timed(fn: Any) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def in_process_latency(store_dir: Path, qs: list[str], names: list[str]) -> dict[str, Any]:
    mem = Memory.open(store_dir, group=GROUP, clock=FixedClock(NOW))
    try:
        for q in qs[:5]:
            mem.search(q, as_of=AS_OF)
        recall = [timed(lambda q=q: mem.search(q, as_of=AS_OF, k=10)) for q in qs[5:]]
        facts = [timed(lambda n=n: mem.facts(n, as_of=AS_OF)) for n in names]
        lookups = [timed(lambda n=n: mem.store.find_entities(GROUP, n)) for n in names]
        return {"recall": summarize_ms(recall), "facts": summarize_ms(facts), "entities": summarize_ms(lookups),
                "calls": len(recall)}
    finally:
        mem.close()


def cpu_ms(pid: int) -> float:
    """CPU time (user + system, ms) the process ``pid`` has used so far; 0 where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


async def http_latency(url: str, qs: list[str], names: list[str], server_pid: int) -> dict[str, Any]:
    """Latency as the SDK's client sees it (p50/p95), and the CPU per call of the server process and
    of this (client) process: on a loaded machine the wall time is mostly waiting for a core, while
    the two CPU times are the work a call costs (on an idle machine, about its latency)."""
    from chronomem.mcp.clients import connect_http

    async def timed_calls(calls: list[Any]) -> dict[str, Any]:
        times, cpu_before, client_before = [], cpu_ms(server_pid), time.process_time()
        for call in calls:
            started = time.perf_counter()
            result = await call()
            times.append((time.perf_counter() - started) * 1000)
            assert not result.is_error, result.content
        return {**summarize_ms(times), "server_cpu_ms": round((cpu_ms(server_pid) - cpu_before) / len(calls), 2),
                "client_cpu_ms": round((time.process_time() - client_before) * 1000 / len(calls), 2)}

    async with connect_http(url) as client:
        for q in qs[:5]:
            await client.call_tool("recall", {"query": q, "as_of": AS_OF})

        out = {"recall": await timed_calls([lambda q=q: client.call_tool("recall",
                                                                         {"query": q, "as_of": AS_OF, "k": 10})
                                            for q in qs[5:]]),
               "facts": await timed_calls([lambda n=n: client.call_tool("facts", {"entity": n, "as_of": AS_OF})
                                           for n in names]),
               "entities": await timed_calls([lambda n=n: client.call_tool("entities", {"name": n}) for n in names])}
    return {**out, "calls": len(qs) - 5}


async def remember_over_http(url: str, sessions: list[dict[str, Any]], clients: int, group: str,
                             token: str) -> float:
    """Sessions per second when ``clients`` concurrent clients remember ``sessions`` into ``group``."""
    import anyio

    from chronomem.mcp.clients import connect_http

    shares = [sessions[i::clients] for i in range(clients)]
    failures: list[str] = []

    async def one(share: list[dict[str, Any]]) -> None:
        async with connect_http(url, token) as client:
            for s in share:
                result = await client.call_tool("remember", {**s, "group": group})
                if result.is_error:
                    failures.append(str(result.content))

    started = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for share in shares:
            tg.start_soon(one, share)
    wall = time.perf_counter() - started
    if failures:
        raise RuntimeError(f"{len(failures)} remember calls failed: {failures[0]}")
    return len(sessions) / wall


def main(argv: list[str] | None = None) -> int:
    import anyio

    parser = argparse.ArgumentParser(prog="python -m bench.mcp_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="N = 2,000, 40 sessions (for CI)")
    parser.add_argument("--n", type=int, default=None, help="facts and turns each (default 100,000; 2,000 quick)")
    parser.add_argument("--sessions", type=int, default=None, help="sessions per throughput run (default 96; 40 quick)")
    parser.add_argument("--rounds", type=int, default=None, help="latency rounds (default 3; 1 quick); the table "
                        "shows each side's round with the lowest p50 (load only adds time; every round is in the json)")
    parser.add_argument("--throughput-rounds", type=int, default=None, help="remember throughput rounds (default 3; "
                        "1 quick), each measuring single-process ingest beside 1, 4 and 8 clients; the table shows "
                        "the medians (rates and each round's ratio)")
    parser.add_argument("--extract-workers", type=int, default=None, help="the server's extraction processes "
                        "(chronomem serve --extract-workers; default: the server's default)")
    parser.add_argument("--workdir", type=Path, default=None, help="keep the generated store and index here and "
                        "reuse them next time "
                        "(embedding 100k facts + 100k turns takes about half an hour on 2 cores)")
    args = parser.parse_args(argv)
    try:
        from chronomem.mcp import require_sdk

        require_sdk()
    except Exception as e:  # said in one line
        from bench._report import data_missing

        return data_missing("chronomem[mcp]", f"the mcp SDK ({e})")
    from chronomem.mcp.clients import free_port, spawn_server

    n = args.n or (2_000 if args.quick else 100_000)
    count = args.sessions or (40 if args.quick else 96)
    rounds_count = args.rounds or (1 if args.quick else 3)
    throughput_rounds = args.throughput_rounds or (1 if args.quick else 3)
    qs = questions(60 if args.quick else 205)
    log = lambda line: print(line, file=sys.stderr)  # noqa: E731
    tmp = tempfile.TemporaryDirectory(prefix="chronomem-mcp-") if args.workdir is None else None
    workdir = Path(tmp.name) if tmp is not None else args.workdir
    env = {k: v for k, v in os.environ.items() if k != "NEO4J_URI"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        store_dir = workdir / f"sqlite-{n}"
        build = build_store(store_dir, n, log=log)
        mem = Memory.open(store_dir, group=GROUP, clock=FixedClock(NOW))
        names = [e.name for e in list(mem.store.iter_entities(GROUP))[:400] if " " in e.name][:100]
        mem.close()
        port = free_port()
        proc = spawn_server(["--store", str(store_dir), "--group", GROUP, "serve"], port=port, env=env, cwd=str(ROOT))
        local: list[dict[str, Any]] = []
        remote: list[dict[str, Any]] = []
        try:
            for _ in range(rounds_count):  # interleaved, so that a burst of load hits both sides alike
                local.append(in_process_latency(store_dir, qs, names))
                remote.append(anyio.run(http_latency, f"http://127.0.0.1:{port}/mcp", qs, names, proc.pid))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        rows: list[dict[str, Any]] = []
        for tool in TOOLS:
            here, there = best_round(local, tool), best_round(remote, tool)
            rows.append({"measure": MEASURES[tool], "in_process_p50_ms": here["p50_ms"],
                         "in_process_p95_ms": here["p95_ms"], "http_p50_ms": there["p50_ms"],
                         "http_p95_ms": there["p95_ms"], "server_cpu_ms": there["server_cpu_ms"],
                         "client_cpu_ms": there["client_cpu_ms"],
                         "calls": remote[0]["calls"] if tool == "recall" else len(names)})
        rounds = {f"{side}_{tool}_p50_ms_by_round": [r[tool]["p50_ms"] for r in runs]
                  for side, runs in (("in_process", local), ("http", remote)) for tool in TOOLS}
        rows += throughput(workdir, count, env, rounds=throughput_rounds, log=log, extract_workers=args.extract_workers)
    finally:
        if tmp is not None:
            tmp.cleanup()
    columns = ("measure", "in_process_p50_ms", "in_process_p95_ms", "http_p50_ms", "http_p95_ms", "server_cpu_ms",
               "client_cpu_ms", "calls",
               "sessions_per_s", "vs_single_process")
    rows = [{c: row.get(c, "") for c in columns} for row in rows]
    write_result("mcp_quick" if args.quick else "mcp", rows,
                 meta={"n": n, "sessions": count, "as_of": AS_OF, **build, "rounds": rounds_count, **rounds,
                       "throughput_rounds": throughput_rounds, "extract_workers": server_workers(args.extract_workers),
                       "load_avg_1m": round(os.getloadavg()[0], 1),
                       "targets": "recall http p50 <= 40 ms, p95 <= 100 ms; facts http p50 <= 5 ms; "
                                  "remember with 4 clients >= 0.9x single-process"},
                 command="python -m bench.mcp_bench" + (" --quick" if args.quick else "")
                 + (f" --n {args.n}" if args.n else "") + (f" --sessions {args.sessions}" if args.sessions else "")
                 + (f" --rounds {args.rounds}" if args.rounds else "")
                 + (f" --throughput-rounds {args.throughput_rounds}" if args.throughput_rounds else "")
                 + (f" --extract-workers {args.extract_workers}" if args.extract_workers is not None else ""),
                 title=f"MCP server: HTTP beside in-process, {n:,} facts + {n:,} turns; remember throughput")
    return 0


def best_round(runs: list[dict[str, Any]], tool: str) -> dict[str, Any]:
    """The round whose p50 for ``tool`` is lowest (on a shared machine, load only ever adds time).

    >>> best_round([{"facts": {"p50_ms": 9}}, {"facts": {"p50_ms": 4}}], "facts")
    {'p50_ms': 4}
    """
    return dict(min((run[tool] for run in runs), key=lambda r: r["p50_ms"]))


def build_store(store_dir: Path, n: int, *, log: Any) -> dict[str, Any]:
    """The search bench's store of ``n`` facts + ``n`` turns with its side-index, built once: a store
    already in ``store_dir`` (``--workdir``) is reused, only what its index misses is embedded.
    Returns how long this run spent writing and embedding (0 when it reused them)."""
    mem = Memory.open(store_dir, group=GROUP, clock=FixedClock(NOW))
    try:
        started = time.perf_counter()
        written = populate(mem, n, log=log) if mem.stats()["facts"] == 0 else {}
        started_embedding = time.perf_counter()
        embedded = mem.catch_up_index()
        if mem.index is not None:
            mem.index.save()
        embed_s = time.perf_counter() - started_embedding
        log(f"side-index: {embedded} items embedded in {embed_s:.0f} s")
        return {"store_reused": not written, "write_s": round(started_embedding - started, 1),
                "embedded_items": embedded, "embed_s": round(embed_s, 1)}
    finally:
        mem.close()


def throughput(workdir: Path, count: int, env: dict[str, str], *, rounds: int, log: Any,
               extract_workers: int | None = None) -> list[dict[str, Any]]:
    """Remember rates of 1, 4 and 8 concurrent HTTP clients (fresh groups, one server), each just after
    the single-process ingest rate of as many sessions (so that load from other jobs hits both alike),
    in ``rounds`` rounds; rows hold the median rates and the median of the ratios of each pair."""
    import anyio

    from chronomem.mcp.clients import free_port, spawn_server

    store_dir, local_dir = workdir / "remember", workdir / "remember-local"  # two files: no lock shared
    for old in (store_dir, local_dir):
        shutil.rmtree(old, ignore_errors=True)
    mem = Memory.open(local_dir, group="warm-local", embedder=None)
    mem.ingest(chat_sessions(4, seed=99))  # warm-up: the spaCy model loads
    token = "bench-token-" + "0" * 16
    config = workdir / "remember-tokens.json"
    config.write_text(json.dumps({"tokens": [{"name": "bench", "token": token, "groups": {
        g: "read-write" for g in ["warm"] + [f"c{c}-r{r}" for c in CLIENTS for r in range(rounds)]}}]}))
    port = free_port()
    workers = [] if extract_workers is None else ["--extract-workers", str(extract_workers)]
    proc = spawn_server(["--store", str(store_dir), "serve", "--config", str(config), *workers], port=port, env=env,
                        cwd=str(ROOT))
    url = f"http://127.0.0.1:{port}/mcp"
    alone: dict[int, list[float]] = {c: [] for c in CLIENTS}  # the single-process rate measured just before
    rates: dict[int, list[float]] = {c: [] for c in CLIENTS}
    try:
        anyio.run(remember_over_http, url, chat_sessions(4, seed=98), 1, "warm", token)
        for r in range(rounds):
            for clients in CLIENTS:
                local = Memory(mem.store, group=f"local-c{clients}-r{r}", extractor=mem.extractor, embedder=None)
                started = time.perf_counter()
                local.ingest(chat_sessions(count, seed=1 + clients + 100 * r))
                alone[clients].append(count / (time.perf_counter() - started))
                sessions = chat_sessions(count, seed=10 + clients + 100 * r)
                rates[clients].append(anyio.run(remember_over_http, url, sessions, clients, f"c{clients}-r{r}", token))
            log(f"round {r + 1}: " + ", ".join(f"{c} client(s) {rates[c][-1]:.1f} (single process {alone[c][-1]:.1f})"
                                               for c in CLIENTS) + " sessions/s")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        mem.close()
    singles = [rate for c in CLIENTS for rate in alone[c]]
    rows = [{"measure": "remember, single process (Memory.ingest)", "sessions_per_s": round(median(singles), 2),
             "vs_single_process": 1.0}]
    for clients in CLIENTS:
        ratios = [rate / base for rate, base in zip(rates[clients], alone[clients])]
        rows.append({"measure": f"remember, {clients} HTTP client(s)",
                     "sessions_per_s": round(median(rates[clients]), 2), "vs_single_process": round(median(ratios), 2)})
    return rows


CLIENTS = (1, 4, 8)


def server_workers(given: int | None) -> int:
    """The extraction processes the server ran with."""
    from chronomem.mcp.cli import default_extract_workers

    return default_extract_workers() if given is None else given


if __name__ == "__main__":
    raise SystemExit(main())
