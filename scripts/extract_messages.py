#!/usr/bin/env python3
"""Refresh the translation catalogs: extract the texts, update the .po files.

    python scripts/extract_messages.py            # every domain
    python scripts/extract_messages.py course     # one domain

For each domain (``dualpowers``: ``babel.cfg``; ``course``: ``babel-course.cfg``;
``tutorial``, the rulebook examples' narration: ``babel-tutorial.cfg``;
``notebooks``, the notebooks' prose: ``babel-notebooks.cfg``) this runs ``pybabel extract`` into ``dualpowers/locale/<domain>.pot``,
then ``pybabel update`` (or ``init`` for a new language) on
``dualpowers/locale/<lang>/LC_MESSAGES/<domain>.po`` for French and Italian.
New texts arrive in the .po files untranslated, changed ones as fuzzy: translate
them and clear the fuzzy flag (tests/test_i18n_catalogs.py fails until you do).
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # babel.cfg names an extractor in the package (dualpowers.i18n_extract)
sys.path.insert(0, str(ROOT / "scripts"))  # babel-notebooks.cfg names translate_notebooks.extract_notebook
from dualpowers.i18n import TRANSLATED  # noqa: E402  (every language with catalogs)
LOCALE = ROOT / "dualpowers" / "locale"
MAPPINGS = {"dualpowers": ROOT / "babel.cfg", "course": ROOT / "babel-course.cfg",
            "tutorial": ROOT / "babel-tutorial.cfg", "notebooks": ROOT / "babel-notebooks.cfg"}
#: Function names whose string arguments are texts: a translator is called ``_``, its
#: context and plural methods ``_.pgettext("context", "text")``, ``_.ngettext("one", "many", n)``.
KEYWORDS = ["_", "N_", "NN_:1,2", "NP_:1c,2", "gettext", "pgettext:1c,2", "ngettext:1,2"]


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract_args(domain: str, output: Path) -> list[str]:
    """The ``pybabel extract`` arguments for ``domain`` (the catalog test reuses them)."""
    args = ["extract", "-F", str(MAPPINGS[domain]), "-o", str(output), "--no-default-keywords",
            "--add-location=file", "--sort-by-file", "--omit-header", "--no-wrap",
            "--add-comments=Translators:"]
    for k in KEYWORDS:
        args += ["-k", k]
    return [*args, "."]


def extract(domain: str, output: Path) -> None:
    import os
    cwd = os.getcwd()
    os.chdir(ROOT)  # locations in the .pot are relative to the repository
    try:
        pybabel(*extract_args(domain, output))
    finally:
        os.chdir(cwd)


def _set_header(po: Path) -> None:
    """Name the project in a new catalog's header (pybabel init leaves placeholders)."""
    text = po.read_text(encoding="utf-8")
    text = text.replace("PROJECT VERSION", "dualpowers").replace("the PROJECT project", "the dualpowers project")
    text = text.replace("for PROJECT.", "for dualpowers.").replace("ORGANIZATION", "the dualpowers authors")
    po.write_text(text, encoding="utf-8")


def refresh(domain: str) -> None:
    pot = LOCALE / f"{domain}.pot"
    extract(domain, pot)
    for lang in TRANSLATED:
        po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            pybabel("update", "-i", str(pot), "-o", str(po), "-l", lang, "-D", domain,
                    "--ignore-obsolete", "--no-wrap", "--ignore-pot-creation-date")
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            pybabel("init", "-i", str(pot), "-o", str(po), "-l", lang, "-D", domain, "--no-wrap")
            _set_header(po)
        print(f"{po.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    domains = argv or [d for d, cfg in MAPPINGS.items() if cfg.exists()]
    for domain in domains:
        if domain not in MAPPINGS:
            print(f"unknown domain {domain!r}; known: {', '.join(MAPPINGS)}", file=sys.stderr)
            return 2
        if not MAPPINGS[domain].exists():
            print(f"{MAPPINGS[domain].name} is missing: nothing to extract for {domain!r}", file=sys.stderr)
            return 2
        refresh(domain)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
