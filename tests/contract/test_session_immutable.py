"""A session is immutable (issue 28, defect 3), on every backend: the same id with the same
content is a no-op; with other content it is refused, and nothing of it is written."""

from __future__ import annotations

import pytest

from chronomem.errors import InputError
from chronomem.schema.models import validate_session
from tests.contract.memory_helpers import memory_on, session

QUITO = session("s1", "2023-06-01T10:00:00Z", "I live in Quito.")
LIMA = session("s1", "2023-06-01T10:00:00Z", "I moved to Lima and I work at Globant.")


def test_the_same_session_again_changes_nothing(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    first = mem.ingest([QUITO])
    again = mem.ingest([QUITO])
    assert (first.sessions, first.facts_added) == (1, 1)
    assert (again.sessions, again.sessions_skipped, again.facts_added, again.entities, again.errors) == (0, 1, 0, 0, [])


def test_a_reused_id_with_other_content_is_refused_and_writes_nothing(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    mem.ingest([QUITO])
    before = mem.stats()
    summary = mem.ingest([LIMA, session("s2", "2024-01-01T10:00:00Z", "I like tea.")])
    assert summary.sessions == 1 and summary.facts_added >= 1  # the other session still goes in
    (error,) = summary.errors
    assert error.startswith("session 's1' is already stored with different content (turn 1 differs)")
    assert "new session id, or forget that session first" in error
    assert [f.object for f in mem.facts("user", predicate="LIVES_IN")] == ["Quito"]
    assert not mem.store.find_entities(mem.group, "Globant") and not mem.store.find_entities(mem.group, "Lima")
    assert mem.stats()["facts"] == before["facts"] + summary.facts_added
    lima = validate_session({**LIMA, "group_id": mem.group})
    ((read, result),) = rule_extractor.extract_many([lima])
    with pytest.raises(InputError, match="turn 1 differs"):  # the write itself refuses it (MCP's path)
        mem.write_extracted(read, result)


def test_a_session_with_more_turns_or_another_start_is_refused_too(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    mem.ingest([QUITO])
    longer = session("s1", "2023-06-01T10:00:00Z", "I live in Quito.", "I have a cat.")
    later = session("s1", "2023-06-02T10:00:00Z", "I live in Quito.")
    assert "number of turns (1 stored, 2 given)" in mem.ingest([longer]).errors[0]
    assert "its start time differs" in mem.ingest([later]).errors[0]
