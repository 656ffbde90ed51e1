"""Undo of a player's own steps back to the last checkpoint.

A checkpoint is made by any use of the RNG, by a reveal of hidden
information (`checkpoint`), or by a change of the active roles. Between
checkpoints ``state["undo"] = {"role": r, "depth": n}`` counts the steps role
``r`` may take back. Undo is an ordinary recorded move: callers rebuild the
state by replaying the log without the undone moves (`effective`, `replay`),
starting from a snapshot taken at or before the last checkpoint. No copy of
the state is ever kept inside the state.
"""
from __future__ import annotations

UNDO = "undo"


def fresh() -> dict:
    return {"role": None, "depth": 0, "reveal": False}


def checkpoint(state: dict) -> None:
    """Call when hidden information is revealed: nothing before is undoable."""
    state["undo"]["reveal"] = True


def opening(state: dict) -> None:
    """End of a title's setup: the setup is no move, so what it revealed (the
    first deal) bounds nothing, and a player may take back their first setup step."""
    state["undo"] = fresh()


def mark(state: dict) -> tuple:
    return (state["rng"]["n"], tuple(state["active"]))


def record(state: dict, role: str, before: tuple) -> None:
    info = state["undo"]
    crossed = info["reveal"] or before != (state["rng"]["n"], tuple(state["active"]))
    if crossed or state.get("result") is not None:
        state["undo"] = fresh()
    elif info["role"] == role:
        info["depth"] += 1
    else:
        state["undo"] = {"role": role, "depth": 1, "reveal": False}


def can_undo(state: dict, role: str) -> bool:
    info = state["undo"]
    return info["role"] == role and info["depth"] > 0


def effective(moves: list) -> list:
    """Drop each undo move together with the move it takes back.

    ``moves`` are (role, verb, arg) triples in log order.
    """
    kept: list = []
    for move in moves:
        if move[1] == UNDO:
            if not kept:
                raise ValueError("undo with nothing to take back")
            kept.pop()
        else:
            kept.append(move)
    return kept


def replay(rules, state: dict, moves: list) -> dict:
    """Apply (role, verb, arg) moves to ``state`` in place, honouring undo."""
    from .pseudo import apply_move

    for role, verb, arg in effective(moves):
        state = apply_move(rules, state, role, verb, arg)
    return state
