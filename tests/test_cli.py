"""The command line, run in-process."""

import json

import dualpowers as dp
from dualpowers.cli import main


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
        assert "green   red" in capsys.readouterr().out


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
