"""Standing orders (rules/orders.py; CD§1, §2.7, §2.8): which orders a seat
may set, the move each gives for the prompt it answers (always a legal
choice), and their words."""
import random

import pytest
from django.utils import translation

from games.rules.core import Action
from games.rules.core.flow import Flow
from games.rules.core.testing import new_game, random_inputs
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import influence
from games.titles.dead_of_winter.tests.helpers import game


def reach(step: str, players: int = 5) -> dict:
    """A random game (fixed seeds) with ``step`` on top."""
    for seed in range(100):
        state = new_game(RULES, seed, options={"players": players})
        for _ in random_inputs(RULES, state, random.Random(seed), prefer="move"):
            if Flow.top(state)["step"] == step:
                return state
    raise AssertionError(f"{step} never reached")


def keys(state, role) -> list[str]:
    return [order["key"] for order in RULES.standing_orders(state, role)]


def test_colony_players_set_bite_wounds_and_target_the_lone_wolf_bite_and_flee_or_join():
    state = game(5)
    assert [keys(state, r) for r in ("p1", "p2", "p3", "p4")] == [["bite", "wounds", "target"]] * 4
    assert keys(state, "p5") == ["bite", "wolf"]
    state["den"]["out"] = True  # a Lone Wolf out of the game fights no more
    assert keys(state, "p5") == ["bite"]
    state["result"] = {"winners": [], "reason": "over", "score": None}
    assert keys(state, "p1") == []


def test_every_order_offers_ask_me_first_and_labels_every_choice():
    state = game(5)
    for role in ("p1", "p5"):
        for order in RULES.standing_orders(state, role):
            assert order["choices"][0] == ("ask", "Ask me")
            assert order["label"] and len({v for v, _label in order["choices"]}) == len(order["choices"])


@pytest.mark.parametrize("value", ["roll", "die"])
def test_a_bite_order_answers_the_bite_with_its_choice(value):
    state = reach("bite")
    victim = Flow.top(state)["victim"]
    role = state["active"][0]
    action = RULES.standing_action(state, role, {"bite": value})
    assert action == Action("bite", value) and RULES.prompt(state, role).allows(action)
    RULES.apply(state, role, action)
    if value == "die":
        assert state["sv"][victim] is None


@pytest.mark.parametrize("orders", [{}, {"bite": "ask"}, {"wounds": "spread", "target": "highest"},
                                    {"bite": "sometimes"}, {"wolf": "flee"}])
def test_orders_that_do_not_answer_the_bite_give_nothing(orders):
    state = reach("bite")
    assert RULES.standing_action(state, state["active"][0], orders) is None


def test_orders_give_nothing_to_a_seat_not_asked():
    state = reach("bite")
    others = [r for r in state["roles"] if r not in state["active"]]
    assert all(RULES.standing_action(state, r, {"bite": "roll"}) is None for r in others)


def test_the_wounds_order_places_every_wound_evenly_lowest_influence_first():
    state = reach("assign")
    role, n = state["active"][0], Flow.top(state)["n"]
    placed = 0
    while state["result"] is None and Flow.top(state)["step"] == "assign" and role in state["active"]:  # a wound may end the game
        action = RULES.standing_action(state, role, {"wounds": "spread"})
        assert action == RULES.default_action(state, role) and action.verb == "wound"
        RULES.apply(state, role, action)
        placed += 1
    assert 1 <= placed <= n


def test_the_target_order_wounds_the_highest_influence_enemy_there():
    state = reach("target")
    role = state["active"][0]
    action = RULES.standing_action(state, role, {"target": "highest"})
    choices = [c.arg for c in RULES.prompt(state, role).choices]
    assert action.verb == "target" and action.arg in choices
    assert influence(state, action.arg) == max(influence(state, s) for s in choices)
    assert RULES.standing_action(state, role, {"target": "ask"}) is None


@pytest.mark.parametrize("value,action", [("flee", Action("flee", None)), ("join_a", Action("join", "a")),
                                          ("join_b", Action("join", "b"))])
def test_the_wolf_order_flees_or_joins(value, action):
    state = reach("wolfpick")
    role = state["active"][0]
    assert state["pl"][role]["side"] == "w"
    assert RULES.standing_action(state, role, {"wolf": value}) == action
    RULES.apply(state, role, action)
    kinds = [line["kind"] for line in state["log"]]
    assert ("wolf_joins" if value != "flee" else "wolf_flees") in kinds


def test_words_keep_keys_and_values_and_say_known_labels_in_the_readers_language():
    state = game(5)
    offered = RULES.standing_orders(state, "p5")
    with translation.override("es"):
        words = PRESENTATION.standing_orders_words(offered)
    assert [o["key"] for o in words] == [o["key"] for o in offered]
    assert [[v for v, _l in o["choices"]] for o in words] == [[v for v, _l in o["choices"]] for o in offered]
    flee = dict(next(o for o in words if o["key"] == "wolf")["choices"])["flee"]
    assert flee and flee != "Flee to the Den"  # in the Spanish catalog already
    with translation.override("en"):
        assert PRESENTATION.standing_orders_words(offered)[0]["label"] == offered[0]["label"]
