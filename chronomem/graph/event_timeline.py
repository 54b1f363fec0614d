"""The timeline of an event slot: each occurrence of a happening, with its own interval.

Event predicates (``kind == "event"``: ATTENDED, VISITED, DID) are derived here instead of by
:func:`chronomem.graph.temporal.derive_timeline`'s closing rules: an event holds over its own day,
weekend, month or year and nothing closes it. It uses that module's corrections and stints, so a
corrected or retracted event behaves like any fact.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from chronomem.graph.temporal import Stint, _apply_corrections, _iso, _merge_sources, _value
from chronomem.schema.models import Claim
from chronomem.schema.vocabulary import PredicateSpec

__all__ = ["derive_events"]


def derive_events(spec: PredicateSpec, claims: Iterable[Claim]) -> list[Stint]:
    """The occurrences of one happening (an event slot: subject, predicate, object), in time order.

    Each occurrence holds over its own interval (the claim's ``at`` to ``until``, or its day) and
    nothing closes it: events never close each other. Claims whose intervals overlap tell of one
    occurrence, dated by the narrowest of them. A plan (``status: planned``) is dropped when a
    later report of the same happening says it took place ("we went camping", whenever it was);
    an ``end`` said after a plan that is still to come cancels it (``status: cancelled``, its
    interval kept: what was planned).

    >>> from datetime import datetime, timezone
    >>> from chronomem.schema import CORE_VOCABULARY
    >>> d = lambda m, day=1: datetime(2023, m, day, tzinfo=timezone.utc)
    >>> plan = Claim(subject_id="mel", predicate="DID", object_id="camping", at=d(6), until=d(7), said_at=d(5, 25),
    ...              qualifiers={"relation": "plans to go", "status": "planned"})
    >>> went = Claim(subject_id="mel", predicate="DID", object_id="camping", at=d(6, 19), until=d(6, 26), said_at=d(6, 27),
    ...              qualifiers={"relation": "went"})
    >>> [(s.start.date().isoformat(), s.end.date().isoformat()) for s in derive_events(CORE_VOCABULARY["DID"], [plan, went])]
    [('2023-06-19', '2023-06-26')]
    >>> [s.claims[-1].qualifiers["status"] for s in derive_events(CORE_VOCABULARY["DID"], [plan])]
    ['planned']
    """
    evidence, unmatched = _apply_corrections(spec, list(claims))
    evidence += [u.model_copy(update={"kind": "assert"}) for u in unmatched]
    asserts = [c for c in evidence if c.kind == "assert" and c.at is not None]
    plans = [c for c in asserts if c.qualifiers.get("status") == "planned"]
    reports = [c for c in asserts if c.qualifiers.get("status") != "planned"]
    kept = list(reports)
    for plan in plans:
        value = _value(spec, plan)
        if any(_value(spec, r) == value and r.said_at > plan.said_at for r in reports):
            continue  # it took place: the report dates it
        ends = [c for c in evidence if c.kind == "end" and _value(spec, c) == value and c.said_at >= plan.said_at
                and (plan.at is None or c.said_at < (plan.until or plan.at))]
        if ends:
            cancel = min(ends, key=lambda c: (c.said_at, c.id))
            plan = plan.model_copy(update={"qualifiers": {**plan.qualifiers, "status": "cancelled"},
                                           "sources": _merge_sources(plan.sources, cancel.sources)})
        kept.append(plan)
    stints: list[Stint] = []
    for c in sorted(kept, key=lambda c: (_width(c), _iso(c.at), _iso(c.said_at), c.id)):  # type: ignore[arg-type]
        start, end = c.at, c.until or _one_day_after(c.at)  # type: ignore[arg-type]
        same = next((s for s in stints if s.value == _value(spec, c) and s.start < end and start < s.end), None)  # type: ignore[operator]
        if same is not None:
            same.claims.append(c)  # the same occurrence told again (a wider interval): one more source
            continue
        stints.append(Stint(_value(spec, c), start, c.at_precision, False, end, c.until_precision, [c]))
    for s in stints:
        s.claims.sort(key=lambda c: (c.said_at, c.id))
    return sorted(stints, key=lambda s: (_iso(s.start), s.value))  # type: ignore[arg-type]


def _width(c: Claim) -> float:
    end = c.until or _one_day_after(c.at)  # type: ignore[arg-type]
    return (end - c.at).total_seconds()  # type: ignore[operator]


def _one_day_after(at: datetime) -> datetime:
    return at + timedelta(days=1)
