"""``chronomem feedback``, ``chronomem policy`` and ``chronomem compact``: commands of :mod:`chronomem.cli`, kept apart."""

from __future__ import annotations

import json
from typing import Any

import click

from chronomem.cli_support import _memory, handle_errors, json_option

OFF = ("off", "none", "never")


class _Amount(click.ParamType):
    """A positive number, or ``off`` (the limit is turned off); ``days`` allows a ``d`` suffix ("30d")."""

    def __init__(self, name: str, *, whole: bool, days: bool = False) -> None:
        self.name, self.whole, self.days = name, whole, days

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or not isinstance(value, str) or value == "":  # "": not given
            return value
        text = value.strip().lower()
        if text in OFF:
            return None
        if self.days and text.endswith("d"):
            text = text[:-1]
        try:
            number = int(text) if self.whole else float(text)
        except ValueError:
            self.fail(f"{value!r} is not {'a whole number' if self.whole else 'a number'} or 'off'", param, ctx)
        return number


@click.command()
@click.argument("ids", nargs=-1, required=True)
@click.option("--useful/--not-useful", default=True, show_default=True,
              help="Whether the hits helped: useful ones gain importance and are kept; the others lose it.")
@json_option
@click.pass_context
@handle_errors
def feedback(ctx: click.Context, ids: tuple[str, ...], useful: bool, as_json: bool) -> None:
    """Tell memory which search or context hits (their ids) were useful, to rank and keep them better."""
    records = _memory(ctx, reading=True).feedback(list(ids), useful=useful)
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in records], indent=2))
        return
    for r in records:
        kept = "  [kept]" if r.kept else ""
        click.echo(f"{r.kind} {r.id}: importance {r.importance:.2f}{kept}")


@click.command()
@click.option("--ttl", "ttl", type=_Amount("days", whole=False, days=True), default="",
              help="Turns that support no fact and matter little expire after this many days (e.g. 30 or 30d; off).")
@click.option("--cap", "cap", type=_Amount("turns", whole=True), default="",
              help="Keep at most this many turns in the group, evicting the least important, oldest first (off).")
@click.option("--keep-above", type=click.FloatRange(0, 1), default=None,
              help="Importance at or above which a turn never expires by --ttl (default 0.3: about the top quarter of chat turns).")
@click.option("--consolidate/--no-consolidate", default=None,
              help="Whether near-duplicate open facts and turns merge into one when compacting (default: they do).")
@click.option("--clear", is_flag=True, help="Remove the policy: keep everything from now on.")
@json_option
@click.pass_context
@handle_errors
def policy(ctx: click.Context, ttl: Any, cap: Any, keep_above: float | None, consolidate: bool | None, clear: bool,
           as_json: bool) -> None:
    """Show the group's retention policy, or set it (facts and their history are always kept)."""
    mem = _memory(ctx, create=True)
    changes: dict[str, Any] = {}
    if ttl != "":
        changes["turn_ttl_days"] = ttl
    if cap != "":
        changes["max_turns"] = cap
    if keep_above is not None:
        changes["keep_above"] = keep_above
    if consolidate is not None:
        changes["consolidate"] = consolidate
    if clear:
        if changes:
            raise click.UsageError("--clear takes no other option")
        mem.clear_policy()
    current = mem.set_policy(**changes) if changes else mem.policy()
    if as_json:
        click.echo(json.dumps(None if current is None else current.model_dump(mode="json")))
        return
    click.echo(f"group {mem.group!r}: " + ("keeps everything (no retention policy)" if current is None
                                          else current.describe()))


@click.command()
@click.option("--dry-run", is_flag=True, help="Only count what the policy would evict; change nothing.")
@click.option("--by", default="cli", show_default=True, help="Who compacts, for the audit records.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@json_option
@click.pass_context
@handle_errors
def compact(ctx: click.Context, dry_run: bool, by: str, quiet: bool, as_json: bool) -> None:
    """Apply the group's retention policy now: evict the turns it lets go (facts are kept)."""
    from chronomem.progress import count_bar

    mem = _memory(ctx, reading=True)
    with count_bar("evicting", quiet=quiet) as progress:
        report = mem.compact(dry_run=dry_run, by=by, progress=progress)
    if as_json:
        click.echo(report.model_dump_json(indent=2))
        return
    click.echo(report.line())
