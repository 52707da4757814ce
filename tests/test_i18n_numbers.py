"""Numbers in the reader's language: decimal comma in French and Italian (i18n.number/percent)."""
import pytest

from dualpowers import i18n


@pytest.mark.parametrize("lang, decimal, share", [
    ("en", "6.4", "37.5%"),
    ("fr", "6,4", "37,5\u00a0%"),
    ("it", "6,4", "37,5%"),
])
def test_decimal_comma_and_percent_sign(lang, decimal, share):
    assert i18n.number(6.4, lang) == decimal
    assert i18n.percent(0.375, lang) == share


def test_digits_and_grouping():
    assert i18n.number(2, "en", digits=0) == "2"
    assert i18n.number(1234.56, "en", digits=2) == "1,234.56"
    assert i18n.number(1234.56, "it", digits=2) == "1.234,56"
    assert i18n.percent(1, "fr", digits=0) == "100\u00a0%"
    assert i18n.percent(0.0625, "en", digits=2) == "6.25%"


def test_no_negative_zero():
    assert i18n.number(-0.04, "fr") == "0,0"
    assert i18n.percent(-0.0001, "en") == "0.0%"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.number(1.5, "de")
