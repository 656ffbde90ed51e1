"""The frame of the turn in progress (step ``turn``, WC§5).

This module owns finding that frame on the stack (under the steps it pushed)
and the notes other steps keep in it while the turn lasts: the card a player was
given and must play (``must``, B§8) and the crossroads triggers that wait for
part 4 (``xr``, WC§5.2). Movement, exchanges, actions and peeks all read or
write the turn frame through it, so it imports none of them.
"""
from __future__ import annotations

from .board import C, place_of


def current_turn(state: dict) -> dict | None:
    for frame in reversed(state["stack"]):
        if frame["step"] == "turn":
            return frame
    return None


def gift_of(state: dict, role: str) -> int | None:
    """The card ``role`` was given and must play, if still in hand (B§8)."""
    card = current_turn(state)["must"].get(role)
    return card if card is not None and card in state["pl"][role]["hand"] else None


def trigger(state: dict, role: str, kind: str, where: str | None, sid: int) -> None:
    """Note a crossroads trigger; resolution waits for part 4 (WC§5.2)."""
    turn = current_turn(state)
    if turn is None:
        return
    xrs = C(state).crossroads
    for entry in turn["xr"]:
        trig = xrs[entry["card"]]["trigger"]
        if entry["role"] == role and trig["kind"] == kind and trig.get("where") in (None, where):
            if sid not in entry["hits"]:
                entry["hits"].append(sid)
                # "here" on the card: where the survivor was when it set the card off, kept
                # with the card, since it may move on or die before part 4 (issue 34)
                entry.setdefault("where", {})[str(sid)] = place_of(state["sv"][sid]["at"])
