"""Copy the measured tables (dualpowers/data/results/*.csv) into docs/difficulty.md.

    python scripts/results_tables.py

Each table sits between ``<!-- measured:NAME -->`` and ``<!-- /measured:NAME -->``
and is rendered by :func:`dualpowers.results.markdown`; tests/test_results.py fails
until that page shows what the CSV files hold.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dualpowers.results import TABLES, markdown  # noqa: E402


def main() -> int:
    readme = ROOT / "docs" / "difficulty.md"
    text = readme.read_text(encoding="utf-8")
    for name in TABLES:
        block = re.compile(rf"(<!-- measured:{name} -->\n).*?(<!-- /measured:{name} -->)", re.S)
        if not block.search(text):
            print(f"{readme.name} has no <!-- measured:{name} --> ... <!-- /measured:{name} --> block", file=sys.stderr)
            return 1
        text = block.sub(lambda m: m.group(1) + markdown(name) + m.group(2), text)
    readme.write_text(text, encoding="utf-8")
    print("docs/difficulty.md: measured tables updated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
