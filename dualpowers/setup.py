"""Setting up a new game (RULINGS S-1..S-3, R-SOLO-SETUP)."""

from __future__ import annotations

from .components import SIDES, Components, default_components, other
from .places import start_place
from .rounds import start_round
from .state import State

__all__ = ["new_game", "MODES", "EDITIONS", "MODE_ALIASES"]

MODES = ("two-player", "solo")
EDITIONS = ("fr", "it")
#: Every name a mode may be given by, and the mode it means.
MODE_ALIASES = {"two-player": "two-player", "2p": "two-player", "two_player": "two-player", "solo": "solo"}


def new_game(
    mode: str = "two-player",
    seed: int = 0,
    *,
    player: str = "red",
    difficulty: int = 1,
    edition: str = "fr",
    components: Components | None = None,
) -> State:
    """A new game, set up and dealt, waiting for the first decision.

    ``mode`` is ``"two-player"`` or ``"solo"``; in solo, ``player`` is the side
    you play and ``difficulty`` (1-6) the Opposition's X.  ``edition`` is
    ``"fr"`` (default, as the English rules) or ``"it"`` (E-IT).  Every shuffle
    comes from ``seed``.
    """
    if mode not in MODE_ALIASES:
        raise ValueError(f"mode must be 'two-player' or 'solo', not {mode!r}")
    mode = MODE_ALIASES[mode]
    if edition not in EDITIONS:
        raise ValueError(f"edition must be 'fr' or 'it', not {edition!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {seed!r}")
    comp = components or default_components()
    s = State(comp)
    s.mode, s.edition, s.seed = mode, edition, seed
    if mode == "solo":
        if player not in SIDES:
            raise ValueError(f"player must be 'red' or 'white', not {player!r}")
        if not isinstance(difficulty, int) or not 1 <= difficulty <= 6:
            raise ValueError(f"difficulty must be 1..6, not {difficulty!r}")
        s.player, s.opposition, s.difficulty = player, other(player), difficulty

    # S-1: reserves and hands; R-SOLO-SETUP: the Opposition's units and leader stack.
    places: dict[str, str] = {}
    for tid, spec in comp.tokens.items():
        where = start_place(spec, mode, s.opposition)
        if where is not None:
            places[tid] = where
    for side in SIDES:
        leaders = comp.leaders_of(side)
        if mode == "solo" and side == s.opposition:
            s.opp_leaders = leaders[:]
            s.shuffle(s.opp_leaders)
        else:
            for lead in leaders:
                s.add_to_hand(side, lead)
    neutrals = [t for t, spec in comp.tokens.items() if spec.owner == "neutral" and spec.kind == "unit"]
    s.shuffle(neutrals)
    for region, token in zip(comp.region_names, neutrals):
        places[token] = region  # S-1: one random neutral per region, fresh
    s.set_places(places)

    # S-2: score at the centre, Will with red, March/April 1 (State defaults).
    # S-3: region tiles and the command deck.
    tiles = list(comp.region_names)
    s.shuffle(tiles)
    s.unrest, s.blockade_tile, s.tile_stack = tiles[0], tiles[1], tiles[2:]
    s.blockade = comp.arrows[s.blockade_tile]
    s.deck = list(comp.cards)
    s.shuffle(s.deck)

    start_round(s, first=True)
    return s
