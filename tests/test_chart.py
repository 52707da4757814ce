"""The win-rate chart of the difficulty notebook (dualpowers.drawing.chart)."""

import pytest

from dualpowers.drawing.chart import ChartError, SERIES_STYLES, draw_win_rates, series_styles, win_rate_svg
from dualpowers.drawing.pen import RecordingPen


def points(series=("greedy, white", "random, white"), xs=range(1, 7)):
    return [dict(series=s, x=x, rate=0.5, low=0.4, high=0.6) for s in series for x in xs]


def test_every_series_is_drawn_with_its_points_error_bars_and_legend():
    svg = win_rate_svg(points(), title="Solo win rate")
    assert svg.startswith("<svg") and "<title>Solo win rate</title>" in svg
    for name in ("greedy, white", "random, white"):
        assert f'data-id="{name}"' in svg and f">{name}</text>" in svg
    assert svg.count("<circle") >= 6 + 1 and svg.count("<rect") >= 6 + 1    # markers + legend


def test_series_differ_by_marker_and_dash_not_only_colour():
    looks = [(m, d) for _, m, d in SERIES_STYLES]
    assert len(set(looks)) == len(looks) >= 24            # no two series look alike without colour
    styles = series_styles(points(series=[f"s{i}" for i in range(10)]))
    assert len({(m, d) for _, m, d in styles.values()}) == 10


def test_each_policy_has_its_marker_and_each_faction_its_line():
    """The difficulty chart: four players times two factions, eight series that never share a look."""
    policies, factions = ["random", "greedy", "advisor-v1", "advisor-v2"], ["red", "white"]
    rows = [dict(series=f"{p}, plays {f}", marker=p, line=f, x=x, rate=0.3, low=0.2, high=0.4)
            for p in policies for f in factions for x in range(1, 7)]
    styles = series_styles(rows)
    assert len(styles) == 8 and len(set(styles.values())) == 8
    for p in policies:                                     # one marker shape and colour per player
        mine = {(c, m.removesuffix("-open")) for name, (c, m, _) in styles.items() if name.startswith(p + ",")}
        assert len(mine) == 1
    assert len({m.removesuffix("-open") for _, m, _ in styles.values()}) == 4
    for f in factions:                                     # one line style per faction
        assert len({d for name, (_, _, d) in styles.items() if name.endswith(f)}) == 1
    assert styles["random, plays red"][2] != styles["random, plays white"][2]
    assert styles["random, plays red"][1] != styles["advisor-v2, plays red"][1]
    svg = win_rate_svg(rows)
    for name in styles:                                    # the legend names every series
        assert f">{name}</text>" in svg


def test_points_sit_at_their_rate_and_bars_span_the_interval():
    pen = RecordingPen()
    draw_win_rates(pen, [dict(series="a", x=1, rate=0.25, low=0.0, high=1.0)], width=720, height=420)
    bars = [args[0] for name, args, _ in pen.calls if name == "line" and len(args[0]) == 2
            and args[0][0][0] == args[0][1][0]]                    # vertical segments
    top, plot_h = 40.0, 420 - 40 - 50
    assert any({p[1] for p in seg} == {top, top + plot_h} for seg in bars)   # 0 % .. 100 %
    circles = [args for name, args, _ in pen.calls if name == "circle"]
    assert circles[0][1] == pytest.approx(top + plot_h * 0.75)


def test_dataframes_are_accepted():
    import pandas as pd
    assert "<svg" in win_rate_svg(pd.DataFrame(points()))


@pytest.mark.parametrize("bad, message", [
    ({"series": "a", "x": 1, "rate": 0.5, "low": 0.4}, "lacks high"),
    ({"series": "a", "x": 1, "rate": 50, "low": 40, "high": 60}, "not a fraction"),
    ({"series": "a", "x": 1, "rate": 0.7, "low": 0.4, "high": 0.6}, "does not contain"),
])
def test_bad_points_are_refused_with_the_reason(bad, message):
    with pytest.raises(ChartError, match=message):
        win_rate_svg([bad])
