"""The model path through Lens.data, against a local OpenAI-compatible server playing an honest and an
adversarial model: what it invents never comes back under strict grounding, and every value that
does come back is at page.text[start:end] == quote."""

from __future__ import annotations

from typing import Any

import pytest

from tests.data.conftest import Site, long_page
from tests.support.fake_openai import DataModel, Fact, FakeOpenAI
from weblens import Lens
from weblens.errors import InvalidArgument, LLMError, NotConfigured, SSRFBlocked
from weblens.models import DataResult

SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Product",
    "properties": {
        "name": {"type": "string"},
        "price": {"type": "number"},
        "weight_grams": {"type": "number"},
        "country": {"type": "string"},
        "released": {"type": "string", "format": "date"},
        "boil_minutes": {"type": "integer"},
        "handle": {"type": "string"},
        "stove": {"type": "string"},
    },
}


def _grounded(result: DataResult) -> None:
    """The issue's guarantee, checked on a result: every text-grounded value is the page's words."""
    assert result.page is not None and result.page.text
    for f in result.fields:
        if f.source == "llm":
            assert f.start is not None and f.end is not None and f.verified
        if f.start is not None:
            assert result.page.text[f.start : f.end] == f.quote


async def test_an_honest_model_fills_what_embedded_data_lacks(site: Site, fake_llm: FakeOpenAI) -> None:
    fake_llm.reply(
        DataModel(
            [
                Fact("weight_grams", 310, "weighs 310 grams"),
                Fact("country", "Norway", "brushed stainless steel in Norway"),
                Fact("released", "2024-03-03", "Released on 3 March 2024"),
                Fact("boil_minutes", 4, "boils a litre of water in four minutes"),
            ]
        )
    )
    async with Lens(site.settings(fake_llm)) as lens:
        result = await lens.data(site.server.url("/kettle"), schema=SCHEMA, include_text=True)
    assert result.llm_used
    assert result.data["name"] == "Trail Kettle 1.2 L" and result.data["price"] == 34.9  # embedded first
    assert result.data["weight_grams"] == 310 and result.data["country"] == "Norway"
    assert result.data["released"] == "2024-03-03"
    assert result.data["boil_minutes"] is None  # "four" is a word, not a number: not verified
    assert any(w.startswith("boil_minutes: llm value not used") for w in result.warnings)
    _grounded(result)
    sent = fake_llm.chats[0]
    assert sent["response_format"]["type"] == "json_schema"
    asked = set(sent["response_format"]["json_schema"]["schema"]["properties"])
    assert asked == {
        "weight_grams",
        "country",
        "released",
        "boil_minutes",
        "handle",
        "stove",
    }  # only the missing


@pytest.mark.parametrize("grounding", ["strict", "report"])
async def test_an_adversarial_model_is_caught_field_by_field(
    site: Site, fake_llm: FakeOpenAI, grounding: str
) -> None:
    decoy = "The Trail Kettle holds 1.2 litres"
    facts = [
        Fact("weight_grams", 310, "weighs 310 grams", "number_as_string"),
        Fact("country", "Norway", "stainless steel in Norway", "foreign_quote"),
        Fact("released", "2024-03-03", "Released on 3 March 2024", "invent", decoy),
        Fact("handle", "folding", "its folding handle stays cool", "no_quote"),
        Fact("stove", "gas", "on a small gas stove", "words_without_value", decoy),
    ]
    fake_llm.reply(DataModel(facts))
    async with Lens(site.settings(fake_llm)) as lens:
        result = await lens.data(
            site.server.url("/kettle"), schema=SCHEMA, include_text=True, grounding=grounding
        )
    assert result.data["weight_grams"] == 310.0  # a number sent as a string, coerced
    lies = [f.path for f in facts if f.is_lie]
    for path in lies:
        assert any(w.startswith(f"{path}: llm value") for w in result.warnings), path
    if grounding == "strict":
        assert all(result.data[path] is None for path in lies)
        assert all(f.verified for f in result.fields)
        _grounded(result)
    else:
        kept = {f.path: f for f in result.fields if not f.verified}
        assert set(kept) == set(lies)
        assert (
            result.data["released"] == "2024-03-03" or result.data["released"] is None
        )  # typed when it can be
        assert result.data["country"] == "Norway"


async def test_a_long_page_is_read_in_parts_and_the_parts_merged(site: Site, fake_llm: FakeOpenAI) -> None:
    url = site.page("/survey", long_page(90))
    facts = [
        Fact("first_pier", 1, "The tide gauge at pier 1 was read"),
        Fact("last_pier", 90, "The tide gauge at pier 90 was read"),
        Fact("sections[0]", "Section 2 of the harbour survey", "Section 2 of the harbour survey"),
        Fact("sections[1]", "Section 45 of the harbour survey", "Section 45 of the harbour survey"),
        Fact("sections[2]", "Section 88 of the harbour survey", "Section 88 of the harbour survey"),
    ]
    model = DataModel(facts)
    fake_llm.reply(model)
    schema = {
        "type": "object",
        "properties": {
            "first_pier": {"type": "integer"},
            "last_pier": {"type": "integer"},
            "sections": {"type": "array", "items": {"type": "string"}},
        },
    }
    async with Lens(site.settings(fake_llm)) as lens:
        result = await lens.data(url, schema=schema, sources=["llm"], include_text=True)
    assert model.parts_seen >= 3 and len(fake_llm.chats) == model.parts_seen
    assert result.data == {
        "first_pier": 1,
        "last_pier": 90,
        "sections": [
            "Section 2 of the harbour survey",
            "Section 45 of the harbour survey",
            "Section 88 of the harbour survey",
        ],
    }
    _grounded(result)


async def test_an_endpoint_without_structured_output_is_asked_for_plain_json(
    site: Site, fake_llm: FakeOpenAI
) -> None:
    fake_llm.refuse_json_schema = True
    fake_llm.reply(DataModel([Fact("weight_grams", 310, "weighs 310 grams")]))
    async with Lens(site.settings(fake_llm)) as lens:
        first = await lens.data(site.server.url("/kettle"), schema=SCHEMA)
        await lens.data(site.server.url("/kettle"), schema=SCHEMA)
    assert first.data["weight_grams"] == 310
    formats = [chat["response_format"]["type"] for chat in fake_llm.chats]
    assert formats == ["json_schema", "json_object", "json_object"]  # refused once, then not asked again


async def test_nonsense_is_asked_again_once_then_an_llm_error(site: Site, fake_llm: FakeOpenAI) -> None:
    fake_llm.reply("I think the price is about twenty euros.")
    async with Lens(site.settings(fake_llm)) as lens:
        with pytest.raises(LLMError):
            await lens.data(site.server.url("/kettle"), schema=SCHEMA, sources=["llm"])
    assert len(fake_llm.chats) == 2


async def test_a_failing_endpoint_is_llm_error(site: Site, fake_llm: FakeOpenAI) -> None:
    fake_llm.fail(500, times=4)
    async with Lens(site.settings(fake_llm)) as lens:
        with pytest.raises(LLMError):
            await lens.data(site.server.url("/kettle"), schema=SCHEMA, sources=["llm"])


async def test_without_a_model(site: Site) -> None:
    async with Lens(site.settings()) as lens:
        result = await lens.data(site.server.url("/kettle"), schema=SCHEMA)
        assert result.data["price"] == 34.9 and not result.llm_used
        missing = [w for w in result.warnings if w.startswith("not found without a model")]
        assert len(missing) == 1 and "weight_grams" in missing[0] and "WEBLENS_LLM_BASE_URL" in missing[0]
        with pytest.raises(NotConfigured):
            await lens.data(site.server.url("/kettle"), schema=SCHEMA, sources=["llm"])


async def test_a_bad_schema_fails_before_any_connection(site: Site) -> None:
    async with Lens(site.settings()) as lens:
        with pytest.raises(InvalidArgument, match="schema"):
            await lens.data(
                site.server.url("/kettle"), schema={"type": "object", "properties": {"a": {"not": {}}}}
            )
    assert site.server.connections == 0


async def test_private_addresses_are_refused(site: Site) -> None:
    async with Lens(site.settings()) as lens:
        with pytest.raises(SSRFBlocked):
            await lens.data("http://10.1.2.3/admin", schema=SCHEMA)


async def test_a_pydantic_class_and_a_page_already_fetched(site: Site) -> None:
    from pydantic import BaseModel

    class Kettle(BaseModel):
        name: str
        price: float | None = None

    from tests.data.pages import PRODUCT
    from weblens.requests import DataRequest

    async with Lens(site.settings()) as lens:
        fetched = await lens.data(site.server.url("/kettle"), schema=Kettle)
        given = await lens.data_of_page(
            PRODUCT,
            "https://shop.example/k",
            DataRequest(url="https://shop.example/k", schema=Kettle.model_json_schema()),
        )
    assert fetched.data == given.data == {"name": "Trail Kettle 1.2 L", "price": 34.9}
    assert Kettle.model_validate(fetched.data).price == 34.9


async def test_a_top_level_array_is_asked_for_as_an_object(site: Site, fake_llm: FakeOpenAI) -> None:
    model = DataModel(
        [
            Fact("items[0]", "Trail Kettle 1.2 L", "Trail Kettle 1.2 L"),
            Fact("items[1]", "Norway", "steel in Norway"),
        ]
    )
    fake_llm.reply(model)
    schema = {"type": "array", "items": {"type": "string"}}
    async with Lens(site.settings(fake_llm)) as lens:
        result = await lens.data(
            site.server.url("/kettle"), schema=schema, sources=["llm"], include_text=True
        )
    sent = fake_llm.chats[0]["response_format"]["json_schema"]["schema"]
    assert sent["type"] == "object" and sent["properties"]["items"]["type"] == "array"
    assert result.data == ["Trail Kettle 1.2 L", "Norway"]
    _grounded(result)
