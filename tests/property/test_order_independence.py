"""Any ingestion order of the same sessions gives the same memory (DESIGN §3): a property test over
the real rule extractor's output, on both backends.

Compared: entities (content-derived ids, names, types, aliases), every current fact version
without its transaction time, and every entity's timeline (objects, intervals, statuses). Only
transaction time may differ: version ids, ``recorded_at``/``expired_at`` and which versions were
expired on the way record when each piece of evidence arrived, which is the order itself.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronomem.graph import SqliteGraphStore
from chronomem.schema import entity_id
from tests.property.order_world import CachedExtractor, conversations, ingest, view

_SETTINGS = {"deadline": None, "database": None, "derandomize": False,
             "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]}


@pytest.fixture(scope="module")
def cached_extractor(rule_extractor: Any) -> CachedExtractor:
    return CachedExtractor(rule_extractor)


def _orders(data: Any, convo: list[dict]) -> list[list[list[dict]]]:
    """The sessions as one file in the given order, reversed, and shuffled over 2–3 files."""
    shuffled = data.draw(st.permutations(convo))
    cut = sorted(data.draw(st.lists(st.integers(1, len(convo) - 1), min_size=1, max_size=2, unique=True)))
    files = [shuffled[a:b] for a, b in zip([0, *cut], [*cut, len(convo)])]
    return [[convo], [convo[::-1]], files]


def _check_same(views: list[dict], group_of: list[str]) -> None:
    first = views[0]
    for other in views[1:]:
        assert other["entities"] == first["entities"]
        assert other["current"] == first["current"]
        assert other["timelines"] == first["timelines"]
    for eid, name, _type, _aliases in first["entities"]:  # ids come from the content, not the arrival
        assert eid == entity_id(group_of[0], name)


@settings(max_examples=200, **_SETTINGS)
@given(convo=conversations(), data=st.data())
def test_any_order_gives_the_same_memory_embedded(convo: list[dict], data: Any, cached_extractor: Any) -> None:
    views = [view(ingest(SqliteGraphStore(":memory:"), "g", cached_extractor, parts)) for parts in _orders(data, convo)]
    _check_same(views, ["g"])


@pytest.fixture(scope="module")
def neo4j_store() -> Any:
    from tests.conftest import neo4j_or_skip

    store = neo4j_or_skip()
    yield store
    store.close()


@pytest.mark.neo4j
@settings(max_examples=25, **_SETTINGS)
@given(convo=conversations(), data=st.data())
def test_any_order_gives_the_same_memory_neo4j(convo: list[dict], data: Any, cached_extractor: Any,
                                               neo4j_store: Any) -> None:
    group = f"order-{uuid.uuid4().hex[:10]}"
    views = []
    try:
        for parts in _orders(data, convo):
            views.append(view(ingest(neo4j_store, group, cached_extractor, parts)))
            neo4j_store.delete_group(group)
    finally:
        neo4j_store.delete_group(group)
    _check_same(views, [group])
