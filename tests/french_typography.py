"""French typography of the catalogs: a no-break space before « : ; ! ? » and inside « ».

French puts a (narrow) no-break space before the high punctuation signs and inside the
guillemets, so that a line never breaks between a word and its colon.  The catalogs use
U+00A0 (no-break space) or U+202F (narrow no-break space); a plain space, or none, is a
fault.  What is not prose is left alone: ``{fields}``, ``code``, URLs, HTML tags.
"""
from __future__ import annotations

import re

NBSP, NNBSP = "\u00a0", "\u202f"
#: Not prose: a template's field, a markdown code span or fence, a URL, an HTML tag, a file name,
#: a quoted piece of notation ('ng:rpwb:', 'W3:1').
_PROTECTED = re.compile(r"```.*?```|`[^`]*`|\{[^{}]*\}|\b[a-z]+://\S+|<[^<>]*>|\[[^\]]*\]\([^)]*\)"
                        r"|(?<!\w)'[^'\s]*[:;!?][^'\s]*'(?!\w)", re.S)   # quoted notation: 'ng:rpwb:'

_HOLE = "\x00"
#: A sign that ends a phrase: followed by a space, the end or a closing character.
_SIGN = r"[:;!?]"
_AFTER = r"(?=$|[\s)»\"*_\x00'’.,])"


def _mask(text: str) -> tuple[str, list[str]]:
    kept: list[str] = []

    def hole(m: re.Match[str]) -> str:
        kept.append(m.group(0))
        return _HOLE
    return _PROTECTED.sub(hole, text), kept


def _unmask(text: str, kept: list[str]) -> str:
    it = iter(kept)
    return re.sub(_HOLE, lambda m: next(it), text)


def faults(text: str) -> list[str]:
    """Where ``text`` lacks a no-break space before a sign or inside guillemets (short excerpts)."""
    masked, _ = _mask(text)
    out = []
    for m in re.finditer(rf"(?<![{NBSP}{NNBSP}])({_SIGN}){_AFTER}", masked):
        if m.start() == 0 or masked[m.start() - 1] in "!?:;" or masked[m.start() - 1] == "\n":
            continue   # "?!", a sign opening a line (a list marker)
        out.append(masked[max(0, m.start() - 15):m.end() + 5])
    for m in re.finditer(rf"«(?![{NBSP}{NNBSP}])|(?<![{NBSP}{NNBSP}])»", masked):
        out.append(masked[max(0, m.start() - 15):m.end() + 15])
    return out


def fix(text: str) -> str:
    """``text`` with the French no-break spaces (U+00A0) where they are missing."""
    masked, kept = _mask(text)
    masked = re.sub(rf"(?<=[^\s{NBSP}{NNBSP}!?:;]) ?({_SIGN}){_AFTER}", NBSP + r"\1", masked)
    masked = re.sub(rf"(?<=\s) ({_SIGN}){_AFTER}", NBSP + r"\1", masked)
    masked = re.sub(r"« ?(?=[^\u00a0\u202f])", "«" + NBSP, masked)
    masked = re.sub(r"(?<=[^\u00a0\u202f]) ?»", NBSP + "»", masked)
    return _unmask(masked, kept)
