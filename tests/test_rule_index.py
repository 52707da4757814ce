"""Every rule ID is implemented in one named module and tested by name."""

import re
from pathlib import Path

import dualpowers as dp

ROOT = Path(__file__).resolve().parents[1]


def cited_in(text: str, rule_id: str) -> bool:
    return re.search(re.escape(rule_id) + r"(?![-\w])", text) is not None


def test_every_rule_is_cited_in_the_module_the_index_names():
    for r in dp.rules():
        if r.engine:
            continue
        source = (ROOT / "dualpowers" / f"{r.module}.py").read_text()
        if r.id.startswith("C-"):
            source += (ROOT / "dualpowers" / "data" / "components.toml").read_text()
        assert cited_in(source, r.id), f"{r.id} is not cited in dualpowers/{r.module}.py"


def test_every_rule_has_a_test_named_after_it():
    names = " ".join(
        m.group(1) for path in (ROOT / "tests").glob("test_*.py")
        for m in re.finditer(r"def (test_\w+)", path.read_text())
    )
    for r in dp.rules():
        if r.engine:
            continue
        token = r.id.replace("-", "_")
        assert re.search(token + r"(?![A-Z0-9])", names), f"no test is named after {r.id}"


def test_rulings_are_flagged_and_engine_decisions_listed():
    assert dp.rule("R-CAL-6").ruling and not dp.rule("R-CAL-3").ruling
    assert any(r.engine for r in dp.rules())


def test_docs_rule_index_is_up_to_date():
    """docs/rules.md is generated from the packaged index; regenerate it after editing rules.toml:
    python -c "import dualpowers as dp; open('docs/rules.md','w').write(dp.rules_markdown())"."""
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == dp.rules_markdown()
