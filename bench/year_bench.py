"""A synthetic year under a cap: 100,000 turns, 70% small talk, at most 20,000 turns kept.

A year of chat (:func:`year`, seeded) is written day by day into two embedded stores: one keeps
everything, the other has a retention policy (``max_turns``, and a time to live for short-term
turns) and is compacted every day (``--every``), as ``chronomem serve`` does on its schedule.
Each session comes with what an extractor would have read from it (the factual turns' claims:
moves, jobs, tastes, pets, with the turn as source), written through ``Memory.write_extracted``, so
importance is scored on the real write path; no spaCy is run (a year of it would take an hour).

Checked and reported: the most turns the compacted store held after any compaction (at most the
cap) and at any time (the cap plus what one day adds before the next compaction), that every fact
version of both stores is the same (statement, interval, transaction time, source ids), the time
compaction took, and search p50 over both stores (full text only: the same questions, alternating
which store goes first). Run ``python -m bench.year_bench [--quick]
[--turns N] [--cap N] [--ttl DAYS] [--seed S]``; writes ``bench/results/year.{json,md}``
(``year_quick`` with ``--quick``: 3,000 turns under a cap of 600, compacted weekly).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import summarize_ms, write_result  # noqa: E402
from chronomem import FixedClock, Memory  # noqa: E402
from chronomem.schema import Claim, Entity, ExtractionResult, Mention, Session, Source, Turn, entity_id  # noqa: E402

START = datetime(2023, 1, 1, 9, tzinfo=timezone.utc)
SMALL_TALK = ("haha same", "lol", "ok cool", "nice!", "yeah totally", "thanks!", "sounds good", "omg haha",
              "me too", "good morning", "see you later", "right?", "wow", "true that", "hmm ok")
CITIES = ("Lisbon", "Porto", "Madrid", "Berlin", "Toronto", "Vancouver", "Oslo", "Lyon", "Austin", "Kyoto")
ORGS = ("Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Tyrell")
HOBBIES = ("climbing", "chess", "pottery", "running", "painting", "jazz", "sailing", "baking")
PETS = ("Rex", "Luna", "Milo", "Bella", "Coco")
PEOPLE = ("Ana", "Bo", "Caro", "Dev", "Eli", "Fay", "Gus", "Hana")


def _fact(rng: random.Random, group: str, who: str, at: datetime, turn_id: str, session_id: str
          ) -> tuple[str, list[Entity], Claim]:
    """A factual turn of ``who``: its text, the entities it names and the claim an extractor reads."""
    kind = rng.choice(("LIVES_IN", "WORKS_AT", "LIKES", "HAS_PET"))
    obj, etype, text = {
        "LIVES_IN": lambda c: (c, "PLACE", f"I moved to {c} last week."),
        "WORKS_AT": lambda o: (o, "ORG", f"I started a new job at {o}."),
        "LIKES": lambda h: (h, "OTHER", f"I have really got into {h} lately."),
        "HAS_PET": lambda p: (p, "PET", f"We adopted a puppy called {p}."),
    }[kind](rng.choice({"LIVES_IN": CITIES, "WORKS_AT": ORGS, "LIKES": HOBBIES, "HAS_PET": PETS}[kind]))
    person, thing = (Entity(id=entity_id(group, who), group_id=group, name=who, type="PERSON"),
                     Entity(id=entity_id(group, obj), group_id=group, name=obj, type=etype))  # type: ignore[arg-type]
    start = at - timedelta(days=7) if kind == "LIVES_IN" else at
    claim = Claim(group_id=group, subject_id=person.id, predicate=kind, object_id=thing.id,
                  statement=f"{who} {kind.lower().replace('_', ' ')} {obj}", at=start, said_at=at,
                  sources=[Source(session_id=session_id, turn_id=turn_id)])
    return text, [person, thing], claim


def year(seed: int, turns: int, *, group: str = "year", small_talk: float = 0.7,
         days: int = 365) -> Iterator[tuple[Session, ExtractionResult]]:
    """``turns`` turns over ``days`` days, in sessions of 4 to 12 turns, ``small_talk`` of them chatter;
    each session with the extraction its factual turns give."""
    rng = random.Random(seed)
    per_day = turns / days
    made, n = 0, 0
    while made < turns:
        size = min(turns - made, rng.randint(4, 12))
        at = START + timedelta(days=made / per_day, minutes=rng.randint(0, 600))
        sid = f"y{n}"
        entities: dict[str, Entity] = {}
        claims, mentions, rows = [], [], []
        for i in range(size):
            who = rng.choice(PEOPLE)
            tid = f"{sid}:{i + 1}"
            if rng.random() < small_talk:
                text = rng.choice(SMALL_TALK)
            else:
                text, named, claim = _fact(rng, group, who, at, tid, sid)
                entities.update((e.id, e) for e in named)
                claims.append(claim)
                mentions.append(Mention(turn_id=tid, entity_id=named[1].id))
            rows.append(Turn(id=tid, speaker=who, text=text, at=at))
        yield (Session(session_id=sid, group_id=group, started_at=at, turns=rows),
               ExtractionResult(entities=list(entities.values()), claims=claims, mentions=mentions))
        made += size
        n += 1


def fact_table(mem: Memory) -> list[tuple]:
    """Every fact version of the group (any time, any belief) as comparable tuples: names instead of
    ids (which differ between groups), statement, both intervals and the source ids."""
    facts = list(mem.store.iter_facts(mem.group, include_expired=True))
    ends = [x for f in facts for x in (f.subject_id, f.object_id)]
    names = {i: e.name for i, e in mem.store.get_entities(mem.group, ends).items()}
    return sorted((names[f.subject_id], f.predicate, names[f.object_id], f.statement,
                   *(t.isoformat() if t else "" for t in (f.valid_from, f.valid_to, f.recorded_at, f.expired_at)),
                   tuple((s.session_id, s.turn_id or "") for s in f.sources)) for f in facts)


def run(*, seed: int, turns: int, cap: int, ttl: float | None, workdir: Path, every: int = 1, group: str = "year",
        log: Any = print) -> dict[str, Any]:
    """Write the year into a full and a capped store, compacting the capped one every ``every`` days."""
    clock = FixedClock(START)
    full = Memory.open(workdir / "full", group=group, clock=clock, embedder=None)
    small = Memory.open(workdir / "capped", group=group, clock=clock, embedder=None)
    small.set_policy(max_turns=cap, turn_ttl_days=ttl)
    day, peak, most, held, compactions, seconds = START.date(), 0, 0, 0, 0, 0.0
    written = 0
    for session, extracted in year(seed, turns, group=group):
        if (session.started_at.date() - day).days >= every:  # compact, as serve would on its schedule
            clock.at = session.started_at
            started = time.perf_counter()
            held = small.compact(by="year_bench").turns_after
            seconds += time.perf_counter() - started
            compactions += 1
            peak = max(peak, held)
            day = session.started_at.date()
        clock.at = session.started_at
        for mem in (full, small):
            mem.write_extracted(session, extracted)
        written += len(session.turns)
        held += len(session.turns)
        most = max(most, held)
    clock.at = START + timedelta(days=366)
    started = time.perf_counter()
    small.compact(by="year_bench")
    seconds += time.perf_counter() - started
    compactions += 1
    after = small.stats()["turns"]
    peak = max(peak, after)
    same = fact_table(full) == fact_table(small)
    questions = [f"where does {p} live" for p in PEOPLE] + [f"what does {p} like" for p in PEOPLE] + \
        [f"{p} job" for p in PEOPLE] + [f"does {p} have a pet" for p in PEOPLE]
    latency: dict[str, list[float]] = {"full": [], "capped": []}
    for _ in range(3):
        for n, q in enumerate(questions):
            for name, mem in (("full", full), ("capped", small)) if n % 2 == 0 else (("capped", small), ("full", full)):
                t0 = time.perf_counter()
                mem.search(q, k=10)
                latency[name].append((time.perf_counter() - t0) * 1000)
    facts = full.stats()["fact_versions"]
    full.close()
    small.close()
    log(f"{written} turns written; capped store {after} turns after {compactions} compactions (peak {peak}, "
        f"{most} at most between two, cap {cap}); "
        f"{facts} fact versions, identical: {same}; compaction {seconds:.1f} s in all")
    return {"turns": written, "after": after, "peak": peak, "most": most, "same": same, "facts": facts, "compactions": compactions,
            "compact_s": seconds, "latency": latency}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.year_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3,000 turns under a cap of 600")
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--cap", type=int, default=20_000)
    parser.add_argument("--ttl", type=float, default=30.0, help="time to live of short-term turns, in days (0: none)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--every", type=int, default=1, help="compact every this many days (default 1; --quick: 7)")
    args = parser.parse_args(argv)
    turns, cap, every = (3_000, 600, 7) if args.quick else (args.turns, args.cap, args.every)
    with tempfile.TemporaryDirectory(prefix="chronomem-year-") as tmp:
        result = run(seed=args.seed, turns=turns, cap=cap, ttl=args.ttl or None, workdir=Path(tmp), every=every,
                     log=lambda line: print(line, file=sys.stderr))
    full, capped = (statistics.median(result["latency"][k]) for k in ("full", "capped"))
    rows = [
        {"measure": "turns written (70% small talk)", "value": result["turns"]},
        {"measure": f"turns kept after the last compaction (cap {cap:,})", "value": result["after"]},
        {"measure": f"most turns after any of the {result['compactions']} compactions (every {every} day(s))",
         "value": result["peak"]},
        {"measure": "most turns held at any time (before the next compaction)", "value": result["most"]},
        {"measure": "fact versions, identical to the store that kept everything", "value":
            f"{result['facts']:,}, {'identical' if result['same'] else 'DIFFERENT'}"},
        {"measure": "compaction time, all runs (s)", "value": round(result["compact_s"], 1)},
        {"measure": "search p50, full / capped (ms, full text)", "value": f"{full:.1f} / {capped:.1f}"},
    ]
    write_result("year" + ("_quick" if args.quick else ""), rows,
                 meta={"seed": args.seed, "turns": turns, "cap": cap, "ttl_days": args.ttl or None, "every_days": every, **{
                     k: result[k] for k in ("after", "peak", "most", "same", "facts", "compactions")},
                     "compact_s": round(result["compact_s"], 1),
                     "search_latency_full": summarize_ms(result["latency"]["full"]),
                     "search_latency_capped": summarize_ms(result["latency"]["capped"])},
                 command="python -m bench.year_bench" + (" --quick" if args.quick else "")
                 + "".join(f" --{k} {v}" for k, v, default in (("turns", args.turns, 100_000), ("cap", args.cap, 20_000))
                           if v != default and not args.quick),
                 title=f"A synthetic year: {turns:,} turns under a {cap:,}-turn cap, compacted every {every} day(s)")
    return 0 if result["same"] and result["peak"] <= cap else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
