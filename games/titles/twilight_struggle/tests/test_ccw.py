"""The Chinese Civil War variant (section 12)."""
from games.rules.core.testing import choices
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.data import CCW, CHINA
from games.titles.twilight_struggle.rules.ccw import holds_china, korean_war_modifier
from games.titles.twilight_struggle.rules.registry import REGISTRY, offer_event

from .helpers import ID, action_round, after_setup, clear_board, do, ids, put

FIDEL, DUCK_AND_COVER, RED_SCARE, FORMOSAN, NUCLEAR_TEST_BAN = 8, 4, 31, 35, 34


def ccw_round(role, hand):
    state = clear_board(after_setup(chinese_civil_war=True))
    return action_round(state, role, hand)


def test_nobody_holds_china_until_the_civil_war_ends():
    state = ccw_round("ussr", [FIDEL])
    assert state["china"]["holder"] is None
    assert ("ops", CHINA) not in choices(RULES, state, "ussr")


def test_only_the_ussr_places_there_and_three_points_give_it_china():
    """12.1-12.3: adjacent only to the USSR; on the third point China goes to the USSR."""
    state = ccw_round("us", [DUCK_AND_COVER])
    put(state, north_korea=(0, 2))
    state["inf"]["ussr"][CCW] = 1
    do(state, "us", "ops", DUCK_AND_COVER)
    assert CCW not in ids(state, "us", "mode") and "coup" in ids(state, "us")
    do(state, "us", "mode", "coup")
    assert CCW not in ids(state, "us") and ID["north_korea"] in ids(state, "us")
    state = ccw_round("ussr", [NUCLEAR_TEST_BAN])
    do(state, "ussr", "ops", NUCLEAR_TEST_BAN)
    do(state, "ussr", "mode", "influence")
    assert CCW in ids(state, "ussr")
    for _ in range(3):
        do(state, "ussr", "place", CCW)
    assert state["ccw"] == "resolved" and state["inf"]["ussr"][CCW] == 0
    assert state["china"] == {"holder": "ussr", "up": True}
    assert CCW not in ids(state, "ussr")  # the fourth op goes elsewhere


def test_event_restrictions_until_resolved(monkeypatch):
    """12.4: no Red Scare/Purge event for the USSR, no Formosan Resolution for the US."""
    for card in (RED_SCARE, FORMOSAN):
        monkeypatch.setitem(REGISTRY, card, _noop)
    state = ccw_round("ussr", [RED_SCARE])
    assert not offer_event(state, RED_SCARE, "ussr") and offer_event(state, RED_SCARE, "us")
    assert not offer_event(state, FORMOSAN, "us")
    state["ccw"] = "resolved"
    assert offer_event(state, RED_SCARE, "ussr") and offer_event(state, FORMOSAN, "us")


def _noop(state, ctx):
    pass


_noop.requires, _noop.headline = None, True


def test_us_counts_as_china_holder_for_nixon_and_ussuri_and_korean_war_penalty():
    state = ccw_round("ussr", [FIDEL])
    assert holds_china(state, "us", 71) and holds_china(state, "us", 76)
    assert not holds_china(state, "us", 5) and korean_war_modifier(state) == -1
    state["ccw"] = "resolved"
    assert korean_war_modifier(state) == 0


def test_no_china_vp_if_it_never_entered_play():
    """12.2."""
    state = ccw_round("ussr", [])
    state["turn"], state["vp"] = 10, 0
    state["hands"] = {"ussr": [], "us": []}
    state["stack"] = [{"step": "turn", "phase": 3}]
    RULES.flow.settle(state)
    assert RULES.result(state).winners == [] and state["vp"] == 0
