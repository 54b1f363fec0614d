"""The retention benchmark's tuning / set-aside split (rows made up for these tests)."""

from __future__ import annotations

from bench.retention_bench import parts_rows, split_parts


def row(conversation: str, category: int, full: float, compacted: float) -> dict:
    return {"conversation": conversation, "category": category, "full": full, "compacted": compacted}


def test_parts_are_summed_apart_and_side_by_side() -> None:
    rows = [row("chat-a", 4, 1.0, 0.0), row("chat-b", 4, 1.0, 1.0), row("held", 4, 1.0, 1.0), row("held", 2, 0.0, 1.0)]
    when = [{"conversation": "chat-a", "full": True, "compacted": False}, {"conversation": "held", "full": True,
                                                                           "compacted": True}]
    out = {r["measure"]: r for r in parts_rows(rows, when, set_aside=("held",))}
    single = out["evidence R@10, 4 single-hop"]
    assert (single["tuning questions"], single["tuning full"], single["tuning compacted"]) == (2, 100.0, 50.0)
    assert (single["set-aside questions"], single["set-aside difference"]) == (1, 0.0)
    # a category only the set-aside part has: the tuning columns stay empty
    temporal = out["evidence R@10, 2 temporal"]
    assert temporal["tuning questions"] == "" and temporal["set-aside difference"] == 100.0
    assert out["when-benchmark top-1 (%)"]["tuning difference"] == -100.0
    assert out["when-benchmark top-1 (%)"]["set-aside difference"] == 0.0


def test_nothing_set_aside_leaves_the_set_aside_columns_empty() -> None:
    out = parts_rows([row("chat-a", 1, 0.5, 0.5)], [], set_aside=("held",))
    assert [r["measure"] for r in out] == ["evidence R@10, 1 multi-hop", "evidence R@10, overall (1-4)"]
    assert out[0]["set-aside questions"] == "" and out[0]["tuning questions"] == 1
    assert split_parts([{"conversation": "held"}], ("held",))["tuning"] == []
