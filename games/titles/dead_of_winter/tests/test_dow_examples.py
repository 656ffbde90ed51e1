"""Worked examples of the Warring Colonies rulebook (seed 003, <#P12>) and
of warring-colonies.md (WC§6.2), plus the player-count table (WC§1, §10)."""
import pytest

from games.rules.core.flow import take_log
from games.rules.core.testing import force_rolls, new_game
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.tests.helpers import (act, args, card_of, clear_board,
                                                       colony_phase, game, put)

ALL_IN, ON_GUARD = 0, 1  # public-facts tactics, in pack order
PLUS_3, ONE_WOUND = 5, 8  # house combat die: face 5 is +3 strength, face 8 is 1 wound


def test_house_die_has_the_faces_the_example_rolls():
    faces = C(new_game(RULES, 1))
    assert faces.die[PLUS_3 - 1] == {"kind": "strength", "n": 3}
    assert faces.die[ONE_WOUND - 1] == {"kind": "wound", "n": 1}
    assert [t["strength"] for t in faces.tactics[:2]] == [3, 1]


def grocery_store_fight():
    """Colony a: one survivor (the example's Enforcer); colony b: two (Bernadette
    Wilson and Scott Wheeler, who has a shotgun). Our packs do not have those
    Warring Colonies survivors, so three others stand in for them."""
    state = clear_board(game(4, seed=3))
    state["col"]["a"].update(leader="p1", bullets=3)
    state["col"]["b"].update(leader="p2", bullets=2)
    enforcer = put(state, "p1", "grocery_store")
    bernadette = put(state, "p2", "grocery_store")
    scott = put(state, "p2", "grocery_store")
    state["sv"][scott]["eq"].append(card_of(state, "shotgun"))
    for role in ("p3", "p4"):  # the other players stay at home, out of the fight
        put(state, role, "a" if role == "p3" else "b")
    take_log(state)
    colony_phase(state, ["grocery_store"])
    return state, enforcer, bernadette, scott


def tracker(lines):
    return {line["stage"]: line["diff"] for line in lines if line["kind"] == "combat_tracker"}


def test_the_rulebook_combat_example():
    state, enforcer, bernadette, scott = grocery_store_fight()
    assert sorted(state["active"]) == ["p1", "p2"]  # tactics: sealed, both leaders at once
    act(state, "p1", "tactic", ALL_IN)
    assert state["active"] == ["p2"] and RULES.view(state, "p2")["combat"]["tactics"]["a"] == "secret"
    act(state, "p2", "tactic", ON_GUARD)
    act(state, "p1", "bid", 3)
    force_rolls(state, [PLUS_3, ONE_WOUND])
    act(state, "p2", "bid", 2)
    assert state["active"] == ["p2"] and args(state, "p2", "target") == [enforcer]
    act(state, "p2", "target", enforcer)  # B's wound face goes on the Enforcer
    for sid in (bernadette, scott, bernadette, scott):  # B's leader splits 4 wounds 2 + 2
        act(state, "p2", "wound", sid)
    lines = take_log(state)
    assert tracker(lines) == {"tactics": 2, "survivors": 1, "weapons": 0, "bullets": 1, "dice": 4}
    result = next(line for line in lines if line["kind"] == "combat_result")
    assert result == {"kind": "combat_result", "at": "grocery_store", "winner": "a", "diff": 4}
    assert state["sv"][enforcer]["w"] == 1
    assert state["sv"][bernadette]["w"] == 2 and state["sv"][scott]["w"] == 2
    assert state["col"]["a"]["wins"] == 1 and state["col"]["a"]["wins_enemy"] == 0
    assert state["col"]["a"]["bullets"] == 0 + 2 and state["col"]["b"]["bullets"] == 0 + 2  # bids spent, +2 income


def test_both_on_guard_add_one_each_and_the_combat_goes_on():
    """Seed <#P12>: 방어 is "+1 전투력", nothing more (no mutual cancel in the
    rulebook; issue 34, README discrepancy 9)."""
    state, enforcer, bernadette, scott = grocery_store_fight()
    act(state, "p1", "tactic", ON_GUARD)
    act(state, "p2", "tactic", ON_GUARD)
    lines = take_log(state)
    assert not any(line["kind"] == "combat_cancelled" for line in lines)
    assert tracker(lines)["tactics"] == 0 and sorted(state["active"]) == ["p1", "p2"]  # the bids come next


def test_a_tie_has_no_winner_and_no_wounds():
    """§17 #14."""
    state, enforcer, bernadette, scott = grocery_store_fight()
    state["sv"][scott]["eq"] = []  # b: 2 survivors, no weapon
    act(state, "p1", "tactic", ALL_IN)  # a: 3 + 1 = 4
    act(state, "p2", "tactic", ON_GUARD)  # b: 1 + 2 = 3
    act(state, "p1", "bid", 0)
    force_rolls(state, [1, 2])  # a +1, b +1 ... then b bids 1 more
    act(state, "p2", "bid", 1)
    lines = take_log(state)
    assert next(line for line in lines if line["kind"] == "combat_result")["winner"] is None
    assert all(state["sv"][s]["w"] == 0 for s in (enforcer, bernadette, scott))


@pytest.mark.parametrize("players, dealt, kept, items, wolf", [
    (4, 5, 3, 5, False), (5, 5, 3, 5, True), (6, 4, 2, 5, False), (7, 4, 2, 5, True),
    (8, 4, 2, 5, False), (9, 4, 2, 5, True), (10, 4, 2, 5, False), (11, 4, 2, 4, True)])
def test_the_player_count_table(players, dealt, kept, items, wolf):
    """WC§1 table and WC§10: colonies equal, Lone Wolf with odd counts (5 v 5 + 1
    at 11, deal 4 items: 11 x 4 = 44 of the 50 starting items)."""
    state = new_game(RULES, 7, options={"players": players})
    assert len(state["col"]["a"]["seats"]) == len(state["col"]["b"]["seats"]) == players // 2
    assert (state["wolf"] == f"p{players}") == wolf
    draft = state["stack"][-1]
    for role in state["roles"]:
        assert len(state["pl"][role]["hand"]) == items
        side = state["pl"][role]["side"]
        assert len(draft["offer"][role]) == (5 if side == "w" else dealt)
        assert draft["need"][role] == (3 if side == "w" else kept)
    assert len(state["box"]) + items * players == 50 + 36 - 30  # leftover starting + random items


def test_colony_leader_is_the_highest_influence_group_leader():
    """WC§3 step 15; the Lone Wolf starts in the Den with morale 4."""
    state = game(5, seed=2)
    for side in ("a", "b"):
        col = state["col"][side]
        best = max(C(state).survivors[state["pl"][r]["lead"]]["influence"] for r in col["seats"])
        assert C(state).survivors[state["pl"][col["leader"]]["lead"]]["influence"] == best
    wolf = state["wolf"]
    assert all(state["sv"][s]["at"] == "den" for s, x in enumerate(state["sv"]) if x and x["o"] == wolf)
    assert state["den"]["morale"] == 4 and len(state["den"]["missions"]) == 3


def test_the_divide_and_conquer_setup_example(monkeypatch):
    """WC§3 step 4's example (helper script): morale 4, round track 4, a barricade
    at every town location, 12 zombies at each colony, 3 bullets each. Our house
    pack uses its own numbers; an official pack with these numbers gets exactly this."""
    from games.titles.dead_of_winter.rules import data
    from games.titles.dead_of_winter.rules.data import PACKS, build_contents
    house = next(p for p in PACKS if p["pack"] == "house")
    sections = dict(house["sections"])
    sections["main_objectives"] = [dict(o) for o in sections["main_objectives"]]
    sections["main_objectives"][1]["setup"] = {"morale": 4, "rounds": 4, "bullets": 3,
                                               "colony_zombies": 12, "location_barricades": 1}
    example = dict(house, pack="example", sections=sections)
    monkeypatch.setitem(data.CONTENTS, "example",
                        build_contents([p for p in PACKS if p["kind"] == "facts"] + [example])["example"])
    options = {"players": 4, "content": "house", "objective": "divide_and_conquer",
               "quick_play": False}
    from games.rules.core.flow import new_state
    from games.titles.dead_of_winter.rules import setup
    state = new_state(1, RULES.roles("standard", options))
    setup.build(state, dict(options, content="example"))
    for side in ("a", "b"):
        col = state["col"][side]
        assert (col["morale"], col["rounds"], col["bullets"]) == (4, 4, 3)
        assert sum(z for z, b in col["gates"]) == 12 and col["gates"][0] == [2, 0]
    assert all(spot["b"] == 1 for spot in state["loc"].values())


def test_reading_card_text_as_your_own_colony():
    """WC§8 examples: "in play", "on the board", "any player", "a survivor" all mean
    your colony's: every crossroads effect for a colony-b player touches colony b only."""
    from games.titles.dead_of_winter.rules.turns import xr_effect
    state = clear_board(game(4, seed=2))
    sid = put(state, "p2", "b")
    put(state, "p1", "a")
    before = {s: dict(state["col"][s], gates=[list(g) for g in state["col"][s]["gates"]]) for s in ("a", "b")}
    for effect in ({"kind": "morale", "n": -1}, {"kind": "food", "n": 2}, {"kind": "bullets", "n": 1},
                   {"kind": "helpless", "n": 1}, {"kind": "zombies", "n": 1}):
        xr_effect(state, "p2", None, effect)
    xr_effect(state, "p2", sid, {"kind": "wound", "n": 1})
    assert state["col"]["a"] == before["a"]
    b = state["col"]["b"]
    assert (b["morale"], b["food"], b["bullets"], b["helpless"]) == (
        before["b"]["morale"] - 1, before["b"]["food"] + 2, before["b"]["bullets"] + 1, 1)
    assert sum(z for z, _ in b["gates"]) == sum(z for z, _ in before["b"]["gates"]) + 1
    assert state["sv"][sid]["w"] == 1
