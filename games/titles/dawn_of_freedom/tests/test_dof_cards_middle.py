"""Middle Year card events, cards 41-81 (42, 43 and 55 are scoring cards): the
main effect, each prerequisite, block or condition, and the cards each one
names. Test names carry the card's slug (`card_tests.py`) for the README table."""
from games.titles.dawn_of_freedom.rules.cards import deal, end_turn_effects, ops_value
from games.titles.dawn_of_freedom.rules.data import COUNTRY_SPACES, PS_IDS, PS_SUIT
from games.titles.dawn_of_freedom.rules.registry import blocked, can_happen, offer_event

from .helpers import COM, DEM, ID, action_round, do, ids, kinds, rolls, sp
from .struggles import struggle
from .test_dof_cards_early import board, opponent_ops, play, top

ROMANIA_SCORING, POLAND_SCORING = 95, 22


def vp_lines(state):
    return [line["change"] for line in kinds(state, "vp")]


# -- 41 Ceausescu ------------------------------------------------------------------
def test_ceausescu_removes_3_democrats_in_romania_checks_then_hits_bucuresti():
    state = board(timisoara=(0, 2), iasi=(0, 2), bucuresti=(3, 0), babes_bolyai_university=(0, 1))
    play(state, COM, 41)
    for key in ("timisoara", "timisoara", "iasi"):
        do(state, COM, "remove", ID[key])
    assert sp(state, "iasi") == (0, 1)
    assert set(ids(state, COM, "check")) == {ID["iasi"], ID["babes_bolyai_university"]}
    do(state, COM, "done")
    # the university (next to Cluj-Napoca) still holds a Democratic SP: 1 off Bucuresti
    assert sp(state, "bucuresti") == (2, 0) and 41 in state["removed"]
    assert "41" not in state["effects"] and state["active"] == [DEM]


def test_ceausescu_has_no_effect_once_the_tyrant_is_gone():
    state = board(timisoara=(0, 2))
    state["romania"]["tyrant"] = "done"
    play(state, COM, 41)
    assert kinds(state, "no_effect") and sp(state, "timisoara") == (0, 2)
    assert 41 in state["removed"]


# -- 44 Inflationary Currency -------------------------------------------------------
def test_inflationary_currency_needs_a_country_where_the_opponent_holds_power():
    state = board()
    assert not can_happen(state, 44, COM)  # the Democrat holds no power yet
    assert can_happen(state, 44, DEM)


def test_inflationary_currency_removes_2_then_a_check_unless_a_3_op_card_is_discarded():
    state = board(krakow=(0, 3), gdansk=(2, 0))
    state["power"]["poland"] = DEM
    action_round(state, COM, [44])
    state["hands"][DEM] = [4, 5]  # Michnik (1 op), General Strike (3 ops)
    do(state, COM, "event", 44)
    do(state, COM, "option", "poland")
    do(state, COM, "remove", ID["krakow"])
    do(state, COM, "remove", ID["krakow"])
    assert ids(state, DEM, "card") == [5]
    do(state, DEM, "decline")
    rolls(state, 6)
    do(state, COM, "check", ID["krakow"])
    assert sp(state, "krakow")[1] == 0


def test_inflationary_currency_cancelled_by_a_discard():
    state = board(krakow=(3, 0))
    action_round(state, DEM, [44])
    state["hands"][COM] = [12, 15]  # Apparatchiks (2 ops), Honecker (3 ops)
    do(state, DEM, "event", 44)
    do(state, DEM, "option", "poland")
    do(state, DEM, "remove", ID["krakow"])
    do(state, DEM, "remove", ID["krakow"])
    assert ids(state, COM, "card") == [15]
    do(state, COM, "card", 15)
    assert 15 in state["discard"] and state["active"] == [COM] and not kinds(state, "support_check")


# -- 45 Soviet Troop Withdrawals, 56 Foreign Television ------------------------------------
def test_soviet_troop_withdrawals_removes_5_in_eastern_europe_2_at_most_each():
    state = board(berlin=(3, 0), krakow=(3, 0), timisoara=(3, 0))
    play(state, DEM, 45)
    assert ID["timisoara"] not in ids(state, DEM, "remove")
    do(state, DEM, "remove", ID["berlin"])
    do(state, DEM, "remove", ID["berlin"])
    assert ID["berlin"] not in ids(state, DEM, "remove")
    for _ in range(2):
        do(state, DEM, "remove", ID["krakow"])
    assert state["active"] == [COM]  # nothing else in Eastern Europe
    assert sp(state, "berlin") == (1, 0) and sp(state, "krakow") == (1, 0)


def test_foreign_television_removes_4_anywhere_but_dresden():
    state = board(dresden=(4, 0), berlin=(3, 0), sofia=(3, 0))
    play(state, DEM, 56)
    assert ID["dresden"] not in ids(state, DEM, "remove")
    for key in ("berlin", "berlin", "sofia", "sofia"):
        do(state, DEM, "remove", ID[key])
    assert sp(state, "dresden") == (4, 0) and sp(state, "sofia") == (1, 0)


# -- 46 Goodbye Lenin! ---------------------------------------------------------------------
def test_goodbye_lenin_takes_helsinki_final_act_by_its_red_title_11_3():
    state = board()
    play(state, DEM, 46)
    # the Communist holds the filler; give him red cards before the event: replay
    state = board()
    action_round(state, DEM, [46])
    state["hands"][COM] = [12, 26, 3]  # Helsinki (red), Walesa (not red)
    do(state, DEM, "event", 46)
    assert kinds(state, "cards_revealed")[0]["cards"] == [26]
    assert ids(state, DEM, "card") == [26]
    do(state, DEM, "card", 26)
    assert "26" in state["effects"] and 26 in state["removed"] and 26 not in state["hands"][COM]
    assert 46 in state["removed"]


def test_goodbye_lenin_without_a_playable_red_card_is_used_for_operations():
    state = board(berlin=(0, 2))
    action_round(state, DEM, [46])
    state["hands"][COM] = [81]  # The Baltic Way: red, but Sajudis has not happened
    do(state, DEM, "event", 46)
    assert kinds(state, "cards_revealed")[0]["cards"] == [81]
    assert top(state) == "ops_mode" and state["stack"][-1]["ops"] == 3


# -- 47 Bulgarian Turks Expelled, 79 The Third Way -------------------------------------------
def test_bulgarian_turks_expelled_scores_2_and_clears_razgrad():
    state = play(board(razgrad=(0, 4)), COM, 47)
    assert vp_lines(state) == [-2] and sp(state, "razgrad") == (0, 0)


def test_the_third_way_scores_2_and_adds_3_to_german_writers():
    state = play(board(), COM, 79)
    assert vp_lines(state) == [-2] and sp(state, "german_writers") == (3, 0)


# -- 48 We Are the People! -------------------------------------------------------------------
def test_we_are_the_people_moves_lutheran_sps_and_protects_leipzig():
    state = board(lutheran_church=(0, 3), leipzig=(0, 1), berlin=(0, 1))
    play(state, DEM, 48)
    assert ids(state, DEM, "option") == ["move_0", "move_1", "move_2", "move_3"]
    do(state, DEM, "option", "move_3")
    do(state, DEM, "place", ID["berlin"])
    do(state, DEM, "place", ID["berlin"])
    assert ID["berlin"] not in ids(state, DEM, "place")
    do(state, DEM, "place", ID["leipzig"])
    assert sp(state, "lutheran_church") == (0, 0) and sp(state, "berlin") == (0, 3)
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    assert ID["leipzig"] not in ids(state, COM, "check") and ID["berlin"] in ids(state, COM, "check")
    end_turn_effects(state)
    assert "48" in state["effects"]


# -- 49 Foreign Currency Debt Burden -------------------------------------------------------------
def test_foreign_currency_debt_burden_scores_1_and_stops_communist_checks_in_a_country():
    state = board(berlin=(0, 2), krakow=(0, 2))
    play(state, DEM, 49)
    assert vp_lines(state) == [1] and "romania" not in ids(state, DEM, "option")
    do(state, DEM, "option", "poland")
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    assert ID["krakow"] not in ids(state, COM, "check") and ID["berlin"] in ids(state, COM, "check")
    end_turn_effects(state)
    assert "49" not in state["effects"]


# -- 50 The Sinatra Doctrine, 53 Li Peng, 58 Austria-Hungary Border Reopened ------------------------
def test_the_sinatra_doctrine_adds_1_op_to_democratic_cards_this_turn():
    state = play(board(), DEM, 50)
    assert ops_value(state, DEM, 4) == 2 and ops_value(state, COM, 12) == 2
    end_turn_effects(state)
    assert ops_value(state, DEM, 4) == 1


def test_li_peng_adds_1_to_communist_tiananmen_square_attempts():
    state = play(board(), COM, 53)
    assert state["effects"]["53"]["until"] == "game"
    rolls(state, 1)
    play(state, COM, 12, use="tst")
    assert kinds(state, "tst_attempt")[0]["mod"] == 2  # own card + Li Peng


def test_austria_hungary_border_reopened_adds_1_op_in_east_germany_only():
    state = board(berlin=(0, 1), krakow=(0, 1))
    play(state, DEM, 58)
    play(state, DEM, 4, use="ops")  # Michnik, 1 op
    do(state, DEM, "mode", "place")
    do(state, DEM, "place", ID["berlin"])
    do(state, DEM, "place", ID["berlin"])  # the bonus op, East Germany only
    assert sp(state, "berlin") == (0, 3) and state["active"] == [COM]


# -- 51 40th Anniversary Celebration ---------------------------------------------------------------------
def test_40th_anniversary_celebration_adds_4_when_the_communist_leads_then_1_vp():
    state = board()
    state["vp"] = -1
    play(state, COM, 51)
    for _ in range(4):
        do(state, COM, "place", ID["berlin"])
    assert sp(state, "berlin") == (4, 0) and state["vp"] == -2


def test_40th_anniversary_celebration_adds_2_otherwise():
    state = play(board(), COM, 51)
    do(state, COM, "place", ID["berlin"])
    do(state, COM, "place", ID["dresden"])
    assert state["vp"] == -1 and state["active"] == [DEM]


# -- 52 Normalization ----------------------------------------------------------------------------------------
def test_normalization_clears_plzen_and_praha():
    state = play(board(plzen=(0, 2), praha=(1, 3)), COM, 52)
    assert sp(state, "plzen") == (0, 0) and sp(state, "praha") == (1, 0)


def test_normalization_with_no_targets_happens_without_effect_5_2_example_4():
    state = opponent_ops(board(berlin=(0, 1)), DEM, 52)
    assert kinds(state, "no_effect")
    do(state, DEM, "mode", "place")
    for _ in range(3):
        do(state, DEM, "place", ID["berlin"])
    assert 52 in state["removed"]


# -- 54 The Crowd Turns Against Ceausescu -------------------------------------------------------------------
def test_the_crowd_turns_against_ceausescu_waits_for_the_romanian_deal():
    state = play(board(timisoara=(0, 2), bucuresti=(3, 0)), DEM, 54)
    assert state["romania"]["crowd"] == "pending" and 54 in state["removed"]
    assert not blocked(state, 97)  # The Tyrant is Gone may now be played


def test_the_crowd_turns_against_ceausescu_gives_3_ops_per_rally_in_romania():
    state = board(timisoara=(0, 4), bucuresti=(4, 0), berlin=(0, 4))
    state["romania"]["crowd"] = "pending"
    state["effects"]["54"] = {"role": DEM, "until": "romania"}
    struggle(state, COM, ROMANIA_SCORING)
    ps = state["ps"]
    rallies = sum(1 for c in ps["discard"] if PS_SUIT[c] == "rally_in_the_square")
    assert len(ps["discard"]) == 15 and kinds(state, "crowd_draw")[0]["n"] == rallies
    assert state["romania"]["crowd"] == "done"
    if rallies:
        assert top(state) == "ops_mode" and state["stack"][-1]["ops"] == 3 * rallies
        do(state, DEM, "mode", "check")
        assert ids(state, DEM, "check") == [ID["bucuresti"]]  # Romania only
        do(state, DEM, "done")
    held = ps["hands"][COM] + ps["hands"][DEM] + ps["deck"] + ps["discard"]
    assert sorted(held) == list(PS_IDS) and "only" not in state["effects"]


# -- 57 Central Committee Reshuffle, 60 Toxic Waste, 66 New Forum -------------------------------------------
def test_central_committee_reshuffle_adds_3_in_a_country_the_communist_holds():
    state = board()
    state["power"]["poland"] = DEM
    play(state, COM, 57)
    assert "poland" not in ids(state, COM, "option")
    do(state, COM, "option", "hungary")
    for _ in range(3):
        do(state, COM, "place", ID["budapest"])
    assert sp(state, "budapest") == (3, 0)


def test_central_committee_reshuffle_needs_a_country_in_communist_hands():
    state = board()
    state["power"] = {c: DEM for c in state["power"]}
    assert not can_happen(state, 57, COM)


def test_toxic_waste_adds_3_to_worker_spaces():
    state = play(board(), DEM, 60)
    assert ID["berlin"] not in ids(state, DEM, "place")
    for key in ("leipzig", "gdansk", "gdansk"):
        do(state, DEM, "place", ID[key])
    assert sp(state, "gdansk") == (0, 2)


def test_new_forum_adds_1_to_3_different_east_german_spaces():
    state = play(board(), DEM, 66)
    do(state, DEM, "place", ID["berlin"])
    assert ID["berlin"] not in ids(state, DEM, "place")
    do(state, DEM, "place", ID["leipzig"])
    do(state, DEM, "place", ID["dresden"])
    assert state["active"] == [COM] and sp(state, "dresden") == (0, 1)


# -- 59 Grenztruppen, 74 FRG Embassies -----------------------------------------------------------------------
def democratic_check(state, key, roll):
    play(state, DEM, 4, use="ops")  # Michnik: 1 op
    do(state, DEM, "mode", "check")
    rolls(state, roll)
    do(state, DEM, "check", ID[key])
    return kinds(state, "support_check")[-1]


def test_grenztruppen_gives_democratic_checks_in_east_germany_minus_1():
    state = play(board(berlin=(2, 0), krakow=(2, 0)), COM, 59)
    assert democratic_check(state, "berlin", 3)["mod"] == -1
    assert democratic_check(state, "krakow", 3)["mod"] == 0
    end_turn_effects(state)
    assert "59" not in state["effects"]


def test_frg_embassies_gives_democratic_checks_in_eastern_europe_plus_1():
    state = play(board(berlin=(2, 0), sofia=(2, 0)), DEM, 74)
    assert democratic_check(state, "berlin", 1)["mod"] == 1
    assert democratic_check(state, "sofia", 1)["mod"] == 0


# -- 61 The Monday Demonstrations -----------------------------------------------------------------------------
def test_the_monday_demonstrations_needs_st_nicholas_church():
    state = board()
    assert blocked(state, 61)
    state["events_done"].append(24)
    assert not blocked(state, 61)


def test_the_monday_demonstrations_controls_church_and_leipzig_then_5_checks():
    state = board(lutheran_church=(1, 0), leipzig=(2, 1), berlin=(3, 0), krakow=(2, 0))
    state["events_done"].append(24)
    play(state, DEM, 61)
    assert sp(state, "lutheran_church") == (1, 6) and sp(state, "leipzig") == (2, 5)
    assert set(ids(state, DEM, "check")) == {ID["lutheran_church"], ID["berlin"], ID["leipzig"]}
    assert state["stack"][-1]["left"] == 5 and state["stack"][-1]["ops"] == 4


# -- 62 Yakovlev Counsels Gorbachev, 72 Peasant Parties Revolt ---------------------------------------------------
def test_yakovlev_counsels_gorbachev_lasts_until_the_next_struggle():
    from games.titles.dawn_of_freedom.rules.struggle import AFTER_HOOKS
    state = play(board(), DEM, 62)
    assert state["effects"]["62"]["yakovlev"] and 62 in state["removed"]
    end_turn_effects(state)
    assert "62" in state["effects"]
    for hook in AFTER_HOOKS:
        hook(state, "poland")
    assert "62" not in state["effects"]


def test_peasant_parties_revolt_takes_a_card_with_a_controlled_farmer_space():
    state = board(lublin=(0, 4), krakow=(0, 3), warszawa=(3, 0))
    state["effects"]["72"] = {"role": DEM, "until": "struggle"}
    struggle(state, COM, POLAND_SCORING)
    ps = state["ps"]
    assert (len(ps["hands"][COM]), len(ps["hands"][DEM])) == (5, 9)
    assert kinds(state, "ps_cards_taken")[0]["n"] == 1 and "72" not in state["effects"]


def test_peasant_parties_revolt_without_a_farmer_space_takes_nothing():
    state = board(krakow=(0, 3), warszawa=(3, 0))
    play(state, DEM, 72)
    struggle(state, COM, POLAND_SCORING)
    assert (len(state["ps"]["hands"][COM]), len(state["ps"]["hands"][DEM])) == (6, 6)
    assert "72" not in state["effects"]


# -- 64 Legacy of 1968 -------------------------------------------------------------------------------------------
def test_legacy_of_1968_adds_1_to_every_czechoslovak_space_not_communist_controlled():
    state = play(board(praha=(3, 0), brno=(1, 0)), DEM, 64)
    assert sp(state, "praha") == (3, 0) and sp(state, "brno") == (1, 1)
    assert sum(state["sp"][DEM][s] for s in COUNTRY_SPACES["czechoslovakia"]) == 10


# -- 65 Presidential Visit ----------------------------------------------------------------------------------------
def test_presidential_visit_the_communist_is_dealt_to_7_once():
    state = play(board(), DEM, 65)
    end_turn_effects(state)
    state["hands"] = {COM: [], DEM: []}
    deal(state)
    assert (len(state["hands"][COM]), len(state["hands"][DEM])) == (7, 8)
    assert "65" not in state["effects"]


# -- 67 Reformer Rehabilitated ---------------------------------------------------------------------------------------
def test_reformer_rehabilitated_needs_to_be_ahead_on_tiananmen_square():
    state = board()
    assert not can_happen(state, 67, DEM)
    state["tst"] = {COM: 1, DEM: 2}
    assert can_happen(state, 67, DEM) and not can_happen(state, 67, COM)


def test_reformer_rehabilitated_replays_a_discarded_event_the_opponents_for_him():
    state = board(berlin=(0, 3))
    state["tst"] = {COM: 0, DEM: 1}
    state["discard"] = [4, 12, 22, 21]
    play(state, DEM, 67)
    assert ids(state, DEM, "card") == [4, 12]  # no scoring card, no Common European Home
    do(state, DEM, "card", 12)  # Apparatchiks: the Communist places
    assert state["active"] == [COM] and top(state) == "event_place"
    for _ in range(3):
        do(state, COM, "place", ID["berlin"])
    assert 12 in state["removed"] and 67 in state["removed"]


# -- 68 Klaus and Komarek -------------------------------------------------------------------------------------------
def test_klaus_and_komarek_removes_2_communists_and_adds_2_in_praha():
    state = play(board(praha=(3, 0)), DEM, 68)
    assert sp(state, "praha") == (1, 2)


# -- 71 Kiss of Death ---------------------------------------------------------------------------------------------------
def test_kiss_of_death_a_discarded_democratic_event_happens_for_the_democrat():
    state = board()
    action_round(state, DEM, [71])
    state["hands"][COM] = [29]  # Jan Palach Week
    do(state, DEM, "event", 71)
    assert sp(state, "charles_university") == (0, 6) and 29 in state["removed"]


def test_kiss_of_death_a_communist_card_is_just_discarded():
    state = board()
    action_round(state, DEM, [71])
    state["hands"][COM] = [12]
    do(state, DEM, "event", 71)
    assert 12 in state["discard"] and not kinds(state, "sp_added")


def test_kiss_of_death_a_discarded_scoring_card_starts_its_struggle_5_3_example_2():
    state = board(krakow=(0, 3), warszawa=(3, 0))
    action_round(state, COM, [71])
    state["hands"][COM] = [71, POLAND_SCORING]
    do(state, COM, "ops", 71)
    do(state, COM, "order", "event_first")
    assert state["ps"]["country"] == "poland" and state["ps"]["attacker"] == DEM


# -- 73 Laszlo Tokes -------------------------------------------------------------------------------------------------------
def test_laszlo_tokes_adds_in_timisoara_and_harghita_then_operations_in_romania():
    state = board(bucuresti=(2, 0), berlin=(0, 2))
    play(state, DEM, 73)
    assert sp(state, "timisoara") == (0, 1) and sp(state, "harghita_covasna") == (0, 1)
    do(state, DEM, "mode", "place")
    assert all(s in COUNTRY_SPACES["romania"] for s in ids(state, DEM, "place"))
    do(state, DEM, "place", ID["timisoara"])
    do(state, DEM, "place", ID["timisoara"])
    assert "only" not in state["effects"] and 73 in state["removed"]


def test_laszlo_tokes_opens_the_massacre_in_timisoara():
    state = board()
    assert blocked(state, 107)
    play(state, DEM, 73)
    assert not blocked(state, 107)


# -- 75 Exit Visas --------------------------------------------------------------------------------------------------------
def test_exit_visas_discards_any_number_and_draws_as_many():
    state = board()
    action_round(state, DEM, [75, 4, 29])
    state["deck"] = [30, 31, 32]
    do(state, DEM, "event", 75)
    do(state, DEM, "card", 4)
    do(state, DEM, "card", 29)  # the hand is empty: the drawing follows
    assert sorted(state["hands"][DEM]) == [31, 32] and {4, 29} <= set(state["discard"])


# -- 76 Warsaw Pact Summit ----------------------------------------------------------------------------------------------------
def test_warsaw_pact_summit_two_checks_on_students_and_intellectuals_plus_2():
    state = board(charles_university=(0, 2), praha=(0, 2))
    play(state, COM, 76)
    do(state, COM, "option", "warsaw_checks")
    assert ids(state, COM, "check") == [ID["charles_university"]]
    assert state["stack"][-1]["ops"] == 4


def test_warsaw_pact_summit_or_4_sps_where_the_democrat_has_none():
    state = board(berlin=(0, 1))
    play(state, COM, 76)
    do(state, COM, "option", "warsaw_place")
    assert ID["berlin"] not in ids(state, COM, "place")
    for _ in range(4):
        do(state, COM, "place", ID["sofia"])
    assert sp(state, "sofia") == (4, 0)


# -- 78 Workers Revolt ----------------------------------------------------------------------------------------------------------
def test_workers_revolt_replaces_the_opponents_sps_on_4_or_more():
    state = board(gdansk=(0, 3), krakow=(0, 1))
    state["power"]["poland"] = DEM
    play(state, COM, 78)
    assert ids(state, COM, "space") == [ID["gdansk"], ID["krakow"]]
    rolls(state, 4)
    do(state, COM, "space", ID["gdansk"])
    assert sp(state, "gdansk") == (3, 0)


def test_workers_revolt_fails_below_4_after_adjacent_control():
    state = board(gdansk=(3, 0), szczecin=(5, 0), bydgoszcz=(5, 0))
    play(state, DEM, 78)
    rolls(state, 5)
    do(state, DEM, "space", ID["gdansk"])  # 5 - 2 adjacent Communist spaces
    assert sp(state, "gdansk") == (3, 0) and not kinds(state, "modified_roll")[0]["success"]


# -- 80 Nepotism ----------------------------------------------------------------------------------------------------------------
def test_nepotism_adds_by_the_roll_to_balkan_worker_spaces():
    state = board()
    rolls(state, 3)
    play(state, COM, 80)
    assert ID["sofia"] not in ids(state, COM, "place") and ID["timisoara"] in ids(state, COM, "place")
    for _ in range(3):
        do(state, COM, "place", ID["ruse"])
    assert sp(state, "ruse") == (3, 0) and state["active"] == [DEM]


# -- 81 The Baltic Way --------------------------------------------------------------------------------------------------------
def test_the_baltic_way_needs_sajudis_then_moves_the_track_and_takes_a_minority():
    state = board()
    assert blocked(state, 81)
    state["events_done"].append(33)
    state["ussr"] = 1
    play(state, DEM, 81)
    assert state["ussr"] == 2 and vp_lines(state) == [3]
    do(state, DEM, "space", ID["razgrad"])
    assert sp(state, "razgrad")[1] >= 1 and not blocked(state, 84)


def test_the_baltic_way_opens_breakaway_baltic_republics():
    state = board()
    state["events_done"] += [33]
    state["ussr"] = 1
    assert blocked(state, 84)
    play(state, DEM, 81)
    assert not blocked(state, 84)


# -- 63 Genscher ----------------------------------------------------------------------------------------------------------------
def test_genscher_democratic_sps_cost_1_in_communist_controlled_east_germany():
    state = board(leipzig=(0, 1), dresden=(4, 0), krakow=(3, 0), gdansk=(0, 1))
    play(state, DEM, 63)
    assert state["effects"]["63"]["until"] == "turn"
    play(state, DEM, 4, use="ops")  # Michnik: 1 op
    do(state, DEM, "mode", "place")
    assert ID["dresden"] in ids(state, DEM, "place") and ID["krakow"] not in ids(state, DEM, "place")
    do(state, DEM, "place", ID["dresden"])
    assert kinds(state, "place")[-1]["cost"] == 1 and sp(state, "dresden") == (4, 1)


# -- 69 Systematization ---------------------------------------------------------------------------------------------------------
def test_systematization_eliminates_a_romanian_space():
    state = board(romanian_writers=(2, 3), bucuresti=(1, 0))
    play(state, COM, 69)
    do(state, COM, "space", ID["romanian_writers"])
    assert sp(state, "romanian_writers") == (0, 0) and sp(state, "bucuresti") == (3, 0)
    assert state["gone"] == [ID["romanian_writers"]]
    play(state, COM, 16)  # Nomenklatura adds to Elite spaces; nothing reaches a gone space
    play(state, COM, 10)  # Cult of Personality
    assert all(s != ID["romanian_writers"] for s in ids(state, COM, "place"))


def test_systematization_while_the_tyrant_is_gone_waits_7_6_4_and_after_it_resolved():
    state = board()
    state["romania"].update(crowd="pending", tyrant="pending")
    play(state, COM, 69)
    assert top(state) == "event_choose"
    state = board()
    state["romania"]["tyrant"] = "done"
    play(state, COM, 69)
    assert kinds(state, "no_effect") and not state["gone"]


def eliminate(state, key):
    """The Communist plays Systematization (69) on ``key``."""
    play(state, COM, 69)
    do(state, COM, "space", ID[key])
    assert state["gone"] == [ID[key]]
    return state


def test_systematization_ruling_24_neighbours_of_bucuresti_become_adjacent_check_in_cluj_gets_1():
    """Reference ruling 24 (card 69): "every two spaces that were both adjacent
    to it become adjacent to each other". Bucuresti gone, the Democrat controls
    Constanta with 3 SPs: his check in Cluj-Napoca gets +1 (6.2.4)."""
    state = eliminate(board(constanta=(0, 3), cluj_napoca=(2, 0)), "bucuresti")
    action_round(state, DEM, [2])  # Solidarity Legalized, 4 ops, his own card
    do(state, DEM, "ops", 2)
    do(state, DEM, "mode", "check")
    rolls(state, 1)
    do(state, DEM, "check", ID["cluj_napoca"])
    line = kinds(state, "support_check")[-1]
    assert line["space"] == ID["cluj_napoca"] and line["mod"] == 1
    assert line["removed"] == 0  # 1 + 4 + 1 = 6 against 2 x 4: nothing


def test_systematization_ruling_24_a_space_adjacent_directly_and_through_it_counts_once():
    """6.2.4 counts each adjacent space once: Brasov and Ploiesti are neighbours
    and were both next to Bucuresti; the new neighbours are a set."""
    from games.titles.dawn_of_freedom.rules.board import adjacent_control, neighbours, rewired
    state = eliminate(board(ploiesti=(0, 3), constanta=(0, 3)), "bucuresti")
    near = neighbours(state, ID["brasov"])
    assert near.count(ID["ploiesti"]) == 1 and ID["bucuresti"] not in near
    assert set(near) == {ID[k] for k in ("iasi", "ploiesti", "cluj_napoca", "craiova", "constanta")}
    assert adjacent_control(state, DEM, ID["brasov"]) == 2  # Ploiesti once, Constanta
    assert neighbours(state, ID["bucuresti"]) == ()
    for a, near in enumerate(rewired((ID["bucuresti"],))):
        assert len(set(near)) == len(near) and a not in near
        assert all(a in rewired((ID["bucuresti"],))[b] for b in near)  # symmetric


def test_systematization_ruling_24_targu_mures_gone_links_iasi_and_harghita_covasna():
    """The reference's discrepancy the engine used to keep (seed 001 is silent;
    ruling 24 of the reference decides): Iasi and Harghita/Covasna, both next
    to Targu Mures, become adjacent once it is eliminated."""
    from games.titles.dawn_of_freedom.rules import RULES
    from games.titles.dawn_of_freedom.rules.board import adjacent_control
    state = eliminate(board(harghita_covasna=(0, 4)), "targu_mures")
    assert adjacent_control(state, DEM, ID["iasi"]) == 1
    assert RULES.view(state, None)["added_links"] == [[ID["iasi"], ID["harghita_covasna"]]]


def test_systematization_ruling_24_placement_reach_6_1_2_follows_the_new_adjacency():
    """6.1.2: placement in or next to a space with own SPs; Harghita/Covasna's
    only neighbour is gone, so Iasi (linked through it) is in reach."""
    state = eliminate(board(harghita_covasna=(0, 1), berlin=(0, 0)), "targu_mures")
    action_round(state, DEM, [2])
    do(state, DEM, "ops", 2)
    do(state, DEM, "mode", "place")
    reach = ids(state, DEM, "place")
    assert ID["iasi"] in reach and ID["targu_mures"] not in reach
    state = eliminate(board(constanta=(0, 1)), "bucuresti")
    action_round(state, DEM, [2])
    do(state, DEM, "ops", 2)
    do(state, DEM, "mode", "place")
    reach = ids(state, DEM, "place")
    assert {ID["cluj_napoca"], ID["brasov"], ID["craiova"], ID["ploiesti"]} <= set(reach)
    assert ID["bucuresti"] not in reach


def test_systematization_ruling_24_ceausescu_counts_spaces_now_next_to_cluj_napoca():
    """Ceausescu (41): a Democratic SP in a space adjacent to Cluj-Napoca at the
    end of the round costs 1 Communist SP in Bucuresti; with the university gone,
    Romanian Writers is adjacent to Cluj-Napoca."""
    from games.titles.dawn_of_freedom.rules.events.middle_year_steps import ceausescu_round_end
    state = eliminate(board(romanian_writers=(0, 1), bucuresti=(3, 0)), "babes_bolyai_university")
    state["effects"]["41"] = {"role": COM, "until": "round"}
    ceausescu_round_end(state, COM)
    assert sp(state, "bucuresti") == (2, 0)


def test_systematization_ruling_24_workers_revolt_subtracts_spaces_now_adjacent():
    """Workers Revolt (78): minus 1 per space adjacent to the target that the
    opponent controls; with Bucuresti gone, Constanta is next to Brasov."""
    from games.titles.dawn_of_freedom.rules.events import middle_year
    state = eliminate(board(brasov=(0, 2), constanta=(0, 3)), "bucuresti")
    state["power"]["romania"] = DEM
    rolls(state, 4)
    middle_year._workers_revolt(state, {"role": COM}, ID["brasov"])
    line = kinds(state, "modified_roll")[-1]
    assert line["total"] == 3 and sp(state, "brasov") == (0, 2)  # 4 - 1 (Constanta)



# -- 70 Securitate ----------------------------------------------------------------------------------------------------------------
def test_securitate_shows_the_democrats_romanian_hand_to_the_communist():
    from games.titles.dawn_of_freedom.rules import RULES
    state = board(timisoara=(0, 3), bucuresti=(3, 0))
    play(state, COM, 70)
    assert state["effects"]["70"]["until"] == "game"
    struggle(state, COM, ROMANIA_SCORING)
    shown = RULES.view(state, COM)["struggle"]["shown"]
    assert shown == sorted(state["ps"]["hands"][DEM]) and kinds(state, "hand_shown")
    assert RULES.view(state, DEM)["struggle"]["shown"] is None
    assert RULES.view(state, None)["struggle"]["shown"] is None


def test_securitate_not_in_other_countries_and_blocked_by_army_backs_revolution():
    state = board(krakow=(0, 3), warszawa=(3, 0))
    play(state, COM, 70)
    struggle(state, COM, POLAND_SCORING)
    assert "shown" not in state["ps"]
    state = board()
    state["effects"]["108"] = {"role": DEM, "until": "game", "blocks": [70]}
    assert blocked(state, 70)


# -- 77 Samizdat ------------------------------------------------------------------------------------------------------------------
def test_samizdat_sets_a_card_aside_until_the_next_deal():
    from games.titles.dawn_of_freedom.rules import RULES
    state = board()
    action_round(state, DEM, [77, 4, 29])
    state["deck"] = [30, 31]
    do(state, DEM, "event", 77)
    do(state, DEM, "card", 29)
    assert sorted(state["hands"][DEM]) == [4, 31] and state["effects"]["77"]["aside"] == 29
    assert RULES.view(state, COM)["effects"]["77"]["aside"] is None
    assert RULES.view(state, DEM)["effects"]["77"]["aside"] == 29
    end_turn_effects(state)
    state["deck"] = list(range(41, 60))
    deal(state)
    assert 29 in state["hands"][DEM] and len(state["hands"][DEM]) == 8 and "77" not in state["effects"]


def test_samizdat_needs_a_card_in_the_democrats_hand():
    state = board()
    state["hands"][DEM] = []
    assert not can_happen(state, 77, DEM)
    state["hands"][DEM] = [4]
    assert can_happen(state, 77, DEM)


# -- 42, 43, 55 the Middle Year scoring cards ------------------------------------------------------------------------------------
def test_east_germany_scoring_bulgaria_scoring_and_czechoslovakia_scoring_start_their_struggles():
    for card, country in ((42, "east_germany"), (43, "bulgaria"), (55, "czechoslovakia")):
        state = struggle(board(), DEM, card)
        assert state["ps"]["country"] == country and state["ps"]["attacker"] == DEM


def test_the_crowd_turns_against_ceausescu_acts_in_a_new_years_eve_struggle_10_3():
    from games.titles.dawn_of_freedom.rules import RULES
    from games.titles.dawn_of_freedom.rules.struggle import start_struggle
    state = board(timisoara=(0, 4), bucuresti=(4, 0))
    state["romania"]["crowd"] = "pending"
    state["stack"] = [{"step": "nye_end"}]
    start_struggle(state, "romania", DEM, card=None, final=True)
    RULES.flow.settle(state)
    assert state["romania"]["crowd"] == "done" and kinds(state, "crowd_draw")
