"""Dead of Winter: Warring Colonies engine benchmark (issue 20).

Plays complete random games (uniform choice among the prompt's choices, undo
never taken, fixed seeds) for 4, 8 and 11 players and prints CPU time:

    .venv/bin/python bench/dow_engine.py [games per player count=200]

Targets: at most 60 us per decision, a full 8-player game under 100 ms.
Uniformly random players leave their colonies unguarded and lose morale
fast, so most random games end in round 2 or 3; the "steady" players (pass
3 moves in 4, prefer crisis cards, food, attacks and barricades) play longer
games, which the 8-player target is about.
"""
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
from games.titles.dead_of_winter.rules import RULES  # noqa: E402

clock = time.process_time_ns


PREFER = ("crisis", "play", "attack", "barricade", "food")


def uniform(picker, choices):
    return choices[rng.randint(picker, 0, len(choices) - 1)]


def steady(picker, choices):
    passes = [c for c in choices if c.verb == "pass"]
    if passes and rng.randint(picker, 1, 4) > 1:
        return passes[0]
    good = [c for c in choices if c.verb in PREFER]
    if good and rng.randint(picker, 1, 3) > 1:
        return uniform(picker, good)
    return uniform(picker, choices)


def play_one(seed: int, players: int, policy=uniform):
    """One random game: (elapsed ns, decisions, final state, sampled stored states)."""
    state = new_game(RULES, seed, options={"players": players})
    take_log(state)
    picker = {"rng": rng.new(seed * 7919 + 17)}
    elapsed = decisions = 0
    samples = []
    while state["result"] is None:
        if decisions % 53 == 7:
            samples.append(json.dumps(state))
        start = clock()
        active = state["active"]
        role = active[rng.randint(picker, 0, len(active) - 1)] if len(active) > 1 else active[0]
        prompt = RULES.prompt(state, role)
        choices = [c for c in prompt.choices if c.verb != "undo"]
        choice = policy(picker, choices)
        state = RULES.apply(state, role, Action(choice.verb, choice.arg), prompt)
        take_log(state)
        elapsed += clock() - start
        decisions += 1
    return elapsed, decisions, state, samples


def request(stored: str) -> int:
    """One web request's engine work: loads, prompt, apply, dumps."""
    start = clock()
    state = json.loads(stored)
    role = state["active"][0]
    prompt = RULES.prompt(state, role)
    choice = prompt.choices[0]
    state = RULES.apply(state, role, Action(choice.verb, choice.arg), prompt)
    json.dumps(take_log(state))
    json.dumps(state)
    return clock() - start


def run(players: int, games: int, policy=uniform) -> None:
    per_decision, per_game, decisions, rounds, stored = [], [], [], [], []
    endings = Counter()
    for seed in range(games):
        elapsed, n, state, samples = play_one(seed, players, policy)
        per_decision.append(elapsed / n)
        per_game.append(elapsed)
        decisions.append(n)
        rounds.append(state["round"])
        endings[state["result"]["reason"]] += 1
        stored += samples[:3]
    requests = sorted(request(s) for s in stored)
    sizes = sorted(len(s) for s in stored)
    print(f"{players} players, {games} games, {policy.__name__} players:")
    print(f"  CPU per decision, median of games: {statistics.median(per_decision) / 1000:.1f} us")
    print(f"  CPU per game: median {statistics.median(per_game) / 1e6:.2f} ms, "
          f"max {max(per_game) / 1e6:.2f} ms")
    print(f"  decisions per game: median {statistics.median(decisions)}, max {max(decisions)}; "
          f"rounds: mean {statistics.mean(rounds):.1f}")
    print("  endings: " + ", ".join(f"{k} {100 * v / games:.0f}%" for k, v in endings.most_common()))
    print(f"  one request (loads + prompt + apply + dumps): median "
          f"{statistics.median(requests) / 1000:.0f} us; stored state median {statistics.median(sizes) / 1000:.1f} kB")


def main(games: int = 200) -> None:
    for policy in (uniform, steady):
        for players in (4, 8, 11):
            run(players, games, policy)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
