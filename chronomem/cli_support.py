"""What the ``chronomem`` commands share: the time parameter, the command's Memory, error handling,
the ``--json`` flag (in :mod:`chronomem.cli` and the command modules beside it)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from chronomem.errors import ChronomemError, InputError
from chronomem.schema.timeutil import parse_time


class TimeParam(click.ParamType):
    """ISO dates and datetimes (UTC when no offset is given)."""

    name = "time"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> datetime:
        if isinstance(value, datetime):
            return value
        try:
            return parse_time(value)
        except ChronomemError as e:
            self.fail(str(e), param, ctx)


TIME = TimeParam()


def _memory(ctx: click.Context, *, create: bool = False, extractor: Any = None, reading: bool = False,
            embeds: bool = False):
    """The command's memory. Commands that only read (``create=False``) refuse an embedded store
    that does not exist yet, instead of making an empty one at a mistyped path. A command whose
    quality depends on the embedding model (``embeds``) says once on stderr when it is missing."""
    from chronomem.memory import Memory, neo4j_uri_from_env, store_file

    obj = ctx.obj
    if obj.get("memory") is None:
        neo4j_uri = obj["neo4j"] or neo4j_uri_from_env(obj["store"])
        if not create and not neo4j_uri:
            target = store_file(obj["store"])
            if target != ":memory:" and not Path(target).exists():
                raise InputError(f"no store at {target}: ingest or import into it first, or point --store "
                                 "(or $CHRONOMEM_STORE) at an existing one")
        obj["memory"] = Memory.open(obj["store"], neo4j_uri=neo4j_uri, group=obj["group"], extractor=extractor,
                                    index_dir=obj.get("index_dir"))
        ctx.call_on_close(obj["memory"].close)
    if reading:
        obj["memory"].require_group()  # a reading command on a mistyped group says so, instead of answering nothing
    if embeds and not obj.get("warned_no_model") and not obj["memory"].has_vectors():
        from chronomem.graph.vector_status import no_model_note

        obj["warned_no_model"] = True
        click.echo(f"note: {no_model_note()}", err=True)
    return obj["memory"]


def read_groups(ctx: click.Context) -> list[str] | None:
    """The groups a reading command spans: ``--group`` and each ``--also`` (each must exist), or
    ``None`` without ``--also`` (the command's group alone)."""
    also = ctx.obj.get("also") or ()
    if not also:
        return None
    mem = _memory(ctx)
    stored = mem.store.groups()
    for g in also:
        if g not in stored:
            listed = ", ".join(repr(x) for x in stored[:20])
            raise InputError(f"no group {g!r} to read with --also in this store; groups: {listed}")
    return [mem.group, *also]


def handle_errors(fn: Callable) -> Callable:
    """Bad input gets one clear line on stderr and exit code 2, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ChronomemError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)

    return wrapper


def json_option(fn: Callable) -> Callable:
    """The shared ``--json`` flag of commands that return records."""
    return click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")(fn)


def store_options(ctx: click.Context) -> str:
    """The store options this command was run with (``--store PATH`` or ``--neo4j URI``), for the
    commands it suggests to read the same store; empty when the default applies."""
    obj = ctx.find_root().obj or {}
    if obj.get("neo4j"):
        return f"--neo4j {obj['neo4j']}"
    return f"--store {obj['store']}" if obj.get("store") else ""
