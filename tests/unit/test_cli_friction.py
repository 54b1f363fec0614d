"""What trying the CLI as a new user ran into (issue 28, friction), each fixed and pinned here."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from chronomem.cli import cli

HOME = [{"session_id": "a", "started_at": "2023-06-01T10:00:00Z", "turns": [{"speaker": "user", "text": "I live in Toronto."}]},
        {"session_id": "b", "started_at": "2024-03-12T10:00:00Z",
         "turns": [{"speaker": "user", "text": "I moved to Vancouver last week!"}]}]


@pytest.fixture
def store(tmp_path, monkeypatch):
    for variable in ("NEO4J_URI", "CHRONOMEM_STORE", "CHRONOMEM_GROUP"):
        monkeypatch.delenv(variable, raising=False)
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(json.dumps(s) for s in HOME))
    store = str(tmp_path / "m")
    assert CliRunner().invoke(cli, ["--store", store, "ingest", "-q", "--no-index", str(path)]).exit_code == 0
    return store


def run(store, *args):
    return CliRunner().invoke(cli, ["--store", store, *args])


def test_known_at_before_an_ordinary_ingest_says_when_and_how_to_backfill_on_stdout(store):
    result = run(store, "facts", "user", "--known-at", "2024-01-01")
    assert "the first fact of group 'default' was recorded at" in result.stdout
    assert "--recorded-at session" in result.stdout and "backfill" in result.stdout


def test_an_unknown_entity_is_said_to_be_unknown_not_empty_at_that_time(store):
    assert run(store, "facts", "Maya").stdout.startswith("no entity called 'Maya' in group 'default'")
    assert run(store, "timeline", "Maya").stdout.startswith("no entity called 'Maya'")


def test_entities_sessions_and_erasures_list_what_the_group_holds(store):
    assert {line.split()[-1] for line in run(store, "entities").stdout.splitlines()} == {"Toronto", "Vancouver", "user"}
    assert run(store, "entities", "toronto").stdout.split() == ["PLACE", "Toronto"]
    assert [line.split()[1] for line in run(store, "sessions").stdout.splitlines()] == ["a", "b"]
    assert run(store, "erasures").stdout.strip() == "no erasures"
    assert run(store, "forget", "--yes", "--session", "a").exit_code == 0
    (line,) = run(store, "erasures").stdout.splitlines()
    assert " session " in line and "by cli" in line and "'a'" not in line


def test_facts_show_short_ids_that_retract_accepts(store):
    (line,) = run(store, "facts", "user").stdout.splitlines()
    short = line.split()[0]
    assert short.startswith("f_") and len(short) == 10 and "Vancouver" in line
    result = run(store, "retract", short)
    assert result.exit_code == 0, result.output
    assert run(store, "facts", "user", "-p", "LIVES_IN").stdout.split()[3] == "Toronto"  # what Vancouver had closed


def test_timeline_all_shows_each_version_once(tmp_path, store):
    again = tmp_path / "again.jsonl"  # a restatement adds a source: a new version of the same value and interval
    again.write_text("\n".join(json.dumps({"session_id": sid, "started_at": at, "turns": [{"speaker": "user", "text": text}]})
                               for sid, at, text in [("w1", "2024-01-05T10:00:00Z", "I work at Fernwood Labs."),
                                                     ("w2", "2024-02-05T10:00:00Z", "I work at Fernwood Labs and I love it.")]))
    run(store, "ingest", "-q", "--no-index", str(again))
    rows = [line.split(None, 1)[1] for line in run(store, "timeline", "user", "--all").stdout.splitlines()]
    assert any("Fernwood Labs" in row for row in rows)
    assert len(rows) == len({row.split("[")[0].strip() for row in rows})  # no value and interval twice


def test_the_demo_suggests_commands_on_its_own_store(tmp_path, monkeypatch):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    store = str(tmp_path / "demo")
    out = CliRunner().invoke(cli, ["--store", store, "demo", "-q"]).stdout
    assert f"Try: chronomem --store {store} timeline Sam --all" in out


def test_a_lone_speaker_introducing_themself_becomes_findable_by_that_name(tmp_path, monkeypatch):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    path = tmp_path / "maya.json"
    path.write_text(json.dumps({"session_id": "m1", "started_at": "2024-01-05T10:00:00Z",
                                "turns": [{"speaker": "user", "text": "Hi, I'm Maya."},
                                          {"speaker": "user", "text": "I live in Lisbon."}]}))
    store = str(tmp_path / "m")
    assert CliRunner().invoke(cli, ["--store", store, "ingest", "-q", "--no-index", str(path)]).exit_code == 0
    assert "user LIVES_IN Lisbon" in run(store, "facts", "Maya").stdout
