""""Since you last looked" at a Dead of Winter table (issue 28): each colony's
and the Den's counters, entrances, locations and survivors that changed between
two views of one seat, in words, with the colony, location or survivor to ring."""
import json

from django.utils import translation

from games.titles.dead_of_winter import names as N
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES

from .helpers import game


def views(players: int = 5) -> tuple[dict, dict, str]:
    state = game(players)
    role = state["roles"][0]
    before = RULES.view(state, role)
    return before, json.loads(json.dumps(before)), role


def told(before: dict, after: dict) -> dict:
    return {c.label: c for c in PRESENTATION.board_changes(before, after)}


def test_a_colony_that_lost_food_and_gained_zombies_at_an_entrance():
    before, after, _role = views()
    after["colonies"]["a"]["food"] += 2
    after["colonies"]["b"]["entrances"][2][0] += 1
    changes = told(before, after)
    food = changes[f"{N.side('a')}: food"]
    assert (int(food.after) - int(food.before), food.mark) == (2, ("colony", "a"))
    gate = changes[f"{N.place('b@3')}: zombies"]
    assert gate.mark == ("colony", "b") and int(gate.after) == before["colonies"]["b"]["entrances"][2][0] + 1
    assert len(changes) == 2


def test_a_survivor_who_moved_was_wounded_and_one_who_died():
    before, after, _role = views()
    walker, victim = sorted(before["survivors"], key=int)[:2]
    after["survivors"][walker].update(at="school", wounds=before["survivors"][walker]["wounds"] + 1)
    del after["survivors"][victim]
    after["dead"].append(int(victim))
    changes = told(before, after)
    moved = changes[N.words(before["survivors"][walker]["name"])]
    assert moved.after.startswith(f"at {N.location('school')}, ") and moved.mark == ("survivor", walker)
    died = changes[N.words(before["survivors"][victim]["name"])]
    assert died.after == "dead" and died.before.startswith("at ")


def test_a_location_overrun_and_the_lone_wolf_leaving():
    before, after, _role = views(5)
    after["locations"]["school"]["zombies"] += 3
    after["den"].update(out=True, morale=0)
    changes = told(before, after)
    school = changes[f"{N.location('school')}: zombies"]
    assert school.mark == ("loc-id", "school")
    assert changes["The Lone Wolf"].after == "out of the game"
    assert changes[f"{N.place('den')}: morale"].after == "0"


def test_the_changes_read_in_spanish_too():
    before, after, _role = views()
    after["colonies"]["a"]["morale"] -= 1
    with translation.override("es"):
        labels = [c.label for c in PRESENTATION.board_changes(before, after)]
        assert len(labels) == 1 and labels[0].startswith(N.side("a")) and N.side("a") != "Colony A"
    assert "morale" not in labels[0], labels


def test_a_log_line_points_at_its_survivor_and_where_it_happened():
    assert PRESENTATION.line_places({"kind": "search", "survivor": 6, "at": "school"}) == [
        ("survivor", "6"), ("loc-id", "school")]
    assert PRESENTATION.line_places({"kind": "attack", "survivor": 6, "at": "b@3"}) == [
        ("survivor", "6"), ("colony", "b")]
    assert PRESENTATION.line_places({"kind": "noise", "at": "den"}) == []
