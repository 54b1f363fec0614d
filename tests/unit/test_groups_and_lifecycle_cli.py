"""Reads across groups (API and ``--also``) and the feedback, policy and compact commands."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from click.testing import CliRunner

from chronomem import FixedClock, InputError, Memory
from chronomem.cli import cli

NOW = datetime(2024, 6, 1, tzinfo=timezone.utc)


def said(sid, who, text, at="2024-03-12T10:00:00Z"):
    return {"session_id": sid, "started_at": at, "turns": [{"speaker": who, "text": text}]}


@pytest.fixture
def two_groups(tmp_path, rule_extractor):
    path = tmp_path / "store"
    for group, session in (("me", said("m1", "Mira", "I moved to Lisbon last week.")),
                           ("team", said("t1", "Lead", "Mira now lives in Porto with the team.")),
                           ("other", said("o1", "Mira", "I moved to Madrid last week."))):
        with Memory.open(path, group=group, extractor=rule_extractor, embedder=None) as mem:
            mem.ingest([session])
    return path


def test_search_and_facts_span_the_groups_given_and_name_them(two_groups):
    with Memory.open(two_groups, group="me", clock=FixedClock(NOW), embedder=None) as mem:
        assert {h.group for h in mem.search("where does Mira live")} == {"me"}
        hits = mem.search("where does Mira live", groups=["me", "team"], k=20)
        assert {h.group for h in hits} == {"me", "team"}
        assert not any("Madrid" in h.text for h in hits)
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        assert sorted({f.group for f in mem.facts("Mira", groups=["me", "team"])}) == ["me", "team"]
        assert {f.object for f in mem.timeline("Mira", groups=["team"])} == {"Porto"}
        block = mem.context("where does Mira live", groups=["me", "team"])
        assert "[team]" in block and "[me]" in block and "Madrid" not in block
        with pytest.raises(InputError, match="at least one"):
            mem.search("x", groups=[])


def test_also_reads_more_groups_and_writes_stay_in_one(two_groups):
    run = CliRunner().invoke
    base = ["--store", str(two_groups), "--group", "me"]
    out = run(cli, [*base, "--also", "team", "search", "where does Mira live", "--json"])
    assert out.exit_code == 0, out.output
    assert {h["group"] for h in json.loads(out.output)} == {"me", "team"}
    out = run(cli, [*base, "--also", "team", "search", "where does Mira live"])
    assert "[team]" in out.output and "[me]" in out.output
    out = run(cli, [*base, "--also", "nope", "search", "Mira"])
    assert out.exit_code == 2 and "no group 'nope' to read with --also" in out.output
    out = run(cli, [*base, "--also", "team", "facts", "Mira", "--json"])
    assert sorted(f["group"] for f in json.loads(out.output)) == ["me", "team"]


def test_feedback_policy_and_compact_commands(two_groups):
    run = CliRunner().invoke
    base = ["--store", str(two_groups), "--group", "me"]
    out = run(cli, [*base, "policy"])
    assert out.exit_code == 0 and "keeps everything" in out.output
    out = run(cli, [*base, "policy", "--ttl", "30d", "--cap", "0", "--json"])
    assert json.loads(out.output) == {"turn_ttl_days": 30.0, "max_turns": 0, "keep_above": 0.3, "consolidate": True}
    out = run(cli, [*base, "feedback", "m1:1", "--json"])
    assert out.exit_code == 0 and json.loads(out.output)[0]["kept"] is True
    out = run(cli, [*base, "compact", "--dry-run"])
    assert out.exit_code == 0 and out.output.startswith("would evict 1 of 1 turns")
    out = run(cli, [*base, "compact", "--json"])
    report = json.loads(out.output)
    assert (report["over_cap"], report["turns_after"], report["erasures"][0]["kind"]) == (1, 0, "retention")
    out = run(cli, [*base, "facts", "Mira", "--json"])
    (fact,) = json.loads(out.output)
    assert fact["sources"] == [{"session_id": "m1", "turn_id": "m1:1", "evicted": True}]
    out = run(cli, [*base, "feedback", "m1:1"])
    assert out.exit_code == 2 and "evicted by retention" in out.output
    out = run(cli, [*base, "policy", "--clear"])
    assert "keeps everything" in out.output
    with Memory.open(two_groups, group="team", embedder=None) as team:  # other groups untouched
        assert team.stats()["turns"] == 1 and team.policy() is None
