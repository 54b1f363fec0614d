"""``chronomem retract`` and ``chronomem forget``: commands of :mod:`chronomem.cli`, kept apart."""

from __future__ import annotations

import json
from datetime import datetime

import click

from chronomem.cli_support import TIME, _memory, handle_errors, json_option
from chronomem.errors import InputError


@click.command()
@click.argument("fact_id")
@click.option("--at", type=TIME, default=None, help="When the fact stopped being believed (default: now).")
@json_option
@click.pass_context
@handle_errors
def retract(ctx: click.Context, fact_id: str, at: datetime | None, as_json: bool) -> None:
    """Mark a stored fact wrong from --at (transaction time); --known-at before it still shows it."""
    report = _memory(ctx).retract(fact_id, at=at)
    if as_json:
        click.echo(report.model_dump_json(indent=2))
        return
    click.echo(f"retracted {fact_id} at {report.retracted_at.isoformat()}: {len(report.expired_fact_ids)} "
               f"version(s) expired, {report.facts_added} added")


@click.command()
@click.argument("entity", required=False)
@click.option("--session", "session", default=None, help="Erase this session instead of an entity.")
@click.option("--by", default="cli", show_default=True, help="Who erases, for the audit record.")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@json_option
@click.pass_context
@handle_errors
def forget(ctx: click.Context, entity: str | None, session: str | None, by: str, yes: bool, as_json: bool) -> None:
    """Erase an ENTITY (by name) or a --session for good: facts, turns' text, vectors. Only an
    audit record (kind, when, by whom, counts) remains."""
    if (entity is None) == (session is None):
        raise InputError("give an ENTITY name or --session ID (one of them)")
    what = f"entity {entity!r}" if entity is not None else f"session {session!r}"
    if not yes and not click.confirm(f"Erase {what} for good?", err=True):
        raise InputError("nothing erased (not confirmed; pass --yes to skip the question)")
    report = _memory(ctx).forget(entity, session=session, by=by)
    if as_json:
        click.echo(json.dumps(report.erasure.model_dump(mode="json"), indent=2))
        return
    n = report.erasure.counts
    click.echo(f"erased {what}: {n['facts']} fact versions, {n['turns']} turns, {n['claims']} claims, "
               f"{n['entities']} entities, {n['sessions']} sessions")
