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
    assert runner.invoke(cli, [*store, "import", str(path)]).exit_code == 0
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
