"""Graph stores (embedded SQLite, Neo4j), the temporal rules, the HNSW side-index and embedders."""

from chronomem.graph.base import GraphStore, SessionRecord, TurnRecord, WriteBatch, WriteReport
from chronomem.graph.sqlite_store import SqliteGraphStore

__all__ = ["GraphStore", "SessionRecord", "SqliteGraphStore", "TurnRecord", "WriteBatch", "WriteReport"]
