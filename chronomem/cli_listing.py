"""``chronomem entities | sessions | erasures`` (what the group holds) and the helpers the fact
listings share: short fact ids, one row per version, why an answer is empty."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

import click

from chronomem.cli_support import _memory, handle_errors, json_option
from chronomem.memory_erase import SHORT_ID_CHARS
from chronomem.query.records import FactRecord

#: Which status a row shows when several stored versions of one value look alike: the most believed.
_STATUS_ORDER = ("current", "future", "ended", "superseded", "retracted")


def short_id(fact_id: str) -> str:
    """The short form of a fact id the listings print and ``retract`` accepts.

    >>> short_id("f_2468e6486d7d194e54ca")
    'f_2468e648'
    """
    return fact_id[:SHORT_ID_CHARS]


def versions_once(records: Sequence[FactRecord]) -> list[FactRecord]:
    """``timeline --all`` rows: each value and interval once (the versions that differ only in their
    sources or when they were believed are one row), with its most believed status."""
    best: dict[tuple, FactRecord] = {}
    for r in records:
        key = (r.subject, r.predicate, r.object, r.valid_from, r.valid_to)
        if key not in best or _STATUS_ORDER.index(r.status) < _STATUS_ORDER.index(best[key].status):
            best[key] = r
    return [r for r in records if best[(r.subject, r.predicate, r.object, r.valid_from, r.valid_to)] is r]


def why_no_facts(mem, entity: str, known_at: datetime | None, *, at_all: bool = False) -> str:
    """The line an empty fact listing prints: the entity is unknown, nothing was recorded yet at
    ``known_at``, or nothing held at that time."""
    if not mem.entities(entity):
        return f"no entity called {entity!r} in group {mem.group!r} (list them with `chronomem entities`)"
    reason = mem.why_empty(known_at=known_at)
    if reason is not None:
        return reason
    return f"nothing known about {entity!r}" if at_all else f"no facts about {entity!r} at that time"


@click.command()
@click.argument("name", required=False)
@click.option("--limit", type=click.IntRange(1, None), default=200, show_default=True, help="At most this many.")
@json_option
@click.pass_context
@handle_errors
def entities(ctx: click.Context, name: str | None, limit: int, as_json: bool) -> None:
    """The group's entities (people, places, tools…), or those called NAME (a name or an alias)."""
    found = _memory(ctx, reading=True).entities(name, limit=limit)
    if as_json:
        click.echo(json.dumps([e.model_dump(mode="json") for e in found], indent=2))
        return
    if not found:
        click.echo(f"no entity called {name!r}" if name else "no entities")
    for e in found:
        aliases = f"  (also {', '.join(e.aliases)})" if e.aliases else ""
        click.echo(f"{e.type:<7} {e.name}{aliases}")


@click.command()
@json_option
@click.pass_context
@handle_errors
def sessions(ctx: click.Context, as_json: bool) -> None:
    """The group's sessions: id, start, number of turns."""
    found = _memory(ctx, reading=True).sessions()
    if as_json:
        click.echo(json.dumps([{"session_id": s.id, "started_at": s.started_at.isoformat(), "turns": s.turn_count}
                               for s in found], indent=2))
        return
    for s in found:
        click.echo(f"{s.started_at.isoformat()}  {s.id}  ({s.turn_count} turns)")


@click.command()
@json_option
@click.pass_context
@handle_errors
def erasures(ctx: click.Context, as_json: bool) -> None:
    """The audit records of the group's erasures (forget): kind, when, by whom, counts; never the content."""
    found = _memory(ctx).erasures()
    if as_json:
        click.echo(json.dumps([e.model_dump(mode="json") for e in found], indent=2))
        return
    if not found:
        click.echo("no erasures")
    for e in found:
        counts = ", ".join(f"{n} {k}" for k, n in e.counts.items())
        click.echo(f"{e.erased_at.isoformat()}  {e.kind:<7} by {e.erased_by}  sha256 {e.target_sha256[:16]}…  ({counts})")
