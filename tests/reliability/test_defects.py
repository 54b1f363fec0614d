"""Regressions for the defects the hostile corpus found, one test each."""

from __future__ import annotations

import json

import pytest

from chronomem import Memory
from chronomem.errors import InputError
from chronomem.extract.parse.importer import read_fact_records
from chronomem.extract.parse.readers import read_json, read_jsonl
from chronomem.schema.models import validate_session
from chronomem.schema.timeutil import parse_time

SESSION = {"session_id": "s", "started_at": "2024-01-01T00:00:00Z", "turns": [{"speaker": "Ana", "text": "hi"}]}


@pytest.mark.parametrize("value", [7, 1.5, True, ["2024"], {"y": 2024}])
def test_a_time_of_the_wrong_type_is_an_input_error_not_an_attribute_error(value):
    with pytest.raises(InputError, match="as a time"):
        parse_time(value)


def test_deeply_nested_json_is_a_clear_error_not_a_recursion_error(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    assert [r.error for r in read_json(deep, name="f")] == ["JSON nested too deeply to read"]
    assert [r.error for r in read_jsonl(deep, name="f")] == ["JSON nested too deeply to read"]
    path = tmp_path / "facts.jsonl"
    path.write_text(deep)
    with pytest.raises(InputError, match="facts.jsonl:1: JSON nested too deeply"):
        list(read_fact_records(path))


def test_an_import_file_that_is_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "facts.jsonl"
    path.write_bytes(b'{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}\n{"subject": "Lis\xc3(bon"}\n')
    with pytest.raises(InputError, match=r"facts.jsonl:2: not UTF-8 text"):
        list(read_fact_records(path))


@pytest.mark.parametrize("where", ["session_id", "text", "metadata"])
def test_a_lone_surrogate_is_refused_before_it_reaches_a_store(where):
    bad = json.loads(json.dumps(SESSION))
    if where == "text":
        bad["turns"][0]["text"] = "hi \ud800"
    elif where == "metadata":
        bad["metadata"] = {"k": "\udfff"}
    else:
        bad["session_id"] = "s\ud800"
    with pytest.raises(InputError, match="lone surrogate|unicode string"):  # pydantic refuses str fields itself
        validate_session(bad)


def test_reads_with_a_lone_surrogate_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="group .* lone surrogate"):
        Memory.open(tmp_path / "m", group="g\ud800", embedder=None)
    with Memory.open(tmp_path / "m", embedder=None) as mem:
        for read in (mem.facts, mem.timeline, mem.search, mem.context):
            with pytest.raises(InputError, match="lone surrogate"):
                read("Ana \ud800")


def test_errors_quote_huge_values_shortly():
    with pytest.raises(InputError) as info:
        validate_session({**SESSION, "session_id": "x" * 1_000_000})
    assert len(str(info.value)) < 400 and "1000000 characters" in str(info.value)


def test_an_import_group_error_stays_on_one_line(tmp_path):
    with Memory.open(tmp_path / "m", embedder=None) as mem, pytest.raises(InputError) as info:
        mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "group": "a\r\nerror: fake"}])
    assert "\n" not in str(info.value) and "\r" not in str(info.value)
