"""Token configuration is strict (issue 28, defect 7): no token twice, no token that can never
match, no request with two Authorization headers."""

from __future__ import annotations

import anyio
import httpx
import pytest

from chronomem.errors import ConfigError
from chronomem.graph import SqliteGraphStore
from chronomem.mcp.access import ServerConfig, load_config
from chronomem.mcp.http import http_app
from chronomem.mcp.runtime import MemoryPool

GOOD, OTHER = "a" * 24, "b" * 24


def config_file(tmp_path, tokens):
    path = tmp_path / "tokens.json"
    path.write_text(__import__("json").dumps({"tokens": tokens}))
    return path


def test_the_same_token_twice_is_refused_naming_both_entries(tmp_path):
    path = config_file(tmp_path, [{"name": "alice", "token": GOOD, "groups": {"a": "read-write"}},
                                  {"name": "bob", "token": GOOD, "groups": {"b": "read"}}])
    with pytest.raises(ConfigError, match="the entries 'alice' and 'bob' have the same token; give each its own"):
        load_config(path)


@pytest.mark.parametrize(("token", "said"), [(" " * 16, "may not contain spaces"), ("x" * 8 + " " + "y" * 8, "spaces"),
                                             ("short", "at least 16 characters, this one has 5; make one with python")])
def test_a_token_that_could_never_match_or_is_short_is_refused_plainly(tmp_path, token, said):
    with pytest.raises(ConfigError, match=said) as refused:
        load_config(config_file(tmp_path, [{"name": "alice", "token": token, "groups": {"a": "read"}}]))
    assert "items after validation" not in str(refused.value)


def test_two_authorization_headers_get_400_before_anything_else():
    config = ServerConfig.model_validate({"tokens": [{"name": "alice", "token": GOOD, "groups": {"a": "read-write"}},
                                                     {"name": "bob", "token": OTHER, "groups": {"b": "read"}}]})
    pool = MemoryPool(SqliteGraphStore(":memory:"), embedder=None)
    app = http_app(pool, config)

    async def post(headers):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            return await client.post("/mcp", headers=headers, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})

    try:
        for order in ([GOOD, OTHER], [OTHER, GOOD], ["wrong-" + "x" * 16, GOOD]):
            answer = anyio.run(post, [("authorization", f"Bearer {t}") for t in order])
            assert answer.status_code == 400
            assert answer.json() == {"error": "more than one Authorization header; send exactly one"}
    finally:
        pool.close()


def test_a_refused_bind_has_done_nothing(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from chronomem.cli import cli

    for variable in ("CHRONOMEM_MCP_TOKENS", "CHRONOMEM_MCP_CONFIG", "NEO4J_URI", "CHRONOMEM_STORE"):
        monkeypatch.delenv(variable, raising=False)
    store = tmp_path / "memory"
    result = CliRunner().invoke(cli, ["--store", str(store), "serve", "--host", "0.0.0.0", "--port", "0"])
    assert result.exit_code == 2
    assert "refusing to serve 0.0.0.0 without tokens" in result.output
    assert "chronomem MCP on" not in result.output  # no URL printed
    assert not store.exists() and list(tmp_path.iterdir()) == []  # no store created
