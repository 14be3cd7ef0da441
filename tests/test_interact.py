"""`weblens interact` steps and REST session actions: parsed through the request models (pure)."""

from __future__ import annotations

import pytest

from weblens.errors import InvalidArgument
from weblens.interact import parse_step
from weblens.requests import (
    SessionClickRequest,
    SessionReadRequest,
    SessionScrollRequest,
    SessionTypeRequest,
    parse_session_action,
)


def test_steps_become_the_session_requests() -> None:
    typed = parse_step(2, 'type 1 "tide pool guide" --submit --changes-only')
    assert isinstance(typed, SessionTypeRequest)
    assert (typed.index, typed.text, typed.submit, typed.changes_only) == (1, "tide pool guide", True, True)
    scroll = parse_step(3, "scroll up --text-offset=5000")
    assert isinstance(scroll, SessionScrollRequest)
    assert (scroll.direction, scroll.text_offset) == ("up", 5000)
    assert parse_step(4, "scroll").direction == "down"  # type: ignore[attr-defined]
    read = parse_step(5, "read --max-length 200")
    assert isinstance(read, SessionReadRequest) and read.max_length == 200


@pytest.mark.parametrize(
    ("step", "says"),
    [
        ("click x", "index"),
        ("click 0", "index"),
        ("fly 3", "must start with one of"),
        ("", "must start with one of"),
        ("type 1", "text"),
        ("click 1 2", "click takes INDEX"),
        ("click 1 --session-id abc", "unknown option --session-id"),
        ("read --max-length", "needs a value"),
        ('type 1 "open', "No closing quotation"),
        ("scroll sideways", "direction"),
    ],
)
def test_a_bad_step_is_invalid_argument_naming_it(step: str, says: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        parse_step(7, step)
    assert caught.value.message.startswith(f"--do step 7 ({step!r}):")
    assert says in caught.value.message
    assert caught.value.field == "do"


def test_rest_action_bodies_name_the_action_and_take_the_id_from_the_path() -> None:
    click = parse_session_action("r1.abc", b'{"action": "click", "index": 3, "changes_only": true}')
    assert click == SessionClickRequest(session_id="r1.abc", index=3, changes_only=True)
    for body, field in [
        (b'{"action": "click"}', "index"),
        (b'{"action": "teleport"}', "action"),
        (b'{"index": 1}', "action"),
        (b'{"action": "click", "index": 1, "session_id": "other"}', "session_id"),
        (b"[1, 2]", "body"),
        (b"{nope", "body"),
    ]:
        with pytest.raises(InvalidArgument) as caught:
            parse_session_action("r1.abc", body)
        assert caught.value.field == field, body
