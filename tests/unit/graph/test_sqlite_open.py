"""Opening the embedded store while other processes create it at the same time."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from chronomem.errors import StoreError
from chronomem.graph import sqlite_store
from chronomem.graph.sqlite_store import SqliteGraphStore


def test_a_store_being_created_elsewhere_is_waited_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = sqlite_store.migrate_claims
    calls = []

    def locked_once(db: sqlite3.Connection) -> bool:
        calls.append(1)
        if len(calls) == 1:  # what SQLite answers while another process switches the new file to WAL
            raise sqlite3.OperationalError("database is locked")
        return real(db)

    monkeypatch.setattr(sqlite_store, "migrate_claims", locked_once)
    with SqliteGraphStore(tmp_path / "memory.sqlite") as store:
        assert store.stats("default")["facts"] == 0
    assert len(calls) == 2


def test_a_lock_that_outlasts_the_wait_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def always_locked(db: sqlite3.Connection) -> bool:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(sqlite_store, "migrate_claims", always_locked)
    monkeypatch.setattr(sqlite_store, "OPEN_WAIT_SECONDS", 0.2)
    with pytest.raises(StoreError, match="cannot open the embedded store .*database is locked"):
        SqliteGraphStore(tmp_path / "memory.sqlite")
