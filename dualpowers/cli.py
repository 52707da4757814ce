"""The ``dualpowers`` command line: look at positions and rules without Jupyter.

    dualpowers rules                      # every rule ID, rulings and engine decisions marked
    dualpowers presence POSITION          # Force in Presence of every region, with reasons
    dualpowers new [--solo white --difficulty 3] [--seed 7]   # a new game's notation
    dualpowers random-game --seed 7       # play a random game, print the log and the result
    dualpowers simulate --games 1000 --mode solo --difficulty 1-6 --player both --policy greedy \
                        --out results.csv      # many games, on every core; win rates with 95% CIs

POSITION is a JSON file, a JSON string or a one-line notation.
"""

from __future__ import annotations

from importlib import metadata

import argparse
import json
import os
import random
import re
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, TextIO

from . import names
from .errors import DualPowersError, Told, brief
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, NN_, NP_, current_language, number, pgettext, set_language
from .text import Message, N_, render, translator
from .narrate import event_text, refusal_text
from .opposition import DIFFICULTIES
from .presence import force_in_presence
from .tables import presence_reason
from .rules import rules
from .setup import EDITIONS, new_game
from .state import State
from .userfiles import THE_POSITION_FILE, named, os_reason, read_text, strip_bom


class UsageError(Told, DualPowersError, ValueError):
    """A command-line argument that cannot be used (a missing file, a folder given as a file ...)."""


class OutputError(Told, DualPowersError, OSError):
    """Standard output cannot be written: closed (``>&-``), or its disk is full (``>/dev/full``)."""


class _Output:
    """Standard output whose failures are told as the output's (a write error has no file
    name, so it would read like a failure of some file of the user's)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def _told(self, exc: OSError) -> OutputError:
        return OutputError(Message(N_("cannot write the output ({reason})"), reason=os_reason(exc)))

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._told(exc) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._told(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _looks_like_path(text: str) -> bool:
    stripped = text.strip()
    if not stripped or stripped.startswith(("{", "[", "DP")) or "\n" in stripped or len(stripped) > 4096:
        return False
    if Path(stripped).exists():
        return True
    return not any(ch.isspace() for ch in stripped) and (Path(stripped).suffix.lower() in (".json", ".txt")
                                                          or "/" in stripped)


def read_position(text: str) -> State:
    """A position from a file path, a JSON string or a notation string.

    Every failure is a :class:`~dualpowers.errors.DualPowersError` with a short message:
    a missing file is named as missing, a folder as a folder, bytes that are not UTF-8
    as such; a position's errors are the reader's own.
    """
    if _looks_like_path(text):   # a regular UTF-8 file of bounded size, never a FIFO or a device
        path = Path(text.strip())
        text = read_text(path, UsageError, THE_POSITION_FILE).strip()
        if not text.startswith(("{", "[", '"', "DP")):    # not even the start of one: quote none of it
            raise UsageError(Message(N_("{what} holds no position: neither JSON nor a notation starting "
                                        "with DP1"), what=named(THE_POSITION_FILE, path)))
    text = strip_bom(text).strip()
    if text.startswith(("{", "[", '"')):
        return State.from_json(text)
    return State.from_notation(text)


def _rules(args: argparse.Namespace) -> int:
    lang = current_language()
    _ = translator(lang)
    for r in rules():       # each summary in the terminal's language (the catalogs' context "rule")
        summary = pgettext("rule", r.summary, lang)
        if r.engine:
            line = _("{rule} {summary} (engine)", rule=f"{r.id:<18}", summary=summary)
        elif r.ruling:
            line = _("{rule} {summary} (ruling)", rule=f"{r.id:<18}", summary=summary)
        else:
            line = f"{r.id:<18} {summary}"
        print(line)
    return 0


def _presence(args: argparse.Namespace) -> int:
    s = read_position(args.position)
    lang = current_language()
    _ = translator(lang)

    def side(strength: int, tokens: int) -> str:
        return _.ngettext("{strength} ({n} token)", "{strength} ({n} tokens)", tokens, strength=strength)

    rows = [(_("region"), _("winner"), names.side_label("red", lang), names.side_label("white", lang), _("why"))]
    for region in s.regions:
        p = force_in_presence(s, region)
        rows.append((names.region(region, lang), names.side_label(p.winner, lang) if p.winner else "-",
                     side(p.strength["red"], p.tokens["red"]), side(p.strength["white"], p.tokens["white"]),
                     presence_reason(p, lang)))
    print(_("Force in Presence in every region (R-STR-2; neutrals follow R-NEU-1):"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)) + "  " + r[4])
    return 0


def _new(args: argparse.Namespace) -> int:
    if args.solo:
        s = new_game("solo", args.seed, player=args.solo, difficulty=args.difficulty, edition=args.edition)
    else:
        s = new_game("two-player", args.seed, edition=args.edition)
    print(s.notation())
    return 0


def _random_game(args: argparse.Namespace) -> int:
    mode = "solo" if args.solo else "two-player"
    s = new_game(mode, args.seed, player=args.solo or "red", difficulty=args.difficulty, edition=args.edition)
    rng = random.Random(args.seed)
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        if not args.quiet:
            print(f"> {action}")
            for e in events:        # the narration in the terminal's language (the action stays notation)
                print(f"    {event_text(e, current_language())}")
    print(json.dumps({"winner": s.winner(), "score": s.score, "round": s.round, "reason": s.end_reason}))
    return 0


class ProgressBar:
    """A one-line progress bar, redrawn in place at most ten times a second on a terminal.

    When ``stream`` is not a terminal (a log file, a pipe, CI) it draws nothing while
    the run goes on and writes one line at the end, so logs are not flooded.
    """

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.width = total, width
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = self._drawn = time.perf_counter()
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        now = time.perf_counter()
        if self.tty and (now - self._drawn >= 0.1 or done >= total):
            self._drawn = now
            self.stream.write("\r" + self._line(now) + "\x1b[K")
            self.stream.flush()

    def _line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        part = self.done / self.total if self.total else 1.0
        bar = "#" * int(part * self.width)
        _ = translator(current_language())
        done = _.ngettext("{done}/{n} game", "{done}/{n} games", self.total, done=self.done)
        eta = ("  " + _("about {seconds} s left", seconds=f"{(self.total - self.done) / rate:.0f}")
               if 0 < self.done < self.total else "")
        return f"{100 * part:3.0f}% [{bar:<{self.width}}] {done}  {speed(self.done, elapsed)}{eta}"

    def close(self, failed: bool = False) -> None:
        """End the bar: on a terminal, its last state; elsewhere one closing line.  After a
        failure, only end the line on a terminal (the error follows)."""
        elapsed = time.perf_counter() - self.start
        if failed:
            if self.tty and self.done:
                self.stream.write("\n")
        elif self.tty:
            self.stream.write("\r" + self._line(time.perf_counter()) + "\x1b[K\n")
        else:
            _ = translator(current_language())
            self.stream.write(_.ngettext("{n} game in {seconds} s ({speed})", "{n} games in {seconds} s ({speed})",
                                         self.done, seconds=number(elapsed, current_language(), 1),
                                         speed=speed(self.done, elapsed)) + "\n")
        self.stream.flush()


def speed(games: int, seconds: float) -> str:
    """How fast games went, readable at any speed: "118 games/s", "2.4 games/s", "3.1 s per game"."""
    lang = current_language()
    _ = translator(lang)
    seconds = max(seconds, 1e-9)
    rate = games / seconds
    if games == 0:
        return _("no game finished yet")
    if rate >= 1:
        return _("{rate} games/s", rate=number(rate, lang, 0 if rate >= 100 else 1))
    return _("{seconds} s per game", seconds=number(seconds / games, lang, 1))


def whole_number(text: str, signed: bool = False) -> int:
    """``text`` as an int if it is plain ASCII digits (a leading ``-`` when ``signed``), else
    ValueError: Python's ``int`` also takes ``" 1"``, ``"1_000"`` and other scripts' digits
    (``"٣"``), which a user who typed them did not mean as a number of games."""
    digits = text[1:] if signed and text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 4000:
        raise ValueError(text)
    return int(text)


def parse_int_list(text: str, low: int, high: int) -> tuple[int, ...]:
    """``"3"``, ``"1-6"``, ``"1,3,5"`` or ``"1-3,6"`` as a tuple of ints within ``low..high``."""
    values: list[int] = []
    for part in text.split(","):
        first, dash, last = part.partition("-")     # spaces around the items are only spaces
        try:
            lo, hi = whole_number(first.strip()), whole_number((last if dash else first).strip())
        except ValueError:
            _ = translator(current_language())
            raise argparse.ArgumentTypeError(_(
                "{text}: expected a number, a range like {low}-{high} or a list like 1,3,5",
                text=brief(text, 30), low=low, high=high)) from None
        if not (low <= lo <= hi <= high):
            _ = translator(current_language())
            raise argparse.ArgumentTypeError(_(
                "{text}: values must be within {low}-{high}, ranges low-high",
                text=brief(text, 30), low=low, high=high))
        values.extend(v for v in range(lo, hi + 1) if v not in values)
    return tuple(values)


def _simulate(args: argparse.Namespace) -> int:
    from . import simulate as sim

    if args.mode == "solo" and (args.red or args.white):
        raise sim.SimulationError("--red and --white name the policies of a two-player game; "
                                  "in solo, --policy names the player's")
    if args.mode == "two-player" and (args.player or args.difficulty):
        raise sim.SimulationError("--player and --difficulty are for solo games (--mode solo)")
    if args.dask and args.workers:
        raise sim.SimulationError("--workers counts local processes; with --dask the cluster's workers play")
    config = sim.SimConfig(
        mode=args.mode, edition=args.edition, difficulties=args.difficulty or (1,), player=args.player or "red",
        policy=args.policy, red=args.red or args.policy, white=args.white or args.policy, seed=args.seed,
        components=args.components)
    if args.out:
        sim.check_output(args.out)   # fail now, not after the games
    bar = None if args.no_progress else ProgressBar(args.games)
    rows = sim.iter_rows(config, args.games, workers=args.workers, dask=args.dask, chunk_size=args.chunk_size,
                         progress=bar, dask_timeout=args.dask_timeout)
    tally = sim.Tally()

    def counted() -> Iterator[dict[str, object]]:
        for row in rows:
            tally.add(row)
            yield row

    _ = translator(current_language())
    try:
        if args.out:
            written = sim.write_rows(counted(), args.out)
        else:
            written = sum(1 for _row in counted())
    except KeyboardInterrupt as stop:     # Ctrl-C, or SIGTERM (see main): end like a finished run, shorter
        if bar is not None:
            bar.close(failed=True)
        sim.close_workers(terminate=True)
        played = getattr(stop, "rows", None)       # the rows in the file kept, when there is one
        played = sum(g["games"] for g in tally.rows()) if played is None else played
        kept = getattr(stop, "path", None)
        if kept is not None:
            print(_.ngettext("dualpowers: interrupted; the first {n} game of the run is kept in {path}, "
                             "marked partial",
                             "dualpowers: interrupted; the first {n} games of the run are kept in {path}, "
                             "marked partial", played, path=kept), file=sys.stderr)
        else:
            print(_.ngettext("dualpowers: interrupted after {n} game", "dualpowers: interrupted after {n} games",
                             played), file=sys.stderr)
        if played:
            print(_("Partial run: {done} of {total} games.", done=played, total=args.games))
            print(_summary(tally.rows()))
        raise
    except BaseException:
        if bar is not None:
            bar.close(failed=True)
        raise
    if bar is not None:
        bar.close()
    if args.out:
        print(_.ngettext("wrote {n} row to {path}", "wrote {n} rows to {path}", written, path=args.out),
              file=sys.stderr)
    print(_summary(tally.rows()))
    return 0


def _summary(rows: list[Any]) -> str:
    """The closing table of a run: in English as scripts read it (:func:`simulate.format_summary`),
    in the terminal's language otherwise (:func:`tables.summary_text`)."""
    lang = current_language()
    if lang == "en":
        from . import simulate as sim
        return sim.format_summary(rows)
    from .tables import summary_text
    return summary_text(rows, lang)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line (and exit status 2), not the whole usage text."""

    def error(self, message: str) -> "NoReturn":
        line = _one_line(message)
        _ = translator(current_language())
        said = _("{prog}: {message}", prog=self.prog, message=line[:ERROR_WIDTH])
        self.exit(2, f"{said} " + _("(see: {command} --help)", command=self.prog) + "\n")


#: argparse's own texts that a user of this command can read (its usage, help headings and
#: usage mistakes), as argparse writes them (its msgids, %-formatted by argparse itself): the
#: catalog translates them under the context "argparse".  A text argparse adds in a later
#: Python is shown in English until it is added here.
ARGPARSE_TEXTS = (
    NP_("argparse", "usage: "),
    NP_("argparse", "positional arguments"),
    NP_("argparse", "options"),
    NP_("argparse", "show this help message and exit"),
    NP_("argparse", "show program's version number and exit"),
    NP_("argparse", "argument %(argument_name)s: %(message)s"),
    NP_("argparse", "unrecognized arguments: %s"),
    NP_("argparse", "the following arguments are required: %s"),
    NP_("argparse", "one of the arguments %s is required"),
    NP_("argparse", "not allowed with argument %s"),
    NP_("argparse", "ignored explicit argument %r"),
    NP_("argparse", "expected one argument"),
    NP_("argparse", "expected at most one argument"),
    NP_("argparse", "expected at least one argument"),
    NP_("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    NP_("argparse", "invalid %(type)s value: %(value)r"),
    NP_("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    NP_("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    NP_("argparse", "unexpected option string: %s"),
    NP_("argparse", " (default: %(default)s)"),
)
#: argparse's texts with plural forms.
ARGPARSE_PLURALS = (NN_("expected %s argument", "expected %s arguments"),)


@contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
    """While parsing, argparse's own texts in ``lang``: argparse looks each one up with its
    module's ``_`` and ``ngettext`` (the stdlib's gettext, domain "argparse", which has no
    catalog in most Pythons); they are pointed at this package's catalog for the time."""
    known = {msgid for _context, msgid in ARGPARSE_TEXTS}
    plurals = {singular: plural for singular, plural in ARGPARSE_PLURALS}

    def gettext(message: str) -> str:
        return pgettext("argparse", message, lang) if message in known else message

    def ngettext(singular: str, plural: str, n: int) -> str:
        if singular in plurals:
            return translator(lang).ngettext(singular, plural, n)
        return singular if n == 1 else plural

    saved = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    setattr(argparse, "_", gettext)
    setattr(argparse, "ngettext", ngettext)
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)


def language_from_environment(environ: "dict[str, str] | os._Environ[str] | None" = None) -> str:
    """The language the command writes in, chosen as gettext chooses one: the first of
    ``LANGUAGE`` (a list such as ``fr:en``), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is
    set; ``fr_FR.UTF-8`` is French.  English when none names a language of the catalogs
    (``C``, ``POSIX``, ``de_DE`` ...)."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":") if variable == "LANGUAGE" else [value]:
            code = re.split(r"[_.@-]", item.strip(), maxsplit=1)[0].lower()
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":     # the first locale that is set decides (gettext's rule)
            break
    return DEFAULT_LANGUAGE


def main(argv: list[str] | None = None) -> int:
    """Run the command; it writes in the language the environment names
    (:func:`language_from_environment`), for its duration only."""
    before = current_language()
    set_language(language_from_environment())
    try:
        with _argparse_in(current_language()):
            return _main(argv)
    finally:
        set_language(before)


def _main(argv: list[str] | None) -> int:
    _ = translator(current_language())    # the command's own help, in the reader's language
    parser = _Parser(prog="dualpowers", description=_("Dual Powers: Revolution 1917 rules engine"))
    parser.add_argument("--version", action="version", version=f"dualpowers {metadata.version('dualpowers')}",
                        help=pgettext("argparse", "show program's version number and exit", current_language()))
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rules", help=_("list every rule ID")).set_defaults(func=_rules)
    p = sub.add_parser("presence", help=_("Force in Presence of every region of a position"))
    p.add_argument("position", help=_("JSON file, JSON string or notation"))
    p.set_defaults(func=_presence)
    for name, func, helptext in (("new", _new, _("print a new game's notation")),
                                 ("random-game", _random_game, _("play a random game"))):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--seed", type=_seed, default=0)
        p.add_argument("--solo", choices=("red", "white"), help=_("solo game, playing this side"))
        p.add_argument("--difficulty", type=_difficulty, default=1, choices=DIFFICULTIES)
        p.add_argument("--edition", choices=EDITIONS, default="fr")
        if name == "random-game":
            p.add_argument("--quiet", action="store_true", help=_("print only the result"))
        p.set_defaults(func=func)
    _add_simulate(sub)
    args = parser.parse_args(argv)
    if sys.stderr is None:      # started with standard error closed (`2>&-`): print() would send its lines to stdout
        sys.stderr = open(os.devnull, "w")
    if sys.stdout is None:      # started with standard output closed (`>&-`): nothing could be said
        _error(render(Message(N_("cannot write the output (standard output is closed)")), current_language()))
        return 1
    stopped_by: list[int] = []
    stdout = sys.stdout
    with _sigterm_as_interrupt(stopped_by):
        try:
            sys.stdout = _Output(stdout)
            status = int(args.func(args))
            sys.stdout.flush()       # a closed pipe (`dualpowers rules | head -1`) shows here, not at exit
            return status
        except BrokenPipeError:      # the reader stopped reading: end quietly, as `cat` does
            _drop_output(stdout)
            return 128 + signal.SIGPIPE
        except OutputError as exc:   # a full disk: said once (what was left unwritten is dropped)
            _drop_output(stdout)
            _error(render(exc.message, current_language()))
            return 1
        except DualPowersError as exc:
            _error(refusal_text(exc, current_language()))
            return 2
        except OSError as exc:   # writing --out, reading --components ...: the user's file system
            _error(f"{exc.strerror or type(exc).__name__}: {brief(exc.filename or '', 120)}")
            return 2
        except KeyboardInterrupt as exc:
            if not hasattr(exc, "path") and args.command != "simulate":
                _error(_("interrupted"))
            return 128 + (stopped_by[0] if stopped_by else signal.SIGINT)   # 130 after Ctrl-C, 143 after SIGTERM
        except RecursionError:
            _error(_("the input is nested too deeply"))
            return 2
        except MemoryError:
            _error(_("out of memory"))
            return 1
        except Exception as exc:   # a bug: still one line, never a traceback on a user's terminal
            _error(_("internal error, please report it — {error}", error=f"{type(exc).__name__}: {exc}"))
            return 1
        finally:
            sys.stdout = stdout


def _drop_output(stdout: TextIO) -> None:
    """Point standard output at /dev/null, so that Python's own flush at exit finds nothing
    to fail on (a second, uglier report of the same failure)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
    except (OSError, ValueError, AttributeError):   # not a real file (a test's capture): nothing to flush at exit
        pass


@contextmanager
def _sigterm_as_interrupt(stopped_by: list[int]) -> Iterator[None]:
    """While the command runs, SIGTERM ends it the way Ctrl-C does (KeyboardInterrupt): a
    simulation then stops its workers and keeps the rows already played.  ``stopped_by``
    receives the signal's number, for the exit status (128 + it)."""
    def stop(signum: int, frame: object) -> None:
        stopped_by.append(signum)
        raise KeyboardInterrupt
    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:   # not the main thread (a test calling main() from a thread): leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


#: The longest error line the command prints.
ERROR_WIDTH = 400


def _one_line(message: str) -> str:
    """``message`` on one line: runs of ASCII white space made one space (a no-break space,
    which French writes before a colon, stays)."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", message).strip()


def _error(message: str) -> None:
    """One line on stderr, however long or multi-line the message."""
    line = _one_line(message)
    if len(line) > ERROR_WIDTH:
        line = line[: ERROR_WIDTH - 4] + " ..."
    _ = translator(current_language())
    # Translators: an error line of the command line, after the program's name ("dualpowers")
    print(_("{prog}: {message}", prog="dualpowers", message=line), file=sys.stderr)


class _DefaultsHelp(argparse.ArgumentDefaultsHelpFormatter):
    """``(default: X)`` after an option's help, but only where there is a default to show:
    an option whose default depends on others (``None``) says its default in its own words."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if (action.default is None or action.default is False or action.default is argparse.SUPPRESS
                or not action.option_strings or "%(default)" in (action.help or "")):
            return action.help
        # argparse's own " (default: …)" is English in every Python: said in the reader's language
        lang = current_language()
        said = pgettext("argparse", " (default: %(default)s)", lang)
        if isinstance(action.default, float):   # a number in the reader's form ("10", "2,5"), not "10.0"
            value = action.default
            said = said.replace("%(default)s", number(value, lang, 0 if value.is_integer() else 1))
        return (action.help or "") + said


#: The most games one run plays, workers it starts, games per task (argparse refuses more).
MAX_GAMES = 10 ** 12
MAX_WORKERS = 1024
MAX_CHUNK = 1_000_000


def _add_simulate(sub: Any) -> None:
    _ = translator(current_language())
    p = sub.add_parser(
        "simulate", help=_("play many games and summarise the win rates"),
        description=_("Play many games with computer policies, write one row per game (CSV or Parquet) and "
                    "print win rates with 95% Wilson confidence intervals. Ctrl-C or SIGTERM stops the run and "
                    "keeps the rows already played (--out PATH: in PATH with .partial before its suffix). "
                    "See docs/simulate.md."),
        formatter_class=_DefaultsHelp)
    p.add_argument("--games", "-n", type=_bounded(MAX_GAMES), default=100, help=_("how many games"))
    p.add_argument("--mode", choices=("solo", "two-player"), default="solo",
                   help=_("a solo game against the Opposition, or two computer players"))
    p.add_argument("--edition", choices=EDITIONS, default="fr", help=_("the rules edition (E-FR or E-IT)"))
    p.add_argument("--difficulty", type=lambda text: parse_int_list(text, 1, 6), default=None,
                   help=_("solo: the Opposition's difficulty, a range (1-6) or a list (1,3,5); games cycle "
                        "through them (default: 1)"))
    p.add_argument("--player", choices=("red", "white", "both"), default=None,
                   help=_("solo: the side the policy plays; 'both' alternates (default: red)"))
    p.add_argument("--policy", default="random", metavar="SPEC",
                   help=_("the solo player's policy (random, greedy, advisor[:k=v,...], advisor-v1, advisor-v2); "
                        "in two-player, both sides' unless --red/--white say otherwise"))
    p.add_argument("--red", metavar="SPEC", help=_("two-player: red's policy"))
    p.add_argument("--white", metavar="SPEC", help=_("two-player: white's policy"))
    p.add_argument("--seed", type=_seed, default=0, help=_("base seed; game i's seed is derived from it and i"))
    p.add_argument("--components", metavar="PATH",
                   help=_("play with this components file (TOML or JSON) instead of the packaged stand-in"))
    p.add_argument("--workers", "-j", type=_bounded(MAX_WORKERS), default=None,
                   help=_("local worker processes; 1 plays in this process (default: every core)"))
    p.add_argument("--dask", metavar="ADDRESS", help=_("run on the Dask cluster whose scheduler is at ADDRESS "
                   "(tcp://host:8786); needs the 'sim' extra"))
    p.add_argument("--dask-timeout", type=_seconds, default=10.0, metavar="SECONDS",
                   help=_("how long to wait for the scheduler and a first worker"))
    p.add_argument("--chunk-size", type=_bounded(MAX_CHUNK), default=None, metavar="GAMES",
                   help=_("games per task (default: about 16 tasks per worker, at most 250)"))
    p.add_argument("--out", "-o", metavar="PATH",
                   help=_("write one row per game to PATH (*.csv or *.parquet): a new file, or a regular file "
                        "replaced at the end; a link, a pipe or a device is refused"))
    p.add_argument("--no-progress", action="store_true",
                   help=_("no progress bar (on stderr; when stderr is not a terminal it is one closing line)"))
    p.set_defaults(func=_simulate)


def _seed(text: str) -> int:
    try:
        value = whole_number(text, signed=True)
    except ValueError:
        _ = translator(current_language())
        raise argparse.ArgumentTypeError(_("expected a whole number, not {text}", text=brief(text, 30))) from None
    if not -(2**63) <= value < 2**63:
        _ = translator(current_language())
        raise argparse.ArgumentTypeError(_("a seed is a whole number within 64 bits"))
    return value


def _seconds(text: str) -> float:
    try:
        if not re.fullmatch(r"[0-9]{1,20}(\.[0-9]{0,20})?|\.[0-9]{1,20}", text):
            raise ValueError(text)
        value = float(text)
    except ValueError:
        value = -1.0
    if not (0 < value <= 86400):   # also refuses nan and inf
        _ = translator(current_language())
        raise argparse.ArgumentTypeError(_("expected a number of seconds > 0 (at most a day), not {text}",
                                           text=brief(text, 30)))
    return value


def _difficulty(text: str) -> int:
    try:
        return whole_number(text)
    except ValueError:
        _ = translator(current_language())
        raise argparse.ArgumentTypeError(_("expected a difficulty from {low} to {high}, not {text}",
                                           low=DIFFICULTIES[0], high=DIFFICULTIES[-1], text=brief(text, 30))) from None


def _bounded(high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from 1 to ``high``."""
    def whole(text: str) -> int:
        try:
            value = whole_number(text)
        except ValueError:   # not plain digits, or too many of them
            value = 0
        if not 1 <= value <= high:
            lang = current_language()
            _ = translator(lang)
            raise argparse.ArgumentTypeError(_("expected a whole number from 1 to {high}, not {text}",
                                               high=number(high, lang, 0), text=brief(text, 30)))
        return value
    whole.__name__ = "whole number"     # argparse names the type in some messages
    return whole


if __name__ == "__main__":
    raise SystemExit(main())
