"""A generated corpus of malformed and hostile inputs for ``ingest`` and ``import``.

Every case is ``(label, command, payload)``: the file given to ``chronomem ingest`` (sessions) or
``chronomem import`` (fact records), as bytes. Some cases are valid but strange (RTL text, zero-
width characters, query-language metacharacters in names): those must be stored as given; the
rest must be refused with a clear error and nothing written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

Case = tuple[str, str, bytes]

GOOD_SESSION: dict[str, Any] = {
    "session_id": "s-good", "started_at": "2024-03-12T09:00:00Z",
    "turns": [{"id": "t1", "speaker": "Ana", "text": "I moved to Lisbon last week."},
              {"id": "t2", "speaker": "Ana", "text": "I work at Globex as an engineer."}],
}
GOOD_FACT: dict[str, Any] = {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2020-01-01"}

MB = 1_000_000
HOSTILE_STRINGS = {
    "nul": "Ana\x00Lisbon",
    "lone-surrogate": "Ana \ud800 Lisbon",
    "rtl-override": "Ana \u202eLisbon\u202c",
    "zero-width": "A\u200bn\u200da\ufeff",
    "sql": "Ana'); DROP TABLE facts; --",
    "cypher": "Ana\"}) MATCH (n) DETACH DELETE n //",
    "fts5": "\"Ana\" OR * NEAR(a b) ^col: -x AND",
    "lucene": "Ana~ && || ! ( ) { } [ ] ^ \" ~ * ? : \\ /",
    "like": "%_Ana%",
    "newlines": "Ana\r\nerror: fake\nLisbon",
    "control": "Ana\x07\x1b[31mred\x1b[0m",
    "emoji": "Ana 👩‍💻🇵🇹",
    "empty": "",
    "blank": "   \t ",
    "one-mb": "a" * MB,
    "long-word": "Lisbon" * 60_000,
}
WRONG_VALUES: dict[str, Any] = {"null": None, "int": 7, "float": 1.5, "bool": True, "list": ["x"], "object": {"a": 1},
                                "empty": ""}
DATES = {
    "naive": "2024-03-12T09:00:00", "date-only": "2024-03-12", "year-zero": "0000-01-01T00:00:00Z",
    "year-9999": "9999-12-31T23:59:59Z", "month-13": "2024-13-01T00:00:00Z", "feb-30": "2024-02-30T00:00:00Z",
    "words": "last tuesday", "epoch-int": 1710234000, "huge-int": 10**30, "negative": "-2024-01-01T00:00:00Z",
    "offset-24h": "2024-03-12T09:00:00+25:00", "float-inf": "inf", "nan": "NaN", "blank": " ",
}


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _with(path: tuple[Any, ...], value: Any, base: dict | None = None) -> dict:
    """A copy of ``base`` (default GOOD_SESSION) with the field at ``path`` set to ``value``."""
    doc = json.loads(json.dumps(base or GOOD_SESSION))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


SESSION_FIELDS: list[tuple[Any, ...]] = [("session_id",), ("started_at",), ("turns",), ("group_id",), ("metadata",),
                                         ("turns", 0), ("turns", 0, "id"), ("turns", 0, "speaker"),
                                         ("turns", 0, "text"), ("turns", 0, "at")]
FACT_FIELDS = ["subject", "predicate", "object", "valid_from", "valid_to", "statement", "sources", "group"]


def _damaged(command: str, base: dict, paths: list[tuple[Any, ...]], pieces: int) -> Iterator[Case]:
    """``base`` cut short at ``pieces`` places, and with a wrong type at each of ``paths``."""
    text = json.dumps(base)
    for cut in range(1, len(text), max(1, len(text) // pieces)):
        yield f"{command}/truncated-at-{cut}", command, text[:cut].encode()
    for path in paths:
        for name, value in WRONG_VALUES.items():
            yield f"{command}/{'.'.join(map(str, path))}={name}", command, _json(_with(path, value, base))


def session_cases() -> Iterator[Case]:
    yield from _damaged("ingest", GOOD_SESSION, SESSION_FIELDS, 40)
    for path in [("started_at",), ("turns", 0, "at")]:
        for name, value in DATES.items():
            yield f"ingest/{'.'.join(map(str, path))}={name}", "ingest", _json(_with(path, value))
    for path in [("session_id",), ("group_id",), ("turns", 0, "id"), ("turns", 0, "speaker"), ("turns", 0, "text")]:
        for name, value in HOSTILE_STRINGS.items():
            yield f"ingest/{'.'.join(map(str, path))}={name}", "ingest", _json(_with(path, value))
    hostile_metadata = {v[:50]: v[:50] for v in HOSTILE_STRINGS.values()}
    yield "ingest/metadata-key-hostile", "ingest", _json(_with(("metadata",), hostile_metadata))
    yield "ingest/extra-field", "ingest", _json(_with(("surprise",), 1))
    yield "ingest/duplicate-turn-ids", "ingest", _json(_with(("turns", 1, "id"), "t1"))
    yield "ingest/turn-before-session", "ingest", _json(_with(("turns", 0, "at"), "1990-01-01T00:00:00Z"))
    for depth in (100, 1_000, 100_000):
        yield f"ingest/nested-array-{depth}", "ingest", b"[" * depth + b"]" * depth
        yield f"ingest/nested-metadata-{depth}", "ingest", (
            json.dumps(GOOD_SESSION)[:-1] + ', "metadata": ' + '{"a": ' * depth + "1" + "}" * depth + "}").encode()
    yield "ingest/invalid-utf8", "ingest", json.dumps(GOOD_SESSION).encode().replace(b"Lisbon", b"Lis\xff\xfebon")
    yield "ingest/utf16-bom", "ingest", json.dumps(GOOD_SESSION).encode("utf-16")
    latin1 = json.dumps(GOOD_SESSION, ensure_ascii=False).replace("Lisbon", "Lisboa é").encode("latin-1")
    yield "ingest/latin1", "ingest", latin1
    yield "ingest/nul-bytes-in-file", "ingest", b"\x00" * 64
    yield "ingest/empty-file", "ingest", b""
    yield "ingest/not-an-object", "ingest", b"42"
    yield "ingest/array-of-numbers", "ingest", b"[1, 2, 3]"
    yield "ingest/jsonl-one-bad-line", "ingest", (json.dumps(GOOD_SESSION) + "\n{bad\n").encode()
    yield "ingest/binary", "ingest", bytes(range(256)) * 4


def fact_cases() -> Iterator[Case]:
    line = json.dumps(GOOD_FACT)
    yield from _damaged("import", GOOD_FACT, [(f,) for f in FACT_FIELDS], 20)
    for field in ("valid_from", "valid_to"):
        for name, value in DATES.items():
            yield f"import/{field}={name}", "import", _json(_with((field,), value, GOOD_FACT))
    for field in ("subject", "object", "statement", "group"):
        for name, value in HOSTILE_STRINGS.items():
            yield f"import/{field}={name}", "import", _json(_with((field,), value, GOOD_FACT))
    reversed_interval = {**GOOD_FACT, "valid_from": "2024-01-01", "valid_to": "2020-01-01"}
    yield "import/reversed-interval", "import", _json(reversed_interval)
    yield "import/empty-interval", "import", _json({**GOOD_FACT, "valid_from": "2024-01-01", "valid_to": "2024-01-01"})
    for predicate in ("LOVES_PIZZA", "lives_in; DROP", "", "FACT]->() DELETE", "SIBLING_OF\x00"):
        yield f"import/unknown-predicate-{predicate[:10]!r}", "import", _json({**GOOD_FACT, "predicate": predicate})
    yield "import/good-then-bad-line", "import", (line + "\n" + line[:-3] + "\n").encode()
    yield "import/invalid-utf8", "import", line.encode().replace(b"Lisbon", b"Lis\xc3\x28bon")
    yield "import/nested", "import", (b"[" * 100_000) + (b"]" * 100_000)


def all_cases() -> list[Case]:
    return [*session_cases(), *fact_cases()]
