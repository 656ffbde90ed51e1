"""Late Year card events, cards 82-110 (95 is a scoring card, 97 is tested with
Romania 7.6): the main effect, each prerequisite, block or condition, and the
cards each one names. Test names carry the card's slug (`card_tests.py`)."""
from games.titles.dawn_of_freedom.rules.cards import end_turn_effects
from games.titles.dawn_of_freedom.rules.data import COUNTRY_SPACES
from games.titles.dawn_of_freedom.rules.registry import blocked, can_happen, offer_event

from .helpers import COM, DEM, ID, action_round, do, ids, kinds, rolls, sp
from .struggles import struggle
from .test_dof_cards_early import board, opponent_ops, play, top

HONECKER, GORBACHEV, THE_WALL, SECURITATE, MALTA = 15, 14, 9, 70, 110
POLAND_SCORING, ROMANIA_SCORING = 22, 95


def vp_lines(state):
    return [line["change"] for line in kinds(state, "vp")]


# -- 82 Spitzel --------------------------------------------------------------------------
def test_spitzel_removes_2_democratic_sps_in_east_germany():
    state = play(board(berlin=(0, 1), leipzig=(0, 2), krakow=(0, 2)), COM, 82)
    assert set(ids(state, COM, "remove")) == {ID["berlin"], ID["leipzig"]}
    do(state, COM, "remove", ID["leipzig"])
    do(state, COM, "remove", ID["leipzig"])
    assert sp(state, "leipzig") == (0, 0) and state["active"] == [DEM]


# -- 83 Modrow ---------------------------------------------------------------------------
def test_modrow_on_a_roll_above_democratic_east_german_spaces_adds_4():
    state = board(berlin=(0, 4))
    rolls(state, 2)
    play(state, COM, 83)
    for key in ("dresden", "dresden", "leipzig", "leipzig"):
        do(state, COM, "place", ID[key])
    assert sp(state, "dresden") == (2, 0) and ID["dresden"] not in ids(state, COM, "place")


def test_modrow_fails_at_or_below_and_still_ends_honecker():
    state = board(berlin=(0, 4))
    rolls(state, 1)
    play(state, COM, 83)
    assert not kinds(state, "modified_roll")[0]["success"] and state["active"] == [DEM]
    assert blocked(state, HONECKER)


# -- 84 Breakaway Baltic Republics --------------------------------------------------------------
def test_breakaway_baltic_republics_needs_the_baltic_way():
    state = board()
    state["events_done"].append(33)
    assert blocked(state, 84)
    state["events_done"].append(81)
    assert not blocked(state, 84) and offer_event(state, 84, DEM)


def test_breakaway_baltic_republics_moves_the_track_takes_a_minority_then_one_check():
    state = board(berlin=(3, 0))
    state["events_done"] += [33, 81]
    state["ussr"] = 2
    play(state, DEM, 84)
    assert state["ussr"] == 3 and vp_lines(state) == [5]
    do(state, DEM, "space", ID["harghita_covasna"])
    assert ids(state, DEM, "check") == [ID["berlin"]] and state["stack"][-1]["ops"] == 4
    do(state, DEM, "done")
    assert blocked(state, GORBACHEV) and not blocked(state, 109)


# -- 85 Tank Column/Tank Man ----------------------------------------------------------------
def test_tank_column_tank_man_moves_one_box_without_a_roll():
    state = board()
    state["tst_failed"][COM] = 1
    play(state, COM, 85)
    assert state["tst"][COM] == 1 and state["tst_failed"][COM] == 0
    assert not state["tst_tried"][COM]  # the turn's attempt is still there


def test_tank_column_tank_man_does_nothing_on_the_last_box():
    state = board()
    state["tst"][DEM] = 8
    play(state, DEM, 85)
    assert kinds(state, "no_effect") and state["tst"][DEM] == 8


# -- 86 The Wall Must Go!, 87 Kohl Proposes Reunification --------------------------------------
def test_the_wall_must_go_won_by_the_democrat_scores_ends_the_wall_and_arms_kohl():
    state = board(berlin=(2, 0), leipzig=(2, 0))
    state["effects"]["9"] = {"role": COM, "until": "used"}
    rolls(state, 6, 1, 6, 1)
    play(state, DEM, 86)
    assert vp_lines(state) == [3] and "9" not in state["effects"] and blocked(state, THE_WALL)
    assert state["active"] == [COM] and top(state) == "event_remove"
    for key in ("berlin", "berlin", "leipzig"):
        do(state, COM, "remove", ID[key])
    assert sp(state, "leipzig") == (1, 0)
    action_round(state, DEM, [87])
    do(state, DEM, "event", 87)
    assert top(state) == "ops_mode"


def test_the_wall_must_go_lost_by_the_democrat_changes_nothing():
    state = board(berlin=(3, 0))
    rolls(state, 1, 6, 3, 3, 1, 6)  # a tie is rolled again
    play(state, DEM, 86)
    assert kinds(state, "contest_won")[0]["role"] == COM and not vp_lines(state)
    assert not blocked(state, THE_WALL)


def test_kohl_proposes_reunification_without_the_wall_must_go_only_scores():
    state = play(board(), DEM, 87)
    assert vp_lines(state) == [2] and state["active"] == [COM]


# -- 88 Adamec -----------------------------------------------------------------------------
def test_adamec_adds_4_in_czechoslovakia_on_3_or_more_after_democratic_workers():
    state = board(brno=(0, 3))
    rolls(state, 4)
    play(state, COM, 88)
    assert kinds(state, "modified_roll")[0]["total"] == 3
    for key in ("praha", "praha", "plzen", "plzen"):
        do(state, COM, "place", ID[key])
    assert sp(state, "praha") == (2, 0)


def test_adamec_fails_below_3():
    state = board(brno=(0, 3))
    rolls(state, 3)
    play(state, COM, 88)
    assert state["active"] == [DEM]


# -- 89 Domino Theory ----------------------------------------------------------------------------
def test_domino_theory_needs_power_in_2_countries():
    state = board()
    state["power"]["poland"] = DEM
    assert not can_happen(state, 89, DEM)
    state["power"]["hungary"] = DEM
    assert can_happen(state, 89, DEM)


def test_domino_theory_plays_a_discarded_scoring_card_for_the_democrat():
    state = board(krakow=(0, 3), warszawa=(3, 0))
    state["power"]["hungary"] = state["power"]["bulgaria"] = DEM
    state["discard"] = [POLAND_SCORING, 12]
    play(state, DEM, 89)
    assert ids(state, DEM, "card") == [POLAND_SCORING]
    do(state, DEM, "card", POLAND_SCORING)
    assert state["ps"]["country"] == "poland" and state["ps"]["attacker"] == DEM


def test_domino_theory_used_by_the_communist_with_its_condition_unmet_is_discarded_5_2():
    state = board(berlin=(3, 0))
    play(state, COM, 89, use="ops")
    assert kinds(state, "event_blocked")[0]["card"] == 89
    do(state, COM, "mode", "place")
    for _ in range(3):
        do(state, COM, "place", ID["berlin"])
    assert 89 in state["discard"] and 89 not in state["removed"]


# -- 90 Civic Forum ---------------------------------------------------------------------------------
def test_civic_forum_scores_places_4_and_checks_with_czech_writers():
    state = board(praha=(2, 0))
    play(state, DEM, 90)
    assert vp_lines(state) == [1]
    for _ in range(4):
        do(state, DEM, "place", ID["czech_writers"])
    assert ids(state, DEM, "check") == [ID["praha"]] and state["stack"][-1]["left"] == 2


def test_civic_forum_without_czech_writers_no_checks():
    state = board(praha=(2, 0))
    play(state, DEM, 90)
    for _ in range(4):
        do(state, DEM, "place", ID["brno"])
    assert state["active"] == [COM]


# -- 91 My First Banana, 94 Union of Democratic Forces, 98 Politburo Intrigue ----------------------
def test_my_first_banana_removes_2_then_2_checks_in_east_germany():
    state = board(berlin=(3, 0), krakow=(2, 0))
    play(state, DEM, 91)
    do(state, DEM, "remove", ID["berlin"])
    do(state, DEM, "remove", ID["berlin"])
    assert ids(state, DEM, "check") == [ID["berlin"]] and state["stack"][-1]["left"] == 2


def test_union_of_democratic_forces_removes_4_in_bulgaria_then_2_checks():
    state = board(sofia=(3, 0), varna=(3, 0))
    play(state, DEM, 94)
    for key in ("sofia", "sofia", "varna", "varna"):
        do(state, DEM, "remove", ID[key])
    assert set(ids(state, DEM, "check")) == {ID["sofia"], ID["varna"]}


def test_politburo_intrigue_removes_3_in_bulgaria_then_1_check():
    state = board(sofia=(0, 3), varna=(0, 1))
    play(state, COM, 98)
    for key in ("sofia", "sofia", "varna"):
        do(state, COM, "remove", ID[key])
    assert ids(state, COM, "check") == [ID["sofia"]] and state["stack"][-1]["left"] == 1


# -- 92 Betrayal ----------------------------------------------------------------------------------------
def test_betrayal_turns_democratic_sps_in_an_orthodox_church_communist():
    state = play(board(orthodox_church_bulgaria=(1, 3), catholic_church_poland=(0, 3)), COM, 92)
    assert ids(state, COM, "space") == [ID["orthodox_church_bulgaria"]]
    do(state, COM, "space", ID["orthodox_church_bulgaria"])
    assert sp(state, "orthodox_church_bulgaria") == (4, 0)


# -- 93 Shock Therapy, 106 Social Democratic Platform Adopted -----------------------------------------------
def test_shock_therapy_needs_democratic_power_then_3_vp_and_3_sps_on_3_or_more():
    state = board(gdansk=(4, 0))
    assert not can_happen(state, 93, DEM)
    state["power"]["poland"] = DEM
    rolls(state, 4)
    play(state, DEM, 93)
    do(state, DEM, "option", "poland")
    assert kinds(state, "modified_roll")[0]["total"] == 3 and vp_lines(state) == [3]
    for _ in range(3):
        do(state, DEM, "place", ID["krakow"])
    assert sp(state, "krakow") == (0, 3)


def test_social_democratic_platform_adopted_places_2_then_checks_in_a_democratic_country():
    state = board(krakow=(0, 2))
    assert not can_happen(state, 106, COM)
    state["power"]["poland"] = DEM
    play(state, COM, 106)
    do(state, COM, "option", "poland")
    do(state, COM, "place", ID["gdansk"])
    do(state, COM, "place", ID["gdansk"])
    assert ids(state, COM, "check") == [ID["krakow"]]


# -- 96 The Chinese Solution ----------------------------------------------------------------------------------
def test_the_chinese_solution_needs_tiananmen_box_7():
    state = board()
    state["tst"][COM] = 6
    assert not can_happen(state, 96, COM)
    state["tst"][COM] = 7
    assert can_happen(state, 96, COM)


def test_the_chinese_solution_gives_3_vp_then_5_checks_plus_3_or_is_declined():
    state = board(krakow=(0, 3))
    state["tst"][COM] = 7
    play(state, COM, 96)
    do(state, COM, "option", "poland")
    assert vp_lines(state) == [3]
    assert state["stack"][-1]["left"] == 5 and state["stack"][-1]["ops"] == 5  # 2 ops (box 2 gone) + 3
    state = board()
    state["tst"][COM] = 7
    play(state, COM, 96)
    do(state, COM, "decline")
    assert not vp_lines(state)


# -- 99 Ligachev ---------------------------------------------------------------------------------------------------
def test_ligachev_scores_3_on_the_democrats_next_card():
    state = play(board(berlin=(0, 1)), COM, 99)
    play(state, DEM, 4, use="ops")
    assert vp_lines(state) == [-3] and "99" not in state["effects"]


def test_ligachev_not_if_gorbachev_charms_the_west_is_played_for_its_event():
    state = play(board(berlin=(3, 0)), COM, 99)
    play(state, DEM, GORBACHEV)
    assert not vp_lines(state) and "99" not in state["effects"]


# -- 100 Stand Fast -------------------------------------------------------------------------------------------------
def test_stand_fast_gives_the_opponent_minus_1_against_controlled_spaces():
    state = play(board(berlin=(4, 0), krakow=(1, 0)), COM, 100)
    play(state, DEM, 4, use="ops")
    do(state, DEM, "mode", "check")
    rolls(state, 1, 1)
    do(state, DEM, "check", ID["berlin"])
    do(state, DEM, "check", ID["krakow"])
    mods = [line["mod"] for line in kinds(state, "support_check")]
    assert mods == [-1, 0]  # Berlin is the Communist's, Krakow nobody's
    end_turn_effects(state)
    assert "100" not in state["effects"]


# -- 101 Elena --------------------------------------------------------------------------------------------------------
def test_elena_adds_2_in_cluj_and_gives_democratic_romanian_checks_minus_1():
    state = play(board(bucuresti=(2, 0)), COM, 101)
    assert sp(state, "cluj_napoca") == (2, 0)
    play(state, DEM, 4, use="ops")
    do(state, DEM, "mode", "check")
    rolls(state, 1)
    do(state, DEM, "check", ID["bucuresti"])
    assert kinds(state, "support_check")[0]["mod"] <= -1


def test_elena_after_the_tyrant_is_gone_happens_without_effect_5_2_example_5():
    state = board(berlin=(0, 1))
    state["romania"]["tyrant"] = "done"
    opponent_ops(state, DEM, 101)
    assert kinds(state, "no_effect") and sp(state, "cluj_napoca") == (0, 0)
    do(state, DEM, "mode", "place")
    do(state, DEM, "place", ID["berlin"])
    assert 101 in state["removed"]


# -- 102 National Salvation Front --------------------------------------------------------------------------------------
def test_national_salvation_front_takes_2_democratic_cards_in_a_balkan_struggle():
    state = board(timisoara=(0, 3), bucuresti=(3, 0))
    state["effects"]["102"] = {"role": COM, "until": "balkans"}
    struggle(state, COM, ROMANIA_SCORING)
    ps = state["ps"]
    assert (len(ps["hands"][COM]), len(ps["hands"][DEM])) == (8, 4)
    assert "102" not in state["effects"]


def test_national_salvation_front_waits_through_other_struggles():
    state = board(krakow=(0, 3), warszawa=(3, 0))
    play(state, COM, 102)
    struggle(state, COM, POLAND_SCORING)
    assert "102" in state["effects"]


# -- 103 Government Resigns ------------------------------------------------------------------------------------------------
def test_government_resigns_clears_communists_from_an_uncontrolled_elite_space():
    state = play(board(dresden=(2, 0), plzen=(5, 0)), DEM, 103)
    assert ids(state, DEM, "space") == [ID["dresden"]]
    do(state, DEM, "space", ID["dresden"])
    assert sp(state, "dresden") == (0, 0)


# -- 104 New Year's Eve Party ------------------------------------------------------------------------------------------------
def test_new_years_eve_party_ends_the_game_this_turn_with_3_vp_10_3():
    state = play(board(), COM, 104)
    do(state, COM, "option", "end_game")
    assert vp_lines(state) == [-3] and state["effects"]["104"]["new_years_eve"]
    state = board()
    state["power"].update(poland=DEM, hungary=DEM, bulgaria=DEM)
    play(state, COM, 104)
    do(state, COM, "option", "end_game")
    assert vp_lines(state) == [3]


def test_new_years_eve_party_declined_has_no_effect():
    state = play(board(), COM, 104)
    do(state, COM, "option", "go_on")
    assert "104" not in state["effects"] and not vp_lines(state)


# -- 105 Public Against Violence ---------------------------------------------------------------------------------------------
def test_public_against_violence_adds_in_kosice_and_presov_then_a_bratislava_check_plus_2():
    state = play(board(bratislava=(2, 0), praha=(2, 0)), DEM, 105)
    assert sp(state, "kosice") == (0, 2) and sp(state, "presov") == (0, 2)
    assert ids(state, DEM, "check") == [ID["bratislava"]] and state["stack"][-1]["ops"] == 5


# -- 107 Massacre in Timisoara -------------------------------------------------------------------------------------------------
def test_massacre_in_timisoara_needs_laszlo_tokes_then_2_checks_plus_2():
    state = board(timisoara=(0, 3))
    assert blocked(state, 107)
    state["events_done"].append(73)
    play(state, COM, 107)
    assert ids(state, COM, "check") == [ID["timisoara"]]
    assert state["stack"][-1]["ops"] == 5 and state["stack"][-1]["left"] == 2


def test_massacre_in_timisoara_no_effect_once_the_tyrant_is_gone():
    state = board(timisoara=(0, 3))
    state["events_done"].append(73)
    state["romania"]["tyrant"] = "done"
    play(state, COM, 107)
    assert kinds(state, "no_effect")


# -- 108 Army Backs Revolution -------------------------------------------------------------------------------------------------
def test_army_backs_revolution_ends_and_blocks_securitate():
    state = board()
    state["effects"]["70"] = {"role": COM, "until": "game"}
    play(state, DEM, 108)
    assert "70" not in state["effects"] and blocked(state, SECURITATE)


# -- 109 Kremlin Coup! ------------------------------------------------------------------------------------------------------------
def test_kremlin_coup_needs_breakaway_baltic_republics():
    state = board()
    state["events_done"] += [33, 81]
    assert blocked(state, 109)
    state["events_done"].append(84)
    assert not blocked(state, 109)


def test_kremlin_coup_moves_the_track_then_elites_and_bureaucrats_in_his_order():
    state = board(berlin=(0, 1))
    state["events_done"] += [33, 81, 84]
    state["ussr"] = 3
    state["power"] = {c: DEM for c in state["power"]}
    state["power"]["east_germany"] = state["power"]["poland"] = COM
    state["effects"]["49"] = {"role": DEM, "until": "turn", "country": "poland"}
    play(state, COM, 109)
    assert state["ussr"] == 4 and vp_lines(state) == [-3] and blocked(state, MALTA)
    assert ids(state, COM, "option") == ["east_germany", "poland"]
    rolls(state, 6)
    do(state, COM, "option", "poland")  # no check there (Foreign Currency Debt Burden)
    assert sp(state, "bydgoszcz")[0] >= 1  # East Germany follows at once (the last one)
    checks = kinds(state, "support_check")
    assert [c["space"] for c in checks] == [ID["berlin"]] and checks[0]["ops"] == 4
    assert sp(state, "dresden")[0] >= 1


# -- 110 Malta Summit -------------------------------------------------------------------------------------------------------------
def test_malta_summit_roll_plus_the_ussr_step_4_or_more_removes_5_from_elites():
    state = board(dresden=(3, 0), plzen=(3, 0))
    state["ussr"] = 1
    rolls(state, 3)
    play(state, DEM, 110)
    assert vp_lines(state) == [3]
    for key in ("dresden", "dresden", "dresden", "plzen", "plzen"):
        do(state, DEM, "remove", ID[key])
    assert sp(state, "plzen") == (1, 0)


def test_malta_summit_fails_below_4_and_cannot_happen_after_kremlin_coup():
    state = board(dresden=(3, 0))
    rolls(state, 3)
    play(state, DEM, 110)
    assert not vp_lines(state)
    state["ussr"] = 4
    assert blocked(state, MALTA)
    state = board()
    state["events_done"].append(109)
    assert blocked(state, MALTA)


__all__ = ["COUNTRY_SPACES"]


# -- 95 Romania Scoring ------------------------------------------------------------------------------------------------------------
def test_romania_scoring_starts_a_struggle_in_romania():
    state = struggle(board(), COM, ROMANIA_SCORING)
    assert state["ps"]["country"] == "romania" and state["ps"]["attacker"] == COM
