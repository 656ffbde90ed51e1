"""The event framework (7.x), the U.S.S.R. track (12.x) and Romania (7.6)."""
import pathlib

from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.data import CARDS, COUNTRY_SPACES
from games.titles.dawn_of_freedom.rules.events import coverage_table
from games.titles.dawn_of_freedom.rules.registry import REGISTRY, can_happen
from games.titles.dawn_of_freedom.rules.scoring import final_scoring
from games.titles.dawn_of_freedom.rules.ussr import advance

from .card_tests import card_proofs
from .helpers import COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put
from .struggles import struggle

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"
HONECKER, MODROW, MICHNIK, PRUDENCE = 15, 83, 4, 8
GOVERNMENT_RESIGNS, SPITZEL = 103, 82  # their events are taken out of REGISTRY below
ROMANIA_SCORING = 95


def test_preview_while_any_event_is_missing():
    missing = [n for n in CARDS if n not in REGISTRY]
    assert RULES.preview is True or not missing
    assert not missing  # all 110 events exist: the title is offered on the create-game page
    assert RULES.preview is False


def test_the_title_is_offered_on_the_create_game_page_without_previews(settings):
    from games.engine import registry
    settings.HOTLINE_ENABLE_PREVIEW_TITLES = False
    assert RULES.title_id in [r.title_id for r in registry.offered()]


def test_the_readme_card_table_is_current():
    assert coverage_table(card_proofs()) in README.read_text()


def test_every_early_year_card_is_proven_by_a_test():
    proofs = card_proofs()
    assert [n for n in range(1, 41) if not proofs[n]] == []


def test_every_middle_and_late_year_card_is_proven_by_a_test():
    proofs = card_proofs()
    assert [n for n in range(41, 111) if not proofs[n]] == []


def test_a_card_without_its_event_is_offered_for_ops_and_tst_only(monkeypatch):
    monkeypatch.delitem(REGISTRY, GOVERNMENT_RESIGNS)
    state = after_setup()
    action_round(state, DEM, [GOVERNMENT_RESIGNS])
    offered = {verb for verb, arg in [(v, a) for v, a in
                                      [(c.verb, c.arg) for c in RULES.prompt(state, DEM).choices]]}
    assert offered == {"ops", "tst"}


def test_an_opponents_card_without_its_event_logs_event_not_implemented(monkeypatch):
    monkeypatch.delitem(REGISTRY, SPITZEL)
    state = after_setup()
    action_round(state, DEM, [SPITZEL])
    do(state, DEM, "ops", SPITZEL)
    assert kinds(state, "event_not_implemented") == [
        {"kind": "event_not_implemented", "card": SPITZEL, "role": COM}]
    assert state["stack"][-1]["step"] == "ops_mode"


def fake_event(monkeypatch, card: int, calls: list) -> None:
    def fn(state, ctx):
        calls.append(ctx)
    fn.card, fn.requires = card, None
    monkeypatch.setitem(REGISTRY, card, fn)


def test_an_opponents_event_happens_in_the_chosen_order_and_an_asterisk_card_is_removed(
        monkeypatch):
    calls = []
    fake_event(monkeypatch, HONECKER, calls)
    state = after_setup()
    action_round(state, DEM, [HONECKER])
    do(state, DEM, "ops", HONECKER)
    assert ids(state, DEM, "order") == ["event_first", "ops_first"]
    do(state, DEM, "order", "event_first")
    assert calls == [{"card": HONECKER, "role": COM, "player": DEM, "from": "play"}]
    while state["active"] == [DEM]:
        do(state, DEM, *next((v, a) for v, a in [(c.verb, c.arg) for c in
                                                 RULES.prompt(state, DEM).choices]))
    assert HONECKER in state["removed"]


def test_5_2_an_event_that_cannot_happen_is_discarded_despite_its_asterisk(monkeypatch):
    """Modrow has happened, so Honecker cannot (7.5); played for ops its card
    goes to the discard pile, not out of the game."""
    calls = []
    fake_event(monkeypatch, HONECKER, calls)
    state = after_setup()
    state["events_done"].append(MODROW)
    assert not can_happen(state, HONECKER, COM)
    action_round(state, DEM, [HONECKER])
    do(state, DEM, "ops", HONECKER)
    assert kinds(state, "event_blocked") and not calls
    while state["active"] == [DEM]:
        do(state, DEM, *[(c.verb, c.arg) for c in RULES.prompt(state, DEM).choices][0])
    assert HONECKER in state["discard"] and HONECKER not in state["removed"]


def test_prerequisites_come_from_the_red_titles():
    state = after_setup()
    from games.titles.dawn_of_freedom.rules.registry import blocked
    assert blocked(state, 3)  # Walesa needs Solidarity Legalized
    state["events_done"].append(2)
    assert not blocked(state, 3)


def test_12_ussr_track_in_its_fixed_order_with_vp_and_side_effects():
    state = after_setup()
    assert not advance(state, 81)  # The Baltic Way before Sajudis: no move
    assert state["ussr"] == 0 and kinds(state, "ussr_out_of_order")
    from games.titles.dawn_of_freedom.rules.registry import blocked
    for card, vp, step in ((33, 1, 1), (81, 4, 2), (84, 9, 3)):
        assert advance(state, card)
        assert (state["ussr"], state["vp"]) == (step, vp)
    assert blocked(state, 14) and not blocked(state, 110)
    assert advance(state, 109)
    assert (state["ussr"], state["vp"]) == (4, 6) and blocked(state, 110)


# -- Romania (7.6) -------------------------------------------------------------
def test_tyrant_without_the_crowd_turns_cannot_happen():
    state = after_setup()
    assert not can_happen(state, 97, DEM)


def romania_position() -> dict:
    state = clear_board(after_setup())
    return put(state, bucuresti=(3, 0), timisoara=(0, 3), cluj_napoca=(6, 0))


def test_tyrant_resolves_after_the_romanian_struggle():
    """7.6.3: played after The Crowd Turns but before the Romanian struggle, it
    waits beside the board; after the struggle up to 4 Communist SPs leave
    Cluj-Napoca and the Democrat picks the refuge (7.6.5)."""
    state = romania_position()
    state["events_done"].append(54)
    state["romania"]["crowd"] = "pending"
    action_round(state, DEM, [97])
    do(state, DEM, "event", 97)
    assert 97 in state["board"] and state["romania"]["tyrant"] == "pending"
    struggle(state, COM, ROMANIA_SCORING)
    assert kinds(state, "crowd_turns_acts")
    for _ in range(200):
        if state["stack"][-1]["step"] == "tyrant_refuge":
            break
        role = state["active"][0]
        do(state, role, *[(c.verb, c.arg) for c in RULES.prompt(state, role).choices][0])
    assert kinds(state, "tyrant_resolves")[0]["removed"] == 4
    refuges = ids(state, DEM, "refuge")
    assert ID["timisoara"] not in refuges and ID["craiova"] in refuges
    do(state, DEM, "refuge", ID["craiova"])
    assert state["romania"]["refuge"] == ID["craiova"] and 97 in state["removed"]


def test_tyrant_captured_when_the_democrat_controls_the_refuge():
    state = romania_position()
    state["romania"]["refuge"] = ID["craiova"]
    action_round(state, DEM, [MICHNIK])
    put(state, craiova=(0, 3), timisoara=(0, 3))
    do(state, DEM, "ops", MICHNIK)
    do(state, DEM, "mode", "place")
    do(state, DEM, "place", ID["craiova"])  # 4 SPs: control of a stability-4 space
    assert kinds(state, "tyrant_captured") and state["vp"] == 2
    assert state["romania"]["refuge"] is None


def test_an_uncaptured_tyrant_costs_the_democrat_2_at_final_scoring():
    state = clear_board(after_setup())
    state["romania"]["refuge"] = COUNTRY_SPACES["romania"][0]
    final_scoring(state)
    assert kinds(state, "tyrant_escaped") and state["vp"] == -24 - 2


def test_offer_events_agrees_with_offer_event_card_by_card():
    from games.rules.core.testing import random_play
    from games.titles.dawn_of_freedom.rules.registry import offer_event, offer_events
    checked = []

    def on_step(state, role, action):
        for player in ("communist", "democrat"):
            hand = state["hands"][player]
            assert offer_events(state, hand, player) == {c for c in hand
                                                         if offer_event(state, c, player)}
            checked.append(len(hand))
    random_play(RULES, 5, on_step=on_step)
    assert sum(checked) > 1000
