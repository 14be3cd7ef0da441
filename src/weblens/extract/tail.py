"""Trim the boilerplate that trails an article inside its own container.

After the last paragraph of an article, sites append the same few kinds of lines: calls to
action ("Sign up for our newsletter", "Follow us on Twitter"), credit lines ("Reporting by …",
"… contributed to this report"), copyright notices, and sections headed "Related", "You may
also like", "Comments", "Tags", "About <the publisher>". Two rules, both confined to the end of
the container:

* from the last text block backwards, blocks that are short and say one of those things (or
  are a bare label of a few words) are dropped, up to the first block that is real text;
* a short heading-like block naming one of those sections, in the last part of the text,
  is dropped together with everything after it.

The vocabulary is generic boilerplate wording (English first, with a few common equivalents);
nothing is keyed to a site.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import islice

from lxml.html import HtmlElement

from weblens.extract.blocks import BLOCK_TAGS, HEADING_TAGS, PROSE_CHARS, cells_of, is_link
from weblens.extract.text import br_lines, measure, word_count
from weblens.extract.tree import drop, last_leaf_blocks, settable

__all__ = [
    "drop_trailing_boilerplate",
    "is_trailer",
    "names_a_section",
    "names_cross_references",
    "opens_cross_reference",
]

_CALL_TO_ACTION = re.compile(
    r"\b(?:subscribe|sign(?:ing)? up|signup|newsletters?|follow (?:us|me|him|her|them)\b|follow @|"
    r"on (?:twitter|facebook|instagram|linkedin|telegram|youtube|google news|whatsapp|threads|bluesky|"
    r"tiktok|flipboard)|share (?:this|it)\b|click here|tap here|"
    r"download (?:our|the)\b.{0,30}\bapps?\b|support (?:us|our)|donate|"
    r"becom(?:e|ing) a (?:member|subscriber|patron|supporter)|"
    r"join (?:us|our|now)|all rights reserved|©|\(c\) ?\d{4}|copyright|terms of (?:use|service)|"
    r"privacy policy|advertisement|advertising disclosure|sponsored|affiliate links?|"
    # a cookie notice, not a sentence about cookies ("…works just as well in my pumpkin oatmeal cookies")
    r"cookie (?:policy|settings|preferences|consent|notice|banner|statement)|cookie-?richtlinie|"
    r"(?:we|this (?:site|website)|our (?:site|website)) uses? cookies|"
    r"(?:accept|allow|use of|about) (?:all )?cookies|cookies (?:help|allow|enable) us|"
    r"like this (?:story|article)|if you (?:enjoyed|liked)|for the full story|"
    r"read (?:more|next)|more (?:stories|news) (?:from|on)|have a tip|contact (?:us|the author)|"
    # an article's tools ("Printer-friendly version", "E-mail this article to a friend") and the
    # writer's note set as a line ("About the author: Leon runs a design shop…")
    r"printer[- ]friendly|print (?:this )?(?:article|page|story)\b|"
    r"e-?mail (?:this|it to a friend|to a friend)\b|"
    r"^\W*about the author\s*[:：]|"
    # a call to send the newsroom a tip, in Dutch and German ("Heb je een tip voor de redactie?")
    r"heb je een tip|tip (?:de|onze) redactie|(?:hinweis|tipp) an (?:die|unsere) redaktion|"
    r"post (?:a )?comment|leave a (?:comment|reply)|comments? (?:are|is) (?:closed|moderated)|"
    r"write a (?:reply|comment|response)|add a comment|reply to this (?:topic|thread|post|discussion)|"
    r"moderat|listen (?:to|live)|watch (?:live|now)|learn more|"
    r"(?:log|sign) ?in (?:or|to)\b|create an account|"
    # a prompt to report a typo, in any language ("Нашли ошибку? Выделите её и нажмите Ctrl+Enter")
    r"ctrl ?\+ ?enter|"
    # the site software's note of how long the page took: "Page generated in 0.12 seconds"
    r"(?:generated|created|rendered|loaded) in \d+(?:\.\d+)? ?(?:s\b|sec)|"
    r"time to (?:create|generate|render|load) (?:the |this )?page|"
    # a hit counter's line, a way back up the site ("You are visitor number 4217", "Back to top")
    r"you are (?:the )?visitor|visitor (?:number|no\b|count)|(?:has|have) been visited|"
    # an old page's own lines: when it was made, a counter's "visitors since", its web ring, a call
    # to write to its maker ("This page created June 9, 2002", "Drop us a line", "E-mail me")
    r"this (?:page|site) (?:was )?(?:created|last (?:updated|modified|changed)|updated)|"
    r"(?:visitors|hits) since\b|web ?ring\b|drop (?:us|me) a line|e-?mail (?:me|the webmaster)\b|"
    r"besucher(?:in)? (?:nr|nummer)\b|visitante (?:número|n[º°o]\b)|vous êtes le \d*\s*(?:ème )?visiteur|"
    # a line of the 1990s on how to view the site: "Best viewed with Internet Explorer 5 at 800x600"
    r"best viewed (?:with|in|at|using)|optimiert für|se ve mejor con|meilleur affichage|"
    r"\b(?:640|800|1024|1280) ?[x×] ?(?:480|600|768|1024)\b|webmaster|"
    r"back to (?:the )?(?:top|home ?page|index|main page|front page)\b|"
    # a newsletter's e-mail footer: how to leave the list, why one got it, who sent it
    r"unsubscribe|(?:update|manage|change) (?:your )?(?:subscription|e-?mail) preferences|"
    r"you (?:are receiving|received|got) this (?:e-?mail |message )?because|our mailing address|"
    r"why did i get this|how you receive these e-?mails|powered by|"
    # a mailing list archive's footer under each message (Mailman's "More information about the
    # Linux-NL mailing list", a link to the list's page)
    r"more information about the .{1,60}mailing list|"
    # an opinion page's disclaimer: the views are the writer's, not the publication's
    r"views expressed|(?:do|does|did) not (?:necessarily )?reflect the (?:views?|opinions?|position)|"
    r"não (?:traduzem|refletem) (?:a|necessariamente a) opini|no reflejan? (?:necesariamente )?(?:la|el)|"
    r"nicht (?:unbedingt |zwangsläufig )?die meinung|n'engagent que leurs? auteurs?|"
    # the same in a few other languages
    r"abonnier|folgen sie uns|folge uns|folgst du|werbung|anzeige\b|jetzt (?:anmelden|abonnieren)|"
    r"(?:kostenlos|gratis) testen|probeabo|"
    # a call to follow a site's channel on a messenger in Portuguese and Spanish ("Participe do canal do
    # Portal Cerrado no WhatsApp")
    r"(?:participe|siga|entre|únete|sigue) (?:d?o |al |a )?canal|"
    r"s[ií]guenos|suscr[ií]b|hazte (?:miembro|socio)|únete|publicidad|"
    r"abonnez|suivez-nous|publicit[ée]|iscriviti|seguici|assine|siga-nos|inscreva-se)|"
    # a site's own lines: when it was last changed (at the line's start: "the law was last updated in
    # 2019" ends an article), and in Japanese: a hit counter, how to view it, that it may be linked
    # to, that it is a fan's, a way back
    r"^\W*(?:(?:last (?:updated|modified|changed)|letzte (?:änderung|aktualisierung)|"
    r"dernière (?:mise à jour|modification)|última (?:actualización|modificación)|最終更新日?)\b|stand\s*:)|"
    # (a visitor of any name: "人目のお客様です", "人目の旅人です"), a call for readers' opinions by mail
    # or on the guest board ("ご意見・ご感想は…"), a way back to the page's top ("▲ページのトップへ")
    r"人目の[^\s。、]{1,5}です|(?:閲覧|ご覧).{0,12}(?:推奨|おすすめ|お勧め)|リンクフリー|"
    r"ご(?:意見|感想)(?:・ご(?:意見|感想))?は|ページ(?:の)?(?:トップ|先頭)へ|"
    r"一切関係(?:ありません|ございません)|(?:へ|に)(?:もどる|戻る)|"
    # the note of the software that made an archive or a site ("This archive was generated by MHonArc")
    r"\b(?:archive|page|site|website|documentation) (?:was |is )?(?:generated|created|built) "
    r"(?:by|with|using)\b|"
    # Chinese: a platform's disclaimer or copyright statement, a call to follow, a ban on reprinting,
    # the place a platform says a post was sent from ("发布于：北京市"), a reprint's disclaimer that
    # the site does not share the views it carries ("并不代表本站赞同其观点"); anywhere in a line (no
    # word boundary parts words of Chinese: "请关注我们")
    r"(?:[免版][责權权責]声明|免責聲明|版[权權]所有|平台[声聲]明|关注我们|關注我們|转载请|轉載請|"
    # a call to scan or press a QR code to follow an account ("扫描二维码关注", "长按识别二维码")
    r"(?:扫描|扫码|掃描|掃碼|长按|長按).{0,6}二[维維][码碼]|"
    r"不代表本(?:站|网|網|台|平台)|"
    r"未[经經](?:授[权權]|许可|許可)|[发發][布佈]于[:：]|[发發][布佈]於[:：])",
    re.I,
)
_CREDIT = re.compile(
    r"^\W*(?:(?:additional )?reporting|writing|editing|edited|compiled|produced|contributing|contributors?)"
    r"\b.{0,200}\bby\b|\bcontributed (?:to )?(?:this|reporting|research)|^\W*(?:contributing|reporting)\s*:",
    re.I,
)
# readers' comments in other scripts and languages: Japanese, Korean, Russian, the Nordic and Polish,
# Dutch, Turkish, Indonesian plurals, Chinese "comments from readers", "all comments" (a heading of
# boilerplate that runs to the end: :data:`_SECTION`, :data:`_TO_END`)
_COMMENTS_ELSEWHERE = (
    r"コメント|댓글|комментари|kommentarer|komentarze|reacties|yorumlar|komentar|网友评论|全部评论|網友評論|"
    # Czech, Hebrew, Greek, Ukrainian, Vietnamese: "Diskuse (5 příspěvků)", "תגובות (2)", "Σχόλια"
    r"diskuse|diskuze|komentáře|תגובות|σχόλια|коментар|bình luận"
)
_SECTION = re.compile(
    # ("More in Sport", not "More Information": a word ends there)
    r"^\W*(?:related|more (?:from|on|in|stories|news|articles|like this)\b|more \w+ (?:from|by)\b|"
    r"you (?:may|might) (?:also )?(?:like|enjoy)|recommended|popular|most (?:read|popular|viewed|shared)|"
    # "Tags", "Tags:", "Tagged", "Topics": a label, not the first word of a heading ("Tag Format")
    r"trending|read (?:more|next|also)|also (?:read|on)|"
    r"(?:tags?|topics)(?=\s*(?:[^\w\s]|$))|tagged\b|filed under|"
    # "Comments", "Comment (3)", "Comment on this story"; not French "Comment" (how): "Comment nous…"
    r"comments\b|comment(?=\s*(?:[^\w\s]|\d|$)|\s+on\b)|"
    r"join the discussion|discussions?\W*\d|share (?:this|the)|keep up|elsewhere|"
    # readers' replies under their platform's name ("Responses (38)" on Medium)
    r"responses(?=\s*(?:\(\d+\)|\d+|$))|"
    # a count of readers' messages ("2 Messages" under a SPIP article, "14 réactions", "3 Antworten")
    r"\d+\s+(?:messages?|replies|reactions|réactions?|réponses?|antworten|respuestas|respostas|risposte)(?=\s*(?:[^\w\s]|$))|"
    r"latest (?:news|stories|articles)|"
    r"about (?:the )?(?:authors?|us)\b|written by\b|"
    r"who(?:'s| is) online|users? online|(?:board|forum) statistics|"
    # a forum's list of who is online in German, Dutch, French, Spanish, Portuguese, Italian, Polish
    r"wer ist online|wie is er online|qui est en ligne|qui(?:é|e)n est(?:á|a) (?:en l(?:í|i)nea|conectado)|"
    r"quem est(?:á|a) (?:online|conectado)|chi (?:c'è|è) (?:online|in linea)|kto jest online|"
    # German
    r"weitere (?:informationen|artikel|beiträge|themen|news|nachrichten)|(?:zum )?weiterlesen|"
    r"lesen sie (?:auch|mehr)|das könnte sie (?:auch )?interessieren|auch interessant|"
    r"mehr (?:zum thema|zu)\b|"
    r"ähnliche|verwandte|neueste (?:artikel|beiträge)|kommentare|schlagw|"
    # Spanish, Portuguese, French, Italian
    r"notas relacionadas|noticias relacionadas|art[ií]culos relacionados|te puede interesar|"
    r"le[ae] (?:también|tambien)|m[aá]s noticias|mira tambi[eé]n|comentarios|etiquetas|"
    r"leia (?:mais|também)|veja (?:mais|também)|mais lidas|relacionad|not[ií]cias relacionadas|"
    r"(?:v[ií]deos?\W+)?mais (?:assistid[oa]s|vistos)|m[aá]s vistos|most watched|"
    r"coment[aá]rios|"
    r"(?:à )?lire aussi|sur le même sujet|articles similaires|commentaires|"
    r"leggi anche|articoli correlati|potrebbe interessarti|commenti|"
    r"самые популярные|читайте также|相关|関連|"
    # "related" in Dutch, Polish, Vietnamese, Indonesian, Turkish, Korean, Thai (not their pointer
    # lines' labels, "Baca juga:", "Xem thêm:", "Lees ook:", set between paragraphs)
    r"gerelateerde? (?:artikelen|berichten|nieuws)|meer nieuws|powiązane|"
    r"tin liên quan|bài (?:viết )?liên quan|tin cùng chuyên mục|berita terkait|artikel terkait|"
    r"ilgili haberler|benzer haberler|관련 ?기사|ข่าวที่เกี่ยวข้อง|"
    # "latest posts" in Polish, Spanish, Portuguese, French, Italian, Dutch, Indonesian, Turkish,
    # Vietnamese
    r"najnowsze (?:wpisy|artykuły|wiadomości|posty)|ostatnie wpisy|"
    r"últim[ao]s (?:noticias|notícias|entradas|posts|art[ií]culos)|"
    r"derni(?:ers|ères) (?:articles|actualités|billets)|ultim[ei] (?:articoli|notizie)|"
    r"laatste nieuws|recente berichten|berita terbaru|artikel terbaru|son haberler|tin mới nhất|"
    rf"{_COMMENTS_ELSEWHERE})",
    re.I,
)
# the label of a document's own cross-references ("See also" and "External links" in an encyclopedia
# article, a manual's note, an API entry's "See Also:" term; a post's "Further reading:" or
# "Sources:"): written by the document's authors, so content, unlike a box of other stories
# ("Related", "Read more"), which a site's software fills
_CROSS_WORDS = (
    r"^\W*(?:see also|voir aussi|siehe auch|v[eé]ase tambi[eé]n|ver tambi[eé]n|ver tamb[ié]m|vedi anche|"
    r"zie ook|"
    r"further reading|weiterführende literatur|lectures complémentaires|lecturas adicionales|"
    r"sources?|quellen?|fuentes?|fontes?|bronnen|kilder|źródła|источники|"
    r"external links|weblinks|liens externes|enlaces externos|links externos|ligações externas|"
    r"collegamenti esterni|externe links|внешние ссылки|"
    # Japanese, Chinese, Korean: see also and external links (an encyclopedia's, a manual's), a
    # Japanese release's related links, sources and references (not 関連記事, related articles: a
    # box of other stories)
    r"関連項目|参见|參見|另见|같이\s?보기|外部リンク|関連リンク|外部链接|外部連結|외부\s?링크|"
    r"出典|参考文献|参考资料|參考資料|참고\s?문헌|출처)(?!\w)"
)
_CROSS_REFERENCES = re.compile(_CROSS_WORDS + r"\W*$", re.I)
# a label that ends with the document's references, after a few words saying which ("Notes and
# references", "Textes de loi et références", "Literatur und Weblinks" is the list above)
_ENDS_WITH_REFERENCES = re.compile(
    r"^(?:\w+[\s,'’-]+){0,5}(?:references|références|referencias|referências|riferimenti|referenzen|"
    r"bibliography|bibliographie|bibliografía|bibliografia|literatur)\W*$",
    re.I,
)
_CROSS_REFERENCE = re.compile(_CROSS_WORDS, re.I)  # a line that opens with them (as whole words)
_SECTION_BOXES = frozenset(("div", "section", "article"))  # boxes a section may be set in
# sections that run to the end of the page
_TO_END = re.compile(
    r"^\W*(?:comments?|join the discussion|discussions?\W*\d|kommentare|comentarios|coment[aá]rios|"
    rf"commentaires|commenti|{_COMMENTS_ELSEWHERE}|tags?|topics|"
    r"filed under|schlagw|etiquetas|about|über|à propos|acerca|sobre|written by)",
    re.I,
)
# "About <publisher>" only counts as a heading element: "About 200 people…" is a sentence
_ABOUT = re.compile(r"^\W*(?:about|über|à propos de|acerca de|sobre)\s+\S+(?:\s+\S+)?\W*$", re.I)
# but "About the research", "About this report": a section of the document about a thing it names in
# lower case, not a publisher's or a writer's box ("About the Guardian", "About the author")
_ABOUT_THE_DOCUMENT = re.compile(
    r"^\W*[Aa]bout\s+(?:the|this|these)\s+(?!authors?\b|writers?\b|contributors?\b|editors?\b|publishers?\b)[a-z]"
)
# readers' comments, in the languages the section headings know them in (kept when comments are)
_COMMENTS = re.compile(
    rf"comment|discussion|repl(?:y|ies)|responses|kommentar|comentario|coment[aá]rio|commenti|{_COMMENTS_ELSEWHERE}",
    re.I,
)
_ITEMS = frozenset(("li", "dd", "dt"))
_CELLS = frozenset(("td", "th", "tr", "caption", "thead", "tbody", "tfoot", "table"))
_SENTENCE = re.compile(r"[.!?。](?:\s|$)")
_TRAILER_CHARS = 300  # a trailing line longer than this is text, whatever it says
_TRAILER_SENTENCES = 3  # a line of three sentences or more is a paragraph, whatever it says
_LABEL_WORDS = 4  # a line of at most this many words without a sentence is a label
# lines of an old page's footer set as one block of <br>-parted lines, at most (the probe pages of the
# old web: 3 to 6 — a counter, "last modified", a mail link, "best viewed"; a letter's closing: 2)
_FOOTER_LINES = 10
# boxes whose loose text is no run of lines to judge: a table's parts hold no text beside their cells,
# a list's items and a code block are what they hold, a heading is one line
_NOT_RUN_BOXES = frozenset(("table", "tbody", "thead", "tfoot", "tr", "ul", "ol", "dl", "pre", "select"))
# a forum's label of who is online, asked as a question ("Wer ist online?", "Qui est en ligne ?")
_WHO_IS_ONLINE = re.compile(
    r"\W*(?:who(?:'s| is) online|wer ist online|wie is er online|qui est en ligne)\W*$", re.I
)
# a help page's closing offer of more help, in the languages of the help centers we read ("Still need
# help?", "Need more help?", "Still have questions?", Portuguese "Ainda precisa de ajuda?", French
# "Besoin d'aide supplémentaire ?", Spanish "¿Necesitas más ayuda?", German "Brauchen Sie weitere Hilfe?")
_MORE_HELP = re.compile(
    r"\W*(?:still\s+need\s+help|need\s+more\s+help|still\s+have\s+questions|ainda\s+precisa\s+de\s+ajuda|"
    r"besoin\s+d[’']aide\s+suppl[ée]mentaire|necesitas?\s+m[áa]s\s+ayuda|brauchen\s+sie\s+weitere\s+hilfe)\W*$",
    re.I,
)
# a line that marks the end of the text ("- END -", "—END—", "（完）", "全文完"): on a Chinese platform's
# article what follows it is the account's (earlier posts, its QR code, readers' picked remarks);
# not "The End", which closes a story and may be followed by its writer's note
_END_MARK = re.compile(r"[\W_]*(?:END|完|全文完|本文完)[\W_]*$")
_SECTION_WORDS = 8
_TAIL_BLOCKS = 40  # trailing blocks looked at, at most
_LOOK_BACK = 5  # siblings before a section heading looked at for the article's own paragraphs
_OWN_WORDS = 3  # words of its own beside its link that make an item a written pointer
_SECTION_ZONE = 0.35  # a section heading only counts in the last part of the text


def _is_paragraph(text: str) -> bool:
    """A line of text is a paragraph of prose (the article's own text): a sentence and
    ``PROSE_CHARS`` or more (the same measure as :func:`~weblens.extract.blocks.is_prose`; a line
    read here is plain text, where links cannot be told apart, so no link share is asked)."""
    return measure(text) >= PROSE_CHARS and _SENTENCE.search(text) is not None


def is_trailer(text: str, tag: str = "p", topic: str = "") -> bool:
    """A line that, at the end of an article, is boilerplate: a call to action, a credit, a label.

    A list item is judged by what it says only: a short item is a normal end of a list. ``topic``
    (the page's title, lower-cased): words of a call to action that are what the page is about
    ("cookie" on a page about cookies, "donate" on one about donating blood) call to nothing.
    """
    if measure(text) > _TRAILER_CHARS or len(_SENTENCE.findall(text)) >= _TRAILER_SENTENCES:
        return False
    if _says_a_trailer(text, topic):
        return True
    # (a line ending with a comma is a letter's closing, "Best wishes,", which its signature follows)
    return (
        tag not in _ITEMS
        and word_count(text) <= _LABEL_WORDS
        and not _SENTENCE.search(text)
        and not text.rstrip().endswith((",", "，"))
    )


def _says_a_trailer(text: str, topic: str) -> bool:
    """``text`` says what a trailer says: a credit, or a call to action whose words are not what
    the page is about (``topic``, see :func:`is_trailer`)."""
    return _CREDIT.search(text) is not None or any(
        match.group(0).lower() not in topic for match in _CALL_TO_ACTION.finditer(text)
    )


_SIGNATURE_WORDS = 3  # words of a signature's line under a letter's closing, at most


def _is_a_letters_closing(el: HtmlElement) -> bool:
    """A letter's closing and its signature, two lines of one block ("Best wishes,<br>Anna"): the
    first ends with a comma, the second is a name (no sentence, a few words). Three lines are a
    promotion's ("From Apply Now,<br>Your Guide to Bicycling.<br>FREE Newsletter…")."""
    lines = _lines_of(el)  # (a line break after the name ends no line)
    if len(lines) != 2:
        return False
    closing, name = lines
    return (
        closing.endswith((",", "，"))
        and 0 < len(name.split()) <= _SIGNATURE_WORDS
        and _SENTENCE.search(f"{name} ") is None
        and not name.endswith(("!", "?"))
    )


def names_a_section(text: str, tag: str = "p") -> bool:
    """A short heading that opens a boilerplate section (related stories, comments, tags…). A list
    item opens nothing: "Related technologies" in a list of links is one of its entries; nor does a
    code block ("[<tag> ]<mode> <object>" is a line of a synopsis)."""
    if text.endswith(("...", "…")):
        text = text.rstrip(".… ")  # "More from us..." trails off; it ends no sentence
    if text.endswith("?") and (_WHO_IS_ONLINE.match(text) or _MORE_HELP.match(text)):
        return True  # a question that is a forum's label ("Wer ist online?"), a help page's offer
    if tag in ("li", "pre") or len(text.split()) > _SECTION_WORDS or text.endswith((".", "?", "!")):
        return False
    if _END_MARK.match(text):
        return True  # the text's end, marked
    if _SECTION.search(text) is not None:
        # unless it labels the document's own links ("■ 関連リンク" under a press release)
        return not names_cross_references(text)
    return tag in HEADING_TAGS and _ABOUT.match(text) is not None and not _ABOUT_THE_DOCUMENT.match(text)


def names_cross_references(text: str) -> bool:
    """A label of the document's own cross-references ("See also", "See Also:")."""
    return _CROSS_REFERENCES.match(text) is not None or _ENDS_WITH_REFERENCES.match(text) is not None


def opens_cross_reference(text: str) -> bool:
    """A line that opens as a cross-reference does ("See also the i32 primitive type.")."""
    return _CROSS_REFERENCE.match(text) is not None


_Home = tuple[HtmlElement, tuple[tuple[str, str], ...]]  # a box, and the wrappers of a paragraph in it


def _article_home(heading: HtmlElement, window_before: list[tuple[HtmlElement, str]]) -> _Home | None:
    """Where the article's paragraphs just before a section heading are, if any: the box that holds
    the last of them and the heading, and the wrappers between that box and the paragraph (none
    when they are siblings; a wrapper of each paragraph on a page that sets every block in boxes of
    its own)."""
    before = [other for other, prose in window_before if _is_paragraph(prose)]
    if before:
        last = before[-1]
        around = set(heading.iterancestors())
        box = next((up for up in last.iterancestors() if up in around), None)
        wrappers = None if box is None else _wrappers(last, box)
        return None if box is None or wrappers is None else (box, wrappers)
    for sibling in islice(heading.itersiblings(preceding=True), _LOOK_BACK):
        if _is_paragraph(" ".join(sibling.text_content().split())):
            parent = heading.getparent()
            return (parent, ()) if parent is not None else None
    return None


def _wrappers(el: HtmlElement, box: HtmlElement) -> tuple[tuple[str, str], ...] | None:
    """The tags and classes of the boxes between ``el`` and ``box`` (an ancestor), innermost first;
    None when ``box`` is not around ``el``."""
    found: list[tuple[str, str]] = []
    for up in el.iterancestors():
        if up is box:
            return tuple(found)
        found.append((str(up.tag), up.get("class") or ""))
    return None


def _is_home_paragraph(el: HtmlElement, text: str, home: _Home) -> bool:
    """A paragraph of the article itself: set in its box as the paragraphs before were."""
    box, wrappers = home
    return _is_paragraph(text) and _wrappers(el, box) == wrappers


def _section_cuts(window: list[tuple[HtmlElement, str]], keep_comments: bool) -> set[int]:
    """Positions (in document order) that boilerplate sections take away.

    A section of comments, tags or about-the-author runs to the end. A "related"/"read also" box
    takes its heading and what follows up to the next paragraph of the article itself (a prose
    paragraph set in the article's box as its paragraphs before the box were), if any.
    """
    cut: set[int] = set()
    for position, (el, whole) in enumerate(window):
        text = _first_of_its_lines(el, whole)
        if position in cut or not names_a_section(text, el.tag) or _cell_of_a_row(el):
            continue
        if keep_comments and _COMMENTS.search(text):
            continue
        to_end = _TO_END.search(text) is not None or _END_MARK.match(text) is not None
        if not to_end and is_a_documents_section(_heading_of(el)):
            continue  # the writer's own "Related" part of a document, as "See also" is
        home = None if to_end else _article_home(el, window[:position])
        end = len(window)
        if home is not None:
            end = next(
                (
                    later
                    for later in range(position + 1, len(window))
                    if _is_home_paragraph(window[later][0], window[later][1], home)
                ),
                len(window),
            )
        end = min(end, _next_section(window, position), _end_of_its_box(window, position, text))
        if _annotated_items(window[position + 1 : end]):
            continue
        cut.update(range(position, end))
        if end == len(window):
            break
    return cut


def _lines_of(el: HtmlElement) -> list[str]:
    """The lines of ``el`` that ``<br>`` elements part, empty lines left out."""
    return [line for line in br_lines(el) if line]


def _first_of_its_lines(el: HtmlElement, text: str) -> str:
    """The first line of a block of ``<br>``-parted lines whose other lines are no paragraphs (an old
    page's box of related links set as lines under its heading: "More features from Pixel
    Foundry:<br>» Frames Are Not Evil<br>…"), else the block's ``text``."""
    if el.find(".//br") is None:
        return text
    lines = _lines_of(el)
    if len(lines) < 2 or any(_is_paragraph(line) for line in lines[1:]):
        return text
    return lines[0]


# other headings of its level with an anchor, at least, beside a heading that make it a section of a
# document (a documentation generator anchors every heading of the text: "Related" among them)
_ANCHORED_SECTIONS = 2


def _heading_of(el: HtmlElement) -> HtmlElement:
    """The heading ``el`` is the text of (itself, or the heading it is a box of: a generator sets a
    heading's words in a ``<div>`` beside its anchor's), else ``el``."""
    return el if el.tag in HEADING_TAGS else next(el.iterancestors(*HEADING_TAGS), el)


def is_a_documents_section(heading: HtmlElement) -> bool:
    """``heading`` is one of a document's anchored sections: it has an ``id`` and so do
    :data:`_ANCHORED_SECTIONS` or more headings of its level beside it (a generator's "Related"
    heading among the document's others, which a table of contents lists; a related stories box's
    heading stands alone)."""
    if heading.tag not in HEADING_TAGS or not heading.get("id"):
        return False
    parent = heading.getparent()
    if parent is None:
        return False
    others = sum(1 for el in parent.iterchildren(heading.tag) if el is not heading and el.get("id"))
    return others >= _ANCHORED_SECTIONS


def _cell_of_a_row(el: HtmlElement) -> bool:
    """A table cell beside another cell with text: a value of the data ("comments on shared objects"
    describing a catalog), not a label opening a section, as a cell alone in its row may be."""
    if el.tag not in ("td", "th"):
        return False
    row = el.getparent()
    return row is not None and any(
        cell is not el and cell.tag in ("td", "th") and cell.text_content().strip() for cell in row
    )


def _end_of_its_box(window: list[tuple[HtmlElement, str]], position: int, text: str) -> int:
    """Where a section named by a line that is no heading ends when the line heads a box of its
    own (a note's "See also" label over its links, ``<div><p>See also</p><p>…</p></div>``): at the
    end of that box; and when it is a term of a definition list (an API entry's ``<dt>See Also:</dt>``),
    at the list's next term or its end. Sections that run to the end (comments, tags) and headings are
    not bounded so."""
    label = window[position][0]
    box = label.getparent()
    if label.tag in HEADING_TAGS or _TO_END.search(text) or box is None:
        return len(window)
    if label.tag == "dt" and box.tag == "dl":
        return next(
            (
                later
                for later in range(position + 1, len(window))
                if not _within(window[later][0], box) or window[later][0].tag == "dt"
            ),
            len(window),
        )
    if box.tag not in _SECTION_BOXES:
        return len(window)
    if next((child for child in box if isinstance(child.tag, str)), None) is not label or len(box) < 2:
        return len(window)
    return next(
        (later for later in range(position + 1, len(window)) if not _within(window[later][0], box)),
        len(window),
    )


def _within(el: HtmlElement, box: HtmlElement) -> bool:
    return any(ancestor is box for ancestor in el.iterancestors())


def _annotated_items(section: list[tuple[HtmlElement, str]]) -> bool:
    """A section of list items most of which say something of their own beside their link ("The
    TOML specification, for the file's syntax"): written pointers, not a box of headlines."""
    items = [
        el
        for el, _ in section
        if el.tag == "li" or (el.getparent() is not None and el.getparent().tag == "li")
    ]
    if len(items) < 2 or len(items) < len(section) - 1:
        return False
    annotated = 0
    for item in items:
        own = len(item.text_content().split()) - sum(
            len(a.text_content().split()) for a in item.iter("a") if is_link(a)
        )
        annotated += own >= _OWN_WORDS
    return annotated * 2 > len(items)


def _section_box(heading: HtmlElement) -> HtmlElement:
    """The box of the section a heading opens: the heading's own box (see :func:`_home`), or the
    boxes it opens as their first part (``<section><h2>…</h2><p>…</section>``, AsciiDoc's
    ``<div class="sect1"><h2>…</h2><div>…</div></div>``), so that sections set in boxes of their
    own are side by side as their headings would be."""
    el = _home(heading)
    parent = el.getparent()
    while (
        parent is not None
        and parent.tag in _SECTION_BOXES
        and next((child for child in parent if isinstance(child.tag, str)), None) is el
        and not (parent.text or "").strip()
    ):
        el, parent = parent, parent.getparent()
    return el


def _home(el: HtmlElement) -> HtmlElement:
    """``el``, or the box that holds it alone (``<div class="heading"><h2>…</h2></div>``)."""
    parent = el.getparent()
    while (
        parent is not None
        and len(parent) == 1
        and not (parent.text or "").strip()
        and not (el.tail or "").strip()
    ):
        el, parent = parent, parent.getparent()
    return el


def _next_section(window: list[tuple[HtmlElement, str]], position: int) -> int:
    """Where the article's next section starts after a boilerplate section headed at
    ``position``: a heading of the same or a higher rank beside it that names no boilerplate
    section and has something under it ("See also" ends at "References"), or one of a higher rank
    outside the box the boilerplate heading is in (a manual's "See also" closing one directive's
    box ends at the next directive's heading). A section named by a line that is not a heading has
    no rank: it runs on."""
    heading = window[position][0]
    if heading.tag not in HEADING_TAGS:
        return len(window)
    beside = _section_box(heading).getparent()
    for later in range(position + 1, len(window) - 1):  # a section has something under its heading
        el, text = window[later]
        if el.tag not in HEADING_TAGS or el.tag > heading.tag or names_a_section(text, el.tag):
            continue
        if _section_box(el).getparent() is beside:
            return later
        if el.tag < heading.tag and beside is not None and not _within(el, beside):
            return later
    return len(window)


def _is_in_a_cell(el: HtmlElement, main: HtmlElement) -> bool:
    """``el`` is a table's cell, or a line set in a cell of a table of data below ``main``: a cell of a
    row of two or more whose text is shorter than a sentence of prose (a product's attribute,
    ``<td><p>First flush, April 2023</p></td>``). A layout table's cell holding the page's text
    holds more, and a cell alone in its row (a one-column layout: a newsletter's e-mail) holds lines."""
    if el.tag in ("td", "th"):
        return _is_cell_of_a_row(el)
    if el.tag in _CELLS:
        return True
    for up in el.iterancestors():
        if up is main:
            return False
        if up.tag in _CELLS:
            return _is_cell_of_a_row(up) and _is_data_line(up)
    return False


def _is_cell_of_a_row(cell: HtmlElement) -> bool:
    """A cell beside at least one more cell of its row."""
    row = cell.getparent()
    return row is not None and cells_of(row) >= 2


def _is_data_line(cell: HtmlElement) -> bool:
    return len(" ".join(cell.text_content().split())) < PROSE_CHARS


def drop_trailing_boilerplate(
    main: HtmlElement,
    *,
    keep_comments: bool = False,
    topic: str | None = None,
    post_texts: Collection[HtmlElement] = (),
) -> None:
    """Remove boilerplate that trails the article inside ``main`` (in place).

    With ``keep_comments`` a "Comments" section is not boilerplate. A line in one of ``post_texts``
    (the boxes where a thread's posts set their text) is a reply however short ("Bravo 👏"), no
    trailer. Only the last
    :data:`_TAIL_BLOCKS` blocks, within the last part of the text, are looked at. ``topic`` is the
    page's title (see :func:`is_trailer`).

    1. A line set after ``main``'s last block in no block of its own (an old page's footer link
       after a rule: ``<hr><a>More information about the list</a>``) is wrapped to be judged as one,
       and so is each run of text set loose beside blocks further in (:func:`_wrap_loose_runs`).
    2. The trailers and the sections of boilerplate at the end go (:func:`_drop_trailers`).
    3. The lines of step 1, where they stay, are unwrapped: their text as it was.
    4. An e-mail's signature ending the last block goes (:func:`_drop_mail_signature`).
    """
    line = _wrap_trailing_line(main)
    runs = _wrap_loose_runs(main)
    _drop_trailers(main, keep_comments=keep_comments, topic=topic, post_texts=post_texts)
    for wrapper in (*runs, *([line] if line is not None else [])):
        if wrapper.getparent() is not None:
            wrapper.drop_tag()
    _drop_mail_signature(main)


# what a line of text set after the last block holds: text-level elements (a link, bold words, a
# line break), no block
_LINE_TAGS = frozenset(("a", "b", "strong", "i", "em", "font", "span", "small", "u", "br"))


def _wrap_trailing_line(main: HtmlElement) -> HtmlElement | None:
    """Wrap the text and text-level elements after ``main``'s last child block (or rule) in a
    ``<p>``, and give it; None when there is no such line with words (or ``main`` has no block)."""
    children = list(main)
    blocks = (i for i, child in enumerate(children) if child.tag in BLOCK_TAGS or child.tag == "hr")
    last = max(blocks, default=-1)
    run = children[last + 1 :]
    if last < 0 or any(child.tag not in _LINE_TAGS for child in run):
        return None
    before = children[last]
    if not ((before.tail or "").strip() or any(child.text_content().strip() for child in run)):
        return None
    if before.tail and settable(before.tail) != before.tail:
        return None  # a character lxml will not set again (a control): the line is left where it is
    line = main.makeelement("p", {})
    line.text, before.tail = before.tail, None
    before.addnext(line)
    for child in run:
        line.append(child)  # moves it, with its tail
    return line


def _wrap_loose_runs(main: HtmlElement) -> list[HtmlElement]:
    """Wrap in a ``<p>`` each run of text and text-level elements that sits beside blocks inside
    ``main``'s boxes (an old page's last paragraphs set loose in a ``<font>`` after its list, its
    footer's lines in a ``<center>`` above a web ring's table), so the walk from the end judges it
    as the block a reader sees; give the wrappers. ``main``'s own runs are left to
    :func:`_wrap_trailing_line` and to the text as it is."""
    # the elements below main holding a block (a run's boxes), as found (a dict keeps that order): each
    # box's runs are its own children, so the boxes need no walk of main to be put in document order
    holders: dict[HtmlElement, None] = {}
    for block in main.iterdescendants(*BLOCK_TAGS):
        for up in block.iterancestors():
            if up is main or up in holders:
                break
            holders[up] = None
    wrappers: list[HtmlElement] = []
    for box in list(holders):
        if box.tag in _NOT_RUN_BOXES:
            continue
        children = list(box)
        # a block, a rule, or what holds a block (an old page's <font> around its lists)
        flags = [child.tag in BLOCK_TAGS or child.tag == "hr" or child in holders for child in children]
        runs: list[tuple[HtmlElement | None, list[HtmlElement]]] = []  # (the block before, the run)
        before: HtmlElement | None = None
        run: list[HtmlElement] = []
        for child, blockish in zip(children, flags, strict=True):
            if blockish:
                runs.append((before, run))
                before, run = child, []
            else:
                run.append(child)
        runs.append((before, run))
        for before, run in runs:
            lead = box.text if before is None else before.tail
            if not ((lead and lead.strip()) or any(child.text_content().strip() for child in run)):
                continue
            if lead and settable(lead) != lead:
                continue  # a character lxml will not set again
            wrapper = box.makeelement("p", {})
            wrapper.text = lead
            if before is None:
                box.text = None
                box.insert(0, wrapper)
            else:
                before.tail = None
                before.addnext(wrapper)
            for child in run:
                wrapper.append(child)  # moves it, with its tail
            wrappers.append(wrapper)
    return wrappers


def _drop_trailers(
    main: HtmlElement, *, keep_comments: bool, topic: str | None, post_texts: Collection[HtmlElement] = ()
) -> None:
    """The trailers and boilerplate sections at the end of ``main`` (the two rules of the module's
    docstring); a line in one of ``post_texts`` is a post's, never a trailer."""
    about = (topic or "").lower()
    total = len(main.text_content())
    leaves: list[tuple[HtmlElement, str]] = []  # from the end backwards
    seen = 0
    for el in last_leaf_blocks(main):
        text = " ".join(el.text_content().split())
        seen += len(text)
        if text:
            leaves.append((el, text))
        if len(leaves) >= _TAIL_BLOCKS or seen > total * _SECTION_ZONE:
            break
    if len(leaves) < 2:
        return
    window = leaves[::-1]  # document order
    cut = _section_cuts(window, keep_comments)
    doomed = [window[position][0] for position in sorted(cut)]
    rest = [(el, text) for position, (el, text) in enumerate(window) if position not in cut][::-1]
    if any(_is_paragraph(text) for _, text in rest):  # trailers follow an article's text
        posts = frozenset(post_texts)
        for el, text in rest[:-1]:
            if _is_in_a_cell(el, main) or el.tag == "pre":
                break  # a table is data (a line of a cell too), a code block code: not a trailer
            if not (is_trailer(text, el.tag, about) or _is_a_footer_of_lines(el, about)):
                break
            if _is_a_letters_closing(el):
                break  # "À très vite,<br>Hélène": the letter's own end
            if posts and (el in posts or not posts.isdisjoint(el.iterancestors())):
                break  # a post's reply of a few words
            doomed.append(el)
    for el in doomed:
        drop(el)


def _is_a_footer_of_lines(el: HtmlElement, topic: str) -> bool:
    """A block of a few lines parted by ``<br>`` that an old page's footer is (a hit counter, "This
    page last modified: …", "E-mail the webmaster", "Best viewed with …", set in one ``<font>`` or
    ``<center>``): half of them or more say what trailers say (a call to action, a credit), which a
    closing line or a stanza of a poem does not, and no other line is a paragraph."""
    lines = _lines_of(el)
    if not 2 <= len(lines) <= _FOOTER_LINES:
        return False
    said = [_says_a_trailer(line, topic) for line in lines]
    if any(_is_paragraph(line) and not says for line, says in zip(lines, said, strict=True)):
        return False
    return sum(said) * 2 >= len(lines)


# the line that opens an e-mail's signature (RFC 3676, 4.3: "-- " alone on its line; archives keep its
# space), and the lines a signature holds at most after it (the "four lines" netiquette allows; a
# quote or a key's fingerprint)
_SIGNATURE_LINE = "\n-- \n"  # with its space: a bare "--" line is also a comment of code
_SIGNATURE_LINES = 6


def _drop_mail_signature(main: HtmlElement) -> None:
    """Drop the signature that ends a message set as preformatted text (a mailing list archive's
    ``<pre>``, the content's last block): the lines after a line of "-- ", when there are at most
    :data:`_SIGNATURE_LINES` of them and they are the block's last run of text (no element among
    them). A code block is not asked: its lines hold no such line with text after it at its end."""
    last = next((el for el in last_leaf_blocks(main) if el.text_content().strip()), None)
    if last is None or last.tag != "pre":
        return
    holder, text = (last[-1], last[-1].tail) if len(last) else (last, last.text)
    if not text:
        return
    at = text.rfind(_SIGNATURE_LINE)
    if at < 0:
        return
    after = text[at + len(_SIGNATURE_LINE) :].strip("\n")
    if not after.strip() or after.count("\n") >= _SIGNATURE_LINES:
        return
    kept = text[:at] + "\n"
    if settable(kept) != kept:
        return  # a character lxml will not set again (a control): the message is left whole
    if holder is last:
        last.text = kept
    else:
        holder.tail = kept
