"""Each region's scoring card (10.1): presence plus one battleground, USSR side."""
from games.titles.twilight_struggle.rules.registry import REGISTRY

from .helpers import ID, after_setup, clear_board, put


def ussr_scores(card: int, country: str) -> int:
    """The USSR controls only ``country`` (a battleground far from the USA); VP change."""
    state = clear_board(after_setup())
    state["vp"] = 0
    put(state, **{country: (0, 4)})
    REGISTRY[card](state, {"card": card, "role": "ussr", "player": "ussr"})
    return state["vp"]


def test_asia_scoring_presence_and_battleground():
    assert ussr_scores(1, "india") == -(3 + 1)


def test_europe_scoring_presence_and_battleground():
    assert ussr_scores(2, "poland") == -(3 + 1)


def test_middle_east_scoring_presence_and_battleground():
    assert ussr_scores(3, "iraq") == -(3 + 1)


def test_central_america_scoring_presence_and_battleground():
    assert ussr_scores(37, "panama") == -(1 + 1)


def test_southeast_asia_scoring_thailand_counts_two():
    assert ussr_scores(38, "thailand") == -2


def test_africa_scoring_presence_and_battleground():
    assert ussr_scores(79, "nigeria") == -(1 + 1)


def test_south_america_scoring_presence_and_battleground():
    assert ussr_scores(81, "brazil") == -(2 + 1)


def test_a_region_without_presence_scores_nothing():
    assert ussr_scores(81, "india") == 0
