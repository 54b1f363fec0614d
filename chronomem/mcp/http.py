"""``chronomem serve``: MCP over streamable HTTP, every request authenticated by a bearer token.

The token decides who calls and which groups they may read or write
(:mod:`chronomem.mcp.access`); a request without a valid token gets 401 before it reaches MCP,
and one larger than ``max_request_bytes`` gets 413. Binding an address other machines can reach
is refused unless tokens are configured (and on loopback without tokens, everyone local is one
caller with read-write access to the default group).
"""

from __future__ import annotations

import json
from typing import Any

from chronomem.errors import ConfigError
from chronomem.mcp.access import AccessError, Caller, ServerConfig, authenticate, is_loopback
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.server import Profile, build_server
from chronomem.mcp.tools import CallerOf

MCP_PATH = "/mcp"


def token_caller(config: ServerConfig, *, open_group: str | None = None) -> CallerOf:
    """Who calls, from the request's ``Authorization`` header; with no tokens configured (loopback
    only), everyone is one local caller on ``open_group``."""
    local = (Caller("local", {open_group: "read-write"}, who="this server (without tokens it serves one group)")
             if open_group and not config.tokens else None)

    def caller_of(ctx: Any) -> Caller:
        if local is not None:
            return local
        caller = authenticate(config, (ctx.headers or {}).get("authorization"))
        if caller is None:
            raise AccessError("missing or unknown bearer token")
        return caller

    return caller_of


class BearerGate:
    """ASGI middleware: refuse requests with several Authorization headers (400), without a valid
    token (401) or too large (413)."""

    def __init__(self, app: Any, config: ServerConfig) -> None:
        self.app, self.config = app, config

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        pairs = [(k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in scope.get("headers", [])]
        if sum(1 for k, _ in pairs if k == "authorization") > 1:  # the gate and the tools might read different ones
            await _refuse(send, 400, "more than one Authorization header; send exactly one")
            return
        headers = dict(pairs)
        if self.config.tokens and authenticate(self.config, headers.get("authorization")) is None:
            await _refuse(send, 401, "missing or unknown bearer token: send 'Authorization: Bearer <token>' with a "
                                     "token from the server's config", {"www-authenticate": "Bearer"})
            return
        limit = self.config.limits.max_request_bytes
        if int(headers.get("content-length") or 0) > limit:
            await _refuse(send, 413, f"request larger than {limit} bytes; send less per call")
            return
        await self.app(scope, receive, send)


async def _refuse(send: Any, status: int, message: str, extra: dict[str, str] | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def check_bind(config: ServerConfig, host: str) -> None:
    """Refuse to serve an address other machines can reach without tokens (before anything is opened)."""
    if not config.tokens and not is_loopback(host):
        raise ConfigError(f"refusing to serve {host} without tokens: anyone who can reach it could read and change "
                          "the memory; configure tokens (--config FILE or $CHRONOMEM_MCP_TOKENS, see docs/mcp.md) or "
                          "bind 127.0.0.1")


def http_app(pool: MemoryPool, config: ServerConfig, *, host: str = "127.0.0.1", open_group: str = "default",
             profile: Profile = "chronomem") -> Any:
    """The ASGI app ``chronomem serve`` runs (tests run it too)."""
    check_bind(config, host)
    from mcp.server.transport_security import TransportSecuritySettings

    server = build_server(pool, token_caller(config, open_group=open_group), profile=profile)
    security = None if is_loopback(host) else TransportSecuritySettings(enable_dns_rebinding_protection=False)
    inner = server.streamable_http_app(streamable_http_path=MCP_PATH, host=host, transport_security=security,
                                       max_request_body_size=config.limits.max_request_bytes, json_response=True,
                                       stateless_http=True)
    return BearerGate(inner, config)


def serve(pool: MemoryPool, config: ServerConfig, *, host: str, port: int, open_group: str,
          profile: Profile = "chronomem") -> None:
    """Run the HTTP server until interrupted."""
    import uvicorn

    app = http_app(pool, config, host=host, open_group=open_group, profile=profile)
    uvicorn.run(app, host=host, port=port, log_level="warning")
