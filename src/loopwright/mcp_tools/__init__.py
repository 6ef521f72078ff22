"""The tools of ``python -m loopwright.mcp`` (src/loopwright/mcp.py), one module per concern.

Every module here is plain python at import time (no torch, no mcp): ``server.py``
registers the tools with the MCP SDK; the others do the work and raise
:class:`~loopwright.mcp_tools.paths.Refused` for anything a caller may not do.
"""
