"""Player turns (WC§5): pairs, movement with bouncing and enemy colonies,
simultaneous actions, bites, crossroads, requests, the Lone Wolf turn."""
from games.rules.core.flow import Flow, take_log
from games.rules.core.testing import force_rolls
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.tests.helpers import act, args, card_of, clear_board, game, put

BLANK, WOUND, BITE = 1, 7, 12  # exposure die rolls (faces 1-6 blank, 7-9 wound, 12 bitten)


def paired_turn(state, k=0):
    """Start pair ``k`` of the round afresh (crossroads draw, then movement)."""
    state["stack"] = [{"step": "round", "ph": 3}, {"step": "pairs", "k": k}]
    RULES.flow.settle(state)
    return state


def board(players=4, seed=1):
    """An empty board with the leaders p1 (colony a) and p2 (colony b)."""
    state = clear_board(game(players, seed))
    state["col"]["a"]["leader"], state["col"]["b"]["leader"] = "p1", "p2"
    state["xdeck"], state["xgone"] = [], state["xgone"] + state["xdeck"]  # no crossroads unless a test adds one
    return state


def test_pairs_start_from_each_leader_and_go_clockwise():
    state = board(8)
    state["col"]["a"]["leader"], state["col"]["b"]["leader"] = "p3", "p8"
    assert state["col"]["a"]["seats"] == ["p1", "p3", "p5", "p7"]
    paired_turn(state, 0)
    assert Flow.top(state)["order"] and sorted(state["stack"][-2]["roles"]) == ["p3", "p8"]
    paired_turn(state, 2)
    assert sorted(state["stack"][-2]["roles"]) == ["p4", "p7"]


def test_the_lower_morale_colony_moves_first_and_a_pass_is_final():
    state = board()
    put(state, "p1", "a"), put(state, "p2", "b")
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 5, 3
    paired_turn(state)
    assert state["active"] == ["p2"]
    act(state, "p2", "pass")
    assert state["active"] == ["p1"]
    force_rolls(state, [BLANK])
    sid = [s for s in range(len(state["sv"])) if state["sv"][s] and state["sv"][s]["o"] == "p1"][0]
    act(state, "p1", "move", f"{sid}>police_station")
    assert state["active"] == ["p1"]  # p2 has passed for good
    assert not [a for a in args(state, "p1", "move") if a.startswith(f"{sid}>")]  # one move per survivor
    act(state, "p1", "pass")
    assert Flow.top(state)["step"] == "act" and sorted(state["active"]) == ["p1", "p2"]


def test_moving_into_the_enemy_colony_takes_an_empty_zombie_space():
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p2", "b")
    state["col"]["b"]["gates"][0] = [3, 0]  # entrance 1 full of zombies
    state["col"]["a"]["morale"] = 1
    paired_turn(state)
    moves = args(state, "p1", "move")
    assert f"{sid}>b@1" not in moves and f"{sid}>b@2" in moves and f"{sid}>a@2" not in moves
    force_rolls(state, [WOUND])
    act(state, "p1", "move", f"{sid}>b@2")
    assert state["sv"][sid]["at"] == "b@2" and state["sv"][sid]["w"] == 1  # exposure rolled


def test_bouncing_at_a_full_location():
    """WC§5.3: own colony free, enemy 1 bullet (2 if armed), never the enemy in this pair."""
    state = board()
    mover = put(state, "p1", "a")
    put(state, "p2", "b")
    mate = put(state, "p3", "grocery_store")
    enemy = put(state, "p4", "grocery_store")
    busy = put(state, "p2", "grocery_store")
    state["col"]["a"].update(morale=1, bullets=1)
    paired_turn(state)
    moves = args(state, "p1", "move")
    assert f"{mover}>grocery_store" not in moves
    assert f"{mover}>grocery_store>{mate}" in moves and f"{mover}>grocery_store>{enemy}" in moves
    assert f"{mover}>grocery_store>{busy}" not in moves
    state["sv"][enemy]["eq"].append(card_of(state, "pistol"))  # armed: 2 bullets, only 1 in supply
    moves = args(state, "p1", "move")
    assert f"{mover}>grocery_store>{enemy}" not in moves
    state["sv"][enemy]["eq"] = []
    force_rolls(state, [BLANK])
    act(state, "p1", "move", f"{mover}>grocery_store>{enemy}")
    assert state["col"]["a"]["bullets"] == 0 and state["sv"][enemy]["at"] == "b"
    assert [line for line in take_log(state) if line["kind"] == "exposure"] == [
        {"kind": "exposure", "survivor": mover, "face": "blank"}]  # none for the bounced one


def to_actions(state):
    while Flow.top(state)["step"] == "move":
        act(state, state["active"][0], "pass")
    return state


def test_both_players_act_at_once_and_searches_take_the_top_card_then():
    state = board()
    s1 = put(state, "p1", "police_station")
    s2 = put(state, "p2", "police_station")
    paired_turn(state)
    to_actions(state)
    state["pl"]["p1"]["dice"], state["pl"]["p2"]["dice"] = [6], [6]
    deck = list(state["loc"]["police_station"]["deck"])
    assert sorted(state["active"]) == ["p1", "p2"]
    act(state, "p2", "search", s2)
    act(state, "p1", "search", s1)
    assert RULES.view(state, "p2")["me"]["search"][0] == deck[-1]
    assert RULES.view(state, "p1")["me"]["search"][0] == deck[-2]
    assert RULES.view(state, "p1")["turn"]["searching"] == {"p1": 1, "p2": 1}
    assert deck[-1] not in RULES.view(state, "p1")["me"]["search"]  # p2's card stays private


def test_one_noise_token_per_search():
    state = board()
    sid = put(state, "p1", "police_station")
    put(state, "p2", "b")
    paired_turn(state)
    to_actions(state)
    state["pl"]["p1"]["dice"] = [6]
    act(state, "p1", "search", sid)
    assert ("noise", None) in [(c.verb, c.arg) for c in RULES.prompt(state, "p1").choices]
    act(state, "p1", "noise")
    assert "noise" not in [c.verb for c in RULES.prompt(state, "p1").choices]
    cards = RULES.view(state, "p1")["me"]["search"]
    act(state, "p1", "keep", cards[1])
    assert cards[1] in state["pl"]["p1"]["hand"] and state["loc"]["police_station"]["deck"][0] == cards[0]
    assert state["loc"]["police_station"]["noise"] == 1


def test_a_bite_during_actions_waits_for_the_end_of_the_step():
    """WC§5.4: laid aside, no more actions; the chain resolves when the step ends."""
    state = board()
    s1 = put(state, "p1", "school")
    other = put(state, "p3", "school")
    put(state, "p2", "b")
    state["loc"]["school"]["z"] = 2
    paired_turn(state)
    to_actions(state)
    state["pl"]["p1"]["dice"] = [6, 6]
    force_rolls(state, [BITE])
    act(state, "p1", "attack", f"{s1}>0")
    assert state["sv"][s1] is not None and state["sv"][s1]["bit"]
    assert not [a for a in args(state, "p1", "attack")]
    act(state, "p1", "done")
    act(state, "p2", "done")
    assert state["sv"][s1] is None
    assert Flow.top(state)["step"] == "bite" and Flow.top(state)["victim"] == other
    assert state["active"] == ["p3"]  # the controller of the next victim chooses
    act(state, "p3", "bite", "die")
    assert state["sv"][other] is None


def test_only_crisis_symbols_may_be_added_face_up():
    state = board()
    put(state, "p1", "a")
    put(state, "p2", "b")
    c = C(state)
    state["crisis"] = next(i for i, k in enumerate(c.crises) if k["symbols"] == ["food"])
    paired_turn(state)
    to_actions(state)
    offered = args(state, "p1", "crisis")
    assert offered and all(c.symbol[x] == "food" for x in offered)
    act(state, "p1", "crisis", offered[0])
    assert RULES.view(state, "p2")["contributions"] == [offered[0]]


def test_a_request_goes_to_a_teammate_and_the_gift_must_be_played():
    state = board()
    put(state, "p1", "a")
    put(state, "p3", "a")
    put(state, "p2", "b")
    paired_turn(state)
    to_actions(state)
    assert args(state, "p1", "request") == ["p3"]
    act(state, "p1", "request", "p3")
    assert state["active"] == ["p3"]
    food = card_of(state, "food_1")
    state["pl"]["p3"]["hand"].append(food)
    act(state, "p3", "give", food)
    assert sorted(state["active"]) == ["p1", "p2"]
    assert {c.verb for c in RULES.prompt(state, "p1").choices} <= {"play", "undo"}
    before = state["col"]["a"]["food"]
    act(state, "p1", "play", food)
    assert state["col"]["a"]["food"] == before + 1 and "request" not in [
        c.verb for c in RULES.prompt(state, "p1").choices]


def test_crossroads_trigger_waits_and_reads_as_your_own_colony():
    """WC§5.2, §5.5, §8: noted during the turn, resolved in part 4; +1 morale is your colony's."""
    state = board()
    sid = put(state, "p1", "a")
    put(state, "p2", "b")
    put(state, "p3", "a")
    c = C(state)
    books = next(i for i, x in enumerate(c.crossroads) if x["id"] == "h_x_books")
    state["xdeck"] = [books]
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 3, 5
    paired_turn(state)
    entry = state["stack"][-2]["xr"][0]
    assert entry["role"] == "p1" and entry["reader"] == "p3"
    assert [card["index"] for card in RULES.view(state, "p3")["turn"]["reading"]] == [books]
    assert RULES.view(state, "p2")["turn"]["reading"] == []
    force_rolls(state, [BLANK])
    act(state, "p1", "move", f"{sid}>library")
    assert Flow.top(state)["step"] == "move"  # no interruption
    act(state, "p2", "pass"), act(state, "p1", "pass")
    act(state, "p1", "done"), act(state, "p2", "done")
    assert Flow.top(state)["step"] == "xroad" and state["active"] == ["p1"]
    act(state, "p1", "option", f"0>{sid}")
    assert (state["col"]["a"]["morale"], state["col"]["b"]["morale"]) == (4, 5)


def test_the_lone_wolf_turn_comes_first_and_may_use_either_colony():
    state = game(5, seed=4)
    wolf = state["wolf"]
    state["stack"] = [{"step": "round", "ph": 1}]
    state["xdeck"] = []
    RULES.flow.settle(state)
    while Flow.top(state)["step"] == "swap":
        act(state, wolf, "keep")
    assert state["stack"][-2]["roles"] == [wolf] and state["active"] == [wolf]
    moves = args(state, wolf, "move")
    assert any(">a@" in m for m in moves) and any(">b@" in m for m in moves)
    assert not any("Box of Shells" in c.label for c in RULES.prompt(state, wolf).choices)


def test_a_crossroads_vote_is_sealed_among_the_active_players_colony():
    """B§12 group vote; §17 #11: only the active player's colony votes; the leader breaks ties."""
    state = board(6)
    sid = put(state, "p1", "a")
    put(state, "p2", "b"), put(state, "p3", "a"), put(state, "p5", "a")
    c = C(state)
    stranger = next(i for i, x in enumerate(c.crossroads) if x["id"] == "h_x_stranger")
    state["xdeck"] = [stranger]
    state["col"]["a"]["morale"], state["col"]["b"]["morale"] = 3, 5
    paired_turn(state)
    act(state, "p1", "pass"), act(state, "p2", "pass")
    act(state, "p1", "done"), act(state, "p2", "done")
    assert Flow.top(state)["step"] == "xvote" and sorted(state["active"]) == ["p1", "p3", "p5"]
    act(state, "p3", "xvote", 0)
    assert RULES.view(state, "p1")["election"] == {"voted": ["p3"], "mine": None}
    act(state, "p5", "xvote", 1)
    act(state, "p1", "xvote", 0)  # p1 leads colony a: 2 votes to 1 anyway
    assert Flow.top(state)["step"] == "xroad" and args(state, "p1", "option") == [f"0>{sid}"]
    act(state, "p1", "option", f"0>{sid}")
    assert state["col"]["a"]["helpless"] == 1 and state["col"]["a"]["morale"] == 4
