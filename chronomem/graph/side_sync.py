"""Moving vectors between a store and one group's HNSW side-index, with no embedding.

* :func:`pull`: the vector changes the store committed after a sequence number, in change order,
  into the index (stored vectors added, expired versions hidden); what holds another model's
  vector comes back to be embedded again.
* :func:`discover`: the items the store holds without a vector, after per-kind positions.
* :func:`take_stored`: of some items about to be embedded, the ones whose vectors are stored already.
* :func:`texts_of`: what the others are embedded as.
* :func:`write_back`: a side-index file from before vectors were kept in the store gives its vectors
  to the store, once, so nothing is embedded again.
* :func:`store_keys`: every item the store holds, to drop what an erasure took.

Items are keyed ``"<kind>:<id>"`` (``fact:…``, ``entity:…``, ``turn:…``) as in the index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chronomem.graph.base import GraphStore, VectorStore
from chronomem.graph.hnsw_index import HnswVectorIndex
from chronomem.graph.vectors import KINDS, Kind, StoredVector, fits, from_blobs, to_blobs

MAX_TEXT_CHARS = 2_000  # the encoders truncate long inputs anyway (256 tokens for MiniLM)
PAGE = 5_000  # rows per store read


def key_of(kind: str, item: str) -> str:
    """The index key of an item.

    >>> key_of("fact", "f_1"), split_key("turn:s1:3")
    ('fact:f_1', ('turn', 's1:3'))
    """
    return f"{kind}:{item}"


def split_key(key: str) -> tuple[str, str]:
    """``(kind, id)`` of an index key."""
    kind, _, item = key.partition(":")
    return kind, item


def by_kind(keys: Iterable[str]) -> dict[Kind, list[str]]:
    """The ids of ``keys`` by kind (kinds without any are left out)."""
    out: dict[Kind, list[str]] = {}
    for key in keys:
        kind, item = split_key(key)
        if kind in KINDS:
            out.setdefault(kind, []).append(item)  # type: ignore[arg-type]
    return out


@dataclass
class Pulled:
    """What :func:`pull` did."""

    added: int = 0
    hidden: int = 0
    present: set[str] = field(default_factory=set)  # keys that now have their vector in the index
    foreign: list[str] = field(default_factory=list)  # keys holding another model's vector: embed again
    speakers: set[str] = field(default_factory=set)


def pull(store: VectorStore, group_id: str, vectors: HnswVectorIndex, *, model: str, after: int, upto: int,
         page: int = PAGE, progress: Callable[[int], None] | None = None) -> Pulled:
    """Apply the group's vector changes in ``(after, upto]`` to ``vectors``: a stored vector of
    ``model`` is added unless its item is already there, an expired version is hidden. Nothing is
    embedded. ``progress(n)`` gets the number of vectors added so far."""
    out = Pulled()
    if upto <= after:
        return out
    for kind in KINDS:
        start = after
        while True:
            rows = store.changed_vectors(group_id, kind, after=start, upto=upto, limit=page)
            if not rows:
                break
            _apply(kind, rows, vectors, model, out)
            if progress is not None:
                progress(out.added)
            start = rows[-1].seq
            if len(rows) < page:
                break
    return out


def _apply(kind: str, rows: Sequence[StoredVector], vectors: HnswVectorIndex, model: str, out: Pulled) -> None:
    adds: dict[str, bytes] = {}
    hide: list[str] = []
    for r in rows:
        key = key_of(kind, r.id)
        if r.speaker is not None:
            out.speakers.add(r.speaker)
        if r.gone:
            hide.append(key)
        elif fits(r, model, vectors.dim):
            out.present.add(key)
            if key not in vectors:
                adds[key] = r.vector  # type: ignore[assignment]
        elif r.vector is not None:
            out.foreign.append(key)
    if adds:
        vectors.add(list(adds), from_blobs(list(adds.values()), vectors.dim))
        out.added += len(adds)
    if hide:
        out.hidden += vectors.mark_deleted(hide)


def discover(store: VectorStore, group_id: str, cursors: dict[str, int], *,
             page: int = PAGE) -> tuple[dict[str, int], dict[str, int]]:
    """The group's items without a vector after ``cursors`` (per kind), as ``{key: position}``, and
    the cursors after them."""
    found: dict[str, int] = {}
    moved = dict(cursors)
    for kind in KINDS:
        start = cursors.get(kind, 0)
        while True:
            rows = store.unembedded(group_id, kind, after=start, limit=page)
            found.update((key_of(kind, item), position) for item, position in rows)
            last = max((position for _, position in rows), default=start)
            if len(rows) < page or last <= start:  # the end, or a kind without positions (all came at once)
                moved[kind] = max(start, last)
                break
            start = last
    return found, moved


def take_stored(store: VectorStore, group_id: str, keys: Sequence[str], *, model: str,
                dim: int) -> tuple[dict[str, bytes], set[str]]:
    """Of ``keys``, those whose vector of ``model`` the store holds (``{key: vector bytes}``), and
    those that are gone (expired fact versions): neither needs embedding."""
    usable: dict[str, bytes] = {}
    gone: set[str] = set()
    for kind, ids in by_kind(keys).items():
        for item, row in store.stored_vectors(group_id, kind, ids).items():
            if row.gone:
                gone.add(key_of(kind, item))
            elif fits(row, model, dim):
                usable[key_of(kind, item)] = row.vector  # type: ignore[assignment]
    return usable, gone


def turn_text(speaker: str, text: str) -> str:
    """What a turn is embedded as: the speaker's name, then the text (names matter in questions)."""
    return f"{speaker}: {text}"[:MAX_TEXT_CHARS]


def entity_text(e: Any) -> str:
    """What an entity is embedded as: its name, then its aliases."""
    return (e.name + (" (" + ", ".join(e.aliases) + ")" if e.aliases else ""))[:MAX_TEXT_CHARS]


def fact_text(f: Any) -> str:
    """What a fact version is embedded as: its statement."""
    return (f.statement or f"{f.subject_id} {f.predicate} {f.object_id}")[:MAX_TEXT_CHARS]


@dataclass
class Texts:
    """What :func:`texts_of` found: the texts by key, the turns' speakers, the entities the facts touch."""

    texts: dict[str, str] = field(default_factory=dict)
    speakers: set[str] = field(default_factory=set)
    entities: list[str] = field(default_factory=list)


def texts_of(store: GraphStore, group_id: str, keys: Sequence[str]) -> Texts:
    """The texts of the items ``keys`` the store holds (current fact versions only)."""
    out = Texts()
    ids = by_kind(keys)
    if ids.get("fact"):
        for f in store.get_facts(group_id, ids["fact"]):
            if f.expired_at is None:
                out.texts[key_of("fact", f.id)] = fact_text(f)
                out.entities += [key_of("entity", f.subject_id), key_of("entity", f.object_id)]
    if ids.get("entity"):
        for e in store.get_entities(group_id, ids["entity"]).values():
            out.texts[key_of("entity", e.id)] = entity_text(e)
    if ids.get("turn"):
        for t in store.get_turns(group_id, ids["turn"]).values():
            out.texts[key_of("turn", t.id)] = turn_text(t.speaker, t.text)
            out.speakers.add(t.speaker)
    return out


def store_vectors(store: VectorStore, group_id: str, keys: Sequence[str], matrix: Any, *, model: str) -> int:
    """Store the rows of ``matrix`` (one per key) as the items' vectors made by ``model``; returns how many were stored."""
    blobs = dict(zip(keys, to_blobs(matrix), strict=True))
    stored = 0
    for kind, ids in by_kind(keys).items():
        stored += store.put_vectors(group_id, kind, [(item, blobs[key_of(kind, item)]) for item in ids], model=model)
    return stored


def write_back(store: VectorStore, group_id: str, vectors: HnswVectorIndex, *, model: str,
               chunk: int = 2_000) -> int:
    """Give the store the vectors of a side-index file written before vectors were kept with the data
    (only where an item has none: nothing stored is replaced); returns how many were written."""
    live = vectors.ids()
    written = 0
    for start in range(0, len(live), chunk):
        keys = live[start : start + chunk]
        written += store_vectors(store, group_id, keys, vectors.get_vectors(keys), model=model)
    return written


def store_keys(store: GraphStore, group_id: str) -> set[str]:
    """Every item key the store holds for the group, expired fact versions included."""
    keys = {key_of("fact", f.id) for f in store.iter_facts(group_id, include_expired=True)}
    keys.update(key_of("entity", e.id) for e in store.iter_entities(group_id))
    keys.update(key_of("turn", t.id) for t in store.iter_turns(group_id))
    return keys
