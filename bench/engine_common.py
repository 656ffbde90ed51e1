"""What the engine benchmarks (bench/ts_engine.py, dof_engine.py, dow_engine.py)
share: random play, replay, one web request's engine work, and the report of
the two-player titles. Times are CPU time (a shared machine's load inflates
wall time)."""
from __future__ import annotations

import json
import pathlib
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from games.rules.core import Action, rng  # noqa: E402
from games.rules.core.flow import take_log  # noqa: E402
from games.rules.core.testing import new_game  # noqa: E402

clock = time.process_time_ns


def uniform(picker, choices):
    return choices[rng.randint(picker, 0, len(choices) - 1)]


def decide(rules, state: dict, picker: dict, policy=uniform):
    """One random decision (undo never taken): (new state, (role, verb, arg))."""
    active = state["active"]
    role = active[rng.randint(picker, 0, len(active) - 1)] if len(active) > 1 else active[0]
    prompt = rules.prompt(state, role)
    choice = policy(picker, [c for c in prompt.choices if c.verb != "undo"])
    state = rules.apply(state, role, Action(choice.verb, choice.arg), prompt)
    return state, (role, choice.verb, choice.arg)


def play_one(rules, seed: int, keep_states: bool = False):
    """One random game: (elapsed ns, decisions, final state, moves, sampled states)."""
    state = new_game(rules, seed)
    picker = {"rng": rng.new(seed * 7919 + 17)}
    moves, samples = [], []
    elapsed = 0
    while state["result"] is None:
        if keep_states and len(moves) % 97 == 13:
            samples.append(json.dumps(state))
        start = clock()
        state, move = decide(rules, state, picker)
        elapsed += clock() - start
        moves.append(move)
    return elapsed, len(moves), state, moves, samples


def baseline(games: int = 300) -> float:
    """ns per decision of the core's tiny example title (machine/core overhead)."""
    from tests.example_game import RULES as DUEL
    total = count = 0
    for seed in range(games):
        state = new_game(DUEL, seed)
        picker = {"rng": rng.new(seed)}
        while state["result"] is None:
            start = clock()
            active = state["active"]
            role = active[rng.randint(picker, 0, len(active) - 1)]
            choices = [c for c in DUEL.prompt(state, role).choices if c.verb != "undo"]
            choice = choices[rng.randint(picker, 0, len(choices) - 1)]
            state = DUEL.apply(state, role, Action(choice.verb, choice.arg))
            total += clock() - start
            count += 1
    return total / count


def replay(rules, seed: int, moves: list) -> int:
    start = clock()
    state = new_game(rules, seed)
    for role, verb, arg in moves:
        state = rules.apply(state, role, Action(verb, arg))
    return clock() - start


def request(rules, stored: str) -> int:
    """What one web request costs the engine: load the stored state, build the
    prompt, apply one action, move its log lines out (as the site does) and
    serialise the state and the lines again."""
    start = clock()
    state = json.loads(stored)
    role = state["active"][0]
    prompt = rules.prompt(state, role)
    choice = prompt.choices[0]
    state = rules.apply(state, role, Action(choice.verb, choice.arg), prompt)
    json.dumps(take_log(state))
    json.dumps(state)
    return clock() - start


def as_stored(sample: str) -> str:
    """The site never stores log lines inside the state (core.flow.take_log)."""
    state = json.loads(sample)
    take_log(state)
    return json.dumps(state)


def print_endings(endings: Counter, games: int, reasons: tuple) -> None:
    for reason in reasons:
        print(f"ending by {reason}: {100 * endings.pop(reason, 0) / games:.1f}%")
    for reason, n in endings.items():
        print(f"ending by {reason}: {100 * n / games:.1f}%")


def report(rules, games: int, reasons: tuple, size_indent: str = "") -> None:
    """Play ``games`` random games of a two-player title and print its figures;
    ``reasons``: the endings always listed, in this order."""
    per_decision, per_game, turn10, decisions = [], [], [], []
    endings = Counter()
    replays, stored = [], []
    for seed in range(games):
        elapsed, n, state, moves, samples = play_one(rules, seed, keep_states=seed % 10 == 0)
        per_decision.append(elapsed / n)
        per_game.append(elapsed)
        decisions.append(n)
        endings[state["result"]["reason"]] += 1
        stored.extend(samples)
        if state["turn"] == 10:
            turn10.append(elapsed)
            if len(replays) < 50:
                replays.append(replay(rules, seed, moves))
    stored = [as_stored(s) for s in stored]
    requests = sorted(request(rules, s) for s in stored)
    us = 1e-3
    print(f"games: {games}")
    print(f"(reference: the core example title Duel costs {baseline() / 1000:.1f} us per "
          f"decision on this machine now)")
    print(f"CPU per decision, median of games: {statistics.median(per_decision) * us:.1f} us")
    print(f"CPU per game, median: {statistics.median(per_game) * us / 1000:.2f} ms")
    if turn10:
        print(f"CPU per turn-10 game, median ({len(turn10)} games): "
              f"{statistics.median(turn10) * us / 1000:.2f} ms")
    print(f"decisions per game: median {statistics.median(decisions)}, "
          f"mean {statistics.mean(decisions):.0f}, max {max(decisions)}")
    print_endings(endings, games, reasons)
    if replays:
        print(f"replay of a turn-10 game from its move log, median ({len(replays)}): "
              f"{statistics.median(replays) * us / 1000:.2f} ms")
    print(f"one request (loads + prompt + apply + dumps), median of {len(requests)}: "
          f"{statistics.median(requests) * us:.0f} us, p95 "
          f"{requests[int(len(requests) * 0.95)] * us:.0f} us, max {requests[-1] * us:.0f} us")
    sizes = sorted(len(s) for s in stored)
    print(f"{size_indent}stored state size: median {statistics.median(sizes) / 1000:.1f} kB, "
          f"max {sizes[-1] / 1000:.1f} kB")
