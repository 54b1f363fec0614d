"""Cypher for the vectors the Neo4j store keeps with its items (:mod:`chronomem.graph.vectors`), as
named constants; every value is a parameter (``$g`` the group).

Each ``Entity`` and ``Turn`` node and each ``FACT`` relationship may hold ``vec`` (int8 bytes),
``vec_model`` (the embedder's name) and ``vec_seq`` (the vector sequence of its last vector change).
The sequence is the ``(:ChronomemMeta {key: 'vector_sequence'})`` counter: a transaction that changes
vector states takes its next number *last*, after locking the items it changes, and holds it until
it commits, so the numbers follow the commit order and no two such transactions wait on each other
in a cycle through it. Range indexes on ``(group_id, vec_seq)`` hold only items with a vector state,
so writing an item without one (every item a bulk import writes) costs no index entry.
"""

#: kind -> the pattern binding ``x`` to the group's items of that kind (the group filter comes after).
_ITEMS = {"fact": "MATCH ()-[x:FACT]->()", "entity": "MATCH (x:Entity)", "turn": "MATCH (x:Turn)"}
#: kind -> the pattern binding ``x`` to one item by ``id`` (an UNWIND variable), through its index.
_ITEM_BY_ID = {
    "fact": "MATCH ()-[x:FACT {id: id}]->() USING INDEX SEEK x:FACT(id) WHERE x.group_id = $g",
    "entity": "MATCH (x:Entity {id: id}) USING INDEX SEEK x:Entity(id) WHERE x.group_id = $g",
    "turn": "MATCH (x:Turn {group_id: $g, id: id}) USING INDEX SEEK x:Turn(group_id, id) WHERE true",
}
_GONE = {"fact": "x.expired_at IS NOT NULL", "entity": "false", "turn": "false"}
_SPEAKER = {"fact": "null", "entity": "null", "turn": "x.speaker"}
_ROW = {kind: (f" RETURN x.id AS id, x.vec_seq AS seq, x.vec_model AS model, x.vec AS vec, {_GONE[kind]} AS gone,"
               f" {_SPEAKER[kind]} AS speaker") for kind in _ITEMS}

VECTOR_INDEXES = (
    "CREATE INDEX chronomem_fact_vec_seq IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.group_id, f.vec_seq)",
    "CREATE INDEX chronomem_entity_vec_seq IF NOT EXISTS FOR (e:Entity) ON (e.group_id, e.vec_seq)",
    "CREATE INDEX chronomem_turn_vec_seq IF NOT EXISTS FOR (t:Turn) ON (t.group_id, t.vec_seq)",
)
# Property keys some reads name before any item holds them (a fresh store): created with the schema,
# or the server would warn about an unknown key on every such read.
PROPERTY_KEYS = ("vec", "vec_model", "vec_seq")
CREATE_PROPERTY_KEY = "CALL db.createProperty($name)"
VECTOR_SEQUENCE_KEY = "vector_sequence"
VECTOR_SEQUENCE = "OPTIONAL MATCH (m:ChronomemMeta {key: $key}) RETURN coalesce(m.value, 0) AS top"
INSERTION_MARK = "OPTIONAL MATCH (m:ChronomemMeta {key: $key}) RETURN coalesce(m.value, 0) AS mark"
_SEQ_INDEX = {"fact": "x:FACT(group_id, vec_seq)", "entity": "x:Entity(group_id, vec_seq)",
              "turn": "x:Turn(group_id, vec_seq)"}
# The changes in ($after, $upto], in vector-sequence order read off the (group_id, vec_seq) index: the
# seek hint (a planner that thinks the index small scans all of it, every group's) and the two-key
# order let it stop after $limit entries instead of sorting them all.
CHANGED_VECTORS = {kind: items + f" USING INDEX SEEK {_SEQ_INDEX[kind]}"
                   " WHERE x.group_id = $g AND x.vec_seq > $after AND x.vec_seq <= $upto"
                   + _ROW[kind] + " ORDER BY x.group_id, x.vec_seq LIMIT $limit" for kind, items in _ITEMS.items()}
VECTORS_OF_CHANGE = {kind: items + " WHERE x.group_id = $g AND x.vec_seq = $seq" + _ROW[kind]
                     for kind, items in _ITEMS.items()}
STORED_VECTORS = {kind: "UNWIND $ids AS id " + match + " AND x.vec IS NOT NULL" + _ROW[kind]
                  for kind, match in _ITEM_BY_ID.items()}
# Storing vectors, statement 1: the items that have no vector of $model yet (facts: current versions
# only) get it; their ids come back for statement 2, which takes the next sequence number and
# stamps them with it (the counter last, see the module docstring).
PUT_VECTORS = {kind: "UNWIND $rows AS row WITH row[0] AS id, row[1] AS vec " + match
               + (" AND x.expired_at IS NULL" if kind == "fact" else "")
               + " AND (x.vec IS NULL OR x.vec_model <> $model) SET x.vec = vec, x.vec_model = $model"
               " RETURN collect(x.id) AS ids" for kind, match in _ITEM_BY_ID.items()}
_NEXT = ("MERGE (m:ChronomemMeta {key: $key}) ON CREATE SET m.value = 0 SET m.value = m.value + 1 "
         "WITH m.value AS seq UNWIND $ids AS id ")
STAMP_VECTORS = {kind: _NEXT + match + " SET x.vec_seq = seq" for kind, match in _ITEM_BY_ID.items()}
# Items without a vector after an insertion position ($after): facts and turns by their ``ord``,
# entities (which have none) all at once, as position 0.
UNEMBEDDED = {
    "fact": "MATCH ()-[x:FACT]->() WHERE x.group_id = $g AND x.ord > $after AND x.vec IS NULL AND x.expired_at IS NULL"
            " RETURN x.id AS id, x.ord AS position ORDER BY position LIMIT $limit",
    "turn": "MATCH (x:Turn {group_id: $g}) WHERE x.ord > $after AND x.vec IS NULL"
            " RETURN x.id AS id, x.ord AS position ORDER BY position LIMIT $limit",
    "entity": "MATCH (x:Entity {group_id: $g}) WHERE x.vec IS NULL RETURN x.id AS id, 0 AS position LIMIT $limit",
}
SPEAKERS = "MATCH (t:Turn {group_id: $g}) RETURN DISTINCT t.speaker AS speaker"
