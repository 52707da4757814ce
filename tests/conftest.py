"""Every test starts in English: a test that sets the notebook's language must not leak it."""
import pytest

from dualpowers import i18n


@pytest.fixture(autouse=True)
def _english_by_default():
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
