"""The pure parts of batch reading: input lines, keys, output lines, interleaving, the resume scan."""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from weblens.batch.inputs import BatchInput, input_key, interleave, parse_input, read_inputs
from weblens.batch.lines import error_line, line_key, page_line
from weblens.batch.resume import scan
from weblens.errors import HTTPError
from weblens.models import PageExtract
from weblens.requests import BrowseRequest


def test_url_lines_json_lines_comments_and_blanks() -> None:
    lines = [
        "https://example.com/a\n",
        "\n",
        "   # a comment\n",
        '{"url": "https://example.com/b", "render": "never"}\n',
        "\ufeffhttps://example.com/c\n",
    ]
    items = list(read_inputs(lines))
    assert [item.line for item in items] == [1, 4, 5]
    assert items[0].echo == "https://example.com/a"
    assert items[1].echo == {"url": "https://example.com/b", "render": "never"}
    assert items[1].request is not None and items[1].request.render == "never"
    assert items[2].echo == "https://example.com/c"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"url": 5}', "url"),
        ('{"url": "https://x.test/", "bogus": 1}', "bogus"),
        ('{"url": "https://x.test/", "render": "sometimes"}', "render"),
        ("[1, 2]", None),
        ("{not json", None),
    ],
)
def test_a_bad_line_is_an_input_with_its_error(text: str, field: str | None) -> None:
    item = parse_input(text, 7)
    assert item is not None and item.request is None and item.error is not None
    assert item.error.code == "invalid_argument"
    assert item.error.message.startswith("line 7: ")
    assert item.error.field == field
    assert item.key.startswith("invalid:") and item.key == parse_input(text, 9).key  # type: ignore[union-attr]


def test_the_key_is_the_normalised_request() -> None:
    def key(text: str) -> str:
        item = parse_input(text, 1)
        assert item is not None
        return item.key

    same = [
        "https://Example.COM:443/a?q=1#top",
        "https://example.com/a?q=1",
        '{"url": "https://example.com/a?q=1"}',
        '  {"url":"HTTPS://example.com/a?q=1#x"}  ',
    ]
    assert len({key(text) for text in same}) == 1
    assert key("https://example.com/a?q=2") != key(same[0])
    assert key('{"url": "https://example.com/a?q=1", "render": "always"}') != key(same[0])


def test_keys_are_the_same_on_every_run() -> None:
    """A fixed value: a change of the key function would make --resume read everything again."""
    canonical = hashlib.sha256(b'{"url":"https://example.com/"}').hexdigest()[:32]
    assert (
        input_key(BrowseRequest(url="https://EXAMPLE.com")) == canonical == "fc3bcafb91730693484452065cac4cc1"
    )


@given(st.lists(st.tuples(st.sampled_from("abcde"), st.integers(0, 50)), max_size=60))
def test_interleaving_is_a_round_robin_permutation(pairs: list[tuple[str, int]]) -> None:
    items = [BatchInput(i, f"{site}/{n}", f"k{i}") for i, (site, n) in enumerate(pairs)]
    out = interleave(items, lambda item: str(item.echo).split("/")[0])
    assert sorted(item.line for item in out) == list(range(len(items)))
    for site in "abcde":  # order within a site is kept
        lines = [item.line for item in out if str(item.echo).startswith(site)]
        assert lines == sorted(lines)
    # no site gets two turns in a row while another site still has inputs waiting
    for first, second in itertools.pairwise(out):
        if str(first.echo)[0] == str(second.echo)[0]:
            rest = {str(item.echo)[0] for item in out[out.index(second) :]}
            assert rest == {str(first.echo)[0]}


def test_output_lines() -> None:
    page = PageExtract(final_url="https://x.test/", text="hello", title="X")
    line = page_line("https://x.test/", "k1", page)
    assert line.endswith(b"}\n") and line.count(b"\n") == 1
    data = json.loads(line)
    assert data["input"] == "https://x.test/" and data["key"] == "k1" and data["page"]["text"] == "hello"
    assert line_key(line) == "k1"
    error = error_line({"url": "https://x.test/ü\n"}, "k2", HTTPError(url="https://x.test/", status=404))
    assert error.count(b"\n") == 1  # newlines inside values are escaped
    assert json.loads(error)["error"] == {
        "code": "http_error",
        "message": "HTTP 404",
        "url": "https://x.test/",
        "status": 404,
    }
    assert line_key(b'{"key": "x"}\n') is None and line_key(b"garbage\n") is None


@given(st.lists(st.text(max_size=30), max_size=20), st.integers(0, 200))
def test_resume_keeps_every_complete_line_and_drops_only_a_torn_tail(texts: list[str], cut: int) -> None:
    lines = [error_line(text, f"key{i}", HTTPError(status=500)) for i, text in enumerate(texts)]
    whole = b"".join(lines)
    torn_at = max(len(whole) - cut, 0)
    data = whole[:torn_at]
    state = scan(data.splitlines(keepends=True))
    complete = [line for line in lines if len(b"".join(lines[: lines.index(line) + 1])) <= torn_at]
    assert state.keys == {line_key(line) for line in complete}
    assert state.good_bytes == sum(len(line) for line in complete)
    assert state.torn == (state.good_bytes < len(data))
