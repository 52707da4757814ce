"""Setting up a new game (RULINGS S-1..S-3, R-SOLO-SETUP)."""

from __future__ import annotations

import secrets
from functools import lru_cache
from weakref import WeakKeyDictionary

from .components import SIDES, Components, default_components, other
from .errors import SettingError, brief
from .narration import N_, Message
from .opposition import DIFFICULTIES
from .places import start_place
from .rounds import start_round
from .state import Event, State

__all__ = ["new_game", "deal", "fresh_seed", "MODES", "EDITIONS", "MODE_ALIASES", "edition_for"]

MODES = ("two-player", "solo")
EDITIONS = ("fr", "it")
#: The edition a reader of each language plays unless they pick another: the Italian
#: rulebook's (E-IT) in Italian, the French one (E-FR) in French and in English.
LANGUAGE_EDITIONS = {"fr": "fr", "it": "it"}


def edition_for(lang: str) -> str:
    """The rules edition of a reader of ``lang``: "it" for Italian, "fr" otherwise."""
    return LANGUAGE_EDITIONS.get(lang, "fr")
#: Every name a mode may be given by, and the mode it means.
MODE_ALIASES = {"two-player": "two-player", "2p": "two-player", "two_player": "two-player", "solo": "solo"}


def fresh_seed() -> int:
    """A seed nobody can guess (the operating system's randomness), within the 63 bits a
    position's JSON reads back."""
    return secrets.randbits(63)


def new_game(
    mode: str = "two-player",
    seed: int | None = None,
    *,
    player: str = "red",
    difficulty: int = 1,
    edition: str = "fr",
    components: Components | None = None,
) -> State:
    """A new game, set up and dealt, waiting for the first decision (:func:`deal` also tells
    what happened before it).

    ``mode`` is ``"two-player"`` or ``"solo"``; in solo, ``player`` is the side
    you play and ``difficulty`` (1-6) the Opposition's X.  ``edition`` is
    ``"fr"`` (default, as the English rules) or ``"it"`` (E-IT).  Every shuffle
    comes from ``seed`` (kept as ``state.seed``): the same seed deals the same game.
    Without one, the game gets a fresh seed from the operating system's randomness, so
    that nothing a player has seen (a number on a screen, a previous game) rebuilds the
    face-down cards.
    """
    return _set_up(mode, seed, player, difficulty, edition, components, None)


def _set_up(mode: str, seed: int | None, player: str, difficulty: int, edition: str,
            components: Components | None, told: tuple[list[Event[State]], bool] | None) -> State:
    """The deal of :func:`new_game`; ``told``: the list the events before the first decision go
    into, and whether they keep their boards (:func:`deal`)."""
    if seed is None:
        seed = fresh_seed()
    if mode not in MODE_ALIASES:
        raise SettingError(Message(N_("mode must be 'two-player' or 'solo', not {value}"), value=repr(mode)))
    mode = MODE_ALIASES[mode]
    if edition not in EDITIONS:
        raise SettingError(Message(N_("edition must be 'fr' or 'it', not {value}"), value=repr(edition)))
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        # a 64-bit range, as the position schema (docs/schema/position.json) reads back
        raise SettingError(Message(N_("seed must be a whole number within 64 bits, not {value}"), value=brief(seed, 40)))
    comp = components or default_components()
    if mode == "solo":
        if player not in SIDES:
            raise SettingError(Message(N_("player must be 'red' or 'white', not {value}"), value=repr(player)))
        if not isinstance(difficulty, int) or difficulty not in DIFFICULTIES:
            raise SettingError(Message(N_("difficulty must be 1..6, not {value}"), value=repr(difficulty)))
    s = _template(comp, mode, player if mode == "solo" else None).clone()
    s.edition, s.seed = edition, seed
    if mode == "solo":
        s.difficulty = difficulty

    # Chance, in a fixed order: the Opposition's leader stack (R-SOLO-SETUP), then
    # one random neutral per region, fresh (S-1).
    if mode == "solo":
        s.shuffle(s.opp_leaders)
    neutrals = list(_neutral_units(comp))
    s.shuffle(neutrals)
    for region, token in zip(comp.region_names, neutrals):
        s.put(token, region)

    # S-2: score at the centre, Will with red, March/April 1 (State defaults).
    # S-3: region tiles and the command deck.
    tiles = list(comp.region_names)
    s.shuffle(tiles)
    s.unrest, s.blockade_tile, s.tile_stack = tiles[0], tiles[1], tiles[2:]
    s.blockade = comp.arrows[s.blockade_tile]
    s.deck = list(comp.cards)
    s.shuffle(s.deck)

    if told is None:
        start_round(s, first=True)
        return s
    s._events, s._boards = told
    s.narrating = True
    try:
        start_round(s, first=True)
    finally:
        s.narrating = s._boards = False
        s._events = []
    return s


def deal(
    mode: str = "two-player",
    seed: int | None = None,
    *,
    player: str = "red",
    difficulty: int = 1,
    edition: str = "fr",
    components: Components | None = None,
    boards: bool = False,
) -> tuple[State, list[Event[State]]]:
    """:func:`new_game`, with what happened before the first decision as events, as
    :meth:`State.apply` tells an action: in solo the round begins, the Opposition reveals its
    leader and plays its first turn (R-SOLO-OBJ, R-SOLO-OPP-TURN); in two-player
    only the round begins.  ``boards``: each event keeps the position right after it, so a
    screen tells the Opposition's first turn step by step as it tells every later one (a new
    game showed its leader and unit with no word beside the board, issue 33).  The same seed
    deals the same game as :func:`new_game`: telling draws nothing."""
    events: list[Event[State]] = []
    state = _set_up(mode, seed, player, difficulty, edition, components, (events, boards))
    return state, events


#: Per set of components and (mode, solo player): the position before any shuffle.
_TEMPLATES: "WeakKeyDictionary[Components, dict[tuple[str, str | None], State]]" = WeakKeyDictionary()


@lru_cache(maxsize=8)
def _neutral_units(comp: Components) -> tuple[str, ...]:
    return tuple(t for t, spec in comp.tokens.items() if spec.owner == "neutral" and spec.kind == "unit")


def _template(comp: Components, mode: str, player: str | None) -> State:
    """Everything of the setup that involves no chance, built once and then copied.

    S-1: reserves and the leader cards in hand; S-2: Trotsky waits; R-SOLO-SETUP: the
    Opposition's units in its supply and its leaders (not yet shuffled)."""
    by_mode = _TEMPLATES.get(comp)
    if by_mode is None:
        by_mode = _TEMPLATES[comp] = {}
    s = by_mode.get((mode, player))
    if s is not None:
        return s
    s = State(comp)
    s.mode = mode
    if player is not None:
        s.player, s.opposition = player, other(player)
    places: dict[str, str] = {}
    for tid, spec in comp.tokens.items():
        where = start_place(spec, mode, s.opposition)
        if where is not None:
            places[tid] = where
    s.set_places(places)
    for side in SIDES:
        leaders = comp.leaders_of(side)
        if side == s.opposition:
            s.opp_leaders = leaders[:]
        else:
            for lead in leaders:
                s.add_to_hand(side, lead)
    by_mode[(mode, player)] = s
    return s
