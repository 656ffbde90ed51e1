"""A draw deck kept in ``state["deck"]`` (top card last) over ``state["discard"]``."""
from __future__ import annotations

from . import rng


def draw_one(state: dict) -> int | None:
    """The top card; an empty deck is rebuilt from the discards, shuffled, and
    logged as a ``reshuffle`` (None when both are empty)."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"], state["discard"] = state["discard"], []
        rng.shuffle(state, state["deck"])
        state["log"].append({"deck": len(state["deck"]), "kind": "reshuffle"})
    return state["deck"].pop()
