"""A small synthetic year under a cap (``python -m bench.year_bench`` runs the 100,000-turn one):
whatever the cap, time to live and schedule, every compaction leaves the group at most at its cap,
and every fact's timeline is the one a store that kept everything has."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.year_bench import START, fact_table, year
from chronomem import FixedClock, Memory

_SETTINGS = {"deadline": None, "database": None,
             "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]}
PEOPLE = ("Ana", "Bo", "Caro", "Dev", "Eli", "Fay", "Gus", "Hana")
YEARS = {"seed": st.integers(0, 10_000), "turns": st.integers(50, 300), "cap": st.integers(0, 120),
         "ttl": st.one_of(st.none(), st.floats(1, 40)), "every": st.integers(1, 20)}


def live_year(mem: Memory, *, seed: int, turns: int, cap: int | None, ttl: float | None, every: int) -> Any:
    """Write a short year into ``mem`` (compacting every ``every`` days under ``cap`` and ``ttl``, or
    never with ``cap=None``); every fact version and every timeline it ends with."""
    clock = mem.clock
    assert isinstance(clock, FixedClock)
    if cap is not None:
        mem.set_policy(max_turns=cap, turn_ttl_days=ttl)
    day = START.date()
    for session, extracted in year(seed, turns, group=mem.group, days=60):
        clock.at = session.started_at
        if cap is not None and (clock.at.date() - day).days >= every:
            report = mem.compact()
            assert report.turns_after <= cap and mem.stats()["turns"] == report.turns_after
            day = clock.at.date()
        mem.write_extracted(session, extracted)
    if cap is not None:
        clock.at = START + timedelta(days=90)
        mem.compact()
        assert mem.stats()["turns"] <= cap
    return fact_table(mem), {p: [r.model_dump(exclude={"sources"}) for r in mem.timeline(p, include_retracted=True)]
                             for p in PEOPLE}


@settings(max_examples=12, **_SETTINGS)
@given(**YEARS)
def test_a_capped_year_stays_under_its_cap_with_the_same_timelines(tmp_path_factory: Any, seed: int, turns: int,
                                                                   cap: int, ttl: float | None, every: int) -> None:
    where = tmp_path_factory.mktemp("year")
    with Memory.open(where / "full", group="y", clock=FixedClock(START), embedder=None) as full, \
            Memory.open(where / "small", group="y", clock=FixedClock(START), embedder=None) as small:
        assert live_year(small, seed=seed, turns=turns, cap=cap, ttl=ttl, every=every) == \
            live_year(full, seed=seed, turns=turns, cap=None, ttl=None, every=every)


@pytest.mark.neo4j
@settings(max_examples=3, **_SETTINGS)
@given(**YEARS)
def test_a_capped_year_on_neo4j(seed: int, turns: int, cap: int, ttl: float | None, every: int) -> None:
    from tests.conftest import neo4j_or_skip

    store = neo4j_or_skip()
    group = f"year-{uuid.uuid4().hex[:10]}"  # one group for both runs: ids (and so same-time ties) hash the group
    try:
        full = live_year(Memory(store, group=group, clock=FixedClock(START), embedder=None),
                         seed=seed, turns=turns, cap=None, ttl=None, every=every)
        store.delete_group(group)
        assert live_year(Memory(store, group=group, clock=FixedClock(START), embedder=None),
                         seed=seed, turns=turns, cap=cap, ttl=ttl, every=every) == full
    finally:
        store.delete_group(group)
        store.close()
