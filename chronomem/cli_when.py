"""``chronomem when``: dated answers with their evidence (a command of :mod:`chronomem.cli`, kept apart)."""

from __future__ import annotations

import json
from datetime import datetime

import click

from chronomem.cli_support import TIME, _memory, handle_errors, json_option


@click.command()
@click.argument("question")
@click.option("--as-of", type=TIME, default=None, help="Answer from what was said up to this time (default: now).")
@click.option("-k", "k", type=click.IntRange(1, 100), default=5, show_default=True, help="Number of answers.")
@json_option
@click.pass_context
@handle_errors
def when(ctx: click.Context, question: str, as_of: datetime | None, k: int, as_json: bool) -> None:
    """Dated answers to QUESTION ("When did Ana move to Porto?", "How long has Tom had his dog?"),
    best first, each with the time phrase and the turn it comes from."""
    found = _memory(ctx, reading=True, embeds=True).when(question, as_of=as_of, k=k)
    if not found.answers:
        click.echo(f"no dated answer: {found.reason}", err=True)
    if as_json:
        click.echo(json.dumps(found.to_json()["answers"], indent=2, default=str))
        return
    for a in found.answers:
        click.echo(f"{a.score:7.4f}  {a.text()}")
        if a.fact is not None:
            status = "" if a.fact.status in ("current", "ended") else f"  [{a.fact.status}]"
            click.echo(f"         fact: {a.fact.statement}{status}")
        if a.evidence is not None:
            click.echo(f"         {a.evidence.speaker}: {' '.join(a.evidence.text.split())[:200]}")
