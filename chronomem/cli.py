"""The ``chronomem`` command line: a thin shell over :class:`chronomem.Memory`."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import click

from chronomem.cli_forget import forget, retract
from chronomem.cli_lifecycle import compact, feedback, policy
from chronomem.cli_listing import entities, erasures, sessions, short_id, versions_once, why_no_facts
from chronomem.cli_support import TIME, _memory, handle_errors, json_option, read_groups, store_options
from chronomem.cli_when import when
from chronomem.errors import ConfigError, InputError
from chronomem.mcp.cli import mcp, serve
from chronomem.query.empty import empty_input


def _print_facts(records: list, as_json: bool, empty: str, *, groups: bool = False) -> None:
    if as_json:
        click.echo(json.dumps([r.to_json() for r in records], indent=2))
        if not records:
            click.echo(empty, err=True)  # standard output stays JSON
        return
    if not records:
        click.echo(empty)
        return
    for r in records:
        status = "" if r.status == "current" else f"  [{r.status}]"
        where = f"[{r.group}]  " if groups else ""
        click.echo(f"{short_id(r.id)}  {where}{r.subject} {r.predicate} {r.object}   {r.interval()}{status}")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--store", type=click.Path(path_type=str), default=None, envvar="CHRONOMEM_STORE",
              help="Embedded store directory or .sqlite file (default: $CHRONOMEM_STORE, else Neo4j at $NEO4J_URI, "
                   "else ./chronomem-data).")
@click.option("--neo4j", "neo4j", default=None,
              help="Use Neo4j at this bolt:// URI (default: $NEO4J_URI, unless --store or $CHRONOMEM_STORE names "
                   "an embedded store; credentials from $NEO4J_USER and $NEO4J_PASSWORD).")
@click.option("--group", default="default", envvar="CHRONOMEM_GROUP",
              help="The group (tenant, user, project) to work in (default: $CHRONOMEM_GROUP or 'default').")
@click.option("--index-dir", "index_dir", type=click.Path(file_okay=False, path_type=str), default=None,
              envvar="CHRONOMEM_INDEX_DIR",
              help="Where this process keeps its vector side-index files (default: $CHRONOMEM_INDEX_DIR, else beside "
                   "an embedded store; on Neo4j, in memory, rebuilt from the stored vectors at each start). Each "
                   "process on one Neo4j keeps its own.")
@click.option("--also", multiple=True, metavar="GROUP",
              help="Also read this group (repeatable): search, context, facts and timeline span --group and these, "
                   "each hit naming its group; writes still go to --group.")
@click.version_option(package_name="chronomem")
@click.pass_context
def cli(ctx: click.Context, store: str | None, neo4j: str | None, group: str, index_dir: str | None,
        also: tuple[str, ...]) -> None:
    """chronomem: a temporal knowledge-graph memory that knows when things were true."""
    ctx.ensure_object(dict)
    ctx.obj.update(store=store, neo4j=neo4j, group=group, index_dir=index_dir, also=also, memory=None)


STDIN = Path("-")


def _read_input(path: Path, text: str | None, *, fmt: str, started_at: datetime | None, group: str) -> Iterator[Any]:
    """The sessions of one ``ingest`` argument: a file, or standard input (``-``, its ``text`` already read)."""
    from chronomem.extract.parse import readers

    if text is None:
        yield from readers.read_sessions(path, format=cast("readers.Format", fmt), started_at=started_at, group=group)
        return
    used = readers.detect_format(STDIN, text[:4096]) if fmt == "auto" else fmt
    if used == "text":
        yield from readers.read_text(text, name="stdin", started_at=started_at, group=group)
    else:
        yield from (readers.read_json if used == "json" else readers.read_jsonl)(text, name="stdin", group=group)


def _json_shape(text: str) -> str | None:
    """``json`` when ``text`` is one JSON object or array, ``jsonl`` when it is JSON objects one a line.

    >>> _json_shape('{"a": 1}\\n{"a": 2}\\n'), _json_shape('[{"a": 1},\\n {"a": 2}]'), _json_shape("Ana: hi")
    ('jsonl', 'json', None)
    """
    try:
        return "json" if isinstance(json.loads(text), (dict, list)) else None
    except (ValueError, RecursionError):
        pass
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        return "jsonl" if len(lines) > 1 and all(isinstance(json.loads(line), dict) for line in lines) else None
    except (ValueError, RecursionError):
        return None


def format_hint(path: Path, text: str | None, fmt: str) -> str | None:
    """The line to print when ``path`` did not read as ``fmt`` (``auto``: what its name or start
    suggested) but its content is another format: which ``--format`` to use instead."""
    from chronomem.extract.parse.readers import detect_format

    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
    used = detect_format(path, text[:4096]) if fmt == "auto" else fmt
    shape = _json_shape(text)
    if shape is None or shape == used:
        return None
    if used == "jsonl" and shape == "json" and len(text.strip().splitlines()) == 1 and text.lstrip().startswith("{"):
        return None  # one object on one line reads the same either way: the problem is not the format
    what = "JSONL (one JSON object per line)" if shape == "jsonl" else "one JSON document (an object or an array)"
    name = "standard input" if path == STDIN else str(path)
    return f"hint: {name} looks like {what}, not {used}: use --format {shape}"


@cli.command()
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["auto", "json", "jsonl", "text"]), default="auto", show_default=True,
              help="auto: from the file's extension, else from its first characters.")
@click.option("--recorded-at", type=click.Choice(["now", "session"]), default="now", show_default=True,
              help="'session' replays history: facts are recorded at each session's time.")
@click.option("--session-time", type=TIME, default=None, help="Session start for plain-text transcripts without a header.")
@click.option("--strict", is_flag=True, help="Refuse the whole run if any session is malformed.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Extraction processes (one writer); results are identical to --workers 1.")
@click.option("--index/--no-index", "index", default=True, show_default=True,
              help="Embed for search in a background thread while ingesting, and finish before exiting, so that "
                   "search is at full quality at once (--no-index: later, by `chronomem index`).")
@click.option("--extractor", "extractor_name", type=click.Choice(["spacy", "llm"]), default="spacy", show_default=True,
              help="spacy: rules, no LLM. llm: an OpenAI-compatible chat endpoint (Ollama, vLLM, OpenAI) from "
                   "$CHRONOMEM_LLM_BASE_URL, $CHRONOMEM_LLM_MODEL and $CHRONOMEM_LLM_API_KEY.")
@click.option("--llm-model", default=None, help="Model for --extractor llm (overrides $CHRONOMEM_LLM_MODEL).")
@click.option("--llm-base-url", default=None,
              help="Endpoint for --extractor llm, e.g. http://localhost:11434/v1 (overrides $CHRONOMEM_LLM_BASE_URL).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.pass_context
@handle_errors
def ingest(ctx: click.Context, paths: tuple[Path, ...], fmt: str, recorded_at: str, session_time: datetime | None,
           strict: bool, workers: int, index: bool, extractor_name: str, llm_model: str | None,
           llm_base_url: str | None, quiet: bool) -> None:
    """Ingest session transcripts (JSON, JSON array, JSONL or 'Speaker: text' files; - reads standard input)."""
    from chronomem.progress import count_bar, progress_bar

    extractor = None
    if extractor_name == "llm":
        from chronomem.extract.llm import OpenAiCompatibleExtractor

        extractor = OpenAiCompatibleExtractor(base_url=llm_base_url, model=llm_model)
    elif llm_model or llm_base_url:
        raise InputError("--llm-model and --llm-base-url need --extractor llm")
    mem = _memory(ctx, create=True, extractor=extractor, embeds=index)
    sessions: list[Any] = []
    errors: list[str] = []
    hints: list[str] = []
    for path in paths:
        text = sys.stdin.read() if path == STDIN else None
        failed, read = len(errors), len(sessions)
        if empty_input(path, text):  # exit 2 below like a malformed session: an empty export is usually a mistake
            errors.append(f"{'standard input' if path == STDIN else path}: the input is empty, no sessions in it")
            continue
        for result in _read_input(path, text, fmt=fmt, started_at=session_time, group=mem.group):
            if result.error:
                errors.append(f"{result.where}: {result.error}")
            else:
                sessions.append(result.session)
        if len(errors) == failed and len(sessions) == read:
            errors.append(f"{'standard input' if path == STDIN else path}: no sessions in it")
        if len(errors) > failed and (hint := format_hint(path, text, fmt)):
            hints.append(hint)
    for err in errors:
        click.echo(f"skipped {err}", err=True)
    for hint in hints:
        click.echo(hint, err=True)
    if errors and strict:
        click.echo(f"error: {len(errors)} malformed session(s); nothing ingested (--strict)", err=True)
        sys.exit(2)
    indexing = index and mem.start_indexing()
    with progress_bar(len(sessions), "ingesting", quiet=quiet) as advance:
        summary = mem.ingest(sessions, recorded_at=recorded_at, progress=lambda s, r: advance(1), workers=workers)
    for err in summary.errors:  # sessions the extractor could not read (the LLM's reply, a timeout)
        click.echo(f"skipped {err}", err=True)
    summary.errors = errors + summary.errors
    click.echo(summary.line())
    if indexing:
        started = time.perf_counter()
        with count_bar("indexing", quiet=quiet) as progress:
            count = mem.stop_indexing(progress=progress)
        click.echo(f"side-index caught up: {count} more items embedded in {time.perf_counter() - started:.1f} s after ingest")
    if summary.errors:
        sys.exit(2)  # the good sessions are in, the skipped ones are reported above


@cli.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.pass_context
@handle_errors
def import_(ctx: click.Context, path: Path, quiet: bool) -> None:
    """Import pre-extracted facts (JSONL: subject, predicate, object, valid_from, valid_to, statement)."""
    from chronomem.extract.parse.importer import count_fact_records, read_fact_records
    from chronomem.progress import draws_bars, two_stage_bar

    if empty_input(path):
        raise InputError(f"{path} is empty: nothing to import (one JSON object a line: subject, predicate, "
                         "object, valid_from, valid_to, statement)")
    total = count_fact_records(path) if draws_bars(quiet=quiet) else 0  # a pass over the file, for the bar only
    mem = _memory(ctx, create=True)
    with two_stage_bar(total, "importing", "indexing", quiet=quiet) as (advance, indexing):
        summary = mem.import_facts(read_fact_records(path), progress=advance, index_progress=indexing)
    click.echo(summary.line())
    if summary.facts_added and mem.has_vectors():  # import does not embed (a million facts would take an hour)
        click.echo(f"{summary.facts_added} new facts are not embedded yet: `chronomem index` embeds them "
                   "(until then search finds them by full text, and embeds a few before each query)", err=True)


@cli.command()
@click.argument("entity")
@click.option("--predicate", "-p", default=None, help="Only this predicate, e.g. LIVES_IN.")
@click.option("--as-of", type=TIME, default=None, help="Valid time to ask about (default: now).")
@click.option("--known-at", type=TIME, default=None, help="Ask what we believed at this time (default: now).")
@json_option
@click.pass_context
@handle_errors
def facts(ctx: click.Context, entity: str, predicate: str | None, as_of: datetime | None, known_at: datetime | None,
          as_json: bool) -> None:
    """Facts about ENTITY that were true at --as-of, as believed at --known-at."""
    mem = _memory(ctx, reading=True)
    groups = read_groups(ctx)
    records = mem.facts(entity, predicate=predicate, as_of=as_of, known_at=known_at, groups=groups)
    _print_facts(records, as_json, why_no_facts(mem, entity, known_at), groups=groups is not None)


@cli.command()
@click.argument("entity")
@click.option("--predicate", "-p", default=None, help="Only this predicate, e.g. LIVES_IN.")
@click.option("--all", "include_retracted", is_flag=True, help="Include superseded and corrected versions.")
@json_option
@click.pass_context
@handle_errors
def timeline(ctx: click.Context, entity: str, predicate: str | None, include_retracted: bool, as_json: bool) -> None:
    """Every value of ENTITY's facts with its valid interval, oldest first."""
    mem = _memory(ctx, reading=True)
    groups = read_groups(ctx)
    records = mem.timeline(entity, predicate=predicate, include_retracted=include_retracted, groups=groups)
    _print_facts(versions_once(records) if include_retracted and not as_json else records, as_json,
                 why_no_facts(mem, entity, None, at_all=True), groups=groups is not None)


@cli.command()
@click.argument("since", type=TIME)
@click.argument("until", type=TIME, required=False)
@json_option
@click.pass_context
@handle_errors
def changes(ctx: click.Context, since: datetime, until: datetime | None, as_json: bool) -> None:
    """Facts that began, ended or were corrected between SINCE and UNTIL (default now)."""
    events = _memory(ctx, reading=True).changes(since, until)
    if as_json:
        click.echo(json.dumps([{"at": e["at"].isoformat(), "change": e["change"], **e["fact"].to_json()} for e in events], indent=2))
        return
    for e in events:
        click.echo(f"{e['at'].date()}  {e['change']:<9} {e['fact'].statement}")


@cli.command()
@click.argument("query")
@click.option("--as-of", type=TIME, default=None, help="Facts valid at this time (default: now).")
@click.option("--known-at", type=TIME, default=None, help="As believed at this time (default: now).")
@click.option("-k", "k", type=click.IntRange(1, 1000), default=10, show_default=True, help="Number of hits.")
@json_option
@click.pass_context
@handle_errors
def search(ctx: click.Context, query: str, as_of: datetime | None, known_at: datetime | None, k: int, as_json: bool) -> None:
    """Hybrid search over facts and turns, as of a time."""
    mem = _memory(ctx, reading=True, embeds=True)
    groups = read_groups(ctx)
    results = mem.search(query, as_of=as_of, known_at=known_at, k=k, groups=groups)
    if not results:
        when = f" as of {as_of.date().isoformat()}" if as_of else ""
        reason = mem.why_empty(known_at=known_at)
        click.echo(reason or f"no hits for {query!r}{when} in group {mem.group!r}: try other words, a later --as-of, "
                   "or check `chronomem stats`", err=True)
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], indent=2, default=str))
        return
    for r in results:
        click.echo(_search_line(r, groups is not None))


def _search_line(r: Any, groups: bool = False) -> str:
    """One search hit: score, (its group, when reading several,) kind, when it holds (a fact's
    interval, a turn's day), then the statement (with its status when not current) or the turn's
    speaker and text."""
    where = f"[{r.group}]  " if groups else ""
    if r.kind == "fact":
        status = "" if r.status in (None, "current") else f"  [{r.status}]"
        return f"{r.score:7.4f}  {where}fact  {r.when():<23}  {r.text}{status}"
    said = r.later()
    later = "" if said is None else f"  [{r.status or 'superseded'}; {said}]"
    return f"{r.score:7.4f}  {where}turn  {r.when():<23}  {r.speaker}: {r.text}{later}"


@cli.command()
@click.argument("query")
@click.option("--as-of", type=TIME, default=None, help="Facts valid at this time (default: now).")
@click.option("--max-tokens", type=click.IntRange(50, 100_000), default=800, show_default=True,
              help="Budget of the block, in tokens (about 4 characters each).")
@click.pass_context
@handle_errors
def context(ctx: click.Context, query: str, as_of: datetime | None, max_tokens: int) -> None:
    """A dated block of facts and turns for QUERY, ready to paste into a prompt."""
    click.echo(_memory(ctx, reading=True, embeds=True).context(query, as_of=as_of, max_tokens=max_tokens,
                                                               groups=read_groups(ctx)))


@cli.command()
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.pass_context
@handle_errors
def reindex(ctx: click.Context, quiet: bool) -> None:
    """Rebuild the vector side-index from the vectors kept in the store (embedding only items without one)."""
    from chronomem.progress import count_bar

    with count_bar("indexing", quiet=quiet) as progress:
        count = _memory(ctx).reindex(progress=progress)
    click.echo(f"indexed {count} items")


@cli.command()
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.pass_context
@handle_errors
def index(ctx: click.Context, quiet: bool) -> None:
    """Catch the vector side-index up: read the vectors other processes stored, embed what has none."""
    from chronomem.progress import count_bar

    mem = _memory(ctx)
    if not mem.has_vectors():
        from chronomem.graph.vector_status import no_model_note

        raise ConfigError(f"nothing to index: {no_model_note()}")
    with count_bar("embedding", quiet=quiet) as progress:
        count = mem.catch_up_index(progress=progress)
    click.echo(f"indexed {count} new items")


@cli.command()
@json_option
@click.pass_context
@handle_errors
def stats(ctx: click.Context, as_json: bool) -> None:
    """Counts of entities, sessions, turns, claims and facts in the group, and what search runs on."""
    status = _memory(ctx).status()
    if as_json:
        click.echo(json.dumps(status))
        return
    search = status.pop("search")
    for key, value in status.items():
        click.echo(f"{key:<14} {value}")
    if search["vectors"]:
        later = " (run `chronomem index` to embed them)" if search["pending"] else ""
        click.echo(f"{'search':<14} vectors ({search['embedder']}): {search['indexed']} indexed, "
                   f"{search['pending']} pending{later}")
    else:
        click.echo(f"{'search':<14} full text only ({search['note']})")


@cli.command()
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.pass_context
@handle_errors
def demo(ctx: click.Context, quiet: bool) -> None:
    """Ingest the bundled example sessions and answer a few as-of questions."""
    from chronomem.demo import run_demo

    run_demo(_memory(ctx, create=True), echo=click.echo, quiet=quiet, store_args=store_options(ctx))


# Commands kept in their own modules.
for _command in (retract, forget, when, entities, sessions, erasures, feedback, policy, compact, mcp, serve):
    cli.add_command(_command)


def main() -> None:
    cli(prog_name="chronomem")


if __name__ == "__main__":
    main()
