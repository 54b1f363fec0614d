"""Moving Neo4j stores written by earlier versions to the current layout, when a store is opened
(:meth:`~chronomem.graph.neo4j_store.Neo4jGraphStore`'s schema step): claims that were one node
each move onto their slots' nodes, and slot nodes that did not list their current versions get
those lists. Each runs a chunk per transaction until nothing is left, so a killed open resumes.
"""

from __future__ import annotations

import neo4j

from chronomem.graph import cypher


def migrate_claims(session: neo4j.Session) -> None:
    """Move the claim nodes of a store written before claims lived on their slots' nodes (a few
    thousand per transaction, so a killed open resumes at the next), then drop their schema."""
    def chunk(tx: neo4j.ManagedTransaction) -> int:
        return int(tx.run(cypher.MIGRATE_CLAIMS, chunk=5000).single(strict=True)["n"])

    while session.execute_write(chunk):
        pass
    for statement in cypher.DROP_CLAIM_SCHEMA:
        session.run(statement).consume()


def migrate_current(session: neo4j.Session) -> None:
    """Give the slot nodes of a store written before they listed their current versions those
    lists (a few thousand per transaction, through the FACT.slot index that found them until
    then), then drop that index. A store without the index has nothing to do."""
    if not session.run(cypher.HAS_INDEX, name=cypher.FACT_SLOT_INDEX).single(strict=True)["n"]:
        return

    def chunk(tx: neo4j.ManagedTransaction) -> int:
        return int(tx.run(cypher.MIGRATE_CURRENT, chunk=5000).single(strict=True)["n"])

    while session.execute_write(chunk):
        pass
    session.run(cypher.DROP_FACT_SLOT_INDEX).consume()
