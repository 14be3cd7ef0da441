"""The HTTP API: ``POST /v1/<operation>`` for every operation, health probes, metrics, OpenAPI.

Browsing sessions also have REST routes: ``POST /v1/sessions`` opens one, ``POST
/v1/sessions/{id}/actions`` runs one action (``{"action": "click", "index": 3}``),
``DELETE /v1/sessions/{id}`` closes it.

    app = create_app(settings)            # an ASGI app; `weblens serve` runs it under uvicorn

Routes are generated from :data:`weblens.operations.OPERATIONS`: the body of ``POST /v1/browse`` is
a :class:`~weblens.requests.BrowseRequest`, the answer a ``PageExtract``. Every error is
``{"error": {"code", "message", "url"}}`` with a fitting status (:mod:`weblens.server.errors`); an
unexpected exception is a logged ``internal_error`` 500, never a stack trace.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from weblens import __version__
from weblens.config import Settings, load_settings
from weblens.errors import InternalError, InvalidArgument, WeblensError
from weblens.logs import configure_logging
from weblens.operations import OPERATIONS, Operation
from weblens.requests import (
    AnswerRequest,
    GatherRequest,
    SessionCloseRequest,
    SessionOpenRequest,
    invalid_argument,
    parse_session_action,
    session_action_schema,
)
from weblens.requests import Request as OperationRequest
from weblens.server.apidocs import install_api_docs
from weblens.server.crawl_jobs import install_crawl_jobs
from weblens.server.dashboard import install_dashboard
from weblens.server.errors import error_body, error_headers, status_for
from weblens.server.gate import Gate, GateOptions, RateLimit
from weblens.server.metrics import CONTENT_TYPE, Metrics
from weblens.server.state import ServerState, json_response
from weblens.session import Lens

__all__ = ["STREAMED", "FastPath", "ServerState", "app_from_env", "create_app", "event_stream", "fastapi_app"]

log = logging.getLogger("weblens.server")

Route = Callable[..., Awaitable[Response]]
R = TypeVar("R", bound=OperationRequest)


def error_response(exc: WeblensError) -> Response:
    extra = {k: v for k, v in exc.to_dict().items() if k not in ("code", "message", "url")}
    return json_response(
        error_body(exc.code, exc.message, exc.url, **extra), status_for(exc.code), error_headers(exc)
    )


def parse_body(body: bytes, model: type[R]) -> R:
    """The JSON body as ``model`` (whatever Content-Type the client sent), or ``invalid_argument``."""
    if not body.strip():
        raise InvalidArgument("a JSON request body is required", field="body")
    try:
        return model.model_validate_json(body)
    except ValidationError as exc:
        if any(error.get("type") == "json_invalid" for error in exc.errors()):
            raise InvalidArgument("the request body is not valid JSON", field="body") from None
        raise invalid_argument(exc) from None


async def run_operation(op: Operation, state: ServerState, body: bytes) -> Response:
    """One call of ``op``: validate the JSON body, run it on the Lens, answer the result or the error."""
    return await run_request(op, state, lambda: parse_body(body, op.request))


async def run_request(op: Operation, state: ServerState, make: Callable[[], OperationRequest]) -> Response:
    """Build the request (``make`` may raise ``invalid_argument``), run ``op``, answer; counted."""
    state.metrics.call(op.name, "http")
    try:
        result = await op.run(state.require_lens(), make())
    except WeblensError as exc:
        state.metrics.error(op.name, exc.code)
        return error_response(exc)
    except Exception as exc:
        log.error("internal_error in %s", op.name, exc_info=exc)
        state.metrics.error(op.name, InternalError.code)
        return error_response(InternalError(f"unexpected {type(exc).__name__}"))
    return json_response(result.model_dump_json())


def operation_route(op: Operation, state: ServerState) -> Route:
    """``POST /v1/<op>`` as a FastAPI route (in OpenAPI; :class:`FastPath` usually answers first)."""

    async def endpoint(request: Request) -> Response:
        body = await request.body()
        streamed = STREAMED.get(op.name)
        if streamed is not None and "text/event-stream" in request.headers.get("accept", ""):
            state.metrics.call(op.name, "http")
            try:
                return streamed(state, parse_body(body, op.request))
            except WeblensError as exc:
                state.metrics.error(op.name, exc.code)
                return error_response(exc)
        return await run_operation(op, state, body)

    endpoint.__name__ = op.name
    return endpoint


class FastPath:
    """Answers ``POST /v1/<operation>`` with JSON directly, without the framework's middleware stack;
    everything else (docs, probes, streaming variants, the dashboard) goes to the FastAPI app."""

    def __init__(self, app: Any, state: ServerState) -> None:
        self.app = app
        self.state = state
        self.routes = {op.http_path: op for op in OPERATIONS.values() if not op.job}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        op = self.routes.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "POST" else None
        if op is None or _wants_stream(scope):
            await self.app(scope, receive, send)
            return
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        response = await run_operation(op, self.state, b"".join(chunks))
        await response(scope, receive, send)


def _wants_stream(scope: Any) -> bool:
    return any(key == b"accept" and b"text/event-stream" in value for key, value in scope.get("headers", ()))


Emit = Callable[[str, str], None]
"""Sends one server-sent event: its name and its data (one JSON document)."""


def event_stream(state: ServerState, name: str, work: Callable[[Emit], Awaitable[BaseModel]]) -> Response:
    """Run ``work`` as server-sent events: whatever it emits on the way (``progress``, ``page``), then
    the result as the event ``name`` (the operation's) or ``error`` (the error object). A client that
    leaves cancels the work."""
    queue: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()

    def emit(event: str, data: str) -> None:
        queue.put_nowait((event, data))

    async def run() -> None:
        try:
            result = await work(emit)
            emit(name, result.model_dump_json())
        except WeblensError as exc:
            state.metrics.error(name, exc.code)
            emit("error", json.dumps({"error": exc.to_dict()}))
        except Exception as exc:
            log.error("internal_error on /v1/%s (events)", name, exc_info=exc)
            error = InternalError(f"unexpected {type(exc).__name__}")
            emit("error", json.dumps({"error": error.to_dict()}))
        finally:
            queue.put_nowait(None)

    async def events() -> AsyncIterator[str]:
        task = asyncio.create_task(run())
        try:
            while (item := await queue.get()) is not None:
                yield f"event: {item[0]}\ndata: {item[1]}\n\n"
        finally:
            if not task.done():
                task.cancel()

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def answer_events(state: ServerState, body: Any) -> Response:
    """``POST /v1/answer`` as server-sent events: ``progress`` (a ProgressEvent) per stage and per
    page read, then ``answer`` (the Answer) or ``error`` (the error object)."""
    lens = state.require_lens()
    request = AnswerRequest.build(body)
    return event_stream(
        state,
        "answer",
        lambda emit: lens.answer(request, on_progress=lambda e: emit("progress", e.model_dump_json())),
    )


def gather_events(state: ServerState, body: Any) -> Response:
    """``POST /v1/gather`` as server-sent events: ``progress`` (a ProgressEvent) per step and page,
    ``page`` (a PageEvent: the page or its failure) as each result is read, then ``gather`` (the
    GatherResponse, every page again) or ``error`` (the error object)."""
    lens = state.require_lens()
    request = GatherRequest.build(body)
    return event_stream(
        state,
        "gather",
        lambda emit: lens.gather(
            request,
            on_progress=lambda e: emit("progress", e.model_dump_json()),
            on_page=lambda e: emit("page", e.model_dump_json()),
        ),
    )


STREAMED: dict[str, Callable[[ServerState, Any], Response]] = {
    "answer": answer_events,
    "gather": gather_events,
}
"""Operations that stream as server-sent events when the client asks (``Accept: text/event-stream``)."""


def _install_sessions(app: FastAPI, state: ServerState) -> None:
    """The REST face of browsing sessions (the same operations as ``POST /v1/session_*``)."""

    async def open_session(request: Request) -> Response:
        return await run_operation(OPERATIONS["session_open"], state, await request.body())

    async def act(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        try:
            action = parse_session_action(session_id, await request.body())
        except WeblensError as exc:
            return error_response(exc)
        return await run_request(OPERATIONS[action.operation], state, lambda: action)

    async def close(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        return await run_request(
            OPERATIONS["session_close"], state, lambda: SessionCloseRequest.build(session_id)
        )

    action_body = {"$ref": "#/components/schemas/SessionAction"}
    routes: list[tuple[str, str, Route, str, dict[str, Any]]] = [
        (
            "/v1/sessions",
            "POST",
            open_session,
            OPERATIONS["session_open"].summary,
            request_body_doc(SessionOpenRequest),
        ),
        (
            "/v1/sessions/{session_id}/actions",
            "POST",
            act,
            "One action on an open session, named by its `action` field (goto, click, type, select, "
            "scroll, back, snapshot, read).",
            {"requestBody": {"required": True, "content": {"application/json": {"schema": action_body}}}},
        ),
        ("/v1/sessions/{session_id}", "DELETE", close, OPERATIONS["session_close"].summary, {}),
    ]
    for path, method, endpoint, summary, doc in routes:
        app.add_api_route(
            path, endpoint, methods=[method], summary=summary, tags=["sessions"], openapi_extra=doc
        )


def request_body_doc(model: type[OperationRequest]) -> dict[str, Any]:
    """OpenAPI ``requestBody`` naming the request model (its schema is added by :func:`_openapi`)."""
    ref = {"$ref": f"#/components/schemas/{model.__name__}"}
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": ref}}}}


def _openapi(
    app: FastAPI, models: list[type[BaseModel]], extra: dict[str, dict[str, Any]] | None = None
) -> Callable[[], dict[str, Any]]:
    def build() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            found_schemas = [
                (model.__name__, model.model_json_schema(ref_template="#/components/schemas/{model}"))
                for model in models
            ]
            for name, found in [*found_schemas, *(extra or {}).items()]:
                found = dict(found)
                components.update(found.pop("$defs", {}))
                components[name] = found
            app.openapi_schema = schema
        return app.openapi_schema

    return build


def _install_error_handlers(app: FastAPI, state: ServerState) -> None:
    async def on_weblens(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, WeblensError)
        return error_response(exc)

    async def on_validation(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return error_response(_invalid(exc))

    async def on_http(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "invalid_argument")
        return json_response(error_body(code, str(exc.detail)), exc.status_code)

    async def on_crash(request: Request, exc: Exception) -> Response:
        log.error("internal_error on %s", request.url.path, exc_info=exc)
        return error_response(InternalError(f"unexpected {type(exc).__name__}"))

    app.add_exception_handler(WeblensError, on_weblens)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(Exception, on_crash)


def _invalid(exc: RequestValidationError) -> InvalidArgument:
    errors = exc.errors()
    if not errors:
        return InvalidArgument("invalid request body")
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ()) if part != "body"]
    where = ".".join(loc)
    if first.get("type") == "json_invalid":
        return InvalidArgument("the request body is not valid JSON", field="body")
    if first.get("type") == "missing" and not where:
        return InvalidArgument("a JSON request body is required", field="body")
    message = "unknown field" if first.get("type") == "extra_forbidden" else str(first.get("msg", "invalid"))
    message = message.removeprefix("Value error, ")
    return InvalidArgument(f"{where}: {message}" if where else message, field=where or None)


def _install_probes(app: FastAPI, state: ServerState) -> None:
    @app.get("/healthz", tags=["probes"], summary="The process is up.")
    async def healthz() -> Response:
        return json_response(b'{"status":"ok"}')

    @app.get("/readyz", tags=["probes"], summary="The cache store and the browser pool are usable.")
    async def readyz() -> Response:
        import json

        if state.closing or state.lens is None:
            return json_response(b'{"status":"not ready"}', 503)
        checks = await state.lens.readiness()
        degraded = any(value != "ok" for value in checks.values())
        body = {"status": "degraded" if degraded else "ready", "checks": checks}
        return json_response(json.dumps(body))

    @app.get("/metrics", tags=["probes"], summary="Prometheus metrics.")
    async def metrics() -> Response:
        if state.lens is not None:
            state.metrics.budget_left.set(state.lens.search_budget_left())
        return Response(state.metrics.exposition(), media_type=CONTENT_TYPE)


def create_app(settings: Settings | None = None, *, lens: Lens | None = None) -> Any:
    """The HTTP API as an ASGI app (FastAPI behind the :class:`~weblens.server.gate.Gate`)."""
    settings = settings or load_settings()
    metrics = Metrics()
    state = ServerState(settings=settings, metrics=metrics, lens=lens)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        configure_logging(settings.log_format, settings.log_level, tap=metrics.tap)
        own = state.lens is None
        if own:
            state.lens = Lens(settings)
        try:
            yield
        finally:
            state.closing = True
            await jobs.aclose()  # running crawls are cancelled; their files go
            if own and state.lens is not None:
                await state.lens.aclose()  # in-flight requests are done: close the browser pool

    app = FastAPI(
        title="weblens",
        version=__version__,
        summary="Search, read and cite the web safely, for AI agents.",
        lifespan=lifespan,
        docs_url=None,  # served from the package by server/apidocs.py (no CDN)
        redoc_url=None,
        openapi_url="/openapi.json",
    )
    app.state.weblens = state
    _install_error_handlers(app, state)
    _install_probes(app, state)
    install_dashboard(app, state)
    install_api_docs(app)
    for op in OPERATIONS.values():
        if op.job:
            continue
        app.add_api_route(
            op.http_path,
            operation_route(op, state),
            methods=["POST"],
            response_model=op.result,
            summary=op.summary,
            name=op.name,
            tags=["operations"],
            openapi_extra=request_body_doc(op.request),
        )
    _install_sessions(app, state)
    crawl = OPERATIONS["crawl"]
    jobs = install_crawl_jobs(
        app,
        state,
        request_doc=request_body_doc(crawl.request),
        summary=crawl.summary,
        error_response=error_response,
        parse_body=parse_body,
    )
    app.openapi = _openapi(  # type: ignore[method-assign]
        app,
        [op.request for op in OPERATIONS.values()],
        {"SessionAction": session_action_schema()},
    )
    options = GateOptions(
        api_keys=tuple(settings.api_keys),
        rate_limit=RateLimit.parse(settings.rate_limit) if settings.rate_limit else None,
        public_paths=frozenset({"/healthz", "/readyz", "/", "/favicon.ico", "/docs", "/openapi.json"}),
        public_prefixes=("/static/", "/docs/"),
        body_timeout_s=settings.request_body_timeout_s,
        unmetered_paths=frozenset({"/v1/stats", "/v1/settings"}),
    )
    fast = FastPath(app, state)
    return Gate(fast, options, counter=_LensCounter(state), metrics=metrics)


class _LensCounter:
    """The Lens's cache store as the gate's counters (the Lens is made when the server starts)."""

    def __init__(self, state: ServerState) -> None:
        self._state = state

    async def incr(self, key: str, ttl_s: float) -> int:
        return await self._state.require_lens().cache.incr(key, ttl_s)

    async def count(self, key: str) -> int:
        return await self._state.require_lens().cache.count(key)


def fastapi_app(app: Any) -> FastAPI:
    """The FastAPI app inside what :func:`create_app` returns (for its routes, state and OpenAPI)."""
    while not isinstance(app, FastAPI):
        app = app.app
    return app


def app_from_env() -> Any:
    """The app for ``uvicorn --factory`` (``weblens serve --workers N``): settings from the environment."""
    return create_app()
