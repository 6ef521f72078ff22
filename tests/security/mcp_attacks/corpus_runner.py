"""Plays the MCP attack corpus: one server session (``python -m loopwright.mcp`` without ``--allow-launch``, the
real MCP SDK client over stdio), restarted if it dies or stalls, every attack of every set in order, and after each
one the detectors of corpus_detect.py."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import socket
import sys
import time
from typing import Any

from corpus_detect import Copies, Inotify, ReadTrap, Scanner, markers, tree, tree_changes
from corpus_hooks import HOOKS
from corpus_world import World
from helpers.listener import Received, listen_on_loopback, read_head

PROBE_TIMEOUT = 20.0


class Catcher(Received):
    """A raw TCP listener on 127.0.0.1: records the first bytes of every connection and answers an HTTP 500
    echoing them (bait for error-message leaks)."""

    def __init__(self) -> None:
        super().__init__()
        self.sock = listen_on_loopback(self._handle)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _handle(self, conn: socket.socket) -> None:
        data = read_head(conn, timeout=1.0)
        self.add(data)
        body = json.dumps({"error": {"message": "echo: " + data.decode("latin-1")[:4000]}}).encode()
        with contextlib.suppress(OSError):
            conn.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
        conn.close()


@dataclasses.dataclass
class Reply:
    tool: str
    args: Any
    text: str = ""
    is_error: bool = False
    seconds: float = 0.0
    stalled: bool = False
    expect: str = ""  # a prelude's reply must hold this (a positive control)

    def short(self) -> str:
        return f"[{self.seconds:.1f}s] {self.tool}({json.dumps(self.args)[:200]}) -> {self.text[:200]}"


class Session:
    def __init__(self, world: World):
        self.world, self.client, self.stack, self.starts = world, None, None, 0
        self.info: dict[str, Any] = {}

    async def start(self) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        w = self.world
        params = StdioServerParameters(command=sys.executable, cwd=str(w.project), env=w.server_env(),
                                       args=["-m", "loopwright.mcp", "--project", str(w.project),
                                             "--outputs", str(w.outputs)])
        self.stack = contextlib.AsyncExitStack()
        errlog = self.stack.enter_context(open(w.tmp / "server.err", "a"))
        read, write = await self.stack.enter_async_context(stdio_client(params, errlog=errlog))
        self.client = await self.stack.enter_async_context(ClientSession(read, write))
        init = await asyncio.wait_for(self.client.initialize(), 90)
        self.starts += 1
        self.info = {"instructions": init.instructions or "",
                     "tools": [t.name for t in (await self.client.list_tools()).tools]}

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await self.stack.aclose()

    async def call(self, tool: str, args: Any, timeout: float) -> Reply:
        reply, t0 = Reply(tool, args), time.monotonic()
        try:
            if tool.startswith("@"):  # the protocol's other requests (resources, prompts)
                reply.text = await asyncio.wait_for(self.protocol(tool[1:], args), timeout)
                return reply
            result = await asyncio.wait_for(self.client.call_tool(tool, args), timeout)
            reply.is_error = bool(result.is_error)
            reply.text = "".join(getattr(c, "text", "") for c in result.content)
            if result.structured_content is not None:
                reply.text += "\n" + json.dumps(result.structured_content)
        except asyncio.TimeoutError:
            reply.stalled, reply.is_error, reply.text = True, True, f"<no answer within {timeout:.0f} s>"
        except Exception as exc:  # noqa: BLE001  (a protocol error is an answer too)
            reply.is_error, reply.text = True, f"<client error {type(exc).__name__}: {exc}>"
        finally:
            reply.seconds = time.monotonic() - t0
        return reply

    async def protocol(self, what: str, args: dict) -> str:
        c = self.client
        if what == "list_resources":  # and read every one listed
            listed = await c.list_resources()
            return repr(listed) + "".join([repr(await c.read_resource(r.uri)) for r in listed.resources])
        if what == "list_prompts":  # and get every one listed, each argument set to args["argument"]
            listed = await c.list_prompts()
            return repr(listed) + "".join([repr(await c.get_prompt(p.name, {a.name: args["argument"] for a in
                                                                              p.arguments or []}))
                                           for p in listed.prompts])
        return repr(await (c.list_resource_templates() if what == "list_resource_templates"
                           else c.read_resource(args["uri"])))

    async def answers(self) -> bool:
        probe = await self.call("list_options", {}, PROBE_TIMEOUT)
        return not probe.is_error

    async def alive(self) -> bool:
        try:
            await asyncio.wait_for(self.client.send_ping(), 15)
            return True
        except Exception:  # noqa: BLE001
            return False

    async def restart(self) -> None:
        await self.stop()
        await self.start()


@dataclasses.dataclass
class Results:
    info: dict
    prelude: list[Reply]
    outcomes: dict[str, list[str]] = dataclasses.field(default_factory=dict)  # "<set>-<name>" -> leaks
    replies: dict[str, list[Reply]] = dataclasses.field(default_factory=dict)
    catcher_total: int = 0
    reads_seen: bool = False
    restarts: int = 0
    inside_canaries: set = dataclasses.field(default_factory=set)
    copies: Any = None


def expectation_leaks(world: World, attack: dict, replies: list[Reply]) -> list[str]:
    """The per-attack expectations of the data: lines that must not appear, a call that must be refused."""
    leaks = []
    for needles in attack.get("forbid_line", []):
        needles = world.expand(needles)
        leaks += [f"forbidden line: {line.strip()[:200]}" for r in replies
                  for line in r.text.replace("\\n", "\n").splitlines() if all(n in line for n in needles)]
    for needle in world.expand(attack.get("forbid", [])):
        leaks += [f"forbidden text {needle[:60]!r} in {r.short()}" for r in replies if needle in r.text]
    if attack.get("must_refuse") and replies and not any(r.is_error for r in replies):
        leaks.append(f"accepted a call the docs say is refused: {replies[0].short()}")
    return leaks


async def play(world: World, catcher: Catcher) -> Results:
    scanner, session = Scanner(world), Session(world)
    copies = Copies(world, scanner)
    inside = copies.inside()  # before the server runs
    await session.start()
    res = Results(info=session.info, prelude=[], inside_canaries=inside, copies=copies)
    for s in world.sets:
        for tool, args, *expect in s["prelude"]:
            res.prelude.append(await session.call(tool, world.expand(args), s["call_timeout"]))
            res.prelude[-1].expect = world.expand(expect[0]) if expect else ""
    for s in world.sets:
        for hook in s.get("hooks", []):
            HOOKS[hook](world)
    probe = world.outside / "read-probe.txt"
    probe.write_text("probe\n")
    trap = ReadTrap(world.outside, world.home)
    probe.read_text()
    res.reads_seen = trap.reads() == [str(probe)]
    seen_copies = copies.now()
    inotify = Inotify(world.outside, world.home)
    for s in world.sets:
        for attack in s["attacks"]:
            key = f"{s['set']}-{attack['name']}"
            if attack.get("setup"):  # what an attack plants inside the roots is the user's own content there
                world.plant(attack["setup"])
                planted = {p: hits for p, hits in copies.now().items() if p not in seen_copies}
                copies.ignore |= {hit.split(" (")[0] for hits in planted.values() for hit in hits}
            tree0, marks0, catch0 = tree(world), markers(world), catcher.count()
            inotify.events()
            replies, leaks = [], []
            for tool, args, *limit in attack["calls"]:
                reply = await session.call(tool, world.expand(args), limit[0] if limit else s["call_timeout"])
                replies.append(reply)
                leaks += [f"read outside the roots: {p} during {reply.short()}" for p in trap.reads()]
                if reply.stalled or reply.text.startswith("<client error"):
                    if reply.stalled:
                        leaks.append(f"stalled: {reply.short()}")
                    if not await session.answers():
                        leaks.append(f"the server stopped answering after {reply.short()}")
                        await session.restart()
                        res.restarts += 1
            if not await session.alive() or not await session.answers():  # a ping, then a benign call
                leaks.append("the server died or stopped answering (a benign call) after the attack")
                await session.restart()
                res.restarts += 1
            await asyncio.sleep(0.05)
            leaks += [f"outside the roots: {e}" for e in inotify.events()]  # before the detectors walk the tree
            for r in replies:
                leaks += [f"{hit} in the reply to {r.short()}" for hit in scanner.scan(r.text)]
            for data in catcher.since(catch0):
                text = data.decode("latin-1")
                leaks.append(f"network: the catcher received {text[:200]!r} {scanner.scan(text)}")
            leaks += [f"marker (code ran): {p}" for p in sorted(markers(world) - marks0) if "__pycache__" not in p]
            leaks += tree_changes(tree0, tree(world))
            now = copies.now()
            leaks += [f"copied into the roots: {p}: {hits}" for p, hits in now.items() if p not in seen_copies]
            seen_copies.update(now)
            leaks += expectation_leaks(world, attack, replies)
            world.plant(attack.get("teardown", []))
            res.outcomes[key], res.replies[key] = leaks, replies
    res.catcher_total = catcher.count()
    await session.stop()
    return res
