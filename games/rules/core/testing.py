"""Helpers for rules tests and the conformance suite (pure, no ``random``)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import rng, undo
from .protocol import Action
from .pseudo import apply_move


def force_rolls(state: dict, values: list[int]) -> dict:
    """Queue values that the next ``roll``/``randint`` calls return."""
    state["rng"].setdefault("forced", []).extend(values)
    return state


def new_game(rules, seed: int = 1, scenario: str | None = None, options: dict | None = None) -> dict:
    scenario = scenario or rules.scenarios()[0]
    return rules.setup(seed, scenario, rules.clean_options(options or {}))


def first_step_taken_back(rules, seed: int = 3) -> tuple[bool, bool, bool]:
    """The first player's first step of a new game, then taken back: (undo allowed,
    undo offered in the prompt, the replay without it equals the untouched game)."""
    state = new_game(rules, seed)
    role = state["active"][0]
    first = rules.prompt(state, role).choices[0]
    after = rules.apply(state, role, Action(first.verb, first.arg))
    offered = "undo" in {c.verb for c in rules.prompt(after, role).choices}
    replayed = undo.replay(rules, new_game(rules, seed), [(role, first.verb, first.arg), (role, undo.UNDO, None)])
    return undo.can_undo(after, role), offered, rules.view(replayed, role) == rules.view(new_game(rules, seed), role)


def play(rules, seed: int, moves: list, scenario: str | None = None,
         options: dict | None = None) -> dict:
    """Set up and apply (role, verb, arg) moves, honouring undo."""
    return undo.replay(rules, new_game(rules, seed, scenario, options), moves)


def act(rules, state: dict, role: str, verb: str, arg=None) -> dict:
    return rules.apply(state, role, Action(verb, arg))


def choices(rules, state: dict, role: str) -> list[tuple]:
    prompt = rules.prompt(state, role)
    return [] if prompt is None else [(c.verb, c.arg) for c in prompt.choices]


@dataclass
class RandomGame:
    """The outcome of `random_play`: the final state and every move made."""

    seed: int
    state: dict
    moves: list = field(default_factory=list)
    steps: int = 0


def pick(picker: dict, items: list):
    return items[rng.randint(picker, 0, len(items) - 1)]


def random_play(rules, seed: int, *, scenario: str | None = None, options: dict | None = None,
                max_steps: int = 20_000, undo_rate: int = 0, on_step=None) -> RandomGame:
    """Play uniformly random legal choices until the game ends.

    ``undo_rate`` of N takes an offered undo about once in N decisions.
    ``on_step(state, role, action)`` is called before each action.
    """
    state = new_game(rules, seed, scenario, options)
    picker = {"rng": rng.new(seed * 7919 + 17)}
    game = RandomGame(seed, state)
    while rules.result(state) is None:
        if game.steps >= max_steps:
            raise AssertionError(f"seed {seed}: no result after {max_steps} steps")
        role = pick(picker, rules.active_roles(state))
        prompt = rules.prompt(state, role)
        offered = [c.action for c in prompt.choices]
        action = _choose(picker, offered, undo_rate)
        if on_step:
            on_step(state, role, action)
        game.moves.append((role, action.verb, action.arg))
        if action.verb == undo.UNDO:
            state = play(rules, seed, game.moves, scenario, options)
        else:
            state = rules.apply(state, role, action)
        game.steps += 1
    game.state = state
    return game


def _choose(picker: dict, offered: list, undo_rate: int) -> Action:
    plain = [a for a in offered if a.verb != undo.UNDO]
    if undo_rate and len(plain) < len(offered) and rng.randint(picker, 1, undo_rate) == 1:
        return Action(undo.UNDO)
    return pick(picker, plain or offered)


def roundtrip(state: dict) -> dict:
    """The state after a JSON round trip (fails on sets, tuples, odd keys)."""
    return json.loads(json.dumps(state, sort_keys=True))


def random_inputs(rules, state: dict, chooser, *, prefer: str = "", rate: float = 0.8, limit: int = 3000,
                  keep_before: bool = False):
    """Play random inputs on ``state`` in place, never undo, and yield
    ``(role, action, before)`` after each (``before``: the state before it as
    JSON with ``keep_before``, else None); the log is dropped as it goes.

    ``chooser``: a ``random.Random`` of the test's seed (``choice``, ``random``);
    an offered ``prefer`` verb is taken with probability ``rate`` (Dead of
    Winter's tests prefer "move" so survivors spread over the town). Stops
    after ``limit`` inputs, or when one ends the game (that one not yielded)."""
    for _ in range(limit):
        if state["result"] is not None:
            return
        role = chooser.choice(state["active"])
        offered = [c for c in rules.prompt(state, role).choices if c.verb != "undo"]
        preferred = [c for c in offered if c.verb == prefer]
        choice = chooser.choice(preferred if preferred and chooser.random() < rate else offered)
        before = json.dumps(state) if keep_before else None
        action = Action(choice.verb, choice.arg)
        rules.apply(state, role, action)
        state["log"] = []
        if state["result"] is None:
            yield role, action, before
