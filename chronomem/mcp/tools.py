"""The chronomem MCP tools: remember, recall, when, context, facts, timeline, changes, entities,
import_facts, retract, forget. Every time argument is an ISO date or datetime; every tool takes
an optional ``group`` that must be one the caller's token (or the stdio server) holds."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

from mcp.server.mcpserver import Context
from pydantic import Field

from chronomem.errors import ChronomemError, InputError
from chronomem.extract.parse.importer import FactImport
from chronomem.graph.erasure import Erasure
from chronomem.graph.retraction import RetractReport
from chronomem.mcp.access import Caller, LimitError
from chronomem.mcp.models import (
    ISO,
    ChangesResult,
    ContextResult,
    EntitiesResult,
    FactsResult,
    ImportResult,
    RecallResult,
    RememberResult,
    TurnIn,
    WhenResult,
    summary_fields,
)
from chronomem.mcp.runtime import MemoryPool
from chronomem.schema.timeutil import parse_time

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])
CallerOf = Callable[[Any], Caller]  # the tool's Context -> who is calling

Group = Annotated[str | None, Field(description="The memory group to use; default: the first group you may use.")]
AsOf = Annotated[str | None, Field(description=f"Valid time to ask about ({ISO}); default now. Use it for "
                                               "questions about the past: 'where did Ana live in 2021?'.")]
KnownAt = Annotated[str | None, Field(description=f"Ask what was believed at this time ({ISO}); default now.")]
Entity = Annotated[str, Field(min_length=1, description="An entity's name or alias, e.g. 'Ana' or 'Postgres'.")]
Predicate = Annotated[str | None, Field(description="Only this relation, e.g. LIVES_IN, WORKS_AT, USES.")]

DESCRIPTIONS = {
    "remember": "Store a conversation after it happens (a session: its start time and turns). Extracts entities "
                "and facts with when they held, closes facts that changed, and returns what changed. Call it "
                "after each session; re-sending the same session changes nothing.",
    "recall": "Search memory before answering a question: facts and conversation turns relevant to the query, "
              "best first, each with when it held and its status. Pass as_of for questions about the past.",
    "when": "Answer a question about when something happened or will happen ('When did Ana go to Lisbon?', "
            "'When is Tom planning his trip?', 'How long has Bo had her dog?'): dated answers best first, each "
            "with start and end dates, the time phrase said, the turn it comes from and, for an event, the fact "
            "and its status (planned, cancelled…). Empty with a reason when nothing dated matches.",
    "context": "A compact, dated block of the facts relevant to a query, ready to put in a prompt. Pass as_of "
               "for questions about the past.",
    "facts": "What is (or was, with as_of) true about one entity, with validity intervals and sources; "
             "known_at answers what was believed at an earlier time.",
    "timeline": "Every value an entity's facts took over time (e.g. every city someone lived in), in order, "
                "with intervals; include_retracted adds superseded and corrected versions.",
    "changes": "What began, ended or was corrected between two times (since, until): use it to catch up on "
               "what changed.",
    "entities": "Look up an entity by name (name given) or list the group's entities (people, places, tools…).",
    "import_facts": "Store facts you already have as records (subject, predicate, object, valid_from, valid_to), "
                    "without a conversation; they go through the same temporal rules.",
    "retract": "Mark a stored fact wrong (by its id from facts/recall) from a time on (default now). It stays "
               "visible when asking with an earlier known_at. Use it when the user says a fact was never true.",
    "forget": "Erase an entity or a session for good (facts, conversation text, vectors); only an audit record "
              "of the erasure remains. Use it only when the user asks to delete data.",
}


def tool_errors(fn: F) -> F:
    """Turn chronomem's errors into tool errors with their one-line message."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return await fn(*args, **kwargs)
        except ChronomemError as e:
            raise ToolError(str(e)) from e

    return wrapper  # type: ignore[return-value]


def session_key(started_at: str, turns: list[TurnIn]) -> str:
    """A session id from its content, so that re-sending the same turns changes nothing.

    >>> session_key("2024-03-12", [TurnIn(speaker="u", text="hi")]) == session_key("2024-03-12", [TurnIn(speaker="u", text="hi")])
    True
    """
    body = json.dumps([started_at, [t.model_dump() for t in turns]], sort_keys=True)
    return "mcp-" + hashlib.sha256(body.encode()).hexdigest()[:20]


def check_turns(turns: list[TurnIn], max_turns: int, max_bytes: int) -> None:
    """Refuse a session over the server's limits, saying which and by how much."""
    if not turns:
        raise InputError("a session to remember needs at least one turn")
    if len(turns) > max_turns:
        raise LimitError(f"{len(turns)} turns in one session; this server takes at most {max_turns}: "
                         "split it into several sessions")
    size = sum(len(t.text.encode()) + len(t.speaker.encode()) for t in turns)
    if size > max_bytes:
        raise LimitError(f"the session's text is {size} bytes; this server takes at most {max_bytes}")


def register_tools(server: Any, pool: MemoryPool, caller_of: CallerOf) -> None:
    """Add the chronomem tools to an ``MCPServer``; ``caller_of(ctx)`` says who calls."""
    def memory(ctx: Context, group: str | None, *, write: bool = False) -> Any:
        return pool.memory(caller_of(ctx).group_for(group, write=write))

    def add(fn: F) -> None:
        server.add_tool(tool_errors(fn), name=fn.__name__.rstrip("_"), description=DESCRIPTIONS[fn.__name__.rstrip("_")])

    async def remember(
        turns: Annotated[list[TurnIn], Field(description="The turns, in order.")],
        started_at: Annotated[str, Field(description=f"When the session started ({ISO}).")],
        ctx: Context,
        session_id: Annotated[str | None, Field(description="A stable id for the session; default: "
                                                            "derived from its content.")] = None,
        metadata: Annotated[dict[str, Any] | None, Field(description="Anything to keep with the session; "
                                                                     "'we' names the speakers' team.")] = None,
        group: Group = None,
    ) -> RememberResult:
        check_turns(turns, pool.limits.max_turns, pool.limits.max_request_bytes)
        mem = memory(ctx, group, write=True)
        sid = session_id or session_key(started_at, turns)
        session = {"session_id": sid, "started_at": parse_time(started_at), "metadata": metadata or {},
                   "turns": [{k: parse_time(v) if k == "at" else v for k, v in t.model_dump().items() if v is not None}
                             for t in turns]}
        report = await pool.remember(mem.group, session)
        stored_turns = len(turns) if report.session_added else 0
        return RememberResult(session_id=sid, stored=report.session_added, turns=stored_turns,
                              entities_added=report.entities_added, facts_added=report.facts_added,
                              facts_closed=report.facts_closed, facts_corrected=report.facts_corrected)

    async def recall(
        query: Annotated[str, Field(min_length=1, description="The question or keywords.")],
        ctx: Context, as_of: AsOf = None, known_at: KnownAt = None,
        k: Annotated[int, Field(ge=1, le=100, description="How many results.")] = 10, group: Group = None,
    ) -> RecallResult:
        mem = memory(ctx, group)
        return RecallResult(results=await pool.read(lambda: mem.search(query, as_of=as_of, known_at=known_at, k=k)))

    async def context(
        query: Annotated[str, Field(min_length=1, description="The question the prompt is about.")],
        ctx: Context, as_of: AsOf = None,
        max_tokens: Annotated[int, Field(ge=50, le=20_000, description="Budget for the block.")] = 800,
        group: Group = None,
    ) -> ContextResult:
        mem = memory(ctx, group)
        return ContextResult(context=await pool.read(lambda: mem.context(query, as_of=as_of, max_tokens=max_tokens)))

    async def when(
        question: Annotated[str, Field(min_length=1, description="The question about time.")],
        ctx: Context, as_of: Annotated[str | None, Field(description=f"Answer from what was said up to this time "
                                                                     f"({ISO}); default now.")] = None,
        k: Annotated[int, Field(ge=1, le=50, description="How many answers.")] = 5, group: Group = None,
    ) -> WhenResult:
        mem = memory(ctx, group)
        found = await pool.read(lambda: mem.when(question, as_of=as_of, k=k))
        return WhenResult(answers=found.answers, reason=found.reason)

    async def facts(entity: Entity, ctx: Context, predicate: Predicate = None, as_of: AsOf = None,
                    known_at: KnownAt = None, group: Group = None) -> FactsResult:
        mem = memory(ctx, group)
        return FactsResult(facts=await pool.read(
            lambda: mem.facts(entity, predicate=predicate, as_of=as_of, known_at=known_at)))

    async def timeline(entity: Entity, ctx: Context, predicate: Predicate = None,
                       include_retracted: Annotated[bool, Field(description="Also superseded and corrected "
                                                                            "versions.")] = False,
                       group: Group = None) -> FactsResult:
        mem = memory(ctx, group)
        return FactsResult(facts=await pool.read(
            lambda: mem.timeline(entity, predicate=predicate, include_retracted=include_retracted)))

    async def changes(since: Annotated[str, Field(description=f"Start of the window ({ISO}).")], ctx: Context,
                      until: Annotated[str | None, Field(description=f"End of the window ({ISO}); "
                                                                     "default now.")] = None,
                      group: Group = None) -> ChangesResult:
        mem = memory(ctx, group)
        return ChangesResult.model_validate({"changes": await pool.read(lambda: mem.changes(since, until))})

    async def entities(ctx: Context, name: Annotated[str | None, Field(description="A name or alias to look "
                                                                                   "up; omit to list.")] = None,
                       limit: Annotated[int, Field(ge=1, le=10_000, description="At most this many.")] = 200,
                       group: Group = None) -> EntitiesResult:
        mem = memory(ctx, group)

        def look() -> EntitiesResult:
            if name:
                return EntitiesResult(entities=mem.entities(name))
            found = mem.entities(limit=limit + 1)
            return EntitiesResult(entities=found[:limit], truncated=len(found) > limit)

        return await pool.read(look)

    async def import_facts(records: Annotated[list[FactImport], Field(description="Fact records.")], ctx: Context,
                           group: Group = None) -> ImportResult:
        if len(records) > pool.limits.max_turns * 10:
            raise LimitError(f"{len(records)} records in one call; this server takes at most "
                             f"{pool.limits.max_turns * 10}: send them in several calls")
        mem = memory(ctx, group, write=True)
        rows = [r.model_dump(exclude_none=True, exclude={"group"}) for r in records]
        summary = await pool.write(lambda: mem.import_facts(rows))
        return ImportResult(records=summary.records, **summary_fields(summary))

    async def retract(fact_id: Annotated[str, Field(min_length=1, description="The fact's id (from facts or "
                                                                              "recall).")], ctx: Context,
                      at: Annotated[str | None, Field(description=f"From when it is wrong ({ISO}); "
                                                                  "default now.")] = None,
                      group: Group = None) -> RetractReport:
        mem = memory(ctx, group, write=True)
        return await pool.write(lambda: mem.retract(fact_id, at=at))

    async def forget(ctx: Context, entity: Annotated[str | None, Field(description="The entity's name.")] = None,
                     session_id: Annotated[str | None, Field(description="Or a session's id.")] = None,
                     group: Group = None) -> Erasure:
        caller = caller_of(ctx)
        mem = pool.memory(caller.group_for(group, write=True))
        return (await pool.write(lambda: mem.forget(entity, session=session_id, by=caller.name))).erasure

    for fn in (remember, recall, when, context, facts, timeline, changes, entities, import_facts, retract, forget):
        add(fn)  # type: ignore[arg-type]
