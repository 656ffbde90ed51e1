"""Early Year card events, cards 1-21 (22 and 23 are scoring cards): the main
effect, each prerequisite, block or condition, and the cards each one names.
Test names carry the card's slug (`card_tests.py`) for the README table."""
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.cards import end_turn_effects, ops_value
from games.titles.dawn_of_freedom.rules.data import COUNTRY_SPACES
from games.titles.dawn_of_freedom.rules.registry import can_happen, offer_event

from .helpers import (COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put,
                      rolls, sp)

POLAND_SCORING, MODROW, BREAKAWAY, WALL_MUST_GO, TYRANT = 22, 83, 84, 86, 97


def board(**where) -> dict:
    return put(clear_board(after_setup()), **where)


def play(state: dict, role: str, card: int, hand=(), use: str = "event") -> dict:
    """``role`` plays ``card`` (holding also ``hand``) for ``use``."""
    action_round(state, role, [card, *hand])
    do(state, role, use, card)
    return state


def opponent_ops(state: dict, role: str, card: int, order: str = "event_first") -> dict:
    """``role`` plays the opponent's ``card`` for ops; its event comes ``order``."""
    play(state, role, card, use="ops")
    do(state, role, "order", order)
    return state


def top(state: dict) -> str:
    return state["stack"][-1]["step"]


def finish_ops_with_nothing(state: dict, role: str) -> None:
    """Answer an operations prompt with checks declined."""
    do(state, role, "mode", "check")
    do(state, role, "done")


# -- 1 Legacy of Martial Law ---------------------------------------------------
def test_legacy_of_martial_law_converts_a_polish_sp_then_one_check_in_poland():
    state = board(gdansk=(0, 2), krakow=(0, 1), berlin=(0, 3))
    play(state, COM, 1)
    assert ids(state, COM, "space") == [ID["gdansk"], ID["krakow"]]
    do(state, COM, "space", ID["gdansk"])
    assert sp(state, "gdansk") == (1, 1)
    assert ID["berlin"] not in ids(state, COM, "check")  # Poland only
    rolls(state, 6)  # 6 + 2 ops + 0 - 2 * 3 = 2: 1 SP removed, 1 added
    do(state, COM, "check", ID["krakow"])
    assert sp(state, "krakow") == (1, 0) and 1 in state["removed"]


def test_legacy_of_martial_law_without_democrats_in_poland_skips_to_nothing():
    state = board(berlin=(0, 3))
    play(state, COM, 1)
    assert kinds(state, "event") and state["active"] == [DEM]  # no choice, no target


# -- 2 Solidarity Legalized, 3 Walesa --------------------------------------------
def test_solidarity_legalized_adds_to_uncontrolled_polish_workers_and_farmers():
    state = board(gdansk=(3, 0), krakow=(0, 3), lodz=(1, 1))
    play(state, DEM, 2)
    assert sp(state, "gdansk") == (3, 0) and sp(state, "krakow") == (0, 3)  # controlled
    assert sp(state, "lodz") == (1, 2) and sp(state, "lublin") == (0, 1)
    assert sp(state, "warszawa") == (0, 0)  # a bureaucrat space
    assert state["effects"]["2"]["until"] == "game" and 2 in state["removed"]


def test_solidarity_legalized_keeps_communist_checks_out_of_gdansk_for_the_game():
    state = board(gdansk=(0, 2), szczecin=(0, 2))
    state["effects"]["2"] = {"role": DEM, "until": "game"}
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    targets = ids(state, COM, "check")
    assert ID["gdansk"] not in targets and ID["szczecin"] in targets
    end_turn_effects(state)
    assert "2" in state["effects"]


def test_walesa_needs_solidarity_legalized_5_2_example_2():
    """The Communist plays Walesa for ops before Solidarity Legalized: no event,
    the card is discarded, not removed."""
    state = board(berlin=(3, 0))
    action_round(state, DEM, [3])
    assert not offer_event(state, 3, DEM)
    play(state, COM, 3, use="ops")
    assert kinds(state, "event_blocked")[0]["card"] == 3
    do(state, COM, "mode", "place")
    for _ in range(3):
        do(state, COM, "place", ID["berlin"])
    assert 3 in state["discard"] and 3 not in state["removed"]


def test_walesa_after_solidarity_legalized_places_4_in_poland_then_2_checks():
    state = board(warszawa=(5, 0), krakow=(2, 0), berlin=(2, 0))
    state["events_done"].append(2)
    play(state, DEM, 3)
    assert set(ids(state, DEM, "place")) == set(COUNTRY_SPACES["poland"])
    for _ in range(4):
        do(state, DEM, "place", ID["warszawa"])  # 1 each even where the Communist controls
    assert sp(state, "warszawa") == (5, 4)
    assert ID["berlin"] not in ids(state, DEM, "check")
    rolls(state, 6, 1)
    do(state, DEM, "check", ID["krakow"])  # 6 + 3 - 6 = 3: 2 removed, 1 added
    assert sp(state, "krakow") == (0, 1)
    do(state, DEM, "check", ID["warszawa"])  # 1 + 3 + mod - 6 < 1
    assert state["active"] == [COM] and 3 in state["removed"]


# -- 4 Michnik --------------------------------------------------------------------
def test_michnik_adds_3_to_polish_writers():
    state = board()
    play(state, DEM, 4)
    assert sp(state, "polish_writers") == (0, 3) and 4 in state["removed"]


def test_michnik_for_ops_with_prudence_and_tst_box_2_7_3_1():
    """A 1-op card counts 2 with box 2, then Prudence takes 1: 1 op."""
    state = board(polish_writers=(0, 1))
    state["tst"] = {DEM: 2, COM: 0}
    state["effects"]["8"] = {"role": DEM, "until": "turn", "ops": -1}
    assert ops_value(state, DEM, 4) == 1


# -- 5 General Strike ----------------------------------------------------------------
def strike(state: dict) -> dict:
    """General Strike in effect; the Communist's action round starts."""
    state["effects"]["5"] = {"role": COM, "until": "strike"}
    action_round(state, DEM, [2])
    state["hands"][COM] = [7, 12, POLAND_SCORING]
    do(state, DEM, "ops", 2)  # the Democrat's round: Solidarity is his own card
    state["hands"][DEM] = [4]
    finish_ops_with_nothing(state, DEM)
    return state


def test_general_strike_replaces_the_communist_round_by_a_discard_and_roll():
    state = play(board(berlin=(3, 0)), DEM, 5)
    assert state["effects"]["5"]["until"] == "strike" and 5 in state["removed"]
    state = strike(board(berlin=(3, 0), warszawa=(0, 1)))
    assert top(state) == "general_strike"
    assert ids(state, COM, "discard") == [7, 12] and ids(state, COM, "event") == [POLAND_SCORING]
    rolls(state, 3)  # 3 + 2 ops = 5: not above 5, the strike goes on
    do(state, COM, "discard", 7)
    assert 7 in state["discard"] and not kinds(state, "event")
    assert kinds(state, "strike_roll")[0]["ended"] is False and "5" in state["effects"]
    assert state["active"] == [DEM]  # one discard per round (11.2)


def test_general_strike_ends_above_5_and_lasts_across_turns():
    state = strike(board(berlin=(3, 0)))
    end_turn_effects(state)
    assert "5" in state["effects"]  # 11.2: may last more than one turn
    rolls(state, 4)  # 4 + 2 = 6
    do(state, COM, "discard", 12)
    assert "5" not in state["effects"] and kinds(state, "effect_ends")


def test_general_strike_total_uses_the_ops_modifiers_of_prudence():
    state = strike(board(berlin=(3, 0)))
    state["effects"]["8"] = {"role": COM, "until": "turn", "ops": -1}
    rolls(state, 4)  # 4 + (2 - 1) = 5
    do(state, COM, "discard", 12)
    assert "5" in state["effects"]


def test_general_strike_lets_the_communist_play_a_scoring_card_without_a_roll():
    state = strike(board(berlin=(3, 0)))
    do(state, COM, "event", POLAND_SCORING)
    assert kinds(state, "struggle") and not kinds(state, "strike_roll") and "5" in state["effects"]


# -- 6 Brought in for Questioning ---------------------------------------------------------
def test_brought_in_for_questioning_a_communist_event_discarded_happens():
    state = board()
    action_round(state, COM, [6])
    state["hands"][DEM] = [4, 12]
    rolls(state, 1)  # the random pick: index 1, Apparatchiks
    do(state, COM, "event", 6)
    assert kinds(state, "discard")[0]["card"] == 12 and state["hands"][DEM] == [4]
    for _ in range(3):
        do(state, COM, "place", ID["berlin"])
    assert sp(state, "berlin")[0] == 3 and 12 in state["removed"] and 6 in state["discard"]


def test_brought_in_for_questioning_a_discarded_scoring_card_does_nothing_5_3_example_1():
    state = board(berlin=(3, 0))
    action_round(state, DEM, [6, POLAND_SCORING])
    do(state, DEM, "ops", 6)
    do(state, DEM, "order", "event_first")
    assert state["hands"][DEM] == [] and POLAND_SCORING in state["discard"]
    assert state["ps"] is None and not kinds(state, "struggle")


def test_brought_in_for_questioning_with_an_empty_hand_has_no_effect():
    state = board()
    action_round(state, COM, [6])
    state["hands"][DEM] = []
    do(state, COM, "event", 6)
    assert kinds(state, "no_effect")


# -- 7 State Run Media ------------------------------------------------------------------------
def test_state_run_media_removes_4_democratic_sps_at_most_2_per_space():
    state = board(gdansk=(0, 3), krakow=(0, 3), berlin=(0, 1))
    play(state, COM, 7)
    do(state, COM, "remove", ID["gdansk"])
    do(state, COM, "remove", ID["gdansk"])
    assert ID["gdansk"] not in ids(state, COM, "remove")
    do(state, COM, "remove", ID["krakow"])
    do(state, COM, "remove", ID["berlin"])
    assert [sp(state, k) for k in ("gdansk", "krakow", "berlin")] == [(0, 1), (0, 2), (0, 0)]
    assert state["active"] == [DEM] and 7 in state["removed"]


# -- 8 Prudence --------------------------------------------------------------------------------
def test_prudence_takes_1_op_from_the_opponent_for_the_turn_either_side():
    state = board()
    play(state, COM, 8)
    assert (ops_value(state, DEM, 40), ops_value(state, COM, 40)) == (2, 3)
    assert ops_value(state, DEM, 4) == 1  # 7.3.2: never below 1
    assert 8 in state["discard"]  # no asterisk: it may come back this turn
    end_turn_effects(state)
    assert ops_value(state, DEM, 40) == 3
    play(state, DEM, 8)
    assert ops_value(state, COM, 40) == 2


def test_prudence_played_twice_by_the_same_side_adds_up():
    state = board()
    play(state, COM, 8)
    state["discard"].remove(8)
    play(state, COM, 8)
    assert ops_value(state, DEM, 40) == 1 and sorted(state["effects"]) == ["8", "8.2"]


def test_prudence_perestroika_and_consumerism_7_3_3():
    """The Communist under Perestroika places 4 with Consumerism; its event's
    check for the Democrat under Prudence uses 2 ops."""
    state = board(leipzig=(2, 0), berlin=(2, 0))
    state["effects"]["25"] = {"role": COM, "until": "turn", "ops": 1}
    state["effects"]["8"] = {"role": DEM, "until": "turn", "ops": -1}
    opponent_ops(state, COM, 27, "ops_first")
    do(state, COM, "mode", "place")
    for _ in range(4):
        do(state, COM, "place", ID["berlin"])
    do(state, DEM, "space", ID["leipzig"])
    assert sp(state, "leipzig") == (1, 0)
    assert state["stack"][-1]["ops"] == 2


# -- 9 The Wall -------------------------------------------------------------------------------
def test_the_wall_ignores_democratic_adjacency_in_the_next_east_german_check():
    state = board(leipzig=(0, 3), dresden=(0, 4), karl_marx_stadt=(0, 3), erfurt=(0, 3))
    play(state, COM, 9)
    assert "9" in state["effects"] and 9 in state["removed"]
    state = board(leipzig=(0, 3), dresden=(0, 4), karl_marx_stadt=(0, 3), halle=(0, 1))
    state["effects"]["9"] = {"role": COM, "until": "used"}
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    rolls(state, 5, 5)
    do(state, COM, "check", ID["leipzig"])
    first = kinds(state, "support_check")[0]
    assert first["mod"] == 0 and "9" not in state["effects"]  # used up
    do(state, COM, "check", ID["halle"])
    assert kinds(state, "support_check")[1]["mod"] < 0


def test_the_wall_is_untouched_by_a_check_outside_east_germany():
    state = board(krakow=(0, 2))
    state["effects"]["9"] = {"role": COM, "until": "used"}
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    rolls(state, 1)
    do(state, COM, "check", ID["krakow"])
    assert "9" in state["effects"]


def test_the_wall_cannot_happen_once_the_wall_must_go_blocks_it():
    state = board()
    state["effects"]["86"] = {"role": DEM, "until": "game", "blocks": [9]}
    assert not can_happen(state, 9, COM)
    play(state, DEM, 9, use="ops")
    assert kinds(state, "event_blocked") and WALL_MUST_GO


# -- 10 Cult of Personality ----------------------------------------------------------------------
def test_cult_of_personality_adds_4_to_romanian_workers_and_farmers_2_each():
    state = board()
    play(state, COM, 10)
    choices = ids(state, COM, "place")
    assert ID["timisoara"] in choices and ID["bucuresti"] not in choices
    do(state, COM, "place", ID["timisoara"])
    do(state, COM, "place", ID["timisoara"])
    assert ID["timisoara"] not in ids(state, COM, "place")
    do(state, COM, "place", ID["craiova"])
    do(state, COM, "place", ID["craiova"])
    assert sp(state, "timisoara") == (2, 0) and sp(state, "craiova") == (2, 0)


def test_cult_of_personality_has_no_effect_once_the_tyrant_is_gone():
    state = board()
    state["romania"]["tyrant"] = "done"
    play(state, COM, 10)
    assert kinds(state, "no_effect") and 10 in state["removed"] and TYRANT


def test_cult_of_personality_still_works_while_the_tyrant_is_gone_waits_7_6_4():
    state = board()
    state["romania"]["tyrant"] = "pending"
    play(state, COM, 10)
    assert top(state) == "event_place"


# -- 11 Dissident Arrested ------------------------------------------------------------------------
def test_dissident_arrested_removes_up_to_2_from_one_intellectual_space():
    state = board(polish_writers=(0, 3), czech_writers=(0, 1), krakow=(0, 3))
    play(state, COM, 11)
    assert ids(state, COM, "space") == [ID["polish_writers"], ID["czech_writers"]]
    do(state, COM, "space", ID["polish_writers"])
    assert sp(state, "polish_writers") == (0, 1) and 11 in state["discard"]


def test_dissident_arrested_with_no_target_has_no_effect():
    state = board(krakow=(0, 3))
    play(state, COM, 11)
    assert kinds(state, "no_effect")


# -- 12 Apparatchiks ------------------------------------------------------------------------------
def test_apparatchiks_adds_3_to_bureaucrat_spaces():
    state = board()
    play(state, COM, 12)
    assert len(ids(state, COM, "place")) == 6
    for key in ("berlin", "praha", "praha"):
        do(state, COM, "place", ID[key])
    assert sp(state, "praha") == (2, 0) and state["active"] == [DEM]


# -- 13 Stasi -------------------------------------------------------------------------------------
def stasi_round(state: dict, hand: list) -> dict:
    """Stasi in effect; the Democrat has just finished an action round."""
    state["effects"]["13"] = {"role": COM, "until": "turn", "named": None}
    action_round(state, DEM, [4, *hand])
    do(state, DEM, "event", 4)
    return state


def test_stasi_the_democrat_names_his_next_card_and_must_play_it():
    state = play(board(), COM, 13)
    assert state["effects"]["13"]["named"] is None
    state = stasi_round(board(berlin=(3, 0)), [19, 29])
    assert top(state) == "event_choose" and ids(state, DEM, "card") == [19, 29]
    do(state, DEM, "card", 29)
    assert state["effects"]["13"]["named"] == 29 and kinds(state, "stasi_named")
    state["hands"][COM] = [12]
    do(state, COM, "event", 12)
    for _ in range(3):
        do(state, COM, "place", ID["berlin"])
    assert {a for a in ids(state, DEM)} == {29}


def test_stasi_named_common_european_home_must_be_used_for_operations():
    state = stasi_round(board(berlin=(3, 0), leipzig=(0, 1)), [21, 12])
    do(state, DEM, "card", 21)
    state["hands"][COM] = [7]
    do(state, COM, "ops", 7)
    finish_ops_with_nothing(state, COM)
    assert ("event", 21) not in [(v, a) for v, a in
                                 [(c.verb, c.arg) for c in RULES.prompt(state, DEM).choices]]
    assert ids(state, DEM, "ops") == [21]


def test_stasi_ends_with_the_turn():
    state = play(board(), COM, 13)
    end_turn_effects(state)
    assert "13" not in state["effects"]


# -- 14 Gorbachev Charms the West -----------------------------------------------------------------
def test_gorbachev_charms_the_west_removes_2_opponent_sps_then_one_check():
    state = board(krakow=(0, 3), leipzig=(0, 1))
    play(state, COM, 14)
    do(state, COM, "remove", ID["krakow"])
    do(state, COM, "remove", ID["leipzig"])
    assert sp(state, "krakow") == (0, 2) and ids(state, COM, "check") == [ID["krakow"]]
    rolls(state, 6)  # 6 + 4 - 6 = 4
    do(state, COM, "check", ID["krakow"])
    assert sp(state, "krakow") == (2, 0) and 14 in state["discard"]


def test_gorbachev_charms_the_west_for_the_democrat():
    state = board(berlin=(3, 0))
    play(state, DEM, 14)
    do(state, DEM, "remove", ID["berlin"])
    do(state, DEM, "remove", ID["berlin"])
    assert sp(state, "berlin") == (1, 0)


def test_gorbachev_charms_the_west_cannot_happen_after_breakaway_baltic_republics_12_4():
    state = board()
    state["ussr"] = 3
    state["events_done"].append(BREAKAWAY)
    assert not offer_event(state, 14, COM) and not offer_event(state, 14, DEM)


# -- 15 Honecker ----------------------------------------------------------------------------------
def test_honecker_takes_a_discarded_card_and_offers_an_8th_round():
    state = board(berlin=(3, 0))
    state["discard"] = [POLAND_SCORING, 7]
    play(state, COM, 15)
    assert ids(state, COM, "card") == [7]
    do(state, COM, "card", 7)
    assert 7 in state["hands"][COM] and 15 in state["removed"]
    assert state["effects"]["15"]["extra_round"] == COM
    assert state["active"] == [DEM]
    eighth_round(state)
    assert top(state) == "event_choose" and ids(state, COM, "option") == ["extra_round",
                                                                         "no_extra_round"]
    do(state, COM, "option", "extra_round")
    assert top(state) == "action" and state["ar"] == 8


def eighth_round(state: dict) -> None:
    """The Democrat's 7th round is over: the rounds step goes on to round 8."""
    state["stack"] = [{"step": "turn", "phase": 2}, {"step": "rounds", "n": 8, "next": COM}]
    state["taken"] = {COM: 7, DEM: 7}
    RULES.flow.settle(state)


def test_honecker_extra_round_may_be_declined():
    state = board()
    state["effects"]["15"] = {"role": COM, "until": "turn", "extra_round": COM}
    action_round(state, COM, [7])
    eighth_round(state)
    do(state, COM, "option", "no_extra_round")
    assert kinds(state, "extra_round")[0]["taken"] is False
    assert state["turn"] == 2 and "15" not in state["effects"]  # the turn went on and ended


def test_honecker_cannot_happen_after_modrow_5_2_example_3():
    state = board(berlin=(3, 0))
    state["events_done"].append(MODROW)
    play(state, DEM, 15, use="ops")
    assert kinds(state, "event_blocked")
    finish_ops_with_nothing(state, DEM)
    assert 15 in state["discard"] and 15 not in state["removed"]


# -- 16 Nomenklatura ------------------------------------------------------------------------------
def test_nomenklatura_clears_democrats_from_every_elite_space():
    state = board(dresden=(0, 3), plzen=(1, 2), krakow=(0, 2))
    play(state, COM, 16)
    do(state, COM, "option", "clear_elites")
    assert sp(state, "dresden") == (0, 0) and sp(state, "plzen") == (1, 0)
    assert sp(state, "krakow") == (0, 2)


def test_nomenklatura_or_adds_3_to_elite_spaces():
    state = board()
    play(state, COM, 16)
    do(state, COM, "option", "add_elites")
    assert len(ids(state, COM, "place")) == 6
    for _ in range(3):
        do(state, COM, "place", ID["dresden"])
    assert sp(state, "dresden") == (3, 0)


# -- 17 Roundtable Talks --------------------------------------------------------------------------
def test_roundtable_talks_takes_2_random_communist_cards_at_the_next_deal():
    from .struggles import poland_example, struggle
    state = poland_example()
    state["effects"]["17"] = {"role": DEM, "until": "struggle", "board": True}
    state["board"].append(17)
    struggle(state, COM, POLAND_SCORING)
    ps = state["ps"]
    assert (len(ps["hands"][COM]), len(ps["hands"][DEM])) == (6, 14)  # 8.1.2: 8 and 12
    assert kinds(state, "roundtable_transfer")[0]["n"] == 2
    assert "17" not in state["effects"] and 17 in state["discard"]


def test_roundtable_talks_stays_beside_the_board_until_then():
    state = board()
    play(state, DEM, 17)
    assert 17 in state["board"] and "17" in state["effects"]
    end_turn_effects(state)
    assert "17" in state["effects"]


def test_roundtable_talks_for_ops_with_prudence_7_3_1():
    state = board(leipzig=(1, 1))
    state["effects"]["8"] = {"role": DEM, "until": "turn", "ops": -1}
    assert ops_value(state, DEM, 17) == 2


# -- 18 Pozsgay Defends the Revolution ------------------------------------------------------------
def test_pozsgay_adds_1_to_4_different_hungarian_spaces_not_democratic():
    state = board(budapest=(0, 3), szeged=(0, 1))
    play(state, COM, 18)
    choices = ids(state, COM, "place")
    assert ID["budapest"] not in choices and ID["szeged"] in choices
    for key in ("szeged", "pecs", "gyor", "debrecen"):
        assert ID[key] in ids(state, COM, "place")
        do(state, COM, "place", ID[key])
    assert sp(state, "szeged") == (1, 1) and state["active"] == [DEM]


# -- 19 Papal Visit -------------------------------------------------------------------------------
def test_papal_visit_adds_3_to_one_catholic_church():
    state = board()
    play(state, DEM, 19)
    assert len(ids(state, DEM, "space")) == 3
    do(state, DEM, "space", ID["catholic_church_hungary"])
    assert sp(state, "catholic_church_hungary") == (0, 3)


# -- 20 Deutsche Marks ----------------------------------------------------------------------------
def test_deutsche_marks_a_communist_card_given_has_its_event():
    state = board()
    action_round(state, COM, [20])
    state["hands"][DEM] = [4, 12, POLAND_SCORING]
    do(state, COM, "event", 20)
    assert kinds(state, "card_given")[0]["card"] == 12 and top(state) == "event_place"


def test_deutsche_marks_the_democrat_breaks_a_tie_and_the_communist_uses_its_ops():
    state = board(berlin=(3, 0), leipzig=(0, 1))
    action_round(state, COM, [20])
    state["hands"][DEM] = [2, 14, 4]
    do(state, COM, "event", 20)
    assert ids(state, DEM, "card") == [2, 14]
    do(state, DEM, "card", 2)
    assert set(ids(state, COM, "mode")) == {"place", "check", "tst"}
    do(state, COM, "mode", "tst")
    assert kinds(state, "tst_attempt") and 2 in state["discard"] and not kinds(state, "event")[1:]


def test_deutsche_marks_with_no_card_to_give_has_no_effect():
    state = board()
    action_round(state, COM, [20])
    state["hands"][DEM] = [POLAND_SCORING]
    do(state, COM, "event", 20)
    assert kinds(state, "no_effect")


# -- 21 Common European Home ----------------------------------------------------------------------
def test_common_european_home_needs_an_opponents_card_in_hand():
    state = board()
    action_round(state, DEM, [21, 4])
    assert not offer_event(state, 21, DEM)
    action_round(state, DEM, [21, 12])
    assert offer_event(state, 21, DEM)


def test_common_european_home_uses_the_paired_card_for_ops_without_its_event():
    state = board(berlin=(3, 0), leipzig=(0, 1))
    play(state, DEM, 21, hand=[12, 4])
    assert ids(state, DEM, "card") == [12]
    do(state, DEM, "card", 12)
    assert not kinds(state, "event")[1:] and kinds(state, "paired")
    do(state, DEM, "mode", "place")
    assert state["stack"][-1]["ops"] == 2
    do(state, DEM, "place", ID["leipzig"])
    do(state, DEM, "place", ID["leipzig"])
    assert 12 in state["discard"] and 21 in state["discard"] and state["vp"] == 0


def test_common_european_home_alone_for_ops_gives_the_opponent_1_vp():
    state = board(berlin=(3, 0))
    play(state, COM, 21, use="ops")
    assert state["vp"] == 1
    state = board(berlin=(3, 0))
    play(state, DEM, 21, use="tst")
    assert state["vp"] == -1


# -- 22, 23: the Early Year scoring cards (they come with the engine) -----------------------
def test_poland_scoring_starts_a_power_struggle_in_poland():
    state = play(board(gdansk=(0, 3)), DEM, POLAND_SCORING)
    assert state["ps"]["country"] == "poland" and state["ps"]["attacker"] == DEM


def test_hungary_scoring_starts_a_power_struggle_in_hungary():
    state = play(board(budapest=(3, 0)), COM, 23)
    assert state["ps"]["country"] == "hungary" and state["ps"]["attacker"] == COM
