"""A real MCP client session over stdio against ``python -m loopwright.mcp`` (a subprocess), as a coding agent
would hold one: ``mcp.ClientSession`` + ``mcp.stdio_client``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator

from helpers import ROOT


def server_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The test's environment with this checkout's src/ first (stdio_client passes only what it is given)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))
    env.update(extra or {})
    return env


@contextlib.asynccontextmanager
async def session(outputs: Path, *flags: str, env: dict[str, str] | None = None) -> AsyncIterator[Any]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=server_env(env),
                                   args=["-m", "loopwright.mcp", "--project", str(ROOT), "--outputs", str(outputs),
                                         *flags])
    with open(outputs.parent / f"mcp_server_{outputs.name}.err", "a") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            yield client


class Reply:
    """One tool call's answer: ``data`` (the structured result) or ``error`` (the tool error's text)."""

    def __init__(self, result: Any):
        self.is_error = bool(result.is_error)
        self.text = "".join(getattr(c, "text", "") for c in result.content)
        self.data = result.structured_content if not self.is_error else None
        self.error = self.text if self.is_error else None

    def __repr__(self) -> str:
        return f"Reply(error={self.error!r})" if self.is_error else f"Reply({json.dumps(self.data)[:400]})"


async def call(client: Any, tool: str, **arguments: Any) -> Reply:
    return Reply(await client.call_tool(tool, arguments))


async def wait_until_exited(client: Any, tool: str, key: str, path: str, timeout: float = 600) -> Reply:
    """Poll ``tool`` (run_status / sweep_report) until the launched process has exited."""
    deadline = time.monotonic() + timeout
    while True:
        reply = await call(client, tool, **{key: path})
        process = (reply.data or {}).get("process") or {}
        if reply.is_error or not process.get("running", True) or time.monotonic() > deadline:
            return reply
        await asyncio.sleep(1.0)


def calls(outputs: Path, *requests: tuple[str, dict], flags: tuple[str, ...] = (),
          env: dict[str, str] | None = None) -> list[Reply]:
    """One session, the requests in order, their replies."""

    async def go() -> list[Reply]:
        async with session(outputs, *flags, env=env) as client:
            return [await call(client, tool, **args) for tool, args in requests]

    return asyncio.run(go())
