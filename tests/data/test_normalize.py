"""Reading numbers, currency and dates as pages write them; the check that a quote states a value."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from weblens.data.normalize import dates_in, fold, numbers_in, parse_date, parse_number, states


def _grouped(whole: int, sep: str) -> str:
    text = f"{whole:,}"
    return text.replace(",", sep)


@given(
    whole=st.integers(min_value=0, max_value=10**9),
    cents=st.integers(min_value=0, max_value=99),
    style=st.sampled_from(["us", "eu", "ch", "plain", "space"]),
    currency=st.sampled_from(["$", "€", "£", "EUR ", "USD ", "", "¥"]),
    after=st.booleans(),
)
def test_a_price_written_in_any_common_style_is_read_back(
    whole: int, cents: int, style: str, currency: str, after: bool
) -> None:
    decimal = {"us": ".", "eu": ",", "ch": ".", "plain": ".", "space": ","}[style]
    group = {"us": ",", "eu": ".", "ch": "'", "plain": "", "space": "\u00a0"}[style]
    written = (_grouped(whole, group) if group else str(whole)) + f"{decimal}{cents:02d}"
    text = f"{written} {currency.strip()}" if after else f"{currency}{written}"
    value = whole + cents / 100
    assert any(abs(n - value) < 1e-6 for n in numbers_in(f"Price: {text} incl. VAT"))
    assert states(f"only {text} today", value, kind="number")
    assert states(f"only {text} today", f"{value:.2f}", kind="number")  # a number sent as a string


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_integers_round_trip(n: int) -> None:
    assert parse_number(str(n)) == n
    assert parse_number(f"{n:,}") == n


@given(
    day=st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31)),
    form=st.sampled_from(
        ["%d %B %Y", "%B %d, %Y", "%b %d %Y", "%Y-%m-%d", "%A, %d %b %Y", "%d.%m.%Y", "%Y/%m/%d"]
    ),
)
def test_a_date_written_in_any_common_form_is_found(day: date, form: str) -> None:
    written = day.strftime(form)
    assert day in dates_in(f"Doors open on {written} at the hall.")
    assert states(f"on {written}", day.isoformat(), kind="string", fmt="date")


def test_an_ambiguous_numeric_date_gives_both_readings_and_a_partial_date_none() -> None:
    assert dates_in("10/11/2015") == {date(2015, 11, 10), date(2015, 10, 11)}
    assert dates_in("Sat 31 Oct") == set()
    assert parse_date("2015-10-31T20:00:00-0400") == date(2015, 10, 31)
    assert parse_date("31st October 2015") == date(2015, 10, 31)


@given(st.text())
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    ("quote", "value", "kind", "stated"),
    [
        ("By HEIDI  SWANSON", "Heidi Swanson", "string", True),
        ("“In stock”, ships today", "https://schema.org/InStock", "string", True),
        ("In stock, ships today", "InStock", "string", True),
        ("Price: 34,90 €", 34.9, "number", True),
        ("Price: 34,90 €", 43.9, "number", False),
        ("We sell kettles", "Trail Kettle", "string", False),
        ("1,200 people came", 1200, "integer", True),
        ("true", True, "boolean", False),  # a boolean cannot be read off words: the caller decides
    ],
)
def test_states(quote: str, value: object, kind: str, stated: bool) -> None:
    assert states(quote, value, kind=kind) is stated


def test_parse_number_refuses_text_with_two_numbers_or_none() -> None:
    assert parse_number("3 for 10") is None
    assert parse_number("free") is None
    assert parse_number("USD 1,299.00") == 1299.0


def test_a_text_value_must_be_whole_words_of_the_quote() -> None:
    assert states("Made in Norway", "Norway")
    assert not states("Made in Norway", "Nor")
    assert states("Price: $12 today", "$12")
