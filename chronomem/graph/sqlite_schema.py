"""SQL for the embedded store: the schema and the statements, as named constants.

``{}`` in a statement stands for a list of ``?`` placeholders (see ``sqlite_store.marks``)."""

from chronomem.graph.codec import FACT_FIELDS

# Every connection: WAL (readers never wait for the writer), fsync at checkpoints only, and a
# 64 MiB page cache (the default is 2 MiB) so large stores' indexes stay cached during bulk writes.
CACHE_SIZE = "PRAGMA cache_size = -65536"
CONNECTION_PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", CACHE_SIZE)
# During a bulk import (SqliteGraphStore.bulk_load): 256 MiB, room for the indexes every fact and
# claim inserts into at random places (fact ids, current slots, claim keys: ~200 MB at 1M records),
# so they are not read back from the file again and again. CACHE_SIZE again afterwards.
BULK_CACHE_SIZE = "PRAGMA cache_size = -262144"

# Claims are appended in rowid order (the table's B-tree only ever grows at its end) with their key
# in a separate, narrow unique index: about a third cheaper to fill than the earlier WITHOUT ROWID
# table keyed by (group_id, slot, id), whose random keys split pages holding the whole JSON bodies.
# Stores written with that table are moved to this one when opened (chronomem.graph.sqlite_migration).
CLAIMS_TABLE = """
CREATE TABLE IF NOT EXISTS claims (
  rowid INTEGER PRIMARY KEY, group_id TEXT NOT NULL, slot TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
  recorded_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS claims_key ON claims (group_id, slot, id);
"""

SCHEMA = """
PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entities (
  id TEXT PRIMARY KEY, group_id TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, aliases TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_group ON entities (group_id);
CREATE TABLE IF NOT EXISTS entity_names (
  group_id TEXT NOT NULL, norm TEXT NOT NULL, entity_id TEXT NOT NULL REFERENCES entities (id),
  PRIMARY KEY (group_id, norm, entity_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (
  group_id TEXT NOT NULL, id TEXT NOT NULL, started_at INTEGER NOT NULL, metadata TEXT NOT NULL,
  PRIMARY KEY (group_id, id)
);
CREATE TABLE IF NOT EXISTS turns (
  rowid INTEGER PRIMARY KEY, group_id TEXT NOT NULL, id TEXT NOT NULL, session_id TEXT NOT NULL,
  speaker TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, seq INTEGER NOT NULL, times TEXT,
  UNIQUE (group_id, id), FOREIGN KEY (group_id, session_id) REFERENCES sessions (group_id, id)
);
CREATE INDEX IF NOT EXISTS turns_session ON turns (group_id, session_id, seq);
CREATE TABLE IF NOT EXISTS mentions (
  group_id TEXT NOT NULL, turn_id TEXT NOT NULL, entity_id TEXT NOT NULL REFERENCES entities (id),
  PRIMARY KEY (group_id, turn_id, entity_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS mentions_entity ON mentions (group_id, entity_id);
""" + CLAIMS_TABLE + """CREATE TABLE IF NOT EXISTS facts (
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, group_id TEXT NOT NULL, slot TEXT NOT NULL,
  subject_id TEXT NOT NULL REFERENCES entities (id), predicate TEXT NOT NULL,
  object_id TEXT NOT NULL REFERENCES entities (id), qualifiers TEXT NOT NULL, statement TEXT NOT NULL,
  valid_from INTEGER, valid_to INTEGER, valid_from_precision TEXT NOT NULL, valid_to_precision TEXT NOT NULL,
  start_observed INTEGER NOT NULL, recorded_at INTEGER NOT NULL, expired_at INTEGER,
  confidence REAL NOT NULL, sources TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_subject ON facts (group_id, subject_id, predicate);
CREATE INDEX IF NOT EXISTS facts_object ON facts (group_id, object_id, predicate);
CREATE INDEX IF NOT EXISTS facts_slot_current ON facts (group_id, slot) WHERE expired_at IS NULL;
CREATE INDEX IF NOT EXISTS facts_recorded ON facts (group_id, recorded_at);
CREATE VIRTUAL TABLE IF NOT EXISTS facts_fts USING fts5 (statement, content='facts', content_rowid='rowid');
CREATE VIRTUAL TABLE IF NOT EXISTS turns_fts USING fts5 (text, content='turns', content_rowid='rowid');
CREATE VIRTUAL TABLE IF NOT EXISTS entities_fts USING fts5 (names, group_id UNINDEXED, entity_id UNINDEXED);
DROP TRIGGER IF EXISTS facts_ai;
CREATE TRIGGER IF NOT EXISTS turns_ai AFTER INSERT ON turns BEGIN
  INSERT INTO turns_fts (rowid, text) VALUES (new.rowid, new.text);
END;
"""

# Secondary fact indexes a bulk import into a store without facts builds once at its end (one
# sort each) instead of updating them row by row (SqliteGraphStore.bulk_load). The write path
# never reads through them (it needs facts_slot_current and the id's own index, which stay).
# A store left without them (an import killed half way) gets them back when it is next opened:
# SCHEMA creates every missing index.
DEFERRED_FACT_INDEXES = {line.split()[5]: line.rstrip(";") for line in SCHEMA.splitlines()
                         if line.startswith("CREATE INDEX IF NOT EXISTS facts_") and "WHERE" not in line}
NO_FACTS = "SELECT NOT EXISTS (SELECT 1 FROM facts)"
DROP_INDEX = "DROP INDEX IF EXISTS {}"  # {}: a name of DEFERRED_FACT_INDEXES (never user input)

FACT_COLUMNS = ", ".join(FACT_FIELDS)  # the columns of a fact row, in chronomem.graph.codec order
INSERT_FACT = f"INSERT INTO facts ({FACT_COLUMNS}) VALUES ({', '.join('?' * len(FACT_FIELDS))})"
# The expired version's vector state moves to this write's vector sequence (the 2nd parameter) when it
# holds a vector, so that every side-index drops it (chronomem.graph.vectors); one without keeps none.
EXPIRE_FACT = ("UPDATE facts SET expired_at = ?, vec_seq = CASE WHEN vec_seq IS NULL THEN NULL ELSE ? END "
               "WHERE id = ? AND group_id = ? AND expired_at IS NULL")
SELECT_FACTS = f"SELECT {FACT_COLUMNS} FROM facts"
# facts_fts is filled once per write, for the rows after the largest rowid before it (new rows
# get larger rowids), not by a per-row trigger: FTS5 through an AFTER INSERT trigger costs about
# 35 µs a row, one INSERT ... SELECT about 2 µs. Stores made with the trigger have it dropped
# (the DROP TRIGGER in SCHEMA); the index content, and so every search, is the same.
LAST_FACT_ROWID = "SELECT coalesce(max(rowid), 0) FROM facts"
INDEX_NEW_FACTS = "INSERT INTO facts_fts (rowid, statement) SELECT rowid, statement FROM facts WHERE rowid > ?"
# -- the write path (chronomem.graph.sqlite_write) ------------------------------------------
CURRENT_OF_SLOTS = f"SELECT rowid, {FACT_COLUMNS} FROM facts WHERE group_id = ? AND slot IN ({{}}) AND expired_at IS NULL"
CLAIM_IDS_OF_SLOTS = "SELECT slot, id FROM claims WHERE group_id = ? AND slot IN ({})"
CLAIMS_OF_SLOTS = "SELECT slot, id, body FROM claims WHERE group_id = ? AND slot IN ({})"
TURN_CLASHES = "SELECT id, session_id FROM turns WHERE group_id = ? AND id IN ({}) AND session_id <> ?"
ENTITIES_BY_ID = "SELECT id, group_id, name, type, aliases FROM entities WHERE id IN ({})"
INSERT_ENTITY_FULLTEXT = "INSERT INTO entities_fts (names, group_id, entity_id) VALUES (?, ?, ?)"
DELETE_ENTITY_FULLTEXT = "DELETE FROM entities_fts WHERE entity_id = ?"
INSERT_CLAIM = "INSERT OR IGNORE INTO claims (group_id, slot, id, body, recorded_at) VALUES (?, ?, ?, ?, ?)"
SELECT_ENTITY = "SELECT id, group_id, name, type, aliases FROM entities"
INSERT_ENTITY = "INSERT INTO entities (id, group_id, name, type, aliases) VALUES (?, ?, ?, ?, ?)"
UPDATE_ENTITY = "UPDATE entities SET name = ?, type = ?, aliases = ? WHERE id = ?"
INSERT_ENTITY_NAME = "INSERT OR IGNORE INTO entity_names (group_id, norm, entity_id) VALUES (?, ?, ?)"
SESSION_STARTED_AT = "SELECT started_at FROM sessions WHERE group_id = ? AND id = ?"
SESSION_CONTENT = "SELECT id, speaker, text, at FROM turns WHERE group_id = ? AND session_id = ? ORDER BY seq"
INSERT_SESSION = "INSERT OR IGNORE INTO sessions (group_id, id, started_at, metadata) VALUES (?, ?, ?, ?)"
INSERT_TURN = ("INSERT OR IGNORE INTO turns (group_id, id, session_id, speaker, text, at, seq, times) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
INSERT_MENTION = "INSERT OR IGNORE INTO mentions (group_id, turn_id, entity_id) VALUES (?, ?, ?)"
SELECT_TURNS = "SELECT id, session_id, group_id, speaker, text, at, seq, times FROM turns"
# External-content FTS tables (facts_fts, turns_fts) need their rows deleted with the 'delete'
# command and the original values, before the content rows go; order respects foreign keys.
DELETE_GROUP = (
    "INSERT INTO facts_fts (facts_fts, rowid, statement) SELECT 'delete', rowid, statement FROM facts WHERE group_id = ?",
    "DELETE FROM facts WHERE group_id = ?",
    "DELETE FROM mentions WHERE group_id = ?",
    "DELETE FROM claims WHERE group_id = ?",
    "INSERT INTO turns_fts (turns_fts, rowid, text) SELECT 'delete', rowid, text FROM turns WHERE group_id = ?",
    "DELETE FROM turns WHERE group_id = ?",
    "DELETE FROM sessions WHERE group_id = ?",
    "DELETE FROM entities_fts WHERE group_id = ?",
    "DELETE FROM entity_names WHERE group_id = ?",
    "DELETE FROM entities WHERE group_id = ?",
    "DELETE FROM erasures WHERE group_id = ?",
)

# -- forget (erasure) and its audit trail (chronomem.graph.sqlite_erasure) --------------------
# An erasure deletes rows with secure_delete on (freed space is zeroed), rewrites the full-text
# indexes it touched ('optimize' merges away the segments that still hold deleted words) and
# checkpoints the WAL (TRUNCATE) so no copy of the erased pages is left in the WAL file.
ERASURES_SCHEMA = """
CREATE TABLE IF NOT EXISTS erasures (
  rowid INTEGER PRIMARY KEY, group_id TEXT NOT NULL, kind TEXT NOT NULL, target_sha256 TEXT NOT NULL,
  erased_at INTEGER NOT NULL, erased_by TEXT NOT NULL, counts TEXT NOT NULL
);
"""
SECURE_DELETE_ON = "PRAGMA secure_delete = ON"
SECURE_DELETE_OFF = "PRAGMA secure_delete = OFF"
CHECKPOINT_TRUNCATE = "PRAGMA wal_checkpoint(TRUNCATE)"
ERASE_ENTITIES_OF = "SELECT id, name, aliases FROM entities WHERE group_id = ? AND id IN ({})"
ERASE_SPEAKERS = "SELECT DISTINCT speaker FROM turns WHERE group_id = ?"
ERASE_TURNS_SPOKEN_BY = "SELECT rowid, id FROM turns WHERE group_id = ? AND speaker IN ({})"
ERASE_TURNS_MENTIONING = ("SELECT DISTINCT t.rowid, t.id FROM mentions m JOIN turns t ON t.group_id = m.group_id "
                          "AND t.id = m.turn_id WHERE m.group_id = ? AND m.entity_id IN ({})")
ERASE_TURNS_OF_SESSION = "SELECT rowid, id FROM turns WHERE group_id = ? AND session_id = ?"
ERASE_FACTS_TOUCHING = ("SELECT id, subject_id, object_id, sources FROM facts "
                        "WHERE group_id = ? AND (subject_id IN ({0}) OR object_id IN ({0}))")
ERASE_FACTS_CITING = "SELECT id, subject_id, object_id, sources FROM facts WHERE group_id = ? AND instr(sources, ?) > 0"
ERASE_CLAIMS_CONTAINING = "SELECT slot, id, body FROM claims WHERE group_id = ? AND instr(body, ?) > 0"
ERASE_MENTIONED_BY_TURNS = "SELECT DISTINCT entity_id FROM mentions WHERE group_id = ? AND turn_id IN ({})"
ERASE_TURN_ROWIDS = "SELECT rowid, id FROM turns WHERE group_id = ? AND id IN ({})"
ERASE_ENTITY_IN_USE = ("SELECT EXISTS (SELECT 1 FROM facts WHERE group_id = ?1 AND subject_id = ?2) "
                       "OR EXISTS (SELECT 1 FROM facts WHERE group_id = ?1 AND object_id = ?2) "
                       "OR EXISTS (SELECT 1 FROM mentions WHERE group_id = ?1 AND entity_id = ?2) "
                       "OR EXISTS (SELECT 1 FROM claims WHERE group_id = ?1 AND instr(body, ?3) > 0)")
ERASE_SESSION_EXISTS = "SELECT 1 FROM sessions WHERE group_id = ? AND id = ?"
ERASE_FACT = (
    "INSERT INTO facts_fts (facts_fts, rowid, statement) SELECT 'delete', rowid, statement FROM facts WHERE rowid = ?",
    "DELETE FROM facts WHERE rowid = ?",
)
ERASE_FACT_ROWIDS = "SELECT rowid, id FROM facts WHERE group_id = ? AND id IN ({})"  # versions re-planned away
ERASE_SET_FACT_SOURCES = "UPDATE facts SET sources = ? WHERE group_id = ? AND id = ?"
ERASE_TURN = (
    "INSERT INTO turns_fts (turns_fts, rowid, text) SELECT 'delete', rowid, text FROM turns WHERE rowid = ?",
    "DELETE FROM mentions WHERE group_id = (SELECT group_id FROM turns WHERE rowid = ?1) "
    "AND turn_id = (SELECT id FROM turns WHERE rowid = ?1)",
    "DELETE FROM turns WHERE rowid = ?",
)
ERASE_CLAIM = "DELETE FROM claims WHERE group_id = ? AND slot = ? AND id = ?"
ERASE_SESSION = "DELETE FROM sessions WHERE group_id = ? AND id = ?"
ERASE_ENTITY = (  # parameters (group_id, entity_id); mentions and facts first (foreign keys)
    "DELETE FROM mentions WHERE group_id = ?1 AND entity_id = ?2",
    "DELETE FROM entities_fts WHERE group_id = ?1 AND entity_id = ?2",
    "DELETE FROM entity_names WHERE group_id = ?1 AND entity_id = ?2",
    "DELETE FROM entities WHERE group_id = ?1 AND id = ?2",
)
OPTIMIZE_FULLTEXT = {
    "facts": "INSERT INTO facts_fts (facts_fts) VALUES ('optimize')",
    "turns": "INSERT INTO turns_fts (turns_fts) VALUES ('optimize')",
    "entities": "INSERT INTO entities_fts (entities_fts) VALUES ('optimize')",
}
INSERT_ERASURE = ("INSERT INTO erasures (group_id, kind, target_sha256, erased_at, erased_by, counts) "
                  "VALUES (?, ?, ?, ?, ?, ?)")
SELECT_ERASURES = ("SELECT kind, target_sha256, erased_at, erased_by, counts FROM erasures WHERE group_id = ? "
                   "ORDER BY rowid")

# -- reading (chronomem.graph.sqlite_store) ---------------------------------------------------
# Fields in braces are filled by str.format: {ids} with "?" placeholders, {where} with a time
# filter built from VALID_AT / KNOWN_AT / NOT_EXPIRED, {predicate} with PREDICATE_IS or nothing,
# {fts}/{table}/{key}/{only} from sqlite_store's fixed table of full-text indexes (never user input).
VALID_AT = "(valid_from IS NULL OR valid_from <= ?) AND (valid_to IS NULL OR valid_to > ?)"
KNOWN_AT = "recorded_at <= ? AND (expired_at IS NULL OR expired_at > ?)"
NOT_EXPIRED = "expired_at IS NULL"
PREDICATE_IS = "AND predicate = ?"
# "+group_id": without it SQLite answers 5+ ids by scanning the group's index (every row of the
# group: linear in the store's size) instead of looking each id up by its own index.
ENTITIES_OF_IDS = "SELECT rowid, id, group_id, name, type, aliases FROM entities WHERE id IN ({ids}) AND +group_id = ?"
ENTITIES_NAMED = (SELECT_ENTITY + " WHERE id IN (SELECT entity_id FROM entity_names WHERE group_id = ? AND norm = ?)"
                  " ORDER BY id")
ENTITIES_OF_GROUP = SELECT_ENTITY + " WHERE group_id = ? ORDER BY id"
FACTS_OF_ENTITIES = (SELECT_FACTS + " WHERE group_id = ? AND subject_id IN ({ids}) {predicate} AND {where} UNION "
                     + SELECT_FACTS + " WHERE group_id = ? AND object_id IN ({ids}) {predicate} AND {where}")
FACTS_OF_IDS = SELECT_FACTS + " WHERE id IN ({ids}) AND +group_id = ?"
FACT_IDS_FROM = "SELECT id FROM facts WHERE id >= ? AND id < ? AND +group_id = ? ORDER BY id LIMIT ?"  # a prefix's range
FACTS_OF_GROUP = SELECT_FACTS + " WHERE group_id = ? AND {where} ORDER BY rowid"
# The rowids of the entities' facts come from the two covering indexes; only those rows are
# read and filtered (a UNION of whole rows would sort every column of every fact to dedupe).
FIRST_FACTS_OF_ENTITIES = (
    SELECT_FACTS + " WHERE rowid IN (SELECT rowid FROM facts WHERE group_id = ? AND subject_id IN ({ids}) "
    "UNION ALL SELECT rowid FROM facts WHERE group_id = ? AND object_id IN ({ids})) AND {where} "
    "ORDER BY valid_from IS NOT NULL, coalesce(valid_from, 0), predicate, recorded_at, id LIMIT ?"
)
# Index-only counts through the two covering fact indexes ({ids} twice: the same placeholders).
FACT_COUNTS = ("SELECT e, count(*) FROM (SELECT subject_id AS e FROM facts WHERE group_id = ? AND subject_id IN ({ids}) "
               "UNION ALL SELECT object_id FROM facts WHERE group_id = ? AND object_id IN ({ids})) GROUP BY e")
CHANGED_BETWEEN = (
    SELECT_FACTS + " WHERE group_id = ? AND ((valid_from >= ? AND valid_from < ?) OR (valid_to >= ? AND valid_to < ?)"
    " OR (recorded_at >= ? AND recorded_at < ?) OR (expired_at >= ? AND expired_at < ?))"
)
# The best ? rows of an FTS match ({only}: an extra condition on them), then the group's best ? of
# those: parameters (query, [only's], top, group_id, limit).
FULLTEXT_RANKED = (
    "SELECT x.{key}, s.score FROM (SELECT rowid, bm25({fts}) AS score FROM {fts} WHERE {fts} MATCH ? {only} "
    "ORDER BY score LIMIT ?) s JOIN {table} x ON x.rowid = s.rowid WHERE x.group_id = ? ORDER BY s.score, s.rowid LIMIT ?"
)
# "+rowid": the pairs only filter the rows FTS5 returns, so bm25 runs for those alone.
FULLTEXT_ONLY_PAIRS = "AND +rowid IN (SELECT rowid FROM {fts} WHERE {fts} MATCH ?)"
FULLTEXT_ENTITIES_OF_GROUP = ("SELECT entity_id, bm25(entities_fts) FROM entities_fts WHERE entities_fts MATCH ? "
                              "AND group_id = ? ORDER BY bm25(entities_fts), rowid LIMIT ?")
FULLTEXT_OF_GROUP = ("SELECT x.id, bm25({fts}) FROM {fts} JOIN {table} x ON x.rowid = {fts}.rowid "
                     "WHERE {fts} MATCH ? AND x.group_id = ? ORDER BY bm25({fts}), {fts}.rowid LIMIT ?")
FULLTEXT_MATCH_COUNTS = ("SELECT (SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT ?)), "
                         "(SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT ?))")
SESSIONS_OF_GROUP = ("SELECT s.id, s.group_id, s.started_at, s.metadata, (SELECT count(*) FROM turns t "
                     "WHERE t.group_id = s.group_id AND t.session_id = s.id) FROM sessions s WHERE s.group_id = ? "
                     "ORDER BY s.started_at, s.id")
TURNS_OF_IDS = SELECT_TURNS + " WHERE group_id = ? AND id IN ({ids})"
TURNS_OF_SESSION = SELECT_TURNS + " WHERE group_id = ? AND session_id = ? ORDER BY seq"
TURNS_OF_GROUP = SELECT_TURNS + " WHERE group_id = ? ORDER BY rowid"
MENTIONS_OF_TURN = "SELECT entity_id FROM mentions WHERE group_id = ? AND turn_id = ? ORDER BY entity_id"
# INDEXED BY: with 5+ ids SQLite would otherwise scan every mention of the group (its primary key).
TURNS_MENTIONING = ("SELECT m.turn_id FROM mentions m INDEXED BY mentions_entity "
                    "JOIN turns t ON t.group_id = m.group_id AND t.id = m.turn_id "
                    "WHERE m.group_id = ? AND m.entity_id IN ({ids}) GROUP BY m.turn_id "
                    "ORDER BY count(*) DESC, max(t.at) DESC LIMIT ?")
GROUPS = "SELECT group_id FROM entities UNION SELECT group_id FROM sessions ORDER BY 1"
STATS = {  # parameter: group_id
    "entities": "SELECT count(*) FROM entities WHERE group_id = ?",
    "sessions": "SELECT count(*) FROM sessions WHERE group_id = ?",
    "turns": "SELECT count(*) FROM turns WHERE group_id = ?",
    "claims": "SELECT count(*) FROM claims WHERE group_id = ?",
    "facts": "SELECT count(*) FROM facts WHERE group_id = ? AND expired_at IS NULL",
    "fact_versions": "SELECT count(*) FROM facts WHERE group_id = ?",
}

# -- vectors kept with the data (chronomem.graph.vectors, chronomem.graph.sqlite_vectors) -------
# Each of facts, entities and turns holds its item's vector (int8 bytes), the embedder's name and
# the vector sequence of its last vector change. Stores made before have the columns added when
# opened (chronomem.graph.sqlite_migration.migrate_vectors). The partial indexes list only rows
# with a vector state, so a row written without one (every row a bulk import writes) costs nothing.
VECTOR_TABLES = {"fact": "facts", "entity": "entities", "turn": "turns"}  # kind -> table (never user input)
VECTOR_COLUMNS = (("vec", "BLOB"), ("vec_model", "TEXT"), ("vec_seq", "INTEGER"))
VECTOR_INDEXES = tuple(f"CREATE INDEX IF NOT EXISTS {table}_vec_seq ON {table} (group_id, vec_seq) "
                       "WHERE vec_seq IS NOT NULL" for table in VECTOR_TABLES.values())
TABLE_COLUMNS = "SELECT name FROM pragma_table_info(?)"
ADD_COLUMN = "ALTER TABLE {table} ADD COLUMN {column} {type}"  # names from VECTOR_TABLES / VECTOR_COLUMNS
VECTOR_SEQUENCE_KEY = "vector_sequence"
VECTOR_SEQUENCE = "SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?), 0)"
NEXT_VECTOR_SEQUENCE = ("INSERT INTO meta (key, value) VALUES (?1, '1') ON CONFLICT (key) DO UPDATE "
                        "SET value = CAST(value AS INTEGER) + 1 RETURNING CAST(value AS INTEGER)")
# A row of StoredVector: id, seq, model, vector, gone, speaker ({table}, {gone}, {speaker} per kind).
_VECTOR_ROW = "SELECT id, vec_seq, vec_model, vec, {gone}, {speaker} FROM {table}"
VECTOR_ROW_PARTS = {"fact": {"table": "facts", "gone": "expired_at IS NOT NULL", "speaker": "NULL",
                             "live": "AND expired_at IS NULL"},
                    "entity": {"table": "entities", "gone": "0", "speaker": "NULL", "live": ""},
                    "turn": {"table": "turns", "gone": "0", "speaker": "speaker", "live": ""}}
CHANGED_VECTORS = _VECTOR_ROW + " WHERE group_id = ? AND vec_seq > ? AND vec_seq <= ? ORDER BY vec_seq LIMIT ?"
VECTORS_OF_CHANGE = _VECTOR_ROW + " WHERE group_id = ? AND vec_seq = ?"
# "+group_id" where the id has its own index (see ENTITIES_OF_IDS); turns are keyed by (group_id, id).
STORED_VECTORS = {"fact": _VECTOR_ROW + " WHERE id IN ({ids}) AND +group_id = ? AND vec IS NOT NULL",
                  "entity": _VECTOR_ROW + " WHERE id IN ({ids}) AND +group_id = ? AND vec IS NOT NULL",
                  "turn": _VECTOR_ROW + " WHERE id IN ({ids}) AND group_id = ? AND vec IS NOT NULL"}
# Parameters: vector, model, seq, id, group_id. A row holding this model's vector already, or an
# expired version ({live}), is left alone.
PUT_VECTOR = ("UPDATE {table} SET vec = ?1, vec_model = ?2, vec_seq = ?3 WHERE id = ?4 AND group_id = ?5 "
              "AND (vec IS NULL OR vec_model IS NOT ?2) {live}")
# Rows without a vector, by rowid (a range of the table's own key: cheap however large the table).
UNEMBEDDED = {"fact": "SELECT id, rowid FROM facts WHERE rowid > ? AND group_id = ? AND vec IS NULL "
                      "AND expired_at IS NULL ORDER BY rowid LIMIT ?",
              "entity": "SELECT id, rowid FROM entities WHERE rowid > ? AND group_id = ? AND vec IS NULL "
                        "ORDER BY rowid LIMIT ?",
              "turn": "SELECT id, rowid FROM turns WHERE rowid > ? AND group_id = ? AND vec IS NULL "
                      "ORDER BY rowid LIMIT ?"}
INSERTION_MARK = ("SELECT (SELECT coalesce(max(rowid), 0) FROM facts) + (SELECT coalesce(max(rowid), 0) FROM turns)"
                  " + (SELECT coalesce(max(rowid), 0) FROM entities)")
