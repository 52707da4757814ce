"""The engine's tables and reasons for a reader, in English, French or Italian.

Every function takes ``lang=None`` for the current language
(:func:`dualpowers.i18n.current_language`), so a notebook's code is the same in
every language.  The engine's own tables (``presence_table``, ``Presence.to_frame``,
``ObjectiveChoice.to_frame``, ``Ranking.to_frame``) keep stable English column
names for scripts.  The functions here build the same tables from the same
results for people: headers, region and side names and the reasons in ``lang``.

Each table is first a :class:`Table`, plain Python (its headers and rows already in the
reader's language); ``*_frame`` turns it into a pandas DataFrame, the widgets show it as
HTML without importing pandas (a notebook's first paint does not wait for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import names
from .i18n import DEFAULT_LANGUAGE, check_language, number, percent, resolve
from .text import N_, NP_, translator
from .narration import Quantity

if TYPE_CHECKING:
    import pandas as pd

    from .advisor.ranking import Ranking
    from .opposition import ObjectiveChoice
    from .presence import Presence
    from .state import State

__all__ = ["Table", "presence_reason", "neutral_reason", "presence_frame", "presence_tokens_frame",
           "objective_frame", "ranking_frame", "presence_rows", "presence_tokens_rows", "objective_rows", "ranking_rows", "win_chance_note", "header", "HEADERS",
           "player_name", "series_label", "results_frame", "difficulty_frame"]

#: Column headers of the tables, marked for the catalogs.
HEADERS = {
    "region": N_("region"), "winner": N_("stronger"), "red strength": N_("Red strength"),
    "white strength": N_("White strength"), "red tokens": N_("Red tokens"), "white tokens": N_("White tokens"),
    "decided by": N_("decided by"), "neutrals for": N_("neutrals count for"), "reason": N_("why"),
    "token": N_("token"), "strength": N_("strength"), "neutral": N_("neutral"), "counts for": N_("counts for"),
    "day sum": N_("day sum"), "cards": N_("cards"), "latest card played": N_("latest card played (position)"),
    "chosen": N_("chosen"), "rank": N_("rank"), "action": N_("action"), "win_prob": N_("win chance (estimate)"),
    "win_interval": N_("95% interval"), "score_change": N_("score change"), "playouts": N_("playouts"),
    "confidence": N_("likely the best"), "effects": N_("what it changes"), "outlook": N_("at the end of the round"),
}
#: What decided a region: a phrase after "decided by" ("la Force", as "la Volonté"), not the column's "strength".
_DECIDED_BY = {"strength": NP_("decided by", "strength"), "tokens": N_("more tokens"), "will": N_("the Will"),
               "sum": N_("sum of days"), "cards": N_("number of cards"), "latest": N_("latest card played")}
_YES_NO = {True: N_("yes"), False: N_("no")}


def _decided_by(step: str | None, lang: str) -> str:
    """What decided a region, in ``lang`` ("-" for nothing)."""
    said = _DECIDED_BY.get(step) if step else None
    if said is None:
        return "-"
    _ = translator(lang)
    return _(said) if isinstance(said, str) else _.pgettext(said[0], said[1])


def _side(side: str | None, lang: str) -> str:
    """A side in a table's cell: a label standing alone (French "Rouges", :func:`names.side_label`)."""
    _ = translator(lang)
    return names.side_label(side, lang) if side else _("nobody")


def presence_reason(p: "Presence", lang: str | None = None) -> str:
    """Why ``p.winner`` has greater strength in the region (R-STR-2), in ``lang``."""
    lang = resolve(lang)
    _ = translator(lang)
    region = names.region(p.region, lang)
    r, w = p.strength["red"], p.strength["white"]
    tr, tw = p.tokens["red"], p.tokens["white"]
    if not p.control:
        return _("No token in {region}: nobody has greater strength (R-STR-2).", region=region)
    if p.winner is None:
        return _("Only neutral tokens in {region}, and nobody has a token of their own there to control them: "
                 "nobody has greater strength (R-NEU-1, R-STR-2).", region=region)
    loser = "white" if p.winner == "red" else "red"
    side = p.winner            # an id: each language names it with the article its sentence needs
    if p.decided_by == "strength":
        return _("{side} has greater strength in {region}: {mine} against {theirs} (R-STR-2).", side=side,
                 region=region, mine=p.strength[p.winner], theirs=p.strength[loser])
    if p.decided_by == "tokens":
        return _("Strength is tied {red}-{white} in {region}; {side} controls more tokens ({mine} against "
                 "{theirs}) and wins (R-STR-2).", red=r, white=w, region=region, side=side,
                 mine=p.tokens[p.winner], theirs=p.tokens[loser])
    return _("Strength ({red}-{white}) and number of tokens ({red_tokens}-{white_tokens}) are tied in {region}; "
             "{side}, holding the Will of the People, wins (R-STR-2).", red=r, white=w, red_tokens=tr,
             white_tokens=tw, region=region, side=side)


def neutral_reason(p: "Presence", lang: str | None = None) -> str:
    """Why the neutral tokens in the region count for whom (R-NEU-1), in ``lang``."""
    lang = resolve(lang)
    _ = translator(lang)
    region = names.region(p.region, lang)
    if not p.neutrals:
        return _("No neutral token in {region}.", region=region)
    if p.neutral_controller:
        return _("{side} holds the Will and has a token of their own in {region}, so the neutral tokens there "
                 "count for {side} (R-NEU-1).", side=p.will or "", region=region)
    return _("{side} holds the Will but has no token of their own in {region}, so the neutral tokens there "
             "count for nobody (R-NEU-1).", side=p.will or "", region=region)


@dataclass(frozen=True)
class Table:
    """A table for a reader: headers and rows of plain values, already in the reader's language.

    ``index`` names the column whose values name the rows (the region, the token), if any.
    :meth:`to_frame` gives the pandas DataFrame; ``dualpowers.widgets`` writes it as HTML."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    index: str | None = None

    def to_frame(self) -> "pd.DataFrame":
        import pandas as pd
        frame = pd.DataFrame([list(r) for r in self.rows], columns=list(self.columns))
        return frame.set_index(self.index) if self.index is not None else frame

    def __len__(self) -> int:
        return len(self.rows)


def _table(rows: list[dict[str, Any]], columns: list[str], lang: str, index: str | None = None) -> Table:
    """Rows keyed by :data:`HEADERS`' names -> a :class:`Table` with the headers in ``lang``."""
    _ = translator(lang)
    return Table(tuple(_(HEADERS[c]) for c in columns), tuple(tuple(r.get(c) for c in columns) for r in rows),
                 _(HEADERS[index]) if index is not None else None)


def presence_frame(state: "State", lang: str | None = None) -> "pd.DataFrame":
    """Force in Presence in every region, one row per region, for a reader in ``lang``."""
    return presence_rows(state, lang).to_frame()


def presence_rows(state: "State", lang: str | None = None) -> Table:
    """:func:`presence_frame` as a :class:`Table`."""
    lang = resolve(lang)
    from .presence import force_in_presence
    _ = translator(lang)
    rows = []
    for region in state.comp.region_index:
        p = force_in_presence(state, region)
        rows.append({
            "region": names.region(region, lang), "winner": _side(p.winner, lang),
            "red strength": p.strength["red"], "white strength": p.strength["white"],
            "red tokens": p.tokens["red"], "white tokens": p.tokens["white"],
            "decided by": _decided_by(p.decided_by, lang),
            "neutrals for": _side(p.neutral_controller, lang), "reason": presence_reason(p, lang),
        })
    columns = ["region", "winner", "red strength", "white strength", "red tokens", "white tokens",
               "decided by", "neutrals for", "reason"]
    return _table(rows, columns, lang, index="region")


def presence_tokens_frame(p: "Presence", lang: str | None = None) -> "pd.DataFrame":
    """The tokens in one region: strength shown, neutral or not, whom each counts for."""
    return presence_tokens_rows(p, lang).to_frame()


def presence_tokens_rows(p: "Presence", lang: str | None = None) -> Table:
    """:func:`presence_tokens_frame` as a :class:`Table`."""
    lang = resolve(lang)
    _ = translator(lang)
    rows = [{"token": names.token(t, lang), "strength": p.shown.get(t, 0), "neutral": _(_YES_NO[t in p.neutrals]),
             "counts for": _side(side, lang)} for t, side in p.control.items()]
    return _table(rows, ["token", "strength", "neutral", "counts for"], lang, index="token")


def objective_frame(choice: "ObjectiveChoice", lang: str | None = None) -> "pd.DataFrame":
    """How the Opposition chose its objective, per region, for a reader in ``lang``."""
    return objective_rows(choice, lang).to_frame()


def objective_rows(choice: "ObjectiveChoice", lang: str | None = None) -> Table:
    """:func:`objective_frame` as a :class:`Table`."""
    lang = resolve(lang)
    _ = translator(lang)
    rows = [{"region": names.region(r, lang), "day sum": choice.sums[r], "cards": choice.counts[r],
             "latest card played": choice.last_played[r], "chosen": _(_YES_NO[r == choice.region])}
            for r in choice.sums]
    return _table(rows, ["region", "day sum", "cards", "latest card played", "chosen"], lang, index="region")


def header(column: str, lang: str | None = None) -> str:
    """The header these tables show for ``column`` (a key of :data:`HEADERS`) in ``lang``."""
    lang = resolve(lang)
    return translator(check_language(lang))(HEADERS[column])


def win_chance_note(horizon: str = "game", lang: str | None = None, who: str = "follower") -> str:
    """What the ranking's "win chance" is, for a reader in ``lang``: an estimate from the
    advisor's playouts, not a measured frequency of real games (see :mod:`dualpowers.advisor`);
    ``who``: whose games the curve of the round was measured on (``Ranking.chance_of``): a
    player who takes the advice, or a simple computer player, named as such (issue 35)."""
    lang = resolve(lang)
    _ = translator(lang)
    if horizon == "round" and who == "greedy":
        return _("Win chance (estimate): the advisor plays quick simulated games (playouts) after each action up "
                 "to the end of the round and turns where they end into a chance to win the game: how often a "
                 "simple computer player (the greedy player) won from there, with its 95% interval. It is not a "
                 "measured share of your games: a player who follows the advice wins more often.")
    if horizon == "round":
        return _("Win chance (estimate): the advisor plays quick simulated games (playouts) after each action up "
                 "to the end of the round and turns where they end into a chance to win the game: how often "
                 "players who followed the advice won from there, with its 95% interval. An estimate, not a "
                 "measured share of your games.")
    return _("Win chance (estimate): the share of the advisor's quick simulated games (playouts, played to the "
             "end by a simple policy) that this action won, with its 95% interval; an estimate, not a measured "
             "share of real games.")


#: The "likely the best" cell of a row that shares its rank with others.
TIED_CELL = N_("one of {n} equal")


def ranking_frame(ranking: "Ranking", state: "State", lang: str | None = None,
                  top: int | None = None) -> "pd.DataFrame":
    """The advisor's ranking for a reader: each action in words (see :mod:`dualpowers.describe`),
    in the ranking's order; actions the playouts cannot tell apart share a rank, and an
    action no playout tried has none ("–")."""
    return ranking_rows(ranking, state, lang, top).to_frame()


def ranking_rows(ranking: "Ranking", state: "State", lang: str | None = None, top: int | None = None) -> Table:
    """:func:`ranking_frame` as a :class:`Table`."""
    lang = resolve(lang)
    from .describe import describe
    from .narrate import quantity_text
    from .text import render
    from .text import field_value
    check_language(lang)
    def pct(x: float) -> str:
        return percent(x, lang, digits=0)
    _ = translator(lang)

    def likely(a: Any) -> str:
        # Rows the playouts cannot tell apart are not given chances of their own, as the
        # advice's "equal best: one of N actions ..." says (issue 35): the cell says they are equal.
        return _(TIED_CELL, n=a.ties) if a.ties > 1 else pct(a.confidence)
    rows = [{"rank": str(a.rank) if a.rank else "–", "action": describe(state, a.action, lang).text,
             "confidence": likely(a), "outlook": render(a.outlook_message(), lang),
             "win_prob": pct(a.win_prob), "win_interval": f"{pct(a.win_low)}–{pct(a.win_high)}",
             "score_change": quantity_text(Quantity(a.score_change, 1, signed=True), lang),
             "playouts": number(a.playouts, lang, digits=0),
             "effects": str(field_value("effects", tuple(a.effect_messages), lang))}
            for a in (ranking.actions[:top] if top else ranking.actions)]
    columns = ["rank", "action", "confidence", "outlook", "win_prob", "win_interval", "score_change", "playouts",
               "effects"]
    table = _table(rows, columns, lang)
    if ranking.horizon != "round":
        outlook = header("outlook", lang)
        table = Table(tuple(_("for the game") if c == outlook else c for c in table.columns), table.rows)
    return table


# ---------------------------------------------------------------------------- measured results
#: The players (policies) of the measurements (:mod:`dualpowers.policies`), for a reader.
PLAYER_NAMES = {"random": N_("random player"), "greedy": N_("greedy player"), "advisor": N_("advisor"),
                "advisor-v1": N_("advisor, first version"), "advisor-v2": N_("advisor, second version")}
#: Headers of the measured tables (:func:`dualpowers.results.measured`, :func:`dualpowers.simulate.summarize`).
RESULT_HEADERS = {
    "policy": NP_("results table", "player"), "player": NP_("results table", "plays"),
    "opponent": NP_("results table", "opponent"), "difficulty": NP_("results table", "difficulty X"),
    "games": NP_("results table", "games"), "wins": NP_("results table", "wins"),
    "win_rate": NP_("results table", "win rate"), "ci_low": NP_("results table", "95% interval from"),
    "ci_high": NP_("results table", "95% interval to"), "result": NP_("results table", "win rate (95% interval)"),
    "mean_rounds": NP_("results table", "rounds (mean)"), "seconds": NP_("results table", "seconds"),
}


def player_name(policy: str, lang: str | None = None) -> str:
    """A measured player (a policy name such as ``greedy``) for a reader in ``lang``."""
    lang = resolve(lang)
    return translator(lang)(PLAYER_NAMES[policy]) if policy in PLAYER_NAMES else policy


def series_label(policy: str, side: str, lang: str | None = None) -> str:
    """One line of the win-rate chart: who plays which faction ("greedy player, plays red")."""
    _ = translator(resolve(lang))
    return _("{player}, plays {side}", player=player_name(policy, lang), side=side)


def results_frame(frame: "pd.DataFrame", lang: str | None = None) -> "pd.DataFrame":
    """A table of measured results for a reader in ``lang``: headers, player and faction
    names translated, rates as percentages in the language's form (Babel)."""
    from .results import percent_text
    lang = resolve(lang)
    _ = translator(lang)
    out = frame.copy()
    duel = "opponent" in out.columns          # a duel table: "player" is a policy, not a faction
    for column in out.columns:
        if column in ("policy", "opponent") or (column == "player" and duel):
            out[column] = [player_name(v, lang) for v in out[column]]
        elif column == "player":
            out[column] = [names.side_label(v, lang) for v in out[column]]
        elif column in ("win_rate", "ci_low", "ci_high"):
            out[column] = [percent_text(v, lang) for v in out[column]]
        elif column in ("mean_rounds", "seconds"):
            out[column] = [number(v, lang, 1) for v in out[column]]
        elif column in ("games", "wins"):       # counts in the reader's form: "1 000", "1.000"
            out[column] = [number(v, lang, 0) for v in out[column]]
    headers = {c: _.pgettext(*RESULT_HEADERS[c]) for c in out.columns if c in RESULT_HEADERS}
    if duel and "player" in headers:
        headers["player"] = _.pgettext(*RESULT_HEADERS["policy"])
    return out.rename(columns=headers)


def difficulty_frame(frame: "pd.DataFrame", lang: str | None = None) -> "pd.DataFrame":
    """The solo measurements as one row per player and faction, one column per difficulty X;
    each cell the win rate, its 95% interval and [the games it rests on], in ``lang``."""
    from .results import rate_text
    lang = resolve(lang)
    cells = frame.assign(result=[f"{rate_text(r, lang)} [{number(r.games, lang, 0)}]" for r in frame.itertuples()])
    shown = results_frame(cells[["policy", "player", "difficulty", "result"]], lang)
    index, column, value = shown.columns[:2].tolist(), shown.columns[2], shown.columns[3]
    return shown.pivot_table(index=index, columns=column, values=value, aggfunc="first", sort=False)


# ---------------------------------------------------------------------------- the command line's summary
#: Headers of ``dualpowers simulate``'s closing table (one row per configuration of :class:`~dualpowers.simulate.Tally`)
SUMMARY_HEADERS = {
    "mode": NP_("results table", "game"), "edition": NP_("results table", "rules edition"),
    "difficulty": RESULT_HEADERS["difficulty"], "player": NP_("results table", "side played"),
    "red_policy": NP_("results table", "red's player"), "white_policy": NP_("results table", "white's player"),
    "games": RESULT_HEADERS["games"], "side": NP_("results table", "wins of"), "wins": RESULT_HEADERS["wins"],
    "win_rate": RESULT_HEADERS["win_rate"], "interval": NP_("results table", "95% interval"),
    "mean_rounds": RESULT_HEADERS["mean_rounds"],
}
_MODES = {"solo": NP_("results table", "solo"), "two-player": NP_("results table", "two players")}
_NUMERIC = {"difficulty", "games", "wins", "win_rate", "mean_rounds"}


def summary_text(rows: "list[dict[str, Any]]", lang: str | None = None) -> str:
    """``dualpowers simulate``'s closing table for a reader in ``lang`` (rows of
    :meth:`dualpowers.simulate.Tally.rows`): headers, modes, sides and players in the reader's
    words, numbers in the language's form ("50,0 %", "2,50"); columns padded for a terminal.
    (:func:`dualpowers.simulate.format_summary` keeps the English form scripts read.)"""
    from .results import percent_text
    lang = resolve(lang)
    _ = translator(check_language(lang))
    if not rows:
        return _("no games")
    keys = [k for k in SUMMARY_HEADERS if k in rows[0] or k == "interval"]

    def policy(name: Any) -> str:
        return names.side_label("opposition", lang) if name == "opposition" else player_name(str(name), lang)

    def cell(key: str, r: dict[str, Any]) -> str:
        value = r.get(key)
        if key == "interval":
            return f"{percent_text(r['ci_low'], lang)}–{percent_text(r['ci_high'], lang)}"
        if value is None or value != value:         # no difficulty in a two-player game (None or NaN)
            return "–"
        if key == "mode":
            return _.pgettext(*_MODES[value]) if value in _MODES else str(value)
        if key == "edition":
            return names.edition(str(value), lang)
        if key in ("player", "side"):
            return names.side_label(str(value), lang)
        if key in ("red_policy", "white_policy"):
            return policy(value)
        if key == "win_rate":
            return percent_text(value, lang)
        if key == "mean_rounds":
            return number(value, lang, 2)
        return number(value, lang, 0)

    lines = [[_.pgettext(*SUMMARY_HEADERS[k]) for k in keys]] + [[cell(k, r) for k in keys] for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(keys))]
    return "\n".join("  ".join(c.rjust(w) if k in _NUMERIC else c.ljust(w) for c, w, k in zip(line, widths, keys)).rstrip()
                     for line in lines)
