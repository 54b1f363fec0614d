"""Neo4j reads run as auto-commit statements and fall back to a managed, retried read transaction
on transient failures (no server needed: the driver is a stand-in)."""

from __future__ import annotations

from typing import Any

import neo4j
import pytest
from neo4j.exceptions import ClientError, SessionExpired

from chronomem.errors import StoreError
from chronomem.graph.neo4j_store import Neo4jGraphStore


class FakeSession:
    def __init__(self, driver: FakeDriver, access: str | None) -> None:
        self.driver, self.access = driver, access

    def __enter__(self) -> FakeSession:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def run(self, statement: str, params: dict[str, Any]) -> list[dict]:
        self.driver.calls.append(("run", self.access))
        failure = self.driver.failures.pop(0) if self.driver.failures else None
        if failure is not None:
            raise failure
        return [{"statement": statement, **params}]

    def execute_read(self, work: Any) -> list[dict]:
        self.driver.calls.append(("execute_read", self.access))
        return work(self)


class FakeDriver:
    def __init__(self, failures: list[Exception]) -> None:
        self.failures, self.calls = failures, []

    def session(self, *, database: str | None = None, fetch_size: int = 1000,
                default_access_mode: str | None = None) -> FakeSession:
        return FakeSession(self, default_access_mode)


def store_with(failures: list[Exception]) -> tuple[Neo4jGraphStore, FakeDriver]:
    store = Neo4jGraphStore.__new__(Neo4jGraphStore)
    store.uri, store.database = "bolt://fake", None
    store._driver = driver = FakeDriver(failures)  # type: ignore[assignment]
    return store, driver


def test_a_read_is_one_auto_commit_statement_in_read_mode():
    store, driver = store_with([])
    assert store._read("RETURN $x", x=1) == [{"statement": "RETURN $x", "x": 1}]
    assert driver.calls == [("run", neo4j.READ_ACCESS)]


def test_a_transient_failure_falls_back_to_a_managed_read_transaction():
    store, driver = store_with([SessionExpired("connection dropped")])
    assert store._read("RETURN $x", x=2) == [{"statement": "RETURN $x", "x": 2}]
    assert [name for name, _ in driver.calls] == ["run", "execute_read", "run"]


def test_other_server_errors_are_store_errors():
    store, _ = store_with([ClientError("syntax error")])
    with pytest.raises(StoreError, match="Neo4j query failed"):
        store._read("RETURN")


class CountingResult:
    """Records handed out one at a time, counting how many the consumer has taken."""

    def __init__(self, n: int) -> None:
        self.n, self.taken = n, 0

    def __iter__(self):
        for i in range(self.n):
            self.taken += 1
            yield {"i": i}


def test_whole_group_reads_stream_instead_of_holding_every_record(monkeypatch):
    store, driver = store_with([])
    result = CountingResult(10_000)
    monkeypatch.setattr(FakeSession, "run", lambda self, statement, params: (driver.calls.append(("run", self.access)), result)[1])
    stream = store._stream("MATCH (n) RETURN n")
    assert [next(stream)["i"] for _ in range(3)] == [0, 1, 2]
    assert result.taken == 3  # not all 10,000 read before the first is used
    assert driver.calls == [("run", neo4j.READ_ACCESS)]
