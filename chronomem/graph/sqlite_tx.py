"""The one way the embedded store opens a write transaction: ``with immediate(db):``.

``BEGIN IMMEDIATE`` takes SQLite's write lock at once (a writer waits for it at the start instead
of failing on its first write); leaving the block commits, and any exception rolls back before it
propagates, so a transaction is kept whole or not at all.

>>> import sqlite3
>>> db = sqlite3.connect(":memory:", isolation_level=None)
>>> _ = db.execute("CREATE TABLE t (x)")
>>> with immediate(db):
...     _ = db.execute("INSERT INTO t VALUES (1)")
>>> try:
...     with immediate(db):
...         _ = db.execute("INSERT INTO t VALUES (2)")
...         raise ValueError("changed my mind")
... except ValueError:
...     pass
>>> db.execute("SELECT x FROM t").fetchall()
[(1,)]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` on ``db`` (in autocommit mode); ``COMMIT`` when the block ends, ``ROLLBACK`` when it raises."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
