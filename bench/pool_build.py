"""Build the development pool (``bench/pool``) from the public repositories its pages come from.

Usage::

    .venv/bin/python bench/pool_build.py --repos DIR [--out DIR] [--check-kept-apart]

``DIR`` holds a git copy of each source repository as ``owner+name`` (a clone, or a bare git
directory at ``owner+name/repo``); each set is read at the commit pinned in :data:`SOURCES`, so the
pool comes out the same byte for byte. ``--out`` defaults to ``bench/pool/data`` (ignored by git).

The pages are other projects' data under their licences (each set's README in ``bench/pool/``);
this repository keeps how to rebuild them, not the pages. What is kept apart to check generality
(DESIGN.md §6) never enters: pages listed in ``bench/pool/excluded.json`` are skipped.
``--check-kept-apart`` recomputes that list from copies of the kept-apart collections found in
``DIR`` (Mozilla Readability's test pages, the Postlight parser's fixtures, trafilatura's evaluation
set): a candidate page is excluded when its bytes, its URL (or its canonical / ``og:url``) equal one
of theirs, or when at least :data:`SHINGLE_SHARE` of its 10-word shingles occur in them.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import io
import json
import re
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.pooldata import DEFAULT_POOL, PoolPage, site_of, write  # noqa: E402

EXCLUDED = REPO / "bench" / "pool" / "excluded.json"
# A candidate sharing this share of its 10-word shingles with the kept-apart pages is left out.
# Calibrated on the candidates: copies score 1.00; pages of other sites share under 0.15 (common
# phrases, licence lines); between 0.2 and 0.9 were pages sharing a site's boilerplate or a
# lorem-ipsum filler with a kept-apart page, left out to be safe.
SHINGLE_SHARE = 0.2


@dataclass(frozen=True)
class Source:
    repo: str  # owner/name
    commit: str
    licence: str
    paths: tuple[str, ...]  # what to read from it


SOURCES: dict[str, Source] = {
    "magic-html": Source(
        "opendatalab/magic-html",
        "47d4a7fed12030e906a093b074637f178cb46ef2",
        "Apache-2.0",
        ("benchmark/data",),
    ),
    "htmldate": Source(
        "adbar/htmldate",
        "b8952828329abaeeb3be21387b526f2be614ce67",
        "Apache-2.0",
        ("tests/eval_default.json", "tests/eval_mediacloud_2020.json", "tests/cache", "tests/test_set"),
    ),
    "newspaper4k": Source(
        "AndyTheFactory/newspaper4k",
        "540bff3e8344cb8291c4829fafd98860f30d9692",
        "MIT",
        ("tests/data",),
    ),
    "goose3": Source(
        "goose3/goose3", "c5a8902eed0c4592a1ff5ec51a0277cf73a3aca7", "Apache-2.0", ("tests/data/content",)
    ),
    "defuddle": Source(
        "kepano/defuddle",
        "6de16345bbc822e69397bd6a126861bad9ff469f",
        "MIT",
        ("tests/fixtures", "tests/expected"),
    ),
    "fundus": Source(
        "flairNLP/fundus",
        "18da6e53592f99cf0ac5770dc63d6ba99ba63ae8",
        "MIT",
        ("tests/resources/parser/test_data",),
    ),
}
KEPT_APART: dict[str, Source] = {
    "readability": Source(
        "mozilla/readability", "ab4027a8b37669745016869a37a504727992b2ba", "Apache-2.0", ("test/test-pages",)
    ),
    "postlight": Source(
        "postlight/parser", "e8ba7ece291efa4d915d50dd4deeec17d54359f2", "Apache-2.0", ("fixtures",)
    ),
    "trafilatura-eval": Source(
        "adbar/trafilatura",
        "e90b0ef51ab026fdb905fb6c5b3c84dd3d784fd5",
        "Apache-2.0",
        ("tests/eval", "tests/evaldata.json"),
    ),
}

Files = dict[str, bytes]
Candidate = tuple[str, PoolPage]  # (source path, page)


def git_dir(repos: Path, repo: str) -> Path:
    """The git directory of ``repo`` (owner/name) in ``repos``: a bare copy at ``owner+name/repo``,
    or a clone at ``owner+name``."""
    name = repo.replace("/", "+")
    candidates = (repos / name / "repo", repos / name / ".git", repos / name)
    gitdir = next((path for path in candidates if (path / "HEAD").is_file()), None)
    if gitdir is None:
        raise SystemExit(f"no git copy of {repo} in {repos} (expected {repos / name})")
    return gitdir


def read_source(repos: Path, source: Source) -> Files:
    """The files under ``source.paths`` at its pinned commit, by path."""
    gitdir = git_dir(repos, source.repo)
    archive = subprocess.run(
        ["git", f"--git-dir={gitdir}", "archive", source.commit, *source.paths],
        check=True,
        capture_output=True,
    ).stdout
    files: Files = {}
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar:
            if member.isfile() and (handle := tar.extractfile(member)) is not None:
                files[member.name] = handle.read()
    return files


# --- what a page says of itself ----------------------------------------------------------------------

_CANONICAL = re.compile(
    rb"<(?:link|meta)\b[^>]*?(?:rel=[\"']canonical[\"']|property=[\"']og:url[\"'])[^>]*?>", re.IGNORECASE
)
_ADDRESS = re.compile(rb"(?:href|content)=[\"'](https?://[^\"']+)[\"']", re.IGNORECASE)
_LANG = re.compile(rb"<html\b[^>]*?\blang=[\"']?([a-zA-Z]{2,3})", re.IGNORECASE)
_NO_DATE = frozenset(("nan", "none", ""))  # how htmldate's annotation sheets write "no date"
_SCRIPTS = (
    ("zh", re.compile(r"[\u4e00-\u9fff]")),
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("ko", re.compile(r"[\uac00-\ud7af]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
    ("th", re.compile(r"[\u0e00-\u0e7f]")),
)


def declared_url(raw: bytes) -> str:
    """The page's canonical or ``og:url`` address, "" when it declares none."""
    for tag in _CANONICAL.findall(raw[:300_000]):
        if found := _ADDRESS.search(tag):
            return html.unescape(found.group(1).decode("utf-8", "replace"))
    return ""


def language(raw: bytes, text: str = "") -> str:
    """The page's language: ``<html lang>`` when it says, else the script most of ``text`` is in
    (ja before zh: Japanese mixes kana with Han), else ""."""
    if found := _LANG.search(raw[:20_000]):
        return found.group(1).decode().lower()[:2]
    letters = [c for c in text[:3000] if c.isalpha()]
    if not letters:
        return ""
    counts = {code: len(script.findall("".join(letters))) for code, script in _SCRIPTS}
    if counts["ja"] > len(letters) * 0.05:
        return "ja"
    code, most = max(counts.items(), key=lambda item: item[1])
    return code if most > len(letters) / 2 else ("en" if all(c.isascii() for c in letters[:500]) else "")


def _page(
    name: str, key: str, url: str, kind: str, raw: bytes, labels: dict[str, str | None], site: str = ""
) -> PoolPage:
    """A page of set ``name``; its site from its URL, else from the address it declares, else
    ``site`` (a name the set gives), else its own id (a site of its own)."""
    found = site_of(url) or site_of(declared_url(raw)) or site or f"{name}/{key}"
    return PoolPage(
        name, key, url, found, kind, language(raw, labels.get("text") or visible_text(raw)), raw, labels
    )


# --- the sets --------------------------------------------------------------------------------------------


def magic_html(files: Files) -> Iterator[Candidate]:
    """magic-html's benchmark: news and blog articles and forum threads, text labelled by hand."""
    for kind in ("article", "forum"):
        folder = f"benchmark/data/{kind}"
        truth = json.loads(files[f"{folder}/base.json"])
        for digest, entry in sorted(truth.items()):
            path = f"{folder}/htmls/{digest}.html"
            yield (
                path,
                _page(
                    f"magic-{kind}", digest[:16], entry["url"], kind, files[path], {"text": entry["content"]}
                ),
            )


def htmldate(files: Files) -> Iterator[Candidate]:
    """htmldate's date-annotated pages: its unit-test pages (BBAW) and the Media Cloud sample. The
    BBAW evaluation folder is not read: most of it is trafilatura's evaluation set too. A date of
    ``"nan"`` (a spreadsheet's empty cell) says the annotators found no date: labelled as none."""
    for index, folder in (("eval_default.json", "cache"), ("eval_mediacloud_2020.json", "test_set")):
        for url, entry in sorted(json.loads(files[f"tests/{index}"]).items()):
            path = f"tests/{folder}/{entry['file']}"
            if path in files:
                key = re.sub(r"[^\w.-]+", "_", Path(entry["file"]).stem)[:60]
                day = None if str(entry["date"]).casefold() in _NO_DATE else entry["date"]
                yield path, _page("htmldate", key, url, "article", files[path], {"date": day})


def newspaper4k(files: Files) -> Iterator[Candidate]:
    """newspaper4k's test pages: the article text it expects, and title, authors and date."""
    for path in sorted(p for p in files if p.startswith("tests/data/html/")):
        stem = Path(path).stem
        text = files.get(f"tests/data/txt/{stem}.txt")
        meta_raw = files.get(f"tests/data/metadata/{stem}.json")
        if text is None and meta_raw is None:
            continue  # a home page, a feed or a redirect: nothing labelled
        meta = json.loads(meta_raw) if meta_raw else {}
        labels: dict[str, str | None] = {}
        if text is not None:
            labels["text"] = text.decode("utf-8")
        if meta.get("title"):
            labels["title"] = meta["title"]
        if meta.get("authors"):
            labels["author"] = ", ".join(meta["authors"])
        if meta.get("publish_date"):
            labels["date"] = str(meta["publish_date"])[:10]
        yield path, _page("newspaper4k", stem, meta.get("url") or "", "article", files[path], labels)


def goose3(files: Files) -> Iterator[Candidate]:
    """goose3's content pages: the opening of the article text it expects (cut short by goose's tests)."""
    for path in sorted(p for p in files if p.endswith(".html")):
        spec = files.get(path[: -len(".html")] + ".json")
        expected = json.loads(spec).get("expected", {}) if spec else {}
        lead = expected.get("cleaned_text", "")
        if len(lead.split()) >= 8:
            stem = Path(path).stem.removeprefix("test_")
            url = expected.get("final_url") or json.loads(spec or b"{}").get("url", "")
            yield path, _page("goose3", stem, url, "article", files[path], {"lead": lead})


_FRONT = re.compile(r"\A```json\n(.*?)\n```\n", re.DOTALL)
_DOMAIN = re.compile(r"--((?:[a-z0-9-]+\.)+[a-z]{2,})(?:-|$)")
_MD_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MD_MARKS = re.compile(r"^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)|[*_`|~]|^-{3,}$", re.MULTILINE)
# What kind of page a fixture is, from the words of its name (for the pool's composition only).
_DEFUDDLE_KINDS = (
    ("encyclopedia", re.compile(r"wiki")),
    ("discussion", re.compile(r"github|ycombinator|reddit|lesswrong|mastodon|comments|x\.com")),
    ("docs", re.compile(r"developer\.|docs|writerside|texinfo|mintlify|stripe")),
    ("paper", re.compile(r"arxiv|math|katex|mathjax")),
    ("email", re.compile(r"mail\.")),
)
REAL_FIXTURE_BYTES = 10_000  # defuddle's own minimal cases are under 9 KB; saved pages are larger


def markdown_text(markdown: str) -> str:
    """The words of a Markdown document: links as their text, images, fences and marks removed."""
    text = _MD_LINK.sub(r"\1", _MD_IMAGE.sub(" ", markdown))
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith(("```", "~~~")))
    return _MD_MARKS.sub(" ", text)


def defuddle(files: Files) -> Iterator[Candidate]:
    """defuddle's fixtures that are saved real pages (named for their site, or larger than a minimal
    case), with the Markdown it expects and the title, author and date of its front matter."""
    for path in sorted(p for p in files if p.startswith("tests/fixtures/") and p.endswith(".html")):
        stem = Path(path).stem
        domain = _DOMAIN.search(stem)
        expected = files.get(f"tests/expected/{stem}.md")
        if expected is None or (domain is None and len(files[path]) < REAL_FIXTURE_BYTES):
            continue
        markdown = expected.decode("utf-8")
        front = _FRONT.match(markdown)
        meta = json.loads(front.group(1)) if front else {}
        labels: dict[str, str | None] = {"text": markdown_text(markdown[front.end() if front else 0 :])}
        for key, label in (("title", "title"), ("author", "author"), ("published", "date")):
            if meta.get(key):
                labels[label] = str(meta[key])[:10] if label == "date" else str(meta[key])
        kind = next((kind for kind, words in _DEFUDDLE_KINDS if words.search(stem)), "blog")
        yield (
            path,
            _page("defuddle", stem, "", kind, files[path], labels, site=domain.group(1) if domain else ""),
        )


_FUNDUS_DATA = "tests/resources/parser/test_data/"


def fundus_text(body: dict[str, list[dict[str, list[str]]] | list[str]]) -> str:
    """The article text of a fundus ``body``: its summary, then each section's headline and
    paragraphs, a block to a line."""
    blocks = [str(line) for line in body.get("summary") or []]
    for section in body.get("sections") or []:
        if isinstance(section, dict):
            blocks += [str(line) for line in section.get("headline") or []]
            blocks += [str(line) for line in section.get("paragraphs") or []]
    return "\n\n".join(block.strip() for block in blocks if block.strip())


def fundus(files: Files) -> Iterator[Candidate]:
    """fundus's parser test pages: one or a few saved articles of each of about 200 publishers in
    30-odd countries, with what each publisher's hand-written parser reads from it (title,
    authors, publishing date, body). A publisher's parser versions (``V1``, ``V1_1``, ``V2`` …, in
    order of validity) go with its pages in order of their crawl dates."""
    for path in sorted(p for p in files if p.startswith(_FUNDUS_DATA) and p.endswith(".json")):
        folder, publisher = path.rsplit("/", 1)
        publisher = publisher.removesuffix(".json")
        if publisher == "meta":
            continue
        versions = json.loads(files[path])
        meta = json.loads(files.get(f"{folder}/meta.info", b"{}"))
        pages = sorted(p for p in files if p.startswith(f"{folder}/{publisher}_") and p.endswith(".html.gz"))
        if len(pages) != len(versions):
            continue  # which version reads which page is not clear: left out
        for page_path, name in zip(pages, sorted(versions, key=_version_order), strict=True):
            entry = versions[name]
            file_name = page_path.rsplit("/", 1)[1]
            raw = gzip.decompress(files[page_path])
            labels: dict[str, str | None] = {"text": fundus_text(entry.get("body") or {})}
            if entry.get("title"):
                labels["title"] = str(entry["title"])
            if entry.get("authors"):
                labels["author"] = ", ".join(str(name) for name in entry["authors"])
            if entry.get("publishing_date"):
                labels["date"] = str(entry["publishing_date"])[:10]
            url = str((meta.get(file_name) or {}).get("url") or "")
            key = file_name.removesuffix(".html.gz")
            yield page_path, _page("fundus", key, url, "article", raw, labels)


def _version_order(name: str) -> tuple[int, ...]:
    """``V1`` < ``V1_1`` < ``V2`` < ``V10``."""
    return tuple(int(part) for part in re.findall(r"\d+", name))


READERS: dict[str, Callable[[Files], Iterator[Candidate]]] = {
    "magic-html": magic_html,
    "htmldate": htmldate,
    "newspaper4k": newspaper4k,
    "goose3": goose3,
    "defuddle": defuddle,
    "fundus": fundus,
}


# --- what is kept apart -------------------------------------------------------------------------------

_HIDDEN = re.compile(rb"<(script|style|noscript)\b.*?</\1\s*>|<!--.*?-->|<[^>]+>", re.DOTALL | re.IGNORECASE)
_WORD = re.compile(r"\w+")


def visible_text(raw: bytes) -> str:
    """The page's text without tags, scripts, styles and comments (roughly: for fingerprints)."""
    return html.unescape(_HIDDEN.sub(b" ", raw).decode("utf-8", "replace"))


def shingles(raw: bytes, size: int = 10) -> set[str]:
    """Hashes of the page's runs of ``size`` words (its visible text, lower-cased)."""
    words = _WORD.findall(visible_text(raw).lower())
    runs = (" ".join(words[i : i + size]) for i in range(max(0, len(words) - size + 1)))
    return {hashlib.blake2b(run.encode(), digest_size=8).hexdigest() for run in runs}


@dataclass
class KeptApart:
    digests: set[str]
    urls: set[str]
    shingled: set[str]

    @classmethod
    def read(cls, repos: Path) -> KeptApart:
        index = cls(set(), set(), set())
        for source in KEPT_APART.values():
            for path, raw in read_source(repos, source).items():
                if path.endswith("evaldata.json"):
                    index.urls |= {url.rstrip("/") for url in json.loads(raw)}
                elif path.endswith((".html", ".htm")) or "/eval/" in path:
                    index.digests.add(hashlib.sha256(raw).hexdigest())
                    index.urls.add(declared_url(raw).rstrip("/"))
                    index.shingled |= shingles(raw)
        index.urls.discard("")
        return index

    def why(self, raw: bytes, url: str) -> str:
        """Why a page with these bytes and URL overlaps the kept-apart pages ("" when it does not)."""
        if hashlib.sha256(raw).hexdigest() in self.digests:
            return "the same bytes as a kept-apart page"
        if {url.rstrip("/"), declared_url(raw).rstrip("/")} & self.urls:
            return "the URL of a kept-apart page"
        runs = shingles(raw)
        share = len(runs & self.shingled) / len(runs) if runs else 0.0
        return f"{share:.2f} of its 10-word shingles in kept-apart pages" if share >= SHINGLE_SHARE else ""


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repos", type=Path, required=True, help="folder of owner+name git copies")
    parser.add_argument("--out", type=Path, default=DEFAULT_POOL)
    parser.add_argument("--check-kept-apart", action="store_true", help="recompute bench/pool/excluded.json")
    args = parser.parse_args()
    kept_apart = KeptApart.read(args.repos) if args.check_kept_apart else None
    excluded: dict[str, str] = {} if kept_apart else json.loads(EXCLUDED.read_text(encoding="utf-8"))
    for source_name, source in SOURCES.items():
        files = read_source(args.repos, source)
        by_set: dict[str, list[PoolPage]] = {}
        for path, page in READERS[source_name](files):
            where = f"{source.repo}:{path}"
            if kept_apart is not None and (reason := kept_apart.why(page.raw, page.url)):
                excluded[where] = reason
            if where not in excluded:
                by_set.setdefault(page.set, []).append(page)
        for name, pages in by_set.items():
            write(name, pages, args.out)
            sites = {page.site for page in pages}
            print(f"{name}: {len(pages)} pages, {len(sites)} sites", file=sys.stderr)
    if kept_apart is not None:
        EXCLUDED.write_text(json.dumps(excluded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(excluded)} candidate pages overlap the kept-apart sets", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
