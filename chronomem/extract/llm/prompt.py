"""The prompt: the task, the JSON shape, the predicate vocabulary with descriptions, and the turns."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import get_args

from chronomem.extract.extractor import DEFAULT_SKIP_SPEAKERS
from chronomem.schema.models import EntityType, Session, Turn
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

SYSTEM_PROMPT = """\
You read a chat transcript and list the durable facts it states about people and their world, for a \
temporal knowledge graph. Answer with one JSON object {{"facts": [...]}}; each fact is an object with:
- "subject": who or what the fact is about, named as in the transcript. First person ("I", "my", "me") \
is the turn's speaker, named exactly as the speaker; "we", "our", "us" is "{we}".
- "subject_type", "object_type": one of {types}.
- "predicate": one of the predicates below, written exactly so.
- "relation": only with RELATED_TO: the relation in a few plain words ("volunteers at", "is training for").
- "object": the value, named as in the transcript.
- "turn_id": the id of the turn that states the fact (the text in [brackets]).
- "time": the words of that turn that say when the fact began, ended or will begin, copied exactly \
("last week", "in 2020", "since March", "for three years", "from 2015 to 2019"), or null when the turn \
gives no time. Never compute or reformat dates.
- "kind": "assert" (true from "time", or simply stated as true), "end" (stopped being true at "time"), \
or "correct" (the speaker corrects a value said before; put the wrong value in "replaces").
- "replaces": only with "correct": the wrong value.
- "future": true when the fact will begin or end at a future "time" ("moving to Porto in June").
Predicates:
{predicates}
Rules: list only what a speaker states as true; nothing from questions, hypotheticals, wishes, negations, \
plans without a date, or what {skipped} say. A switch ("replaced Redis with Memcached", "upgraded \
Postgres from 13 to 14") is two facts with the same time: "end" for the old value, "assert" for the new. \
Use RELATED_TO only when no other predicate fits. With nothing to list, answer {{"facts": []}}."""


def chat_messages(session: Session, *, vocabulary: Vocabulary = CORE_VOCABULARY, turns: list[Turn] | None = None,
                  skip_speakers: Iterable[str] = DEFAULT_SKIP_SPEAKERS) -> list[dict[str, str]]:
    """The system and user messages asking for the facts of ``session`` (or of some of its ``turns``).

    >>> from datetime import timezone
    >>> s = Session(session_id="s1", started_at=datetime(2024, 3, 12, 9, tzinfo=timezone.utc),
    ...             turns=[Turn(speaker="Ana", text="I moved to Lisbon last week.")])
    >>> print(chat_messages(s)[1]["content"])
    session: s1
    started: 2024-03-12T09:00:00Z
    [s1:1] 2024-03-12T09:00:00Z Ana: I moved to Lisbon last week.
    """
    we = session.metadata.get("we") if isinstance(session.metadata, dict) else None
    predicates = "\n".join(f"- {s.name}: {s.description or s.phrase} ({_CARDINALITY[s.cardinality]})" for s in vocabulary)
    system = SYSTEM_PROMPT.format(we=str(we).strip() if we and str(we).strip() else session.group_id,
                                  types=", ".join(get_args(EntityType)), predicates=predicates,
                                  skipped=" or ".join(f'"{s}"' for s in skip_speakers) or "assistants")
    lines = [f"session: {session.session_id}", f"started: {_iso(session.started_at)}"]
    lines += [f"[{t.id}] {_iso(t.at)} {t.speaker}: {t.text}" for t in (session.turns if turns is None else turns)]  # type: ignore[arg-type]
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(lines)}]


_CARDINALITY = {"one": "one value at a time", "many": "many values", "one_per_object": "one subject per object at a time"}


def _iso(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")
