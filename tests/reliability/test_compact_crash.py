"""kill -9 during ``chronomem compact``, on both backends: the store stays intact, every transaction of
evictions is whole (a turn is gone exactly when its eviction is recorded), facts are untouched, and
compacting again finishes the work, leaving no trace of the evicted text. (The long reliability
suite: ``-m reliability``.)"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from chronomem import FixedClock, Memory
from chronomem.schema import Claim, Entity, ExtractionResult, Mention, Session, Source, Turn, entity_id
from tests.contract.test_forget_contract import traces

pytestmark = pytest.mark.reliability

START = datetime(2024, 1, 1, 9, tzinfo=timezone.utc)
CITIES = ["Lisbon", "Porto", "Madrid", "Berlin", "Oslo", "Quito"]
SESSIONS, CHATTER, FACTS = 1_200, 8, 2  # 12,000 turns: 9,600 of chatter, each with a word of its own


def nonce(n: int) -> str:
    return f"zq{n}vx"


def write_corpus(mem: Memory) -> None:
    """Sessions of chatter (each turn saying a word found nowhere else) and of moves (facts)."""
    g = mem.group
    for s in range(SESSIONS):
        name = f"Person{s % 100}"  # a hundred people: slots of a few dozen claims each
        person = Entity(id=entity_id(g, name), group_id=g, name=name, type="PERSON")
        at = START + timedelta(hours=s)
        sid = f"s{s}"
        turns = [Turn(id=f"{sid}:c{i}", speaker="Bo", text=f"haha {nonce(s * CHATTER + i)}", at=at) for i in range(CHATTER)]
        claims, mentions, entities = [], [], [person]
        for i in range(FACTS):
            city = Entity(id=entity_id(g, CITIES[(s + i) % 6]), group_id=g, name=CITIES[(s + i) % 6], type="PLACE")
            tid = f"{sid}:f{i}"
            turns.append(Turn(id=tid, speaker=name, text=f"I moved to {city.name} last week, for good.", at=at))
            claims.append(Claim(group_id=g, subject_id=person.id, predicate="LIVES_IN", object_id=city.id,
                                statement=f"{name} lives in {city.name}", at=at - timedelta(days=7), said_at=at,
                                sources=[Source(session_id=sid, turn_id=tid)]))
            mentions.append(Mention(turn_id=tid, entity_id=city.id))
            entities.append(city)
        mem.clock.at = at  # type: ignore[attr-defined]
        mem.write_extracted(Session(session_id=sid, group_id=g, started_at=at, turns=turns),
                            ExtractionResult(entities=entities, claims=claims, mentions=mentions))


def facts_of(mem: Memory) -> list[tuple]:
    return sorted((f.id, f.statement, str(f.valid_from), str(f.valid_to), str(f.recorded_at), str(f.expired_at),
                   tuple((s.session_id, s.turn_id) for s in f.sources))
                  for f in mem.store.iter_facts(mem.group, include_expired=True))


def whole_transactions(mem: Memory) -> int:
    """Every turn is either stored or recorded as evicted, never both nor neither; the count evicted."""
    chatter = [f"s{s}:c{i}" for s in range(SESSIONS) for i in range(CHATTER)]
    stored = set(mem.store.get_turns(mem.group, chatter))
    evicted = set(mem.store.evictions(mem.group, chatter))  # type: ignore[attr-defined]
    assert not stored & evicted and stored | evicted == set(chatter)
    assert sum(e.counts["turns"] for e in mem.erasures()) == len(evicted)
    return len(evicted)


def cli(target: list[str], *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "chronomem.cli", *target, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ.copy())


@pytest.mark.parametrize("backend", ["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def test_kill_during_compact_then_compact_again(tmp_path: Path, backend: str) -> None:
    clock = FixedClock(START)
    if backend == "embedded":
        target, group = ["--store", str(tmp_path / "store")], "default"
        mem = Memory.open(tmp_path / "store", clock=clock, embedder=None)
    else:
        from tests.conftest import neo4j_or_skip

        group = f"compact-{uuid.uuid4().hex[:10]}"
        target = ["--neo4j", os.environ["NEO4J_URI"], "--group", group]
        mem = Memory(neo4j_or_skip(), group=group, clock=clock, embedder=None)
    try:
        write_corpus(mem)
        before = facts_of(mem)
        # room for the moves only: every turn of chatter goes. Not consolidating: each person repeats each move
        # word for word in four sessions, and merging those (evicted too, before the cap) is not what is tested here
        mem.set_policy(max_turns=SESSIONS * FACTS, consolidate=False)
        proc = cli(target, "compact", "-q")
        deadline = time.monotonic() + 300
        while not mem.erasures() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.kill()  # SIGKILL after the first transaction of evictions: no cleanup, no rollback
        proc.wait()
        if backend == "embedded":
            db = sqlite3.connect(tmp_path / "store" / "memory.sqlite")
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            db.close()
        assert 0 < whole_transactions(mem) < SESSIONS * CHATTER, "the kill did not land during the compaction"
        assert facts_of(mem) == before
        out, err = cli(target, "compact", "-q").communicate(timeout=900)
        assert b"Traceback" not in err, err.decode()[-2000:]
        assert whole_transactions(mem) == SESSIONS * CHATTER
        assert mem.stats()["turns"] == SESSIONS * FACTS and facts_of(mem) == before
        assert {e.kind for e in mem.erasures()} == {"retention"}
        found = [n for n in range(0, SESSIONS * CHATTER, 97) if traces(mem.store, nonce(n))]
        assert found == [], f"evicted text still in the store: {[nonce(n) for n in found[:5]]}"
    finally:
        if backend == "neo4j":
            mem.store.delete_group(group)
        mem.close()

