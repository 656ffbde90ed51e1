"""Random legal play for 4-11 players: finishing, card conservation, defaults,
hidden information (the cross-title suite runs the 4-player default)."""
import json

import pytest

from games.rules.core import rng
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game, pick, play, random_play
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.tests.helpers import census
from tests.seeds import seeds

COUNTS = (4, 6, 8, 10, 11)


def check_hidden(state, seed):
    picker = {"rng": rng.new(seed + 99)}
    frozen = json.dumps(state, sort_keys=True)
    for viewer in state["roles"] + [None]:
        expected = json.dumps(RULES.view(state, viewer), sort_keys=True)
        shuffled = RULES.rehide(json.loads(frozen), viewer, lambda items: rng.shuffle(picker, list(items)))
        assert json.dumps(RULES.view(shuffled, viewer), sort_keys=True) == expected, (seed, viewer)


@pytest.mark.parametrize("players", COUNTS + (5, 7, 9))
def test_random_games_finish_and_replay(players):
    for seed in range(8):
        game = random_play(RULES, seed, options={"players": players})
        assert RULES.result(game.state) is not None
        replayed = play(RULES, seed, game.moves, options={"players": players})
        take_log(replayed), take_log(game.state)
        assert replayed == game.state


@pytest.mark.slow
def test_many_random_games_finish():
    """200 seeds for each of 4, 6, 8, 10 and 11 players with HOTLINE_SEEDS=full
    (tests/seeds.py): no exception, no dead end."""
    for players in COUNTS:
        for seed in seeds(200):
            game = random_play(RULES, 1000 + seed, options={"players": players}, max_steps=5000)
            assert RULES.result(game.state) is not None


def steady_play(seed: int, players: int, objective: str = "killing_blow") -> dict:
    """Random players that mostly stay home and prefer useful actions, so games
    last longer (frostbite, the Lone Wolf leaving, later rounds)."""
    state = new_game(RULES, seed, options={"players": players, "objective": objective})
    picker = {"rng": rng.new(seed)}
    for _ in range(5000):
        if state["result"] is not None:
            return state
        role = pick(picker, state["active"])
        choices = [c for c in RULES.prompt(state, role).choices if c.verb != "undo"]
        passes = [c for c in choices if c.verb == "pass"]
        useful = [c for c in choices if c.verb in ("crisis", "play", "attack", "barricade", "food")]
        if passes and rng.randint(picker, 1, 4) > 1:
            choices = passes
        elif useful and rng.randint(picker, 1, 3) > 1:
            choices = useful
        RULES.apply(state, role, pick(picker, choices).action)
        take_log(state)
    raise AssertionError(f"seed {seed}: no result")


@pytest.mark.parametrize("players", (5, 8, 11))
def test_longer_games_finish(players):
    for seed in range(6):
        assert steady_play(seed, players)["round"] >= 1
        assert steady_play(seed, players, "divide_and_conquer")["result"] is not None


@pytest.mark.slow
def test_many_longer_games_finish():
    for players in range(4, 12):
        for seed in seeds(40):
            for objective in ("killing_blow", "divide_and_conquer"):
                assert steady_play(5000 + seed, players, objective)["result"] is not None


@pytest.mark.parametrize("players", COUNTS)
def test_cards_are_conserved_after_every_action(players):
    for seed in range(3):
        start = census(new_game(RULES, seed, options={"players": players}))

        def check(state, role, action):
            now = census(state)
            assert now["items"] == start["items"], (seed, action)
            assert now["item_ids"] == start["item_ids"], (seed, action)
            for key in ("survivors", "crossroads", "crises"):
                assert now[key] == start[key], (seed, key, action)

        game = random_play(RULES, seed, options={"players": players}, on_step=check)
        check(game.state, None, None)


@pytest.mark.parametrize("players", list(range(4, 12)))
def test_a_game_where_every_input_is_the_default_finishes(players):
    state = new_game(RULES, 5, options={"players": players})
    for _ in range(5000):
        if state["result"] is not None:
            break
        for role in list(state["active"]):
            if role in state["active"]:
                action = RULES.default_action(state, role)
                assert RULES.prompt(state, role).allows(action)
                RULES.apply(state, role, action)
    assert state["result"] is not None and state["result"]["reason"] in ("morale", "rounds", "main_objective")


@pytest.mark.parametrize("players", (5, 8, 11))
def test_defaults_are_legal_and_views_hide_what_they_must(players):
    for seed in range(4):
        state = new_game(RULES, seed, options={"players": players})
        picker = {"rng": rng.new(seed)}
        step = 0
        while state["result"] is None:
            for role in state["active"]:
                assert RULES.prompt(state, role).allows(RULES.default_action(state, role))
            if step % 5 == 0:
                check_hidden(state, seed)
            role = pick(picker, state["active"])
            RULES.apply(state, role, pick(picker, [c.action for c in RULES.prompt(state, role).choices
                                                   if c.verb != "undo"]))
            step += 1
        assert RULES.default_action(state, state["roles"][0]) is None


def test_teammates_see_only_the_count_of_a_hand():
    state = new_game(RULES, 3, options={"players": 6})
    mine = RULES.view(state, "p1")
    assert mine["me"]["hand"] == RULES.hand(state, "p1")
    assert mine["seats"]["p3"]["hand"] == len(state["pl"]["p3"]["hand"])
    assert mine["me"]["objective"]["index"] == state["pl"]["p1"]["obj"]
    assert "objectives" not in mine and str(state["pl"]["p3"]["hand"][0]) not in mine["cards"]
    assert mine["draft"]["offer"] == state["stack"][-1]["offer"]["p1"]
    assert "offer" not in json.dumps(mine["draft"]["kept_counts"])


@pytest.mark.parametrize("players", (5, 6, 8, 10, 11))
def test_the_cross_title_invariants_hold_for_other_player_counts(players):
    """tests/test_conformance.py plays the default (4 players); run its checks
    (prompts, undo across checkpoints, hidden information, replay) for more."""
    conformance = pytest.importorskip("tests.test_conformance")
    if not hasattr(conformance, "play_checked"):
        pytest.skip("the cross-title suite changed shape")
    from games.titles.dead_of_winter.rules.rules import DeadOfWinterRules

    class Sized(DeadOfWinterRules):
        def default_options(self):
            return dict(super().default_options(), players=players)

    rules = Sized()
    for seed in range(4):
        final, moves = conformance.play_checked(rules, seed)
        replayed = play(rules, seed, moves)
        take_log(replayed)
        assert conformance.dumps(replayed) == conformance.dumps(final)
