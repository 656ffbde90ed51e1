"""Late War card events (cards 82-102 and the optional 109-110), one situation each."""
import pytest

from games.rules.core.testing import force_rolls
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.cards import end_turn_effects
from games.titles.twilight_struggle.rules.data import AREAS
from games.titles.twilight_struggle.rules.registry import REGISTRY, offer_event
from games.titles.twilight_struggle.rules.ops import influence_choices, realign_mod
from games.titles.twilight_struggle.rules.play import rounds_for

from .helpers import ID, action_round, after_setup, clear_board, do, era_round, ids, inf, kinds, put

def late(role: str, hand: list, turn: int = 8, **where) -> dict:
    """``role`` to act in a Late War action round with ``hand``; influence exactly ``where``."""
    return era_round(role, hand, turn, **where)


def test_late_war_cards_registered():
    assert set(range(82, 103)) | {109, 110} <= set(REGISTRY)


# -- 82 Iranian Hostage Crisis ------------------------------------------------------
def test_iranian_hostage_crisis_replaces_us_in_iran_and_stays_in_effect():
    state = late("ussr", [82], iran=(3, 1))
    do(state, "ussr", "event", 82)
    assert inf(state, "iran") == (0, 3)
    assert "82" in RULES.view(state, "us")["effects"] and 82 in state["removed"]


def test_iranian_hostage_crisis_played_by_us_for_ops_still_happens():
    state = late("us", [82], iran=(2, 0), turkey=(1, 0))
    do(state, "us", "ops", 82)
    do(state, "us", "order", "event_first")
    assert inf(state, "iran") == (0, 2)
    do(state, "us", "mode", "influence")
    for _ in range(3):
        do(state, "us", "place", ID["turkey"])
    assert 82 in state["removed"]


# -- 83 The Iron Lady ----------------------------------------------------------------
def test_iron_lady_argentina_uk_vp_and_socialist_governments_prohibited():
    state = late("us", [83], uk=(5, 2))
    do(state, "us", "event", 83)
    assert inf(state, "uk") == (5, 0) and inf(state, "argentina") == (0, 1)
    assert state["vp"] == 1 and 83 in state["removed"]
    action_round(state, "ussr", [7], 8)
    assert 7 not in ids(state, "ussr", "event") and 7 in ids(state, "ussr", "ops")


# -- 84 Reagan Bombs Libya -------------------------------------------------------------
@pytest.mark.parametrize("ussr,vp", [(5, 2), (4, 2), (1, 0)])
def test_reagan_bombs_libya_one_vp_per_two_influence(ussr, vp):
    state = late("us", [84], libya=(0, ussr))
    do(state, "us", "event", 84)
    assert state["vp"] == vp and 84 in state["removed"]


# -- 85 Star Wars -----------------------------------------------------------------------
def test_star_wars_needs_the_us_ahead_in_space():
    state = late("us", [85])
    state["space"] = {"us": 2, "ussr": 2}
    assert 85 not in ids(state, "us", "event")
    state = late("ussr", [85], poland=(0, 1))
    state["space"] = {"us": 1, "ussr": 3}
    do(state, "ussr", "ops", 85)  # 5.2 example 4: no event, discarded
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert 85 in state["discard"] and 85 not in state["removed"]


def test_star_wars_plays_a_us_or_neutral_event_from_the_discard_pile():
    state = late("us", [85])
    state["space"] = {"us": 3, "ussr": 1}
    state["defcon"] = 4
    state["discard"] = [2, 4, 7, 100]  # scoring, Duck and Cover, USSR card, Wargames (DEFCON 4)
    do(state, "us", "event", 85)
    assert ids(state, "us") == [4]
    do(state, "us", "card", 4)
    assert state["defcon"] == 3 and state["vp"] == 2  # Duck and Cover for the US
    assert 85 in state["removed"] and 4 in state["discard"] and 2 in state["discard"]
    assert kinds(state, "star_wars")[0]["card"] == 4


def test_star_wars_war_card_under_flower_power_and_asterisk_removal():
    state = late("us", [85], iraq=(0, 1))
    state["space"] = {"us": 3, "ussr": 1}
    state["effects"]["59"] = {"role": "ussr", "until": "game"}
    state["discard"] = [102]
    do(state, "us", "event", 85)
    do(state, "us", "card", 102)
    assert state["vp"] == -2  # Flower Power
    force_rolls(state, [6])
    do(state, "us", "pick", ID["iraq"])
    assert state["vp"] == 0 and 102 in state["removed"] and state["milops"]["us"] == 2


def test_star_wars_neutral_event_resolves_for_the_us_even_when_ussr_played_it():
    state = late("ussr", [85], poland=(0, 1))
    state["space"] = {"us": 3, "ussr": 1}
    state["defcon"] = 4
    state["discard"] = [34]  # Nuclear Test Ban
    do(state, "ussr", "ops", 85)
    do(state, "ussr", "order", "event_first")
    assert state["active"] == ["us"] and ids(state, "us") == [34]
    do(state, "us", "card", 34)
    assert state["vp"] == 2 and state["defcon"] == 5  # DEFCON 4 - 2 VP to the US
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert 85 in state["removed"] and 34 in state["discard"]


def test_star_wars_with_nothing_to_play_still_removed():
    state = late("us", [85])
    state["space"] = {"us": 3, "ussr": 1}
    state["discard"] = [1, 7]
    do(state, "us", "event", 85)
    assert 85 in state["removed"] and state["active"] == ["ussr"]


# -- 86 North Sea Oil --------------------------------------------------------------------
def test_north_sea_oil_eighth_round_this_turn_and_opec_prohibited_for_good():
    state = late("us", [86])
    assert rounds_for(state, "us") == 7
    do(state, "us", "event", 86)
    assert rounds_for(state, "us") == 8 and rounds_for(state, "ussr") == 7
    assert not offer_event(state, 61, "ussr") and 86 in state["removed"]
    end_turn_effects(state)
    assert rounds_for(state, "us") == 7 and not offer_event(state, 61, "ussr")


def test_north_sea_oil_gives_the_us_an_optional_eighth_round():
    state = late("us", [86, 19])
    state["hands"]["ussr"] = [8]
    state["taken"] = {"ussr": 7, "us": 6}
    state["ar"] = 7
    state["stack"][1] = {"step": "rounds", "n": 8, "next": "ussr", "last": "us"}
    do(state, "us", "event", 86)
    assert state["active"] == ["us"] and state["ar"] == 8
    assert ids(state, "us", "pass") == [None]  # the 8th round is optional
    do(state, "us", "pass")
    assert state["stack"][-1]["step"] != "action"


# -- 87 The Reformer ---------------------------------------------------------------------
def test_reformer_places_four_in_europe_two_per_country():
    state = late("ussr", [87])
    do(state, "ussr", "event", 87)
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert ID["poland"] not in ids(state, "ussr") and ID["iran"] not in ids(state, "ussr")
    assert "done" not in ids(state, "ussr") and None not in ids(state, "ussr")
    do(state, "ussr", "place", ID["italy"])
    do(state, "ussr", "place", ID["italy"])
    assert inf(state, "poland") == (0, 2) and inf(state, "italy") == (0, 2)
    assert state["active"] == ["us"] and 87 in state["removed"]


def test_reformer_six_when_ussr_leads_the_last_two_optional():
    state = late("ussr", [87])
    state["vp"] = -1
    do(state, "ussr", "event", 87)
    for key in ("poland", "poland", "italy", "france"):
        do(state, "ussr", "place", ID[key])
    offered = ids(state, "ussr")
    assert ID["poland"] not in offered and ID["italy"] in offered and None in offered
    do(state, "ussr", "place", ID["italy"])
    assert ID["italy"] not in ids(state, "ussr")
    do(state, "ussr", "done")
    assert inf(state, "italy") == (0, 2) and inf(state, "france") == (0, 1)


def test_reformer_forbids_ussr_coups_in_europe_not_realignments():
    state = late("ussr", [87], italy=(1, 0), iran=(1, 0))
    do(state, "ussr", "event", 87)
    for key in ("poland", "poland", "hungary", "hungary"):
        do(state, "ussr", "place", ID[key])
    action_round(state, "ussr", [28], 8)
    state["defcon"] = 5
    do(state, "ussr", "ops", 28)
    do(state, "ussr", "mode", "coup")
    assert ids(state, "ussr", "coup") == [ID["iran"]]
    state = late("ussr", [28], italy=(1, 0))
    state["effects"]["87"] = {"role": "ussr", "until": "game"}
    do(state, "ussr", "ops", 28)
    assert ids(state, "ussr") == ["influence", "realign"]


# -- 88 Marine Barracks Bombing ---------------------------------------------------------
def test_marine_barracks_bombing_lebanon_then_two_more_in_middle_east():
    state = late("ussr", [88], lebanon=(2, 0), syria=(1, 0), iraq=(1, 0), italy=(1, 0))
    do(state, "ussr", "event", 88)
    assert inf(state, "lebanon") == (0, 0)
    assert ids(state, "ussr") == sorted([ID["syria"], ID["iraq"]])  # compulsory: no "done"
    do(state, "ussr", "remove", ID["syria"])
    do(state, "ussr", "remove", ID["iraq"])
    assert inf(state, "syria") == (0, 0) and inf(state, "iraq") == (0, 0)
    assert 88 in state["removed"]


# -- 89 Soviets Shoot Down KAL-007 -------------------------------------------------------
def test_kal_007_defcon_vp_and_ops_only_influence_or_realign_with_south_korea():
    state = late("us", [89], south_korea=(3, 0), angola=(0, 1))
    state["defcon"] = 4
    do(state, "us", "event", 89)
    assert state["defcon"] == 3 and state["vp"] == 2
    assert ids(state, "us") == ["operations", "skip"]
    do(state, "us", "option", "operations")
    assert ids(state, "us") == ["influence", "realign"]
    do(state, "us", "mode", "influence")
    for _ in range(4):
        do(state, "us", "place", ID["japan"])
    assert inf(state, "japan") == (4, 0) and 89 in state["removed"]


def test_kal_007_without_south_korea_no_ops_and_defcon_two_loses_for_phasing():
    state = late("us", [89], south_korea=(2, 0))
    do(state, "us", "event", 89)
    assert state["active"] == ["ussr"] and state["vp"] == 2
    state = late("ussr", [89], poland=(0, 1))
    state["defcon"] = 2
    do(state, "ussr", "ops", 89)
    do(state, "ussr", "order", "event_first")
    assert state["result"]["winners"] == ["us"]


# -- 90 Glasnost -----------------------------------------------------------------------
def test_glasnost_vp_defcon_and_ops_only_after_the_reformer():
    state = late("ussr", [90])
    state["defcon"] = 3
    do(state, "ussr", "event", 90)
    assert state["vp"] == -2 and state["defcon"] == 4 and state["active"] == ["us"]
    state = late("ussr", [90], poland=(0, 1), angola=(1, 0))
    state["effects"]["87"] = {"role": "ussr", "until": "game"}
    state["effects"]["51"] = {"role": "ussr", "until": "turn", "ops": 1, "max": 4}
    do(state, "ussr", "event", 90)
    do(state, "ussr", "option", "operations")
    assert ids(state, "ussr") == ["influence", "realign"]
    do(state, "ussr", "mode", "influence")
    assert kinds(state, "ops")[-1]["ops"] == 4  # Brezhnev: 4 + 1, capped at 4
    state2 = late("ussr", [90])
    state2["effects"]["87"] = {"role": "ussr", "until": "game"}
    do(state2, "ussr", "event", 90)
    do(state2, "ussr", "option", "skip")
    assert state2["active"] == ["us"] and 90 in state2["removed"]


# -- 91 Ortega Elected in Nicaragua -----------------------------------------------------
def test_ortega_clears_nicaragua_then_free_coup_next_to_it():
    state = late("ussr", [91], nicaragua=(2, 0), honduras=(2, 0), panama=(1, 0), cuba=(1, 0))
    state["defcon"] = 3
    do(state, "ussr", "event", 91)
    assert inf(state, "nicaragua") == (0, 0)
    assert ids(state, "ussr") == ["coup", "skip"]
    do(state, "ussr", "option", "coup")
    assert ids(state, "ussr", "coup") == sorted([ID["honduras"], ID["cuba"]])
    force_rolls(state, [5])  # 5 + 2 - 2 x 2 = 3
    do(state, "ussr", "coup", ID["honduras"])
    assert inf(state, "honduras") == (0, 1)
    assert state["milops"]["ussr"] == 0 and state["defcon"] == 3  # free, not a battleground
    assert kinds(state, "coup")[0]["free"] is True and 91 in state["removed"]


def test_ortega_without_adjacent_us_influence_asks_nothing():
    state = late("ussr", [91], nicaragua=(1, 0), panama=(1, 0))
    do(state, "ussr", "event", 91)
    assert state["active"] == ["us"]


# -- 92 Terrorism -------------------------------------------------------------------------
def test_terrorism_random_discard_of_the_opponent():
    state = late("us", [92])
    state["hands"]["ussr"] = [8, 11, 14]
    force_rolls(state, [1])
    do(state, "us", "event", 92)
    assert state["hands"]["ussr"] == [8, 14] and 11 in state["discard"]
    assert kinds(state, "terrorism")[0]["cards"] == [11] and 92 in state["discard"]


def test_terrorism_two_us_cards_after_iranian_hostage_crisis_only_for_the_ussr():
    state = late("ussr", [92])
    state["hands"]["us"] = [19, 21, 23]
    state["effects"]["82"] = {"role": "ussr", "until": "game"}
    force_rolls(state, [0, 0])
    do(state, "ussr", "event", 92)
    assert state["hands"]["us"] == [23] and state["discard"][:2] == [19, 21]
    state = late("us", [92])
    state["hands"]["ussr"] = [8, 11]
    state["effects"]["82"] = {"role": "ussr", "until": "game"}
    force_rolls(state, [0])
    do(state, "us", "event", 92)
    assert state["hands"]["ussr"] == [11]


def test_terrorism_on_an_empty_hand():
    state = late("ussr", [92])
    state["hands"]["us"] = []
    do(state, "ussr", "event", 92)
    assert kinds(state, "terrorism")[0]["cards"] == []


# -- 93 Iran-Contra Scandal ---------------------------------------------------------------
def test_iran_contra_us_realignment_minus_one_this_turn():
    state = late("ussr", [93], iran=(0, 2))
    before = realign_mod(state, "us", ID["iran"])
    do(state, "ussr", "event", 93)
    assert realign_mod(state, "us", ID["iran"]) == before - 1
    assert realign_mod(state, "ussr", ID["iran"]) == 1
    assert 93 in state["removed"]
    end_turn_effects(state)
    assert realign_mod(state, "us", ID["iran"]) == before


# -- 94 Chernobyl -------------------------------------------------------------------------
def test_chernobyl_bans_ussr_ops_influence_in_the_named_region():
    state = late("us", [94], poland=(0, 2), iran=(0, 1))
    do(state, "us", "event", 94)
    assert ids(state, "us") == ["europe", "middle_east", "asia", "africa", "central_america",
                                "south_america"]
    do(state, "us", "region", "europe")
    assert state["effects"]["94"]["region"] == "europe"
    action_round(state, "ussr", [28], 8)
    do(state, "ussr", "ops", 28)
    do(state, "ussr", "mode", "influence")
    offered = ids(state, "ussr")
    assert ID["iran"] in offered and not set(offered) & AREAS["europe"]


def test_chernobyl_leaves_event_placement_allowed():
    state = late("ussr", [14])
    state["effects"]["94"] = {"role": "us", "until": "turn", "region": "europe"}
    do(state, "ussr", "event", 14)  # COMECON places by event
    assert ID["poland"] in ids(state, "ussr")
    frame = {"role": "ussr", "ops": 1, "spent": 0, "bonus": [], "eligible": [ID["poland"]]}
    assert influence_choices(state, frame) == []


# -- 95 Latin American Debt Crisis ---------------------------------------------------------
def test_debt_crisis_us_discards_a_three_ops_card():
    state = late("ussr", [95], brazil=(0, 2))
    state["hands"]["us"] = [19, 23]  # 1 op, 4 ops
    do(state, "ussr", "event", 95)
    assert ids(state, "us") == [23, None]
    do(state, "us", "discard", 23)
    assert inf(state, "brazil") == (0, 2) and 95 in state["discard"]


def test_debt_crisis_us_declines_ussr_doubles_two_countries():
    state = late("ussr", [95], brazil=(0, 2), chile=(0, 3), peru=(0, 1), cuba=(0, 1))
    state["hands"]["us"] = [23]
    do(state, "ussr", "event", 95)
    do(state, "us", "done")
    assert ids(state, "ussr") == sorted([ID["brazil"], ID["chile"], ID["peru"]])
    do(state, "ussr", "pick", ID["brazil"])
    do(state, "ussr", "pick", ID["chile"])
    assert inf(state, "brazil") == (0, 4) and inf(state, "chile") == (0, 6)
    assert inf(state, "peru") == (0, 1) and 95 in state["discard"]


def test_debt_crisis_without_a_us_card_doubles_at_once():
    state = late("us", [95], brazil=(0, 1))
    state["hands"]["us"] = [95]
    state["hands"]["ussr"] = [8]
    do(state, "us", "ops", 95)
    do(state, "us", "order", "event_first")
    do(state, "ussr", "pick", ID["brazil"])
    assert inf(state, "brazil") == (0, 2)


# -- 96 Tear Down This Wall ----------------------------------------------------------------
def test_tear_down_this_wall_cancels_willy_brandt_and_free_coup_in_europe():
    state = late("us", [96], west_germany=(4, 1), poland=(0, 2))
    state["effects"]["55"] = {"role": "ussr", "until": "game", "nato_exempt": ID["west_germany"]}
    state["board"] = [55]
    state["defcon"] = 4  # Europe is banned, but the coup is free
    do(state, "us", "event", 96)
    assert "55" not in state["effects"] and 55 in state["discard"] and not state["board"]
    assert inf(state, "east_germany") == (3, 0)
    assert ids(state, "us") == ["coup", "realign", "skip"]
    do(state, "us", "option", "coup")
    force_rolls(state, [6])  # 6 + 3 - 6 = 3
    do(state, "us", "coup", ID["poland"])
    assert inf(state, "poland") == (1, 0)
    assert state["milops"]["us"] == 0 and state["defcon"] == 3
    assert not offer_event(state, 55, "ussr")


def test_tear_down_this_wall_free_realignments_only_in_europe():
    state = late("us", [96], poland=(0, 2), iran=(0, 2))
    do(state, "us", "event", 96)
    do(state, "us", "option", "realign")
    assert ids(state, "us") == [ID["poland"]]
    force_rolls(state, [6, 1, 6, 1, 6, 1])
    do(state, "us", "realign", ID["poland"])
    assert inf(state, "poland") == (0, 0) and state["active"] == ["ussr"]


# -- 97 "An Evil Empire" -------------------------------------------------------------------
def test_evil_empire_ends_flower_power_and_prohibits_it():
    state = late("us", [97])
    state["effects"]["59"] = {"role": "ussr", "until": "game"}
    state["board"] = [59]
    do(state, "us", "event", 97)
    assert "59" not in state["effects"] and 59 in state["discard"]
    assert state["vp"] == 1 and 97 in state["removed"]
    assert not offer_event(state, 59, "ussr")


# -- 98 Aldrich Ames Remix -----------------------------------------------------------------
def test_aldrich_ames_us_hand_face_up_this_turn_and_ussr_discards_one():
    state = late("ussr", [98])
    state["hands"]["us"] = [4, 19, 23]
    assert RULES.view(state, "ussr")["open_hands"] == {}
    do(state, "ussr", "event", 98)
    assert ids(state, "ussr") == [4, 19, 23]
    for viewer in ("ussr", "us", None):
        assert RULES.view(state, viewer)["open_hands"] == {"us": [4, 19, 23]}
    do(state, "ussr", "card", 23)
    assert state["hands"]["us"] == [4, 19] and 23 in state["discard"]
    assert RULES.view(state, None)["open_hands"] == {"us": [4, 19]}
    assert 98 in state["removed"] and not [x for x in state["log"] if "cards" in x and
                                           x["kind"] == "hand_revealed"]
    end_turn_effects(state)
    assert RULES.view(state, "ussr")["open_hands"] == {}


def test_aldrich_ames_open_hand_survives_rehide():
    state = late("ussr", [98])
    state["hands"]["us"] = [4, 19, 23]
    do(state, "ussr", "event", 98)
    before = RULES.view(state, "ussr")
    RULES.rehide(state, "ussr", lambda items: list(reversed(items)))
    assert RULES.view(state, "ussr") == before


# -- 99 Pershing II Deployed ---------------------------------------------------------------
def test_pershing_ii_vp_and_one_from_each_of_three_western_countries():
    state = late("ussr", [99], italy=(2, 0), france=(1, 0), uk=(1, 0), poland=(1, 0))
    do(state, "ussr", "event", 99)
    assert state["vp"] == -1
    assert ID["poland"] not in ids(state, "ussr")
    do(state, "ussr", "remove", ID["italy"])
    assert ID["italy"] not in ids(state, "ussr")
    do(state, "ussr", "remove", ID["france"])
    do(state, "ussr", "remove", ID["uk"])
    assert inf(state, "italy") == (1, 0) and inf(state, "uk") == (0, 0)
    assert 99 in state["removed"]


# -- 100 Wargames --------------------------------------------------------------------------
def test_wargames_needs_defcon_two():
    state = late("us", [100])
    state["defcon"] = 3
    assert 100 not in ids(state, "us", "event")


def test_wargames_ends_the_game_opponent_gets_six_leader_wins():
    state = late("us", [100])
    state["defcon"], state["vp"] = 2, 8
    do(state, "us", "event", 100)
    do(state, "us", "option", "end")
    assert state["vp"] == 2 and state["result"]["winners"] == ["us"]
    assert state["result"]["score"]["card"] == 100
    state = late("us", [100])
    state["defcon"], state["vp"] = 2, 6
    do(state, "us", "event", 100)
    do(state, "us", "option", "end")
    assert state["result"]["winners"] == []  # 0: a draw


def test_wargames_continue_and_twenty_vp_for_the_opponent():
    state = late("ussr", [100])
    state["defcon"], state["vp"] = 2, 3
    do(state, "ussr", "event", 100)
    do(state, "ussr", "option", "continue")
    assert state["result"] is None and 100 in state["removed"] and state["vp"] == 3
    state = late("ussr", [100])
    state["defcon"], state["vp"] = 2, 15
    do(state, "ussr", "event", 100)
    do(state, "ussr", "option", "end")
    assert state["result"]["winners"] == ["us"] and state["vp"] == 21


# -- 101 Solidarity --------------------------------------------------------------------------
def test_solidarity_needs_john_paul_ii():
    state = late("us", [101])
    assert 101 not in ids(state, "us", "event")
    state["effects"]["68"] = {"role": "us", "until": "game"}
    do(state, "us", "event", 101)
    assert inf(state, "poland") == (3, 0) and 101 in state["removed"]


def test_solidarity_played_by_ussr_without_pope_is_discarded():
    state = late("ussr", [101], poland=(0, 1))
    do(state, "ussr", "ops", 101)
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert 101 in state["discard"] and inf(state, "poland") == (0, 3)


# -- 102 Iran-Iraq War ---------------------------------------------------------------------
def test_iran_iraq_war_success_converts_and_scores():
    state = late("ussr", [102], iraq=(2, 0), saudi_arabia=(3, 0))
    do(state, "ussr", "event", 102)
    assert ids(state, "ussr") == sorted([ID["iran"], ID["iraq"]])
    force_rolls(state, [5])  # 5 - 1 (Saudi Arabia) = 4
    do(state, "ussr", "pick", ID["iraq"])
    assert inf(state, "iraq") == (0, 2) and state["vp"] == -2
    assert state["milops"]["ussr"] == 2 and 102 in state["removed"]
    war = kinds(state, "war")[0]
    assert war["mod"] == -1 and war["success"]


def test_iran_iraq_war_by_the_us_under_flower_power():
    state = late("us", [102])
    state["effects"]["59"] = {"role": "ussr", "until": "game"}
    do(state, "us", "event", 102)
    assert state["vp"] == -2
    force_rolls(state, [6])
    do(state, "us", "pick", ID["iraq"])
    assert state["vp"] == 0


def test_iran_iraq_war_failure_still_gives_milops():
    state = late("us", [102], iran=(0, 2), pakistan=(0, 2))
    do(state, "us", "event", 102)
    force_rolls(state, [4])  # 4 - 1 (Pakistan) = 3
    do(state, "us", "pick", ID["iran"])
    assert inf(state, "iran") == (0, 2) and state["vp"] == 0 and state["milops"]["us"] == 2


# -- 109 Yuri and Samantha -------------------------------------------------------------------
def test_yuri_and_samantha_vp_per_us_coup_this_turn():
    state = late("ussr", [109])
    do(state, "ussr", "event", 109)
    assert 109 in state["removed"] and "109" in state["effects"]
    action_round(state, "us", [21], 8)
    put(state, angola=(0, 2))
    do(state, "us", "ops", 21)
    do(state, "us", "mode", "coup")
    force_rolls(state, [1])  # 1 + 4 - 2 = 3
    do(state, "us", "coup", ID["angola"])
    assert state["vp"] == -1 and inf(state, "angola") == (1, 0)
    end_turn_effects(state)
    assert "109" not in state["effects"]


def test_yuri_and_samantha_ignores_ussr_coups():
    state = late("ussr", [28], angola=(2, 0))
    state["effects"]["109"] = {"role": "ussr", "until": "turn"}
    do(state, "ussr", "ops", 28)
    do(state, "ussr", "mode", "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["angola"])
    assert state["vp"] == 0


# -- 110 AWACS Sale to Saudis ----------------------------------------------------------------
def test_awacs_sale_adds_two_in_saudi_arabia_and_prohibits_muslim_revolution():
    state = late("us", [110])
    do(state, "us", "event", 110)
    assert inf(state, "saudi_arabia") == (2, 0) and 110 in state["removed"]
    assert not offer_event(state, 56, "ussr")
