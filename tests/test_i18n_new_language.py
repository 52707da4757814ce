"""A new language is a set of catalogs: nothing else in the package lists the languages.

The test copies the package, adds German catalogs whose every text is the English one
in guillemets (a pseudo-translation: "«Red to act»"), and checks in a fresh process
that the engine, the board, the course, the tutorial, the advisor's words and the
widgets' language menu all speak it, with no other file touched (docs/architecture.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from dualpowers.i18n import DOMAINS, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parents[1] / "dualpowers"
NEW = "de"


def _pseudo(text: str) -> str:
    return f"\u00ab{text}\u00bb"


def _pseudo_catalogs(locale_dir: Path) -> None:
    """German catalogs for every domain: each text is the English one in guillemets."""
    for domain in DOMAINS:
        with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
            template = read_po(f)
        catalog = Catalog(locale=NEW, domain=domain)
        for message in template:
            if not message.id:
                continue
            if message.pluralizable:
                one, many = message.id
                string: str | tuple[str, ...] = (_pseudo(one), _pseudo(many))
            else:
                string = _pseudo(message.id)
            catalog.add(message.id, string, context=message.context, flags=message.flags)
        out = locale_dir / NEW / "LC_MESSAGES" / f"{domain}.po"
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as f:
            write_po(f, catalog)


CHECK = textwrap.dedent("""
    import dualpowers as dp
    assert "/site/dualpowers/" in dp.__file__, dp.__file__      # the copy, not the installed package
    from dualpowers.i18n import LANGUAGES, TRANSLATED, language_name
    assert "de" in LANGUAGES and "de" in TRANSLATED, LANGUAGES
    assert language_name("de") == "Deutsch", language_name("de")

    from dualpowers.describe import describe_all
    from dualpowers.drawing import board_svg
    from dualpowers.narrate import event_text, refusal_text, outcome_text
    from dualpowers.errors import IllegalAction

    s = dp.new_game("solo", seed=5, player="red", difficulty=2)
    said = [d.text for d in describe_all(s, "de")]
    assert said and all(t.startswith("\\u00ab") for t in said), said[:3]
    events = s.apply(s.legal_actions()[0])
    lines = [event_text(e, "de") for e in events]
    assert lines and all("\\u00ab" in line for line in lines), lines
    try:
        s.apply("pass")
        s.apply("pass")
    except IllegalAction as exc:
        assert "\\u00ab" in refusal_text(exc, "de")
    svg = board_svg(s, lang="de")
    assert svg.count("\\u00ab") > 10, svg.count("\\u00ab")

    from dualpowers.course import load_course
    course = load_course()
    step = course.chapters[0].steps[0]
    assert step.text("de").startswith("\\u00ab") and course.chapters[0].title("de").startswith("\\u00ab")

    from dualpowers.tutorial import Tutorial
    t = Tutorial(language="de")
    assert t.title().startswith("\\u00ab") and "\\u00ab" in t.narration()

    from dualpowers.widgets import language
    menu = language.picker()
    assert ("Deutsch", "de") in [tuple(o) for o in menu.options], menu.options
    language.set("de")
    print("ok")
""")


def test_a_new_language_is_a_set_of_catalogs(tmp_path):
    copy = tmp_path / "site" / "dualpowers"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    _pseudo_catalogs(copy / "locale")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    result = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert result.stdout.strip().endswith("ok")
    assert not (PACKAGE / "locale" / NEW).exists()
