"""Turn structure, Tiananmen Square boxes and power-struggle details."""
from games.rules.core.testing import choices
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.data import (PERIOD_CARDS, SCARE_TACTICS, SUPPORT_FALTERS,
                                                      SUPPORT_SURGES, TACTIC_FAILS)

from .helpers import COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put, \
    rolls, sp
from .struggles import POLAND_SCORING, poland_example, ps_cards, struggle

MICHNIK, HONECKER, FACTORY_PARTY_CELLS, PRUDENCE = 4, 15, 28, 8


# -- turn (4.x) ----------------------------------------------------------------
def test_4_5_1_the_deal_alternates_communist_first():
    state = after_setup()
    state["hands"] = {COM: [1] * 6, DEM: [2] * 7}
    top = list(state["deck"][-3:])
    state["stack"] = [{"step": "turn", "phase": 0}]
    RULES.flow.settle(state)
    assert kinds(state, "deal")[0]["counts"] == {COM: 2, DEM: 1}
    assert top[-1] in state["hands"][COM] and top[-2] in state["hands"][DEM]
    assert top[-3] in state["hands"][COM]


def test_4_4_middle_year_cards_join_the_deck_after_turn_3_without_the_discards():
    state = after_setup()
    state["turn"], state["discard"] = 3, [5, 6]
    state["hands"] = {COM: [], DEM: []}
    state["stack"] = [{"step": "turn", "phase": 5}]
    RULES.flow.settle(state)
    assert state["turn"] == 4 and kinds(state, "period_cards")[0]["period"] == "middle"
    assert state["discard"] == [5, 6]
    assert set(PERIOD_CARDS["middle"]) <= set(state["deck"] + state["hands"][COM] +
                                              state["hands"][DEM])


def test_4_3_an_empty_deck_is_rebuilt_from_the_discards():
    state = after_setup()
    state["deck"], state["discard"] = [], [5, 6, 7]
    state["hands"] = {COM: [1] * 7, DEM: [2] * 7}
    state["stack"] = [{"step": "turn", "phase": 0}]
    RULES.flow.settle(state)
    assert kinds(state, "reshuffle") and state["discard"] == []
    assert len(state["deck"]) == 1


def test_4_5_2_a_player_without_cards_forfeits_the_round():
    state = after_setup()
    action_round(state, COM, [FACTORY_PARTY_CELLS])
    state["hands"][DEM] = []
    do(state, COM, "ops", FACTORY_PARTY_CELLS)
    do(state, COM, "mode", "place")
    while state["stack"][-1]["step"] == "place":
        do(state, COM, "place", ids(state, COM, "place")[0])
    assert kinds(state, "forfeit")[0] == {"kind": "forfeit", "role": DEM, "round": 1}


def test_scoring_cards_are_the_only_choice_when_rounds_run_out():
    state = after_setup()
    action_round(state, COM, [POLAND_SCORING, FACTORY_PARTY_CELLS])
    state["taken"][COM] = 7
    assert [(v, a) for v, a in choices(RULES, state, COM) if v != "undo"] == [
        ("event", POLAND_SCORING)]


# -- Tiananmen Square (6.3) ----------------------------------------------------
def test_6_3_3_one_attempt_per_turn():
    state = after_setup()
    action_round(state, DEM, [MICHNIK, 17])
    rolls(state, 6)
    do(state, DEM, "tst", MICHNIK)
    assert state["tst"][DEM] == 1 and MICHNIK in state["discard"]
    action_round(state, DEM, [17])
    assert "tst" not in {v for v, _ in choices(RULES, state, DEM)}


def test_6_3_5_box_3_draw_three_keep_one():
    state = after_setup()
    state["tst"] = {COM: 0, DEM: 2}
    action_round(state, DEM, [MICHNIK])
    rolls(state, 6)
    top = sorted(state["deck"][-3:])
    do(state, DEM, "tst", MICHNIK)
    assert state["stack"][-1]["step"] == "tst_news" and sorted(ids(state, DEM, "keep")) == top
    do(state, DEM, "keep", top[0])
    assert top[0] in state["hands"][DEM] and set(top[1:]) <= set(state["discard"])


def test_6_3_5_box_4_removes_two_opponent_sps_only_for_the_first_arrival():
    state = after_setup()
    state["tst"] = {COM: 3, DEM: 0}
    action_round(state, COM, [FACTORY_PARTY_CELLS])
    rolls(state, 6)
    do(state, COM, "tst", FACTORY_PARTY_CELLS)
    church = ID["catholic_church_poland"]
    do(state, COM, "remove", church)
    do(state, COM, "remove", church)
    assert sp(state, "catholic_church_poland")[1] == 3
    second = after_setup()
    second["tst"] = {COM: 4, DEM: 3}
    action_round(second, DEM, [17])
    rolls(second, 6)
    do(second, DEM, "tst", 17)
    assert second["tst"][DEM] == 4 and second["active"] == [COM]  # no award: next round


def test_6_3_5_boxes_7_and_8_offer_their_plays_once_per_turn():
    state = after_setup()
    state["tst"] = {COM: 0, DEM: 8}
    action_round(state, DEM, [HONECKER, 22])
    offered = set(choices(RULES, state, DEM))
    assert ("ops_no_event", HONECKER) in offered and ("both", 22) not in offered
    do(state, DEM, "ops_no_event", HONECKER)
    assert not kinds(state, "event_not_implemented") and state["tst_used"][DEM]["7"]


def test_6_3_5_box_5_swaps_a_card_after_the_deal():
    state = after_setup()
    state["tst"] = {COM: 5, DEM: 0}
    state["stack"] = [{"step": "turn", "phase": 0}]
    RULES.flow.settle(state)
    assert state["stack"][-1]["step"] == "tst_swap" and state["active"] == [COM]
    card = ids(state, COM, "swap")[0]
    do(state, COM, "swap", card)
    assert card in state["discard"] and len(state["hands"][COM]) == 8


def test_6_3_5_a_lasting_box_ends_when_the_opponent_arrives():
    from games.titles.dawn_of_freedom.rules.cards import has_ability
    state = after_setup()
    state["tst"] = {COM: 2, DEM: 1}
    assert has_ability(state, COM, 2) and has_ability(state, DEM, 1) is False
    state["tst"][DEM] = 2
    assert not has_ability(state, COM, 2) and not has_ability(state, DEM, 2)


# -- power struggles (8.x) -----------------------------------------------------
def started(dem_hand, com_hand) -> dict:
    state = poland_example()
    struggle(state, DEM, POLAND_SCORING, {DEM: dem_hand, COM: com_hand})
    do(state, DEM, "no_raise")
    do(state, COM, "no_raise")
    return state


def fill(cards: list, n: int, avoid: list) -> list:
    extra = [c for c in ps_cards("suited", "petition") + ps_cards("suited", "strike")
             if c not in cards and c not in avoid]
    return cards + extra[:n - len(cards)]


def test_8_3_2_wild_cards_support_falters_surges_and_scare_tactics():
    dem = fill([SUPPORT_FALTERS, SUPPORT_SURGES, SCARE_TACTICS], 12, [])
    com = fill(ps_cards("suited", "march")[:3], 8, dem)
    state = started(dem, com)
    rolls(state, 0, 0)
    do(state, DEM, "lead", SUPPORT_FALTERS)
    assert len(state["ps"]["hands"][COM]) == 6 and state["ps"]["attacker"] == COM
    assert len(kinds(state, "ps_falters_discard")) == 2


def test_8_3_2_scare_tactics_removes_one_sp_and_passes_the_initiative():
    dem = fill([SCARE_TACTICS], 12, [])
    com = fill(ps_cards("suited", "march")[:3], 8, dem)
    state = started(dem, com)
    do(state, DEM, "lead", SCARE_TACTICS)
    assert set(ids(state, DEM, "remove")) == {ID["bydgoszcz"], ID["warszawa"]}
    do(state, DEM, "remove", ID["warszawa"])
    assert sp(state, "warszawa") == (2, 0) and state["ps"]["attacker"] == COM


def test_8_3_2_tactic_fails_bans_the_suit_also_for_leaders():
    elite = ps_cards("leader", "elite")[0]
    dem = fill(ps_cards("suited", "march")[:2], 12, [])
    com = fill([TACTIC_FAILS, elite], 8, dem)
    state = started(dem, com)
    do(state, DEM, "lead", dem[0])
    do(state, COM, "match", TACTIC_FAILS)
    assert state["ps"]["banned"] == ["march"] and state["ps"]["attacker"] == DEM
    assert dem[1] not in ids(state, DEM, "lead")
    state["ps"]["attacker"] = COM
    state["stack"][-1] = {"step": "ps_lead", "role": COM}
    state["active"] = [COM]
    assert f"{elite}:march" not in ids(state, COM, "lead_as")
    assert f"{elite}:strike" in ids(state, COM, "lead_as")


def test_8_4_1_a_leader_led_as_rally_gives_plus_2_and_petition_minus_2():
    from games.titles.dawn_of_freedom.rules.struggle import aftermath_modifier
    state = poland_example()
    struggle(state, DEM, POLAND_SCORING)
    ps = state["ps"]
    ps["winner"], ps["suit"] = DEM, "rally_in_the_square"
    assert aftermath_modifier(state) == 2
    ps["suit"], ps["raised"] = "petition", {COM: True, DEM: True}
    assert aftermath_modifier(state) == 0
    state["effects"]["62"] = {"role": DEM, "yakovlev": True, "until": "struggle"}
    assert aftermath_modifier(state) == 1


def test_8_0_automatic_victory_waits_for_the_end_of_the_struggle():
    state = poland_example()
    state["vp"] = 19
    dem = ps_cards("suited", "march")[:4] + ps_cards("suited", "strike")[:8]
    com = ps_cards("suited", "petition") + ps_cards("suited", "strike")[8:10]
    struggle(state, DEM, POLAND_SCORING, {DEM: dem, COM: com})
    do(state, DEM, "no_raise")
    do(state, COM, "no_raise")
    do(state, DEM, "lead", dem[0])
    rolls(state, 1, 2)  # no support loss; 1 VP, not enough to topple (8.4.4)
    do(state, COM, "concede")
    assert state["vp"] == 20 and state["result"] is None and state["ps"] is not None
    do(state, COM, "surrender")
    assert state["result"]["reason"] == "vp" and state["result"]["winners"] == [DEM]


def test_clear_board_keeps_a_valid_position():
    state = clear_board(after_setup())
    put(state, berlin=(1, 1))
    assert sp(state, "berlin") == (1, 1)
