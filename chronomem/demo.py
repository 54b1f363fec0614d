"""``chronomem demo``: ingest the bundled example sessions and answer as-of questions.

The last example session (2021) arrives after the newer ones on purpose: its facts slot into
the timeline by valid time. Sessions are recorded at their own time (``recorded_at="session"``)
so that "what did we believe then" questions work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

from chronomem.extract.parse.readers import read_jsonl
from chronomem.memory import Memory
from chronomem.schema.models import Session
from chronomem.schema.timeutil import parse_time


@dataclass(frozen=True)
class Question:
    text: str
    entity: str
    predicate: str
    as_of: str | None = None
    known_at: str | None = None


QUESTIONS = (
    Question("Where did Sam live in January 2022?", "Sam", "LIVES_IN", "2022-01-01"),
    Question("Where did Sam live in June 2023?", "Sam", "LIVES_IN", "2023-06-01"),
    Question("Where does Sam live now?", "Sam", "LIVES_IN"),
    Question("Where did Sam work on 2023-09-25, as we believed then?", "Sam", "WORKS_AT", "2023-09-25", "2023-09-25"),
    Question("Where did Sam work on 2023-09-25, as we know now?", "Sam", "WORKS_AT", "2023-09-25"),
    Question("Who led the platform team in January 2024?", "platform team", "LEADS", "2024-01-15"),
    Question("Who leads the platform team now?", "platform team", "LEADS"),
    Question("What did Acme use in July 2023?", "Acme", "USES", "2023-07-01"),
    Question("What does Acme use now?", "Acme", "USES"),
    Question("Where does Emma live now?", "Emma", "LIVES_IN"),
)


def example_sessions() -> list[Session]:
    """The bundled example sessions, in the (deliberately shuffled) order they arrive."""
    text = resources.files("chronomem.data.examples").joinpath("sessions.jsonl").read_text(encoding="utf-8")
    return [r.session for r in read_jsonl(text, name="sessions.jsonl") if r.session is not None]


def answer(mem: Memory, q: Question) -> str:
    as_of = parse_time(q.as_of) if q.as_of else None
    known_at = parse_time(q.known_at) if q.known_at else None
    records = mem.facts(q.entity, predicate=q.predicate, as_of=as_of, known_at=known_at)
    if q.predicate == "LEADS":
        values = [r.subject for r in records if r.object_id != r.subject_id and r.object.lower() == q.entity.lower()]
    else:
        values = [r.object for r in records if r.subject.lower() == q.entity.lower()]
    return ", ".join(sorted(set(values))) or "(no answer)"


SEARCH_QUERY = "which city is Sam's home these days?"


def show_search(mem: Memory, *, echo: Callable[[str], None] = print) -> str:
    """Print the top hits of :data:`SEARCH_QUERY` and which search ran; returns the search mode."""
    mem.catch_up_index()
    embedder = getattr(mem.index, "embedder", None)
    mode = f"semantic, {embedder.name}" if embedder is not None else "full text only: no embedder installed"
    echo(f"search ({mode}): {SEARCH_QUERY}")
    for hit in mem.search(SEARCH_QUERY, k=2):
        echo(f"  {hit.when()} {hit.speaker + ': ' if hit.speaker else ''}{hit.text}")
    return mode


def run_demo(mem: Memory, *, echo: Callable[[str], None] = print, quiet: bool = False,
             store_args: str = "") -> list[tuple[str, str]]:
    """Ingest the examples and print each question with its answer; returns the pairs. ``store_args``
    (``--store PATH``) goes into the commands it suggests, so that they read the same store."""
    sessions = example_sessions()
    summary = mem.ingest(sessions, recorded_at="session")
    echo(f"ingested {summary.line()}")
    echo("")
    pairs = []
    width = max(len(q.text) for q in QUESTIONS)
    for q in QUESTIONS:
        a = answer(mem, q)
        pairs.append((q.text, a))
        echo(f"{q.text:<{width}}  {a}")
    echo("")
    show_search(mem, echo=echo)
    echo("")
    cm = f"chronomem {store_args} ".replace("  ", " ")
    echo(f"Try: {cm}timeline Sam --all   |   {cm}facts Acme --as-of 2023-07-01 --json")
    return pairs


