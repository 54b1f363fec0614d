"""validate_record's plain path accepts and rejects exactly what FactImport does, with the same values."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from pydantic import ValidationError

from chronomem.extract.parse import importer
from chronomem.extract.parse.importer import RECORD_FIELDS, FactImport, validate_record

BASE = {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}
CASES = [
    {},
    {"valid_from": "2019-01-01", "valid_to": "2020-03"},
    {"valid_from": "2019", "valid_to": ""},
    {"valid_from": None, "valid_to": "2020-01-01T10:00:00+02:00"},
    {"valid_from": datetime(2019, 1, 1, tzinfo=timezone.utc)},  # not plain: pydantic's path
    {"valid_from": "2020-01-01", "valid_to": "2020-01-01"},  # empty interval
    {"valid_from": "2021-01-01", "valid_to": "2020-01-01"},
    {"valid_from": "not a date"},
    {"valid_from": 2019},
    {"confidence": 1},
    {"confidence": 0},
    {"confidence": 0.25},
    {"confidence": True},
    {"confidence": 1.5},
    {"confidence": -0.1},
    {"confidence": float("nan")},
    {"confidence": "0.5"},
    {"statement": "Ana lives in Lisbon"},
    {"statement": "x" * 2_001},
    {"statement": None},
    {"sources": ["s1:1", "s2:3"]},
    {"sources": []},
    {"sources": ["s1:\ud800"]},
    {"sources": [1]},
    {"sources": "s1:1"},
    {"group": "g"},
    {"group": None},
    {"group": 5},
    {"subject_type": "PERSON", "object_type": "PLACE"},
    {"subject_type": "person"},
    {"object_type": ["PLACE"]},
    {"subject": ""},
    {"subject": "x" * 301},
    {"subject": "x" * 300},
    {"object": "Lis\ud800bon"},
    {"predicate": 3},
    {"subject": None},
    {"unknown": 1},
]


def pydantic_values(record: dict) -> tuple:
    model = FactImport.model_validate(record)
    return tuple(getattr(model, name) for name in RECORD_FIELDS)


@pytest.mark.parametrize("change", CASES, ids=[repr(c)[:60] for c in CASES])
def test_the_plain_path_agrees_with_pydantic(change):
    record = {**BASE, **change}
    try:
        expected: tuple | str = pydantic_values(record)
    except ValidationError as e:
        expected = str(e.errors()[0]["msg"])
    try:
        got: tuple | str = validate_record(record)
    except ValidationError as e:
        got = str(e.errors()[0]["msg"])
    assert got == expected
    if isinstance(got, tuple):
        assert [type(v) for v in got] == [type(v) for v in expected]  # a float stays a float, a list a list


def test_plain_records_skip_pydantic(monkeypatch):
    def no_pydantic(record: object) -> None:
        raise AssertionError("pydantic was called")

    monkeypatch.setattr(importer.FactImport, "model_validate", no_pydantic)
    record = {**BASE, "valid_from": "2019-01-01", "sources": ["s1:1"], "confidence": 0.5}
    assert validate_record(record)[:3] == ("Ana", "LIVES_IN", "Lisbon")
    (sources,) = [v for name, v in zip(RECORD_FIELDS, validate_record(record), strict=True) if name == "sources"]
    assert sources == ["s1:1"] and sources is not record["sources"]  # the record's list is not shared


def test_a_record_is_the_fields_in_the_order_the_import_unpacks_them():
    assert RECORD_FIELDS == ("subject", "predicate", "object", "valid_from", "valid_to", "statement", "sources",
                             "group", "subject_type", "object_type", "confidence")
