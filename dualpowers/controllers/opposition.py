"""Controllers behind the Opposition widget (no Jupyter imports).

* :class:`OppositionExplorer`: five command cards, chosen or dealt at random
  with a seed, and the objective the solo Opposition draws from them
  (R-SOLO-OBJECTIVE), explained step by step by
  :func:`dualpowers.opposition_objective`.
* :class:`SoloRoundWalker`: a seeded solo game advanced one player decision at
  a time.  The player's decision follows a simple, documented rule
  (:func:`~dualpowers.controllers.play.choose_action`: the first legal action, or
  a seeded random one); the Opposition's turns happen inside the engine.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .. import names
from ..components import Components, default_components
from ..describe import describe
from ..errors import DualPowersError
from ..i18n import check_language
from ..text import translator
from ..narrate import event_text, outcome_text
from ..text import N_, Message
from ..opposition import ObjectiveChoice, opposition_objective
from ..setup import new_game
from ..state import State
from ..turn import step_name
from .play import LogEntry, choose_action, lead_text, opening_lines, side_label

if TYPE_CHECKING:
    import pandas as pd

    from ..actions import Action
    from ..components import CommandCard

__all__ = ["OppositionExplorer", "SoloRoundWalker", "HAND"]

#: The Opposition plays five cards a round (R-SOLO-DRAW, R-SOLO-ORDER).
HAND = 5

#: Why five chosen cards cannot be judged: a card named twice.
CHOSEN_TWICE = N_("each card exists once in the deck, but {cards} is chosen twice")


class OppositionExplorer:
    """Five cards in play order and the objective the Opposition takes from them.

    ``cards`` holds card ids or ``None`` for an empty slot.  :attr:`choice` is
    the engine's :class:`~dualpowers.ObjectiveChoice` (``None`` while the cards
    cannot be judged, with the reason in :attr:`error`).
    """

    def __init__(self, cards: Sequence[str | None] | None = None, *, components: Components | None = None,
                 seed: int | None = None) -> None:
        self.comp = components or default_components()
        self.cards: list[str | None] = [None] * HAND
        self.card: "CommandCard | None" = None
        self.choice: ObjectiveChoice | None = None
        self.error: str | None = None
        self.refusal: Any = None          # why there is no objective, as data (a Message or the error)
        self._listeners: list[Callable[["OppositionExplorer"], None]] = []
        if cards is not None:
            self.set_cards(cards)
        elif seed is not None:
            self.deal(seed)
        else:
            self._update()

    def on_change(self, callback: Callable[["OppositionExplorer"], None]) -> None:
        self._listeners.append(callback)

    def card_options(self) -> list[tuple[str, str]]:
        """(label, id) for every command card, for a menu."""
        return [(f"{c.id}: {c.days} days, {c.vp} VP", c.id) for c in self.comp.cards.values()]

    def set_card(self, slot: int, card: str | None) -> None:
        """Put ``card`` (an id, or ``None`` to empty it) in slot 0..4 of the play order."""
        if not 0 <= slot < HAND:
            raise IndexError(f"slot must be 0..{HAND - 1}, not {slot}")
        self.cards[slot] = card or None
        self._update()

    def set_cards(self, cards: Sequence[str | None]) -> None:
        if len(cards) > HAND:
            raise ValueError(f"the Opposition plays {HAND} cards a round, not {len(cards)}")
        self.cards = [c or None for c in cards] + [None] * (HAND - len(cards))
        self._update()

    def deal(self, seed: int) -> list[str]:
        """Five different command cards drawn at random with ``seed`` (same seed, same cards)."""
        rng = random.Random(seed)
        dealt = rng.sample(list(self.comp.cards), HAND)
        self.cards = list(dealt)
        self._update()
        return dealt

    def _update(self) -> None:
        chosen = [c for c in self.cards if c]
        self.card = self.choice = None
        self.error = self.refusal = None
        dupes = sorted({c for c in chosen if chosen.count(c) > 1})
        if dupes:
            self.refusal = Message(CHOSEN_TWICE, cards=tuple(dupes))
            self.error = self.refusal.text
        else:
            try:
                self.card, self.choice = opposition_objective(chosen)
            except DualPowersError as exc:
                self.error = str(exc)
                self.refusal = exc
        for cb in list(self._listeners):
            cb(self)

    @property
    def step_messages(self) -> list[Message]:
        """The engine's explanation as data (templates and raw ids), for narrate."""
        return list(self.choice.step_messages) if self.choice else []

    @property
    def steps(self) -> list[str]:
        """The engine's explanation, one sentence per step."""
        return list(self.choice.steps) if self.choice else []

    def frame(self) -> "pd.DataFrame":
        """Per region: day sum, number of cards, latest position, the chosen one marked."""
        import pandas as pd
        return self.choice.to_frame() if self.choice else pd.DataFrame()

    def cards_frame(self) -> "pd.DataFrame":
        """The cards in play order with their region, days and VP."""
        import pandas as pd
        return pd.DataFrame(self.card_rows(), columns=["order", "card", "region", "days", "VP", "objective"]) \
            .set_index("order")

    def card_rows(self) -> list[dict[str, Any]]:
        """:meth:`cards_frame`'s rows: order, card, region, days, VP, whether it is the objective."""
        rows = []
        for i, cid in enumerate(self.cards, start=1):
            if not cid:
                continue
            c = self.comp.cards[cid]
            rows.append({"order": i, "card": c.id, "region": c.region, "days": c.days, "VP": c.vp,
                         "objective": self.card is not None and c.id == self.card.id})
        return rows

    def summary(self) -> str:
        if self.error:
            return f"No objective: {self.error}"
        assert self.choice is not None and self.card is not None
        return f"The Opposition's objective is {self.card.id} ({self.card.vp} VP in {self.card.region}): {self.choice.summary}"


class SoloRoundWalker:
    """A seeded solo game shown one player decision at a time, until the round is scored.

    ``policy`` is how the player's decisions are made: ``"first"`` always takes
    the first legal action, ``"random"`` picks one with ``random.Random(seed)``.
    """

    # The options of the game, kept by :meth:`restart` when it is not given them again.
    player: str = "white"
    difficulty: int = 3
    edition: str = "fr"
    policy: str = "first"

    def __init__(self, seed: int = 7, *, player: str = "white", difficulty: int = 3, edition: str = "fr",
                 policy: str = "first") -> None:
        self._listeners: list[Callable[["SoloRoundWalker"], None]] = []
        #: the language of the log and the status (see :meth:`set_language`)
        self.lang = "en"
        self.restart(seed, player=player, difficulty=difficulty, edition=edition, policy=policy, notify=False)

    def on_change(self, callback: Callable[["SoloRoundWalker"], None]) -> None:
        self._listeners.append(callback)

    def _notify(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    def restart(self, seed: int | None = None, *, player: str | None = None, difficulty: int | None = None,
                edition: str | None = None, policy: str | None = None, notify: bool = True) -> None:
        """A new solo game (options not given keep their value)."""
        if seed is not None:
            self.seed = seed
        self.player = player or self.player
        self.difficulty = difficulty or self.difficulty
        self.edition = edition or self.edition
        self.policy = policy or self.policy
        if self.policy not in ("first", "random"):
            raise ValueError(f"policy must be 'first' or 'random', not {self.policy!r}")
        self.rng = random.Random(self.seed)
        self.state: State = new_game("solo", self.seed, player=self.player, difficulty=self.difficulty,
                                     edition=self.edition)
        self.round = self.state.round
        opp = self.state.opposition or ""
        # The Opposition's five cards for this round, in the order it will play them
        # (the one already played, then its face-down stack): used only after scoring.
        self.round_cards: list[str] = list(self.state.played[opp]) + list(self.state.opp_stack)
        self.actions: list[str] = []
        _ = translator(self.lang)
        head = _("Solo game, seed {seed}: you play {side}, difficulty {x}, {edition}.", seed=self.seed,
                 side=self.player, x=self.difficulty, edition=self.edition)
        self.log: list[LogEntry] = [LogEntry("info", head)]
        self.log += [LogEntry("info", t) for t in opening_lines(self.state, self.lang)]
        self.last_events: list[LogEntry] = list(self.log)
        if notify:
            self._notify()

    @property
    def finished(self) -> bool:
        """True once the round has been scored (or the game ended)."""
        return self.state.is_over() or self.state.round > self.round

    def next_action(self) -> "Action":
        """The decision :meth:`step` would take now."""
        return choose_action(self.state, self.policy, self.rng)

    def step(self) -> list[LogEntry]:
        """Apply one player decision (the Opposition's turns follow inside the engine)."""
        _ = translator(self.lang)
        if self.finished:
            self.last_events = [LogEntry("info", _("The round is over."))]
            self._notify()
            return self.last_events
        actor = self.state.to_act
        action = self.next_action()
        said = describe(self.state, action, self.lang).text
        events = self.state.apply(action)
        self.actions.append(str(action))
        entries = [LogEntry("action", _("{side}: {action}", side=side_label(self.state, actor, self.lang),
                                        action=said))]
        entries += [LogEntry(e.kind, event_text(e, self.lang)) for e in events]
        if self.finished:
            entries.append(LogEntry("info", _.ngettext("Round {round} is over after {n} decision.",
                                                       "Round {round} is over after {n} decisions.",
                                                       len(self.actions), round=self.round)))
        self.log.extend(entries)
        self.last_events = entries
        self._notify()
        return entries

    def run_round(self, max_steps: int = 1000) -> int:
        """Step until the round is scored; return the number of decisions taken."""
        n = 0
        while not self.finished:
            if n >= max_steps:
                raise RuntimeError(f"the round did not end within {max_steps} decisions")
            self.step()
            n += 1
        return n

    def set_language(self, lang: str) -> None:
        """Write the log and the status in ``lang`` from now on, the log so far included."""
        check_language(lang)
        if lang == self.lang:
            return
        self.lang = lang
        done = len(self.actions)
        listeners, self._listeners = self._listeners, []
        try:
            self.restart(notify=False)
            for _ in range(done):
                self.step()
        finally:
            self._listeners = listeners
        self._notify()

    def objective_explorer(self) -> OppositionExplorer:
        """The Opposition's five cards of the round, with its objective explained."""
        return OppositionExplorer(self.round_cards, components=self.state.comp)

    def status(self) -> str:
        """Where the game stands and the next decision, in :attr:`lang`."""
        return self._status_in(self.lang)

    def _status_in(self, lang: str) -> str:
        _ = translator(lang)
        s = self.state
        if s.is_over():
            return _("Game over: {side} wins ({reason}); score: {score}.", side=s.winner() or "",
                     reason=outcome_text(s, lang), score=lead_text(s.score, lang))
        if self.finished:
            return _("Round {round} has been scored; score: {score}.", round=self.round,
                     score=lead_text(s.score, lang))
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        nxt = describe(s, choose_action(s, self.policy, rng), lang).text
        return _("Round {number}, {date}, Will: {will}, score: {score}; {side} to decide ({step}); next: {action}",
                 number=s.round, date=names.date(s.month_name, s.day, lang), will=s.will,
                 score=lead_text(s.score, lang), side=side_label(s, s.to_act, lang), step=step_name(s.step),
                 action=nxt)

    def next_preview(self) -> str:
        """The next decision without taking it (uses a copy of the random generator)."""
        if self.finished:
            return "-"
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return str(choose_action(self.state, self.policy, rng))

    def log_text(self) -> str:
        return "\n".join(e.text for e in self.log)

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "player": self.player, "difficulty": self.difficulty,
                "edition": self.edition, "policy": self.policy, "actions": list(self.actions)}
