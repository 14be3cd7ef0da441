"""``weblens interact URL --do STEP …``: a browsing session driven from the command line.

    weblens interact https://shop.example/ --do 'click 1' --do 'type 2 "tide pool guide" --submit' \\
        --do 'click 5' --do 'select 3 Large' --do read --format text

The steps run in order in one session (a session lives in one process, so the CLI runs them all in
one call). Each step is an action with its arguments, shell-quoted::

    goto URL | click N | type N TEXT [--submit] | select N OPTION | scroll [down|up] | back
    | snapshot | read

and may end with the options of its request model (``--changes-only``, ``--text-offset N``;
``read`` takes ``--max-length N`` and ``--start-index N``). Every step is checked before the browser
starts: a bad one is ``invalid_argument`` (exit 2) naming the step. The text formats print each
snapshot as it comes; ``--format json`` prints one object with every step's result.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click
from pydantic import BaseModel

from weblens.cli_support import (
    EXIT_CODES,
    EXIT_INTERNAL,
    Failed,
    common_params,
    emit,
    fail,
    guarded,
    run_async,
    settings_for,
)
from weblens.config import Settings
from weblens.errors import InvalidArgument, WeblensError
from weblens.logs import configure_logging
from weblens.models import PageExtract, Snapshot
from weblens.operations import OPERATIONS
from weblens.requests import SESSION_ACTIONS, Request, SessionOpenRequest
from weblens.session import Lens
from weblens.views import page_as_markdown, page_as_text

__all__ = ["InteractResult", "InteractStep", "interact_command", "parse_step"]

_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "goto": ("url",),
    "click": ("index",),
    "type": ("index", "text"),
    "select": ("index", "option"),
    "scroll": ("direction",),
    "back": (),
    "snapshot": (),
    "read": (),
}
_PLACEHOLDER_ID = "-"


class InteractStep(BaseModel):
    step: str
    snapshot: Snapshot | None = None
    page: PageExtract | None = None


class InteractResult(BaseModel):
    session_id: str
    steps: list[InteractStep]


def parse_step(number: int, step: str) -> Request:
    """The request one ``--do`` step makes (its session_id filled in when it runs)."""
    where = f"--do step {number} ({step!r})"
    try:
        words = shlex.split(step)
    except ValueError as exc:
        raise InvalidArgument(f"{where}: {exc}", field="do") from None
    if not words or words[0] not in SESSION_ACTIONS:
        known = ", ".join(SESSION_ACTIONS)
        raise InvalidArgument(f"{where}: the step must start with one of {known}", field="do")
    action, rest = words[0], words[1:]
    model = SESSION_ACTIONS[action]
    fields: dict[str, Any] = _options(where, model, rest)  # takes the options out of rest
    positional = [word for word in rest if not word.startswith("--")]
    names = _ARGUMENTS[action]
    if len(positional) > len(names):
        raise InvalidArgument(f"{where}: {action} takes {_arity(names)}", field="do")
    fields.update(zip(names, positional, strict=False))
    fields["session_id"] = _PLACEHOLDER_ID
    try:
        return model.parse(fields)
    except InvalidArgument as exc:
        raise InvalidArgument(f"{where}: {exc.message}", field="do") from None


def _arity(names: tuple[str, ...]) -> str:
    return " ".join(name.upper() for name in names) if names else "no argument"


def _options(where: str, model: type[Request], words: list[str]) -> dict[str, Any]:
    """``--flag`` and ``--name VALUE`` / ``--name=VALUE`` options among ``words`` (removed from it)."""
    found: dict[str, Any] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if not word.startswith("--"):
            i += 1
            continue
        name, eq, value = word[2:].partition("=")
        field = name.replace("-", "_")
        info = model.model_fields.get(field)
        if info is None or field == "session_id":
            raise InvalidArgument(f"{where}: unknown option --{name}", field="do")
        del words[i]
        if info.annotation is bool:
            found[field] = value if eq else True
        elif eq:
            found[field] = value
        elif i < len(words):
            found[field] = words.pop(i)
        else:
            raise InvalidArgument(f"{where}: --{name} needs a value", field="do")
    return found


async def run_steps(
    settings: Settings,
    url: str,
    steps: list[tuple[str, Request]],
    on_step: Callable[[InteractStep], None],
) -> InteractResult:
    """Open a session on ``url``, run ``steps`` in order; a failing step raises with what was done."""
    async with Lens(settings) as lens:
        first = await lens.session_open(SessionOpenRequest(url=url))
        done = [InteractStep(step=f"goto {url}", snapshot=first)]
        on_step(done[0])
        for label, request in steps:
            update = request.model_copy(update={"session_id": first.session_id})
            try:
                result = await OPERATIONS[update.operation].run(lens, update)
            except WeblensError as exc:
                raise StepFailed(label, exc, InteractResult(session_id=first.session_id, steps=done)) from exc
            step = _step(label, result)
            done.append(step)
            on_step(step)
        return InteractResult(session_id=first.session_id, steps=done)


def _step(label: str, result: BaseModel) -> InteractStep:
    if isinstance(result, PageExtract):
        return InteractStep(step=label, page=result)
    assert isinstance(result, Snapshot)
    return InteractStep(step=label, snapshot=result)


class StepFailed(Exception):
    def __init__(self, step: str, error: WeblensError, done: InteractResult) -> None:
        super().__init__(step)
        self.step = step
        self.error = error
        self.done = done


def _show(fmt: str, step: InteractStep) -> str:
    if step.page is not None:
        return (page_as_markdown if fmt == "markdown" else page_as_text)(step.page)
    assert step.snapshot is not None
    return step.snapshot.render()


def interact_command() -> click.Command:
    params: list[click.Parameter] = [
        click.Argument(["url"], required=True, metavar="URL"),
        click.Option(
            ["--do", "steps"],
            multiple=True,
            metavar="STEP",
            help="A step, run in order: goto URL | click N | type N TEXT [--submit] | select N OPTION "
            "| scroll [down|up] | back | snapshot | read (repeatable; quote each step).",
        ),
        *common_params(network=True),
    ]

    def callback(url: str, steps: tuple[str, ...], **values: Any) -> None:
        fmt = values.pop("fmt")
        configure_logging(values.pop("log_format"), values.pop("log_level"))

        def work() -> None:
            SessionOpenRequest.parse({"url": url})
            parsed = [(step, parse_step(n, step)) for n, step in enumerate(steps, start=1)]
            settings = settings_for(values.get("allow_host", ()), values.get("no_cache", False))
            show = (lambda step: None) if fmt == "json" else (lambda step: _print(fmt, step))
            try:
                result = run_async(run_steps(settings, url, parsed, show))
            except StepFailed as failed:
                _failed(fmt, failed)
            if fmt == "json":
                emit(fmt, result, lambda: "")

        guarded(fmt, work)

    return click.Command(
        "interact",
        params=params,
        callback=callback,
        help="Open URL in a browsing session and run the --do steps in order, printing each snapshot.",
    )


def _print(fmt: str, step: InteractStep) -> None:
    sys.stdout.write(f"=== {step.step}\n{_show(fmt, step).rstrip()}\n\n")
    sys.stdout.flush()


def _failed(fmt: str, failed: StepFailed) -> NoReturn:
    """The error, naming the step; with --format json the steps done so far come along."""
    error = failed.error
    error.message = f"step {failed.step!r} failed: {error.message}"
    if fmt != "json":
        fail(error, fmt)
    body = {"error": {**error.to_dict(), "step": failed.step}, **failed.done.model_dump(mode="json")}
    sys.stdout.write(json.dumps(body) + "\n")
    sys.stdout.flush()
    raise Failed(EXIT_CODES.get(error.code, EXIT_INTERNAL))
