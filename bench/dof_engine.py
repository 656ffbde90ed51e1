"""1989: Dawn of Freedom engine benchmark (issue 16).

Plays complete random games (uniform choice among the prompt's choices, undo
never taken, fixed seeds) and prints CPU-time figures:

    .venv/bin/python bench/dof_engine.py [games=1000] [--without-events | --compare] [--early-only]

``--without-events``: the engine as it was before the card issues (only the
scoring cards and The Tyrant is Gone, part of rule 7.6, keep their events,
and the card events' hooks are taken out), for before/after comparisons;
``--compare``: both per-decision figures from one run, same seeds, in
alternating blocks (the fairest comparison on a loaded machine);
``--early-only``: only the Early Year events (issue 17) count as "with".

- median CPU time per decision (per game: game time / decisions), per game,
  and per game that reaches turn 10 (final scoring);
- decisions per game; share of endings by VP / final scoring / held scoring
  card / New Year's Eve (and anything else);
- time to replay a complete game from its move log (turn-10 games);
- one web request's engine work: json.loads a stored state, build the prompt,
  apply one action, json.dumps the state.
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
from games.titles.dawn_of_freedom.rules import RULES  # noqa: E402

clock = time.process_time_ns


def play_one(seed: int, keep_states: bool = False):
    """One random game: (elapsed ns, decisions, final state, moves, sampled states)."""
    state = new_game(RULES, seed)
    picker = {"rng": rng.new(seed * 7919 + 17)}
    moves, samples = [], []
    elapsed = 0
    while state["result"] is None:
        if keep_states and len(moves) % 97 == 13:
            samples.append(json.dumps(state))
        start = clock()
        active = state["active"]
        role = active[rng.randint(picker, 0, len(active) - 1)] if len(active) > 1 else active[0]
        prompt = RULES.prompt(state, role)
        choices = [c for c in prompt.choices if c.verb != "undo"]
        choice = choices[rng.randint(picker, 0, len(choices) - 1)]
        state = RULES.apply(state, role, Action(choice.verb, choice.arg), prompt)
        elapsed += clock() - start
        moves.append((role, choice.verb, choice.arg))
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


def replay(seed: int, moves: list) -> int:
    start = clock()
    state = new_game(RULES, seed)
    for role, verb, arg in moves:
        state = RULES.apply(state, role, Action(verb, arg))
    return clock() - start


def request(stored: str) -> int:
    """What one web request costs the engine: load the stored state, build the
    prompt, apply one action, move its log lines out (as the site does) and
    serialise the state and the lines again."""
    start = clock()
    state = json.loads(stored)
    role = state["active"][0]
    prompt = RULES.prompt(state, role)
    choice = prompt.choices[0]
    state = RULES.apply(state, role, Action(choice.verb, choice.arg), prompt)
    json.dumps(take_log(state))
    json.dumps(state)
    return clock() - start


def as_stored(sample: str) -> str:
    """The site never stores log lines inside the state (core.flow.take_log)."""
    state = json.loads(sample)
    take_log(state)
    return json.dumps(state)


def print_endings(endings: Counter, games: int) -> None:
    for reason in ("vp", "final_scoring", "scoring_card_held"):
        print(f"ending by {reason}: {100 * endings.pop(reason, 0) / games:.1f}%")
    for reason, n in endings.items():
        print(f"ending by {reason}: {100 * n / games:.1f}%")


def main(games: int = 1000) -> None:
    per_decision, per_game, turn10, decisions = [], [], [], []
    endings = Counter()
    replays, stored = [], []
    for seed in range(games):
        elapsed, n, state, moves, samples = play_one(seed, keep_states=seed % 10 == 0)
        per_decision.append(elapsed / n)
        per_game.append(elapsed)
        decisions.append(n)
        endings[state["result"]["reason"]] += 1
        stored.extend(samples)
        if state["turn"] == 10:
            turn10.append(elapsed)
            if len(replays) < 50:
                replays.append(replay(seed, moves))
    stored = [as_stored(s) for s in stored]
    requests = sorted(request(s) for s in stored)
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
    print_endings(endings, games)
    if replays:
        print(f"replay of a turn-10 game from its move log, median ({len(replays)}): "
              f"{statistics.median(replays) * us / 1000:.2f} ms")
    print(f"one request (loads + prompt + apply + dumps), median of {len(requests)}: "
          f"{statistics.median(requests) * us:.0f} us, p95 "
          f"{requests[int(len(requests) * 0.95)] * us:.0f} us, max {requests[-1] * us:.0f} us")
    sizes = sorted(len(s) for s in stored)
    print(f"stored state size: median {statistics.median(sizes) / 1000:.1f} kB, "
          f"max {sizes[-1] / 1000:.1f} kB")


_SAVED: dict = {}


CARD_MODULES = {"early_year", "early_year_steps", "middle_year", "middle_year_steps",
                "late_year", "late_year_steps"}


def without_card_events(spare: tuple = ()) -> None:
    """Unregister every card event but the scoring cards and The Tyrant is Gone
    (rule 7.6), and take the card events' hooks out of the framework lists;
    ``spare`` keeps the events and hooks of those modules (e.g. the Early Year)."""
    from games.titles.dawn_of_freedom.rules import ops, play, struggle
    from games.titles.dawn_of_freedom.rules.data import SCORING
    from games.titles.dawn_of_freedom.rules.events import REGISTRY

    keep = set(SCORING) | {97}
    keep |= {c for c, fn in REGISTRY.items() if fn.__module__.rsplit(".", 1)[-1] in spare}
    card_modules = CARD_MODULES - set(spare)

    def from_cards(item) -> bool:
        fn = item[-1] if isinstance(item, tuple) else item
        return fn.__module__.rsplit(".", 1)[-1] in card_modules
    _SAVED["registry"] = dict(REGISTRY)
    for card in [c for c in REGISTRY if c not in keep]:
        del REGISTRY[card]
    lists = (ops.FORBIDS, ops.CHECK_MODIFIERS, ops.AFTER_CHECK, play.ROUND_START_HOOKS,
             play.ROUND_END_HOOKS, play.PLAY_FILTERS, play.PLAY_HOOKS, struggle.DEAL_HOOKS,
             struggle.AFTER_HOOKS)
    _SAVED["hooks"] = [(hooks, list(hooks)) for hooks in lists]
    for hooks in lists:
        hooks[:] = [h for h in hooks if not from_cards(h)]


def with_card_events() -> None:
    """Undo `without_card_events`."""
    from games.titles.dawn_of_freedom.rules.events import REGISTRY

    REGISTRY.update(_SAVED.pop("registry"))
    for hooks, saved in _SAVED.pop("hooks"):
        hooks[:] = saved


def compare(games: int) -> None:
    """Per-decision CPU with and without the card events, the same seeds, in
    alternating blocks of 25 games (the shared machine's load hits both alike)."""
    per = {"with": [], "without": []}
    for start in range(0, games, 25):
        for label in ("with", "without"):
            if label == "without":
                without_card_events()
            for seed in range(start, min(start + 25, games)):
                elapsed, n, *_ = play_one(seed)
                per[label].append(elapsed / n)
            if label == "without":
                with_card_events()
    a, b = (statistics.median(per[k]) / 1000 for k in ("with", "without"))
    print(f"games: {games} each")
    print(f"CPU per decision, median of games, with card events: {a:.1f} us")
    print(f"CPU per decision, median of games, without card events: {b:.1f} us")
    print(f"with / without: {a / b:.3f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 1000
    if "--early-only" in sys.argv:  # only the Early Year events count as "with"
        without_card_events(spare=("early_year", "early_year_steps"))
        _SAVED.clear()
        print("(card events: the Early Year only)")
    if "--compare" in sys.argv:
        compare(games)
        sys.exit()
    if "--without-events" in sys.argv:
        without_card_events()
        print("(card events off: scoring cards and The Tyrant is Gone only)")
    main(games)
