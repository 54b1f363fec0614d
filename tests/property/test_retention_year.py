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


def check_year(full: Memory, small: Memory, clock: FixedClock, *, seed: int, turns: int, cap: int,
               ttl: float | None, every: int) -> None:
    small.set_policy(max_turns=cap, turn_ttl_days=ttl)
    day = START.date()
    for mine, theirs in zip(year(seed, turns, group=full.group, days=60), year(seed, turns, group=small.group, days=60)):
        clock.at = mine[0].started_at
        if (clock.at.date() - day).days >= every:
            report = small.compact()
            assert report.turns_after <= cap and small.stats()["turns"] == report.turns_after
            day = clock.at.date()
        full.write_extracted(*mine)
        small.write_extracted(*theirs)
    clock.at = START + timedelta(days=90)
    small.compact()
    assert small.stats()["turns"] <= cap
    assert fact_table(small) == fact_table(full)
    ignore = {"sources", "id", "subject_id", "object_id", "group"}  # ids differ between groups (Neo4j test)
    for person in PEOPLE:
        assert [r.model_dump(exclude=ignore) for r in small.timeline(person, include_retracted=True)] == \
            [r.model_dump(exclude=ignore) for r in full.timeline(person, include_retracted=True)]


YEARS = {"seed": st.integers(0, 10_000), "turns": st.integers(50, 300), "cap": st.integers(0, 120),
         "ttl": st.one_of(st.none(), st.floats(1, 40)), "every": st.integers(1, 20)}


@settings(max_examples=12, **_SETTINGS)
@given(**YEARS)
def test_a_capped_year_stays_under_its_cap_with_the_same_timelines(tmp_path_factory: Any, seed: int, turns: int,
                                                                   cap: int, ttl: float | None, every: int) -> None:
    where = tmp_path_factory.mktemp("year")
    clock = FixedClock(START)
    with Memory.open(where / "full", group="y", clock=clock, embedder=None) as full, \
            Memory.open(where / "small", group="y", clock=clock, embedder=None) as small:
        check_year(full, small, clock, seed=seed, turns=turns, cap=cap, ttl=ttl, every=every)


@pytest.mark.neo4j
@settings(max_examples=3, **_SETTINGS)
@given(**YEARS)
def test_a_capped_year_on_neo4j(seed: int, turns: int, cap: int, ttl: float | None, every: int) -> None:
    from tests.conftest import neo4j_or_skip

    store, other = neo4j_or_skip(), neo4j_or_skip()
    group = f"year-{uuid.uuid4().hex[:10]}"
    clock = FixedClock(START)
    try:
        check_year(Memory(other, group=group, clock=clock, embedder=None),
                   Memory(store, group=group + "-capped", clock=clock, embedder=None), clock,
                   seed=seed, turns=turns, cap=cap, ttl=ttl, every=every)
    finally:
        for s, g in ((other, group), (store, group + "-capped")):
            s.delete_group(g)
            s.close()
