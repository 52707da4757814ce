"""The engine's narration is data: events carry a template of dualpowers.narration and raw ids."""

import ast
import importlib
import random
import re
import string
from pathlib import Path

import pytest

import dualpowers as dp
from dualpowers import narration
from dualpowers.dates import MONTHS
from dualpowers.narration import Event, Message
from dualpowers.text import render

ROOT = Path(__file__).resolve().parents[1]
#: Where the engine's templates live: the round's flow in narration.py, each kind of action in its module.
HOMES = [ROOT / "dualpowers" / "narration.py", *sorted((ROOT / "dualpowers" / "kinds").glob("[!_]*.py"))]


def _marked(path: Path) -> set[str]:
    """The module-level constants of ``path`` wrapped in N_ (Babel's marker)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t.id for node in tree.body if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "") == "N_" for t in node.targets if isinstance(t, ast.Name)}


def _module(path: Path):
    return narration if path.stem == "narration" else importlib.import_module(f"dualpowers.kinds.{path.stem}")


TEMPLATES = {f"{path.stem}.{name}": getattr(_module(path), name) for path in HOMES for name in _marked(path)}


def _events_of_games():
    for mode, seed, kw in (("solo", 3, {"difficulty": 4, "player": "white"}), ("two-player", 9, {"edition": "it"}),
                           ("solo", 8, {"edition": "it"}), ("two-player", 4, {})):
        s = dp.new_game(mode, seed, **kw)
        rng = random.Random(seed)
        while not s.is_over():
            yield s, s.apply(rng.choice(s.legal_actions()))


def _fields(msgid):
    return {f for _, f, _, _ in string.Formatter().parse(msgid) if f}


def test_every_template_is_a_marked_module_constant_and_used():
    """A template is a constant marked N_ where its rule lives; none is left unused."""
    for path in HOMES:
        source = path.read_text(encoding="utf-8")
        constants = {name for name, value in vars(_module(path)).items()
                     if name.isupper() and isinstance(value, str) and re.search(rf"^{name} = ", source, re.M)}
        assert constants <= _marked(path), (path.name, constants - _marked(path))
    code = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "dualpowers").rglob("*.py"))
    unused = [key for key in TEMPLATES if len(re.findall(rf"\b{key.split('.')[1]}\b", code)) < 2]
    assert not unused, unused


def test_the_engine_logs_only_templates_never_prose():
    for path in [*(ROOT / "dualpowers").glob("*.py"), *HOMES[1:]]:
        for m in re.finditer(r"\.log\(\s*\"\w+\",\s*([^,)\s]+)", path.read_text(encoding="utf-8")):
            arg = m.group(1)
            assert arg.startswith(("narration.", "say.")) or re.fullmatch(r"[A-Z_]+|msgid|said\[1\]", arg), (path.name, m.group(0))


def test_events_carry_a_template_and_raw_game_names():
    comp = dp.default_components()
    # a side that scores, is stronger or wins is "opposition" in a solo game (narration.acting_side)
    names = {"side": ("red", "white", "opposition"), "winner": ("red", "white", "opposition"), "target": ("red", "white"),
             "region": comp.region_names, "month": MONTHS, "card": tuple(comp.card_order),
             "token": tuple(comp.tokens), "unit": tuple(comp.tokens), "leader": tuple(comp.leaders)}
    seen = set()
    for s, events in _events_of_games():
        for e in events:
            assert e.msgid in TEMPLATES.values()
            assert _fields(e.msgid) <= set(e.params), e.msgid
            for key, allowed in names.items():
                if key in e.params and not isinstance(e.params[key], Message):
                    assert e.params[key] in allowed, (e.msgid, key, e.params[key])
                    assert e.params[key] != "opposition" or s.mode == "solo", (e.msgid, key)
            assert e.text == render(e.message, "en") and "{" not in e.text
            seen.add(e.msgid)
    assert len(seen) > 30


def test_event_equality_hash_and_repr():
    a = Event("play", narration.PLAYS, {"side": "red", "card": "red-4"})
    b = Event("play", narration.PLAYS, {"card": "red-4", "side": "red"})
    c = Event("play", narration.PLAYS, {"side": "white", "card": "red-4"})
    assert a == b and hash(a) == hash(b) and a != c
    assert a.text == str(a) == "Red plays red-4." and repr(a) == "Event('play', 'Red plays red-4.')"
    nested = Event("score", narration.SCORES, {"side": "white", "vp": 3, "why": Message(narration.FOR_UNREST, region="blue"),
                                                "where": narration.plural(narration.TRACK_TOWARD, 2, side="white")})
    assert nested.text == "White scores 3 VP for the unrest region blue; the marker is 2 spaces toward White."
    assert nested == Event("score", nested.msgid, dict(nested.params)) and len({nested, a}) == 2
    assert Message(narration.DATE, month="oct-nov", day=31).text == "October/November 31"


def test_the_end_is_written_from_the_outcome_value_in_every_language():
    # Widgets say why a game ended from State.outcome(), never by reading end_reason back.
    import random

    from dualpowers.narrate import outcome_text, refusal_text

    assert outcome_text(dp.new_game("solo", 1)) == ""
    endings = set()
    for g in range(30):
        s = dp.new_game("solo" if g % 2 else "two-player", g)
        rng = random.Random(g)
        while not s.is_over():
            s.push(rng.choice(s.legal_actions()))
        over = s.outcome()
        endings.add((over.ending, over.decided_by_will))
        assert outcome_text(s) == s.end_reason
        assert outcome_text(s, "fr") != outcome_text(s) and "(R-" in outcome_text(s, "it")
        with pytest.raises(dp.IllegalAction) as refused:
            s.apply("pass")
        assert outcome_text(s, "fr") in refusal_text(refused.value, "fr")
    assert len(endings) >= 2


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_double_move_is_told_with_its_way(lang):
    """QA8: the course told a double move "Kerensky from green to brown" and the learner wondered
    how it got there: the event names the region it went through (R-ACT-DMOVE)."""
    import dualpowers.course as course
    from dualpowers import names
    from dualpowers.text import render
    s = course.exercise("commands-4").position.clone()
    events = s.apply("double-move Kerensky brown via white")
    moved = [e for e in events if e.kind == "move"]
    assert len(moved) == 1
    assert moved[0].message.params.get("via") == "white"
    said = render(moved[0].message, lang)
    way = {"en": "through white", "fr": "en passant par la Zone blanche", "it": "passando per il quartiere bianco"}
    assert way[lang] in said, said
    for region in ("green", "brown"):
        assert names.region(region, lang) in said or region in said, (region, said)
