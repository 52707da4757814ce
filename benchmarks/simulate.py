"""Simulation throughput: games per second on 1 core, 2 cores and a local Dask cluster.

    python benchmarks/simulate.py                 # a readable table
    python benchmarks/simulate.py --json          # one JSON object
    python benchmarks/simulate.py --games 500     # a quicker, noisier run

Every figure is wall-clock time of ``dualpowers.simulate.run`` with the random
policy, from the call to the last row in hand, so it includes shipping tasks and
rows between processes and putting the rows back in game order.

* "1 core": ``workers=1``, the games played in this process.
* "N cores": ``workers=N`` on the local process pool.  The library keeps its worker
  processes between runs, so this is what every run but a session's first pays; the
  pool is started before the clock, like the Dask cluster.
* "N cores, cold": the same after ``close_workers()``, so the run also starts its
  worker processes (a session's first run; the forkserver, started once per
  session, is already up).
* "dask N workers": a local Dask cluster (started before the clock, as a cluster
  outlives one run) with one single-threaded worker process per core.

"scaling" is games/s on N cores over games/s on 1 core (kept workers; "cold
scaling" with the start-up); 2.0 would be perfect on two cores.  Each figure is the
best of ``--repeat`` measurements, the backends taking turns.  Other load on the
machine lowers the multi-core figures more than the 1-core one: the load average
before and after is printed with them.  These are figures to read, never test
assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dualpowers.simulate import SimConfig, chunk_size_for, close_workers, default_workers, run  # noqa: E402

CONFIGS = {
    "solo": SimConfig(mode="solo", difficulties=(1, 2, 3, 4, 5, 6), player="both", policy="random", seed=0),
    "two-player": SimConfig(mode="two-player", red="random", white="random", seed=0),
}


def games_per_second(config: SimConfig, games: int, cold: bool = False, **options: object) -> float:
    if cold:
        close_workers()
    start = time.perf_counter()
    rows = run(config, games, **options)
    elapsed = time.perf_counter() - start
    assert len(rows) == games
    return games / elapsed


def measure(games: dict[str, int], cores: int, dask: bool, repeat: int = 3) -> dict[str, object]:
    results: dict[str, object] = {
        "python": platform.python_version(), "cpus": os.cpu_count(), "usable_cores": default_workers(),
        "cores": cores, "games": games, "repeat": repeat, "load_average_before": os.getloadavg()[0], "modes": {},
        "chunk_size": {mode: chunk_size_for(n, cores) for mode, n in games.items()},
    }
    cluster = client = None
    if dask:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("dask.distributed is not installed (pip install 'dualpowers[sim]'): no Dask figures",
                  file=sys.stderr)
            dask = False
        else:
            cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster, set_as_default=False)
    try:
        run(CONFIGS["solo"], 4 * cores, workers=cores, chunk_size=1)     # start the kept pool, off the clock
        backends: dict[str, dict[str, object]] = {
            "1 core": {"workers": 1}, f"{cores} cores": {"workers": cores},
            f"{cores} cores, cold": {"workers": cores, "cold": True}}
        if client is not None:
            backends[f"dask {cores} workers"] = {"dask": client}
        for mode, config in CONFIGS.items():
            best = dict.fromkeys(backends, 0.0)
            for _ in range(repeat):   # interleaved, so a burst of outside load hits every backend alike
                for name, options in backends.items():
                    best[name] = max(best[name], games_per_second(config, games[mode], **options))
            one = best["1 core"]
            row: dict[str, float] = {"1 core": one, f"{cores} cores": best[f"{cores} cores"],
                                     "scaling": best[f"{cores} cores"] / one,
                                     f"{cores} cores, cold": best[f"{cores} cores, cold"],
                                     "cold scaling": best[f"{cores} cores, cold"] / one}
            if client is not None:
                row[f"dask {cores} workers"] = best[f"dask {cores} workers"]
                row["dask scaling"] = best[f"dask {cores} workers"] / one
            results["modes"][mode] = row  # type: ignore[index]
    finally:
        close_workers()
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    results["load_average_after"] = os.getloadavg()[0]
    return results


def table(results: dict[str, object]) -> str:
    modes: dict[str, dict[str, float]] = results["modes"]  # type: ignore[assignment]
    columns = list(next(iter(modes.values())))
    lines = [f"random-policy games/s (wall clock, best of {results['repeat']}; Python {results['python']}, "
             f"{results['usable_cores']} usable cores, load average {results['load_average_before']:.2f} before, "
             f"{results['load_average_after']:.2f} after)",
             f"{'':<26}" + "".join(f"{c:>16}" for c in columns)]
    for mode, row in modes.items():
        cells = "".join(f"{row[c]:>16.2f}" if "scaling" in c else f"{row[c]:>16.0f}" for c in columns)
        label = f"{mode} ({results['games'][mode]} games)"  # type: ignore[index]
        lines.append(f"{label:<26}" + cells)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=6000, help="solo games per measurement "
                        "(two-player: a third as many)")
    parser.add_argument("--cores", type=int, default=2, help="cores of the multi-core figures")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per figure; the best is kept")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args(argv)
    games = {"solo": args.games, "two-player": max(1, args.games // 3)}
    results = measure(games, args.cores, dask=not args.no_dask, repeat=args.repeat)
    print(json.dumps(results, indent=2) if args.json else table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
