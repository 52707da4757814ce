"""Fuzzing the other files a user hands in: components files and saved games.

Only ComponentsError / LoadError escape; an accepted components file plays, draws and
writes notation; a refused load leaves the session exactly as it was.
"""

from __future__ import annotations

import json
import math
import tomllib
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dualpowers as dp
from dualpowers.components import parse_components
from dualpowers.controllers import GameSession, LoadError
from fuzzing import FUZZ, assert_short, assert_well_formed, mutated
from dualpowers.i18n import LANGUAGES


def packaged_raw() -> dict:
    text = resources.files("dualpowers").joinpath("data/components.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


RAW = packaged_raw()


def load_or_refuse(raw):
    try:
        comp = parse_components(json.dumps(raw, allow_nan=True), "fuzz.json", "json")
    except dp.ComponentsError as exc:
        assert_short(exc)
        return None
    # accepted: a game with these components writes, reads and draws
    from dualpowers.drawing import board_png
    for s in (dp.new_game("two-player", 1, components=comp), dp.new_game("solo", 2, components=comp)):
        assert_well_formed(s)
    board_png(s, width=320)
    return comp


# ------------------------------------------------------------------ explicit cases from issue 11
@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["units"]["red"][0].__setitem__(0, "R 1"), r"units\.red\[0\]\[0\]"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R,1"), "safe in the notation"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R/1"), "safe in the notation"),
    (lambda d: d["units"]["red"][0].__setitem__(0, "R1'"), "safe in the notation"),
    (lambda d: d["leaders"][0].__setitem__("id", "p4"), "look like a card code"),
    (lambda d: d["units"]["white"][0].__setitem__(0, "r1"), "differ only in case"),
    (lambda d: d["regions"][0].__setitem__("label", 5), r"regions\[0\]\.label must be a text"),
    (lambda d: d["regions"][0].__setitem__("position", [math.nan, 0.5]), r"position\[0\] must be a number, not nan"),
    (lambda d: d["regions"][0].__setitem__("position", [2, 0.5]), r"position\[0\] must be at most 1"),
    (lambda d: d["command_cards"]["cards"][0].__setitem__(0, "red-x"), "cannot be written in the notation"),
    (lambda d: d["track"].__setitem__("length", 10 ** 400), "far beyond"),
])
def test_components_unsafe_for_the_notation_or_the_drawing_are_refused(mutate, message):
    raw = json.loads(json.dumps(RAW))
    mutate(raw)
    with pytest.raises(dp.ComponentsError, match=message) as info:
        parse_components(json.dumps(raw), "mine.json", "json")
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[" * 50_000, b"x = [" + b"[" * 5000, b"a = 1\na = 2",
                                     b"format = 'dualpowers/components'\nversion = " + b"9" * 5000])
def test_undecodable_components_files_are_components_errors(tmp_path, content):
    for suffix in (".toml", ".json"):
        path = tmp_path / f"c{suffix}"
        path.write_bytes(content)
        with pytest.raises(dp.ComponentsError) as info:
            dp.load_components(path)
        assert len(str(info.value)) < 400


def test_a_folder_or_a_missing_file_is_a_components_error(tmp_path):
    with pytest.raises(dp.ComponentsError, match="is a folder, not a file"):
        dp.load_components(tmp_path)
    with pytest.raises(dp.ComponentsError, match="does not exist"):
        dp.load_components(tmp_path / "missing.toml")


# ------------------------------------------------------------------ fuzzing
@FUZZ
@given(st.data())
def test_mutated_components_files_are_refused_clearly_or_work(data):
    load_or_refuse(data.draw(mutated(RAW, max_edits=2)))


@FUZZ
@given(st.binary(max_size=200))
def test_arbitrary_bytes_are_a_components_error(blob):
    for syntax in ("toml", "json"):
        with pytest.raises(dp.ComponentsError) as info:
            parse_components(blob, "blob", syntax)
        assert_short(info.value)


def _snapshot(g: GameSession):
    return (g.mode, g.seed, g.player, g.difficulty, g.edition, json.dumps(g.start), g.state.to_dict(),
            list(g.actions), [e.text for e in g.log])


def _saved_game() -> dict:
    g = GameSession(mode="solo", seed=5, player="white", difficulty=2)
    for _ in range(6):
        g.auto("first")
    return json.loads(g.save())


SAVED = _saved_game()


@FUZZ
@given(st.data())
def test_mutated_saved_games_load_or_change_nothing(data):
    text = json.dumps(data.draw(mutated(SAVED, max_edits=2)))
    g = GameSession(mode="two-player", seed=3)
    g.auto("first")
    before = _snapshot(g)
    try:
        g.load(text)
    except LoadError as exc:
        assert_short(exc)
        assert _snapshot(g) == before
        g.undo()          # the session still works
        return
    again = GameSession()
    again.load(g.save())
    assert again.state == g.state and again.actions == g.actions


# ------------------------------------------------------------------ every file a user hands in (issue 21)
import os  # noqa: E402
import signal  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

from dualpowers.course import CourseError, Progress, ProgressError, parse_course  # noqa: E402
from dualpowers.course import chapters as course_chapters  # noqa: E402
from dualpowers.course.model import read_course  # noqa: E402
from dualpowers.errors import Told  # noqa: E402
from dualpowers.tutorial import Tutorial, TutorialError, load_examples  # noqa: E402

CHAPTERS = course_chapters()


@contextmanager
def within(seconds: int):
    """Fail instead of hanging: a reader that waits on a FIFO is interrupted by SIGALRM."""
    def expired(signum, frame):
        raise AssertionError(f"still reading after {seconds} s (a FIFO or a device was waited on)")
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _refused(exc: BaseException) -> None:
    """A refusal: the package's own error, short, with its reason as data (translated)."""
    assert isinstance(exc, dp.DualPowersError), type(exc)
    assert_short(exc)


def _progress() -> dict:
    p = Progress()
    for c in CHAPTERS[:2]:
        for i in range(len(c.steps)):
            p.see(c.id, i)
    p.solve(CHAPTERS[0].exercises[0].id)
    p.miss(CHAPTERS[0].exercises[1].id)
    return p.to_dict()


PROGRESS = _progress()


def _use_progress(p: Progress) -> None:
    """An accepted progress file is one the course can use: every id is the course's."""
    steps = {c.id: len(c.steps) for c in CHAPTERS}
    exercises = {e.id for c in CHAPTERS for e in c.exercises}
    assert all(c in steps and 0 <= i < steps[c] for c, i in p.seen)
    assert p.solved <= exercises and set(p.tried) <= exercises and all(n >= 0 for n in p.tried.values())
    p.next_item(CHAPTERS)
    for c in CHAPTERS:
        p.chapter_counts(c), p.chapter_done(c)
    from dualpowers.course.session import CourseSession
    s = CourseSession(progress=p)
    s.continue_()
    assert Progress.from_dict(p.to_dict(), CHAPTERS) == p


@FUZZ
@given(st.data())
def test_mutated_progress_files_are_used_or_refused_and_left_as_they_were(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("progress") / "p.json"
    text = json.dumps(data.draw(mutated(PROGRESS, max_edits=3)))
    path.write_text(text, encoding="utf-8")
    try:
        p = Progress.load(path, CHAPTERS)
    except ProgressError as exc:
        _refused(exc)
        assert isinstance(exc, Told) and exc.message is not None
    else:
        _use_progress(p)
    assert path.read_text(encoding="utf-8") == text


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_a_progress_error(tmp_path_factory, blob):
    path = tmp_path_factory.mktemp("progress") / "p.json"
    path.write_bytes(blob)
    with pytest.raises(ProgressError) as info:
        Progress.load(path, CHAPTERS)
    _refused(info.value)


@pytest.mark.parametrize("content, field", [
    (b'{"format": "dualpowers/course-progress", "version": 1, "tried": {"board-1": Infinity}}', "$.tried.board-1"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "tried": {"board-1": 1e400}}', "$.tried.board-1"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "tried": {"board-1": NaN}}', "$.tried.board-1"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "tried": {"board-1": ' + b"9" * 5000 + b"}}",
     "over 4,300 digits"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": ' + b"[" * 5000 + b"]" * 5000 + b"}",
     "nested too deeply"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["nowhere", 0]]}', "$.seen[0][0]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["board", -1]]}', "$.seen[0][1]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["board", 99]]}', "$.seen[0][1]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["board", "3"]]}', "$.seen[0][1]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["board", true]]}', "$.seen[0][1]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "seen": [["board", 2.9]]}', "$.seen[0][1]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "tried": {"board-1": -2}}', "$.tried.board-1"),
    (b'{"format": "dualpowers/course-progress", "version": 99}', "$.version"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "solved": ["nope"]}', "$.solved[0]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "solved": ["' + b"x" * 60_000 + b'"]}', "$.solved[0]"),
    (b'{"format": "dualpowers/course-progress", "version": 1, "solved": ["' + b"x" * 3_000_000 + b'"]}', "too large"),
])
def test_progress_files_with_nonsense_are_refused_naming_the_field(tmp_path, content, field):
    path = tmp_path / "p.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError) as info:
        Progress.load(path, CHAPTERS)
    _refused(info.value)
    assert field in str(info.value) and "p.json" in str(info.value)


# ------------------------------------------------------------------ what is not a regular file
def _readers(tmp_path: Path):
    """(name, reader of a path, its error) for every file a user hands in."""
    from dualpowers.cli import UsageError, read_position
    return [
        ("position", lambda p: read_position(str(p)), UsageError),
        ("saved game", lambda p: GameSession().load(Path(p)), LoadError),
        ("progress", lambda p: Progress.load(p, CHAPTERS), ProgressError),
        ("tutorial", load_examples, TutorialError),
        ("course", read_course, CourseError),
        ("components", dp.load_components, dp.ComponentsError),
    ]


@pytest.mark.parametrize("which", ["fifo", "dev-zero", "folder", "missing", "not-utf8", "too-large", "dangling-link"])
def test_no_reader_hangs_reads_without_end_or_raises_a_foreign_error(tmp_path, which):
    if which == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    elif which == "dev-zero":
        path = Path("/dev/zero")
    elif which == "folder":
        path = tmp_path
    elif which == "missing":
        path = tmp_path / "missing.json"
    elif which == "not-utf8":
        path = tmp_path / "latin1.json"
        path.write_bytes('{"é": 1}'.encode("latin-1"))
    elif which == "too-large":
        path = tmp_path / "large.json"
        path.write_bytes(b" " * 2_000_001 + b"{}")
    else:
        path = tmp_path / "link.json"
        path.symlink_to(tmp_path / "nowhere.json")
    for name, read, error in _readers(tmp_path):
        if which == "missing" and name == "progress":
            assert read(path) == Progress()          # no progress file yet: a fresh start
            continue
        with within(10), pytest.raises(error) as info:
            read(path)
        _refused(info.value)
        assert isinstance(info.value, Told) and info.value.message is not None, (name, info.value)


def _packaged(name: str) -> dict:
    folder = "tutorial" if name == "examples.json" else "course"
    return json.loads(resources.files(f"dualpowers.{folder}").joinpath(name).read_text(encoding="utf-8"))


def test_every_reader_accepts_a_utf8_byte_order_mark(tmp_path):
    bom = "\ufeff"
    state = dp.new_game(seed=2)
    files = {
        "position.json": state.to_json(), "notation.txt": state.notation(), "game.json": json.dumps(SAVED),
        "progress.json": json.dumps(PROGRESS), "examples.json": json.dumps(_packaged("examples.json")),
        "course.json": json.dumps(_small_course()),
        "components.toml": resources.files("dualpowers").joinpath("data/components.toml").read_text(encoding="utf-8"),
        "components.json": json.dumps(RAW),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(bom + text, encoding="utf-8")
    from dualpowers.cli import read_position
    assert read_position(str(tmp_path / "position.json")) == state
    assert read_position(str(tmp_path / "notation.txt")) == state
    g = GameSession()
    g.load(tmp_path / "game.json")
    assert g.actions == SAVED["actions"]
    assert Progress.load(tmp_path / "progress.json", CHAPTERS).to_dict() == PROGRESS
    assert len(load_examples(tmp_path / "examples.json").examples) == 8
    assert read_course(tmp_path / "course.json").chapters[0].id == "board"
    assert dp.load_components(tmp_path / "components.toml").track_length == 10
    assert dp.load_components(tmp_path / "components.json").track_length == 10


def test_file_errors_are_written_in_the_readers_language(tmp_path):
    from dualpowers.narrate import refusal_text
    with pytest.raises(ProgressError) as info:
        Progress.load(tmp_path, CHAPTERS)
    texts = {lang: refusal_text(info.value, lang) for lang in LANGUAGES}
    assert texts["en"] == str(info.value) and len(set(texts.values())) == 3
    assert all(str(tmp_path)[-20:] in t for t in texts.values())


# ------------------------------------------------------------------ tutorial data: load_examples(path)
def _small_tutorial() -> dict:
    raw = _packaged("examples.json")
    raw["examples"] = [ex for ex in raw["examples"] if ex["id"] in ("A", "C")]
    return raw


TUTORIAL = _small_tutorial()


def _use_tutorial(data) -> None:
    """An accepted tutorial file is one the tutorial shows: every example, every step, every language."""
    t = Tutorial(data)
    for ex in data.examples:
        t.select(ex.id)
        for k in range(t.count + 1):
            t.goto(k)
            t.view(), t.highlight
            assert t.check() == []
            for lang in LANGUAGES:
                t.narration(lang), t.title(lang), t.source(lang), t.erratum(lang)
                [t.rule_title(r, lang) for r in t.rules]
    assert Tutorial(data).verify() == {}


@FUZZ
@given(st.data())
def test_mutated_tutorial_files_are_shown_or_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("tutorial") / "t.json"
    path.write_text(json.dumps(data.draw(mutated(TUTORIAL, max_edits=2))), encoding="utf-8")
    try:
        loaded = load_examples(path)
    except TutorialError as exc:
        _refused(exc)
        return
    _use_tutorial(loaded)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["examples"][0]["steps"][0].update(kind="query", query={"presence": ["brown"]}),
     r"steps\[0\]\.query\.presence must be a text"),
    (lambda d: d["examples"][0].update(id="x" * 1_000_000), r"\$\.examples\[0\]\.id is a text of 1,000,000"),
    (lambda d: d["examples"][0]["steps"][0].update(rules=None), r"steps\[0\]\.rules must be a list"),
    (lambda d: d.update(examples={}), r"\$\.examples must be a list"),
    # a name its texts use, taken away: it failed with a KeyError when shown (the fuzz test met it)
    (lambda d: d["examples"][0]["names"].pop("card"), r"example A\.intro\.narration: \{card\} is not one of"),
])
def test_tutorial_files_the_issue_found_are_refused_naming_the_field(tmp_path, change, message):
    raw = json.loads(json.dumps(TUTORIAL))
    change(raw)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(TutorialError, match=message) as info:
        load_examples(path)
    _refused(info.value)


# ------------------------------------------------------------------ course data: parse_course
def _small_course() -> dict:
    raw = _packaged("course.json")
    raw["chapters"] = raw["chapters"][:1]
    return raw


COURSE = _small_course()


def _use_course(course) -> None:
    """An accepted course is one the course widget can show: every item, answered, in every language."""
    for c in course.chapters:
        for lang in LANGUAGES:
            c.title(lang), c.intro(lang)
        for st in c.steps:
            st.position, st.events, st.text("fr")
        for ex in c.exercises:
            accepted = ex.accepted()
            assert accepted
            ex.show(), ex.show_text("it")
            for lang in LANGUAGES:
                ex.prompt(lang), ex.hint(lang)
                for value in ex.choices:
                    ex.choice_label(value, lang)
            answers = ex.choices if ex.kind == "choice" else accepted[:1]
            for answer in answers:
                for lang in ("en", "it"):
                    ex.judge(answer).reason(lang)


@FUZZ
@given(st.data())
def test_mutated_course_data_is_shown_or_refused(data):
    try:
        course = parse_course(data.draw(mutated(COURSE, max_edits=2)))
    except CourseError as exc:
        _refused(exc)
        return
    _use_course(course)
