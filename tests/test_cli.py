"""The command line: in-process (main()) and as it ships (the installed `dualpowers` console script, in a subprocess)."""

import json

import pytest

import dualpowers as dp
from dualpowers.cli import main


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch):
    """The command writes in the language the environment names: these tests read English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_cli_rules_lists_every_id_and_marks_rulings(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "R-STR-2" in out and "(ruling)" in out and "(engine)" in out


def test_cli_presence_reads_notation_json_and_files(tmp_path, capsys):
    s = dp.State.from_dict({"regions": {"green": [{"id": "R8"}]}})
    path = tmp_path / "pos.json"
    path.write_text(s.to_json())
    for arg in (s.notation(), s.to_json(), str(path)):
        assert main(["presence", arg]) == 0
        assert "green   Red     3 (1 token)" in capsys.readouterr().out


def test_cli_reports_bad_positions_without_a_traceback(capsys):
    assert main(["presence", '{"regions": {"yellow": []}}']) == 2
    assert "unknown region 'yellow'" in capsys.readouterr().err


def test_cli_new_and_random_game(capsys):
    assert main(["new", "--seed", "4", "--solo", "white", "--difficulty", "2"]) == 0
    assert dp.State.from_notation(capsys.readouterr().out.strip()).mode == "solo"
    assert main(["random-game", "--seed", "2", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["winner"] in ("red", "white")


# ---------------------------------------------------------------- user errors: one line, exit 2 (issue 11)
import pytest  # noqa: E402


def one_line_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("dualpowers") and "Traceback" not in err, err
    assert len(err) < 500
    return err


def test_cli_presence_names_a_missing_file_and_a_folder(tmp_path, capsys):
    assert "missing.json' does not exist" in one_line_error(capsys, ["presence", str(tmp_path / "missing.json")])
    assert "is a folder" in one_line_error(capsys, ["presence", str(tmp_path)])


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "too long"),
    (b'{"unrest": ["red"]}', "$.unrest"),
])
def test_cli_presence_refuses_bad_files_in_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert message in one_line_error(capsys, ["presence", str(path)])


def test_cli_messages_never_echo_the_whole_input(capsys):
    one_line_error(capsys, ["presence", "x" * 200_000])
    one_line_error(capsys, ["presence", '{"regions": {"' + "y" * 200_000 + '": []}}'])
    one_line_error(capsys, ["presence", "DP1 " + "a " * 5000])


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--dask-timeout", "-1"], "--dask-timeout"),
    (["simulate", "--dask-timeout", "nan"], "--dask-timeout"),
    (["simulate", "--games", "0"], "--games"),
    (["new", "--seed", "9" * 3000], "64 bits"),   # the reader could not read that game's notation back
])
def test_cli_bad_simulate_arguments_are_one_line(capsys, argv, message):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_cli_simulate_out_that_is_a_folder(tmp_path, capsys):
    folder = tmp_path / "results.csv"
    folder.mkdir()
    assert "is a folder" in one_line_error(capsys, ["simulate", "--games", "2", "--workers", "1", "--no-progress",
                                                    "--out", str(folder)])


def test_cli_simulate_help_says_95_percent(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% Wilson" in out and "%%" not in out


def test_simulate_takes_its_chunks_lazily():
    """No list of chunks up front: --games 10**19 must not build 4*10**16 tuples (issue 11: 7.6 GB in 40 s)."""
    import itertools
    from dualpowers import simulate as sim
    chunks = sim._ranges(0, 10 ** 19, 250)
    assert not isinstance(chunks, (list, tuple))
    assert list(itertools.islice(chunks, 2)) == [(0, 250), (250, 500)]
    config = sim.SimConfig(mode="solo", seed=1)
    rows = sim.iter_rows(config, 10 ** 19, workers=1)
    assert len(list(itertools.islice(rows, 3))) == 3


# ---------------------------------------------------------------- the installed command, as a user runs it (issue 21)
import os  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import psutil  # noqa: E402

#: The console script pip installed beside this Python (pyproject: [project.scripts]).
DUALPOWERS = Path(sys.executable).with_name("dualpowers")


def run(*argv, timeout=60, **kw):
    assert DUALPOWERS.exists(), f"no console script at {DUALPOWERS}: install the package (pip install -e .)"
    return subprocess.run([str(DUALPOWERS), *map(str, argv)], capture_output=True, text=True, timeout=timeout, **kw)


def refused_in_one_line(result, status=2):
    assert result.returncode == status, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr[-2000:]
    assert result.stderr.startswith("dualpowers") and len(result.stderr) < 500
    return result.stderr


def test_installed_presence_refuses_dev_zero_and_a_fifo_at_once(tmp_path):
    assert "not a regular file" in refused_in_one_line(run("presence", "/dev/zero", timeout=30))
    fifo = tmp_path / "position.json"
    os.mkfifo(fifo)
    assert "not a regular file" in refused_in_one_line(run("presence", fifo, timeout=30))


def test_installed_presence_reads_a_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + dp.State.from_dict({"regions": {"green": [{"id": "R8"}]}}).to_json(), encoding="utf-8")
    result = run("presence", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Force in Presence in every region")          # a header ...
    assert lines[1].split()[:5] == ["region", "winner", "Red", "White", "why"]  # ... and the columns named
    green = next(line for line in lines if line.startswith("green"))
    assert "3 (1 token)" in green and "0 (0 tokens)" in green and "1 tokens" not in result.stdout


def test_installed_simulate_refuses_what_it_cannot_read_or_count(tmp_path):
    assert "not a regular file" in refused_in_one_line(run("simulate", "--components", "/dev/zero", "--games", 1,
                                                           "--workers", 1, timeout=60))
    assert "--games" in refused_in_one_line(run("simulate", "--games", "1" + "0" * 400))
    assert "--workers" in refused_in_one_line(run("simulate", "--workers", 10 ** 30))
    assert "--chunk-size" in refused_in_one_line(run("simulate", "--chunk-size", "9" * 5000))


def test_installed_simulate_says_how_fast_and_its_help_shows_real_defaults():
    result = run("simulate", "--games", 3, "--workers", 1, "--policy", "greedy")
    assert result.returncode == 0, result.stderr
    closing = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"3 games in [\d.,]+ s \(([\d.,]+ games/s|[\d.,]+ s per game)\)", closing), closing
    assert " 0 games/s" not in closing
    help_text = run("simulate", "--help").stdout
    assert "(default: None)" not in help_text and "[1]" not in help_text and "[red]" not in help_text
    assert "(default: 1)" in help_text and "(default: red)" in help_text and "(default: 100)" in help_text


def _start_simulation(out: Path) -> subprocess.Popen:
    # faulthandler on: a run that does not end is asked for every thread's stack (see _ended)
    process = subprocess.Popen([str(DUALPOWERS), "simulate", "--games", str(10 ** 9), "--workers", "2",
                                "--out", str(out), "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True, env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    part = out.with_name(out.name + ".part")
    deadline = time.monotonic() + 120
    while not (part.exists() and part.stat().st_size > 10_000):     # rows on disk: the workers are playing
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no rows written within 120 s"
        time.sleep(0.2)
    return process


def _ended(process: subprocess.Popen, timeout: float) -> tuple[str, str]:
    """(stdout, stderr) once ``process`` ends; if it has not ended within ``timeout`` seconds,
    the test fails with the stack of each of its threads (SIGABRT makes faulthandler print them)."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        _stdout, stderr = process.communicate(timeout=30)
        pytest.fail(f"the run did not end within {timeout:g} s; its threads were at:\n{stderr[-8000:]}")


def _family(process: subprocess.Popen) -> list[psutil.Process]:
    return psutil.Process(process.pid).children(recursive=True)


def _alive(processes: list[psutil.Process]) -> list[str]:
    left = []
    for p in processes:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                left.append(" ".join(p.cmdline())[:80])
        except psutil.NoSuchProcess:
            pass
    return left


@pytest.mark.parametrize("how, status", [("SIGTERM", 143), ("Ctrl-C", 130)])
def test_installed_simulate_stopped_leaves_no_process_and_keeps_the_rows_played(tmp_path, how, status):
    out = tmp_path / "results.csv"
    process = _start_simulation(out)
    children = _family(process)
    assert len(children) >= 2, "expected worker processes"              # forkserver, resource tracker, workers
    if how == "SIGTERM":
        process.send_signal(signal.SIGTERM)                             # as a scheduler or `kill` does
    else:
        os.killpg(process.pid, signal.SIGINT)                           # as a terminal does: every process
    stdout, stderr = _ended(process, 60)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    deadline = time.monotonic() + 10
    while _alive(children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _alive(children) == [], "processes left behind"
    kept = tmp_path / "results.partial.csv"
    assert not out.exists() and not (tmp_path / "results.csv.part").exists()
    assert str(kept) in stderr and "interrupted" in stderr
    from dualpowers.simulate import read_rows
    rows = read_rows(kept)
    assert len(rows) > 0 and list(rows["game"]) == list(range(len(rows)))     # games 0 .. n-1, whole rows
    assert f"the first {len(rows)} games of the run are kept" in stderr
    assert "Partial run" in stdout


# ---------------------------------------------------------------- any text: one answer or one line, never a traceback
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fuzzing import FUZZ  # noqa: E402


@FUZZ
@given(st.one_of(st.text(max_size=200), st.sampled_from(["{", "[", "DP1 ", "x.json", "/", ".", "-", "\ufeff{}",
                                                         "\ufeffDP1 2p", "a\x00b.json", "~/x.txt"])))
def test_cli_presence_answers_any_text_in_one_line(text):
    import contextlib
    import io
    out, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errors):
        try:
            code = main(["presence", text])
        except SystemExit as usage:          # argparse: a text that starts like an option ("-x")
            code = usage.code
    err = errors.getvalue()
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("dualpowers") and len(err) < 500, err


def test_installed_command_ends_quietly_when_its_reader_stops_reading():
    """`dualpowers random-game | head -2`: no traceback, no error line, once the pipe closes."""
    process = subprocess.Popen([str(DUALPOWERS), "random-game", "--seed", "3"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().startswith(">")
    process.stdout.close()
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert stderr == "" and process.returncode in (0, 128 + signal.SIGPIPE), (process.returncode, stderr)


# ---------------------------------------------------------------- the command line's last rough edges (issue 36)
@pytest.mark.parametrize("argv", [["rules"], ["new"], ["random-game"], ["presence", "POSITION"],
                                  ["simulate", "--games", "2", "-j", "1", "--no-progress"]])
@pytest.mark.parametrize("stdout, reason", [("closed", "standard output is closed"), ("/dev/full", "the disk is full")])
def test_installed_command_says_in_one_line_that_its_output_cannot_be_written(tmp_path, argv, stdout, reason):
    position = tmp_path / "position.txt"
    position.write_text(dp.new_game("two-player", 1).notation())
    argv = [str(position) if a == "POSITION" else a for a in argv]
    with open("/dev/full", "w") as full:
        # `>&-`: the shell closes descriptor 1 before the command starts
        result = subprocess.run([str(DUALPOWERS), *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                                preexec_fn=(lambda: os.close(1)) if stdout == "closed" else None)
    assert result.returncode == 1, result.stderr
    assert result.stderr == f"dualpowers: cannot write the output ({reason})\n"


@pytest.mark.parametrize("option, value", [("--games", "1_000"), ("--games", " 1"), ("--games", "\u0663"),
                                           ("--games", "+2"), ("--workers", "\u0661"), ("--chunk-size", "1_0"),
                                           ("--seed", " 1"), ("--seed", "1_0"), ("--dask-timeout", "1_0"),
                                           ("--dask-timeout", " 1"), ("--difficulty", "\u0663")])
def test_cli_numbers_are_plain_ascii_digits(capsys, option, value):
    with pytest.raises(SystemExit) as info:
        main(["simulate", option, value, "--games" if option != "--games" else "--seed", "1"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"argument {option}" in err, err


def test_cli_new_difficulty_is_plain_digits(capsys):
    with pytest.raises(SystemExit):
        main(["new", "--solo", "red", "--difficulty", "\u0663"])
    assert "argument --difficulty: expected a difficulty from 1 to 6" in capsys.readouterr().err
    assert main(["new", "--solo", "red", "--difficulty", "3", "--seed", "-4"]) == 0


@pytest.mark.parametrize("policy, message", [
    ("advisor:playouts=1000000000", "playouts must be a whole number from 1 to 100000"),
    ("advisor:playouts=1" + "0" * 400, "playouts must be a whole number from 1 to 100000"),
    ("advisor:playouts=1" + "0" * 4400, "playouts must be a whole number from 1 to 100000"),
    ("advisor:seconds=inf", "seconds must be a number from 0.001 to 600"),
    ("advisor:seconds=1e3", "seconds must be a number from 0.001 to 600"),
    ("advisor:candidates=1", "candidates must be a whole number from 2 to 1000"),
    ("advisor:search=deep", "search must be one of race, tree"),
    ("advisor-v1:search=race", "has no option 'search'"),
])
def test_cli_policy_options_have_a_range(capsys, policy, message):
    err = one_line_error(capsys, ["simulate", "--games", "1", "-j", "1", "--policy", policy])
    assert message in err and "inf" not in err.replace("seconds=inf", "").replace("'inf'", ""), err


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/null", "link to a file"])
def test_cli_simulate_never_replaces_what_is_not_a_regular_file(tmp_path, capsys, kind):
    out = tmp_path / "results.csv"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "link to /dev/null":
        out.symlink_to("/dev/null")
    else:
        (tmp_path / "real.csv").write_text("kept")
        out.symlink_to(tmp_path / "real.csv")
    before = os.lstat(out)
    err = one_line_error(capsys, ["simulate", "--games", "2", "-j", "1", "--no-progress", "--out", str(out)])
    assert "not a regular file" in err
    after = os.lstat(out)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert kind != "link to a file" or (tmp_path / "real.csv").read_text() == "kept"


def test_cli_simulate_replaces_a_regular_results_file(tmp_path, capsys):
    out = tmp_path / "results.csv"
    out.write_text("old")
    assert main(["simulate", "--games", "2", "-j", "1", "--no-progress", "--out", str(out)]) == 0
    assert out.read_text().startswith("game,")


def test_cli_presence_never_quotes_a_file_that_holds_no_position(tmp_path, capsys):
    secret = tmp_path / "shadow"
    secret.write_text("admin:$6$salt$hash:20228:0:99999:7:::\nnobody:*:1\n")
    err = one_line_error(capsys, ["presence", str(secret)])
    assert "holds no position" in err and "admin" not in err and "salt" not in err, err


def test_installed_command_with_standard_error_closed_keeps_standard_output_clean():
    """`2>&-`: the progress line and an error have nowhere to go; they never land in the output."""
    result = subprocess.run([str(DUALPOWERS), "simulate", "--games", "2", "-j", "1"], stdout=subprocess.PIPE,
                            text=True, timeout=60, preexec_fn=lambda: os.close(2))
    assert result.returncode == 0 and "dualpowers:" not in result.stdout and "games in" not in result.stdout
    assert "win rate" in result.stdout
    result = subprocess.run([str(DUALPOWERS), "presence", "/nonexistent.json"], stdout=subprocess.PIPE, text=True,
                            timeout=60, preexec_fn=lambda: os.close(2))
    assert (result.returncode, result.stdout) == (2, "")


# ---------------------------------------------------------------- issue 36: the command line's last edges
@pytest.mark.parametrize("kind", ["link to a file", "link to nowhere", "fifo"])
def test_cli_simulate_never_writes_through_a_part_file_that_is_not_regular(tmp_path, capsys, kind):
    """The rows go to PATH.part first: a PATH.part that is a symbolic link (to a file of the
    user's, or to nowhere) or a pipe is refused before any game, left as it is, and its target
    is neither written nor created."""
    out, part, target = tmp_path / "results.csv", tmp_path / "results.csv.part", tmp_path / "precious.txt"
    if kind == "link to a file":
        target.write_text("kept")
        part.symlink_to(target)
    elif kind == "link to nowhere":
        part.symlink_to(target)
    else:
        os.mkfifo(part)
    before = os.lstat(part)
    err = one_line_error(capsys, ["simulate", "--games", "2", "-j", "1", "--no-progress", "--out", str(out)])
    assert "results.csv.part" in err and "not a regular file" in err, err
    after = os.lstat(part)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert not out.exists()
    if kind == "link to a file":
        assert target.read_text() == "kept"
    else:
        assert not target.exists()


def test_simulate_write_rows_never_follows_a_link_put_in_place_of_the_part_file(tmp_path, monkeypatch):
    """A link that appears as PATH.part after the checks (another process racing the run) makes
    the write fail, never writes through it."""
    from dualpowers import simulate as sim

    out, part, target = tmp_path / "results.csv", tmp_path / "results.csv.part", tmp_path / "precious.txt"
    target.write_text("kept")
    checked = sim._check_part

    def check_then_race(path):
        checked(path)
        if not path.is_symlink():
            path.unlink(missing_ok=True)
            path.symlink_to(target)
    monkeypatch.setattr(sim, "_check_part", check_then_race)
    monkeypatch.setattr(sim.Path, "unlink", lambda self, missing_ok=False: None)   # the racer's link stays
    with pytest.raises((sim.SimulationError, FileExistsError)):
        sim.write_rows(iter([]), out)
    assert target.read_text() == "kept" and part.is_symlink()


def test_cli_simulate_replaces_a_stale_regular_part_file(tmp_path, capsys):
    """A PATH.part left by a run that was killed is an ordinary file: it is replaced."""
    out, part = tmp_path / "results.csv", tmp_path / "results.csv.part"
    part.write_text("half a run")
    assert main(["simulate", "--games", "2", "-j", "1", "--no-progress", "--out", str(out)]) == 0
    assert out.read_text().startswith("game,") and not part.exists()


@pytest.mark.parametrize("lang, argv, expected", [
    ("fr", ["simulate", "--games", "0"], "argument --games/-n\u00a0: un nombre entier de 1 à"),
    ("fr", ["simulate", "--bogus"], "arguments non reconnus\u00a0: --bogus"),
    ("fr", ["presence"], "les arguments suivants sont obligatoires\u00a0: position"),
    ("fr", ["new", "--edition", "xx"], "choix invalide"),
    ("fr", ["simulate", "--games"], "un argument est attendu"),
    ("it", ["simulate", "--games", "0"], "argomento --games/-n: era atteso un numero intero da 1 a"),
    ("it", ["simulate", "--bogus"], "argomenti non riconosciuti: --bogus"),
    ("it", ["presence"], "sono obbligatori questi argomenti: position"),
    ("it", ["new", "--edition", "xx"], "scelta non valida"),
    ("it", ["simulate", "--seed", "x"], "era atteso un numero intero"),
])
def test_cli_usage_mistakes_are_told_in_the_environments_language(monkeypatch, capsys, lang, argv, expected):
    """argparse's own words (a missing or unknown argument, a wrong choice) and the options' own
    refusals come from the package's catalog, in the language LANG or LANGUAGE names."""
    monkeypatch.setenv("LANG", {"fr": "fr_FR.UTF-8", "it": "it_IT.UTF-8"}[lang])
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and "--help" in err, err
    english = ("unrecognized", "the following", "invalid choice", "expected", "(see:", "whole number", "argument --games/-n:")
    assert not any(word in err for word in english), err
    assert dp.i18n.current_language() == "en"       # the command's language ends with it


def test_cli_help_headings_in_the_environments_language(monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "it:fr")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: dualpowers") and "opzioni:" in out and "mostra questo messaggio" in out, out
    assert "usage:" not in out and "show this help" not in out


@pytest.mark.parametrize("lang, said", [("fr", ("liste les identifiants", "affiche la version", "options\u00a0:")),
                                        ("it", ("elenca gli identificativi", "mostra la versione del programma", "opzioni:"))])
def test_cli_help_is_wholly_in_the_environments_language(monkeypatch, capsys, lang, said):
    """Every line of the help a French or Italian user reads is in their language: the commands'
    and the options' own help, --version's, and the "(default: …)" argparse adds (issue 34: the
    French help was half English)."""
    monkeypatch.setenv("LANGUAGE", lang)
    for argv in (["--help"], ["simulate", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        english = ("list every rule ID", "show program's version", "(default:", "how many games", "play many games",
                   "positional arguments")
        assert not any(word in out for word in english), out
        if argv == ["--help"]:
            assert all(word in out for word in said), out


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "it_CH"}, "it"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANGUAGE": "de:it", "LANG": "fr_FR"}, "it"),
    ({"LC_ALL": "C", "LANG": "fr_FR"}, "en"), ({"LC_MESSAGES": "fr_BE@euro", "LANG": "it_IT"}, "fr"), ({}, "en"),
])
def test_cli_language_is_chosen_as_gettext_chooses(environ, lang):
    from dualpowers.cli import language_from_environment
    assert language_from_environment(environ) == lang
