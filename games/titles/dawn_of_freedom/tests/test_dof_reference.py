"""The reference README's rulebook re-checks, the data's shape, and one test
per difference between the reference (second-edition sources) and seed 001
(README: "Reference discrepancies")."""
from games.rules.core.testing import choices
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.board import controller
from games.titles.dawn_of_freedom.rules.cards import ops_value
from games.titles.dawn_of_freedom.rules.data import (ADJ, BATTLEGROUND, COUNTRY_BGS, PERIOD_CARDS,
                                                      PS_IDS, SLOTS, STABILITY, results)
from games.titles.dawn_of_freedom.rules.events.romania import resolve_tyrant
from games.titles.dawn_of_freedom.rules.scoring import country_points
from games.titles.dawn_of_freedom.rules.struggle import deal_size

from .helpers import COM, DEM, ID, after_setup, clear_board, do, ids, kinds, put, sp

MICHNIK = 4


# -- the reference README's re-checks ----------------------------------------
def test_stabilities_dresden_4_budapest_3_krakow_3_jagiellonian_1():
    assert [STABILITY[ID[k]] for k in ("dresden", "budapest", "krakow",
                                       "jagiellonian_university")] == [4, 3, 3, 1]


def test_polish_church_controlled_with_5_and_gdansk_with_1_is_not():
    state = RULES.setup(1, "standard", {})
    assert controller(state, ID["catholic_church_poland"]) == DEM
    assert sp(state, "gdansk") == (0, 1) and controller(state, ID["gdansk"]) is None


def test_6_1_4_adjacencies_czech_church_and_presov():
    church = {ID[k] for k in ("bratislava", "ostrava", "presov")}
    assert church <= set(ADJ[ID["catholic_church_czechoslovakia"]])
    assert ID["kosice"] in ADJ[ID["presov"]]
    assert ID["kosice"] not in ADJ[ID["catholic_church_czechoslovakia"]]


def test_6_2_5_adjacencies_jagiellonian_and_krakow():
    assert set(ADJ[ID["jagiellonian_university"]]) == {ID["krakow"], ID["polish_writers"]}
    assert {ID["lodz"], ID["jagiellonian_university"], ID["catholic_church_poland"]} <= \
        set(ADJ[ID["krakow"]])


def test_9_3_polish_battlegrounds():
    assert all(BATTLEGROUND[ID[k]] for k in ("warszawa", "wroclaw", "krakow"))
    assert not BATTLEGROUND[ID["catholic_church_poland"]]


def test_8_1_2_hand_sizes_12_and_8():
    assert deal_size(4) == 12 and deal_size(2) == 8 and deal_size(1) == 6 and deal_size(0) == 0
    assert deal_size(5) == 14


def test_results_table_rows():
    assert results(2) == 1 and results(4) == 2
    assert [results(n) for n in range(-3, 10)] == [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 4]


def test_data_shape_75_spaces_104_links_33_battlegrounds_110_cards_52_struggle_cards():
    assert SLOTS - 1 == 75
    links = {(a, b) for a in range(1, SLOTS) for b in ADJ[a]}
    assert all((b, a) in links for a, b in links) and len(links) == 2 * 104
    assert sum(len(v) for v in COUNTRY_BGS.values()) == 33
    assert [len(PERIOD_CARDS[p]) for p in ("early", "middle", "late")] == [40, 41, 29]
    assert len(PS_IDS) == 52


# -- reference discrepancies ---------------------------------------------------
def test_discrepancy_czech_catholic_church_setup_sp_is_1():
    """Seed 3.3 omits the number; the reference (2nd edition, both
    implementations) gives 1, used here."""
    state = RULES.setup(1, "standard", {})
    assert sp(state, "catholic_church_czechoslovakia") == (0, 1)


def test_discrepancy_side_bid_13_0_is_an_option_off_by_default():
    """The seed (1st edition) has no bid; 13.0 of the 2nd edition is optional."""
    plain = RULES.setup(1, "standard", {})
    frames = [f for f in plain["stack"] if f["step"] == "setup_place"]
    assert [f["left"] for f in reversed(frames)] == [2, 3, 3, 4, 2]
    state = RULES.setup(1, "standard", {"bid_sp": 2, "bid_role": "democrat"})
    frames = [f for f in state["stack"] if f["step"] == "setup_place"]
    assert (frames[0]["role"], frames[0]["left"]) == (DEM, 2)  # after the 2/3/3/4/2
    while len(state["stack"]) > 2:
        role = state["active"][0]
        do(state, role, "place", ids(state, role, "place")[0])
    assert state["active"] == [DEM]
    allowed = ids(state, DEM, "place")
    assert ID["berlin"] not in allowed  # no opponent SPs there (3.4 restriction)


def test_discrepancy_students_rally_comes_before_prudence():
    """Seed 6.3.5 (first edition): box 2 applies before any ops modifier, so a
    1-op card under Prudence is 2 - 1 = 1; the other order would give 2."""
    state = after_setup()
    state["tst"] = {COM: 0, DEM: 2}
    state["effects"]["8"] = {"role": DEM, "ops": -1, "until": "turn"}
    assert ops_value(state, DEM, MICHNIK) == 1


def test_discrepancy_box_6_check_is_a_2_ops_card_with_the_turns_modifiers():
    """Seed 4.5.3 / 6.3.5: turn-long ops effects still count for the free check."""
    state = after_setup()
    state["tst"] = {COM: 6, DEM: 0}
    state["effects"]["25"] = {"role": COM, "ops": 1, "until": "turn"}
    state["hands"] = {COM: [], DEM: []}
    state["stack"] = [{"step": "turn", "phase": 2}]
    RULES.flow.settle(state)
    frame = state["stack"][-1]
    assert frame["step"] == "check" and frame["ops"] == 3 and frame["left"] == 1
    assert ("done", None) in choices(RULES, state, COM)


def test_discrepancy_tyrant_with_no_refuge_gives_the_democrat_2_vp():
    """Seed 7.6.5 (and the reference's ruling); Rally the Troops gives nothing."""
    state = clear_board(after_setup())
    from games.titles.dawn_of_freedom.rules.data import COUNTRY_SPACES
    for s in COUNTRY_SPACES["romania"]:
        state["sp"][DEM][s] = 1
    resolve_tyrant(state)
    assert kinds(state, "tyrant_no_refuge") and state["vp"] == 2


def test_discrepancy_new_years_eve_ends_without_final_scoring():
    """Seed 10.3: the leader wins at once; no final scoring, no Communist bonus."""
    state = clear_board(after_setup())
    state["vp"] = 1
    state["effects"]["104"] = {"role": COM, "new_years_eve": True, "until": "game"}
    state["hands"] = {COM: [], DEM: []}
    state["stack"] = [{"step": "turn", "phase": 4}]
    RULES.flow.settle(state)
    assert state["active"] == [DEM]  # the Democrat may pick a final struggle
    do(state, DEM, "no_struggle")
    assert state["result"] == {"winners": [DEM], "reason": "new_years_eve", "score": {"vp": 1}}


def test_discrepancy_no_elite_or_bureaucrat_scoring_bonus():
    """Neither seed 9.x nor the reference's VP values give the elite or
    bureaucrat space a bonus; controlling Bydgoszcz alone is presence."""
    state = clear_board(after_setup())
    put(state, bydgoszcz=(4, 0))
    assert country_points(state, "poland")[COM] == {"level": "presence", "vp": 3}


def test_discrepancy_box_3_lets_the_winner_hold_two_cards():
    """Seed 6.3.5: the box-3 winner may end the turn with 2 cards (no limit
    on held non-scoring cards), and the next deal fills to 8 only."""
    state = after_setup()
    state["hands"] = {COM: [1, 6], DEM: [2]}
    state["stack"] = [{"step": "turn", "phase": 3}]
    state["turn"] = 1
    RULES.flow.settle(state)
    assert state["result"] is None
    assert len(state["hands"][COM]) == 8 and len(state["hands"][DEM]) == 8

