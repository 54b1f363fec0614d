"""Readers for session transcripts: JSON (object or array), JSONL, and plain text.

Plain text is ``Speaker: text`` lines; ``# key: value`` header lines at the top may give
``session_id``, ``started_at`` and ``group_id``. A line that is not ``Speaker: text``
continues the previous turn.

>>> text = "# started_at: 2024-03-12T09:00:00Z\\nuser: I moved to Lisbon.\\nbot: Nice!"
>>> [r.session.turns[0].text for r in read_text(text, name="chat")]
['I moved to Lisbon.']
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from chronomem.errors import InputError
from chronomem.schema.models import Session
from chronomem.schema.timeutil import parse_time

Format = Literal["auto", "json", "jsonl", "text"]
_SPEAKER_LINE = re.compile(r"^\s*([^:\n]{1,60}?)\s*:\s?(.*)$")
_HEADER = re.compile(r"^\s*#\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$")
_BY_SUFFIX: dict[str, Format] = {".jsonl": "jsonl", ".json": "json", ".txt": "text", ".md": "text", ".log": "text"}


@dataclass
class ReadResult:
    """One session read from a file, or the reason it could not be read (``where`` is file:line)."""

    where: str
    session: Session | None = None
    error: str | None = None


def detect_format(path: Path, head: str) -> Format:
    """Guess the format from the extension, then from the first non-blank character."""
    by_suffix = _BY_SUFFIX.get(path.suffix.lower())
    if by_suffix is not None:
        return by_suffix
    stripped = head.lstrip()
    if stripped.startswith("["):
        return "json"
    if stripped.startswith("{"):
        first_line = stripped.splitlines()[0].strip()
        return "jsonl" if first_line.endswith("}") and len(stripped.splitlines()) > 1 else "json"
    return "text"


def _session(obj: object, where: str, *, group: str | None) -> ReadResult:
    if not isinstance(obj, dict):
        return ReadResult(where, error=f"expected a JSON object for a session, got {type(obj).__name__}")
    if group is not None and "group_id" not in obj:
        obj = {**obj, "group_id": group}
    try:
        return ReadResult(where, session=Session.model_validate(obj))
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc']) or 'session'}: {err['msg']}" for err in e.errors()[:5])
        return ReadResult(where, error=problems)


def _loaded(text: str, where: str, *, at_line: bool = False) -> object:
    """``text`` as JSON, or the :class:`ReadResult` that says why it is not (``at_line``: with the line of the
    error after ``where``: ``'{"a": }'`` → ``ReadResult("chat.json:1", error="invalid JSON: Expecting value")``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        return ReadResult(f"{where}:{e.lineno}" if at_line else where, error=f"invalid JSON: {e.msg}")
    except RecursionError:
        return ReadResult(where, error="JSON nested too deeply to read")


def read_json(text: str, *, name: str, group: str | None = None) -> Iterator[ReadResult]:
    """Sessions from a JSON object or array."""
    data = _loaded(text, name, at_line=True)
    if isinstance(data, ReadResult):
        yield data
        return
    items = data if isinstance(data, list) else [data]
    for n, item in enumerate(items):
        yield _session(item, f"{name}[{n}]" if isinstance(data, list) else name, group=group)


def read_jsonl(text: str, *, name: str, group: str | None = None) -> Iterator[ReadResult]:
    """One session per non-blank line."""
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            obj = _loaded(line, f"{name}:{lineno}")
            yield obj if isinstance(obj, ReadResult) else _session(obj, f"{name}:{lineno}", group=group)


def read_text(text: str, *, name: str, started_at: datetime | None = None, group: str | None = None) -> Iterator[ReadResult]:
    """A plain-text transcript: one session."""
    header: dict[str, str] = {}
    turns: list[dict] = []
    for line in text.splitlines():
        if not turns and (m := _HEADER.match(line)):
            header[m.group(1).lower()] = m.group(2)
            continue
        if not line.strip():
            continue
        m = _SPEAKER_LINE.match(line)
        if m and not m.group(1).strip().startswith(("http", "#")):
            turns.append({"speaker": m.group(1).strip(), "text": m.group(2).strip()})
        elif turns:
            turns[-1]["text"] += "\n" + line.strip()
        else:
            yield ReadResult(f"{name}:1", error="expected 'Speaker: text' lines")
            return
    when = header.get("started_at") or header.get("date") or header.get("time")
    try:
        start = parse_time(when) if when else started_at
    except InputError as e:
        yield ReadResult(name, error=str(e))
        return
    if start is None:
        yield ReadResult(name, error="no session time: add a '# started_at: 2024-03-12T09:00:00Z' header line "
                                     "or pass --session-time")
        return
    obj: dict[str, object] = {"session_id": header.get("session_id") or Path(name).stem, "started_at": start.isoformat(),
                              "turns": turns}
    if header.get("group_id") or group:
        obj["group_id"] = header.get("group_id") or group
    yield _session(obj, name, group=None)


def read_sessions(
    path: str | Path,
    *,
    format: Format = "auto",
    started_at: datetime | None = None,
    group: str | None = None,
) -> Iterator[ReadResult]:
    """Read every session in ``path``; problems come back as results with ``error`` set."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        yield ReadResult(str(p), error=f"cannot read file: {e}")
        return
    fmt = detect_format(p, text[:4096]) if format == "auto" else format
    readers: dict[str, Callable[..., Iterator[ReadResult]]] = {
        "json": read_json, "jsonl": read_jsonl, "text": functools.partial(read_text, started_at=started_at)}
    if fmt not in readers:
        raise InputError(f"unknown format {format!r}; use auto, json, jsonl or text")
    yield from readers[fmt](text, name=str(p), group=group)
