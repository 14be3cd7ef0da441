"""Structured logging with structlog, routed through the standard ``logging`` module.

Library code only emits events (``structlog.get_logger("weblens.x").info("fetch", ...)``).
:func:`route_through_stdlib` (called when a Lens starts, only if the application
has not configured structlog itself) sends those events to stdlib loggers named
``weblens.*``, where they are silent unless someone attaches a handler — a library
never prints. Frontends call :func:`configure_logging` to show them on stderr,
as JSON lines or as readable console lines.
"""

from __future__ import annotations

import logging
import sys
from typing import Literal

import structlog

__all__ = ["configure_logging", "route_through_stdlib"]

_SHARED: list[structlog.typing.Processor] = [
    structlog.stdlib.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


def route_through_stdlib(tap: structlog.typing.Processor | None = None) -> None:
    """Send events to stdlib loggers (silent unless configured); ``tap`` sees every event first,
    whatever its level (a server counts events for its metrics this way)."""
    if structlog.is_configured() and tap is None:
        return
    structlog.configure(
        processors=[
            *([tap] if tap is not None else []),
            structlog.stdlib.filter_by_level,
            structlog.stdlib.add_logger_name,
            *_SHARED,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=False,
    )


def configure_logging(
    fmt: Literal["console", "json"] | str = "console",
    level: str = "warning",
    *,
    tap: structlog.typing.Processor | None = None,
) -> None:
    """Show weblens events on stderr (frontends only)."""
    route_through_stdlib(tap)
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer() if fmt == "json" else structlog.dev.ConsoleRenderer(colors=False)
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
            foreign_pre_chain=_SHARED,
        )
    )
    logger = logging.getLogger("weblens")
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False
