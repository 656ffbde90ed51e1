"""Twilight Struggle engine benchmark (issue 3).

Plays complete random games (uniform choice among the prompt's choices, undo
never taken, fixed seeds) and prints CPU-time figures:

    .venv/bin/python bench/ts_engine.py [games=1000]

- median CPU time per decision (per game: game time / decisions), per game,
  and per game that reaches turn 10;
- decisions per game; share of endings by DEFCON / VP / Europe control /
  final scoring (and anything else);
- time to replay a complete game from its move log (turn-10 games);
- one web request's engine work: json.loads a stored state, build the prompt,
  apply one action, json.dumps the state.
"""
from __future__ import annotations

import sys

import engine_common as common
from games.titles.twilight_struggle.rules import RULES


def main(games: int = 1000) -> None:
    common.report(RULES, games, ("defcon", "vp", "europe", "final_scoring"), size_indent="  ")


def without_card_events() -> None:
    """The engine as it was before the card issues: only the scoring cards and
    the China Card keep their events (for before/after comparisons)."""
    from games.titles.twilight_struggle.rules.data import CHINA, SCORING
    from games.titles.twilight_struggle.rules.registry import REGISTRY

    for card in [c for c in REGISTRY if c not in SCORING and c != CHINA]:
        del REGISTRY[card]


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--without-events" in sys.argv:
        without_card_events()
        print("(card events off: scoring cards and the China Card only)")
    main(int(args[0]) if args else 1000)
