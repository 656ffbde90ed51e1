"""Early Year card events, cards 24-40: main effect, conditions and the cards
each one names (test names carry the card's slug, see `card_tests.py`)."""
from games.titles.dawn_of_freedom.rules.cards import end_turn_effects
from games.titles.dawn_of_freedom.rules.data import CARDS, REQUIRES
from games.titles.dawn_of_freedom.rules.registry import blocked, can_happen

from .helpers import COM, DEM, ID, action_round, do, ids, kinds, rolls, sp
from .test_dof_cards_early import board, opponent_ops, play, top

MONDAY_DEMONSTRATIONS, BALTIC_WAY, GOODBYE_LENIN = 61, 81, 46


# -- 24 St. Nicholas Church ------------------------------------------------------
def test_st_nicholas_church_takes_control_of_the_lutheran_church():
    state = board(lutheran_church=(2, 1))
    play(state, DEM, 24)
    assert sp(state, "lutheran_church") == (2, 7) and 24 in state["removed"]


def test_st_nicholas_church_when_already_controlled_adds_nothing():
    state = board(lutheran_church=(0, 6))
    play(state, DEM, 24)
    assert sp(state, "lutheran_church") == (0, 6) and not kinds(state, "sp_added")


def test_st_nicholas_church_opens_the_monday_demonstrations():
    state = board()
    assert blocked(state, MONDAY_DEMONSTRATIONS)
    play(state, DEM, 24)
    assert not blocked(state, MONDAY_DEMONSTRATIONS)


# -- 25 Perestroika -------------------------------------------------------------------
def test_perestroika_gives_the_communist_1_op_more_for_the_turn():
    from games.titles.dawn_of_freedom.rules.cards import ops_value
    state = board()
    play(state, COM, 25)
    assert (ops_value(state, COM, 12), ops_value(state, DEM, 40)) == (3, 3)
    end_turn_effects(state)
    assert ops_value(state, COM, 12) == 2 and 25 in state["removed"]


def test_perestroika_counts_in_a_tiananmen_square_attempt():
    state = board()
    state["effects"]["25"] = {"role": COM, "until": "turn", "ops": 1}
    rolls(state, 1)
    play(state, COM, 12, use="tst")
    assert kinds(state, "tst_attempt")[0]["ops"] == 3


# -- 26 Helsinki Final Act ----------------------------------------------------------------
def communist_checks(state: dict, *targets: str, roll: int = 1) -> dict:
    play(state, COM, 12, use="ops")
    do(state, COM, "mode", "check")
    for key in targets:
        rolls(state, roll)
        do(state, COM, "check", ID[key])
    return state


def test_helsinki_final_act_scores_for_communist_checks_on_students_and_intellectuals():
    state = play(board(), DEM, 26)
    assert state["effects"]["26"]["until"] == "game"
    state = board(jagiellonian_university=(0, 1), polish_writers=(0, 1), krakow=(0, 3))
    state["effects"]["26"] = {"role": DEM, "until": "game"}
    communist_checks(state, "jagiellonian_university", "polish_writers", roll=6)
    assert state["vp"] == 2  # win or lose
    state = board(krakow=(0, 3), gdansk=(0, 3))
    state["effects"]["26"] = {"role": DEM, "until": "game"}
    communist_checks(state, "krakow", "gdansk")
    assert state["vp"] == 0


def test_helsinki_final_act_is_red_only_for_goodbye_lenin_11_3():
    assert CARDS[26]["red_title"]
    assert all(26 not in need for need in REQUIRES.values())
    assert GOODBYE_LENIN not in REQUIRES


# -- 27 Consumerism -------------------------------------------------------------------------------
def test_consumerism_removes_a_communist_worker_sp_then_checks_a_worker_space_there():
    state = board(leipzig=(2, 0), berlin=(3, 0), rostock=(1, 0), krakow=(2, 0))
    play(state, DEM, 27)
    assert ID["berlin"] not in ids(state, DEM, "space")  # a bureaucrat space
    do(state, DEM, "space", ID["leipzig"])
    assert sp(state, "leipzig") == (1, 0)
    assert set(ids(state, DEM, "check")) == {ID["leipzig"], ID["rostock"]}  # East German workers
    do(state, DEM, "done")
    assert 27 in state["discard"]


def test_consumerism_without_communist_workers_has_no_effect():
    state = board(berlin=(3, 0))
    play(state, DEM, 27)
    assert kinds(state, "no_effect")


# -- 28 Factory Party Cells -----------------------------------------------------------------------
def test_factory_party_cells_removes_3_democrats_from_workers_2_at_most_each():
    state = board(gdansk=(0, 3), polish_writers=(0, 3), leipzig=(0, 1))
    play(state, COM, 28)
    assert ID["polish_writers"] not in ids(state, COM, "remove")
    do(state, COM, "remove", ID["gdansk"])
    do(state, COM, "remove", ID["gdansk"])
    do(state, COM, "remove", ID["leipzig"])
    assert sp(state, "gdansk") == (0, 1) and state["active"] == [DEM]


# -- 29 Jan Palach Week ---------------------------------------------------------------------------
def test_jan_palach_week_5_2_example_1_event_first_then_the_communists_ops():
    state = board(praha=(3, 0))
    opponent_ops(state, COM, 29, "event_first")
    assert sp(state, "charles_university") == (0, 6)
    assert top(state) == "ops_mode" and state["active"] == [COM]
    do(state, COM, "mode", "place")
    do(state, COM, "place", ID["praha"])
    assert 29 in state["removed"]


# -- 30 Tear Gas ----------------------------------------------------------------------------------
def test_tear_gas_adds_1_to_the_next_communist_check_on_a_student_space():
    state = play(board(), COM, 30)
    assert "30" in state["effects"] and 30 in state["removed"]
    state = board(krakow=(0, 3), jagiellonian_university=(0, 1))
    state["effects"]["30"] = {"role": COM, "until": "used"}
    communist_checks(state, "krakow")
    assert "30" in state["effects"]
    rolls(state, 1)
    do(state, COM, "check", ID["jagiellonian_university"])
    check = kinds(state, "support_check")[-1]
    assert check["mod"] == -1 + 1 and "30" not in state["effects"]  # Democratic Krakow, Tear Gas


# -- 31 Intelligentsia, 32 Peasant Parties --------------------------------------------------------
def test_intelligentsia_adds_4_to_intellectual_spaces_2_at_most_each():
    state = board()
    play(state, DEM, 31)
    assert len(ids(state, DEM, "place")) == 6
    for key in ("polish_writers", "polish_writers", "czech_writers", "german_writers"):
        do(state, DEM, "place", ID[key])
    assert sp(state, "polish_writers") == (0, 2) and state["active"] == [COM]


def test_peasant_parties_adds_4_to_farmer_spaces_2_at_most_each():
    state = board()
    play(state, COM, 32)
    do(state, COM, "place", ID["lublin"])
    do(state, COM, "place", ID["lublin"])
    assert not {ID["lublin"], ID["krakow"]} & set(ids(state, COM, "place"))
    do(state, COM, "place", ID["bialystok"])
    do(state, COM, "place", ID["bialystok"])
    assert sp(state, "bialystok") == (2, 0)


# -- 33 Sajudis -----------------------------------------------------------------------------------
def test_sajudis_moves_the_ussr_track_and_takes_a_minority_space():
    state = board(razgrad=(1, 0))
    play(state, DEM, 33)
    assert state["ussr"] == 1 and state["vp"] == 1  # 12.2, 12.6: the step's VP, once
    do(state, DEM, "space", ID["razgrad"])
    assert sp(state, "razgrad") == (1, 5)


def test_sajudis_with_one_minority_space_left_takes_it_at_once():
    state = board(harghita_covasna=(0, 4))
    play(state, DEM, 33)
    assert sp(state, "razgrad") == (0, 4) and state["active"] == [COM]


def test_sajudis_opens_the_baltic_way():
    state = board()
    assert blocked(state, BALTIC_WAY)
    play(state, DEM, 33)
    assert not blocked(state, BALTIC_WAY)


# -- 34 Fidesz ------------------------------------------------------------------------------------
def test_fidesz_adds_5_to_eotvos_lorand_university():
    state = play(board(), DEM, 34)
    assert sp(state, "eotvos_lorand_university") == (0, 5) and 34 in state["removed"]


# -- 35 Heal Our Bleeding Wound -------------------------------------------------------------------
def test_heal_our_bleeding_wound_by_year():
    for turn, vp in ((1, -3), (5, -1), (9, 3)):
        state = board()
        action_round(state, COM, [35], turn=turn)
        do(state, COM, "event", 35)
        assert state["vp"] == vp


# -- 36 Dash for the West -------------------------------------------------------------------------
def test_dash_for_the_west_on_success_scores_and_replays_a_discarded_democratic_event():
    state = board(berlin=(3, 0))
    state["discard"] = [4, 3, 17, 12]  # Walesa has no Solidarity yet; 17 has no asterisk
    rolls(state, 2)  # above the 1 East German space the Communist controls
    play(state, DEM, 36)
    assert state["vp"] == 1 and ids(state, DEM, "card") == [4]
    do(state, DEM, "card", 4)
    assert sp(state, "polish_writers") == (0, 3) and 4 in state["removed"]
    assert 36 in state["removed"]


def test_dash_for_the_west_fails_at_or_below_the_communist_east_german_spaces():
    state = board(berlin=(3, 0))
    state["discard"] = [4]
    rolls(state, 1)
    play(state, DEM, 36)
    assert state["vp"] == 0 and state["discard"] == [4] and state["active"] == [COM]


def test_dash_for_the_west_pick_may_be_declined():
    state = board()
    state["discard"] = [4]
    rolls(state, 6)
    play(state, DEM, 36)
    do(state, DEM, "decline")
    assert state["discard"] == [4]


# -- 37 Nagy Reburied -----------------------------------------------------------------------------
def test_nagy_reburied_clears_szombathely_then_4_communist_sps_in_hungary():
    state = board(szombathely=(4, 1))
    play(state, COM, 37)
    assert sp(state, "szombathely") == (0, 1)
    for key in ("budapest", "budapest", "szeged", "szombathely"):
        do(state, COM, "place", ID[key])
    assert sp(state, "budapest") == (2, 0) and state["active"] == [DEM]


# -- 38 The July Concept --------------------------------------------------------------------------
def test_the_july_concept_adds_3_anywhere_in_bulgaria():
    state = board()
    play(state, COM, 38)
    for _ in range(3):
        do(state, COM, "place", ID["sofia"])
    assert sp(state, "sofia") == (3, 0)


# -- 39 Eco-Glasnost ------------------------------------------------------------------------------
def test_eco_glasnost_adds_4_to_ruse_and_scores_for_communist_checks_there():
    state = play(board(), DEM, 39)
    assert sp(state, "ruse") == (0, 4) and state["effects"]["39"]["until"] == "game"
    communist_checks(state, "ruse")
    assert state["vp"] == 1


# -- 40 Hungarian Democratic Forum ----------------------------------------------------------------
def test_hungarian_democratic_forum_places_3_in_hungary_then_one_check_there():
    state = board(budapest=(3, 0), berlin=(3, 0))
    play(state, DEM, 40)
    for _ in range(3):
        do(state, DEM, "place", ID["szeged"])
    assert ids(state, DEM, "check") == [ID["budapest"]]
    rolls(state, 6)  # 6 + 3 + 0 - 6 = 3
    do(state, DEM, "check", ID["budapest"])
    assert sp(state, "budapest") == (0, 0) and state["active"] == [COM]


def test_every_early_year_event_can_happen_at_the_start_unless_it_waits_for_a_card():
    state = board()
    state["hands"] = {COM: [], DEM: []}
    waiting = {n for n in range(1, 41) if not can_happen(state, n, CARDS[n]["side"]
                                                         if CARDS[n]["side"] != "neutral" else DEM)}
    assert waiting == {3, 21}  # Walesa's prerequisite; Common European Home's pairing
