"""Every worked example of the Deluxe rulebook that the engine can play now."""
import pytest

from games.rules.core.testing import force_rolls
from games.titles.twilight_struggle.rules.board import add_vp

from .helpers import ID, action_round, after_setup, clear_board, do, ids, put, without_events

NUCLEAR_TEST_BAN = 34  # 4 ops, neutral
MARSHALL_PLAN = 23  # 4 ops, US
DE_GAULLE = 17  # 3 ops, USSR
DUCK_AND_COVER = 4  # 3 ops, US
BLOCKADE = 10  # 1 op, USSR


def ussr_places_with_four_ops(us_in_turkey: int) -> dict:
    state = clear_board(after_setup())
    put(state, turkey=(us_in_turkey, 0), syria=(0, 1))
    action_round(state, "ussr", [NUCLEAR_TEST_BAN])
    do(state, "ussr", "ops", NUCLEAR_TEST_BAN)
    do(state, "ussr", "mode", "influence")
    return state


def test_turkey_first_point_costs_two_then_one():
    """6.1.2: US 2 in Turkey controls it; the first USSR point costs 2, then 1 each."""
    state = ussr_places_with_four_ops(us_in_turkey=2)
    do(state, "ussr", "place", ID["turkey"])
    assert state["stack"][-1]["spent"] == 2
    do(state, "ussr", "place", ID["turkey"])
    do(state, "ussr", "place", ID["turkey"])
    assert state["inf"]["ussr"][ID["turkey"]] == 3
    assert state["stack"][-1]["step"] != "influence"  # all 4 ops spent


def test_turkey_uncontrolled_costs_one_each():
    """6.1.2: with only 1 US influence Turkey is not controlled: 1 op per point."""
    state = ussr_places_with_four_ops(us_in_turkey=1)
    for _ in range(4):
        do(state, "ussr", "place", ID["turkey"])
    assert state["inf"]["ussr"][ID["turkey"]] == 4


def test_costa_rica_but_not_then_nicaragua():
    """6.1.3: from Panama the US reaches Costa Rica and Colombia, never Nicaragua."""
    state = clear_board(after_setup())
    put(state, panama=(1, 0), south_korea=(1, 0))
    action_round(state, "us", [DUCK_AND_COVER])
    do(state, "us", "ops", DUCK_AND_COVER)
    do(state, "us", "mode", "influence")
    allowed = ids(state, "us", "place")
    assert ID["costa_rica"] in allowed and ID["colombia"] in allowed
    assert ID["nicaragua"] not in allowed
    assert ID["north_korea"] in allowed and ID["japan"] in allowed  # near South Korea
    do(state, "us", "place", ID["costa_rica"])
    assert ID["nicaragua"] not in ids(state, "us", "place")


def test_north_korea_realignment(monkeypatch):
    """6.2.2: US 5 vs USSR 2+2 (adjacent superpower, more influence): USSR loses 1."""
    state = clear_board(after_setup())
    put(state, north_korea=(0, 3))
    without_events(monkeypatch, BLOCKADE)  # the example is about the roll, not the card
    action_round(state, "us", [BLOCKADE])  # a 1-op card: one roll
    do(state, "us", "ops", BLOCKADE)
    do(state, "us", "mode", "realign")
    force_rolls(state, [5, 2])  # US die, then USSR die
    do(state, "us", "realign", ID["north_korea"])
    line = [x for x in state["log"] if x["kind"] == "realign"][-1]
    assert line["rolls"] == [5, 2] and line["mods"] == [0, 2] and line["removed"] == 1
    assert state["inf"]["ussr"][ID["north_korea"]] == 2


def test_mexico_coup():
    """6.3.3: 3 ops + 4 vs 2x2: remove both USSR points and add 1 US; 3 military ops."""
    state = clear_board(after_setup())
    put(state, mexico=(0, 2))
    action_round(state, "us", [DUCK_AND_COVER])
    do(state, "us", "ops", DUCK_AND_COVER)
    do(state, "us", "mode", "coup")
    force_rolls(state, [4])
    do(state, "us", "coup", ID["mexico"])
    assert (state["inf"]["us"][ID["mexico"]], state["inf"]["ussr"][ID["mexico"]]) == (1, 0)
    assert state["milops"]["us"] == 3
    assert state["defcon"] == 4  # 6.3.4: Mexico is a battleground


def test_central_america_scoring():
    """10.1.2: USSR domination 3 + Cuba 1 + next to the USA 1 = 5; US presence 1."""
    state = clear_board(after_setup())
    put(state, cuba=(0, 3), haiti=(0, 1), dominican_republic=(0, 1), guatemala=(1, 0),
        panama=(1, 0))
    action_round(state, "ussr", [37, BLOCKADE])
    do(state, "ussr", "event", 37)
    line = [x for x in state["log"] if x["kind"] == "score"][-1]
    assert line["ussr"]["level"] == "domination" and line["ussr"]["vp"] == 5
    assert line["us"]["level"] == "presence" and line["us"]["vp"] == 1
    assert state["vp"] == -4


def test_vp_track_crossing_zero():
    """10.2.1: from USSR 1, a US gain of 2 ends on US 1 (zero counts as a space)."""
    state = after_setup()
    state["vp"] = -1
    add_vp(state, 2)
    assert state["vp"] == 1


# 8.1.3 (Olympic Games boycott at DEFCON 2) and 7.4 (Red Scare with Vietnam
# Revolts on the China Card) are in test_cards_early.py:
# test_olympic_games_boycott_at_defcon_2_loses_for_the_sponsor_rule_8_1_3 and
# test_red_scare_and_vietnam_revolts_with_the_china_card_rule_7_4_example.
