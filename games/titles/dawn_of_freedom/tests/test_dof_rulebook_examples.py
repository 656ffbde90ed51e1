"""Every worked example of the Korean first-edition rulebook (seed 001) that
involves no card event, named after its rule."""
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.board import add_vp, controller
from games.titles.dawn_of_freedom.rules.cards import ops_value
from games.titles.dawn_of_freedom.rules.data import FINAL_BONUS, SETUP_SEQUENCE
from games.titles.dawn_of_freedom.rules.scoring import country_points, score_country
from games.titles.dawn_of_freedom.rules.struggle import leader_ok

from .helpers import (COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put,
                      rolls, sp)
from .struggles import POLAND_SCORING, poland_example, ps_cards, struggle

MICHNIK, ROUNDTABLE_TALKS, CONSUMERISM = 4, 17, 27
DEUTSCHE_MARKS, FACTORY_PARTY_CELLS, SOLIDARITY_LEGALIZED = 20, 28, 2


# -- 2.x ---------------------------------------------------------------------
def test_2_1_7_dresden_control_takes_four_or_six_against_two():
    state = clear_board(after_setup())
    put(state, dresden=(3, 0))
    assert controller(state, ID["dresden"]) is None
    put(state, dresden=(4, 0))
    assert controller(state, ID["dresden"]) == COM
    put(state, dresden=(2, 5))
    assert controller(state, ID["dresden"]) is None
    put(state, dresden=(2, 6))
    assert controller(state, ID["dresden"]) == DEM


def test_2_1_7_hungary_example_budapest_elte_miskolc():
    state = clear_board(after_setup())
    put(state, budapest=(0, 3), eotvos_lorand_university=(0, 1), miskolc=(3, 0),
        tatabanya=(2, 0), szeged=(0, 1))
    assert controller(state, ID["budapest"]) == DEM
    assert controller(state, ID["eotvos_lorand_university"]) == DEM
    assert controller(state, ID["miskolc"]) == COM
    assert controller(state, ID["tatabanya"]) is None and controller(state, ID["szeged"]) is None


def test_2_1_10_communist_vp_moves_the_marker_from_plus_10_to_plus_8():
    state = after_setup()
    state["vp"] = 10
    add_vp(state, -2, "test")
    assert state["vp"] == 8


def test_2_3_2_leaders_need_a_controlled_space_of_their_type():
    """Communist controls Bydgoszcz (elite) and Lodz (worker): elite and worker
    leaders are usable, the church leader is not."""
    state = clear_board(after_setup())
    put(state, bydgoszcz=(4, 0), lodz=(3, 0), catholic_church_poland=(0, 5))
    state["ps"] = {"country": "poland"}
    elite, worker, church = ps_cards("leader", "elite")[0], ps_cards("leader", "worker")[0], \
        ps_cards("leader", "church")[0]
    assert leader_ok(state, COM, elite) and leader_ok(state, COM, worker)
    assert not leader_ok(state, COM, church)


# -- 3.x ---------------------------------------------------------------------
def test_3_2_and_3_3_printed_support_and_3_1_hands_of_eight():
    state = RULES.setup(3, "standard", {})
    assert sp(state, "catholic_church_poland") == (0, 5) and sp(state, "berlin") == (2, 0)
    assert sp(state, "bucuresti") == (2, 0) and sp(state, "lutheran_church") == (0, 1)
    assert sum(state["sp"][COM]) == 20 and sum(state["sp"][DEM]) == 15
    assert len(state["hands"][COM]) == len(state["hands"][DEM]) == 8
    assert state["vp"] == 0 and state["tst"] == {COM: 0, DEM: 0}


def test_3_4_placement_sequence_2_3_3_4_2_only_where_the_opponent_has_none():
    state = RULES.setup(3, "standard", {})
    seen = []
    while state["stack"][-1]["step"] == "setup_place":
        role = state["active"][0]
        frame = state["stack"][-1]
        if not seen or seen[-1][0] != role or frame["left"] > seen[-1][1]:
            seen.append((role, frame["left"]))
        allowed = ids(state, role, "place")
        assert ID["catholic_church_poland"] not in allowed or role == DEM
        assert all(not state["sp"][DEM if role == COM else COM][s] for s in allowed)
        do(state, role, "place", allowed[0])
    assert [tuple(s) for s in seen] == list(SETUP_SEQUENCE)
    assert sum(state["sp"][COM]) == 27 and sum(state["sp"][DEM]) == 22
    assert state["stack"][-1]["step"] == "action" and state["active"] == [COM]


# -- 6.1 support placement ---------------------------------------------------
def test_6_1_3_budapest_first_communist_point_costs_two_then_one_each():
    state = clear_board(after_setup())
    put(state, budapest=(0, 3), tatabanya=(1, 0))
    action_round(state, COM, [DEUTSCHE_MARKS])
    do(state, COM, "ops", DEUTSCHE_MARKS)
    do(state, COM, "mode", "place")
    do(state, COM, "place", ID["budapest"])
    assert state["stack"][-1]["spent"] == 2
    do(state, COM, "place", ID["budapest"])
    do(state, COM, "place", ID["budapest"])
    assert sp(state, "budapest") == (3, 3)
    assert state["stack"][-1]["step"] != "place"  # all 4 ops spent


def test_6_1_4_czech_church_and_gdansk_reach_not_kosice_after_presov():
    state = clear_board(after_setup())
    put(state, catholic_church_czechoslovakia=(0, 1), gdansk=(0, 1), berlin=(2, 0))
    action_round(state, DEM, [SOLIDARITY_LEGALIZED])
    do(state, DEM, "ops", SOLIDARITY_LEGALIZED)
    do(state, DEM, "mode", "place")
    allowed = ids(state, DEM, "place")
    for key in ("bratislava", "ostrava", "presov", "gdansk", "bydgoszcz", "warszawa"):
        assert ID[key] in allowed
    assert ID["kosice"] not in allowed
    do(state, DEM, "place", ID["presov"])
    assert ID["kosice"] not in ids(state, DEM, "place")


# -- 6.2 support checks ------------------------------------------------------
def jagiellonian_position() -> dict:
    state = clear_board(after_setup())
    put(state, catholic_church_poland=(0, 5), krakow=(0, 3), jagiellonian_university=(0, 1),
        polish_writers=(0, 2), lodz=(3, 0))
    action_round(state, COM, [FACTORY_PARTY_CELLS])
    do(state, COM, "ops", FACTORY_PARTY_CELLS)
    do(state, COM, "mode", "check")
    return state


def test_6_2_5_jagiellonian_example_first_check_succeeds_second_fails():
    state = jagiellonian_position()
    rolls(state, 5, 1)
    do(state, COM, "check", ID["jagiellonian_university"])
    first = kinds(state, "support_check")[0]
    assert (first["roll"], first["ops"], first["mod"]) == (5, 3, -2)
    assert (first["removed"], first["added"]) == (1, 3)
    assert sp(state, "jagiellonian_university") == (3, 0)
    assert controller(state, ID["jagiellonian_university"]) == COM
    do(state, COM, "check", ID["krakow"])
    second = kinds(state, "support_check")[1]
    assert (second["roll"], second["mod"]) == (1, 1)  # Lodz, Jagiellonian +2; church -1
    assert sp(state, "krakow") == (0, 3)


def test_6_2_2_two_checks_whatever_the_ops_and_6_4_they_are_voluntary():
    state = jagiellonian_position()
    assert state["stack"][-1]["left"] == 2
    do(state, COM, "done")
    assert state["stack"][-1]["step"] != "check"
    assert not kinds(state, "support_check")


def test_6_3_1_repeat_attempt_bonus_is_a_flat_plus_one():
    state = after_setup()
    mods = []
    for _ in range(3):
        action_round(state, DEM, [MICHNIK])
        state["tst_tried"][DEM] = False
        rolls(state, 1)
        do(state, DEM, "tst", MICHNIK)
        mods.append(kinds(state, "tst_attempt")[0]["mod"])
    assert mods == [1, 2, 2]  # own card +1; second and later attempts +1, not +2
    assert state["tst"][DEM] == 0


# -- 7.3 ops-modifying events ------------------------------------------------
def prudence_on_democrat(state: dict) -> dict:
    state["effects"]["8"] = {"role": DEM, "ops": -1, "until": "turn"}
    return state


def test_7_3_1_michnik_with_students_rally_border_and_prudence_places_two_in_leipzig():
    state = clear_board(after_setup())
    put(state, lutheran_church=(0, 1), szeged=(0, 1))
    prudence_on_democrat(state)
    state["effects"]["58"] = {"role": DEM, "ops": 1, "country": "east_germany", "until": "turn"}
    state["tst"] = {COM: 0, DEM: 2}  # Students Rally (box 2)
    action_round(state, DEM, [MICHNIK, ROUNDTABLE_TALKS])
    do(state, DEM, "ops", MICHNIK)
    do(state, DEM, "mode", "place")
    do(state, DEM, "place", ID["leipzig"])
    do(state, DEM, "place", ID["leipzig"])
    assert sp(state, "leipzig") == (0, 2)
    assert state["stack"][-1]["step"] != "place"


def test_7_3_1_outside_east_germany_only_prudence_counts():
    state = clear_board(after_setup())
    put(state, lutheran_church=(0, 1), szeged=(1, 1), berlin=(2, 0))
    prudence_on_democrat(state)
    state["effects"]["58"] = {"role": DEM, "ops": 1, "country": "east_germany", "until": "turn"}
    state["tst"] = {COM: 0, DEM: 2}
    action_round(state, DEM, [ROUNDTABLE_TALKS])
    assert ops_value(state, DEM, ROUNDTABLE_TALKS) == 2
    do(state, DEM, "ops", ROUNDTABLE_TALKS)
    do(state, DEM, "mode", "check")
    rolls(state, 1, 1)
    do(state, DEM, "check", ID["szeged"])
    assert kinds(state, "support_check")[0]["ops"] == 2


def test_7_3_3_perestroika_and_prudence_communist_plays_consumerism_for_four():
    state = clear_board(after_setup())
    put(state, berlin=(2, 0))
    state["effects"]["25"] = {"role": COM, "ops": 1, "until": "turn"}
    prudence_on_democrat(state)
    assert ops_value(state, COM, CONSUMERISM) == 4
    assert ops_value(state, DEM, CONSUMERISM) == 2  # the Democrat's check with the card
    put(state, leipzig=(2, 0))
    action_round(state, COM, [CONSUMERISM])
    do(state, COM, "ops", CONSUMERISM)
    do(state, COM, "order", "ops_first")
    assert state["stack"][-1]["ops"] == 4
    do(state, COM, "mode", "place")
    for _ in range(4):
        do(state, COM, "place", ID["berlin"])
    do(state, DEM, "space", ID["leipzig"])  # the event: 1 Communist SP off a worker space
    assert state["stack"][-1]["step"] == "check" and state["stack"][-1]["ops"] == 2


def test_7_3_2_ops_never_below_one():
    state = after_setup()
    prudence_on_democrat(state)
    assert ops_value(state, DEM, MICHNIK) == 1


# -- 8.x power struggles -----------------------------------------------------
def test_8_1_2_poland_hands_12_and_8():
    state = poland_example()
    struggle(state, DEM, POLAND_SCORING)
    ps = state["ps"]
    assert len(ps["hands"][DEM]) == 12 and len(ps["hands"][COM]) == 8


def test_8_2_2_democrat_raises_with_14_cards_communist_with_6_declines():
    state = clear_board(after_setup())
    put(state, catholic_church_poland=(0, 5), polish_writers=(0, 2), wroclaw=(0, 3),
        krakow=(0, 3), gdansk=(0, 3), bydgoszcz=(4, 0))
    struggle(state, DEM, POLAND_SCORING)
    ps = state["ps"]
    assert (len(ps["hands"][DEM]), len(ps["hands"][COM])) == (14, 6)
    assert state["active"] == [DEM]  # the scoring-card player decides first
    for card in list(ps["hands"][DEM][:3]):
        do(state, DEM, "stake", card)
    assert ps["raised"][DEM] and len(ps["hands"][DEM]) == 11 and len(ps["discard"]) == 3
    do(state, COM, "no_raise")
    assert not ps["raised"][COM] and state["active"] == [DEM]


def test_8_3_2_march_6_answered_by_a_roll_of_2_keeps_the_initiative_and_8_3_4_concede():
    state = poland_example()
    dem_hand = ps_cards("suited", "march", 6) + ps_cards("suited", "strike")[:10]
    com_hand = ps_cards("suited", "march", 3)[:1] + ps_cards("leader", "elite")[:1] + \
        ps_cards("leader", "intellectual")[:1] + ps_cards("suited", "petition")[:5]
    struggle(state, DEM, POLAND_SCORING, {DEM: dem_hand, COM: com_hand})
    do(state, DEM, "no_raise")
    do(state, COM, "no_raise")
    march6 = ps_cards("suited", "march", 6)
    do(state, DEM, "lead", march6[0])
    answers = ids(state, COM, "match")
    assert com_hand[0] in answers and com_hand[1] in answers  # March 3, Elite Leader
    assert com_hand[2] not in answers  # no Polish Writers: intellectual leader unusable
    rolls(state, 2)
    do(state, COM, "match", com_hand[0])
    assert state["ps"]["attacker"] == DEM
    do(state, DEM, "lead", march6[1])
    do(state, COM, "concede")
    assert state["ps"]["winner"] == DEM and state["ps"]["suit"] == "march"


def test_8_3_1_an_attacker_with_no_card_loses_at_once():
    state = clear_board(after_setup())
    put(state, catholic_church_poland=(0, 1), bydgoszcz=(4, 0))  # the Democrat controls nothing
    struggle(state, DEM, POLAND_SCORING)
    assert len(state["ps"]["hands"][DEM]) == 0
    do(state, COM, "no_raise")
    assert kinds(state, "struggle_no_lead")[0]["role"] == DEM
    assert state["ps"]["winner"] == COM and state["ps"]["suit"] is None


def won_by_democrat_with_a_raise() -> dict:
    """8.4.2 / 8.4.3 / 8.4.4: the Democrat raised, wins with a March."""
    state = poland_example()
    dem_hand = ps_cards("suited", "march")[:4] + ps_cards("suited", "strike")[:8]
    com_hand = ps_cards("suited", "petition") + ps_cards("suited", "strike")[8:10]
    struggle(state, DEM, POLAND_SCORING, {DEM: dem_hand, COM: com_hand})
    for card in ps_cards("suited", "strike")[:3]:
        do(state, DEM, "stake", card)
    do(state, COM, "no_raise")
    do(state, DEM, "lead", dem_hand[0])
    rolls(state, 1, 3)  # support loss (Communist), VP (Democrat)
    do(state, COM, "concede")
    return state


def test_8_4_2_loss_roll_of_1_plus_raise_loses_one_sp_chosen_by_the_loser():
    state = won_by_democrat_with_a_raise()
    line = kinds(state, "support_loss_roll")[0]
    assert (line["roll"], line["mod"], line["lose"]) == (1, 1, 1)
    assert state["active"] == [COM] and set(ids(state, COM, "remove")) == {
        ID["bydgoszcz"], ID["warszawa"]}
    do(state, COM, "remove", ID["bydgoszcz"])
    assert sp(state, "bydgoszcz") == (3, 0) and sp(state, "warszawa") == (3, 0)


def test_8_4_3_vp_roll_of_3_plus_raise_gives_2_vp_and_8_4_4_the_democrat_takes_power():
    state = won_by_democrat_with_a_raise()
    do(state, COM, "remove", ID["bydgoszcz"])
    vp_line = kinds(state, "struggle_vp_roll")[0]
    assert (vp_line["roll"], vp_line["mod"], vp_line["vp"]) == (3, 1, 2)
    assert state["power"]["poland"] == DEM
    assert POLAND_SCORING in state["removed"] and state["ps"] is None


def test_8_4_6_poland_power_retention_scores_3_then_6_then_9():
    state = after_setup()
    gained = []
    for _ in range(3):
        state["ps"] = {"country": "poland", "winner": COM}
        before = state["vp"]
        from games.titles.dawn_of_freedom.rules.struggle import retain_power
        retain_power(state)
        gained.append(before - state["vp"])
    state["ps"] = None
    assert gained == [3, 6, 9] and state["retained"]["poland"] == 3


def test_8_4_5_the_communist_may_give_up_power_instead_of_scoring_for_it():
    state = poland_example()
    struggle(state, COM, POLAND_SCORING)
    state["ps"]["winner"], state["ps"]["suit"] = COM, "strike"
    state["stack"][-1:] = []  # leave the rounds: straight to the aftermath
    state["stack"][-1]["phase"] = 4
    rolls(state, 1, 1)
    RULES.flow.settle(state)
    assert state["active"] == [COM] and ids(state, COM) == [None, None]
    do(state, COM, "surrender")
    assert state["power"]["poland"] == DEM and state["retained"]["poland"] == 0
    assert POLAND_SCORING in state["removed"]


# -- 9.x country scoring -----------------------------------------------------
def test_9_3_poland_example_democrat_8_communist_4_moves_four_toward_the_democrat():
    state = poland_example()
    points = country_points(state, "poland")
    assert points[DEM] == {"level": "domination", "vp": 8}
    assert points[COM] == {"level": "presence", "vp": 4}
    score_country(state, "poland")
    assert state["vp"] == 4


def test_9_3_1_romania_domination_scores_4_not_presence_too():
    state = clear_board(after_setup())
    put(state, bucuresti=(3, 0), targu_mures=(4, 0), romanian_writers=(0, 2))
    points = country_points(state, "romania")
    assert points[COM]["level"] == "domination"
    assert points[COM]["vp"] == 4 + 1  # domination + Bucuresti (Targu Mures is no battleground)


def test_9_2_domination_needs_a_battleground_and_a_non_battleground():
    state = clear_board(after_setup())
    put(state, bucuresti=(3, 0), timisoara=(3, 0), iasi=(0, 3))
    assert country_points(state, "romania")[COM]["level"] == "presence"


# -- 10.x victory --------------------------------------------------------------
def test_10_4_1_final_scoring_bonus_is_4_per_country_still_communist():
    state = clear_board(after_setup())
    state["power"].update(poland=DEM, hungary=DEM)
    from games.titles.dawn_of_freedom.rules.scoring import final_scoring
    final_scoring(state)
    assert state["vp"] == -4 * FINAL_BONUS
    assert state["result"]["reason"] == "final_scoring" and state["result"]["winners"] == [COM]


def test_10_4_2_no_automatic_victory_during_final_scoring():
    state = clear_board(after_setup())
    state["vp"] = 19
    put(state, catholic_church_poland=(0, 5))
    from games.titles.dawn_of_freedom.rules.scoring import final_scoring
    final_scoring(state)
    assert state["result"]["reason"] == "final_scoring"


def test_10_2_both_holding_a_scoring_card_is_a_draw():
    state = after_setup()
    state["hands"] = {COM: [22], DEM: [23]}
    state["stack"] = [{"step": "turn", "phase": 3}]
    RULES.flow.settle(state)
    assert state["result"] == {"winners": [], "reason": "scoring_card_held", "score": {"vp": 0}}
