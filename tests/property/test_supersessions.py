"""Supersessions found through the slot's values by start (chronomem.query.slots._Starts) are those
found by comparing every value with every other, on any history of one slot."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.query import slots
from chronomem.schema import CORE_VOCABULARY
from chronomem.schema.models import Fact

BASE = datetime(2020, 1, 1, tzinfo=timezone.utc)


def every_pair(history: list[Fact], at: datetime) -> dict[str, Fact]:
    """The reference: each ended value's successor by walking every value of its slot against every other."""
    groups: dict[tuple[str, str], list[Fact]] = {}
    for f in history:
        groups.setdefault(slots._group(CORE_VOCABULARY, f), []).append(f)
    return {k: v for facts in groups.values() for k, v in _slot_pairs(facts, at).items()}


def _slot_pairs(history: list[Fact], at: datetime) -> dict[str, Fact]:
    out: dict[str, Fact] = {}
    holding = [g for g in history if g.valid_at(at)]
    for old in history if holding else []:
        if old.valid_to is None or old.valid_to > at:
            continue
        direct = [g for g in holding if g.id != old.id and slots._replaces(CORE_VOCABULARY, g, old)]
        if direct:
            out[old.id] = max(direct, key=lambda g: (g.valid_from or at, g.id))
            continue
        seen, frontier = {old.id}, [old]
        while frontier:
            newer = list({g.id: g for f in frontier for g in history
                          if g.id not in seen and slots._replaces(CORE_VOCABULARY, g, f)}.values())
            now = [g for g in newer if g.valid_at(at)]
            if now:
                out[old.id] = max(now, key=lambda g: (g.valid_from or at, g.id))
                break
            frontier = [g for g in newer if g.valid_to is not None and g.valid_to <= at]
            seen.update(g.id for g in newer)
    return out


def _history(predicate: str) -> st.SearchStrategy[list[Fact]]:
    day = st.one_of(st.none(), st.integers(0, 900))
    value = st.tuples(st.sampled_from(["a", "b", "c", "d"]), day, st.one_of(st.none(), st.integers(1, 200)))
    return st.lists(value, max_size=12).map(lambda vs: [
        Fact(id=f"f{n}", subject_id="ana", predicate=predicate, object_id=obj,
             valid_from=None if start is None else BASE + timedelta(days=start),
             valid_to=None if (start is None and length) or length is None else BASE + timedelta(days=(start or 0) + length),
             recorded_at=BASE) for n, (obj, start, length) in enumerate(vs)])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["LIVES_IN", "USES", "LEADS"]).flatmap(_history), st.integers(0, 1200))
def test_supersessions_are_those_of_every_pair(history, day):
    at = BASE + timedelta(days=day)
    assert slots.supersessions(history, at=at, vocabulary=CORE_VOCABULARY) == every_pair(history, at)


@pytest.fixture
def comparisons(monkeypatch):
    """How many times :func:`slots._replaces` compares two values (a one-item list, read after the call)."""
    calls = [0]
    replaces = slots._replaces

    def counted(*args):
        calls[0] += 1
        return replaces(*args)

    monkeypatch.setattr(slots, "_replaces", counted)
    return calls


def test_a_slot_with_many_past_values_is_not_compared_pair_by_pair(comparisons):
    """A thousand tools used a day each, months apart, and one in use: each past one is compared with
    the few that started near its end, not with every other (a year of chat made each search take seconds)."""
    history = [Fact(id=f"t{n}", subject_id="ana", predicate="USES", object_id=f"tool{n}",
                    valid_from=BASE + timedelta(days=100 * n), valid_to=BASE + timedelta(days=100 * n + 1),
                    recorded_at=BASE) for n in range(1000)]
    history.append(Fact(id="now", subject_id="ana", predicate="USES", object_id="latest",
                        valid_from=BASE + timedelta(days=100_000), recorded_at=BASE))
    assert slots.supersessions(history, at=BASE + timedelta(days=100_001), vocabulary=CORE_VOCABULARY) == {}
    assert comparisons[0] < 10 * len(history)


def test_chains_of_switches_are_walked_once_per_value(comparisons):
    """Five hundred tools, each taken up the day the one before was dropped, then the one in use: every
    past tool reaches it through the chain, and each value's direct successors are found once, not once
    for every walk that passes through it (a year of chat made each search take seconds)."""
    n = 500
    history = [Fact(id=f"t{i}", subject_id="ana", predicate="USES", object_id=f"tool{i}",
                    valid_from=BASE + timedelta(days=10 * i), valid_to=BASE + timedelta(days=10 * i + 10),
                    recorded_at=BASE) for i in range(n)]
    history.append(Fact(id="now", subject_id="ana", predicate="USES", object_id="latest",
                        valid_from=BASE + timedelta(days=10 * n), recorded_at=BASE))
    found = slots.supersessions(history, at=BASE + timedelta(days=10 * n + 1), vocabulary=CORE_VOCABULARY)
    assert {k: v.id for k, v in found.items()} == {f"t{i}": "now" for i in range(n)}
    assert comparisons[0] < 10 * len(history)
