"""The win-rate chart of the difficulty notebook (dualpowers.drawing.chart)."""

import pytest

from dualpowers.drawing.chart import ChartError, SERIES_STYLES, draw_win_rates, win_rate_svg
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
    markers = [m for _, m, _ in SERIES_STYLES]
    dashes = [d for _, _, d in SERIES_STYLES]
    assert len(set(markers)) == len(markers) and len(set(dashes)) == len(dashes)


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
