"""Part 2 of a turn: moving survivors (WC§5.3).

This module owns what a move is and how it is made: the choices (destinations,
sending a survivor home from a full location and its cost), making a move with
its exposure roll, the Fuel card, and the alternating ping-pong (the ``move``
step) in which the players of a paired turn move one survivor at a time.
Movement by sealed exchanges (exchanges.py) makes its moves here too.
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from .actions import HANDLERS, request_choices
from .bites import start_bite
from .board import (C, armed, at_exact, capacity, expose, gate_free, has_passive, log, occupancy, owner_side,
                    place_of, send_home, side_of, survivors_of)
from .data import GATES, OTHER
from .turn_frame import current_turn, gift_of, trigger

PASS = Choice("pass", None, "Pass (no more moves this turn)", "done")


def fuel(state: dict, card: int) -> bool:
    return C(state).card[card]["effect"].get("effect") == "safe_move"


class Move(Step):
    """Alternate single moves (lower morale first) until both have passed."""

    name = "move"

    def active(self, state, frame):
        return [frame["order"][frame["i"]]]

    def prompt(self, state, frame, role):
        turn = current_turn(state)
        gift = gift_of(state, role)
        fuels = [gift] if gift is not None and fuel(state, gift) else [
            card for card in state["pl"][role]["hand"] if fuel(state, card) and role not in turn["safe"]]
        extra = [Choice("play", card, f"Play {C(state).card[card]['name']}: next move without exposure", "cards")
                 for card in fuels]
        if gift is not None and fuel(state, gift):  # a given card is played at once (B§8)
            return Prompt("Play the card you were given", tuple(extra), "")
        return Prompt("Move one survivor, or pass", tuple(move_choices(state, frame, role) + extra + request_choices(
            state, role, side_of(state, role))) + (PASS,), "Waiting for the movement step")

    def act(self, state, frame, role, action):
        if action.verb in ("play", "request"):
            HANDLERS[action.verb](state, frame, role, action.arg)
            return
        if action.verb == "pass":
            frame["passed"].append(role)
            log(state, "pass", role=role)
        else:
            parts = action.arg.split(">")
            frame["moved"].append(int(parts[0]))
            do_move(state, role, int(parts[0]), parts[1], int(parts[2]) if len(parts) > 2 else None)
        others = [r for r in frame["order"] if r not in frame["passed"] and r != role]
        if others:
            frame["i"] = frame["order"].index(others[0])
        elif role in frame["passed"]:
            Flow.pop(state)

    def default(self, state, frame, role):
        gift = gift_of(state, role)
        if gift is not None and fuel(state, gift):
            return ("play", gift)
        return ("pass", None)


def move_choices(state: dict, frame: dict, role: str) -> list[Choice]:
    side = side_of(state, role)
    names = C(state).survivors
    out = []
    for sid in survivors_of(state, role):
        if sid in frame["moved"]:
            continue
        name = names[sid]["name"]
        for dest in destinations(state, side, state["sv"][sid]["at"]):
            if "@" in dest or occupancy(state, dest) < capacity(state, dest):
                out.append(Choice("move", f"{sid}>{dest}", f"{name} to {dest}", "move"))
            else:
                out += bounce_choices(state, frame, role, side, sid, name, dest)
    return out


def destinations(state: dict, side: str, at: str) -> list[str]:
    c = C(state)
    home = "den" if side == "w" else side
    out = [home] if at != home and occupancy(state, home) < capacity(state, home) else []
    out += [loc for loc in c.locations if loc != at]
    for enemy in (("a", "b") if side == "w" else (OTHER[side],)):
        out += [f"{enemy}@{g}" for g in range(1, GATES + 1)
                if f"{enemy}@{g}" != at and gate_free(state, enemy, g) > 0]
    return out


def bounce_choices(state, frame, role, side, sid, name, dest) -> list[Choice]:
    """A full location: send one survivor there home first (WC§5.3, WC§13)."""
    out = []
    busy = [r for r in frame["order"] if r != role]  # the enemy player of this paired turn
    for victim in at_exact(state, dest):
        if state["sv"][victim]["o"] in busy:
            continue
        if bounce_cost(state, role, side, victim) is not None:
            out.append(Choice("move", f"{sid}>{dest}>{victim}", f"{name} to {dest}, sending {victim} home", "move"))
    return out


def bounce_cost(state: dict, role: str, side: str, victim: int) -> tuple | None:
    """(resource, amount) or None if unaffordable: own colony free; enemy 1 bullet
    (2 if armed); the Lone Wolf pays an action die unless it is its own survivor."""
    vside = owner_side(state, victim)
    if vside == side:
        return ("free", 0)
    if side == "w":
        return ("die", 1) if state["pl"][role]["dice"] else None
    cost = 2 if armed(state, victim) else 1
    return ("bullets", cost) if state["col"][side]["bullets"] >= cost else None


def do_move(state: dict, role: str, sid: int, dest: str, victim: int | None = None) -> None:
    side = side_of(state, role)
    if victim is not None:
        what, n = bounce_cost(state, role, side, victim)
        if what == "bullets":
            state["col"][side]["bullets"] -= n
        elif what == "die":
            state["pl"][role]["dice"].pop(0)
        send_home(state, victim)
    s = state["sv"][sid]
    log(state, "move", survivor=sid, frm=s["at"], to=dest)
    s["at"] = dest
    safe = current_turn(state)["safe"]
    if role in safe:
        safe.remove(role)
    elif not has_passive(state, sid, "no_move_exposure"):
        if expose(state, sid) == "bitten":
            start_bite(state, place_of(dest))
            return
    if state["sv"][sid] is not None:
        trigger(state, role, "move_to", place_of(dest), sid)


STEPS = (Move(),)
