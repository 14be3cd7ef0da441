"""Form controls derived from request models: one per field, typed, labelled, escaped."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from weblens.operations import OPERATIONS
from weblens.requests import BrowseRequest, ExtractRequest, GatherRequest, SearchRequest
from weblens.server.dashboard.forms import control_for, controls_html


class Sample(BaseModel):
    name: str
    """What to call it <b>bold</b> & "quoted"."""
    flag: bool = False
    maybe: bool | None = None
    mode: Literal["fast", "slow"] | None = None
    count: Annotated[int | None, Field(ge=1, le=10)] = None
    ratio: Annotated[float, Field(gt=0, le=1.5)] = 0.5
    tags: list[str] = Field(default_factory=list)

    model_config = {"use_attribute_docstrings": True}


def test_each_type_gets_its_control() -> None:
    kinds = {name: control_for(name, info).kind for name, info in Sample.model_fields.items()}
    assert kinds == {
        "name": "str",
        "flag": "bool",
        "maybe": "tribool",
        "mode": "enum",
        "count": "int",
        "ratio": "float",
        "tags": "list",
    }
    count = control_for("count", Sample.model_fields["count"])
    assert (count.minimum, count.maximum) == (1, 10)
    assert control_for("mode", Sample.model_fields["mode"]).choices == ("fast", "slow")


def test_html_is_escaped_and_labelled() -> None:
    html = controls_html(Sample, prefix="t")
    assert "<b>" not in html
    assert "What to call it &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;." in html
    for name in Sample.model_fields:
        ident = f"t-{name}"
        assert f'<label for="{ident}">{name}</label>' in html
        assert f'id="{ident}"' in html and f'data-field="{name}"' in html
    assert 'min="1" max="10"' in html
    assert 'data-default="false"' in html


def test_every_request_model_field_has_a_control() -> None:
    models = {BrowseRequest, ExtractRequest, SearchRequest, GatherRequest}
    models |= {op.request for op in OPERATIONS.values()}  # the answer operation too, once it is there
    for model in models:
        html = controls_html(model, prefix="m")
        for name in model.model_fields:
            assert f'data-field="{name}"' in html, (model.__name__, name)
