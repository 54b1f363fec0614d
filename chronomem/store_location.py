"""Where a memory lives: the embedded store's file, or Neo4j from the environment.

>>> store_file("/data/mem")
'/data/mem/memory.sqlite'
"""

from __future__ import annotations

import os
from pathlib import Path

from chronomem.graph.base import GraphStore
from chronomem.schema.vocabulary import Vocabulary

DEFAULT_STORE = "./chronomem-data"
NEO4J_URI_VARIABLES = ("NEO4J_URI", "CHRONOMEM_NEO4J_URI")  # the second is the older name, still read


def neo4j_uri_from_env(path: str | Path | None = None) -> str | None:
    """The Neo4j URI to use when none is given: ``$NEO4J_URI`` (or the older ``$CHRONOMEM_NEO4J_URI``),
    unless an embedded store is named, by ``path`` or by ``$CHRONOMEM_STORE``.

    >>> neo4j_uri_from_env("/data/mem") is None
    True
    """
    if path or os.environ.get("CHRONOMEM_STORE"):
        return None
    return next((os.environ[name] for name in NEO4J_URI_VARIABLES if os.environ.get(name)), None)


def open_store(path: str | Path | None = None, *, neo4j_uri: str | None = None, vocabulary: Vocabulary | None = None) -> GraphStore:
    """Open Neo4j at ``neo4j_uri``, or the embedded store at ``path``; with neither, ``$CHRONOMEM_STORE``,
    else Neo4j at ``$NEO4J_URI``, else ./chronomem-data. Neo4j's credentials come from ``NEO4J_USER``
    (default ``neo4j``) and ``NEO4J_PASSWORD``, its database from ``NEO4J_DATABASE`` (default: the server's)."""
    neo4j_uri = neo4j_uri or neo4j_uri_from_env(path)
    if neo4j_uri:
        from chronomem.graph.neo4j_store import Neo4jGraphStore

        return Neo4jGraphStore(neo4j_uri, user=os.environ.get("NEO4J_USER") or "neo4j",
                               password=os.environ.get("NEO4J_PASSWORD"),
                               database=os.environ.get("NEO4J_DATABASE") or None, vocabulary=vocabulary)
    from chronomem.graph.sqlite_store import SqliteGraphStore

    return SqliteGraphStore(store_file(path), vocabulary=vocabulary)


def store_file(path: str | Path | None = None) -> str:
    """The embedded store's file for ``path`` (default ``$CHRONOMEM_STORE`` or ./chronomem-data):
    a ``.sqlite``/``.db``/``.sqlite3`` path is the file itself, anything else a directory holding
    ``memory.sqlite``.

    >>> store_file("/data/mem"), store_file("/data/mem.db"), store_file(":memory:")
    ('/data/mem/memory.sqlite', '/data/mem.db', ':memory:')
    """
    target = str(path or os.environ.get("CHRONOMEM_STORE") or DEFAULT_STORE)
    if target != ":memory:" and not target.endswith((".sqlite", ".db", ".sqlite3")):
        target = str(Path(target) / "memory.sqlite")
    return target
