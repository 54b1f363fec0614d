"""A real Neo4j for the integration tests: skipped locally without ``NEO4J_URI``, required in CI."""

from __future__ import annotations

import os
import uuid

import pytest

HINT = "set NEO4J_URI (start one with: python scripts/neo4j_test_server.py start --state-dir .ci/state/neo4j)"


def require_neo4j() -> None:
    if os.environ.get("NEO4J_URI"):
        return
    if os.environ.get("CI"):
        pytest.fail("CI is set but NEO4J_URI is not: the Neo4j tests must run in CI; " + HINT)
    pytest.skip(HINT)


@pytest.fixture
def neo4j_store():
    """A connected store and a fresh group (``store.test_group``), deleted afterwards."""
    require_neo4j()
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    store = Neo4jGraphStore.from_env()
    store.test_group = f"it-{uuid.uuid4().hex[:10]}"
    yield store
    store.delete_group(store.test_group)
    store.close()


@pytest.fixture
def neo4j_driver():
    """A plain driver, for looking at the schema and the raw graph."""
    require_neo4j()
    import neo4j

    driver = neo4j.GraphDatabase.driver(os.environ["NEO4J_URI"],
                                        auth=(os.environ.get("NEO4J_USER") or "neo4j", os.environ.get("NEO4J_PASSWORD", "")))
    yield driver
    driver.close()
