"""Times in session files (issue 28, defect 6): without an offset they are UTC, as the README says
and as MCP reads them; a date alone is midnight UTC. A naive ``datetime`` object in the API stays an error."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from click.testing import CliRunner

from chronomem import Memory
from chronomem.cli import cli
from chronomem.errors import InputError


@pytest.mark.parametrize(("given", "stored"), [("2024-09-01T10:00:00", datetime(2024, 9, 1, 10, tzinfo=timezone.utc)),
                                               ("2024-09-01", datetime(2024, 9, 1, tzinfo=timezone.utc))])
def test_a_session_file_time_without_an_offset_is_utc(tmp_path, given, stored):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"session_id": "s1", "started_at": given,
                                "turns": [{"speaker": "user", "text": "I live in Quito.", "at": given}]}))
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "m"), "ingest", "-q", "--no-index", str(path)])
    assert result.exit_code == 0, result.output
    assert "1 sessions" in result.output and "skipped" not in result.output
    with Memory.open(tmp_path / "m", embedder=None) as mem:
        (session,) = mem.sessions()
        assert session.started_at == stored
        assert mem.store.get_turns(mem.group, ["s1:1"])["s1:1"].at == stored


def test_a_naive_datetime_object_is_still_refused():
    with Memory.open(":memory:", embedder=None) as mem, pytest.raises(InputError, match="timezone"):
        mem.ingest([{"session_id": "s", "started_at": datetime(2024, 9, 1), "turns": []}])
