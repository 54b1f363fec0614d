"""Helpers for the extractor tests: sessions at a fixed turn time, claims as comparable rows."""

from __future__ import annotations

from datetime import datetime, time, timezone

from chronomem.schema import ExtractionResult, Session, Turn

UTC = timezone.utc
TURN_AT = datetime(2024, 3, 12, 9, 0, tzinfo=UTC)  # a Tuesday
EVENT_PREDICATES = frozenset({"ATTENDED", "VISITED", "DID"})


def session_of(*texts: str, speaker: str = "user", metadata: dict | None = None, group_id: str = "default",
               session_id: str = "t") -> Session:
    turns = [Turn(speaker=speaker, text=t) if isinstance(t, str) else Turn(speaker=t[0], text=t[1]) for t in texts]
    return Session(session_id=session_id, group_id=group_id, started_at=TURN_AT, turns=turns, metadata=metadata or {})


def when(dt: datetime) -> str:
    """``"turn"`` for the turn time itself, else the ISO date (all resolved times are midnights)."""
    if dt == TURN_AT:
        return "turn"
    assert dt.time() == time(0), dt
    return dt.date().isoformat()


def rows(result: ExtractionResult, turn_id: str | None = None) -> list[tuple]:
    """``(subject, predicate, object, kind, at, precision, observed)`` of the claims (of one turn)."""
    names = {e.id: e.name for e in result.entities}
    return [(names[c.subject_id], c.predicate, names[c.object_id], c.kind, when(c.at), c.at_precision, c.observed)
            for c in result.claims if turn_id is None or c.sources[0].turn_id == turn_id]


def last_turn_rows(extractor, *texts: str, **kw) -> list[tuple]:
    session = session_of(*texts, **kw)
    return rows(extractor.extract(session), session.turns[-1].id)


# Expected rows, as `rows` gives them: (subject, predicate, object, kind, at, precision, observed).
U = W = "user"  # the speaker; "we" without a team named in the metadata is the speaker too
A, E = "assert", "end"
NOW = ("turn", "day", True)  # stated as current: starts when said, observed


def c(s, p, o, kind, t):
    """An expected row: ``t`` is (at, precision, observed)."""
    return (s, p, o, kind, *t)


def day(d: str) -> tuple:
    return (d, "day", False)


def month(m: str) -> tuple:
    return (f"{m}-01", "month", False)


def year(y: int) -> tuple:
    return (f"{y}-01-01", "year", False)


# Dialogue tests: a chat of two (Ann, then Cy) or three (Ann, Bo, then Cy); the given turns are Cy's.
SYMMETRIC = frozenset({"SIBLING_OF", "PARTNER_OF", "MARRIED_TO", "FRIEND_OF", "ENGAGED_TO"})


def duo(*texts: str) -> list[tuple[str, str]]:
    return [("Ann", "Evening."), *(("Cy", t) for t in texts)]


def trio(*texts: str) -> list[tuple[str, str]]:
    return [("Ann", "Evening."), ("Bo", "Hey there."), *(("Cy", t) for t in texts)]


def claim_set(extractor, turns) -> set[tuple[str, str, str, str]]:
    """The claims as (subject, predicate, object, kind); a symmetric predicate both ways."""
    found = {(s, p, o, k) for s, p, o, k, *_ in rows(extractor.extract(session_of(*turns)))}
    return found | {(o, p, s, k) for s, p, o, k in found if p in SYMMETRIC}
