"""The sentences a French or Italian reader really meets, rendered: shared by the glossary's checks.

What a player sees most (the narration of played games, the status line, the actions in
words, the engine's refusals), every course step and exercise (prompts, hints, verdicts and
Show me), the tutorial A-H (titles, narration, what the engine answered), and the stored
outputs of the notebooks.  Each source is a list of (where, text); each is computed once.
"""
from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import dualpowers as dp
from dualpowers.describe import describe
from dualpowers.narrate import event_text, refusal_text

ROOT = Path(__file__).resolve().parent.parent
#: Seeded games in each mode; their narration, every action described and a refusal per turn.
GAMES = (("solo", 3, {"player": "white", "difficulty": 2}), ("solo", 8, {"player": "red", "difficulty": 5}),
         ("two-player", 4, {}), ("two-player", 9, {}))


@functools.cache
def games(lang: str) -> tuple[tuple[str, str], ...]:
    """The narration of a few seeded games in each mode, the status line and the actions in words."""
    from dualpowers.controllers.play import GameSession

    out: list[tuple[str, str]] = []
    for mode, seed, kwargs in GAMES:
        where = f"{mode} game {seed}"
        s = dp.new_game(mode, seed, **kwargs)
        rng = random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            action = rng.choice(legal)
            out.append((where + ", action", _sentence(describe(s, action, lang))))
            for e in s.apply(action):
                out.append((where, event_text(e, lang)))
        session = GameSession(mode=mode, seed=seed, **kwargs)
        session.set_language(lang)
        rng = random.Random(seed)
        while not session.is_over():
            out.append((where + ", status", session.status()))
            out += [(where + ", hand", line) for line in session.hand_lines()]
            try:
                session.state.check("move R1 nowhere")
            except Exception as exc:                    # a refusal, as the widgets show it
                out.append((where + ", refusal", refusal_text(exc, lang)))
            session.apply(rng.choice(session.legal()))
        out.append((where + ", status", session.status()))
        out.append((where + ", result", session.result() or ""))
        out += [(where + ", log", e.text) for e in session.log]
    return tuple((w, t) for w, t in out if t)


def _sentence(described) -> str:
    return described[0] if isinstance(described, tuple) else getattr(described, "sentence", str(described))


@functools.cache
def course(lang: str) -> tuple[tuple[str, str], ...]:
    """Every course chapter, step and exercise: titles, texts, remarks behind the disclosure, the
    badges' rule texts, prompts, hints, choices, and the verdicts on the right answers and on a
    wrong one."""
    from dualpowers.course import chapters
    from dualpowers.rules import summary
    from dualpowers.text import render

    out: list[tuple[str, str]] = []
    for ch in chapters():
        out += [(f"course {ch.id}", ch.title(lang)), (f"course {ch.id}", ch.intro(lang))]
        for step in ch.steps:
            where = f"course {ch.id} step {step.index}"
            out += [(where, step.text(lang)), (where, step.aside(lang)), (where, step.rulings_note(lang))]
            out += [(where, event_text(e, lang)) for e in step.listed]
            out += [(where, render(summary(r), lang)) for r in step.rules]      # a badge's rule text
        for ex in ch.exercises:
            where = f"course exercise {ex.id}"
            out += [(where, ex.prompt(lang)), (where, ex.hint(lang)), (where, ex.rulings_note(lang))]
            if ex.kind == "choice":
                out += [(where, ex.choice_label(c, lang)) for c in ex.choices]
                answers = list(ex.choices)
            else:
                answers = ex.accepted()[:1] + [a for a in ex.position.legal_actions()
                                               if a not in ex.accepted()][:1]
            for answer in answers:
                verdict = ex.judge(answer)
                out += [(where, verdict.text(lang)), (where, verdict.reason(lang))]
    return tuple((w, t) for w, t in out if t)


@functools.cache
def tutorial(lang: str) -> tuple[tuple[str, str], ...]:
    """The tutorial A-H: each example's title, every step's narration and rule titles, and what
    the engine answered (its narration, a refused try's reason)."""
    from dualpowers.tutorial.model import Tutorial

    t = Tutorial(language=lang)
    out: list[tuple[str, str]] = []
    for ex_id in t.example_ids:
        t.select(ex_id)
        out.append((f"tutorial {ex_id}", t.title(lang)))
        while True:
            where = f"tutorial {ex_id} step {t.index}"
            out.append((where, t.narration(lang)))
            out += [(where, t.rule_title(r, lang)) for r in t.rules]
            outcome = t.outcome
            out += [(where, event_text(e, lang)) for e in outcome.events]
            if outcome.refusal is not None:
                out.append((where, refusal_text(outcome.refusal, lang)))
            if not t.next():
                break
    return tuple((w, t) for w, t in out if t)


@functools.cache
def notebooks(lang: str) -> tuple[tuple[str, str], ...]:
    """What a reader sees of the stored outputs of the ``lang`` notebooks."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_notebooks_i18n import output_texts

    out: list[tuple[str, str]] = []
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        out += [(f"notebook {path.name}", t) for t in output_texts(path)]
    return tuple(out)


@functools.cache
def refusals(lang: str) -> tuple[tuple[str, str], ...]:
    """The engine's refusals of every kind of wrong action (wrong tokens, regions, cards, steps, a
    finished game), each template once: what a reader meets who tries what the rules forbid."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_i18n_refusals import _refusals

    seen: dict[object, str] = {}
    for exc in _refusals():
        told = getattr(exc, "message", None)
        seen.setdefault(getattr(told, "msgid", str(exc)), refusal_text(exc, lang))
    return tuple(("refusal", text) for text in seen.values())


@functools.cache
def screens(lang: str) -> tuple[tuple[str, str], ...]:
    """What the play screen writes beside the log: the hand's card chips and their tips, the
    remaining choices and theirs, the prompt, over the first turns of the seeded games."""
    from dualpowers.screens.play import PlaySession

    out: list[tuple[str, str]] = []
    for mode, seed, kwargs in GAMES:
        where = f"{mode} game {seed}, screen"
        play = PlaySession(lang=lang, mode=mode, seed=seed, **kwargs)
        rng = random.Random(seed)
        for _turn in range(14):
            if play.game.is_over():
                break
            snap = play.snapshot
            out += [(where + ", card", c.text.replace("\n", " · ")) for c in snap.cards]
            out += [(where + ", card tip", c.tooltip) for c in snap.cards]
            out += [(where + ", choice", c.text) for c in snap.choices]
            play.play(rng.choice(play.game.legal()))
    return tuple(dict.fromkeys((w, t) for w, t in out if t))


@functools.cache
def boards(lang: str) -> tuple[tuple[str, str], ...]:
    """The words drawn on the board (its SVG's texts: the strength plates, the Will box, the
    played cards' row, the track's ends, the banner) at every fifth position of the seeded games
    and at their end, and the analyzer's tables of each position (a side as a table's cell)."""
    from dualpowers.drawing import board_svg
    from dualpowers.tables import presence_rows, presence_tokens_rows
    from dualpowers.presence import force_in_presence
    from i18n_check import pieces

    out: list[tuple[str, str]] = []
    for mode, seed, kwargs in GAMES:
        s = dp.new_game(mode, seed, **kwargs)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 5 == 0 or s.is_over():
                where = f"{mode} game {seed} board {step}"
                out += [(where, t) for t in pieces(board_svg(s, lang=lang))]
                table = presence_rows(s, lang)
                out += [(where + ", table", str(v)) for row in table.rows for v in row]
                region = list(s.comp.region_index)[step % len(s.comp.region_index)]
                tokens = presence_tokens_rows(force_in_presence(s, region), lang)
                out += [(where + ", tokens", str(v)) for row in tokens.rows for v in row]
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return tuple((w, t) for w, t in out if t)



SOURCES = {"games": games, "course": course, "tutorial": tutorial, "notebooks": notebooks, "boards": boards}
#: Read so far for Italian only (the third Italian reading): the French reader adds "fr" when the
#: French refusals and card chips have been read the same way.
MORE_SOURCES = {"refusals": refusals, "screens": screens}
