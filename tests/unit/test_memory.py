from datetime import UTC, datetime

import pytest

from chronomem import FixedClock, InputError, Memory
from chronomem.schema import ExtractionResult


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=UTC)


class NoClaims:
    def extract_many(self, sessions):
        for s in sessions:
            yield s, ExtractionResult()


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store", clock=FixedClock(d(2024, 6)), extractor=NoClaims())
    yield m
    m.close()


def test_import_then_as_of_and_timeline(mem):
    mem.import_facts([
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Madrid", "valid_from": "2025-01-01"},
    ])
    assert [f.object for f in mem.facts("Ana")] == ["Porto"]
    assert [f.object for f in mem.facts("ana", as_of=d(2020))] == ["Lisbon"]
    assert [f.status for f in mem.timeline("Ana")] == ["ended", "current", "future"]
    assert mem.facts("Nobody") == []
    graph = mem.to_networkx(as_of=d(2020))
    assert [data["predicate"] for _, _, data in graph.edges(data=True)] == ["LIVES_IN"]
    began = [e["fact"].object for e in mem.changes(d(2023), d(2024)) if e["change"] == "began"]
    assert began == ["Porto"]



def test_query_times_accept_iso_strings_and_dates(mem):
    """Regression: a string as_of reached the store and failed there with a TypeError."""
    from datetime import date

    mem.import_facts([
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
    ], recorded_at="2024-01-01")
    assert [f.object for f in mem.facts("Ana", as_of="2020-01-01")] == ["Lisbon"]
    assert [f.object for f in mem.facts("Ana", as_of=date(2023, 6, 1))] == ["Porto"]
    assert mem.facts("Ana", known_at="2023-12-31T23:59Z") == []
    assert [e["fact"].object for e in mem.changes("2023-01", "2024-01-01") if e["change"] == "began"] == ["Porto"]
    assert [r.text for r in mem.search("Ana lives", as_of="2020-06-01") if r.kind == "fact"]
    assert "Lisbon" in mem.context("where does Ana live", as_of="2020-06-01")
    assert mem.to_networkx(as_of="2020").number_of_edges() == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"as_of": "last tuesday"}, "last tuesday"),
    ({"as_of": datetime(2020, 1, 1)}, "has no timezone"),
    ({"known_at": 2020}, "not int"),
])
def test_bad_query_times_are_input_errors(mem, kwargs, message):
    with pytest.raises(InputError, match=message):
        mem.facts("Ana", **kwargs)


@pytest.mark.parametrize("bad, message", [
    ({"subject": "A", "predicate": "HAUNTS", "object": "B"}, "unknown predicate"),
    ({"subject": "A", "predicate": "LIVES_IN", "object": "B", "valid_from": "2020-01-01", "valid_to": "2019-01-01"}, "half-open"),
    ({"subject": "A", "predicate": "LIVES_IN", "object": "B", "statement": "x" * 1_000_000}, "at most"),
    ({"subject": "A", "predicate": "LIVES_IN", "object": "B", "valid_from": "not a date"}, "ISO"),
])
def test_bad_import_records_are_input_errors_and_write_nothing(mem, bad, message):
    good = {"subject": "A", "predicate": "LIVES_IN", "object": "C"}
    with pytest.raises(InputError, match=message) as raised:
        mem.import_facts([good, bad])
    assert str(raised.value).startswith("record 2: ") and ": :" not in str(raised.value)
    assert mem.stats()["facts"] == 0


def test_ingest_rejects_naive_datetimes_with_input_error(mem):
    with pytest.raises(InputError, match="timezone"):  # a naive datetime object; a string without an offset is UTC
        mem.ingest([{"session_id": "s", "started_at": datetime(2024, 3, 12, 9), "turns": []}])
    assert mem.stats()["sessions"] == 0


def test_ingest_is_idempotent_and_counts(mem):
    session = {"session_id": "s", "started_at": "2024-03-12T09:00:00Z", "turns": [{"speaker": "u", "text": "hi"}]}
    first = mem.ingest([session])
    assert (first.sessions, first.turns) == (1, 1)
    again = mem.ingest([session])
    assert (again.sessions, again.sessions_skipped, again.turns) == (0, 1, 0)
    assert mem.stats()["turns"] == 1


def test_background_indexing_keeps_up_and_finishes_on_stop(tmp_path):
    from chronomem.graph.embedders import HashingEmbedder

    mem = Memory.open(tmp_path / "store", clock=FixedClock(d(2024, 6)), extractor=NoClaims(), embedder=HashingEmbedder(64))
    try:
        assert mem.start_indexing(interval=0.05) is True
        assert mem.index.status()["worker"] is True
        mem.import_facts([{"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Oslo"} for i in range(20)])
        mem.stop_indexing()  # finishes what the worker had not embedded yet
        assert mem.index.status()["worker"] is False
        assert mem.index.pending_count() == 0
        assert len(mem.index.vectors) == 20 + 21  # 20 facts, 21 entities
        assert mem.catch_up_index() == 0
    finally:
        mem.close()


def test_start_indexing_without_an_embedder_says_so(tmp_path):
    with Memory.open(tmp_path / "store", extractor=NoClaims(), embedder=None) as m:
        assert m.start_indexing() is False
        assert m.stop_indexing() == 0


def test_importing_the_same_records_later_adds_no_fact_versions(mem):
    rows = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
            {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
            {"subject": "Ana", "predicate": "USES", "object": "Redis", "valid_from": "2020", "valid_to": "2021"}]
    seen = []
    first = mem.import_facts(rows, batch_size=2, progress=seen.append)
    assert (first.records, first.facts_added, seen) == (3, 3, [2, 1])
    before = mem.stats()
    again = mem.import_facts(rows, recorded_at=d(2024, 9))
    assert (again.records, again.facts_added, again.facts_closed, again.facts_corrected) == (3, 0, 0, 0)
    assert mem.stats()["fact_versions"] == before["fact_versions"]
    assert again.line().startswith("3 records imported, 0 new entities")
