"""Component data: regions, city map, cards and tokens (RULINGS C-*).

The values live in ``data/components.toml``; this module only reads and checks
them.  An owner of the physical game can replace the stand-in values with a file
of their own and pass it to :func:`load_components`.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from .errors import ComponentsError, brief
from .text import N_, Message
from .schema import check, decode_json
from .userfiles import THE_COMPONENTS_FILE, read_text, strip_bom

__all__ = [
    "SIDES",
    "ACTIONS",
    "SPECIALS",
    "Region",
    "CommandCard",
    "LeaderCard",
    "TokenSpec",
    "Components",
    "load_components",
    "parse_components",
    "default_components",
]

Side = Literal["red", "white"]
SIDES: tuple[str, str] = ("red", "white")
ACTIONS = ("move", "double-move", "rest")
SPECIALS = ("protest", "espionage", "inspire")
Connection = tuple[str, str]


def other(side: str) -> str:
    """The opposing side."""
    return "white" if side == "red" else "red"


@dataclass(frozen=True)
class Region:
    """One of the six city regions (C-REG)."""

    name: str
    code: str
    label: str
    icon: str
    position: tuple[float, float]


@dataclass(frozen=True)
class CommandCard:
    """A command card (C-CMD): region, day number, recruit value, action, VP.

    ``id`` defaults to ``"<region>-<days>"``, the way the rulebook names cards.
    """

    region: str
    days: int
    recruit: int
    action: str
    vp: int
    id: str = ""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", f"{self.region}-{self.days}")
        if self.action not in ACTIONS:
            raise _bad(N_("card {id}: action {value} is not one of {allowed}"), id=self.id, value=repr(self.action),
                       allowed=", ".join(ACTIONS))
        if not 1 <= self.recruit <= 3:
            raise _bad(N_("card {id}: recruit value {value} is not 1, 2 or 3"), id=self.id, value=self.recruit)
        if self.days < 1:
            raise _bad(N_("card {id}: day number {value} must be at least 1"), id=self.id, value=self.days)
        if self.vp < 0:
            raise _bad(N_("card {id}: victory points {value} cannot be negative"), id=self.id, value=self.vp)

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class LeaderCard:
    """A leader card (C-LEAD); its token has the same id."""

    id: str
    faction: str
    special: str
    days: int
    fresh: int
    exhausted: int

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class TokenSpec:
    """What is printed on a token.

    ``owner`` is "red", "white", "neutral" or "opposition"; ``kind`` is "unit",
    "leader" or "trotsky" (the two Trotsky tokens: leader tokens without a card, C-LEAD).  An Opposition unit's exhausted side shows the
    difficulty X, so its ``exhausted`` is ``None`` here.
    """

    id: str
    owner: str
    kind: str
    fresh: int
    exhausted: int | None
    recruit: int = 0
    level: int = 0

    def is_a(self, kind: str) -> bool:
        """Whether a position's ``kind`` describes this token: Trotsky's own kind is
        "trotsky" (a leader token with no card), and he is a leader token too (C-LEAD)."""
        return kind == self.kind or (kind == "leader" and self.kind == "trotsky")

    @property
    def type_key(self) -> tuple[object, ...]:
        """Tokens with equal keys are interchangeable."""
        if self.kind == "unit":
            return (self.owner, self.recruit, self.fresh, self.exhausted, self.level)
        return (self.id,)


@dataclass(frozen=True, eq=False)
class Components:
    """Everything the engine knows about the physical game, read from a data file."""

    regions: tuple[Region, ...]
    connections: tuple[Connection, ...]
    arrows: dict[str, Connection]
    cards: dict[str, CommandCard]
    leaders: dict[str, LeaderCard]
    tokens: dict[str, TokenSpec]
    track_length: int
    trotsky_neutral: str
    trotsky_red: str
    source: str
    sources: dict[str, str] = field(default_factory=dict)

    # --- derived tables, computed once -------------------------------------------------
    def __post_init__(self) -> None:
        names = [r.name for r in self.regions]
        object.__setattr__(self, "region_names", tuple(names))
        object.__setattr__(self, "region_index", {n: i for i, n in enumerate(names)})
        object.__setattr__(self, "region_by_code", {r.code: r.name for r in self.regions})
        object.__setattr__(self, "_open_cache", {})
        object.__setattr__(self, "memo", {})
        order = list(self.cards) + list(self.leaders)
        object.__setattr__(self, "card_order", {c: i for i, c in enumerate(order)})
        object.__setattr__(self, "card_days", {**{c: k.days for c, k in self.cards.items()},
                                               **{c: k.days for c, k in self.leaders.items()}})
        object.__setattr__(self, "token_order", {t: i for i, t in enumerate(self.tokens)})
        object.__setattr__(self, "connection_set", frozenset(self.connections))
        object.__setattr__(self, "type_keys", {t.id: t.type_key for t in self.tokens.values()})
        object.__setattr__(self, "sides", {opp: self._side_table(opp) for opp in (None, "red", "white")})
        object.__setattr__(self, "_folded", {
            "region": {n.casefold(): n for n in names},
            "token": {t.casefold(): t for t in self.tokens},
            "card": {c.casefold(): c for c in order},
        })

    region_names: tuple[str, ...] = field(init=False, repr=False)
    region_index: dict[str, int] = field(init=False, repr=False)
    region_by_code: dict[str, str] = field(init=False, repr=False)
    card_order: dict[str, int] = field(init=False, repr=False)
    token_order: dict[str, int] = field(init=False, repr=False)
    connection_set: frozenset[Connection] = field(init=False, repr=False)
    type_keys: dict[str, tuple[object, ...]] = field(init=False, repr=False)
    #: sides[opposition][token]: the side a token belongs to (Opposition units -> the Opposition's side).
    sides: dict[str | None, dict[str, str | None]] = field(init=False, repr=False)
    #: open_neighbours / two_step_reach by blockade (filled as asked)
    _open_cache: dict[Any, Any] = field(init=False, repr=False)
    #: the days each card (command or leader) moves the date (R-CAL-1)
    card_days: dict[str, int] = field(init=False, repr=False)
    #: the rules' memo tables for these components, filled as asked: lists of actions that depend
    #: only on the components and a few facts (a token's region and the blockade, a reserve's
    #: content), read by the kinds' offers (:mod:`dualpowers.kinds`)
    memo: dict[Any, Any] = field(init=False, repr=False)
    #: find / close_match: kind -> casefolded name -> the canonical id
    _folded: dict[str, dict[str, str]] = field(init=False, repr=False)

    def connection(self, a: str, b: str) -> Connection:
        """The canonical spelling of the connection between ``a`` and ``b``."""
        ia, ib = self.region_index[a], self.region_index[b]
        return (a, b) if ia < ib else (b, a)

    def days(self, card: str) -> int:
        """The days a card moves the date: a command card's, or a leader card's (R-CAL-1)."""
        return self.card_days[card]

    def is_connection(self, a: str, b: str) -> bool:
        if a not in self.region_index or b not in self.region_index or a == b:
            return False
        return self.connection(a, b) in self.connection_set

    def open_neighbours(self, blockade: Connection | None) -> dict[str, tuple[str, ...]]:
        """Region -> regions one step away over connections the blockade leaves open."""
        cache = self._open_cache
        key = ("1", blockade)
        hit = cache.get(key)
        if hit is None:
            hit = {n: [] for n in self.region_names}
            for a, b in self.connections:
                if (a, b) == blockade:
                    continue
                hit[a].append(b)
                hit[b].append(a)
            hit = {n: tuple(sorted(v, key=self.region_index.__getitem__)) for n, v in hit.items()}
            cache[key] = hit
        return hit

    def two_step_reach(self, blockade: Connection | None) -> dict[str, dict[str, str | None]]:
        """Region -> {destination: intermediate region or None} within two open steps."""
        cache = self._open_cache
        key = ("2", blockade)
        hit = cache.get(key)
        if hit is None:
            one = self.open_neighbours(blockade)
            hit = {}
            for start in self.region_names:
                reach: dict[str, str | None] = {n: None for n in one[start]}
                for mid in one[start]:
                    for end in one[mid]:
                        if end != start and end not in reach:
                            reach[end] = mid
                hit[start] = reach
            cache[key] = hit
        return hit

    def _side_table(self, opposition: str | None) -> dict[str, str | None]:
        table: dict[str, str | None] = {}
        for t in self.tokens.values():
            if t.owner in SIDES:
                table[t.id] = t.owner
            elif t.owner == "opposition":
                table[t.id] = opposition
            else:
                table[t.id] = None
        return table

    def leaders_of(self, faction: str) -> list[str]:
        return [lead.id for lead in self.leaders.values() if lead.faction == faction]

    def find(self, name: object, kind: str) -> str | None:
        """The canonical ``kind`` name ("region", "token" or "card") for ``name``, ignoring case.

        Names a learner types are matched without regard to case (RULINGS
        "Positions that cannot happen"): ``trotsky`` is ``Trotsky``.
        """
        if not isinstance(name, str):
            return None
        table = self._folded[kind]
        return table.get(name.casefold())

    def close_match(self, name: object, kind: str) -> str | None:
        """The id a near miss like ``Lenine`` was meant to be (``Lenin``), or None."""
        if not isinstance(name, str) or len(name) > 40:
            return None
        table = self._folded[kind]
        close = difflib.get_close_matches(name.casefold(), list(table), n=1, cutoff=0.6)
        return table[close[0]] if close else None

    def card_code(self, card: str) -> str:
        """The short code the notation writes for a card: ``purple-4`` -> ``p4``; other ids as they are."""
        region, _, rest = card.partition("-")
        if rest and region in self.region_index:
            return next(r.code for r in self.regions if r.name == region) + rest
        return card

    def card_from_code(self, code: str) -> str:
        """The card id a notation code stands for (the inverse of :meth:`card_code`; any case)."""
        region = self.region_by_code.get(code[:1].lower())
        if region is not None and code[1:2].isdigit():
            return f"{region}-{code[1:]}"
        return code


# --------------------------------------------------------------------------------------
# Loading and checking
# --------------------------------------------------------------------------------------


def _bad(msgid: str, **params: Any) -> ComponentsError:
    """A components error whose reason is a message (written in the reader's language); the
    file and the place in it (``where``: the file's own keys, ``regions[2]``) stay as they are."""
    return ComponentsError(Message(msgid, **params))


#: What a number of a file's row is, where the row is a list ([id, recruit, fresh, exhausted]).
DAY_NUMBER, RECRUIT_VALUE, VICTORY_POINTS = N_("day number"), N_("recruit value"), N_("victory points")
FRESH_STRENGTH, EXHAUSTED_STRENGTH = N_("fresh strength"), N_("exhausted strength")


def _need(d: dict[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise _bad(N_("{where}: missing '{key}'"), where=where, key=key)
    return d[key]


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None, what: str | None = None) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; ``what`` names it in a row."""
    place = Message(N_("{where}, {what}"), where=where, what=Message(what)) if what else where
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(N_("{where}: expected a whole number, got {value}"), where=place, value=brief(value))
    if lo is not None and value < lo or hi is not None and value > hi:
        if hi is not None:
            raise _bad(N_("{where}: {value} is outside {low}..{high}"), where=place, value=value, low=lo, high=hi)
        raise _bad(N_("{where}: {value} is below {low}"), where=place, value=value, low=lo)
    return value


def _parse(raw: dict[str, Any], source: str, check_shape: bool = True) -> Components:
    if raw.get("format") != "dualpowers/components":
        raise _bad(N_("{file}: not a dualpowers components file (format must be 'dualpowers/components')"),
                   file=source)
    if raw.get("version") != 1:
        raise _bad(N_("{file}: unsupported version {value} (this package reads version 1)"), file=source,
                   value=brief(raw.get("version")))
    if check_shape:
        check(raw, "components", ComponentsError, Message(N_("{what}: "), what=source))   # the shape (docs/schema/components.json), then the sense
    sources: dict[str, str] = {}

    regions: list[Region] = []
    for i, r in enumerate(_need(raw, "regions", source)):
        where = f"{source}: regions[{i}]"
        name = _need(r, "name", where)
        code = _need(r, "code", where)
        if not (isinstance(code, str) and len(code) == 1 and code.isalpha() and code.islower()):
            raise _bad(N_("{where}: code {value} must be one lower-case letter"), where=where, value=brief(code))
        pos = r.get("position", [0.5, 0.5])
        if not (isinstance(pos, list) and len(pos) == 2):
            raise _bad(N_("{where}: position must be [x, y]"), where=where)
        regions.append(Region(name, code, r.get("label", name), r.get("icon", ""), (float(pos[0]), float(pos[1]))))
        sources[f"region {name}"] = r.get("source", "")
    names = [r.name for r in regions]
    if len(regions) != 6:
        raise _bad(N_("{file}: the game has six regions, the file lists {count}"), file=source, count=len(regions))
    if len(set(names)) != 6 or len({r.code for r in regions}) != 6:
        raise _bad(N_("{file}: region names and codes must be unique"), file=source)
    index = {n: i for i, n in enumerate(names)}

    def region(name: Any, where: str) -> str:
        if name not in index:
            raise _bad(N_("{where}: unknown region {value} (regions: {allowed})"), where=where, value=brief(name),
                       allowed=", ".join(names))
        return str(name)

    def conn(pair: Any, where: str) -> Connection:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _bad(N_("{where}: a connection is a pair of regions, got {value}"), where=where, value=brief(pair))
        a, b = region(pair[0], where), region(pair[1], where)
        if a == b:
            raise _bad(N_("{where}: a region cannot connect to itself ({name})"), where=where, name=a)
        return (a, b) if index[a] < index[b] else (b, a)

    mp = _need(raw, "map", source)
    connections = tuple(conn(p, f"{source}: map.connections") for p in _need(mp, "connections", f"{source}: map"))
    if len(set(connections)) != len(connections):
        raise _bad(N_("{file}: map.connections lists a connection twice"), file=source)
    arrows_raw = _need(mp, "arrows", f"{source}: map")
    arrows: dict[str, Connection] = {}
    for n in names:
        if n not in arrows_raw:
            raise _bad(N_("{file}: map.arrows has no arrow for region {name}"), file=source, name=n)
        c = conn(arrows_raw[n], f"{source}: map.arrows.{n}")
        if c not in connections:
            raise _bad(N_("{where}: {first}-{second} is not a connection of the map"), where=f"{source}: map.arrows.{n}",
                       first=c[0], second=c[1])
        arrows[n] = c
    sources["map"] = mp.get("source", "")

    cards: dict[str, CommandCard] = {}
    cc = _need(raw, "command_cards", source)
    for i, row in enumerate(_need(cc, "cards", f"{source}: command_cards")):
        where = f"{source}: command_cards.cards[{i}]"
        if not (isinstance(row, list) and len(row) == 6):
            raise _bad(N_("{where}: expected [id, region, days, recruit, action, vp]"), where=where)
        cid, reg, days, rec, act, vp = row
        card = CommandCard(region(reg, where), _int(days, where, 1, 31, DAY_NUMBER), _int(rec, where, 1, 3, RECRUIT_VALUE),
                           act, _int(vp, where, 0, None, VICTORY_POINTS), str(cid))
        if card.id in cards:
            raise _bad(N_("{where}: card id {value} used twice"), where=where, value=repr(card.id))
        cards[card.id] = card
    if len(cards) != 48:
        raise _bad(N_("{file}: the game has 48 command cards, the file lists {count}"), file=source, count=len(cards))
    sources["command cards"] = cc.get("source", "")

    tokens: dict[str, TokenSpec] = {}

    def add(tok: TokenSpec, where: str) -> None:
        if tok.id in tokens or tok.id in cards:
            raise _bad(N_("{where}: id {value} used twice"), where=where, value=repr(tok.id))
        tokens[tok.id] = tok

    units = _need(raw, "units", source)
    for owner, count in (("red", 10), ("white", 10), ("neutral", 6)):
        rows = _need(units, owner, f"{source}: units")
        if len(rows) != count:
            raise _bad(N_("{file}: units.{owner} must list {count} tokens, not {listed}"), file=source, owner=owner,
                       count=count, listed=len(rows))
        for i, row in enumerate(rows):
            where = f"{source}: units.{owner}[{i}]"
            if not (isinstance(row, list) and len(row) == 4):
                raise _bad(N_("{where}: expected [id, recruit, fresh, exhausted]"), where=where)
            tid, rec, fresh, exh = row
            lo = 0 if owner == "neutral" else 1
            add(TokenSpec(str(tid), owner, "unit", _int(fresh, where, 0, 9, FRESH_STRENGTH),
                          _int(exh, where, 0, 9, EXHAUSTED_STRENGTH), _int(rec, where, lo, 3, RECRUIT_VALUE)), where)
    sources["units"] = units.get("source", "")

    leaders: dict[str, LeaderCard] = {}
    for i, lead in enumerate(_need(raw, "leaders", source)):
        where = f"{source}: leaders[{i}]"
        lid = str(_need(lead, "id", where))
        fac = _need(lead, "faction", where)
        if fac not in SIDES:
            raise _bad(N_("{where}: faction {value} must be red or white"), where=where, value=brief(fac))
        spec = _need(lead, "special", where)
        if spec not in SPECIALS:
            raise _bad(N_("{where}: special {value} must be one of {allowed}"), where=where, value=brief(spec),
                       allowed=", ".join(SPECIALS))
        leader = LeaderCard(lid, fac, spec, _int(_need(lead, "days", where), where, 1, 31),
                            _int(_need(lead, "fresh", where), where, 0, 9), _int(_need(lead, "exhausted", where), where, 0, 9))
        leaders[lid] = leader
        add(TokenSpec(lid, fac, "leader", leader.fresh, leader.exhausted), where)
        sources[f"leader {lid}"] = lead.get("source", "")
    for fac in SIDES:
        mine = [lc for lc in leaders.values() if lc.faction == fac]
        if sorted(lc.special for lc in mine) != sorted(SPECIALS):
            raise _bad(N_("{file}: faction {faction} needs exactly one leader per special action ({allowed})"),
                       file=source, faction=fac, allowed=", ".join(SPECIALS))

    tr = _need(raw, "trotsky", source)
    tn, trd = str(_need(tr, "neutral_id", f"{source}: trotsky")), str(_need(tr, "red_id", f"{source}: trotsky"))
    tf, te = _int(_need(tr, "fresh", f"{source}: trotsky"), "trotsky.fresh", 0, 9), _int(_need(tr, "exhausted", f"{source}: trotsky"), "trotsky.exhausted", 0, 9)
    add(TokenSpec(tn, "neutral", "trotsky", tf, te), f"{source}: trotsky")
    add(TokenSpec(trd, "red", "trotsky", tf, te), f"{source}: trotsky")
    sources["trotsky"] = tr.get("source", "")

    opp = _need(raw, "opposition", source)
    per = _int(_need(opp, "per_level", f"{source}: opposition"), "opposition.per_level", 1, 26)
    for level in (1, 2, 3):
        for k in range(per):
            add(TokenSpec(f"O{level}{chr(ord('a') + k)}", "opposition", "unit", level, None, level, level), f"{source}: opposition")

    track = _need(raw, "track", source)
    length = _int(_need(track, "length", f"{source}: track"), "track.length", 1, 99)
    sources["track"] = track.get("source", "")

    comp = Components(tuple(regions), connections, arrows, cards, leaders, tokens, length, tn, trd, source, sources)
    _check_names(comp, source)
    return comp


def _check_names(comp: Components, source: str) -> None:
    """Ids must stay distinct when case is ignored and survive the notation's card codes."""
    seen: dict[str, str] = {}
    for name in list(comp.cards) + list(comp.tokens):
        folded = name.casefold()
        if folded in seen and seen[folded] != name:
            raise _bad(N_("{file}: ids {first} and {second} differ only in case; names are matched without regard "
                          "to case"), file=source, first=repr(seen[folded]), second=repr(name))
        seen[folded] = name
    codes: dict[str, str] = {}
    for card in list(comp.cards) + list(comp.leaders):
        code = comp.card_code(card)
        if comp.card_from_code(code) != card:
            what = (N_("{file}: leader id {value} cannot be written in the notation: its code {code} reads back as "
                       "{other} (a leader id must not look like a card code such as 'p4')") if card in comp.leaders
                    else N_("{file}: card id {value} cannot be written in the notation: its code {code} reads back as "
                            "{other} (a card id is '<region>-<day number>...' or a name that does not start with a "
                            "region)"))
            raise _bad(what, file=source, value=repr(card), code=repr(code), other=repr(comp.card_from_code(code)))
        if code.casefold() in codes:
            raise _bad(N_("{file}: cards {first} and {second} share the code {code}"), file=source,
                       first=repr(codes[code.casefold()]), second=repr(card), code=repr(code))
        codes[code.casefold()] = card


def load_components(path: str | Path | None = None) -> Components:
    """Read and check a components file (TOML or JSON); ``None`` gives the packaged stand-in.

    Raises :class:`~dualpowers.errors.ComponentsError` naming the first problem.
    """
    if path is None:
        return default_components()
    p = Path(path)
    text = read_text(p, ComponentsError, THE_COMPONENTS_FILE)   # a regular UTF-8 file of bounded size
    return parse_components(text, str(p), "json" if p.suffix.lower() == ".json" else "toml")


def parse_components(data: bytes | str, source: str = "<components>", syntax: str = "toml") -> Components:
    """Read and check components from the text of a file (``syntax`` "toml" or "json").

    Every failure (encoding, syntax, shape, sense) raises :class:`ComponentsError`.
    """
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _bad(N_("{file}: not UTF-8 text (byte {value})"), file=source, value=exc.start) from None
    data = strip_bom(data)
    if syntax == "json":
        raw = decode_json(data, ComponentsError, source)
    else:
        try:
            raw = tomllib.loads(data)
        except tomllib.TOMLDecodeError as exc:
            raise _bad(N_("{file}: not valid TOML: {detail}"), file=source, detail=brief(str(exc), 120)) from None
        except (ValueError, RecursionError) as exc:
            raise _bad(N_("{file}: not usable TOML ({detail})"), file=source, detail=type(exc).__name__) from None
    if not isinstance(raw, dict):
        raise _bad(N_("{file}: the top level must be a table/object"), file=source)
    return _parse(raw, source)


@lru_cache(maxsize=1)
def default_components() -> Components:
    """The packaged stand-in components (read once).

    Their shape is not checked against the JSON Schema here, only their sense: the file
    ships with the package and the tests check its shape (tests/test_components.py), and
    skipping the check spares every process (a notebook's, a simulation worker's) the
    import of jsonschema, most of a second."""
    text = resources.files("dualpowers").joinpath("data/components.toml").read_text(encoding="utf-8")
    return _parse(tomllib.loads(text), "dualpowers/data/components.toml", check_shape=False)

