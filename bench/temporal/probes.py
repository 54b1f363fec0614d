"""Questions derived from the ground truth: what held at T (and what we believed at T′).

A slot's time axis is cut at the edges of every boundary zone. Inside a zone nothing is asked
(the phrase left that time open); between zones the expected answer is constant, so one probe
per segment (at a random day strictly inside it) covers the timeline.

Categories: ``current`` (as of now), ``past``, ``after_switch`` (just after a value replaced
another), ``lead`` (LEADS, asked from the team's side), ``out_of_order`` (the stint's start was
told after a later stint's), ``before_correction`` / ``after_correction`` (``known_at`` before
and after a correction) and the abstentions ``abstain_before`` (before anything known),
``abstain_gap`` (between stints) and ``abstain_distractor`` (only distractors mention it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import date, datetime, timedelta

from bench.temporal.model import Probe, Slot, Stint, Utterance, at_noon, canon

D = timedelta(days=1)
ABSTAIN = ("abstain_before", "abstain_gap", "abstain_distractor")
DONTCARE = "dontcare"


def _zones(slot: Slot) -> list[tuple[date | None, date | None]]:
    """Every zone of the slot: ``(lo, hi)`` with ``None`` for an open side."""
    out = []
    ordered = sorted(slot.stints, key=lambda s: s.start.date)
    for n, st in enumerate(ordered):
        out.append(st.start.zone())
        if st.end is not None:
            lo, hi = st.end.zone()
            if st.end_fuzzy:
                later = [o.start.zone()[1] for o in ordered[n + 1:] if o.start.date >= st.end.date]
                hi = min(later) if later else None
            out.append((lo, hi))
    return out


def _certain(st: Stint) -> tuple[date, date | None]:
    return st.start.zone()[1], None if st.end is None else st.end.zone()[0]


def expected_at(slot: Slot, day: date) -> frozenset[str] | str:
    """The canonical values holding on ``day``, or ``"dontcare"`` inside a zone."""
    for lo, hi in _zones(slot):
        if (lo is None or lo <= day) and (hi is None or day < hi):
            return DONTCARE
    return frozenset(canon(st.value) for st in slot.stints
                     if _certain(st)[0] <= day and (_certain(st)[1] is None or day < _certain(st)[1]))


def _segments(slot: Slot) -> list[tuple[date | None, date | None]]:
    points = sorted({p for z in _zones(slot) for p in z if p is not None})
    edges: list[date | None] = [None, *points, None]
    return list(zip(edges, edges[1:]))


def _evidence(slot: Slot, day: date | None) -> tuple[str, ...]:
    ordered = sorted(slot.stints, key=lambda s: s.start.date)
    if day is None:
        chosen = ordered[-2:]
    else:
        idx = [n for n, st in enumerate(ordered) if st.start.date <= day]
        k = idx[-1] if idx else 0
        chosen = ordered[max(0, k - 1):k + 2]
    out = []
    for st in chosen:
        for b in (st.start, st.end):
            if b is not None:
                out.extend(u for u in b.reports if u not in out)
        out.extend(st.corrections)
    return tuple(out)


def _probe(slot: Slot, category: str, day: date | None, expected: frozenset[str], *, earlier: frozenset[str] = frozenset(),
           known_at: datetime | None = None) -> Probe:
    return Probe("", slot.group, slot.subject, slot.predicate, slot.side, category, None if day is None else at_noon(day),
                 expected, known_at=known_at, scope=slot.scope, earlier=earlier, slot=slot.key, evidence=_evidence(slot, day))


def make_probes(slot: Slot, *, now: datetime, rng: random.Random) -> list[Probe]:
    """The probes of one slot (see the module docstring for the categories)."""
    today = now.date()
    if not slot.stints:
        return [_probe(slot, "abstain_distractor", None, frozenset()),
                _probe(slot, "abstain_distractor", today - timedelta(days=rng.randint(30, 900)), frozenset())]
    probes: list[Probe] = []
    seen: set[str] = set()
    prev: frozenset[str] = frozenset()
    for a, b in _segments(slot):
        first = a + D if a is not None else b - timedelta(days=400)
        last = b - 2 * D if b is not None else today - D
        if last < first:
            continue
        exp = expected_at(slot, first)
        if exp == DONTCARE:
            continue
        earlier = frozenset(seen - exp)
        open_end = b is None
        day = first + timedelta(days=rng.randint(0, (last - first).days))
        if not exp:
            cat = "abstain_gap" if seen else "abstain_before"
            probes.append(_probe(slot, cat, None if open_end and rng.random() < 0.5 else day, exp, earlier=earlier))
        else:
            covering = [st for st in slot.stints if canon(st.value) in exp and _certain(st)[0] <= first]
            if slot.predicate == "LEADS":
                cat = "lead"
            elif any(st.out_of_order for st in covering):
                cat = "out_of_order"
            else:
                cat = "current" if open_end else "past"
            probes.append(_probe(slot, cat, None if open_end else day, exp, earlier=earlier))
            if prev - exp and (last - first).days >= 4:
                soon = first + timedelta(days=rng.randint(0, min(10, (last - first).days // 4)))
                probes.append(_probe(slot, "lead" if slot.predicate == "LEADS" else "after_switch", soon, exp, earlier=earlier))
        seen |= exp
        prev = exp
    probes.extend(_correction_probes(slot, rng))
    return probes


def _correction_probes(slot: Slot, rng: random.Random) -> list[Probe]:
    out = []
    for st in slot.stints:
        if not (st.wrong_value and st.reported_wrong_at and st.corrected_at):
            continue
        k1 = st.reported_wrong_at + (st.corrected_at - st.reported_wrong_at) / 2
        lo, hi = _certain(st)
        last = min(hi, k1.date()) if hi is not None else k1.date()
        days = [lo + timedelta(days=n) for n in range(1, (last - lo).days - 1)]
        days = [d for d in days if expected_at(slot, d) == frozenset({canon(st.value)})]
        if not days:
            continue
        day = rng.choice(days)
        out.append(_probe(slot, "before_correction", day, frozenset({canon(st.wrong_value)}), known_at=k1))
        k2 = st.corrected_at + timedelta(days=1, hours=12) if rng.random() < 0.5 else None
        out.append(_probe(slot, "after_correction", day, frozenset({canon(st.value)}), known_at=k2))
    return out


def flag_out_of_order(slots: Iterable[Slot], utts: dict[str, Utterance], arrival: dict[str, int]) -> None:
    """Mark stints whose start arrived after the start of a later stint of the same slot."""
    for slot in slots:
        first = {}
        for st in slot.stints:
            seen = [arrival[utts[u].session_id] for u in st.start.reports if u in utts]
            first[id(st)] = min(seen) if seen else 10**9
        for st in slot.stints:
            st.out_of_order = any(o.start.date > st.start.date and first[id(o)] < first[id(st)] for o in slot.stints)
