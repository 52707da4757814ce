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
