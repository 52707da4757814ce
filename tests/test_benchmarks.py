"""The benchmark scripts still run (tiny budgets) and print what their docstrings promise.

Their figures are read by people, never asserted: these tests only keep the
scripts from rotting as the library changes under them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def run_script(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True,
                          timeout=300)


def bench(script: str, *args: str) -> str:
    """What ``script`` prints, asserting it succeeded."""
    done = run_script(script, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engine_benchmark_prints_its_json_keys():
    figures = json.loads(bench("engine.py", "--json", "--seconds", "0.05"))
    assert set(figures) >= {"solo_games_per_s", "two_player_games_per_s", "ply_us", "chess_ply_us",
                            "ply_ratio", "fip_per_s"}
    assert all(figures[k] > 0 for k in ("solo_games_per_s", "two_player_games_per_s", "ply_us", "fip_per_s"))


def test_advisor_benchmark_runs():
    figures = json.loads(bench("advisor.py", "--json", "--seconds", "0.05", "--positions", "1",
                               "--step", "20", "--budget", "20", "--agreement-positions", "2", "--no-v1"))
    assert figures["positions"] == 1 and figures["solo_playouts_per_s"] > 0
    assert figures["policy_decision_ms_two_player"] > 0
    assert figures["agreement_positions"] == 2 and 0 <= figures["seed_agreement"] <= 1
    assert figures["top_choice_s"] > 0


def test_drawing_and_simulation_benchmarks_run():
    assert "SVG" in bench("drawing.py", "--seconds", "0.05")
    figures = json.loads(bench("simulate.py", "--json", "--games", "24", "--repeat", "1", "--no-dask"))
    assert figures


def test_strength_benchmark_writes_the_tables_measured_reads(tmp_path):
    # --playouts 3: every advisor at its smallest budget (the duels of advisor-v1 and advisor-v2 at
    # their own 100 playouts a decision were most of this test's time); --advisor's spec keeps its own
    out = bench("strength.py", "--duel-games", "2", "--cell-games", "1", "--advisor-cell-games", "1",
                "--advisor", "advisor:playouts=2", "--playouts", "3", "--duels",
                "greedy:random,advisor-v1:greedy,advisor-v2:advisor-v1,advisor:advisor-v2",
                "--policies", "random,greedy,advisor-v1", "--out", str(tmp_path))
    assert "two-player duels" in out and "solo win rate by difficulty" in out
    strength = pd.read_csv(tmp_path / "strength.csv")
    assert list(strength.player) == ["greedy", "advisor-v1:playouts=3", "advisor-v2:playouts=3", "advisor:playouts=2"]
    assert list(strength.opponent) == ["random", "greedy", "advisor-v1:playouts=3", "advisor-v2:playouts=3"]
    assert list(strength.games) == [2, 2, 2, 2]
    difficulty = pd.read_csv(tmp_path / "difficulty.csv")
    assert len(difficulty) == 3 * 6 * 2 and set(difficulty.games) == {1}
    assert list(difficulty.policy.unique()) == ["random", "greedy", "advisor-v1:playouts=3"]


def test_strength_benchmark_defaults_keep_the_retired_ladder_and_duel_each_advisor_with_the_one_before():
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_script", BENCH / "strength.py")
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    assert strength.DIFFICULTY_POLICIES == ("random", "greedy", "advisor-v2")
    # the new duel has games of its own (another seed offset than the duel whose games were kept)
    assert strength.DUEL_SEEDS["advisor", "advisor-v2"] != strength.DUEL_SEEDS["advisor-v2", "advisor-v1"]


def test_strength_benchmark_measures_chosen_difficulties_and_keeps_the_other_rows(tmp_path):
    bench("strength.py", "--only", "difficulty", "--policies", "greedy", "--cell-games", "1", "--out", str(tmp_path))
    bench("strength.py", "--only", "difficulty", "--policies", "greedy", "--cell-games", "2",
          "--difficulties", "1,6", "--out", str(tmp_path))
    table = pd.read_csv(tmp_path / "difficulty.csv")
    assert len(table) == 6 * 2                                  # one row per difficulty and faction, no duplicates
    games = {(r.difficulty, r.player): r.games for r in table.itertuples()}
    assert {k for k, n in games.items() if n == 2} == {(x, side) for x in (1, 6) for side in ("red", "white")}
    assert all(n == 1 for (x, _), n in games.items() if x not in (1, 6))


def test_strength_benchmark_keeps_other_components_out_of_the_packaged_tables(tmp_path):
    done = run_script("strength.py", "--components", str(tmp_path / "c.toml"))
    assert done.returncode == 2 and "--components needs --out" in done.stderr


def test_soak_script_plays_games_with_every_invariant_check():
    figures = json.loads(bench("soak.py", "--games", "2", "--json"))
    assert figures["games"] == 2 and figures["breaks"] == 0 and figures["positions_checked"] > figures["games"]
    assert figures["probes_refused"] > 0


def _duel(out: Path, games: int) -> pd.DataFrame:
    bench("strength.py", "--only", "duels", "--duels", "greedy:random", "--duel-games", str(games),
          "--workers", "1", "--out", str(out))
    return pd.read_csv(out / "strength.csv")


def test_strength_duel_resumes_from_its_game_log(tmp_path):
    """2 games then 4 are the 4 games of one sitting: same seeds, no game twice, none missing."""
    _duel(tmp_path / "sittings", 2)
    resumed = _duel(tmp_path / "sittings", 4)
    at_once = _duel(tmp_path / "once", 4)
    assert resumed.drop(columns="seconds").equals(at_once.drop(columns="seconds"))
    logs = sorted((tmp_path / "sittings" / "games").glob("*.csv"))
    assert len(logs) == 2                                  # a's games as red, a's games as white
    for log in logs:
        rows = pd.read_csv(log)
        assert list(rows.game) == [0, 1] and rows.seed.is_unique
        assert log.read_text() == (tmp_path / "once" / "games" / log.name).read_text()
    # A sitting whose time is up at once still counts every logged game, and plays no more.
    bench("strength.py", "--only", "duels", "--duels", "greedy:random", "--duel-games", "8", "--hours", "1e-9",
          "--workers", "1", "--out", str(tmp_path / "sittings"))
    assert pd.read_csv(tmp_path / "sittings" / "strength.csv").games.tolist() == [4]


def test_strength_cells_resume_and_a_log_from_other_code_is_refused(tmp_path):
    args = ("--only", "difficulty", "--policies", "greedy", "--difficulties", "1,6", "--workers", "1")
    bench("strength.py", *args, "--cell-games", "1", "--out", str(tmp_path / "a"))
    log = next((tmp_path / "a" / "games").glob("*.csv"))
    log.write_text(log.read_text() + "4,123")            # a row cut short when a sitting was killed
    bench("strength.py", *args, "--cell-games", "2", "--out", str(tmp_path / "a"))
    bench("strength.py", *args, "--cell-games", "2", "--out", str(tmp_path / "b"))
    assert (pd.read_csv(tmp_path / "a" / "difficulty.csv").equals(pd.read_csv(tmp_path / "b" / "difficulty.csv")))
    assert list(pd.read_csv(log).game) == list(range(8))

    rows = log.read_text().splitlines()
    last = rows[-1].split(",")
    last[8] = "red" if last[8] == "white" else "white"     # the winner column: not what the code plays
    log.write_text("\n".join(rows[:-1] + [",".join(last)]) + "\n")
    done = run_script("strength.py", *args, "--cell-games", "3", "--out", str(tmp_path / "a"))
    assert done.returncode == 2 and "played again gives another result" in done.stderr and "--fresh" in done.stderr
    bench("strength.py", *args, "--cell-games", "2", "--fresh", "--out", str(tmp_path / "a"))
    assert log.read_text() == next((tmp_path / "b" / "games").glob("*.csv")).read_text()


def test_encounters_script_counts_units_at_x_only_after_the_first_scoring():
    figures = json.loads(bench("encounters.py", "--games", "6", "--json"))
    assert figures["games"] == 6 and figures["at_x_round_1"] == 0          # nothing is exhausted before round 1 scores
    assert figures["at_x_per_game"] == pytest.approx(sum(figures[f"at_x_round_{r}"] for r in (1, 2, 3)))
    assert 0 <= figures["objective_on_a_marked_region"] <= 1


def test_a_game_logs_key_ignores_comments_in_the_components_file(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_script", BENCH / "strength.py")
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    packaged = BENCH.parent / "dualpowers" / "data" / "components.toml"
    commented = tmp_path / "c.toml"
    commented.write_text("# a note added between two sittings\n" + packaged.read_text(encoding="utf-8"), encoding="utf-8")
    changed = tmp_path / "d.toml"
    changed.write_text(packaged.read_text(encoding="utf-8").replace("length = 10", "length = 12"), encoding="utf-8")
    digest = strength.components_digest
    assert digest(commented) == digest(packaged) != digest(changed)


def test_ladder_variants_change_only_stand_in_values_and_are_played(tmp_path):
    import importlib.util

    import dualpowers as dp

    spec = importlib.util.spec_from_file_location("ladder_variants", BENCH / "ladder_variants.py")
    variants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(variants)
    packaged = dp.load_components()
    for name in variants.VARIANTS:
        comp = dp.load_components(str(variants.write_variant(name, tmp_path)))   # the loader checks every file
        assert set(comp.cards) == set(packaged.cards)
        assert comp.cards["green-4"].recruit == 2 and comp.cards["purple-4"].vp > comp.cards["purple-2"].vp  # Examples B, H
    weak = dp.load_components(str(variants.write_variant("recruit-1-track-20", tmp_path)))
    assert weak.track_length == 20 and {c.recruit for c in weak.cards.values()} == {1, 2}
    result = json.loads(bench("ladder_variants.py", "--variants", "stand-in", "--games", "1", "--json"))
    assert result["games_per_difficulty"] == 2 and {"x1", "x6", "logit_drop"} <= set(result)


def test_win_chance_script_fits_a_curve_per_mode_and_round():
    out = bench("win_chance.py", "--games", "6")
    assert "two-player round 1:" in out and "solo round 1:" in out and "P(win) = logistic(" in out


def test_follow_chance_script_plays_fits_and_checks_on_games_it_did_not_fit(tmp_path):
    games = tmp_path / "games.jsonl"
    bench("follow_chance.py", "play", "--games", "24", "--playouts", "16", "--out", str(games))
    logged = [json.loads(line) for line in games.read_text(encoding="utf-8").splitlines()]
    assert [g["index"] for g in logged] == list(range(24)) and all(g["decisions"] for g in logged)
    again = bench("follow_chance.py", "play", "--games", "24", "--playouts", "16", "--out", str(games))
    assert again == "" and len(games.read_text(encoding="utf-8").splitlines()) == 24   # a stopped run goes on
    out = bench("follow_chance.py", "fit", "--out", str(games))
    assert "checked on games it was not fitted on (two folds)" in out and "of 24 games; Brier" in out
    assert "| chance shown |" in out and "by difficulty X:" in out


def test_review_benchmark_prints_its_figures():
    figures = json.loads(bench("review.py", "--games", "1", "--playouts", "30", "--policy", "random", "--json"))
    assert figures["games"][0]["decisions"] > 0 and figures["median_cpu_s"] >= 0


def test_widget_speed_benchmark_measures_the_kernels_side_of_each_click():
    """benchmarks/widget_speed.py --kernel plays the clicks in-process: Python ms, messages, bytes."""
    figures = json.loads(bench("widget_speed.py", "--kernel", "--repeat", "2", "--json"))
    assert set(figures) == {"play: select", "play: complete", "play: reply step", "play: card", "course: select",
                            "course: answer"}
    for name, f in figures.items():
        assert f["n"] >= 1 and f["python_ms"] > 0 and f["messages"] >= 1, (name, f)
    # a select lights the click layer only; a completed move sends some of the board's cells, never the whole board
    assert 0 < figures["play: select"]["board_bytes"] < figures["play: complete"]["board_bytes"] < 40_000


@pytest.mark.browser
def test_widget_speed_benchmark_prints_the_floor_and_each_interaction():
    """benchmarks/widget_speed.py drives JupyterLab in chromium: one interaction of each kind."""
    import importlib.util
    if importlib.util.find_spec("playwright") is None or not Path("/usr/bin/chromium").exists():
        pytest.skip("needs playwright and /usr/bin/chromium")
    done = subprocess.run([sys.executable, str(BENCH / "widget_speed.py"), "--repeat", "1", "--adjacent", "--json"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert set(figures) == {"bare redraw", "play: select", "play: complete", "play: reply step", "play: card",
                            "course: select", "course: answer"}
    assert figures["bare redraw"]["median_ms"] > 0 and figures["bare redraw"]["n"] == 2
    for name in ("play: complete", "course: answer"):
        assert figures[name]["n"] == 1 and figures[name]["median_bytes"] > 0, (name, figures[name])
        # --adjacent: the click over the bare redraw timed just before it
        assert figures[name]["times_adjacent_floor"] > 0, (name, figures[name])
    assert figures["bare redraw"]["times_adjacent_floor"] is None


@pytest.mark.browser
def test_classroom_benchmark_prints_each_page_and_the_server():
    """benchmarks/classroom.py serves a notebook with a pool of pre-heated kernels to learners arriving at
    once; ``--learners mixed``: one page in chromium, the others simulated (the class's load on the server,
    one learner's page end to end)."""
    import importlib.util
    if importlib.util.find_spec("playwright") is None or not Path("/usr/bin/chromium").exists():
        pytest.skip("needs playwright and /usr/bin/chromium")
    done = subprocess.run([sys.executable, str(BENCH / "classroom.py"), "--learners", "mixed", "--pages", "3",
                           "--pool", "3", "--notebook", "04_play.ipynb"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "3 learners (one page in chromium, the others simulated)" in out, out
    assert "page 1: served after" in out and "page 2:" not in out and "board painted after" in out
    assert "the pool of 3: Voila said it was filled" in out and "server memory" in out and "CPU while the pages loaded" in out
    assert "widgets shown after" in out and "each page's work in chromium (median, s): scripts" in out
    assert "the simulated learners" in out and "board ready: 2 of 2" in out, out
    # issue 36 item 3: each board first painted at its final size (1280x720: 614x505), never redrawn at another
    line = next(line for line in out.splitlines() if line.startswith("  page 1:"))
    assert line.endswith("board 614x505"), line
    for learner in (1, 2):
        line = next(line for line in out.splitlines() if line.startswith(f"  learner {learner}:"))
        assert "board drawn at 614x505" in line and "->" not in line, line
    assert "painted: 1 of 1" in out and "0 redrawn at another size" in out, out


def test_classroom_benchmark_simulated_learners_get_the_board_at_its_final_size():
    """--learners protocol: each simulated learner (no browser) gets the page, the widget state and the
    board's drawing, once, at the width the page reported (614 CSS px at 1280x720: 614x505), here a
    second after its canvas was ready, as a browser still running the view probe's script would
    (``--width-late 3``, over the board's 2 s wait, prints 900x740 -> 614x505 and fails this)."""
    done = subprocess.run([sys.executable, str(BENCH / "classroom.py"), "--learners", "protocol", "--pages", "2",
                           "--pool", "2", "--timeout", "120", "--width-late", "1"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for learner in (1, 2):
        line = next(line for line in out.splitlines() if line.startswith(f"  learner {learner}:"))
        assert "board drawn at 614x505" in line and "->" not in line, line
    assert "board ready: 2 of 2" in out and "0 drawn again at another size" in out, out
    assert "server memory" in out and "the simulated learners" in out, out


def test_advisor_player_benchmark_plays_the_variants_on_the_same_games_and_resumes(tmp_path):
    games = tmp_path / "games.jsonl"
    args = ("advisor_player.py", "--games", "2", "--specs", "advisor:playouts=8", "advisor:playouts=8,epsilon=0",
            "--out", str(games))
    out = bench(*args)
    logged = [json.loads(line) for line in games.read_text(encoding="utf-8").splitlines()]
    assert sorted((g["spec"], g["index"]) for g in logged) == [(s, i) for s in args[4:6] for i in range(2)]
    assert "| advisor:playouts=8,epsilon=0 | 2 |" in out and "paired with the first" in out
    bench(*args)                                           # a stopped run goes on: nothing played twice
    assert len(games.read_text(encoding="utf-8").splitlines()) == 4
    # a second process plays from --first on, into its own file: the same game as the first run's
    beside = tmp_path / "beside.jsonl"
    bench("advisor_player.py", "--games", "2", "--first", "1", "--specs", "advisor:playouts=8", "--out", str(beside))
    [game] = [json.loads(line) for line in beside.read_text(encoding="utf-8").splitlines()]
    first = next(g for g in logged if (g["spec"], g["index"]) == ("advisor:playouts=8", 1))
    assert game | {"cpu": 0, "cpu_median": 0} == first | {"cpu": 0, "cpu_median": 0}


def test_advisor_screen_judges_every_variant_on_the_same_positions(tmp_path):
    rows = tmp_path / "screen.jsonl"
    out = bench("advisor_screen.py", "--positions", "2", "--per-action", "4", "--specs", "advisor:playouts=8",
                "advisor:playouts=16", "--out", str(rows))
    logged = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    assert [r["position"] for r in logged] == [0, 1]
    assert all(r["advisor:playouts=8"] >= 0 and r["advisor:playouts=16"] >= 0 for r in logged)
    assert "2 solo positions" in out and "| `advisor:playouts=16` |" in out and "paired with the first" in out


def test_round_end_benchmark_stores_round_ends_and_tells_a_feature_that_decides_games(tmp_path):
    rows = tmp_path / "round_end.jsonl"
    bench("round_end.py", "play", "--games", "2", "--spec", "greedy", "--out", str(rows))
    logged = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    assert logged and {r["index"] for r in logged} <= {0, 1} and all(len(r["f"]) == 10 for r in logged)
    assert [r["round"] for r in logged if r["index"] == 0] == list(range(1, 1 + sum(r["index"] == 0 for r in logged)))
    bench("round_end.py", "play", "--games", "2", "--spec", "greedy", "--out", str(rows))    # resumed: nothing twice
    assert len(rows.read_text(encoding="utf-8").splitlines()) == len(logged)
    # games whose winner the token count decides, the score saying nothing: only the model on
    # every feature predicts them on held-out games
    import random
    rng = random.Random(1)
    made = tmp_path / "made.jsonl"
    with made.open("w") as out:
        for i in range(200):
            f = [float(rng.randint(-5, 5)), -1.0, 0.0, 0.0, 0.0, 0.0, 7.0, 1.0, 20.0, float(rng.randint(-6, 6))]
            out.write(json.dumps({"spec": "made", "index": i, "player": "red", "round": 1, "f": f,
                                  "won": int(f[9] + rng.gauss(0, 1) > 0)}) + "\n")
    table = bench("round_end.py", "fit", "--out", str(made))
    line = next(row for row in table.splitlines() if row.startswith("| red, 1 |"))
    base, score, evaluation, every = (float(v) for v in line.strip("| ").split(" | ")[3:])
    assert every < 0.5 < min(base, score, evaluation), line
