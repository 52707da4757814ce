"""The French and Italian notebooks: written from the English ones, up to date, wholly in their language.

``scripts/translate_notebooks.py`` writes ``notebooks/fr`` and ``notebooks/it`` from the
English notebooks and the ``notebooks`` catalogs; these tests fail when a stored notebook
differs from what it would write (an English notebook changed, a translation changed)
or when an English paragraph has no translation.  nbval runs the written notebooks
like the English ones (they are under ``notebooks/``).
"""
from __future__ import annotations

import importlib.util
import re
import sys
from html import escape
from pathlib import Path

import nbformat
import pytest

from dualpowers.i18n import gettext
from dualpowers.text import translator
from dualpowers.widgets.show import NOTE

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "translate_notebooks.py"
NOTEBOOKS = ROOT / "notebooks"
HOW_TO_START = {"en": "**How to start:**", "fr": "**Pour commencer\u00a0:**", "it": "**Per iniziare:**"}
DIFFICULTY_1 = {"en": "difficulty 1", "fr": "difficulté 1", "it": "difficoltà 1"}
#: Short English words that neither French nor Italian prose uses.
ENGLISH = {"the", "and", "of", "with", "you", "your", "is", "to", "this", "which", "what"}
#: notebooks whose first code cell shows a board (so a still picture of it is stored)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BOARD_FIRST = {"00_learn.ipynb", "01_tutorial.ipynb", "02_analyzer.ipynb", "04_play.ipynb", "05_advisor.ipynb"}


def _script():
    spec = importlib.util.spec_from_file_location("translate_notebooks", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tn = _script()


def _all_notebooks() -> list[tuple[str, Path]]:
    """(language, path) of every notebook a learner can open."""
    found = [("en", p) for p in tn.sources()]
    for lang in tn.LANGUAGES:
        found += [(lang, NOTEBOOKS / lang / tn.FILE_NAMES[lang][p.name]) for p in tn.sources()]
    return found


ALL = _all_notebooks()
IDS = [f"{lang}-{path.name}" for lang, path in ALL]


def test_the_translated_notebooks_are_what_the_script_writes():
    problems = tn.stale()
    assert not problems, ("run python scripts/translate_notebooks.py --execute: " + "; ".join(problems))


@pytest.mark.parametrize("lang", tn.LANGUAGES)
def test_every_english_paragraph_has_a_translation(lang):
    table = tn.catalog(lang)
    missing = []
    for source in tn.sources():
        nb = nbformat.read(source, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                missing += [f"{source.name}: {p[:60]!r}" for p in tn.paragraphs(cell.source)
                            if tn.is_translatable(p) and p not in table]
    assert not missing, f"{len(missing)} paragraph(s) without a {lang} translation: {missing[:5]}"


def _words(markdown: str) -> set[str]:
    """The words of the prose: code spans, code blocks and link targets left out."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", text)}


@pytest.mark.parametrize("lang", tn.LANGUAGES)
def test_translated_prose_has_no_english_left(lang):
    for path in (NOTEBOOKS / lang).glob("*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                english = _words(cell.source) & ENGLISH
                assert not english, f"{path.name}: English words {sorted(english)} in {cell.source[:80]!r}"


@pytest.mark.parametrize("lang", tn.LANGUAGES)
def test_code_is_the_english_code_with_the_language_set_once_at_the_top(lang):
    for source in tn.sources():
        english = nbformat.read(source, as_version=4)
        translated = nbformat.read(tn.target(source, lang), as_version=4)
        code_en = [c.source for c in english.cells if c.cell_type == "code"]
        code = [c.source for c in translated.cells if c.cell_type == "code"]
        assert f'language.set("{lang}")' in code[0]
        assert code[0] == tn.with_language(code_en[0], lang)
        assert code[1:] == code_en[1:], source.name
        assert sum("language.set(" in c for c in code) == 1


@pytest.mark.parametrize(("lang", "path"), ALL, ids=IDS)
def test_notebook_starts_with_its_title_and_how_to_start(lang, path):
    """The title, then how to start in JupyterLab, in a cell tagged ``notebook-only``: a Voila
    app runs the cells itself, and its page template leaves such cells out."""
    first, second = nbformat.read(path, as_version=4).cells[:2]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert second.cell_type == "markdown" and second.source.startswith(HOW_TO_START[lang])
    assert "notebook-only" in second.metadata.get("tags", [])


@pytest.mark.parametrize(("lang", "path"), ALL, ids=IDS)
def test_every_notebook_named_in_the_prose_is_beside_it(lang, path):
    """Links point at the notebook of the same language (translated file names)."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            for name in re.findall(r"\b\d\d_[\w]+\.ipynb\b", cell.source):
                assert (path.parent / name).exists(), f"{path.name} names {name}, which is not in {path.parent.name}/"


@pytest.mark.parametrize("lang", ["en", *tn.LANGUAGES])
def test_the_course_ends_with_a_solo_game_at_difficulty_1_in_its_language(lang):
    course = NOTEBOOKS / "00_learn.ipynb" if lang == "en" else NOTEBOOKS / lang / tn.FILE_NAMES[lang]["00_learn.ipynb"]
    play = "04_play.ipynb" if lang == "en" else tn.FILE_NAMES[lang]["04_play.ipynb"]
    last = [c for c in nbformat.read(course, as_version=4).cells if c.cell_type == "markdown"][-1].source
    assert f"]({play})" in last and DIFFICULTY_1[lang] in last
    code = next(c.source for c in nbformat.read(course.parent / play, as_version=4).cells if c.cell_type == "code")
    assert 'mode="solo"' in code and "difficulty=1" in code


@pytest.mark.parametrize(("lang", "path"), [(lang, p) for lang, p in ALL if lang != "en"],
                         ids=[i for i in IDS if not i.startswith("en-")])
def test_stored_outputs_are_in_the_notebooks_language(lang, path):
    """Stored like the English ones: no live widget state, and the still board drawn in the language."""
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert all(WIDGET_VIEW not in o.get("data", {}) for o in outputs)
    english = next(name for name, target in tn.FILE_NAMES[lang].items() if target == path.name)
    if english in BOARD_FIRST:
        first = next(c for c in nb.cells if c.cell_type == "code")
        svg = next((o["data"]["image/svg+xml"] for o in first.outputs if "image/svg+xml" in o.get("data", {})),
                   None)
        assert svg, f"{path.name}: no still board picture stored (run scripts/translate_notebooks.py --execute)"
        assert f">{translator(lang)('CALENDAR')}<" in svg and ">CALENDAR<" not in svg
        html = next(o["data"]["text/html"] for o in first.outputs if "dp-static-board" in o.get("data", {}).get("text/html", ""))
        assert escape(gettext(NOTE, lang, "notebooks")) in html, "the picture's caption is not in the notebook's language"


@pytest.mark.parametrize(("lang", "path"), [(lang, p) for lang, p in ALL if p.name in BOARD_FIRST or lang != "en"],
                         ids=[i for (lang, p), i in zip(ALL, IDS) if p.name in BOARD_FIRST or lang != "en"])
def test_the_stored_picture_shows_in_a_notebook_not_yet_trusted(lang, path):
    """JupyterLab strips inline SVG from the HTML of an untrusted notebook: the picture is an <img>."""
    for cell in nbformat.read(path, as_version=4).cells:
        for out in cell.get("outputs", []):
            html = out.get("data", {}).get("text/html", "")
            if "dp-static-board" in html:
                assert "<img src='data:image/svg+xml;base64," in html and "<svg" not in html


@pytest.mark.parametrize("lang", ["en", *tn.LANGUAGES])
def test_the_course_widget_sends_the_learner_to_the_play_notebook_of_its_language(lang):
    from dualpowers.screens.course import T_DONE, T_LAST

    play = Path("notebooks") / "04_play.ipynb" if lang == "en" else Path("notebooks") / lang / tn.FILE_NAMES[lang]["04_play.ipynb"]
    assert (ROOT / play).exists()
    for msgid in (T_DONE, T_LAST):
        assert play.as_posix() in gettext(msgid, lang, "course")


# ---------------------------------------------------------------------------- what the code cells print
sys.path.insert(0, str(Path(__file__).resolve().parent))
from i18n_check import english_left, pieces  # noqa: E402

#: A rich output a reader sees instead of its text/plain fallback.
RICH = ("text/html", "image/svg+xml", "image/png")


def output_texts(path: Path) -> list[str]:
    """What a reader sees of a notebook's stored outputs: printed text, HTML (tables), the words
    of SVG pictures, and text/plain where nothing richer is stored."""
    texts: list[str] = []
    for cell in nbformat.read(path, as_version=4).cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                texts += out.get("text", "").splitlines()
                continue
            data = out.get("data", {})
            for mime in ("text/html", "image/svg+xml"):
                if mime in data:
                    texts += pieces(data[mime])
            if "text/plain" in data and not any(m in data for m in RICH):
                texts += data["text/plain"].splitlines()
            if out.get("output_type") == "error":
                texts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return [t for t in texts if t.strip()]


@pytest.mark.parametrize(("lang", "path"), [(lang, p) for lang, p in ALL if lang != "en"],
                         ids=[i for i in IDS if not i.startswith("en-")])
def test_what_the_code_cells_print_is_in_the_notebooks_language(lang, path):
    """No word of the catalogs' English texts (that the language's own texts never use) in
    a stored output: the engine's narration, refusals, tables and charts follow
    ``language.set(...)``."""
    left = {}
    for text in output_texts(path):
        for word in english_left(text, lang):
            left.setdefault(word, text[:120])
    assert not left, f"{path.name}: English in the stored outputs: {sorted(left.items())[:15]}"


def test_the_output_check_sees_english():
    """Not vacuous: the English notebooks' outputs are full of the words the check looks for."""
    found = {w for path in NOTEBOOKS.glob("0[1-6]_*.ipynb") for text in output_texts(path)
             for w in english_left(text, "fr")}
    assert len(found) > 40, sorted(found)


@pytest.mark.parametrize(("lang", "path"), ALL, ids=IDS)
def test_a_notebook_stores_the_kernelspec_jupyter_writes_so_it_opens_unchanged(lang, path):
    """JupyterLab and Notebook 7 write the started kernel's spec into the notebook's metadata:
    a stored "Python 3" became "Python 3 (ipykernel)" and the notebook showed unsaved changes
    the moment it was opened (issue 33).  scripts/execute_notebooks.py stores the spec itself."""
    spec = importlib.util.spec_from_file_location("execute_notebooks", ROOT / "scripts" / "execute_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert nbformat.read(path, as_version=4).metadata["kernelspec"] == module.kernelspec_metadata()


@pytest.mark.parametrize("path", ["04_play.ipynb", "fr/04_jouer.ipynb", "it/04_gioca.ipynb"])
def test_the_play_notebooks_stored_board_is_the_one_run_all_draws(path, monkeypatch):
    """Issue 33: the board stored in 04_play (the picture a reader sees before running it) showed
    another deal than Run All then drew: the cell made a game without a seed, a fresh deal at every
    run.  Its first cell is run here as Run All runs it, and the picture it draws must be the one
    stored, in each language."""
    import dualpowers.widgets as dp_widgets
    from dualpowers.widgets import language
    nb = nbformat.read(ROOT / "notebooks" / path, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "PlayWidget(" in c.source)
    stored = [o["data"]["image/svg+xml"] for o in cell.outputs if "image/svg+xml" in o.get("data", {})]
    assert len(stored) == 1, "the cell stores one board picture"
    shown = []
    monkeypatch.setattr(dp_widgets, "show", lambda widget: shown.append(widget) or widget)
    try:
        exec(compile(cell.source, path, "exec"), {})
        assert len(shown) == 1
        drawn = shown[0].board.to_svg()
    finally:
        language.set("en")
    stored_svg = "".join(stored[0]) if isinstance(stored[0], list) else stored[0]
    assert drawn == stored_svg, "the stored board is not the one a run draws"
