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

import statistics
import sys

import engine_common as common
from games.titles.dawn_of_freedom.rules import RULES


def play_one(seed: int, keep_states: bool = False):
    return common.play_one(RULES, seed, keep_states)


def main(games: int = 1000) -> None:
    common.report(RULES, games, ("vp", "final_scoring", "scoring_card_held"))


_SAVED: dict = {}


CARD_MODULES = {"early_year", "early_year_steps", "middle_year", "middle_year_steps",
                "late_year", "late_year_steps"}


def without_card_events(spare: tuple = ()) -> None:
    """Unregister every card event but the scoring cards and The Tyrant is Gone
    (rule 7.6), and take the card events' hooks out of the framework lists;
    ``spare`` keeps the events and hooks of those modules (e.g. the Early Year)."""
    from games.titles.dawn_of_freedom.rules import ops, play, struggle
    from games.titles.dawn_of_freedom.rules.data import SCORING
    from games.titles.dawn_of_freedom.rules.registry import REGISTRY

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
    from games.titles.dawn_of_freedom.rules.registry import REGISTRY

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
