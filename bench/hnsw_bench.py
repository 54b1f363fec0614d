"""Benchmark :class:`HnswVectorIndex` on MiniLM embeddings of realistic short statements.

Generates ``--n`` varied statements ("<name> lives in <city>", "<name> works at <org>
as <role>", ...), embeds them with the numpy all-MiniLM-L6-v2 (cached in
``bench/.cache/``, keyed by n, seed and generator version, because 100k take minutes),
builds the index (build seconds), then over 1,000 separately generated query statements
measures recall@10 against exact numpy cosine search and p50/p95 single-query latency
for HNSW (several ``ef``) and brute force.

Run ``python -m bench.hnsw_bench [--quick] [--n N]``; writes ``bench/results/hnsw.{json,md}``
(``hnsw_quick`` with ``--quick``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, summarize_ms, write_result  # noqa: E402
from chronomem.graph.embedders import Embedder, installed_minilm  # noqa: E402
from chronomem.graph.embedders.onnx_minilm import INSTALL_HINT  # noqa: E402
from chronomem.graph.hnsw_index import HnswVectorIndex  # noqa: E402

CACHE_DIR = Path(__file__).resolve().parent / ".cache"
GENERATOR_VERSION = 1

FIRST = (
    "Alice Bob Carol David Emma Farid Grace Hiro Ines Jonas Kemal Lena Marco Nadia Omar Priya Quentin Rosa "
    "Sofia Tariq Uma Victor Wen Ximena Yusuf Zoe Aaron Bianca Chen Dmitri Elif Felix Gabriela Hannah Ivan "
    "Julia Kofi Laura Mateo Nora Olivia Pedro Rania Samuel Tomas Ursula Valentina William Yara Zain Amelia "
    "Benedikt Camille Diego Esther Fatima Giulia Henrik Isabel Jamal Keiko Leon Maya Niko Oscar Paula"
).split()
LAST = (
    "Smith Garcia Müller Rossi Kowalski Nguyen Okafor Tanaka Silva Johansson Dubois Novak Kim Patel Cohen "
    "Haddad Ivanova Schmidt Moreau Costa Jensen Murphy Yilmaz Lopez Fischer Nakamura Santos Weber Andersen Ali"
).split()
CITIES = (
    "Berlin Paris Lisbon Madrid Rome Vienna Prague Warsaw Oslo Stockholm Helsinki Dublin London Edinburgh "
    "Amsterdam Brussels Zurich Munich Hamburg Barcelona Porto Athens Istanbul Cairo Nairobi Lagos Toronto "
    "Montreal Boston Chicago Denver Seattle Austin Mexico City Bogotá Lima Santiago Tokyo Osaka Seoul Taipei "
    "Singapore Sydney Melbourne Auckland Mumbai Bangalore Dubai"
).split(" ")
ORGS = (
    "Acme, Globex, Initech, Umbrella Labs, Stark Industries, Wayne Enterprises, Hooli, Pied Piper, Vandelay, "
    "Soylent, Cyberdyne, Tyrell, Aperture, Black Mesa, Wonka, Gringotts Bank, Monsters Inc, Oceanic Airlines, "
    "Dunder Mifflin, Prestige Worldwide, the city hospital, the university, a small bakery, a law firm, "
    "a fintech startup, the local school, an NGO, a game studio, a robotics lab, the public library"
).split(", ")
ROLES = (
    "engineer, designer, product manager, nurse, teacher, data scientist, accountant, chef, lawyer, "
    "researcher, sales lead, CTO, intern, support agent, architect, pharmacist, journalist, translator"
).split(", ")
HOBBIES = (
    "surfing, chess, pottery, climbing, running, photography, the piano, salsa dancing, knitting, cycling, "
    "birdwatching, woodworking, yoga, sailing, baking sourdough, painting, gardening, learning Japanese"
).split(", ")
FOODS = "ramen, sushi, tacos, pizza, falafel, pho, curry, dumplings, paella, oatmeal, salad, burgers".split(", ")
TOOLS = "PostgreSQL, MongoDB, Rust, Python, Kubernetes, React, Figma, Excel, Neo4j, Go, Terraform, Jira".split(", ")
PETS = "a dog, two cats, a parrot, a rabbit, a goldfish, a tortoise, a husky, a kitten".split(", ")
RELATIONS = "sister, brother, cousin, manager, neighbour, best friend, landlord, dentist, colleague, mentor".split(", ")
WHEN = (
    "last week, yesterday, in March, since 2019, two years ago, next month, on Monday, in the spring, "
    "last summer, since January, in 2021, a few days ago, this morning, after the holidays"
).split(", ")
TEMPLATES = (
    "{p} lives in {city}.",
    "{p} moved to {city} {when}.",
    "{p} works at {org} as a {role}.",
    "{p} started a new job at {org} {when}.",
    "{p} left {org} {when} and joined {org2}.",
    "{p} is allergic to {food}.",
    "{p} loves {food} but hates {food2}.",
    "{p} has been into {hobby} {when}.",
    "{p} prefers {tool} over {tool2} for work.",
    "{p} adopted {pet} {when}.",
    "{p} is my {rel}.",
    "{p} is {q}'s {rel}.",
    "{p} and {q} met in {city} {when}.",
    "{p} is travelling to {city} {when}.",
    "{p}'s birthday is on the {day} of {month}.",
    "{p} got promoted to {role} at {org} {when}.",
    "{p} doesn't eat {food} anymore.",
    "{p} is learning {tool} {when}.",
    "{p} no longer lives in {city}; she moved {when}.",
    "Remind me that {p} wants to visit {city}.",
    "{p} said the meeting with {q} moved to {weekday}.",
    "{p} quit {hobby} {when}.",
)
MONTHS = "January February March April May June July August September October November December".split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def statements(n: int, seed: int) -> list[str]:
    """``n`` procedurally generated chat-memory statements (deterministic for a seed).

    >>> statements(2, 0) == statements(2, 0) and len(statements(3, 1)) == 3
    True
    """
    rng = random.Random(seed)

    def person() -> str:
        return f"{rng.choice(FIRST)} {rng.choice(LAST)}" if rng.random() < 0.7 else rng.choice(FIRST)

    out = []
    for _ in range(n):
        out.append(
            rng.choice(TEMPLATES).format(
                p=person(), q=person(), city=rng.choice(CITIES), when=rng.choice(WHEN), org=rng.choice(ORGS),
                org2=rng.choice(ORGS), role=rng.choice(ROLES), food=rng.choice(FOODS), food2=rng.choice(FOODS),
                hobby=rng.choice(HOBBIES), tool=rng.choice(TOOLS), tool2=rng.choice(TOOLS), pet=rng.choice(PETS),
                rel=rng.choice(RELATIONS), day=rng.randint(1, 28), month=rng.choice(MONTHS),
                weekday=rng.choice(WEEKDAYS),
            )
        )
    return out


def embedded(n: int, seed: int, embedder: Embedder) -> np.ndarray:
    """Embeddings of ``statements(n, seed)``, from ``bench/.cache`` when already computed."""
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    ignore = CACHE_DIR / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n")
    path = CACHE_DIR / f"statements-v{GENERATOR_VERSION}-{embedder.name}-n{n}-seed{seed}.npy"
    if path.exists():
        return np.load(path)
    texts = statements(n, seed)
    start = time.perf_counter()
    chunks = []
    for i in range(0, n, 5000):
        chunks.append(embedder.embed(texts[i : i + 5000]))
        done = min(n, i + 5000)
        print(f"  embedded {done}/{n} ({done / (time.perf_counter() - start):.0f}/s)", flush=True)
    matrix = np.vstack(chunks).astype(np.float32)
    np.save(path.with_suffix(".tmp.npy"), matrix)
    path.with_suffix(".tmp.npy").replace(path)
    return matrix


def brute_force_top(matrix: np.ndarray, queries: np.ndarray, k: int) -> np.ndarray:
    """Exact top-``k`` row indices by cosine (rows are unit length), best first."""
    out = np.empty((len(queries), k), dtype=np.int64)
    for i in range(0, len(queries), 100):
        sims = queries[i : i + 100] @ matrix.T
        part = np.argpartition(-sims, k, axis=1)[:, :k]
        order = np.argsort(-np.take_along_axis(sims, part, axis=1), axis=1)
        out[i : i + 100] = np.take_along_axis(part, order, axis=1)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n=4,000 and fewer queries (for CI)")
    parser.add_argument("--n", type=int, default=None, help="statements to index (default 100,000; quick 4,000)")
    parser.add_argument("--queries", type=int, default=None, help="query statements (default 1,000; quick 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--k", type=int, default=10)
    args = parser.parse_args(argv)
    n = args.n or (4_000 if args.quick else 100_000)
    n_queries = args.queries or (300 if args.quick else 1_000)
    k = args.k

    embedder = installed_minilm()
    if embedder is None:
        return data_missing(INSTALL_HINT, "an all-MiniLM-L6-v2 embedder (install one with)")
    start = time.perf_counter()
    matrix = embedded(n, args.seed, embedder)
    queries = embedded(n_queries, args.seed + 1_000_003, embedder)
    embed_s = time.perf_counter() - start
    ids = [f"fact:{i}" for i in range(n)]

    index = HnswVectorIndex(embedder.dim, m=16, ef_construction=200, ef=100, initial_capacity=n)
    start = time.perf_counter()
    index.add(ids, matrix)
    build_s = time.perf_counter() - start

    # ann-benchmarks style recall: a returned id counts if its exact cosine reaches the k-th
    # exact cosine (minus 1e-5), so that ties among duplicate statements are not penalised
    truth = brute_force_top(matrix, queries, k)
    kth = np.einsum("qd,qd->q", matrix[truth[:, -1]], queries) - 1e-5
    label_of = {item: i for i, item in enumerate(ids)}
    rows = []
    for ef in (32, 64, 100, 200):
        index.ef = ef
        index._index.set_ef(ef)  # noqa: SLF001 - benchmark sweeps the search breadth
        index.query(queries[0], k)
        times, hits = [], 0
        for q, threshold in zip(queries, kth):
            t0 = time.perf_counter()
            found = index.query(q, k)
            times.append((time.perf_counter() - t0) * 1000)
            rows_found = [label_of[item] for item, _ in found]
            hits += int(np.count_nonzero(matrix[rows_found] @ q >= threshold))
        rows.append({"method": f"HNSW ef={ef}", "recall@10": round(hits / (len(queries) * k), 4),
                     **summarize_ms(times)})

    n_brute = min(len(queries), 300)
    times = []
    for q in queries[:n_brute]:
        t0 = time.perf_counter()
        sims = matrix @ q
        top = np.argpartition(-sims, k)[:k]
        top[np.argsort(-sims[top])]
        times.append((time.perf_counter() - t0) * 1000)
    rows.append({"method": "brute force (numpy)", "recall@10": 1.0, **summarize_ms(times)})

    write_result(
        "hnsw_quick" if args.quick else "hnsw",
        rows,
        meta={
            "n": n, "queries": n_queries, "brute_force_timed_queries": n_brute, "k": k, "dim": embedder.dim,
            "m": 16, "ef_construction": 200, "index_default_ef": 100, "build_seconds": round(build_s, 2),
            "embedding_seconds_this_run": round(embed_s, 1), "seed": args.seed, "threads": index.threads,
            "embedder": embedder.name, "quick": args.quick,
            "load_average_1m_at_end": round(os.getloadavg()[0], 2),
            "distinct_statements": len(set(statements(n, args.seed))),
        },
        command="python -m bench.hnsw_bench" + (" --quick" if args.quick else f" --n {n}"),
        title=f"HNSW index: {n:,} MiniLM statement vectors, {n_queries:,} queries (build {build_s:.1f} s)",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
