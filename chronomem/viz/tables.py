"""Facts as tables: a pandas DataFrame when pandas is installed, a list of dicts otherwise.

>>> from datetime import datetime, timezone
>>> from chronomem import FixedClock, Memory
>>> mem = Memory.open(":memory:", clock=FixedClock(datetime(2024, 6, 1, tzinfo=timezone.utc)))
>>> _ = mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
...                      {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}])
>>> [(r["object"], r["valid"], r["status"]) for r in fact_rows(mem.timeline("Ana"))]
[('Lisbon', '2019-01-01 → 2023-05-01', 'ended'), ('Porto', '2023-05-01 → now', 'current')]
>>> len(facts_table(mem.timeline("Ana")))
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from chronomem.query.records import FactRecord

if TYPE_CHECKING:
    import pandas as pd

    from chronomem.memory import Memory
    from chronomem.query.search import SearchResult


FACT_COLUMNS = ("subject", "predicate", "object", "valid", "status", "believed", "statement", "sources")
DIFF_COLUMNS = ("at", "change", "subject", "predicate", "object", "valid", "statement")
BELIEF_COLUMNS = ("subject", "predicate", "object", "before", "after", "change")
SEARCH_COLUMNS = ("kind", "score", "text", "when", "status", "sources")


def _day(at: datetime | None, missing: str) -> str:
    return missing if at is None else at.date().isoformat()


def believed(record: FactRecord) -> str:
    """The transaction-time interval as text: ``2023-09-20 → 2023-10-02`` (``→ now`` while believed)."""
    return f"{_day(record.recorded_at, '?')} → {_day(record.expired_at, 'now')}"


def fact_rows(records: Iterable[FactRecord]) -> list[dict[str, Any]]:
    """One plain dict per fact version, with dates as ``YYYY-MM-DD`` text (see :data:`FACT_COLUMNS`)."""
    return [{
        "subject": r.subject, "predicate": r.predicate, "object": r.object, "valid": r.interval(),
        "status": r.status, "believed": believed(r), "statement": r.statement,
        "sources": ", ".join(s.turn_id or s.session_id for s in r.sources),
    } for r in records]


def as_table(rows: list[dict[str, Any]], columns: Sequence[str]) -> pd.DataFrame | list[dict[str, Any]]:
    """``rows`` as a DataFrame with ``columns`` when pandas is installed; the rows themselves otherwise."""
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows, columns=list(columns))


def facts_table(records: Iterable[FactRecord]) -> pd.DataFrame | list[dict[str, Any]]:
    """Facts as a table: subject, predicate, object, valid interval, status, believed interval,
    statement and sources. A DataFrame when pandas is installed, a list of dicts otherwise."""
    return as_table(fact_rows(records), FACT_COLUMNS)


def diff_rows(memory: Memory, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """Facts that began, ended or were corrected in ``[since, until)``, oldest first."""
    return [{
        "at": e["at"].date().isoformat(), "change": e["change"], "subject": e["fact"].subject,
        "predicate": e["fact"].predicate, "object": e["fact"].object, "valid": e["fact"].interval(),
        "statement": e["fact"].statement,
    } for e in memory.changes(since, until)]


def diff_table(memory: Memory, since: datetime, until: datetime) -> pd.DataFrame | list[dict[str, Any]]:
    """What changed between two dates: facts that began, ended or were corrected (``Memory.changes``)."""
    return as_table(diff_rows(memory, since, until), DIFF_COLUMNS)


def belief_rows(memory: Memory, entity: str, *, as_of: datetime, before: datetime, after: datetime) -> list[dict[str, Any]]:
    """Facts about ``entity`` at ``as_of`` as believed at ``before`` and at ``after``, matched by
    (subject, predicate, object). ``change`` is ``kept``, ``added``, ``withdrawn`` or ``interval changed``."""
    then = {_slot(r): r for r in memory.facts(entity, as_of=as_of, known_at=before)}
    now = {_slot(r): r for r in memory.facts(entity, as_of=as_of, known_at=after)}
    rows = []
    for key in sorted(then.keys() | now.keys()):
        old, new = then.get(key), now.get(key)
        some = new or old
        assert some is not None
        if old is None:
            change = "added"
        elif new is None:
            change = "withdrawn"
        else:
            change = "kept" if old.interval() == new.interval() else "interval changed"
        rows.append({"subject": some.subject, "predicate": some.predicate, "object": some.object,
                     "before": old.interval() if old else "—", "after": new.interval() if new else "—",
                     "change": change})
    return rows


def belief_diff(memory: Memory, entity: str, as_of: datetime, before: datetime,
                after: datetime) -> pd.DataFrame | list[dict[str, Any]]:
    """What we believed about ``entity`` at ``as_of``, as known at ``before`` versus at ``after``
    (for example just before and just after a correction)."""
    return as_table(belief_rows(memory, entity, as_of=as_of, before=before, after=after), BELIEF_COLUMNS)


def search_rows(results: Iterable[SearchResult]) -> list[dict[str, Any]]:
    """One dict per search hit: kind, score (3 decimals), text, when (a fact's valid interval, or
    the day a turn was said), status and source turns, best first."""
    rows = []
    for r in results:
        if r.kind == "fact":
            when = f"{_day(r.valid_from, '?')} → {_day(r.valid_to, 'now')}"
        else:
            when = f"said {_day(r.at, '?')}" + (f" by {r.speaker}" if r.speaker else "")
        rows.append({"kind": r.kind, "score": round(r.score, 3), "text": r.text, "when": when,
                     "status": r.status or "", "sources": ", ".join(s.turn_id or s.session_id for s in r.sources)})
    return rows


def search_table(results: Iterable[SearchResult]) -> pd.DataFrame | list[dict[str, Any]]:
    """:meth:`Memory.search` results as a table with their scores and sources."""
    return as_table(search_rows(results), SEARCH_COLUMNS)


def _slot(r: FactRecord) -> tuple[str, str, str, tuple[tuple[str, str], ...]]:
    return (r.predicate, r.subject, r.object, tuple(sorted(r.qualifiers.items())))
