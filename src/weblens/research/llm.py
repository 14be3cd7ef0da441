"""A chat model behind one small protocol: any OpenAI-compatible endpoint (the official ``openai``
client), with timeouts, one retry on a timeout or a 5xx answer, then ``llm_error``.

    model = OpenAIChat(base_url="http://127.0.0.1:11434/v1", model="llama3.2", api_key=None)
    reply = await model.complete([{"role": "user", "content": "Hi"}])

The endpoint is operator configuration (``WEBLENS_LLM_BASE_URL``, like a provider endpoint), not a
URL from a page: it is not guarded. What the model answers is untrusted input; callers check it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from weblens.errors import LLMError
from weblens.logs import get_logger

__all__ = ["ChatModel", "Message", "OpenAIChat", "retrying", "retrying_sync"]

log = get_logger("weblens.llm")

Message = dict[str, str]
T = TypeVar("T")


@runtime_checkable
class ChatModel(Protocol):
    name: str

    async def complete(self, messages: Sequence[Message], *, json_reply: bool = False) -> str:
        """The model's reply text (``llm_error`` when the endpoint fails twice or answers nothing)."""
        ...


def _transient(exc: BaseException) -> bool:
    import openai

    if isinstance(exc, openai.APIStatusError):
        return exc.status_code >= 500
    return isinstance(exc, openai.APITimeoutError | openai.APIConnectionError)


def _llm_error(exc: BaseException, what: str) -> LLMError:
    import openai

    if isinstance(exc, openai.APIStatusError):
        return LLMError(f"the {what} answered HTTP {exc.status_code}: {_short(exc.message)}")
    if isinstance(exc, openai.APITimeoutError):
        return LLMError(f"the {what} did not answer in time")
    if isinstance(exc, openai.APIConnectionError):
        return LLMError(f"cannot reach the {what}: {_short(str(exc))}")
    return LLMError(f"the {what} failed: {type(exc).__name__}: {_short(str(exc))}")


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def retrying(call: Callable[[], Awaitable[T]], *, what: str = "LLM endpoint") -> T:
    """``call()``, once more after a timeout or a 5xx answer; any failure becomes ``llm_error``."""
    import openai

    for attempt in (1, 2):
        try:
            return await call()
        except openai.OpenAIError as exc:
            if attempt == 1 and _transient(exc):
                log.warning("llm_retry", what=what, error=type(exc).__name__)
                continue
            raise _llm_error(exc, what) from exc
    raise AssertionError("unreachable")


def retrying_sync(call: Callable[[], T], *, what: str = "LLM endpoint") -> T:
    """The synchronous twin of :func:`retrying`."""
    import openai

    for attempt in (1, 2):
        try:
            return call()
        except openai.OpenAIError as exc:
            if attempt == 1 and _transient(exc):
                log.warning("llm_retry", what=what, error=type(exc).__name__)
                continue
            raise _llm_error(exc, what) from exc
    raise AssertionError("unreachable")


class OpenAIChat:
    """Chat completions on an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        temperature: float = 0.0,
        max_tokens: int = 800,
    ) -> None:
        self.name = model
        self._base_url = base_url
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._temperature = temperature
        self._max_tokens = max_tokens
        self._client: Any = None
        self._structured: bool | None = None
        """Whether the endpoint takes ``response_format`` ``json_schema`` (None: not asked yet)."""

    def _get_client(self) -> Any:
        if self._client is None:
            import openai

            self._client = openai.AsyncOpenAI(
                base_url=self._base_url,
                api_key=self._api_key or "not-needed",
                timeout=self._timeout_s,
                max_retries=0,
            )
        return self._client

    async def complete(self, messages: Sequence[Message], *, json_reply: bool = False) -> str:
        extra: dict[str, Any] = {"response_format": {"type": "json_object"}} if json_reply else {}

        async def call() -> str:
            response = await self._get_client().chat.completions.create(
                model=self.name,
                messages=list(messages),
                temperature=self._temperature,
                max_tokens=self._max_tokens,
                **extra,
            )
            choices = getattr(response, "choices", None) or []
            content = choices[0].message.content if choices and choices[0].message else None
            if not content or not content.strip():
                raise LLMError("the LLM endpoint answered with no text")
            return str(content)

        try:
            return await retrying(call)
        except LLMError as exc:
            if "no text" not in exc.message:
                raise
            log.warning("llm_retry", what="LLM endpoint", error="empty reply")
            return await retrying(call)  # an empty reply is retried once too

    async def complete_structured(
        self,
        messages: Sequence[Message],
        schema: dict[str, Any],
        *,
        name: str = "data",
        max_tokens: int = 4000,
    ) -> str:
        """A reply in the shape of ``schema``: ``response_format`` ``json_schema`` when the endpoint
        takes it; an endpoint that refuses it (HTTP 400, 404 or 422 to that request) is asked for plain
        JSON from then on (the caller's parse is tolerant either way)."""
        if self._structured is not False:
            response_format = {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}
            try:
                reply = await self._create(messages, max_tokens, {"response_format": response_format})
            except _Refused:
                self._structured = False
                log.warning("llm_structured_refused", model=self.name)
            else:
                self._structured = True
                return reply
        return await self._create(messages, max_tokens, {"response_format": {"type": "json_object"}})

    async def _create(self, messages: Sequence[Message], max_tokens: int, extra: dict[str, Any]) -> str:
        import openai

        async def call() -> str:
            try:
                response = await self._get_client().chat.completions.create(
                    model=self.name,
                    messages=list(messages),
                    temperature=self._temperature,
                    max_tokens=max_tokens,
                    **extra,
                )
            except openai.APIStatusError as exc:
                if exc.status_code in (400, 404, 422) and "json_schema" in str(extra):
                    raise _Refused(exc.message) from exc
                raise
            choices = getattr(response, "choices", None) or []
            content = choices[0].message.content if choices and choices[0].message else None
            if not content or not content.strip():
                raise LLMError("the LLM endpoint answered with no text")
            return str(content)

        return await retrying(call)

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.close()


class _Refused(Exception):
    """The endpoint refused a structured-output request (it does not support ``json_schema``)."""
