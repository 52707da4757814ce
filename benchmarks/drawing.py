"""Board drawing speed figures (figures to read, never test assertions).

    python benchmarks/drawing.py                # one second per figure
    python benchmarks/drawing.py --seconds 3    # steadier

Prints milliseconds per picture for the SVG and PNG back ends and for the
recording pass that the live ipycanvas board replays, on a mid-game position.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dualpowers as dp  # noqa: E402
from dualpowers.drawing.board import draw_board  # noqa: E402
from dualpowers.drawing.pen import RecordingPen  # noqa: E402
from dualpowers.drawing.png import board_png  # noqa: E402
from dualpowers.drawing.svg import board_svg  # noqa: E402


def mid_game(seed: int = 7, plies: int = 40) -> dp.State:
    s = dp.new_game("two-player", seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def ms_per_call(fn, seconds: float = 1.0) -> float:
    fn()  # warm up (fonts, caches)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        fn()
        n += 1
    return (time.process_time() - start) / n * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per figure (default 1)")
    seconds = parser.parse_args(argv).seconds
    s = mid_game()
    print(f"{'picture':<28}{'ms':>10}")
    print(f"{'recording (canvas replay)':<28}{ms_per_call(lambda: draw_board(RecordingPen(), s), seconds):>10.2f}")
    print(f"{'SVG':<28}{ms_per_call(lambda: board_svg(s), seconds):>10.2f}")
    print(f"{'PNG (Pillow)':<28}{ms_per_call(lambda: board_png(s), seconds):>10.2f}")


if __name__ == "__main__":
    main()
