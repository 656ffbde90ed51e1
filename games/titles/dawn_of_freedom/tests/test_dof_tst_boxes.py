"""Every Tiananmen Square box (6.3.5) for either side as its first owner, and
its end when the other side arrives."""
import pytest

from games.rules.core.testing import choices
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.cards import has_ability, ops_value
from games.titles.dawn_of_freedom.rules.data import TST_NEEDS
from games.titles.dawn_of_freedom.rules.registry import REGISTRY

from .helpers import COM, DEM, ID, action_round, after_setup, do, ids, kinds, rolls

OTHER = {COM: DEM, DEM: COM}
ONE_OP = {COM: 9, DEM: 4}  # The Wall, Michnik (printed 1 op)
OPPONENTS = {COM: 4, DEM: 9}  # a card of the other side
NEUTRAL = 8  # Prudence


def owner_at(role: str, box: int) -> dict:
    state = after_setup()
    state["tst"] = {role: box, OTHER[role]: box - 1}
    return state


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_1_adds_one_to_the_owners_attempts(role):
    state = owner_at(role, 1)
    state["tst"][OTHER[role]] = 0
    action_round(state, role, [NEUTRAL])
    rolls(state, 1)
    do(state, role, "tst", NEUTRAL)
    assert kinds(state, "tst_attempt")[0]["mod"] == 1


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_2_a_printed_one_counts_two(role):
    state = owner_at(role, 2)
    assert ops_value(state, role, ONE_OP[role]) == 2
    assert ops_value(state, OTHER[role], ONE_OP[OTHER[role]]) == 1
    state["tst"][OTHER[role]] = 2
    assert ops_value(state, role, ONE_OP[role]) == 1


@pytest.mark.parametrize("role", [COM, DEM])
@pytest.mark.parametrize("box", [3, 4])
def test_boxes_3_and_4_award_the_first_arrival_only(role, box):
    state = owner_at(role, box - 1)
    state["tst"][OTHER[role]] = box - 2
    action_round(state, role, [NEUTRAL])
    rolls(state, 6)
    do(state, role, "tst", NEUTRAL)
    assert state["tst"][role] == box
    assert state["stack"][-1]["step"] == ("tst_news" if box == 3 else "tst_remove")
    late = owner_at(role, box - 1)
    late["tst"][OTHER[role]] = box
    action_round(late, role, [NEUTRAL])
    rolls(late, 6)
    do(late, role, "tst", NEUTRAL)
    assert late["tst"][role] == box and late["stack"][-1]["step"] not in ("tst_news", "tst_remove")


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_5_swap_after_the_deal(role):
    state = owner_at(role, 5)
    state["stack"] = [{"step": "turn", "phase": 0}]
    RULES.flow.settle(state)
    assert state["stack"][-1]["step"] == "tst_swap" and state["active"] == [role]
    do(state, role, "no_swap")


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_6_free_check_at_the_end_of_the_turn(role):
    state = owner_at(role, 6)
    state["hands"] = {COM: [], DEM: []}
    state["stack"] = [{"step": "turn", "phase": 2}]
    RULES.flow.settle(state)
    frame = state["stack"][-1]
    assert frame["step"] == "check" and frame["role"] == role and frame["ops"] == 2


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_7_an_opponents_card_for_ops_without_its_event_once_per_turn(role):
    state = owner_at(role, 7)
    card = OPPONENTS[role]
    action_round(state, role, [card, NEUTRAL])
    assert ("ops_no_event", card) in choices(RULES, state, role)
    do(state, role, "ops_no_event", card)
    assert state["tst_used"][role]["7"] and not kinds(state, "event_not_implemented")


@pytest.mark.parametrize("role", [COM, DEM])
def test_box_8_a_card_for_both_ops_and_event(role, monkeypatch):
    calls = []

    def fn(state, ctx):
        calls.append(ctx["role"])
    fn.card, fn.requires = NEUTRAL, None
    monkeypatch.setitem(REGISTRY, NEUTRAL, fn)
    state = owner_at(role, 8)
    action_round(state, role, [NEUTRAL])
    assert ("both", NEUTRAL) in choices(RULES, state, role)
    assert "tst" not in {v for v, _ in choices(RULES, state, role)}  # 6.3.7
    do(state, role, "both", NEUTRAL)
    do(state, role, "order", "ops_first")
    assert calls == [] and state["stack"][-2]["step"] == "event"
    assert state["tst_used"][role]["8"]


def test_thresholds_come_from_the_track():
    assert TST_NEEDS[DEM][1:] == [5, 5, 6, 6, 7, 8, 9, 10]
    assert TST_NEEDS[COM][1:] == [6, 6, 7, 7, 8, 7, 6, 5]


def test_both_past_a_box_nobody_owns_it():
    state = after_setup()
    state["tst"] = {COM: 3, DEM: 5}
    assert [b for b in range(1, 9) if has_ability(state, DEM, b)] == [4, 5]
    assert not any(has_ability(state, COM, b) for b in range(1, 9))


def test_11_1_a_country_bonus_for_checks_is_announced_before_the_first_roll():
    state = after_setup()
    state["effects"]["58"] = {"role": DEM, "ops": 1, "country": "east_germany", "until": "turn"}
    action_round(state, DEM, [17])
    do(state, DEM, "ops", 17)
    do(state, DEM, "mode", "check")
    assert ID["berlin"] in ids(state, DEM, "check_bonus")
    assert ID["warszawa"] not in ids(state, DEM, "check_bonus")
    rolls(state, 1)
    do(state, DEM, "check_bonus", ID["berlin"])
    assert kinds(state, "support_check")[0]["ops"] == 4
    assert all(ID[k] not in ids(state, DEM, "check") for k in ("warszawa", "praha"))
