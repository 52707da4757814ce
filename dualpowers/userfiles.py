"""Every file a user hands in is read (and every file of theirs written) here, and only here.

Positions, saved games, course progress, tutorial and course data and components
files all come through :func:`read_text` / :func:`read_json`, so they fail the same
way: with the caller's own error class (a :class:`~dualpowers.errors.Told`) whose
message names the file and is written in the reader's language.

* Only a regular file is read.  The path is checked before it is opened, and it is
  opened non-blocking and checked again on the open descriptor: a FIFO would wait
  for a writer forever, ``/dev/zero`` never ends, and a name can be swapped between
  the check and the open.
* At most :data:`MAX_BYTES` + 1 bytes are read: the size the file system reports is
  never trusted (it is 0 for ``/dev/zero`` and for ``/proc`` files).
* The bytes must be UTF-8; a leading byte-order mark (as Windows editors write) is
  dropped.
* JSON goes through :func:`dualpowers.schema.decode_json` (deep nesting, integers over
  4,300 digits); each reader then checks the data with its JSON Schema, whose
  :func:`~dualpowers.schema.prescan` refuses non-finite numbers (``NaN``, ``Infinity``,
  ``1e400``), giant integers and over-long texts, naming the field.

:func:`write_text` writes a file whole or not at all (a temporary file renamed over
it), so a failed save leaves the old file as it was.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from .errors import DualPowersError, brief
from .text import N_, Message, Quantity
from .schema import MAX_TEXT, decode_json

__all__ = ["MAX_BYTES", "check_regular", "os_reason", "read_bytes", "read_text", "read_json", "write_text", "strip_bom", "named", "THE_FILE",
           "THE_POSITION_FILE", "THE_SAVED_GAME_FILE", "THE_PROGRESS_FILE", "THE_TUTORIAL_FILE", "THE_COURSE_FILE",
           "THE_COMPONENTS_FILE", "THE_RESULTS_FILE"]

#: The most bytes any file a user hands in may hold (a saved game of 5,000 actions is far below).
MAX_BYTES = MAX_TEXT
#: The files a user hands in, as messages about them name them.
THE_FILE = N_("the file")
THE_POSITION_FILE = N_("the position file")
THE_SAVED_GAME_FILE = N_("the saved game file")
THE_PROGRESS_FILE = N_("the course progress file")
THE_TUTORIAL_FILE = N_("the tutorial file")
THE_COURSE_FILE = N_("the course file")
THE_COMPONENTS_FILE = N_("the components file")
THE_RESULTS_FILE = N_("the results file")

#: Why the system refused, by errno, in words a translator sees (others are named by their code).
_REASONS = {
    errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("its folder does not exist"), errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EISDIR: N_("it is a folder"), errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"), errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the file system is read-only"), errno.EIO: N_("an input/output error"),
    errno.EBADF: N_("it is not open for writing"),
}


def named(what: str | Message, path: str | os.PathLike[str]) -> Message:
    """``the course progress file 'p.json'``: what a file is, and its name (shortened)."""
    return Message(N_("{what} {path}"), what=what if isinstance(what, Message) else Message(what),
                   path=brief(os.fsdecode(path), 120))


def os_reason(exc: OSError) -> Message:
    msgid = _REASONS.get(exc.errno or 0)
    if msgid is not None:
        return Message(msgid)
    code = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return Message(N_("system error {code}"), code=code)


def strip_bom(text: str) -> str:
    """The text without a leading UTF-8 byte-order mark."""
    return text[1:] if text.startswith("\ufeff") else text


def _refuse_kind(mode: int, name: Message, error: type[DualPowersError]) -> None:
    if stat.S_ISDIR(mode):
        raise error(Message(N_("{what} is a folder, not a file"), what=name))
    if not stat.S_ISREG(mode):
        raise error(Message(N_("{what} is not a regular file (a pipe, a device or a socket is not read)"), what=name))


def check_regular(path: str | os.PathLike[str], error: type[DualPowersError], what: str | Message = THE_FILE) -> None:
    """Refuse a path that is not an existing regular file (as :func:`read_bytes` does before it opens
    one); also for a reader that opens the file itself and needs no size limit (a results file)."""
    name = named(what, path)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise error(_unreadable(name, exc)) from None
    except ValueError:   # a NUL character in the name
        raise error(Message(N_("{what} is not a valid file name"), what=name)) from None
    _refuse_kind(mode, name, error)


def _unreadable(name: Message, exc: OSError) -> Message:
    if isinstance(exc, (FileNotFoundError, NotADirectoryError)):
        return Message(N_("{what} does not exist"), what=name)
    return Message(N_("{what} cannot be read ({reason})"), what=name, reason=os_reason(exc))


#: Open without waiting (a FIFO would wait for a writer) and never as a controlling terminal.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: str | os.PathLike[str], error: type[DualPowersError], what: str | Message = THE_FILE,
               *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else raises ``error``."""
    check_regular(path, error, what)
    name = named(what, path)
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:      # replaced or removed since the check
        raise error(_unreadable(name, exc)) from None
    try:
        _refuse_kind(os.fstat(fd).st_mode, name, error)   # the file opened is the file checked
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise error(_unreadable(name, exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(Message(N_("{what} is too large: more than {limit} bytes"), what=name, limit=Quantity(limit)))
    return data


def read_text(path: str | os.PathLike[str], error: type[DualPowersError], what: str | Message = THE_FILE,
              *, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a user's file (a byte-order mark dropped); see the module's docstring."""
    data = read_bytes(path, error, what, limit=limit)
    try:
        return strip_bom(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise error(Message(N_("{what} is not UTF-8 text (byte {n})"), what=named(what, path), n=exc.start)) from None


def read_json(path: str | os.PathLike[str], error: type[DualPowersError], what: str | Message = THE_FILE,
              *, limit: int = MAX_BYTES) -> Any:
    """The JSON data of a user's file: :func:`read_text`, then :func:`~dualpowers.schema.decode_json`."""
    return decode_json(read_text(path, error, what, limit=limit), error, named(what, path))


def write_text(path: str | os.PathLike[str], text: str, error: type[DualPowersError],
               what: str | Message = THE_FILE) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a temporary file beside it is
    renamed over it, so a failure (no such folder, no permission, a full disk) leaves the
    old file as it was, and raises ``error`` saying why."""
    target = Path(path)
    name = named(what, path)
    if target.is_dir():
        raise error(Message(N_("{what} cannot be written ({reason})"), what=name, reason=Message(N_("it is a folder"))))
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with open(part, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, target)
    except OSError as exc:
        raise error(Message(N_("{what} cannot be written ({reason})"), what=name, reason=os_reason(exc))) from None
    except ValueError:
        raise error(Message(N_("{what} is not a valid file name"), what=name)) from None
    finally:
        try:
            part.unlink(missing_ok=True)
        except (OSError, ValueError):
            pass
