"""The calendar: months, days, and what a date advance triggers (RULINGS R-CAL).

The pure arithmetic (:func:`advance_date`) needs no game; :func:`advance`
applies it to a state with its consequences: the Will on a month change
(R-CAL-5) and Trotsky's return (R-CAL-TROTSKY-1/2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import narration
from .errors import InvalidDate
from .narration import N_, Message
from .places import REMOVED, WAITING

if TYPE_CHECKING:
    from .position import Position

__all__ = ["MONTHS", "DateAdvance", "advance_date", "month_index", "check_date", "advance",
           "take_will"]

#: Month spaces of the calendar, in order (R-CAL-1).
MONTHS: tuple[str, ...] = ("mar-apr", "may-jun", "jul", "aug", "sep", "oct-nov")
LAST_DAY = 31
BONUS_DAYS = (15, 31)          # R-CAL-4
SKIPPED_DAYS = (29, 30)        # R-CAL-3
MAY_JUN = MONTHS.index("may-jun")   # R-CAL-TROTSKY-1
AUG = MONTHS.index("aug")           # R-CAL-TROTSKY-2
LAST_MONTH = len(MONTHS) - 1


def month_index(month: str | int) -> int:
    """The index 0..5 of a month name; raises :class:`InvalidDate` for anything else."""
    if isinstance(month, int) and not isinstance(month, bool):
        if 0 <= month <= LAST_MONTH:
            return month
        raise InvalidDate(Message(N_("month index {value} is outside 0..{last}"), value=month, last=LAST_MONTH))
    try:
        return MONTHS.index(str(month).lower())
    except ValueError:
        raise InvalidDate(Message(N_("unknown month {value} (months: {months})"), value=repr(month),
                                   months=", ".join(MONTHS))) from None


def check_date(month: str | int, day: int) -> int:
    """Check a resting date; return the month index.

    The day marker never rests on 29 or 30 (R-CAL-3) and days run 1..31.
    """
    m = month_index(month)
    if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= LAST_DAY:
        raise InvalidDate(Message(N_("day {value} is not on the calendar (days run 1..31, R-CAL-1)"), value=repr(day)))
    if day in SKIPPED_DAYS:
        raise InvalidDate(Message(N_("day {day} cannot be a resting place: a marker that ends on 29 or 30 "
                                     "moves on to 31 (R-CAL-3)"), day=day))
    return m


@dataclass(frozen=True, slots=True)
class DateAdvance:
    """The result of moving the day marker: the new date and its consequences."""

    month: str
    day: int
    bonus: bool               # ended on 15 or 31 (R-CAL-4)
    month_advanced: bool      # the month marker moved (R-CAL-2, R-CAL-5)
    skipped_to_31: bool       # ended on 29/30 and moved on to 31 (R-CAL-3)
    wrapped: bool             # passed day 31 (on Oct/Nov without a month change, R-CAL-6)
    start_month: str
    start_day: int
    days: int

    @property
    def month_index(self) -> int:
        return MONTHS.index(self.month)

    def message(self) -> Message:
        """One sentence saying what happened, as a message (see :mod:`dualpowers.narration`)."""
        parts = [Message(narration.DATE_FROM, month=self.start_month, day=self.start_day, days=self.days)]
        if self.month_advanced:
            parts.append(Message(narration.DATE_NEW_MONTH, month=self.month))
        elif self.wrapped:
            parts.append(Message(narration.DATE_WRAP))
        if self.skipped_to_31:
            parts.append(Message(narration.DATE_SKIP))
        parts.append(Message(narration.DATE_NOW, month=self.month, day=self.day))
        if self.bonus:
            parts.append(Message(narration.DATE_BONUS))
        return Message(narration.DATE_ADVANCE, clauses=tuple(parts))

    def explain(self) -> str:
        """One sentence saying what happened, for logs and the tutorial."""
        return self.message().text


def advance_date(month: str | int, day: int, days: int) -> DateAdvance:
    """Move the day marker ``days`` spaces from ``month``/``day`` (R-CAL-2..6).

    The start must be a date the marker can rest on, so 29 and 30 are refused
    like anywhere else (R-CAL-3).
    """
    m = check_date(month, day)
    if days < 0:
        raise ValueError(f"days must be >= 0, not {days}")
    start_m, start_d = m, day
    d = day + days
    month_advanced = wrapped = False
    while d > LAST_DAY:                       # R-CAL-2: past 31 goes to 1
        d -= LAST_DAY
        wrapped = True
        if m < LAST_MONTH:
            m += 1
            month_advanced = True
        # R-CAL-6: on Oct/Nov the month marker stays.
    skipped = d in SKIPPED_DAYS               # R-CAL-3
    if skipped:
        d = LAST_DAY
    return DateAdvance(
        MONTHS[m], d, d in BONUS_DAYS, month_advanced, skipped, wrapped,
        MONTHS[start_m], start_d, days,
    )


# ----------------------------------------------------------------------------- on a game
def take_will(state: Position, side: str, msgid: str) -> None:
    """``side`` takes the Will (nothing happens if they hold it); ``msgid`` says why."""
    if state.will != side:
        state.will = side
        if state.narrating:
            state.log("will", msgid, side=side)


#: (month index, day, days) -> (month index, day, bonus, month advanced): advance_date's
#: answers, kept so that a game pays for each date move once.
_TABLE: dict[tuple[int, int, int], tuple[int, int, bool, bool]] = {}


def advance(state: Position, side: str, days: int) -> bool:
    """Move the date for ``side``'s card and apply the calendar events; return the bonus flag."""
    key = (state.month, state.day, days)
    move = _TABLE.get(key)
    if move is None:
        adv = advance_date(state.month, state.day, days)
        move = _TABLE[key] = (MONTHS.index(adv.month), adv.day, adv.bonus, adv.month_advanced)
    said = advance_date(state.month, state.day, days).message() if state.narrating else None
    state.month, state.day, bonus, month_advanced = move
    if said is not None:      # logged once the date has moved: the event's board shows the new date
        state.log("date", narration.DATE_ADVANCE, **said.params)
    if month_advanced:
        take_will(state, side, narration.WILL_NEW_MONTH)   # R-CAL-5
        _trotsky(state)
    return bonus


def _trotsky(state: Position) -> None:
    """Trotsky returns in May/June and joins the Bolsheviks in August (R-CAL-TROTSKY-1/2)."""
    comp = state.comp
    neutral, red = comp.trotsky_neutral, comp.trotsky_red
    if state.month == MAY_JUN and state.place[neutral] == WAITING:
        if state.unrest is not None:
            state.put(neutral, state.unrest)
            state.log("trotsky", narration.TROTSKY_RETURNS, region=state.unrest)   # R-CAL-TROTSKY-1
        else:
            state.put(neutral, REMOVED)
            state.log("trotsky", narration.TROTSKY_STAYS_OUT)
    if state.month == AUG and state.place[red] == WAITING:
        where = state.place[neutral]
        if where in comp.region_index:
            tired = neutral in state.exhausted
            state.put(neutral, REMOVED)
            state.put(red, where, exhausted=tired)
            state.log("trotsky", narration.TROTSKY_JOINS, region=where)   # R-CAL-TROTSKY-2
        else:
            state.put(red, REMOVED)
            if state.place[neutral] == WAITING:
                state.put(neutral, REMOVED)
            state.log("trotsky", narration.TROTSKY_GONE)   # R-CAL-TROTSKY-2
