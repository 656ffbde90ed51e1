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
import statistics
import sys
from collections import Counter

from engine_common import clock, decide, request, uniform
from games.rules.core import rng
from games.rules.core.flow import take_log
from games.rules.core.testing import new_game
from games.titles.dead_of_winter.rules import RULES

PREFER = ("crisis", "play", "attack", "barricade", "food")


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
        state, _ = decide(RULES, state, picker, policy)
        take_log(state)
        elapsed += clock() - start
        decisions += 1
    return elapsed, decisions, state, samples


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
    requests = sorted(request(RULES, s) for s in stored)
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
