"""``chronomem mcp`` (stdio) and ``chronomem serve`` (streamable HTTP): commands of :mod:`chronomem.cli`."""

from __future__ import annotations

from typing import Any

import click

from chronomem.cli_support import _memory, handle_errors
from chronomem.mcp import require_sdk

PROFILE = click.Choice(["chronomem", "memory-server"])
PROFILE_HELP = "Tool set: chronomem's, or also the reference memory server's (create_entities, …)."


def _pool(ctx: click.Context, limits: Any = None, extract_workers: int = 0) -> Any:
    from chronomem.mcp.runtime import MemoryPool

    mem = _memory(ctx, create=True, embeds=True)  # a server without the model says so once, at start
    return MemoryPool(mem.store, limits=limits, index_dir=ctx.obj.get("index_dir"), extract_workers=extract_workers,
                      index_in_background=True)


def default_extract_workers() -> int:
    """One extraction process per core, at most 4: reading a session (spaCy) costs about five times what
    serving the call and writing it does, so the extraction processes share every core with the server."""
    import os

    return min(4, os.cpu_count() or 1)


@click.command()
@click.option("--profile", type=PROFILE, default="chronomem", show_default=True, help=PROFILE_HELP)
@click.pass_context
@handle_errors
def mcp(ctx: click.Context, profile: str) -> None:
    """Serve MCP over stdio for one group (--group or $CHRONOMEM_GROUP), for desktop agent clients."""
    require_sdk()
    from chronomem.mcp.server import build_server, stdio_caller

    pool = _pool(ctx)
    build_server(pool, stdio_caller(ctx.obj["group"]), profile=profile).run("stdio")  # type: ignore[arg-type]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (non-loopback needs tokens).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port to listen on.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Tokens and limits (JSON); default $CHRONOMEM_MCP_CONFIG or $CHRONOMEM_MCP_TOKENS.")
@click.option("--profile", type=PROFILE, default="chronomem", show_default=True, help=PROFILE_HELP)
@click.option("--extract-workers", type=click.IntRange(0, 64), default=None,
              help="Processes that read remembered sessions while this one serves and writes "
                   "(default: one per core, at most 4; 0: a thread of the server).")
@click.option("--compact-every", type=click.FloatRange(0), default=3600.0, show_default=True,
              help="Seconds between compactions of the groups that have a retention policy (0: never).")
@click.pass_context
@handle_errors
def serve(ctx: click.Context, host: str, port: int, config_path: str | None, profile: str,
          extract_workers: int | None, compact_every: float) -> None:
    """Serve MCP over streamable HTTP at /mcp; bearer tokens map to groups (see docs/mcp.md)."""
    require_sdk()
    from chronomem.mcp.access import load_config
    from chronomem.mcp.http import check_bind
    from chronomem.mcp.http import serve as run

    config = load_config(config_path)
    check_bind(config, host)  # refuse first: nothing opened, created or printed
    workers = default_extract_workers() if extract_workers is None else extract_workers
    pool = _pool(ctx, config.limits, workers)
    who = f"{len(config.tokens)} token(s)" if config.tokens else f"no tokens: local, group {ctx.obj['group']!r}"
    click.echo(f"chronomem MCP on http://{host}:{port}/mcp ({who}; {workers} extraction worker(s))", err=True)
    from chronomem.mcp.compactor import Compactor

    compactor = Compactor(pool, every=compact_every, log=lambda line: click.echo(line, err=True))
    if compact_every:
        compactor.start()
    try:
        run(pool, config, host=host, port=port, open_group=ctx.obj["group"], profile=profile)  # type: ignore[arg-type]
    finally:
        compactor.stop()
        pool.close()
