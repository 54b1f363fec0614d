"""The temporal resolution rules, implemented once for every backend.

A *slot* is the set of facts that compete: ``(predicate, subject)`` for ``one`` predicates,
``(predicate, object)`` for ``one_per_object`` and ``(predicate, subject, object)`` for ``many``.
Every claim ever made about a slot is kept; the slot's valid-time timeline is a pure function
of that set (:func:`derive_timeline`), so the order in which sessions arrive never matters and
re-ingesting changes nothing. :func:`reconcile` compares the derived timeline with the fact
versions currently believed and says which versions to expire and which to insert: facts are
append-only, and every earlier answer stays reproducible with ``known_at``.

>>> from datetime import datetime, timezone
>>> from chronomem.schema import Claim, CORE_VOCABULARY
>>> d = lambda y, m: datetime(y, m, 1, tzinfo=timezone.utc)
>>> spec = CORE_VOCABULARY["LIVES_IN"]
>>> claims = [Claim(subject_id="u", predicate="LIVES_IN", object_id="toronto", at=d(2020, 1), said_at=d(2020, 2)),
...           Claim(subject_id="u", predicate="LIVES_IN", object_id="vancouver", at=d(2023, 5), said_at=d(2023, 6))]
>>> [(s.value, s.start.year, s.end and s.end.year) for s in derive_timeline(spec, claims)]
[('toronto', 2020, 2023), ('vancouver', 2023, None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from chronomem.graph.event_timeline import occurrences
from chronomem.schema.models import Claim, Fact, Source, check_interval, part_text, text_id, trusted
from chronomem.schema.timeutil import UTC
from chronomem.schema.vocabulary import PredicateSpec

_EPOCH_KEY = (0, datetime.min.isoformat())


def slot_key(spec: PredicateSpec, subject_id: str, object_id: str) -> str:
    """The key of the slot a ``(subject, predicate, object)`` triple competes in.

    >>> from chronomem.schema import CORE_VOCABULARY as V
    >>> slot_key(V["LIVES_IN"], "ana", "lisbon"), slot_key(V["LEADS"], "ana", "platform")
    ('LIVES_IN|s:ana', 'LEADS|o:platform')
    """
    if spec.cardinality == "one":
        return f"{spec.name}|s:{subject_id}"
    if spec.cardinality == "one_per_object":
        return f"{spec.name}|o:{object_id}"
    return f"{spec.name}|s:{subject_id}|o:{object_id}"


def canonical_claim(spec: PredicateSpec, claim: Claim) -> Claim:
    """Symmetric ``many`` predicates store one edge per pair, the smaller id as subject."""
    if spec.symmetric and spec.cardinality == "many" and claim.object_id < claim.subject_id:
        return claim.model_copy(update={"subject_id": claim.object_id, "object_id": claim.subject_id})
    return claim


def claim_slots(spec: PredicateSpec, claim: Claim) -> list[tuple[str, Claim]]:
    """The slots a claim is filed under, with the claim as stored there.

    Symmetric ``one`` predicates (MARRIED_TO) are mirrored so both people's slots hold it; a
    correction of a ``many`` predicate also files a ``retract`` in the wrong value's slot.
    """
    claim = canonical_claim(spec, claim)
    out = [(slot_key(spec, claim.subject_id, claim.object_id), claim)]
    if spec.symmetric and spec.cardinality == "one" and claim.subject_id != claim.object_id:
        mirror = claim.model_copy(update={"subject_id": claim.object_id, "object_id": claim.subject_id})
        if claim.replaces_object_id:
            mirror = mirror.model_copy(update={"kind": "assert", "replaces_object_id": None})
        out.append((slot_key(spec, mirror.subject_id, mirror.object_id), mirror))
    if claim.kind == "correct" and spec.cardinality == "many" and claim.replaces_object_id:
        retract = claim.model_copy(update={"kind": "retract", "object_id": claim.replaces_object_id})
        out.append((slot_key(spec, claim.subject_id, claim.replaces_object_id), retract))
    return out


def _value(spec: PredicateSpec, claim: Claim) -> str:
    return claim.subject_id if spec.cardinality == "one_per_object" else claim.object_id


@dataclass
class Stint:
    """One value holding a slot over ``[start, end)``, with the claims that support it."""

    value: str
    start: datetime | None
    start_precision: str
    start_observed: bool
    end: datetime | None = None
    end_precision: str = "day"
    claims: list[Claim] = field(default_factory=list)
    empty: bool = False  # displaced at its very start (two values began at the same instant)


@dataclass(slots=True)  # not frozen: a frozen dataclass is built field by field through object.__setattr__
class _Event:
    at: datetime | None
    rank: int  # 0 end, 1 become, 2 observe: ends apply before starts at the same instant
    said_at: datetime
    value: str
    precision: str
    claim: Claim

    def key(self) -> tuple:
        at_key = _EPOCH_KEY if self.at is None else (1, _iso(self.at))
        return (at_key, self.rank, _iso(self.said_at), self.value, self.claim.id)


_ISO_TEXT: dict[datetime, str] = {}


def _iso(value: datetime) -> str:
    """``value.isoformat()``, remembered for UTC datetimes (claims repeat the same few dates)."""
    if value.__class__ is not datetime or value.tzinfo is not UTC:
        return value.isoformat()
    text = _ISO_TEXT.get(value)
    if text is None:
        if len(_ISO_TEXT) >= 65_536:
            _ISO_TEXT.clear()
        text = _ISO_TEXT[value] = value.isoformat()
    return text


def _apply_corrections(spec: PredicateSpec, claims: Sequence[Claim]) -> tuple[list[Claim], list[Claim]]:
    """Rewrite evidence about a corrected value; return (evidence, corrections that matched nothing)."""
    if all(c.kind == "assert" or c.kind == "end" for c in claims):
        return list(claims), []  # nothing corrected or retracted: the usual case
    corrections = sorted((c for c in claims if c.kind == "correct"), key=lambda c: (c.said_at, c.id))
    retractions = [c for c in claims if c.kind == "retract"]
    evidence = [c for c in claims if c.kind in ("assert", "end")]
    if retractions:
        # a retraction withdraws the evidence of its own value said up to it (a `one` slot holds
        # every value of its subject: the others stay)
        evidence = [c for c in evidence
                    if not any(r.said_at >= c.said_at and _value(spec, r) == _value(spec, c) for r in retractions)]
    unmatched = []
    for corr in corrections:
        wrong, right = corr.replaces_object_id, (corr.subject_id if spec.cardinality == "one_per_object" else corr.object_id)
        matched = False
        rewritten = []
        for c in evidence:
            if _value(spec, c) == wrong and c.said_at <= corr.said_at:
                field_name = "subject_id" if spec.cardinality == "one_per_object" else "object_id"
                c = c.model_copy(update={field_name: right, "sources": _merge_sources(c.sources, corr.sources),
                                         "statement": corr.statement or c.statement})
                matched = True
            rewritten.append(c)
        evidence = rewritten
        if not matched:
            unmatched.append(corr)
    return evidence, unmatched


def is_plan(claim: Claim) -> bool:
    """A start stated before it happened ("I'm moving to Berlin next month"): an assertion whose
    start lies after the time it was said. It holds like any fact until later evidence says
    otherwise (see :func:`_unrealized_plans`).

    >>> from datetime import datetime, timezone
    >>> d = lambda m: datetime(2024, m, 1, tzinfo=timezone.utc)
    >>> is_plan(Claim(subject_id="u", predicate="LIVES_IN", object_id="berlin", at=d(4), said_at=d(3)))
    True
    """
    return claim.kind == "assert" and claim.at is not None and claim.at > claim.said_at and not claim.observed


def _unrealized_plans(spec: PredicateSpec, evidence: Sequence[Claim]) -> set[str]:
    """Ids of plans later evidence overrides (a plan is weak, like an observed start):

    - a later dated start of the same value, at or after the plan was made ("I moved to Berlin
      last week"), says when it really happened: that date wins over the plan's;
    - otherwise any later word of the same value (it started, it ended) confirms the plan;
    - a plan is NOT refuted by another value said later (an earlier version dropped a plan when a
      different value was stated as current after the planned start, "I live in Osaka"; on the
      synthetic benchmark, where plans come true and old values are restated, that raised stale
      answers from 0.97% to 1.14%, so it is off until the evidence can tell a plan that fell
      through from stale talk). The later value still closes the planned one from its own start.
    """
    plans = [c for c in evidence if is_plan(c)]
    if not plans:
        return set()
    drop: set[str] = set()
    for plan in plans:
        value = _value(spec, plan)
        later = [c for c in evidence if c.said_at > plan.said_at and not is_plan(c)]
        same = [c for c in later if _value(spec, c) == value]
        if any(c.kind == "assert" and not c.observed and c.at is not None and c.at >= plan.said_at for c in same):
            drop.add(plan.id)

    return drop


def _events(spec: PredicateSpec, claims: Sequence[Claim]) -> list[_Event]:
    evidence, unmatched = _apply_corrections(spec, claims)
    evidence = evidence + [u.model_copy(update={"kind": "assert"}) for u in unmatched]
    dropped = _unrealized_plans(spec, evidence)
    if dropped:
        evidence = [c for c in evidence if c.id not in dropped]
    events: list[_Event] = []
    for c in evidence:
        value = _value(spec, c)
        if c.kind == "assert":
            rank = 2 if c.observed else 1
            events.append(_Event(c.at, rank, c.said_at, value, c.at_precision, c))
            if c.until is not None:
                events.append(_Event(c.until, 0, c.said_at, value, c.until_precision, c))
        else:  # end
            events.append(_Event(c.at, 0, c.said_at, value, c.at_precision, c))
    events.sort(key=_Event.key)
    return events


def derive_timeline(spec: PredicateSpec, claims: Iterable[Claim]) -> list[Stint]:
    """The slot's valid-time timeline: non-overlapping stints in time order.

    Deterministic in the *set* of claims (rules 1–6 and 8 of the design). An event predicate's
    slot holds its occurrences instead (:mod:`chronomem.graph.event_timeline`).
    """
    if spec.kind == "event":
        return _event_stints(spec, list(claims))
    stints: list[Stint] = []
    current: Stint | None = None
    events = _events(spec, list(claims))
    starts = {(ev.value, ev.at) for ev in events if ev.rank > 0 and ev.at is not None}
    instantaneous: set[tuple[str, datetime | None]] = set()  # began and ended at the same instant
    for ev in events:
        if ev.rank == 0:  # an explicit ending
            if (ev.value, ev.at) in starts:
                instantaneous.add((ev.value, ev.at))
            if current is not None and current.value == ev.value:
                _close(current, ev)
                current = None
            elif (ev.value, ev.at) not in instantaneous and (current is None or current.start is not None):
                _place_unknown_start(stints, current, ev)
            continue
        if (ev.value, ev.at) in instantaneous:
            continue  # "married in 1945, divorced in 1945" at year precision: no stint to keep
        if current is not None and current.value == ev.value:
            current.claims.append(ev.claim)  # a restatement adds a source (rule 5)
            continue
        if current is not None:
            _close(current, ev)  # a new value closes the one that held the slot (rules 1, 2, 4)
        current = Stint(ev.value, ev.at, ev.precision, ev.rank == 2, claims=[ev.claim])
        stints.append(current)
    return [s for s in stints if not s.empty]


def _event_stints(spec: PredicateSpec, claims: list[Claim]) -> list[Stint]:
    """An event slot's occurrences (:func:`~chronomem.graph.event_timeline.occurrences`), corrected
    like any fact's evidence first."""
    evidence, unmatched = _apply_corrections(spec, claims)
    evidence += [u.model_copy(update={"kind": "assert"}) for u in unmatched]
    return [Stint(_value(spec, o.claims[0]), o.start, o.start_precision, False, o.end, o.end_precision, o.claims)
            for o in occurrences(evidence)]


def _close(stint: Stint, ev: _Event) -> None:
    stint.end, stint.end_precision = ev.at, ev.precision
    stint.claims.append(ev.claim)
    stint.empty = ev.at is None or (stint.start is not None and stint.end <= stint.start)


def _place_unknown_start(stints: list[Stint], current: Stint | None, ev: _Event) -> None:
    """An ending of a value that was not holding the slot (rule 3).

    If we never heard of it, it held the slot from the previous boundary (or an unknown start)
    until the stated end, or until the current value began, whichever is earlier.
    """
    if any(s.value == ev.value for s in stints):
        return  # it already ended (for example through a switch)
    end = ev.at if current is None else current.start
    before = [s for s in stints if s is not current]
    start = before[-1].end if before else None
    if end is None or (start is not None and start >= end):
        return
    if before and start is None:
        return  # the previous value is still open: no room for this one
    stint = Stint(ev.value, start, "unknown", False, end, ev.precision, [ev.claim])
    stints.insert(stints.index(current) if current is not None else len(stints), stint)


def _merge_sources(*groups: Iterable[Source]) -> list[Source]:
    seen: dict[tuple[str, str], Source] = {}
    for group in groups:
        for s in group:
            seen.setdefault((s.session_id, s.turn_id or ""), s)
    return [seen[k] for k in sorted(seen)]


def _stint_sources(claims: Sequence[Claim]) -> list[Source]:
    """:func:`_merge_sources` of the claims' sources, the usual case without sorting: every claim
    citing the one same source (the claims of an import without sources share one object)."""
    sources = claims[0].sources
    if len(sources) == 1:
        only = sources[0]
        if all(len(c.sources) == 1 and c.sources[0] is only for c in claims):
            return [only]
    return _merge_sources(*(c.sources for c in claims))


def stint_to_fact(spec: PredicateSpec, slot: str, stint: Stint, *, group_id: str, recorded_at: datetime,
                  replacing: Sequence[str] = ()) -> Fact:
    """The fact version a stint stands for.

    Its ``id`` hashes the content, ``recorded_at`` and the ids of the versions it replaces:
    the current versions of a slot never repeat, so an id is never reused even when the same
    content is re-derived at the same recorded time (a fixed clock, a replay).
    """
    return _stint_fact(spec, slot, stint, group_id=group_id, recorded_at=recorded_at, replacing=sorted(replacing))[1]


def _stint_fact(spec: PredicateSpec, slot: str, stint: Stint, *, group_id: str, recorded_at: datetime,
                replacing: Sequence[str]) -> tuple[tuple, Fact]:
    """:func:`stint_to_fact` and the fact's :func:`fact_signature` (``replacing`` already sorted).

    The signature and the id come from the values before the fact is built (the same
    :func:`_signature` :func:`fact_signature` reads back from a fact): a bulk import derives a
    fact per record here, so nothing is computed twice."""
    claims, value = stint.claims, stint.value
    by_subject = spec.cardinality == "one_per_object"  # the slot's value is the subject (see _value)
    # not the claim that closed it
    own = [c for c in claims if (c.subject_id if by_subject else c.object_id) == value] or claims
    first = own[0] if len(own) == 1 else min(own, key=lambda c: (c.kind != "assert", c.said_at, c.id))
    subject, obj = (value, first.object_id) if by_subject else (first.subject_id, value)
    qualifiers: dict[str, str] = {}
    qualified = [c for c in claims if c.qualifiers]
    if qualified:
        for c in sorted(qualified, key=lambda c: (c.said_at, c.id)):
            qualifiers.update(c.qualifiers)
    # Built from validated claims, so not validated again; the one check a stint could break is
    # its interval's, and derive_timeline drops empty stints before they get here.
    check_interval(stint.start, stint.end, "fact")
    confidence = max([c.confidence for c in claims])
    sources = _stint_sources(claims)
    signature = _signature(group_id, subject, spec.name, obj, qualifiers, first.statement, stint.start, stint.end,
                           stint.start_precision, stint.end_precision, stint.start_observed, confidence, sources)
    fact = trusted(Fact, {
        "id": _fact_id(signature, recorded_at, replacing),
        "group_id": group_id,
        "subject_id": subject,
        "predicate": spec.name,
        "object_id": obj,
        "qualifiers": qualifiers,
        "statement": first.statement,
        "valid_from": stint.start,
        "valid_to": stint.end,
        "valid_from_precision": stint.start_precision,
        "valid_to_precision": stint.end_precision,
        "start_observed": stint.start_observed,
        "recorded_at": recorded_at,
        "confidence": confidence,
        "sources": sources,
        "slot": slot,
    })
    return signature, fact


@lru_cache(maxsize=65_536)  # the sources of many facts are the same
def _pairs_text(sources: tuple[tuple[str, str], ...]) -> str:
    return str(sources)


def _fact_id(signature: tuple, recorded_at: datetime, replacing: Sequence[str]) -> str:
    """``stable_id(*signature, recorded_at, *replacing, prefix="f_")`` from the parts as the text
    :func:`stable_id` would make of them, without its per-part conversions (an import derives a
    fact per record). The sources' text is remembered: only text pairs, so equal keys have one text.

    >>> from datetime import datetime, timezone
    >>> from chronomem.schema.models import stable_id
    >>> at = datetime(2025, 1, 1, tzinfo=timezone.utc)
    >>> sig = _signature("g", "s", "P", "o", {"k": "v"}, "x", datetime(2020, 1, 1, tzinfo=timezone.utc), None,
    ...                  "day", "day", False, 0.5, [Source(session_id="import")])
    >>> _fact_id(sig, at, ["f_1"]) == stable_id(*sig, at, "f_1", prefix="f_")
    True
    """
    qualifiers = signature[4]
    return text_id([*signature[:4], str(qualifiers) if qualifiers else "()", signature[5], part_text(signature[6]),
                    part_text(signature[7]), signature[8], signature[9], str(signature[10]), str(signature[11]),
                    _pairs_text(signature[12]), part_text(recorded_at), *replacing], prefix="f_")


def fact_signature(fact: Fact) -> tuple:
    """What makes two versions the same belief (everything but ids and transaction time)."""
    return _signature(fact.group_id, fact.subject_id, fact.predicate, fact.object_id, fact.qualifiers, fact.statement,
                      fact.valid_from, fact.valid_to, fact.valid_from_precision, fact.valid_to_precision,
                      fact.start_observed, fact.confidence, fact.sources)


def _signature(group_id: str, subject_id: str, predicate: str, object_id: str, qualifiers: dict[str, str],
               statement: str, valid_from: datetime | None, valid_to: datetime | None, from_precision: str,
               to_precision: str, start_observed: bool, confidence: float, sources: Sequence[Source]) -> tuple:
    """:func:`fact_signature` of a fact with these values."""
    return (
        group_id, subject_id, predicate, object_id, tuple(sorted(qualifiers.items())) if qualifiers else (),
        statement, valid_from, valid_to, from_precision, to_precision, start_observed, round(confidence, 6),
        tuple([(s.session_id, s.turn_id or "") for s in sources]),
    )


@dataclass
class SlotPlan:
    """What to write for one slot: versions to expire (by id) and versions to insert."""

    expire: list[str] = field(default_factory=list)
    insert: list[Fact] = field(default_factory=list)
    recorded_at: datetime | None = None

    @property
    def empty(self) -> bool:
        return not self.expire and not self.insert


def reconcile(
    spec: PredicateSpec,
    slot: str,
    claims: Sequence[Claim],
    current: Sequence[Fact],
    *,
    group_id: str,
    recorded_at: datetime,
    reopened: bool = False,
) -> SlotPlan:
    """Compare the timeline derived from ``claims`` with the ``current`` versions of ``slot``.

    Versions that no longer hold are expired at ``recorded_at`` (never earlier than the newest
    current version, so transaction time stays monotonic per slot) and the new ones inserted.
    ``reopened``: the slot held versions before, all of them expired since. A new version's id then
    also hashes the ids of the slot's claims, which grew since: the same content derived again at
    the same recorded time as an expired version (a fixed clock, a replay) gets an id of its own.
    """
    if current:
        recorded_at = max(recorded_at, max(f.recorded_at for f in current))
    replacing = sorted(f.id for f in current) if current or not reopened else sorted({c.id for c in claims})
    want = dict(_stint_fact(spec, slot, s, group_id=group_id, recorded_at=recorded_at, replacing=replacing)
                for s in derive_timeline(spec, claims))  # by signature: the last of equal ones, in first place
    plan = SlotPlan(recorded_at=recorded_at)
    if not current:  # a brand-new slot (every slot of a fresh import): all of it is new
        plan.insert = list(want.values())
        return plan
    have = {fact_signature(f): f for f in current}
    plan.expire = sorted(f.id for sig, f in have.items() if sig not in want)
    plan.insert = [f for sig, f in want.items() if sig not in have]
    return plan
