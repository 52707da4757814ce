"""Review a finished (or unfinished) game: the decisions where another action would have gained most.

    from dualpowers.review import review_game
    rv = review_game(session.save())        # a saved game (JSON text or dict) or a GameSession
    for moment in rv.moments:               # at most 3, the largest gain first
        print(moment.explain("fr"))
    rv.moments[0].position                  # the State before that decision: try again from here

Each decision of the reviewed side with a choice is ranked by the advisor
(:class:`dualpowers.advisor.Advisor`, from what that side could see then).  A decision is
a *moment* when the action played is ranked below the equal best, that is when the
advisor's own measurements separate it from the best, and the best moved the score track
further the player's way in the playouts; its ``gain`` is that difference in victory
points, to the end of the round (``RankedAction.score_change``: points on the track, not
an evaluation).  An action the playouts cannot tell from the best is never reported: the
review says what the evidence says, nothing more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import parse_action
from .advisor import Advisor
from .advisor.explain import (REASON_INSTEAD, REASON_KEEPS, REASON_SCORES_UNREST, REASON_TAKES, REASON_WITH_TURN,
                               REGION_REASONS, scoring_regions, turn_after)
from .advisor.ranking import RankedAction, Ranking
from .controllers.play import GameSession
from .i18n import resolve
from .kinds import kind_of
from .narration import region_list
from .text import N_, Message, Name, Quantity, render
from .presence import stronger_side
from .views import canonical, determinize, known_objective

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["review_game", "Review", "Moment", "REVIEW_PLAYOUTS", "MOMENTS"]

#: Playouts per decision: a whole solo game (about 40 decisions with a choice) in well under
#: 30 s of CPU (benchmarks/review.py prints the figure: about 5 s for a greedy player's game).
REVIEW_PLAYOUTS = 1000
#: The smallest gain reported, in VP (one decimal is shown).
MIN_GAIN = 0.1
#: How many moments a review keeps by default.
MOMENTS = 3

# A decision is named as a player remembers it: by round, date and the card of the turn (issue 35).
MOMENT = N_("Round {round}, {date}, {card}: you chose \u201c{played}\u201d; \u201c{better}\u201d would have "
            "moved the score about {gain} VP more your way by the end of the round.")
MOMENT_NO_CARD = N_("Round {round}, {date}: you chose \u201c{played}\u201d; \u201c{better}\u201d would have moved "
                    "the score about {gain} VP more your way by the end of the round.")
#: A decision of the scoring (the unrest region's VP or a bonus action, R-SCO-UNREST) belongs to no
#: card's turn: it is named by the scoring it was taken at.
MOMENT_SCORING = N_("At the scoring of round {round} ({date}): you chose \u201c{played}\u201d; \u201c{better}\u201d "
                    "would have moved the score about {gain} VP more your way by the end of the round.")
MOMENT_WHY = N_("{moment} {why}")
MOMENT_WHY_COST = N_("{moment} {why} {cost}")
MOMENT_WHY_SOURCE = N_("{moment} {why} {source}")
MOMENT_WHY_COST_SOURCE = N_("{moment} {why} {cost} {source}")
#: The better action's reason when the rest of the turn gives it (a card, then its recruit or move):
#: the rest is named, action by action (issue 35: "together with the rest of your turn" said not what).
WITH_REST = N_("Followed by {rest}, as the advisor would finish your turn, {reason:low}")
REST_ONE = N_("\u201c{first}\u201d")
REST_TWO = N_("\u201c{first}\u201d and then \u201c{second}\u201d")
REST_THREE = N_("\u201c{first}\u201d, \u201c{second}\u201d and then \u201c{third}\u201d")
#: Where the VP come from, when the reason is about a region this round's scoring does not count:
#: only the unrest region and the regions of the revealed objectives score (R-SCO).
SOURCE_HIDDEN_OWN = N_("{region:cap} scores nothing by itself: at a round's scoring only the unrest region and the "
                       "regions of the revealed objectives give VP (R-SCO). But your own objective is still face "
                       "down, unseen even by you: if it is a card of {region}, its VP go to the stronger side there. "
                       "The {gain} VP are what this and the turns still to come were worth on average in the "
                       "advisor's trial games.")
SOURCE_LATER = N_("{region:cap} scores nothing by itself: at a round's scoring only the unrest region and the "
                  "regions of the revealed objectives give VP (R-SCO). The {gain} VP are what it was worth on "
                  "average, later in the round, in the advisor's trial games.")
#: Where the VP come from, when the reason names a region this round's scoring counts but not its VP.
SOURCE_COUNTED = N_("{region:cap} is {why}: at this round's scoring its {vp} VP go to the stronger side there.")
#: The same, when the reason just said why the region counts (it was said twice in one "why", QA8)
SOURCE_COUNTED_SAID = N_("At this round's scoring the {vp} VP of {region} go to the stronger side there.")
#: Where the VP come from, when the reason names no region: the two turns compared, region by region,
#: in what this round's scoring counts (as the board would stand right after each turn).
SOURCE_REGION = N_("Where the VP come from: right after that turn you would be the stronger side in {region}, "
                   "{why} ({vp} VP at this round's scoring); after yours, you are not.")
SOURCE_SAME = N_("Right after either turn the same side is the stronger in every region this round's scoring "
                 "counts ({regions}): the {gain} VP come from the turns still to come, as the advisor's trial games "
                 "played them.")
SOURCE_TRIALS = N_("The {gain} VP come from the turns still to come, as the advisor's trial games played them.")
#: The review's button for a moment.
MOMENT_LABEL = N_("Round {round}, {date}: {gain} VP")
#: What the review's list is, above its moments.
MOMENTS_INTRO = N_("The decisions below cost you most (all decisions with a choice reviewed: {decisions}): at "
                   "each, another action would have gained the VP shown, by the advisor's playouts. Choose one "
                   "to see it on the board.")
NOTHING_TO_REVIEW = N_("No decision stands out: every action you chose was among the best the advisor "
                       "could measure.")


@dataclass(frozen=True)
class Moment:
    """One decision where another action would have gained ``gain`` VP (see the module docstring).

    ``index``: which action of the game it was (0 is the first); ``position``: the state
    before it; ``played`` and ``better``: the action taken and the advisor's best there;
    ``ranking``: the advisor's whole ranking of that decision.
    """

    index: int
    position: "State"
    played: "Action"
    better: "Action"
    gain: float
    ranking: Ranking = field(repr=False)

    @property
    def side(self) -> str:
        return self.ranking.side

    @property
    def card(self) -> str | None:
        """The card of the decision's turn: the card played, or the last card the side played
        this round (its command, its leader's special); None before any (an objective's choice)
        and at the scoring (the unrest winner's choice)."""
        if getattr(self.played, "card", None):
            return str(getattr(self.played, "card"))
        if self.position.step == "unrest":
            return None         # the unrest winner's choice at scoring is no card's ("..., Kornilov:", QA7)
        played = self.position.played.get(self.side) or []
        return played[-1] if played else None

    def label(self) -> Message:
        """The moment on its button: round, date and the VP another action would have gained."""
        s = self.position
        return Message(MOMENT_LABEL, round=s.round, date=Name("date", s.month_name, s.day),
                       gain=Quantity(self.gain, digits=1))

    def message(self) -> Message:
        """What was played, what would have been better and by how much; then why the better
        action is good, in the game's words, and what the one played gave away, when the
        better one does not give the same away."""
        s = self.position
        best = self.ranking.best
        fields: dict[str, Any] = dict(round=s.round, date=Name("date", s.month_name, s.day),
                                      played=kind_of(self.played).sentence(s, self.played),
                                      better=kind_of(self.better).sentence(s, self.better),
                                      gain=Quantity(self.gain, digits=1))
        card = self.card if not getattr(self.played, "card", None) else None    # a card played is named by the action
        if self.at_scoring:
            said = Message(MOMENT_SCORING, **fields)
        else:
            said = Message(MOMENT, card=Name("card", card), **fields) if card else Message(MOMENT_NO_CARD, **fields)
        row = _row(self.ranking, self.played)
        # the better action's reason, said against the one played: a moment's played action is of a
        # lower rank than the best, so a tie of the best is not "the choice matters little" here
        why = self.ranking.reason_message(best, against=row)
        # the reason proper, inside "together with the rest of your turn" and inside "... the others of
        # its rank are about as good" (what it does, ``does``)
        does = why.params.get("does")
        said_by = does if isinstance(does, Message) else why
        inner = said_by.params.get("reason") if said_by.msgid == REASON_WITH_TURN else None
        if isinstance(inner, Message):
            rest = self.rest_of_turn()
            if rest:
                named = Message(WITH_REST, rest=_rest_message(rest), reason=inner)
                why = named if said_by is why else Message(why.msgid, domain=why.domain, context=why.context,
                                                           plural=why.plural, **{**why.params, "does": named})
        cost = row.cost if row is not None and row.cost is not None and row.cost != best.cost else None
        source = self._source(inner if isinstance(inner, Message) else said_by)
        if cost is None:
            if source is None:
                return Message(MOMENT_WHY, moment=said, why=why)
            return Message(MOMENT_WHY_SOURCE, moment=said, why=why, source=source)
        if source is None:
            return Message(MOMENT_WHY_COST, moment=said, why=why, cost=cost)
        return Message(MOMENT_WHY_COST_SOURCE, moment=said, why=why, cost=cost, source=source)

    @property
    def at_scoring(self) -> bool:
        """Whether the decision was taken during a round's scoring (the unrest region's VP or a
        bonus action instead, R-SCO-UNREST), not in a turn of the round."""
        s = self.position
        return s.step != "objective" and s.turn_index >= len(s.turn_order)

    def rest_of_turn(self) -> list[Message]:
        """The rest of the turn the better action begins, as the advisor's reason plays it
        (:func:`dualpowers.advisor.explain.turn_after`), each decision in words; a decision to take
        no action is left out.  Empty at a scoring decision."""
        if self.at_scoring:
            return []
        record: list[tuple[State, Action]] = []
        turn_after(canonical(self.position, self.side), self.side, self.better, record)
        return [kind_of(a).sentence(before, a) for before, a in record if kind_of(a).word != "pass"]

    def _source(self, reason: Message) -> Message | None:
        """Where the VP of the moment come from, in what a round's scoring counts (R-SCO: only the
        unrest region and the revealed objectives' regions score); None when the reason says it
        itself (a region won or kept at this round's scoring, the unrest VP taken or given up)."""
        if reason.msgid in (REASON_TAKES, REASON_KEEPS, REASON_SCORES_UNREST, REASON_INSTEAD):
            return None
        side = self.side
        view = canonical(self.position, side)
        counted = scoring_regions(view, side)
        gain = Quantity(self.gain, digits=1)
        region = reason.params.get("region") if reason.msgid in REGION_REASONS else None
        if isinstance(region, str):
            for r, vp, why in counted:
                if r == region:
                    if "why" in reason.params:          # the reason said why the region counts
                        return Message(SOURCE_COUNTED_SAID, region=region, vp=vp)
                    return Message(SOURCE_COUNTED, region=region, why=why, vp=vp)
            if view.mode == "solo" and side != view.opposition and known_objective(view, side) is None:
                return Message(SOURCE_HIDDEN_OWN, region=region, gain=gain)
            return Message(SOURCE_LATER, region=region, gain=gain)
        if not counted:
            return Message(SOURCE_TRIALS, gain=gain)
        better, played = self._after(view, self.better), self._after(view, self.played)
        for r, vp, why in counted:
            if stronger_side(better, r) == side and stronger_side(played, r) != side:
                return Message(SOURCE_REGION, region=r, why=why, vp=vp)
        # the regions each with its article ("(la Zone rouge et la Zone bleue)", grade 9 French 22)
        return Message(SOURCE_SAME, gain=gain, regions=region_list(r for r, _vp, _why in counted))

    def _after(self, view: "State", action: "Action") -> "State":
        """The board right after ``action``: the whole turn it begins, as the advisor's reason plays
        it, or at a scoring the action alone (on one fixed deal of what the player cannot see)."""
        if not self.at_scoring:
            return turn_after(view, self.side, action)
        alone = determinize(view, self.side, random.Random(0))
        kind_of(action).perform(alone, self.side, action)
        return alone

    def explain(self, lang: str | None = None) -> str:
        """The moment in words, in ``lang``: what was played, what would have been better,
        by how much and why (the advisor's words for the better action)."""
        return render(self.message(), resolve(lang))


@dataclass(frozen=True)
class Review:
    """A game's review: ``moments`` (the largest gain first), ``decisions`` (how many
    decisions with a choice were ranked) and ``side`` (whose decisions)."""

    side: str
    decisions: int
    moments: tuple[Moment, ...]

    def intro(self) -> Message:
        """What the list of moments is (or that no decision stands out)."""
        if not self.moments:
            return Message(NOTHING_TO_REVIEW)
        return Message(MOMENTS_INTRO, decisions=self.decisions)

    def explain(self, lang: str | None = None) -> str:
        lang = resolve(lang)
        if not self.moments:
            return render(self.intro(), lang)
        return "\n".join([render(self.intro(), lang)] + [m.explain(lang) for m in self.moments])


def _session(saved: "GameSession | str | bytes | Mapping[str, Any]") -> GameSession:
    if isinstance(saved, GameSession):
        return saved
    session = GameSession()
    if isinstance(saved, Mapping):
        saved = json.dumps(saved)
    session.load(saved)                 # checked: a LoadError names the field
    return session


def _reviewed_side(session: GameSession, side: str | None) -> str:
    if side is not None:
        if side not in ("red", "white"):
            raise ValueError(f"side must be 'red' or 'white', not {side!r}")
        return side
    return session.player               # in solo, the player's side (GameSession reads it from a given start)


def review_game(saved: "GameSession | str | bytes | Mapping[str, Any]", *, side: str | None = None,
                count: int = MOMENTS, playouts: int = REVIEW_PLAYOUTS, seed: int = 0,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """The decisions of ``side`` (default: the solo player, or the session's player) where
    another action would have gained most, at most ``count`` of them, the largest gain first.

    ``saved``: a saved game (:meth:`GameSession.save`'s JSON text, or its dict) or a
    :class:`GameSession`.  ``progress(done, total)`` is called after each decision ranked.
    Same game, same ``seed``, same review.
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"count must be a whole number of at least 1, not {count!r}")
    session = _session(saved)
    who = _reviewed_side(session, side)
    advisor = Advisor(playouts=playouts, seed=seed)
    state = session.start_state()
    chosen: list[tuple[int, State, Action]] = []
    for i, text in enumerate(session.actions):
        action = parse_action(text, state.comp)
        if state.to_act == who and len(state.legal_actions()) > 1:
            chosen.append((i, state.clone(), action))
        state.apply(action)
    moments: list[Moment] = []
    for done, (i, before, played) in enumerate(chosen, start=1):
        ranking = advisor.rank(before, who)
        row = _row(ranking, played)
        if row is not None and row.rank > 1:
            gain = ranking.best.score_change - row.score_change
            if gain >= MIN_GAIN:
                moments.append(Moment(i, before, played, ranking.best.action, round(gain, 1), ranking))
        if progress is not None:
            progress(done, len(chosen))
    moments.sort(key=lambda m: (-m.gain, m.index))
    return Review(who, len(chosen), tuple(moments[:count]))


def _rest_message(rest: list[Message]) -> Message:
    """The rest of a turn as a phrase: its first three decisions (a leader card's recruit, its special
    and a 15/31 bonus action are the most a turn has)."""
    if len(rest) == 1:
        return Message(REST_ONE, first=rest[0])
    if len(rest) == 2:
        return Message(REST_TWO, first=rest[0], second=rest[1])
    return Message(REST_THREE, first=rest[0], second=rest[1], third=rest[2])


def _row(ranking: Ranking, action: "Action") -> RankedAction | None:
    return next((r for r in ranking.actions if r.action == action), None)
