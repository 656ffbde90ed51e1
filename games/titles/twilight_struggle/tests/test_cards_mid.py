"""Mid War card events (cards 36-81 and the optional 107-108), one situation each."""
import pytest

from games.rules.core.testing import choices, force_rolls
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.registry import REGISTRY

from .helpers import ID, action_round, after_setup, clear_board, do, era_round, ids, inf, kinds, put

def mid(role: str, hand: list, turn: int = 4, **where) -> dict:
    """``role`` to act in a Mid War action round with ``hand``; influence exactly ``where``."""
    return era_round(role, hand, turn, **where)


def test_mid_war_cards_registered():
    assert set(range(36, 82)) - {40, 42, 44, 50, 73} <= set(REGISTRY)


# -- 36 Brush War ----------------------------------------------------------------
def test_brush_war_success_counts_the_enemy_superpower_and_gives_milops():
    """2.1.5: the USA counts as an adjacent controlled country for Mexico."""
    state = mid("ussr", [36], mexico=(2, 0), guatemala=(0, 1))
    do(state, "ussr", "event", 36)
    assert ID["mexico"] in ids(state, "ussr")
    force_rolls(state, [4])  # 4 - 1 (USA) = 3: success
    do(state, "ussr", "pick", ID["mexico"])
    assert inf(state, "mexico") == (0, 2)
    assert state["vp"] == -1 and state["milops"]["ussr"] == 3
    war = kinds(state, "war")[0]
    assert war["roll"] == 4 and war["mod"] == -1 and war["success"]
    assert 36 in state["discard"]


def test_brush_war_failure_still_gives_milops_and_subtracts_adjacent_control():
    state = mid("us", [36], angola=(0, 1), zaire=(0, 1), botswana=(0, 2))
    do(state, "us", "event", 36)
    force_rolls(state, [3])  # 3 - 2 (Zaire, Botswana controlled by the USSR) = 1
    do(state, "us", "pick", ID["angola"])
    assert inf(state, "angola") == (0, 1) and state["vp"] == 0
    assert state["milops"]["us"] == 3


def test_brush_war_never_targets_nato_protected_country_for_the_ussr():
    state = mid("ussr", [36], italy=(2, 0), greece=(2, 0))
    state["effects"] = {"21": {"role": "us", "until": "game"},
                        "17": {"role": "ussr", "until": "game", "nato_exempt": ID["france"]}}
    do(state, "ussr", "event", 36)
    offered = ids(state, "ussr")
    assert ID["italy"] not in offered and ID["greece"] not in offered
    assert ID["turkey"] in offered and ID["lebanon"] in offered
    assert ID["cuba"] not in offered  # stability 3


# -- 39 Arms Race ------------------------------------------------------------------
@pytest.mark.parametrize("milops,defcon,vp", [((3, 1), 3, -3), ((2, 1), 3, -1), ((2, 2), 3, 0)])
def test_arms_race(milops, defcon, vp):
    state = mid("ussr", [39])
    state["milops"] = {"ussr": milops[0], "us": milops[1]}
    state["defcon"] = defcon
    do(state, "ussr", "event", 39)
    assert state["vp"] == vp


# -- 41 Nuclear Subs ---------------------------------------------------------------
def test_nuclear_subs_us_battleground_coup_keeps_defcon_this_turn():
    state = mid("us", [41], iran=(0, 1))
    do(state, "us", "event", 41)
    assert 41 in state["removed"] and "41" in RULES.view(state, "ussr")["effects"]
    from games.titles.twilight_struggle.rules.ops import coup
    state["defcon"] = 3
    force_rolls(state, [6])
    coup(state, "us", ID["iran"], 3)
    assert state["defcon"] == 3
    coup(state, "ussr", ID["iran"], 3)  # USSR coups are unaffected
    assert state["defcon"] == 2


# -- 43 SALT Negotiations ----------------------------------------------------------
def test_salt_improves_defcon_coups_minus_one_and_takes_a_discard():
    state = mid("ussr", [43])
    state["defcon"] = 2
    state["discard"] = [1, 19, 26]
    do(state, "ussr", "event", 43)
    assert state["defcon"] == 4
    assert ids(state, "ussr") == [19, 26, None]  # never a scoring card
    do(state, "ussr", "take", 26)
    assert 26 in state["hands"]["ussr"] and state["discard"] == [1, 19]
    assert 43 in state["removed"]
    from games.titles.twilight_struggle.rules.ops import coup_mod
    assert coup_mod(state, "us", ID["iran"]) == -1 and coup_mod(state, "ussr", ID["iran"]) == -1


def test_salt_defcon_capped_at_5_and_take_is_optional():
    state = mid("us", [43])
    state["discard"] = [19]
    do(state, "us", "event", 43)
    assert state["defcon"] == 5
    do(state, "us", "skip")
    assert state["discard"] == [19] and 19 not in state["hands"]["us"]


# -- 45 Summit -----------------------------------------------------------------------
def test_summit_domination_bonus_and_winner_may_degrade_defcon_even_when_not_phasing():
    """USSR dominates Central America (+1); 3+1 beats 3. The USSR degrades DEFCON
    from 2: the phasing US loses (8.1.3)."""
    state = mid("us", [45], cuba=(0, 3), nicaragua=(0, 1))
    state["defcon"] = 2
    force_rolls(state, [3, 3])  # US, USSR
    do(state, "us", "event", 45)
    assert state["vp"] == -2 and kinds(state, "summit")[0]["mods"] == [0, 1]
    assert state["active"] == ["ussr"] and ids(state, "ussr") == ["improve", "degrade", "keep"]
    do(state, "ussr", "option", "degrade")
    assert RULES.result(state).winners == ["ussr"]


def test_summit_tie_does_nothing():
    state = mid("ussr", [45])
    force_rolls(state, [4, 4])
    do(state, "ussr", "event", 45)
    assert state["vp"] == 0 and state["active"] == ["us"]


def test_summit_winner_improves_defcon():
    state = mid("ussr", [45])
    state["defcon"] = 3
    force_rolls(state, [6, 2])
    do(state, "ussr", "event", 45)
    do(state, "us", "option", "improve")
    assert state["defcon"] == 4 and state["vp"] == 2


# -- 46 How I Learned ------------------------------------------------------------------
def test_how_i_learned_sets_defcon_and_five_milops():
    state = mid("us", [46])
    do(state, "us", "event", 46)
    assert ids(state, "us") == [1, 2, 3, 4, 5]
    do(state, "us", "option", 3)
    assert state["defcon"] == 3 and state["milops"]["us"] == 5 and 46 in state["removed"]


def test_how_i_learned_defcon_1_loses_for_the_phasing_player():
    state = mid("ussr", [46])
    do(state, "ussr", "event", 46)
    do(state, "ussr", "option", 1)
    assert RULES.result(state).winners == ["us"]


# -- 47 Junta ------------------------------------------------------------------------
def test_junta_places_two_then_free_coup_without_milops_but_with_defcon():
    state = mid("ussr", [47], chile=(2, 0))
    state["defcon"] = 3
    do(state, "ussr", "event", 47)
    assert ID["mexico"] in ids(state, "ussr") and ID["iran"] not in ids(state, "ussr")
    do(state, "ussr", "pick", ID["peru"])
    assert inf(state, "peru") == (0, 2)
    assert ids(state, "ussr") == ["coup", "realign", "skip"]
    do(state, "ussr", "option", "coup")
    assert ids(state, "ussr") == [ID["chile"]]
    force_rolls(state, [5])  # 5 + 2 - 6 = 1
    do(state, "ussr", "coup", ID["chile"])
    assert inf(state, "chile") == (1, 0)
    assert state["milops"]["ussr"] == 0 and state["defcon"] == 2  # free coup, battleground
    assert kinds(state, "coup")[0]["free"] is True


def test_junta_free_realignments_and_skip_when_no_target():
    state = mid("us", [47], cuba=(0, 2))
    do(state, "us", "event", 47)
    do(state, "us", "pick", ID["mexico"])
    do(state, "us", "option", "realign")
    force_rolls(state, [6, 1, 6, 1])  # US, USSR per roll
    do(state, "us", "realign", ID["cuba"])
    assert state["inf"]["ussr"][ID["cuba"]] == 0
    assert state["active"] == ["ussr"]  # no target left: done
    state = mid("us", [47])
    do(state, "us", "event", 47)
    do(state, "us", "pick", ID["mexico"])
    assert state["active"] == ["ussr"]  # nothing to coup or realign: no prompt


# -- 48 Kitchen Debates ---------------------------------------------------------------
def test_kitchen_debates_needs_more_us_battlegrounds():
    state = mid("us", [48], iran=(2, 0), cuba=(0, 3))
    assert ("event", 48) not in [(v, a) for v, a in [("event", x) for x in ids(state, "us", "event")]]
    put(state, mexico=(2, 0))
    assert 48 in ids(state, "us", "event")
    do(state, "us", "event", 48)
    assert state["vp"] == 2 and 48 in state["removed"]


def test_kitchen_debates_played_by_ussr_for_ops_without_condition_is_discarded():
    state = mid("ussr", [48], poland=(0, 1))
    do(state, "ussr", "ops", 48)
    assert state["stack"][-1]["step"] == "ops_mode"
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    assert 48 in state["discard"] and state["vp"] == 0


# -- 51-58 -----------------------------------------------------------------------------
def test_brezhnev_doctrine_plus_one_capped_at_four():
    from games.titles.twilight_struggle.rules.cards import ops_value
    state = mid("ussr", [51])
    do(state, "ussr", "event", 51)
    assert ops_value(state, "ussr", 19) == 2 and ops_value(state, "ussr", 50) == 4
    assert ops_value(state, "us", 19) == 1 and 51 in state["removed"]


def test_portuguese_empire_crumbles_and_allende():
    state = mid("ussr", [52])
    do(state, "ussr", "event", 52)
    assert inf(state, "se_african_states") == (0, 2) and inf(state, "angola") == (0, 2)
    state = mid("ussr", [54], chile=(1, 0))
    do(state, "ussr", "event", 54)
    assert inf(state, "chile") == (1, 2) and 54 in state["removed"]


def test_south_african_unrest_both_options():
    state = mid("ussr", [53])
    do(state, "ussr", "event", 53)
    do(state, "ussr", "option", "south_africa")
    assert inf(state, "south_africa") == (0, 2) and 53 in state["discard"]
    state = mid("ussr", [53])
    do(state, "ussr", "event", 53)
    do(state, "ussr", "option", "adjacent")
    assert sorted(ids(state, "ussr")) == sorted([ID["angola"], ID["botswana"]])
    do(state, "ussr", "place", ID["angola"])
    do(state, "ussr", "place", ID["botswana"])  # split allowed
    assert inf(state, "south_africa") == (0, 1)
    assert inf(state, "angola") == (0, 1) and inf(state, "botswana") == (0, 1)


def test_willy_brandt_vp_influence_and_nato_exemption_until_game_end():
    state = mid("ussr", [55], west_germany=(4, 0))
    do(state, "ussr", "event", 55)
    assert state["vp"] == -1 and inf(state, "west_germany") == (4, 1)
    assert 55 in state["removed"] and state["effects"]["55"]["until"] == "game"
    assert "55" in RULES.view(state, "us")["effects"]
    state["effects"]["21"] = {"role": "us", "until": "game"}
    from games.titles.twilight_struggle.rules.ops import forbidden
    assert not forbidden(state, "ussr", ID["west_germany"], "coup")


def test_willy_brandt_blocked_by_tear_down_this_wall():
    state = mid("ussr", [55])
    state["effects"] = {"96": {"role": "us", "until": "game", "blocks": [55]}}
    assert 55 not in ids(state, "ussr", "event")


def test_muslim_revolution_removes_all_us_influence_from_two():
    state = mid("ussr", [56], iran=(3, 0), egypt=(1, 1), israel=(2, 0), jordan=(2, 0))
    do(state, "ussr", "event", 56)
    assert ID["israel"] not in ids(state, "ussr")
    do(state, "ussr", "pick", ID["iran"])
    do(state, "ussr", "pick", ID["egypt"])
    assert inf(state, "iran") == (0, 0) and inf(state, "egypt") == (0, 1)
    assert inf(state, "jordan") == (2, 0) and 56 in state["discard"]


def test_abm_treaty_improves_defcon_then_four_ops_that_open_a_region():
    state = mid("us", [57], iran=(0, 2))
    state["defcon"] = 2
    do(state, "us", "event", 57)
    assert state["defcon"] == 3
    do(state, "us", "mode", "coup")
    assert ids(state, "us") == [ID["iran"]]  # Middle East open again at DEFCON 3
    force_rolls(state, [3])
    do(state, "us", "coup", ID["iran"])
    assert state["milops"]["us"] == 4 and state["defcon"] == 2


def test_cultural_revolution_takes_china_face_up_or_gives_vp():
    state = mid("ussr", [58])
    state["china"] = {"holder": "us", "up": False}
    do(state, "ussr", "event", 58)
    assert state["china"] == {"holder": "ussr", "up": True} and 58 in state["removed"]
    state = mid("ussr", [58])
    do(state, "ussr", "event", 58)
    assert state["vp"] == -1


def test_cultural_revolution_blocked_during_chinese_civil_war():
    state = mid("ussr", [58])
    state["ccw"], state["china"] = "open", {"holder": None, "up": True}
    assert 58 not in ids(state, "ussr", "event")


# -- 59-62 -----------------------------------------------------------------------------
def test_flower_power_us_war_card_plays_give_the_ussr_two_vp():
    state = mid("ussr", [59])
    do(state, "ussr", "event", 59)
    assert state["effects"]["59"]["until"] == "game" and 59 in state["removed"]
    action_round(state, "us", [36, 11, 26], turn=4)
    state["hands"]["ussr"] = [8]
    do(state, "us", "space", 36)  # space race: no VP (6.4.5)
    assert state["vp"] == 0
    action_round(state, "us", [11], turn=4)
    put(state, poland=(0, 1))
    do(state, "us", "ops", 11)  # USSR war card for ops: counts
    assert state["vp"] == -2


def test_flower_power_counts_a_us_war_event_and_not_ussr_plays():
    state = mid("us", [36])
    state["effects"] = {"59": {"role": "ussr", "until": "game"}}
    do(state, "us", "event", 36)
    assert state["vp"] == -2
    state = mid("ussr", [36])
    state["effects"] = {"59": {"role": "ussr", "until": "game"}}
    do(state, "ussr", "event", 36)
    assert state["vp"] == 0


def test_flower_power_blocked_by_an_evil_empire():
    state = mid("ussr", [59])
    state["effects"] = {"97": {"role": "us", "until": "game", "blocks": [59]}}
    assert 59 not in ids(state, "ussr", "event")


def test_u2_incident_vp_and_turn_effect():
    state = mid("ussr", [60])
    do(state, "ussr", "event", 60)
    assert state["vp"] == -1 and state["effects"]["60"]["until"] == "turn"


def test_opec_vp_per_controlled_country():
    state = mid("ussr", [61], egypt=(0, 2), iran=(0, 2), venezuela=(0, 2), syria=(0, 2),
                iraq=(0, 2))
    put(state, iraq=(1, 2))  # not controlled
    do(state, "ussr", "event", 61)
    assert state["vp"] == -3 and 61 in state["discard"]


def test_opec_blocked_by_north_sea_oil():
    state = mid("ussr", [61])
    state["effects"] = {"86": {"role": "us", "until": "game", "blocks": [61]}}
    assert 61 not in ids(state, "ussr", "event")


def test_lone_gunman_shows_the_us_hand_to_the_ussr_only_then_one_op():
    state = mid("ussr", [62], poland=(0, 1))
    state["hands"]["us"] = [19, 26]
    do(state, "ussr", "event", 62)
    prompt = RULES.prompt(state, "ussr")
    assert "Truman Doctrine" in prompt.text and "CIA Created" in prompt.text
    assert RULES.prompt(state, "us") is None
    assert all("cards" not in x for x in kinds(state, "hand_revealed"))
    do(state, "ussr", "ok")
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    assert inf(state, "poland") == (0, 2) and 62 in state["removed"]


# -- 63-72 -----------------------------------------------------------------------------
def test_colonial_rear_guards_one_each_in_four_africa_or_se_asia():
    state = mid("us", [63])
    do(state, "us", "event", 63)
    offered = ids(state, "us")
    assert ID["vietnam"] in offered and ID["angola"] in offered and ID["japan"] not in offered
    for key in ("vietnam", "angola", "zaire", "thailand"):
        do(state, "us", "place", ID[key])
    assert all(inf(state, k) == (1, 0) for k in ("vietnam", "angola", "zaire", "thailand"))
    assert state["active"] == ["ussr"]


def test_panama_canal_returned():
    state = mid("us", [64])
    do(state, "us", "event", 64)
    assert [inf(state, k) for k in ("panama", "costa_rica", "venezuela")] == [(1, 0)] * 3
    assert 64 in state["removed"]


def test_camp_david_accords_blocks_arab_israeli_war():
    state = mid("us", [65])
    do(state, "us", "event", 65)
    assert state["vp"] == 1
    assert [inf(state, k) for k in ("israel", "jordan", "egypt")] == [(1, 0)] * 3
    action_round(state, "ussr", [13], turn=4)
    assert 13 not in ids(state, "ussr", "event")


def test_puppet_governments_only_empty_countries_and_optional():
    state = mid("us", [66], mexico=(1, 0), cuba=(0, 1))
    do(state, "us", "event", 66)
    offered = ids(state, "us")
    assert ID["mexico"] not in offered and ID["cuba"] not in offered and None in offered
    do(state, "us", "place", ID["haiti"])
    assert ID["haiti"] not in ids(state, "us")
    do(state, "us", "done")
    assert inf(state, "haiti") == (1, 0) and state["active"] == ["ussr"]


def test_john_paul_ii():
    state = mid("us", [68], poland=(0, 4))
    do(state, "us", "event", 68)
    assert inf(state, "poland") == (1, 2) and "68" in state["effects"]
    assert 68 in state["removed"]


def test_death_squads_plus_for_player_minus_for_opponent_in_latin_america_only():
    from games.titles.twilight_struggle.rules.ops import coup_mod
    state = mid("ussr", [69])
    do(state, "ussr", "event", 69)
    assert coup_mod(state, "ussr", ID["chile"]) == 1
    assert coup_mod(state, "us", ID["mexico"]) == -1
    assert coup_mod(state, "ussr", ID["iran"]) == 0
    state["effects"]["69:us"] = dict(state["effects"]["69:ussr"], role="us", coup_role="us")
    assert coup_mod(state, "us", ID["chile"]) == 0  # both played: they cancel


def test_death_squads_coup_roll_modified():
    state = mid("us", [69], panama=(0, 1))
    do(state, "us", "event", 69)
    from games.titles.twilight_struggle.rules.ops import coup
    force_rolls(state, [3])
    coup(state, "us", ID["panama"], 1)  # 3 + 1 + 1 - 4 = 1
    assert inf(state, "panama") == (0, 0)


def test_oas_founded():
    state = mid("us", [70])
    do(state, "us", "event", 70)
    assert ID["iran"] not in ids(state, "us")
    do(state, "us", "place", ID["brazil"])
    do(state, "us", "place", ID["brazil"])
    assert inf(state, "brazil") == (2, 0) and 70 in state["removed"]


def test_nixon_takes_china_face_down_or_gives_vp():
    state = mid("us", [71])
    do(state, "us", "event", 71)
    assert state["china"] == {"holder": "us", "up": False}
    state = mid("us", [71])
    state["china"] = {"holder": "us", "up": True}
    do(state, "us", "event", 71)
    assert state["vp"] == 2


def test_nixon_during_chinese_civil_war_gives_vp():
    state = mid("us", [71])
    state["ccw"], state["china"] = "open", {"holder": None, "up": True}
    do(state, "us", "event", 71)
    assert state["vp"] == 2 and state["china"]["holder"] is None


def test_sadat_expels_soviets():
    state = mid("us", [72], egypt=(0, 3))
    do(state, "us", "event", 72)
    assert inf(state, "egypt") == (1, 0)


# -- 74-80 -----------------------------------------------------------------------------
def test_voice_of_america_outside_europe_two_per_country():
    state = mid("us", [74], poland=(0, 2), iran=(0, 3), cuba=(0, 1), angola=(0, 1))
    do(state, "us", "event", 74)
    assert ID["poland"] not in ids(state, "us")
    do(state, "us", "remove", ID["iran"])
    do(state, "us", "remove", ID["iran"])
    assert ID["iran"] not in ids(state, "us")
    do(state, "us", "remove", ID["cuba"])
    do(state, "us", "remove", ID["angola"])
    assert inf(state, "iran") == (0, 1) and inf(state, "poland") == (0, 2)


def test_liberation_theology():
    state = mid("ussr", [75])
    do(state, "ussr", "event", 75)
    assert ID["brazil"] not in ids(state, "ussr")
    do(state, "ussr", "place", ID["panama"])
    do(state, "ussr", "place", ID["panama"])
    assert ID["panama"] not in ids(state, "ussr")
    do(state, "ussr", "place", ID["cuba"])
    assert inf(state, "panama") == (0, 2) and inf(state, "cuba") == (0, 1)


def test_ussuri_takes_china_face_up_or_places_four_in_asia():
    state = mid("us", [76])
    do(state, "us", "event", 76)
    assert state["china"] == {"holder": "us", "up": True}
    state = mid("us", [76])
    state["china"] = {"holder": "us", "up": False}
    do(state, "us", "event", 76)
    assert ID["iran"] not in ids(state, "us")
    for key in ("japan", "japan", "india", "thailand"):
        do(state, "us", "place", ID[key])
    assert inf(state, "japan") == (2, 0) and state["active"] == ["ussr"]


def test_ussuri_during_chinese_civil_war_places_but_never_in_the_ccw_space():
    state = mid("us", [76])
    state["ccw"], state["china"] = "open", {"holder": None, "up": True}
    do(state, "us", "event", 76)
    assert 85 not in ids(state, "us")
    assert state["stack"][-1]["step"] == "event_place"


def test_ask_not_discards_chosen_cards_and_draws_as_many():
    state = mid("us", [77, 19, 26, 37])
    state["deck"] = [4, 5, 7]
    do(state, "us", "event", 77)
    assert RULES.prompt(state, "ussr") is None
    do(state, "us", "toggle", 19)
    do(state, "us", "toggle", 37)  # a scoring card: discarded unscored
    do(state, "us", "toggle", 26)
    do(state, "us", "toggle", 26)  # toggled back
    do(state, "us", "confirm")
    assert state["hands"]["us"] == [5, 7, 26] and 19 in state["discard"] and 37 in state["discard"]
    assert state["vp"] == 0 and 77 in state["removed"]
    assert kinds(state, "ask_not")[0] == {"kind": "ask_not", "discarded": [19, 37], "drawn": 2}


def test_ask_not_none_discarded():
    state = mid("us", [77, 19])
    do(state, "us", "event", 77)
    do(state, "us", "confirm")
    assert state["hands"]["us"] == [19]


def test_alliance_for_progress_vp_per_us_battleground_and_removed_even_with_none():
    state = mid("us", [78], mexico=(2, 0), cuba=(3, 0), brazil=(2, 0), guatemala=(1, 0))
    do(state, "us", "event", 78)
    assert state["vp"] == 3
    state = mid("ussr", [78], poland=(0, 1))
    do(state, "ussr", "ops", 78)
    do(state, "ussr", "order", "event_first")
    do(state, "ussr", "mode", "influence")
    for _ in range(3):
        do(state, "ussr", "place", ID["poland"])
    assert state["vp"] == 0 and 78 in state["removed"]  # 5.2 example 3


def test_one_small_step_two_boxes_vp_of_the_last_only():
    state = mid("us", [80])
    state["space"] = {"us": 1, "ussr": 4}
    do(state, "us", "event", 80)
    assert state["space"]["us"] == 3 and state["vp"] == 0  # Man in Space: 2nd arrival 0 VP
    state = mid("ussr", [80])
    state["space"] = {"us": 6, "ussr": 4}
    do(state, "ussr", "event", 80)
    assert state["space"]["ussr"] == 6 and state["vp"] == 0  # box 6 has no VP
    state = mid("ussr", [80])
    state["space"] = {"us": 7, "ussr": 5}
    do(state, "ussr", "event", 80)
    assert state["vp"] == -2  # Space Shuttle, second arrival


def test_one_small_step_needs_to_be_behind_and_stops_at_the_last_box():
    state = mid("us", [80])
    state["space"] = {"us": 2, "ussr": 2}
    assert 80 not in ids(state, "us", "event")
    state["space"] = {"us": 7, "ussr": 8}
    do(state, "us", "event", 80)
    assert state["space"]["us"] == 8 and state["vp"] == 0


# -- 73 Shuttle Diplomacy ----------------------------------------------------------------
def test_shuttle_diplomacy_used_by_the_next_middle_east_scoring_then_discarded():
    """The USSR controls Iraq (its only battleground), Syria and Lebanon: minus one
    battleground and one country."""
    state = mid("us", [73], iraq=(0, 3), syria=(0, 2), lebanon=(0, 1))
    do(state, "us", "event", 73)
    assert state["board"] == [73] and "73" in RULES.view(state, "ussr")["effects"]
    action_round(state, "ussr", [3], turn=4)
    do(state, "ussr", "event", 3)
    score = kinds(state, "score")[0]
    assert score["ussr"]["battlegrounds"] == 0 and score["ussr"]["countries"] == 2
    # presence 3, no battleground bonus (without Shuttle: domination 5 + 1)
    assert state["vp"] == -3
    assert "73" not in state["effects"] and 73 in state["discard"] and state["board"] == []


def test_shuttle_diplomacy_survives_other_scorings_and_not_used_at_final_scoring():
    from games.titles.twilight_struggle.rules.scoring import final_scoring
    state = mid("us", [73], iraq=(0, 3))
    do(state, "us", "event", 73)
    action_round(state, "ussr", [37], turn=4)
    do(state, "ussr", "event", 37)
    assert "73" in state["effects"]
    state["vp"] = 0
    final_scoring(state)
    assert [x for x in kinds(state, "score") if x["region"] == "middle_east"][0][
        "ussr"]["battlegrounds"] == 1


# -- 107 Che --------------------------------------------------------------------------------
def test_che_two_coups_when_the_first_removes_us_influence():
    state = mid("ussr", [107], guatemala=(1, 0), honduras=(1, 0), mexico=(1, 0))
    do(state, "ussr", "event", 107)
    do(state, "ussr", "option", "coup")
    assert ids(state, "ussr") == [ID["guatemala"], ID["honduras"]]  # never a battleground
    force_rolls(state, [1, 3])
    do(state, "ussr", "coup", ID["guatemala"])  # 1 + 3 - 2 = 2: success
    assert inf(state, "guatemala") == (0, 1) and state["milops"]["ussr"] == 3
    do(state, "ussr", "option", "coup")
    assert ids(state, "ussr") == [ID["honduras"]]
    do(state, "ussr", "coup", ID["honduras"])  # 3 + 3 - 4 = 2
    assert inf(state, "honduras") == (0, 1) and state["defcon"] == 5
    assert state["active"] == ["us"]


def test_che_no_second_coup_after_a_failure_and_skip_allowed():
    state = mid("ussr", [107], guatemala=(1, 0), honduras=(1, 0))
    do(state, "ussr", "event", 107)
    do(state, "ussr", "option", "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["honduras"])  # 1 + 3 - 4 = 0: fails
    assert state["active"] == ["us"] and state["milops"]["ussr"] == 3
    state = mid("ussr", [107], guatemala=(1, 0))
    do(state, "ussr", "event", 107)
    do(state, "ussr", "option", "skip")
    assert state["active"] == ["us"] and state["milops"]["ussr"] == 0


# -- 108 Our Man in Tehran -----------------------------------------------------------------
def test_our_man_in_tehran_needs_a_us_middle_east_country():
    state = mid("us", [108])
    assert 108 not in ids(state, "us", "event")


def test_our_man_in_tehran_discards_chosen_and_reshuffles_the_rest():
    state = mid("us", [108], israel=(4, 0))
    state["options"]["optional_cards"] = True
    state["deck"] = [4, 5, 7, 9, 10, 11, 12]
    do(state, "us", "event", 108)
    assert ids(state, "us") == [12, 11, 10, 9, 7, None]  # the top five
    assert RULES.prompt(state, "ussr") is None and RULES.view(state, "ussr")["deck_size"] == 2
    do(state, "us", "toggle", 10)
    do(state, "us", "toggle", 12)
    do(state, "us", "confirm")
    assert sorted(state["deck"]) == [4, 5, 7, 9, 11] and state["discard"][-2:] == [10, 12]
    assert 108 in state["removed"]
    line = [x for x in state["log"] if x.get("why") == "our_man_in_tehran"][0]
    assert line["cards"] == [10, 12]
    assert [x for x in kinds(state, "our_man_in_tehran")] == [
        {"kind": "our_man_in_tehran", "drawn": 5}]


# -- 40 Cuban Missile Crisis ------------------------------------------------------------------
def test_cuban_missile_crisis_opponent_coup_loses():
    state = mid("ussr", [40], iran=(0, 1), poland=(0, 1))
    state["defcon"] = 4
    do(state, "ussr", "event", 40)
    assert state["defcon"] == 2 and state["effects"]["40"]["cmc"] == "us"
    assert 40 in state["removed"]
    action_round(state, "us", [26], turn=4)
    put(state, angola=(0, 1))
    do(state, "us", "ops", 26)
    do(state, "us", "mode", "coup")
    assert ids(state, "us") == [ID["angola"]]  # no way out: no 2 US influence in WG/Turkey
    do(state, "us", "coup", ID["angola"])
    result = RULES.result(state)
    assert result.winners == ["ussr"] and result.reason == "defcon"


def test_cuban_missile_crisis_cancel_by_removing_two_influence_then_coup():
    state = mid("us", [40], cuba=(0, 3), zimbabwe=(1, 0))
    do(state, "us", "event", 40)
    action_round(state, "ussr", [26], turn=4)
    do(state, "ussr", "ops", 26)
    do(state, "ussr", "order", "ops_first")
    do(state, "ussr", "mode", "coup")
    assert ("cancel_cmc", ID["cuba"]) in choices(RULES, state, "ussr")
    do(state, "ussr", "cancel_cmc", ID["cuba"])
    assert inf(state, "cuba") == (0, 1) and "40" not in state["effects"]
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["zimbabwe"])
    assert RULES.result(state) is None and kinds(state, "coup")


def test_cuban_missile_crisis_own_coups_are_fine_and_ends_with_the_turn():
    state = mid("ussr", [40], zimbabwe=(2, 0))
    do(state, "ussr", "event", 40)
    from games.titles.twilight_struggle.rules.cards import end_turn_effects
    from games.titles.twilight_struggle.rules.ops import coup
    force_rolls(state, [1])
    coup(state, "ussr", ID["zimbabwe"], 1)
    assert RULES.result(state) is None and not kinds(state, "cmc_coup")
    state = mid("ussr", [40])
    do(state, "ussr", "event", 40)
    end_turn_effects(state)
    assert "40" not in state["effects"]


# -- 42 Quagmire / 44 Bear Trap ------------------------------------------------------------
def trapped_round(state, role, hand):
    action_round(state, role, hand, turn=4)
    from games.titles.twilight_struggle.rules.play import start_round
    state["stack"].pop()
    start_round(state, role, 1, optional=False)
    RULES.flow.settle(state)
    return state


def test_quagmire_us_must_discard_two_ops_card_and_roll():
    state = mid("ussr", [42])
    state["effects"]["106"] = {"role": "us", "until": "game"}
    do(state, "ussr", "event", 42)
    assert "106" not in state["effects"] and state["effects"]["42"]["trapped"] == "us"
    trapped_round(state, "us", [19, 26, 21, 37])  # 1, 1, 4 ops and a scoring card
    assert ids(state, "us") == [21]
    force_rolls(state, [5])
    do(state, "us", "trap_discard", 21)
    assert 21 in state["discard"] and "42" in state["effects"]  # 5: still trapped
    trapped_round(state, "us", [26, 36])
    force_rolls(state, [4])
    do(state, "us", "trap_discard", 36)
    assert "42" not in state["effects"]
    assert kinds(state, "trap")[-1]["escaped"] is True


def test_bear_trap_effective_ops_and_scoring_card_when_nothing_to_discard():
    """7.4.2 example 2: under Brezhnev Doctrine a 1-op card can be discarded."""
    state = mid("us", [44])
    do(state, "us", "event", 44)
    trapped_round(state, "ussr", [8, 37])  # Fidel (2 ops) no: Fidel is 2 ops
    assert ids(state, "ussr") == [8]
    state = mid("us", [44])
    do(state, "us", "event", 44)
    state["effects"]["51"] = {"role": "ussr", "until": "turn", "ops": 1, "max": 4}
    trapped_round(state, "ussr", [12, 37])  # Romanian Abdication: 1 op +1
    assert ids(state, "ussr") == [12]
    state["effects"].pop("51")
    trapped_round(state, "ussr", [12, 37])
    assert ids(state, "ussr") == [37]  # only the scoring card
    do(state, "ussr", "event", 37)
    assert kinds(state, "score") and 37 in state["discard"]
    trapped_round(state, "ussr", [12])
    assert state["active"] == ["us"]  # nothing playable: the round is lost


# -- 50 We Will Bury You -----------------------------------------------------------------
def test_we_will_bury_you_three_vp_after_the_next_us_round():
    state = mid("ussr", [50])
    state["defcon"] = 4
    state["stack"][1]["last"] = "ussr"
    do(state, "ussr", "event", 50)
    assert state["defcon"] == 3 and state["vp"] == 0 and "50" in state["effects"]
    state["hands"]["us"] = [19]
    do(state, "us", "ops", 19)
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    assert state["vp"] == -3 and "50" not in state["effects"]


def test_we_will_bury_you_in_the_us_round_waits_for_the_following_one():
    state = mid("us", [50, 19], poland=(0, 1))
    state["stack"][1]["last"] = "us"
    state["hands"]["ussr"] = [8, 12]
    do(state, "us", "ops", 50)
    do(state, "us", "order", "event_first")
    do(state, "us", "mode", "influence")
    for _ in range(4):
        do(state, "us", "place", ID["canada"])
    assert state["vp"] == 0 and "50" in state["effects"]


def test_we_will_bury_you_at_defcon_2_in_the_us_round_loses_for_the_us():
    state = mid("us", [50])
    state["defcon"] = 2
    do(state, "us", "ops", 50)
    do(state, "us", "order", "event_first")
    assert RULES.result(state).winners == ["ussr"]


def test_trapped_player_must_play_scoring_cards_when_rounds_run_short():
    """10.1.5: a trap never makes a player hold a scoring card to the end of the turn."""
    state = mid("us", [44])
    do(state, "us", "event", 44)
    trapped_round(state, "ussr", [8, 37, 79])
    state["taken"]["ussr"] = 6  # round 6 of 7: two scoring cards, two rounds left
    state["stack"].pop()
    from games.titles.twilight_struggle.rules.play import start_round
    start_round(state, "ussr", 6, optional=False)
    RULES.flow.settle(state)
    assert ids(state, "ussr") == [37, 79]


# -- 49 Missile Envy -----------------------------------------------------------------------
def test_missile_envy_tie_chosen_by_the_opponent_its_event_gives_ops_only():
    """The USSR chooses between its two 3-ops cards; the US takes Warsaw Pact Formed
    (a USSR event): 3 ops for the US, no event; Missile Envy goes to the USSR hand."""
    state = mid("us", [49, 19], poland=(0, 2))
    state["stack"][1]["last"] = "us"
    state["hands"]["ussr"] = [8, 14, 16, 37]
    do(state, "us", "event", 49)
    assert state["active"] == ["ussr"] and ids(state, "ussr") == [14, 16]
    do(state, "ussr", "card", 16)
    assert state["hands"]["ussr"] == [8, 14, 37, 49]
    assert state["effects"]["49"]["forced_ops"] == 49 and state["effects"]["49"]["role"] == "ussr"
    assert [x for x in state["log"] if x["kind"] == "missile_envy"][0]["card"] == 16
    do(state, "us", "mode", "influence")
    for _ in range(3):
        do(state, "us", "place", ID["canada"])
    assert inf(state, "canada") == (3, 0) and inf(state, "poland") == (0, 2)  # no Warsaw Pact
    assert 16 in state["discard"] and 16 not in state["removed"] and 49 not in state["discard"]
    # the USSR's next round: Missile Envy for operations (or the space race), nothing else
    assert state["active"] == ["ussr"]
    assert sorted(choices(RULES, state, "ussr")) == [("ops", 49), ("space", 49)]
    do(state, "ussr", "ops", 49)
    do(state, "ussr", "mode", "influence")
    do(state, "ussr", "place", ID["poland"])
    do(state, "ussr", "place", ID["poland"])
    assert "49" not in state["effects"] and 49 in state["discard"]
    assert state["active"] == ["us"]


def test_missile_envy_takes_a_neutral_card_and_its_event_happens_for_the_taker():
    state = mid("ussr", [49, 8])
    state["hands"]["us"] = [34, 19]
    state["defcon"] = 3
    do(state, "ussr", "event", 49)  # Nuclear Test Ban (4 ops) is the highest
    assert state["vp"] == -1 and state["defcon"] == 5
    assert state["hands"]["us"] == [19, 49] and 34 in state["discard"]
    assert state["effects"]["49"]["role"] == "us"


def test_missile_envy_uses_the_holders_effective_ops_and_ignores_scoring_cards():
    """Containment: the US 3- and 4-ops cards are both worth 4, the US chooses."""
    state = mid("ussr", [49, 8])
    state["hands"]["us"] = [2, 4, 21]
    state["effects"]["25"] = {"role": "us", "until": "turn", "ops": 1, "max": 4}
    do(state, "ussr", "event", 49)
    assert state["active"] == ["us"] and ids(state, "us") == [4, 21]


def test_missile_envy_with_only_scoring_cards_to_take_is_discarded():
    state = mid("ussr", [49, 8])
    state["hands"]["us"] = [2, 37]
    do(state, "ussr", "event", 49)
    assert state["hands"]["us"] == [2, 37] and 49 in state["discard"]
    assert "49" not in state["effects"] and state["active"] == ["us"]


def test_missile_envy_owed_is_never_headlined_and_a_trapped_holder_discards_it_first():
    state = after_setup()
    state["hands"] = {"ussr": [49, 8], "us": [19, 29]}
    state["effects"]["49"] = {"role": "ussr", "until": "played", "forced_ops": 49}
    assert ids(state, "ussr") == [8]
    state = mid("us", [44])
    do(state, "us", "event", 44)
    state["effects"]["49"] = {"role": "ussr", "until": "played", "forced_ops": 49}
    trapped_round(state, "ussr", [14, 16, 49])
    assert ids(state, "ussr") == [49]
    force_rolls(state, [6])
    do(state, "ussr", "trap_discard", 49)
    assert "49" not in state["effects"] and 49 in state["discard"]


def test_missile_envy_debt_waits_for_a_scoring_card_that_must_be_played():
    """10.1.5: no event stops a scoring card; the debt is paid in a later round."""
    state = mid("us", [19])
    state["effects"]["49"] = {"role": "ussr", "until": "played", "forced_ops": 49}
    trapped_round(state, "ussr", [49, 37])  # round 1: the debt first
    assert ids(state, "ussr") == [49, 49]  # ops or space race
    state["taken"]["ussr"] = 6  # round 7 of 7: the scoring card must be played now
    state["stack"].pop()
    from games.titles.twilight_struggle.rules.play import start_round
    start_round(state, "ussr", 7, optional=False)
    RULES.flow.settle(state)
    assert ids(state, "ussr") == [37] and "49" in state["effects"]


# -- 67 Grain Sales to Soviets -------------------------------------------------------------
def test_grain_sales_random_card_played_by_the_us_for_its_event():
    state = mid("us", [67, 19], angola=(0, 1))
    state["hands"]["ussr"] = [8, 30, 36]
    force_rolls(state, [2, 6])  # the third card: Brush War; then its roll
    do(state, "us", "event", 67)
    assert state["hands"]["ussr"] == [8, 30] and state["active"] == ["us"]
    assert sorted(ids(state, "us"), key=str) == sorted([36, 36, 36, None], key=str)
    assert not [x for x in state["log"] if x.get("card") == 36]  # not public yet
    do(state, "us", "event", 36)
    do(state, "us", "pick", ID["angola"])
    assert inf(state, "angola") == (1, 0) and state["vp"] == 1 and state["milops"]["us"] == 3
    assert 36 in state["discard"] and 67 in state["discard"]


def test_grain_sales_returned_card_then_the_us_uses_grain_sales_ops_with_its_modifiers():
    state = mid("us", [67, 19])
    state["hands"]["ussr"] = [8, 30]
    state["effects"]["25"] = {"role": "us", "until": "turn", "ops": 1, "max": 4}
    force_rolls(state, [0])
    do(state, "us", "event", 67)
    assert ("return", None) in choices(RULES, state, "us")
    assert RULES.view(state, "ussr")["hand_sizes"]["ussr"] == 1
    do(state, "us", "return")
    assert state["hands"]["ussr"] == [8, 30]
    assert not [x for x in state["log"] if x.get("card") == 8]  # the returned card stays secret
    do(state, "us", "mode", "influence")
    for _ in range(3):  # 2 + Containment
        do(state, "us", "place", ID["canada"])
    assert inf(state, "canada") == (3, 0) and state["active"] == ["ussr"]


def test_grain_sales_ussr_card_for_ops_fires_its_event_for_the_ussr():
    state = mid("us", [67, 19])
    state["hands"]["ussr"] = [54]
    do(state, "us", "event", 67)
    assert ("event", 54) not in choices(RULES, state, "us")
    do(state, "us", "ops", 54)
    do(state, "us", "order", "event_first")
    assert inf(state, "chile") == (0, 2)
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    assert 54 in state["removed"] and state["hands"]["ussr"] == []


def test_grain_sales_with_an_empty_ussr_hand_is_just_ops_even_in_the_ussr_round():
    state = mid("ussr", [67, 8])
    state["hands"]["ussr"] = [67]
    do(state, "ussr", "ops", 67)
    do(state, "ussr", "order", "event_first")
    assert state["active"] == ["us"] and state["stack"][-1]["step"] == "ops_mode"
    do(state, "us", "mode", "influence")
    do(state, "us", "place", ID["canada"])
    do(state, "us", "place", ID["canada"])
    assert inf(state, "canada") == (2, 0) and state["active"] == ["ussr"]


def test_missile_envy_headlined_resolves_the_taken_card_in_the_headline():
    """US Missile Envy and USSR Fidel (2 ops each: US first); the US takes COMECON for
    3 ops in the headline; the USSR's first action round is Missile Envy's."""
    state = clear_board(after_setup())
    state["discard"], state["removed"] = [], []
    state["turn"] = 4
    state["hands"] = {"us": [49, 19], "ussr": [8, 14, 12]}
    do(state, "us", "headline", 49)
    do(state, "ussr", "headline", 8)
    assert state["hands"]["ussr"] == [12, 49] and state["active"] == ["us"]
    do(state, "us", "mode", "influence")
    for _ in range(3):
        do(state, "us", "place", ID["canada"])
    assert 14 in state["discard"] and 49 not in state["discard"]
    assert state["inf"]["ussr"][ID["cuba"]] == 3  # then Fidel
    assert sorted(choices(RULES, state, "ussr")) == [("ops", 49), ("space", 49)]
