"""Collection rules for the whole checkout (tests, doctests in chronomem/, bench/)."""

from __future__ import annotations

import importlib.util
import os

# The MCP server is an extra (pip install -e ".[mcp]"): without it its modules cannot even be
# imported for their doctests. CI installs it, and there a missing SDK must fail, not skip.
collect_ignore_glob: list[str] = []
if importlib.util.find_spec("mcp") is None and not os.environ.get("CI"):
    collect_ignore_glob += ["chronomem/mcp/*", "bench/mcp_bench.py", "tests/unit/mcp_server/*"]
