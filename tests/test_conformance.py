"""One conformance suite for every registered title (architecture: Tests).

Random legal play over many seeds, checking: no dead ends, only active roles
are prompted, determinism of replay, JSON round trip, no leak of hidden
information (views unchanged when everything a viewer cannot see is
reshuffled), undo restoring the exact earlier state and never crossing a
checkpoint, and a result within a step cap. A failure names the seed.
"""
from __future__ import annotations

import json
import os

import pytest

from games.engine import registry
from tests import seeds
from games.rules.core import Action, IllegalAction, rng, undo
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game, pick, play

SEEDS = int(os.environ.get("HOTLINE_CONFORMANCE_SEEDS", "0")) or seeds.count(200)  # tests/seeds.py
DEEP_EVERY = 7  # deep checks (hidden info, round trip) every N decisions
CHUNK = 20


def titles():
    return sorted(registry.titles())


def seed_chunks():
    return [range(start, min(start + CHUNK, SEEDS)) for start in range(0, SEEDS, CHUNK)]


def dumps(state) -> str:
    return json.dumps(state, sort_keys=True)


def check_prompts(rules, state, seed):
    active = rules.active_roles(state)
    assert active, f"seed {seed}: no active role but no result (dead end)"
    for role in state["roles"]:
        prompt = rules.prompt(state, role)
        if role in active:
            assert prompt is not None and prompt.choices, f"seed {seed}: {role} is active with no choices"
        else:
            assert prompt is None, f"seed {seed}: inactive {role} was prompted"


def check_hidden(rules, state, seed):
    picker = {"rng": rng.new(seed + 99)}

    def permute(items):
        return rng.shuffle(picker, list(items))

    frozen = dumps(state)  # a JSON round trip copies far faster than deepcopy
    for viewer in state["roles"] + [None]:
        expected = dumps(rules.view(state, viewer))
        shuffled = rules.rehide(json.loads(frozen), viewer, permute)
        assert dumps(rules.view(shuffled, viewer)) == expected, \
            f"seed {seed}: the view of {viewer} depends on information hidden from it"


def check_finished(rules, state, seed):
    """A finished game holds no pending step: nothing may be pushed after the end."""
    assert not state.get("stack"), f"seed {seed}: finished with steps left: {state.get('stack')}"
    assert not rules.active_roles(state), f"seed {seed}: finished with active roles"


def mistyped(arg) -> list:
    """Arguments equal to ``arg`` in Python but of another type (True == 1 == 1.0)."""
    if type(arg) is bool:
        return [int(arg), float(arg)]
    if type(arg) is int:
        return [float(arg)] + ([bool(arg)] if arg in (0, 1) else [])
    if type(arg) is float and arg.is_integer():
        return [int(arg)]
    return []


def check_typed_arguments(rules, state, role, seed):
    """The contract compares verb and argument with their types: an argument
    of another type is refused by the prompt and by apply, and changes nothing."""
    prompt = rules.prompt(state, role)
    offered = {(c.verb, type(c.arg), c.arg) for c in prompt.choices}
    frozen = dumps(state)
    for choice in prompt.choices:
        for wrong in mistyped(choice.arg):
            if (choice.verb, type(wrong), wrong) in offered:
                continue
            action = Action(choice.verb, wrong)
            assert not prompt.allows(action), f"seed {seed}: {action} allowed"
            with pytest.raises(IllegalAction):
                rules.apply(json.loads(frozen), role, action)
    assert dumps(state) == frozen


def check_undo_offer(state, before: dict, role: str, seed):
    """Undo may be offered only if the last move used no RNG and kept the active roles."""
    if undo.can_undo(state, role):
        assert before["rng"]["n"] == state["rng"]["n"], f"seed {seed}: undo offered across a die roll"
        assert before["active"] == state["active"], f"seed {seed}: undo offered across a role change"


def play_checked(rules, seed: int, max_steps: int = 30_000):
    """Random play with every invariant checked; returns (final state, moves).

    Undo is rebuilt as the site does it: from the state at the last
    checkpoint plus the moves since, and must equal the state before the
    undone move.
    """
    state = new_game(rules, seed)
    lines = take_log(state)  # as the site does: log lines leave the state after each move
    picker = {"rng": rng.new(seed * 31 + 5)}
    moves, history = [], []  # history: states (JSON) since the last checkpoint, before each move
    base, base_index = dumps(state), 0
    for step in range(max_steps):
        if rules.result(state) is not None:
            json.dumps(lines)  # log lines are plain JSON
            check_finished(rules, state, seed)
            return state, moves
        check_prompts(rules, state, seed)
        if step % DEEP_EVERY == 0:
            check_hidden(rules, state, seed)
            assert json.loads(dumps(state)) == state, f"seed {seed}: state is not plain JSON"
        role = pick(picker, rules.active_roles(state))
        if step % DEEP_EVERY == 3:
            check_typed_arguments(rules, state, role, seed)
        action = pick(picker, [c.action for c in rules.prompt(state, role).choices])
        moves.append((role, action.verb, action.arg))
        if action.verb == undo.UNDO:
            state = undo.replay(rules, json.loads(base), moves[base_index:])
            take_log(state)
            assert dumps(state) == history.pop(), f"seed {seed}: undo did not restore the earlier state"
            continue
        if state["undo"]["depth"] == 0:
            base, base_index = dumps(state), len(moves) - 1
            history = [base]
        else:
            history.append(dumps(state))
        before = {"rng": dict(state["rng"]), "active": list(state["active"])}
        state = rules.apply(state, role, action)
        lines += take_log(state)
        check_undo_offer(state, before, role, seed)
    raise AssertionError(f"seed {seed}: no result after {max_steps} steps")


@pytest.mark.parametrize("title_id", titles())
@pytest.mark.parametrize("seeds", seed_chunks(), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_random_legal_play_keeps_every_invariant(title_id, seeds):
    rules = registry.get(title_id)
    for seed in seeds:
        final, moves = play_checked(rules, seed)
        result = rules.result(final)
        assert result is not None
        assert set(result.winners) <= set(final["roles"])
        replayed = play(rules, seed, moves)
        take_log(replayed)
        assert dumps(replayed) == dumps(final), f"seed {seed}: replay differs"
        for role in final["roles"]:
            assert rules.prompt(final, role) is None


@pytest.mark.parametrize("title_id", titles())
def test_contract_surface(title_id):
    rules = registry.get(title_id)
    assert rules.title_id == title_id and isinstance(rules.version, int) and rules.name
    scenario = rules.scenarios()[0]
    roles = rules.roles(scenario, rules.default_options())
    state = rules.setup(1, scenario, rules.clean_options({}))
    assert state["roles"] == roles
    assert set(rules.active_roles(state)) <= set(roles)
    with pytest.raises(ValueError):
        rules.clean_options({"no_such_option": 1})
    assert isinstance(rules.hand(state, roles[0]), list)
    assert "rng" not in rules.view(state, None) and "undo" not in rules.view(state, roles[0])
    with pytest.raises(Exception):
        rules.apply(state, roles[0], Action("no-such-verb", None))


def test_the_hidden_information_check_catches_a_leak():
    from tests.example_game.rules import DuelRules

    class Leaky(DuelRules):
        def view(self, state, role):
            return {**super().view(state, role), "peek": state["hands"]}

    leaky = Leaky()
    with pytest.raises(AssertionError, match="hidden"):
        check_hidden(leaky, new_game(leaky, 1), 1)


def test_the_finished_state_check_catches_a_step_pushed_after_the_end():
    from tests.example_game import RULES

    state = new_game(RULES, 1)
    state["result"] = {"winners": [], "reason": "test", "score": None}
    state["active"], state["stack"] = [], []
    check_finished(RULES, state, 1)
    state["stack"] = [{"step": "pick_countries", "role": state["roles"][0]}]
    with pytest.raises(AssertionError, match="steps left"):
        check_finished(RULES, state, 1)


def test_the_typed_argument_check_catches_a_comparison_by_equality():
    from games.rules.core import Prompt
    from tests.example_game.rules import DuelRules

    class Loose(Prompt):
        __slots__ = ()

        def allows(self, action):
            return any(c.verb == action.verb and c.arg == action.arg for c in self.choices)

    class Lenient(DuelRules):
        def prompt(self, state, role):
            found = super().prompt(state, role)
            return found and Loose(found.text, found.choices, found.waiting_text)

    lenient = Lenient()
    state = new_game(lenient, 1)
    with pytest.raises(AssertionError, match="allowed"):
        check_typed_arguments(lenient, state, state["active"][0], 1)
