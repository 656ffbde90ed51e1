"""The deputy leader hook (CD§4 item 6, a house rule): ``RULES.deputy(state,
role)`` names the colony's next seat in turn order after the leader while the
leader is asked for a combat input of the colony phase; None otherwise."""
from games.rules.core.flow import take_log
from games.rules.core.testing import force_rolls
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.tests.helpers import act, clear_board, colony_phase, defaults_until, game, put

ALL_IN, ON_GUARD = 0, 1  # public-facts tactics, in pack order


def fight(players=6, leader_a="p3", leader_b="p2", bullets=2):
    """Both colonies at the school, Colony A led by ``leader_a``: the tactics step is open."""
    state = clear_board(game(players, seed=4))
    state["col"]["a"].update(leader=leader_a, bullets=bullets)
    state["col"]["b"].update(leader=leader_b, bullets=bullets)
    put(state, leader_a, "school"), put(state, leader_b, "school")
    for role in state["roles"]:
        if role not in (leader_a, leader_b) and state["pl"][role]["side"] != "w":
            put(state, role, state["pl"][role]["side"])
    take_log(state)
    return colony_phase(state, ["school"])


def test_the_deputy_is_the_colonys_next_seat_clockwise_after_the_leader():
    state = fight(6, leader_a="p3", leader_b="p2")
    assert state["col"]["a"]["seats"] == ["p1", "p3", "p5"] and sorted(state["active"]) == ["p2", "p3"]
    assert RULES.deputy(state, "p3") == "p5"
    assert RULES.deputy(state, "p2") == "p4"


def test_the_turn_order_wraps_round_from_the_last_seat_to_the_first():
    state = fight(6, leader_a="p5", leader_b="p6")
    assert RULES.deputy(state, "p5") == "p1" and RULES.deputy(state, "p6") == "p2"


def test_only_the_leader_asked_now_has_a_deputy():
    state = fight(6, leader_a="p3", leader_b="p2")
    assert [RULES.deputy(state, r) for r in ("p1", "p4", "p5", "p6")] == [None] * 4
    act(state, "p3", "tactic", ALL_IN)
    assert RULES.deputy(state, "p3") is None  # its sealed tactic is in: it is no longer asked
    assert RULES.deputy(state, "p2") == "p4"


def test_the_bid_the_wound_target_and_the_wounds_have_a_deputy_too():
    state = fight(4, leader_a="p1", leader_b="p2", bullets=1)
    act(state, "p1", "tactic", ALL_IN), act(state, "p2", "tactic", ON_GUARD)
    assert sorted(state["active"]) == ["p1", "p2"]  # bids
    assert RULES.deputy(state, "p1") == "p3" and RULES.deputy(state, "p2") == "p4"
    act(state, "p1", "bid", 1)
    force_rolls(state, [1, 8])  # a +1 strength for a, one wound face for b
    act(state, "p2", "bid", 0)
    assert state["stack"][-1]["step"] == "target" and state["active"] == ["p2"]
    assert RULES.deputy(state, "p2") == "p4" and RULES.deputy(state, "p1") is None
    act(state, "p2", "target", RULES.prompt(state, "p2").choices[0].arg)
    assert state["stack"][-1]["step"] == "assign" and state["active"] == ["p2"]  # b lost
    assert RULES.deputy(state, "p2") == "p4"


def test_no_deputy_outside_combat_inputs_an_election_included():
    state = game(4, seed=2)
    assert all(RULES.deputy(state, r) is None for r in state["active"])  # the first paired turn
    state = defaults_until(state, "elect")
    leader = state["col"]["a"]["leader"]
    assert leader in state["active"] and RULES.deputy(state, leader) is None


def test_the_lone_wolf_never_has_a_deputy():
    state = fight(5, leader_a="p1", leader_b="p2")
    assert state["wolf"] == "p5" and RULES.deputy(state, "p5") is None
    assert RULES.deputy(state, "p1") == "p3"


def test_the_hook_is_pure_and_changes_nothing():
    state = fight(6)
    before = repr(state)
    RULES.deputy(state, "p3"), RULES.deputy(state, "p1")
    assert repr(state) == before
