"""Many games at once: the library behind ``dualpowers simulate``.

    from dualpowers.simulate import SimConfig, run, summarize
    config = SimConfig(mode="solo", difficulties=(1, 2, 3), player="both", policy="greedy", seed=0)
    rows = run(config, games=600)                 # all local cores
    rows = run(config, games=600, workers=1)      # the same rows, in this process
    rows = run(config, games=600, dask="tcp://scheduler:8786")   # the same rows, on a Dask cluster
    print(summarize(rows))                        # win rates with 95% Wilson intervals
    close_workers()                               # optional: the local workers are kept for the next run

Game ``i`` of a run is fixed by the configuration and ``i`` alone: its seed is
derived from the base seed and ``i`` (:func:`derive_seed`), its policies get a
:class:`random.Random` of their own seeded from the game's seed, and its
difficulty and player side come from ``i`` (:meth:`SimConfig.game`).  So the rows
are the same whichever backend plays them, and they always come back in game
order.  (A policy that reads the clock, e.g. an advisor with a time budget,
breaks that promise for itself.)

The local worker processes are started by the first run that needs them and kept
for the next ones (:func:`close_workers` ends them; so does the end of the Python
process), so a notebook that runs many simulations pays their start-up once.

The row schema is :data:`COLUMNS`; see docs/simulate.md.  This module imports
no Jupyter code; pandas is imported only by the functions that return frames,
pyarrow only for Parquet, and Dask only when a run is sent to a cluster.
"""

from __future__ import annotations

import atexit
import contextlib
import csv
import functools
import hashlib
import itertools
import os
import random
import signal
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from .components import SIDES, Components, load_components
from .errors import ComponentsError, DualPowersError, Told, brief
from .policies import PolicySpecError, make_policy
from .opposition import DIFFICULTIES
from .scoring import Ending
from .setup import EDITIONS, MODE_ALIASES, new_game
from .stats import Z_95, wilson_interval
from .userfiles import THE_RESULTS_FILE, check_regular
from .text import Message, N_

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "SimConfig", "GameSpec", "SimulationError", "COLUMNS", "derive_seed",
    "play_game", "play_games", "iter_rows", "run", "default_workers", "close_workers", "to_frame", "write_rows",
    "read_rows", "RunInterrupted", "partial_path",
    "summarize", "Tally", "format_summary",
]

Progress = Callable[[int, int], None]

#: The row of one game, column by column (name, type, what it holds).  ``None``
#: is a missing value (empty in CSV, null in Parquet).
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("game", "int", "index of the game in the run, 0-based"),
    ("seed", "int", "the game's seed, derived from the run's seed and the index"),
    ("mode", "str", "'solo' or 'two-player'"),
    ("edition", "str", "'fr' or 'it'"),
    ("difficulty", "int?", "solo: the Opposition's difficulty 1-6; two-player: missing"),
    ("player", "str?", "solo: the side the policy plays, 'red' or 'white'; two-player: missing"),
    ("red_policy", "str", "policy spec of red ('opposition' when red is the solo Opposition)"),
    ("white_policy", "str", "policy spec of white ('opposition' when white is the solo Opposition)"),
    ("winner", "str", "'red' or 'white'"),
    ("player_won", "bool?", "solo: whether the player won; two-player: missing"),
    ("final_score", "int", "the score marker at the end, > 0 toward red"),
    ("rounds", "int", "the round the game ended in"),
    ("ended_by", "str", "how it ended (State.outcome().ending): " + ", ".join(f"'{e.value}'" for e in Ending)),
    ("decided_by_will", "bool", "ended by time with the marker at the centre, so the Will holder won"),
    ("plies", "int", "decisions taken by the policies (the solo Opposition's moves are not counted)"),
)

COLUMN_NAMES: tuple[str, ...] = tuple(name for name, _, _ in COLUMNS)

#: Columns a summary groups by unless told otherwise.
GROUP_BY = ("mode", "edition", "difficulty", "player", "red_policy", "white_policy")

#: A game that needs more decisions than this is taken to be stuck (a policy or engine bug).
MAX_PLIES = 100_000


class SimulationError(Told, DualPowersError, ValueError):
    """A simulation that cannot be run as asked: a bad option, a missing extra, an unreachable cluster."""


#: What a Dask scheduler's address looks like (in messages, as written: not a number to localize).
DASK_EXAMPLE = "'tcp://host:8786'"


def _bad(msgid: str, **params: Any) -> SimulationError:
    """A simulation error whose reason is a message (written in the reader's language)."""
    return SimulationError(Message(msgid, **params))


# ---------------------------------------------------------------------------- configuration
def derive_seed(base: int, index: int, purpose: str = "game") -> int:
    """A 63-bit seed for game ``index`` of a run seeded ``base`` (stable across Python versions
    and processes: SHA-256, not ``hash()``).  Runs with nearby base seeds share no games."""
    digest = hashlib.sha256(f"dualpowers.simulate:{purpose}:{base}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class GameSpec:
    """Everything that decides one game of a run (see :meth:`SimConfig.game`)."""

    game: int
    seed: int
    mode: str
    edition: str
    difficulty: int | None
    player: str | None
    red_policy: str
    white_policy: str
    components: str | None = None


@functools.lru_cache(maxsize=8)
def _components(path: str) -> Components:
    """A components file, read once per process (each worker reads it when it first needs it)."""
    return load_components(path)


@dataclass(frozen=True)
class SimConfig:
    """What a run plays; every game of it is :meth:`game` ``(i)``.

    * ``mode``: ``"solo"`` or ``"two-player"``; ``edition``: ``"fr"`` or ``"it"``.
    * solo: ``difficulties`` (one or more of 1-6), ``player`` (``"red"``, ``"white"`` or
      ``"both"``) and ``policy``, the player's policy spec.  The games go round every
      (difficulty, side) pair in turn, so each pair gets a share within one game of the others.
    * two-player: ``red`` and ``white``, the two policy specs.
    * ``seed``: the run's base seed.
    * ``components``: a components file (see :func:`dualpowers.load_components`) to
      play with instead of the packaged stand-in.  Only its path travels, so every
      worker must be able to read the file at that path (on a Dask cluster: a shared
      or copied file).
    """

    mode: str = "solo"
    edition: str = "fr"
    difficulties: tuple[int, ...] = (1,)
    player: str = "red"
    policy: str = "random"
    red: str = "random"
    white: str = "random"
    seed: int = 0
    components: str | None = None
    _cycle: tuple[tuple[int | None, str | None], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mode = MODE_ALIASES.get(self.mode, self.mode)
        if mode not in ("solo", "two-player"):
            raise _bad(N_("mode must be 'solo' or 'two-player', not {value}"), value=brief(self.mode))
        if self.edition not in EDITIONS:
            raise _bad(N_("edition must be one of {allowed}, not {value}"), allowed=", ".join(EDITIONS),
                       value=brief(self.edition))
        if isinstance(self.difficulties, int):
            object.__setattr__(self, "difficulties", (self.difficulties,))
        difficulties = tuple(self.difficulties)
        if not difficulties or any(isinstance(d, bool) or d not in DIFFICULTIES for d in difficulties):
            raise _bad(N_("difficulties must be one or more of 1-6, not {value}"), value=brief(self.difficulties))
        if self.player not in (*SIDES, "both"):
            raise _bad(N_("player must be 'red', 'white' or 'both', not {value}"), value=brief(self.player))
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise _bad(N_("seed must be a whole number, not {value}"), value=brief(self.seed))
        if self.components is not None:
            path = Path(self.components).resolve()
            try:
                _components(str(path))
            except ComponentsError as exc:
                raise _bad(N_("components file {path}: {reason}"), path=str(self.components), reason=exc) from None
            object.__setattr__(self, "components", str(path))
        specs = [self.policy] if mode == "solo" else [self.red, self.white]
        for spec in specs:
            if not isinstance(spec, str):
                raise _bad(N_("policies are named by spec strings (e.g. 'greedy'), not {value}"), value=brief(spec))
            try:
                make_policy(spec)
            except PolicySpecError as exc:   # its reason as data, in the reader's language (grade 9 French 32)
                raise SimulationError(exc.message if exc.message is not None else str(exc)) from None
            except ImportError as exc:
                raise _bad(N_("policy {value} cannot be loaded: {reason}"), value=repr(spec), reason=str(exc)) from None
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "difficulties", difficulties)
        for name in ("policy", "red", "white"):
            object.__setattr__(self, name, getattr(self, name).strip())
        if mode == "solo":
            sides = SIDES if self.player == "both" else (self.player,)
            cycle: tuple[tuple[int | None, str | None], ...] = tuple(itertools.product(difficulties, sides))
        else:
            cycle = ((None, None),)
        object.__setattr__(self, "_cycle", cycle)

    def game(self, index: int) -> GameSpec:
        """Game ``index`` of this run: its seed, difficulty, sides and policies."""
        difficulty, player = self._cycle[index % len(self._cycle)]
        if player is None:
            red, white = self.red, self.white
        else:
            red, white = (self.policy, "opposition") if player == "red" else ("opposition", self.policy)
        return GameSpec(index, derive_seed(self.seed, index), self.mode, self.edition, difficulty, player,
                        red, white, self.components)


# ---------------------------------------------------------------------------- one game
def play_game(game: GameSpec) -> dict[str, Any]:
    """Play one game to the end and return its row (keys in :data:`COLUMNS` order)."""
    s = new_game(game.mode, game.seed, player=game.player or "red", difficulty=game.difficulty or 1,
                 edition=game.edition, components=_components(game.components) if game.components else None)
    policies = {side: make_policy(spec) for side, spec in (("red", game.red_policy), ("white", game.white_policy))
                if spec != "opposition"}
    rng = random.Random(derive_seed(game.seed, 0, "policies"))
    plies = 0
    while not s.is_over():
        if plies >= MAX_PLIES:
            raise _bad(N_("game {number} (seed {seed}) did not end within {limit} decisions"), number=game.game,
                       seed=game.seed, limit=MAX_PLIES)
        side = s.to_act
        assert side is not None
        s.push(policies[side].choose(s, rng))   # a policy picks from legal_actions(): the quiet path
        plies += 1
    winner = s.winner()
    outcome = s.outcome()
    assert outcome is not None
    return {
        "game": game.game, "seed": game.seed, "mode": game.mode, "edition": game.edition,
        "difficulty": game.difficulty, "player": game.player,
        "red_policy": game.red_policy, "white_policy": game.white_policy,
        "winner": winner, "player_won": None if game.player is None else winner == game.player,
        "final_score": s.score, "rounds": s.round, "ended_by": outcome.ending.value,
        "decided_by_will": outcome.decided_by_will, "plies": plies,
    }


def play_games(config: SimConfig, start: int, stop: int) -> list[dict[str, Any]]:
    """Rows of games ``start`` .. ``stop - 1``: one task of a process pool or a Dask cluster."""
    return [play_game(config.game(i)) for i in range(start, stop)]


# ---------------------------------------------------------------------------- backends
def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:   # not on Linux
        return max(1, os.cpu_count() or 1)


#: Tasks per worker that :func:`chunk_size_for` aims at.
TASKS_PER_WORKER = 16


def chunk_size_for(games: int, workers: int) -> int:
    """Games per task: about :data:`TASKS_PER_WORKER` tasks a worker, so that the last ones
    leave a worker idle only briefly, but at most 250 games, so that progress moves, and
    never fewer than one.  A task costs a fraction of a millisecond of messaging (its
    settings out, its rows back), well under 1 % of even 25 random solo games."""
    return max(1, min(250, -(-games // (workers * TASKS_PER_WORKER))))   # whole numbers: no float overflow


def _ranges(start: int, stop: int, size: int) -> Iterator[tuple[int, int]]:
    """The chunks one by one: never a list of them, so memory stays flat whatever ``stop`` is."""
    return ((lo, min(lo + size, stop)) for lo in range(start, stop, size))


def iter_rows(
    config: SimConfig,
    games: int,
    *,
    start: int = 0,
    workers: int | None = None,
    dask: "str | Any | None" = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    dask_timeout: float = 10.0,
) -> Iterator[dict[str, Any]]:
    """The rows of games ``start .. games - 1`` (default: all from 0), in game order, as they
    are played.  ``start`` continues a run stopped earlier: game ``i`` is the same game whichever
    run plays it, so the rows stored before and the rows from ``start`` on make the whole run.

    * ``dask``: a scheduler address (``"tcp://host:8786"``) or a ``distributed.Client``;
      the games run as tasks on that cluster.  ``dask_timeout`` seconds to connect.
    * otherwise ``workers`` processes on this machine (default: every core it may use);
      ``workers=1`` plays in this process.
    * ``chunk_size``: games per task (default: :func:`chunk_size_for`).
    * ``progress(done, total)`` is called as games finish (in any order); ``total`` is
      ``games - start``.

    Bad arguments raise :class:`SimulationError` at once; a cluster is contacted when
    the first row is asked for.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise _bad(N_("the number of games must be a whole number >= 0, not {value}"), value=brief(games))
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= games:
        raise _bad(N_("start must be a whole number from 0 to the number of games ({games}), not {value}"),
                   games=games, value=brief(start))
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise _bad(N_("workers must be a whole number >= 1, not {value}"), value=brief(workers))
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size < 1):
        raise _bad(N_("chunk size must be a whole number >= 1, not {value}"), value=brief(chunk_size))
    return _rows(config, start, games, workers, dask, chunk_size, progress, dask_timeout)


def _rows(config: SimConfig, start: int, games: int, workers: int | None, dask: "str | Any | None",
          chunk_size: int | None, progress: Progress | None, dask_timeout: float) -> Iterator[dict[str, Any]]:
    if dask is not None:
        yield from _dask_rows(config, start, games, dask, chunk_size, progress, dask_timeout)
        return
    workers = workers or default_workers()
    size = chunk_size or chunk_size_for(games - start, workers)
    chunks = _ranges(start, games, size)
    if workers == 1 or games - start <= size:
        for i in range(start, games):
            yield play_game(config.game(i))
            if progress is not None:
                progress(i + 1 - start, games - start)
        return
    yield from _pool_rows(config, games - start, chunks, workers, progress)


def run(config: SimConfig, games: int, **options: Any) -> list[dict[str, Any]]:
    """All rows of :func:`iter_rows` as a list (same options)."""
    return list(iter_rows(config, games, **options))


def _in_order(
    submit: Callable[[tuple[int, int]], Any],
    wait_first: Callable[[list[Any]], Iterable[Any]],
    chunks: Iterable[tuple[int, int]],
    window: int,
    games: int,
    progress: Progress | None,
    shelter: "Callable[[], contextlib.AbstractContextManager[Any]]" = contextlib.nullcontext,
) -> Iterator[dict[str, Any]]:
    """Run ``chunks`` with at most ``window`` submitted but not yet yielded, and yield
    their rows in game order whatever order they finish in.  Chunks are taken from
    the iterable only as the window frees, so memory does not grow with the run.
    ``shelter()`` surrounds each round of submitting and waiting (not the rows' yield)."""
    todo = iter(chunks)
    pending: dict[Any, int] = {}
    finished: dict[int, list[dict[str, Any]]] = {}
    submitted = yielded = done = 0
    more = True
    while more or yielded < submitted:
        reached: list[int] = []             # the games done after each chunk, told to ``progress`` after the block
        with shelter():
            while more and len(pending) + len(finished) < window:
                chunk = next(todo, None)
                if chunk is None:
                    more = False
                    break
                pending[submit(chunk)] = submitted
                submitted += 1
            for future in wait_first(list(pending)) if pending else ():
                k = pending.pop(future)
                finished[k] = future.result()
                done += len(finished[k])
                reached.append(done)
        if progress is not None:
            for count in reached:
                progress(count, games)
        while yielded in finished:
            yield from finished.pop(yielded)
            yielded += 1


def _mp_context() -> Any:
    """``forkserver`` where there is one: safe when the parent has threads (a Jupyter kernel,
    a Dask client) and cheap, since the server has imported dualpowers once.  Else ``spawn``."""
    import multiprocessing

    try:
        ctx = multiprocessing.get_context("forkserver")
    except ValueError:
        return multiprocessing.get_context("spawn")
    ctx.set_forkserver_preload(["dualpowers.simulate"])
    return ctx


# The local process pool, kept between runs: {workers: pool}, at most one entry.
_POOLS: dict[int, Any] = {}
_POOLS_LOCK = threading.Lock()


def _warm_worker() -> None:
    """Run once in each new worker: read the packaged components before the first task.

    A worker ignores Ctrl-C: the terminal sends it to every process of the run, and the
    parent stops the workers itself (:func:`close_workers`), so none dies printing a
    traceback."""
    from .components import default_components

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    default_components()


def _local_pool(workers: int) -> Any:
    """A pool of ``workers`` processes: the one kept from an earlier run if it has that
    size, else a new one (the old one is closed).  Workers persist, so only the first run
    pays for starting them."""
    from concurrent.futures import ProcessPoolExecutor

    with _POOLS_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            for old in _POOLS.values():
                old.shutdown(wait=False, cancel_futures=True)
            _POOLS.clear()
            pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(),
                                                         initializer=_warm_worker)
        return pool


def close_workers(terminate: bool = False) -> None:
    """End the local worker processes kept for later runs (the next run starts new ones).
    Called at the end of the Python process too.  ``terminate``: stop them at once, in the
    middle of a task (a run interrupted by Ctrl-C or SIGTERM), instead of letting the
    running tasks finish."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        if terminate:
            _terminate(pool)
        pool.shutdown(wait=True, cancel_futures=True)


#: Seconds the workers get to end after SIGTERM before they are killed.
TERMINATE_GRACE = 5.0


def _terminate(pool: Any) -> None:
    """End every worker of ``pool`` now: SIGTERM (``terminate_workers`` from Python 3.14 on),
    then SIGKILL for any still alive after :data:`TERMINATE_GRACE` seconds.

    Why: a worker terminated while it holds the pool's shared call queue leaves the queue's
    lock taken, so the other workers may block on it for ever; and the queue's feeder thread,
    with no worker left to read, may block for ever on a full pipe, which ``shutdown`` and the
    end of the process then wait for.  So the workers that do not end are killed, and the
    queue is told not to wait for its feeder (the tasks it still holds are dropped anyway).

    And a worker stopped while it writes a result leaves half a message in the result pipe:
    the pool's manager thread, which reads it, then waits for the rest for ever, and so do
    ``shutdown`` and the end of the process (seen on CI: Python 3.11, one run in eight).  Once
    the workers are gone, this process's end of the pipe that they wrote to is closed, so the
    reader meets the end of the pipe, marks the pool broken and stops."""
    queue = getattr(pool, "_call_queue", None)
    if queue is not None:
        queue.cancel_join_thread()
    stop = getattr(pool, "terminate_workers", None)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    if stop is not None:
        stop()
    else:
        for process in processes:
            if process.is_alive():
                process.terminate()
    deadline = time.monotonic() + TERMINATE_GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1.0)
    results = getattr(pool, "_result_queue", None)
    if results is not None and not any(process.is_alive() for process in processes):
        results._writer.close()


atexit.register(close_workers)


class _HeldSignals:
    """Ctrl-C and SIGTERM held back while the main thread is inside the process pool's code.

    Python runs a signal's handler between two instructions of the main thread, wherever it
    is; a KeyboardInterrupt raised there just after the pool (or a future) took one of its
    locks leaves the lock taken, and stopping the pool then waits on it for ever.  Inside
    ``with held:`` a signal is only noted (:attr:`arrived`); leaving the block gives it to
    the handler it was meant for, which raises where the pool holds no lock.  The waits
    inside the block end early once a signal has arrived (:meth:`wait_first`).

    Outside the block the handlers set here pass a signal straight on, so a signal that
    lands while they are being set or put back reaches its own handler all the same.
    Only the main thread can set handlers; anywhere else the block holds nothing back."""

    SIGNALS = ("SIGINT", "SIGTERM")
    #: Seconds between two looks at :attr:`arrived` while waiting for the workers.
    POLL = 0.1

    def __init__(self) -> None:
        self.arrived: list[int] = []
        self.holding = False
        self._previous: dict[int, Any] = {}

    def __call__(self) -> "_HeldSignals":
        return self

    def __enter__(self) -> "_HeldSignals":
        if threading.current_thread() is not threading.main_thread():
            return self
        numbers = [getattr(signal, name) for name in self.SIGNALS if hasattr(signal, name)]
        # (a handler of this shelter left in place by an earlier block passes on to the one before it)
        self._previous = {number: self._previous.get(number, signal.SIG_DFL) if signal.getsignal(number) == self._note
                          else signal.getsignal(number) for number in numbers}
        self.holding = True
        try:
            for number in numbers:
                signal.signal(number, self._note)
        except BaseException:           # a signal came while they were set: it goes on now, as if outside
            self.holding = False
            self._restore()
            raise
        return self

    def _note(self, signum: int, frame: Any) -> None:
        if self.holding:
            self.arrived.append(signum)
        else:
            self._pass_on(signum, frame)

    def _pass_on(self, signum: int, frame: Any) -> None:
        handler = self._previous.get(signum, signal.SIG_DFL)
        if callable(handler):
            handler(signum, frame)
        elif handler == signal.SIG_DFL:      # the system's default: let it act (it ends the process)
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)

    def _restore(self) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)

    def __exit__(self, *exc: object) -> None:
        if not self.holding:
            return
        self.holding = False
        arrived, self.arrived = self.arrived, []
        self._restore()
        for number in dict.fromkeys(arrived):        # each signal once, to the handler it was meant for
            self._pass_on(number, None)

    def wait_first(self, futures: list[Any]) -> Iterable[Any]:
        """The futures of ``futures`` that are done, once one is or a signal has arrived."""
        from concurrent.futures import FIRST_COMPLETED, wait

        while True:
            done = wait(futures, timeout=self.POLL if self.holding else None, return_when=FIRST_COMPLETED).done
            if done or self.arrived:
                return done


def _pool_rows(config: SimConfig, games: int, chunks: Iterable[tuple[int, int]], workers: int,
               progress: Progress | None) -> Iterator[dict[str, Any]]:
    from concurrent.futures.process import BrokenProcessPool

    held = _HeldSignals()
    with held:                       # taking the pool takes its lock too
        pool = _local_pool(workers)
    submitted: list[Any] = []

    def submit(chunk: tuple[int, int]) -> Any:
        future = pool.submit(play_games, config, *chunk)
        submitted.append(future)
        if len(submitted) > 4 * workers * 4:    # forget the finished ones, so memory stays flat
            submitted[:] = [f for f in submitted if not f.done()]
        return future

    try:
        yield from _in_order(submit, held.wait_first, chunks, workers * 4, games, progress, shelter=held)
    except KeyboardInterrupt:        # Ctrl-C or SIGTERM: stop the workers now, not after their tasks
        with _POOLS_LOCK:
            if _POOLS.get(workers) is pool:
                del _POOLS[workers]
        _terminate(pool)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    except BrokenProcessPool as exc:
        with _POOLS_LOCK:
            if _POOLS.get(workers) is pool:
                del _POOLS[workers]
        raise _bad(N_("a worker process of the simulation died ({reason}); the next run starts new ones"),
                   reason=str(exc)) from None
    finally:
        for future in submitted:    # stopped early (an error, or the caller stopped reading): drop the rest
            future.cancel()


def _dask_client(dask: "str | Any", timeout: float) -> tuple[Any, bool]:
    """(client, whether we opened it and must close it)."""
    try:
        import distributed
    except ImportError:
        raise _bad(N_("running on a Dask cluster needs dask.distributed: pip install 'dualpowers[sim]'")) from None
    if isinstance(dask, distributed.Client):
        return dask, False
    if not isinstance(dask, str) or not dask.strip():
        raise _bad(N_("a Dask scheduler address looks like {example}, not {value}"), example=DASK_EXAMPLE,
                   value=brief(dask))
    from distributed.comm.addressing import get_address_host_port

    address = dask.strip()
    try:
        # Look before connecting: a Client that fails half-built complains again when collected.
        host, port = get_address_host_port(address)
    except (ValueError, TypeError) as exc:
        raise _bad(N_("{value} is not a Dask scheduler address like {example} ({reason})"), value=brief(dask),
                   example=DASK_EXAMPLE, reason=str(exc)) from None
    try:
        socket.create_connection((host, port), timeout=timeout).close()
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise _bad(N_("cannot reach a Dask scheduler at {value} within {seconds} s ({reason})"), value=brief(dask),
                   seconds=f"{timeout:g}", reason=f"{type(exc).__name__}: {exc}") from None
    return client, True


def _dask_rows(config: SimConfig, start: int, games: int, dask: "str | Any", chunk_size: int | None,
               progress: Progress | None, timeout: float) -> Iterator[dict[str, Any]]:
    client, own = _dask_client(dask, timeout)
    try:
        import distributed

        try:
            client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            raise _bad(N_("the Dask scheduler at {address} has no workers (waited {seconds} s)"),
                       address=str(client.scheduler.address), seconds=f"{timeout:g}") from None
        threads = max(1, sum(client.nthreads().values()))
        chunks = _ranges(start, games, chunk_size or chunk_size_for(games - start, threads))

        completed = distributed.as_completed(loop=client.loop)

        def submit(chunk: tuple[int, int]) -> Any:
            future = client.submit(play_games, config, *chunk, pure=False)
            completed.add(future)
            return future

        try:
            yield from _in_order(submit, lambda _: [next(completed)], chunks, threads * 4, games - start, progress)
        except ModuleNotFoundError as exc:
            if "dualpowers" not in str(exc):
                raise
            raise _bad(N_("the Dask workers cannot import dualpowers ({reason}): install the same dualpowers version "
                          "in the workers' environment"), reason=str(exc)) from None
    finally:
        if own:
            client.close()


# ---------------------------------------------------------------------------- files and frames
_PANDAS_DTYPES = {"int": "int64", "int?": "Int64", "str": "string", "str?": "string", "bool": "bool",
                  "bool?": "boolean"}
_FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}


def _format_of(path: "str | Path", format: str | None) -> str:
    if format is not None:
        if format not in ("csv", "parquet"):
            raise _bad(N_("format must be 'csv' or 'parquet', not {value}"), value=brief(format))
        return format
    suffix = Path(path).suffix.lower()
    if suffix not in _FORMATS:
        raise _bad(N_("cannot tell the format of {path}: name it *.csv or *.parquet"), path=brief(str(path), 120))
    return _FORMATS[suffix]


def _need_pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise _bad(N_("Parquet files need pyarrow: pip install 'dualpowers[sim]' (or write a .csv)")) from None
    return pyarrow


def check_output(path: "str | Path", format: str | None = None) -> str:
    """The format ``path`` will be written in; raises :class:`SimulationError` now (before
    any game is played) if it cannot be written: unknown suffix, Parquet without pyarrow,
    missing folder."""
    fmt = _format_of(path, format)
    if fmt == "parquet":
        _need_pyarrow()
    if Path(path).is_dir():
        raise _bad(N_("cannot write {path}: it is a folder; name a file like results.csv"), path=brief(str(path), 120))
    if Path(path).is_symlink() or (Path(path).exists() and not Path(path).is_file()):
        # the finished file is renamed over the path: never over a link, a pipe or a device
        raise SimulationError(Message(N_("cannot write {path}: it is not a regular file (a symbolic link, a pipe "
                                         "or a device is never replaced); name a new file or a results file"),
                                      path=brief(str(path), 120)))
    parent = Path(path).resolve().parent
    if not parent.is_dir():
        raise _bad(N_("cannot write {path}: there is no folder {folder}"), path=brief(str(path), 120),
                   folder=brief(str(parent), 120))
    _check_part(part_path(path))
    return fmt


def part_path(path: "str | Path") -> Path:
    """Where the rows are written before the finished file is renamed to ``path``: ``PATH.part``."""
    path = Path(path)
    return path.with_name(path.name + ".part")


def _check_part(part: Path) -> None:
    """Refuse a ``PATH.part`` that is there and is not a regular file: a symbolic link (which
    writing would follow, into whatever file it names), a pipe or a device.  A regular one is
    what a run killed before its end left behind, and is replaced."""
    if part.is_symlink() or (part.exists() and not part.is_file()):
        raise SimulationError(Message(N_("cannot write {path}: it is not a regular file (a symbolic link, a pipe "
                                         "or a device is never replaced); remove it or name another file"),
                                      path=brief(str(part), 120)))


def _open_part(part: Path) -> int:
    """A new ``PATH.part`` opened for writing, never through a symbolic link: a stale regular
    file is removed first, and the file is created with ``O_EXCL | O_NOFOLLOW``, so a link
    put there meanwhile makes the open fail rather than be followed."""
    _check_part(part)
    part.unlink(missing_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        return os.open(part, flags, 0o666)
    except FileExistsError:          # something was put there between the unlink and the open
        _check_part(part)
        raise


class RunInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C (or SIGTERM, which the command line turns into it) while
    :func:`write_rows` wrote it: the ``rows`` games played first (games ``0 .. rows - 1``
    of the rows given) are kept in ``path``, :func:`partial_path` of the file asked for;
    ``path`` is None when no game had finished."""

    def __init__(self, rows: int, path: Path | None) -> None:
        super().__init__(rows, path)
        self.rows, self.path = rows, path


def partial_path(path: "str | Path") -> Path:
    """Where an interrupted run keeps its rows: ``results.csv`` -> ``results.partial.csv``
    (the suffix kept, so :func:`read_rows` and pandas read it like a finished run)."""
    path = Path(path)
    return path.with_name(f"{path.stem}.partial{path.suffix}")


def write_rows(rows: Iterable[dict[str, Any]], path: "str | Path", *, format: str | None = None,
               batch: int = 10_000) -> int:
    """Write ``rows`` to ``path`` as they come (CSV, or Parquet in row groups of ``batch``
    rows); returns how many were written.  Missing values are empty CSV cells, Parquet nulls.

    The rows go to ``PATH.part`` first, renamed to ``path`` once the last is written, so an
    interrupted or failed run leaves no file that looks complete.  A run interrupted by
    Ctrl-C keeps the rows already written, in a valid file marked partial
    (:func:`partial_path`), and raises :class:`RunInterrupted` saying where; a failed run
    leaves nothing."""
    fmt = check_output(path, format)
    path = Path(path)
    part = part_path(path)
    written = [0]
    fd = _open_part(part)     # before the try: a refused PATH.part is left as it is
    try:
        count = _write(rows, fd, fmt, batch, written)
        part.replace(path)
    except KeyboardInterrupt:
        if not written[0]:
            raise RunInterrupted(0, None) from None
        kept = partial_path(path)
        part.replace(kept)
        raise RunInterrupted(written[0], kept) from None
    finally:
        part.unlink(missing_ok=True)
    return count


def _write(rows: Iterable[dict[str, Any]], fd: int, fmt: str, batch: int, written: list[int]) -> int:
    """Write the rows into the open file ``fd`` (closed at the end); ``written[0]`` counts those
    in the file, even when the rows stop with an exception (the file is then closed whole: CSV
    lines, Parquet row groups)."""
    if fmt == "csv":
        with open(fd, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMN_NAMES, extrasaction="ignore")
            writer.writeheader()
            for row in rows:
                writer.writerow(row)
                written[0] += 1
        return written[0]
    pa = _need_pyarrow()
    kinds = {"int": pa.int64(), "int?": pa.int64(), "str": pa.string(), "str?": pa.string(),
             "bool": pa.bool_(), "bool?": pa.bool_()}
    schema = pa.schema([pa.field(name, kinds[kind], nullable=kind.endswith("?")) for name, kind, _ in COLUMNS])
    with open(fd, "wb") as sink, pa.parquet.ParquetWriter(sink, schema) as writer:
        buffer: list[dict[str, Any]] = []
        try:
            for row in rows:
                buffer.append(row)
                if len(buffer) >= batch:
                    writer.write_table(pa.Table.from_pylist(buffer, schema=schema))
                    written[0] += len(buffer)
                    buffer = []
        finally:   # the last rows, also those played before an interruption
            if buffer:
                writer.write_table(pa.Table.from_pylist(buffer, schema=schema))
                written[0] += len(buffer)
            elif written[0] == 0:
                writer.write_table(schema.empty_table())
    return written[0]


def _typed(df: "pd.DataFrame") -> "pd.DataFrame":
    import pandas as pd

    df = df.reindex(columns=list(COLUMN_NAMES))
    for name, kind, _ in COLUMNS:
        column = df[name]
        if kind.startswith("bool"):   # CSV cells are text
            column = column.map(lambda v: {"True": True, "False": False}.get(v, v) if isinstance(v, str) else v)
        df[name] = column.astype(_PANDAS_DTYPES[kind]) if len(df) else pd.Series([], dtype=_PANDAS_DTYPES[kind])
    return df


def to_frame(rows: Iterable[dict[str, Any]]) -> "pd.DataFrame":
    """A pandas DataFrame of rows, with the schema's dtypes (nullable ``Int64``, ``boolean``, ``string``)."""
    import pandas as pd

    return _typed(pd.DataFrame.from_records(list(rows), columns=list(COLUMN_NAMES)))


def read_rows(path: "str | Path", *, format: str | None = None) -> "pd.DataFrame":
    """A results file written by :func:`write_rows`, as :func:`to_frame` would give it."""
    import pandas as pd

    fmt = _format_of(path, format)
    check_regular(path, SimulationError, THE_RESULTS_FILE)   # never a FIFO or a device, which would hang pandas
    if fmt == "parquet":
        _need_pyarrow()
        return _typed(pd.read_parquet(path))
    return _typed(pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""]))


# ---------------------------------------------------------------------------- summary
class Tally:
    """Win counts per group, fed one row at a time (so a run never has to be held in memory).

    The win rate counted is the solo player's (``player_won``) in solo games and red's
    in two-player games; the ``side`` column of the table says whose it is.
    """

    def __init__(self, by: Sequence[str] = GROUP_BY, z: float = Z_95) -> None:
        unknown = [c for c in by if c not in COLUMN_NAMES]
        if unknown:
            raise _bad(N_("cannot group by {value}: not a column ({allowed})"), value=", ".join(unknown),
                       allowed=", ".join(COLUMN_NAMES))
        self.by = tuple(by) if "mode" in by else ("mode", *by)
        self.z = z
        self._groups: dict[tuple[Any, ...], list[Any]] = {}

    def add(self, row: dict[str, Any]) -> None:
        key = tuple(_plain(row[c]) for c in self.by)
        group = self._groups.setdefault(key, [0, 0, 0, set()])   # games, wins, rounds, sides counted
        solo = row["mode"] == "solo"
        group[0] += 1
        group[1] += bool(row["player_won"]) if solo else row["winner"] == "red"
        group[2] += int(row["rounds"])
        group[3].add(row["player"] if solo else "red")

    def rows(self) -> list[dict[str, Any]]:
        """One dict per group, sorted by the group's values."""
        out = []
        for key in sorted(self._groups, key=lambda k: tuple((v is None, str(v)) for v in k)):
            games, wins, rounds, sides = self._groups[key]
            low, high = wilson_interval(wins, games, self.z)
            out.append({**dict(zip(self.by, key)), "games": games,
                        "side": sides.pop() if len(sides) == 1 else "player", "wins": wins,
                        "win_rate": wins / games, "ci_low": low, "ci_high": high,
                        "mean_rounds": rounds / games})
        return out


def _plain(value: Any) -> Any:
    """pandas' missing values (NA, NaN) as None, numpy scalars as Python ones."""
    if value is None:
        return None
    try:
        if value != value:   # NaN
            return None
    except TypeError:        # pd.NA
        return None
    return value.item() if hasattr(value, "item") else value


def summarize(rows: "Iterable[dict[str, Any]] | pd.DataFrame", by: Sequence[str] = GROUP_BY,
              z: float = Z_95) -> "pd.DataFrame":
    """Win rates per group (default: per configuration: mode, edition, difficulty, player side,
    policies), with the Wilson score interval at ``z`` (95%) as ``ci_low``/``ci_high``."""
    import pandas as pd

    tally = Tally(by, z)
    records = rows.to_dict("records") if isinstance(rows, pd.DataFrame) else rows
    for row in records:
        tally.add(row)
    columns = [*tally.by, "games", "side", "wins", "win_rate", "ci_low", "ci_high", "mean_rounds"]
    return pd.DataFrame(tally.rows(), columns=columns)


def format_summary(table: "Sequence[dict[str, Any]] | pd.DataFrame") -> str:
    """A plain-text table of :meth:`Tally.rows` or :func:`summarize`'s frame."""
    records = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    if not records:
        return "no games"
    keys = [k for k in records[0] if k not in ("games", "side", "wins", "win_rate", "ci_low", "ci_high",
                                               "mean_rounds")]
    header = [k.replace("_", " ") for k in keys] + ["games", "wins of", "wins", "win rate", "95% CI", "rounds"]
    lines = [header]
    for r in records:
        lines.append([("-" if _plain(r[k]) is None else str(_plain(r[k]))) for k in keys] + [
            str(r["games"]), str(r["side"]), str(r["wins"]), f"{100 * r['win_rate']:.1f}%",
            f"[{100 * r['ci_low']:.1f}%, {100 * r['ci_high']:.1f}%]", f"{r['mean_rounds']:.2f}"])
    numeric = {"games", "wins", "win rate", "rounds", "difficulty"}
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.rjust(w) if name in numeric else cell.ljust(w)
                  for cell, w, name in zip(line, widths, header)).rstrip()
        for line in lines)
