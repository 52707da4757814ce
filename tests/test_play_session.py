"""The play screen's session model (dualpowers.screens.play), without Jupyter: one snapshot per
change, the clicks' path, the story told beside the board, work done once per position."""

from __future__ import annotations

import dataclasses
import random
import sys

import pytest

from dualpowers.controllers import GameSession
from dualpowers.screens import play as play_module
from dualpowers.screens.play import PlaySession, PlaySnapshot
from dualpowers.text import render


@pytest.fixture
def play():
    """A solo game past its opening's story (the Opposition's first turn, told at the start)."""
    p = PlaySession(GameSession(mode="solo", seed=7, player="white", difficulty=3))
    p.story_step(skip=True)
    return p


def test_a_new_solo_game_tells_the_oppositions_first_turn_beside_the_board():
    """The deal plays the Opposition's leader and first turn before the player's first decision:
    they are told step by step, as every later turn of the Opposition is, headed by the game's
    start and then by the Opposition (a newcomer saw a leader and a unit appear with no word
    beside the board: issue 33, QA8).  No card is offered until the story is told; a new game
    from the form tells its own opening; a two-player game has nothing to tell."""
    play = PlaySession(GameSession(mode="solo", seed=7, player="white", difficulty=3))
    snap = play.snapshot
    assert snap.story is not None and not snap.cards and not snap.can_act
    headings, told = [], []
    while play.snapshot.story is not None:
        headings.append(play.snapshot.status.split(".")[0])
        told.append(play.snapshot.story.told[-1])
        play.story_step()
    assert any("reveals" in t and "Opposition" in t for t in told), told
    assert any("places a level" in t for t in told), told
    assert headings[0] == "The game begins" and headings[-1] == "What the Opposition did", headings
    assert play.snapshot.cards and play.snapshot.can_act
    play.new_game("solo", "11", player="red", difficulty=2)
    assert play.snapshot.story is not None
    assert PlaySession(GameSession(mode="two-player", seed=7)).snapshot.story is None


def test_a_new_game_is_dealt_once(monkeypatch):
    """The session dealt a new game three times (to check its options, to replay from it, to tell
    its opening) and again at every replay (a new language, an undo): now once, each replay
    starting from a copy of that deal, which stays as dealt."""
    import dualpowers.controllers.play as controller
    from dualpowers.errors import SettingError
    from dualpowers.setup import deal, new_game

    dealt = []

    def counted(*args, **kwargs):
        dealt.append(args)
        return deal(*args, **kwargs)

    monkeypatch.setattr(controller, "deal", counted)
    monkeypatch.setattr(controller, "new_game", lambda *args, **kwargs: dealt.append(args) or new_game(*args, **kwargs),
                        raising=False)
    game = GameSession(mode="solo", seed=7, player="white", difficulty=3)
    fresh = new_game("solo", 7, player="white", difficulty=3)
    assert game.start_state() == fresh and game.story
    game.apply(game.legal()[0])
    game.set_language("fr")
    game.undo()
    assert game.state == fresh and game.start_state() == fresh
    assert len(dealt) == 1
    with pytest.raises(SettingError, match="player"):
        game.new_game("solo", 8, player="green")            # bad options: refused, the game unchanged
    assert game.start_state() == fresh and len(dealt) == 2
    game.new_game("two-player", 3)
    assert game.start_state() == new_game("two-player", 3) and len(dealt) == 3
    assert game.story == []                                 # nothing to tell before the first decision


def test_the_model_runs_without_jupyter():
    """Imported in a fresh interpreter, the model loads no Jupyter module."""
    import subprocess
    code = ("import sys, dualpowers.screens.play; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'IPython')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_change_hands_one_frozen_snapshot(play):
    seen: list[PlaySnapshot] = []
    play.observe(seen.append)
    first = play.snapshot
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.status = "x"                                   # type: ignore[misc]
    play.click("card", "purple-2")
    assert len(seen) == 1 and seen[-1] is play.snapshot
    # the snapshot drawn before keeps what it showed: the game moved, its board did not
    assert first.board.position.played["white"] == [] and play.game.state.played["white"] == ["purple-2"]


def test_a_click_path_ends_in_the_engine_and_a_new_snapshot(play):
    assert [c.card for c in play.snapshot.cards][:1] == ["purple-2"]
    play.click("card", "purple-2")
    assert play.game.actions == ["play purple-2"]
    snap = play.snapshot
    assert not snap.cards and "purple" in snap.board.highlight     # the card's region is lit
    unit = next(t for t in snap.board.highlight if t.startswith("W"))
    play.click("token", unit)
    assert unit in play.snapshot.board.selected and play.snapshot.can_cancel
    play.cancel()
    assert not play.snapshot.can_cancel and play.snapshot.board.selected == ()


def test_a_refused_click_says_why_and_changes_nothing(play):
    play.click("card", "purple-2")
    before = play.game.state.clone()
    play.click("region", "red")                               # not the card's region
    snap = play.snapshot
    assert snap.notice_error and snap.notice
    assert play.game.state == before


def test_a_click_of_an_unknown_kind_is_a_clear_error(play):
    with pytest.raises(ValueError, match="kind must be"):
        play.click("button", "x")


def test_words_of_the_legal_actions_are_made_once_per_position(play, monkeypatch):
    calls = []
    real = play_module.describe

    def counting(state, action, lang=None):
        calls.append(str(action))
        return real(state, action, lang)

    monkeypatch.setattr(play_module, "describe", counting)
    play.click("card", "purple-2")
    n = len(calls)
    for _ in range(5):                                        # clicks in the same position
        unit = next(t for t in play.snapshot.board.highlight if t.startswith("W"))
        play.click("token", unit)
        play.cancel()
    assert len(calls) == n, "the same position's actions were described again"
    assert len(set(calls)) == len(calls)


def test_the_story_is_told_beside_the_board_step_by_step():
    play = PlaySession(GameSession(mode="solo", seed=5, player="red", difficulty=1))
    rng = random.Random(2)
    for _ in range(60):
        play.game.apply(rng.choice(play.game.state.legal_actions()))
        if play.story_at is not None and len(play.story) > 2:
            break
    else:
        pytest.fail("no story met")
    told = []
    while play.story_at is not None:
        story = play.snapshot.story
        assert story is not None and story.count == len(play.story)
        assert story.told[:-1] == tuple(told)                 # the steps before stay listed
        told.append(story.told[-1])
        snap = play.snapshot
        assert snap.board.past and not snap.can_act and not snap.cards   # no decision while it is told,
        assert snap.menu_shown and not snap.notice                         # but nothing moves or hides

        play.story_step()
    assert play.snapshot.story is None and not play.snapshot.board.past
    assert play.snapshot.skipped == ()                       # every step was read: nothing to repeat


def test_skip_to_now_keeps_what_the_skipped_steps_told_until_the_game_moves_on():
    """After "Skip to now" the Opposition's turn was told nowhere but in the folded round list (QA8):
    the snapshot keeps the skipped steps' words, in order, until the next action."""
    play = PlaySession(GameSession(mode="solo", seed=5, player="red", difficulty=1))
    play.story_step(skip=True)                               # past the opening
    rng = random.Random(2)
    while play.story_at is None or len(play.story) < 3:
        play.game.apply(rng.choice(play.game.state.legal_actions()))
    play.story_step()                                        # one step read, the rest skipped
    expected = tuple(render(e.message, "en") for e in play.story[2:])
    play.story_step(skip=True)
    snap = play.snapshot
    assert snap.story is None and snap.skipped == expected and any("Opposition" in t for t in snap.skipped)
    play.set_language("fr")                                  # written again in the new language
    assert play.snapshot.skipped == tuple(render(e.message, "fr") for e in play.story[2:])
    play.game.apply(play.game.state.legal_actions()[0])
    assert play.snapshot.skipped == ()                        # the game moved on: gone


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_story_s_heading_says_what_it_tells_not_who_acts(lang):
    """Issue 33: while a story told what the Opposition had done, its heading (the panel's status
    line) read "...; You (White) to act (the leader's action)": the position's line, as if it were
    the player's turn.  A step of a story is headed by what it tells: the player's own action,
    the Opposition's turn, the scoring; with the round, date, Will and score, never who acts."""
    from dualpowers.text import translator
    _ = translator(lang)
    play = PlaySession(mode="solo", seed=1917, player="white", difficulty=1, lang=lang)
    said: dict[str, int] = {}
    heads = {_("What you did"): "you", _("What the Opposition did"): "opposition", _("The scoring"): "scoring"}
    for _turn in range(40):
        if play.game.state.is_over():
            break
        play.game.auto("greedy")
        while play.story_at is not None:
            status = play.snapshot.status
            head = next((h for h in heads if status.startswith(h)), None)
            assert head is not None, status
            event = play.story[play.story_at]
            # the round, date, Will, score (French lower-cases its first word after the colon)
            assert play.game.status(event.board, acting=False).lower() in status.lower(), status
            # ... said as the board's, not as what was done ("What you did: Round 1, ..." misled: QA6)
            assert status == _("{what}. The board at this step: {status}", what=head,
                               status=play.game.status(event.board, acting=False)), status
            if event.board.to_act is not None:
                assert play.game.status(event.board) not in status, status          # not who acts
            said[heads[head]] = said.get(heads[head], 0) + 1
            if event.kind in ("exhaust", "cleanup"):
                assert heads[head] == "scoring", (event.kind, status)
            if event.kind == "opposition":
                assert heads[head] == "opposition", (event.kind, status)
            play.story_step()
    assert {"you", "opposition", "scoring"} <= set(said), said



def test_a_two_player_story_is_the_scoring_only_from_the_scoring_on():
    """Both objectives placed and the action phase begun is a story too ("What happened"); its
    heading read "The scoring" because an objective placed and a phase begun were taken for the
    scoring's events (the Italian reader saw it)."""
    play = PlaySession(mode="two-player", seed=4, lang="en")
    seen = set()
    for _turn in range(60):
        play.game.auto("first")
        while play.story_at is not None:
            event = play.story[play.story_at]
            head = play.snapshot.status
            scoring = event.kind in ("unrest", "score", "exhaust", "cleanup") or (
                event.kind == "phase" and "Scoring phase" in event.text)
            round_start = "places a secret objective" in event.text or "Action phase" in event.text
            if round_start and not any(e.kind in ("unrest", "score", "cleanup") or "Scoring phase" in e.text
                                       for e in play.story[:play.story_at]):
                assert head.startswith("What happened"), (event.text, head)
                seen.add("round start")
            if scoring:
                assert head.startswith("The scoring"), (event.text, head)
                seen.add("scoring")
            play.story_step()
    assert seen == {"round start", "scoring"}, seen

def test_this_round_so_far_starts_at_the_round():
    play = PlaySession(GameSession(mode="solo", seed=3, player="white", difficulty=1))
    rng = random.Random(0)
    while play.game.state.round < 2:
        play.game.apply(rng.choice(play.game.state.legal_actions()))
    play.story_step(skip=True)
    entries = play.snapshot.round_so_far
    assert entries and entries[0].kind == "round"
    assert entries[-1] == play.game.log[-1]


def test_a_language_change_writes_the_snapshot_again(play):
    english = play.snapshot.status
    play.set_language("fr")
    assert play.snapshot.lang == "fr" and play.snapshot.status != english
    assert play.snapshot.cards[0].tooltip.startswith("Jouer")


def test_a_review_moment_says_it_is_a_past_position():
    game = GameSession(mode="solo", seed=4, player="white", difficulty=1)
    play = PlaySession(game)
    while not game.state.is_over():
        game.auto("first")
    review = play.review(playouts=40)
    assert review.moments, "this seed's first-legal-action game is expected to have a decision to review"
    play.show_moment(0)
    snap = play.snapshot
    assert snap.board.past and snap.review is not None and snap.review.shown == 0
    assert snap.status.startswith("In the review, a past position:")
    assert snap.board.position == review.moments[0].position


def test_menu_and_hint_select_the_same_action(play):
    play.hint()
    snap = play.snapshot
    assert snap.hint_html and snap.menu is not None
    best = play.game.hint().best.action
    assert snap.menu.action == str(best) and snap.menu.group == type(best).word
    assert any(c.hinted for c in snap.cards) or any(c.hinted for c in snap.choices)


def test_the_selected_action_s_words_are_given_whole(play):
    """A closed menu shows only the start of a long action ("Play red-3 bis (3 da"): the snapshot
    gives the selected action's words whole, for a line under the menu (issue 33)."""
    menu = play.snapshot.menu
    assert menu is not None
    label, value = max(menu.actions, key=lambda pair: len(pair[0]))
    play.pick_menu_action(value)
    menu = play.snapshot.menu
    assert menu is not None and menu.action == value and menu.chosen == label
    play.pick_menu_action(None)               # nothing picked: the menu's first action, in full
    menu = play.snapshot.menu
    assert menu is not None and menu.chosen == dict((v, k) for k, v in menu.actions)[menu.action]


def test_hint_says_it_is_thinking_while_the_advisor_ranks(play):
    """The ranking takes a second or several: the snapshot drawn while it runs says so (the Hint
    button shows it), and the next one does not."""
    seen = []
    play.observe(lambda snap: seen.append(snap.thinking))
    play.hint()
    assert seen[0] is True and seen[-1] is False


def test_a_story_step_stays_long_enough_to_be_read():
    from dualpowers.screens.play import reading_time
    assert reading_time("White plays red-3.") == 2.0
    assert reading_time(" ".join(["word"] * 40)) == 11.0
    assert reading_time(" ".join(["word"] * 400)) == 15.0


@pytest.mark.parametrize("lang, click, tap", [("en", "Click", "Tap"), ("fr", "liquez", "ouchez"),
                                               ("it", "licca", "occa")])
def test_a_touch_screen_is_told_to_tap_and_a_mouse_to_click(play, lang, click, tap):
    """Issue 33: the widget says what the device is (a finger or a mouse) and the snapshot's words
    follow: "Tap a lit region" on a phone, "Click a lit region" with a mouse, in every language;
    the button that forgets them too."""
    play.set_language(lang)
    play.click("card", "purple-2")
    unit = next(t for t in play.snapshot.board.highlight if t.startswith("W"))
    play.click("token", unit)
    mouse = play.snapshot
    assert click in mouse.prompt_html and tap not in mouse.prompt_html
    seen: list[PlaySnapshot] = []
    play.observe(seen.append)
    play.set_touch(True)
    finger = play.snapshot
    assert len(seen) == 1 and seen[-1] is finger                  # one new snapshot, drawn at once
    assert tap in finger.prompt_html and click not in finger.prompt_html, finger.prompt_html
    assert finger.cancel_label != mouse.cancel_label
    assert "lic" not in finger.cancel_label                       # no click, clic or clicca left
    play.set_touch(True)                                          # the same device again: nothing to draw
    assert len(seen) == 1
    play.set_touch(False)
    assert play.snapshot.prompt_html == mouse.prompt_html and play.snapshot.cancel_label == mouse.cancel_label


def test_the_device_s_input_is_true_or_false(play):
    with pytest.raises(TypeError, match="touch must be True or False"):
        play.set_touch("yes")                                      # type: ignore[arg-type]


def test_the_next_game_s_edition_follows_the_language_until_the_reader_picks_one():
    play = PlaySession(lang="fr", mode="solo", seed=7, player="white", difficulty=1)
    assert play.game.edition == play.snapshot.next_edition == "fr"
    play.set_language("it")
    assert play.snapshot.next_edition == "it"           # the next game plays E-IT
    assert play.game.state.edition == "fr"              # the game being played keeps its own
    play.pick_edition("fr")                             # the reader's own choice stays
    play.set_language("en")
    play.set_language("it")
    assert play.snapshot.next_edition == "fr"
    play.new_game("two-player", "3", player="red", difficulty=1)
    assert play.game.state.edition == "fr"


def test_a_game_handed_over_keeps_its_edition_whatever_the_language():
    play = PlaySession(GameSession(mode="solo", seed=7, edition="it"), lang="fr")
    play.set_language("en")
    assert play.snapshot.next_edition == "it"


def test_an_unknown_edition_is_refused_with_its_name_and_nothing_changes():
    play = PlaySession(lang="en", mode="solo", seed=7)
    play.pick_edition("de")
    snap = play.snapshot
    assert snap.notice_error and "de" in snap.notice and "fr, it" in snap.notice
    assert snap.next_edition == "fr"
    play.set_language("it")                              # still following the language
    assert play.snapshot.next_edition == "it"


def test_review_is_offered_once_the_last_story_is_told():
    """The QA saw "Review my game" offered while the last action's story (the final scoring) was
    still being told, before the result was shown."""
    play = PlaySession(mode="solo", seed=5, player="red", difficulty=1)
    while not play.game.state.is_over():
        while play.story_at is not None:
            play.story_step(skip=True)
        play.game.auto("greedy")
    assert play.story_at is not None                     # the game's end is told step by step
    assert not play.snapshot.can_review and not play.snapshot.result
    play.story_step(skip=True)
    assert play.snapshot.can_review and play.snapshot.result


def test_a_lone_neutral_clicked_names_the_rule_and_what_would_be_taken():
    """Issue 33 (QA6): "N4 has no legal action now (step: the card's action)" named no rule and no
    way on.  A neutral with no side to obey is refused by R-NEU-1, and the refusal says what the
    next click may be."""
    play = PlaySession(GameSession(mode="solo", seed=7, player="white", difficulty=3))
    play.story_step(skip=True)
    s = play.game.state
    play.click("card", "purple-2")
    play.story_step(skip=True)
    s = play.game.state
    regions = {r.name for r in s.comp.regions}
    lone = [t for t, place in s.place.items() if s.side_of(t) is None and place in regions
            and s.controller(t) is None]
    assert lone, "no lone neutral on the board"
    play.click("token", lone[0])
    snap = play.snapshot
    assert snap.notice_error and "R-NEU-1" in snap.notice and "nobody's" in snap.notice, snap.notice
    assert "Click" in snap.notice.split("R-NEU-1")[1], snap.notice
    play.set_touch(True)                       # on a touch screen the way on says "Tap"
    play.click("token", lone[0])
    assert "Tap" in play.snapshot.notice.split("R-NEU-1")[1], play.snapshot.notice


def _everything_read(snap: PlaySnapshot) -> str:
    """Every text of a snapshot a person at the screen may read."""
    from dualpowers.text import render
    parts = [snap.status, snap.prompt_html, snap.notice, *snap.hand_lines, snap.result, snap.hint_html,
             *(e.text for e in snap.round_so_far), *(e.text for e in snap.log)]
    if snap.story is not None:
        parts += [*snap.story.told, *snap.story.working, snap.story.next_label]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_hot_seat_the_next_player_never_reads_the_last_one_s_secret_objective(lang):
    """QA7: two players at one screen.  After red chose its objective, white (to act) read "Applied:
    Choose red-5 (2nd) ... as your secret objective."; after white's choice, the story told white's
    move over "Red hand: ..., Secret objective: red-5 (2nd)", and its last button said "Your turn"
    naming nobody.  Now the notice names who acted and says the objective face down, as the log does;
    while a story is told neither hand nor objective shows; its last button names who acts."""
    from dualpowers import names
    p = PlaySession(GameSession(mode="two-player", seed=1917))
    p.set_language(lang)
    g = p.game
    red_obj = g.legal()[0]
    assert g.state.to_act == "red" and str(red_obj).startswith("objective ")
    p.take_seat()                                     # red has the screen
    p.play(red_obj)
    card = names.card(red_obj.card, lang)
    assert g.state.to_act == "white"
    read = _everything_read(p.snapshot)
    assert card not in read, read
    assert names.side_label("red", lang).lower() in p.snapshot.notice.lower(), p.snapshot.notice
    p.undo()                                          # taken back with white at the screen: still unnamed
    assert card not in _everything_read(p.snapshot) and g.state.to_act == "red", p.snapshot.notice
    p.take_seat()
    p.play(red_obj)
    p.take_seat()
    p.play(g.legal()[0])                              # white's objective: the action phase's story
    white_obj = g.state.objectives["white"]
    assert p.snapshot.story is not None
    while p.snapshot.story is not None:
        snap = p.snapshot
        read = _everything_read(snap)
        assert card not in read and names.card(white_obj, lang) not in read, read
        assert not [line for line in snap.hand_lines if names.card(g.state.hands["red"][0], lang) in line]
        last = snap.story.next_label
        p.story_step()
    assert names.side_label("red", lang).lower() in last.lower(), last


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_hot_seat_each_player_takes_the_screen_before_their_cards_show(lang):
    """QA8: two players at one screen had no hand-over: the moment one had played, the next one's
    hand, secret objective and choices showed to the one still at the screen.  Between their turns
    the snapshot now shows neither cards, choices, menu nor hint, only the counts both may see, and
    asks the next player to take the screen; a decision before that is refused, nothing changes."""
    from dualpowers import names
    p = PlaySession(GameSession(mode="two-player", seed=1917), lang=lang)
    g = p.game
    played = 0
    while played < 12:
        side = g.state.to_act
        snap = p.snapshot
        if snap.story is not None:
            p.story_step(skip=True)
            continue
        assert p.waiting_for == side and snap.hand_over is not None and snap.hand_over.side == side
        assert not snap.cards and not snap.choices and not snap.menu_shown and not snap.can_act
        assert snap.menu is None                         # (its actions are the next player's)
        assert not snap.hint_html and not snap.board.highlight
        hidden = [names.card(c, lang) for c in g.state.hands[side]]
        assert not [c for c in hidden if c in "\n".join(snap.hand_lines)], snap.hand_lines
        assert names.in_role("side", side, "to", lang) in snap.hand_over.text
        key = g.state.key()
        p.play(g.legal()[0])                            # refused: the screen is not theirs yet
        assert g.state.key() == key and p.snapshot.notice_error and snap.hand_over.button in p.snapshot.notice
        p.take_seat()
        snap = p.snapshot
        assert snap.hand_over is None and snap.can_act and (snap.cards or snap.choices)
        while g.state.to_act == side and not g.state.is_over() and p.story_at is None:
            p.play(g.legal()[0])                        # the turn goes on with the same player
            played += 1
    # one person playing both sides: no hand-over
    solo_at_two = PlaySession(GameSession(mode="two-player", seed=1917), lang=lang, hand_over=False)
    assert solo_at_two.snapshot.hand_over is None and solo_at_two.snapshot.can_act
    with pytest.raises(TypeError, match="hand_over"):
        PlaySession(GameSession(mode="two-player", seed=1), hand_over="yes")


def test_the_objectives_scored_after_the_unrest_winner_s_choice_are_headed_the_scoring():
    """QA7: after the player's bonus action as the unrest winner, the story's steps "The
    Opposition's objective: ..." and "The Opposition reveals ..." were headed "What you did"."""
    from dualpowers.narration import REVEALS_OBJECTIVE
    from dualpowers.text import translator
    seen = 0
    for seed in range(40):
        p = PlaySession(GameSession(mode="solo", seed=seed, player="white", difficulty=1))
        g = p.game
        rng = random.Random(seed)
        for _ in range(400):
            if g.state.is_over() or seen:
                break
            while p.story_at is not None:
                p.story_step(skip=True)
            unrest = g.state.step == "unrest"
            p.play(rng.choice(g.legal()))
            if not unrest or not p.story:
                continue
            for k, e in enumerate(p.story):
                if e.kind == "objective" and e.msgid == REVEALS_OBJECTIVE:
                    p.story_at = k
                    assert p._story_heading() == translator("en")("The scoring"), (seed, k, p._story_heading())
                    seen += 1
        if seen:
            break
    assert seen, "no game reached a scoring with an objective revealed after the unrest winner's choice"


def test_let_the_computer_choose_plays_the_hint_s_first_row_and_says_it_is_thinking(play):
    """Issue 35: the button a stuck learner is told to press plays what the Hint would (the
    advisor's first row, same budget and seed), not the greedy player; while the advisor ranks,
    the snapshot says it is thinking."""
    from dualpowers.controllers.play import AUTO_POLICY
    assert AUTO_POLICY == "hint"
    expected = play.game.hint().best.action
    before = len(play.game.actions)
    seen = []
    play.observe(lambda snap: seen.append(snap.thinking))
    play.auto(AUTO_POLICY)
    assert seen[0] is True and seen[-1] is False
    assert play.game.actions[before] == str(expected)


def test_the_computer_s_choice_never_loses_at_once_when_scoring_the_unrest_region_does_not():
    """Issue 35, the newcomer's "Let the computer choose": at a scoring the greedy player, then the
    button's default, declined the unrest region's VP and the marker reached the end of the track
    at once.  The replayed position (solo, seed 16, Red, difficulty 2, the unrest decision of round
    2): scoring the 3 VP keeps the game going; 42 of its 47 actions end it with White's win.  The
    greedy player chose one of those at 6 of 20 seeds; the Hint's first row, which the button now
    plays, never does."""
    import dualpowers as dp
    from dualpowers.players import GreedyPolicy
    s = dp.new_game("solo", 16, player="red", difficulty=2)
    greedy, rng = GreedyPolicy(), random.Random(16)
    while not (s.to_act == "red" and s.step == "unrest"):
        s.apply(greedy.choose(s, rng))
    assert s.round == 2

    def loses_at_once(action):
        after = s.clone()
        after.apply(action)
        return after.is_over() and after.won_by != "red"
    legal = s.legal_actions()
    assert not loses_at_once(next(a for a in legal if str(a) == "score-unrest"))
    assert sum(map(loses_at_once, legal)) > len(legal) // 2
    assert any(loses_at_once(greedy.choose(s, random.Random(seed))) for seed in range(20))   # the defect shown
    game = GameSession("solo", player="red", difficulty=2, start=s.clone())
    assert not loses_at_once(game.choose("hint"))            # the button's own path: the Hint's seed
    from dualpowers.controllers.play import choose_action
    for seed in range(3):                                      # and other seeds of the same ranking
        assert not loses_at_once(choose_action(s, "hint", random.Random(seed)))
