"""Operations: influence, realignment, coups, DEFCON limits, China Card, space race."""
from games.rules.core.testing import force_rolls
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.cards import ops_value
from games.titles.twilight_struggle.rules.data import AREAS, CHINA
from games.titles.twilight_struggle.rules.events.steps import free_coup

import pytest

from .helpers import ID, action_round, after_setup, clear_board, do, ids, put, without_events

BLOCKADE, DUCK_AND_COVER, NUCLEAR_TEST_BAN, FIDEL = 10, 4, 34, 8


@pytest.fixture(autouse=True)
def plain_cards(monkeypatch):
    """The stand-in cards here are played for operations only."""
    without_events(monkeypatch, BLOCKADE, DUCK_AND_COVER, NUCLEAR_TEST_BAN, FIDEL)


def ops_mode(state, role, card, mode):
    do(state, role, "ops", card)
    do(state, role, "mode", mode)
    return state


def coup_board(defcon):
    state = clear_board(after_setup())
    put(state, west_germany=(4, 0), japan=(4, 0), iran=(2, 0), mexico=(2, 0), turkey=(1, 0))
    state["defcon"] = defcon
    return action_round(state, "ussr", [DUCK_AND_COVER])


def test_coups_need_opponent_influence_and_obey_defcon():
    """6.3.1 and 8.1.5: DEFCON 4 bars Europe, 3 also Asia, 2 also the Middle East."""
    expect = {5: {"west_germany", "turkey", "japan", "iran", "mexico"},
              4: {"japan", "iran", "mexico"}, 3: {"iran", "mexico"}, 2: {"mexico"}}
    for defcon, keys in expect.items():
        state = ops_mode(coup_board(defcon), "ussr", DUCK_AND_COVER, "coup")
        assert set(ids(state, "ussr", "coup")) == {ID[k] for k in keys}


def test_realignment_obeys_defcon_too():
    state = ops_mode(coup_board(3), "ussr", DUCK_AND_COVER, "realign")
    assert set(ids(state, "ussr", "realign")) == {ID["iran"], ID["mexico"]}


def test_battleground_coup_at_defcon_2_loses_for_the_phasing_player():
    state = coup_board(2)
    ops_mode(state, "ussr", DUCK_AND_COVER, "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["mexico"])
    assert state["defcon"] == 1
    assert RULES.result(state).winners == ["us"] and RULES.result(state).reason == "defcon"


def test_failed_non_battleground_coup_keeps_defcon_and_credits_milops():
    state = ops_mode(coup_board(5), "ussr", DUCK_AND_COVER, "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["turkey"])  # 1 + 3 = 4, not more than 2 x 2
    assert state["defcon"] == 5 and state["inf"]["us"][ID["turkey"]] == 1
    assert state["milops"]["ussr"] == 3


def test_free_coup_ignores_defcon_geography_gives_no_milops_but_degrades():
    """6.3.5, 8.2.5."""
    state = coup_board(3)
    state["stack"].pop()
    free_coup(state, "ussr", 2, area="europe")
    RULES.flow.settle(state)
    assert set(ids(state, "ussr", "coup")) == {ID["west_germany"], ID["turkey"]}
    force_rolls(state, [6])
    do(state, "ussr", "coup", ID["west_germany"])  # 6 + 2 - 8 = 0: fails
    assert state["milops"]["ussr"] == 0 and state["defcon"] == 2


def test_realignment_never_adds_influence():
    """6.2.3: the winner only removes; nothing is added where the loser had little."""
    state = clear_board(after_setup())
    put(state, iran=(0, 1))
    action_round(state, "us", [BLOCKADE])
    ops_mode(state, "us", BLOCKADE, "realign")
    force_rolls(state, [6, 1])
    do(state, "us", "realign", ID["iran"])
    assert (state["inf"]["us"][ID["iran"]], state["inf"]["ussr"][ID["iran"]]) == (0, 0)


def test_realignment_counts_adjacent_controlled_countries():
    state = clear_board(after_setup())
    put(state, iran=(1, 1), iraq=(3, 0), pakistan=(2, 0), afghanistan=(0, 2))
    action_round(state, "us", [BLOCKADE])
    ops_mode(state, "us", BLOCKADE, "realign")
    force_rolls(state, [3, 3])
    do(state, "us", "realign", ID["iran"])
    line = state["log"][-1]
    assert line["mods"] == [2, 1]  # US: Iraq, Pakistan; USSR: Afghanistan


def test_influence_next_to_own_superpower_is_always_allowed():
    state = clear_board(after_setup())
    action_round(state, "ussr", [DUCK_AND_COVER])
    ops_mode(state, "ussr", DUCK_AND_COVER, "influence")
    assert set(ids(state, "ussr", "place")) == {ID[k] for k in (
        "afghanistan", "finland", "north_korea", "poland", "romania")}


def china_state(modifiers=None):
    state = clear_board(after_setup())
    put(state, north_korea=(0, 3), east_germany=(0, 3))
    state["effects"] = modifiers or {}
    return action_round(state, "ussr", [FIDEL])


def test_china_card_bonus_only_when_all_ops_go_to_asia():
    """9.6: 4 ops, +1 while every point goes to Asia."""
    state = ops_mode(china_state(), "ussr", CHINA, "influence")
    for _ in range(5):
        do(state, "ussr", "place", ID["south_korea"])
    assert state["inf"]["ussr"][ID["south_korea"]] == 5
    state = ops_mode(china_state(), "ussr", CHINA, "influence")
    do(state, "ussr", "place", ID["poland"])
    for _ in range(3):
        do(state, "ussr", "place", ID["south_korea"])
    assert state["stack"][-1]["step"] != "influence"  # 4 ops only


def test_china_card_passes_face_down_and_returns_face_up_next_turn():
    """9.3: usable by the opponent only after the turn ends."""
    state = ops_mode(china_state(), "ussr", CHINA, "influence")
    for _ in range(5):
        do(state, "ussr", "place", ID["south_korea"])
    assert state["china"] == {"holder": "us", "up": False}
    state["hands"]["us"] = [BLOCKADE]
    assert ("ops", CHINA) not in [(v, a) for v, a in _choices(state, "us")]


def _choices(state, role):
    from games.rules.core.testing import choices
    return choices(RULES, state, role)


def test_china_card_with_red_scare_and_vietnam_revolts():
    """7.4 arithmetic with the two effects as data: 4 - 1 + 1 (Asia) + 1 (SE Asia) = 5."""
    effects = {"31": {"role": "ussr", "until": "turn", "ops": -1},
               "9": {"role": "ussr", "until": "turn", "area_bonus": "southeast_asia"}}
    state = china_state(effects)
    put(state, thailand=(0, 1))
    ops_mode(state, "ussr", CHINA, "influence")
    for _ in range(5):
        assert ID["thailand"] in ids(state, "ussr", "place")
        do(state, "ussr", "place", ID["thailand"])
    assert state["inf"]["ussr"][ID["thailand"]] == 6
    assert state["stack"][-1]["step"] != "influence"


def test_ops_modifiers_never_below_one_nor_above_cap():
    state = china_state({"31": {"role": "ussr", "until": "turn", "ops": -1},
                         "25": {"role": "us", "until": "turn", "ops": 1, "max": 4}})
    assert ops_value(state, "ussr", BLOCKADE) == 1
    assert ops_value(state, "us", NUCLEAR_TEST_BAN) == 4
    assert ops_value(state, "us", DUCK_AND_COVER) == 4
    assert ops_value(state, "us", 1) == 0  # scoring cards have no ops


def space_state(space=0, other=0, tries=0):
    state = clear_board(after_setup())
    state["space"] = {"ussr": space, "us": other}
    state["space_tries"] = {"ussr": tries, "us": 0}
    return action_round(state, "ussr", [BLOCKADE, FIDEL, NUCLEAR_TEST_BAN, DUCK_AND_COVER])


def test_space_race_needs_the_ops_and_once_per_turn():
    state = space_state()
    assert set(ids(state, "ussr", "space")) == {FIDEL, NUCLEAR_TEST_BAN, DUCK_AND_COVER, CHINA}
    force_rolls(state, [3])
    do(state, "ussr", "space", DUCK_AND_COVER)  # US card: no event on the space race
    assert state["space"]["ussr"] == 1 and state["vp"] == -2
    assert DUCK_AND_COVER in state["discard"]
    state["stack"].append({"step": "action", "role": "ussr", "optional": False})
    state["active"] = ["ussr"]
    assert ids(state, "ussr", "space") == []


def test_space_race_failed_roll_and_second_arrival_vp():
    state = space_state(other=1)
    force_rolls(state, [4])
    do(state, "ussr", "space", FIDEL)
    assert state["space"]["ussr"] == 0
    state = space_state(other=1)
    force_rolls(state, [1])
    do(state, "ussr", "space", FIDEL)
    assert state["space"]["ussr"] == 1 and state["vp"] == -1  # second arrival: 1 VP


def test_animal_in_space_gives_a_second_attempt_until_cancelled():
    state = space_state(space=2, tries=1)
    assert ids(state, "ussr", "space")
    state = space_state(space=2, other=2, tries=1)
    assert not ids(state, "ussr", "space")


def test_lunar_orbit_needs_three_ops_and_the_last_box_ends_attempts():
    state = space_state(space=4)
    assert set(ids(state, "ussr", "space")) == {NUCLEAR_TEST_BAN, DUCK_AND_COVER, CHINA}
    assert not ids(space_state(space=8), "ussr", "space")


def test_area_sets():
    assert ID["thailand"] in AREAS["southeast_asia"] and ID["japan"] not in AREAS["southeast_asia"]


def test_modifiers_apply_in_all_situations_7_4_2():
    """7.4.2 ex. 1: under Red Scare a 2-op US coup adds 1 to the roll and 1 military op."""
    state = clear_board(after_setup())
    put(state, iran=(0, 2))
    state["effects"] = {"31": {"role": "us", "until": "turn", "ops": -1}}
    action_round(state, "us", [FIDEL])  # 2 ops
    ops_mode(state, "us", FIDEL, "coup")
    force_rolls(state, [4])
    do(state, "us", "coup", ID["iran"])
    line = state["log"][-1] if state["log"][-1]["kind"] == "coup" else state["log"][-2]
    assert line["ops"] == 1 and state["milops"]["us"] == 1


def test_brezhnev_lets_a_one_op_card_meet_a_two_op_discard_7_4_2():
    """7.4.2 ex. 2 and 3 as data: +1 makes Blockade worth 2; Containment-style +1."""
    from games.titles.twilight_struggle.rules.events.steps import DiscardAtLeast
    state = clear_board(after_setup())
    state["effects"] = {"51": {"role": "ussr", "until": "turn", "ops": 1, "max": 4}}
    state["hands"]["ussr"] = [BLOCKADE]
    assert DiscardAtLeast().choices(state, {"role": "ussr", "min_ops": 2}) == [BLOCKADE]
    state["effects"] = {"25": {"role": "us", "until": "turn", "ops": 1, "max": 4}}
    assert ops_value(state, "us", 26) == 2


def test_china_card_coup_in_asia_uses_five_ops():
    """9.6 with 7.4.2: the +1 counts for the coup roll and the military ops."""
    state = china_state()
    put(state, south_korea=(3, 0), turkey=(2, 0))
    ops_mode(state, "ussr", CHINA, "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["south_korea"])
    assert state["milops"]["ussr"] == 5
    state = china_state()
    put(state, turkey=(2, 0))
    ops_mode(state, "ussr", CHINA, "coup")
    force_rolls(state, [1])
    do(state, "ussr", "coup", ID["turkey"])
    assert state["milops"]["ussr"] == 4
