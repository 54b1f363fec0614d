"""Moving embedded stores written by earlier versions to the current storage layout.

:func:`migrate_claims` runs when a store opens, before the schema script: a ``claims`` table of
the earlier layout (``WITHOUT ROWID``, keyed by ``(group_id, slot, id)``) is copied into the
current one (a rowid table with that key as a unique index; see ``sqlite_schema.CLAIMS_TABLE``)
in one transaction, so a crash leaves either layout whole, never half of each.
:func:`migrate_vectors` gives the tables of embedded items (facts, entities, turns) the columns that
keep their vectors (:mod:`chronomem.graph.vectors`), empty, and their indexes.

:func:`add_turn_times` gives the ``turns`` of an earlier store their ``times`` column (empty:
the times of those turns are found from their text when read, see :mod:`chronomem.graph.turn_times`).
"""

from __future__ import annotations

import sqlite3

from chronomem.graph import sqlite_schema as sql
from chronomem.graph.sqlite_tx import immediate

CLAIMS_DEFINITION = "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'claims'"
_OLD_CLAIMS = "claims_without_rowid"
_MOVE_CLAIMS = (
    f"ALTER TABLE claims RENAME TO {_OLD_CLAIMS}",
    *(statement for statement in sql.CLAIMS_TABLE.split(";") if statement.strip()),  # no ';' inside them
    f"INSERT INTO claims (group_id, slot, id, body, recorded_at) "
    f"SELECT group_id, slot, id, body, recorded_at FROM {_OLD_CLAIMS}",
    f"DROP TABLE {_OLD_CLAIMS}",
)


def claims_layout_is_old(db: sqlite3.Connection) -> bool:
    """True when ``db`` holds a ``claims`` table of the earlier ``WITHOUT ROWID`` layout."""
    row = db.execute(CLAIMS_DEFINITION).fetchone()
    return row is not None and "WITHOUT ROWID" in row[0].upper()


def migrate_claims(db: sqlite3.Connection) -> bool:
    """Move the claims of ``db`` (in autocommit mode) to the current layout if they are in the
    earlier one; ``True`` if they were moved. One transaction: all or nothing."""
    if not claims_layout_is_old(db):
        return False
    with immediate(db):
        if not claims_layout_is_old(db):  # another connection moved them while this one waited
            return False
        for statement in _MOVE_CLAIMS:
            db.execute(statement)  # not executescript: it would commit first
        return True


def _missing_vector_columns(db: sqlite3.Connection) -> list[tuple[str, str, str]]:
    out = []
    for table in sql.VECTOR_TABLES.values():
        have = {name for (name,) in db.execute(sql.TABLE_COLUMNS, (table,))}
        out += [(table, column, kind) for column, kind in sql.VECTOR_COLUMNS if column not in have]
    return out


def _has_vector_indexes(db: sqlite3.Connection) -> bool:
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    return all(f"{table}_vec_seq" in names for table in sql.VECTOR_TABLES.values())


def migrate_vectors(db: sqlite3.Connection) -> bool:
    """Add the vector columns to a store made before vectors were kept with the data (instant: SQLite
    adds an empty column without rewriting the table) and create their indexes; ``True`` if columns
    were added. One transaction, safe against another process migrating the same file at once."""
    if not _missing_vector_columns(db) and _has_vector_indexes(db):
        return False
    with immediate(db):
        missing = _missing_vector_columns(db)  # again: another connection may have added them while this one waited
        for table, column, kind in missing:
            db.execute(sql.ADD_COLUMN.format(table=table, column=column, type=kind))
        for statement in sql.VECTOR_INDEXES:
            db.execute(statement)
        return bool(missing)


def add_turn_times(db: sqlite3.Connection) -> bool:
    """Add the ``times`` column to the ``turns`` of a store written before turns kept their times;
    ``True`` if it was added (another process opening the store at once may add it first)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(turns)")}
    if "times" in columns:
        return False
    try:
        db.execute("ALTER TABLE turns ADD COLUMN times TEXT")
    except sqlite3.OperationalError as e:
        if "duplicate column" not in str(e):
            raise
        return False
    return True
