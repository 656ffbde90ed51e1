"""Random legal play to the end: results, conservation of both decks,
hidden information (rehide), undo and the option list."""
import itertools
import json

import pytest

from games.rules.core import rng
from games.rules.core.testing import play, random_play, roundtrip
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.data import PERIOD_CARDS, PS_IDS
from games.titles.dawn_of_freedom.rules.registry import REGISTRY
from tests.seeds import seeds

REASONS = {"vp", "final_scoring", "scoring_card_held", "new_years_eve"}


def all_options() -> list[dict]:
    names = sorted(RULES.option_choices())
    return [dict(zip(names, values))
            for values in itertools.product(*(RULES.option_choices()[n] for n in names))]


def cards_in_game(state: dict) -> list[int]:
    cards = list(PERIOD_CARDS["early"])
    if state["turn"] >= 4:
        cards += PERIOD_CARDS["middle"]
    if state["turn"] >= 8:
        cards += PERIOD_CARDS["late"]
    return sorted(cards)


def check_conservation(state: dict, *_) -> None:
    """Every strategy card in exactly one place; all 52 power-struggle cards too."""
    where = state["hands"]["communist"] + state["hands"]["democrat"] + state["deck"]
    where += state["discard"] + state["removed"] + state["table"] + state["board"]
    where += [c for f in state["stack"] for c in f.get("drawn", ())]
    where += [e["aside"] for e in state["effects"].values() if e.get("aside")]  # Samizdat
    assert sorted(where) == cards_in_game(state), "strategy cards not conserved"
    ps = state["ps"]
    if ps is not None:
        held = ps["hands"]["communist"] + ps["hands"]["democrat"] + ps["deck"] + ps["discard"]
        assert sorted(held) == list(PS_IDS), "power-struggle deck not conserved"


def check_event(state, role, action):
    """Never the event of a card without one."""
    if action.verb in ("event", "both"):
        assert action.arg in REGISTRY


def finished(game) -> None:
    result = RULES.result(game.state)
    assert result is not None and result.reason in REASONS
    assert roundtrip(game.state) == game.state
    check_conservation(game.state)


@pytest.mark.parametrize("seed", range(10))
def test_random_games_keep_both_decks_conserved_after_every_action(seed):
    def on_step(state, role, action):
        check_conservation(state)
        check_event(state, role, action)
    finished(random_play(RULES, seed, on_step=on_step))


@pytest.mark.parametrize("options", all_options(), ids=lambda o: f"{o['bid_role']}-{o['bid_sp']}")
def test_random_games_with_every_option(options):
    for seed in range(2):
        finished(random_play(RULES, seed, options=options, on_step=check_conservation))


@pytest.mark.slow
def test_many_random_games_finish_with_no_dead_end():
    """1000 games with HOTLINE_SEEDS=full (tests/seeds.py), every option set in turn."""
    options = all_options()
    for seed in seeds(1000):
        finished(random_play(RULES, seed, options=options[seed % len(options)],
                             on_step=check_event))


def permuter(seed):
    picker = {"rng": rng.new(seed)}
    return lambda items: rng.shuffle(picker, list(items))


def test_rehide_keeps_every_view():
    """Neither hand (strategy or power struggle) nor a deck shows in another's view."""
    checked = {"struggle": 0, "all": 0}

    def on_step(state, role, action):
        for viewer in ("communist", "democrat", None):
            copy = json.loads(json.dumps(state))
            before = RULES.view(copy, viewer)
            RULES.rehide(copy, viewer, permuter(checked["all"]))
            assert RULES.view(copy, viewer) == before
            checked["all"] += 1
            checked["struggle"] += state["ps"] is not None
    for seed in range(3):
        random_play(RULES, seed, on_step=on_step)
    assert checked["all"] > 1000 and checked["struggle"] > 50


def test_a_view_shows_only_its_own_hands():
    def on_step(state, role, action):
        if state["ps"] is None:
            return
        view = RULES.view(state, "democrat")
        assert view["struggle"]["hand"] == sorted(state["ps"]["hands"]["democrat"])
        assert "hands" not in view["struggle"]
        assert view["hand"] == RULES.hand(state, "democrat")
        assert all(not str(c).startswith("ps-") or int(c[3:]) in state["ps"]["hands"]["democrat"]
                   for c in view["hand"])
    random_play(RULES, 4, on_step=on_step)


def test_random_games_with_undo():
    for seed in range(3):
        game = random_play(RULES, seed, undo_rate=4)
        assert RULES.result(game.state) is not None


def test_replay_gives_the_same_state():
    game = random_play(RULES, 3)
    assert play(RULES, 3, game.moves) == game.state


def test_options_are_checked():
    assert RULES.clean_options({}) == {"bid_sp": 0, "bid_role": "democrat"}
    with pytest.raises(ValueError):
        RULES.clean_options({"bid_sp": 9})
    with pytest.raises(ValueError):
        RULES.clean_options({"headline": True})


def test_the_first_setup_step_can_be_taken_back():
    """Issue 29 item 14: undo within your own turn is the convention, the setup's
    first placement included (the deal before it was no move of anyone's): allowed,
    offered, and the placement is gone from the replay."""
    from games.rules.core.testing import first_step_taken_back

    assert first_step_taken_back(RULES) == (True, True, True)
