"""A thread of posts (a forum topic, a question with its answers) keeps its replies, which forum
software marks up as comments; an article keeps dropping its readers' comments."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import weblens
from weblens.extract.threads import has_thread_address, is_thread_page

_CLASSES = Path(__file__).resolve().parents[1] / "fixtures" / "classes"
_OPENING = (
    "I replaced the chain on my old bicycle and now it skips on the smallest cog whenever I pedal "
    "hard uphill. The cassette looks fine to me. Has anyone seen this before, and what did you do?"
)
_REPLY = (
    "A new chain on a worn cassette skips exactly like that: the teeth have worn to the old chain's "
    "pitch. Count the teeth that look like shark fins; if the small cogs do, replace the cassette too."
)
_PAGE = f"""<html><head><title>Chain skips after replacement</title></head><body>
<nav><a href="/">Home</a> <a href="/forums">Forums</a></nav>
<div class="topic"><h1>Chain skips after replacement</h1>
 <div class="post-body"><p>{_OPENING}</p></div></div>
<ul class="comments">
 <li class="comment"><div class="post-body"><p>{_REPLY}</p></div></li>
 <li class="comment"><div class="post-body">
  <p>Thanks, that was it: new cassette and no more skipping at all.</p></div></li>
</ul>
<footer>Powered by a forum engine</footer></body></html>"""


@pytest.mark.parametrize(
    "url",
    [
        "https://bikes.example/forums/topic/chain-skips/",
        "https://bikes.example/t/chain-skips/4411",
        "https://bikes.example/thread-268.html",
        "https://bikes.example/viewtopic.php?t=158836",
        "https://bikes.example/questions/1077347/chain-skips",
        "https://bikes.example/thread-283711-1-1.html",  # Discuz: the thread, its page, its list page
        "https://bikes.example/index.php?topic=9127.0",  # SMF
        "https://bikes.example/index.php?showtopic=4411",  # Invision of old
        "https://bikes.example/r/cycling/comments/1c9xk2p/chain_skips/",  # a post and its comments
        "https://code.example/bikes/gears/issues/412",  # an issue tracker's report and its replies
        "https://code.example/bikes/gears/pull/98/",  # a proposed change and its review
        "https://code.example/bikes/gears/-/merge_requests/7",
        "https://issues.example/jira/browse/FLM-2217",  # an issue tracker's key
        "https://bugs.example/ubuntu/+source/openssh/+bug/2051234",
        "https://bugs.example/show_bug.cgi?id=199870",
        "https://discuss.example/d/34112-chain-skips-after-the-update",  # Flarum
        "https://egg.board.example/test/read.cgi/bikes/1709640847/",  # an anonymous board's reader
        "https://bbs.bikes.example/read.php?tid=88213",  # phpwind's and NGA's reader
        "https://bikes.example/service/board/park/18612345",  # a community board's numbered post
        "https://bikes.example/community/board/300421/read/65432101",
        "https://bikes.example/zboard/view.php?id=freeboard&no=8823456",  # Zeroboard
    ],
)
def test_a_thread_address_keeps_the_replies(url: str) -> None:
    page = weblens.extract(_PAGE, url)
    assert _OPENING in page.text and _REPLY in page.text and "no more skipping" in page.text


def test_the_same_markup_at_an_article_address_drops_the_comments() -> None:
    page = weblens.extract(_PAGE, "https://bikes.example/2024/05/chain-skips-after-replacement")
    assert _OPENING in page.text and _REPLY not in page.text


def test_a_declared_thread_keeps_the_replies_wherever_it_is() -> None:
    for declaration in (
        '<script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "x"}</script>',
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": ["QAPage"]}</script>',
    ):
        html = _PAGE.replace("</head>", declaration + "</head>")
        assert _REPLY in weblens.extract(html, "https://bikes.example/2024/05/chain-skips").text
    microdata = _PAGE.replace("<body>", '<body itemscope itemtype="https://schema.org/QAPage">')
    assert _REPLY in weblens.extract(microdata, "https://bikes.example/2024/05/chain-skips").text


def test_include_comments_still_keeps_an_articles_comments() -> None:
    page = weblens.extract(_PAGE, "https://bikes.example/2024/05/chain-skips", include_comments=True)
    assert _REPLY in page.text


@pytest.mark.parametrize(
    "url",
    [
        None,
        "",
        "https://news.example/2024/05/the-thread-that-binds-us",  # a word inside a slug is no segment
        "https://news.example/topical/forumla",
        "https://news.example/threads-of-silk-123",  # a hyphenated slug, not a numbered thread
        "https://news.example/a/story.html?from=/t/",  # the query is not the path
        "https://news.example/a/story.html?topic=politics",  # a topic by name is a section
        "https://news.example/thread-of-the-day-2024-x.html",  # not numbers alone after the word
        "https://news.example/a?view=forum",  # a segment word as a value is no thread's view
        "https://magazine.example/issues/issue5_2/delong/",  # a magazine's issue, not a tracker's
        "https://policy.example/issues/governance",
        "https://magazine.example/issues/2024/climate",  # a number that is not the last segment
        "https://shop.example/browse/shoes",  # a section to browse, not an issue's key
        "https://bugs.example/show_bug.cgi?format=multiple",
        "https://short.example/d/34112",  # a number alone after "/d/": a short link
        "https://news.example/read/2024/05/13/14045651/chain-skips",  # a news site's "read" page
        "https://news.example/read.php?tid=latest",  # the reader without a thread's number
        "https://oval.example/community/board/minutes/2004-09-21.html",  # a board's minutes, no post
        "https://news.example/board/members",
        "https://news.example/zboard/list.php?id=freeboard",  # a board's list
    ],
)
def test_addresses_that_name_no_thread(url: str | None) -> None:
    assert not has_thread_address(url)


def test_declared_types_decide_alone() -> None:
    assert is_thread_page(frozenset({"qapage"}), None)
    assert is_thread_page(frozenset({"discussionforumposting", "person"}), "https://x.example/a")
    assert not is_thread_page(frozenset({"newsarticle", "comment"}), "https://x.example/a")


@given(st.text(max_size=200))
def test_any_text_as_an_address_gives_an_answer(url: str) -> None:
    assert has_thread_address(url) in (True, False)


def _post(number: int, text: str) -> str:
    box = f'<div class="post-wrap wpfn-{number}" id="post-{number}">'
    return f'{box}<div class="post-content"><p>{text}</p></div></div>'


def test_every_post_of_a_thread_is_kept_when_one_wins() -> None:
    # posts set as boxes alike but for their numbers ("post-wrap wpfn-4"), none named a comment,
    # beside a bar of links that costs more than the replies weigh: the opening post wins the
    # scoring alone, and on a thread the thread is every post beside it
    replies = [
        "Semi finals today at two in the afternoon, and the match will be streamed live for everyone.",
        "Final update: he lost four games to three, a fine run all the same and a great deal of promise.",
    ]
    tools = " ".join(f'<a href="/tool/{n}">Topic tool {n:02}</a>' for n in range(14))
    html = (
        "<html><head><title>Qualification</title></head><body><nav><a href='/'>Home</a></nav>"
        f'<div class="forum-section"><div class="topic-tools">{tools}</div>'
        + _post(1, _OPENING + " " + _OPENING)
        + "".join(_post(n, text) for n, text in enumerate(replies, 2))
        + "</div><footer>Forum engine</footer></body></html>"
    )
    thread = weblens.extract(html, "https://club.example/forum/events/qualification").text
    assert _OPENING in thread and all(reply in thread for reply in replies)
    assert "Topic tool" not in thread
    article = weblens.extract(html, "https://club.example/2024/qualification").text
    assert _OPENING in article and not any(reply in article for reply in replies)  # not a thread


@pytest.mark.parametrize(
    ("kind", "marked"),
    [
        ("answer", "answer accepted-answer"),  # the answer the asker accepted
        ("post", "post post-primary"),  # the reply marked as the thread's solution
        ("post bg1", "post bg2 online"),  # a poster online now, on rows shaded in turn
    ],
)
def test_a_post_marked_with_a_word_of_its_state_is_one_of_the_thread(kind: str, marked: str) -> None:
    # the long opening post wins the scoring alone; the marked reply is short, beside its poster's
    # line and a bar of tools, and is as much a post of the thread as the ones without the mark
    solution = "Are you using <code>shimano-11</code>? Did you change it?"
    tools = " ".join(f'<a href="/tool/{n}">Topic tool {n:02}</a>' for n in range(14))

    def post(names: str, text: str) -> str:
        card = (
            '<div class="card"><a href="/u/ann/1/">ann</a> <a href="/users/staff/">Project Lead</a> '
            '<span>1860 posts</span> <a href="/t/chain/post/6344/">7 days ago</a> '
            '<a href="/t/chain/post/6344/reply">Reply</a> <a href="/t/chain/post/6344/quote">Quote</a> '
            '<a href="/t/chain/post/6344/report">Report</a></div>'
        )
        return f'<div class="{names}">{card}<div class="body"><p>{text}</p></div></div>'

    html = (
        "<html><head><title>Chain skips</title></head><body><nav><a href='/'>Home</a></nav>"
        f'<div class="thread"><div class="tools">{tools}</div>'
        + post(kind, _OPENING + " " + _OPENING)
        + post(marked, solution)
        + post(kind, _REPLY)
        + "</div><footer>Forum engine</footer></body></html>"
    )
    text = weblens.extract(html, "https://bikes.example/t/chain-skips/4411").text
    assert _OPENING in text and _REPLY in text and "Are you using shimano-11?" in text
    assert "Topic tool" not in text


def test_a_reply_of_a_few_short_lines_is_a_post_of_the_thread() -> None:
    # a forum archive's posts: the poster's name and the date over the text; a reply of a few short
    # lines holds no paragraph of prose, and its lines and its heading outweigh it, but it is a post
    def post(name: str, text: str) -> str:
        date = '<div class="date">01-19-2005, 09:24 AM</div>'
        top = f'<div class="posttop"><div class="username">{name}</div>{date}</div>'
        return f'<div class="post">{top}<div class="posttext">{text}</div></div><hr>'

    short = (
        "&gt;&gt; The chain is new. &lt;&lt;<br><br>Interesting.....<br><br>Did the shop check it?<br><br>EC"
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><nav><a href='/'>Home</a></nav>"
        f"<div id='content'>{post('ann', _OPENING)}{post('EC', short)}{post('bob', _REPLY)}</div>"
        "<footer>Forum engine</footer></body></html>"
    )
    text = weblens.extract(html, "https://bikes.example/showthread.php?t=268").text
    assert _OPENING in text and _REPLY in text and "Did the shop check it?" in text


def test_the_lines_every_post_repeats_are_left_out_but_not_a_quotation() -> None:
    login = "Please log in or create an account to join the conversation."
    signature = "I do not answer private messages, so that everyone can learn from the answers."
    quoted = "A new chain on a worn cassette skips because the teeth have worn to the old pitch."
    posts = [
        f"<div class='post'><p>{_OPENING}</p><p>{signature}</p><p>{login}</p></div>",
        f"<div class='post'><p>{quoted} Count the worn teeth before you buy.</p><p>{login}</p></div>",
        f"<div class='post'><blockquote><p>{quoted}</p></blockquote><p>{_REPLY}</p><p>{signature}</p>"
        f"<p>{login}</p></div>",
    ]
    thread = f"<div class='thread'>{''.join(posts)}</div>"
    html = f"<html><head><title>Chain</title></head><body>{thread}</body></html>"
    text = weblens.extract(html, "https://bikes.example/forums/topic/chain").text
    assert _OPENING in text and _REPLY in text and quoted in text
    assert login not in text and signature not in text
    article = weblens.extract(html, "https://bikes.example/2024/chain").text  # no thread: left alone
    assert login in article


@pytest.mark.parametrize(
    "quote",
    [
        "<blockquote><p>{}</p></blockquote>",
        # forum engines' quotation boxes: vBulletin's, SMF's, a plain one
        "<div class='bbcode_container'><div class='bbcode_quote'><div class='message'>{}</div></div></div>",
        "<div class='quoteheader'>Quote from: Ken</div><div class='quote'><p>{}</p></div>",
    ],
)
def test_a_post_quoted_whole_in_a_reply_is_no_repeat(quote: str) -> None:
    # the reply quotes the opening post word for word: the opening post stays
    posts = [
        f"<li class='b-post'><div class='post-text'><p>{_OPENING}</p></div></li>",
        f"<li class='b-post'>{quote.format(_OPENING)}<div class='post-text'><p>{_REPLY}</p></div></li>",
    ]
    html = (
        "<html><head><title>Chain</title></head><body>"
        f"<ul class='conversation-list'>{''.join(posts)}</ul></body></html>"
    )
    text = weblens.extract(html, "https://bikes.example/forum/chain/48939-a-chain").text
    assert _OPENING in text and _REPLY in text


def test_a_short_question_without_prose_is_a_post_of_its_thread() -> None:
    # the opening question is a line of links and code, no paragraph of prose: still a post, so
    # the box of the two posts is the thread, not the reply that scores best alone
    from weblens.extract.blocks import gather_stats
    from weblens.extract.clean import clean, strip_junk
    from weblens.extract.content import select_main
    from weblens.extract.parse import parse_html

    question = (
        "how come i dont see any <a href='/user/route'>@route</a> or <a href='/user/app'>@app.route</a> "
        "in <a href='/src'>the source</a>"
    )

    def row(number: int, text: str) -> str:
        author = "".join(f"<a href='/user/{number}/{n}'>Profile link {n}</a>" for n in range(4))
        return (
            f"<div class='row post-row' id='{number}'><div class='author-box'>{author}</div>"
            f"<div class='post-box'><div class='post-meta row'><a href='/post/{number}'>2020-03-28 07:47</a>"
            f"</div><div class='post-content' id='pid{number}'>{text}</div></div></div>"
        )

    html = (
        "<html><body><div class='topic-body'>"
        + row(2841, question)
        + row(2842, f"<p>{_REPLY}</p>")
        + "</div><footer>Forum engine</footer></body></html>"
    )
    root = parse_html(html).root
    strip_junk(root)
    body = root.find("body")
    assert body is not None
    stats = gather_stats(body)
    cleaning = clean(body, stats, thread=True)
    chosen = select_main(body, stats, cleaning.removed, cleaning.spared, thread=True).element
    assert chosen.get("class") == "topic-body"


def test_the_opening_post_and_the_box_of_replies_beside_it_are_the_thread() -> None:
    # the topic and its replies are boxes of two kinds, side by side, with a sidebar beside them
    reply_box = "".join(
        f"<div class='reply' id='reply{n}'><div class='markdown'><p>{text}</p></div></div>"
        for n, text in enumerate([_REPLY, "Thanks, that was it: a new cassette and no more skipping at all."])
    )
    sidebar = "".join(f"<a href='/topics/{n}'>Another topic of the forum, number {n}</a>" for n in range(6))
    html = (
        "<html><head><title>Chain skips</title></head><body><div class='main'><div class='column'>"
        f"<div class='topic-detail card'><div class='card-body'><p>{_OPENING}</p></div></div>"
        f"<div class='card' id='replies'>{reply_box}</div>"
        f"<div class='card'><div class='card-body'>{sidebar}</div></div>"
        "</div></div></body></html>"
    )
    thread = weblens.extract(html, "https://bikes.example/topics/4411").text
    assert _OPENING in thread and _REPLY in thread and "no more skipping" in thread
    assert "Another topic" not in thread


def test_the_posters_card_beside_each_post_is_not_what_they_wrote() -> None:
    # forum engines mark the poster's card up as a schema.org Person: name, title, facts
    def card(name: str, joined: str, messages: int) -> str:
        return (
            f"<section itemscope itemtype='https://schema.org/Person' class='message-user'>"
            f"<h4><a href='/members/{name}'><span itemprop='name'>{name}</span></a></h4>"
            f"<h5 itemprop='jobTitle'>Well-Known Member</h5>"
            f"<dl><dt>Joined</dt><dd>{joined}</dd></dl><dl><dt>Messages</dt><dd>{messages}</dd></dl></section>"
        )

    posts = [
        f"<article class='message'>{card(name, joined, count)}<div class='bbWrapper'>{text}</div></article>"
        for name, joined, count, text in (
            ("strato", "Apr 18, 2015", 343, _OPENING),
            ("john", "Jun 16, 2014", 497, _REPLY),
        )
    ]
    thread = f"<div class='block'>{''.join(posts)}</div>"
    html = f"<html><head><title>Chain</title></head><body>{thread}</body></html>"
    text = weblens.extract(html, "https://bikes.example/threads/chain-skips.138154/").text
    assert _OPENING in text and _REPLY in text
    assert "Joined" not in text and "Apr 18, 2015" not in text and "Well-Known Member" not in text


def test_a_threads_text_opens_with_its_topic_and_an_articles_without_its_headline() -> None:
    thread = weblens.extract(_PAGE, "https://bikes.example/forums/topic/chain-skips/")
    assert thread.text.startswith("Chain skips after replacement\n\n" + _OPENING)
    assert thread.text.count("Chain skips after replacement") == 1
    assert thread.markdown.startswith("# Chain skips after replacement")  # the Markdown as before
    article = weblens.extract(_PAGE, "https://bikes.example/2024/05/chain-skips-after-replacement")
    assert article.text.startswith(_OPENING)  # a headline is the title field alone


def _nested_post(number: int, text: str, *, depth: int) -> str:
    """A post as XenForo 2 sets it: its text boxes deep below the post's own box, between the
    poster's card, a header of links (its number, its date) and a footer of buttons."""
    opening = "".join(f"<div class='message-level{level}'>" for level in range(depth))
    closing = "</div>" * depth
    return (
        f"<article class='message message--post' id='js-post-{number}'><div class='message-inner'>"
        f"<div class='message-user'><a href='/members/{number}'>member{number}</a>"
        f"<dl><dt>Messages</dt><dd>{number * 7}</dd></dl></div>"
        f"<header class='message-attribution'><a href='/posts/{number}'>#{number}</a>"
        f"<a href='/posts/{number}/date'>4 Mar 2024</a></header>"
        f"{opening}<div class='bbWrapper'>{text}</div>{closing}"
        "<footer class='message-footer'>"
        + "".join(f"<a href='/posts/{number}/{act}'>{act}</a>" for act in ("like", "quote", "report"))
        + "</footer></div></article>"
    )


@pytest.mark.parametrize("depth", [2, 7])
def test_a_short_reply_between_its_posters_card_and_buttons_is_kept(depth: int) -> None:
    # a reply of a line weighs less than its card, header and buttons; and forum engines nest a
    # post's text up to nine boxes below the list of posts
    short = "+1, the same happened to mine last winter."
    texts = [" ".join([_OPENING] * 3), " ".join([_REPLY] * 2), short]  # (too long to be read as a list)
    posts = "".join(_nested_post(n, text, depth=depth) for n, text in enumerate(texts, 1))
    html = f"<html><head><title>Chain</title></head><body><div class='block-body'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://bikes.example/threads/chain-skips.138154/").text
    assert _OPENING in text and _REPLY in text and short in text
    assert "member2" not in text and "report" not in text


def _discuz_post(number: int, poster: str, text: str, signature: str) -> str:
    """A post as Discuz sets it: a box with an id and no class, a table of the poster's card beside
    the text, and the poster's signature under it."""
    return (
        f"<div id='post_{number}'><table id='pid{number}'><tr>"
        f"<td class='pls'><a href='/space-uid-{number}.html'>{poster}</a></td>"
        f"<td class='plc'><div class='pi'><a href='/post/{number}'>#{number}</a></div>"
        f"<div class='t_fsz'>{text}</div><div class='sign'>{signature}</div></td>"
        "</tr></table></div>"
    )


def test_posts_named_by_their_ids_alone_are_the_thread_and_signatures_are_left_out() -> None:
    motto = "Succulents hate me a thousand times and I love them like the first time."
    posts = [
        _discuz_post(4519021, "shanghai_fatty", " ".join([_OPENING] * 3), motto),
        _discuz_post(4519058, "greenthumb", f"{_REPLY} {_REPLY}", "No private messages, please."),
        _discuz_post(4519102, "shanghai_fatty", "Thanks, a small fan on the balcony fixed it.", motto),
    ]
    # the thread's bars of links (its pages, related threads) cost more than the replies weigh:
    # the opening post wins alone, and the thread is every box of its kind beside it
    bar = "".join(f"<a href='/forum-{n}.html'>Another board of the forum, number {n}</a>" for n in range(12))
    html = (
        "<html><head><title>Roots rot</title></head><body>"
        f"<div id='postlist' class='pl'><div class='pgs'>{bar}</div>{''.join(posts)}"
        f"<div class='pgs'>{bar}</div></div></body></html>"
    )
    text = weblens.extract(html, "https://bbs.example/thread-283711-1-1.html").text
    assert _OPENING in text and _REPLY in text and "a small fan on the balcony" in text
    assert motto not in text and "No private messages" not in text


@pytest.mark.parametrize("name", ["postsign", "usersign"])
def test_a_signature_named_in_one_word_with_its_owner_is_left_out(name: str) -> None:
    """NGA names each post's signature ``postsign`` (not "signature", nor a word "sign" of its own)."""
    motto = "Succulents hate me a thousand times and I love them like the first time."
    posts = [
        _discuz_post(4519021, "shanghai_fatty", " ".join([_OPENING] * 3), motto),
        _discuz_post(4519058, "greenthumb", f"{_REPLY} {_REPLY}", motto),
    ]
    named = "".join(posts).replace("class='sign'", f"class='{name}'")
    html = f"<html><head><title>Roots rot</title></head><body><div id='postlist'>{named}</div></body></html>"
    text = weblens.extract(html, "https://bbs.example/read.php?tid=283711").text
    assert _OPENING in text and _REPLY in text and motto not in text


def test_a_signature_is_left_out_only_on_a_thread() -> None:
    # an API reference names its function signatures so: on a page that is no thread they stay
    signature = "def render(page: Page, *, width: int = 80) -> str"
    doc = (
        "<html><head><title>render</title></head><body><main><h1>render</h1>"
        f"<div class='signature'><code>{signature}</code></div>"
        f"<p>{_OPENING}</p><p>{_REPLY}</p></main></body></html>"
    )
    assert signature in weblens.extract(doc, "https://docs.example/api/render.html").text


@pytest.mark.parametrize("name", ["spAuthorPost", "ipsSidebarMessage"])
def test_a_compound_name_ending_in_post_names_a_post_not_its_first_word(name: str) -> None:
    # a forum engine marks the posts of the thread's author "spAuthorPost": a post, not an author box
    posts = "".join(
        f"<div class='spTopicPostSection {extra}' id='post{n}'><div class='spPostContent'><p>{text}</p></div>"
        "</div>"
        for n, (extra, text) in enumerate([(name, _OPENING), ("spUserPost", _REPLY)])
    )
    html = f"<html><head><title>Chain</title></head><body><div id='postlist'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://bikes.example/forum/chain-skips/").text
    assert _OPENING in text and _REPLY in text


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("windowbg", "windowbg2"),  # SMF shades every other post
        ("post bg1", "post bg2"),  # phpBB
        ("spTopicPostSection spOdd", "spTopicPostSection spEven"),
        ("post-138 post", "post-139 post"),
    ],
)
def test_posts_shaded_in_turn_are_of_one_kind(first: str, second: str) -> None:
    from lxml.html import fragment_fromstring

    from weblens.extract.posts import _post_kind

    one, two = (fragment_fromstring(f"<div class='{name}'>x</div>") for name in (first, second))
    assert _post_kind(one) == _post_kind(two)
    assert _post_kind(one) != _post_kind(fragment_fromstring("<div class='sidebar'>x</div>"))


def test_the_posters_card_beside_each_post_is_left_out() -> None:
    # SMF: the card (a link to the member's profile, a rank, counts) beside each post's text
    def post(number: int, shade: str, name: str, text: str) -> str:
        return (
            f"<div class='{shade}'><div class='post_wrapper'><div class='poster'>"
            f"<h4><a href='/index.php?action=profile;u={number}'>{name}</a></h4>"
            f"<ul><li>Veteran gardener</li><li>Posts: {number * 97}</li><li>Karma: +{number}</li></ul></div>"
            f"<div class='postarea'><div class='post'><div class='inner'>{text}</div></div></div></div></div>"
        )

    posts = "".join(
        post(n, "windowbg2" if n % 2 else "windowbg", name, text)
        for n, (name, text) in enumerate(
            [("Balconera", f"{_OPENING} {_OPENING}"), ("TioPaco", f"{_REPLY} {_REPLY}"), ("Rosa", _REPLY)], 1
        )
    )
    html = f"<html><head><title>Tomatoes</title></head><body><div id='forumposts'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://garden.example/index.php?topic=9127.0").text
    assert _OPENING in text and _REPLY in text
    assert "Karma" not in text and "Veteran gardener" not in text


def _question_page(comments: str) -> str:
    question = (
        "Every few months I start something I am genuinely excited about, work on it every evening for "
        "three or four weeks, and then it quietly dies. I have a day job and two kids, so discipline "
        "alone is not going to cut it. What actually worked for you when a project kept going? I would "
        "like to hear what made the difference, not what should have."
    )
    return (
        "<html><head><title>Ask: keeping a side project alive</title></head><body>"
        "<table class='fatitem'><tr><td class='title'>Ask: keeping a side project alive</td></tr>"
        "<tr><td class='subtext'>212 points by quietbuilder</td></tr>"
        f"<tr><td><p>{question}</p></td></tr></table>"
        f"<table class='comment-tree'>{comments}</table></body></html>"
    )


def test_a_question_under_replies_that_say_more_is_a_thread_unless_its_address_is_a_storys() -> None:
    replies = [
        "Lower the bar for a session: I end every evening by writing one sentence in a notes file about "
        "what I would do next, so the next session starts in thirty seconds instead of thirty minutes.",
        "I stopped treating a pause as failure. Projects are seasonal for me now; when one goes quiet I "
        "write down where it stands, and picking it up again months later is easy enough to do.",
        "Tell someone what you will show them on Friday. A small public promise carried me through the "
        "dull middle of the last three projects, and two of them shipped because of it in the end.",
        "Pick projects you would use yourself every week. The ones I kept going were the ones I needed, "
        "and the ones that died were the ones I only thought would be fun to have built someday.",
    ]
    comments = "".join(
        f"<tr class='comtr'><td><div class='comment'><span class='commtext'>{text}</span></div></td></tr>"
        for text in replies
    )
    html = _question_page(comments)
    asked = weblens.extract(html, "https://news.example/item?id=40112233").text
    assert all(reply[:40] in asked for reply in replies)
    story = weblens.extract(html, "https://blog.example/2018/09/10/open-thread/").text
    assert not any(reply[:40] in story for reply in replies)
    # a story marked as an article's body under its readers' comments: the story alone
    marked = html.replace("<tr><td><p>", "<tr><td itemprop='articleBody'><p>")
    brief = weblens.extract(marked, "https://news.example/local/dog-park/article_5c1e.html").text
    assert "quietly dies" in brief and not any(reply[:40] in brief for reply in replies)


def test_a_post_set_in_a_form_is_no_chrome_on_a_thread() -> None:
    # old reddit sets each post's text in the form that edits it (a post of a paragraph of prose)
    posts = "".join(
        f"<div class='thing'><form action='#' class='usertext'><div class='md'><p>{text}</p></div></form>"
        "</div>"
        for text in (
            _OPENING,
            _REPLY,
            "Thanks, that was it: a new cassette, and no more skipping at all on the hills around town.",
        )
    )
    html = f"<html><head><title>Chain</title></head><body><div class='sitetable'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://bikes.example/r/cycling/comments/1c9xk2p/chain_skips/").text
    assert _OPENING in text and _REPLY in text and "no more skipping" in text


def _smf_post(number: int, name: str, text: str) -> str:
    """A post as SMF 2.1 sets it: the poster's card (rank, count, a blurb, a place) beside the box
    of the post's text."""
    return (
        f"<div class='windowbg' id='msg{number}'><div class='post_wrapper'><div class='poster'>"
        f"<h4><a href='/index.php?action=profile;u={number}'>{name}</a></h4><ul class='user_info'>"
        f"<li class='postgroup'>Gardener</li><li class='postcount'>Posts: {number * 7}</li>"
        "<li class='blurb'>Sandy soil, sun until three in the afternoon</li>"
        "<li class='custom'>Location: Assen</li></ul></div>"
        f"<div class='postarea'><div class='keyinfo'><a href='/index.php?msg={number}'>14 June 2024</a></div>"
        f"<div class='post'><div class='inner'>{text}</div></div></div></div></div>"
    )


def test_a_short_reply_outweighed_by_its_posters_card_is_read_where_the_others_text_is() -> None:
    # the card's blurb counts as more prose than a reply of three words: the reply's text box is
    # found where the thread's other posts hold theirs, and its card goes like theirs
    posts = "".join(
        _smf_post(n, name, text)
        for n, (name, text) in enumerate(
            [
                ("Hanneke", f"{_OPENING} {_OPENING}"),
                ("Gerrit", f"{_REPLY} {_REPLY}"),
                ("Hanneke", "Thanks, it works!"),
            ],
            1,
        )
    )
    html = f"<html><head><title>Tomatoes</title></head><body><div id='forumposts'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://garden.example/index.php?topic=9127.0").text
    assert _OPENING in text and _REPLY in text and "Thanks, it works!" in text
    assert "Posts: " not in text and "Sandy soil" not in text


def test_posts_marked_as_comments_in_microdata_are_one_kind_whatever_their_classes() -> None:
    # vBulletin 5: the first post, the moderators' and the members' differ by two class words or more
    def post(classes: str, itemtype: str, text: str) -> str:
        return (
            f"<li class='b-post js-post {classes}' itemscope itemtype='https://schema.org/{itemtype}'>"
            "<div class='b-post__userinfo'><a href='/member/8812-pez'>Pez</a><div>Member</div><ul>"
            "<li><label>Joined:</label> <span>Jun 2023</span></li>"
            "<li><label>Messages:</label> <span>143</span></li>"
            "</ul></div><div class='b-post__body'><div class='b-post__content'>"
            "<div class='b-post__timestamp'>"
            "<time datetime='2024-03-08T21:21:52'>8 Mar 2024, 21:21</time></div>"
            f"<div class='js-post__content-text'>{text}</div>"
            "<div class='b-post__signature'>120 l planted · 8 Corydoras panda · 15 neon tetras</div>"
            "</div><ul class='js-post-controls'><li><a href='/login'>Reply</a></li>"
            "<li><a href='/login'>Quote</a></li><li><a href='/login'>Report</a></li></ul></div></li>"
        )

    posts = "".join(
        (
            post("b-post--first js-poll-hide", "Question", f"{_OPENING} {_OPENING}"),
            post("b-post--staff usergroup--moderator", "Comment", f"{_REPLY} {_REPLY}"),
            post("b-post--text", "Comment", "Thanks, that solved it!"),
        )
    )
    bar = "".join(f"<a href='/forum/{n}'>Another board of the forum, number {n}</a>" for n in range(12))
    html = (
        "<html><head><title>Algae</title></head><body><section class='l-col'>"
        f"<div class='pages'>{bar}</div><ul class='conversation-list'>{posts}</ul>"
        f"<div class='pages'>{bar}</div></section></body></html>"
    )
    text = weblens.extract(html, "https://aqua.example/forum/algae/41177-algae-on-the-glass").text
    assert _OPENING in text and _REPLY in text and "Thanks, that solved it!" in text


def test_the_thread_ends_with_its_last_post() -> None:
    # MyBB: after the posts, in the same box, a table of similar threads (each cell a link) and a
    # line of who is reading
    posts = "".join(
        f"<div class='post classic' id='post_{n}'><div class='post_author'>"
        f"<a href='/member.php?uid={n}'>member{n}</a></div><div class='post_body'>{text}</div></div>"
        for n, text in enumerate(
            [f"{_OPENING} {_OPENING}", f"{_REPLY} {_REPLY}", "Thanks, a new cassette fixed it."]
        )
    )
    similar = "".join(
        f"<tr><td><a href='/showthread.php?tid={n}'>Chain noise after a new derailleur, part {n}</a></td>"
        f"<td><a href='/member.php?uid={n}'>rider{n}</a></td><td>{n}</td><td>{n * 40}</td></tr>"
        for n in range(5)
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div id='content'><div class='wrapper'>"
        "<table class='tborder tfixed clear'><tr><td><strong>Chain skips</strong></td></tr>"
        f"<tr><td><div id='posts'>{posts}</div></td></tr></table>"
        "<a class='button' href='/newreply.php?tid=4'>New reply</a><table class='tborder'>"
        f"<tr><td colspan='4'><strong>Similar threads</strong></td></tr>{similar}</table>"
        "<span class='smalltext'>Users browsing this thread: 1 guest(s)</span></div></div></body></html>"
    )
    text = weblens.extract(html, "https://bikes.example/showthread.php?tid=48821").text
    assert _OPENING in text and _REPLY in text and "a new cassette fixed it" in text
    assert "Chain noise after a new derailleur" not in text and "Users browsing" not in text


def test_a_thread_the_second_opinion_chose_one_post_of_keeps_all_its_posts() -> None:
    # a Discuz thread whose density choice is unsure: the readability-style scorer picks one post
    # (a reply's table cell), and the thread is still every post beside it
    html = (Path(__file__).parents[1] / "fixtures" / "extract" / "discuz_thread_unsure.html").read_bytes()
    text = weblens.extract(html, "https://bbs.laozhou.example/thread-204518-1-1.html").text
    assert "上个月入手了一台四盘位的NAS" in text  # the opening post
    assert "顶，学习了" in text and "马克，回头照着配置" in text  # short replies
    assert "楼主这个问题问得好" in text


_HOT = "".join(
    f'<dl class="cl"><dt><a href="thread-{n}-1-1.html">{title}</a></dt><dd class="xg1">{summary}</dd></dl>'
    for n, title, summary in (
        (2870000, "Building a gaming machine from scratch, with a full parts list", "It took me a month from "
         "choosing the processor and the board to the power supply and the case's airflow, and I made "
         "every mistake there is. The thread lists every part, where I bought it and for how much, the "
         "settings to change in the firmware, and what to check when the first boot shows nothing."),
        (2870311, "Solid-state drives slow down badly: six models measured", "Same machine, same tool: "
         "six popular drives measured inside and outside their cache; two fall to a hard disk's speed."),
        (2870622, "How to pick a second-hand graphics card", "Look at the contacts, the screws of the "
         "cooler and the firmware's version, then run a stress test for half an hour."),
        (2870933, "The network crawls every evening, a new router did not help", "Three hundred "
         "megabits by day, twenty or thirty after eight in the evening, and games lag badly."),
    )
)  # fmt: skip
_SHORT_THREAD = f"""<html><head><title>Laptop fan roars though it is cool - Hardware - Board</title></head>
<body>
<div id="hd"><a href="/">Board</a> <a href="forum.php">Forums</a></div>
<div class="frame"><div class="frame-title"><span class="titletext">Hot today</span></div>
<div class="module">{_HOT}</div></div>
<h1 id="thread_subject">Laptop fan roars though it is cool</h1>
<div id="postlist">
 <div id="post_1" class="post"><div class="authi"><a href="space-uid-882.html">jay</a></div>
  <div class="t_f">My laptop's fan spins at full speed from the moment it starts, though it reads forty
  degrees. Does anyone know why?</div></div>
 <div id="post_2" class="post"><div class="authi"><a href="space-uid-100.html">kim</a></div>
  <div class="t_f">Look in the firmware whether the fan mode was set to performance.</div></div>
 <div id="post_3" class="post"><div class="authi"><a href="space-uid-882.html">jay</a></div>
  <div class="t_f">Thanks, the maker's power driver fixed it!</div></div>
</div><div id="ft">Powered by a forum engine</div></body></html>"""


def test_a_short_thread_is_its_posts_not_the_list_of_other_threads_beside_it() -> None:
    # the other threads' first lines outweigh the posts, and the page's text is short: it is still
    # a thread, not a listing
    page = weblens.extract(_SHORT_THREAD, "https://board.example/thread-2871345-1-1.html")
    assert "fan spins at full speed" in page.text and "power driver fixed it" in page.text
    assert "six popular drives" not in page.text and "stress test" not in page.text


def test_a_list_at_a_topic_address_without_posts_is_still_a_listing() -> None:
    # a site's section at a "/topic/" address: no posts alike, so the listing try stays open to it
    html = _SHORT_THREAD.split('<div id="postlist">')[0] + "</body></html>"
    page = weblens.extract(html, "https://site.example/topic/0,2686,en_1,00.html")
    assert "six popular drives" in page.text


def _comment(user: str, text: str, replies: str = "") -> str:
    return (
        f'<li class="comments_subtree"><div class="comment"><div class="voters"><a class="upvoter"'
        f' href="/login"></a><div class="score">3</div></div><div class="details"><div class="byline">'
        f'<a href="/~{user}"><img class="avatar" alt="{user} avatar" src="/avatars/{user}.png"></a> '
        f'<a href="/~{user}">{user}</a> <a href="/c/{user}">2 hours ago</a> <span> | </span>'
        f'<a href="/s/k3xq9a/how#c_{user}">link</a> <span> | </span><a href="/login">flag</a></div>'
        f'<div class="comment_text"><p>{text}</p></div></div><ol class="comments">{replies}</ol></div></li>'
    )


def test_a_short_reply_nested_under_the_post_it_answers_is_kept() -> None:
    nested = _comment("nyxbit", "+1, same experience.")
    tree = _comment("ferris", _REPLY, nested) + _comment(
        "quill",
        "We run the suite against a real database in a container; the ten seconds it adds are "
        "worth every bug it catches before a release, and fixtures stay honest.",
    )
    html = f"""<html><head><title>How do you structure integration tests?</title></head><body>
    <div class="story"><h1>How do you structure integration tests?</h1><p>{_OPENING}</p></div>
    <ol class="comments comments1">{tree}</ol></body></html>"""
    page = weblens.extract(html, "https://links.example/s/k3xq9a/how_do_you_structure")
    assert _REPLY in page.text and "real database" in page.text
    assert "+1, same experience." in page.text and "flag" not in page.text


def _post(user: str, text: str) -> str:
    return (
        f'<div class="Bgc(c-white) P(16px) postlist"><div class="D(f) post-header"><a href="/profile/{user}"'
        f' class="username">{user}</a><div class="user-meta"><span>Newbie</span> · <span>Posts: 12</span> · '
        f'<span>Join: 29-01-2024</span></div><a href="/show_post/{user}" class="post-number">#6</a></div>'
        f'<div class="Fz(15px) entry post-content">{text}</div><div class="post-actions"><a href="/reply">'
        f"Balas</a> <a href='/quote'>Kutip</a></div></div>"
    )


def test_a_reply_of_three_words_in_the_box_where_the_thread_sets_its_posts_text_is_kept() -> None:
    posts = _post("starter", _OPENING) + _post("helper", _REPLY) + _post("lurker", "ikut nyimak gan")
    last = _post("third", _REPLY.replace("chain", "belt"))
    html = f"""<html><head><title>Chain skips</title></head><body><h1>Chain skips</h1>
    <div class="thread-posts">{posts}{last}</div></body></html>"""
    page = weblens.extract(html, "https://forum.example/thread/65f1a2b3/chain-skips")
    assert _OPENING in page.text and "ikut nyimak gan" in page.text and "Posts: 12" not in page.text


def test_comments_marked_as_such_are_a_reports_posts_before_boxes_of_its_header() -> None:
    # a tracker's report in two generic boxes ("top-portlet"), then its comments, marked by microdata
    comments = "".join(
        f'<div class="boardComment" itemprop="comment" itemscope itemtype="http://schema.org/UserComments">'
        f'<div class="boardCommentDetails"><a href="https://people.example/~{who}" class="person">{who}</a>'
        f' wrote on 2024-01-2{n}</div><div class="boardCommentBody" itemprop="commentText"><p>{text}</p>'
        f"</div></div>"
        for n, (who, text) in enumerate(
            (
                ("nikhil", _REPLY),
                ("arne", "Confirmed on the current release with the same configuration here."),
                ("elena", "I have uploaded a fixed package that reads the included files; please test it."),
            )
        )
    )
    html = f"""<html><head><title>Chain skips : Bugs</title></head><body><div id="maincontent">
    <div class="top-portlet"><span>This bug affects 14 people</span></div>
    <div class="top-portlet"><h1>Chain skips</h1><div class="description"><p>{_OPENING}</p>
    <p>{_OPENING.replace("chain", "cable")}</p><p>{_OPENING.replace("chain", "cassette")}</p></div></div>
    <div id="comments">{comments}</div></div></body></html>"""
    page = weblens.extract(html, "https://bugs.example/ubuntu/+source/bikes/+bug/2051234")
    assert _OPENING in page.text and _REPLY in page.text and "fixed package" in page.text


def test_every_reply_set_in_the_posts_text_box_stays_however_short_or_linked() -> None:
    """Each post sets its text in a box named alike ("Post-body"); a reply of one short paragraph,
    or of one link, is that box's ``<p>`` and stays, as the long posts' paragraphs do."""
    replies = [
        "<p>Same on 1.8.5 with PHP 8.3, and disabling the polls extension did not help at all here.</p>",
        "<p>Thanks!</p>",
        "<p><a href='https://code.example/forum/issues/3954'>https://code.example/forum/issues/3954</a></p>",
        "<p>Run the update for the mentions extension, then clear the cache.</p><p>That fixed it for two "
        "of us on the same version of the core, with every other extension left as it was.</p>",
    ]
    posts = "".join(
        f"<div class='PostStream-item'><article class='Post'><header class='Post-header'>"
        f"<a href='/u/user{n}'>user{n}</a></header><div class='Post-body'>{body}</div>"
        "<aside class='Post-actions'><button>Like</button><button>Reply</button></aside></article></div>"
        for n, body in enumerate([f"<p>{_OPENING}</p>", *replies])
    )
    html = (
        "<html><head><title>Mentions break</title></head><body><main><h1>Mentions break</h1>"
        f"<div class='PostStream'>{posts}</div></main></body></html>"
    )
    page = weblens.extract(html, "https://discuss.example/d/34112-mentions-break")
    for needle in ("disabling the polls", "Thanks!", "That fixed it for two"):
        assert needle in page.text
    assert "[https://code.example/forum/issues/3954](https://code.example/forum/issues/3954)" in page.markdown


def test_an_avatars_letter_inside_the_posters_link_is_no_part_of_the_name() -> None:
    """Flarum sets the avatar's initial inside the link to the poster's profile
    (``<a href="/u/kaycee_dev"><span class="Avatar">K</span>kaycee_dev</a>``): the starter is the
    handle, not "Kkaycee_dev"."""
    posts = "".join(
        f"<article class='Post'><header><h3><a href='/u/{who}'><span class='Avatar'>{who[0].upper()}</span>"
        f"{who}</a></h3></header><div class='Post-body'><p>{text}</p></div></article>"
        for who, text in (("kaycee_dev", _OPENING), ("jasonh", _REPLY))
    )
    html = (
        f"<html><head><title>Mentions break</title></head><body><main><h1>Mentions break</h1>{posts}</main>"
    )
    html += "</body></html>"
    page = weblens.extract(html, "https://discuss.example/d/34112-mentions-break")
    assert page.author == "kaycee_dev"


def test_a_class_word_repeating_the_posts_own_id_names_no_kind() -> None:
    """Old Reddit names each comment by its id in a class word too (``class="thing id-t1_l0fa3de
    comment" id="thing_t1_l0fa3de"``): the comments are still of one kind; words of the kind
    itself, and ids that no class word repeats, still tell boxes apart."""
    from lxml.html import fragment_fromstring

    from weblens.extract.posts import _post_kind

    one, two = (
        fragment_fromstring(f"<div class='thing id-t1_{name} comment' id='thing_t1_{name}'>x</div>")
        for name in ("l0fa3de", "l0g02kk")
    )
    assert _post_kind(one) == _post_kind(two)
    other = fragment_fromstring("<div class='thing id-t3_1c9xk2p link' id='thing_t3_1c9xk2p'>x</div>")
    assert _post_kind(other) != _post_kind(one)
    # without the id beside it, a numbered class word is a kind with its digits taken out
    assert _post_kind(fragment_fromstring("<div class='post-138 post'>x</div>"))[1] == {"post"}


def _reddit_comment(number: int, who: str, text: str) -> str:
    """A comment as old Reddit sets it: its id in a class word, its text in a form of hidden inputs."""
    name = f"k{number}x{number}q"
    return (
        f"<div class='thing id-t1_{name} comment' id='thing_t1_{name}'><div class='entry'>"
        f"<p class='tagline'><a href='/user/{who}' class='author'>{who}</a> 3 points</p>"
        f"<form action='#' class='usertext'><input type='hidden' name='thing_id' value='t1_{name}'>"
        f"<div class='usertext-body'><div class='md'><p>{text}</p></div></div></form>"
        "<ul class='flat-list buttons'><li><a href='#'>permalink</a></li><li><a href='#'>reply</a></li></ul>"
        "</div></div>"
    )


def test_a_short_comment_in_a_form_of_hidden_inputs_is_a_post_a_search_form_is_not() -> None:
    comments = "".join(
        _reddit_comment(number, who, text)
        for number, (who, text) in enumerate(
            (("ann", _OPENING), ("bo", _REPLY), ("cy", "Underproofed. Been there."), ("di", "Same here."))
        )
    )
    search = (
        "<form action='/search'><input type='hidden' name='sort' value='new'>"
        "<p>Search this community</p><input type='text' name='q'><button>Go</button></form>"
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div class='content'>"
        f"<div class='sitetable nestedlisting'>{comments}</div>{search}</div></body></html>"
    )
    text = weblens.extract(html, "https://bikes.example/r/cycling/comments/1c9xk2p/chain_skips/").text
    assert "Underproofed. Been there." in text and "Same here." in text
    assert "Search this community" not in text


def test_strip_junk_names_the_forms_with_no_control_to_fill_in() -> None:
    from lxml.html import document_fromstring

    from weblens.extract.clean import strip_junk

    root = document_fromstring(
        "<html><body><form id='a'><input type='hidden' name='id' value='1'><p>Text</p></form>"
        "<form id='b'><input type='hidden' name='s'><input type='radio' name='r'></form>"
        "<form id='c'><select name='f'><option>One</option></select></form>"
        "<form id='d'><textarea name='t'></textarea></form><form id='e'><p>Nothing</p></form></body></html>"
    )
    bare = strip_junk(root)
    assert sorted(form.get("id") for form in bare) == ["a", "e"]
    assert next(root.iter("input", "select", "textarea"), None) is None  # the controls are gone


def _link_board_item(byline: str) -> str:
    """An item page of a link board: the submission's title, its line of points, poster, date and
    buttons, its text, then comments with their own headers."""
    comments = "".join(
        f"<tr class='athing comtr'><td><span class='comhead'><a href='user?id={who}'>{who}</a> "
        f"<a href='item?id={number}'>on April 22, 2024</a> | <a href='#'>next</a></span>"
        f"<div class='comment'><div class='commtext'>{text}</div></div></td></tr>"
        for number, (who, text) in enumerate(
            (("marg", _REPLY), ("tal", _OPENING), ("fe", "Trying it tonight."))
        )
    )
    return (
        "<html><head><title>Ask: keeping a side project alive | Board</title></head><body><table>"
        "<tr><td class='title'><span class='titleline'><a href='item?id=7'>Ask: keeping a side project alive"
        f"</a></span></td></tr><tr><td class='subtext'>{byline}</td></tr>"
        "<tr><td><div class='toptext'>Every few months I start something, work on it every evening for three"
        " weeks, and then it quietly dies. What actually worked for you?</div></td></tr></table>"
        f"<table class='comment-tree'>{comments}</table></body></html>"
    )


def test_the_opening_posts_card_on_a_link_board_is_left_out_and_names_the_author() -> None:
    byline = (
        "<span class='score'>212 points</span> by <a href='user?id=quietbuilder'>quietbuilder</a> "
        "<a href='item?id=7'>on April 22, 2024</a> | <a href='hide?id=7'>hide</a> | "
        "<a href='fave?id=7'>favorite</a> | <a href='item?id=7'>3 comments</a>"
    )
    page = weblens.extract(_link_board_item(byline), "https://board.example/item?id=7")
    assert "quietly dies" in page.text and "Trying it tonight." in page.text
    assert "212 points" not in page.text and "favorite" not in page.text
    assert page.author == "quietbuilder"


def test_a_line_naming_the_poster_without_a_date_or_buttons_is_no_card() -> None:
    """Only a line with the poster's profile, a date and two buttons or more is the opening post's
    card: a line naming the poster alone stays."""
    byline = "Asked by <a href='user?id=quietbuilder'>quietbuilder</a> | <a href='hide?id=7'>hide</a>"
    page = weblens.extract(_link_board_item(byline), "https://board.example/item?id=7")
    assert "Asked by quietbuilder" in page.text


def test_a_contributors_page_elsewhere_is_no_starter_of_a_page_read_as_a_discussion() -> None:
    """A page its address does not name a thread, read as a discussion by its content, takes its
    starter only from a profile on its own site: a blog's list of contributors linking their
    pages at a university names no poster."""
    byline = (
        "<span class='score'>212 points</span> "
        "<a href='https://uni.example/faculty/profiles/ann/'>Ann Lee</a> "
        "<a href='item?id=7'>on April 22, 2024</a> | <a href='hide?id=7'>hide</a> | <a href='#'>past</a>"
    )
    page = weblens.extract(_link_board_item(byline), "https://board.example/item?id=7")
    assert page.author is None
    on_site = byline.replace("https://uni.example/faculty/profiles/ann/", "/profiles/ann")
    assert weblens.extract(_link_board_item(on_site), "https://board.example/item?id=7").author == "Ann Lee"


def _discourse_post(n: int, extra: str, who: str, text: str) -> str:
    """A post as Discourse sets it: named for its poster's group after its own name, the poster's
    avatar and name beside the text, buttons under it."""
    return (
        f"<div class='topic-post clearfix {extra} regular'>"
        f"<article class='boxed onscreen-post' id='post_{n}'>"
        f"<div class='row'><div class='topic-avatar'><a href='/u/{who}'><img src='/a.png'></a></div>"
        f"<div class='topic-body'><div class='topic-meta-data'><span class='names'><a href='/u/{who}'>{who}"
        f"</a></span><a class='post-date' href='/t/chain/4/{n}'>May 2022</a></div>"
        "<div class='regular contents'>"
        f"<div class='cooked'><p>Hi <a class='mention' href='/u/ann'>@ann</a> ,</p><p>{text}</p></div>"
        f"<section class='post-menu-area'><button>Like</button><a href='/t/chain/4/{n}'>Reply</a></section>"
        "</div></div></div></article></div>"
    )


def test_posts_named_first_for_a_post_then_for_their_posters_group_are_one_kind() -> None:
    """Discourse names each post for its poster's group after its own name (``topic-post clearfix
    topic-owner group-advanced``, ``topic-post clearfix group-MVP2024``): the posts are one kind by
    their first class word, so a short reply among them is a post too."""
    posts = "".join(
        _discourse_post(n, extra, who, text)
        for n, (extra, who, text) in enumerate(
            (
                ("topic-owner group-advanced", "ann", _OPENING),
                ("group-MVP2024", "bo", _REPLY),
                ("topic-owner group-advanced", "ann", "Thanks, that was it."),
                ("group-Leaders", "cy", "Glad it helped, kindly mark it as the solution."),
            ),
            start=1,
        )
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div id='main-outlet'><h1>Chain skips</h1>"
        f"<div class='post-stream'>{posts}</div></div></body></html>"
    )
    text = weblens.extract(html, "https://forum.example/t/chain-skips/421350").text
    assert "Thanks, that was it." in text and "mark it as the solution" in text


def test_a_lead_class_word_naming_no_post_makes_no_kind() -> None:
    from lxml.html import fragment_fromstring

    from weblens.extract.posts import _lead_kind

    assert _lead_kind(fragment_fromstring("<div class='topic-post clearfix group-MVP2024'>x</div>")) == (
        "div",
        "topic-post",
    )
    assert _lead_kind(fragment_fromstring("<div class='flex bg-white post'>x</div>")) is None
    assert _lead_kind(fragment_fromstring("<div>x</div>")) is None


def test_a_thread_of_short_replies_beside_long_cards_is_read_in_the_posts_text_boxes() -> None:
    """Most replies say a line, less than the card beside each (rank, "Posts: 6,482", a blurb of
    prose): the posts' text box is chosen by the prose outside the cards, every reply is kept,
    and the cards go."""
    blurb = "Growing tomatoes on sandy soil since 2009, sun until three in the afternoon, no greenhouse."
    posts = "".join(
        _smf_post(n, name, text).replace("Sandy soil, sun until three in the afternoon", blurb)
        for n, (name, text) in enumerate(
            [
                ("Hanneke", f"{_OPENING} {_OPENING}"),
                ("Gerrit", "Normal in the first week. Leave it alone."),
                ("Hanneke", "Phew, I thought I had ruined it."),
                ("Gerrit", "Patience is the whole secret."),
                ("Anouk", "Same here, it cleared on day six."),
            ],
            1,
        )
    )
    html = f"<html><head><title>Tomatoes</title></head><body><div id='forumposts'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://garden.example/index.php?topic=9127.0").text
    for reply in ("Leave it alone.", "I thought I had ruined it.", "Patience is", "cleared on day six"):
        assert reply in text
    assert "Posts: " not in text and "no greenhouse" not in text


@pytest.mark.parametrize(
    ("names", "is_card"),
    [
        ("user_info", True),
        ("poster", True),
        ("author-card", True),
        ("usertext-body", False),
        ("user-content", False),
        ("post-body", False),
    ],
)
def test_a_box_named_for_the_poster_is_told_from_one_named_for_what_they_wrote(
    names: str, is_card: bool
) -> None:
    from lxml.html import fragment_fromstring

    from weblens.extract.posts import _names_the_poster

    assert _names_the_poster(fragment_fromstring(f"<div class='{names}'>x</div>")) is is_card


_PHRASE = (
    "The file is a two gigabyte export from the warehouse system, and reading it whole into memory is "
    "not an option on the small machine that runs the nightly job."
)


def test_a_question_then_its_answers_marked_up_otherwise_are_the_thread() -> None:
    """A code host's discussion sets its question in one kind of box and each answer in another
    kind after it: the question and every answer are the thread, a short one too."""
    answers = "".join(
        f"<div class='js-timeline-item timeline-focus'><div class='timeline-comment'>"
        f"<div class='timeline-comment-header'><a href='/{who}'>{who}</a> <a href='#c{n}'>Mar 5</a></div>"
        f"<div class='edit-comment-hide'><div class='comment-body'><p>{text}</p></div></div></div></div>"
        for n, (who, text) in enumerate(
            (
                ("pkrause", "Try skip_header=True."),
                ("rlawson", "Worth adding to the README."),
                ("hlo", "Fixed, thanks!"),
            )
        )
    )
    html = (
        "<html><head><title>Skip the header row · Discussion #412</title></head><body><main>"
        "<h1>Skip the header row</h1><div class='discussion'><div class='discussion-timeline-item'>"
        "<div class='timeline-comment'><div class='timeline-comment-header'><a href='/hlo'>hlo</a></div>"
        f"<div class='edit-comment-hide'><div class='comment-body'><p>{_OPENING}</p><p>{_REPLY}</p>"
        f"<p>{_PHRASE}</p></div></div></div></div><div class='summary'><h2>3 comments</h2></div>{answers}"
        "</div></main>"
        "<aside><h3>Related discussions</h3><p>Memory climbs after a few minutes of streaming.</p></aside>"
        "</body></html>"
    )
    text = weblens.extract(html, "https://code.example/acme/quickcsv/discussions/412").text
    assert _OPENING in text and "Try skip_header=True." in text
    assert "Worth adding to the README." in text and "Fixed, thanks!" in text


def test_a_discussion_whose_answers_are_boxes_of_their_own_kind_keeps_them_all() -> None:
    """Our page in a code host's discussion markup (tests/fixtures/classes): the question in one
    kind of box, each answer in another after it, nested replies under an answer, a sidebar of
    related discussions with their opening lines, and "Sign in to reply" under every answer."""
    page = weblens.extract(
        (_CLASSES / "discussion_question_then_answers.html").read_bytes(),
        "https://code.example/acme-labs/quickcsv/discussions/412",
    )
    for reply in (
        "the first yielded row is always the header.",
        "read_stream() got a skip_header argument in 2.3. Can you try upgrading?",
        "Fixed in 2.3, thanks!",
        "Worth adding to the README, took me a while to find it too.",
        "Good point, done in #418.",
        "next(reader) works fine as a workaround on older versions.",
        "🎉 nice, exactly what I needed",
    ):
        assert reply in page.text
    for chrome in ("Sign in to reply", "Our exports use semicolons", "Ask the community for help"):
        assert chrome not in page.text


def test_the_last_reply_of_two_words_in_the_posts_text_box_is_no_trailer() -> None:
    """A thread's last reply of a few words and no full stop ("Bravo 👏") reads like a label at the
    end of an article; in the box where every post sets its text it is the reply."""
    posts = "".join(
        f"<div class='post has-profile'><dl class='postprofile'><dt><a href='/memberlist.php?mode=viewprofile"
        f"&amp;u={n}'>{who}</a></dt><dd>Messages : {n * 1243}</dd></dl><div class='postbody'>"
        f"<h3>Re: Chain skips</h3><div class='content'>{text}</div></div></div>"
        for n, (who, text) in enumerate(
            (("ann", _OPENING), ("bo", _REPLY), ("cy", "Merci, c'était bien ça."), ("di", "Bravo 👏")), 1
        )
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div id='page-body'><h2>Chain skips</h2>"
        f"{posts}</div></body></html>"
    )
    text = weblens.extract(html, "https://forum.example/viewtopic.php?t=812&start=15").text
    assert text.rstrip().endswith("Bravo 👏")


def test_a_signature_named_in_the_component_attribute_is_left_out() -> None:
    """NodeBB names its parts in a ``component`` attribute, its signatures too."""
    posts = "".join(
        f"<li component='post' itemprop='comment' itemtype='http://schema.org/Comment' itemscope>"
        f"<a href='/user/{who}'>{who}</a><div class='content text-break' component='post/content'>"
        f"<p>{text}</p></div><div component='post/signature' class='text-xs text-muted'>"
        f"<p>Mein Blog: basteln-mit-{who}.de — Pi, ESP32 und Lötzinn</p></div></li>"
        for who, text in (("jens", _OPENING), ("lina", _REPLY), ("jens", "Gut zu wissen, danke."))
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div class='topic'><h1>Chain skips</h1>"
        f"<ul component='topic' class='posts'>{posts}</ul></div></body></html>"
    )
    text = weblens.extract(html, "https://forum.example/topic/8812/chain-skips").text
    assert _OPENING in text and "Gut zu wissen, danke." in text and "Mein Blog" not in text


def test_a_box_named_a_members_card_inside_a_post_is_left_out() -> None:
    """Our page in Flarum's markup (tests/fixtures/classes): each post's header renders the poster's
    card (``UserCard``: when they joined, when last seen); a box so named is no part of what they
    wrote, and every reply stays."""
    page = weblens.extract(
        (_CLASSES / "thread_flarum_user_cards.html").read_bytes(),
        "https://discuss.example/d/34112-mentions-break-with-500-error-after-updating-to-185",
    )
    assert "Joined Apr 17, 2021" not in page.text
    assert "Works now." in page.text


@pytest.mark.parametrize(
    ("names", "is_card"),
    [
        ("UserCard PostUser-card hero", True),
        ("author-card", True),
        ("member-details", True),
        ("authorInfo", True),
        ("post-author", False),
        ("user-content", False),
        ("usertext", False),
    ],
)
def test_a_class_naming_a_members_card_is_told_apart(names: str, is_card: bool) -> None:
    from lxml.html import fragment_fromstring

    from weblens.extract.clean import _is_named_a_users_card

    assert _is_named_a_users_card(fragment_fromstring(f"<div class='{names}'>x</div>")) is is_card


def _declared_handle_page(handle: str) -> str:
    ld = (
        '{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Gummy layer",'
        f'"author":{{"@type":"Person","name":"{handle}"}}}}'
    )
    comments = "".join(
        f"<div class='comment'><a href='/user/{who}/'>{who}</a><p>{text}</p></div>"
        for who, text in (("flour_child", _REPLY), (handle, "Thanks, that was it."))
    )
    return (
        f"<html><head><title>Gummy layer</title><script type='application/ld+json'>{ld}</script></head>"
        f"<body><main><div class='credit-bar'><a href='/user/{handle}/'>{handle}</a></div>"
        f"<h1>Gummy layer</h1><div class='post'><p>{_OPENING}</p></div>"
        f"<div class='comments'>{comments}</div></main></body></html>"
    )


def test_a_declared_handle_whose_profile_the_page_links_to_is_the_author() -> None:
    """A thread's JSON-LD names its poster by a handle with digits ("crumbshot_92"), and the page
    links to that member's profile beside the post: the handle is the author, not the first
    commenter after the heading."""
    url = "https://forum.example/r/Breadit/comments/1b7xq2k/gummy_layer/"
    assert weblens.extract(_declared_handle_page("crumbshot_92"), url).author == "crumbshot_92"
    assert weblens.extract(_declared_handle_page("3295403478"), url).author != "3295403478"


def test_a_card_outweighing_a_short_reply_goes_though_opened_for_it() -> None:
    """Our page in phpBB's markup (tests/fixtures/classes), page 2 of a thread: a moderator's card
    (``dl.postprofile``: rank, "Messages : 8516", place) says more than the line of a reply beside
    it, so the card was opened with the reply; it holds none of the boxes where the posts set their
    text, and goes, while every reply stays."""
    text = weblens.extract(
        (_CLASSES / "thread_phpbb_page2.html").read_bytes(),
        "https://www.forum-pain.example/viewtopic.php?t=48213&start=15",
    ).text
    assert "Sous-apprêt. Classique, on est tous passés par là." in text and "Bravo 👏" in text
    assert "Messages : 8516" not in text


def test_the_comments_under_an_answer_are_kept_and_a_list_of_recent_comments_beside_is_not() -> None:
    """A Q&A site sets readers' comments under each answer, in a list named for comments; they are
    the thread's too, each with its writer. A sidebar's list of recent comments is no post's."""

    def answer(n: int, text: str, comment: str) -> str:
        return (
            f"<div class='answer' id='answer-{n}'><div class='post-text'><p>{text}</p></div>"
            f"<div class='comments'><ul class='comments-list'><li class='comment'><span class='comment-copy'>"
            f"{comment}</span> – <a href='/users/{n}/ann' class='comment-user'>Ann</a> "
            f"<span class='comment-date'>Feb 9</span></li></ul></div></div>"
        )

    html = (
        "<html><head><title>Why does sort return None?</title></head><body><div id='mainbar'>"
        f"<h1>Why does sort return None?</h1><div class='question'><p>{_OPENING}</p></div>"
        f"<div id='answers'>{answer(1, _REPLY, 'Thanks, that explains it.')}"
        f"{answer(2, _PHRASE, 'Same here on version three.')}</div></div><div id='sidebar'>"
        "<ul class='recent-comments'><li class='comment'>Bo on Another question: I think so too.</li></ul>"
        "</div></body></html>"
    )
    text = weblens.extract(html, "https://qa.example/questions/1561203/why-does-sort-return-none").text
    assert "Thanks, that explains it." in text and "Same here on version three." in text
    assert "I think so too." not in text


def test_replies_each_in_a_bare_wrapper_are_posts_of_one_kind() -> None:
    """Our page in a script-rendered forum's markup (tests/fixtures/classes): utility classes only,
    each reply's card inside a ``<div>`` with no class or id. A bare wrapper around one box is of
    that box's kind, so the replies are one kind of post after the opening one, the one-line
    replies among them too, and the sidebar's recommended threads stay out."""
    page = weblens.extract(
        (_CLASSES / "thread_bare_wrapped_replies.html").read_bytes(),
        "https://forum.example/thread/6640f533517176a36c034afa/pc-mati-total-setelah-ganti-vga",
    )
    assert "kipas pun tidak berputar" in page.text
    assert "Coba cek dulu kabel power 8 pin" in page.text
    assert "Setuju sama agan di atas." in page.text
    assert "Sudah beres gan, ternyata kabel 8 pin memang kurang masuk." in page.text
    assert "Lima kesalahan umum" not in page.text
    assert "Hak cipta 2024" not in page.text


def test_a_reply_linking_a_channel_elsewhere_is_no_posters_card() -> None:
    """A reply made mostly of two links, one to a video channel on another site (``/@name``, the
    path a community writes its members' profiles in): a poster's card links to a profile on the
    thread's own site, so this is what the poster wrote, and it stays."""
    reply = (
        "<p>Start with <a href='https://bikeguide.example/chains/wear-and-skipping'>the chain wear "
        "and skipping guide on Bike Guide</a>, which is clear, and then the playlist of "
        "<a href='https://www.youtube.com/@WorkshopWednesdays'>Workshop Wednesdays on YouTube</a>.</p>"
    )
    posts = "".join(
        f"<div id='post_{n}' class='topic-body crawler-post' itemprop='comment' itemscope "
        f"itemtype='http://schema.org/Comment'><div class='crawler-post-meta'><span class='creator'>"
        f"<a href='https://forum.example/u/{who}'>{who}</a></span></div>"
        f"<div class='post' itemprop='text'>{text}</div></div>"
        for n, who, text in (
            (2, "lina", reply),
            (3, "ben", f"<p>{_REPLY}</p>"),
            (4, "jens", "<p>Thanks, both of you. The cassette was worn; a new one fixed it.</p>"),
        )
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div id='main-outlet'><h1>Chain skips</h1>"
        f"<div id='post_1' class='topic-body crawler-post'><div class='post'><p>{_OPENING}</p></div></div>"
        f"{posts}</div></body></html>"
    )
    page = weblens.extract(html, "https://forum.example/t/chain-skips/4821")
    assert "Workshop Wednesdays on YouTube" in page.text
    assert "[the chain wear and skipping guide on Bike Guide](https://bikeguide.example/" in page.markdown
    assert _REPLY in page.text and "a new one fixed it" in page.text


def test_a_card_named_for_the_poster_goes_though_cleaning_took_its_link() -> None:
    """Our page in vBulletin 4's markup (tests/fixtures/classes): the poster's name is set in a
    pop-up's control (``class="username popupctrl"``), which cleaning takes out as a pop-up; the box
    named ``userinfo`` is still the poster's card ("Data de Ingresso", "Posts"), not what they wrote,
    on every post, the moderator's last one too."""
    page = weblens.extract(
        (_CLASSES / "thread_vbulletin4_page2.html").read_bytes(),
        "https://forum.example/showthread.php?18244-Barulho-na-suspensao-dianteira/page2",
    )
    assert "Edita o primeiro post e marca o tópico" in page.text
    assert "Data de Ingresso" not in page.text and "Juiz de Fora" not in page.text


def test_the_member_in_a_card_saying_the_post_was_edited_is_not_its_author() -> None:
    """A Q&A site sets the editor's card ("edited Jan 9 at 15:01", their name) before the asker's
    ("asked Jan 9 at 14:22"): the thread was started by the asker."""
    cards = (
        "<div class='post-signature'><div class='user-info'><div class='user-action-time'>edited "
        "<span>Jan 9 at 15:01</span></div><div class='user-details'><a href='/users/220011/dave-s'>dave_s</a>"
        "</div></div></div><div class='post-signature owner'><div class='user-info'>"
        "<div class='user-action-time'>asked <span>Jan 9 at 14:22</span></div>"
        "<div class='user-details'><a href='/users/512233/rkowal'>"
        "rkowal</a></div></div></div>"
    )
    answers = "".join(
        f"<div class='answer'><div class='s-prose'><p>{text}</p></div><div class='user-details'>"
        f"<a href='/users/{n}/{who}'>{who}</a></div></div>"
        for n, who, text in ((7, "lina", _REPLY), (8, "ben", "Wrap the call in a subshell to get it back."))
    )
    html = (
        "<html><head><title>Why does set -e not exit inside a function?</title></head><body>"
        "<h1>Why does set -e not exit inside a function?</h1><div class='question'><div class='s-prose'>"
        f"<p>{_OPENING}</p></div>{cards}</div><div id='answers'>{answers}</div></body></html>"
    )
    page = weblens.extract(html, "https://unix.example/questions/765432/why-does-set-e-not-exit")
    assert page.author == "rkowal"


def _post_with_comments(signature: str) -> str:
    """A short post (three paragraphs) under its title, a sidebar about the community, and three
    comments each signed by ``signature`` (formatted with the commenter's name)."""
    post = (
        "<p>Hello all, I have started writing a novel of about eighty thousand words.</p>"
        "<p>I am looking for a free program that splits the text into chapters and scenes, a bit like "
        "Scrivener does, and that stays quick when the file grows past three hundred pages.</p>"
        "<p>Ideally it would export EPUB and PDF, so that I can send the manuscript to my readers.</p>"
    )
    comments = "".join(
        f"<li><article class='comment-node'><div class='comment-meta'>{signature.format(who)} "
        f"<span>9 months ago</span></div><div class='md-div'><p>{text}</p></div></article></li>"
        for who, text in (
            ("blop", "Manuskript does exactly that: an outline as a tree, character sheets, word targets."),
            ("kiri", "I write everything in Markdown, one file per chapter, and build the book with Pandoc."),
            ("ondine", "Another vote for Manuskript, I have used it for three years without trouble."),
        )
    )
    return (
        "<html><head><title>A program to write a novel on Linux?</title></head><body><main>"
        "<div class='post-listing'><h1>A program to write a novel on Linux?</h1>"
        f"<div id='postContent' class='card'>{post}</div></div>"
        f"<div class='comments'><ul class='comments'>{comments}</ul></div></main>"
        "<aside class='col-md-4'><section class='card'><p>A community for free and open source "
        "software, its news and its questions, where every newcomer is welcome.</p></section>"
        "</aside></body></html>"
    )


def test_comments_signed_by_members_of_the_site_are_a_short_posts_discussion() -> None:
    """A link board's post page (Lemmy's markup): a short post, and its comments, each signed with
    a link to the commenter's profile on the site itself (``/u/blop``). The comments say less than
    the post and a sidebar together, but comments signed by the site's own members are a
    community's discussion of the post: they are the page's content, and its sidebar is not."""
    page = weblens.extract(
        _post_with_comments("<a href='/u/{0}'>{0}</a>"), "https://board.example/post/7001234"
    )
    assert "splits the text into chapters and scenes" in page.text
    assert "Manuskript does exactly that" in page.text
    assert "build the book with Pandoc" in page.text
    assert "without trouble" in page.text
    assert "every newcomer is welcome" not in page.text


def test_comments_signed_with_the_readers_own_sites_stay_out_of_a_short_post() -> None:
    """The same short post whose comments are signed with links to the readers' own sites, as a
    blog's readers sign theirs: readers' comments, left out as on any article."""
    page = weblens.extract(
        _post_with_comments("<a href='https://{0}.example/'>{0}</a>"), "https://board.example/post/7001234"
    )
    assert "splits the text into chapters and scenes" in page.text
    assert "Manuskript does exactly that" not in page.text


def _reply_cell(number: int, who: str, text: str) -> str:
    """A board's reply row: the poster's picture and name, buttons to thank and hide, the text."""
    return (
        f"<div id='r_{number}' class='cell'><table><tr><td><a href='/member/{who}'><img src='/a/{who}.png'>"
        f"</a></td><td><div class='fr'><a href='#;' class='thank'>Thank</a> <a href='#;'>Hide</a> "
        f"<span class='no'>{number}</span></div><strong><a href='/member/{who}'>{who}</a></strong> "
        f"<span class='ago'>2024-05-08 10:2{number}</span><div class='reply_content'>{text}</div>"
        "</td></tr></table></div>"
    )


def test_replies_in_a_box_after_the_topics_box_are_each_a_post() -> None:
    """V2EX sets the topic in one ``box`` and every reply as a ``cell`` of the next: the replies
    are the thread's posts, each looked into (the box that holds them is no one post)."""
    replies = [
        "Used one for a month, it came to about the price of a monthly desk.",
        "The library is free and quiet, you only have to fight for a socket.",
        "Paying by the hour made me work harder, oddly enough, no idle browsing.",
        "Mine charges half price at weekends, worth a try before you sign up.",
    ]
    cells = "".join(_reply_cell(n, f"member{n}", text) for n, text in enumerate(replies, 1))
    nav = "".join(
        f"<div class='cell'><a href='/t/{n}'>Another topic of the board, number {n}</a></div>"
        for n in range(8)
    )
    html = (
        "<html><head><title>Hourly desks?</title></head><body><div id='Wrapper'><div class='content'>"
        "<div id='Main'><div class='box'><div class='header'><h1>Hourly desks?</h1>"
        "<small><a href='/member/lazypanda'>lazypanda</a> · 3872 views</small></div>"
        f"<div class='cell'><div class='topic_content'><p>{_OPENING}</p></div></div></div>"
        f"<div class='box'><div class='cell'><span class='gray'>4 replies</span></div>{cells}</div>"
        "<div class='box'><div class='cell'>Sign in to reply</div></div></div>"
        f"<div id='Rightbar'><div class='box'>{nav}</div></div></div></div></body></html>"
    )
    text = weblens.extract(html, "https://board.example/t/1038264").text
    assert _OPENING in text and all(reply in text for reply in replies)
    assert "Another topic of the board" not in text


def test_answers_named_so_are_posts_though_the_best_answer_says_more() -> None:
    """A question-and-answer page sets the question and its best answer apart, then the other
    answers in boxes named so: short as they are beside the two, they are the thread's posts."""
    others = [
        "Mine burnt for weeks until I found a grain of rice stuck on the heating plate.",
        "Once the inner pot's coating starts peeling, replace it, scrubbing will not help.",
        "Soak the rice twenty minutes first and add a little more water than the mark.",
    ]
    # each answer's poster, rank and buttons outweigh its line: pruned, were it no post
    answers = "".join(
        f"<div class='bd answer' id='answer-{n}'><div class='info'><a href='/user/{n}'>kitchen_helper_{n}</a>"
        f"<a href='/grade'>Level 5 contributor</a><span>2023-11-18</span></div><div class='answer-text'>"
        f"<span class='con'>{text}</span></div><div class='bar'><span class='evaluate'>12</span>"
        "<div class='tip'>Did this answer help?</div><a href='#'>Comment on this answer</a> "
        "<a href='#'>Share this answer</a> <a href='#'>Report abuse</a></div></div>"
        for n, text in enumerate(others, 1)
    )
    html = (
        "<html><head><title>Rice cooker burns</title></head><body><div id='main'>"
        f"<div class='question'><h1>Why does my rice cooker burn the rice?</h1><p>{_OPENING}</p></div>"
        f"<div class='best-answer'><h2>Best answer</h2><p>{_REPLY} {_REPLY}</p><p>{_REPLY}</p></div>"
        f"<div class='answers'><h2>3 other answers</h2>{answers}</div></div></body></html>"
    )
    text = weblens.extract(html, "https://ask.example/question/1937245526981730107.html").text
    assert _OPENING in text and _REPLY in text and all(answer in text for answer in others)


def test_a_line_every_post_repeats_goes_in_chinese_too() -> None:
    """What each post repeats ("你对这个回答的评价是？", "Did this answer help?") is the board's, not
    the poster's; a Chinese line has no spaces to count its words by, so its characters count."""
    texts = [
        "据报道，地震预警网的预告是十分精准的，而且实现了秒级地震预警能力，可以提前几十秒发出警报。",
        "他的预告精准到了中等偏高的地步，基本上可以提前预警到很多的突发地震情况，值得信赖。",
        "地震预警网的预告非常的精准，因为它可以精准到具体的时间，所以这对我们来说非常有帮助。",
    ]
    posts = "".join(
        f"<div class='post'><div class='who'><a href='/u/{n}'>用户{n}</a></div><p>{text}</p>"
        "<div class='tip'>你对这个回答的评价是？</div></div>"
        for n, text in enumerate(texts, 1)
    )
    html = f"<html><head><title>地震预警</title></head><body><div class='thread'>{posts}</div></body></html>"
    text = weblens.extract(html, "https://ask.example/question/1247295277789522099.html").text
    assert all(post in text for post in texts) and "你对这个回答的评价是" not in text


def test_comments_after_a_post_of_alike_components_are_posts_too() -> None:
    """A community's post set in an editor's alike components (its paragraphs), then the members'
    comments in a box of their own below it: the comments are the thread's, not what follows it."""
    paragraphs = [_OPENING, _REPLY, "We went back in spring and the cassette was the culprit all along."]
    components = "".join(
        f"<div class='se-component se-text'><div class='se-module'><p class='se-text-paragraph'>{text}</p>"
        "</div></div>"
        for text in paragraphs
    )
    comments = [
        "Two carbon monoxide alarms are a must, thanks for writing it all down!",
        "Minus nine with only an electric blanket? Which sleeping bag did you use?",
        "A goose down bag rated for minus five, it was warm enough all night.",
    ]
    items = "".join(
        f"<li class='CommentItem'><div class='comment_box'><a href='/member/{n}' class='comment_nickname'>"
        f"camper{n}</a><p class='comment_text_view'><span class='text_comment'>{text}</span></p>"
        f"<span class='comment_info_date'>2024.01.1{n}</span> <a href='#' class='comment_info_button'>"
        "Reply</a>"
        "</div></li>"
        for n, text in enumerate(comments, 1)
    )
    html = (
        "<html><head><title>One night at the campsite</title></head><body><div class='article_container'>"
        f"<div class='se-main-container'>{components}</div>"
        "<div class='AuthorBox'><a href='/member/0'>bear</a></div>"
        f"<div class='CommentBox'><h3>Comments</h3><ul class='comment_list'>{items}</ul></div>"
        "<div class='RelatedArticles'><a href='/cafe/58215'>Another post of the community</a></div></div>"
        "</body></html>"
    )
    text = weblens.extract(html, "https://cafe.example/forum/campers/58214").text
    assert all(paragraph in text for paragraph in paragraphs) and all(comment in text for comment in comments)


def _board_post(number: int, text: str) -> str:
    """A board's post as a table of one row: the poster's cell ("c1"), then the text's ("c2")."""
    return (
        f"<table class='forumbox postbox'><tr><td class='c1'><a href='/nuke.php?uid={number}' class='author'>"
        f"rider_{number}_of_the_board</a><div class='stat'>Level 12 · Posts 3,812 · Joined 2014</div></td>"
        f"<td class='c2'><div class='postInfo'><a href='/read.php?pid={number}'>#{number}</a> "
        f"<span>2024-02-18 18:4{number}</span> <a href='/read.php?tid=1&authorid={number}'>"
        "Only this poster</a></div><div class='postbtnsc'><a href='javascript:void(0)'>Quote</a>"
        "<a href='javascript:void(0)'>"
        "Reply</a><a href='javascript:void(0)'>Report</a></div>"
        f"<span class='postcontent ubbcode'>{text}</span></td></tr></table>"
    )


def test_the_cells_of_a_posts_row_are_no_posts_of_the_thread() -> None:
    """A post set as a row of two cells (the poster's "c1", the text's "c2"; vBulletin's "alt2" and
    "alt1") is one post: the thread is the posts' tables, not the two cells of the first."""
    texts = [
        _OPENING,
        _REPLY,
        "Measured it, the cassette was worn past the mark, a new one fixed it.",
        "Thanks.",
    ]
    posts = "".join(_board_post(n, text) for n, text in enumerate(texts, 1))
    topics = "".join(
        f"<div class='topic'><a href='/read.php?tid={n}'>Pinned: the board's rules, part {n}</a></div>"
        for n in range(3)
    )
    html = (
        "<html><head><title>Chain skips</title></head><body><div id='mc'><div class='module_wrap' id='top'>"
        "<div class='notice'>No trading of accounts on this board, offenders are muted for a week.</div>"
        f"{topics}</div><div class='module_wrap' id='m_posts'><div id='m_posts_c'>{posts}</div></div>"
        "<div class='module_wrap' id='m_fopts'><a href='/post.php'>New topic</a> "
        "<a href='/post.php?reply'>Reply to the topic</a></div></div></body></html>"
    )
    text = weblens.extract(html, "https://bbs.example/read.php?tid=39487761").text
    assert all(post in text for post in texts)


def test_a_boards_posts_in_one_of_its_module_boxes_are_each_a_post() -> None:
    """Our page in NGA's markup (tests/fixtures/classes, written for this test, CC0): the board sets
    its pinned topics, the thread's posts and its options in boxes of one kind (``module_wrap``); the
    posts are the thread's, each looked into, and the last, a short line, stays."""
    page = weblens.extract(
        (_CLASSES / "thread_board_modules.html").read_bytes(),
        "https://bbs.liuhe-wanjia.cn/read.php?tid=39487761",
    )
    assert "2.3更新以后锻造从固定配方改成了“随机词条+保底”" in page.text
    assert "那我先把星纹碎片囤着，等2.4正式上线再说。" in page.text
