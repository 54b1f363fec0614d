"""Absurd times through every command and tool (issue 28, defect 5): a time whose UTC value falls
outside the years 1 to 9999, the edges themselves, and the edges in a session file, a fact record
and every time argument. Each must answer or be refused with one clear line; never a traceback.

Used by ``tests/reliability/test_absurd_times.py`` on both backends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

#: Out of range once in UTC, the edges of the range, and ordinary edges in other offsets.
ABSURD = (
    "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59-05:00",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "0001-01-01",
    "9999-12-31",
    "9999",
    "0001",
)


def cli_calls(when: str, tmp: Path) -> Iterator[tuple[str, list[str]]]:
    """``(label, argv after the store options)`` of every command that takes a time, with ``when``."""
    yield "facts --as-of", ["facts", "user", "--as-of", when]
    yield "facts --known-at", ["facts", "user", "--known-at", when]
    yield "search --as-of", ["search", "Toronto", "--as-of", when]
    yield "search --known-at", ["search", "Toronto", "--known-at", when]
    yield "context --as-of", ["context", "Toronto", "--as-of", when]
    yield "changes SINCE", ["changes", when]
    yield "changes SINCE UNTIL", ["changes", "2020-01-01", when]
    yield "changes UNTIL", ["changes", when, "9999-12-31"]
    yield "retract --at", ["retract", "f_unknown", "--at", when]
    yield "search naming it", ["search", f"where did the user live on {when}"]
    session = tmp / f"s-{abs(hash(when))}.json"
    session.write_text(json.dumps(session_at(when)))
    yield "ingest started_at", ["ingest", "-q", "--no-index", str(session)]
    yield "ingest --recorded-at session", ["ingest", "-q", "--no-index", "--recorded-at", "session", str(session)]
    text = tmp / f"t-{abs(hash(when))}.txt"
    text.write_text("user: I moved to Lima next month.\n")
    yield "ingest --session-time", ["ingest", "-q", "--no-index", "--session-time", when, str(text)]
    facts = tmp / f"f-{abs(hash(when))}.jsonl"
    facts.write_text(json.dumps(fact_at(when)) + "\n")
    yield "import valid_from", ["import", "-q", str(facts)]


def session_at(when: str) -> dict:
    """A session starting at ``when`` whose turns resolve relative times against it."""
    return {"session_id": f"absurd-{when}", "started_at": when,
            "turns": [{"speaker": "user", "text": "I moved to Lima next month and I started at Globant last year."},
                      {"speaker": "user", "text": "Tomorrow I fly out.", "at": when}]}


def fact_at(when: str) -> dict:
    """A fact record that starts at ``when``."""
    return {"subject": "Ana", "predicate": "LIVES_IN", "object": "Quito", "valid_from": when}


def tool_calls(when: str) -> Iterator[tuple[str, dict]]:
    """``(tool, arguments)`` of every MCP tool that takes a time, with ``when``."""
    yield "remember", {"started_at": when, "turns": [{"speaker": "user", "text": "I moved to Lima next month."}]}
    yield "remember", {"started_at": "2024-01-01", "turns": [{"speaker": "user", "text": "I live in Lima.", "at": when}]}
    yield "recall", {"query": "where does the user live", "as_of": when}
    yield "recall", {"query": "where does the user live", "known_at": when}
    yield "context", {"query": "where does the user live", "as_of": when}
    yield "facts", {"entity": "user", "as_of": when}
    yield "facts", {"entity": "user", "known_at": when}
    yield "changes", {"since": when}
    yield "changes", {"since": "2020-01-01", "until": when}
    yield "import_facts", {"records": [fact_at(when)]}
    yield "retract", {"fact_id": "f_unknown", "at": when}
