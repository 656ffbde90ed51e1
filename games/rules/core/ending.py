"""Ending a game: storing its result and clearing what drives play.

This module owns `finish`, the one way rules (and the pseudo-moves in
`pseudo`) end a game. It lives apart from `flow` so that `pseudo` can end a
game without importing the step stack, which itself imports `undo`.
"""
from __future__ import annotations

from .protocol import Result, State


def finish(state: State, result: Result) -> None:
    """End the game: store the result and clear the stack."""
    state["result"] = result.to_json()
    state["stack"] = []
    state["active"] = []
