"""Setup, headline, action rounds and the end of the turn (3.x, 4.x, 8.2, 10.x, 11.x)."""
import pytest

from games.rules.core import IllegalAction
from games.rules.core.testing import act, choices, new_game
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.cards import deal
from games.titles.twilight_struggle.rules.data import AREAS, CHINA, SCORING

from .helpers import ID, action_round, after_setup, clear_board, do, ids, put, without_events

BLOCKADE, FIDEL, DUCK_AND_COVER = 10, 8, 4


@pytest.fixture(autouse=True)
def plain_cards(monkeypatch):
    """Stand-in cards without events, so turn mechanics are tested alone."""
    without_events(monkeypatch, BLOCKADE, FIDEL, DUCK_AND_COVER)


def test_setup_hands_then_ussr_then_us_placement():
    state = new_game(RULES, 7)
    assert len(state["hands"]["ussr"]) == 8 and len(state["hands"]["us"]) == 8
    assert CHINA not in state["hands"]["ussr"] and state["china"] == {"holder": "ussr", "up": True}
    assert state["active"] == ["ussr"] and RULES.prompt(state, "us") is None
    assert set(ids(state, "ussr", "place")) == set(AREAS["eastern_europe"])
    state = after_setup(7)
    assert sum(state["inf"]["ussr"]) == 15 and sum(state["inf"]["us"]) == 25
    assert state["stack"][-1]["step"] == "headline" and sorted(state["active"]) == ["us", "ussr"]


def test_us_bid_goes_where_the_us_already_is():
    state = new_game(RULES, 7, options={"us_bid": 2})
    while sum(state["inf"]["us"]) < 25:
        role = state["active"][0]
        act(RULES, state, role, *[c for c in choices(RULES, state, role) if c[0] != "undo"][-1])
    assert state["active"] == ["us"]
    have = {c for c, n in enumerate(state["inf"]["us"]) if n}
    assert set(ids(state, "us", "place")) == have
    do(state, "us", "place", ID["iran"])
    do(state, "us", "place", ID["iran"])
    assert sum(state["inf"]["us"]) == 27 and state["stack"][-1]["step"] == "headline"


def test_options_are_validated_and_side_bid_sets_the_vp_marker():
    with pytest.raises(ValueError):
        RULES.clean_options({"us_bid": 9})
    assert new_game(RULES, 1, options={"side_bid_vp": -3})["vp"] == -3
    assert new_game(RULES, 1, options={"chinese_civil_war": True})["china"]["holder"] is None
    deck = new_game(RULES, 1, options={"optional_cards": False})["deck"]
    assert not [c for c in deck if c >= 104]


def test_tournament_deal_alternates_from_the_ussr():
    """11.1.3."""
    state = after_setup(tournament=True)
    state["hands"] = {"ussr": [], "us": [11]}
    state["deck"] = list(range(30, 45))
    deal(state)
    assert state["hands"]["ussr"] == [30, 32, 34, 36, 38, 40, 42, 44]
    assert state["hands"]["us"] == [11, 31, 33, 35, 37, 39, 41, 43]


def test_deal_finishes_the_deck_before_reshuffling_discards():
    """4.3, 4.3.1: the rest of the deck first, then the discards; removed cards never."""
    state = after_setup()
    state["hands"] = {"ussr": [], "us": list(range(40, 48))}
    state["deck"], state["discard"], state["removed"] = [11, 12, 13], [14, 15, 16, 17, 18, 19], [20]
    deal(state)
    assert {11, 12, 13} <= set(state["hands"]["ussr"]) and 20 not in state["hands"]["ussr"]
    assert len(state["hands"]["ussr"]) == 8 and len(state["deck"]) == 1
    assert state["discard"] == []


def headline_state(ussr_hand, us_hand, seed=1):
    state = after_setup(seed)
    state["hands"] = {"ussr": list(ussr_hand), "us": list(us_hand)}
    return state


def test_headline_secret_and_simultaneous_scoring_second_ties_to_us():
    state = headline_state([2, FIDEL], [1, BLOCKADE])
    assert ids(state, "ussr") == [2] and ids(state, "us") == [1]  # never China; a card must be
    # headlined when one can be (4.5 C), even if another card in hand cannot
    do(state, "us", "headline", 1)
    assert state["active"] == ["ussr"]
    assert RULES.view(state, "ussr")["headline"] == {"picked": ["us"], "mine": None, "shown": {}}
    do(state, "ussr", "headline", 2)
    scores = [x["region"] for x in state["log"] if x["kind"] == "score"]
    assert scores[:2] == ["asia", "europe"]  # both 0: US first
    assert state["stack"][-1]["step"] == "action" and state["active"] == ["ussr"]


def test_headline_without_an_implemented_event_is_skipped():
    state = headline_state([FIDEL], [BLOCKADE])
    assert choices(RULES, state, "ussr") == [("headline", None)]
    state = headline_state([2], [1])
    assert choices(RULES, state, "ussr") == [("headline", 2)]  # only implemented cards


def test_man_in_earth_orbit_sees_the_other_headline_first():
    """6.4.4: the opponent picks and reveals first."""
    state = headline_state([2], [1])
    state["space"] = {"ussr": 4, "us": 3}
    RULES.flow.settle(state)
    assert state["active"] == ["us"]
    do(state, "us", "headline", 1)
    assert RULES.view(state, "ussr")["headline"]["shown"] == {"us": 1}
    assert state["active"] == ["ussr"]


def test_action_round_pass_only_with_empty_hand():
    state = action_round(clear_board(after_setup()), "ussr", [FIDEL])
    assert ("pass", None) not in choices(RULES, state, "ussr")
    state = action_round(clear_board(after_setup()), "ussr", [])
    assert choices(RULES, state, "ussr")[-1] == ("pass", None)  # only the China Card left
    with pytest.raises(IllegalAction):
        do(state, "us", "pass")


def test_scoring_cards_must_be_played_when_rounds_run_short():
    state = action_round(clear_board(after_setup()), "ussr", [1, 2, FIDEL])
    state["taken"]["ussr"] = 5  # round 5 of 6: two rounds for two scoring cards
    assert choices(RULES, state, "ussr") == [("event", 1), ("event", 2)]
    state["taken"]["ussr"] = 4
    assert ("ops", FIDEL) in choices(RULES, state, "ussr")


def end_turn(state, defcon=5, milops=(0, 0)):
    state["defcon"] = defcon
    state["milops"] = {"ussr": milops[0], "us": milops[1]}
    state["stack"] = [{"step": "turn", "phase": 3}]
    RULES.flow.settle(state)
    return state


def test_military_ops_shortfall_pays_the_opponent_and_resets():
    """8.2.1: DEFCON 3; US 1 short by 2 -> USSR +2; USSR 3 is enough."""
    state = end_turn(headline_state([FIDEL], [BLOCKADE]), defcon=3, milops=(3, 1))
    assert state["vp"] == -2 and state["milops"] == {"ussr": 0, "us": 0}
    assert state["turn"] == 2 and state["defcon"] == 4  # next turn A: improve


def test_end_of_turn_flips_the_china_card_and_adds_mid_war_at_turn_4():
    state = headline_state([FIDEL], [BLOCKADE])
    state["china"] = {"holder": "us", "up": False}
    state["turn"] = 3
    deck_before = len(state["deck"])
    state["discard"] = [11, 12]
    end_turn(state)
    assert state["china"] == {"holder": "us", "up": True} and state["turn"] == 4
    assert 37 in state["deck"] + state["hands"]["ussr"] + state["hands"]["us"]
    assert state["discard"] == [11, 12]  # 4.4: discards not shuffled in
    assert len(state["deck"]) == deck_before + 48 - 8 - 8


def test_held_scoring_card_loses_and_tournament_reveals_hands():
    """11.1.2 (always applied), 11.1.1 (tournament option)."""
    state = headline_state([1], [BLOCKADE])
    state["options"]["tournament"] = True
    end_turn(state)
    assert RULES.result(state).winners == ["us"]
    assert [x for x in state["log"] if x["kind"] == "held_cards"][-1]["hands"]["us"] == [BLOCKADE]


def test_eagle_has_landed_discards_the_held_card():
    state = headline_state([FIDEL], [BLOCKADE])
    state["space"] = {"ussr": 6, "us": 0}
    end_turn(state)
    assert choices(RULES, state, "ussr") == [("discard", FIDEL), ("keep", None)]
    do(state, "ussr", "discard", FIDEL)
    assert FIDEL in state["discard"] and state["turn"] == 2


def test_space_station_gives_an_optional_eighth_round():
    state = clear_board(after_setup())
    state["space"] = {"ussr": 8, "us": 6}  # US at 6: no Eagle/Bear discard to ask
    state["turn"] = 4
    state["hands"] = {"ussr": [FIDEL], "us": [BLOCKADE]}
    state["taken"] = {"ussr": 7, "us": 7}
    state["stack"] = [{"step": "turn", "phase": 3}, {"step": "rounds", "n": 8, "next": "ussr"}]
    RULES.flow.settle(state)
    assert state["active"] == ["ussr"] and ("pass", None) in choices(RULES, state, "ussr")
    do(state, "ussr", "pass")
    assert state["turn"] == 5  # the US has no 8th round: the turn ended


def test_europe_control_wins_when_europe_is_scored():
    state = clear_board(after_setup())
    for key in ("france", "west_germany", "italy", "east_germany", "poland", "uk"):
        put(state, **{key: (5, 0)})
    action_round(state, "ussr", [2, FIDEL])
    do(state, "ussr", "event", 2)
    assert RULES.result(state).winners == ["us"] and RULES.result(state).reason == "europe"


def test_twenty_vp_after_the_whole_scoring():
    state = clear_board(after_setup())
    state["vp"] = -17
    put(state, cuba=(0, 3), mexico=(0, 2), panama=(0, 2), haiti=(0, 1))
    action_round(state, "ussr", [37, FIDEL])
    do(state, "ussr", "event", 37)
    assert RULES.result(state).winners == ["ussr"] and RULES.result(state).reason == "vp"


def test_final_scoring_draw_china_vp_and_no_twenty_vp_win():
    state = clear_board(after_setup())
    state["turn"] = 10
    state["hands"] = {"ussr": [], "us": []}
    state["vp"] = 1  # USSR holds China: +1 USSR -> 0 -> draw
    end_turn(state)
    assert RULES.result(state).winners == [] and RULES.result(state).reason == "final_scoring"
    state = clear_board(after_setup())
    state["turn"], state["vp"] = 10, -25
    state["hands"] = {"ussr": [], "us": []}
    put(state, cuba=(3, 0))
    end_turn(state)
    assert state["vp"] == -25 + 2 - 1  # US Cuba: presence + battleground; USSR China
    assert RULES.result(state).winners == ["ussr"]


def test_final_scoring_europe_control_still_wins():
    state = clear_board(after_setup())
    state["turn"], state["vp"] = 10, 15
    state["hands"] = {"ussr": [], "us": []}
    for key in ("france", "west_germany", "italy", "east_germany", "poland", "austria"):
        put(state, **{key: (0, 5)})
    end_turn(state)
    assert RULES.result(state).winners == ["ussr"] and RULES.result(state).reason == "europe"


def test_scoring_cards_only_as_events_and_southeast_asia_removed():
    state = action_round(clear_board(after_setup()), "ussr", [38, FIDEL])
    assert ("ops", 38) not in choices(RULES, state, "ussr")
    put(state, thailand=(0, 2), vietnam=(1, 0))
    do(state, "ussr", "event", 38)
    assert state["vp"] == -1 and 38 in state["removed"]
    assert SCORING & set(state["removed"]) == {38}


def test_un_intervention_is_never_offered_as_a_headline():
    state = headline_state([32, 2], [1])
    assert ("headline", 32) not in choices(RULES, state, "ussr")
    assert ("headline", 2) in choices(RULES, state, "ussr")
