"""Cypher of the Neo4j store's usage, retention policies and evictions (:mod:`chronomem.graph.neo4j_lifecycle`).

A turn's usage is kept on its ``:Turn`` node (``importance``, ``used_at``, ``kept``; it was born at
``t.at``), a fact version's on its ``FACT`` relationship once feedback corrected it (born at
``recorded_at``). A group's policy is one ``:RetentionPolicy`` node; what remains of an evicted turn
one ``:EvictedTurn`` node (id, session, when). Values are always parameters.
"""

CONSTRAINTS = (
    "CREATE CONSTRAINT chronomem_evicted_turn_key IF NOT EXISTS FOR (x:EvictedTurn) REQUIRE (x.group_id, x.id) IS UNIQUE",
    "CREATE CONSTRAINT chronomem_policy_key IF NOT EXISTS FOR (p:RetentionPolicy) REQUIRE p.group_id IS UNIQUE",
    "CREATE INDEX chronomem_evicted_merged IF NOT EXISTS FOR (x:EvictedTurn) ON (x.group_id, x.merged_into)",
)
# Each runs repeatedly, one transaction per chunk, until it deletes nothing (as cypher.DELETE_GROUP).
DELETE_GROUP = (
    "MATCH (n:EvictedTurn {group_id: $g}) WITH n LIMIT $chunk DELETE n RETURN count(*) AS n",
    "MATCH (n:RetentionPolicy {group_id: $g}) WITH n LIMIT $chunk DELETE n RETURN count(*) AS n",
)

# -- usage ------------------------------------------------------------------------------------
# A write scores the turns it stores; a turn that has a usage already keeps it.
PUT_TURN_USAGE = """
UNWIND $rows AS row
MATCH (t:Turn {group_id: $g, id: row.id}) USING INDEX SEEK t:Turn(group_id, id)
WITH t, row WHERE t.importance IS NULL
SET t.importance = row.importance, t.used_at = row.used_at, t.kept = row.kept
"""
REPLACE_TURN_USAGE = """
UNWIND $rows AS row
MATCH (t:Turn {group_id: $g, id: row.id}) USING INDEX SEEK t:Turn(group_id, id)
SET t.importance = row.importance, t.used_at = row.used_at, t.kept = row.kept
"""
REPLACE_FACT_USAGE = """
UNWIND $rows AS row
MATCH ()-[f:FACT {id: row.id}]->() USING INDEX SEEK f:FACT(id) WHERE f.group_id = $g
SET f.importance = row.importance, f.used_at = row.used_at, f.kept = row.kept
"""
TURN_USAGE = """
UNWIND $ids AS id
MATCH (t:Turn {group_id: $g, id: id}) USING INDEX SEEK t:Turn(group_id, id) WHERE t.importance IS NOT NULL
RETURN t.id AS id, t.importance AS importance, t.at AS born_at, t.used_at AS used_at, coalesce(t.kept, false) AS kept
"""
FACT_USAGE = """
UNWIND $ids AS id
MATCH ()-[f:FACT {id: id}]->() USING INDEX SEEK f:FACT(id) WHERE f.group_id = $g AND f.importance IS NOT NULL
RETURN f.id AS id, f.importance AS importance, f.recorded_at AS born_at, f.used_at AS used_at,
       coalesce(f.kept, false) AS kept
"""
TURN_STATES = """
MATCH (t:Turn {group_id: $g})
RETURN t.id AS id, t.session_id AS session_id, t.at AS at, t.importance AS importance, t.used_at AS used_at,
       coalesce(t.kept, false) AS kept
ORDER BY t.ord
"""

# -- the retention policy ------------------------------------------------------------------
POLICY = "MATCH (p:RetentionPolicy {group_id: $g}) RETURN p.body AS body"
SET_POLICY = "MERGE (p:RetentionPolicy {group_id: $g}) SET p.body = $body"
DELETE_POLICY = "MATCH (p:RetentionPolicy {group_id: $g}) DELETE p"

# -- evictions ------------------------------------------------------------------------------
EVICTIONS = """
UNWIND $ids AS id
MATCH (x:EvictedTurn {group_id: $g, id: id})
RETURN x.id AS id, x.session_id AS session_id, x.evicted_at AS evicted_at, x.merged_into AS merged_into
"""
MERGED_INTO = """
UNWIND $ids AS id
MATCH (x:EvictedTurn {group_id: $g, merged_into: id})
RETURN x.id AS id, x.session_id AS session_id, x.evicted_at AS evicted_at, x.merged_into AS merged_into
ORDER BY x.evicted_at, x.id
"""
TURN_SESSIONS = """
UNWIND $ids AS id
MATCH (t:Turn {group_id: $g, id: id}) USING INDEX SEEK t:Turn(group_id, id)
RETURN t.id AS id, t.session_id AS session_id
"""
CREATE_EVICTIONS = """
UNWIND $rows AS row
MERGE (x:EvictedTurn {group_id: $g, id: row.id})
SET x.session_id = row.session_id, x.evicted_at = row.evicted_at, x.merged_into = row.merged_into
"""
DELETE_SESSION_EVICTIONS = "MATCH (x:EvictedTurn {group_id: $g, session_id: $session_id}) DELETE x"
EVICTED_OF_SESSION = "MATCH (x:EvictedTurn {group_id: $g, session_id: $session_id}) RETURN x.id AS id"
