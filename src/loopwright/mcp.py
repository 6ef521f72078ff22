"""``python -m loopwright.mcp [--allow-launch] [--project DIR] [--outputs DIR]``: loopwright as an MCP server.

Speaks the Model Context Protocol over stdio (the official ``mcp`` SDK's ``MCPServer``), so a
coding agent can list options, compose and validate command lines, plan jobs, launch runs and
sweeps, read runs, sweeps and lineage, and run ingest / improve (docs/MCP.md). The tools live
in ``loopwright.mcp_tools``. Read-only by default: ``--allow-launch`` enables the launch tool, and
``--allow-code-execution`` (only with it) accepts the keys that run code the client chose (``_target_``, ...).
stdout carries the protocol, so nothing else may print there; logs go to stderr.
"""

from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m loopwright.mcp",
        description="loopwright as an MCP server over stdio, for coding agents (docs/MCP.md). Read-only "
                    "unless --allow-launch.")
    parser.add_argument("--allow-launch", action="store_true",
                        help="let the launch tool start training runs and sweeps (off: launch is refused)")
    parser.add_argument("--allow-code-execution", action="store_true",
                        help="with --allow-launch: also accept keys that run code the client chose (_target_, "
                             "model.trust_remote_code, sweeper objects, the cloud pod's command/image/env)")
    parser.add_argument("--project", default=".",
                        help="the project dir: runs start here, tools read inside it (default: the current dir)")
    parser.add_argument("--outputs", default=None,
                        help="the outputs dir: runs are written and read here (default: <project>/outputs)")
    return parser.parse_args(argv)


def _drop_from_import_path(*dirs: object) -> None:
    """The cwd, the project dir and the outputs dir off ``sys.path`` before Hydra is imported: ``python -m`` puts the
    cwd first, and Hydra's plugin scan imports every module of a ``hydra_plugins/`` dir it finds there, so a
    project's planted ``hydra_plugins/x.py`` ran in a read-only server (blind set 6). loopwright itself is
    imported from where it is installed; launched runs are processes of their own."""
    import os

    drop = {os.path.realpath(d) for d in (os.getcwd(), *map(str, dirs))}
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.getcwd()) not in drop]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    import os

    project = os.path.abspath(os.path.expanduser(args.project))
    _drop_from_import_path(project, os.path.join(project, args.outputs or "outputs"))  # before Hydra is imported
    from loopwright.mcp_tools.paths import Roots
    from loopwright.mcp_tools.server import build

    if args.allow_code_execution and not args.allow_launch:
        print("loopwright.mcp: --allow-code-execution needs --allow-launch (it widens what a launch may run)",
              file=sys.stderr)
        return 2
    roots = Roots.make(args.project, args.outputs, args.allow_launch, args.allow_code_execution)
    if not roots.project.is_dir():
        print(f"loopwright.mcp: --project {args.project} is not a directory", file=sys.stderr)
        return 2
    from loopwright.runs.reader import confine

    # Every read and write through the run readers and writers is checked on its open descriptor (a link swapped
    # in after a path check is refused); the commands the server runs for a client inherit it (mcp_tools/loop.py).
    confine(read=[roots.project, roots.outputs], write=[roots.outputs])
    build(roots).run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
