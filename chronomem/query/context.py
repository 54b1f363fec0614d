"""A compact, dated block of memory to paste into a prompt.

:func:`context` runs :func:`~chronomem.query.search.search` and lays out the hits as dated
facts grouped by entity, then the most relevant conversation turns, within a token budget.
Tokens are estimated as ``ceil(characters / 4)`` (about right for English with BPE
tokenizers; no tokenizer needed). A turn whose facts were superseded says what holds instead
("(later: Alice works at Adyen since 2024-05)"), so a stale episode never reads as current.
Entities appear in the order of their best fact, facts within an entity in valid-time order,
turns in time order, so the same memory and question always give the same text.

>>> from datetime import datetime, timezone
>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.extract.parse.importer import batches_from_records
>>> store, t = SqliteGraphStore(":memory:"), datetime(2024, 6, 1, tzinfo=timezone.utc)
>>> rows = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"},
...         {"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2021-02-01"}]
>>> for batch in batches_from_records(rows, group_id="default", vocabulary=store.vocabulary, said_at=t):
...     _ = store.write(batch, recorded_at=t)
>>> print(context(store, "default", "Where does Ana live and work?", index=None, now=t))
Facts as of 2024-06-01:
Ana
- Ana works at Acme (2021-02-01 → now)
- Ana lives in Porto (2023-05-01 → now)
"""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem.graph.base import GraphStore
from chronomem.graph.side_index import SideIndex
from chronomem.query.search import SearchResult, search

MAX_TURN_CHARS = 400
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def estimate_tokens(text: str) -> int:
    """Approximate token count: one token per four characters, rounded up.

    >>> estimate_tokens("Ana lives in Porto")
    5
    """
    return (len(text) + 3) // 4


def _turn_line(r: SearchResult) -> str:
    text = " ".join(r.text.split())
    if len(text) > MAX_TURN_CHARS:
        text = text[: MAX_TURN_CHARS - 1].rstrip() + "…"
    said = r.later()
    later = "" if said is None else f" ({said})"
    return f"- [{r.when()}] {r.speaker}: {text}{later}"


def context(store: GraphStore, group_id: str, text: str, *, index: SideIndex | None, now: datetime,
            as_of: datetime | None = None, known_at: datetime | None = None, max_tokens: int = 800,
            k: int = 30) -> str:
    """Dated facts grouped by entity, then relevant turns, in at most ``max_tokens`` (estimated
    by :func:`estimate_tokens`). Returns ``""`` when nothing relevant is found."""
    hits = search(store, group_id, text, index=index, now=now, as_of=as_of, known_at=known_at, k=k)
    when = (as_of or now).date().isoformat()
    header = f"Facts as of {when}:"
    turn_header = "Conversation:"
    budget = max_tokens
    facts: list[SearchResult] = []
    turns: list[SearchResult] = []
    used_entities: set[str] = set()
    for r in hits:  # relevance order decides what fits
        if r.kind == "fact":
            cost = estimate_tokens(f"- {r.text} ({r.when()})") + 1
            if not facts:
                cost += estimate_tokens(header) + 1
            if r.subject not in used_entities:
                cost += estimate_tokens(r.subject or "") + 1
            if cost <= budget:
                facts.append(r)
                used_entities.add(r.subject or "")
                budget -= cost
        else:
            cost = estimate_tokens(_turn_line(r)) + 1 + (0 if turns else estimate_tokens(turn_header) + 1)
            if cost <= budget:
                turns.append(r)
                budget -= cost
    lines: list[str] = []
    if facts:
        lines.append(header)
        order: dict[str, int] = {}
        for n, r in enumerate(facts):
            order.setdefault(r.subject or "", n)
        for subject in sorted(order, key=order.__getitem__):
            lines.append(subject)
            mine = [r for r in facts if (r.subject or "") == subject]
            mine.sort(key=lambda r: (r.valid_from or _EPOCH, r.text, r.id))
            lines.extend(f"- {r.text} ({r.when()})" for r in mine)
    if turns:
        lines.append(turn_header)
        lines.extend(_turn_line(r) for r in sorted(turns, key=lambda r: (r.at or _EPOCH, r.id)))
    return "\n".join(lines)
