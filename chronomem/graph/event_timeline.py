"""The occurrences of a happening in an event slot, each with its own interval.

Event predicates (``kind == "event"``: ATTENDED, VISITED, DID) are not derived by the closing
rules of :func:`chronomem.graph.temporal.derive_timeline`: an event holds over its own day,
weekend, month or year and nothing closes it. That function applies corrections to the slot's
claims as for any fact, then asks :func:`occurrences` what the evidence says happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from chronomem.schema.models import Claim, Source

__all__ = ["Occurrence", "occurrences"]


@dataclass
class Occurrence:
    """One occurrence of a happening over ``[start, end)``, with the claims that tell of it (by said time)."""

    start: datetime
    end: datetime
    start_precision: str
    end_precision: str
    claims: list[Claim] = field(default_factory=list)


def occurrences(evidence: Sequence[Claim]) -> list[Occurrence]:
    """What the (corrected) claims of one event slot say happened, in time order.

    Each occurrence holds over its own interval (the claim's ``at`` to ``until``, or its day) and
    nothing closes it: events never close each other. Claims whose intervals overlap tell of one
    occurrence, dated by the narrowest of them. A plan (``status: planned``) is dropped when a
    later report of the same happening says it took place ("we went camping", whenever it was);
    an ``end`` said with or after a plan that is still to come cancels it (``status: cancelled``,
    its interval kept: what was planned).

    >>> from datetime import timezone
    >>> d = lambda m, day=1: datetime(2023, m, day, tzinfo=timezone.utc)
    >>> plan = Claim(subject_id="mel", predicate="DID", object_id="camping", at=d(6), until=d(7), said_at=d(5, 25),
    ...              qualifiers={"relation": "plans to go", "status": "planned"})
    >>> went = Claim(subject_id="mel", predicate="DID", object_id="camping", at=d(6, 19), until=d(6, 26), said_at=d(6, 27),
    ...              qualifiers={"relation": "went"})
    >>> [(o.start.date().isoformat(), o.end.date().isoformat()) for o in occurrences([plan, went])]
    [('2023-06-19', '2023-06-26')]
    >>> [o.claims[-1].qualifiers["status"] for o in occurrences([plan])]
    ['planned']
    """
    asserts = [c for c in evidence if c.kind == "assert" and c.at is not None]
    plans = [c for c in asserts if c.qualifiers.get("status") == "planned"]
    reports = [c for c in asserts if c.qualifiers.get("status") != "planned"]
    kept = list(reports)
    for plan in plans:
        if any(r.said_at > plan.said_at for r in reports):
            continue  # it took place: the report dates it
        ends = [c for c in evidence if c.kind == "end" and c.said_at >= plan.said_at
                and c.said_at < (plan.until or plan.at)]  # type: ignore[operator]
        if ends:
            cancel = min(ends, key=lambda c: (c.said_at, c.id))
            plan = plan.model_copy(update={"qualifiers": {**plan.qualifiers, "status": "cancelled"},
                                           "sources": _joined(plan.sources, cancel.sources)})
        kept.append(plan)
    out: list[Occurrence] = []
    for c in sorted(kept, key=lambda c: (_end(c) - c.at, c.at, c.said_at, c.id)):  # type: ignore[operator]
        start, end = c.at, _end(c)
        same = next((o for o in out if o.start < end and start < o.end), None)  # type: ignore[operator]
        if same is not None:
            same.claims.append(c)  # the same occurrence told again (a wider interval): one more source
            continue
        out.append(Occurrence(start, end, c.at_precision, c.until_precision, [c]))  # type: ignore[arg-type]
    for o in out:
        o.claims.sort(key=lambda c: (c.said_at, c.id))
    return sorted(out, key=lambda o: o.start)


def _end(c: Claim) -> datetime:
    return c.until or c.at + timedelta(days=1)  # type: ignore[operator, return-value]


def _joined(a: Sequence[Source], b: Sequence[Source]) -> list[Source]:
    return list(dict.fromkeys([*a, *b]))
