"""Control of tokens and "Force in Presence" (RULINGS R-NEU-1, R-STR-1, R-STR-2).

This is the one place that decides who controls a token and who has greater
strength in a region; scoring, movement and the analysis tools all ask here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from . import narration
from .errors import UnknownRegion
from .narration import Items, Message

if TYPE_CHECKING:
    import pandas as pd

    from .components import Components
    from .position import Position

__all__ = ["Presence", "controller", "controlled_in", "controlled_tokens", "force_in_presence", "stronger_side",
           "strength_tally", "presence_table"]

def _own_side(state: Position, token: str) -> str | None:
    return state.comp.sides[state.opposition][token]


def neutral_controller(state: Position, region: str) -> str | None:
    """Who controls the neutral tokens in ``region`` (R-NEU-1).

    The Will holder does, but only while they have a token of their own there.
    """
    will = state.will
    sides = state.comp.sides[state.opposition]
    for t in state.at.get(region, ()):
        if sides[t] == will:
            return will
    return None


def controller(state: Position, token: str) -> str | None:
    """The side controlling ``token`` where it stands; ``None`` if nobody (R-NEU-1)."""
    side = _own_side(state, token)
    if side is not None:
        return side
    region = state.place[token]
    if region not in state.comp.region_index:
        return None
    return neutral_controller(state, region)


def controlled_tokens(state: Position, side: str, regions: Iterable[str],
                      groups: dict[str, int] | None = None) -> list[tuple[str, str]]:
    """(region, token) for each token ``side`` controls in ``regions``, in component order:
    its own tokens, plus the neutral ones where it holds the Will and has a token of its
    own (R-NEU-1).  With ``groups`` (token -> an even number, equal for interchangeable
    tokens), only the first token of each group and side up is listed per region."""
    at = state.at
    own, codes = _control_codes(state.comp, state.opposition, side, state.will == side, groups)
    exhausted = state.exhausted
    out = []
    for region in regions:
        here = at.get(region)
        if not here or own.isdisjoint(here):   # no token of its own there: it controls none
            continue
        if len(here) == 1:
            out.append((region, here[0]))
            continue
        seen: set[int] = set()
        for t in here:
            code = codes.get(t)
            if code is None:                   # the other side's, or a neutral it does not control
                continue
            if t in exhausted:
                code += 1
            if code not in seen:
                seen.add(code)
                out.append((region, t))
    return out


def controlled_in(state: Position, side: str, region: str) -> list[str]:
    """The tokens ``side`` controls in ``region`` (own tokens, plus neutrals if R-NEU-1 allows)."""
    return [t for _, t in controlled_tokens(state, side, (region,))]


# (id(components), opposition, side, with the Will, id(groups)) -> (components, groups,
# tokens the side owns, token -> code for each token it may control); the components and
# groups are kept so that their ids stay theirs.
_CONTROL: dict[tuple[Any, ...], tuple[Any, Any, frozenset[str], dict[str, int]]] = {}


def _control_codes(comp: "Components", opposition: str | None, side: str, with_will: bool,
                   groups: dict[str, int] | None) -> tuple[frozenset[str], dict[str, int]]:
    """The tokens ``side`` owns, and a code for each token it may control where it has one
    of its own: its own, and the neutral ones if it holds the Will (R-NEU-1).  The code is
    ``groups[token]``, or a number of its own without ``groups``."""
    key = (id(comp), opposition, side, with_will, id(groups))
    hit = _CONTROL.get(key)
    if hit is None:
        if len(_CONTROL) >= 96:
            _CONTROL.clear()
        sides = comp.sides[opposition]
        codes = {t: (groups[t] if groups is not None else 2 * i) for i, (t, s) in enumerate(sides.items())
                 if s == side or (with_will and s is None)}
        hit = _CONTROL[key] = (comp, groups, frozenset(t for t, s in sides.items() if s == side), codes)
    return hit[2], hit[3]


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
    opposition: str | None = None    # the solo Opposition's side, which the messages name "the Opposition"

    def _named(self, side: str) -> str:
        return narration.acting_side(side, self.opposition)

    @property
    def reason_message(self) -> Message:
        """The deciding step, citing the rule (R-STR-2), as a message."""
        region = self.region
        if not self.control:
            return Message(narration.PRESENCE_EMPTY, region=region)
        if self.winner is None:
            return Message(narration.PRESENCE_NOBODY, region=region)
        winner = self.winner
        loser = "white" if winner == "red" else "red"
        named = self._named(winner)
        if self.decided_by == "strength":
            return Message(narration.PRESENCE_STRENGTH, winner=named, region=region,
                           strength=self.strength[winner], other=self.strength[loser])
        if self.decided_by == "tokens":
            return Message(narration.PRESENCE_TOKENS, red=self.strength["red"], white=self.strength["white"],
                           region=region, winner=named, tokens=self.tokens[winner], other=self.tokens[loser])
        return Message(narration.PRESENCE_WILL, red=self.strength["red"], white=self.strength["white"],
                       red_tokens=self.tokens["red"], white_tokens=self.tokens["white"], region=region, winner=named)

    @property
    def reason(self) -> str:
        """The deciding step in words, citing the rule."""
        return self.reason_message.text

    @property
    def neutral_reason_message(self) -> Message:
        """Why the neutral tokens here count for whom (R-NEU-1), as a message."""
        if not self.neutrals:
            return Message(narration.NEUTRALS_NONE, region=self.region)
        if self.neutral_controller:
            return Message(narration.NEUTRALS_COUNT, side=self._named(self.will), region=self.region)
        return Message(narration.NEUTRALS_IDLE, side=self._named(self.will), region=self.region)

    @property
    def tally_messages(self) -> tuple[Message, ...]:
        """How each side's strength here adds up, token by token, and (when neutral tokens are
        here) whom they count for: the sums that :attr:`reason_message` compares (R-STR-1,
        R-NEU-1).  Empty when no token is here."""
        if not self.control:
            return ()
        if not any(self.control.values()):          # only neutral tokens, and nobody controls them
            return (self.neutral_reason_message,)
        sides = []
        for side in ("white", "red") if self.winner == "white" else ("red", "white"):     # the stronger first
            mine = [t for t, s in self.control.items() if s == side]
            terms = tuple(Message(narration.TALLY_NEUTRAL if t in self.neutrals else narration.TALLY_TOKEN, token=t,
                                  strength=self.shown.get(t, 0))
                          for t in sorted(mine, key=lambda t: t in self.neutrals))      # its own tokens first
            sides.append(Message(narration.TALLY_SIDE, side=self._named(side), strength=self.strength[side],
                                 tokens=Items(terms)) if terms
                         else Message(narration.TALLY_SIDE_NONE, side=self._named(side)))
        told = (Message(narration.TALLY, first=sides[0], second=sides[1]),)
        return told + ((self.neutral_reason_message,) if self.neutrals else ())

    @property
    def neutral_reason(self) -> str:
        """Why the neutral tokens here count for whom (R-NEU-1)."""
        return self.neutral_reason_message.text

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


def strength_tally(state: Position, region: str, *, shown: dict[str, int] | None = None,
                   control: dict[str, str | None] | None = None,
                   neutrals: list[str] | None = None) -> tuple[dict[str, int], dict[str, int], str | None]:
    """``(strength, tokens, neutral_controller)``: the strength and the number of tokens each
    side controls in ``region`` (R-STR-1, R-NEU-1), by side, and who controls its neutral
    tokens; the sums that Force in Presence compares (R-STR-2), without the explanation
    (the quiet path of scoring and playouts).  ``shown``, ``control`` and ``neutrals`` (if
    given) receive each token's strength, who it counts for, and the neutral ones."""
    sides = state.comp.sides[state.opposition]
    neutral_side = neutral_controller(state, region)
    strength = {"red": 0, "white": 0}
    count = {"red": 0, "white": 0}
    for t in state.at.get(region, ()):
        own = sides[t]
        s = own or neutral_side
        value = state.strength_of(t)
        if shown is not None:
            shown[t] = value
            control[t] = s  # type: ignore[index]  # given with shown (presence() passes all three)
            if own is None:
                neutrals.append(t)  # type: ignore[union-attr]  # given with shown
        if s is not None:
            strength[s] += value
            count[s] += 1
    return strength, count, neutral_side


def _decide(strength: dict[str, int], count: dict[str, int], will: str) -> tuple[str | None, str | None]:
    """Greater strength wins; tie: more tokens; tie: the Will holder; nobody without tokens (R-STR-2)."""
    if not count["red"] and not count["white"]:
        return None, None
    if strength["red"] != strength["white"]:
        return ("red" if strength["red"] > strength["white"] else "white"), "strength"
    if count["red"] != count["white"]:
        return ("red" if count["red"] > count["white"] else "white"), "tokens"
    return will, "will"


def stronger_side(state: Position, region: str) -> str | None:
    """Who has greater strength in ``region``, without the explanation (the scoring's quiet path)."""
    strength, count, _ = strength_tally(state, region)
    return _decide(strength, count, state.will)[0]


def force_in_presence(state: Position, region: str) -> Presence:
    """Compute Force in Presence in ``region`` (R-STR-1, R-STR-2, R-NEU-1), with the reason."""
    if region not in state.comp.region_index:
        raise UnknownRegion(f"unknown region {region!r} (regions: {', '.join(state.comp.region_names)})")
    control: dict[str, str | None] = {}
    shown: dict[str, int] = {}
    neutrals: list[str] = []
    strength, count, neutral_side = strength_tally(state, region, shown=shown, control=control, neutrals=neutrals)
    winner, by = _decide(strength, count, state.will)
    return Presence(region, winner, strength, count, by, state.will, control, neutral_side, tuple(neutrals), shown,
                    state.opposition)


def presence_table(state: Position) -> "pd.DataFrame":
    """Force in Presence of all six regions as a pandas DataFrame, one row per region."""
    import pandas as pd
    rows = [force_in_presence(state, r).as_row() for r in state.comp.region_names]
    return pd.DataFrame(rows).set_index("region")
