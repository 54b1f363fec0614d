import json

import pytest
from click.testing import CliRunner

from chronomem.cli import cli

COMMANDS = ["ingest", "import", "facts", "timeline", "changes", "search", "context", "reindex", "index", "stats", "demo"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = CliRunner().invoke(cli, [command, "--help"])
    assert result.exit_code == 0
    assert len(result.output.splitlines()) > 3


def test_import_facts_timeline_json(tmp_path):
    path = tmp_path / "facts.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01", "valid_to": "2023-05-01"},
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
    ]))
    store = ["--store", str(tmp_path / "db")]
    runner = CliRunner()
    result = runner.invoke(cli, [*store, "import", str(path)])
    assert result.exit_code == 0
    assert result.output.startswith("2 records imported, 3 new entities; facts: 2 added")
    out = runner.invoke(cli, [*store, "facts", "Ana", "--as-of", "2020-06-01", "--json"])
    (fact,) = json.loads(out.output)
    for key in ["id", "subject", "predicate", "object", "statement", "valid_from", "valid_to", "recorded_at", "expired_at", "sources"]:
        assert key in fact
    assert fact["object"] == "Lisbon"
    tl = runner.invoke(cli, [*store, "timeline", "Ana"])
    assert "Lisbon" in tl.output and "Porto" in tl.output and "now" in tl.output


def test_bad_input_is_one_line_without_traceback(tmp_path):
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "facts", "Ana", "--as-of", "yesterday-ish"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "ISO" in result.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"subject": "A", "predicate": "HAUNTS", "object": "B"}\n')
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "import", str(bad)])
    assert result.exit_code == 2 and "unknown predicate" in result.output and "Traceback" not in result.output


def test_ingest_with_index_leaves_nothing_pending(tmp_path):
    session = {"session_id": "s1", "started_at": "2024-03-12T09:00:00Z",
               "turns": [{"speaker": "user", "text": "I live in Toronto and I work at Shopify."}]}
    path = tmp_path / "s1.json"
    path.write_text(json.dumps(session))
    store = ["--store", str(tmp_path / "db")]
    runner = CliRunner()
    result = runner.invoke(cli, [*store, "ingest", "--index", str(path)])
    assert result.exit_code == 0, result.output
    from chronomem.graph.embedders import MiniLmEmbedder

    if not MiniLmEmbedder.available():
        assert "no embedder installed" in result.output
        return
    assert "side-index caught up" in result.output
    assert runner.invoke(cli, [*store, "index"]).output.strip() == "indexed 0 new items"


def _fact_file(tmp_path, n):
    path = tmp_path / "facts.jsonl"
    path.write_text("".join(json.dumps({"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Lisbon",
                                        "valid_from": "2020-01-01"}) + "\n" for i in range(n)))
    return path


def test_import_counts_the_file_for_its_bar_only_when_a_bar_is_drawn(tmp_path, monkeypatch):
    import chronomem.extract.importer as importer
    import chronomem.progress as progress

    counted = []
    real_count = importer.count_fact_records
    monkeypatch.setattr(importer, "count_fact_records", lambda path: counted.append(path) or real_count(path))
    path = _fact_file(tmp_path, 3)
    store = ["--store", str(tmp_path / "db")]
    result = CliRunner().invoke(cli, [*store, "import", str(path)])  # stderr is not a terminal here
    assert result.exit_code == 0 and counted == []

    drawn = []
    monkeypatch.setattr(progress, "draws_bars", lambda *, quiet=False: not quiet)
    monkeypatch.setattr(progress, "_rich_bar", _recording_bar(drawn))
    result = CliRunner().invoke(cli, [*store, "import", str(path)])
    assert result.exit_code == 0 and counted == [path]
    assert drawn == [("importing", 3, 3)]  # total from the count, advanced by every record
    result = CliRunner().invoke(cli, [*store, "import", "--quiet", str(path)])
    assert result.exit_code == 0 and counted == [path] and len(drawn) == 1


def _recording_bar(drawn):
    from contextlib import contextmanager

    class Bar:
        def __init__(self, description, total):
            self.description, self.total, self.done = description, total, 0

        def advance(self, task, n):
            self.done += n

    @contextmanager
    def bar(description, total):
        b = Bar(description, total)
        yield b, None
        drawn.append((b.description, b.total, b.done))

    return bar


def test_search_lines_say_when_each_hit_holds(tmp_path):
    sessions = tmp_path / "s.jsonl"
    sessions.write_text(json.dumps({"session_id": "s1", "started_at": "2024-03-12T09:00:00Z", "turns": [
        {"id": "s1:1", "speaker": "Ana", "text": "I moved to Lisbon in May 2021."},
        {"id": "s1:2", "speaker": "Ben", "text": "Lisbon sounds lovely."}]}) + "\n")
    store = ["--store", str(tmp_path / "db")]
    runner = CliRunner()
    assert runner.invoke(cli, [*store, "ingest", str(sessions)]).exit_code == 0
    result = runner.invoke(cli, [*store, "search", "Lisbon", "-k", "5"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    fact = next(line for line in lines if "  fact  " in line)
    assert "2021-05-01 → now" in fact and fact.endswith("Ana lives in Lisbon")
    turn = next(line for line in lines if "  turn  " in line and "lovely" in line)
    assert "2024-03-12" in turn and turn.endswith("Ben: Lisbon sounds lovely.")


@pytest.mark.parametrize("command", [["facts", "Ana"], ["timeline", "Ana"], ["changes", "2024-01-01"], ["search", "Ana"],
                                     ["context", "Ana"], ["stats"], ["index"], ["reindex"]])
def test_reading_commands_refuse_a_store_that_does_not_exist(tmp_path, command):
    missing = tmp_path / "typo"
    result = CliRunner().invoke(cli, ["--store", str(missing), *command])
    assert result.exit_code == 2 and f"no store at {missing / 'memory.sqlite'}" in result.output
    assert not missing.exists()  # nothing made at the mistyped path


def test_writing_commands_create_the_store(tmp_path):
    path = _fact_file(tmp_path, 1)
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "new.sqlite"), "import", str(path)])
    assert result.exit_code == 0 and (tmp_path / "new.sqlite").exists()
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "new.sqlite"), "stats"])
    assert result.exit_code == 0 and "facts" in result.output


def _sessions_with_a_bad_line(tmp_path):
    path = tmp_path / "mixed.jsonl"
    good = {"session_id": "s1", "started_at": "2024-03-12T09:00:00Z",
            "turns": [{"id": "s1:1", "speaker": "Ana", "text": "I moved to Lisbon in May 2021."}]}
    path.write_text(json.dumps(good) + "\n" + '{"session_id": "s2", "turns": [\n')
    return path


def test_ingest_skips_a_malformed_session_ingests_the_rest_and_exits_2(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    result = CliRunner().invoke(cli, [*store, "ingest", str(_sessions_with_a_bad_line(tmp_path))])
    assert result.exit_code == 2, result.output
    assert "skipped" in result.output and "mixed.jsonl:2" in result.output
    assert "1 sessions" in result.output
    stats = json.loads(CliRunner().invoke(cli, [*store, "stats", "--json"]).output)
    assert stats["sessions"] == 1


def test_strict_ingest_refuses_the_whole_run_and_exits_2(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    result = CliRunner().invoke(cli, [*store, "ingest", "--strict", str(_sessions_with_a_bad_line(tmp_path))])
    assert result.exit_code == 2 and "nothing ingested (--strict)" in result.output
    stats = json.loads(CliRunner().invoke(cli, [*store, "stats", "--json"]).output)
    assert stats["sessions"] == 0
