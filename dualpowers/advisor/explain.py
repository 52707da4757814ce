"""Advice in words: what one action changes, read from what the player can see.

For an action of the side to act, :func:`effects` says

* the Force in Presence in every region the action touches
  (its kind's ``touches``: :func:`dualpowers.kinds.touches`), before and right after
  it (the action's own effect, before anyone else moves), and who leads there;
* whether it takes, keeps or gives up the region of the player's own objective,
  when the player knows it (R-SCO-OBJ), and whether that region is the unrest region
  (worth this month's unrest points, R-SCO-UNREST);
* what the action itself does besides strengths, in its kind's words (the bonus action
  or the Will a card earns by where it moves the date, the Will taken by Inspire, the
  points scored on the unrest region: each kind's ``effect``, :mod:`dualpowers.kinds`).

It reads the player's view only (:func:`dualpowers.views.canonical`), so it names
nothing hidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import components, kinds as K
from ..narration import N_, Message, acting_side
from ..presence import force_in_presence
from ..kinds.play import DATE_BONUS
from ..kinds.score_unrest import ScoreUnrest
from ..scoring import face_up_objective, objective_card, unrest_vp
from ..views import canonical, determinize, known_objective
from .playout import finish_turn

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

__all__ = ["RegionChange", "Effects", "effects", "turn_after", "turn_reason", "turn_reasons", "reason_key",
           "scoring_regions", "objective_warning", "what_it_does"]

# ---------------------------------------------------------------------------- the advisor's words
# Templates (see dualpowers.narration): an Effects holds its lines as Messages, written in
# a reader's language by dualpowers.text.render; ``Effects.lines`` is the English.
REGION_LINE = N_("{region} region: {clauses}")
STRENGTHS = N_("you {mine_before} against {who} {theirs_before} \u2192 you {mine_after} against {theirs_after}")
YOU_LEAD_NOW = N_("you lead there now")
HOLDER_LEADS_NOW = N_("{who} leads there now")
NOBODY_LEADS = N_("nobody leads")
YOU_LEAD = N_("you lead")
STILL_LEADS = N_("{strengths} ({lead})")
HOLDER_LEADS = N_("{who} leads")
UNREST_WORTH = N_("the unrest region, worth {vp} VP this month")
TAKES_OBJECTIVE = N_("takes the region of your objective {card} ({vp} VP)")
KEEPS_OBJECTIVE = N_("keeps the region of your objective {card} ({vp} VP)")
GIVES_UP_OBJECTIVE = N_("gives up the region of your objective {card} ({vp} VP)")
CHANGES_NOTHING = N_("changes no region's Force in Presence")

# ---------------------------------------------------------------------------- the reason, in one sentence
# Why an action is good (issue 35): what the player's whole turn, begun with it, changes in what
# this round's scoring counts (the unrest region, the objectives), the 15/31 bonus, the Will.
WHY_UNREST = N_("the unrest region")
WHY_MINE = N_("the region of your objective")
WHY_THEIRS = N_("the region of {who}'s objective")
BOTH_WHY = N_("{first} and {second}")
WHY_OPPOSITION = N_("where the Opposition's objective is likely to be (its cards' days add up most there)")
REASON_TAKES = N_("It makes you the stronger side in {region}, {why}: {vp} VP at this round's scoring.")
REASON_KEEPS = N_("It keeps you the stronger side in {region}, {why} ({vp} VP at this round's scoring): "
                  "you {mine} against {theirs}.")
REASON_BONUS = N_("It ends on the 15th or the 31st of the month, which earns you a bonus action.")
REASON_WILL = N_("It takes the Will of the People, which wins ties in strength.")
REASON_STRONGER = N_("It makes you stronger in {region}, where you lead: you {mine} against {theirs}.")
#: A region's reason that the action alone does not give, the rest of the turn does (a card played,
#: then its recruit or move): said as the turn's, so that it does not contradict the row's own effect.
REASON_WITH_TURN = N_("Together with the rest of your turn, as the advisor would play it, {reason:low}")
#: What the best of several equal actions does, when no reason sets it apart (issue 35): the gap
#: it narrows where the other side stays the stronger, the objective it puts where you lead, or
#: a leader's special in its own words.  The ranking then says that the others are about as good.
REASON_NARROWS = N_("It narrows the gap in {region}: you {mine} against {theirs}, up from {mine_before} against "
                    "{theirs_before}.")
REASON_NARROWS_WHY = N_("It narrows the gap in {region}, {why}: you {mine} against {theirs}, up from {mine_before} "
                        "against {theirs_before}.")
#: A region where the side becomes the stronger, not counted by this round's scoring (a region it
#: led already is "stronger ..., where you lead").
REASON_BECOMES = N_("It makes you the stronger side in {region}: you {mine} against {theirs}, up from {mine_before} "
                    "against {theirs_before}.")
#: The gap closed to equal strength: who wins the tie, and by what (R-STR-2), so that "you 3 against
#: 3" does not read as a lead, nor as a gap still open (issue 35, read at 40 positions).
REASON_LEVEL_BEHIND = N_("It brings you level in strength in {region}: you {mine} against {theirs}, up from "
                         "{mine_before} against {theirs_before}; {who} still wins the tie there, {tiebreak}.")
REASON_LEVEL_BEHIND_WHY = N_("It brings you level in strength in {region}, {why}: you {mine} against {theirs}, up "
                             "from {mine_before} against {theirs_before}; {who} still wins the tie there, {tiebreak}.")
REASON_LEVEL_AHEAD = N_("It brings you level in strength in {region}: you {mine} against {theirs}, up from "
                        "{mine_before} against {theirs_before}, and you win the tie there, {tiebreak}.")
TIE_TOKENS = N_("with more tokens")
TIE_WILL = N_("holding the Will of the People")
REASON_OBJECTIVE_LEAD = N_("It puts your objective in {region}, where you are the stronger side now: you {mine} "
                           "against {theirs}.")
REASON_EFFECT = N_("This action {effect}.")
#: An objective chosen (two-player, each round's first decision): where its region stands now,
#: against the other cards the player could keep (issue 35: the Hint said only that the trial
#: games place it best).
REASON_OBJECTIVE_CLOSEST = N_("It puts your objective in {region}, where you are closest to being the stronger "
                              "side of all the objectives you could choose: you {mine} against {theirs}.")
REASON_OBJECTIVE_MOST_VP = N_("It puts your objective in {region}, worth {vp} VP, the most of the objectives you "
                              "could choose, if you are the stronger side there at this round's scoring.")
REASON_OBJECTIVE_FEWEST_VP = N_("It puts your objective in {region}, worth {vp} VP, the fewest of the objectives you "
                               "could choose: its VP go to the stronger side there at this round's scoring, and "
                               "{who} leads there now, {theirs} against your {mine}.")
REASON_OBJECTIVE_OPEN = N_("It puts your objective in {region}, where nobody is the stronger side yet: {vp} VP at "
                           "this round's scoring if you are then.")
REASON_OBJECTIVE_PLAIN = N_("It puts your objective in {region}: {vp} VP at this round's scoring if you are the "
                            "stronger side there then (you {mine} against {theirs} now).")
#: The stronger side in the unrest region decides, at the scoring, between its VP and a bonus
#: action (R-SCO-UNREST): what it takes, and what it gives up for a bonus action.
REASON_SCORES_UNREST = N_("It scores the unrest region: the score marker moves {vp} VP your way now.")
REASON_INSTEAD = N_("{reason} This bonus action is taken instead of the unrest region's {vp} VP.")
#: The reasons about a region (what the action itself may or may not change there).
REGION_REASONS = frozenset({REASON_TAKES, REASON_KEEPS, REASON_STRONGER, REASON_BECOMES, REASON_NARROWS,
                            REASON_NARROWS_WHY, REASON_LEVEL_BEHIND, REASON_LEVEL_BEHIND_WHY, REASON_LEVEL_AHEAD})
WARN_OBJECTIVE = N_("Careful: {who} is the stronger side in {region}, the region of your objective: as things "
                    "stand, its {vp} VP go to {who} at this round's scoring.")
COST_GIVES = N_("What you chose leaves {who} the stronger side in {region}, {why}: {vp} VP at this round's "
                "scoring go to {who}.")


@dataclass(frozen=True)
class RegionChange:
    """Strengths in one region before and after an action (``mine``/``theirs``), and who leads."""

    region: str
    mine_before: int
    theirs_before: int
    leader_before: str | None
    mine_after: int
    theirs_after: int
    leader_after: str | None


@dataclass(frozen=True)
class Effects:
    """What an action changes for ``side`` (see the module docstring).

    ``messages`` says it as data (templates and raw ids, for
    :func:`dualpowers.text.render` in any language); ``lines`` is the English.
    """

    side: str
    regions: tuple[RegionChange, ...]
    messages: tuple[Message, ...]
    reason: Message | None = None    # why it is good, in one sentence (:func:`turn_reason`)
    cost: Message | None = None      # what it hands the other side at this round's scoring
    reasons: tuple[Message, ...] = ()   # every reason the turn gives, the likeliest first (:func:`turn_reasons`)
    does: Message | None = None      # what it does, said when it shares its rank (:func:`what_it_does`)
    #: the regions this round's scoring counts (with why) whose stronger side the turn leaves as it is
    holds: tuple[tuple[str, Message], ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(m.text for m in self.messages)

    @property
    def region_names(self) -> tuple[str, ...]:
        return tuple(r.region for r in self.regions)


def _strengths(state: "State", region: str, side: str) -> tuple[int, int, str | None]:
    p = force_in_presence(state, region)
    other = components.other(side)
    return p.strength.get(side, 0), p.strength.get(other, 0), p.winner


def effects(state: "State", action: "Action", side: str | None = None) -> Effects:
    """What ``action`` changes for ``side`` (default: the side to act), in words and numbers."""
    side = side or state.to_act
    assert side is not None
    view = canonical(state, side)
    targets = K.touches(view, action)
    regions = list(targets.regions)
    for a, b in targets.path:
        regions += [r for r in (a, b) if r not in regions]
    regions = [r for r in regions if r in view.comp.region_index]
    after = determinize(view, side, random.Random(0))
    K.kind_of(action).perform(after, side, action)     # the action alone, before play goes on
    objective = known_objective(view, side)
    objective_card = view.comp.cards.get(objective) if objective else None
    changes: list[RegionChange] = []
    lines: list[Message] = []
    other = components.other(side)
    for region in regions:
        m0, t0, w0 = _strengths(view, region, side)
        m1, t1, w1 = _strengths(after, region, side)
        changes.append(RegionChange(region, m0, t0, w0, m1, t1, w1))
        if (m0, t0, w0) == (m1, t1, w1):
            continue
        # The other side as a raw id ("opposition" in solo): a translation gives it the article
        # its place in the sentence wants ("contre les Blancs", "les Blancs y ont ...").
        clauses = [Message(STRENGTHS, mine_before=m0, who=acting_side(other, view.opposition), theirs_before=t0,
                           mine_after=m1, theirs_after=t1)]
        if w0 != w1:
            clauses.append(Message(NOBODY_LEADS) if w1 is None else Message(YOU_LEAD_NOW) if w1 == side
                           else Message(HOLDER_LEADS_NOW, who=acting_side(w1, view.opposition)))
        elif w1 is not None:              # the same side still leads: said in brackets after the strengths
            lead = Message(YOU_LEAD) if w1 == side else Message(HOLDER_LEADS, who=acting_side(w1, view.opposition))
            clauses[0] = Message(STILL_LEADS, strengths=clauses[0], lead=lead)
        if region == view.unrest:
            clauses.append(Message(UNREST_WORTH, vp=unrest_vp(view)))
        lines.append(Message(REGION_LINE, region=region, clauses=tuple(clauses)))
        if objective_card is not None and objective_card.region == region:
            said = TAKES_OBJECTIVE if w1 == side and w0 != side else KEEPS_OBJECTIVE if w1 == side \
                else GIVES_UP_OBJECTIVE if w0 == side else None
            if said is not None:
                lines.append(Message(said, card=objective, vp=objective_card.vp))
    own = K.kind_of(action).effect(view, side, action, objective)
    lines += own
    if not lines:
        lines.append(Message(CHANGES_NOTHING))
    # The regions where the action by itself makes the side relatively stronger: a region's reason
    # elsewhere comes from the rest of the turn, and is said so.
    gained = frozenset(c.region for c in changes if c.mine_after - c.theirs_after > c.mine_before - c.theirs_before)
    reasons, cost, holds = _turn_reasons(view, side, action, any(m.msgid == DATE_BONUS for m in own), gained, after)
    does = reasons[0] if reasons else what_it_does(view, side, action, own, gained)
    return Effects(side, tuple(changes), tuple(lines), reasons[0] if reasons else None, cost, reasons, does, holds)


def what_it_does(view: "State", side: str, action: "Action", own: "tuple[Message, ...] | list[Message]" = (),
                 gained: "frozenset[str] | None" = None) -> Message | None:
    """One sentence in the game's words that says what ``action`` does, for when it is one of
    several equally good actions and gives no reason of its own (:func:`turn_reasons` gave none):
    the gap the player's whole turn begun with it narrows in a region where the other side stays
    the stronger (a region this round's scoring counts first, then the largest gain; said as the
    turn's when the action alone does not do it), else, for a secret objective, that its region is
    one where the player is the stronger side now, else a leader's special or a kind that names its
    own effect, in that effect's words (``own``: the kind's ``effect`` lines).  None if it does
    none of these: a card that leaves every region as it is, say."""
    if view.turn_index < len(view.turn_order):
        after = turn_after(view, side, action)
        counted = {region: why for region, _vp, why in scoring_regions(view, side)}
        closer = []
        for region in view.comp.region_names:
            m0, t0, w0 = _strengths(view, region, side)
            m1, t1, _w1 = _strengths(after, region, side)
            if m1 - t1 > m0 - t0:
                closer.append((region not in counted, -((m1 - t1) - (m0 - t0)), region, m0, t0, m1, t1, w0 == side))
        if closer:
            _n, _g, region, m0, t0, m1, t1, led = min(closer)
            why = counted.get(region)
            said = None
            if m1 > t1:                        # no gap left: the side is the stronger there now
                said = Message(REASON_STRONGER, region=region, mine=m1, theirs=t1) if led else \
                    Message(REASON_BECOMES, region=region, mine=m1, theirs=t1, mine_before=m0, theirs_before=t0)
            elif m1 == t1:
                said = _level(view, after, side, region, why, m0, t0, m1, t1)
            if said is None:
                said = Message(REASON_NARROWS, region=region, mine=m1, theirs=t1, mine_before=m0, theirs_before=t0) \
                    if why is None else Message(REASON_NARROWS_WHY, region=region, why=why, mine=m1, theirs=t1,
                                                mine_before=m0, theirs_before=t0)
            return said if gained is None or region in gained else Message(REASON_WITH_TURN, reason=said)
    kind = K.kind_of(action)
    card = view.comp.cards.get(getattr(action, "card", "")) if kind.steps == ("objective",) else None
    if card is not None:
        mine, theirs, winner = _strengths(view, card.region, side)
        if winner == side:
            return Message(REASON_OBJECTIVE_LEAD, region=card.region, mine=mine, theirs=theirs)
    if (kind.special or kind.says_its_effect) and own:
        return Message(REASON_EFFECT, effect=own[0])
    return None


def _level(view: "State", after: "State", side: str, region: str, why: Message | None, m0: int, t0: int, m1: int,
           t1: int) -> Message | None:
    """The gap closed to equal strength in ``region``, with who wins the tie there and by what (more
    tokens, or the Will of the People: R-STR-2); None when nobody wins it (no token at all)."""
    p = force_in_presence(after, region)
    tiebreak = {"tokens": TIE_TOKENS, "will": TIE_WILL}.get(p.decided_by or "")
    if p.winner is None or tiebreak is None:
        return None
    if p.winner == side:
        return Message(REASON_LEVEL_AHEAD, region=region, mine=m1, theirs=t1, mine_before=m0, theirs_before=t0,
                       tiebreak=Message(tiebreak))
    who = acting_side(p.winner, view.opposition)
    if why is None:
        return Message(REASON_LEVEL_BEHIND, region=region, mine=m1, theirs=t1, mine_before=m0, theirs_before=t0,
                       who=who, tiebreak=Message(tiebreak))
    return Message(REASON_LEVEL_BEHIND_WHY, region=region, why=why, mine=m1, theirs=t1, mine_before=m0,
                   theirs_before=t0, who=who, tiebreak=Message(tiebreak))


def objective_warning(view: "State", side: str) -> Message | None:
    """A warning before the advice, when ``side`` knows its objective and the other side is the
    stronger in its region now: as things stand, this round's scoring hands the card's VP over
    (R-SCO-OBJ).  None otherwise."""
    mine = known_objective(view, side)
    card = view.comp.cards.get(mine) if mine else None
    if card is None:
        return None
    other = components.other(side)
    _m, _t, winner = _strengths(view, card.region, side)
    if winner != other:
        return None
    return Message(WARN_OBJECTIVE, who=acting_side(other, view.opposition), region=card.region, vp=card.vp)


def scoring_regions(view: "State", side: str) -> list[tuple[str, int, Message]]:
    """``(region, VP, why)`` of what this round's scoring counts that ``side`` can see, most VP
    first: the unrest region (R-SCO-UNREST), ``side``'s own objective if it knows it, and the
    other side's if it is face up or, in solo, the Opposition's likely one: the region of its
    played cards' highest sum of days so far (R-SOLO-OBJECTIVE)."""
    out: dict[str, tuple[int, list[Message]]] = {}

    def add(region: str | None, vp: int, why: Message) -> None:
        if region and vp > 0:
            total, whys = out.get(region, (0, []))
            out[region] = (total + vp, whys + [why])
    other = components.other(side)
    if view.unrest:
        add(view.unrest, unrest_vp(view), Message(WHY_UNREST))
    mine = known_objective(view, side)
    if mine and mine in view.comp.cards:
        add(view.comp.cards[mine].region, view.comp.cards[mine].vp, Message(WHY_MINE))
    theirs = face_up_objective(view, other)
    if theirs is None and view.mode == "solo" and other == view.opposition:
        theirs = objective_card(view, other)          # from its played cards, all face up
        why = Message(WHY_OPPOSITION)
    else:
        why = Message(WHY_THEIRS, who=acting_side(other, view.opposition))
    if theirs and theirs in view.comp.cards:
        add(view.comp.cards[theirs].region, view.comp.cards[theirs].vp, why)
    return sorted(((r, vp, whys[0] if len(whys) == 1 else Message(BOTH_WHY, first=whys[0], second=whys[1]))
                   for r, (vp, whys) in out.items()), key=lambda x: -x[1])


def turn_after(view: "State", side: str, action: "Action", record: "list[tuple[State, Action]] | None" = None,
               ) -> "State":
    """The position once ``side``'s whole turn, begun with ``action``, is played (the rest as the
    search plays it, :func:`~.playout.finish_turn`), on one fixed deal of what ``side`` cannot see,
    and before anything else happens.  The engine plays the solo Opposition's turns and the
    scoring by itself when a turn ends (``rounds.run_until_decision``), so on this copy the turn
    after this one is made ``side``'s own: a reason speaks of what the player's turn does, not of
    an Opposition card dealt at random or of a scoring already played.  ``record``: see
    :func:`~.playout.finish_turn` (the rest of the turn, each decision with the position before it)."""
    after = determinize(view, side, random.Random(0))
    after.turn_order = tuple(after.turn_order[:after.turn_index + 1]) + (side,)
    after.push(action)
    return finish_turn(after, side, record=record)


def turn_reason(view: "State", side: str, action: "Action", bonus: bool = False) -> tuple[Message | None,
                                                                                            Message | None]:
    """(why ``action`` is good, what it gives away), each one sentence or None: the first of
    :func:`turn_reasons`."""
    reasons, cost = turn_reasons(view, side, action, bonus)
    return (reasons[0] if reasons else None), cost


def reason_key(reason: Message) -> Message:
    """What a reason says, whether or not it is said as the whole turn's (:data:`REASON_WITH_TURN`) or
    as a bonus action taken instead of the unrest region's VP (:data:`REASON_INSTEAD`):
    two actions give the same reason when their keys are equal."""
    inner = reason.params.get("reason") if reason.msgid in (REASON_WITH_TURN, REASON_INSTEAD) else None
    return inner if isinstance(inner, Message) else reason


def turn_reasons(view: "State", side: str, action: "Action", bonus: bool = False,
                 gained: "frozenset[str] | None" = None) -> tuple[tuple[Message, ...], Message | None]:
    """(every reason ``action`` is good, the likeliest first; what it gives away, one sentence or
    None), from the player's whole turn begun with it (the rest played as the search plays it,
    :func:`~.playout.finish_turn`, on one fixed deal of what the player cannot see), in the order a
    player weighs them: a region this round's scoring counts won or kept, the 15/31 bonus, the
    Will, a region made stronger (the one made most stronger).  All of them, not only the first,
    so that the ranking can leave out a reason every other action gives too
    (:func:`~.ranking.build_ranking`).  ``gained``: the regions where the action by itself makes
    ``side`` stronger (None: not known); a region's reason outside them is the rest of the turn's
    doing, and is said so (:data:`REASON_WITH_TURN`)."""
    reasons, cost, _holds = _turn_reasons(view, side, action, bonus, gained)
    return reasons, cost


def _turn_reasons(view: "State", side: str, action: "Action", bonus: bool = False,
                  gained: "frozenset[str] | None" = None, alone: "State | None" = None,
                  ) -> tuple[tuple[Message, ...], Message | None, tuple[tuple[str, Message], ...]]:
    """:func:`turn_reasons`, and the regions this round's scoring counts (with why they count) whose
    stronger side the turn leaves as it is: what a tie of several actions may say (issue 35).
    ``alone``: the position after the action alone, if the caller has it (a decision of the
    scoring is the action alone)."""
    if view.step == "objective":
        said = _objective_reason(view, side, action)
        return ((said,) if said is not None else ()), None, ()
    if view.turn_index >= len(view.turn_order):
        return _scoring_reasons(view, side, action, alone)
    after = turn_after(view, side, action)
    reasons, gains, cost, holds = _board_reasons(view, after, side, scoring_regions(view, side))
    if bonus:
        reasons.append(Message(REASON_BONUS))
    if after.will == side and view.will != side:
        reasons.append(Message(REASON_WILL))
    reasons += gains
    if gained is not None:
        reasons = [Message(REASON_WITH_TURN, reason=r) if r.msgid in REGION_REASONS and r.params["region"] not in gained
                   else r for r in reasons]
    return tuple(reasons), cost, holds


def _board_reasons(view: "State", after: "State", side: str, counted: list[tuple[str, int, Message]],
                   ) -> tuple[list[Message], list[Message], Message | None, tuple[tuple[str, Message], ...]]:
    """What ``after`` changes on the board for ``side`` against ``view``: the regions of ``counted``
    (this round's scoring, :func:`scoring_regions`) won or kept; the regions where ``side``
    becomes or stays the stronger with more strength (the most gained first); what it hands the
    other side in a counted region (one sentence or None); and the counted regions whose stronger
    side stays as it is."""
    other = components.other(side)
    reasons: list[Message] = []
    cost = None
    holds = []
    for region, vp, why in counted:
        m0, t0, w0 = _strengths(view, region, side)
        m1, t1, w1 = _strengths(after, region, side)
        if w1 == w0:
            holds.append((region, why))
        if w1 == side and w0 != side:
            reasons.append(Message(REASON_TAKES, region=region, why=why, vp=vp))
        elif w1 == side and m1 - t1 > m0 - t0:
            reasons.append(Message(REASON_KEEPS, region=region, why=why, vp=vp, mine=m1, theirs=t1))
        if cost is None and w1 == other and (w0 != other or m1 - t1 < m0 - t0):
            cost = Message(COST_GIVES, who=acting_side(other, view.opposition), region=region, why=why, vp=vp)
    gains, made = [], []
    for region in view.comp.region_names:
        m0, t0, w0 = _strengths(view, region, side)
        m1, t1, _w1 = _strengths(after, region, side)
        if m1 - t1 > m0 - t0 and m1 > t1:            # stronger, and the stronger side there
            gains.append(((m1 - t1) - (m0 - t0), region, m0, t0, m1, t1, w0 == side))
    for _gain, region, m0, t0, m1, t1, led in sorted(gains, reverse=True):
        # "where you lead" only where the side led before: else it becomes the stronger side there
        made.append(Message(REASON_STRONGER, region=region, mine=m1, theirs=t1) if led else
                    Message(REASON_BECOMES, region=region, mine=m1, theirs=t1, mine_before=m0, theirs_before=t0))
    return reasons, made, cost, tuple(holds)


def _scoring_reasons(view: "State", side: str, action: "Action", alone: "State | None",
                     ) -> tuple[tuple[Message, ...], Message | None, tuple[tuple[str, Message], ...]]:
    """The reasons of a decision of the scoring itself: in the unrest region, its VP or a bonus
    action instead (R-SCO-UNREST).  The VP are said as they move the score marker; a bonus action
    by what it does on the board for the objectives still to be scored (R-SCO-OBJ) or for a region
    where it makes ``side`` the stronger, each said as taken instead of the VP."""
    if view.step != "unrest" or not view.unrest:
        return (), None, ()
    vp = unrest_vp(view)
    if isinstance(action, ScoreUnrest):
        return (Message(REASON_SCORES_UNREST, vp=vp),), None, ()
    if alone is None:
        alone = determinize(view, side, random.Random(0))
        K.kind_of(action).perform(alone, side, action)
    later = [(r, v, why) for r, v, why in scoring_regions(view, side) if r != view.unrest]
    reasons, made, cost, holds = _board_reasons(view, alone, side, later)
    # the unrest region is being scored now (its tokens then tire, R-SCO-EXHAUST): no reason there
    return tuple(Message(REASON_INSTEAD, vp=vp, reason=r) for r in reasons + made
                 if r.params.get("region") != view.unrest), cost, holds


def _objective_reason(view: "State", side: str, action: "Action") -> Message | None:
    """Why an objective card is the one to keep: its region is one where ``side`` is the stronger
    side now, or the closest to it of the cards it could keep; where the other side leads, the
    card worth the fewest VP (they go to the stronger side there, R-SCO-OBJ); where nobody leads,
    the one worth the most; else what it is worth and where ``side`` stands there."""
    cards = view.comp.cards
    card = cards.get(getattr(action, "card", ""))
    if card is None:
        return None
    mine, theirs, winner = _strengths(view, card.region, side)
    if winner == side:
        return Message(REASON_OBJECTIVE_LEAD, region=card.region, mine=mine, theirs=theirs)
    options = [cards[c] for c in (getattr(a, "card", "") for a in view.legal_actions()) if c in cards]
    gaps: dict[str, int] = {}
    for option in options:
        if option.region not in gaps:
            m, t, _w = _strengths(view, option.region, side)
            gaps[option.region] = m - t
    if all(mine - theirs > g for r, g in gaps.items() if r != card.region):
        return Message(REASON_OBJECTIVE_CLOSEST, region=card.region, mine=mine, theirs=theirs)
    others = [o.vp for o in options if o.region != card.region]
    rival = components.other(side)
    if winner == rival and others and card.vp <= min(others) and card.vp < max(others):
        return Message(REASON_OBJECTIVE_FEWEST_VP, region=card.region, vp=card.vp, mine=mine, theirs=theirs,
                       who=acting_side(rival, view.opposition))
    if winner is None:                     # no token, or only neutral ones: 0 against 0
        if others and all(card.vp > v for v in others):
            return Message(REASON_OBJECTIVE_MOST_VP, region=card.region, vp=card.vp)
        return Message(REASON_OBJECTIVE_OPEN, region=card.region, vp=card.vp)
    return Message(REASON_OBJECTIVE_PLAIN, region=card.region, vp=card.vp, mine=mine, theirs=theirs)
