"""Fuel, requests during movement, the Lone Wolf's bounces and missions,
Divide and Conquer, and what teammates see of a sealed pick."""
from games.rules.core.flow import take_log
from games.rules.core.testing import force_rolls
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.tests.helpers import act, args, card_of, clear_board, colony_phase, game, put
from games.titles.dead_of_winter.tests.test_dow_turns import BITE, board, paired_turn, to_actions


def test_fuel_makes_the_next_move_roll_no_exposure():
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p2", "b")
    fuel = card_of(state, "fuel")
    state["pl"]["p1"]["hand"].append(fuel)
    state["col"]["a"]["morale"] = 1
    paired_turn(state)
    act(state, "p1", "play", fuel)
    assert state["active"] == ["p1"] and fuel in state["col"]["a"]["waste"]
    force_rolls(state, [BITE])  # would kill without the fuel
    act(state, "p1", "move", f"{sid}>hospital")
    assert state["sv"][sid]["at"] == "hospital" and state["rng"]["forced"] == [BITE]


def test_a_request_during_movement_and_a_given_fuel_is_played_at_once():
    state = board()
    put(state, "p1", "a"), put(state, "p3", "a"), put(state, "p2", "b")
    state["col"]["a"]["morale"] = 1
    paired_turn(state)
    assert args(state, "p1", "request") == ["p3"]
    act(state, "p1", "request", "p3")
    fuel = card_of(state, "fuel")
    state["pl"]["p3"]["hand"].append(fuel)
    act(state, "p3", "give", fuel)
    assert [(c.verb, c.arg) for c in RULES.prompt(state, "p1").choices if c.verb != "undo"] == [("play", fuel)]
    assert RULES.default_action(state, "p1").verb == "play"
    act(state, "p1", "play", fuel)
    assert args(state, "p1", "request") == []  # once per turn


def test_the_lone_wolf_pays_a_die_to_bounce_and_colonies_pay_bullets_to_send_wolves_home():
    state = clear_board(game(5, seed=2))
    state["col"]["a"]["leader"], state["col"]["b"]["leader"] = "p1", "p2"
    wolf = state["wolf"]
    lone = put(state, wolf, "den")
    blockers = [put(state, "p1", "gas_station"), put(state, "p3", "gas_station"), put(state, "p2", "gas_station")]
    state["xdeck"] = []
    state["pl"][wolf]["dice"] = [2, 5]
    state["stack"] = [{"step": "round", "ph": 2}, {"step": "turn", "roles": [wolf], "ph": 1, "xr": [],
                                                    "must": {}, "asked": [], "safe": []}]
    RULES.flow.settle(state)
    moves = args(state, wolf, "move")
    assert f"{lone}>gas_station>{blockers[0]}" in moves
    force_rolls(state, [1])
    act(state, wolf, "move", f"{lone}>gas_station>{blockers[0]}")
    assert state["pl"][wolf]["dice"] == [5] and state["sv"][blockers[0]]["at"] == "a"
    from games.titles.dead_of_winter.rules.movement import bounce_cost
    state["col"]["a"]["bullets"] = 1
    assert bounce_cost(state, "p1", "a", lone) == ("bullets", 1)
    state["sv"][lone]["eq"].append(card_of(state, "pistol"))
    assert bounce_cost(state, "p1", "a", lone) is None  # armed: 2 bullets


def test_a_mission_completed_raises_lone_wolf_morale_and_is_replaced():
    state = clear_board(game(5, seed=2))
    wolf = state["wolf"]
    put(state, wolf, "school"), put(state, wolf, "library")
    scout = next(i for i, m in enumerate(C(state).missions) if m["id"] == "h_m_scout")
    den = state["den"]
    den["mdeck"] = [m for m in den["mdeck"] + den["missions"] if m != scout]
    den["missions"], den["morale"] = [scout], 3
    from games.titles.dead_of_winter.rules.turns import check_missions
    check_missions(state)
    assert den["morale"] == 4 and den["done"] == 1 and len(den["missions"]) == 1 and scout not in den["missions"]


def test_divide_and_conquer_is_decided_at_round_four_by_control():
    state = clear_board(game(4, seed=1, objective="divide_and_conquer"))
    assert state["loc"]["school"]["b"] == 0  # cleared; setup put one barricade at each location
    put(state, "p1", "school"), put(state, "p3", "library"), put(state, "p2", "library"), put(state, "p4", "a")
    state["round"] = 4
    from games.titles.dead_of_winter.rules.colony import check_objective
    check_objective(state, {})
    assert state["result"]["reason"] == "main_objective" and state["result"]["score"]["main_objective"] == ["a"]


def test_teammates_see_their_leaders_sealed_pick_the_enemy_does_not():
    state = clear_board(game(4, seed=3))
    state["col"]["a"]["leader"], state["col"]["b"]["leader"] = "p1", "p2"
    put(state, "p1", "hospital"), put(state, "p2", "hospital"), put(state, "p3", "a"), put(state, "p4", "b")
    colony_phase(state, ["hospital"])
    act(state, "p1", "tactic", 0)
    assert RULES.view(state, "p3")["combat"]["tactics"] == {"a": 0}
    assert RULES.view(state, "p4")["combat"]["tactics"] == {"a": "secret"}
    assert RULES.view(state, None)["combat"]["tactics"] == {"a": "secret"}
    act(state, "p2", "tactic", 1)
    assert RULES.view(state, "p4")["combat"]["tactics"] == {"a": 0, "b": 1}


def test_house_setup_puts_barricades_and_food_from_the_objective():
    state = game(4, seed=1, objective="divide_and_conquer")
    setup = C(state).objectives["divide_and_conquer"]["setup"]
    assert all(spot["b"] == setup["location_barricades"] for spot in state["loc"].values())
    state = game(6, seed=1)
    assert state["col"]["a"]["food"] == state["col"]["b"]["food"] == 2 * 3  # 2 food per colony player


def test_an_undo_never_crosses_a_die_roll_or_a_reveal():
    state = board()
    sid = put(state, "p1", "police_station")
    put(state, "p2", "b")
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [6, 6]
    act(state, "p1", "search", sid)
    assert "undo" not in [c.verb for c in RULES.prompt(state, "p1").choices]
    take_log(state)


def test_a_food_token_raises_the_die_you_pick_and_medicine_heals_the_survivor_you_pick():
    state = board()
    hurt = put(state, "p1", "a", w=2)
    other = put(state, "p1", "a", w=1)
    put(state, "p2", "b")
    state["col"]["a"]["food"] = 1
    medicine = card_of(state, "medicine")
    state["pl"]["p1"]["hand"].append(medicine)
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [2, 3, 6]
    assert args(state, "p1", "food") == [2, 3]
    act(state, "p1", "food", 3)
    assert state["pl"]["p1"]["dice"] == [2, 4, 6] and state["col"]["a"]["food"] == 0
    heals = [a for a in args(state, "p1", "play") if isinstance(a, str) and a.startswith(f"{medicine}>")]
    assert sorted(heals) == sorted([f"{medicine}>{hurt}", f"{medicine}>{other}"])
    act(state, "p1", "play", f"{medicine}>{other}")
    assert state["sv"][other]["w"] == 0 and state["sv"][hurt]["w"] == 2


def test_equipped_item_uses_once_per_round_and_item_passives():
    """Guide to Leadership: +1 to a die once per round; Hammer: a barricade action builds two."""
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p2", "b")
    guide, hammer = card_of(state, "guide_to_leadership"), card_of(state, "hammer")
    state["sv"][sid]["eq"] = [guide, hammer]
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [2, 5]
    act(state, "p1", "use", f"{guide}>{sid}")
    assert state["pl"]["p1"]["dice"] == [3, 5] and f"{guide}>{sid}" not in args(state, "p1", "use")
    act(state, "p1", "barricade", f"{sid}>4")
    assert state["col"]["a"]["gates"][3] == [0, 2]


def survivor_named(state, name):
    return next(i for i, s in enumerate(C(state).survivors) if s["name"] == name)


def test_gray_beard_takes_a_random_card_from_a_teammate_and_sophie_peeks_privately():
    """WC§8: "another player" is a player of your colony."""
    state = board()
    gray = put(state, "p1", "a", sid=survivor_named(state, "Gray Beard"))
    sophie = put(state, "p1", "police_station", sid=survivor_named(state, "Sophie Robinson"))
    put(state, "p3", "a"), put(state, "p2", "b")
    state["pl"]["p3"]["hand"] = state["pl"]["p3"]["hand"][:2]
    state["pl"]["p2"]["hand"] = state["pl"]["p2"]["hand"] + state["pl"]["p4"]["hand"]  # enemy holds more
    to_actions(paired_turn(state))
    mates_cards = list(state["pl"]["p3"]["hand"])
    force_rolls(state, [1])
    act(state, "p1", "ability", gray)
    assert len(state["pl"]["p3"]["hand"]) == 1 and mates_cards[1] in state["pl"]["p1"]["hand"]
    top = state["loc"]["police_station"]["deck"][-1]
    act(state, "p1", "ability", sophie)
    seen = RULES.view(state, "p1")["me"]["seen"]
    assert seen[-1] == {"what": "top of police_station", "cards": [top]} and str(top) in RULES.view(state, "p1")["cards"]
    assert RULES.view(state, "p3")["me"]["seen"] == [] and "undo" not in [
        c.verb for c in RULES.prompt(state, "p1").choices]


def test_edward_white_discards_medicine_to_kill_three_without_exposure():
    state = board()
    edward = put(state, "p1", "hospital", sid=survivor_named(state, "Edward White"))
    put(state, "p2", "b")
    state["loc"]["hospital"]["z"] = 4
    medicine = card_of(state, "medicine")
    state["pl"]["p1"]["hand"] = [medicine]
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [4, 4]
    uses = state["rng"]["n"]
    act(state, "p1", "attack", f"{edward}>0>{medicine}")
    assert state["loc"]["hospital"]["z"] == 1 and state["rng"]["n"] == uses  # no exposure roll
    assert medicine in state["col"]["a"]["waste"]


def test_resigning_a_colony_player_concedes_for_the_colony():
    from games.rules.core.pseudo import apply_move
    from games.rules.core.testing import new_game
    state = new_game(RULES, 1, options={"players": 6})
    apply_move(RULES, state, None, ".resign", {"role": "p3"})
    assert state["result"]["winners"] == ["p2", "p4", "p6"] and state["result"]["reason"] == "resignation"


def test_the_lone_wolf_leaving_lets_the_game_go_on():
    from games.rules.core.pseudo import apply_move
    from games.rules.core.testing import new_game
    from games.titles.dead_of_winter.tests.helpers import defaults_until
    for when in ("draft", "swap"):
        state = new_game(RULES, 2, options={"players": 5})
        if when == "swap":
            defaults_until(state, "swap")
        apply_move(RULES, state, None, ".timeout", {"role": "p5"})
        assert state["result"] is None and state["den"]["out"] and "p5" not in state["active"]
        defaults_until(state)
        assert state["result"] is not None and "p5" not in state["result"]["winners"]


def test_frostbite_at_the_start_of_the_turn_can_end_the_lone_wolf():
    """B§6 step 2 + WC§13: a death at 1 morale puts the Lone Wolf out mid-loop."""
    state = clear_board(game(5, seed=2))
    wolf = state["wolf"]
    first = put(state, wolf, "den", w=2, f=1)
    put(state, wolf, "den", w=2, f=1)
    state["den"]["morale"] = 1
    state["xdeck"] = []
    state["stack"] = [{"step": "round", "ph": 2}, {"step": "turn", "roles": [wolf], "ph": 0, "xr": [],
                                                    "must": {}, "asked": [], "safe": []}]
    RULES.flow.settle(state)
    assert state["sv"][first] is None and state["den"]["out"]
    assert not [s for s in state["sv"] if s and s["o"] == wolf]


def test_carla_thompson_looks_at_and_keeps_one_extra_card_at_the_police_station():
    state = board()
    carla = put(state, "p1", "police_station", sid=survivor_named(state, "Carla Thompson"))
    put(state, "p2", "b")
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [6]
    top = state["loc"]["police_station"]["deck"][-2:]
    act(state, "p1", "search", carla)
    cards = RULES.view(state, "p1")["me"]["search"]
    assert sorted(cards) == sorted(top)
    act(state, "p1", "keep", cards[0])
    assert args(state, "p1", "noise") == [] and args(state, "p1", "keep") == [cards[1]]
    act(state, "p1", "keep", cards[1])
    assert set(cards) <= set(state["pl"]["p1"]["hand"]) and RULES.view(state, "p1")["me"]["search"] is None


def test_john_price_has_the_abilities_of_his_colony_mates_where_he_is():
    state = board()
    john = put(state, "p1", "school", sid=survivor_named(state, "John Price"))
    put(state, "p3", "school", sid=survivor_named(state, "Rod Miller"))
    daniel = put(state, "p1", "school", sid=survivor_named(state, "Daniel Smith"))
    put(state, "p2", "school", sid=survivor_named(state, "Mike Cho"))  # an enemy: not copied
    from games.titles.dead_of_winter.rules.board import has_passive
    assert has_passive(state, john, "no_move_exposure") and not has_passive(state, john, "no_attack_exposure")
    state["loc"]["school"]["z"] = 3
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [4, 5]
    assert args(state, "p1", "borrow") == [f"{john}>{daniel}"]
    force_rolls(state, [1])
    act(state, "p1", "borrow", f"{john}>{daniel}")
    assert state["loc"]["school"]["z"] == 1 and args(state, "p1", "borrow") == []
    state["sv"][john]["at"] = "a"
    assert not has_passive(state, john, "no_move_exposure")  # only away from the colony


def test_talia_jones_looks_at_the_next_two_crises_and_may_swap_them():
    state = board()
    talia = put(state, "p1", "a", sid=survivor_named(state, "Talia Jones"))
    put(state, "p2", "b")
    to_actions(paired_turn(state))
    first, second = state["cdeck"][-1], state["cdeck"][-2]
    act(state, "p1", "ability", talia)
    assert RULES.view(state, "p1")["me"]["seen"] == [{"what": "next crises", "cards": [first, second]}]
    assert state["active"] == ["p1"] and RULES.default_action(state, "p1").arg == "keep"
    act(state, "p1", "order", "swap")
    assert state["cdeck"][-1] == second and sorted(state["active"]) == ["p1", "p2"]


def test_the_lighter_burns_fuel_to_kill_four_and_the_flashlight_sees_three_cards_on_noise():
    state = board()
    sid = put(state, "p1", "gas_station")
    put(state, "p2", "b")
    lighter, flashlight, fuel = card_of(state, "lighter"), card_of(state, "flashlight"), card_of(state, "fuel")
    state["sv"][sid]["eq"] = [lighter, flashlight]
    state["pl"]["p1"]["hand"] = [fuel]
    state["loc"]["gas_station"]["z"] = 4
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = [6, 6]
    act(state, "p1", "attack", f"{sid}>0>{fuel}")
    assert state["loc"]["gas_station"]["z"] == 0 and fuel in state["col"]["a"]["waste"]
    act(state, "p1", "search", sid)
    act(state, "p1", "noise")
    assert len(RULES.view(state, "p1")["me"]["search"]) == 4


def test_the_reading_lamp_attacks_without_a_die():
    state = board()
    sid = put(state, "p1", "library")
    put(state, "p2", "b")
    lamp = card_of(state, "reading_lamp")
    state["pl"]["p1"]["hand"] = [lamp]
    state["loc"]["library"]["z"] = 2
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"] = []
    force_rolls(state, [1])
    act(state, "p1", "play", f"{lamp}>{sid}>0")
    assert state["loc"]["library"]["z"] == 1 and lamp in state["col"]["a"]["waste"]


def test_the_walkie_talkie_moves_a_pip_from_a_teammate():
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p3", "a"), put(state, "p2", "b")
    walkie = card_of(state, "walkie_talkie")
    state["sv"][sid]["eq"] = [walkie]
    to_actions(paired_turn(state))
    state["pl"]["p1"]["dice"], state["pl"]["p3"]["dice"], state["pl"]["p2"]["dice"] = [3], [2, 5], [6]
    act(state, "p1", "use", f"{walkie}>{sid}")
    assert state["pl"]["p1"]["dice"] == [4] and state["pl"]["p3"]["dice"] == [2, 4]
    assert state["pl"]["p2"]["dice"] == [6]  # never the enemy's


def test_the_sniper_rifle_kills_one_zombie_anywhere_without_exposure():
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p2", "b")
    rifle = card_of(state, "sniper_rifle")
    state["sv"][sid]["eq"] = [rifle]
    state["loc"]["hospital"]["z"] = 2
    state["col"]["a"]["gates"][2] = [1, 0]
    to_actions(paired_turn(state))
    hospital = 1 + C(state).locations.index("hospital")
    assert sorted(args(state, "p1", "use")) == sorted([f"{rifle}>{sid}>0", f"{rifle}>{sid}>{hospital}"])
    uses = state["rng"]["n"]
    act(state, "p1", "use", f"{rifle}>{sid}>{hospital}")
    assert state["loc"]["hospital"]["z"] == 1 and state["rng"]["n"] == uses and args(state, "p1", "use") == []


def test_the_title_is_offered_on_the_create_game_page_without_previews(settings):
    from games.engine import registry

    settings.HOTLINE_ENABLE_PREVIEW_TITLES = False
    assert RULES.preview is False
    assert RULES.title_id in [r.title_id for r in registry.offered()]
