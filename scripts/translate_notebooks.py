#!/usr/bin/env python3
"""Write the French and Italian notebooks from the English ones.

The English notebooks in ``notebooks/`` are the one source.  Their markdown is
cut into paragraphs; each paragraph is a msgid of the gettext domain
``notebooks`` (``dualpowers/locale/<lang>/LC_MESSAGES/notebooks.po``), extracted
by ``scripts/extract_messages.py`` through :func:`extract_notebook`.  This script
writes ``notebooks/fr/`` and ``notebooks/it/``: the same cells, the prose
translated, the code identical except for two lines at the top of the first code
cell that set the notebook's language (``dualpowers.widgets.language``), so every
widget starts in it.  File names are translated too (:data:`FILE_NAMES`).

    python scripts/translate_notebooks.py              # write notebooks/fr and notebooks/it
    python scripts/translate_notebooks.py --execute    # ... and run the ones whose code changed
    python scripts/translate_notebooks.py --check      # exit 1 if a stored one is stale

A code cell whose source is unchanged keeps the outputs already stored in the
translated notebook (so fixing a sentence does not erase the stored board
pictures); a changed or new code cell arrives without outputs, and ``--execute``
runs those notebooks with ``scripts/execute_notebooks.py``.
tests/test_notebooks_i18n.py fails if a stored notebook differs from what this
script would write, or if a paragraph has no translation.
"""
from __future__ import annotations

import argparse
import ast
import copy
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from dualpowers.i18n import TRANSLATED  # noqa: E402  (the package of this checkout)

NOTEBOOKS = ROOT / "notebooks"
LOCALE = ROOT / "dualpowers" / "locale"
DOMAIN = "notebooks"
LANGUAGES = TRANSLATED         # every language with catalogs (dualpowers.i18n)
#: The function whose texts the code cells print (``dualpowers.i18n.say``): extracted too.
SAY = "say"

#: Each English notebook's name in French and Italian (links in the prose use them).
FILE_NAMES: dict[str, dict[str, str]] = {
    "fr": {
        "00_learn.ipynb": "00_apprendre.ipynb",
        "01_tutorial.ipynb": "01_tutoriel.ipynb",
        "02_analyzer.ipynb": "02_analyse.ipynb",
        "03_opposition.ipynb": "03_opposition.ipynb",
        "04_play.ipynb": "04_jouer.ipynb",
        "05_advisor.ipynb": "05_conseiller.ipynb",
        "06_difficulty.ipynb": "06_difficulte.ipynb",
    },
    "it": {
        "00_learn.ipynb": "00_impara.ipynb",
        "01_tutorial.ipynb": "01_tutorial.ipynb",
        "02_analyzer.ipynb": "02_analisi.ipynb",
        "03_opposition.ipynb": "03_opposizione.ipynb",
        "04_play.ipynb": "04_gioca.ipynb",
        "05_advisor.ipynb": "05_consigliere.ipynb",
        "06_difficulty.ipynb": "06_difficolta.ipynb",
    },
}

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_FENCE = re.compile(r"\A```[^\n]*\n.*\n```\Z", re.S)


#: The comment beside ``language.set`` in each language.
LANGUAGE_COMMENT = {"fr": "tous les widgets de ce notebook en français",
                    "it": "tutti i widget di questo notebook in italiano"}


def language_lines(lang: str) -> str:
    """The lines put at the top of the first code cell of a ``lang`` notebook."""
    return f'from dualpowers.widgets import language\nlanguage.set("{lang}")  # {LANGUAGE_COMMENT[lang]}\n'


def paragraphs(markdown: str) -> list[str]:
    """A markdown cell cut at its blank lines: the units a translator translates."""
    return [p.strip("\n") for p in _PARAGRAPH_BREAK.split(markdown.strip()) if p.strip()]


def is_translatable(paragraph: str) -> bool:
    """False for a paragraph that is only a fenced code block (copied as it is)."""
    return not _FENCE.match(paragraph)


def sources() -> list[Path]:
    """The English notebooks, the source of every translation."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


# ---------------------------------------------------------------- extraction (Babel)

def said(code: str) -> list[str]:
    """The texts a code cell prints through ``dualpowers.i18n.say("...")`` (its first, literal argument)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:       # a cell with IPython magics: nothing to extract
        return []
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == SAY
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def extract_notebook(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                     options: Any) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor (``babel-notebooks.cfg``): every paragraph of every markdown cell,
    and every ``say("...")`` text of the code cells (what they print, in the notebook's language)."""
    nb = json.loads(fileobj.read().decode("utf-8"))
    for index, cell in enumerate(nb.get("cells", [])):
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if cell.get("cell_type") == "code":
            for text in said(source):
                yield index + 1, None, text, [f"code cell {index + 1}"]
            continue
        if cell.get("cell_type") != "markdown":
            continue
        for paragraph in paragraphs(source):
            if is_translatable(paragraph):
                yield index + 1, None, paragraph, [f"markdown cell {index + 1}"]


# ---------------------------------------------------------------- translation

def catalog(lang: str) -> dict[str, str]:
    """``msgid -> translation`` of the notebooks domain (empty and fuzzy entries left out)."""
    from babel.messages.pofile import read_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        po = read_po(f, locale=lang, domain=DOMAIN)
    return {m.id: m.string for m in po if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}


class MissingTranslation(LookupError):
    """Paragraphs of an English notebook that have no (non-fuzzy) translation yet."""


def translate_markdown(markdown: str, table: dict[str, str], missing: list[str]) -> str:
    out = []
    for paragraph in paragraphs(markdown):
        if not is_translatable(paragraph):
            out.append(paragraph)
        elif paragraph in table:
            out.append(table[paragraph].strip("\n"))
        else:
            missing.append(paragraph)
            out.append(paragraph)
    return "\n\n".join(out)


def with_language(source: str, lang: str) -> str:
    """``source`` with the language lines inserted after any leading ``# NBVAL_...`` markers."""
    lines = source.splitlines(keepends=True)
    head = 0
    while head < len(lines) and lines[head].startswith("# NBVAL_"):
        head += 1
    return "".join(lines[:head]) + language_lines(lang) + "".join(lines[head:])


def translated(nb: Any, lang: str, table: dict[str, str]) -> Any:
    """The ``lang`` version of the English notebook ``nb`` (outputs left as they are)."""
    out = copy.deepcopy(nb)
    missing: list[str] = []
    first_code = True
    for cell in out.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, table, missing)
        elif cell.cell_type == "code":
            if first_code:
                cell.source = with_language(cell.source, lang)
                first_code = False
            cell.outputs = []
            cell.execution_count = None
    if missing:
        raise MissingTranslation(f"{len(missing)} paragraph(s) without a {lang} translation "
                                 f"(run python scripts/extract_messages.py notebooks, then translate): {missing[:3]}")
    out.metadata.pop("widgets", None)
    out.metadata["language_info"] = nb.metadata.get("language_info", {})
    return out


def target(source: Path, lang: str) -> Path:
    return NOTEBOOKS / lang / FILE_NAMES[lang][source.name]


def shape(nb: Any) -> list[tuple[str, str]]:
    """What the stale check compares: each cell's type, source and tags (outputs may differ;
    a tag such as ``notebook-only`` decides what a Voila app shows)."""
    return [(c.cell_type, c.source, tuple(c.metadata.get("tags", ()))) for c in nb.cells]


def keep_outputs(new: Any, old: Any) -> list[int]:
    """Copy the outputs of ``old``'s code cells that ran and whose source is unchanged.

    Returns the indices (among code cells) of the others: they need to run.
    """
    changed = []
    stored = [c for c in old.cells if c.cell_type == "code"] if old is not None else []
    code = [c for c in new.cells if c.cell_type == "code"]
    for i, cell in enumerate(code):
        if i < len(stored) and stored[i].source == cell.source and stored[i].execution_count is not None:
            cell.outputs = stored[i].outputs
            cell.execution_count = stored[i].execution_count
            if "execution" in stored[i].metadata:
                cell.metadata["execution"] = stored[i].metadata["execution"]
        else:
            changed.append(i)
    return changed


def build(lang: str) -> dict[Path, Any]:
    """Every ``lang`` notebook this script writes: path -> notebook (without outputs)."""
    import nbformat

    table = catalog(lang)
    return {target(src, lang): translated(nbformat.read(src, as_version=4), lang, table) for src in sources()}


def stale() -> list[str]:
    """What differs between the stored translated notebooks and what this script would write."""
    import nbformat

    problems = []
    for lang in LANGUAGES:
        expected = build(lang)
        for path, nb in expected.items():
            if not path.exists():
                problems.append(f"{path.relative_to(ROOT)} is missing")
            elif shape(nbformat.read(path, as_version=4)) != shape(nb):
                problems.append(f"{path.relative_to(ROOT)} is stale")
        folder = NOTEBOOKS / lang
        extra = {p for p in folder.glob("*.ipynb")} - set(expected) if folder.exists() else set()
        problems += [f"{p.relative_to(ROOT)} has no English source" for p in sorted(extra)]
    return problems


def write(execute: bool = False) -> list[Path]:
    """Write every translated notebook; with ``execute``, run those whose code changed."""
    import nbformat

    to_run = []
    for lang in LANGUAGES:
        folder = NOTEBOOKS / lang
        folder.mkdir(exist_ok=True)
        for path, nb in build(lang).items():
            old = nbformat.read(path, as_version=4) if path.exists() else None
            changed = keep_outputs(nb, old)
            nbformat.write(nb, path)
            print(f"wrote {path.relative_to(ROOT)}" + (f" ({len(changed)} code cell(s) to run)" if changed else ""))
            if changed:
                to_run.append(path)
    if execute and to_run:
        sys.path.insert(0, str(ROOT / "scripts"))
        from execute_notebooks import execute as run

        for path in to_run:
            run(path)
    return to_run


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the stored notebooks are stale")
    parser.add_argument("--execute", action="store_true", help="run the notebooks whose code changed")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        print("\n".join(problems) or "the translated notebooks are up to date")
        return 1 if problems else 0
    try:
        to_run = write(execute=args.execute)
    except MissingTranslation as exc:
        print(exc, file=sys.stderr)
        return 1
    if to_run and not args.execute:
        print("run them: python scripts/execute_notebooks.py " + " ".join(str(p.relative_to(ROOT)) for p in to_run))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
