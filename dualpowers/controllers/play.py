"""A game being played: the controller behind the play widget (no Jupyter imports).

A :class:`GameSession` is a starting point plus the list of actions taken
since, in their text form.  The engine is deterministic, so that list is the
whole game: **undo** replays it minus the last action from a fresh start, and a
**save** is plain JSON (the starting point, the options, the action list and,
for convenience and as a check, the current position).  Loading never
evaluates or unpickles anything: it reads JSON, replays the actions through
:meth:`dualpowers.State.apply` and, when the file carries a position, checks
that the replay arrives at exactly that position.

The starting point is either a new game (mode, seed, player side, difficulty,
edition) or any position the engine accepts (e.g. one built in the analyzer).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .. import kinds as K
from .. import names
from ..actions import Action, parse_action
from ..describe import describe
from ..errors import DualPowersError, IllegalAction, PositionError, Told, brief
from ..narration import Message, story_part
from ..schema import THE_SAVED_GAME, check, decode_json, json_kind
from ..i18n import DEFAULT_LANGUAGE, check_language, current_language
from ..scoring import lead
from ..names import ROLE_CONTEXTS
from ..text import N_, NN_, NP_, Name, plural, render, translator
from ..narrate import outcome_text
from ..policies import PolicySpecError, make_policy
from ..setup import MODE_ALIASES, deal, edition_for, fresh_seed
from ..state import Event, State
from ..turn import interchangeable, step_name
from ..userfiles import THE_SAVED_GAME_FILE, read_text
from ..views import known_objective

if TYPE_CHECKING:
    from ..advisor import Ranking

__all__ = [
    "GameSession", "LoadError", "LogEntry", "action_groups", "choose_action", "opening_lines", "lead_text",
    "POLICIES", "SAVE_FORMAT",
]

SAVE_FORMAT = "dualpowers/game"
#: Version 2 adds ``history``; a version 1 save (no history) still loads, checked by its final position.
SAVE_VERSION = 2


def history(start: State, actions: Iterable[str]) -> list[str]:
    """A saved game's history: for each action, a short digest of it and of the position it led
    to, chained to the digests before.  A load replays the actions and compares each link, so an
    edited save (an action dropped, changed or moved, even one that changed nothing) is refused
    at the first action where it diverges, not only when the final positions differ."""
    state, link, out = start, "", []
    for text in actions:
        state.apply(parse_action(text, state.comp))
        link = hashlib.sha256(f"{link}\n{text}\n{state.notation()}".encode()).hexdigest()[:16]
        out.append(link)
    return out

#: How :func:`choose_action` picks when a program, not a person, decides.  ``"hint"`` plays the
#: first row of the Hint's ranking (:meth:`GameSession.hint`, same budget and seed, so the button
#: "Let the computer choose" does what the Hint just said).
POLICIES = ("first", "random", "greedy", "advisor", "hint")
#: What the play screen's "Let the computer choose" plays unless the reader picks another player:
#: the Hint's first row.  Measured by ``benchmarks/computer_choice.py`` (docs/advisor.md): the
#: greedy player, once the default, wins far fewer solo games for the side it plays and
#: sometimes throws one away at a scoring; the Hint answers in about a second of CPU.
AUTO_POLICY = "hint"


class LoadError(Told, DualPowersError, ValueError):
    """A saved game that cannot be read or replayed (``message``: the reason as data, see :class:`Told`)."""


def _reason(exc: BaseException) -> Any:
    """An error's reason as data when it has one (a Message), else its text."""
    told = getattr(exc, "message", None)
    return told if told is not None else str(exc)


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log: ``kind`` is ``"action"``, ``"info"`` or an engine event kind;
    ``part`` is set on an event that begins or goes on a part of the story other than the action's
    own (:func:`~dualpowers.narration.story_part`: ``"opposition"``, ``"scoring"``)."""

    kind: str
    text: str
    part: str = ""

    def __str__(self) -> str:
        return self.text


# ---------------------------------------------------------------------------- action helpers
def action_groups(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """Actions grouped by kind (``"play"``, ``"move"`` ...), the groups in the order a turn meets
    the kinds (:func:`dualpowers.kinds.ordered`)."""
    groups: dict[str, list[Action]] = {k.word: [] for k in K.ordered()}
    for a in actions:
        groups[K.kind_of(a).word].append(a)
    return {word: acts for word, acts in groups.items() if acts}


def choose_action(state: State, policy: str = "first", rng: random.Random | None = None) -> Action:
    """A legal action picked by a program: ``"first"`` or any :mod:`dualpowers.policies` spec.

    ``"first"`` takes :meth:`State.legal_actions` ``[0]`` (the first card in hand,
    the first recruit option, ...): predictable, for demonstrations.  ``"random"``,
    ``"greedy"`` and ``"advisor"`` (see :func:`dualpowers.policies.make_policy`)
    draw what they need from ``rng``; ``"hint"`` plays the first row of the advisor's
    ranking at the Hint's budget, seeded from ``rng`` (:meth:`GameSession.auto` seeds it as
    the Hint is seeded).
    """
    legal = state.legal_actions()
    if not legal:
        raise IllegalAction(Message(N_("no legal action: the game is over")))
    if policy == "first":
        return legal[0]
    if policy == "hint":
        if len(legal) == 1:
            return legal[0]
        from ..advisor import Advisor   # the search is loaded only when it is asked for
        return Advisor(seed=(rng or random.Random(0)).randrange(2**63)).rank(state).best.action
    try:
        chooser = make_policy(policy)
    except PolicySpecError:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}") from None
    return chooser.choose(state, rng or random.Random(0))


def lead_text(score: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """:func:`dualpowers.scoring.lead` written in ``lang``: "Red leads by 5", "level"."""
    return render(lead(score), lang)


#: The labels of :func:`side_label` in a sentence's grammatical roles (a template's "{side:to}",
#: dualpowers.text, under the contexts of dualpowers.names.ROLE_CONTEXTS): French "à vous (les
#: Blancs) de jouer", "la main de l'Opposition (Rouge)".
_LABEL_ROLES = (
    NP_("side, with its article", "You ({side})"), NP_("side, after 'to'", "You ({side})"),
    NP_("side, after 'of'", "You ({side})"), NP_("side, with its article", "The Opposition ({side})"),
    NP_("side, after 'to'", "The Opposition ({side})"), NP_("side, after 'of'", "The Opposition ({side})"),
    NP_("side, with its article", "nobody"), NP_("side, after 'to'", "nobody"), NP_("side, after 'of'", "nobody"))
assert {context for context, _label in _LABEL_ROLES} == set(ROLE_CONTEXTS.values())


def side_label(state: State, side: str | None, lang: str = DEFAULT_LANGUAGE) -> Message | Name:
    """Who acts, as the status line and the log name them: "You (White)", "The Opposition (Red)"
    in a solo game, "Red" in a game of two; a message (or a name) not yet written, so that a
    template may ask for it in a grammatical role ("{side:to}": "à vous (les Blancs)").
    ``lang`` is kept for the callers; the message is written in the language of its template."""
    if side is None:
        return Message(N_("nobody"))
    if state.mode == "solo" and side == state.player:
        return Message(N_("You ({side})"), side=side)
    if state.mode == "solo" and side == state.opposition:
        return Message(N_("The Opposition ({side})"), side=side)
    return Name("side", side)


def opening_lines(state: State, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What happened before the first decision of a new solo game.

    ``new_game`` already plays the Opposition's leader reveal and first turn but
    returns no events for them, so they are described here from the position.
    """
    if state.mode != "solo":
        return []
    _ = translator(lang)
    opp = state.opposition
    lines = []
    leaders = [t for r, toks in state.iter_board() for t in toks
               if state.comp.tokens[t].kind == "leader" and state.comp.tokens[t].owner == opp]
    for t in leaders:
        lines.append(_("The Opposition revealed its leader {leader}: the token is on {region}, the unrest region "
                       "(R-SOLO-OBJ).", leader=names.leader(t, lang), region=names.region(state.place[t], lang)))
    lines.append(_("The Opposition holds the Will of the People ({side}).", side=opp or ""))
    for card in state.played[opp or ""]:
        lines.append(_("The Opposition played {card}.", card=card))
    units = [_("{token} in {region}", token=t, region=names.region(r, lang))
             for r, toks in state.iter_board() for t in toks if state.comp.tokens[t].owner == "opposition"]
    if units:
        lines.append(_("Opposition units on the board: {list}.", list=", ".join(units)))
    lines.append(_("The date is {date}.", date=names.date(state.month_name, state.day, lang)))
    return lines


def _event_text(event: Event, lang: str) -> str:
    """An engine event in ``lang`` (see :mod:`dualpowers.narrate`)."""
    from ..narrate import event_text
    return event_text(event, lang)


# ---------------------------------------------------------------------------- the session
class GameSession:
    """A game in progress: the state, the actions taken, the log; undo, save, load.

    >>> g = GameSession(mode="solo", seed=7, player="white", difficulty=3)
    >>> g.apply(g.legal()[0].__str__())  # doctest: +SKIP
    """

    def __init__(self, mode: str = "solo", seed: int | None = None, *, player: str = "red", difficulty: int = 1,
                 edition: str | None = None, start: State | dict[str, Any] | None = None) -> None:
        """``edition=None``: the edition of the reader's language (the current language,
        :func:`dualpowers.i18n.current_language`): Italian plays E-IT, French and English E-FR."""
        if edition is None:
            edition = edition_for(current_language())
        self._listeners: list[Callable[["GameSession"], None]] = []
        self.message = ""
        #: the language of the texts this session writes (status, log, messages, descriptions)
        self.lang = DEFAULT_LANGUAGE
        #: What the last action set going, event by event, each with the board right after it
        #: (``Event.board``): the player's own action, the Opposition's turns, the scoring.
        #: Emptied by any other change (undo, a new game, a load).
        self.story: list[Event] = []
        #: How many log entries came before the story's action (a screen telling the story
        #: shows the log up to there: the rest would tell what is still to come).
        self.story_log_start = 0
        self._setup(mode, seed, player, difficulty, edition, start)
        self.story = self._opening()

    # ------------------------------------------------------------------ setup and replay
    def _setup(self, mode: str, seed: int | None, player: str, difficulty: int, edition: str,
               start: State | dict[str, Any] | None, actions: list[str] | None = None) -> None:
        if seed is None:            # a fresh deal nobody can rebuild (the seed shows once the game is over)
            seed = fresh_seed()
        if start is not None:
            start_dict = start.to_dict() if isinstance(start, State) else json.loads(json.dumps(start))
            probe = State.from_dict(start_dict)
            mode, seed, edition = probe.mode, probe.seed, probe.edition
            if probe.mode == "solo":
                player, difficulty = probe.player or player, probe.difficulty or difficulty
            self.start: dict[str, Any] | None = start_dict
            self._dealt: tuple[State, list[Event]] | None = None
        else:
            # dealt once (this checks the options, before anything changes): every replay starts from
            # a copy of the deal, and a new solo game's story tells what it played before the first decision
            dealt = deal(mode, seed, player=player, difficulty=difficulty, edition=edition, boards=True)
            self.start, self._dealt = None, dealt
        self.mode = MODE_ALIASES.get(mode, mode)
        self.seed, self.player, self.difficulty, self.edition = seed, player, difficulty, edition
        self.state, self.actions, self.log = self._replay(actions or [])

    def start_state(self) -> State:
        """The position the game started from (a new deal from the seed, or the given start)."""
        if self.start is not None:
            return State.from_dict(self.start)
        assert self._dealt is not None
        return self._dealt[0].clone()

    def _header(self, state: State) -> list[LogEntry]:
        _ = translator(self.lang)
        if self.start is not None:
            lines = [LogEntry("info", _("Game continued from a given position ({date}, round {number}).",
                                        date=names.date(state.month_name, state.day, self.lang),
                                        number=state.round))]
        elif self.mode == "solo":
            # No seed here: it would rebuild the face-down cards (see deal_text()).
            lines = [LogEntry("info", _("New solo game: you play {side} against the Opposition, difficulty {x}, "
                                        "{edition}.", side=self.player,
                                        x=self.difficulty, edition=names.edition(self.edition, self.lang)))]
        else:
            lines = [LogEntry("info", _("New two-player game (hot seat), {edition}.",
                                        edition=names.edition(self.edition, self.lang)))]
        if not self.start:
            lines += [LogEntry("info", t) for t in opening_lines(state, self.lang)]
        return lines

    def set_language(self, lang: str) -> None:
        """Write everything from now on in ``lang``; the log is written again in it."""
        check_language(lang)
        if lang == self.lang:
            return
        self.lang = lang
        self.state, self.actions, self.log = self._replay(self.actions)
        self._changed("", story=self.story)     # a story being told goes on (its events are data)

    def _replay(self, actions: list[str]) -> tuple[State, list[str], list[LogEntry]]:
        state = self.start_state()
        log = self._header(state)
        done: list[str] = []
        for i, text in enumerate(actions):
            actor = state.to_act
            try:
                act = parse_action(text, state.comp)
                said = self._said(state, act)
                events = state.apply(act)
            except DualPowersError as exc:
                raise LoadError(Message(N_("$.actions[{i}] ({value}) cannot be replayed: {reason}"), i=i,
                                        value=brief(text, 40), reason=_reason(exc))) from None
            text = str(act)
            log.extend(self._entries(state, text, events, actor, said))
            done.append(text)
        return state, done, log

    def _entries(self, state: State, text: str, events: list[Event], actor: str | None,
                 said: str | None = None) -> list[LogEntry]:
        who = side_label(state, actor, self.lang) if actor else None
        text = self._public(text, said)
        _ = translator(self.lang)
        head = LogEntry("action", _("{side}: {action}", side=who, action=text) if who else f"> {text}")
        solo = state.mode == "solo"
        return [head] + [LogEntry(e.kind, _event_text(e, self.lang), story_part(e, solo) or "") for e in events]

    def _public(self, text: str, said: str | None) -> str:
        """An action as both players may read it, in words (``said``) or else its notation: the log
        and the notices are shared by the two players, so it never names a hidden objective (P-OBJ)."""
        if text.startswith("objective "):
            _ = translator(self.lang)
            return _("objective (a card, face down)")
        return text if said is None else said

    def _said(self, state: State, action: Action) -> str:
        """The action in words for the log, in the session's language (the notation stays in saves)."""
        return describe(state, action, self.lang).text

    # ------------------------------------------------------------------ observers
    def on_change(self, callback: Callable[["GameSession"], None]) -> None:
        self._listeners.append(callback)

    def _changed(self, message: str = "", story: list[Event] | None = None) -> None:
        self.message = message
        self.story = story or []
        for cb in list(self._listeners):
            cb(self)

    # ------------------------------------------------------------------ playing
    def new_game(self, mode: str | None = None, seed: int | None = None, *, player: str | None = None,
                 difficulty: int | None = None, edition: str | None = None) -> None:
        """Start again; options not given keep their current value, except the deal: without
        a ``seed`` the new game is a fresh deal."""
        self._setup(mode or self.mode, seed, player or self.player,
                    difficulty or self.difficulty, edition or self.edition, None)
        _ = translator(self.lang)
        self._changed(_("New game started."), story=self._opening())

    def _opening(self) -> list[Event]:
        """What a new deal played before the first decision, as a story to tell: the solo
        Opposition's leader and first turn (issue 33: they appeared on the board with no word
        beside it).  Nothing for a game continued from a given position."""
        if self._dealt is None or self.mode != "solo":     # two-player: only the round began
            return []
        return list(self._dealt[1])

    @classmethod
    def from_position(cls, state: State | dict[str, Any]) -> "GameSession":
        """A session that starts from any position the engine accepts."""
        return cls(start=state)

    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    def legal_texts(self) -> list[str]:
        return [str(a) for a in self.legal()]

    def groups(self) -> dict[str, list[Action]]:
        """The legal actions by kind (see :func:`action_groups`)."""
        return action_groups(self.legal())

    def describe(self, action: Action) -> str:
        """The action in words, in the session's language ("Move Kerensky from green to red")."""
        return describe(self.state, action, self.lang).text

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action for the player to act; raise IllegalAction (nothing changes) if it is not legal."""
        act = parse_action(action, self.state.comp) if isinstance(action, str) else action
        actor = self.state.to_act
        said = self._said(self.state, act)
        events = self.state.apply(act, boards=True)
        text = str(act)
        self.actions.append(text)
        self.story_log_start = len(self.log)
        self.log.extend(self._entries(self.state, text, events, actor, said))
        _ = translator(self.lang)
        if self._for_one(actor):
            notice = _("Applied: {action}.", action=said or text)
        else:
            notice = _("Applied for {side}: {action}.", side=actor, action=self._public(text, said or None))
        self._changed(notice, story=events)
        return events

    def _for_one(self, actor: str | None) -> bool:
        """Whether a notice ("Applied: ...", "Undid: ...") is for one player, who may read the action
        as it is.  With two players at one screen it names whose action it was, as a notice of its
        own (not the log's "{side}: {action}" line nested in it, grade 9 French 8), and never a
        hidden objective, as the shared log says it (the next player read "Applied: Choose red-5
        (2nd) ... as your secret objective.", QA7; P-OBJ)."""
        return self.mode == "solo" or actor is None

    def choose(self, policy: str = "first", rng: random.Random | None = None) -> Action:
        """The action :meth:`auto` would apply, without applying it.  With ``"hint"`` (and no ``rng``)
        it is the first row of :meth:`hint` in this position: what the Hint says."""
        if policy == "hint" and rng is None and not self.state.is_over() and len(self.state.legal_actions()) > 1:
            return self.hint().best.action
        return choose_action(self.state, policy, rng)

    def auto(self, policy: str = "first", rng: random.Random | None = None) -> Action:
        """Apply one action picked by :meth:`choose`; return it."""
        act = self.choose(policy, rng)
        self.apply(act)
        return act

    def hint(self, playouts: int | None = None, seed: int | None = None) -> "Ranking":
        """The advisor's ranking of the legal actions of the side to act.

        The advisor sees only what that side sees (hidden cards are sampled), so a
        hint never leaks the opponent's hand or the Opposition's stack.  The same
        game, position and ``seed`` give the same hint; by default the seed is the
        number of actions taken, so asking twice in a position agrees.
        """
        from ..advisor import Advisor   # the search is loaded only when a hint is asked for
        if self.state.is_over():
            raise IllegalAction(Message(N_("the game is over: there is nothing to advise")))
        return Advisor(playouts=playouts, seed=len(self.actions) if seed is None else seed).rank(self.state)

    def play_out(self, policy: str = "first", seed: int = 0, max_actions: int = 10_000) -> int:
        """Apply actions picked by ``policy`` until the game ends; return how many."""
        rng = random.Random(seed)
        n = 0
        while not self.state.is_over():
            if n >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            self.auto(policy, rng)
            n += 1
        return n

    @property
    def can_undo(self) -> bool:
        return bool(self.actions)

    def rewind(self, count: int) -> None:
        """Go back to the position after the first ``count`` actions and play on from there
        (a review's "try again from here"): the log, undo and saves keep the game up to that
        point; the later actions are dropped."""
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= len(self.actions):
            raise ValueError(f"rewind: count must be a whole number from 0 to {len(self.actions)}, not {count!r}")
        self.state, self.actions, self.log = self._replay(self.actions[:count])
        _ = translator(self.lang)
        self._changed(_("Back to decision {index}: play on from here.", index=count + 1))

    def undo(self) -> str | None:
        """Take back the last action (replaying the rest from the start); return it."""
        if not self.actions:
            _ = translator(self.lang)
            self._changed(_("Nothing to undo."))
            return None
        last = self.actions[-1]
        self.state, self.actions, self.log = self._replay(self.actions[:-1])
        # the action in words, described where it was played from (the position now shown), as
        # "Applied" says it: the notation ("recruit W5") is English and stays in the saves
        said = self._said(self.state, parse_action(last, self.state.comp))
        _ = translator(self.lang)
        actor = self.state.to_act
        if self._for_one(actor):
            self._changed(_("Undid: {action}.", action=said))
        else:
            self._changed(_("Undone for {side}: {action}.", side=actor, action=self._public(last, said)))
        return last

    # ------------------------------------------------------------------ showing
    def is_over(self) -> bool:
        return self.state.is_over()

    def status(self, state: State | None = None, acting: bool = True) -> str:
        """The status line: round, date, Will, score and who acts, for the game as it stands
        or for ``state`` (a step of the story, whose line must not tell what comes after);
        ``acting=False``: without who acts (a story tells what happened, not whose turn it is)."""
        s = self.state if state is None else state
        lang = self.lang
        _ = translator(lang)
        date, will, score = names.date(s.month_name, s.day, lang), s.will, lead_text(s.score, lang)   # will: an id, named by the template's grammar ({will:the})
        if s.is_over():                 # (the outcome and why are said once, by result())
            return _("Round {number}, {date}: game over; score: {score}.", number=s.round, date=date, score=score)
        if s.to_act is None or not acting:      # in the middle of the Opposition's turn or of scoring
            return _("Round {number}, {date}; Will: {will}; score: {score}.", number=s.round, date=date, will=will,
                     score=score)
        return _("Round {number}, {date}; Will: {will}; score: {score}; {side} to act ({step}).", number=s.round,
                 date=date, will=will, score=score, side=side_label(s, s.to_act, lang), step=step_name(s.step))

    def result(self) -> str | None:
        """The outcome in words once the game is over, else ``None``."""
        s = self.state
        if not s.is_over():
            return None
        winner = s.winner() or ""
        lang = self.lang
        _ = translator(lang)
        if s.mode == "solo":
            headline = _("You win!") if winner == s.player else _("The Opposition ({side}) wins.",
                                                                   side=winner)
        else:
            headline = _("{side} wins!", side=winner)
        return _("{headline} Why: {reason}. Final score: {score}.", headline=headline,
                 reason=outcome_text(s, lang), score=lead_text(s.score, lang)) + " " + (self.deal_text() or "")

    def deal_text(self) -> str | None:
        """The game's seed in words once the game is over (``None`` before: during a game the
        seed would rebuild every face-down card, so nothing on screen shows it)."""
        if not self.state.is_over():
            return None
        _ = translator(self.lang)
        return _("This deal was seed {seed}: a new game with that seed deals the same cards again.",
                 seed=self.seed)

    def hand_lines(self, state: State | None = None, *, hand: bool = True, played: bool = True) -> list[str]:
        """What the player to act may see of the cards: their hand, their objective, and the
        counts of the stacks (the board no longer lists them); for the game as it stands, or
        for ``state``, a step of the story (the same player's cards as they stood then: the
        hand dealt for the next round must not show while this one is still being scored).
        ``hand=False`` leaves the hand out (a screen that shows it as cards to click);
        ``played=False`` the Opposition's cards played this round (a screen whose board shows
        them, in order, in its played-cards row)."""
        s = self.state if state is None else state
        side = s.to_act if state is None else (self.state.to_act or s.to_act or
                                               (s.player if s.mode == "solo" else None))
        if side is None:
            return []
        lang = self.lang
        _ = translator(lang)
        card = lambda c: names.card(c, lang)  # noqa: E731
        if state is not None and s.mode != "solo":
            # two players at one screen: while a story is told the seat changes hands, so neither
            # hand nor secret objective shows (it showed the next player's to the one who had just
            # played, issue 33): the counts both may see; the next player's cards come with their turn
            return [_("Deck {deck}, discard {discard}", deck=len(s.deck), discard=len(s.discard))]
        cards = ", ".join(map(card, s.hands[side])) or _("(empty)")
        lines = []
        if hand and s.mode == "solo" and side == s.player:
            lines.append(_("Your hand: {cards}", cards=cards))
        elif hand:
            lines.append(_("{side} hand: {cards}", side=side_label(s, side, lang), cards=cards))
        obj = s.objectives[side]
        if obj and known_objective(s, side):
            lines.append(_("Secret objective: {card} (revealed)", card=card(obj)) if s.revealed[side]
                         else _("Secret objective: {card}", card=card(obj)))
        elif obj:
            lines.append(_("Secret objective: face down, unseen (R-SOLO-DRAW)"))
        opp = s.other(side)
        if s.revealed[opp] and s.objectives[opp]:
            lines.append(_("Opponent's objective (revealed): {card}", card=card(s.objectives[opp])))
        if s.mode == "solo":
            if played:
                lines.append(_("The Opposition's cards this round: {cards}",
                               cards=", ".join(map(card, s.played[s.opposition or ""])) or _("(none yet)")))
            lines.append(_("Opposition stack: {cards}, {leaders}",
                           cards=_.ngettext("{n} card", "{n} cards", len(s.opp_stack)),
                           leaders=_.ngettext("{n} leader", "{n} leaders", len(s.opp_leaders))))
        # counts the board leaves to this panel (it keeps its own words large)
        lines.append(_("Deck {deck}, discard {discard}", deck=len(s.deck), discard=len(s.discard)))
        return lines

    def log_text(self, last: int | None = None) -> str:
        entries = self.log if last is None else self.log[-last:]
        return "\n".join(e.text for e in entries)

    # ------------------------------------------------------------------ save and load
    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "mode": self.mode, "seed": self.seed,
            "options": {"player": self.player, "difficulty": self.difficulty, "edition": self.edition},
        }
        if self.start is not None:
            d["start"] = self.start
        d["actions"] = list(self.actions)
        d["history"] = history(self.start_state(), self.actions)
        d["position"] = self.state.to_dict()
        return d

    def save(self, indent: int | None = 2) -> str:
        """The game as JSON text (starting point, options, actions, current position).

        It holds every hidden card (the hands, the objectives, the deck and the seed that
        dealt them): keep it from the opponent; :meth:`save_file` writes it to a file."""
        return json.dumps(self.to_dict(), indent=indent)

    def save_file(self, folder: str | os.PathLike[str] = ".") -> Path:
        """Write :meth:`save` to a new file in ``folder`` (``dualpowers-game-<date>-<time>.json``,
        never overwriting one) and return its path."""
        stem = Path(folder) / time.strftime("dualpowers-game-%Y%m%d-%H%M%S")
        text = self.save()
        for n in range(1, 1000):
            path = stem.with_name(stem.name + (f"-{n}" if n > 1 else "") + ".json")
            try:
                with path.open("x", encoding="utf-8") as f:
                    f.write(text)
                return path
            except FileExistsError:
                continue
        raise FileExistsError(stem)

    def load(self, text: str | bytes | os.PathLike[str]) -> None:
        """Replace this game with a saved one (see :meth:`save`), or start from a bare position JSON.

        ``text`` is the saved JSON, or the path of a file holding it (a ``pathlib.Path``:
        read through :mod:`dualpowers.userfiles`).  A transaction: the saved game is
        rebuilt and replayed on the side, and only a complete success replaces this
        session.  Any failure, whatever its cause, raises :class:`LoadError` naming the
        field and leaves the session exactly as it was (undo and later saves keep working).
        """
        if isinstance(text, os.PathLike):
            text = read_text(text, LoadError, THE_SAVED_GAME_FILE)
        data = decode_json(text, LoadError, Message(THE_SAVED_GAME))
        if not isinstance(data, dict):
            raise LoadError(Message(N_("a saved game is a JSON object, not {value}"), value=json_kind(data)))
        try:
            candidate, message = self._candidate(data)
        except LoadError:
            raise
        except DualPowersError as exc:
            raise LoadError(_reason(exc) if getattr(exc, "message", None) is not None
                            else f"{type(exc).__name__}: {exc}") from None
        except Exception as exc:   # an engine failure while replaying: still refused, nothing changed
            raise LoadError(Message(N_("the saved game cannot be replayed ({value})"),
                                    value=f"{type(exc).__name__}: {brief(str(exc), 80)}")) from None
        for name in _SESSION_FIELDS:
            setattr(self, name, getattr(candidate, name))
        self._changed(message)

    def _candidate(self, data: dict[str, Any]) -> tuple["GameSession", str]:
        """A new session built from loaded data, and what to tell the user; ``self`` is not touched."""
        if data.get("format") != SAVE_FORMAT:
            if data.get("schema") == "dualpowers/position" or "regions" in data:
                try:
                    candidate = GameSession(start=data)
                    candidate.set_language(self.lang)
                    _ = translator(self.lang)
                    return candidate, _("Loaded a position; the game goes on from there.")
                except PositionError as exc:
                    raise LoadError(Message(N_("not a position the engine accepts: {reason}"), reason=_reason(exc))) from None
            raise LoadError(Message(N_("not a saved game: 'format' must be {value}"), value=repr(SAVE_FORMAT)))
        check(data, "game", LoadError)
        options = data.get("options", {})
        start = data.get("start")
        try:
            candidate = GameSession(
                data.get("mode", "solo"), data.get("seed", 0), player=options.get("player", "red"),
                difficulty=options.get("difficulty", 1), edition=options.get("edition", "fr"), start=start)
        except PositionError as exc:
            raise LoadError(Message(N_("$.start is not a position the engine accepts: {reason}"),
                                    reason=_reason(exc))) from None
        except (DualPowersError, ValueError) as exc:
            raise LoadError(Message(N_("cannot start the saved game: {reason}"), reason=_reason(exc))) from None
        candidate.lang = self.lang          # the replayed log is written in this session's language
        candidate.state, candidate.actions, candidate.log = candidate._replay(list(data.get("actions", [])))
        saved_history = data.get("history")
        if saved_history is not None:
            if len(saved_history) != len(candidate.actions):
                raise LoadError(plural(NN_("$.history must have one entry per action: {n} action, {entries} entries",
                                           "$.history must have one entry per action: {n} actions, {entries} entries"),
                                       len(candidate.actions), entries=len(saved_history)))
            replayed = history(candidate.start_state(), candidate.actions)
            for i, (link, saved_link) in enumerate(zip(replayed, saved_history)):
                if link != saved_link:
                    raise LoadError(Message(N_("$.actions[{i}] ({value}) does not lead where $.history[{i}] says: the "
                                               "game diverges there (was the file edited, or saved by another engine "
                                               "version?)"), i=i, value=brief(candidate.actions[i], 40)))
        saved = data.get("position")
        if saved is not None and saved != json.loads(json.dumps(candidate.state.to_dict())):
            raise LoadError(Message(N_("$.position does not match the one the actions lead to (was the file "
                                       "edited, or saved by another engine version?)")))
        _ = translator(self.lang)
        return candidate, _.ngettext("Loaded a saved game ({n} action replayed).",
                                     "Loaded a saved game ({n} actions replayed).", len(candidate.actions))


#: What :meth:`GameSession.load` replaces when it succeeds (listeners stay).
_SESSION_FIELDS = ("mode", "seed", "player", "difficulty", "edition", "start", "_dealt", "state", "actions", "log", "lang")
