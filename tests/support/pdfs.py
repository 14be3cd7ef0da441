"""Tiny valid PDFs written by hand for the tests: text pages, a document-info dictionary, and,
on request, the standard security handler (revision 2, RC4 40-bit) with a user password."""

from __future__ import annotations

import hashlib
import struct

__all__ = ["make_pdf"]

# the padding string of the standard security handler (PDF 32000-1, 7.6.3.3)
_PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
_FILE_ID = bytes.fromhex("0123456789abcdef0123456789abcdef")
_PERMISSIONS = -44


def _rc4(key: bytes, data: bytes) -> bytes:
    state = list(range(256))
    j = 0
    for i in range(256):
        j = (j + state[i] + key[i % len(key)]) % 256
        state[i], state[j] = state[j], state[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + state[i]) % 256
        state[i], state[j] = state[j], state[i]
        out.append(byte ^ state[(state[i] + state[j]) % 256])
    return bytes(out)


def _padded(password: str) -> bytes:
    return (password.encode("latin-1") + _PAD)[:32]


class _Security:
    """Revision 2 of the standard security handler: one RC4 key per object."""

    def __init__(self, user_password: str) -> None:
        owner_key = hashlib.md5(_padded(user_password + "-owner")).digest()[:5]
        self.owner = _rc4(owner_key, _padded(user_password))
        digest = hashlib.md5(
            _padded(user_password) + self.owner + struct.pack("<i", _PERMISSIONS) + _FILE_ID
        ).digest()
        self.key = digest[:5]
        self.user = _rc4(self.key, _PAD)

    def encrypt(self, number: int, data: bytes) -> bytes:
        object_key = hashlib.md5(self.key + struct.pack("<i", number)[:3] + b"\x00\x00").digest()[:10]
        return _rc4(object_key, data)

    def dictionary(self) -> bytes:
        return (
            b"<< /Filter /Standard /V 1 /R 2 /O <" + self.owner.hex().encode() + b"> /U <"
            + self.user.hex().encode() + b"> /P " + str(_PERMISSIONS).encode() + b" >>"
        )  # fmt: skip


def _literal(text: str) -> bytes:
    raw = text.encode("latin-1")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _hex(data: bytes) -> bytes:
    return b"<" + data.hex().encode() + b">"


def _page_stream(lines: list[str]) -> bytes:
    parts = [b"BT /F1 12 Tf 14 TL 72 720 Td"]
    for line in lines:
        parts.append(_literal(line) + b" Tj T*")
    parts.append(b"ET")
    return b"\n".join(parts)


def make_pdf(
    pages: list[list[str]],
    *,
    title: str | None = None,
    author: str | None = None,
    created: str | None = None,
    user_password: str | None = None,
) -> bytes:
    """A PDF with one page per entry of ``pages`` (each a list of text lines in Helvetica)."""
    security = _Security(user_password) if user_password is not None else None
    count = len(pages)
    # objects: 1 catalog, 2 pages, 3 font, 4 info, then a page and its content stream per page
    page_numbers = [5 + 2 * i for i in range(count)]
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids ["
        + b" ".join(f"{n} 0 R".encode() for n in page_numbers)
        + f"] /Count {count} >>".encode(),
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    }
    info = b"<<"
    for key, value in (("Title", title), ("Author", author), ("CreationDate", created)):
        if value is not None:
            raw = value.encode("latin-1")
            field = _hex(security.encrypt(4, raw)) if security else _literal(value)
            info += f" /{key} ".encode() + field
    objects[4] = info + b" >>"
    for index, lines in enumerate(pages):
        page, content = page_numbers[index], page_numbers[index] + 1
        objects[page] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents " + f"{content} 0 R >>".encode()
        )
        stream = _page_stream(lines)
        if security:
            stream = security.encrypt(content, stream)
        objects[content] = f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream"
    encrypt_number = max(objects) + 1
    if security:
        objects[encrypt_number] = security.dictionary()
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += f"{number} 0 obj\n".encode() + objects[number] + b"\nendobj\n"
    xref = len(out)
    size = max(objects) + 1
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for number in range(1, size):
        out += f"{offsets[number]:010d} 00000 n \n".encode()
    trailer = f"trailer\n<< /Size {size} /Root 1 0 R /Info 4 0 R /ID [<{_FILE_ID.hex()}> <{_FILE_ID.hex()}>]"
    if security:
        trailer += f" /Encrypt {encrypt_number} 0 R"
    out += trailer.encode() + f" >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
