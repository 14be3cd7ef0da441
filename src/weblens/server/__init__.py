"""The network frontends: the HTTP API (``weblens serve``) and the MCP server (``weblens mcp``).

Both are thin, generic adapters over :data:`weblens.operations.OPERATIONS`; neither lists an
operation's fields (those live in :mod:`weblens.requests`).
"""
