"""The rules core: RNG, flow, undo and pseudo-moves, on the example game."""
import json

import pytest

from games.rules.core import Action, IllegalAction, rng, undo
from games.rules.core.pseudo import apply_move
from games.rules.core.testing import act, choices, force_rolls, new_game, play
from tests.example_game import RULES


def test_rng_is_deterministic_from_its_seed():
    a, b = {"rng": rng.new(42)}, {"rng": rng.new(42)}
    assert [rng.roll(a) for _ in range(50)] == [rng.roll(b) for _ in range(50)]


def test_rng_rolls_are_roughly_uniform():
    state = {"rng": rng.new(7)}
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.roll(state) - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_rng_counts_its_uses_and_honours_forced_values():
    state = {"rng": rng.new(1)}
    force_rolls(state, [6, 1])
    assert [rng.roll(state), rng.roll(state)] == [6, 1]
    assert rng.uses(state) == 2


def test_forced_value_out_of_range_is_an_error():
    state = force_rolls({"rng": rng.new(1)}, [7])
    with pytest.raises(ValueError):
        rng.roll(state)


def test_shuffle_keeps_every_item_and_draw_removes_one():
    state = {"rng": rng.new(3)}
    items = rng.shuffle(state, list(range(20)))
    assert sorted(items) == list(range(20)) and items != list(range(20))
    drawn = rng.draw(state, items)
    assert drawn not in items and len(items) == 19


def test_both_players_pick_at_the_same_time_and_see_only_their_own_pick():
    state = new_game(RULES, 5)
    assert RULES.active_roles(state) == ["north", "south"]
    card = state["hands"]["north"][0]
    act(RULES, state, "north", "pick", card)
    assert RULES.active_roles(state) == ["south"]
    assert RULES.view(state, "north")["my_pick"] == card
    assert RULES.view(state, "south")["my_pick"] is None
    assert card not in [c["id"] for c in RULES.view(state, "south")["hand"]]


def test_an_action_not_in_the_prompt_is_illegal_and_changes_nothing():
    state = new_game(RULES, 5)
    before = json.dumps(state, sort_keys=True)
    foreign = state["hands"]["south"][0]
    with pytest.raises(IllegalAction):
        act(RULES, state, "north", "pick", foreign)
    with pytest.raises(IllegalAction):
        act(RULES, state, "north", "roll")
    assert json.dumps(state, sort_keys=True) == before


def _to_bonus(seed=5):
    """Play the first picks so that north wins the round and must place markers."""
    state = new_game(RULES, seed)
    north, south = max(state["hands"]["north"]), min(state["hands"]["south"])
    moves = [("north", "pick", north), ("south", "pick", south)]
    return play(RULES, seed, moves), moves


def test_the_winner_of_a_round_marks_two_spaces_then_rolls():
    state, moves = _to_bonus(seed=11)
    assert state["last_picks"]["north"] > state["last_picks"]["south"]
    act(RULES, state, "north", "mark", 2)
    act(RULES, state, "north", "mark", 3)
    force_rolls(state, [3])
    act(RULES, state, "north", "roll")
    assert state["score"]["north"] == 2
    assert state["log"][-1] == {"kind": "roll", "role": "north", "die": 3, "points": 2}


def test_undo_takes_back_own_steps_until_the_last_checkpoint():
    state, moves = _to_bonus(seed=11)
    assert ("undo", None) not in choices(RULES, state, "north")  # the reveal was a checkpoint
    act(RULES, state, "north", "mark", 1)
    assert ("undo", None) in choices(RULES, state, "north")
    undone = play(RULES, 11, moves + [("north", "mark", 1), ("north", "undo", None)])
    assert undone == play(RULES, 11, moves)


def test_undo_never_crosses_a_die_roll():
    state, moves = _to_bonus(seed=11)
    moves += [("north", "mark", 1), ("north", "mark", 2), ("north", "roll", None)]
    state = play(RULES, 11, moves)
    assert all(verb != "undo" for verb, _ in choices(RULES, state, "north"))
    assert all(verb != "undo" for verb, _ in choices(RULES, state, "south"))


def test_apply_refuses_undo_which_the_caller_replays():
    state, _ = _to_bonus(seed=11)
    act(RULES, state, "north", "mark", 1)
    with pytest.raises(IllegalAction):
        RULES.apply(state, "north", Action(undo.UNDO))


def test_resign_and_timeout_end_the_game_for_the_other_side():
    state = apply_move(RULES, new_game(RULES, 2), None, ".resign", {"role": "north"})
    assert RULES.result(state).winners == ["south"]
    assert RULES.result(state).reason == "resignation"
    assert RULES.active_roles(state) == []
    state = apply_move(RULES, new_game(RULES, 2), None, ".timeout", {"role": "south"})
    assert (RULES.result(state).winners, RULES.result(state).reason) == (["north"], "timeout")


def test_no_move_after_the_end():
    state = apply_move(RULES, new_game(RULES, 2), None, ".abandon", {"role": None})
    assert RULES.result(state).winners == []
    with pytest.raises(IllegalAction):
        apply_move(RULES, state, None, ".resign", {"role": "north"})
    with pytest.raises(IllegalAction):
        act(RULES, state, "north", "pick", state["hands"]["north"][0])


def test_effective_moves_drop_each_undo_with_its_move():
    moves = [("a", "x", 1), ("a", "y", 2), ("a", "undo", None), ("a", "z", 3), ("a", "undo", None)]
    assert undo.effective(moves) == [("a", "x", 1)]
    with pytest.raises(ValueError):
        undo.effective([("a", "undo", None)])


def test_a_choice_matches_only_an_argument_of_the_same_type():
    """The prompt is legality: 5.0 or True is not the 5 or 1 offered (bool is an int)."""
    from games.rules.core import Choice, Prompt

    prompt = Prompt("pick", (Choice("place", 5), Choice("place", 1), Choice("flag", True),
                             Choice("pair", (1, 2)), Choice("done", None)))
    for legal in (Action("place", 5), Action("place", 1), Action("flag", True),
                  Action("pair", (1, 2)), Action("done", None)):
        assert prompt.allows(legal) and any(c.matches(legal) for c in prompt.choices)
    for wrong in (Action("place", 5.0), Action("place", True), Action("flag", 1),
                  Action("flag", 1.0), Action("pair", (1, 2.0)), Action("pair", [1, 2]),
                  Action("done", 0), Action("done", False), Action("place", "5")):
        assert not prompt.allows(wrong), wrong
        assert not any(c.matches(wrong) for c in prompt.choices), wrong


def test_apply_refuses_a_float_or_bool_where_an_int_is_offered():
    state = new_game(RULES, 5)
    role = state["active"][0]
    offered = [c for c in RULES.prompt(state, role).choices if type(c.arg) is int]
    assert offered
    frozen = json.dumps(state, sort_keys=True)
    for bad in (float(offered[0].arg), bool(offered[0].arg)):
        with pytest.raises(IllegalAction):
            RULES.apply(state, role, Action(offered[0].verb, bad))
    assert json.dumps(state, sort_keys=True) == frozen


def test_a_freed_and_reused_table_never_gets_a_stale_prompt():
    """core.prompts keys on content, never on ``id()``: a temporary table freed
    and another built in its memory (same id) gets its own choices, and a
    `Table`'s name, the key of its shared prompts, can never be taken again."""
    import gc

    from games.rules.core import Choice
    from games.rules.core.prompts import Table, make

    cache, ids, reused = {}, set(), 0
    for n in range(200):
        table = {1: Choice("pick", 1, f"label {n}")}
        reused += id(table) in ids
        ids.add(id(table))
        assert make("Pick", table, [1], cache=cache).choices[0].label == f"label {n}"
        del table  # freed at once by reference counting: the next dict may take its address
    assert reused, "no id was reused: the test did not reach the hazard"

    first = Table("test_rules_core.pick", {1: Choice("pick", 1, "old")})
    assert make("Pick", first, [1], cache=cache) is make("Pick", first, (1,), cache=cache)
    del first
    gc.collect()
    with pytest.raises(ValueError):
        Table("test_rules_core.pick", {1: Choice("pick", 1, "new")})
    second = Table("test_rules_core.pick2", {1: Choice("pick", 1, "new")})
    assert make("Pick", second, [1], cache=cache).choices[0].label == "new"
    assert make("Pick", second, [1], cache=None) == make("Pick", second, [1], cache=cache)
