import json

import click
import pytest
from click.testing import CliRunner

from chronomem.cli import cli

COMMANDS = sorted(cli.commands)  # every registered command, not a hand-kept list


def test_the_commands_are_registered():
    assert {"ingest", "import", "facts", "timeline", "changes", "search", "context", "reindex", "index", "stats",
            "demo"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    """A sentence saying what the command does, and help for each of its options."""
    cmd = cli.commands[command]
    summary = (cmd.help or "").strip()
    assert len(summary.split()) >= 3, f"`chronomem {command}` has no help text (give the function a docstring)"
    result = CliRunner().invoke(cli, [command, "--help"])
    assert result.exit_code == 0
    assert " ".join(summary.split()[:3]) in " ".join(result.output.split())
    undocumented = [p.opts[0] for p in cmd.params if isinstance(p, click.Option) and not (p.help or "").strip()]
    assert not undocumented, f"`chronomem {command}` options without help: {undocumented}"


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
    from chronomem.graph.embedders import installed_minilm

    if installed_minilm() is None:
        assert "no embedding model installed" in result.output
        return
    assert "side-index caught up" in result.output
    assert runner.invoke(cli, [*store, "index"]).output.strip() == "indexed 0 new items"


def _fact_file(tmp_path, n):
    path = tmp_path / "facts.jsonl"
    path.write_text("".join(json.dumps({"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Lisbon",
                                        "valid_from": "2020-01-01"}) + "\n" for i in range(n)))
    return path


def test_import_counts_the_file_for_its_bar_only_when_a_bar_is_drawn(tmp_path, monkeypatch):
    import chronomem.extract.parse.importer as importer
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


# ---------------------------------------------------------------- Neo4j settings from the environment
class _RefusingNeo4j:
    """Stands in for Neo4jGraphStore: says what it was opened with, then fails like an unreachable server."""

    def __init__(self, uri, *, user=None, password=None, database=None, vocabulary=None):
        from chronomem.errors import StoreError

        raise StoreError(f"would connect to {uri} as {user}/{password}")


@pytest.fixture
def neo4j_env(monkeypatch):
    import chronomem.graph.neo4j_store as neo4j_store

    monkeypatch.setattr(neo4j_store, "Neo4jGraphStore", _RefusingNeo4j)
    for name in ("NEO4J_URI", "CHRONOMEM_NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "CHRONOMEM_STORE", "CHRONOMEM_GROUP"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize("variable", ["NEO4J_URI", "CHRONOMEM_NEO4J_URI"])
def test_neo4j_uri_and_credentials_come_from_the_environment(neo4j_env, variable):
    neo4j_env.setenv(variable, "bolt://db.example:7687")
    neo4j_env.setenv("NEO4J_USER", "reader")
    neo4j_env.setenv("NEO4J_PASSWORD", "s3cret")
    result = CliRunner().invoke(cli, ["stats"])
    assert result.exit_code == 2 and "would connect to bolt://db.example:7687 as reader/s3cret" in result.output


def test_a_named_store_wins_over_neo4j_uri(neo4j_env, tmp_path):
    neo4j_env.setenv("NEO4J_URI", "bolt://db.example:7687")
    path = _fact_file(tmp_path, 1)
    assert CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "import", str(path)]).exit_code == 0
    neo4j_env.setenv("CHRONOMEM_STORE", str(tmp_path / "db"))
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["facts"] == 1


def test_the_group_comes_from_chronomem_group(neo4j_env, tmp_path):
    store = ["--store", str(tmp_path / "db")]
    neo4j_env.setenv("CHRONOMEM_GROUP", "team-a")
    assert CliRunner().invoke(cli, [*store, "import", str(_fact_file(tmp_path, 1))]).exit_code == 0
    assert "P0 LIVES_IN" in CliRunner().invoke(cli, [*store, "facts", "P0"]).output
    assert "P0 LIVES_IN" in CliRunner().invoke(cli, [*store, "--group", "team-a", "facts", "P0"]).output
    neo4j_env.delenv("CHRONOMEM_GROUP")
    other = CliRunner().invoke(cli, [*store, "facts", "P0"])  # the default group holds nothing: say so
    assert other.exit_code == 2 and "no group 'default' in this store; groups: 'team-a'" in other.output


def test_an_authentication_failure_says_so(monkeypatch):
    import neo4j
    from neo4j.exceptions import AuthError

    class Driver:
        def verify_connectivity(self):
            raise AuthError("The client is unauthorized due to authentication failure.")

        def close(self):
            pass

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth=None, **config: Driver())
    monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    result = CliRunner().invoke(cli, ["--neo4j", "bolt://db.example:7687", "stats"])
    assert result.exit_code == 2
    assert "refused the credentials (user 'neo4j' with no password)" in result.output
    assert "NEO4J_PASSWORD" in result.output and "start Neo4j" not in result.output


# ---------------------------------------------------------------- ingest: standard input, format hints
SESSION = {"session_id": "s1", "started_at": "2024-03-12T09:00:00Z",
           "turns": [{"id": "s1:1", "speaker": "Ana", "text": "I moved to Lisbon in May 2021."}]}
SESSION_2 = {**SESSION, "session_id": "s2", "turns": [{"id": "s2:1", "speaker": "Ben", "text": "Hello."}]}


def test_ingest_dash_reads_standard_input(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    jsonl = json.dumps(SESSION) + "\n" + json.dumps(SESSION_2) + "\n"
    result = CliRunner().invoke(cli, [*store, "ingest", "-"], input=jsonl)
    assert result.exit_code == 0, result.output
    assert "2 sessions" in result.output
    text = "Ana: I moved to Porto in June 2023.\n"
    result = CliRunner().invoke(cli, [*store, "ingest", "--session-time", "2024-04-01", "-"], input=text)
    assert result.exit_code == 0 and "1 sessions" in result.output
    assert "Porto" in CliRunner().invoke(cli, [*store, "facts", "Ana"]).output


@pytest.mark.parametrize("name, content, fmt, suggested", [
    ("s.jsonl", json.dumps(SESSION) + "\n" + json.dumps(SESSION_2) + "\n", "json", "jsonl"),
    ("s.json", json.dumps(SESSION) + "\n" + json.dumps(SESSION_2) + "\n", "auto", "jsonl"),
    ("s.jsonl", json.dumps([SESSION, SESSION_2], indent=2), "auto", "json"),
    ("s.json", json.dumps([SESSION, SESSION_2], indent=2), "jsonl", "json"),
    ("s.txt", json.dumps(SESSION, indent=2), "auto", "json"),
])
def test_a_format_mismatch_suggests_the_right_format(tmp_path, name, content, fmt, suggested):
    path = tmp_path / name
    path.write_text(content)
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "ingest", "--format", fmt, str(path)])
    assert result.exit_code == 2
    assert f"use --format {suggested}" in result.output
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "ingest", "--format", suggested, str(path)])
    assert result.exit_code == 0, result.output


def test_no_format_hint_when_the_format_is_right(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"session_id": "s1", "turns": []}) + "\n" + json.dumps(SESSION) + "\n")
    result = CliRunner().invoke(cli, ["--store", str(tmp_path / "db"), "ingest", str(path)])
    assert result.exit_code == 2 and "skipped" in result.output and "--format" not in result.output


# ---------------------------------------------------------------- no silent empty answers
def test_reading_an_unknown_group_lists_the_groups_and_suggests_the_case(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    assert CliRunner().invoke(cli, [*store, "--group", "Team-A", "import", str(_fact_file(tmp_path, 1))]).exit_code == 0
    for command in (["facts", "P0"], ["timeline", "P0"], ["changes", "2000-01-01"], ["search", "P0"],
                    ["context", "P0"]):
        r = CliRunner().invoke(cli, [*store, "--group", "team-a", *command])
        assert r.exit_code == 2, command
        assert "no group 'team-a'" in r.output and "did you mean 'Team-A'" in r.output and "Traceback" not in r.output
    assert CliRunner().invoke(cli, [*store, "--group", "Team-A", "facts", "P0"]).exit_code == 0


def test_a_search_without_hits_says_so_on_stderr(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    assert CliRunner().invoke(cli, [*store, "import", str(_fact_file(tmp_path, 1))]).exit_code == 0
    r = CliRunner().invoke(cli, [*store, "search", "where does P0 live", "--as-of", "2019-01-01"])
    assert r.exit_code == 0 and r.stdout == "" and "no hits for 'where does P0 live' as of 2019-01-01" in r.stderr


def test_an_unknown_predicate_exits_2_with_the_closest_names(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    assert CliRunner().invoke(cli, [*store, "import", str(_fact_file(tmp_path, 1))]).exit_code == 0
    for command in ("facts", "timeline"):
        r = CliRunner().invoke(cli, [*store, command, "P0", "--predicate", "LIVESIN"])
        assert r.exit_code == 2 and "did you mean LIVES_IN?" in r.stderr and "WORKS_AT" in r.stderr, command


def test_known_at_before_anything_was_recorded_says_when_the_first_record_was(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    assert CliRunner().invoke(cli, [*store, "import", str(_fact_file(tmp_path, 1))]).exit_code == 0
    r = CliRunner().invoke(cli, [*store, "facts", "P0", "--known-at", "2001-01-01"])
    assert r.exit_code == 0 and "nothing had been recorded yet" in r.stdout and "was recorded at 20" in r.stdout
    r = CliRunner().invoke(cli, [*store, "search", "P0", "--known-at", "2001-01-01", "--json"])
    assert json.loads(r.stdout) == [] and "nothing had been recorded yet" in r.stderr
    assert "nothing had been recorded" not in CliRunner().invoke(cli, [*store, "facts", "P0"]).stderr


@pytest.mark.parametrize("content", ["", "\n  \n"])
def test_empty_input_files_are_reported_and_exit_2(tmp_path, content):
    store = ["--store", str(tmp_path / "db")]
    empty = tmp_path / "empty.jsonl"
    empty.write_text(content)
    r = CliRunner().invoke(cli, [*store, "import", str(empty)])
    assert r.exit_code == 2 and f"{empty} is empty: nothing to import" in r.stderr
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", str(empty)])
    assert r.exit_code == 2 and f"skipped {empty}: the input is empty" in r.stderr
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", "-"], input=content)
    assert r.exit_code == 2 and "skipped standard input: the input is empty" in r.stderr
    array = tmp_path / "none.json"
    array.write_text("[]")
    r = CliRunner().invoke(cli, [*store, "ingest", "-q", str(array)])
    assert r.exit_code == 2 and f"skipped {array}: no sessions in it" in r.stderr


def test_when_answers_with_the_evidence_plain_and_json(tmp_path):
    session = tmp_path / "s.json"
    session.write_text(json.dumps({"session_id": "s1", "started_at": "2023-05-25T13:00:00Z", "turns": [
        {"speaker": "Tom", "text": "I ran a charity race for the animal shelter last Saturday."}]}))
    store = ["--store", str(tmp_path / "db")]
    runner = CliRunner()
    assert runner.invoke(cli, [*store, "ingest", "--no-index", "-q", str(session)]).exit_code == 0
    plain = runner.invoke(cli, [*store, "when", "When did Tom run the charity race?"])
    assert plain.exit_code == 0, plain.output
    first = plain.output.splitlines()
    assert "2023-05-20 (last Saturday, said 2023-05-25)" in first[0]
    assert any(line.strip().startswith("Tom: I ran a charity race") for line in first[1:3])
    out = runner.invoke(cli, [*store, "when", "When did Tom run the charity race?", "--json", "-k", "1"])
    (answer,) = json.loads(out.output)
    assert (answer["start"], answer["end"], answer["granularity"], answer["phrase"]) == ("2023-05-20", "2023-05-20",
                                                                                      "day", "last Saturday")
    assert answer["evidence"]["turn_id"] == "s1:1" and answer["fact"]["predicate"] == "DID"
    none = runner.invoke(cli, [*store, "when", "When did the volcano erupt?"])
    assert none.exit_code == 0 and "no dated answer" in none.output


def test_the_readme_cli_block_lists_every_command():
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Command line", 1)[1].split("```", 2)[1]
    listed = {word for line in block.splitlines()[2:] for word in line.replace("|", " ").split()[:6]}
    assert set(COMMANDS) <= listed, sorted(set(COMMANDS) - listed)
