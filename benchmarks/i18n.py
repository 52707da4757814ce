"""Translation catalog figures (figures to read, never test assertions).

    python benchmarks/i18n.py

Why the catalogs are read from the .po files at run time (docs/translating.md):
this prints what that costs (importing Babel's reader, reading each catalog
once) next to what a compiled .mo read by the standard library would cost, and
the cost of one translated, formatted text.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    # A fresh interpreter, so the import is measured cold.
    code = ("import time; from dualpowers import i18n; t=time.perf_counter(); i18n.catalog('fr'); "
            "print(time.perf_counter()-t)")
    cold = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                cwd=ROOT, env={"PYTHONPATH": str(ROOT)}).stdout)
    print(f"first French text in a new process (import Babel's reader + read fr .po): {_ms(cold)}")

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    import gettext

    from dualpowers import i18n
    for lang in ("fr", "it"):
        po = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "dualpowers.po"
        n = 20
        t = time.perf_counter()
        for _ in range(n):
            with po.open("rb") as f:
                cat = read_po(f, locale=lang)
        per_po = (time.perf_counter() - t) / n
        buf = io.BytesIO()
        write_mo(buf, cat)
        data = buf.getvalue()
        t = time.perf_counter()
        for _ in range(n):
            gettext.GNUTranslations(io.BytesIO(data))
        per_mo = (time.perf_counter() - t) / n
        print(f"{lang}: {len(cat)} messages; read .po with Babel {_ms(per_po)}; "
              f"read the same as .mo with gettext {_ms(per_mo)}")
    t_ = i18n.translator("fr")
    n = 100_000
    t = time.perf_counter()
    for _ in range(n):
        t_("Round {number}", number=3)
    print(f"one translated, formatted text: {(time.perf_counter() - t) / n * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
