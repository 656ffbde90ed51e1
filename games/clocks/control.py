"""A game's time control and the rules' step for a seat: the two questions
every clock module asks first (deadlines, deputies, pauses, the sweep).

Owns: reading ``Game.time_control`` and the rules' ``pace_step`` hook.
May import: the clocks arithmetic, engine, the foundation.
"""
from __future__ import annotations

from games import clocks, engine
from games.models import Game


def control_of(game: Game) -> clocks.TimeControl:
    return clocks.TimeControl.from_json(game.time_control)


def is_paced(game: Game) -> bool:
    """Pace profiles time each step (without parsing the whole time control)."""
    return (game.time_control or {}).get("kind") == "pace"


def pace_step(game: Game, role: str) -> tuple[str, str]:
    """The rules' (window kind, step name) for ``role`` now; titles without
    paced steps have one normal window per turn."""
    hook = getattr(engine.rules_for(game), "pace_step", None)
    return hook(game.state, role) if hook and game.state else ("normal", "")
