"""PDF → PageExtract with pypdfium2 (PDFium): text page by page, title and author from the
document information dictionary, creation date as the publication date. Pure: bytes in.

* Pages are read in order, each page's text as PDFium lays it out (one line per line of the
  page); pages are separated by a blank line in ``text`` and by a ``---`` rule in ``markdown``.
* Limits: at most ``max_pages`` pages and ``timeout_s`` seconds (checked between pages);
  what is left unread is reported in ``warnings``, never silently dropped.
* A PDF that needs a password raises :class:`~weblens.errors.EncryptedDocument`; bytes PDFium
  cannot load raise :class:`~weblens.errors.CorruptDocument` — never an empty success. A PDF
  whose pages carry no text layer (scanned images) comes back ``thin`` with a warning.
* Images are not extracted (``images`` is empty).

PDFium is not thread-safe, so every call into it holds one process-wide lock.
"""

from __future__ import annotations

import re
import threading
import time
from typing import Any

from weblens.errors import CorruptDocument, EncryptedDocument
from weblens.extract.dates import normalise_date
from weblens.extract.documents import DocumentParts, as_text, document_extract, tidy_lines
from weblens.extract.mdsyntax import escape_line_start, escape_text
from weblens.extract.metatext import clean_text
from weblens.models import PageExtract

__all__ = ["pdf_extract"]

_PDFIUM = threading.Lock()
_PASSWORD_ERROR = 4  # FPDF_ERR_PASSWORD
_PDF_DATE = re.compile(
    r"^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(Z|[+-]\d{2}'?\d{2}'?)?", re.I
)
_MAX_FIELD = 1000


def pdf_date(raw: str | None) -> str | None:
    """A PDF date string (``D:20240315103000+01'00'``) as ISO 8601, or None."""
    found = _PDF_DATE.match((raw or "").strip())
    if found is None:
        return None
    year, month, day, hour, minute, second, zone = found.groups()
    if hour is None:
        return normalise_date(f"{year}-{month or '01'}-{day or '01'}")
    offset = ""
    if zone:
        offset = "+00:00" if zone.upper() == "Z" else f"{zone[:3]}:{zone.replace(chr(39), '')[3:5] or '00'}"
    return normalise_date(f"{year}-{month}-{day}T{hour}:{minute or '00'}:{second or '00'}{offset}")


def _page_markdown(text: str) -> str:
    return "\n".join(escape_line_start(escape_text(line)) if line else "" for line in text.split("\n"))


def pdf_extract(data: bytes, url: str | None, *, max_pages: int, timeout_s: float) -> PageExtract:
    """The text and document information of the PDF in ``data``."""
    started = time.perf_counter()
    with _PDFIUM:
        info, pages, unread = _read(data, max_pages=max_pages, deadline=started + timeout_s)
    texts = [tidy_lines(as_text(page)) for page in pages]
    warnings = []
    if unread:
        warnings.append(
            f"truncated: {unread} of {len(pages) + unread} pages were not read (page or time limit)"
        )
    if pages and not any(texts):
        warnings.append("no_text_layer: the PDF's pages have no text (scanned images?); OCR is not done")
    title = clean_text(info.get("Title"), _MAX_FIELD)
    author = clean_text(info.get("Author"), _MAX_FIELD)
    parts = DocumentParts(
        text="\n\n".join(text for text in texts if text),
        markdown="\n\n---\n\n".join(_page_markdown(text) for text in texts if text),
        title=title or None,
        authors=(author,) if author else (),
        published_date=pdf_date(info.get("CreationDate")),
        description=clean_text(info.get("Subject"), _MAX_FIELD) or None,
        warnings=warnings,
    )
    return document_extract(parts, url, started)


def _read(data: bytes, *, max_pages: int, deadline: float) -> tuple[dict[str, Any], list[str], int]:
    """(document information, the text of each page read, how many pages were left unread)."""
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(bytes(data))
    except pypdfium2.PdfiumError as exc:
        if getattr(exc, "err_code", None) == _PASSWORD_ERROR:
            raise EncryptedDocument("the PDF is encrypted and needs a password to be read") from exc
        raise CorruptDocument(f"the PDF cannot be read: {exc}") from exc
    try:
        info: dict[str, Any] = dict(document.get_metadata_dict(skip_empty=True))
        total = len(document)
        texts: list[str] = []
        for index in range(min(total, max_pages)):
            if texts and time.perf_counter() > deadline:
                break
            page = document[index]
            try:
                textpage = page.get_textpage()
                texts.append(textpage.get_text_bounded())
                textpage.close()
            except pypdfium2.PdfiumError:
                texts.append("")
            finally:
                page.close()
        return info, texts, total - len(texts)
    finally:
        document.close()
