"""bench.mcp_bench: the store is built once per --workdir and reused; the server's CPU is read from /proc."""

from __future__ import annotations

import os
import sys

import pytest

from bench.mcp_bench import build_store, cpu_ms


def test_build_store_reuses_the_store_and_index_of_a_workdir(tmp_path):
    first = build_store(tmp_path / "sqlite-40", 40, log=lambda line: None)
    assert not first["store_reused"] and first["embedded_items"] > 40  # facts, turns and entities
    again = build_store(tmp_path / "sqlite-40", 40, log=lambda line: None)
    assert again["store_reused"] and again["embedded_items"] == 0 and again["write_s"] < first["write_s"] + 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_cpu_ms_grows_with_work():
    before = cpu_ms(os.getpid())
    sum(i * i for i in range(2_000_000))
    assert cpu_ms(os.getpid()) > before
    assert cpu_ms(2**22 + 12345) == 0.0  # no such process
