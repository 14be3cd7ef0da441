"""Building snapshots from what the page script found: order, caps, changes, paging, the text format."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from weblens.browser.options import SessionLimits
from weblens.browser.snapshot import (
    BUTTON,
    INPUT,
    LINK,
    WIDGET,
    Built,
    Candidate,
    PageData,
    Seen,
    View,
    build_snapshot,
    choose,
)
from weblens.models import Element, Snapshot

LIMITS = SessionLimits()


def candidate(order: int, category: int = LINK, label: str = "x", **fields: object) -> Candidate:
    values: dict[str, object] = {
        "tag": {INPUT: "input", WIDGET: "div", BUTTON: "button", LINK: "a"}[category],
        "kind": {INPUT: "text", WIDGET: "tab", BUTTON: "", LINK: "link"}[category],
        "category": category,
        "label": label,
        "value": "" if category == INPUT else None,
        "href": f"https://example.com/{order}" if category == LINK else None,
        "overlay": False,
        "distance": 0.0,
        "order": order,
        "ref": order,
        **fields,
    }
    return Candidate(**values)  # type: ignore[arg-type]


def page(*candidates: Candidate, text: str = "", url: str = "https://example.com/") -> PageData:
    return PageData(url=url, title="Example Site", text=text, has_overlay=False, candidates=candidates)


def build(
    data: PageData,
    view: View | None = None,
    previous: Seen | None = None,
    key: str = "1 https://example.com/",
) -> Built:
    return build_snapshot("s1", data, key=key, view=view or View(), previous=previous, limits=LIMITS)


def test_render_gives_the_documented_text_format() -> None:
    snapshot = Snapshot(
        session_id="s1",
        url="https://example.com/",
        title="Example Site",
        text="Welcome to the example.",
        elements=[
            Element(index=1, tag="input", kind="text", label="Search", value=""),
            Element(index=2, tag="button", label="Submit"),
            Element(index=3, tag="a", kind="link", label="Products", href="https://example.com/p"),
        ],
    )
    assert snapshot.render() == (
        "Page: https://example.com/\n"
        "Title: Example Site\n"
        "\n"
        "--- Content ---\n"
        "Welcome to the example.\n"
        "\n"
        "--- Interactive Elements ---\n"
        '[1] input (text) "Search" value=""\n'
        '[2] button "Submit"\n'
        '[3] a (link) "Products"'
    )


def test_render_quotes_labels_safely() -> None:
    element = Element(index=4, tag="input", kind="search", label='Say "hi"\nnow', value="a\\b")
    assert element.render() == '[4] input (search) "Say \\"hi\\" now" value="a\\\\b"'


def test_order_is_overlay_then_inputs_widgets_buttons_links() -> None:
    found = [
        candidate(0, LINK, "Products"),
        candidate(1, BUTTON, "Submit"),
        candidate(2, WIDGET, "Tab one"),
        candidate(3, INPUT, "Search"),
        candidate(4, BUTTON, "Accept all", overlay=True),
        candidate(5, LINK, "Privacy", overlay=True),
        candidate(6, INPUT, "Email"),
    ]
    built = build(page(*found))
    assert [e.label for e in built.snapshot.elements] == [
        "Accept all",
        "Privacy",
        "Search",
        "Email",
        "Tab one",
        "Submit",
        "Products",
    ]
    assert [e.index for e in built.snapshot.elements] == [1, 2, 3, 4, 5, 6, 7]
    assert [e.in_overlay for e in built.snapshot.elements][:3] == [True, True, False]
    assert built.targets[0].order == 4  # number 1 is the overlay's button


def test_at_most_fifty_and_the_ones_nearest_the_screen_win_within_a_category() -> None:
    # links 200-219 are on screen, the others further away the further they are in the page
    links = [
        candidate(n, LINK, f"Link {n}", distance=float(max(0, 200 - n, n - 219) * 30)) for n in range(300)
    ]
    chosen = choose(links, 50)
    assert [c.order for c in chosen] == list(range(185, 235))


def test_text_is_cut_and_paged_exactly() -> None:
    text = "".join(chr(ord("a") + i % 26) for i in range(12_345))
    pieces = []
    offset = 0
    while True:
        snapshot = build(page(text=text), View(text_offset=offset)).snapshot
        assert len(snapshot.text) <= 5_000
        pieces.append(snapshot.text)
        if not snapshot.text_truncated:
            break
        offset += len(snapshot.text)
        assert f"text_offset={offset}" in snapshot.render()
    assert "".join(pieces) == text
    assert len(pieces) == 3


def test_changes_only_lists_what_appeared_or_changed_since_the_last_look() -> None:
    first = build(page(candidate(0, INPUT, "Search"), candidate(1, LINK, "Old"), text="Title\nOld story"))
    assert not any(e.is_new for e in first.snapshot.elements)  # the first look at a page: nothing to compare
    later = page(
        candidate(0, INPUT, "Search", value="tide"),
        candidate(1, LINK, "Old"),
        candidate(2, LINK, "New story"),
        text="Title\nOld story\nNew story",
    )
    full = build(later, previous=first.seen)
    only = build(later, View(changes_only=True), previous=first.seen)
    assert [(e.label, e.is_new) for e in full.snapshot.elements] == [
        ("Search", True),
        ("Old", False),
        ("New story", True),
    ]
    assert [(e.index, e.label) for e in only.snapshot.elements] == [(1, "Search"), (3, "New story")]
    assert only.snapshot.text == "New story"
    assert only.targets == full.targets  # the numbers still name the whole list


def test_changes_only_on_a_new_page_shows_everything() -> None:
    first = build(page(candidate(0, LINK, "A"), text="One"))
    other = build(
        page(candidate(0, LINK, "A"), text="One", url="https://example.com/next"),
        View(changes_only=True),
        previous=first.seen,
        key="1 https://example.com/next",
    )
    assert [e.label for e in other.snapshot.elements] == ["A"]
    assert other.snapshot.text == "One"


def test_page_script_answers_are_read_defensively() -> None:
    data = PageData.from_script(
        {
            "url": "https://example.com/",
            "title": 5,
            "text": "hi",
            "has_overlay": "yes",
            "elements": [
                {"tag": "a", "kind": "link", "category": 4, "label": "ok", "ref": 0, "distance": -3},
                {"tag": "a", "category": 9, "ref": 1},
                "junk",
                {"tag": "button", "category": 3, "label": "framed", "frames": [[0, 1]], "path": [0, 2]},
                {"tag": "button", "category": 3, "label": "nowhere"},
            ],
        }
    )
    assert data.title == ""
    assert data.has_overlay is False
    assert [c.label for c in data.candidates] == ["ok", "framed"]
    assert data.candidates[1].frames == ((0, 1),)
    assert data.candidates[0].distance == float("inf")
    assert PageData.from_script(None).candidates == ()


categories = st.sampled_from([INPUT, WIDGET, BUTTON, LINK])


@given(
    st.lists(st.tuples(categories, st.booleans(), st.floats(0, 1e5)), max_size=120),
    st.integers(min_value=1, max_value=60),
)
def test_choose_keeps_the_cap_and_the_order(spec: list[tuple[int, bool, float]], limit: int) -> None:
    found = [candidate(n, cat, f"e{n}", overlay=ov, distance=far) for n, (cat, ov, far) in enumerate(spec)]
    chosen = choose(found, limit)
    assert len(chosen) == min(limit, len(found))
    keys = [(not c.overlay, c.category, c.order) for c in chosen]
    assert keys == sorted(keys)
    # nothing left out ranks before something chosen
    left_out = [c for c in found if c not in chosen]
    if left_out and chosen:
        worst = max((not c.overlay, c.category) for c in chosen)
        assert all((not c.overlay, c.category) >= worst for c in left_out)


lines = st.lists(st.text(st.characters(exclude_characters="\n"), min_size=1, max_size=15), max_size=20)


@given(lines, lines)
def test_changes_only_text_is_exactly_the_added_lines(before: list[str], added: list[str]) -> None:
    first = build(page(text="\n".join(before)))
    only = build(page(text="\n".join(before + added)), View(changes_only=True), previous=first.seen).snapshot
    assert only.text == "\n".join(added)
