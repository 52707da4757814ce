"""Positions as JSON data: full round-trip, and partial positions for analysis.

The schema is documented in docs/positions.md.  Reading checks everything and
raises a specific :class:`~dualpowers.errors.PositionError` subclass that says
what is wrong; nothing is ever evaluated or unpickled.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, Any, TypeVar

from .dates import AUG, MAY_JUN, MONTHS, check_date
from .components import SIDES, other
from .errors import (
    DualPowersError, DuplicateCard, DuplicateToken, InvalidBlockade, InvalidDate, PositionError, TokenCountError,
    UnknownCard, UnknownRegion, UnknownToken, brief,
)
from .text import N_, NN_, Message, plural
from .opposition import DIFFICULTIES
from .places import REMOVED, RESERVE, WAITING, start_place
from .position import FIELDS
from .rounds import RESTING_STEPS, action_order, solo_order
from .schema import THE_POSITION, check, decode_json, json_kind
from .scoring import outcome, unrest_winner

if TYPE_CHECKING:
    from .position import Position

    P = TypeVar("P", bound=Position)

__all__ = ["SCHEMA", "VERSION", "state_to_dict", "read_position", "load_json"]

SCHEMA = "dualpowers/position"
VERSION = 1
#: Where the position's declaration (dualpowers.position) says JSON keeps each field.
_PATHS = [f.saved.json.split(".") for f in FIELDS if f.saved is not None]
#: The keys of a JSON position: the fields' (the tokens off the board are listed under
#: "removed" and "waiting", beside "regions"), and the schema's name and version.
_KEYS = {"schema", "version", "removed", "waiting"} | {path[0] for path in _PATHS}
_TURN_KEYS = {path[1] for path in _PATHS if path[0] == "turn"}


#: A position that is not a JSON object.
NOT_AN_OBJECT = N_("a position must be a JSON object, not {value}")
#: The kinds of token, as a position error names them ({kinds}).
_KINDS = {
    ("red", "unit"): N_("red units"), ("white", "unit"): N_("white units"), ("neutral", "unit"): N_("neutral units"),
    ("opposition", "unit"): N_("Opposition units"), ("red", "leader"): N_("red leaders"),
    ("white", "leader"): N_("white leaders"), ("red", "trotsky"): N_("red trotskys"),
    ("neutral", "trotsky"): N_("neutral trotskys"), ("neutral", "leader"): N_("neutral leaders"),
}


_KIND = {(owner, kind): text for owner, kind, text in (
    ("red", "unit", N_("red unit")), ("white", "unit", N_("white unit")), ("neutral", "unit", N_("neutral unit")),
    ("opposition", "unit", N_("opposition unit")), ("red", "leader", N_("red leader")),
    ("white", "leader", N_("white leader")), ("neutral", "leader", N_("neutral leader")),
    ("opposition", "leader", N_("opposition leader")), ("red", "trotsky", N_("red trotsky")),
    ("white", "trotsky", N_("white trotsky")), ("neutral", "trotsky", N_("neutral trotsky")),
    ("opposition", "trotsky", N_("opposition trotsky")))}


def _kind(owner: Any, kind: Any) -> Message:
    """One kind of token, named for an error message ("red unit")."""
    template = _KIND.get((owner, kind))
    return Message(template) if template else Message(N_("{owner} {kind}"), owner=str(owner), kind=str(kind))


def _kinds(owner: Any, kind: Any) -> Message:
    """A kind of token, named for an error message ("red units")."""
    template = _KINDS.get((owner, kind))
    return Message(template) if template else Message(N_("{owner} {kind} tokens"), owner=str(owner), kind=str(kind))


def _path(where: Any, regions: Container[str] = ()) -> Any:
    """Where something was listed, for an error message: a field path as it is; one of the
    ``regions`` of the components or a place off the board ("removed", "waiting") by its
    name in the reader's language."""
    return Message(N_("{place}"), place=where) if where in regions or where in (REMOVED, WAITING) else where


_UNKNOWN = {
    "token": (N_("{path}: unknown token {value}"), N_("{path}: unknown token {value} (did you mean {close}?)")),
    "card": (N_("{path}: unknown card {value}"), N_("{path}: unknown card {value} (did you mean {close}?)")),
}


def _unknown(kind: str, close: str | None, path: Any, value: str) -> Message:
    """An unknown token or card id, with the near miss it may have been meant to be."""
    plain, near = _UNKNOWN[kind]
    return Message(near, path=path, value=value, close=close) if close else Message(plain, path=path, value=value)


# ============================================================================ writing
def state_to_dict(s: Position) -> dict[str, Any]:
    d: dict[str, Any] = {"schema": SCHEMA, "version": VERSION, "mode": s.mode, "edition": s.edition}
    if s.mode == "solo":
        d["solo"] = {"player": s.player, "difficulty": s.difficulty}
    d.update({
        "seed": s.seed, "shuffles": s.shuffles,
        "date": {"month": MONTHS[s.month], "day": s.day},
        "will": s.will, "score": s.score,
        "unrest": s.unrest, "blockade_tile": s.blockade_tile,
        "blockade": list(s.blockade) if s.blockade else None,
        "tiles": {"stack": list(s.tile_stack), "discard": list(s.tile_discard)},
        "regions": {
            r: [{"id": t, "side": "exhausted"} if t in s.exhausted else {"id": t} for t in toks]
            for r, toks in s.iter_board() if toks
        },
        "removed": s.tokens_in(REMOVED),
        "waiting": s.tokens_in(WAITING),
        "hands": {side: list(s.hands[side]) for side in SIDES},
        "objectives": dict(s.objectives),
        "revealed": [side for side in SIDES if s.revealed[side]],
        "played": {side: list(s.played[side]) for side in SIDES},
        "deck": list(s.deck), "discard": list(s.discard), "out_of_game": list(s.out_of_game),
    })
    if s.mode == "solo":
        d["opposition"] = {"stack": list(s.opp_stack), "leaders": list(s.opp_leaders)}
    d["round"] = s.round
    d["turn"] = {
        "step": s.step, "to_act": s.to_act, "order": list(s.turn_order), "index": s.turn_index,
        "card": s.card, "bonus_pending": s.bonus_pending, "leader_recruited": s.leader_recruited,
        "leader_special_used": s.leader_special_used,
    }
    over = outcome(s)
    d["result"] = {"winner": over.winner, "ending": over.ending.value} if over is not None else None
    return d


# ============================================================================ reading
def load_json(text: str | bytes) -> Any:
    """The data of a JSON position; every way text can fail to be data raises :class:`PositionError`."""
    return decode_json(text, PositionError, Message(THE_POSITION))


def _side(value: Any, what: str) -> str:
    if value not in SIDES:
        raise PositionError(Message(N_("{path} must be 'red' or 'white', not {value}"), path=what, value=brief(value, 40)))
    return str(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(Message(N_("{path} must be a whole number, not {value}"), path=what, value=brief(value, 40)))
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(Message(N_("{path} must be a list, not {value}"), path=_path(what), value=json_kind(value)))
    return value


class _Reader:
    """Fills a blank position from (possibly partial) data, checking as it goes."""

    def __init__(self, data: dict[str, Any], blank: Position) -> None:
        self.d = data
        self.c = blank.comp
        self.s = blank
        self.ending: Any = None                 # result.ending as given, checked once all is read
        self.token_at: dict[str, str] = {}     # token -> where it was listed
        self.card_at: dict[str, str] = {}      # card -> where it was listed

    # ------------------------------------------------------------------ basics
    def region(self, name: Any, what: str) -> str:
        found = self.c.find(name, "region")
        if found is None:
            close = self.c.close_match(name, "region")
            ids = ", ".join(self.c.region_names)
            if close:
                raise UnknownRegion(Message(N_("{path}: unknown region {value} (did you mean {close}?) (regions: {ids})"),
                                            path=what, value=brief(name, 30), close=close, ids=ids))
            raise UnknownRegion(Message(N_("{path}: unknown region {value} (regions: {ids})"), path=what,
                                        value=brief(name, 30), ids=ids))
        return found

    def token(self, name: Any, where: str) -> str:
        found = self.c.find(name, "token")
        if found is None:
            raise UnknownToken(_unknown("token", self.c.close_match(name, "token"), _path(where, self.c.region_index), brief(name, 30)))
        return found

    def card(self, cid: Any, where: str) -> str:
        found = self.c.find(cid, "card")
        if found is None:
            raise UnknownCard(_unknown("card", self.c.close_match(cid, "card"), _path(where, self.c.region_index), brief(cid, 30)))
        cid = found
        if cid in self.card_at:
            raise DuplicateCard(Message(N_("card {card} is in two places: {first} and {second}"), card=cid,
                                        first=_path(self.card_at[cid], self.c.region_index), second=_path(where, self.c.region_index)))
        self.card_at[cid] = where
        return str(cid)

    def cards(self, value: Any, where: str) -> list[str]:
        return [self.card(c, where) for c in _list(value, where)]

    def place_token(self, tid: str, where: str, place: str, exhausted: bool = False) -> None:
        if tid in self.token_at:
            raise DuplicateToken(Message(N_("token {token} is in two places: {first} and {second}"), token=tid,
                                         first=_path(self.token_at[tid], self.c.region_index), second=_path(where, self.c.region_index)))
        self.token_at[tid] = where
        self.s.put(tid, place, exhausted=exhausted)

    # ------------------------------------------------------------------ tokens
    def describe(self, owner: str, kind: str) -> str:
        if kind == "unit":
            return {"neutral": "neutral units", "opposition": "Opposition units"}.get(owner, f"{owner} units")
        return f"{owner} {kind}s"

    def match(self, entry: dict[str, Any], where: str) -> tuple[str, bool]:
        """Find the token an entry names (by id, or by owner/kind/values) and its side."""
        allowed = {"id", "owner", "kind", "strength", "fresh", "exhausted", "side", "level", "recruit", "name"}
        unknown = set(entry) - allowed
        if unknown:
            raise PositionError(plural(NN_("{path}: unknown token field {fields} (known: {known})",
                                              "{path}: unknown token fields {fields} (known: {known})"),
                                          len(unknown), path=where,
                                        fields=", ".join(sorted(unknown)), known=", ".join(sorted(allowed))))
        side = entry.get("side")
        if side not in (None, "fresh", "exhausted"):
            raise PositionError(Message(N_("{path}: side must be 'fresh' or 'exhausted', not {value}"), path=where,
                                        value=brief(side, 40)))
        tokens = self.c.tokens
        tid = entry.get("id", entry.get("name"))
        strength = entry.get("strength")
        if tid is not None:
            tid = self.token(tid, where)
            spec = tokens[tid]
            for key in ("owner", "kind"):
                if key in entry and not (spec.is_a(entry[key]) if key == "kind" else entry[key] == spec.owner):
                    raise UnknownToken(Message(N_("{path}: token {token} has {key} {has}, not {value}"), path=where,
                                              token=tid, key=key, has=repr(getattr(spec, key)),
                                              value=brief(entry[key], 40)))
            exhausted = side == "exhausted"
            if side is None and strength is not None and strength != spec.fresh:
                exhausted = True
            return str(tid), exhausted
        owner, kind = entry.get("owner"), entry.get("kind", "unit")
        if owner not in ("red", "white", "neutral", "opposition"):
            raise UnknownToken(Message(N_("{path}: a token needs an 'id', or an 'owner' of red, white, neutral or "
                                          "opposition (got {value})"), path=where, value=brief(owner, 40)))
        if kind not in ("unit", "leader", "trotsky"):
            raise UnknownToken(Message(N_("{path}: kind must be unit, leader or trotsky, not {value}"), path=where,
                                       value=brief(kind, 40)))
        pool = [t for t in tokens.values() if t.owner == owner and t.is_a(kind)]   # Trotsky last: a leader (C-LEAD)
        if not pool:
            raise UnknownToken(Message(N_("{path}: the game has no {kind}"), path=where, kind=_kind(owner, kind)))
        fits = pool
        for key in ("fresh", "exhausted", "level", "recruit"):
            if key in entry:
                fits = [t for t in fits if getattr(t, key) == entry[key]]
        x = self.s.difficulty

        def shows(t: Any, exhausted: bool) -> int | None:
            return (t.exhausted if t.exhausted is not None else x) if exhausted else t.fresh

        options: list[tuple[str, bool]] = []
        for prefer in (False, True):
            if side is not None and (side == "exhausted") != prefer:
                continue
            for t in fits:
                if strength is None or shows(t, prefer) == strength:
                    options.append((t.id, prefer))
        if not options:
            wanted = ", ".join(f"{k} {entry[k]}" for k in ("strength", "fresh", "exhausted", "level", "recruit", "side") if k in entry)
            raise UnknownToken(Message(N_("{path}: no {kind} token has {wanted}"), path=where,
                                       kind=_kind(owner, kind), wanted=wanted))
        for tid_, exhausted in options:
            if tid_ not in self.token_at:
                return tid_, exhausted
        if all(t.id in self.token_at for t in pool):
            raise TokenCountError(Message(N_("{path}: more {kinds} than the game has ({total})"), path=where,
                                         kinds=_kinds(owner, kind), total=len(pool)))
        raise TokenCountError(Message(N_("{path}: every {kind} token matching {value} is already placed"), path=where,
                                     kind=_kind(owner, kind), value=brief(entry, 60)))

    # ------------------------------------------------------------------ main
    def read(self) -> Position:
        d, s, c = self.d, self.s, self.c
        if not isinstance(d, dict):
            raise PositionError(Message(NOT_AN_OBJECT, value=json_kind(d)))
        unknown = set(d) - _KEYS
        if unknown:
            raise PositionError(plural(NN_("unknown field {fields} (known: {known})",
                                              "unknown fields {fields} (known: {known})"),
                                          len(unknown), fields=", ".join(sorted(unknown)),
                                        known=", ".join(sorted(_KEYS))))
        if "schema" in d and d["schema"] != SCHEMA:
            raise PositionError(Message(N_("schema must be {wanted}, not {value}"), wanted=repr(SCHEMA),
                                        value=brief(d['schema'], 40)))
        if d.get("version", VERSION) != VERSION:
            raise PositionError(Message(N_("unsupported position version {value} (this package reads {version})"),
                                        value=brief(d.get('version'), 40), version=VERSION))

        mode = d.get("mode", "two-player")
        if mode not in ("two-player", "solo"):
            raise PositionError(Message(N_("mode must be 'two-player' or 'solo', not {value}"), value=brief(mode, 40)))
        s.mode = mode
        edition = d.get("edition", "fr")
        if edition not in ("fr", "it"):
            raise PositionError(Message(N_("edition must be 'fr' or 'it', not {value}"), value=brief(edition, 40)))
        s.edition = edition
        if mode == "solo":
            solo = d.get("solo", {})
            if not isinstance(solo, dict):
                raise PositionError(Message(N_("solo must be an object like {example}"),
                                            example='{"player": "white", "difficulty": 3}'))
            s.player = _side(solo.get("player", "red"), "solo.player")
            s.opposition = other(s.player)
            diff = _int(solo.get("difficulty", 1), "solo.difficulty")
            if diff not in DIFFICULTIES:
                raise PositionError(Message(N_("solo.difficulty must be 1..6, not {value}"), value=diff))
            s.difficulty = diff
        elif "solo" in d:
            raise PositionError(Message(N_("'solo' settings given for a two-player position")))
        s.seed = _int(d.get("seed", 0), "seed")
        s.shuffles = _int(d.get("shuffles", 0), "shuffles")

        date = d.get("date", {"month": "mar-apr", "day": 1})
        if not isinstance(date, dict) or set(date) - {"month", "day"}:
            raise PositionError(Message(N_("date must look like {example}, not {value}"),
                                        example='{"month": "jul", "day": 12}', value=brief(date, 40)))
        s.month = check_date(date.get("month", "mar-apr"), date.get("day", 1))
        s.day = date.get("day", 1)
        s.will = _side(d.get("will", "red"), "will")
        s.score = _int(d.get("score", 0), "score")
        if abs(s.score) > c.track_length:
            raise PositionError(Message(N_("score {score} is off the track (it runs {low}..{high}; positive means "
                                           "toward red)"), score=s.score, low=-c.track_length, high=c.track_length))
        self.read_tiles()
        self.read_tokens()
        self.read_cards()
        self.read_turn()
        return s

    def read_tiles(self) -> None:
        d, s, c = self.d, self.s, self.c
        seen: dict[str, str] = {}

        def tile(name: Any, where: str) -> str:
            r = self.region(name, where)
            if r in seen:
                raise PositionError(Message(N_("region tile {region} is in two places: {first} and {second}"), region=r,
                                            first=seen[r], second=where))
            seen[r] = where
            return r

        def tile_or_none(name: Any, where: str) -> str | None:      # an empty Unrest or Blockade space
            return None if name is None else tile(name, where)

        s.unrest = tile_or_none(d.get("unrest"), "unrest")
        explicit_tile = "blockade_tile" in d
        s.blockade_tile = tile_or_none(d.get("blockade_tile"), "blockade_tile")
        if "blockade" in d:
            b = d["blockade"]
            if b is None:
                s.blockade = None
            else:
                if not (isinstance(b, list) and len(b) == 2):
                    raise InvalidBlockade(Message(N_("blockade must be a pair of regions like {example} or null, not {value}"),
                                                 example='["green", "red"]', value=brief(b, 40)))
                a, z = self.region(b[0], "blockade"), self.region(b[1], "blockade")
                if not c.is_connection(a, z):
                    raise InvalidBlockade(Message(
                        N_("blockade between {start} and {to}, but they are not connected (connections: {connections})"),
                        start=a, to=z, connections=tuple(f"{x}-{y}" for x, y in c.connections)))
                s.blockade = c.connection(a, z)
        elif s.blockade_tile is not None:
            s.blockade = c.arrows[s.blockade_tile]
        if not explicit_tile and s.blockade is not None:
            for r, arrow in c.arrows.items():   # partial position: the tile whose arrow the marker is on
                if arrow == s.blockade and r not in seen:
                    s.blockade_tile = tile(r, "blockade_tile")
                    break
        tiles = d.get("tiles", {})
        if not isinstance(tiles, dict) or set(tiles) - {"stack", "discard"}:
            raise PositionError(Message(N_("tiles must be an object with 'stack' and 'discard' lists")))
        s.tile_discard = [tile(t, "tiles.discard") for t in _list(tiles.get("discard", []), "tiles.discard")]
        # Partial position: an empty Unrest or Blockade space means the tiles have run out (R-CLN).
        ran_out = ("unrest" in d and s.unrest is None) or (explicit_tile and s.blockade_tile is None)
        if "stack" in tiles:
            s.tile_stack = [tile(t, "tiles.stack") for t in _list(tiles["stack"], "tiles.stack")]
            if "discard" not in tiles:   # partial position: tiles it does not mention were used up
                s.tile_discard = [tile(r, "tiles.discard") for r in c.region_names if r not in seen]
        elif ran_out:
            s.tile_stack = []
            if "discard" not in tiles:   # the tiles it does not mention were used up
                unused = [r for r in c.region_names if r not in seen]
                for r in unused:
                    tile(r, "tiles.discard")
                s.tile_discard = unused
        else:
            s.tile_stack = [r for r in c.region_names if r not in seen]
            s.shuffle(s.tile_stack)
        # Partial position: tiles it does not mention are dealt from the stack, as in setup (S-3).
        if "unrest" not in d and s.tile_stack:
            s.unrest = s.tile_stack.pop(0)
        if not explicit_tile and s.blockade_tile is None and s.unrest is not None and s.tile_stack:
            s.blockade_tile = s.tile_stack.pop(0)
            if "blockade" not in d:   # else the marker stays where the position put it (moved by a protest)
                s.blockade = c.arrows[s.blockade_tile]
        self.check_tiles()

    def check_tiles(self) -> None:
        """The tile spaces fill as the rules fill them: setup fills both (S-3); cleanup moves the
        blockade tile to Unrest and draws the next one, so a space is empty only once the
        stack is (R-CLN)."""
        s = self.s
        if s.tile_stack and (s.unrest is None or s.blockade_tile is None):
            space = "unrest" if s.unrest is None else "blockade_tile"
            raise PositionError(Message(N_("{field} is empty while the stack still holds region tiles ({regions}): "
                                           "a tile space is empty only once the stack has run out (S-3, R-CLN)"),
                                        field=space, regions=tuple(s.tile_stack)))
        if s.blockade_tile is not None and s.unrest is None:
            raise PositionError(Message(N_("the Unrest space is empty but the Blockade space holds the {region} tile: "
                                           "at cleanup the blockade tile moves to Unrest (R-CLN)"),
                                        region=s.blockade_tile))

    def read_tokens(self) -> None:
        d, s, c = self.d, self.s, self.c
        regions = d.get("regions", {})
        if not isinstance(regions, dict):
            raise PositionError(Message(N_("regions must be an object mapping region names to token lists")))
        self.check_counts(regions)
        for r, entries in regions.items():
            r = self.region(r, "regions")
            for i, entry in enumerate(_list(entries, f"regions.{r}")):
                where = f"regions.{r}[{i}]"
                if isinstance(entry, str):
                    entry = {"id": entry}
                if not isinstance(entry, dict):
                    raise PositionError(Message(N_("{path}: a token is an object like {example}, not {value}"), path=where,
                                                example='{"id": "R3"}', value=brief(entry, 40)))
                tid, exhausted = self.match(entry, where)
                self.place_token(tid, f"{r}", r, exhausted)
        for key, place in (("removed", REMOVED), ("waiting", WAITING)):
            for tid in _list(d.get(key, []), key):
                self.place_token(self.token(tid, key), key, place)
        # Everything not listed goes where it waits by default.
        trotsky = {c.trotsky_neutral: MAY_JUN, c.trotsky_red: AUG}
        for tid, spec in c.tokens.items():
            if tid in self.token_at:
                continue
            start = start_place(spec, s.mode, s.opposition)
            if start is None or (start == WAITING and s.month >= trotsky[tid]):
                start = REMOVED     # a neutral not on the board, or a Trotsky whose month has passed
            s.put(tid, start)
        self.check_tokens()

    def check_counts(self, regions: dict[str, Any]) -> None:
        """More tokens of a kind on the board than the game has (e.g. 11 red units)?"""
        counts: dict[tuple[Any, Any], int] = {}
        for entries in regions.values():
            for entry in entries if isinstance(entries, list) else []:
                if isinstance(entry, str):
                    entry = {"id": entry}
                if not isinstance(entry, dict):
                    continue
                spec = self.c.tokens.get(self.c.find(entry.get("id", entry.get("name")), "token") or "")
                key = (spec.owner, spec.kind) if spec else (entry.get("owner"), entry.get("kind", "unit"))
                counts[key] = counts.get(key, 0) + 1
        for (owner, kind), n in counts.items():
            total = sum(1 for t in self.c.tokens.values() if t.owner == owner and t.is_a(kind))
            if total and n > total:
                raise TokenCountError(Message(N_("the position puts {n} {kinds} on the board, but the game has only "
                                                 "{total}"), n=n, kinds=_kinds(owner, kind), total=total))

    def check_tokens(self) -> None:
        s, c = self.s, self.c
        for tid, where in self.token_at.items():
            spec = c.tokens[tid]
            if spec.owner == "opposition" and s.mode != "solo":
                raise PositionError(Message(N_("{token} is an Opposition unit, which exists only in solo games (it is {whereabouts})"),
                                            token=tid, whereabouts=where))
            if s.mode == "solo" and spec.owner == s.opposition and spec.kind == "unit":
                raise PositionError(Message(N_("{token} is a {who} unit, but in this solo game {side} is played by "
                                               "the Opposition with its own units (R-SOLO-SETUP)"),
                                            token=tid, who=spec.owner, side=spec.owner))
            place = s.place[tid]
            if place == REMOVED and spec.kind == "unit" and spec.owner in SIDES + ("opposition",):
                raise PositionError(Message(N_("{token} is listed as removed, but units never leave the game: they "
                                               "go back to their reserve or supply (R-SCO-EXHAUST)"), token=tid))
            if place == WAITING and spec.kind != "trotsky":
                raise PositionError(Message(N_("{token} is listed as waiting; only the Trotsky tokens wait by the calendar"),
                                            token=tid))
        neutral, red = c.trotsky_neutral, c.trotsky_red
        on_board = {t: s.place[t] in c.region_index for t in (neutral, red)}
        if on_board[neutral] and on_board[red]:
            raise PositionError(Message(N_("both Trotsky tokens are on the board: the red one replaces the neutral one "
                                           "(R-CAL-TROTSKY-2)")))
        if on_board[neutral] and s.month < MAY_JUN:
            raise PositionError(Message(N_("the neutral Trotsky is on the board before May/June (R-CAL-TROTSKY-1)")))
        if on_board[red] and s.month < AUG:
            raise PositionError(Message(N_("the red Trotsky is on the board before August (R-CAL-TROTSKY-2)")))
        if s.place[neutral] == WAITING and s.month >= MAY_JUN:
            raise PositionError(Message(N_("the neutral Trotsky is still waiting although May/June has come "
                                           "(R-CAL-TROTSKY-1)")))
        if s.place[red] == WAITING and s.month >= AUG:
            raise PositionError(Message(N_("the red Trotsky is still waiting although August has come (R-CAL-TROTSKY-2)")))

    def read_cards(self) -> None:
        d, s, c = self.d, self.s, self.c
        hands = d.get("hands", {})
        if not isinstance(hands, dict) or set(hands) - set(SIDES):
            raise PositionError(Message(N_("hands must be an object with 'red' and/or 'white' lists")))
        objectives = d.get("objectives", {})
        if not isinstance(objectives, dict) or set(objectives) - set(SIDES):
            raise PositionError(Message(N_("objectives must be an object with 'red' and/or 'white' cards")))
        played = d.get("played", {})
        if not isinstance(played, dict) or set(played) - set(SIDES):
            raise PositionError(Message(N_("played must be an object with 'red' and/or 'white' lists")))
        for side in SIDES:
            for card in self.cards(hands.get(side, []), f"hands.{side}"):
                s.add_to_hand(side, card)
            obj = objectives.get(side)
            if obj is not None:
                obj = self.card(obj, f"objectives.{side}")
                if obj not in c.cards:
                    raise PositionError(Message(N_("objectives.{path}: {card} is a leader card; objectives are command cards "
                                               "(P-OBJ)"), path=side, card=obj))
            s.objectives[side] = obj
            s.played[side] = self.cards(played.get(side, []), f"played.{side}")
        for side in _list(d.get("revealed", []), "revealed"):
            s.revealed[_side(side, "revealed")] = True
        s.discard = self.cards(d.get("discard", []), "discard")
        s.out_of_game = self.cards(d.get("out_of_game", []), "out_of_game")
        opp = d.get("opposition", {})
        if s.mode != "solo" and opp:
            raise PositionError(Message(N_("'opposition' cards given for a two-player position")))
        if not isinstance(opp, dict) or set(opp) - {"stack", "leaders"}:
            raise PositionError(Message(N_("opposition must be an object with 'stack' and 'leaders' lists")))
        s.opp_stack = self.cards(opp.get("stack", []), "opposition.stack")
        for card in s.opp_stack:
            if card not in c.cards:
                raise PositionError(Message(N_("opposition.stack: {card} is a leader card; the Opposition's stack holds "
                                               "command cards"), card=card))
        explicit_leaders = "leaders" in opp
        s.opp_leaders = self.cards(opp.get("leaders", []), "opposition.leaders")
        deck_given = "deck" in d
        s.deck = self.cards(d.get("deck", []), "deck")
        # Unlisted leader cards: in hand (or the Opposition's stack) while their token waits in reserve.
        for lead in c.leaders.values():
            if lead.id in self.card_at:
                continue
            if s.place[lead.id] != RESERVE:
                s.out_of_game.append(lead.id)
            elif s.mode == "solo" and lead.faction == s.opposition:
                if explicit_leaders:
                    s.out_of_game.append(lead.id)
                else:
                    s.opp_leaders.append(lead.id)
            else:
                s.add_to_hand(lead.faction, lead.id)
            self.card_at[lead.id] = "default"
        rest = [cid for cid in c.cards if cid not in self.card_at]
        if rest:
            if not deck_given:
                s.shuffle(rest)
            s.deck.extend(rest)
        for side in SIDES:
            for card in s.hands[side]:
                if card in c.leaders:
                    lead = c.leaders[card]
                    if lead.faction != side:
                        raise PositionError(Message(N_("{card} is a {who} leader but is in {side}'s hand"),
                                                    card=card, who=lead.faction, side=side))
                    if s.mode == "solo" and side == s.opposition:
                        raise PositionError(Message(N_("hands.{path}: {card} is in the Opposition's hand; its leaders are in "
                                                   "its leader stack (opposition.leaders)"), path=side, card=card))
                    if s.place[card] != RESERVE:
                        raise PositionError(Message(N_("{card}'s card is still in {side}'s hand but the token is "
                                                       "{whereabouts}: a leader enters only when the card is played"),
                                                    card=card, side=side, whereabouts=s.place[card]))

    def read_turn(self) -> None:
        d, s = self.d, self.s
        s.round = _int(d.get("round", 1), "round")
        if s.round < 1:
            raise PositionError(Message(N_("round must be 1 or more, not {value}"), value=s.round))
        turn = d.get("turn", {})
        if not isinstance(turn, dict) or set(turn) - _TURN_KEYS:
            raise PositionError(Message(N_("turn must be an object with keys among {known}"),
                                        known=", ".join(sorted(_TURN_KEYS))))
        result = d.get("result")
        if result is not None:
            if not isinstance(result, dict) or set(result) - {"winner", "ending", "reason"}:
                raise PositionError(Message(N_("result must be null or {example}"),
                                            example='{"winner": ..., "ending": ...}'))
            s.won_by = _side(result.get("winner"), "result.winner")
            # How it ended is read from the position (State.outcome); a stated ending must agree
            # with it (check_reachable).  A "reason" (the English text earlier versions wrote) is
            # not needed and not read.
            self.ending = result.get("ending")
        step = turn.get("step", "over" if s.won_by else "card")
        if step not in RESTING_STEPS:
            raise PositionError(Message(N_("turn.step must be one of {known}, not {value}"), known=", ".join(RESTING_STEPS),
                                        value=brief(step, 40)))
        if (step == "over") != (s.won_by is not None):
            raise PositionError(Message(N_("a finished game needs both turn.step 'over' and a result with the winner")))
        s.step = step
        if s.mode == "solo":
            default_order = solo_order(s.opposition, s.player)  # type: ignore[arg-type]  # solo: both sides are read with the mode
            default_actor = s.player
        else:
            default_order = () if step == "objective" else action_order(s.will, other(s.will))
            default_actor = s.will
        if step == "unrest":
            default_actor = unrest_winner(s)
        order = tuple(_side(x, "turn.order") for x in _list(turn.get("order", list(default_order)), "turn.order"))
        s.turn_order = order
        to_act = turn.get("to_act", None if step == "over" else default_actor)
        s.to_act = None if to_act is None else _side(to_act, "turn.to_act")
        if step != "over" and s.to_act is None:
            raise PositionError(Message(N_("turn.to_act must name who acts at step {value}"), value=brief(step, 40)))
        if s.mode == "solo" and s.to_act == s.opposition:
            raise PositionError(Message(N_("in solo the Opposition never has to decide: turn.to_act must be the player")))
        if "index" in turn:
            s.turn_index = _int(turn["index"], "turn.index")
        elif step == "unrest":
            s.turn_index = len(order)
        elif s.to_act in order and step not in ("objective", "over"):
            s.turn_index = order.index(s.to_act)
        if step in ("card", "command", "leader", "bonus") and not (
            0 <= s.turn_index < len(order) and order[s.turn_index] == s.to_act
        ):
            raise PositionError(Message(N_("turn.index {index} does not point at {side} in the turn order"),
                                        index=s.turn_index, side=s.to_act))
        card = turn.get("card")
        if card is not None:
            card = self.c.find(card, "card")
            if card is None:
                raise UnknownCard(_unknown("card", self.c.close_match(turn["card"], "card"), "turn.card",
                                           brief(turn["card"], 30)))
        last = s.played[s.to_act][-1] if s.to_act and s.played.get(s.to_act) else None
        if step in ("command", "leader"):
            if card is None or last != card:
                raise PositionError(Message(N_("at step {value}, turn.card must be the last card {side} played"),
                                            value=brief(step, 40), side=s.to_act))
            if (step == "command") != (card in self.c.cards):
                raise PositionError(Message(N_("turn.card {card} does not fit step {value}"), card=card,
                                            value=brief(step, 40)))
        elif step == "bonus":
            if card is not None and card != last:
                raise PositionError(Message(N_("at step 'bonus', turn.card must be the last card {side} played, or null"),
                                            side=s.to_act))
        elif card is not None:
            raise PositionError(Message(N_("turn.card is only meaningful at the command, leader or bonus step, not "
                                           "{value}"), value=brief(step, 40)))
        s.card = card
        s.bonus_pending = bool(turn.get("bonus_pending", step == "bonus"))
        s.leader_recruited = bool(turn.get("leader_recruited", False))
        s.leader_special_used = bool(turn.get("leader_special_used", False))

    # ------------------------------------------------------------------ reachability
    def check_reachable(self) -> None:
        """Refuse positions the rules can never reach (docs/positions.md, "Positions that cannot happen").

        Each check names its invariant (``INV-...``) so that a message, the
        documentation and the test of that invariant point at each other.
        """
        s, c = self.s, self.c
        solo = s.mode == "solo"
        # INV-ENDING: a finished game's stated ending is the one its position shows (R-END-1, R-END-2,
        # R-SOLO-END): the marker on an end of the track, else time ran out for its mode.
        over = outcome(s)
        if self.ending is not None and over is not None and self.ending != over.ending.value:
            raise PositionError(Message(N_("result.ending says {value}, but this finished position ended by {ending} "
                                           "[INV-ENDING]"), value=brief(self.ending, 40), ending=over.ending.value))
        # INV-OBJECTIVE-STEP: a solo game has no objective step (R-SOLO-DRAW); never the Opposition's decision.
        if solo and s.step == "objective":
            raise PositionError(Message(N_("turn.step 'objective' does not happen in solo: the player's objective is "
                                           "dealt face down and the Opposition's is chosen at scoring (R-SOLO-DRAW) "
                                           "[INV-OBJECTIVE-STEP]")))
        # INV-ROUND: a solo game has rounds 1-3 (R-SOLO-END).
        if solo and s.round > 3:
            raise PositionError(Message(N_("round {value}: a solo game has rounds 1-3 (R-SOLO-END) [INV-ROUND]"),
                                        value=s.round))
        # INV-ORDER: the turn order has 8 alternating turns, or the solo order O P O P O P O P O.
        order = s.turn_order
        if solo:
            if order != solo_order(s.opposition, s.player):  # type: ignore[arg-type]  # solo: both sides are read with the mode
                raise PositionError(Message(N_("turn.order: the solo order is Opposition, player, ... 9 turns "
                                               "starting and ending with the Opposition ({side}) (R-SOLO-ORDER) "
                                               "[INV-ORDER]"), side=s.opposition))
        elif order or s.step != "objective":
            if len(order) != 8 or any(a == b for a, b in zip(order, order[1:])):
                raise PositionError(Message(N_("turn.order has {n} turns: the two-player order alternates, 4 turns "
                                               "each, 8 in all (P-ACT) [INV-ORDER]"), n=len(order)))
        if s.step == "objective" and order:
            raise PositionError(Message(N_("turn.order: the order is fixed only when the action phase starts, after "
                                           "the objectives (P-ACT) [INV-ORDER]")))
        if not 0 <= s.turn_index <= len(order):
            raise PositionError(Message(N_("turn.index {index} is outside the turn order of {n} turns [INV-ORDER]"),
                                        index=s.turn_index, n=len(order)))
        # INV-ONE-OBJECTIVE: each side chooses one objective, once (P-OBJ).
        if s.step == "objective":
            if s.to_act is not None and s.objectives[s.to_act] is not None:
                raise PositionError(Message(N_("{side} already has an objective ({card}) and cannot choose a second: "
                                               "a side has at most one (P-OBJ) [INV-ONE-OBJECTIVE]"),
                                            side=s.to_act, card=s.objectives[s.to_act]))
            if s.turn_index != 0:
                raise PositionError(Message(N_("turn.index must be 0 while objectives are chosen [INV-ORDER]")))
            # INV-OBJECTIVE-ORDER: the Will holder chooses first, then the other side (P-OBJ); a side that
            # has chosen is never asked again (its second choice would push its first out of every place).
            if s.to_act is not None and s.will is not None:
                other = s.other(s.will)
                if s.to_act == s.will and s.objectives[other] is not None:
                    raise PositionError(Message(N_("{will} holds the Will and chooses its objective first, but {side} "
                                                   "has chosen already (P-OBJ) [INV-OBJECTIVE-ORDER]"),
                                                will=s.will, side=other))
                if s.to_act == other and s.objectives[s.will] is None:
                    raise PositionError(Message(N_("{side} chooses its objective after {will}, the Will holder, who "
                                                   "has not chosen yet (P-OBJ) [INV-OBJECTIVE-ORDER]"),
                                                side=other, will=s.will))
        # INV-UNREST: the decision at step unrest belongs to the stronger side there (R-SCO-UNREST).
        if s.step == "unrest":
            winner = unrest_winner(s)
            if winner is None or winner != s.to_act:
                if winner:
                    raise PositionError(Message(N_("turn.to_act is {side} at step 'unrest', but {winner} is stronger "
                                                   "there (R-SCO-UNREST) [INV-UNREST]"), side=s.to_act, winner=winner))
                raise PositionError(Message(N_("turn.to_act is {side} at step 'unrest', but nobody is stronger there "
                                               "(R-SCO-UNREST) [INV-UNREST]"), side=s.to_act))
            if s.turn_index != len(order):
                raise PositionError(Message(N_("turn.index: the unrest region is scored after every turn of the round "
                                               "[INV-ORDER]")))
        # INV-TRACK: a game whose marker reached an end of the track is over (R-END-1).
        if s.step != "over" and abs(s.score) >= c.track_length:
            raise PositionError(Message(N_("score {score} is at the end of the track, so the game is over (R-END-1); "
                                           "give turn.step 'over' and a result [INV-TRACK]"), score=s.score))
        # INV-TROTSKY: neutral Trotsky waits until May/June and is never on the board from August on.
        neutral, red = c.trotsky_neutral, c.trotsky_red
        if s.month >= AUG and s.place[neutral] in c.region_index:
            raise PositionError(Message(N_("the neutral Trotsky is on the board in {month:month}: from August on the "
                                           "red Trotsky has replaced him (R-CAL-TROTSKY-2) [INV-TROTSKY]"),
                                        month=MONTHS[s.month]))
        if s.month < MAY_JUN and s.place[neutral] != WAITING:
            raise PositionError(Message(N_("the neutral Trotsky must be waiting before May/June (R-CAL-TROTSKY-1) "
                                           "[INV-TROTSKY]")))
        if s.month < AUG and s.place[red] != WAITING:
            raise PositionError(Message(N_("the red Trotsky must be waiting before August (R-CAL-TROTSKY-2) "
                                           "[INV-TROTSKY]")))
        # INV-LEADER-CARDS: leader cards never join the command deck or the discard pile (R-CLN).
        for pile, cards in (("deck", s.deck), ("discard", s.discard), ("opposition.stack", s.opp_stack)):
            for card in cards:
                if card in c.leaders:
                    raise PositionError(Message(N_("{path}: {card} is a leader card; leader cards never join the "
                                                   "command cards (R-CLN) [INV-LEADER-CARDS]"), path=pile, card=card))
        # INV-OPP-LEADERS: the Opposition's leader pile holds only leader cards of its faction (R-SOLO-SETUP).
        for card in s.opp_leaders:
            lead = c.leaders.get(card)
            if lead is None or lead.faction != s.opposition:
                raise PositionError(Message(N_("opposition.leaders: {card} is there, but the Opposition's leader pile "
                                               "holds only leader cards of {side} (R-SOLO-SETUP) [INV-OPP-LEADERS]"),
                                            card=card, side=s.opposition))
        # INV-TILES: every region tile is in exactly one place (S-3, R-CLN).
        tiles = [s.unrest, s.blockade_tile, *s.tile_stack, *s.tile_discard]
        placed = sorted(t for t in tiles if t is not None)
        if placed != sorted(c.region_names):
            missing = [r for r in c.region_names if r not in placed]
            raise PositionError(plural(NN_("region tile {regions} is nowhere: the six tiles are on Unrest, "
                                           "Blockade, the stack or the discard (S-3, R-CLN) [INV-TILES]",
                                           "region tiles {regions} are nowhere: the six tiles are on Unrest, "
                                           "Blockade, the stack or the discard (S-3, R-CLN) [INV-TILES]"),
                                       len(missing), regions=tuple(missing)))


def read_position(blank: P, data: dict[str, Any], *, check_shape: bool = True) -> P:
    """Read a full or partial position (see docs/positions.md) into ``blank``, a new
    ``State(components)``; :meth:`State.from_dict` is the public way in.

    The data's shape is checked first against ``docs/schema/position.json``, then
    the rules: every position read is one the rules can reach.  Every failure is
    a :class:`PositionError` (or subclass) naming the field.

    ``check_shape=False`` skips the schema (never the rules), for the positions that ship
    in the package's own data files (the tutorial's examples, the course): the tests check
    those files against their schemas, and skipping it spares a notebook the import of
    jsonschema.  Whatever a user hands in goes through :meth:`State.from_dict`, which
    always checks the shape.
    """
    if not isinstance(data, dict):
        raise PositionError(Message(NOT_AN_OBJECT, value=json_kind(data)))
    if check_shape:
        check(data, "position", PositionError, by_field={"date": InvalidDate, "blockade": InvalidBlockade})
    reader = _Reader(data, blank)
    try:
        reader.read()
        reader.check_reachable()
    except DualPowersError:
        raise
    except (TypeError, KeyError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        # A safety net: the schema and the checks above should make this unreachable
        # (the fuzz tests assert that they do); a user still gets the documented error.
        raise PositionError(Message(N_("cannot read this position ({value})"),
                                    value=f"{type(exc).__name__}: {brief(str(exc), 80)}")) from None
    return blank
