"""The Neo4j store's vectors (a :class:`~chronomem.graph.base.VectorStore`): each ``Entity`` and
``Turn`` node and ``FACT`` relationship keeps its vector as properties (see
:mod:`chronomem.graph.vectors`); the Cypher is :mod:`chronomem.graph.cypher_vectors`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chronomem.errors import InputError, StoreError
from chronomem.graph import cypher
from chronomem.graph import cypher_vectors as cv
from chronomem.graph.vectors import Kind, StoredVector, whole_changes

if TYPE_CHECKING:
    import neo4j


def _row(r: Any) -> StoredVector:
    vec = r["vec"]
    return StoredVector(id=r["id"], seq=r["seq"], model=r["model"], vector=None if vec is None else bytes(vec),
                        gone=bool(r["gone"]), speaker=r["speaker"])


def _kind(kind: str) -> str:
    if kind not in cv.CHANGED_VECTORS:
        raise InputError(f"unknown kind {kind!r}; use fact, entity or turn")
    return kind


def stamp_vector_change(tx: neo4j.ManagedTransaction, group_id: str, kind: Kind, ids: Sequence[str]) -> None:
    """Give the items ``ids`` the next vector sequence number, in ``tx`` (call it last in the
    transaction: it holds the store-wide counter until the commit)."""
    if ids:
        tx.run(cv.STAMP_VECTORS[kind], key=cv.VECTOR_SEQUENCE_KEY, g=group_id, ids=list(ids)).consume()


class Neo4jVectors:
    """The :class:`~chronomem.graph.base.VectorStore` methods of
    :class:`~chronomem.graph.neo4j_store.Neo4jGraphStore` (which provides ``_read`` and ``_session``)."""

    if TYPE_CHECKING:
        uri: str

        def _read(self, statement: str, **params: Any) -> list[Any]: ...

        def _session(self, *, read: bool = False) -> neo4j.Session: ...

    def vector_sequence(self) -> int:
        return int(self._read(cv.VECTOR_SEQUENCE, key=cv.VECTOR_SEQUENCE_KEY)[0]["top"])

    def changed_vectors(self, group_id: str, kind: Kind, *, after: int, upto: int,
                        limit: int = 5_000) -> list[StoredVector]:
        kind = _kind(kind)  # type: ignore[assignment]
        page = [_row(r) for r in self._read(cv.CHANGED_VECTORS[kind], g=group_id, after=after, upto=upto, limit=limit)]
        return whole_changes(page, limit, lambda seq: [
            _row(r) for r in self._read(cv.VECTORS_OF_CHANGE[kind], g=group_id, seq=seq)])

    def stored_vectors(self, group_id: str, kind: Kind, ids: Sequence[str]) -> dict[str, StoredVector]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        return {r["id"]: _row(r) for r in self._read(cv.STORED_VECTORS[_kind(kind)], g=group_id, ids=wanted)}

    def put_vectors(self, group_id: str, kind: Kind, rows: Sequence[tuple[str, bytes]], *, model: str) -> int:
        kind = _kind(kind)  # type: ignore[assignment]
        if not rows:
            return 0
        params = [[item, bytes(vec)] for item, vec in rows]

        def work(tx: neo4j.ManagedTransaction) -> int:
            ids = tx.run(cv.PUT_VECTORS[kind], g=group_id, rows=params, model=model).single(strict=True)["ids"]
            stamp_vector_change(tx, group_id, kind, ids)
            return len(ids)

        from neo4j.exceptions import DriverError, Neo4jError

        try:
            with self._session() as session:
                return session.execute_write(work)
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"storing vectors in Neo4j at {self.uri} failed (none was stored): {e}") from e

    def unembedded(self, group_id: str, kind: Kind, *, after: int, limit: int = 5_000) -> list[tuple[str, int]]:
        rows = self._read(cv.UNEMBEDDED[_kind(kind)], g=group_id, after=after, limit=limit)
        return [(r["id"], int(r["position"] or 0)) for r in rows]

    def insertion_mark(self) -> int:
        return int(self._read(cv.INSERTION_MARK, key=cypher.SEQUENCE_KEY)[0]["mark"])

    def speakers(self, group_id: str) -> set[str]:
        return {r["speaker"] for r in self._read(cv.SPEAKERS, g=group_id)}
