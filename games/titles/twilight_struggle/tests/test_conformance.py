"""Random legal play to the end: results, JSON, hidden information and undo."""
import json

import pytest

from games.rules.core import rng, undo
from games.rules.core.testing import play, random_play, roundtrip
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.data import SCORING
from games.titles.twilight_struggle.rules.registry import REGISTRY

FAST = range(25)
ALL = range(200)


def check_game(seed: int, on_step=None, **kwargs) -> None:
    game = random_play(RULES, seed, on_step=on_step or step_checks, **kwargs)
    result = RULES.result(game.state)
    assert result is not None and result.reason in {
        "defcon", "vp", "europe", "final_scoring", "scoring_card_held"}
    assert roundtrip(game.state) == game.state


def event_check(state, role, action):
    """Never the event of an unimplemented card."""
    if action.verb in ("event", "headline") and action.arg is not None:
        assert action.arg in REGISTRY


def step_checks(state, role, action):
    """Also: the view survives a JSON round trip."""
    event_check(state, role, action)
    assert json.loads(json.dumps(RULES.view(state, role))) is not None


@pytest.mark.parametrize("seed", FAST)
def test_random_games_finish(seed):
    check_game(seed)


def test_200_random_games_finish():
    for seed in ALL:
        check_game(seed, on_step=event_check)


@pytest.mark.parametrize("options", [
    {"tournament": True}, {"chinese_civil_war": True}, {"optional_cards": False},
    {"us_bid": 2, "side_bid_vp": -2}, {"edition": "original"},
    {"edition": "original", "tournament": True, "side_bid_vp": 3}])
def test_random_games_with_options(options):
    for seed in range(6):
        check_game(seed, options=options)


def test_random_games_with_undo():
    for seed in range(4):
        game = random_play(RULES, seed, undo_rate=4)
        assert RULES.result(game.state) is not None


def test_replay_gives_the_same_state():
    game = random_play(RULES, 3)
    again = play(RULES, 3, game.moves)
    assert again == game.state


def permuter(seed):
    picker = {"rng": rng.new(seed)}
    return lambda items: rng.shuffle(picker, list(items))


def test_rehide_keeps_every_view():
    """Hidden cards (opponent hand, deck, a secret headline) never show in a view."""
    checked = 0

    def on_step(state, role, action):
        nonlocal checked
        for viewer in ("ussr", "us", None):
            copy = json.loads(json.dumps(state))
            before = RULES.view(copy, viewer)
            RULES.rehide(copy, viewer, permuter(checked))
            assert RULES.view(copy, viewer) == before
            checked += 1
    for seed in range(3):
        random_play(RULES, seed, on_step=on_step)
    assert checked > 100


def test_no_scoring_card_is_ever_left_in_hand():
    for seed in range(40):
        state = random_play(RULES, seed).state
        assert state["result"]["reason"] != "scoring_card_held"
        if state["result"]["reason"] == "final_scoring":
            assert not [c for r in ("us", "ussr") for c in state["hands"][r] if c in SCORING]


def test_undo_offered_only_within_own_steps():
    game = random_play(RULES, 5, undo_rate=3)
    assert undo.effective(game.moves)


def test_the_first_setup_step_can_be_taken_back():
    """Issue 29 item 14: undo within your own turn is the convention, the setup's
    first placement included (the deal before it was no move of anyone's): allowed,
    offered, and the placement is gone from the replay."""
    from games.rules.core.testing import first_step_taken_back

    assert first_step_taken_back(RULES) == (True, True, True)
