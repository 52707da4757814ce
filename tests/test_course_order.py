"""Order and coverage of the course (issue 22): nothing is used before a step explains it,
the untaught rules are taught, and this project's rulings are marked as such.

"Explained" is read from the course data, never listed here: a step explains the rules of its
``rules`` and the terms of its ``introduces`` (ids of the course's ``terms``), and a step that
lists leaders from the components (``{red_leaders}`` ...) explains those leaders.  What an
exercise uses is its ``rules``, the rule its goal or question is judged by, the rules the engine
shows deciding its position (a tie broken by tokens or the Will: R-STR-2; a neutral that counts
for someone: R-NEU-1; the Italian edition: E-IT), and every game word of its texts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dualpowers as dp
import dualpowers.course as course
from dualpowers import names
from dualpowers.course import Exercise, Progress, Step
from dualpowers.course import goals as G
from dualpowers.i18n import LANGUAGES, TRANSLATED
from dualpowers.rules import rule, ruling_summary
from dualpowers.text import render

ROOT = Path(__file__).resolve().parents[1]
COURSE = course.load_course()


def _vocabulary() -> dict[str, re.Pattern[str]]:
    """Every game word the order test looks for: the course's terms, and each leader token's
    English name (from the components, as the board and the texts name it)."""
    words = {tid: re.compile(rx) for tid, rx in COURSE.terms.items()}
    comp = dp.default_components()
    for token in (*comp.leaders, comp.trotsky_neutral, comp.trotsky_red):
        words[token] = re.compile(rf"(?<![\w-]){re.escape(names.token(token, 'en'))}(?![\w-])")
    return words


WORDS = _vocabulary()


def _terms_in(text: str) -> set[str]:
    return {tid for tid, rx in WORDS.items() if rx.search(text)}


def _rule_of(ex: Exercise) -> str:
    spec = ex.question if ex.kind == "choice" else ex.goal
    assert spec is not None
    if "rule" in spec:
        return str(spec["rule"])
    kinds = G.QUESTIONS if ex.kind == "choice" else G.GOALS
    return kinds[spec["kind"]].rule


def _regions(spec) -> list[str]:
    if spec.get("kind") == "all":
        return [r for g in spec["goals"] for r in _regions(g)]
    if "region" in spec:
        return [spec["region"]]
    ask = str(spec.get("ask", ""))
    if ask.startswith(("presence:", "strength:")):
        return [ask.split(":")[1]]
    return []


def _shown_by_the_engine(ex: Exercise) -> set[str]:
    """The rules the engine's answer turns on in this exercise's position(s)."""
    s = ex.position
    spec = ex.question if ex.kind == "choice" else ex.goal
    assert spec is not None
    if ex.kind == "choice":
        positions = [G.after(s, list(spec["actions"])) if spec["kind"] == "after" else s]
    else:
        positions = [G.after(s, [a]) for a in ex.accepted()]
    used = {"E-IT"} if s.edition == "it" else set()
    for t in positions:
        for region in _regions(spec):
            p = dp.force_in_presence(t, region)
            if p.decided_by in ("tokens", "will"):
                used.add("R-STR-2")
            if any(t.comp.tokens[k].owner == "neutral" and t.controller(k) for k in t.tokens_in(region)):
                used.add("R-NEU-1")
    if spec.get("kind") == "controller":
        used.add("R-NEU-1")
    return used


def _shown_words(ex: Exercise) -> str:
    """The words the exercise's answers show beside its prompt: the buttons of an action
    exercise (a hand's cards with their days, recruit value, action and VP) and the choices of
    a question, as the course widget writes them."""
    from dualpowers.screens.course import CourseScreen
    if ex.kind == "choice":
        return " ".join(ex.choice_label(v) for v in ex.choices)
    screen = CourseScreen()
    screen.session.go_exercise(ex.id)
    return " ".join(f"{a.label} {a.tooltip}" for a in screen.snapshot.actions)


_SESSION = None


def _status_words(item) -> str:
    """The board's status line as the course draws it at ``item`` (SVG text of its status part):
    "Red to act: choose a secret objective" names objectives, so it waits for them."""
    global _SESSION
    from dualpowers.course.session import CourseSession
    from dualpowers.drawing.svg import board_svg
    if _SESSION is None:
        _SESSION = CourseSession()
    s = _SESSION
    s.go(s.items.index(item))
    svg = board_svg(s.state, lang="en", markers=s.markers, turn=s.turn)
    status = re.search(r'<g class="status">(.*?)</g>', svg)
    assert status, "the board has a status line"
    return " ".join(re.findall(r">([^<]+)</text>", status.group(1)))


_SCREEN = None


def _opened_words(item) -> str:
    """Every other text a learner can open at ``item`` (issue 33: the E-IT and E-FR badges'
    pop-ups named the unrest points in chapters 1 and 5): each rule badge's text, the
    disclosure's lines, the tips of the answers and buttons; for an exercise also the badges of
    the verdicts its answers get (an answer's feedback shows its rules' texts too)."""
    global _SCREEN
    from dualpowers.screens.course import CourseScreen
    if _SCREEN is None:
        _SCREEN = CourseScreen()
    screen = _SCREEN
    s = screen.session
    s.go(s.items.index(item))
    snap = screen.snapshot
    texts = [b.summary for b in snap.badges]
    texts += [text for text, _ in snap.aside]
    texts += [a.tooltip for a in (*snap.choices, *snap.actions)]
    texts += [b.tooltip for b in (snap.back, snap.next, snap.retry, snap.hint_button, snap.show)]
    ex = s.exercise
    if ex is not None:
        for value in ex.choices or ex.accepted()[:1]:
            s.answer(value)
            texts += [b.summary for b in screen.snapshot.feedback.badges]
            s.try_again()
    return " ".join(texts)


_RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


def _cited_by_the_engine(st: Step) -> set[str]:
    """The rules the engine's lines under a step cite: the learner reads them there (QA8: the
    calendar's step 2 listed "the red Trotsky never enters (R-CAL-TROTSKY-2)", five steps before
    that rule is taught)."""
    from dualpowers.narrate import event_text
    return {r for e in st.listed for r in _RULE_ID.findall(event_text(e, "en"))}


def _walk():
    """Every item in course order (the order Progress.next_item walks): a chapter's intro, its
    steps, then its exercises; with what each uses and what it explains."""
    for ch in COURSE.chapters:
        chapter_terms = {t for st in ch.steps for t in st.introduces}
        yield f"chapter {ch.id} intro", set(), _terms_in(ch.intro_id), set(), chapter_terms
        for st in ch.steps:
            item = (ch.id, "step", st.index)
            yield (f"chapter {ch.id} step {st.index + 1}", set(st.rules) | _cited_by_the_engine(st),
                   _terms_in(st.text("en")) | _terms_in(_status_words(item)) | _terms_in(_opened_words(item)),
                   set(st.rules), set(st.introduces))
        for ex in ch.exercises:
            item = (ch.id, "exercise", ch.exercises.index(ex))
            rules = set(ex.rules) | {_rule_of(ex)} | _shown_by_the_engine(ex)
            words = " ".join((ex.prompt("en"), ex.hint("en"), _shown_words(ex), _status_words(item),
                              _opened_words(item)))
            yield f"exercise {ex.id}", rules, _terms_in(words), set(), set()


def test_nothing_is_used_before_a_step_explains_it():
    rules_known: set[str] = set()
    terms_known: set[str] = set()
    late = []
    for where, rules, terms, teaches_rules, teaches_terms in _walk():
        if where.endswith("intro"):      # an intro announces its chapter: its steps explain it
            late += [f"{where}: {t}" for t in sorted(terms - terms_known - teaches_terms)]
            continue
        rules_known |= teaches_rules
        terms_known |= teaches_terms
        late += [f"{where}: rule {r}" for r in sorted(rules - rules_known)]
        late += [f"{where}: '{t}'" for t in sorted(terms - terms_known)]
    assert not late, "used before a step explains it:\n" + "\n".join(late)


def test_the_cards_printed_values_their_second_copy_and_the_hand_kept_are_explained_first():
    """Issue 33: round-1's buttons showed "recruit 2 or Rest, 1 VP" and "(2nd)" before the Command
    cards chapter, commands-4 said "white-3b" where the board says "white-3 (2nd)", and nothing
    said that the cards not played stay in hand, or that an exhausted side can be the stronger."""
    round_1 = _shown_words(course.exercise("round-1"))
    assert _terms_in(round_1) >= {"card-values"}
    introduced = {t: f"{ch.id} {st.index + 1}" for ch in COURSE.chapters for st in ch.steps for t in st.introduces}
    assert introduced["card-values"] == introduced["second-copy"] == "round 2"
    assert introduced["hand-kept"] == "round 5"
    assert "white-3b" not in course.exercise("commands-4").prompt("en")
    assert names.card("white-3b", "en") in course.exercise("commands-4").prompt("en")
    rest = course.chapter("commands").steps[4]
    comp = dp.default_components()
    n5 = comp.tokens["N5"]
    assert n5.exhausted > n5.fresh and f"N5 shows {n5.fresh} fresh and {n5.exhausted} exhausted" in rest.text("en")
    for lang in TRANSLATED:
        assert names.card("white-3b", lang) in course.exercise("commands-4").prompt(lang)


def test_the_issue_s_order_problems_are_gone():
    """board-4 and leaders-6 after neutral control (R-NEU-1), commands-2 and round-1 after the
    token tie-break (R-STR-2), round-4 after Inspire the People: each exercise comes after the
    step teaching the rule (the walk above proves it in general; this names the cases)."""
    order = [(ch.id, "step", st) for ch in COURSE.chapters for st in ch.steps]
    order += []
    seen: list[str] = []
    position: dict[str, int] = {}
    for ch in COURSE.chapters:
        for st in ch.steps:
            seen += st.rules
            for r in st.rules:
                position.setdefault(r, len(seen))
        for ex in ch.exercises:
            position[ex.id] = len(seen)
    for ex_id, needs in [("board-4", "R-NEU-1"), ("leaders-6", "R-NEU-1"), ("commands-2", "R-STR-2"),
                         ("round-1", "R-STR-2"), ("round-4", "R-ACT-INSPIRE")]:
        assert position[needs] <= position[ex_id], (ex_id, needs)


def _italian(item) -> bool:
    """Whether an item is about the Italian edition: it teaches E-IT, its position is in that
    edition, or its text (a step's, or an exercise's prompt and hint) names it."""
    text = item.text("en") if isinstance(item, Step) else f"{item.prompt('en')} {item.hint('en')}"
    return "E-IT" in item.rules or item.position.edition == "it" or bool(WORDS["italian-edition"].search(text))


def test_the_italian_edition_comes_after_the_base_rule_of_its_chapter():
    """Issue 33: chapters 5 and 7 named the Italian edition's variant before their base rule was
    settled (Leader Recruit's variant before the leaders' specials; "6 in the Italian edition"
    inside the unrest scoring's own step, its question second of eight).  In every chapter the
    Italian edition's steps close its steps and its exercises close its exercises; the
    disclosure (a step's aside) may name it anywhere."""
    early = []
    for ch in COURSE.chapters:
        for items in (ch.steps, ch.exercises):
            flags = [_italian(it) for it in items]
            first = flags.index(True) if True in flags else len(flags)
            early += [f"{ch.id}: {getattr(it, 'id', None) or f'step {it.index + 1}'} names the Italian edition "
                      f"before the base rule's {'steps' if items is ch.steps else 'exercises'} end"
                      for it, flag in zip(items, flags) if flag and not all(flags[first:])]
    assert not early, "\n".join(early)
    assert _italian(course.chapter("leaders").steps[-1]) and _italian(course.chapter("scoring").steps[-1])
    assert not _italian(course.chapter("scoring").steps[0])


def test_a_step_introduces_only_what_its_text_shows():
    for ch in COURSE.chapters:
        for st in ch.steps:
            text = st.text("en")
            for term in st.introduces:
                assert term in WORDS, f"{ch.id} step {st.index + 1}: unknown term {term!r}"
                assert WORDS[term].search(text), f"{ch.id} step {st.index + 1} introduces {term!r} but never names it"


def test_every_game_word_and_every_leader_is_explained_somewhere():
    introduced = {t for ch in COURSE.chapters for st in ch.steps for t in st.introduces}
    assert set(WORDS) <= introduced, sorted(set(WORDS) - introduced)


def test_the_leaders_and_their_specials_are_listed_from_the_components():
    """C-LEAD: one step names each faction's leaders, another which leader has which special;
    both are written from components.toml, so a user's own components change them."""
    comp = dp.default_components()
    steps = [st for ch in COURSE.chapters for st in ch.steps if "{" in st.text_id]
    specials = {"inspire": "Inspire the People", "espionage": "Espionage", "protest": "Mobilize Protest"}
    listed_factions = [st for st in steps if "{red_leaders}" in st.text_id]
    listed_specials = [st for st in steps if "{inspire_leaders}" in st.text_id]
    assert listed_factions and listed_specials
    text = listed_factions[0].text("en")
    # C-LEAD: the rulebooks name only Kerensky (components.toml marks every other leader stand-in);
    # the step says so behind its disclosure (issue 34), not in its text
    assert "The rulebooks name only Kerensky;" in listed_factions[0].aside("en")
    for leader in comp.leaders.values():
        assert leader.id in listed_factions[0].introduces
        mine = [l.id for l in comp.leaders.values() if l.faction == leader.faction]
        assert re.search(rf"{leader.faction} has {mine[0]}, {mine[1]},? and {mine[2]}", text), text
    text = listed_specials[0].text("en")
    for special, label in specials.items():
        mine = [l.id for l in comp.leaders.values() if l.special == special]
        assert f"{label}: {' and '.join(mine)}." in text, text
    for lang in TRANSLATED:        # the names are written in each language, the lists joined its way
        assert "{" not in listed_specials[0].text(lang) and names.token("Kerensky", lang) in listed_specials[0].text(lang)


def test_the_leader_list_follows_a_users_components(monkeypatch):
    st = next(st for ch in COURSE.chapters for st in ch.steps if "{inspire_leaders}" in st.text_id)
    comp = st.position.comp
    swapped = dict(comp.leaders)
    from dataclasses import replace
    swapped["Lenin"] = replace(comp.leaders["Lenin"], special="protest")
    swapped["Kamenev"] = replace(comp.leaders["Kamenev"], special="inspire")
    other = replace(comp, leaders=swapped)
    monkeypatch.setattr(type(st), "position", property(lambda self: dp.State(other)))
    text = st.text("en")
    assert "Inspire the People: Kamenev and Kerensky." in text and "Mobilize Protest: Lenin and Lvov." in text


# ---------------------------------------------------------------------------- the untaught rules (issue 22)
@pytest.mark.parametrize("rule_id, exercise_id, answer", [
    ("R-SCO-EXHAUST", "solo-7", "supply"),        # exhausted Opposition units go back to its supply
    ("R-CAL-TROTSKY-2", "solo-8", "1"),           # red Trotsky joins the Opposition with his own strengths
    ("R-SOLO-END", "solo-9", "red"),              # after round 3, at the centre: the Will holder
    ("R-SOLO-OPP-TURN", "solo-10", "white"),      # no unit of the needed level: nothing placed
    ("R-SOLO-OBJECTIVE", "solo-11", "purple-3"),  # equal VP: the later-played card
    ("R-SCO-REVEAL", "solo-12", "white"),         # solo: the same reveal order decides marker 2
    ("R-SOLO-OBJ", "solo-13", "jul14"),           # the Opposition's leader placement is no action
])
def test_each_untaught_rule_has_a_step_and_an_exercise_the_engine_answers(rule_id, exercise_id, answer):
    ex = course.exercise(exercise_id)
    assert rule_id in ex.rules and ex.accepted() == [answer]
    chapter = course.chapter(ex.chapter)
    assert any(rule_id in st.rules for st in chapter.steps)


def test_R_ACT_RECRUIT_no_fitting_unit_means_no_recruit():
    """Recruit is impossible when no reserve unit fits: the engine offers none, and the exercise
    is won by the card's Move."""
    ex = course.exercise("commands-7")
    s = ex.position
    assert not [a for a in s.legal_actions() if str(a).startswith("recruit")]
    assert ex.accepted() and all(str(a).startswith("move") for a in ex.accepted())
    v = ex.judge("recruit W8")
    assert not v.correct and not v.legal and v.rule == "R-ACT-RECRUIT"
    assert any("R-ACT-RECRUIT" in st.rules and "cannot recruit" in st.text("en") for st in course.chapter("commands").steps)


def test_R_ACT_BONUS_bonus_recruit_needs_a_value_one_unit():
    ex = course.exercise("calendar-9")
    s = ex.position
    assert s.step == "bonus"
    assert not [a for a in s.legal_actions() if str(a).startswith("bonus-recruit")]
    assert [str(a) for a in ex.accepted()] == ["bonus-move W3 brown"]


# ---------------------------------------------------------------------------- calendar-4 and leaders-1
def test_calendar_4_accepts_every_card_that_takes_the_will_this_turn():
    """R-CAL-5 (a month advance) and R-ACT-LEADER + R-ACT-INSPIRE (Kerensky, then Inspire)."""
    ex = course.exercise("calendar-4")
    s = ex.position
    accepted = {str(a) for a in ex.accepted()}
    assert "play Kerensky" in accepted and len(accepted) > 1
    for a in s.legal_actions():
        t = G.after(s, [a])
        takes = t.will == "white" or any(G.after(t, [b]).will == "white" for b in t.legal_actions()
                                         if t.to_act == "white" and t.step != "card")
        assert (str(a) in accepted) == takes, a
    assert "a card" in ex.prompt("en") and "the card" not in ex.prompt("en")
    v = ex.judge("play Kerensky")
    assert v.correct and "Inspire the People" in v.reason()


def test_leaders_1_a_leader_recruit_first_is_right():
    ex = course.exercise("leaders-1")
    for region in ("red", "brown"):
        v = ex.judge(f"leader-recruit {region}")
        assert v.correct, v.reason()
    assert not ex.judge("pass").correct


# ---------------------------------------------------------------------------- rulings
def _rulings_md() -> dict[str, bool]:
    """RULINGS.md's "(ruling)" marks: rule ID -> whether the whole rule is a ruling (the mark
    right after the ID) or a part of it.  A bullet without an ID belongs to its heading's ID, or
    to the bullet before it."""
    path = ROOT.parent / "shared" / "RULINGS.md"
    if not path.exists():
        pytest.skip("RULINGS.md (../shared) is not beside this checkout")
    bullets: list[tuple[str | None, str]] = []      # (heading's ID, the bullet's whole text)
    heading_id = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            m = re.search(r"\(([A-Z]+-[A-Z0-9-]+)\)", line)
            heading_id = m.group(1) if m else None
            bullets.append((None, ""))
        elif line.startswith("- "):
            bullets.append((heading_id, line))
        elif line.startswith("  ") and bullets and bullets[-1][1]:
            bullets[-1] = (bullets[-1][0], bullets[-1][1] + " " + line.strip())
    marks: dict[str, bool] = {}
    last_id = None
    for heading, text in bullets:
        m = re.match(r"- ([A-Z]+(?:-[A-Z0-9]+)+)\b", text)
        last_id = m.group(1) if m else (None if not text else last_id)
        if "**(ruling)**" not in text:
            continue
        owner = m.group(1) if m else heading or last_id
        if owner is None:
            continue
        # Each mark rules what follows it, up to the next mark: an engine decision it names
        # (wholly ours), else a part of the bullet's rule; a mark right after the ID that names
        # no engine decision makes the whole rule ours.
        for i, ruled in enumerate(text.split("**(ruling)**")[1:]):
            engine = re.search(r"\b(ENGINE-[A-Z-]+)\b", ruled)
            if engine:
                marks[engine.group(1)] = True
                if i == 0 and m:          # "- R-X **(ruling)** ... (ENGINE-Y) ...": a part of R-X too
                    marks.setdefault(owner, False)
                continue
            whole = i == 0 and bool(re.match(rf"- {re.escape(owner)} \*\*\(ruling\)\*\*", text))
            marks[owner] = marks.get(owner, False) or whole
    return marks


def test_rules_toml_marks_what_RULINGS_md_marks():
    """Every "(ruling)" of RULINGS.md is a ruling of the packaged index (or the engine decision it
    names), whole or in part as there; and the index marks nothing RULINGS.md does not."""
    marks = _rulings_md()
    assert {"P-ACT", "R-CAL-6", "R-ACT-CMD", "R-CLN"} <= set(marks)
    for rid, whole in marks.items():
        r = rule(rid)
        assert r.ours, rid
        assert r.wholly_ours == whole, (rid, r.ruling_part)
    flagged = {r.id for r in dp.rules() if r.ruling}
    assert flagged <= set(marks)


def test_every_ruling_the_course_teaches_is_marked_where_it_is_taught():
    items = [it for ch in COURSE.chapters for it in (*ch.steps, *ch.exercises)]
    for it in items:
        for rid in it.rules:
            if rule(rid).wholly_ours:
                assert rid in it.rulings, (it, rid)
        assert set(it.rulings) <= {r for r in it.rules if rule(r).ours}
    taught = {r for it in items for r in it.rules if rule(r).ours}
    marked = {r for it in items for r in it.rulings}
    assert taught == marked, sorted(taught - marked)


@pytest.mark.parametrize("chapter, step, rule_id", [
    ("round", 2, "P-ACT"), ("commands", 0, "R-ACT-CMD"), ("calendar", 4, "R-CAL-6"),
    ("end", 1, "R-CLN"), ("end", 2, "ENGINE-NO-UNREST"), ("strength", 3, "R-STR-2"),
])
def test_the_rulings_the_issue_names_are_marked_in_every_language(chapter, step, rule_id):
    st: Step = course.chapter(chapter).steps[step]
    assert rule_id in st.rulings
    english = st.rulings_note("en")
    assert rule_id in english and ("ruling" in english or "decision" in english)
    for lang in TRANSLATED:
        note = st.rulings_note(lang)
        assert rule_id in note and note != english, (lang, note)


@pytest.mark.parametrize("chapter, step, rule_id", [
    ("round", 0, "P-DRAW"), ("leaders", 1, "R-ACT-PROTEST"), ("scoring", 0, "R-SCO-UNREST"),
    ("scoring", 3, "R-SCO-OBJ"), ("solo", 2, "R-SOLO-OPP-TURN"), ("solo", 4, "R-SCO-UNREST"),
    ("solo", 8, "R-SOLO-OPP-TURN"),
])
def test_this_turn_s_rulings_are_marked_where_the_course_teaches_them(chapter, step, rule_id):
    """Issue 33: the rulings added to RULINGS.md this turn.  Where a step teaches one, its
    disclosure says it is the project's ruling and what the ruling settles, in every language:
    the Opposition's card unit before its 15/31 unit (solo step 3), Organize never the unrest
    winner's bonus (solo step 5, with its exercise solo-14, answered by the engine)."""
    st: Step = course.chapter(chapter).steps[step]
    assert rule_id in st.rulings
    part = rule(rule_id).ruling_part
    assert part and part in st.rulings_note("en")
    for lang in TRANSLATED:
        note = st.rulings_note(lang)
        assert rule_id in note and note != st.rulings_note("en"), (lang, note)


def test_the_course_says_what_the_engine_does_with_organize_at_the_unrest_scoring():
    """R-SCO-UNREST (ruling): the solo chapter says Organize is not the unrest winner's bonus, and
    its question is answered by the engine: Organize is not among the legal actions there."""
    ex = course.exercise("solo-14")
    s = ex.position
    assert s.mode == "solo" and s.step == "unrest" and s.objectives[s.to_act] and not s.revealed[s.to_act]
    assert dp.Organize() not in s.legal_actions()
    assert ex.accepted() == ["no"] and "R-SCO-UNREST" in ex.rulings
    assert "Organize" in course.chapter("solo").steps[4].text("en")


def test_a_rulebook_rule_is_not_marked():
    st = course.chapter("strength").steps[0]        # R-STR-1: the rulebooks' own rule
    assert st.rulings == () and st.rulings_note("en") == ""
    assert course.exercise("strength-2").rulings == ()   # a tie broken by tokens: the rulebooks'


def test_the_course_refuses_a_ruling_that_is_the_rulebooks():
    import json
    from importlib import resources
    from dualpowers.course import CourseError, parse_course
    raw = json.loads(resources.files("dualpowers.course").joinpath("course.json").read_text(encoding="utf-8"))
    raw["chapters"][1]["steps"][0]["rulings"] = ["R-STR-1"]
    with pytest.raises(CourseError, match="rulebooks' rule"):
        parse_course(raw, verify=False)


# ---------------------------------------------------------------------------- saved progress
#: The exercise ids and step counts of the course before issue 22: a progress file saved then
#: names them, so they stay (new exercises get new ids; new steps come after a chapter's old ones).
BEFORE = {
    "board": (4, ["board-1", "board-2", "board-3", "board-4"]),
    "round": (5, ["round-1", "round-2", "round-3", "round-4"]),
    "commands": (6, [f"commands-{i}" for i in range(1, 7)]),
    "leaders": (5, [f"leaders-{i}" for i in range(1, 7)]),
    "calendar": (7, [f"calendar-{i}" for i in range(1, 9)]),
    "strength": (4, [f"strength-{i}" for i in range(1, 9)]),
    "scoring": (5, [f"scoring-{i}" for i in range(1, 9)]),
    "end": (5, [f"end-{i}" for i in range(1, 6)]),
    "solo": (5, [f"solo-{i}" for i in range(1, 7)]),
}


def test_a_progress_file_saved_before_the_new_order_still_loads(tmp_path):
    chapters = course.chapters()
    data = {"format": "dualpowers/course-progress", "version": 1,
            "seen": [[c, i] for c, (n, _) in BEFORE.items() for i in range(n)],
            "solved": [e for _, ids in BEFORE.values() for e in ids], "tried": {"round-4": 2}}
    p = Progress.from_dict(data, chapters)
    for c in chapters:
        n, _ = BEFORE[c.id]
        assert len(c.steps) >= n
    assert p.next_item(chapters) is not None        # the new steps and exercises are still to do
    path = tmp_path / "progress.json"
    p.save(path)
    assert Progress.load(path, chapters) == p


def test_an_exercise_s_ruling_note_does_not_give_its_answer_away():
    """solo-11 turns on R-SOLO-OBJECTIVE's ruling (equal VP: the later card): the exercise says
    the point is this project's ruling, not what the ruling decides; its step says that."""
    ex = course.exercise("solo-11")
    assert ex.rulings == ("R-SOLO-OBJECTIVE",)
    part = rule("R-SOLO-OBJECTIVE").ruling_part
    for lang in LANGUAGES:
        note = ex.rulings_note(lang)
        assert "R-SOLO-OBJECTIVE" in note
        assert render(ruling_summary("R-SOLO-OBJECTIVE"), lang) not in note
    step = next(st for st in course.chapter("solo").steps if "R-SOLO-OBJECTIVE" in st.rulings)
    assert part in step.rulings_note("en")


def _rulings_the_engine_shows(ex: Exercise) -> set[str]:
    """The rulings an exercise's answer turns on, read from the engine: a region nobody wins
    though tokens stand there (only neutrals: R-STR-2); the next player after the Will changed
    hands in the action phase (P-ACT); the Opposition's card chosen among equal VP
    (R-SOLO-OBJECTIVE); whose objective is scored first in solo (R-SCO-REVEAL)."""
    s = ex.position
    spec = ex.question if ex.kind == "choice" else ex.goal
    assert spec is not None
    shown: set[str] = set()
    if ex.kind == "choice":
        t = G.after(s, list(spec["actions"])) if spec["kind"] == "after" else s
        if spec["kind"] == "after" and spec["ask"] == "to_act" and t.will != s.will and s.turn_order:
            shown.add("P-ACT")
        if spec["kind"] == "opposition_card":
            if dp.opposition_objective(list(spec["cards"]))[1].card_decided_by == "latest":
                shown.add("R-SOLO-OBJECTIVE")
        if spec["kind"] == "reveal_first" and s.mode == "solo":
            shown.add("R-SCO-REVEAL")
        results = [t]
    else:
        results = [G.after(s, [a]) for a in ex.accepted()]
    for t in results:
        for region in _regions(spec):
            if dp.force_in_presence(t, region).winner is None and t.tokens_in(region):
                shown.add("R-STR-2")
    return shown


def test_an_exercise_whose_answer_turns_on_a_ruling_is_marked():
    missing = [f"{ex.id}: {r}" for ex in course.exercises() for r in sorted(_rulings_the_engine_shows(ex))
               if r not in ex.rulings]
    assert not missing, "unmarked rulings:\n" + "\n".join(missing)
    assert {"strength-6", "round-4", "solo-11", "solo-12"} <= {ex.id for ex in course.exercises()
                                                               if _rulings_the_engine_shows(ex)}


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["chapters"][0]["steps"][0].update(text="Meet {nobody_knows}."), "nobody_knows"),
    (lambda d: d["chapters"][0]["steps"][0].update(introduces=["gremlins"]), "gremlins"),
    (lambda d: d["chapters"][0]["steps"][0].update(rulings=["R-CAL-6"]), "not among its 'rules'"),
])
def test_a_course_file_with_a_wrong_list_term_or_ruling_is_refused(mutate, message):
    import json
    from importlib import resources
    from dualpowers.course import CourseError, parse_course
    raw = json.loads(resources.files("dualpowers.course").joinpath("course.json").read_text(encoding="utf-8"))
    mutate(raw)
    with pytest.raises(CourseError, match=message):
        parse_course(raw, verify=False)


# ---------------------------------------------------------------------------- issue 33: stand-ins behind the disclosure
_STAND_IN = re.compile(r"stand-?ins?\b|this project's", re.I)


def test_the_lessons_never_mention_stand_in_data_and_the_disclosure_keeps_it():
    """A rule's tip read "48 command cards ... (stand-in list)" inside the lesson (issue 33; issue
    34 item 4).  What a learner reads in the lesson (the step's text and the chapter's intro, the
    question and its hint, every answer's verdict, the rule badges' tips) never speaks of stand-ins
    or of this project; each remark is kept in the disclosure, where a curious reader opens it: the
    step's own remark, or the stand-in note of each of its rules (rules.toml ``standin``)."""
    from dualpowers.rules import standin_note
    from dualpowers.screens.course import CourseScreen
    screen = CourseScreen()
    s = screen.session
    seen_standins: set[str] = set()
    for lang in LANGUAGES:
        screen.set_language(lang)
        for i in range(len(s.items)):
            s.go(i)
            snap = screen.snapshot
            ex = s.exercise
            read = [snap.intro, snap.body, snap.prompt, snap.how, *(b.summary for b in snap.badges)]
            if ex is not None:
                read.append(ex.hint(lang))
                read += [ex.judge(v).text(lang) for v in (ex.choices or ex.accepted()[:1])]
            if lang == "en":
                bad = [t for t in read if _STAND_IN.search(t)]
                assert not bad, (s.item, bad)
                aside = " ".join(text for text, _ in snap.aside)
                for r in s.current.rules:
                    note = standin_note(r)
                    if note is not None:
                        seen_standins.add(r)
                        assert _STAND_IN.search(aside), (s.item, r, aside)
    assert {"C-MAP", "C-CMD", "C-NEU", "C-LEAD"} <= seen_standins


def test_the_edition_badges_name_the_unrest_points_only_once_scoring_has_taught_them():
    """Issue 33: the E-FR and E-IT badges' pop-ups (the rule's text) said "Oct/Nov unrest is worth
    7 VP" in chapter 1 and "6 VP" in chapter 5, two chapters before the scoring chapter teaches
    the unrest points.  There they tell the rule briefly (rules.toml ``brief``); from the scoring
    chapter on, whole."""
    from dualpowers.rules import summary
    from dualpowers.screens.course import CourseScreen
    screen = CourseScreen()
    s = screen.session
    for lang in LANGUAGES:
        screen.set_language(lang)
        for item, told in [(("board", "step", 6), "brief"), (("leaders", "step", 5), "brief"),
                           (("leaders", "exercise", 5), "brief"), (("scoring", "step", 0), "whole"),
                           (("scoring", "step", 5), "whole")]:
            s.go(s.items.index(item))
            for b in screen.snapshot.badges:
                if b.rule in ("E-FR", "E-IT"):
                    assert b.summary == render(summary(b.rule, told == "brief"), lang), (item, lang, b)
                    assert (" 6 " in b.summary or " 7 " in b.summary) == (told == "whole"), (item, lang, b)
