"""Run the hostile-input corpus through the CLI (in process) and the API on one backend, and probe
cross-group reads with hostile group names; print the counts.

    python -m tests.reliability.runner            # the embedded store (a temporary file)
    python -m tests.reliability.runner --neo4j    # Neo4j at $NEO4J_URI (throw-away groups)

A case *crashes* when anything but a clear :class:`ChronomemError` comes out (a traceback, another
exception); it is *unclear* when its error lines are missing, not one per bad record, or longer
than :data:`MAX_LINE`; it *writes partially* when anything of a refused record is stored or
anything lands in another group the input names (or "default"); a read *leaks* when it shows
another group's data.
"""

from __future__ import annotations

import json
import sys
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from chronomem.cli import cli
from chronomem.errors import ChronomemError
from chronomem.graph.base import GraphStore
from chronomem.memory import Memory
from tests.reliability.corpus import HOSTILE_STRINGS, Case, all_cases

MAX_LINE = 400
# files holding good records beside the bad one: the good ones are stored (by design), one line per bad one
GOOD_RECORDS = {"ingest/jsonl-one-bad-line": 1}
BAD_RECORDS = {"ingest/array-of-numbers": 3}
SECRET = ("Zorblax", "Quuxville")


@dataclass
class Counts:
    tried: int = 0
    reads: int = 0
    accepted: int = 0
    refused: int = 0
    crashes: int = 0
    unclear: int = 0
    partial: int = 0
    leaks: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, label: str, problem: str | None, kind: str) -> None:
        if problem is None:
            return
        setattr(self, kind, getattr(self, kind) + 1)
        self.problems.append(f"{kind}: {label}: {problem[:300]}")

    def line(self) -> str:
        return (f"{self.tried} inputs tried ({self.accepted} accepted, {self.refused} refused with a clear error, "
                f"{self.reads} reads of hostile groups and queries); "
                f"crashes {self.crashes}, unclear errors {self.unclear}, partial writes {self.partial}, "
                f"leaks {self.leaks}")


class _Borrowed:
    """The shared Neo4j store lent to each CLI command (closing it is a no-op): opening Neo4j runs
    its schema statements, seconds a command, which is not what these cases test."""

    def __init__(self, store: GraphStore) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def close(self) -> None:
        pass


class Backend:
    """CLI arguments and a store handle for one backend."""

    def __init__(self, neo4j_uri: str | None, tmp: Path) -> None:
        import chronomem.memory

        self.neo4j_uri, self.path = neo4j_uri, tmp / "store"
        self.args = ["--neo4j", neo4j_uri] if neo4j_uri else ["--store", str(self.path)]
        self.store: GraphStore = chronomem.memory.open_store(self.path, neo4j_uri=neo4j_uri)
        self.groups: list[str] = []
        self._open_store = chronomem.memory.open_store
        if neo4j_uri:
            chronomem.memory.open_store = lambda *a, **k: _Borrowed(self.store)  # type: ignore[assignment]

    def group(self) -> str:
        g = f"rel-{uuid.uuid4().hex[:12]}"
        self.groups.append(g)
        return g

    def snapshot(self, payload: bytes, group: str) -> dict[str, dict[str, int]]:
        """Counts of the case's group, the default group and any group the payload names (where a
        hostile input could write instead); other groups may belong to tests running beside this one."""
        text = payload.decode("utf-8", "ignore")
        return {g: self.store.stats(g) for g in self.store.groups()
                if g in (group, "default") or (g.strip() and g in text)}

    def close(self) -> None:
        import chronomem.memory

        chronomem.memory.open_store = self._open_store  # type: ignore[assignment]
        for g in self.groups:
            self.store.delete_group(g)
        self.store.close()


def _cli(backend: Backend, group: str, *args: str) -> tuple[int, str, str, BaseException | None]:
    result = CliRunner().invoke(cli, [*backend.args, "--group", group, *args], catch_exceptions=True)
    error = result.exception if result.exception is not None and not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, result.stderr, error


def _error_problem(stderr: str, bad_records: int) -> str | None:
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith(("error:", "skipped "))]
    if not errors:
        return f"no error line in {stderr[:200]!r}"
    if len(errors) != max(1, bad_records):
        return f"{len(errors)} error lines for {bad_records} bad record(s): {errors[:3]}"
    long = [ln for ln in lines if len(ln) > MAX_LINE]
    return f"an error line of {len(long[0])} characters" if long else None


def _written(before: dict, after: dict, group: str) -> tuple[dict[str, int], list[str]]:
    """The case group's counts, and the other groups that changed."""
    others = [g for g in after if g != group and after[g] != before.get(g)]
    return after.get(group, {}), others


def run_case(backend: Backend, case: Case, tmp: Path, extractor: Any, counts: Counts) -> None:
    label, command, payload = case
    file = tmp / "input.json"
    file.write_bytes(payload)
    good = GOOD_RECORDS.get(label, 0)
    # -- through the CLI
    group = backend.group()
    before = backend.snapshot(payload, group)
    code, out, err, error = _cli(backend, group, command, str(file), "-q")
    counts.tried += 1
    if error is not None or "Traceback" in out + err:
        counts.add(label + " (cli)", repr(error) if error else err, "crashes")
        return
    mine, others = _written(before, backend.snapshot(payload, group), group)
    counts.add(label + " (cli)", f"wrote to other groups {others}" if others else None, "partial")
    if code == 0:
        counts.accepted += 1
    else:
        counts.refused += 1
        counts.add(label + " (cli)", _error_problem(err, BAD_RECORDS.get(label, 1)), "unclear")
        stored = mine.get("sessions", 0) if command == "ingest" else mine.get("versions", 0)
        counts.add(label + " (cli)", f"refused but stored {mine}" if stored > good else None, "partial")
    # -- through the API, for payloads that are JSON at all
    try:
        text = payload.decode("utf-8", "surrogatepass")  # the API gets the lone surrogates a file cannot hold
        lines = [ln for ln in text.splitlines() if ln.strip()] if command == "import" else [text]
        records = [json.loads(ln) for ln in lines]
    except (ValueError, RecursionError):
        return
    group = backend.group()
    before = backend.snapshot(payload, group)
    mem = Memory(backend.store, group=group, extractor=extractor, embedder=None)
    counts.tried += 1
    try:
        if command == "ingest":
            mem.ingest(records[0] if isinstance(records[0], list) else records)
        else:
            mem.import_facts(records)
        counts.accepted += 1
        refused = False
    except ChronomemError as e:
        counts.refused += 1
        refused = True
        message = str(e)
        counts.add(label + " (api)", f"error of {len(message)} characters" if len(message) > MAX_LINE or not message
                   else None, "unclear")
    except Exception as e:  # anything else is what this suite looks for
        counts.add(label + " (api)", repr(e), "crashes")
        return
    mine, others = _written(before, backend.snapshot(payload, group), group)
    counts.add(label + " (api)", f"wrote to other groups {others}" if others else None, "partial")
    if refused and (mine.get("sessions", 0) or mine.get("versions", 0)):
        counts.add(label + " (api)", f"refused but stored {mine}", "partial")


def _leaks(command: str, out: str) -> bool:
    """The secret group's data in a read of another group (the query itself names only SECRET[0])."""
    if command == "stats" and out.strip():
        return any(v for v in json.loads(out).values() if isinstance(v, int))
    return SECRET[1] in out


def hostile_groups(secret_group: str) -> list[str]:
    return [secret_group.upper(), secret_group + " ", secret_group + "\x00", secret_group[:-1] + "%",
            secret_group[:-1] + "*", secret_group[:-1] + "_", "%", "*", ".*", "' OR '1'='1", "\") OR true //",
            *[v for v in HOSTILE_STRINGS.values() if v.strip() and len(v) < 1000]]


def probe_reads(backend: Backend, tmp: Path, extractor: Any, counts: Counts) -> None:
    """A secret in one group; every read command, through CLI and API, from hostile group names and
    with hostile queries must neither crash nor show it."""
    secret = backend.group()
    Memory(backend.store, group=secret, extractor=extractor, embedder=None).ingest(
        [{"session_id": "s", "started_at": "2024-01-01T00:00:00Z",
          "turns": [{"speaker": SECRET[0], "text": f"I live in {SECRET[1]}."}]}])
    reads = [["facts", SECRET[0]], ["timeline", SECRET[0]], ["search", SECRET[0]],
             ["context", f"Where is {SECRET[0]}?"], ["stats", "--json"], ["changes", "2000-01-01"]]
    for group in hostile_groups(secret):
        for args in reads:
            counts.tried += 1
            counts.reads += 1
            code, out, err, error = _cli(backend, group, *args)
            if error is not None or "Traceback" in out + err:
                counts.add(f"read {args[0]} group={group!r}", repr(error) or err, "crashes")
            elif _leaks(args[0], out):
                counts.add(f"read {args[0]} group={group!r}", out[:200], "leaks")
    for query in HOSTILE_STRINGS.values():
        for args in (["facts", query], ["timeline", query], ["search", query], ["context", query]):
            counts.tried += 1
            counts.reads += 1
            code, out, err, error = _cli(backend, secret, *args)
            if error is not None or "Traceback" in out + err:
                counts.add(f"read {args[0]} query={query[:40]!r}", repr(error) or err, "crashes")
            elif code != 0:
                counts.add(f"read {args[0]} query={query[:40]!r}", _error_problem(err, 1), "unclear")


def run(neo4j_uri: str | None = None, extractor: Any = None, *, every: int = 1) -> Counts:
    """Every ``every``-th corpus case and the read probes on one backend."""
    if extractor is None:
        from chronomem.extract import SpacyRuleExtractor

        extractor = SpacyRuleExtractor()
    counts = Counts()
    with tempfile.TemporaryDirectory(prefix="chronomem-reliability-") as name:
        tmp = Path(name)
        backend = Backend(neo4j_uri, tmp)
        try:
            for case in all_cases()[::every]:
                run_case(backend, case, tmp, extractor, counts)
            probe_reads(backend, tmp, extractor, counts)
        finally:
            backend.close()
    return counts


def main(argv: list[str]) -> int:
    import os

    neo4j = "--neo4j" in argv
    uri = os.environ.get("NEO4J_URI") if neo4j else None
    if neo4j and not uri:
        print("error: --neo4j needs NEO4J_URI (and NEO4J_USER, NEO4J_PASSWORD) set", file=sys.stderr)
        return 2
    counts = run(uri)
    print(f"{'neo4j' if neo4j else 'embedded'}: {counts.line()}")
    for problem in counts.problems:
        print("  " + problem)
    print(Counter(p.split(":")[0] for p in counts.problems) or "no problems")
    return 0 if not counts.problems else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
