"""Reusable event steps: fixed placements ignore 6.1 (7.4), event operations
follow rule 6 with the card's ops, forced discards never trigger events (5.3)."""
from games.titles.dawn_of_freedom.rules.events import REGISTRY, steps

from .helpers import COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put, sp

MICHNIK = 4


def register(monkeypatch, fn) -> None:
    """A stand-in event for card 4 during one test (not `@event`, which would
    register it for good)."""
    def wrapper(state, ctx):
        fn(state, ctx)
    wrapper.card, wrapper.requires = MICHNIK, None
    monkeypatch.setitem(REGISTRY, MICHNIK, wrapper)


def test_7_4_a_fixed_placement_ignores_adjacency_and_control_cost(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.place(state, ctx["role"], 2, [ID["berlin"]]))
    state = clear_board(after_setup())
    put(state, berlin=(4, 0), gdansk=(0, 1))
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    do(state, DEM, "place", ID["berlin"])
    do(state, DEM, "place", ID["berlin"])
    assert sp(state, "berlin") == (4, 2) and MICHNIK in state["removed"]


def test_7_4_an_event_using_the_cards_ops_follows_rule_6(monkeypatch):
    from games.titles.dawn_of_freedom.rules.cards import ops_value

    def fn(state, ctx):
        steps.operations(state, ctx["role"], ctx["card"], ops_value(state, ctx["role"], ctx["card"]),
                         kinds=("place",))
    register(monkeypatch, fn)
    state = clear_board(after_setup())
    put(state, gdansk=(0, 1), berlin=(4, 0))
    state["effects"]["8"] = {"role": DEM, "ops": 1, "until": "turn"}
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    do(state, DEM, "mode", "place")
    assert ID["berlin"] not in ids(state, DEM, "place")  # not reachable (6.1.2)
    do(state, DEM, "place", ID["gdansk"])
    do(state, DEM, "place", ID["gdansk"])
    assert sp(state, "gdansk") == (0, 3)


def test_5_3_a_forced_discard_never_triggers_the_discarded_event(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.discard(state, COM, [22, 15]))
    state = after_setup()
    action_round(state, DEM, [MICHNIK])
    state["hands"][COM] = [15, 22]
    do(state, DEM, "event", MICHNIK)
    assert state["active"] == [COM]
    do(state, COM, "discard", 22)
    assert 22 in state["discard"] and state["ps"] is None and not kinds(state, "struggle")


def test_a_lasting_effect_keeps_its_card_beside_the_board(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.persist(state, MICHNIK, DEM, ops=1, board=True))
    state = after_setup()
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    assert MICHNIK in state["board"] and state["effects"]["4"]["ops"] == 1
    from games.titles.dawn_of_freedom.rules.cards import end_effect
    end_effect(state, "4")
    assert MICHNIK in state["discard"] and MICHNIK not in state["board"]
