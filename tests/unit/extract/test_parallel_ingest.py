"""--workers N gives exactly the single-process result."""

from datetime import datetime, timedelta, timezone

from chronomem import FixedClock, Memory, Session, Turn
from chronomem.demo import example_sessions


def snapshot(mem):
    facts = sorted(mem.store.iter_facts(mem.group, include_expired=True), key=lambda f: f.id)
    return [f.model_dump() for f in facts], mem.stats()


def test_two_workers_write_what_one_writes(tmp_path):
    sessions = example_sessions()
    # more sessions than one chunk, so several workers really share the work
    sessions += [Session(session_id=f"{s.session_id}-copy{n}", started_at=s.started_at + timedelta(days=n), metadata=s.metadata,
                         turns=[Turn(speaker=t.speaker, text=t.text) for t in s.turns])
                 for n in range(1, 4) for s in example_sessions()]
    clock = FixedClock(datetime(2024, 6, 1, tzinfo=timezone.utc))
    results = []
    for workers in (1, 2):
        with Memory.open(tmp_path / f"w{workers}", clock=clock) as mem:
            summary = mem.ingest(sessions, workers=workers, recorded_at="session")
            assert summary.sessions == len(sessions)
            results.append(snapshot(mem))
    assert results[0] == results[1]
    assert results[0][1]["facts"] > 10
