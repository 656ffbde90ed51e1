"""The colony phase (WC§6), winning and losing (WC§9), elections, the Lone Wolf in combat."""
from games.rules.core.flow import Flow, take_log
from games.rules.core.testing import force_rolls
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C, kill
from games.titles.dead_of_winter.tests.helpers import act, args, card_of, clear_board, colony_phase, game, put


def board(players=4, seed=1):
    state = clear_board(game(players, seed))
    state["col"]["a"]["leader"], state["col"]["b"]["leader"] = "p1", "p2"
    return state


def run_phase(state, ph):
    """Run one colony-phase step of the round (index into colony.PHASES)."""
    from games.titles.dead_of_winter.rules.colony import PHASES
    frame = {"step": "round", "ph": ph + 1}
    state["stack"] = [frame]
    PHASES[ph](state, frame)
    return take_log(state)


def test_pay_food_ignores_enemies_at_the_entrances():
    """WC§6.1: 3 own survivors inside need 2 food; 2 enemies at an entrance don't eat here."""
    state = board()
    for _ in range(3):
        put(state, "p1", "a")
    put(state, "p2", "a@1"), put(state, "p2", "a@2")
    state["col"]["a"]["food"] = 2
    run_phase(state, 3)
    assert state["col"]["a"]["food"] == 0 and state["col"]["a"]["starve"] == 0


def test_starvation_tokens_stay_and_cost_morale_each_time():
    state = board()
    put(state, "p1", "a")
    state["col"]["a"].update(food=0, starve=1, morale=6)
    run_phase(state, 3)
    assert state["col"]["a"]["starve"] == 2 and state["col"]["a"]["morale"] == 4


def test_combat_order_lower_morale_colony_first_then_locations_by_number():
    state = board()
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 6, 2
    run_phase(state, 4)
    assert Flow.top(state)["places"][:3] == ["b", "a", "police_station"]


def test_unguarded_colony_loses_one_morale_per_enemy():
    """WC§6.3, with or without a combat."""
    state = board()
    put(state, "p2", "a@1"), put(state, "p4", "a@3")
    put(state, "p2", "b")
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 6, 6
    run_phase(state, 5)
    assert state["col"]["a"]["morale"] == 4 and state["col"]["b"]["morale"] == 6


def test_a_helpless_survivor_does_not_guard():
    state = board()
    put(state, "p2", "a@1")
    state["col"]["a"]["helpless"] = 2
    state["col"]["a"]["morale"] = 6
    run_phase(state, 5)
    assert state["col"]["a"]["morale"] == 5


def test_dying_at_the_enemy_colony_hands_the_equipment_to_that_colony():
    """WC§6.4: the enemy leader equips a survivor inside their colony."""
    state = board()
    raider = put(state, "p1", "b@2")
    guard = put(state, "p2", "b")
    shotgun = card_of(state, "shotgun")
    state["sv"][raider]["eq"] = [shotgun]
    kill(state, raider, "test")
    assert state["sv"][guard]["eq"] == [shotgun]


def test_dying_at_the_enemy_colony_with_nobody_there_removes_the_items():
    state = board()
    raider = put(state, "p1", "b@2")
    pistol = card_of(state, "pistol")
    state["sv"][raider]["eq"] = [pistol]
    kill(state, raider, "test")
    assert pistol in state["box"]


def test_add_zombies_counts_own_occupants_and_bounces_survivors_off_a_full_entrance():
    """WC§6.8: 2 own inside -> 1 zombie; entrance 1 holds 3 enemies: the lowest
    influence one takes a wound and goes home (no exposure)."""
    state = board()
    put(state, "p2", "b"), put(state, "p2", "b")
    raiders = [put(state, "p1", "b@1"), put(state, "p3", "b@1"), put(state, "p1", "b@1")]
    state["loc"] = {k: dict(v, noise=0) for k, v in state["loc"].items()}
    run_phase(state, 9)
    low = min(raiders, key=lambda s: C(state).survivors[s]["influence"])
    assert state["sv"][low]["at"] == "a" and state["sv"][low]["w"] == 1
    assert state["col"]["b"]["gates"][0] == [0, 0]


def test_zombies_fill_entrances_then_barricades_then_overrun():
    """B§11: cycle 1..6; a barricade stops one; with none left, an overrun kills the lowest influence."""
    state = board()
    inside = [put(state, "p1", "a") for _ in range(2)]
    state["col"]["a"]["gates"] = [[3, 0], [2, 1], [3, 0], [3, 0], [3, 0], [3, 0]]
    from games.titles.dead_of_winter.rules.board import add_zombies
    add_zombies(state, "a", 2)
    assert state["col"]["a"]["gates"][1] == [2, 0]  # zombie 1 at entrance 1: overrun; 2 at entrance 2: barricade
    lowest = min(inside, key=lambda s: C(state).survivors[s]["influence"])
    assert state["sv"][lowest] is None


def test_joint_crisis_needs_one_card_per_colony_player_and_hits_both_colonies():
    state = board(6)
    state["crisis"] = next(i for i, k in enumerate(C(state).crises) if k["failure"]["kind"] == "morale")
    state["contrib"] = [card_of(state, "food_1") for _ in range(5)]
    state["col"]["a"]["morale"] = state["col"]["b"]["morale"] = 6
    lines = run_phase(state, 7)
    assert next(line for line in lines if line["kind"] == "crisis")["need"] == 6
    assert state["col"]["a"]["morale"] == state["col"]["b"]["morale"] == 5


def test_crisis_two_over_gives_both_colonies_morale():
    state = board(4)
    state["crisis"] = 0
    state["contrib"] = [card_of(state, "food_1") for _ in range(6)]
    state["col"]["a"]["morale"] = state["col"]["b"]["morale"] = 6
    run_phase(state, 7)
    assert state["col"]["a"]["morale"] == state["col"]["b"]["morale"] == 7


def test_a_colony_at_zero_never_gains_morale_and_the_game_ends_at_the_check():
    """WC§9, §17 #25."""
    state = board()
    put(state, "p1", "a"), put(state, "p2", "b")
    state["col"]["a"].update(morale=0, zero=True)
    state["crisis"] = 0
    state["contrib"] = [card_of(state, "food_1") for _ in range(6)]
    run_phase(state, 7)
    assert state["col"]["a"]["morale"] == 0
    run_phase(state, 10)
    assert state["result"]["reason"] == "morale"
    assert not any(state["pl"][r]["side"] == "a" for r in state["result"]["winners"])


def test_the_killing_blow_is_checked_for_both_colonies_at_once():
    state = board()
    put(state, "p1", "a"), put(state, "p2", "b"), put(state, "p3", "a"), put(state, "p4", "b")
    state["col"]["a"].update(wins=3, wins_enemy=1)
    state["col"]["b"].update(wins=5, wins_enemy=0)
    run_phase(state, 10)
    assert state["result"]["reason"] == "main_objective"
    assert state["result"]["score"]["main_objective"] == ["a"]
    loyal = [r for r in state["roles"] if C(state).secrets[state["pl"][r]["obj"]]["condition"]["kind"] == "none"]
    assert set(loyal) & {"p1", "p3"} <= set(state["result"]["winners"])
    assert not set(state["result"]["winners"]) & {"p2", "p4"}


def test_the_round_tracker_ends_the_game_at_zero():
    state = board()
    state["col"]["a"]["rounds"] = state["col"]["b"]["rounds"] = 1
    run_phase(state, 11)
    assert state["result"]["reason"] == "rounds"


def test_elections_are_sealed_and_a_tie_goes_to_the_current_leader():
    state = board(4)
    state["col"]["a"]["leader"] = "p3"
    run_phase(state, 12)
    RULES.flow.settle(state)
    assert sorted(state["active"]) == ["p1", "p2", "p3", "p4"]
    assert args(state, "p1", "vote") == ["p3"]
    act(state, "p1", "vote", "p3")
    assert RULES.view(state, "p2")["election"] == {"voted": ["p1"], "mine": None}
    for role, vote in (("p2", "p4"), ("p3", "p1"), ("p4", "p2")):
        act(state, role, "vote", vote)
    assert Flow.top(state)["step"] == "elect_tie" and state["active"] == ["p3"]
    act(state, "p3", "leader", "p1")
    assert state["col"]["a"]["leader"] == "p1"


def test_the_most_votes_wins_an_election():
    state = board(6)
    run_phase(state, 12)
    RULES.flow.settle(state)
    votes = {"p1": "p3", "p3": "p5", "p5": "p3", "p2": "p4", "p4": "p6", "p6": "p4"}
    for role, vote in votes.items():
        act(state, role, "vote", vote)
    assert state["col"]["a"]["leader"] == "p3" and state["col"]["b"]["leader"] == "p4"


def test_the_lone_wolf_chooses_before_a_combat_and_joined_survivors_fight():
    state = board(5)
    wolf = state["wolf"]
    put(state, "p1", "hospital"), put(state, "p2", "hospital")
    lone = put(state, wolf, "hospital")
    state["col"]["a"]["bullets"] = state["col"]["b"]["bullets"] = 0
    colony_phase(state, ["hospital"])
    assert state["active"] == [wolf]
    act(state, wolf, "join", "b")
    act(state, "p1", "tactic", 1), act(state, "p2", "tactic", 0)
    lines = take_log(state)
    tracker = [line for line in lines if line["kind"] == "combat_tracker"]
    assert tracker[1]["b"] == 3 + 2  # All In + two survivors (one of them the Lone Wolf's)
    assert state["sv"][lone] is not None


def test_the_lone_wolf_may_flee_to_the_den_rolling_exposure():
    state = board(5)
    wolf = state["wolf"]
    put(state, "p1", "hospital"), put(state, "p2", "hospital")
    lone = put(state, wolf, "hospital")
    colony_phase(state, ["hospital"])
    force_rolls(state, [1])
    act(state, wolf, "flee")
    assert state["sv"][lone]["at"] == "den"
    assert sorted(state["active"]) == ["p1", "p2"]


def test_last_survivor_killed_in_combat_is_replaced_after_the_colony_phase():
    """WC§6.2 note (the seed: after the colony phase, not after the combat)."""
    state = board()
    victim = put(state, "p3", "school", w=2)
    put(state, "p2", "school")
    state["col"]["a"]["bullets"] = state["col"]["b"]["bullets"] = 0
    state["col"]["a"]["leader"] = "p3"
    colony_phase(state, ["school"])
    force_rolls(state, [1, 1])  # both dice +1: a 1 + 1 + 1, b 3 + 1 + 1: b wins by 2
    act(state, "p3", "tactic", 1), act(state, "p2", "tactic", 0)
    assert state["active"] == ["p3"]
    act(state, "p3", "wound", victim)
    assert state["sv"][victim] is None
    assert state["late"] == ["p3"] and not [s for s in state["sv"] if s and s["o"] == "p3"]
    from games.titles.dead_of_winter.tests.helpers import defaults_until
    defaults_until(state, "move")
    assert state["round"] == 2
    assert [s for s in state["sv"] if s and s["o"] == "p3"] and state["late"] == []
