"""``weblens serve`` and ``weblens mcp``: start the HTTP API or the MCP server.

Without API keys (``WEBLENS_API_KEYS``) a server binds only to loopback: anything else exits with
a clear error instead of exposing an open proxy to the network.
"""

from __future__ import annotations

import ipaddress
import os
import sys
import tempfile
from typing import Any

import click

from weblens.cli_support import allow_host_option, log_params
from weblens.config import Settings
from weblens.errors import InvalidArgument

__all__ = ["is_loopback", "mcp_command", "serve_command"]


def is_loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_exposure(host: str, settings: Settings) -> None:
    if not settings.api_keys and not is_loopback(host):
        raise InvalidArgument(
            f"refusing to listen on {host} without API keys: set WEBLENS_API_KEYS (clients send "
            "Authorization: Bearer KEY), or listen on 127.0.0.1",
            field="host",
        )


def _host_port(default_port: int) -> list[click.Parameter]:
    return [
        click.Option(["--host"], default="127.0.0.1", show_default=True, help="Address to listen on."),
        click.Option(
            ["--port"],
            type=click.IntRange(0, 65535),
            default=default_port,
            show_default=True,
            help="TCP port.",
        ),
        allow_host_option(),
        *log_params(
            level=None, level_help="Log level on stderr (default: the log_level setting).", log_format=False
        ),
    ]


def _settings(allow_host: tuple[str, ...], log_level: str | None) -> Settings:
    from weblens.cli_support import settings_for

    if allow_host:  # workers read the environment: pass the allow-list on that way
        current = os.environ.get("WEBLENS_ALLOW_HOSTS", "")
        os.environ["WEBLENS_ALLOW_HOSTS"] = ",".join(p for p in (current, *allow_host) if p)
    if log_level:
        os.environ["WEBLENS_LOG_LEVEL"] = log_level
    return settings_for()


def serve_command() -> click.Command:
    def callback(
        host: str, port: int, workers: int, allow_host: tuple[str, ...], log_level: str | None
    ) -> None:
        from weblens.cli_support import guarded

        def work() -> None:
            settings = _settings(allow_host, log_level)
            check_exposure(host, settings)
            _serve(host, port, workers, settings)

        guarded(None, work)

    params = [
        *_host_port(8000),
        click.Option(
            ["--workers"], type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes."
        ),
    ]
    return click.Command(
        "serve", params=params, callback=callback, help="Serve the HTTP API (and the dashboard)."
    )


def _serve(host: str, port: int, workers: int, settings: Settings) -> None:
    import uvicorn

    shown = f"[{host}]" if ":" in host else host
    print(
        f"weblens {_version()} serving on http://{shown}:{port}/ "
        "(open it for the dashboard; API docs: /docs)",
        file=sys.stderr,
        flush=True,
    )
    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "access_log": False,
        "timeout_graceful_shutdown": 30,
        "proxy_headers": False,
        "server_header": False,
    }
    if workers == 1:
        from weblens.server.http import create_app

        uvicorn.run(create_app(settings), **common)
        return
    with tempfile.TemporaryDirectory(prefix="weblens-metrics-") as metrics_dir:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
        uvicorn.run("weblens.server.http:app_from_env", factory=True, workers=workers, **common)


def mcp_command() -> click.Command:
    def callback(
        transport: str, host: str, port: int, allow_host: tuple[str, ...], log_level: str | None
    ) -> None:
        from weblens.cli_support import guarded

        def work() -> None:
            settings = _settings(allow_host, log_level)
            if transport == "http":
                check_exposure(host, settings)
            _run_mcp(transport, host, port, settings)

        guarded(None, work)

    params = [
        click.Option(
            ["--transport"],
            type=click.Choice(["stdio", "http"]),
            default="stdio",
            show_default=True,
            help="stdio for desktop clients; http serves streamable HTTP at /mcp.",
        ),
        *_host_port(8765),
    ]
    return click.Command(
        "mcp", params=params, callback=callback, help="Serve the tools over MCP (stdio or HTTP)."
    )


def _run_mcp(transport: str, host: str, port: int, settings: Settings) -> None:
    import asyncio

    from weblens.logs import configure_logging
    from weblens.server.mcp import LensHolder, build_mcp_server

    configure_logging(settings.log_format, settings.log_level)

    async def main() -> None:
        async with LensHolder(settings) as holder:
            server = build_mcp_server(holder)
            if transport == "stdio":
                await server.run_stdio_async()
                return
            await _serve_mcp_http(server, host, port, settings)

    asyncio.run(main())


async def _serve_mcp_http(server: Any, host: str, port: int, settings: Settings) -> None:
    import uvicorn

    from weblens.server.gate import Gate, GateOptions

    app = server.streamable_http_app(host=host)
    gated = Gate(
        app,
        GateOptions(
            api_keys=tuple(settings.api_keys),
            body_caps={"/mcp": 12 * 1024 * 1024},
            watch_disconnect=False,
        ),
    )
    shown = f"[{host}]" if ":" in host else host
    print(f"weblens MCP server on http://{shown}:{port}/mcp", file=sys.stderr, flush=True)
    config = uvicorn.Config(gated, host=host, port=port, log_level="warning", access_log=False, lifespan="on")
    await uvicorn.Server(config).serve()


def _version() -> str:
    from weblens import __version__

    return __version__
