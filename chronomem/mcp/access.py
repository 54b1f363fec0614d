"""Who may do what on the MCP server: tokens mapped to groups, and the limits of every call.

A server config (JSON file, or ``$CHRONOMEM_MCP_CONFIG`` naming one, or the tokens alone as JSON
in ``$CHRONOMEM_MCP_TOKENS``) looks like::

    {"tokens": [{"name": "alice", "token": "…at least 16 characters…",
                 "groups": {"team-a": "read-write", "shared": "read"}}],
     "limits": {"max_request_bytes": 1000000, "max_turns": 1000, "call_seconds": 30}}

The group of a call comes from the token: a tool's ``group`` argument may only pick one of the
token's groups (its first when omitted). Tokens are compared in constant time.

>>> config = ServerConfig.model_validate({"tokens": [{"name": "a", "token": "t" * 16, "groups": {"g": "read"}}]})
>>> caller = authenticate(config, "Bearer " + "t" * 16)
>>> caller.name, caller.group_for(None, write=False)
('a', 'g')
>>> caller.group_for(None, write=True)
Traceback (most recent call last):
...
chronomem.mcp.access.AccessError: token 'a' may only read group 'g'
>>> authenticate(config, "Bearer wrong") is None
True
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator, model_validator

from chronomem.errors import ChronomemError, ConfigError

Mode = Literal["read", "read-write"]
CONFIG_VARIABLE = "CHRONOMEM_MCP_CONFIG"
TOKENS_VARIABLE = "CHRONOMEM_MCP_TOKENS"
MIN_TOKEN_CHARS = 16
MAKE_TOKEN = "python -c 'import secrets; print(secrets.token_urlsafe(24))'"


class AccessError(ChronomemError, PermissionError):
    """A call the caller's token does not allow (another group, or a write with a read token)."""


class LimitError(ChronomemError):
    """A call over one of the server's limits (request size, turns per session, time per call)."""


class TokenEntry(BaseModel):
    """One bearer token and the groups it opens (group → ``read`` or ``read-write``)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    token: SecretStr
    groups: dict[str, Mode] = Field(min_length=1)

    @field_validator("token")
    @classmethod
    def _usable(cls, token: SecretStr) -> SecretStr:
        """A token a client can send: at least 16 characters, no spaces (a header's spaces are trimmed)."""
        text = token.get_secret_value()
        if any(c.isspace() for c in text):
            raise ValueError("a token may not contain spaces or other whitespace (it could never match); "
                             f"use random characters, e.g. {MAKE_TOKEN}")
        if len(text) < MIN_TOKEN_CHARS:
            raise ValueError(f"a token needs at least {MIN_TOKEN_CHARS} characters, this one has {len(text)}; "
                             f"make one with {MAKE_TOKEN}")
        return token


class Limits(BaseModel):
    """Bounds on every call: a request's bytes, a session's turns, seconds per call, and how long
    a write waits for the memory's single writer before it gives up with a clear error."""

    model_config = ConfigDict(extra="forbid")

    max_request_bytes: int = Field(default=1_000_000, ge=1_000)
    max_turns: int = Field(default=1_000, ge=1)
    call_seconds: float = Field(default=30.0, gt=0)
    write_wait_seconds: float = Field(default=20.0, gt=0)


class ServerConfig(BaseModel):
    """Tokens and limits of an MCP server."""

    model_config = ConfigDict(extra="forbid")

    tokens: list[TokenEntry] = Field(default_factory=list)
    limits: Limits = Field(default_factory=Limits)

    @model_validator(mode="after")
    def _distinct_tokens(self) -> ServerConfig:
        """The same token twice would let the last entry silently decide who calls."""
        seen: dict[str, str] = {}
        for entry in self.tokens:
            text = entry.token.get_secret_value()
            if text in seen:
                raise ValueError(f"the entries {seen[text]!r} and {entry.name!r} have the same token; "
                                 "give each its own")
            seen[text] = entry.name
        return self


def load_config(path: str | Path | None = None) -> ServerConfig:
    """The config at ``path``, else at ``$CHRONOMEM_MCP_CONFIG``, else the tokens in
    ``$CHRONOMEM_MCP_TOKENS`` (a JSON list), else no tokens and the default limits."""
    path = path or os.environ.get(CONFIG_VARIABLE)
    try:
        if path:
            return ServerConfig.model_validate_json(Path(path).read_text(encoding="utf-8"))
        tokens = os.environ.get(TOKENS_VARIABLE)
        return ServerConfig(tokens=json.loads(tokens)) if tokens else ServerConfig()
    except OSError as e:
        raise ConfigError(f"cannot read the MCP server config {path}: {e}") from e
    except (ValueError, ValidationError) as e:
        where = path or f"${TOKENS_VARIABLE}"
        first = e.errors()[0] if isinstance(e, ValidationError) else {"loc": (), "msg": str(e)}
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"the MCP server config {where} is invalid at {'.'.join(map(str, first['loc'])) or 'top'}: "
                          f"{message} (see docs/mcp.md for its shape)") from e


@dataclass(frozen=True)
class Caller:
    """Who is calling and which groups they may read or write."""

    name: str
    grants: dict[str, Mode]
    who: str = ""  # how errors name the caller (default: its token)

    def group_for(self, requested: str | None, *, write: bool) -> str:
        """The group a call works on: ``requested`` if the caller holds it, else the first one."""
        group = requested or next(iter(self.grants))
        mode = self.grants.get(group)
        who = self.who or f"token {self.name!r}"
        if mode is None:
            raise AccessError(f"{who} has no access to group {group!r}; its groups: {', '.join(sorted(self.grants))}")
        if write and mode != "read-write":
            raise AccessError(f"{who} may only read group {group!r}")
        return group


def authenticate(config: ServerConfig, authorization: str | None) -> Caller | None:
    """The caller whose token is in ``authorization`` (``Bearer <token>``), or ``None``. Every
    token is compared, in constant time, whatever matches first."""
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        return None
    presented = given.strip().encode()
    found: TokenEntry | None = None
    for entry in config.tokens:
        if hmac.compare_digest(entry.token.get_secret_value().encode(), presented):
            found = entry
    return None if found is None else Caller(found.name, dict(found.groups))


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
