"""Shared fixtures: backends for the contract suite, a Neo4j connection when one is configured."""

from __future__ import annotations

import os
import uuid

import pytest

NEO4J_HINT = (
    "set NEO4J_URI (start a throw-away Neo4j with: "
    "eval \"$(python scripts/neo4j_test_server.py start --state-dir .ci/state/neo4j)\")"
)


def neo4j_or_skip():
    """Connect to the configured Neo4j; skip locally without one, fail in CI."""
    if not os.environ.get("NEO4J_URI"):
        if os.environ.get("CI"):
            pytest.fail("CI is set but NEO4J_URI is not: the Neo4j tests must run in CI. " + NEO4J_HINT)
        pytest.skip(NEO4J_HINT)
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    return Neo4jGraphStore.from_env()


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request, tmp_path):
    """Every backend, empty for the test's own group (``store.test_group``)."""
    if request.param == "sqlite":
        from chronomem.graph import SqliteGraphStore

        s = SqliteGraphStore(tmp_path / "memory.sqlite")
    else:
        s = neo4j_or_skip()
    s.test_group = f"t-{uuid.uuid4().hex[:10]}"
    yield s
    if request.param == "neo4j":
        s.delete_group(s.test_group)
    s.close()


@pytest.fixture(scope="session")
def rule_extractor():
    """One spaCy rule extractor (one model load) shared by every test outside tests/unit/extract."""
    from chronomem.extract import SpacyRuleExtractor

    return SpacyRuleExtractor()


def pytest_collection_modifyitems(config, items):
    """The long reliability suite runs only when asked for (``-m reliability``, as ``.ci/run`` does)."""
    if "reliability" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="long reliability suite: run with -m reliability (.ci/run does)")
    for item in items:
        if item.get_closest_marker("reliability") is not None:
            item.add_marker(skip)
