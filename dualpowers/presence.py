"""Control of tokens and "Force in Presence" (RULINGS R-NEU-1, R-STR-1, R-STR-2).

This is the one place that decides who controls a token and who has greater
strength in a region; scoring, movement and the analysis tools all ask here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import UnknownRegion

if TYPE_CHECKING:
    import pandas as pd

    from .state import State

__all__ = ["Presence", "controller", "controlled_in", "force_in_presence", "presence_table"]

SIDES = ("red", "white")


def _own_side(state: "State", token: str) -> str | None:
    return state.comp.sides[state.opposition][token]


def neutral_controller(state: "State", region: str) -> str | None:
    """Who controls the neutral tokens in ``region`` (R-NEU-1).

    The Will holder does, but only while they have a token of their own there.
    """
    will = state.will
    sides = state.comp.sides[state.opposition]
    for t in state._at.get(region, ()):
        if sides[t] == will:
            return will
    return None


def controller(state: "State", token: str) -> str | None:
    """The side controlling ``token`` where it stands; ``None`` if nobody (R-NEU-1)."""
    side = _own_side(state, token)
    if side is not None:
        return side
    region = state.place[token]
    if region not in state.comp.region_index:
        return None
    return neutral_controller(state, region)


def controlled_in(state: "State", side: str, region: str) -> list[str]:
    """The tokens ``side`` controls in ``region`` (own tokens, plus neutrals if R-NEU-1 allows)."""
    here = state._at.get(region)
    if not here:
        return []
    sides = state.comp.sides[state.opposition]
    own = [t for t in here if sides[t] == side]
    if own and state.will == side:
        # ``here`` is kept in component order, so filtering keeps that order.
        return [t for t in here if sides[t] == side or sides[t] is None]
    return own


@dataclass(frozen=True)
class Presence:
    """Who has greater strength in a region, and why (R-STR-2)."""

    region: str
    winner: str | None
    strength: dict[str, int]
    tokens: dict[str, int]
    decided_by: str | None           # "strength", "tokens", "will" or None
    will: str
    control: dict[str, str | None] = field(default_factory=dict)   # token -> controlling side
    neutral_controller: str | None = None
    neutrals: tuple[str, ...] = ()
    shown: dict[str, int] = field(default_factory=dict)          # token -> strength it shows

    @property
    def reason(self) -> str:
        """The deciding step in words, citing the rule."""
        r, w = self.strength["red"], self.strength["white"]
        tr, tw = self.tokens["red"], self.tokens["white"]
        if not self.control:
            return f"No token in {self.region}: nobody has greater strength (R-STR-2)."
        if self.winner is None:
            return (f"Only neutral tokens in {self.region} and nobody has a token of their own "
                    "there to control them: nobody has greater strength (R-NEU-1, R-STR-2).")
        loser = "white" if self.winner == "red" else "red"
        if self.decided_by == "strength":
            return (f"{self.winner.capitalize()} has greater strength in {self.region}: "
                    f"{self.strength[self.winner]} against {self.strength[loser]} (R-STR-2).")
        if self.decided_by == "tokens":
            return (f"Strength is tied {r}-{w} in {self.region}; {self.winner} controls more tokens "
                    f"({self.tokens[self.winner]} against {self.tokens[loser]}) and wins (R-STR-2).")
        return (f"Strength ({r}-{w}) and token count ({tr}-{tw}) are tied in {self.region}; "
                f"{self.winner}, holding the Will of the People, wins (R-STR-2).")

    @property
    def neutral_reason(self) -> str:
        """Why the neutral tokens here count for whom (R-NEU-1)."""
        if not self.neutrals:
            return f"No neutral token in {self.region}."
        if self.neutral_controller:
            return (f"{self.will.capitalize()} holds the Will and has a token of their own in "
                    f"{self.region}, so its neutral tokens count for {self.will} (R-NEU-1).")
        return (f"{self.will.capitalize()} holds the Will but has no token of their own in "
                f"{self.region}, so its neutral tokens count for nobody (R-NEU-1).")

    def as_row(self) -> dict[str, Any]:
        return {
            "region": self.region, "winner": self.winner,
            "red strength": self.strength["red"], "white strength": self.strength["white"],
            "red tokens": self.tokens["red"], "white tokens": self.tokens["white"],
            "decided by": self.decided_by, "neutrals for": self.neutral_controller,
            "reason": self.reason,
        }

    def to_frame(self) -> "pd.DataFrame":
        """One row per token here: id, strength shown, whether neutral, who it counts for."""
        import pandas as pd
        return pd.DataFrame(
            [{"token": t, "strength": self.shown.get(t, 0), "neutral": t in self.neutrals, "counts for": s}
             for t, s in self.control.items()],
            columns=["token", "strength", "neutral", "counts for"],
        )


def force_in_presence(state: "State", region: str) -> Presence:
    """Compute Force in Presence in ``region`` (R-STR-1, R-STR-2, R-NEU-1)."""
    if region not in state.comp.region_index:
        raise UnknownRegion(f"unknown region {region!r} (regions: {', '.join(state.comp.region_names)})")
    here = state._at.get(region, ())
    neutral_side = neutral_controller(state, region)
    strength = {"red": 0, "white": 0}
    count = {"red": 0, "white": 0}
    control: dict[str, str | None] = {}
    shown: dict[str, int] = {}
    neutrals: list[str] = []
    for t in here:
        shown[t] = state.strength_of(t)
        s = _own_side(state, t)
        if s is None:
            neutrals.append(t)
            s = neutral_side
        control[t] = s
        if s is not None:
            strength[s] += shown[t]
            count[s] += 1
    if not count["red"] and not count["white"]:
        return Presence(region, None, strength, count, None, state.will, control, neutral_side, tuple(neutrals), shown)
    if strength["red"] != strength["white"]:
        winner, by = ("red" if strength["red"] > strength["white"] else "white"), "strength"
    elif count["red"] != count["white"]:
        winner, by = ("red" if count["red"] > count["white"] else "white"), "tokens"
    else:
        winner, by = state.will, "will"
    return Presence(region, winner, strength, count, by, state.will, control, neutral_side, tuple(neutrals), shown)


def presence_table(state: "State") -> "pd.DataFrame":
    """Force in Presence of all six regions as a pandas DataFrame, one row per region."""
    import pandas as pd
    rows = [force_in_presence(state, r).as_row() for r in state.comp.region_names]
    return pd.DataFrame(rows).set_index("region")
