"""Structured logging with structlog, routed through the standard ``logging`` module.

Library code only emits events through :func:`get_logger` (``get_logger("weblens.x").info("fetch",
...)``). While the application has not configured structlog, those events go to stdlib loggers
named ``weblens.*`` through a private structlog pipeline — the global structlog configuration is
left alone — and the ``weblens`` logger carries a :class:`logging.NullHandler`, so nothing is
printed unless the application attaches a handler (or configures logging at the root): a library
never prints. When the application has configured structlog, the events go through its pipeline.
Frontends call :func:`configure_logging` to show them on stderr, as JSON lines or as readable
console lines.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, Literal

import structlog

__all__ = ["EventLogger", "configure_logging", "get_logger", "route_through_stdlib"]

_SHARED: list[structlog.typing.Processor] = [
    structlog.stdlib.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]
_TO_STDLIB: list[structlog.typing.Processor] = [
    structlog.stdlib.filter_by_level,
    structlog.stdlib.add_logger_name,
    *_SHARED,
    structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
]

# the standard library's advice for libraries: without this, records of level WARNING and up
# reach logging.lastResort and are printed to stderr when the application configured nothing
logging.getLogger("weblens").addHandler(logging.NullHandler())


class EventLogger:
    """A named event logger that decides at each call where its events go (see the module docstring)."""

    __slots__ = ("_name", "_stdlib")

    def __init__(self, name: str) -> None:
        self._name = name
        self._stdlib: Any = None

    def _target(self) -> Any:
        if structlog.is_configured():
            return structlog.get_logger(self._name)
        if self._stdlib is None:
            self._stdlib = structlog.wrap_logger(
                logging.getLogger(self._name),
                processors=_TO_STDLIB,
                wrapper_class=structlog.stdlib.BoundLogger,
            )
        return self._stdlib

    def debug(self, event: str, **fields: Any) -> None:
        self._target().debug(event, **fields)

    def info(self, event: str, **fields: Any) -> None:
        self._target().info(event, **fields)

    def warning(self, event: str, **fields: Any) -> None:
        self._target().warning(event, **fields)

    def error(self, event: str, **fields: Any) -> None:
        self._target().error(event, **fields)


def get_logger(name: str) -> EventLogger:
    """The event logger of one part of weblens (``name`` starts with ``weblens.``)."""
    return EventLogger(name)


def route_through_stdlib(tap: structlog.typing.Processor | None = None) -> None:
    """Configure structlog globally to hand events to stdlib loggers (frontends only; a no-op when
    the application configured structlog already). ``tap`` sees every event first, whatever its
    level (a server counts events for its metrics this way); it always takes effect."""
    if structlog.is_configured() and tap is None:
        return
    structlog.configure(
        processors=[*([tap] if tap is not None else []), *_TO_STDLIB],
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
