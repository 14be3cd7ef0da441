"""Structured logging with structlog, routed through the standard ``logging`` module.

Library code only emits events through :func:`get_logger` (``get_logger("weblens.x").info("fetch",
...)``). While the application has not configured structlog, those events go to stdlib loggers
named ``weblens.*`` through a private structlog pipeline — the global structlog configuration is
left alone — and the ``weblens`` logger carries a :class:`logging.NullHandler`, so nothing is
printed unless the application attaches a handler (or configures logging at the root): a library
never prints. When the application has configured structlog, the events go through its pipeline.
Frontends call :func:`configure_logging` to show them on stderr, as JSON lines or as readable
console lines.

structlog itself is imported when the first event is emitted or formatted, not before: a command
that logs nothing (``weblens extract`` on a good page) does not pay for it.
"""

from __future__ import annotations

import functools
import logging
import sys
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import structlog

__all__ = ["EventLogger", "configure_logging", "get_logger", "route_through_stdlib"]


@functools.cache
def _shared() -> list[structlog.typing.Processor]:
    import structlog

    return [structlog.stdlib.add_log_level, structlog.processors.TimeStamper(fmt="iso", utc=True)]


@functools.cache
def _to_stdlib() -> list[structlog.typing.Processor]:
    import structlog

    return [
        structlog.stdlib.filter_by_level,
        structlog.stdlib.add_logger_name,
        *_shared(),
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
        import structlog

        if structlog.is_configured():
            return structlog.get_logger(self._name)
        if self._stdlib is None:
            self._stdlib = structlog.wrap_logger(
                logging.getLogger(self._name),
                processors=_to_stdlib(),
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
    import structlog

    if structlog.is_configured() and tap is None:
        return
    structlog.configure(
        processors=[*([tap] if tap is not None else []), *_to_stdlib()],
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
    """Show weblens events on stderr (frontends only). Events reach the stdlib loggers through
    :class:`EventLogger` whether or not structlog is configured; it is configured here only for a
    ``tap``, and the formatter is built when the first record is shown."""
    if tap is not None:
        route_through_stdlib(tap)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_EventFormatter(fmt))
    logger = logging.getLogger("weblens")
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False


class _EventFormatter(logging.Formatter):
    """structlog's ProcessorFormatter (console lines or JSON), made when the first record comes."""

    def __init__(self, fmt: str) -> None:
        super().__init__()
        self._fmt_name = fmt
        self._inner: logging.Formatter | None = None

    def format(self, record: logging.LogRecord) -> str:
        if self._inner is None:
            import structlog

            renderer: structlog.typing.Processor = (
                structlog.processors.JSONRenderer()
                if self._fmt_name == "json"
                else structlog.dev.ConsoleRenderer(colors=False)
            )
            self._inner = structlog.stdlib.ProcessorFormatter(
                processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
                foreign_pre_chain=_shared(),
            )
        return self._inner.format(record)
