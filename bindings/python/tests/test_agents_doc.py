"""Every ```python snippet of the `## Python` section of docs/agents.md runs (Pydantic, an MCP
server and client in one process, FastAPI)."""

from __future__ import annotations

import os
import asyncio
import re
import subprocess
import sys
from typing import Annotated

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import Field

import idn_hostname

from conftest import ROOT

DOC = ROOT / "docs" / "agents.md"
_text = DOC.read_text(encoding="utf-8")
_python = _text[_text.index("\n## Python\n"):]
_python = _python[: _python.index("\n## ", 1)] if "\n## " in _python[1:] else _python
SNIPPETS = re.findall(r"^```python\n(.*?)^```$", _python, re.M | re.S)


def test_the_section_has_its_snippets():
    # A model, an MCP server, an MCP client, FastAPI.
    assert len(SNIPPETS) == 4


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[f"snippet{i + 1}" for i in range(len(SNIPPETS))])
def test_snippet_runs(snippet, tmp_path):
    # As a user runs it: a file of its own, a fresh interpreter of this environment.
    path = tmp_path / "snippet.py"
    path.write_text(snippet, encoding="utf-8")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    run = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"{DOC}:\n{snippet}\n{run.stderr[-4000:]}"


def test_what_the_sdk_checks_by_default():
    # docs/agents.md states it as fact: a parameter that only publishes the format runs with
    # names the format forbids (the crate says so: each is refused by check_hostname).
    server = MCPServer("unchecked")
    ran = []

    @server.tool()
    def connect(host: Annotated[str, Field(json_schema_extra={"format": "hostname"})]) -> str:
        ran.append(host)
        return "ok"

    names = ["xn--X", "a" * 300, "-bad-"]

    async def main():
        async with Client(server) as client:
            [tool] = (await client.list_tools()).tools
            assert tool.input_schema["properties"]["host"]["format"] == "hostname"
            for name in names:
                assert not (await client.call_tool("connect", {"host": name})).is_error

    asyncio.run(main())
    assert ran == names
    assert not any(idn_hostname.is_hostname(n) for n in names)
