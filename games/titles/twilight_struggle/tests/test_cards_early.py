"""Early War card events (cards 4-35, 103-106): one situation per card and edge case."""
import json

import pytest

from games.rules.core.testing import choices, force_rolls
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.data import CHINA, SPACE_LAST
from games.titles.twilight_struggle.rules.events import early_war
from games.titles.twilight_struggle.rules.registry import REGISTRY, offer_event

from .helpers import ID, action_round, after_setup, clear_board, do, ids, put

FILLER = {"ussr": [30], "us": [29]}  # keeps the next action round waiting


def board(**where) -> dict:
    return put(clear_board(after_setup()), **where)


def round_for(role: str, hand: list, state: dict | None = None, turn: int = 1) -> dict:
    state = state or clear_board(after_setup())
    other = "us" if role == "ussr" else "ussr"
    action_round(state, role, hand, turn)
    state["hands"][other] = list(FILLER[other])
    return state


def event(state: dict, role: str, card: int) -> dict:
    return do(state, role, "event", card)


def opponent_card(state: dict, role: str, card: int, order: str = "event_first") -> dict:
    do(state, role, "ops", card)
    return do(state, role, "order", order)


def inf(state: dict, key: str) -> tuple:
    return state["inf"]["us"][ID[key]], state["inf"]["ussr"][ID[key]]


def kinds(state: dict) -> list:
    return [line["kind"] for line in state["log"]]


# -- 4 Duck and Cover --------------------------------------------------------
def test_duck_and_cover_degrades_then_scores_5_minus_defcon():
    state = round_for("us", [4, 29])
    state["defcon"] = 4
    event(state, "us", 4)
    assert state["defcon"] == 3 and state["vp"] == 2
    assert 4 in state["discard"]


def test_duck_and_cover_for_ops_at_defcon_2_loses_for_the_ussr():
    state = round_for("ussr", [4, 30])
    state["defcon"] = 2
    opponent_card(state, "ussr", 4)
    assert RULES.result(state).winners == ["us"] and state["vp"] == 0


# -- 5 Five-Year Plan ----------------------------------------------------------
def test_five_year_plan_random_us_card_fires_for_the_us():
    state = round_for("us", [5, 29])
    state["hands"]["ussr"] = [7, 4]
    state["defcon"] = 5
    force_rolls(state, [1])  # index 1 of the USSR hand: Duck and Cover
    event(state, "us", 5)
    assert state["hands"]["ussr"] == [7] and 4 in state["discard"]
    assert state["defcon"] == 4 and state["vp"] == 1
    assert {"kind": "five_year_plan", "card": 4} in state["log"]


def test_five_year_plan_ussr_card_is_discarded_without_event():
    state = round_for("us", [5, 29])
    state["hands"]["ussr"] = [8, 30]
    put(state, cuba=(2, 0))
    force_rolls(state, [0])  # Fidel
    event(state, "us", 5)
    assert 8 in state["discard"] and 8 not in state["removed"]
    assert inf(state, "cuba") == (2, 0)


def test_five_year_plan_asterisk_us_card_is_removed_after_its_event():
    state = round_for("us", [5, 29])
    state["hands"]["ussr"] = [25, 30]
    force_rolls(state, [0])  # Containment
    event(state, "us", 5)
    assert 25 in state["removed"] and state["effects"]["25"]["ops"] == 1


def test_five_year_plan_for_ops_at_defcon_2_drawing_duck_and_cover_loses_for_ussr():
    state = round_for("ussr", [5, 4])
    state["defcon"] = 2
    force_rolls(state, [0])  # the only card left: Duck and Cover
    opponent_card(state, "ussr", 5)
    assert RULES.result(state).winners == ["us"]


def test_five_year_plan_with_an_empty_ussr_hand_does_nothing():
    state = round_for("us", [5, 29])
    state["hands"]["ussr"] = []
    event(state, "us", 5)
    assert {"kind": "five_year_plan", "card": None} in state["log"]


# -- 7 Socialist Governments ----------------------------------------------------
def test_socialist_governments_removes_3_at_most_2_per_country():
    state = round_for("ussr", [7, 30], board(france=(3, 0), italy=(1, 0), poland=(2, 0)))
    event(state, "ussr", 7)
    assert ids(state, "ussr") == [ID["france"], ID["italy"]]  # Poland is Eastern Europe
    do(state, "ussr", "remove", ID["france"])
    do(state, "ussr", "remove", ID["france"])
    assert ids(state, "ussr") == [ID["italy"]]
    do(state, "ussr", "remove", ID["italy"])
    assert inf(state, "france") == (1, 0) and inf(state, "italy") == (0, 0)
    assert state["active"] == ["us"]


def test_socialist_governments_blocked_by_the_iron_lady():
    state = round_for("ussr", [7, 30], board(france=(3, 0)))
    state["effects"]["83"] = {"role": "us", "until": "game", "blocks": [7]}
    assert ("event", 7) not in choices(RULES, state, "ussr")


# -- 8 Fidel, 12 Romanian Abdication, 15 Nasser -------------------------------------
def test_fidel_replaces_us_influence_and_takes_control():
    state = round_for("ussr", [8, 30], board(cuba=(2, 1)))
    event(state, "ussr", 8)
    assert inf(state, "cuba") == (0, 3) and 8 in state["removed"]


def test_fidel_when_already_controlled_still_removed():
    state = round_for("ussr", [8, 30], board(cuba=(0, 4)))
    event(state, "ussr", 8)
    assert inf(state, "cuba") == (0, 4) and 8 in state["removed"]


def test_romanian_abdication():
    state = round_for("us", [12, 29], board(romania=(2, 1)))
    opponent_card(state, "us", 12, "ops_first")
    do(state, "us", "mode", "influence")
    assert inf(state, "romania") == (2, 1)  # the event comes after the ops
    do(state, "us", "place", ID["canada"])
    assert inf(state, "romania") == (0, 3) and 12 in state["removed"]


@pytest.mark.parametrize("us,left", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_nasser_removes_half_the_us_influence_rounded_up(us, left):
    state = round_for("ussr", [15, 30], board(egypt=(us, 0)))
    event(state, "ussr", 15)
    assert inf(state, "egypt") == (left, 2)


# -- 9 Vietnam Revolts ------------------------------------------------------------
def test_vietnam_revolts_places_2_and_gives_1_op_in_southeast_asia():
    state = round_for("ussr", [9, 11], board(thailand=(0, 1)))
    state["hands"]["us"] = [29, 22]
    event(state, "ussr", 9)
    assert inf(state, "vietnam") == (0, 2) and state["effects"]["9"]["area_bonus"] == "southeast_asia"
    do(state, "us", "ops", 22)
    do(state, "us", "mode", "influence")
    for _ in range(2):
        do(state, "us", "place", ID["canada"])
    do(state, "ussr", "ops", 11)  # Korean War, 2 ops: 3 in SE Asia
    do(state, "ussr", "mode", "influence")
    for _ in range(3):
        do(state, "ussr", "place", ID["thailand"])
    assert inf(state, "thailand") == (0, 4)


@pytest.fixture
def red_scare(monkeypatch):
    """Red Scare/Purge is written but unregistered until ops_value is order-independent."""
    monkeypatch.setitem(REGISTRY, 31, early_war.red_scare_purge)


def test_red_scare_and_vietnam_revolts_with_the_china_card_rule_7_4_example(red_scare):
    """7.4: the US headlines Red Scare, the USSR Vietnam Revolts; China in SE Asia = 5 ops."""
    state = clear_board(after_setup())
    state["hands"] = {"us": [31, 29], "ussr": [9, 30]}
    do(state, "us", "headline", 31)
    do(state, "ussr", "headline", 9)
    assert state["effects"]["31:ussr"]["ops"] == -1
    do(state, "ussr", "ops", CHINA)
    do(state, "ussr", "mode", "influence")
    for _ in range(5):
        do(state, "ussr", "place", ID["vietnam"])
    assert inf(state, "vietnam") == (0, 7) and state["china"]["holder"] == "us"


# -- 10 Blockade --------------------------------------------------------------------
def test_blockade_us_discards_a_3_ops_card_and_keeps_west_germany():
    state = round_for("ussr", [10, 30], board(west_germany=(3, 0)))
    state["hands"]["us"] = [29, 22, 2]
    event(state, "ussr", 10)
    assert ids(state, "us") == [29, None]  # 3+ ops only (no scoring card), or decline
    do(state, "us", "discard", 29)
    assert inf(state, "west_germany") == (3, 0) and 29 in state["discard"]


def test_blockade_declined_removes_all_us_influence_from_west_germany():
    state = round_for("ussr", [10, 30], board(west_germany=(3, 0)))
    state["hands"]["us"] = [29, 22]
    event(state, "ussr", 10)
    do(state, "us", "done")
    assert inf(state, "west_germany") == (0, 0) and state["hands"]["us"] == [29, 22]


def test_blockade_uses_effective_ops_red_scare_and_containment():
    state = round_for("ussr", [10, 30], board(west_germany=(3, 0)))
    state["hands"]["us"] = [29, 22]
    state["effects"]["31:us"] = {"role": "us", "until": "turn", "ops": -1}
    event(state, "ussr", 10)  # a printed 3 is worth 2: no choice, influence removed
    assert inf(state, "west_germany") == (0, 0)
    state = round_for("ussr", [10, 30], board(west_germany=(3, 0)))
    state["hands"]["us"] = [22, 19]
    state["effects"]["25"] = {"role": "us", "until": "turn", "ops": 1, "max": 4}
    event(state, "ussr", 10)
    assert ids(state, "us") == [22, None]  # Independent Reds 2 + 1


# -- 11 Korean War, 13 Arab-Israeli War, 24 Indo-Pakistani War ----------------------
def test_korean_war_success_converts_and_scores():
    state = round_for("ussr", [11, 30], board(south_korea=(2, 0), japan=(4, 0)))
    force_rolls(state, [5])  # 5 - 1 (Japan) = 4
    event(state, "ussr", 11)
    assert inf(state, "south_korea") == (0, 2) and state["vp"] == -2
    assert state["milops"]["ussr"] == 2 and 11 in state["removed"]
    war = [line for line in state["log"] if line["kind"] == "war"][0]
    assert war["roll"] == 5 and war["mod"] == -1 and war["success"]


def test_korean_war_failure_still_gives_military_ops_to_the_ussr():
    state = round_for("us", [11, 29], board(south_korea=(2, 0), japan=(4, 0)))
    state["defcon"] = 3
    force_rolls(state, [4])
    opponent_card(state, "us", 11)
    assert inf(state, "south_korea") == (2, 0) and state["vp"] == 0
    assert state["milops"] == {"ussr": 2, "us": 0}


def test_korean_war_extra_minus_one_during_the_chinese_civil_war():
    state = clear_board(after_setup(chinese_civil_war=True))
    round_for("ussr", [11, 30], state)
    force_rolls(state, [4])
    event(state, "ussr", 11)
    assert state["vp"] == 0 and state["log"][-1]["kind"] != "vp"


def test_arab_israeli_war_counts_israel_itself_and_its_neighbours():
    state = round_for("ussr", [13, 30], board(israel=(4, 0), jordan=(2, 0)))
    force_rolls(state, [5])  # 5 - 2 = 3: failure
    event(state, "ussr", 13)
    assert inf(state, "israel") == (4, 0) and state["milops"]["ussr"] == 2
    assert 13 in state["discard"]  # no asterisk
    state = round_for("ussr", [13, 30], board(israel=(4, 0), jordan=(2, 0)))
    force_rolls(state, [6])
    event(state, "ussr", 13)
    assert inf(state, "israel") == (0, 4) and state["vp"] == -2


def test_arab_israeli_war_blocked_by_camp_david_is_ops_only():
    state = round_for("us", [13, 29], board(israel=(1, 0)))
    state["effects"]["65"] = {"role": "us", "until": "game", "blocks": [13]}
    do(state, "us", "ops", 13)
    assert state["stack"][-1]["step"] == "ops_mode" and state["milops"]["ussr"] == 0


def test_indo_pakistani_war_player_chooses_the_target():
    state = round_for("us", [24, 29], board(pakistan=(0, 2), afghanistan=(0, 2)))
    event(state, "us", 24)
    assert ids(state, "us") == sorted([ID["india"], ID["pakistan"]])
    force_rolls(state, [5])  # 5 - 1 (Afghanistan) = 4
    do(state, "us", "pick", ID["pakistan"])
    assert inf(state, "pakistan") == (2, 0) and state["vp"] == 2
    assert state["milops"]["us"] == 2


def test_indo_pakistani_war_for_ops_has_no_event():
    state = round_for("ussr", [24, 30])
    do(state, "ussr", "ops", 24)
    assert state["stack"][-1]["step"] == "ops_mode" and state["milops"]["ussr"] == 0


# -- 14 COMECON, 23 Marshall Plan, 30 Decolonization ---------------------------------
def test_comecon_four_non_us_controlled_eastern_europe_countries_once_each():
    state = round_for("ussr", [14, 30], board(poland=(3, 0)))
    event(state, "ussr", 14)
    offered = ids(state, "ussr")
    assert ID["poland"] not in offered and ID["austria"] in offered and ID["italy"] not in offered
    do(state, "ussr", "place", ID["hungary"])
    assert ID["hungary"] not in ids(state, "ussr")
    for key in ("romania", "bulgaria", "finland"):
        do(state, "ussr", "place", ID[key])
    assert state["active"] == ["us"] and 14 in state["removed"]


def test_marshall_plan_seven_non_ussr_controlled_western_europe_countries():
    state = round_for("us", [23, 29], board(italy=(0, 2), austria=(0, 1)))
    event(state, "us", 23)
    offered = ids(state, "us")
    assert ID["italy"] not in offered and ID["austria"] in offered and ID["poland"] not in offered
    for key in ("uk", "france", "west_germany", "benelux", "denmark", "norway", "austria"):
        do(state, "us", "place", ID[key])
    assert inf(state, "austria") == (1, 1) and state["active"] == ["ussr"]
    assert 23 in state["removed"] and offer_event(state, 21, "us")


def test_decolonization_africa_and_southeast_asia():
    state = round_for("ussr", [30, 7])
    event(state, "ussr", 30)
    offered = ids(state, "ussr")
    assert ID["zaire"] in offered and ID["vietnam"] in offered and ID["india"] not in offered
    for key in ("zaire", "angola", "vietnam", "thailand"):
        do(state, "ussr", "place", ID[key])
    assert inf(state, "thailand") == (0, 1) and 30 in state["discard"]


# -- 16 Warsaw Pact Formed, 21 NATO, 17 De Gaulle ------------------------------------
def test_warsaw_pact_remove_option_clears_up_to_four_countries():
    state = round_for("ussr", [16, 30], board(poland=(2, 1), hungary=(1, 0), italy=(2, 0)))
    event(state, "ussr", 16)
    assert ids(state, "ussr") == ["remove", "add"]
    do(state, "ussr", "option", "remove")
    assert ids(state, "ussr") == sorted([ID["poland"], ID["hungary"]])
    do(state, "ussr", "pick", ID["poland"])
    do(state, "ussr", "pick", ID["hungary"])
    assert inf(state, "poland") == (0, 1) and inf(state, "italy") == (2, 0)
    assert 16 in state["removed"] and offer_event(state, 21, "us")


def test_warsaw_pact_add_option_five_at_most_two_per_country():
    state = round_for("ussr", [16, 30])
    event(state, "ussr", 16)
    do(state, "ussr", "option", "add")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert ID["poland"] not in ids(state, "ussr")
    for key in ("hungary", "hungary", "romania"):
        do(state, "ussr", "place", ID[key])
    assert inf(state, "poland") == (0, 2) and inf(state, "hungary") == (0, 2)
    assert state["active"] == ["us"]


def test_nato_needs_marshall_plan_or_warsaw_pact():
    state = round_for("us", [21, 29])
    assert not offer_event(state, 21, "us")
    state["removed"].append(16)
    assert offer_event(state, 21, "us")


def test_nato_forbids_ussr_coups_and_realignments_in_us_controlled_europe():
    state = round_for("us", [21, 29], board(italy=(3, 1), greece=(1, 1), iran=(1, 0)))
    state["removed"].append(23)
    event(state, "us", 21)
    assert 21 in state["removed"] and "21" in state["effects"]
    state = round_for("ussr", [30, 7], state)
    do(state, "ussr", "ops", 30)
    do(state, "ussr", "mode", "coup")
    assert ids(state, "ussr") == sorted([ID["greece"], ID["iran"]])  # Italy is protected


def test_de_gaulle_takes_france_out_of_nato():
    state = round_for("ussr", [17, 7], board(france=(4, 0)))
    state["effects"]["21"] = {"role": "us", "until": "game"}
    event(state, "ussr", 17)
    assert inf(state, "france") == (2, 1) and 17 in state["removed"]
    state["inf"]["us"][ID["france"]] = 5  # US-controlled again
    round_for("ussr", [7, 30], state)
    do(state, "ussr", "ops", 7)
    do(state, "ussr", "mode", "realign")
    assert ID["france"] in ids(state, "ussr")


def test_de_gaulle_removes_at_most_what_is_there():
    state = round_for("ussr", [17, 30], board(france=(1, 0)))
    event(state, "ussr", 17)
    assert inf(state, "france") == (0, 1)


# -- 18 Captured Nazi Scientist ---------------------------------------------------------
def test_captured_nazi_scientist_advances_one_box_without_a_roll():
    state = round_for("ussr", [18, 30])
    state["space"] = {"ussr": 0, "us": 1}
    event(state, "ussr", 18)
    assert state["space"]["ussr"] == 1 and state["vp"] == -1  # second arrival: 1 VP
    assert state["space_tries"]["ussr"] == 0 and 18 in state["removed"]


def test_captured_nazi_scientist_on_the_last_box_does_nothing():
    state = round_for("us", [18, 29])
    state["space"]["us"] = SPACE_LAST
    event(state, "us", 18)
    assert state["space"]["us"] == SPACE_LAST and 18 in state["removed"]


# -- 19 Truman Doctrine, 22 Independent Reds ---------------------------------------------
def test_truman_doctrine_only_uncontrolled_european_countries():
    state = round_for("us", [19, 29], board(poland=(0, 4), italy=(1, 2), iran=(0, 1),
                                           france=(4, 1)))
    event(state, "us", 19)
    assert ids(state, "us") == [ID["italy"]]
    do(state, "us", "pick", ID["italy"])
    assert inf(state, "italy") == (1, 0) and 19 in state["removed"]


def test_independent_reds_matches_the_ussr_influence():
    state = round_for("us", [22, 29], board(romania=(1, 3), hungary=(0, 2)))
    event(state, "us", 22)
    assert len(ids(state, "us")) == 5
    do(state, "us", "pick", ID["romania"])
    assert inf(state, "romania") == (3, 3) and inf(state, "hungary") == (0, 2)


# -- 20 Olympic Games -----------------------------------------------------------------
def test_olympic_games_participation_rerolls_ties_and_gives_2_vp():
    state = round_for("us", [20, 29])
    event(state, "us", 20)
    assert state["active"] == ["ussr"] and ids(state, "ussr") == ["participate", "boycott"]
    force_rolls(state, [1, 3, 2, 5])  # US 1+2 = USSR 3 (tie), then US 4 < USSR 5
    do(state, "ussr", "option", "participate")
    assert state["vp"] == -2 and 20 in state["discard"]


def test_olympic_games_boycott_at_defcon_2_loses_for_the_sponsor_rule_8_1_3():
    state = round_for("us", [20, 29])
    state["defcon"] = 2
    event(state, "us", 20)
    do(state, "ussr", "option", "boycott")
    assert RULES.result(state).winners == ["ussr"]


def test_olympic_games_boycott_gives_4_ops_modified_by_red_scare():
    state = round_for("ussr", [20, 30])
    event(state, "ussr", 20)
    do(state, "us", "option", "boycott")
    assert state["defcon"] == 4
    assert state["active"] == ["ussr"] and ids(state, "ussr") == ["influence"]
    do(state, "ussr", "mode", "influence")
    for _ in range(4):
        do(state, "ussr", "place", ID["poland"])
    assert state["active"] == ["us"]
    state = round_for("ussr", [20, 30])
    state["effects"]["31:ussr"] = {"role": "ussr", "until": "turn", "ops": -1}
    event(state, "ussr", 20)
    do(state, "us", "option", "boycott")
    do(state, "ussr", "mode", "influence")
    for _ in range(3):
        do(state, "ussr", "place", ID["poland"])
    assert state["active"] == ["us"]


# -- 25 Containment, 26 CIA Created, 31 Red Scare/Purge ---------------------------------
def test_containment_plus_one_capped_at_4_and_cia_gets_2():
    """7.4.2 example 3."""
    state = round_for("us", [25, 26, 21])
    event(state, "us", 25)
    assert 25 in state["removed"]
    from games.titles.twilight_struggle.rules.cards import ops_value
    assert ops_value(state, "us", 21) == 4 and ops_value(state, "us", 26) == 2
    assert ops_value(state, "ussr", 30) == 2
    state = round_for("us", [26, 29], state)
    event(state, "us", 26)
    do(state, "us", "ok")
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    do(state, "us", "place", ID["canada"])
    assert inf(state, "canada") == (2, 0) and state["active"] == ["ussr"]


def test_cia_created_shows_the_ussr_hand_to_the_us_only():
    state = round_for("ussr", [26, 8, 12])
    state["hands"]["us"] = [29]
    opponent_card(state, "ussr", 26)
    prompt = RULES.prompt(state, "us")
    assert "Fidel" in prompt.text and "Romanian Abdication" in prompt.text
    assert RULES.prompt(state, "ussr") is None
    public = json.dumps(state["log"]) + json.dumps(RULES.view(state, None))
    assert "Fidel" not in public and "[8, 12]" not in public
    do(state, "us", "ok")
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    assert state["active"] == ["ussr"] and state["stack"][-1]["step"] == "ops_mode"


def test_cia_created_played_by_the_us_cannot_be_undone_after_the_reveal():
    state = round_for("us", [26, 29])
    state["hands"]["ussr"] = [8]
    event(state, "us", 26)
    assert "Fidel" in RULES.prompt(state, "us").text
    assert ("undo", None) not in choices(RULES, state, "us")


def test_red_scare_minus_one_for_the_opponent_at_least_1_and_cumulative(red_scare):
    from games.titles.twilight_struggle.rules.cards import ops_value
    state = round_for("us", [31, 29])
    event(state, "us", 31)
    assert ops_value(state, "ussr", 30) == 1 and ops_value(state, "ussr", 8) == 1
    assert ops_value(state, "ussr", 7) == 2 and ops_value(state, "us", 29) == 3
    state = round_for("ussr", [31, 30], state)
    event(state, "ussr", 31)
    assert ops_value(state, "us", 29) == 2 and ops_value(state, "ussr", 7) == 2
    state = round_for("ussr", [31, 30], state)
    event(state, "ussr", 31)
    assert ops_value(state, "us", 29) == 1 and state["effects"]["31:us"]["ops"] == -2


def test_red_scare_ends_with_the_turn(red_scare):
    state = round_for("us", [31])
    event(state, "us", 31)
    state["stack"] = [{"step": "turn", "phase": 3}]
    state["hands"] = {"ussr": [], "us": []}
    RULES.flow.settle(state)
    assert "31:ussr" not in state["effects"]


# -- 27 US/Japan Mutual Defense Pact --------------------------------------------------
def test_us_japan_pact_control_and_no_ussr_coup_or_realignment():
    state = round_for("us", [27, 29], board(japan=(1, 2), south_korea=(1, 0)))
    event(state, "us", 27)
    assert inf(state, "japan") == (6, 2) and 27 in state["removed"]
    state["defcon"] = 5
    round_for("ussr", [7, 30], state)
    do(state, "ussr", "ops", 7)
    do(state, "ussr", "mode", "coup")
    assert ids(state, "ussr") == [ID["south_korea"]]


# -- 28 Suez Crisis, 29 East European Unrest, 33 De-Stalinization -------------------------
def test_suez_crisis_four_at_most_two_per_country():
    state = round_for("ussr", [28, 30], board(france=(3, 0), uk=(5, 0), israel=(1, 0)))
    event(state, "ussr", 28)
    for key in ("france", "france", "uk", "israel"):
        assert ID[key] in ids(state, "ussr")
        do(state, "ussr", "remove", ID[key])
    assert inf(state, "france") == (1, 0) and inf(state, "uk") == (4, 0)
    assert inf(state, "israel") == (0, 0) and state["active"] == ["us"]


def test_east_european_unrest_one_each_early_two_each_late():
    where = dict(poland=(0, 3), hungary=(0, 1), romania=(0, 2), bulgaria=(0, 2))
    state = round_for("us", [29, 22], board(**where))
    event(state, "us", 29)
    for key in ("poland", "hungary", "romania"):
        do(state, "us", "pick", ID[key])
    assert [inf(state, k)[1] for k in ("poland", "hungary", "romania", "bulgaria")] == [2, 0, 1, 2]
    assert 29 in state["discard"]
    state = round_for("us", [29, 22], board(**where), turn=8)
    event(state, "us", 29)
    for key in ("poland", "hungary", "romania"):
        do(state, "us", "pick", ID[key])
    assert [inf(state, k)[1] for k in ("poland", "hungary", "romania", "bulgaria")] == [1, 0, 0, 2]


def test_de_stalinization_moves_what_was_removed_to_non_us_controlled_countries():
    state = round_for("ussr", [33, 30], board(poland=(0, 4), italy=(3, 0), iran=(0, 1)))
    event(state, "ussr", 33)
    do(state, "ussr", "remove", ID["poland"])
    do(state, "ussr", "remove", ID["iran"])
    do(state, "ussr", "done")
    offered = ids(state, "ussr")
    assert ID["italy"] not in offered and ID["iran"] in offered and ID["cuba"] in offered
    do(state, "ussr", "place", ID["cuba"])
    do(state, "ussr", "place", ID["cuba"])
    assert state["active"] == ["us"] and inf(state, "cuba") == (0, 2)
    assert inf(state, "poland") == (0, 3) and inf(state, "iran") == (0, 0)


def test_de_stalinization_removing_nothing_places_nothing():
    state = round_for("ussr", [33, 30], board(poland=(0, 4)))
    event(state, "ussr", 33)
    do(state, "ussr", "done")
    assert state["active"] == ["us"] and 33 in state["removed"]


# -- 32 UN Intervention ------------------------------------------------------------
def test_un_intervention_cancels_the_partner_event_and_uses_its_ops():
    state = round_for("us", [32, 8, 29], board(cuba=(2, 0)))
    assert ("event", 32) in choices(RULES, state, "us")
    event(state, "us", 32)
    assert ids(state, "us") == [8]
    do(state, "us", "card", 8)
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    do(state, "us", "place", ID["canada"])
    assert inf(state, "cuba") == (2, 0) and state["hands"]["us"] == [29]
    assert 8 in state["discard"] and 32 in state["discard"] and 8 not in state["removed"]


def test_un_intervention_needs_an_opponent_card_and_an_action_round():
    state = round_for("us", [32, 29])
    assert ("event", 32) not in choices(RULES, state, "us")
    state = clear_board(after_setup())
    state["hands"] = {"us": [32, 8], "ussr": [30, 7]}
    assert ("headline", 32) not in choices(RULES, state, "us")  # never a headline


def test_un_intervention_u2_incident_gives_the_ussr_1_vp():
    state = round_for("ussr", [32, 29])
    state["effects"]["60"] = {"role": "ussr", "until": "turn"}
    event(state, "ussr", 32)
    do(state, "ussr", "card", 29)
    assert state["vp"] == -1


# -- 34 Nuclear Test Ban, 35 Formosan Resolution ------------------------------------------
@pytest.mark.parametrize("defcon,vp,after", [(4, 2, 5), (2, 0, 4), (3, 1, 5)])
def test_nuclear_test_ban(defcon, vp, after):
    state = round_for("ussr", [34, 30])
    state["defcon"] = defcon
    event(state, "ussr", 34)
    assert state["vp"] == -vp and state["defcon"] == after


def test_formosan_resolution_taiwan_scores_as_battleground_until_us_plays_china():
    from games.titles.twilight_struggle.rules.scoring import region_score
    state = round_for("us", [35, 29], board(taiwan=(3, 0)))
    event(state, "us", 35)
    assert 35 in state["removed"]
    assert region_score(state, "asia")["us"]["battlegrounds"] == 1
    state["china"] = {"holder": "us", "up": True}
    round_for("us", [29], state)
    do(state, "us", "ops", CHINA)
    do(state, "us", "mode", "influence")
    assert "35" in state["effects"]
    for _ in range(4):
        do(state, "us", "place", ID["canada"])
    assert "35" not in state["effects"] and state["china"]["holder"] == "ussr"
    assert region_score(state, "asia")["us"]["battlegrounds"] == 0


def test_formosan_resolution_blocked_during_the_chinese_civil_war():
    state = clear_board(after_setup(chinese_civil_war=True))
    round_for("us", [35, 29], state)
    assert ("event", 35) not in choices(RULES, state, "us")


# -- 104 The Cambridge Five, 105 Special Relationship -------------------------------------
def test_cambridge_five_reveals_scoring_cards_and_places_in_their_regions():
    state = round_for("ussr", [104, 30])
    state["hands"]["us"] = [2, 38, 29]
    event(state, "ussr", 104)
    assert {"kind": "scoring_cards_revealed", "role": "us", "cards": [2, 38]} in state["log"]
    offered = ids(state, "ussr")
    assert ID["poland"] in offered and ID["vietnam"] in offered and ID["japan"] not in offered
    assert None in offered  # optional
    do(state, "ussr", "pick", ID["poland"])
    assert inf(state, "poland") == (0, 1) and state["active"] == ["us"]


def test_cambridge_five_without_scoring_cards_and_not_in_the_late_war():
    state = round_for("ussr", [104, 30])
    state["hands"]["us"] = [29]
    event(state, "ussr", 104)
    assert state["active"] == ["us"]
    state = round_for("ussr", [104, 30], turn=8)
    assert ("event", 104) not in choices(RULES, state, "ussr")


def test_special_relationship_without_and_with_nato():
    state = round_for("us", [105, 29], board(uk=(5, 0)))
    event(state, "us", 105)
    assert ids(state, "us") == sorted([ID["canada"], ID["norway"], ID["benelux"], ID["france"]])
    do(state, "us", "pick", ID["norway"])
    assert inf(state, "norway") == (1, 0) and state["vp"] == 0
    state = round_for("us", [105, 29], board(uk=(5, 0)))
    state["effects"]["21"] = {"role": "us", "until": "game"}
    event(state, "us", 105)
    assert ID["italy"] in ids(state, "us")
    do(state, "us", "pick", ID["italy"])
    assert inf(state, "italy") == (2, 0) and state["vp"] == 2


def test_special_relationship_needs_us_control_of_the_uk():
    state = round_for("us", [105, 29], board(uk=(4, 0), france=(0, 0)))
    state["inf"]["ussr"][ID["uk"]] = 1
    event(state, "us", 105)
    assert state["active"] == ["ussr"] and state["vp"] == 0 and 105 in state["discard"]


def test_ops_modifiers_are_summed_whatever_order_they_came_into_play():
    """7.4: Containment (+1, max 4) and Red Scare (-1, min 1) are cumulative; the
    result must not depend on the order of the effects (replay determinism)."""
    from games.titles.twilight_struggle.rules.cards import ops_value

    containment = {"role": "us", "until": "turn", "ops": 1, "max": 4}
    red_scare = {"role": "us", "until": "turn", "ops": -1}
    for effects in ({"25": containment, "31:us": red_scare}, {"31:us": red_scare, "25": containment}):
        state = {"effects": effects}
        assert [ops_value(state, "us", card) for card in (4, 10, 23)] == [3, 1, 4]  # 3, 1 and 4 printed
    assert ops_value({"effects": {"25": containment}}, "us", 23) == 4  # capped
    assert ops_value({"effects": {"31:us": red_scare}}, "us", 10) == 1  # floored


# -- 103 Defectors -----------------------------------------------------------------------
def headlines(ussr_hand: list, us_hand: list, **where) -> dict:
    state = put(clear_board(after_setup()), **where)
    state["hands"] = {"ussr": list(ussr_hand), "us": list(us_hand)}
    state["discard"], state["removed"] = [], []
    return state


def test_defectors_headline_cancels_the_ussr_headline_before_it_resolves():
    """Fidel (asterisked, 2 ops: it would resolve first) never happens and is only discarded."""
    state = headlines([8, 30], [103, 29], cuba=(1, 0))
    do(state, "us", "headline", 103)
    do(state, "ussr", "headline", 8)
    assert inf(state, "cuba") == (1, 0)
    assert 8 in state["discard"] and 8 not in state["removed"] and 103 in state["discard"]
    cancelled = [x for x in state["log"] if x["kind"] == "headline_cancelled"]
    assert cancelled == [{"kind": "headline_cancelled", "role": "ussr", "card": 8, "by": 103}]
    events = [x["card"] for x in state["log"] if x["kind"] == "event"]
    assert events == [103] and state["vp"] == 0
    assert state["stack"][-1]["step"] == "action" and state["active"] == ["ussr"]


def test_defectors_headline_cancels_a_scoring_card_unscored():
    state = headlines([2, 30], [103, 29], france=(0, 3))
    do(state, "ussr", "headline", 2)
    do(state, "us", "headline", 103)
    assert not [x for x in state["log"] if x["kind"] == "score"]
    assert state["vp"] == 0 and 2 in state["discard"]


def test_defectors_headlined_by_the_ussr_does_nothing():
    state = headlines([103, 30], [19, 29], poland=(0, 2))
    do(state, "ussr", "headline", 103)
    do(state, "us", "headline", 19)
    assert state["vp"] == 0 and 103 in state["discard"]
    assert [x["card"] for x in state["log"] if x["kind"] == "event"] == [103, 19]


@pytest.mark.parametrize("order", ["event_first", "ops_first"])
def test_defectors_played_by_the_ussr_for_ops_gives_the_us_1_vp(order):
    state = round_for("ussr", [103, 30], board(poland=(0, 1)))
    do(state, "ussr", "ops", 103)
    do(state, "ussr", "order", order)
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert state["vp"] == 1 and 103 in state["discard"]


def test_defectors_as_a_us_event_or_a_ussr_space_attempt_gives_nothing():
    state = round_for("us", [103, 29])
    event(state, "us", 103)
    assert state["vp"] == 0 and 103 in state["discard"]
    state = round_for("ussr", [103, 30])
    force_rolls(state, [6])
    do(state, "ussr", "space", 103)
    assert state["vp"] == 0 and not [x for x in state["log"] if x["kind"] == "event"]


# -- 106 NORAD ---------------------------------------------------------------------------
def norad_round(**where) -> dict:
    """The US plays NORAD in its round 1; the USSR's round 2 comes next."""
    state = round_for("us", [106, 29], board(**where))
    state["stack"][1]["last"] = "us"
    state["defcon"] = 3
    event(state, "us", 106)
    assert "106" in state["effects"] and state["active"] == ["ussr"]
    return state


def ussr_coup(state: dict, country: str, roll: int = 6) -> None:
    do(state, "ussr", "ops", 30)
    do(state, "ussr", "mode", "coup")
    force_rolls(state, [roll])
    do(state, "ussr", "coup", ID[country])


def test_norad_adds_1_us_influence_after_the_round_in_which_defcon_moved_to_2():
    state = norad_round(canada=(4, 0), angola=(1, 0), japan=(1, 0))
    ussr_coup(state, "angola")
    assert state["defcon"] == 2
    assert state["active"] == ["us"] and state["stack"][-1]["step"] == "pick_countries"
    assert ids(state, "us") == sorted([ID["canada"], ID["japan"]])  # holding US influence
    do(state, "us", "pick", ID["japan"])
    assert inf(state, "japan") == (2, 0)
    assert state["stack"][-1]["step"] == "action" and state["active"] == ["us"]  # US round 2
    do(state, "us", "ops", 29)
    do(state, "us", "mode", "influence")
    for _ in range(3):
        do(state, "us", "place", ID["canada"])
    assert state["defcon"] == 2 and state["active"] == ["ussr"]  # still 2: no second bonus


def test_norad_needs_us_control_of_canada_at_the_end_of_the_round():
    state = norad_round(canada=(4, 1), angola=(1, 0))
    ussr_coup(state, "angola")
    assert state["defcon"] == 2 and state["stack"][-1]["step"] == "action"
    assert state["active"] == ["us"] and inf(state, "canada") == (4, 1)


def test_norad_ignores_a_defcon_drop_in_the_headline():
    state = headlines([54, 12], [4, 29], canada=(4, 0))
    state["defcon"] = 3
    state["effects"]["106"] = {"role": "us", "until": "game", "since": None}
    do(state, "us", "headline", 4)  # Duck and Cover: 3 -> 2 in the headline
    do(state, "ussr", "headline", 54)
    assert state["defcon"] == 2 and state["active"] == ["ussr"]
    event(state, "ussr", 12)  # Romanian Abdication: DEFCON stays at 2 this round
    assert state["stack"][-1]["step"] == "action" and state["active"] == ["us"]
    assert not [x for x in state["log"] if x["kind"] == "norad"]


def test_norad_counts_defcon_reaching_2_even_if_it_moves_away_within_the_round():
    """3 -> 2 -> 3 inside one round still triggers NORAD at its end."""
    from games.titles.twilight_struggle.rules.board import set_defcon
    from games.titles.twilight_struggle.rules.events.early_war import _norad_round_end, _norad_round_start

    state = norad_round(canada=(4, 0), japan=(1, 0))
    _norad_round_start(state, "ussr", False)
    set_defcon(state, 2)
    set_defcon(state, 3)
    assert _norad_round_end(state, "ussr") is True
    assert state["stack"][-1]["step"] == "pick_countries"
    state = norad_round(canada=(4, 0), japan=(1, 0))
    _norad_round_start(state, "ussr", False)
    assert _norad_round_end(state, "ussr") is False  # DEFCON never reached 2
