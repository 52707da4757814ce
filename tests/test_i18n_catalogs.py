"""The translation catalogs: up to date with the code, complete, and consistent.

Fails when the .pot template is stale (run ``python scripts/extract_messages.py``),
when a text lacks a French or Italian translation (or is still fuzzy), or when a
translation does not use the same ``{placeholders}`` as its English msgid.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dualpowers import i18n, text
from dualpowers.i18n import LANGUAGES, TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "dualpowers" / "locale"
SCRIPT = ROOT / "scripts" / "extract_messages.py"


def _script():
    spec = importlib.util.spec_from_file_location("extract_messages", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path, lang: str | None = None):
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _keys(cat) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id}


def domains() -> list[str]:
    return [d for d, cfg in _script().MAPPINGS.items() if cfg.exists()]


@pytest.mark.parametrize("domain", domains())
def test_template_is_up_to_date(domain, tmp_path):
    fresh = tmp_path / f"{domain}.pot"
    _script().extract(domain, fresh)
    committed = LOCALE / f"{domain}.pot"
    assert committed.exists(), f"{committed} is missing: run python scripts/extract_messages.py"
    stale = _keys(_read(fresh)) ^ _keys(_read(committed))
    assert not stale, f"{domain}.pot is stale (run python scripts/extract_messages.py): {sorted(stale, key=str)[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", domains())
def test_every_text_is_translated(domain, lang):
    template = _keys(_read(LOCALE / f"{domain}.pot"))
    po_path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    assert po_path.exists(), f"{po_path} is missing: run python scripts/extract_messages.py"
    po = _read(po_path, lang)
    translated = set()
    problems = []
    for m in po:
        if not m.id:
            continue
        key = (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        elif not all(s and s.strip() for s in strings):
            problems.append(f"untranslated: {m.id!r}")
        else:
            translated.add(key)
    missing = template - translated
    assert not missing and not problems, (
        f"{lang}/{domain}.po: {len(missing)} text(s) without a translation; "
        + "; ".join(problems[:10] or [repr(k) for k in list(missing)[:10]]))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", domains())
def test_placeholders_match(domain, lang):
    po = _read(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po", lang)
    wrong = []
    for m in po:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        wanted = set().union(*(i18n.placeholders(i) for i in ids))
        for s in strings:
            got = i18n.placeholders(s)
            # a plural form may leave out the count ("une carte" for {n} == 1)
            if got != wanted and not (len(ids) > 1 and got == wanted - {"n"}):
                wrong.append(f"{m.id!r}: {sorted(wanted)} != {s!r} {sorted(got)}")
    assert not wrong, f"{lang}/{domain}.po: placeholders differ:\n" + "\n".join(wrong[:20])


def test_english_is_the_default_and_falls_back():
    assert i18n.LANGUAGES == ("en", "fr", "it")
    assert i18n.gettext("no such text {x}", "fr") == "no such text {x}"
    assert text.translator("it")("no such text {x}", x=3) == "no such text 3"
    assert i18n.N_("Round {number}") == "Round {number}"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language must be one of en, fr, it"):
        text.translator("de")
    with pytest.raises(ValueError, match="domain"):
        i18n.gettext("x", "fr", domain="nope")


def test_no_translation_inside_an_f_string():
    """pybabel cannot see a call inside an f-string: such a text would never be translated."""
    import re
    pattern = re.compile(r"""\bf(["'])[^"']*\{[^}]*\b_\(""")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "dualpowers").rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, f"move these _() calls out of the f-string: {found}"


def test_no_text_handed_straight_to_a_translator():
    """``translator(lang)("text")`` is never extracted (the extractor knows ``_``, not ``translator``):
    such a text would stay English in every language.  Name the translator ``_`` first."""
    import re
    pattern = re.compile(r"""translator\([^()]*(?:\([^()]*\))?[^()]*\)\(\s*["']""")
    found = []
    for p in (ROOT / "dualpowers").rglob("*.py"):
        text = p.read_text(encoding="utf-8")
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if not text[:m.start()].rsplit("\n", 1)[-1].lstrip().startswith(('"""', "``", '#')) and p.name != "i18n.py":
                found.append(f"{p.relative_to(ROOT)}:{line}")
    assert not found, f"name the translator _ so that the text is extracted: {found}"
