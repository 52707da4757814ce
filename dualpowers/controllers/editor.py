"""The position editor behind the analyzer widget (no Jupyter imports).

The editor keeps a *partial position* -- the dict that
:meth:`dualpowers.State.from_dict` reads -- and rebuilds it through the engine
after every change.  Validation is therefore exactly the engine's: when the
engine refuses the position, :attr:`PositionEditor.error` holds its
:class:`~dualpowers.PositionError` message and :attr:`PositionEditor.state` is
``None``.

Tokens are added from a *palette*: one entry per kind of physical token
(a red unit showing 2 fresh and 1 exhausted, Lenin, the neutral Trotsky, a
level-3 Opposition unit ...).  Adding picks the lowest-numbered token of that
kind that is not on the board yet; when every token of the kind is already
placed, a description is added instead, so that the engine itself reports
that the game has no more of them.

Clicking a token either flips it (fresh <-> exhausted) or removes it,
depending on :attr:`PositionEditor.click_mode`.

Positions imported from JSON or notation may carry more than the board (hands,
deck, turn ...).  Those fields are kept in :attr:`PositionEditor.extras` and
passed on unchanged, so an import followed by an export gives the same
position; :meth:`PositionEditor.drop_extras` keeps the board only.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..dates import MONTHS, check_date
from ..components import SIDES, Components, default_components
from ..errors import DualPowersError, EditorError, InvalidDate, PositionError, brief
from ..kinds.base import NO_SUCH_REGION
from ..text import N_, Items, Message
from ..schema import THE_POSITION, decode_json, json_kind
from ..serialize import NOT_AN_OBJECT, read_position
from ..presence import Presence, force_in_presence, presence_table
from ..state import State

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PaletteItem", "PositionEditor", "BOARD_KEYS"]

# ---------------------------------------------------------------------------- the editor's words
# Templates (see dualpowers.narration) so that the analyzer writes them in the notebook's
# language with dualpowers.text.render; ``.message`` and ``.label`` are the English.
ADDED_FRESH = N_("Added {token} (fresh) to {region}.")
ADDED_EXHAUSTED = N_("Added {token} (exhausted) to {region}.")
FLIPPED_FRESH = N_("Flipped {token} in {region} to its fresh side.")
FLIPPED_EXHAUSTED = N_("Flipped {token} in {region} to its exhausted side.")
REMOVED = N_("Removed {token} from {region}.")
REMOVED_ONE = N_("Removed a token from {region}.")
NOT_EDITORS = N_("{token} is not one of the editor's tokens.")
CLEARED = N_("Cleared {region}.")
CLEARED_ALL = N_("Cleared every region.")
DATE_SET = N_("Date set to {month:month} {day}.")
WILL_SET = N_("The Will of the People is with {side}.")
SCORE_SET = N_("Score set to {score}.")
UNREST_SET = N_("Unrest: {region}.")
UNREST_NONE = N_("Unrest: none.")
BLOCKADE_SET = N_("Blockade: {a}-{b}.")
BLOCKADE_NONE = N_("Blockade: none.")
MODE_SOLO = N_("Mode: solo, you play {side}, difficulty {difficulty}.")
MODE_TWO = N_("Mode: two-player.")
MODE_OTHER = N_("Mode: {mode}.")
EDITION_SET = N_("Edition: {edition}.")
BOARD_ONLY = N_("Kept the board only (cards, tiles and turn data dropped).")
LOADED = N_("Loaded a position.")
IMPORTED_JSON = N_("Imported a JSON position.")
IMPORTED_NOTATION = N_("Imported a notation position.")
PALETTE_OPPOSITION_UNIT = N_("Opposition unit, level {level} (fresh {fresh} / exhausted X)")
PALETTE_UNIT = N_("{side:cap} unit, fresh {fresh} / exhausted {exhausted}, recruit {recruit}")
PALETTE_NEUTRAL_UNIT = N_("Neutral unit, fresh {fresh} / exhausted {exhausted}")
PALETTE_LEADER = N_("{side:cap} leader {leader} (fresh {fresh} / exhausted {exhausted})")
PALETTE_NEUTRAL_TROTSKY = N_("Trotsky, neutral Trotsky ({token}: fresh {fresh} / exhausted {exhausted})")
PALETTE_RED_TROTSKY = N_("Trotsky, red Trotsky ({token}: fresh {fresh} / exhausted {exhausted})")
PALETTE_COUNT = N_("{label} x{n}")
ONLY_ONE = N_("There is only one {token}, and it is already on the board ({where}): remove it or move it first.")
TOKEN_IN = N_("{token} in {region}")
CLICK_MODE = N_("click mode must be one of {modes}, not {value}")
NOT_TEXT = N_("paste a position as text, not {value}")
NOT_EXPORTABLE = N_("the position is not valid, so it cannot be exported: {reason}")
CANNOT_IMPORT = N_("cannot import this text ({value})")
ENTRY_FRESH = N_("{region}: {token} (fresh)")
ENTRY_EXHAUSTED = N_("{region}: {token} (exhausted)")
ENTRY_DESCRIBED_FRESH = N_("{region}: {what} (fresh)")
ENTRY_DESCRIBED_EXHAUSTED = N_("{region}: {what} (exhausted)")

#: Position fields the editor edits itself; anything else in an import is an "extra".
BOARD_KEYS = ("mode", "edition", "solo", "date", "will", "score", "unrest", "blockade", "regions")
_DROPPED_KEYS = ("schema", "version")
#: What an import may change; restored when it fails (PositionEditor._transaction).
_EDITED_FIELDS = ("mode", "player", "difficulty", "edition", "month", "day", "will", "score", "unrest", "blockade",
                  "board", "extras", "state", "error", "error_type", "error_message", "message", "message_data")
CLICK_MODES = ("flip", "remove")


@dataclass(frozen=True)
class PaletteItem:
    """One kind of physical token the user can put on the board."""

    key: str                 # stable identifier, e.g. "red-unit-2-1", "Lenin", "opposition-unit-L3"
    label: str               # what a menu shows
    owner: str               # "red", "white", "neutral" or "opposition"
    kind: str                # "unit", "leader" or "trotsky"
    ids: tuple[str, ...]     # the interchangeable tokens of this kind, lowest first
    fresh: int
    exhausted: int | None    # None: an Opposition unit (its tired side shows the difficulty X)
    level: int = 0
    label_message: Message | None = field(default=None, compare=False)   # the label as data, for narrate

    def describe(self, exhausted: bool) -> dict[str, Any]:
        """A token entry naming the kind but no id (lets the engine pick, or complain)."""
        entry: dict[str, Any] = {"owner": self.owner, "kind": self.kind}
        if self.kind == "unit":
            if self.owner == "opposition":
                entry["level"] = self.level
            else:
                entry["fresh"] = self.fresh
                entry["exhausted"] = self.exhausted
        else:
            return {"id": self.ids[0], **({"side": "exhausted"} if exhausted else {})}
        if exhausted:
            entry["side"] = "exhausted"
        return entry


def build_palette(comp: Components) -> list[PaletteItem]:
    """Palette entries in a friendly order: red, white, neutral, Opposition; units, leaders, Trotsky."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for tid, spec in comp.tokens.items():
        groups.setdefault(spec.type_key, []).append(tid)
    owner_rank = {"red": 0, "white": 1, "neutral": 2, "opposition": 3}
    kind_rank = {"unit": 0, "leader": 1, "trotsky": 2}
    items = []
    for ids in groups.values():
        spec = comp.tokens[ids[0]]
        values: dict[str, Any] = {"fresh": spec.fresh, "exhausted": spec.exhausted}
        if spec.kind == "unit" and spec.owner == "opposition":
            key = f"opposition-unit-L{spec.level}"
            label = Message(PALETTE_OPPOSITION_UNIT, level=spec.level, **values)
        elif spec.kind == "unit":
            key = f"{spec.owner}-unit-{spec.fresh}-{spec.exhausted}"
            label = (Message(PALETTE_NEUTRAL_UNIT, **values) if spec.owner == "neutral"
                     else Message(PALETTE_UNIT, side=spec.owner, recruit=spec.recruit, **values))
        elif spec.kind == "leader":
            key = spec.id
            label = Message(PALETTE_LEADER, side=spec.owner, leader=spec.id, **values)
        else:
            key = spec.id
            label = Message(PALETTE_NEUTRAL_TROTSKY if spec.owner == "neutral" else PALETTE_RED_TROTSKY,
                            token=spec.id, **values)
        if len(ids) > 1:
            label = Message(PALETTE_COUNT, label=label, n=len(ids))
        items.append(PaletteItem(key, label.text, spec.owner, spec.kind, tuple(ids), spec.fresh, spec.exhausted,
                                 spec.level, label))
    items.sort(key=lambda p: (owner_rank[p.owner], kind_rank[p.kind], p.level, -p.fresh,
                              -(p.exhausted if p.exhausted is not None else 0), comp.token_order[p.ids[0]]))
    return items


class PositionEditor:
    """Edit a position and see it through the engine's eyes.

    Every setter validates at once: read :attr:`state` (a :class:`~dualpowers.State`
    or ``None``) and :attr:`error` (the engine's message or ``None``).
    Register ``on_change(callback)`` to hear about every change (the widget does).
    """

    def __init__(self, state: State | None = None, *, components: Components | None = None, seed: int = 0) -> None:
        self.comp = components or default_components()
        self.palette: list[PaletteItem] = build_palette(self.comp)
        self._palette_by_key = {p.key: p for p in self.palette}
        self._palette_of_token = {t: p for p in self.palette for t in p.ids}
        self.selected: str = self.palette[0].key
        self.selected_exhausted: bool = False
        self.click_mode: str = "flip"
        self._listeners: list[Callable[["PositionEditor"], None]] = []
        self.state: State | None = None
        self.error: str | None = None
        self.error_type: str | None = None
        self.error_message: Message | None = None  # the engine's reason as data (PositionError.message)
        self.message: str = ""                     # the last change, in English
        self.message_data: Message | None = None   # the same as data, for text.render
        self._reset_fields()
        if state is None:
            state = _starting_board(self.comp, seed)
            self._load(state, keep_extras=False)
        else:
            self._load(state, keep_extras=True)
        # The first position is the engine's own (a starting board or a State), so only its rules
        # are checked: the schema check (and the import of jsonschema) waits for the first edit.
        self._validate(check_shape=False)

    # ------------------------------------------------------------------ fields
    def _reset_fields(self) -> None:
        self.mode = "two-player"
        self.player = "red"
        self.difficulty = 1
        self.edition = "fr"
        self.month = MONTHS[0]
        self.day = 1
        self.will = "red"
        self.score = 0
        self.unrest: str | None = None
        self.blockade: tuple[str, str] | None = None
        self.board: dict[str, list[dict[str, Any]]] = {r: [] for r in self.comp.region_names}
        self.extras: dict[str, Any] = {}

    # ------------------------------------------------------------------ observers
    def on_change(self, callback: Callable[["PositionEditor"], None]) -> None:
        """Call ``callback(editor)`` after every change."""
        self._listeners.append(callback)

    def _say(self, message: Message | None) -> None:
        """Keep the last message as data (:attr:`message_data`) and its English text (:attr:`message`)."""
        self.message_data = message
        self.message = message.text if message is not None else ""

    def _changed(self, message: Message | None = None) -> None:
        self._say(message)
        self._validate()
        for cb in list(self._listeners):
            cb(self)

    # ------------------------------------------------------------------ the position
    def position_dict(self) -> dict[str, Any]:
        """The partial position the editor hands to the engine (a fresh copy)."""
        d: dict[str, Any] = {"mode": self.mode, "edition": self.edition}
        if self.mode == "solo":
            d["solo"] = {"player": self.player, "difficulty": self.difficulty}
        d["date"] = {"month": self.month, "day": self.day}
        d["will"] = self.will
        d["score"] = self.score
        d["unrest"] = self.unrest
        d["blockade"] = list(self.blockade) if self.blockade else None
        d["regions"] = {r: [dict(e) for e in entries] for r, entries in self.board.items() if entries}
        d.update(json.loads(json.dumps(self.extras)))
        return d

    def _validate(self, *, check_shape: bool = True) -> None:
        try:
            self.state = read_position(State(self.comp), self.position_dict(), check_shape=check_shape)
        except PositionError as exc:
            self.state, self.error, self.error_type = None, str(exc), type(exc).__name__
            self.error_message = exc.message
        else:
            self.error = self.error_type = self.error_message = None

    @property
    def valid(self) -> bool:
        return self.state is not None

    def status(self) -> str:
        """One line: the engine's verdict on the position."""
        if self.error:
            return f"{self.error_type}: {self.error}"
        return "The engine accepts this position."

    # ------------------------------------------------------------------ palette and tokens
    def palette_item(self, key: str) -> PaletteItem:
        try:
            return self._palette_by_key[key]
        except KeyError:
            raise KeyError(f"no palette entry {key!r} (entries: {', '.join(self._palette_by_key)})") from None

    def palette_item_of(self, token: str) -> PaletteItem:
        return self._palette_of_token[token]

    def select(self, key: str, exhausted: bool | None = None) -> None:
        """Choose what a click on a region adds."""
        self.palette_item(key)
        self.selected = key
        if exhausted is not None:
            self.selected_exhausted = bool(exhausted)

    def set_click_mode(self, mode: str) -> None:
        """What a click on a token does: ``"flip"`` (fresh <-> exhausted) or ``"remove"``."""
        if mode not in CLICK_MODES:
            raise EditorError(Message(CLICK_MODE, modes=", ".join(CLICK_MODES), value=repr(mode)))
        self.click_mode = mode

    def _used_ids(self) -> set[str]:
        used = {e["id"] for entries in self.board.values() for e in entries if "id" in e}
        for key in ("removed", "waiting"):
            used.update(x for x in self.extras.get(key, []) if isinstance(x, str))
        return used

    def free_ids(self, key: str) -> list[str]:
        """Tokens of a palette kind that the editor has not placed anywhere yet."""
        used = self._used_ids()
        return [t for t in self.palette_item(key).ids if t not in used]

    def add(self, region: str, key: str | None = None, exhausted: bool | None = None) -> str | None:
        """Add a token of the selected (or given) kind to ``region``; return its id.

        A unique token (a leader, Trotsky) that is already on the board is refused
        with a ValueError saying where it is, and nothing changes.  When every unit
        of a kind is already placed, a description is added instead (returns
        ``None``) and the engine explains what is wrong.
        """
        self._check_region(region)
        item = self.palette_item(key or self.selected)
        tired = self.selected_exhausted if exhausted is None else bool(exhausted)
        free = self.free_ids(item.key)
        if not free and item.kind != "unit":
            where = Items(Message(TOKEN_IN, token=tid, region=found[0]) for tid in item.ids if (found := self.find(tid)))
            raise EditorError(Message(ONLY_ONE, token=item.ids[0] if len(item.ids) == 1 else _bare(item),
                                      where=where))
        if free:
            entry: dict[str, Any] = {"id": free[0]}
            if tired:
                entry["side"] = "exhausted"
            token: str | None = free[0]
        else:
            entry, token = item.describe(tired), None
        self.board[region].append(entry)
        side = "exhausted" if tired else "fresh"
        added = token if token is not None else _bare(item)
        self._changed(Message(ADDED_EXHAUSTED if tired else ADDED_FRESH, token=added, region=region))
        return token

    def find(self, token: str) -> tuple[str, int] | None:
        """(region, index) of a placed token, or ``None``."""
        for region, entries in self.board.items():
            for i, e in enumerate(entries):
                if e.get("id") == token:
                    return region, i
        return None

    def _entry(self, token: str) -> tuple[str, int]:
        where = self.find(token)
        if where is None:
            raise KeyError(f"{token} is not on the editor's board")
        return where

    def flip(self, token: str) -> bool:
        """Turn a placed token over; return True when it now shows its exhausted side."""
        region, i = self._entry(token)
        entry = self.board[region][i]
        if entry.get("side") == "exhausted":
            entry.pop("side")
            tired = False
        else:
            entry["side"] = "exhausted"
            tired = True
        self._changed(Message(FLIPPED_EXHAUSTED if tired else FLIPPED_FRESH, token=token, region=region))
        return tired

    def remove(self, token: str) -> None:
        region, i = self._entry(token)
        del self.board[region][i]
        self._changed(Message(REMOVED, token=token, region=region))

    def remove_entry(self, region: str, index: int) -> None:
        """Remove by position in the region's list (works for entries without an id too)."""
        self._check_region(region)
        entry = self.board[region].pop(index)
        self._changed(Message(REMOVED, token=entry["id"], region=region) if "id" in entry
                      else Message(REMOVED_ONE, region=region))

    def click_token(self, token: str) -> None:
        """What a click on a token on the board does (see :attr:`click_mode`)."""
        if self.find(token) is None:
            self._say(Message(NOT_EDITORS, token=token))
            return
        if self.click_mode == "remove":
            self.remove(token)
        else:
            self.flip(token)

    def click_region(self, region: str) -> str | None:
        """What a click on a region does: add the selected token kind there."""
        return self.add(region)

    def clear_region(self, region: str) -> None:
        self._check_region(region)
        self.board[region] = []
        self._changed(Message(CLEARED, region=region))

    def clear_board(self) -> None:
        self.board = {r: [] for r in self.comp.region_names}
        self._changed(Message(CLEARED_ALL))

    def entries(self) -> list[tuple[str, int, str]]:
        """(region, index, label) for every token entry, for lists and menus (English)."""
        return [(region, i, m.text) for region, i, m in self.entry_messages()]

    def _kind_named(self, entry: dict[str, Any]) -> Message | str:
        """An entry that names a kind of token but no id, in words: the palette's label of that
        kind ("Unité des Rouges, Reposée 3 / Fatiguée 3"), never its JSON keys ("owner red+kind unit")."""
        wanted = {k: v for k, v in entry.items() if k != "side"}
        for item in self.palette:
            if item.describe(False) == wanted and item.label_message is not None:
                return _bare(item)
        return "+".join(f"{k} {v}" for k, v in wanted.items())      # a kind the palette does not have

    def entry_messages(self) -> list[tuple[str, int, Message]]:
        """(region, index, label as a message) for every token entry, for any language."""
        out = []
        for region, entries in self.board.items():
            for i, e in enumerate(entries):
                tired = e.get("side") == "exhausted"
                if "id" in e:
                    label = Message(ENTRY_EXHAUSTED if tired else ENTRY_FRESH, region=region, token=e["id"])
                else:
                    label = Message(ENTRY_DESCRIBED_EXHAUSTED if tired else ENTRY_DESCRIBED_FRESH, region=region,
                                    what=self._kind_named(e))
                out.append((region, i, label))
        return out

    # ------------------------------------------------------------------ other controls
    def _check_region(self, region: str) -> None:
        if region not in self.comp.region_index:
            raise EditorError(Message(NO_SUCH_REGION, name=brief(region), regions=tuple(self.comp.region_names)))

    def set_date(self, month: str | None = None, day: int | None = None) -> None:
        """Move the calendar markers; a date they never rest on is refused with its rule
        (R-CAL-1: days 1-31; R-CAL-3: never 29 or 30) and nothing changes."""
        month = self.month if month is None else month
        day = self.day if day is None else day
        try:
            check_date(month, day)
        except InvalidDate as exc:
            raise EditorError(exc.message if exc.message is not None else str(exc)) from None
        self.month, self.day = month, day
        self._changed(Message(DATE_SET, month=self.month, day=self.day))

    def set_will(self, side: str) -> None:
        self.will = side
        self._changed(Message(WILL_SET, side=side))

    def set_score(self, score: int) -> None:
        self.score = score
        self._changed(Message(SCORE_SET, score=f"{score:+d}"))

    def set_unrest(self, region: str | None) -> None:
        self.unrest = region or None
        self._changed(Message(UNREST_SET, region=self.unrest) if self.unrest else Message(UNREST_NONE))

    def set_blockade(self, connection: str | tuple[str, str] | list[str] | None) -> None:
        """``None``/``""``, ``"green-red"`` or ``("green", "red")``."""
        if not connection:
            self.blockade = None
        elif isinstance(connection, str):
            a, _, b = connection.partition("-")
            self.blockade = (a, b)
        else:
            a, b = connection
            self.blockade = (a, b)
        self._changed(Message(BLOCKADE_SET, a=self.blockade[0], b=self.blockade[1]) if self.blockade
                      else Message(BLOCKADE_NONE))

    def set_mode(self, mode: str, player: str | None = None, difficulty: int | None = None) -> None:
        self.mode = mode
        if player is not None:
            self.player = player
        if difficulty is not None:
            self.difficulty = difficulty
        self._changed(Message(MODE_SOLO, side=self.player, difficulty=self.difficulty) if mode == "solo"
                      else Message(MODE_TWO) if mode == "two-player" else Message(MODE_OTHER, mode=mode))

    def set_edition(self, edition: str) -> None:
        self.edition = edition
        self._changed(Message(EDITION_SET, edition=edition))

    def blockade_options(self) -> list[tuple[str, str | None]]:
        """(label, value) pairs for a blockade menu: none, then every connection."""
        return [("none", None)] + [(f"{a}-{b}", f"{a}-{b}") for a, b in self.comp.connections]

    def drop_extras(self) -> None:
        """Forget imported hands, deck, turn ...: keep the board and the controls only."""
        self.extras = {}
        self._changed(Message(BOARD_ONLY))

    # ------------------------------------------------------------------ import / export
    def _load(self, state: State, keep_extras: bool, raw: dict[str, Any] | None = None) -> None:
        """Take everything from an engine-checked state (and, for partial imports, the raw dict)."""
        self._reset_fields()
        self.mode, self.edition = state.mode, state.edition
        if state.mode == "solo":
            self.player, self.difficulty = state.player or "red", state.difficulty or 1
        self.month, self.day = state.month_name, state.day
        self.will, self.score = state.will, state.score
        self.unrest = state.unrest
        self.blockade = state.blockade
        for region, tokens in state.iter_board():
            self.board[region] = [
                {"id": t, "side": "exhausted"} if t in state.exhausted else {"id": t} for t in tokens
            ]
        if keep_extras:
            source = raw if raw is not None else state.to_dict()
            self.extras = {k: json.loads(json.dumps(v)) for k, v in source.items()
                           if k not in BOARD_KEYS and k not in _DROPPED_KEYS}

    def load_state(self, state: State, keep_extras: bool = True) -> None:
        """Edit a copy of ``state`` (a game in progress, an imported position ...)."""
        self._load(state, keep_extras)
        self._changed(Message(LOADED))

    def _transaction(self, read: Callable[[], None]) -> None:
        """Run an import so that it either succeeds or changes nothing and raises PositionError."""
        saved = {name: copy.deepcopy(getattr(self, name)) for name in _EDITED_FIELDS}
        try:
            read()
        except BaseException as exc:
            for name, value in saved.items():
                setattr(self, name, value)
            if isinstance(exc, PositionError) or not isinstance(exc, Exception):
                raise
            if isinstance(exc, DualPowersError):
                told = getattr(exc, "message", None)
                raise PositionError(told if told is not None else f"{type(exc).__name__}: {exc}") from None
            raise PositionError(Message(CANNOT_IMPORT, value=f"{type(exc).__name__}: {brief(str(exc), 80)}")) from None

    def import_json(self, text: str) -> None:
        """Read a position (full or partial JSON); on error raise PositionError and change nothing."""
        self._transaction(lambda: self._import_json(text))

    def _import_json(self, text: str) -> None:
        data = decode_json(text, PositionError, Message(THE_POSITION))
        if not isinstance(data, dict):
            raise PositionError(Message(NOT_AN_OBJECT, value=type(data).__name__))
        if data.get("format") == "dualpowers/game" and isinstance(data.get("position"), dict):
            data = data["position"]   # a saved game: take its current position
        state = State.from_dict(data, self.comp)
        self._load(state, keep_extras=True, raw=data)
        self._changed(Message(IMPORTED_JSON))

    def import_notation(self, text: str) -> None:
        """Read a position in the text notation; on error raise PositionError and change nothing."""
        self._transaction(lambda: self._import_notation(text))

    def _import_notation(self, text: str) -> None:
        state = State.from_notation(text.strip(), self.comp)
        self._load(state, keep_extras=True)
        self._changed(Message(IMPORTED_NOTATION))

    def import_text(self, text: str) -> str:
        """JSON if it starts with ``{``, notation otherwise; return which one was read.

        Either the import succeeds or nothing changes and :class:`PositionError` says why.
        """
        if not isinstance(text, str):
            raise PositionError(Message(NOT_TEXT, value=json_kind(text)))
        if text.lstrip().startswith("{"):
            self.import_json(text)
            return "json"
        self.import_notation(text)
        return "notation"

    def _need_state(self) -> State:
        if self.state is None:
            raise PositionError(Message(NOT_EXPORTABLE, reason=self.error_message or self.error or ""))
        return self.state

    def export_json(self, partial: bool = False, indent: int | None = 2) -> str:
        """The engine's full JSON of the position, or (``partial=True``) the editor's own dict.

        The partial form can be exported even when the position is invalid.
        """
        if partial:
            return json.dumps(self.position_dict(), indent=indent)
        return self._need_state().to_json(indent=indent)

    def export_notation(self) -> str:
        return self._need_state().notation()

    # ------------------------------------------------------------------ analysis
    def presence(self) -> dict[str, Presence]:
        """Force in Presence of every region (empty when the position is invalid)."""
        if self.state is None:
            return {}
        return {r: force_in_presence(self.state, r) for r in self.comp.region_names}

    def presence_frame(self) -> "pd.DataFrame":
        """:func:`dualpowers.presence_table` plus the neutral-control reason of every region."""
        import pandas as pd
        if self.state is None:
            return pd.DataFrame()
        df = presence_table(self.state)
        df["neutral control"] = [force_in_presence(self.state, r).neutral_reason for r in df.index]
        return df

    def winners(self) -> dict[str, str | None]:
        """Region -> the side with greater strength there (or None)."""
        return {r: p.winner for r, p in self.presence().items()}

    def region_report(self, region: str) -> list[str]:
        """Plain sentences about one region: who wins and why, and whom its neutrals obey."""
        self._check_region(region)
        if self.state is None:
            return [f"The position is not valid: {self.error}"]
        p = force_in_presence(self.state, region)
        lines = [p.reason, p.neutral_reason]
        if p.control:
            shown = ", ".join(
                f"{t} {p.shown[t]}{'' if c else ' (nobody)'}{' for ' + c if c else ''}" for t, c in p.control.items()
            )
            lines.append(f"Tokens and the strength they show: {shown}.")
        if self.state.mode == "solo":
            lines.append(f"In this solo position the Opposition plays {self.state.opposition}.")
        return lines

    def sides(self) -> tuple[str, str]:
        return SIDES


def _starting_board(comp: Components, seed: int) -> State:
    """A board like the start of a game: one neutral per region, unrest and blockade drawn."""
    from ..setup import new_game
    return new_game("two-player", seed, components=comp)


def _bare(item: "PaletteItem") -> Message | str:
    """A palette item named in a sentence: its label without the palette's count ("Red unit 3",
    not "Red unit 3 x10": the notice read "Added Red unit 3 x10 to red", QA8)."""
    label = item.label_message
    if label is None:
        return item.label
    return label.params["label"] if label.msgid == PALETTE_COUNT else label
