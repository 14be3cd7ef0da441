"""Content-Type parsing and sniffing, and the charset choice for fetched bodies (pure)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.charset import decode_body
from weblens.net.content import MediaType, parse_content_type, sniff_media_type


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("text/html", MediaType("text/html")),
        ('Text/HTML; Charset="UTF-8"', MediaType("text/html", "UTF-8")),
        ("text/plain;charset=windows-1251;format=flowed", MediaType("text/plain", "windows-1251")),
        ("application/xhtml+xml; charset=", MediaType("application/xhtml+xml")),
        ("text/html; boundary=x; charset='koi8-r'", MediaType("text/html", "koi8-r")),
        (None, None),
        ("", None),
        ("html", None),
    ],
)
def test_parse_content_type(header: str | None, expected: MediaType | None) -> None:
    assert parse_content_type(header) == expected


@pytest.mark.parametrize(
    ("head", "media"),
    [
        (b"<!doctype html><p>x", "text/html"),
        (b"\xef\xbb\xbf<html>", "text/html"),
        ("<html><body>é</body></html>".encode("utf-16"), "text/html"),
        (b"  \n<!-- comment --><div>", "text/html"),
        (b"<P>shouting", "text/html"),
        (b"plain words", "text/plain"),
        ("кириллица".encode("cp1251"), "text/plain"),
        (b"", "text/plain"),
        (b"%PDF-1.7\n\x00\x01\x02", "application/pdf"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "application/octet-stream"),
        (b"GIF89a\x01\x00\x01\x00\x00\x00", "application/octet-stream"),
        (b"PK\x03\x04\x14\x00", "application/octet-stream"),
    ],
)
def test_sniff_media_type(head: bytes, media: str) -> None:
    assert sniff_media_type(head) == media


def _not_markup(prefix: bytes) -> bool:
    if prefix.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    return not prefix.removeprefix(b"\xef\xbb\xbf").lstrip().startswith((b"<", b"%PDF-"))


@settings(max_examples=200)
@given(st.binary(max_size=300).filter(_not_markup), st.binary(max_size=300))
def test_property_a_control_byte_in_the_head_of_non_markup_is_never_text(
    prefix: bytes, suffix: bytes
) -> None:
    assert sniff_media_type(prefix + b"\x00" + suffix) == "application/octet-stream"


RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю. " * 5


@pytest.mark.parametrize(
    ("body", "declared", "codec"),
    [
        (RUSSIAN.encode("utf-8"), "utf-8", "utf-8"),
        (RUSSIAN.encode("cp1251"), "utf-8", "cp1251"),  # header wrong: detection
        (RUSSIAN.encode("utf-8"), "windows-1251", "utf-8"),  # stale legacy header on a UTF-8 page
        (RUSSIAN.encode("koi8-r"), "koi8-r", "koi8-r"),  # a right header is kept
        (f'<meta charset="windows-1251">{RUSSIAN}'.encode("cp1251"), "iso-8859-1", "cp1251"),
        (b"plain ascii", "iso-8859-1", "cp1252"),
        (b"\xef\xbb\xbfhello", "cp1251", "utf-8"),  # BOM first
        ("héllo wörld ".encode() * 400 + b"\xff", "utf-8", "utf-8"),  # one stray byte tolerated
    ],
)
def test_decode_text_overrules_implausible_headers(body: bytes, declared: str, codec: str) -> None:
    text, used = decode_body(body, declared)
    assert used == codec
    assert "\ufffd" not in text or body.endswith(b"\xff")


@pytest.mark.parametrize(
    ("body", "codec"),
    [
        # only punctuation that every Windows code page shares: read as windows-1252, no detector run
        ("It’s “quoted” – and done… ".encode("cp1252") * 20, "cp1252"),
        # anything else still goes to detection: Cyrillic and Shift_JIS are not taken for punctuation
        (RUSSIAN.encode("cp1251"), "cp1251"),
        ("日本語のテキストです。「引用」と―記号。".encode("shift_jis") * 10, "cp932"),
    ],
)
def test_undeclared_legacy_text_is_detected(body: bytes, codec: str) -> None:
    text, used = decode_body(body, None)
    assert used == codec and "\ufffd" not in text
    assert text == body.decode(codec)


_ENGLISH = (
    "<html><head><script>var label = 'Größe';</script></head><body><p>The café on the corner sells a"
    " little pastry for £3, or a dozen for £15. It matters, says the chef from Zürich, who trained in"
    " Besançon before he moved here.</p></body></html>"
)
_FRENCH = (
    "<p>Le gouvernement a annoncé mardi une série de mesures pour soutenir les entreprises touchées par"
    " la crise. Le ministre de l’économie a précisé que ces aides seront versées dès le mois prochain.</p>"
)
_POLISH = (
    "<p>Wczoraj byłem w sklepie i kupiłem chleb, masło oraz świeże warzywa. Później poszedłem do"
    " parku, gdzie spotkałem znajomych.</p>"
)
_CZECH = (
    "<p>Včera jsem byl v obchodě a koupil jsem chléb, máslo a čerstvou zeleninu. Potom jsem šel do"
    " parku a potkal přátele.</p><script>" + "function f(){return window.location;}" * 40 + "</script>"
)
_HUNGARIAN = (
    "<p>Tegnap a boltban voltam, és kenyeret, vajat meg friss zöldséget vettem. Utána elmentem a"
    " parkba, ahol találkoztam a barátaimmal. Az időjárás-előrejelzés szerint holnap hűvös idő várható.</p>"
)


_FEW_ACCENTS = "<p>She paid £50 for the ½ share in the cliché little café.</p>"


@pytest.mark.parametrize("page", [_ENGLISH, _FRENCH, _FEW_ACCENTS])
def test_undeclared_western_text_is_windows_1252(page: str) -> None:
    # statistical detection takes such pages for windows-1250 about as often ("£3" read as "Ł3")
    body = (page * 8).encode("cp1252")
    text, used = decode_body(body, None)
    assert used == "cp1252"
    assert text == page * 8


@pytest.mark.parametrize("page", [_POLISH, _CZECH, _HUNGARIAN])
def test_undeclared_central_european_text_is_not_taken_for_western(page: str) -> None:
    # Polish "ł" reads as "³" inside a word; Czech and Hungarian have too many accents (scripts aside)
    body = (page * 8).encode("cp1250")
    _, used = decode_body(body, None)
    assert used != "cp1252"


_NEWS = "国务院新闻办举行系列主题新闻发布会，河南省有关负责同志介绍了相关情况。粮食产量连续七年稳定。"


@pytest.mark.parametrize("declared", ["gb2312", "euc-jp", "iso-8859-2", "windows-1252"])
def test_a_meta_charset_gives_way_to_utf8_the_body_is_valid_in(declared: str) -> None:
    """A page saved (or converted) as UTF-8 under its old ``<meta>`` declaration reads as UTF-8."""
    page = f'<html><head><meta charset="{declared}"></head><body><p>{_NEWS}</p></body></html>'
    text, codec = decode_body(page.encode("utf-8"))
    assert codec == "utf-8"
    assert _NEWS in text


def test_a_meta_charset_the_body_really_is_in_is_kept() -> None:
    page = f'<html><head><meta charset="gb2312"></head><body><p>{_NEWS}</p></body></html>'
    text, codec = decode_body(page.encode("gb18030"))
    assert codec == "gb18030"
    assert _NEWS in text


_PROSE = (
    "河南做好良田、良种、良机、良法融合一体的文章。向良田要产量。2022年起，河南在已经建成8500多万亩高标准"
    "农田的基础上，按照建设标准化、装备现代化、应用智能化、经营规模化、管理规范化、环境生态化要求，启动建设"
    "1500万亩高标准农田示范区。目前河南全省有拖拉机319万台、配套农机具728万台，小麦、玉米生产基本实现全程机械化。"
)


@settings(max_examples=200)
@given(st.data())
def test_property_real_chinese_prose_in_gbk_is_never_taken_for_utf8(data: st.DataObject) -> None:
    """Legacy prose is practically never valid UTF-8 by accident (a run of one character can be: the
    rule is about text, which varies), so any stretch of twenty characters or more keeps its charset."""
    start = data.draw(st.integers(0, len(_PROSE) - 20))
    words = _PROSE[start : data.draw(st.integers(start + 20, len(_PROSE)))]
    page = f'<html><head><meta charset="gbk"></head><body><p>{words}</p></body></html>'
    assert decode_body(page.encode("gb18030")) == (page, "gb18030")
