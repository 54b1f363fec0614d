"""Cypher for the Neo4j store, as named constants.

Every value travels as a parameter (``$g`` is always the group); nothing user-supplied is ever
formatted into a statement. Times are integer microseconds since the epoch (``NULL``: unbounded).

Model::

    (:Entity {id, group_id, name, type, aliases, names, norm_names})
    (:EntityName {group_id, norm})-[:NAMES]->(:Entity)            # find_entities by normalized name
    (:Session {group_id, id, started_at, metadata_json})-[:HAS_TURN]->(:Turn {group_id, id, ...})
    (:Turn)-[:MENTIONS]->(:Entity)
    (:SlotLock {group_id, key, claim_ids: [id, ...], claims: [JSON, ...], current: [fact id, ...]})
        # a slot's evidence and its unexpired versions' ids; serializes its writers
    (:Entity)-[:FACT {id, group_id, predicate, statement, valid_from, valid_to, ...}]->(:Entity)
        # no slot (derived: codec.NEO4J_DERIVED); relationships written by earlier versions hold one, read as is
    (:ChronomemMeta {key, value})       # store-wide marks (turn_scope's migration) and the insertion counter
    (:GroupSequence {group_id, next})   # a group's insertion counter up to 0.x (START_SEQUENCE continues after it)
"""

from chronomem.graph import codec
from chronomem.graph.codec import NEO4J_DERIVED, NEO4J_PROPERTY, RELATIONSHIP_ENDS

#: The values of a CREATE_FACTS row: the end nodes' ids, then the ``FACT`` properties (the group is
#: ``$g``; the derived ones, :data:`~chronomem.graph.codec.NEO4J_DERIVED`, are not stored).
FACT_ROW_FIELDS = (*RELATIONSHIP_ENDS,
                   *(k for k in codec.FACT_FIELDS if k not in (*RELATIONSHIP_ENDS, *NEO4J_DERIVED, "group_id")))

# -- schema (run once per open; every statement is idempotent) ----------------------------
CONSTRAINTS = (
    "CREATE CONSTRAINT chronomem_entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE",
    "CREATE CONSTRAINT chronomem_entity_name_key IF NOT EXISTS FOR (n:EntityName) REQUIRE (n.group_id, n.norm) IS UNIQUE",
    "CREATE CONSTRAINT chronomem_session_key IF NOT EXISTS FOR (s:Session) REQUIRE (s.group_id, s.id) IS UNIQUE",
    "CREATE CONSTRAINT chronomem_turn_key IF NOT EXISTS FOR (t:Turn) REQUIRE (t.group_id, t.id) IS UNIQUE",
    "CREATE CONSTRAINT chronomem_fact_id IF NOT EXISTS FOR ()-[f:FACT]-() REQUIRE f.id IS UNIQUE",
    "CREATE CONSTRAINT chronomem_slot_lock_key IF NOT EXISTS FOR (l:SlotLock) REQUIRE (l.group_id, l.key) IS UNIQUE",
    "CREATE CONSTRAINT chronomem_group_sequence_key IF NOT EXISTS FOR (q:GroupSequence) REQUIRE q.group_id IS UNIQUE",
    "CREATE CONSTRAINT chronomem_meta_key IF NOT EXISTS FOR (m:ChronomemMeta) REQUIRE m.key IS UNIQUE",
)
INDEXES = (
    "CREATE INDEX chronomem_fact_group IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.group_id)",
    "CREATE INDEX chronomem_fact_predicate IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.predicate)",
    "CREATE INDEX chronomem_fact_valid_from IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.valid_from)",
    "CREATE INDEX chronomem_fact_valid_to IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.valid_to)",
    "CREATE INDEX chronomem_fact_recorded_at IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.recorded_at)",
    "CREATE INDEX chronomem_fact_expired_at IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.expired_at)",
    "CREATE INDEX chronomem_entity_group IF NOT EXISTS FOR (e:Entity) ON (e.group_id)",
    "CREATE INDEX chronomem_session_group IF NOT EXISTS FOR (s:Session) ON (s.group_id)",
    "CREATE INDEX chronomem_turn_group IF NOT EXISTS FOR (t:Turn) ON (t.group_id)",
    "CREATE INDEX chronomem_erasure_group IF NOT EXISTS FOR (x:Erasure) ON (x.group_id)",
    "CREATE FULLTEXT INDEX chronomem_entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.names]"
    " OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}",
    "CREATE FULLTEXT INDEX chronomem_fact_statement IF NOT EXISTS FOR ()-[f:FACT]-() ON EACH [f.statement]"
    " OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}",
    "CREATE FULLTEXT INDEX chronomem_turn_text IF NOT EXISTS FOR (t:Turn) ON EACH [t.text]"
    " OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}",
)
AWAIT_INDEXES = "CALL db.awaitIndexes($seconds)"
# Slot and name nodes are found by group through their (group_id, key|norm) uniqueness constraints
# indexes ("WHERE ... IS NOT NULL" on the second property lets the planner seek them by group alone):
# a group index of their own was one more index entry per node written (about 0.4 slot nodes per
# imported fact). Stores that have those indexes drop them on open.
DROPPED_INDEXES = (
    "DROP INDEX chronomem_entity_name_group IF EXISTS",
    "DROP INDEX chronomem_slot_lock_group IF EXISTS",
)
# Claims were one (:Claim) node each up to 0.x (three index entries and a node per claim); they now
# live as two parallel lists on their slot's SlotLock node. MIGRATE_CLAIMS moves a chunk of old
# nodes per run (repeated until it moves none), then the old schema goes.
MIGRATE_CLAIMS = """
MATCH (c:Claim) WITH c LIMIT $chunk
MERGE (l:SlotLock {group_id: c.group_id, key: c.slot})
SET l.claim_ids = coalesce(l.claim_ids, []) + c.id, l.claims = coalesce(l.claims, []) + c.body
DELETE c
RETURN count(*) AS n
"""
DROP_CLAIM_SCHEMA = (
    "DROP CONSTRAINT chronomem_claim_key IF EXISTS",
    "DROP INDEX chronomem_claim_slot IF EXISTS",
    "DROP INDEX chronomem_claim_group IF EXISTS",
)
# Up to 0.x a slot's current versions were found through a range index on FACT.slot (one more
# index entry per version written: about a seventh of a bulk import's server time); its SlotLock
# node now lists their ids. A store that still has that index gets the lists (a chunk of slot
# nodes per run, repeated until it sets none; a killed open resumes), then the index goes.
FACT_SLOT_INDEX = "chronomem_fact_slot"
HAS_INDEX = "SHOW INDEXES YIELD name WHERE name = $name RETURN count(*) AS n"
MIGRATE_CURRENT = """
MATCH (l:SlotLock) WHERE l.current IS NULL
WITH l LIMIT $chunk
OPTIONAL MATCH ()-[f:FACT {slot: l.key}]->() WHERE f.group_id = l.group_id AND f.expired_at IS NULL
WITH l, f ORDER BY f.ord
WITH l, collect(f.id) AS ids
SET l.current = ids
RETURN count(*) AS n
"""
DROP_FACT_SLOT_INDEX = "DROP INDEX chronomem_fact_slot IF EXISTS"

# -- writing ---------------------------------------------------------------------------------
# Every lookup by key is hinted USING INDEX SEEK, never USING INDEX: a plain index hint may be met
# by an index *scan* in a cartesian product with the UNWIND, filtered per row. The planner chose
# that plan when it planned CREATE_FACTS_ONLY while the label's statistics said "no entities" (a
# group just deleted, a store just created): 5,000 rows x every entity, ~11 s of server CPU in
# the first batch, the bulk import at half speed in about two runs of five.
# MERGE (backed by the uniqueness constraint) waits for a concurrent creator; SET/REMOVE of a
# scratch property takes the node's write lock until commit, so alias merges are never lost.
LOCK_ENTITIES = """
UNWIND $ids AS id
MERGE (e:Entity {id: id})
SET e._lock = true REMOVE e._lock
RETURN e.id AS id, e.group_id AS group_id, e.name AS name, e.type AS type, e.aliases AS aliases,
       coalesce(e.norm_names, []) AS norm_names
"""
# The batch's entities in one statement: the missing ones created as given, with their names (no
# lock needed: the uniqueness constraint makes MERGE wait for a concurrent creator). One row comes
# back: how many were created, and the stored ones that may have to change, unlocked
# (chronomem.graph.writer locks and re-reads those): even a REMOVE of an absent property would lock
# them, and a concurrent writer creating FACT edges on them (in its own order) would then deadlock
# with this one. A stored entity of the group with the given name and aliases, and the given type
# or a given OTHER, is left out when the client marked the given record ``stable`` (merging it with
# itself changes nothing): the merge would change nothing either (DESIGN: merges only grow).
MERGE_NEW_ENTITIES = """
UNWIND $rows AS row
MERGE (e:Entity {id: row.id})
ON CREATE SET e += row.props, e._new = true
WITH e, row, e._new IS NOT NULL AS created
FOREACH (norm IN CASE WHEN created THEN row.norms ELSE [] END |
  MERGE (n:EntityName {group_id: $g, norm: norm}) MERGE (n)-[:NAMES]->(e))
FOREACH (_ IN CASE WHEN created THEN [1] ELSE [] END | REMOVE e._new)
WITH created, CASE WHEN created OR (row.stable AND e.group_id = $g AND e.name = row.props.name
                                    AND e.aliases = row.props.aliases
                                    AND (e.type = row.props.type OR row.props.type = 'OTHER')) THEN NULL
                   ELSE e {.id, .group_id, .name, .type, .aliases, norm_names: coalesce(e.norm_names, [])} END AS stored
RETURN count(CASE WHEN created THEN 1 END) AS created, collect(stored) AS stored
"""
SET_ENTITIES = "UNWIND $rows AS row MATCH (e:Entity {id: row.id}) USING INDEX SEEK e:Entity(id) SET e += row.props"
MERGE_ENTITY_NAMES = """
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
UNWIND row.norms AS norm
MERGE (n:EntityName {group_id: $g, norm: norm})
MERGE (n)-[:NAMES]->(e)
"""
MISSING_ENTITIES = """
UNWIND $ids AS id
OPTIONAL MATCH (e:Entity {id: id})
WITH id, e WHERE e IS NULL OR e.group_id <> $g
RETURN id
"""
MERGE_SESSION = """
MERGE (s:Session {group_id: $g, id: $id})
ON CREATE SET s.started_at = $started_at, s.metadata_json = $metadata_json, s._new = true
WITH s, coalesce(s._new, false) AS created
REMOVE s._new
RETURN created
"""
SESSION_CONTENT = """
MATCH (s:Session {group_id: $g, id: $id}) USING INDEX SEEK s:Session(group_id, id)
OPTIONAL MATCH (s)-[:HAS_TURN]->(t:Turn)
WITH s, t ORDER BY t.seq
RETURN s.started_at AS started_at,
       [x IN collect(t) | {id: x.id, speaker: x.speaker, text: x.text, at: x.at}] AS turns
"""
FACT_IDS_STARTING = """
MATCH ()-[f:FACT]->() WHERE f.id STARTS WITH $prefix AND f.group_id = $g
RETURN f.id AS id ORDER BY id LIMIT $limit
"""
MERGE_TURNS = """
MATCH (s:Session {group_id: $g, id: $session_id}) USING INDEX SEEK s:Session(group_id, id)
UNWIND $rows AS row
MERGE (t:Turn {group_id: $g, id: row.id})
ON CREATE SET t.session_id = $session_id, t.speaker = row.speaker, t.text = row.text, t.at = row.at,
              t.seq = row.seq, t.ord = row.ord, t.times = row.times
WITH s, t WHERE t.session_id = $session_id
MERGE (s)-[:HAS_TURN]->(t)
"""
TURNS_OF_OTHER_SESSIONS = """
UNWIND $ids AS id
MATCH (t:Turn {group_id: $g, id: id}) USING INDEX SEEK t:Turn(group_id, id)
WHERE t.session_id <> $session_id
RETURN t.id AS id, t.session_id AS session_id
"""
MISSING_TURNS = """
UNWIND $ids AS id
OPTIONAL MATCH (t:Turn {group_id: $g, id: id}) USING INDEX SEEK t:Turn(group_id, id)
WITH id, t WHERE t IS NULL
RETURN id
"""
MERGE_MENTIONS = """
UNWIND $rows AS row
MATCH (t:Turn {group_id: $g, id: row.turn_id}) USING INDEX SEEK t:Turn(group_id, id)
MATCH (e:Entity {id: row.entity_id})
MERGE (t)-[:MENTIONS]->(e)
"""
LOCK_SLOTS = """
UNWIND $slots AS key
MERGE (l:SlotLock {group_id: $g, key: key})
ON CREATE SET l.claim_ids = [], l.claims = [], l.current = []
SET l._lock = true REMOVE l._lock
RETURN key AS slot, coalesce(l.claim_ids, []) AS ids
"""
# LOCK_SLOTS for slots given with their claims: a slot not stored yet is created holding them and
# the ids of the versions they derive alone (the MERGE that creates it holds its lock: nothing more
# is written, nothing comes back); a stored one is locked (the scratch property set ON MATCH, which
# also tells the two apart) and returned with its claim ids. The caller knows the created ones:
# those not returned. (Setting a created slot's versions here rather than in CREATE_FACTS writes
# its node once: the second write was about a seventh of a bulk import's server time.)
LOCK_OR_CREATE_SLOTS = """
UNWIND $rows AS row
MERGE (l:SlotLock {group_id: $g, key: row[0]})
ON CREATE SET l.claim_ids = row[1], l.claims = row[2], l.current = row[3]
ON MATCH SET l._lock = true
WITH l, row WHERE l._lock IS NOT NULL
REMOVE l._lock
RETURN row[0] AS slot, coalesce(l.claim_ids, []) AS ids
"""
# Insertion numbers (the order of turns and versions, the embedded store's rowid) come from one
# store-wide counter, taken in a transaction of its own (Neo4jGraphStore.reserve), never inside a
# write: a write holding the counter until its commit would make every concurrent writer wait for
# that commit, and a failed write leaves no node of its group behind. Gaps are harmless.
SEQUENCE_KEY = "insertion_sequence"
# At open: the counter starts after every number the per-group counters of 0.x gave out.
START_SEQUENCE = """
OPTIONAL MATCH (q:GroupSequence)
WITH coalesce(max(q.next), 0) AS start
MERGE (m:ChronomemMeta {key: $key})
ON CREATE SET m.value = start
"""
NEXT_SEQUENCE = """
MERGE (m:ChronomemMeta {key: $key})
ON CREATE SET m.value = 0
SET m.value = m.value + $count
RETURN m.value - $count AS first
"""
APPEND_CLAIMS = """
UNWIND $rows AS row
MATCH (l:SlotLock {group_id: $g, key: row.slot})
SET l.claim_ids = coalesce(l.claim_ids, []) + row.ids, l.claims = coalesce(l.claims, []) + row.bodies
"""
CLAIMS_OF_SLOTS = """
UNWIND $slots AS slot
MATCH (l:SlotLock {group_id: $g, key: slot})
UNWIND range(0, size(coalesce(l.claim_ids, [])) - 1) AS i
RETURN slot, l.claim_ids[i] AS id, l.claims[i] AS body ORDER BY slot, id
"""
# The expired versions leave their slots' lists of current versions (slots this write has locked;
# row.slot: a version written without its slot property, codec.NEO4J_DERIVED);
# the ids of those that hold a vector come back (their vector state changes: chronomem.graph.vectors).
EXPIRE_FACTS = """
UNWIND $rows AS row
MATCH ()-[f:FACT {id: row.id}]->() USING INDEX SEEK f:FACT(id)
WHERE f.group_id = $g AND f.expired_at IS NULL
SET f.expired_at = row.expired_at
WITH coalesce(f.slot, row.slot) AS slot, collect(f.id) AS gone, collect(CASE WHEN f.vec_seq IS NOT NULL THEN f.id END) AS vectored
OPTIONAL MATCH (l:SlotLock {group_id: $g, key: slot})
SET l.current = [i IN coalesce(l.current, []) WHERE NOT i IN gone]
RETURN vectored
"""
# The versions numbered from $first on (a range reserved with NEXT_SEQUENCE), each row the values of
# neo4j_write.FACT_ROW_FIELDS (subject and object ids first); a row whose subject or object is not
# an entity of the group is left out (the caller compares the count and names them).
_CREATE_VERSIONS = """
UNWIND range(0, size($rows) - 1) AS i
WITH $first + i AS ord, $rows[i] AS row
MATCH (s:Entity {id: row[0]}) USING INDEX SEEK s:Entity(id) WHERE s.group_id = $g
MATCH (o:Entity {id: row[1]}) USING INDEX SEEK o:Entity(id) WHERE o.group_id = $g
CREATE (s)-[f:FACT {ord: ord, group_id: $g, %s}]->(o)
WITH count(f) AS created
""" % ", ".join(f"{NEO4J_PROPERTY.get(k, k)}: row[{i}]" for i, k in enumerate(FACT_ROW_FIELDS) if k not in RELATIONSHIP_ENDS)
# Versions whose slots were all created by this write with their lists of current versions
# (LOCK_OR_CREATE_SLOTS): nothing more to do.
CREATE_FACTS_ONLY = _CREATE_VERSIONS + "RETURN created\n"
# Versions of slots found stored: each of $slots (never empty), ``[slot, [fact id, ...]]``, appends
# the ids to its slot's list of current versions. The slot's node is this write's (locked by it),
# so it is only looked up, not merged again (a MERGE is a locking seek).
CREATE_FACTS = _CREATE_VERSIONS + """UNWIND $slots AS slot
MATCH (l:SlotLock {group_id: $g, key: slot[0]}) USING INDEX SEEK l:SlotLock(group_id, key)
SET l.current = coalesce(l.current, []) + slot[1]
RETURN created LIMIT 1
"""

# -- reading facts ---------------------------------------------------------------------------
# The columns of a fact row (record_to_fact reads them): f is the relationship, s and o its end nodes.
_ENDS = {"subject_id": "s.id", "object_id": "o.id"}
# A slot is NULL where the relationship does not store it (codec.NEO4J_DERIVED; record_to_fact derives it).
_FACT_COLUMNS = tuple((k, _ENDS.get(k) or f"f.{NEO4J_PROPERTY.get(k, k)}") for k in codec.FACT_FIELDS)
FACT_FIELDS = "\nRETURN " + ", ".join(f"{expr} AS {key}" for key, expr in _FACT_COLUMNS) + "\n"
# $as_of / $known_at may be NULL; $include_expired only matters without $known_at.
TIME_FILTER = """
($as_of IS NULL OR ((f.valid_from IS NULL OR f.valid_from <= $as_of) AND (f.valid_to IS NULL OR f.valid_to > $as_of)))
AND CASE WHEN $known_at IS NULL THEN ($include_expired OR f.expired_at IS NULL)
         ELSE (f.recorded_at <= $known_at AND (f.expired_at IS NULL OR f.expired_at > $known_at)) END
"""
FACTS_OF_ENTITIES = (
    """
UNWIND $ids AS id
MATCH (e:Entity {id: id})
UNWIND [(e)-[f:FACT]-() WHERE f.group_id = $g AND ($predicate IS NULL OR f.predicate = $predicate) | f] AS f
WITH DISTINCT f WHERE """
    + TIME_FILTER
    + "WITH f, startNode(f) AS s, endNode(f) AS o"
    + FACT_FIELDS
)
# The first $count of FACTS_OF_ENTITIES in the stores' fact order (unknown starts first, then by start,
# predicate, recording, id): a hop of a walk costs at most $count rows however many facts a hub has.
FIRST_FACTS_OF_ENTITIES = (
    FACTS_OF_ENTITIES + "ORDER BY valid_from IS NOT NULL, valid_from, predicate, recorded_at, id LIMIT $count\n"
)
# Degrees Neo4j keeps per node: no relationship is read.
FACT_COUNTS = """
UNWIND $ids AS id
MATCH (e:Entity {id: id}) USING INDEX SEEK e:Entity(id) WHERE e.group_id = $g
WITH id, COUNT { (e)-[:FACT]->() } + COUNT { (e)<-[:FACT]-() } AS n WHERE n > 0
RETURN id, n
"""
# FIND_ENTITIES, FACTS_OF_ENTITIES and the touched entities in one statement (one row back; a fact
# between two of the found entities comes twice and is deduplicated by id): an as-of question about
# a name costs one round trip instead of three. No CALL subquery, so any Neo4j 5 runs it.
_ENTITY_MAP = "{.id, .group_id, .name, .type, .aliases}"


def _fact_map(s: str, o: str) -> str:
    """A fact row (the columns of FACT_FIELDS) with its end nodes' entity maps, for f between ``s`` and ``o``."""
    ends = {"s.id": f"{s}.id", "o.id": f"{o}.id"}
    fields = ", ".join(f"{key}: {ends.get(expr, expr)}" for key, expr in _FACT_COLUMNS)
    return f"{{{fields}, s: {s}{_ENTITY_MAP}, o: {o}{_ENTITY_MAP}}}"


_ABOUT_WHERE = "f.group_id = $g AND ($predicate IS NULL OR f.predicate = $predicate) AND " + " ".join(TIME_FILTER.split())
FACTS_ABOUT = (
    """
MATCH (n:EntityName {group_id: $g, norm: $norm})-[:NAMES]->(e:Entity) USING INDEX SEEK n:EntityName(group_id, norm)
WITH DISTINCT e ORDER BY e.id
WITH collect(e) AS found
RETURN [e IN found | e""" + _ENTITY_MAP + """] AS entities,
       [e IN found | [(e)-[f:FACT]->(o) WHERE """ + _ABOUT_WHERE + " | " + _fact_map("e", "o") + """]
                   + [(s)-[f:FACT]->(e) WHERE """ + _ABOUT_WHERE + " | " + _fact_map("s", "e") + """]] AS facts
"""
)
FACTS_BY_ID = "UNWIND $ids AS id MATCH (s)-[f:FACT {id: id}]->(o) USING INDEX SEEK f:FACT(id) WHERE f.group_id = $g" + FACT_FIELDS
# A slot's current versions through the ids its node lists (a version erased by ``forget`` may
# still be listed: it is simply not found), each with the slot's key as its slot.
CURRENT_OF_SLOTS = (
    "UNWIND $slots AS key MATCH (l:SlotLock {group_id: $g, key: key})"
    " UNWIND coalesce(l.current, []) AS fid"
    " MATCH (s)-[f:FACT {id: fid}]->(o) USING INDEX SEEK f:FACT(id)"
    " WHERE f.group_id = $g AND coalesce(f.slot, key) = key AND f.expired_at IS NULL"
    " WITH DISTINCT f, s, o, key"
    + FACT_FIELDS.replace("f.slot AS slot", "key AS slot")
    + " ORDER BY f.ord"
)
ALL_FACTS = "MATCH (s)-[f:FACT]->(o) WHERE f.group_id = $g AND " + TIME_FILTER + FACT_FIELDS + " ORDER BY f.ord"
CHANGED_BETWEEN = (
    """
MATCH (s)-[f:FACT]->(o) WHERE f.group_id = $g AND (
  (f.valid_from >= $since AND f.valid_from < $until) OR (f.valid_to >= $since AND f.valid_to < $until)
  OR (f.recorded_at >= $since AND f.recorded_at < $until) OR (f.expired_at >= $since AND f.expired_at < $until))
"""
    + FACT_FIELDS
)

# -- reading entities ------------------------------------------------------------------------
ENTITY_FIELDS = " RETURN e.id AS id, e.group_id AS group_id, e.name AS name, e.type AS type, e.aliases AS aliases"
ENTITIES_BY_ID = "UNWIND $ids AS id MATCH (e:Entity {id: id}) USING INDEX SEEK e:Entity(id) WHERE e.group_id = $g" + ENTITY_FIELDS
FIND_ENTITIES = (
    "MATCH (n:EntityName {group_id: $g, norm: $norm})-[:NAMES]->(e:Entity) USING INDEX SEEK n:EntityName(group_id, norm)"
    + ENTITY_FIELDS + " ORDER BY e.id"
)
ENTITIES_OF_GROUP = "MATCH (e:Entity {group_id: $g})" + ENTITY_FIELDS + " ORDER BY e.id"

# -- full text (the query is built from word tokens only; see neo4j_store.lucene_query) ------
# Each kind: its index's procedure, index, result variable, and what breaks ties between equal scores:
# the insertion order, as the embedded store's rowids do (entities keep none: their id).
_FULLTEXT_CALL = {"entity": ("queryNodes", "chronomem_entity_names", "node", "node.id"),
                  "fact": ("queryRelationships", "chronomem_fact_statement", "relationship", "relationship.ord"),
                  "turn": ("queryNodes", "chronomem_turn_text", "node", "node.ord")}
# Every match of the index, best first, the group's first $limit: Lucene ranks all of them (a common
# word matches a good share of a million turns), so FULLTEXT_TOP is tried first.
FULLTEXT = {kind: f"CALL db.index.fulltext.{proc}('{index}', $query) YIELD {var}, score "
                  f"WITH {var}, score WHERE {var}.group_id = $g RETURN {var}.id AS id, score "
                  f"ORDER BY score DESC, {tie} LIMIT $limit"
            for kind, (proc, index, var, tie) in _FULLTEXT_CALL.items()}
# The index's best $fetch matches only (Lucene keeps a heap of $fetch instead of ranking every match):
# the group's among them as [id, score, tie-breaker] and how many came back. When
# fewer than $fetch came back they were all the matches; when the group has $limit among them they
# are its best $limit scores (nothing left out scores higher; among matches tied with the last one,
# Lucene's own order chose which came back, where ranking every match takes the earliest written).
# Otherwise (another group's matches outrank the group's) FULLTEXT.
FULLTEXT_TOP = {kind: f"CALL db.index.fulltext.{proc}('{index}', $query, {{limit: $fetch}}) YIELD {var}, score "
                      f"WITH collect(CASE WHEN {var}.group_id = $g THEN [{var}.id, score, {tie}] END) AS hits, "
                      "count(*) AS seen RETURN hits, seen"
                for kind, (proc, index, var, tie) in _FULLTEXT_CALL.items()}

# -- sessions and turns ----------------------------------------------------------------------
SESSIONS = """
MATCH (s:Session {group_id: $g})
RETURN s.id AS id, s.group_id AS group_id, s.started_at AS started_at, s.metadata_json AS metadata_json,
       COUNT { (s)-[:HAS_TURN]->(:Turn) } AS turn_count
ORDER BY s.started_at, s.id
"""
TURN_FIELDS = (" RETURN t.id AS id, t.session_id AS session_id, t.group_id AS group_id, t.speaker AS speaker,"
               " t.text AS text, t.at AS at, t.seq AS seq, t.times AS times")
TURNS_BY_ID = "UNWIND $ids AS id MATCH (t:Turn {group_id: $g, id: id}) USING INDEX SEEK t:Turn(group_id, id)" + TURN_FIELDS
TURNS_OF_SESSION = ("MATCH (s:Session {group_id: $g, id: $session_id})-[:HAS_TURN]->(t:Turn) USING INDEX SEEK s:Session(group_id, id)"
                    + TURN_FIELDS + " ORDER BY t.seq")
TURNS_OF_GROUP = "MATCH (t:Turn {group_id: $g})" + TURN_FIELDS + " ORDER BY t.ord"
MENTIONS_OF = ("MATCH (t:Turn {group_id: $g, id: $turn_id})-[:MENTIONS]->(e:Entity) USING INDEX SEEK t:Turn(group_id, id)"
               " RETURN e.id AS id ORDER BY id")
TURNS_MENTIONING = """
UNWIND $ids AS id
MATCH (e:Entity {id: id})<-[:MENTIONS]-(t:Turn) WHERE t.group_id = $g
WITH t, count(*) AS hits
RETURN t.id AS id ORDER BY hits DESC, t.at DESC, id LIMIT $limit
"""

# -- housekeeping ----------------------------------------------------------------------------
GROUPS = """
MATCH (e:Entity) WHERE e.group_id IS NOT NULL RETURN DISTINCT e.group_id AS g
UNION
MATCH (s:Session) WHERE s.group_id IS NOT NULL RETURN DISTINCT s.group_id AS g
"""
FIRST_RECORDED = "MATCH ()-[f:FACT]->() WHERE f.group_id = $g RETURN min(f.recorded_at) AS first"
STATS = """
RETURN COUNT { MATCH (e:Entity {group_id: $g}) } AS entities,
       COUNT { MATCH (s:Session {group_id: $g}) } AS sessions,
       COUNT { MATCH (t:Turn {group_id: $g}) } AS turns,
       COUNT { MATCH (l:SlotLock {group_id: $g}) WHERE l.key IS NOT NULL UNWIND coalesce(l.claim_ids, []) AS c RETURN c } AS claims,
       COUNT { MATCH ()-[f:FACT]->() WHERE f.group_id = $g AND f.expired_at IS NULL } AS facts,
       COUNT { MATCH ()-[f:FACT]->() WHERE f.group_id = $g } AS fact_versions
"""
# Each runs repeatedly, one transaction per chunk, until it deletes nothing: FACT edges first,
# then every node of the group (plain Cypher, no CALL IN TRANSACTIONS, so it runs on every 5.x).
DELETE_GROUP = (
    "MATCH ()-[f:FACT]->() WHERE f.group_id = $g WITH f LIMIT $chunk DELETE f RETURN count(*) AS n",
    "MATCH (n:Turn {group_id: $g}) WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:Session {group_id: $g}) WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:EntityName {group_id: $g}) WHERE n.norm IS NOT NULL WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:Entity {group_id: $g}) WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:SlotLock {group_id: $g}) WHERE n.key IS NOT NULL WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:GroupSequence {group_id: $g}) WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
    "MATCH (n:Erasure {group_id: $g}) WITH n LIMIT $chunk DETACH DELETE n RETURN count(*) AS n",
)

# -- forget (erasure) and its audit trail (Neo4jGraphStore.forget_*; chronomem.graph.erasure) ---
ERASE_ENTITIES_OF = """
UNWIND $ids AS id
MATCH (e:Entity {id: id}) USING INDEX SEEK e:Entity(id) WHERE e.group_id = $g
RETURN e.id AS id, e.group_id AS group_id, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases
"""
ERASE_SPEAKERS = "MATCH (t:Turn {group_id: $g}) RETURN DISTINCT t.speaker AS speaker"
ERASE_TURNS_SPOKEN_BY = "MATCH (t:Turn {group_id: $g}) WHERE t.speaker IN $speakers RETURN t.id AS id"
ERASE_TURNS_MENTIONING = """
UNWIND $ids AS id
MATCH (t:Turn)-[:MENTIONS]->(e:Entity {id: id}) WHERE t.group_id = $g
RETURN DISTINCT t.id AS id
"""
ERASE_TURNS_OF_SESSION = """
MATCH (s:Session {group_id: $g, id: $session_id})-[:HAS_TURN]->(t:Turn) USING INDEX SEEK s:Session(group_id, id)
RETURN t.id AS id
"""
ERASE_MENTIONED_BY_TURNS = """
UNWIND $ids AS id
MATCH (t:Turn {group_id: $g, id: id})-[:MENTIONS]->(e:Entity)
RETURN DISTINCT e.id AS id
"""
ERASE_FACTS_TOUCHING = """
UNWIND $ids AS id
MATCH (e:Entity {id: id})-[f:FACT]-() WHERE f.group_id = $g
WITH DISTINCT f
MATCH (s)-[f]->(o)
RETURN f.id AS id, s.id AS subject_id, o.id AS object_id, f.sources_json AS sources
"""
ERASE_FACTS_CITING = """
MATCH (s)-[f:FACT]->(o) WHERE f.group_id = $g AND any(needle IN $needles WHERE f.sources_json CONTAINS needle)
RETURN f.id AS id, s.id AS subject_id, o.id AS object_id, f.sources_json AS sources
"""
ERASE_CLAIMS_CONTAINING = """
MATCH (l:SlotLock {group_id: $g}) WHERE l.key IS NOT NULL
  AND any(body IN l.claims WHERE any(needle IN $needles WHERE body CONTAINS needle))
UNWIND range(0, size(l.claims) - 1) AS i
WITH l, i WHERE any(needle IN $needles WHERE l.claims[i] CONTAINS needle)
RETURN l.key AS slot, l.claim_ids[i] AS id, l.claims[i] AS body
"""
ERASE_SESSION_EXISTS = "MATCH (s:Session {group_id: $g, id: $session_id}) RETURN count(s) AS n"
ERASE_SET_FACT_SOURCES = """
UNWIND $rows AS row
MATCH ()-[f:FACT {id: row.id}]->() USING INDEX SEEK f:FACT(id) WHERE f.group_id = $g
SET f.sources_json = row.sources
"""
ERASE_FACTS = """
UNWIND $ids AS id
MATCH ()-[f:FACT {id: id}]->() USING INDEX SEEK f:FACT(id) WHERE f.group_id = $g
DELETE f
"""
ERASE_TURNS = "UNWIND $ids AS id MATCH (t:Turn {group_id: $g, id: id}) DETACH DELETE t"
ERASE_CLAIMS = """
UNWIND $rows AS row
WITH row.slot AS slot, collect(row.id) AS ids
MATCH (l:SlotLock {group_id: $g, key: slot})
WITH l, [i IN range(0, size(l.claim_ids) - 1) WHERE NOT l.claim_ids[i] IN ids] AS keep
SET l.claim_ids = [i IN keep | l.claim_ids[i]], l.claims = [i IN keep | l.claims[i]]
"""
ERASE_SESSION = "MATCH (s:Session {group_id: $g, id: $session_id}) DETACH DELETE s"
ERASE_UNUSED_ENTITIES = """
UNWIND $ids AS id
MATCH (e:Entity {id: id}) USING INDEX SEEK e:Entity(id) WHERE e.group_id = $g
  AND NOT EXISTS { (e)-[:FACT]-() } AND NOT EXISTS { (:Turn)-[:MENTIONS]->(e) }
  AND NOT EXISTS { MATCH (l:SlotLock {group_id: $g}) WHERE l.key IS NOT NULL
                   AND any(body IN l.claims WHERE body CONTAINS ('"' + id + '"')) }
RETURN e.id AS id
"""
ERASE_ENTITIES = """
UNWIND $ids AS id
MATCH (e:Entity {id: id}) USING INDEX SEEK e:Entity(id) WHERE e.group_id = $g
OPTIONAL MATCH (n:EntityName)-[:NAMES]->(e)
DETACH DELETE e
WITH DISTINCT n WHERE n IS NOT NULL AND NOT EXISTS { (n)-[:NAMES]->() }
DELETE n
"""
CREATE_ERASURE = """
CREATE (:Erasure {group_id: $g, kind: $kind, target_sha256: $target_sha256, erased_at: $erased_at,
                  erased_by: $erased_by, counts_json: $counts_json, seq: $seq})
"""
# In the order written, as the embedded store's rowid (seq: the group's insertion number; records
# written before it existed come first, by time): elementId is no order, Neo4j reuses the ids of deleted nodes.
ERASURES = """
MATCH (x:Erasure {group_id: $g})
RETURN x.kind AS kind, x.target_sha256 AS target_sha256, x.erased_at AS erased_at, x.erased_by AS erased_by,
       x.counts_json AS counts_json
ORDER BY x.seq IS NOT NULL, x.seq, x.erased_at, elementId(x)
"""
