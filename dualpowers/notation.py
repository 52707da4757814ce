"""A one-line text notation for positions (see docs/notation.md).

Example (start of a two-player game, wrapped here)::

    DP1 2p fr mar-apr1 r 0 n1/n4/n2/n6/n5/n3 gw:rpbn: g-r hr=r4,... turn=objective:r seed=7:3

Fields in order: version, mode (``2p`` or ``solo-<player r|w><difficulty>``),
edition, date, Will, score (+ toward red), the six regions in component order
separated by ``/`` (tokens by id, ``'`` = exhausted side up), tiles
``<unrest><blockade>:<stack>:<discard>`` as region codes (``-`` = none), the
blockade marker, then ``key=value`` fields for everything else.  Reading goes
through the same checks as JSON positions.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from .dates import MONTHS
from .components import SIDES, Components
from .errors import NotationError, PositionError, brief
from .text import N_, Message, Quantity
from .scoring import Ending, outcome
from .schema import json_kind
from .serialize import read_position, state_to_dict

if TYPE_CHECKING:
    from .position import Position

    P = TypeVar("P", bound=Position)

__all__ = ["to_notation", "read_notation"]

VERSION_TAG = "DP1"
#: The longest notation read (a real position is well under 1,000 characters).
MAX_NOTATION = 10_000
_DATE = re.compile(r"^([a-z-]+?)(\d{1,2})$")
_FLAGS = {"b": "bonus_pending", "l": "leader_recruited", "s": "leader_special_used"}
_LIST_FIELDS = {
    "hr": ("hands", "red"), "hw": ("hands", "white"), "pr": ("played", "red"), "pw": ("played", "white"),
    "deck": ("deck", None), "disc": ("discard", None), "gone": ("out_of_game", None),
    "ostack": ("opposition", "stack"), "olead": ("opposition", "leaders"),
}


def _card_code(comp: Components, card: str) -> str:
    return comp.card_code(card)


def _card_id(comp: Components, code: str) -> str:
    return comp.card_from_code(code)


def _codes(comp: Components, regions: list[str] | None) -> str:
    return "".join(next(r.code for r in comp.regions if r.name == n) for n in regions or [])


def to_notation(s: Position) -> str:
    comp = s.comp
    d = state_to_dict(s)
    mode = "2p" if s.mode == "two-player" else f"solo-{s.player[0]}{s.difficulty}"  # type: ignore[index]  # a solo state has a player
    score = f"+{s.score}" if s.score > 0 else str(s.score)
    board = "/".join(",".join(t + ("'" if t in s.exhausted else "") for t in toks) for _, toks in s.iter_board())

    def one(region: str | None) -> str:
        return _codes(comp, [region]) if region else "-"

    tiles = f"{one(s.unrest)}{one(s.blockade_tile)}:{_codes(comp, s.tile_stack)}:{_codes(comp, s.tile_discard)}"
    blockade = "-".join(_codes(comp, [r]) for r in s.blockade) if s.blockade else "-"
    fields = [VERSION_TAG, mode, s.edition, f"{MONTHS[s.month]}{s.day}", s.will[0], score, board, tiles, blockade]
    if d["removed"]:
        fields.append("out=" + ",".join(d["removed"]))
    if d["waiting"]:
        fields.append("wait=" + ",".join(d["waiting"]))
    for key, (top, sub) in _LIST_FIELDS.items():
        value = d.get(top)
        if sub is not None and value is not None:
            value = value.get(sub)
        if value:
            fields.append(key + "=" + ",".join(_card_code(comp, c) for c in value))
    for side in SIDES:
        objective = s.objectives[side]
        if objective:
            fields.append(f"o{side[0]}=" + _card_code(comp, objective) + ("!" if s.revealed[side] else ""))
        elif s.revealed[side]:
            fields.append(f"o{side[0]}=!")
    fields.append(f"round={s.round}")
    flags = "".join(k for k, name in _FLAGS.items() if getattr(s, name))
    turn = [s.step, s.to_act[0] if s.to_act else "-", str(s.turn_index),
            _card_code(comp, s.card) if s.card else "-", flags or "-"]
    fields.append("turn=" + ":".join(turn))
    if s.turn_order:
        fields.append("order=" + "".join(x[0] for x in s.turn_order))
    fields.append(f"seed={s.seed}:{s.shuffles}")
    if s.won_by:
        over = outcome(s)
        assert over is not None
        fields.append(f"end={over.winner[0]}:{over.ending.value}")
    return " ".join(fields)


def _side(letter: str, what: str) -> str:
    for side in SIDES:
        if letter == side[0]:
            return side
    raise NotationError(Message(N_("{path}: expected 'r' or 'w', got {value}"), path=what, value=brief(letter, 20)))


def read_notation(blank: P, text: str) -> P:
    """Read a position written by :func:`to_notation` into ``blank``, a new
    ``State(components)``; raises :class:`NotationError` or another PositionError.
    :meth:`State.from_notation` is the public way in."""
    comp = blank.comp
    if not isinstance(text, str):
        raise NotationError(Message(N_("notation must be a string, not {value}"), value=json_kind(text)))
    if len(text) > MAX_NOTATION:
        raise NotationError(Message(N_("a notation is one line of at most {limit} characters, not {n}"), limit=Quantity(MAX_NOTATION), n=Quantity(len(text))))
    parts = text.split()
    if len(parts) < 9:
        raise NotationError(Message(N_("a position needs at least 9 space-separated fields, got {n}: {value}"), n=len(parts), value=brief(text)))
    if parts[0] != VERSION_TAG:
        raise NotationError(Message(N_("notation must start with {tag}, not {value}"), tag=repr(VERSION_TAG), value=brief(parts[0], 30)))
    mode, edition, date, will, score, board, tiles, blockade = parts[1:9]
    d: dict[str, Any] = {"edition": edition}
    if mode == "2p":
        d["mode"] = "two-player"
    else:
        m = re.fullmatch(r"solo-([rw])(\d)", mode)
        if not m:
            raise NotationError(Message(N_("mode must be '2p' or like 'solo-w3', not {value}"), value=brief(mode, 40)))
        d["mode"] = "solo"
        d["solo"] = {"player": _side(m.group(1), "mode"), "difficulty": int(m.group(2))}
    m = _DATE.match(date)
    if not m:
        raise NotationError(Message(N_("date must look like 'jul12', not {value}"), value=brief(date, 40)))
    d["date"] = {"month": m.group(1), "day": int(m.group(2))}
    d["will"] = _side(will, "Will")
    try:
        d["score"] = int(score)
    except ValueError:
        raise NotationError(Message(N_("score must be a number like +3, -2 or 0, not {value}"), value=brief(score, 40))) from None
    groups = board.split("/")
    if len(groups) != len(comp.region_names):
        raise NotationError(Message(N_("the board field needs {n} regions separated by '/', got {got}"), n=len(comp.region_names), got=len(groups)))
    d["regions"] = {}
    for region, group in zip(comp.region_names, groups):
        if group:
            d["regions"][region] = [
                {"id": t.rstrip("'"), "side": "exhausted"} if t.endswith("'") else {"id": t}
                for t in group.split(",")
            ]

    def region_of(code: str, what: str) -> str | None:
        if code == "-":
            return None
        if code not in comp.region_by_code:
            raise NotationError(Message(N_("{path}: unknown region code {value} (codes: {codes})"), path=what, value=brief(code, 40), codes=''.join(r.code for r in comp.regions)))
        return comp.region_by_code[code]

    tparts = tiles.split(":")
    if len(tparts) != 3 or len(tparts[0]) != 2:
        raise NotationError(Message(N_("tiles must look like 'ng:rpwb:' (unrest, blockade : stack : discard), not {value}"), value=brief(tiles, 40)))
    d["unrest"] = region_of(tparts[0][0], "unrest tile")
    d["blockade_tile"] = region_of(tparts[0][1], "blockade tile")
    d["tiles"] = {"stack": [region_of(ch, "tile stack") for ch in tparts[1]],
                  "discard": [region_of(ch, "tile discard") for ch in tparts[2]]}
    if blockade == "-":
        d["blockade"] = None
    else:
        ends = blockade.split("-")
        if len(ends) != 2:
            raise NotationError(Message(N_("blockade must look like 'g-r' or '-', not {value}"), value=brief(blockade, 40)))
        d["blockade"] = [region_of(ends[0], "blockade"), region_of(ends[1], "blockade")]
    d["hands"], d["played"], d["objectives"] = {}, {}, {}
    d["revealed"] = []
    turn: dict[str, Any] = {}
    d["deck"] = []
    seen: set[str] = set()
    for field in parts[9:]:
        key, sep, value = field.partition("=")
        if not sep:
            raise NotationError(Message(N_("expected key=value, got {value}"), value=brief(field, 40)))
        if key in seen:
            raise NotationError(Message(N_("the field {value}= is given twice"), value=brief(key, 20)))
        seen.add(key)
        items = [x for x in value.split(",") if x]
        if key in _LIST_FIELDS:
            top, sub = _LIST_FIELDS[key]
            cards = [_card_id(comp, x) for x in items]
            if sub is None:
                d[top] = cards
            else:
                d.setdefault(top, {})[sub] = cards
        elif key == "out":
            d["removed"] = items
        elif key == "wait":
            d["waiting"] = items
        elif key in ("or", "ow"):
            side = _side(key[1], key)
            if value.endswith("!"):
                d["revealed"].append(side)
                value = value[:-1]
            if value:
                d["objectives"][side] = _card_id(comp, value)
        elif key == "round":
            d["round"] = _number(value, "round")
        elif key == "turn":
            bits = value.split(":")
            if len(bits) != 5:
                raise NotationError(Message(N_("turn must look like 'card:r:0:-:-', not {value}"), value=brief(value, 40)))
            step, actor, index, card, flags = bits
            turn.update(step=step, to_act=None if actor == "-" else _side(actor, "turn"),
                        index=_number(index, "turn index"), card=None if card == "-" else _card_id(comp, card))
            for f in flags.replace("-", ""):
                if f not in _FLAGS:
                    raise NotationError(Message(N_("unknown turn flag {value} (flags: {flags})"), value=brief(f, 40), flags=''.join(_FLAGS)))
                turn[_FLAGS[f]] = True
        elif key == "order":
            turn["order"] = [_side(ch, "order") for ch in value]
        elif key == "seed":
            seed, _, shuffles = value.partition(":")
            d["seed"], d["shuffles"] = _number(seed, "seed"), _number(shuffles or "0", "shuffles")
        elif key == "end":
            who, _, ending = value.partition(":")
            # the ending (track, oct-nov, solo-round-3); what earlier notations wrote there, the
            # English reason quoted, is not needed: how a game ended is read from its position
            known = ending in {e.value for e in Ending}
            d["result"] = {"winner": _side(who, "end"), **({"ending": ending} if known else {})}
        else:
            raise NotationError(Message(N_("unknown field {value} in notation"), value=brief(key, 40)))
    d["turn"] = turn
    try:
        return read_position(blank, d)
    except NotationError:
        raise
    except PositionError as exc:
        raise type(exc)(Message(N_("in notation: {reason}"), reason=exc.message if exc.message is not None else str(exc))) from None


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(Message(N_("{path} must be a whole number, not {value}"), path=what, value=brief(text, 40))) from None
