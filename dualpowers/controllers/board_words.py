"""The board in words: what a screen reader reads beside the canvas, and what a sighted reader
may open instead of reading the picture.

A pure function of the position, what the board lights and what it hides, so that whatever
shows a board (a widget today, a session's snapshot tomorrow) carries the same text beside it.
It says what the picture says: the round, the date, the Will and the score; the unrest region, the
road the blockade closes and the player's reserve; each side's objective as anyone at the board
knows it (face down, or face up with the region where it scores); each region's tokens with their strength and
side, who is stronger there and why (the engine's own reasons, R-STR-2); the cards played this
round; what may be clicked now.  A region whose strengths a question asks
(the course hides its plate) is named with its tokens only, as the board shows it.

::

    words = board_words(state, lit=["purple", "W3"], lang="fr")
    words.lines()        # every sentence, in reading order
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .. import names
from ..i18n import N_
from ..places import RESERVE
from ..presence import force_in_presence
from ..scoring import face_up_objective
from ..text import Conjunction, Message, Name, render, translator
from .play import lead_text

if TYPE_CHECKING:
    from ..state import State

__all__ = ["BoardWords", "board_words", "opposition_card_words", "clickable", "target_words", "T_BOARD_WORDS", "T_BOARD_LABEL"]

#: The title of the board in words (the button that opens it).
T_BOARD_WORDS = N_("The board in words")
#: The board's name for a screen reader, and how to play it with keys.
T_BOARD_LABEL = N_("The board. The arrow keys go from one thing you can click to the next; Enter or Space "
                   "clicks it; Escape forgets the clicks so far.")
#: the screen's last Tab stop, a button that takes the focus back to the board (it is the first)
T_TO_BOARD = N_("Back to the board")
T_STATUS = N_("Round {number}, {date}; Will: {will}; score: {score}.")
T_HIDDEN = N_("{region}: {tokens}. Which side is stronger here is the question.")
T_PLAYED = N_("{side:cap} played {cards} this round.")
T_NONE_PLAYED = N_("No card has been played yet this round.")
# Translators: a card the solo Opposition played, in the list of the cards played this round
T_CARD_RECRUIT = N_("{card} with recruit value {recruit}")
# Translators: what a card the solo Opposition played did, shown by the pointer or after a tap on it
T_OPPOSITION_CARD = N_("{card}: recruit value {recruit}, so the Opposition places a level-{recruit} unit "
                       "in {region}")
T_CLICKABLE = N_("You can click: {targets}.")
#: The same on a touch screen, where a finger taps.
T_TAPPABLE = N_("You can tap: {targets}.")
T_NOTHING_TO_CLICK = N_("Nothing on the board is waiting for a click.")
# Translators: a token and where it stands, as a thing to click ("W3 in the reserve")
T_TOKEN_AT = N_("{token} {where}")
T_ROAD = N_("the connection between {region} and {region2}")
# Translators: the tokens of a region whose strengths name none of them (only neutral tokens)
T_TOKENS_HERE = N_("Tokens in {region}: {tokens}.")
T_UNREST = N_("The unrest region is {region}.")
T_NO_UNREST = N_("There is no unrest region.")
T_BLOCKADE = N_("The blockade closes the connection between {region} and {region2}.")
T_NO_BLOCKADE = N_("No connection is closed by a blockade.")
# Translators: a faction's reserve, its units and leaders with their fresh strength ("W1 1, Lvov 2")
T_RESERVE = N_("Reserve of {side}: {tokens}.")
T_RESERVE_EMPTY = N_("Reserve of {side}: empty.")
# Translators: a side's secret objective while it is face down (nobody at the board may read it)
T_OBJECTIVE_HIDDEN = N_("Objective of {side}: face down.")
T_OBJECTIVE_NONE = N_("Objective of {side}: not chosen yet.")
# Translators: the solo Opposition's objective before it is revealed: it is then chosen from the
# cards the Opposition played (R-SOLO-OBJECTIVE)
T_OBJECTIVE_LATER = N_("Objective of {side}: chosen from its played cards when it is revealed.")
# Translators: a side's objective face up, and the region it scores in ("purple")
T_OBJECTIVE_SHOWN = N_("Objective of {side}: {card}, face up; its region is {region}.")


@dataclass(frozen=True)
class BoardWords:
    """The board in words, in one language: each part a list of sentences."""

    status: str
    #: the region tiles (unrest, blockade) and the reserves, one sentence each
    surroundings: tuple[str, ...]
    #: (the region's name, its sentences), in the map's order
    regions: tuple[tuple[str, tuple[str, ...]], ...]
    cards: tuple[str, ...]
    targets: str

    def lines(self) -> list[str]:
        """Every sentence, in the order a reader meets them."""
        out = [self.status, *self.surroundings]
        for _name, said in self.regions:
            out.extend(said)
        return out + list(self.cards) + ([self.targets] if self.targets else [])


def target_words(state: "State", kind: str, ident: Any, lang: str) -> str:
    """One thing the board lets a person click, in words: a region, a token and where it
    stands, a road."""
    _ = translator(lang)
    if kind == "region":
        return names.region(ident, lang)
    if kind == "token":
        return _(T_TOKEN_AT, token=names.token(ident, lang), where=names.whereabouts(state.place.get(ident, "box"), lang))
    if kind == "connection":
        a, b = ident
        return _(T_ROAD, region=names.region(a, lang), region2=names.region(b, lang))
    return str(ident)


def board_words(state: "State", *, lit: Iterable[Any] = (), conceal: Iterable[str] = (),
                lang: str = "en", touch: bool = False) -> BoardWords:
    """The board of ``state`` in words (see the module's docstring).  ``lit``: what the clicks may
    pick now (regions, tokens, roads as the board's highlight names them); ``conceal``: regions whose
    strengths are not to be told; ``touch``: the screen is touched with a finger ("You can tap")."""
    _ = translator(lang)
    hidden = frozenset(conceal)
    status = _(T_STATUS, number=state.round, date=names.date(state.month_name, state.day, lang),
               will=state.will, score=lead_text(state.score, lang))
    regions = []
    for region in state.comp.region_names:
        here = state.tokens_in(region)
        if region in hidden and here:
            said: tuple[str, ...] = (_(T_HIDDEN, region=names.region(region, lang),
                                       tokens=", ".join(names.token(t, lang) for t in here)),)
        else:
            presence = force_in_presence(state, region)
            tally = tuple(render(m, lang) for m in presence.tally_messages)
            said = tally + (render(presence.reason_message, lang),)
            if here and not any(presence.tokens.values()):   # only neutrals nobody controls: no token named
                said = (_(T_TOKENS_HERE, region=names.region(region, lang),
                          tokens=", ".join(names.token(t, lang) for t in here)),) + said
        regions.append((region, said))
    cards = tuple(render(Message(T_PLAYED, side=side, cards=Conjunction(_played_card(state, side, c) for c in played)),
                         lang) for side, played in state.played.items() if played)
    targets = [target_words(state, kind, ident, lang) for kind, ident in clickable(state, lit)]
    return BoardWords(status=status, surroundings=_surroundings(state, lang), regions=tuple(regions), cards=cards or (_(T_NONE_PLAYED),),
                      targets=_(T_TAPPABLE if touch else T_CLICKABLE, targets=", ".join(targets)) if targets else "")


def _played_card(state: "State", side: str, card: str) -> Any:
    """A card played this round, as the list names it: the solo Opposition's with its recruit value,
    the level of the unit it places (R-SOLO-OPP-TURN), which its chip on the board draws."""
    if state.mode == "solo" and side == state.opposition and card in state.comp.cards:
        return Message(T_CARD_RECRUIT, card=card, recruit=state.comp.cards[card].recruit)
    return Name("card", card)


def opposition_card_words(state: "State", card: str, lang: str = "en") -> str:
    """What a card the solo Opposition played did, in words (the tag by its chip): its recruit
    value and the unit of that level it places in its region (R-SOLO-OPP-TURN)."""
    c = state.comp.cards[card]
    return render(Message(T_OPPOSITION_CARD, card=card, recruit=c.recruit, region=c.region), lang)


def _surroundings(state: "State", lang: str) -> tuple[str, ...]:
    """The region tiles and the reserves, as the board's side column draws them."""
    _ = translator(lang)
    said = [_(T_UNREST, region=names.region(state.unrest, lang)) if state.unrest else _(T_NO_UNREST)]
    if state.blockade:
        a, b = state.blockade
        said.append(_(T_BLOCKADE, region=names.region(a, lang), region2=names.region(b, lang)))
    else:
        said.append(_(T_NO_BLOCKADE))
    reserve = state.at.get(RESERVE, ())
    for side in ("red", "white"):
        if state.mode == "solo" and side == state.opposition:
            continue                                  # the Opposition recruits from its supply, not a reserve
        mine = [t for t in reserve if state.comp.tokens[t].owner == side]
        if mine:
            said.append(_(T_RESERVE, side=side, tokens=", ".join(
                f"{names.token(t, lang)} {state.comp.tokens[t].fresh}" for t in mine)))
        else:
            said.append(_(T_RESERVE_EMPTY, side=side))
    return tuple(said) + _objectives(state, lang)


def _objectives(state: "State", lang: str) -> tuple[str, ...]:
    """Each side's objective as anyone at the board may know it (P-OBJ): face up, its card and the
    region where it scores; face down, only that it is there."""
    _ = translator(lang)
    said = []
    for side in ("red", "white"):
        card = face_up_objective(state, side)
        if card is not None:
            region = state.comp.cards[card].region if card in state.comp.cards else None
            said.append(_(T_OBJECTIVE_SHOWN, side=side, card=names.card(card, lang),
                          region=names.region(region, lang) if region else "?"))
        elif state.mode == "solo" and side == state.opposition:
            said.append(_(T_OBJECTIVE_LATER, side=side))
        elif state.objectives.get(side):
            said.append(_(T_OBJECTIVE_HIDDEN, side=side))
        else:
            said.append(_(T_OBJECTIVE_NONE, side=side))
    return tuple(said)


def clickable(state: "State", lit: Iterable[Any]) -> list[tuple[str, Any]]:
    """The things among ``lit`` that a click may pick, as ``(kind, id)`` (the board's hit kinds):
    regions in the map's order, then tokens, then roads; the order the arrow keys visit them."""
    items = set(lit)
    comp = state.comp
    return ([("region", r) for r in comp.region_names if r in items]
            + [("token", t) for t in sorted(t for t in items if isinstance(t, str) and t in comp.tokens)]
            + [("connection", c) for c in sorted(c for c in items if isinstance(c, tuple))])
