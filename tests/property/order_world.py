"""Random conversations for the order-independence property test, and the order-free view of a
store they are compared on.

Sessions are built from sentence templates the rule extractor reads (people, symmetric kin and
marriage, an organisation named in full and by its short name, moves, corrections, one name
spelled two ways, one organisation typed two ways); the
comparison covers current facts, every entity's timeline (objects, intervals, statuses), and
entity names, types and aliases. Transaction time is left out on purpose: which versions were
believed when (``recorded_at``, ``expired_at``, expired versions, version ids) is the history of
arrivals, so it is the one part allowed to depend on the order.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from hypothesis import strategies as st

from chronomem import FixedClock, Memory
from chronomem.graph.base import GraphStore

PEOPLE = ["Ana", "Bruno", "Maria", "Leo", "Tom", "Sara"]
CITIES = ["Lisbon", "Porto", "Madrid", "Berlin", "Oslo"]
ORGS = [("Northwind Traders", "Northwind"), ("Globex Corporation", "Globex"), ("NVIDIA Corporation", "NVIDIA")]
MONTHS = ["January", "March", "June", "September", "November"]
DATES = [datetime(y, m, 10, 9, tzinfo=timezone.utc) for y in (2019, 2021, 2023) for m in (2, 7)]
NOW = datetime(2025, 1, 1, tzinfo=timezone.utc)


@st.composite
def sentence(draw: Any, speaker: str) -> str:
    """One sentence ``speaker`` could say."""
    other = draw(st.sampled_from([p for p in PEOPLE if p != speaker]))
    city, city2 = draw(st.permutations(CITIES))[:2]
    full, short = draw(st.sampled_from(ORGS))
    org2 = draw(st.sampled_from([o for o in ORGS if o[0] != full]))[draw(st.integers(0, 1))]
    kin = draw(st.sampled_from(["sister", "brother"]))
    year, month = draw(st.sampled_from(["2018", "2020", "2022"])), draw(st.sampled_from(MONTHS))
    templates = [
        f"My {kin} {other} lives in {city}.",
        f"{other} is my {kin}.",
        f"I married {other} in {month} {year}.",
        f"{other} and I got married in {year}.",
        f"I work at {full} as an engineer.",
        f"I started working at {short} last year.",
        f"Actually, I work at {org2}, not {short}.",
        f"I moved to {city} in {month} {year}.",
        f"Actually I live in {city2}, not {city}.",
        f"We use {draw(st.sampled_from(['PostgreSQL', 'Postgres', 'postgres']))} at {short}.",
        f"I use {draw(st.sampled_from(['Python', 'python']))} every day.",  # one name, two spellings
        f"I love {draw(st.sampled_from(['hiking', 'Hiking']))}.",
    ]
    return draw(st.sampled_from(templates))


@st.composite
def session(draw: Any, n: int) -> dict:
    turns = []
    for _ in range(draw(st.integers(1, 3))):
        speaker = draw(st.sampled_from(PEOPLE[:3]))
        turns.append({"id": "t1" if not turns else f"t{len(turns) + 1}", "speaker": speaker,
                      "text": draw(sentence(speaker))})
    return {"session_id": f"s{n}", "started_at": draw(st.sampled_from(DATES)).isoformat(), "turns": turns}


@st.composite
def conversations(draw: Any) -> list[dict]:
    """2–6 sessions, some on the same day, every session's first turn called "t1"."""
    return [draw(session(n)) for n in range(draw(st.integers(2, 6)))]


class CachedExtractor:
    """The real extractor, each distinct session extracted once (extraction reads no store)."""

    def __init__(self, extractor: Any) -> None:
        self.extractor, self.cache = extractor, {}  # type: ignore[var-annotated]

    def extract_many(self, sessions: Any) -> Any:
        for s in sessions:
            key = s.model_dump_json()
            if key not in self.cache:
                self.cache[key] = next(iter(self.extractor.extract_many([s])))[1]
            yield s, self.cache[key]


def ingest(store: GraphStore, group: str, extractor: Any, parts: list[list[dict]]) -> Memory:
    """Ingest ``parts`` one after another (each like one file given to ``chronomem ingest``)."""
    mem = Memory(store, group=group, clock=FixedClock(NOW), extractor=extractor, embedder=None)
    for part in parts:
        mem.ingest(part, recorded_at="session")
    return mem


def view(mem: Memory) -> dict[str, Any]:
    """What must not depend on the order: entities, current facts, timelines."""
    store, g = mem.store, mem.group
    entities = {e.id: e for e in store.iter_entities(g)}
    name = {i: e.name for i, e in entities.items()}

    def fact_key(f: Any) -> tuple:
        return (name[f.subject_id], f.predicate, name[f.object_id], f.valid_from, f.valid_to,
                f.valid_from_precision, f.valid_to_precision, f.start_observed, f.confidence,
                tuple(sorted(f.qualifiers.items())), f.statement,
                tuple(sorted((s.session_id, s.turn_id or "") for s in f.sources)))

    def when(t: datetime | None) -> str:
        return "" if t is None else t.isoformat()

    timelines = {e.id: sorted((r.predicate, r.subject, r.object, when(r.valid_from), when(r.valid_to), r.status)
                              for r in mem.timeline(e.name)) for e in entities.values()}
    return {
        "entities": sorted((e.id, e.name, e.type, tuple(e.aliases)) for e in entities.values()),
        "current": sorted(fact_key(f) for f in store.iter_facts(g)),
        "timelines": timelines,
    }
