"""Plays the MCP attack corpus: one server session (``python -m loopwright.mcp`` without ``--allow-launch``, the
real MCP SDK client over stdio), restarted if it dies or stalls, every attack of every set in order, and after each
one the detectors of corpus_detect.py."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import re
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

from corpus_detect import (Copies, Inotify, ReadTrap, Scanner, TreeWatch, markers, outside_hashes, recorded,
                           tree_changes)
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


def _server_pid() -> int:
    """The newest ``loopwright.mcp`` process among this process's children."""
    pids = []
    for d in os.listdir("/proc"):
        try:
            if d.isdigit() and int(Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[1]) == os.getpid() \
                    and b"loopwright.mcp" in Path(f"/proc/{d}/cmdline").read_bytes():
                pids.append(int(d))
        except (OSError, ValueError, IndexError):
            continue
    return max(pids, key=lambda p: os.stat(f"/proc/{p}").st_mtime, default=0)


def _race_open(event: str, targets: set) -> bool:
    """In a race, an open of the link's target or of what lies under it, or a listing of such a dir (no read of a
    file, no write), is the server's check on the descriptor at work: it opens, sees where it points, refuses."""
    what, _, path = event.partition(" ")
    path = path.rstrip("/")
    under = any(path == t.rstrip("/") or path.startswith(t.rstrip("/") + "/") for t in targets)
    return under and (what == "open" or what == "read" and os.path.isdir(path) and not os.path.islink(path))


def from_reply(args: Any, replies: list) -> Any:
    """``{"@from_reply": {...}}`` in a call's arguments: what an earlier reply (``call``: its index, else the last)
    holds (a chain: a command or paths the server printed, fed back to it): the ``regex``'s matches (``first``:
    only the first; ``sorted``: unique, sorted), ``split`` into words, those holding ``has``, at most ``limit``, or
    the one at ``index``; ``default`` where there are none."""
    if isinstance(args, dict) and "@from_reply" in args:
        spec = args["@from_reply"]
        text = replies[spec.get("call", -1)].text.replace("\\n", "\n") if replies else ""
        found = re.findall(spec["regex"], text)[:1 if spec.get("first") else None]
        found = sorted(set(found)) if spec.get("sorted") else found
        tokens = [t.strip(" `\"'") for m in found for t in m.split()] if spec.get("split") else found
        tokens = [t for t in tokens if spec.get("has", "") in t][:spec.get("limit", 40)]
        if "index" in spec:
            return tokens[spec["index"]] if spec["index"] < len(tokens) else spec["default"]
        return tokens or spec.get("default", [])
    if isinstance(args, dict):
        return {k: from_reply(v, replies) for k, v in args.items()}
    return args


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
        w.server_pid = _server_pid()
        self.info = {"instructions": init.instructions or "",
                     "tools": [t.name for t in (await self.client.list_tools()).tools]}

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await self.stack.aclose()

    async def call(self, tool: str, args: Any, timeout: float) -> Reply:
        reply, t0 = Reply(tool, args), time.monotonic()
        try:
            if tool == "@restart":  # a new server process (what it imports at start is the attack)
                await self.restart()
                reply.text = "restarted"
                return reply
            json.dumps(args, ensure_ascii=False).encode()  # what the client cannot send (lone surrogates) ends it
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
        # one group's options: the same Hydra-backed path as the whole catalog, a twentieth of its reply (the probe
        # runs after every attack, and the whole catalog's 15 kB took a fifth of the corpus's time)
        probe = await self.call("list_options", {"group": "profile"}, PROBE_TIMEOUT)
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


class Flip(threading.Thread):
    """A race: while an attack's calls run, ``path`` is swapped, one rename at a time, through ``targets``: a link to
    each string, ``null`` what the path was (a regular file, copied aside), ``""`` nothing there, ``{"hardlink":
    p}``, ``{"dir": true}`` an empty dir, ``{"stash": p}`` the real dir back from where a link's placing moved it;
    ``pause`` s apart; ``keep``: only when the path is not a link already (a link kept where the server writes)."""

    def __init__(self, path: str, targets: list, pause: float = 0.0005, keep: bool = False):
        super().__init__(daemon=True)
        self.path, self.targets, self.pause, self.keep, self.done = Path(path), targets, pause, keep, threading.Event()
        self.reg, self.lnk = self.path.with_name(self.path.name + ".reg"), self.path.with_name(self.path.name + ".lnk")
        self.stash = next((t["stash"] for t in targets if isinstance(t, dict) and "stash" in t), None)
        self.paths = {str(self.path), str(self.reg), str(self.lnk), str(self.stash)}  # the race's own
        if None in targets:
            shutil.copy(self.path, self.reg)
        self.start()

    def place(self, target: Any) -> None:
        p = self.path
        if self.keep and p.is_symlink():
            return
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.is_dir() and not p.is_symlink():  # a real dir in the way: moved aside (a stash) or removed
            os.rename(p, self.stash) if self.stash else shutil.rmtree(p)
        if isinstance(target, dict) and not target.get("hardlink"):
            p.unlink(missing_ok=True)
            os.rename(target["stash"], p) if "stash" in target else p.mkdir()
        elif target == "":
            p.unlink(missing_ok=True)
        else:
            if os.path.lexists(self.lnk):
                os.unlink(self.lnk)
            if target is None:
                shutil.copy(self.reg, self.lnk)
            elif isinstance(target, dict):
                os.link(target["hardlink"], self.lnk)
            else:
                os.symlink(target, self.lnk)
            os.replace(self.lnk, p)

    def run(self) -> None:
        while not self.done.is_set():
            for target in self.targets:
                try:
                    self.place(target)
                except OSError:
                    pass
                time.sleep(self.pause)

    def stop(self) -> None:
        self.done.set()
        self.join(5)
        if self.stash and os.path.lexists(self.stash):  # the real dir back where it was
            self.place({"stash": self.stash})


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
    prelude_changes: list = dataclasses.field(default_factory=list)  # what the preludes changed outside, markers
    hashes: set = dataclasses.field(default_factory=set)
    tree_drift: list = dataclasses.field(default_factory=list)  # what the tree watch missed: must stay empty


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


async def play(world: World, catcher: Catcher, sets: set[str] | None = None) -> Results:
    """Every set's preludes, then the attacks of ``sets`` (default: every set's)."""
    session = Session(world)
    try:  # a failure in the runner itself still closes the session (asyncio.run would wait on its tasks)
        return await _play(world, catcher, session, sets)
    finally:
        await session.stop()


async def _play(world: World, catcher: Catcher, session: Session, sets: set[str] | None) -> Results:
    scanner = Scanner(world)
    copies = Copies(world, scanner)
    inside = copies.inside()  # before the server runs
    await session.start()
    res = Results(info=session.info, prelude=[], inside_canaries=inside, copies=copies)
    trees = TreeWatch(world)
    try:
        await _play_sets(world, catcher, session, sets, res, trees, scanner)
    finally:
        trees.close()
    return res


async def _play_sets(world: World, catcher: Catcher, session: Session, sets: set[str] | None, res: Results,
                     trees: TreeWatch, scanner: Scanner) -> None:
    copies = res.copies
    tree0, marks0 = trees.snapshot(), markers(world)
    for s in world.sets:
        for tool, args, *expect in s["prelude"]:
            res.prelude.append(await session.call(tool, world.expand(args), s["call_timeout"]))
            res.prelude[-1].expect = world.expand(expect[0]) if expect else ""
    res.prelude_changes = tree_changes(tree0, trees.snapshot()) + sorted(markers(world) - marks0)
    for s in world.sets:
        for hook in s.get("hooks", []):
            HOOKS[hook](world)
    hashes = outside_hashes(world)  # (reads every outside file: before the read trap is armed)
    hashes -= recorded(world, hashes)  # a hash a set itself wrote into a record (a manifest's sha256) may come back
    res.hashes = hashes
    probe = world.outside / "read-probe.txt"
    probe.write_text("probe\n")
    trap = ReadTrap(world.outside, world.home)
    probe.read_text()
    res.reads_seen = trap.reads() == [str(probe)]
    seen_copies = copies.now()
    inotify = Inotify(world.outside, world.home)
    for s in world.sets:
        for attack in s["attacks"] if sets is None or s["set"] in sets else []:
            key = f"{s['set']}-{attack['name']}"
            if attack.get("setup"):  # what an attack plants inside the roots is the user's own content there
                world.plant(attack["setup"])
                planted = {p: hits for p, hits in copies.now().items() if p not in seen_copies}
                copies.ignore |= {hit.split(" (")[0] for hits in planted.values() for hit in hits}
                hashes |= outside_hashes(world, [p for r in attack["setup"] if "path" in r
                                                 for p in [world.expand(r["path"])]
                                                 if p.startswith((str(world.outside), str(world.home)))])
            tree0, marks0, catch0 = trees.snapshot(), markers(world), catcher.count()
            inotify.events()
            replies, leaks = [], []
            flips = [Flip(world.expand(f["path"]), world.expand(f["targets"]), f.get("pause", 0.0005), f.get("keep"))
                     for f in attack.get("flip", [])]
            calls, t0 = [(tool, world.expand(args), limit[0] if limit else s["call_timeout"])
                         for tool, args, *limit in attack["calls"]], time.monotonic()
            together = await asyncio.gather(*[session.call(*c) for c in calls]) if attack.get("concurrent") else []
            for n, (tool, args, limit) in enumerate(calls):
                if together:
                    reply = together[n]
                else:  # what changes on disk while the call runs (a race): plant records after a delay
                    later = [threading.Timer(rec["after"], world.plant, ([rec],)) for rec in attack.get("later", [])
                             if rec.get("call", 0) == n]
                    for timer in later:
                        timer.start()
                    args = from_reply(args, replies)
                    reply = await session.call(tool, args, limit)
                    for timer in later:
                        timer.join()
                replies.append(reply)
                leaks += [f"read outside the roots: {p} during {reply.short()}" for p in trap.reads()]
                if reply.text.startswith("<client error UnicodeEncodeError"):
                    leaks.append(f"the MCP client cannot send this call; its session would end: {reply.short()}")
                if reply.stalled or reply.text.startswith("<client error"):
                    if reply.stalled:
                        leaks.append(f"stalled: {reply.short()}")
                    if not await session.answers():
                        leaks.append(f"the server stopped answering after {reply.short()}")
                        await session.restart()
                        res.restarts += 1
            for flip in flips:
                flip.stop()
            if time.monotonic() - t0 > attack.get("total_limit", float("inf")):
                leaks.append(f"the attack's calls took {time.monotonic() - t0:.1f} s (limit {attack['total_limit']} s)")
            if not await session.alive() or not await session.answers():  # a ping, then a benign call
                leaks.append("the server died or stopped answering (a benign call) after the attack")
                await session.restart()
                res.restarts += 1
            # (no sleep before the detectors look: the ping and the benign call above were answered after every
            # call of the attack was, and a call's effects on disk are done when it answers)
            targets = {world.expand(r["link"]) for r in attack.get("later", []) if "link" in r}
            targets |= {t if isinstance(t, str) else t.get("hardlink") for f in world.expand(attack.get("flip", []))
                        for t in f["targets"] if t and (isinstance(t, str) or t.get("hardlink"))}
            leaks += [f"outside the roots: {e}" for e in inotify.events() if not _race_open(e, targets)]
            sent = json.dumps([r.args for r in replies])
            home_tmp = [p for p in (str(world.home), str(world.dirs["tmpdir"]) + "/") if p not in sent]
            home_tmp = home_tmp[1:] if "~" in sent or "home" in sent.lower() else home_tmp
            for r in replies:
                leaks += [f"{hit} in the reply to {r.short()}" for hit in scanner.scan(r.text)]
                leaks += [f"the hash of a file outside the roots {h} in {r.short()}" for h in hashes if h in r.text]
                leaks += [f"an environment path the client did not name ({p}) in {r.short()}" for p in home_tmp
                          if p in r.text]
            leaks += [f"a process the attack named was signalled: {n}" for n in attack.get("must_live", [])
                      if world.procs[n].poll() is not None]
            for data in catcher.since(catch0):
                text = data.decode("latin-1")
                leaks.append(f"network: the catcher received {text[:200]!r} {scanner.scan(text)}")
            leaks += [f"marker (code ran): {p}" for p in sorted(markers(world) - marks0) if "__pycache__" not in p]
            own = {p for flip in flips for p in flip.paths}
            leaks += [c for c in tree_changes(tree0, trees.snapshot()) if c.split(": ", 1)[1] not in own]
            leaks += [f"marker (code ran, at any time): {p}" for p in sorted(markers(world))
                      if any(m in p for m in attack.get("markers_ever", []))]
            for f in [f for t in world.sets for f in t.get("forbid_files", [])]:  # outside the world (e.g. /tmp)
                if os.path.lexists(f):
                    leaks.append(f"file created: {f}")
                    os.unlink(f)
            now = copies.now()
            leaks += [f"copied into the roots: {p}: {hits}" for p, hits in now.items() if p not in seen_copies]
            seen_copies.update(now)
            leaks += expectation_leaks(world, attack, replies)
            world.plant(attack.get("teardown", []))
            if attack.get("restart_after"):  # what the attack planted for a server's start is gone: a fresh one
                await session.restart()
            res.outcomes[key], res.replies[key] = leaks, replies
    res.catcher_total = catcher.count()
    res.tree_drift = trees.drift()
