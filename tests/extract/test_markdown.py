"""Markdown: one test per construct, then properties over random documents and trees."""

from __future__ import annotations

import re
import time
from urllib.parse import unquote, urlsplit

import lxml.etree
import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml.html import HtmlElement
from markdown_it import MarkdownIt

import weblens
from weblens.extract.markdown import to_markdown

BASE = "https://site.example/dir/page.html"


def md(html: str, base: str | None = BASE, *, links: bool = True, images: bool = True) -> str:
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    return to_markdown(root, base, links=links, images=images)


def chain(tags: list[str], depth: int, text: str = "x") -> HtmlElement:
    """``depth`` nested elements cycling through ``tags``, each starting with ``text``.

    Built in chunks: appending to a deep leaf costs lxml a walk up the ancestors.
    """
    root: HtmlElement | None = None
    leaf: HtmlElement | None = None
    made = 0
    while made < depth:
        top = cur = lxml.html.Element(tags[made % len(tags)])
        cur.text = text
        made += 1
        for _ in range(min(2000, depth - made)):
            cur = lxml.etree.SubElement(cur, tags[made % len(tags)])
            cur.text = text
            made += 1
        if root is None:
            root = top
        else:
            assert leaf is not None
            leaf.append(top)
        leaf = cur
    assert root is not None and leaf is not None
    leaf.text = "bottom"
    return root


# ---------------------------------------------------------------- blocks


def test_headings_keep_their_levels() -> None:
    html = "".join(f"<h{n}>Level {n}</h{n}>" for n in range(1, 7))
    assert md(html) == "\n\n".join(f"{'#' * n} Level {n}" for n in range(1, 7))


def test_heading_content_is_one_line_and_blocks_inside_flatten() -> None:
    assert md("<h2>Two<br>lines <div>and a div</div></h2>") == "## Two lines and a div"
    assert md("<h3>C #</h3>") == "### C \\#"  # a closing sequence would vanish
    assert md("<h1> </h1><p>after</p>") == "after"


def test_paragraphs_are_separated_by_one_blank_line() -> None:
    html = "<p>one</p>\n\n<div><p>two</p></div><section><div>three</div></section>"
    assert md(html) == "one\n\ntwo\n\nthree"


def test_whitespace_collapses_and_lines_have_no_trailing_spaces() -> None:
    assert md("<p>  many \n\t spaces\u00a0 here  </p>") == "many spaces here"


def test_whitespace_collapses_in_text_that_is_not_ascii() -> None:
    assert md("<p>caf\u00e9  au\n lait\u00a0\u00a0noir</p>") == "caf\u00e9 au lait noir"
    assert md("<p>\u5168\u3000\u89d2 \u2003 em</p>") == "\u5168\u3000\u89d2 \u2003 em"  # not HTML white space


def test_a_control_character_between_words_reads_as_a_space_as_in_the_text() -> None:
    html = "<p>(f)\x1dTo undertake\x1cfunctions</p>"
    assert md(html) == "(f) To undertake functions"
    assert weblens.extract(f"<html><body>{html}</body></html>").text == "(f) To undertake functions"


@given(st.text(alphabet=st.sampled_from(list(" \t\n\r\fab*_[~<&\\\u00a0\u00e9")), min_size=1, max_size=40))
def test_text_nodes_collapse_html_white_space_and_escape_as_defined(text: str) -> None:
    from weblens.extract.mdsyntax import escape_text, inline_text

    collapsed = re.sub(r"[ \t\n\r\f\u00a0]+", " ", text)
    assert inline_text(text) == (" " if not collapsed.strip() else escape_text(collapsed))


def test_br_is_a_line_break_and_runs_collapse() -> None:
    assert md("<p>one<br>two<br><br><br><br>three<br></p>") == "one  \ntwo\n\nthree"


@pytest.mark.parametrize(
    ("html", "rendered"),
    [
        ("<p>Roses are red,<br>violets are blue.</p>", "<p>Roses are red,<br />\nviolets are blue.</p>"),
        ("<p><b>Name<br>Street</b><br>Town</p>", "<p><strong>Name<br />\nStreet</strong><br />\nTown</p>"),
        ("<ul><li>first<br>second</li></ul>", "<ul>\n<li>first<br />\nsecond</li>\n</ul>"),
        ("<blockquote><p>one<br>two</p></blockquote>", "<blockquote>\n<p>one<br />\ntwo</p>\n</blockquote>"),
        ("<p>ends with \\<br>next</p>", "<p>ends with \\<br />\nnext</p>"),
    ],
)
def test_a_line_break_reads_back_as_a_line_break(html: str, rendered: str) -> None:
    # a Markdown reader joins lines of a paragraph unless the line ends in a hard break
    assert MarkdownIt("commonmark").render(md(html)).strip() == rendered


def test_hr() -> None:
    assert md("<p>a</p><hr><p>b</p>") == "a\n\n---\n\nb"


@pytest.mark.parametrize(
    "html",
    ["<hr><p>a</p><p>b</p>", "<p>a</p><hr><hr><p>b</p><hr>", "<div><hr></div>a<hr><p>b</p><hr><div></div>"],
)
def test_a_rule_only_divides(html: str) -> None:
    assert md(html).replace("\n\n---", "") == "a\n\nb"
    assert not md(html).startswith("---") and not md(html).endswith("---")


def test_unordered_and_nested_lists() -> None:
    html = "<ul><li>one</li><li>two<ul><li>two.a</li><li>two.b<ol><li>deep</li></ol></li></ul></li>"
    html += "<li>three</li></ul>"
    assert md(html) == "- one\n- two\n  - two.a\n  - two.b\n    1. deep\n- three"


def test_ordered_list_start_and_value() -> None:
    assert md('<ol start="7"><li>a</li><li>b</li></ol>') == "7. a\n8. b"
    assert md('<ol><li>a</li><li value="10">b</li><li>c</li></ol>') == "1. a\n10. b\n11. c"
    assert md("<ol><li>" + "</li><li>".join("abcdefghij") + "</li></ol>").endswith("9. i\n10. j")


def test_list_item_with_paragraphs_keeps_indentation() -> None:
    assert md("<ul><li><p>first</p><p>second</p></li><li>next</li></ul>") == "- first\n\n  second\n- next"


def test_list_separated_from_paragraphs() -> None:
    assert md("<p>before</p><ul><li>item</li></ul><p>after</p>") == "before\n\n- item\n\nafter"


def test_stray_list_item() -> None:
    assert md("<li>alone</li>") == "- alone"


def test_blockquotes_nest() -> None:
    html = "<blockquote><p>outer</p><blockquote><p>inner</p></blockquote><p>back</p></blockquote>"
    assert md(html) == "> outer\n>\n> > inner\n>\n> back"


def test_blockquote_with_list_and_code() -> None:
    html = "<blockquote><ul><li>item</li></ul><pre>code\n\nmore</pre></blockquote>"
    assert md(html) == "> - item\n>\n> ```\n> code\n>\n> more\n> ```"


def test_pre_becomes_fenced_code_with_language() -> None:
    html = '<pre class="language-python"><code>def f():\n    return 1\n</code></pre>'
    assert md(html) == "```python\ndef f():\n    return 1\n```"
    assert md('<pre><code class="lang-js">x()</code></pre>') == "```js\nx()\n```"
    assert md('<pre data-lang="rust">fn main() {}</pre>') == "```rust\nfn main() {}\n```"
    assert md('<pre class="brush: js; gutter: false">x()</pre>') == "```js\nx()\n```"  # SyntaxHighlighter
    medium = '<pre><span data-code-block-mode="2" data-code-block-lang="python">x()</span></pre>'
    assert md(medium) == "```python\nx()\n```"  # Medium marks it on the span inside
    # the language marked on the boxes around the <pre> (Sphinx, GitHub), not further out
    box = '<div class="highlight-toml"><div class="highlight"><pre>a = 1</pre></div></div>'
    assert md(box) == "```toml\na = 1\n```"
    far = '<div class="lang-go"><div><div><pre>a = 1</pre></div></div></div>'
    assert md(far) == "```\na = 1\n```"


def test_a_table_of_data_with_a_small_table_in_a_cell_stays_a_table() -> None:
    rows = "".join(f"<tr><td>S{i}</td><td>{i}</td><td>note {i}</td></tr>" for i in range(3))
    small = "<table><tr><td>First</td></tr><tr><td>1966</td></tr></table>"
    inner = f"<tr><td>Rance</td><td>240</td><td>{small}</td></tr>"
    html = f"<table><tr><th>Station</th><th>MW</th><th>Notes</th></tr>{rows}{inner}</table>"
    assert md(html).endswith("| S2 | 2 | note 2 |\n| Rance | 240 | First<br>1966 |")
    # a table with tables in most rows, or without a header row, still lays out a page
    layout = html.replace("<th>", "<td>").replace("</th>", "</td>")
    assert "|" not in md(layout)


def test_a_table_of_one_row_padded_with_empty_cells_is_layout() -> None:
    # a formula set beside its number (LaTeXML): not a header over nothing
    html = '<table class="ltx_equation"><tr><td></td><td>E = mc^2</td><td></td><td>(1)</td></tr></table>'
    assert md(html) == "E = mc^2\n\n(1)"


def test_one_pre_per_line_is_one_code_block() -> None:
    # a site that writes each line of a block as a <pre> of the same kind (old Medium)
    lines = '<pre class="graf graf--pre">import os</pre>\n'
    lines += '<pre class="graf graf--pre graf-after--pre">print(1)</pre>'
    assert md(f"<p>Run:</p>{lines}<p>Done.</p>") == "Run:\n\n```\nimport os\nprint(1)\n```\n\nDone."
    # two blocks of no stated kind, or with text between, stay apart
    assert md("<pre>a</pre><pre>b</pre>").count("```") == 4
    assert md('<pre class="x">a</pre>then<pre class="x">b</pre>').count("```") == 4


def test_code_fence_is_longer_than_backtick_runs() -> None:
    assert md("<pre>a ``` b\n`````</pre>") == "``````\na ``` b\n`````\n``````"


def test_pre_keeps_markup_text_and_br() -> None:
    assert (
        md("<pre>\n<b>bold</b> *not emphasis*<br>[x](y)   </pre>") == "```\nbold *not emphasis*\n[x](y)\n```"
    )


def test_empty_pre_is_dropped() -> None:
    assert md("<pre>  \n </pre><p>x</p>") == "x"


def test_inline_code() -> None:
    assert md("<p>call <code>f(*args)</code> now</p>") == "call `f(*args)` now"
    assert md("<p><code>a `b` c</code></p>") == "``a `b` c``"
    assert md("<p><code>`edge`</code></p>") == "`` `edge` ``"
    assert md("<p><kbd>Ctrl</kbd>+<kbd>C</kbd></p>") == "`Ctrl`+`C`"


def test_code_that_is_one_link_is_written_inside_the_link() -> None:
    # Markdown has no link inside a code span: a name linked to its page keeps its link around it
    assert md('<p>the <code><a href="/docs/#sources">sources</a></code> key</p>') == (
        "the [`sources`](https://site.example/docs/#sources) key"
    )
    assert md('<p><a href="/x"><code>f()</code></a></p>') == "[`f()`](https://site.example/x)"
    # code with more in it than the link, or a link without an address: the code alone
    assert md('<p><code>a <a href="/y">b</a></code></p>') == "`a b`"
    assert md("<p><code><a>bare</a></code></p>") == "`bare`"
    assert md('<p><code><a href="/z">z</a></code></p>', links=False) == "`z`"


def test_a_link_around_a_line_of_its_own_is_written_around_its_text() -> None:
    # Blogger and Google Sites link a whole line: <a href><div>A sentence.</div></a>
    assert md(
        '<div>Before.</div><a href="/p.pdf"><div>The <b>whole</b> programme.</div></a><div>After.</div>'
    ) == ("Before.\n\n[The **whole** programme.](https://site.example/p.pdf)\n\nAfter.")
    # a link around blocks (a card: a heading and its summary) is no line: the blocks as they are
    card = md('<a href="/s"><div><h3>Headline</h3><p>Summary.</p></div></a>')
    assert "### Headline" in card and "[Headline" not in card


def test_emphasis_and_strong() -> None:
    assert md("<p>a <em>b</em> <strong>c</strong> <i> d </i>e</p>") == "a *b* **c** *d* e"
    assert md("<p><b><b>nested</b></b> <del>gone</del></p>") == "**nested** ~~gone~~"
    assert md("<p><b> </b>x<i></i></p>") == "x"


def test_figure_and_caption() -> None:
    html = '<figure><img src="/p.jpg" alt="A photo"><figcaption>The <p>caption</p></figcaption></figure>'
    assert md(html) == "![A photo](https://site.example/p.jpg)\n\n*The caption*"


def test_a_definition_that_starts_with_code_or_a_list_keeps_them_readable() -> None:
    html = (
        "<dl><dt>Delete a branch</dt><dd><pre>$ git branch -d x\n$ git log</pre></dd>"
        "<dt>Options</dt><dd><ul><li>one</li><li>two</li></ul></dd><dt>--</dt><dd>Plain words</dd></dl>"
        "<p>After the list.</p>"
    )
    out = md(html)
    assert ":\n```\n$ git branch -d x\n$ git log\n```" in out
    assert "**--**\n: Plain words" in out  # a paragraph stays on the marker's line
    rendered = MarkdownIt("commonmark").render(out)
    # the fence closes where the code ends: what follows is not swallowed into a code block
    assert "<pre><code>$ git branch -d x\n$ git log\n</code></pre>" in rendered
    assert "<li>one</li>" in rendered and "<p>After the list.</p>" in rendered


def test_dd_boxes_straight_in_a_list_are_its_items() -> None:
    # sloppy markup a browser shows as a list: <dd>s in a <ul>; in a <dl> a <dd> is a definition still
    assert md("<ul><dd><a href='/a'>First</a></dd><dd>Second</dd></ul>") == (
        "- [First](https://site.example/a)\n- Second"
    )
    assert md("<dl><dt>Term</dt><dd>Meaning</dd></dl>") == "**Term**\n: Meaning"


def test_a_definition_inside_a_definition_is_not_read_as_code() -> None:
    html = (
        "<dl><dt>file</dt><dd><p>A buffer.</p>"
        "<dl><dt>two</dt><dd><p>One.</p><p><b>Important</b> too.</p></dd></dl></dd></dl>"
    )
    rendered = MarkdownIt("commonmark").render(md(html))
    assert "<pre>" not in rendered and "<strong>Important</strong> too." in rendered


def test_definition_list() -> None:
    html = "<dl><dt>Term</dt><dd>Meaning</dd><dt>Other</dt><dd>More<p>and more</p></dd></dl>"
    # a definition's later paragraphs are not indented: a definition is no container to a
    # CommonMark reader, and a definition inside another would reach four spaces, a code block
    assert md(html) == "**Term**\n: Meaning\n\n**Other**\n: More\n\nand more"


def test_skipped_elements() -> None:
    html = "<p>a<script>bad()</script><style>.x{}</style><!-- c --><svg><text>t</text></svg>b</p>"
    html += "<button>Go</button>"
    assert md(html) == "ab"


# ---------------------------------------------------------------- tables


def test_table_with_th_header() -> None:
    html = "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>30</td></tr></table>"
    assert md(html) == "| Name | Age |\n| --- | --- |\n| Ann | 30 |"


def test_spacer_images_are_left_out() -> None:
    html = (
        "<p>A<img src='/s.gif' width='40' height='1'> line<img src='/t.gif' width='1'>.</p><img src='/x.png'>"
    )
    assert md(html) == "A line.\n\n![](https://site.example/x.png)"


def test_a_table_loses_the_rows_and_columns_its_spacers_left_empty() -> None:
    spacer = "<td><img src='/s.gif' width='1' height='1'></td>"
    html = (
        f"<table><tr>{spacer}{spacer}{spacer}</tr>"
        f"<tr><td>Ann</td>{spacer}<td>30</td></tr><tr><td>Bo</td>{spacer}<td>41</td></tr></table>"
    )
    assert md(html) == "| Ann | 30 |\n| --- | --- |\n| Bo | 41 |"


def test_table_without_th_uses_first_row() -> None:
    html = "<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></tbody></table>"
    assert md(html) == "| a | b |\n| --- | --- |\n| c | d |"


def test_thead_rows_come_first() -> None:
    html = "<table><tfoot><tr><td>f1</td><td>f2</td></tr></tfoot>"
    html += "<thead><tr><th>h1</th><th>h2</th></tr></thead></table>"
    assert md(html).splitlines()[0] == "| h1 | h2 |"


def test_colspan_and_rowspan() -> None:
    html = (
        "<table><tr><th colspan='2'>Both</th><th>C</th></tr>"
        "<tr><td rowspan='2'>tall</td><td>1</td><td>2</td></tr>"
        "<tr><td>3</td><td>4</td></tr>"
        "<tr><td colspan='3'>wide</td></tr></table>"
    )
    assert md(html) == (
        "| Both | Both | C |\n| --- | --- | --- |\n| tall | 1 | 2 |\n| tall | 3 | 4 |\n| wide |  |  |"
    )


def test_ragged_rows_are_padded() -> None:
    html = "<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td></tr></table>"
    assert md(html) == "| a | b | c |\n| --- | --- | --- |\n| d |  |  |"


def test_cell_content_escaped_and_joined() -> None:
    html = (
        "<table><tr><th>k</th><th>v</th></tr>"
        "<tr><td>a|b</td><td><p>one</p><p>two<br>three</p></td></tr>"
        "<tr><td><a href='/x'>link</a></td><td><code>x|y</code></td></tr></table>"
    )
    assert md(html).splitlines()[2:] == [
        "| a\\|b | one<br>two<br>three |",
        "| [link](https://site.example/x) | `x\\|y` |",
    ]


def test_caption_and_single_column_table() -> None:
    html = "<table><caption>Scores</caption><tr><td>only</td></tr><tr><td>- col</td></tr></table>"
    assert md(html) == "*Scores*\n\nonly\n\n\\- col"


def test_layout_table_renders_cells_as_blocks() -> None:
    html = (
        "<table><tr><td><h2>Title</h2><p>Body</p></td><td>"
        "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>"
        "</td></tr></table>"
    )
    assert md(html) == "## Title\n\nBody\n\n| a | b |\n| --- | --- |\n| 1 | 2 |"
    assert md("<table role='presentation'><tr><td>x</td><td>y</td></tr></table>") == "x\n\ny"


def test_a_table_with_header_cells_is_data_whatever_its_role() -> None:
    """A shop's details, marked presentational by its template, head each row with a ``<th>``."""
    pairs = [("Material", "Steel"), ("Cord", "75 cm")]
    rows = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in pairs)
    assert md(f"<table role='presentation'><tbody>{rows}</tbody></table>") == (
        "| Material | Steel |\n| --- | --- |\n| Cord | 75 cm |"
    )


def test_broken_tables_do_not_fail() -> None:
    assert md("<table></table>") == ""
    assert md("<table><tr></tr><td>loose</td><td>cell</td></table>") == "| loose | cell |\n| --- | --- |"
    assert md("<tr><td>no table</td></tr>") == "no table"
    html = "<table><tr><td colspan='99999' rowspan='-3'>x</td><td rowspan='0'>y</td></tr>"
    html += "<tr><td>z</td></tr></table>"
    out = md(html)
    assert out.count("\n") == 2 and out.count("|") < 200


def test_rowspan_repetition_is_bounded() -> None:
    big = "w " * 20_000
    html = (
        f"<table><tr><td rowspan='1000'>{big}</td><td>a</td></tr>" + "<tr><td>b</td></tr>" * 999 + "</table>"
    )
    out = md(html)
    assert len(out) < 10 * len(big)


# ---------------------------------------------------------------- links and images


def test_links_are_absolute() -> None:
    html = (
        "<p><a href='../up'>up</a> <a href='//cdn.example/x'>cdn</a> <a href='https://o.example/'>abs</a></p>"
    )
    assert md(html) == (
        "[up](https://site.example/up) [cdn](https://cdn.example/x) [abs](https://o.example/)"
    )


def test_a_link_split_in_two_to_the_same_address_is_one_link() -> None:
    # an editor's seam: two anchors side by side, one address
    html = "<p>according to a <a href='/alert'>n</a><a href='/alert'>ew alert</a> from the bureau</p>"
    assert md(html) == "according to a [new alert](https://site.example/alert) from the bureau"
    # apart, between words (a card's title and price), or to two addresses, they stay two links
    assert md("<p><a href='/a'>one</a> <a href='/a'>two</a></p>").count("](") == 2
    assert md("<p><a href='/a'>Kettle, 1.7 litres</a><a href='/a'>$39.00</a></p>").count("](") == 2
    assert md("<p><a href='/a'>one</a><a href='/b'>two</a></p>").count("](") == 2


def test_unlinkable_links_keep_their_text() -> None:
    html = "<p><a href='javascript:void(0)'>js</a> <a href='#top'>anchor</a> <a>none</a>"
    html += " <a href='mailto:a@b'>mail</a></p>"
    assert md(html) == "js anchor none mail"
    assert md("<p><a href='/rel'>rel</a></p>", base=None) == "rel"


def test_links_false_keeps_text() -> None:
    assert md("<p>see <a href='/x'>this <b>page</b></a></p>", links=False) == "see this **page**"


def test_link_text_whitespace_moves_outside() -> None:
    assert md("<p>a<a href='/x'> b </a>c</p>") == "a [b](https://site.example/x) c"
    assert md("<p><a href='/x'> </a>gone</p>") == "gone"


def test_link_url_with_spaces_and_parentheses_is_encoded() -> None:
    assert md("<p><a href='/a b(c)'>t</a></p>") == "[t](https://site.example/a%20b(c))"
    assert md("<p><a href='/a)b(c'>t</a></p>") == "[t](https://site.example/a%29b%28c)"
    assert md("<p><a href='/w/M_(x)_(y)'>t</a></p>") == "[t](https://site.example/w/M_(x)_(y))"
    assert md("<p><a href='/a((b)'>t</a></p>") == "[t](https://site.example/a%28%28b%29)"
    # a pair inside another pair is encoded: one level is what every Markdown reader knows
    assert md("<p><a href='/q(f(n)+g)'>t</a></p>") == "[t](https://site.example/q(f%28n%29+g))"


def test_link_wrapping_blocks_keeps_the_blocks() -> None:
    assert md("<a href='/card'><h3>Card</h3><p>Summary</p></a>") == "### Card\n\nSummary"


def test_images() -> None:
    assert md("<p><img src='i.png' alt='An [x]'></p>") == "![An \\[x\\]](https://site.example/dir/i.png)"
    assert md("<p><img src='i.png' alt='x'></p>", images=False) == ""
    assert md("<p><img alt='no source'></p>") == ""
    lazy = "<img src='data:image/gif;base64,R0lGOD' data-src='/real.jpg' alt=''>"
    assert md(lazy) == "![](https://site.example/real.jpg)"
    srcset = "<img srcset='/s.jpg 300w, /l.jpg 1200w, /m.jpg 800w'>"
    assert md(srcset) == "![](https://site.example/l.jpg)"


def test_image_inside_link() -> None:
    assert md("<a href='/big'><img src='/small' alt='pic'></a>") == (
        "[![pic](https://site.example/small)](https://site.example/big)"
    )


# ---------------------------------------------------------------- escaping


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("# not a heading", "\\# not a heading"),
        ("- not a list", "\\- not a list"),
        ("+ not a list", "\\+ not a list"),
        ("* not a list", "\\* not a list"),
        ("1. not ordered", "1\\. not ordered"),
        ("2) not ordered", "2\\) not ordered"),
        ("> not a quote", "\\> not a quote"),
        ("~~~ not a fence", "\\~\\~\\~ not a fence"),
        ("1.5 million", "1.5 million"),
        ("#hashtag", "#hashtag"),
        ("a *b* c", "a \\*b\\* c"),
        ("2 * 3 = 6", "2 * 3 = 6"),
        ("snake_case_name", "snake_case_name"),
        ("_private", "\\_private"),
        ("[1] note", "\\[1\\] note"),
        ("use `ls`", "use \\`ls\\`"),
        ("a <b> c", "a \\<b> c"),
        ("a < b", "a < b"),
        ("&amp; entity", "\\&amp; entity"),
        ("fish & chips", "fish & chips"),
        ("C:\\dir\\*", "C:\\dir\\\\\\*"),
        ("~5 minutes", "\\~5 minutes"),
    ],
)
def test_escaping(text: str, expected: str) -> None:
    root = lxml.html.Element("p")
    root.text = text
    assert to_markdown(root, None) == expected


@pytest.mark.parametrize("line", ["-- -", "* * *", "_ _ _", "- - -"])
def test_a_line_that_reads_as_a_rule_is_escaped(line: str) -> None:
    out = md(f"<p>before</p><p>{line}</p>")
    assert "<hr" not in MarkdownIt("commonmark").render(out)


def test_setext_underlines_are_escaped() -> None:
    assert md("<p>Title<br>===</p><p>---</p>") == "Title  \n\\===\n\n\\---"


# ---------------------------------------------------------------- robustness and speed


def test_100000_nested_divs() -> None:
    out = to_markdown(chain(["div"], 100_000), BASE)
    assert out.endswith("x\n\nbottom")
    assert out.count("x") == 99_999


@pytest.mark.parametrize(
    "tags",
    [["blockquote"], ["ul", "li"], ["ol", "li", "p"], ["b"], ["a"], ["table", "tr", "td"], ["h2"],
     ["dl", "dd"], ["span", "em", "strong"], ["pre"], ["figure", "figcaption"]],
)  # fmt: skip
def test_deeply_nested_structures(tags: list[str]) -> None:
    root = chain(tags, 20_000)  # far beyond any recursion limit
    out = to_markdown(root, BASE)
    assert "bottom" in out[-100:]
    assert "\n\n\n" not in out


def test_deep_blockquotes_stop_indenting() -> None:
    out = to_markdown(chain(["blockquote"], 5000), None)
    assert max(len(line) for line in out.splitlines()) < 80


def test_huge_text_node_is_linear() -> None:
    small, large = lxml.html.Element("p"), lxml.html.Element("p")
    small.text = "Some ordinary prose, with *marks* and words. " * 20_000
    large.text = small.text * 10
    started = time.perf_counter()
    to_markdown(small, None)
    small_time = time.perf_counter() - started
    started = time.perf_counter()
    out = to_markdown(large, None)
    large_time = time.perf_counter() - started
    assert len(out) > len(large.text)
    assert large_time < 30 * max(small_time, 0.005)


def test_root_tail_is_not_rendered() -> None:
    page = lxml.html.fragment_fromstring("<div><article><p>in</p></article>outside</div>")
    assert to_markdown(page[0], None) == "in"


def test_roots_handled_whole() -> None:
    assert to_markdown(lxml.html.fragment_fromstring("<pre>x</pre>"), None) == "```\nx\n```"
    assert to_markdown(lxml.html.fragment_fromstring("<script>x</script>"), None) == ""
    assert to_markdown(lxml.html.fragment_fromstring("<img src='http://a.example/i'>"), None) == (
        "![](http://a.example/i)"
    )
    assert to_markdown(lxml.html.fragment_fromstring("<code>x</code>"), None) == "`x`"
    comment = lxml.html.fragment_fromstring("<div><!-- c --></div>")[0]
    assert to_markdown(comment, None) == ""


# ---------------------------------------------------------------- properties

_WORDS = st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8), min_size=1, max_size=8)
_INLINE_WRAPPERS = ["span", "font", "u", "abbr", "sup", "mark"]
_BLOCK_WRAPPERS = ["div", "section", "article", "main", "center"]


@st.composite
def _documents(draw: st.DrawFn) -> tuple[str, list[str]]:
    """Random headings and paragraphs in random wrappers, with the Markdown blocks they must give."""
    html: list[str] = []
    expected: list[str] = []
    open_wrappers: list[str] = []
    for _ in range(draw(st.integers(1, 12))):
        for _ in range(draw(st.integers(0, 2))):
            tag = draw(st.sampled_from(_BLOCK_WRAPPERS))
            html.append(f"<{tag}>")
            open_wrappers.append(tag)
        words = draw(_WORDS)
        inner: list[str] = []
        for word in words:
            inline = draw(st.sampled_from([*_INLINE_WRAPPERS, None]))
            space = draw(st.sampled_from([" ", "\n", "  \t "]))
            inner.append((f"<{inline}>{word}</{inline}>" if inline else word) + space)
        if draw(st.booleans()):
            level = draw(st.integers(1, 6))
            html.append(f"<h{level}>{''.join(inner)}</h{level}>")
            expected.append("#" * level + " " + " ".join(words))
        else:
            html.append(f"<p>{''.join(inner)}</p>")
            expected.append(" ".join(words))
        for _ in range(draw(st.integers(0, len(open_wrappers)))):
            html.append(f"</{open_wrappers.pop()}>")
    html.extend(f"</{tag}>" for tag in reversed(open_wrappers))
    return "".join(html), expected


@settings(max_examples=200, deadline=None)
@given(_documents())
def test_headings_and_paragraph_breaks_are_preserved(case: tuple[str, list[str]]) -> None:
    html, expected = case
    out = md(html)
    assert out.split("\n\n") == expected


_HREFS = st.one_of(
    st.sampled_from(
        ["/a", "b/c", "../d", "./e?x=1#f", "//cdn.example/g", "https://o.example/h i", "HTTP://U.example/",
         "javascript:alert(1)", "#frag", "mailto:x@y", "data:text/html,hi", "  /spaced  ", "\t/t\nab",
         "http://[::1", "http:///nohost", "ftp://f.example/", "?q=1", "", "http://h.example:8080/p"]
    ),
    st.text(max_size=20),
)  # fmt: skip
_BASES = st.sampled_from(
    [BASE, "http://b.example", "https://c.example/x/y/", None, "not a base", "file:///etc/"]
)
_LINK_TARGET = re.compile(r"(?<!\\)\]\(([^)\s]*)\)")


@settings(max_examples=200, deadline=None)
@given(hrefs=st.lists(st.tuples(_HREFS, st.booleans(), _WORDS), max_size=10), base=_BASES)
def test_every_link_and_image_url_is_absolute(
    hrefs: list[tuple[str, bool, list[str]]], base: str | None
) -> None:
    root = lxml.html.Element("div")
    for href, is_image, words in hrefs:
        href = "".join(ch for ch in href if ch.isprintable() or ch in "\t\n")
        if is_image:
            el = lxml.etree.SubElement(root, "img", src=href, alt=" ".join(words))
        else:
            el = lxml.etree.SubElement(root, "a", href=href)
            el.text = " ".join(words)
        el.tail = " and "
    out = to_markdown(root, base)
    targets = _LINK_TARGET.findall(out)
    assert len(targets) == out.count("](")
    for url in targets:
        parts = urlsplit(url)
        assert parts.scheme in ("http", "https"), url
        assert parts.hostname, url


_TAGS = [
    "div", "p", "span", "a", "b", "i", "em", "strong", "code", "pre", "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tr", "td", "th", "caption", "blockquote", "h1", "h2", "h4", "br", "hr",
    "img", "figure", "figcaption", "script", "svg", "section", "del", "kbd", "form", "unknown-tag",
]  # fmt: skip
_ATTRIBUTES = st.dictionaries(
    st.sampled_from(
        ["href", "src", "colspan", "rowspan", "start", "value", "class", "alt", "srcset", "role"]
    ),
    st.one_of(
        st.sampled_from(["2", "0", "-1", "99999", "x", "language-py", "/p", "presentation"]),
        st.text(max_size=8),
    ),
    max_size=3,
)
_NODE_TEXT = st.one_of(
    st.none(), st.text(max_size=30), st.sampled_from(["*", "_x_", "[a](b)", "# h", "|", "`"])
)


def _printable(text: str | None) -> str | None:
    if text is None:
        return None
    return "".join(ch for ch in text if ch.isprintable() or ch in "\n\t")


@st.composite
def _random_trees(draw: st.DrawFn) -> HtmlElement:
    root = lxml.html.Element(draw(st.sampled_from(["div", "body", "td", "li", "pre", "a"])))
    nodes = [root]
    for _ in range(draw(st.integers(0, 40))):
        parent = draw(st.sampled_from(nodes))
        attributes = {key: _printable(value) or "" for key, value in draw(_ATTRIBUTES).items()}
        child = lxml.etree.SubElement(parent, draw(st.sampled_from(_TAGS)), attributes)
        child.text = _printable(draw(_NODE_TEXT))
        child.tail = _printable(draw(_NODE_TEXT))
        if draw(st.integers(0, 9)) == 0:
            child.append(lxml.etree.Comment("comment"))
        nodes.append(child)
    return root


@settings(max_examples=300, deadline=None)
@given(_random_trees(), st.booleans(), st.booleans())
def test_never_raises_on_random_trees(root: HtmlElement, links: bool, images: bool) -> None:
    out = to_markdown(root, BASE, links=links, images=images)
    assert isinstance(out, str)
    assert not re.search("[\ufdd0-\ufdef]", out)  # every placeholder of mdinline was written out
    # no run of blank lines but a code block's own (its text is verbatim: "\n\n0" in a <pre>)
    assert "\n\n\n" not in re.sub(r"^(`{3,}|~{3,}).*?^\1", "code", out, flags=re.DOTALL | re.MULTILINE)
    lines = out.splitlines()
    for at, line in enumerate(lines):  # no trailing white space but a hard break before a line of text
        if line != line.rstrip():
            assert line.endswith("  ") and line[:-2] == line.rstrip() and line.strip(" >")
            assert at + 1 < len(lines) and lines[at + 1].strip(" >")
    assert out == out.strip("\n")
    if not images:
        # no image syntax outside code spans (text inside `code` is literal and may hold "!["); an
        # escaped backtick opens no code span
        prose = re.sub(r"(`+).*?\1", "", out.replace("\\[", "").replace("\\`", ""), flags=re.DOTALL)
        assert not re.search(r"!\[[^\]]*\]\(", prose)


def test_figures_kept_out_of_the_text_keep_their_image_and_caption_in_markdown() -> None:
    html = (
        "<article><p>First paragraph of the story, long enough to be the article itself.</p>"
        '<figure><img src="/a.jpg" alt="A harbour"><figcaption>The harbour at dawn.</figcaption>'
        "<span>Photo credit line</span></figure>"
        '<div class="photo-caption"><img src="/b.jpg" alt="Boats">Caption Close less more</div>'
        "<p>Second paragraph of the story.</p></article>"
    )
    root = lxml.html.fragment_fromstring(html)
    figure, gallery = root[1], root[2]
    out = to_markdown(root, BASE, media_only=[figure, gallery])
    assert "![A harbour](https://site.example/a.jpg)" in out
    assert "*The harbour at dawn.*" in out
    assert "![Boats](https://site.example/b.jpg)" in out
    assert "Photo credit line" not in out and "Close less more" not in out
    assert out.index("First paragraph") < out.index("A harbour") < out.index("Second paragraph")
    no_images = to_markdown(root, BASE, images=False, media_only=[figure, gallery])
    assert "![" not in no_images and "*The harbour at dawn.*" in no_images


# --- structure on pages of other kinds (issue 12) ----------------------------------------------------

LONG = "<p>" + "Some words of running prose explain the example that follows in full detail. " * 6 + "</p>"


def page_markdown(body: str) -> str:
    return weblens.extract(f"<html><body><article>{LONG}{body}{LONG}</article></body></html>", BASE).markdown


def test_highlighted_code_in_a_line_number_table_is_one_fenced_block() -> None:
    code = (
        '<table class="highlighttable"><tr><td class="linenos"><pre>1\n2\n3</pre></td>'
        '<td class="code"><pre class="language-python">'
        '<span class="k">def</span> <span class="nf">f</span>():\n'
        '    <span class="k">return</span> 1\n\nprint(f())</pre></td></tr></table>'
    )
    out = page_markdown(code)
    assert "```python\ndef f():\n    return 1\n\nprint(f())\n```" in out
    assert "| " not in out and "1\n2\n3" not in out


GREET = "```\ndef greet():\n    print('hi')\ngreet()\n```"
# the same three lines of code in the layouts highlighters write them in, none named as line numbers
CODE_LAYOUTS = {
    "a gutter cell of a <pre> beside the code (gtk-doc)": (
        '<table class="listing_frame"><tbody><tr><td class="listing_lines"><pre>1\n2\n3</pre></td>'
        "<td class='listing_code'><pre class='programlisting'>def greet():\n    print('hi')\ngreet()</pre>"
        "</td></tr></tbody></table>"
    ),
    "a gutter of spans in a <pre> (Chroma)": (
        '<table class="lntable"><tr><td class="lntd"><pre><code><span class="lnt">1\n</span>'
        '<span class="lnt">2\n</span><span class="lnt">3\n</span></code></pre></td><td class="lntd"><pre>'
        "<code>def greet():\n    print('hi')\ngreet()\n</code></pre></td></tr></table>"
    ),
    "one box per line, the lines in <code> (SyntaxHighlighter)": (
        '<table><tbody><tr><td class="nums"><div class="n">1</div><div class="n">2</div>'
        '<div class="n">3</div></td><td><div class="container"><div class="ln a1">'
        '<code class="kw">def</code> <code>greet():</code>'
        '</div><div class="ln a2"><code class="sp">&nbsp;&nbsp;&nbsp;&nbsp;</code><code>print(\'hi\')</code>'
        '</div><div class="ln a1"><code>greet()</code></div></div></td></tr></tbody></table>'
    ),
    "one box per line in a box named a fragment (Doxygen)": (
        '<div class="fragment"><div class="line"><span class="keyword">def</span> greet():</div>\n'
        '<div class="line">    print(<span class="str">\'hi\'</span>)</div>\n'
        '<div class="line">greet()</div>\n</div>'
    ),
    "one table row per line, cells named code (a code host's file view)": (
        '<table class="file"><tr><td class="num" data-n="1"></td><td class="blob-code">def greet():</td></tr>'
        '<tr><td class="num" data-n="2"></td><td class="blob-code">    print(\'hi\')</td></tr>'
        '<tr><td class="num" data-n="3"></td><td class="blob-code">greet()</td></tr></table>'
    ),
}


@pytest.mark.parametrize("layout", CODE_LAYOUTS)
def test_code_laid_out_in_a_table_or_in_line_boxes_is_one_fenced_block(layout: str) -> None:
    out = page_markdown(CODE_LAYOUTS[layout])
    assert GREET in out
    assert "|" not in out and "\n1\n" not in out


def test_verse_set_one_box_per_line_is_no_code() -> None:
    poem = (
        '<div class="line-block"><div class="line">The tide goes out across the sand,</div>'
        '<div class="line">and leaves the boats to lean and wait.</div></div>'
    )
    out = page_markdown(poem)
    assert "```" not in out and "The tide goes out across the sand," in out


@pytest.mark.parametrize(
    "box",
    [
        # a name that only contains a code word, and a box named for code that is a list of headlines
        "<div class='highlights'><div class='item'>The tide came in early today</div>"
        "<div class='item'>Boats were kept in the harbour</div></div>",
        "<div class='code-list'><div class='item'><a href='/a'>The tide came in early today</a></div>"
        "<div class='item'><a href='/b'>Boats were kept in the harbour</a></div></div>",
    ],
)
def test_boxes_of_lines_that_are_no_code_stay_text(box: str) -> None:
    assert "```" not in page_markdown(box)


def test_a_column_of_numbers_beside_words_is_data_not_a_gutter() -> None:
    table = (
        "<table><tr><th>Rank</th><th>Port</th></tr><tr><td>1 2</td><td>Brest and Cherbourg</td></tr>"
        "<tr><td>3</td><td>Le Havre</td></tr></table>"
    )
    out = page_markdown(table)
    assert "| 1 2 | Brest and Cherbourg |" in out


def test_a_table_parted_by_headings_in_rows_of_their_own_is_headed_tables() -> None:
    # an API reference's list of members: a heading row, then rows of a type and a signature
    def rows(names: list[str]) -> str:
        return "".join(
            f"<tr><td>void</td><td>{n} (int level): {n}s the tank to the level</td></tr>" for n in names
        )

    table = (
        "<table class='members'><tr><td colspan='2'><h2>Public Member Functions</h2></td></tr>"
        + rows(["fill", "drain", "measure"])
        + "<tr><td colspan='2'><h2>Static Functions</h2></td></tr>"
        + rows(["create", "destroy"])
        + "</table>"
    )
    out = page_markdown(table)
    assert "## Public Member Functions\n\n| void | fill (int level): fills the tank to the level |" in out
    assert "| void | measure (int level): measures the tank to the level |\n\n## Static Functions" in out
    assert "## Static Functions\n\n| void | create (int level): creates the tank to the level |" in out


def test_a_table_whose_cells_hold_headings_beside_other_cells_is_a_layout() -> None:
    layout = (
        "<table><tr><td><h2>News of the harbour</h2></td><td><p>Boats came in late today.</p></td></tr>"
        "<tr><td>one</td><td>two</td></tr><tr><td>three</td><td>four</td></tr></table>"
    )
    out = page_markdown(layout)
    assert "## News of the harbour" in out and "|" not in out


def test_a_code_block_keeps_every_blank_line() -> None:
    # two blank lines between top-level functions (PEP 8) are the code's, not spacing to tidy
    out = page_markdown("<pre>def a():\n    pass\n\n\ndef b():\n    pass</pre>")
    assert "```\ndef a():\n    pass\n\n\ndef b():\n    pass\n```" in out


def test_a_layout_table_never_becomes_a_one_cell_pipe_table() -> None:
    layout = (
        "<table><tr><td><p>First block of the page.</p><ul><li>one</li><li>two</li></ul></td></tr></table>"
    )
    out = page_markdown(layout)
    assert "|" not in out
    assert "- one\n- two" in out


def test_nested_lists_keep_their_nesting_and_links_are_absolute() -> None:
    nested = (
        "<ul><li>Fruit from the old orchard<ul><li><a href='/apple'>Apples picked in October</a></li>"
        "<li>Pears ripened slowly indoors</li></ul></li><li>Bread baked at home every week</li></ul>"
    )
    out = page_markdown(nested)
    assert (
        "- Fruit from the old orchard\n  - [Apples picked in October](https://site.example/apple)\n"
        "  - Pears ripened slowly indoors\n- Bread baked at home every week"
    ) in out


def test_a_grid_of_cells_each_wrapped_in_a_paragraph_stays_a_table() -> None:
    # word processors and old editors wrap every cell in <p>/<center>; the grid is still data
    word = (
        "<table border=1><tr><td><p>Distance</p></td><td><p>183 mi</p></td></tr>"
        "<tr><td><center>When</center></td><td><p>Sat, March 20</p></td></tr></table>"
    )
    assert md(word) == "| Distance | 183 mi |\n| --- | --- |\n| When | Sat, March 20 |"
    # a page layout: a cell of several blocks (or a list, or long text) is not a grid of data
    columns = (
        "<table><tr><td><p>Menu</p></td><td><p>First paragraph.</p><p>Second paragraph.</p></td></tr>"
        "<tr><td><p>Left</p></td><td><p>Right</p></td></tr></table>"
    )
    assert "|" not in md(columns)
    long_cell = "<table><tr><td><p>Nav</p></td><td><p>" + "word " * 100 + "</p></td></tr>"
    long_cell += "<tr><td><p>a</p></td><td><p>b</p></td></tr></table>"
    assert "|" not in md(long_cell)
    one_row = "<table><tr><td><p>Side</p></td><td><p>Main text of the page.</p></td></tr></table>"
    assert "|" not in md(one_row)


def test_a_long_note_spanning_a_grid_between_its_rows_keeps_the_grid_a_table() -> None:
    note = "The ships above were chartered together in the autumn and sailed in one convoy. " * 8
    numbered = (
        "<table><tr><td><center>1.</center></td><td><b>Elisabeth</b> - Haugesund.</td></tr>"
        "<tr><td><center>2.</center></td><td><b>Taurus</b> - Tonsberg.</td></tr>"
        f"<tr><td colspan=2><p>{note}</p></td></tr>"
        "<tr><td><center>3.</center></td><td><b>Ranja</b> - Oslo.</td></tr></table>"
    )
    out = md(numbered)
    assert "| 2. | **Taurus** - Tonsberg. |" in out and "| 3. | **Ranja** - Oslo. |" in out
    assert "sailed in one convoy" in out
    # long text beside another cell is still a page's column
    beside = (
        f"<table><tr><td><p>Nav</p></td><td><p>{note}</p></td></tr>"
        "<tr><td><p>a</p></td><td><p>b</p></td></tr></table>"
    )
    assert "|" not in md(beside)


def test_a_list_wrapped_in_inline_elements_makes_the_table_a_layout() -> None:
    # <font><ul> in a cell: the list is still a block of the cell, not a part of a line
    html = (
        "<table><tr><td><font><marquee><ul><li>first wish<br>Anne</li><li>second wish</li></ul>"
        "</marquee></font></td><td>side</td></tr></table>"
    )
    assert md(html) == "- first wish  \n  Anne\n- second wish\n\nside"


def test_a_one_column_table_keeps_its_lists_and_caption() -> None:
    html = (
        "<table><caption>Guest book</caption><tr><th>Notes</th></tr>"
        "<tr><td><ul><li>one</li><li>two</li></ul></td></tr></table>"
    )
    assert md(html) == "*Guest book*\n\nNotes\n\n- one\n- two"


def test_a_catalogue_of_records_with_long_descriptions_stays_a_table() -> None:
    description = "A worn but complete manual with its dust jacket and every worked example in place. " * 6
    rows = "".join(
        f"<tr><td><center><b>Manual {n}</b></center></td><td>{description}</td><td>{n}</td></tr>"
        for n in range(1, 4)
    )
    out = md(f"<table>{rows}</table>")
    assert out.count("\n| **Manual") == 2 and out.startswith("| **Manual 1** | A worn but complete")
    # two such rows are not yet records: a page's columns (menu | text) look the same
    assert "|" not in md(f"<table>{rows.split('</tr>', 1)[1]}</table>")
    # records do not stretch to a page's column of several thousand characters
    huge = rows.replace(description, description * 5, 1)
    assert "|" not in md(f"<table>{huge}</table>")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab9/()[] <>\\_-.?=#%é")), max_size=24))
def test_a_link_url_reads_back_as_written_under_commonmark(path: str) -> None:
    # what a CommonMark parser takes as the link's destination is the page's URL: balanced
    # parentheses as written, the rest percent-encoded, nothing lost or read as an escape

    from weblens.extract.mdsyntax import markdown_url

    url = "https://site.example/" + path
    tokens = MarkdownIt("commonmark").parseInline(f"[t]({markdown_url(url)})")[0].children or []
    hrefs = [token.attrs["href"] for token in tokens if token.type == "link_open"]
    assert len(hrefs) == 1
    assert unquote(str(hrefs[0])) == unquote(url)
    written = markdown_url(url)
    assert re.fullmatch(r"[^()]*(?:\([^()]*\)[^()]*)*", written)  # pairs one level deep, no more


def test_a_pipe_table_leaves_out_columns_empty_in_every_row() -> None:
    from weblens.extract.mdtable import pipe_table

    grid = [["Q.", "Who do I call?", ""], ["", "Our office, 8 to 5.", ""], ["Q.", "Where are you?", ""]]
    assert pipe_table(grid) == [
        "| Q. | Who do I call? |",
        "| --- | --- |",
        "|  | Our office, 8 to 5. |",
        "| Q. | Where are you? |",
    ]
    # a column with a header over empty cells, or a table of one column's text, stays as it is
    assert pipe_table([["Name", "Notes"], ["Ann", ""]]) == ["| Name | Notes |", "| --- | --- |", "| Ann |  |"]
    assert pipe_table([["Ann", ""], ["Bo", ""]]) == ["| Ann |  |", "| --- | --- |", "| Bo |  |"]
