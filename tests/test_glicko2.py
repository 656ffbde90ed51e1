"""Glicko-2: the paper's worked example and the pieces around it (no database)."""
import math

import pytest

from games.ladder import glicko2
from games.ladder.glicko2 import Player

PAPER_PLAYER = Player(1500, 200, 0.06)
PAPER_RESULTS = [(Player(1400, 30), 1), (Player(1550, 100), 0), (Player(1700, 300), 0)]


def test_the_worked_example_of_glickmans_paper_is_reproduced():
    new = glicko2.update(PAPER_PLAYER, PAPER_RESULTS)
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_volatility_step_matches_the_papers_intermediate_values():
    # Paper, steps 3-5: v = 1.7785, delta = -0.4834, sigma' = 0.05999.
    phi = 200 / glicko2.SCALE
    sigma = glicko2.new_volatility(phi, 0.06, 1.7785, -0.4834)
    assert sigma == pytest.approx(0.05999, abs=0.00001)


def test_a_large_surprise_takes_the_other_branch_of_the_volatility_search_and_raises_volatility():
    # delta^2 > phi^2 + v: a low-rated, certain player beats a much stronger one.
    new = glicko2.update(Player(1200, 50, 0.06), [(Player(2200, 50), 1)])
    assert new.volatility > 0.06
    assert new.rating > 1200


def test_a_period_without_games_only_widens_the_deviation():
    player = Player(1600, 80, 0.06)
    later = glicko2.idle(player, 4)
    assert later.rating == 1600 and later.volatility == 0.06
    expected = math.sqrt((80 / glicko2.SCALE) ** 2 + 4 * 0.06 ** 2) * glicko2.SCALE
    assert later.rd == pytest.approx(expected)
    assert glicko2.update(player, []) == glicko2.idle(player, 1)


def test_the_deviation_never_grows_beyond_that_of_a_new_player():
    assert glicko2.idle(Player(1600, 300, 0.06), 10_000).rd == glicko2.DEFAULT_RD


def test_no_idle_time_changes_nothing():
    player = Player(1600, 80, 0.06)
    assert glicko2.idle(player, 0) is player


def test_periods_until_the_limit_brings_the_deviation_exactly_to_it():
    player = Player(1600, 60, 0.06)
    periods = glicko2.periods_until(player, 110)
    assert periods > 0
    assert glicko2.idle(player, periods).rd == pytest.approx(110)
    assert glicko2.periods_until(Player(1600, 120, 0.06), 110) == 0


@pytest.mark.parametrize("mine,theirs,winners,score", [
    ("north", "south", ["north"], 1.0), ("north", "south", ["south"], 0.0),
    ("north", "south", [], 0.5), ("a", "b", ["a", "b"], 0.5), ("a", "b", ["c"], 0.5),
])
def test_the_score_between_two_roles_follows_the_winners(mine, theirs, winners, score):
    assert glicko2.score_between(mine, theirs, winners) == score


def test_outcomes_are_win_loss_or_draw_with_a_shared_win_counting_as_a_draw():
    assert glicko2.outcome("north", ["north"], ["north", "south"]) == "win"
    assert glicko2.outcome("south", ["north"], ["north", "south"]) == "loss"
    assert glicko2.outcome("south", [], ["north", "south"]) == "draw"
    assert glicko2.outcome("south", ["north", "south"], ["north", "south"]) == "draw"


def test_a_game_moves_the_two_ratings_in_opposite_directions():
    new = glicko2.rate_game({1: ("north", Player()), 2: ("south", Player())}, ["north"])
    assert new[1].rating > 1500 > new[2].rating
    assert new[1].rating - 1500 == pytest.approx(1500 - new[2].rating)


def test_a_draw_between_equals_leaves_ratings_level_and_narrows_deviations():
    new = glicko2.rate_game({1: ("north", Player()), 2: ("south", Player())}, [])
    assert new[1].rating == pytest.approx(1500) and new[2].rating == pytest.approx(1500)
    assert new[1].rd < 350


def test_a_three_player_game_scores_every_pair():
    players = {k: (role, Player()) for k, role in enumerate(["a", "b", "c"])}
    new = glicko2.rate_game(players, ["a"])
    assert new[0].rating > 1500 > new[1].rating
    assert new[1].rating == pytest.approx(new[2].rating)
