"""Movement by sealed exchanges (option ``movement: exchanges``; correspondence-design
§2.4 option C) instead of the alternating ping-pong of WC§5.3.

Each exchange, both players of the pair secretly choose their next single move
(with what the move asks: a bounce victim) or a pass, and optionally one
fallback move; when both are in, the engine reveals them and makes them in rule
order (the colony that moves first in the ping-pong first, WC§5.3). A move the
first one made impossible falls back to the fallback, or else is "no move this
exchange" -- never a pass, because the rules make a pass final. Once one player
has passed the other moves alone, one open input per exchange (nothing to seal
against). Exchanges repeat until both have passed. Requests stay open (WC§5.3
note); a given Fuel card is played at once, as in the ping-pong.
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from .actions import HANDLERS, request_choices
from .board import C, capacity, log, next_sealed, occupancy, side_of, survivors_of
from .movement import PASS, bounce_choices, do_move, fuel, move_choices
from .turn_frame import current_turn, gift_of

SEALED_TEXT = "Movement exchange: choose one move, or pass (sealed until both are in)"
FALLBACK_TEXT = "Choose a fallback move, made if your move is no longer possible"
SEALED_WAIT = "Waiting for the other player's sealed move"
NO_FALLBACK = Choice("fallback", None, "No fallback", "done")
# A pass is sealed in two inputs like a move (pick, then fallback), so nobody
# watching can tell a pass from a move by when the seat is in.
SEAL_PASS_TEXT = "Your pass is chosen: seal it (both choices are revealed together)"
SEAL_PASS = Choice("fallback", "pass", "Seal my pass", "done")


def push_exchanges(state: dict, order: list[str]) -> None:
    """Start the movement step of a paired turn as exchange 1 (``order``: who moves first)."""
    Flow.push(state, "xchg", order=list(order), passed=[], moved=[], n=1, sid=next_sealed(state),
              picks={r: None for r in order})


def movers(frame: dict) -> list[str]:
    return [r for r in frame["order"] if r not in frame["passed"]]


def sealed(frame: dict) -> bool:
    """An exchange is sealed while both players still move."""
    return len(movers(frame)) > 1


def open_sid(state: dict) -> int | None:
    """The number of the sealed exchange collecting inputs now (``RULES.sealed_step``):
    also while a request asked during it waits for its answer, once a pick is in
    (the picks stay committed until the exchange is revealed)."""
    stack = state["stack"]
    top = stack[-1] if stack else None
    if top and top["step"] == "give" and len(stack) > 1 and stack[-2]["step"] == "xchg":
        frame = stack[-2]
        return frame["sid"] if sealed(frame) and any(frame["picks"].values()) else None
    if top and top["step"] == "xchg" and sealed(top):
        return top["sid"]
    return None


class Exchange(Step):
    """One exchange of the movement step (see the module docstring)."""

    name = "xchg"

    def active(self, state, frame):
        return [r for r in movers(frame) if not (frame["picks"][r] or {}).get("in")]

    def prompt(self, state, frame, role):
        gift = gift_of(state, role)
        if gift is not None and fuel(state, gift):  # a given Fuel is played at once (B§8)
            return Prompt("Play the card you were given", (fuel_choice(state, gift),), "")
        pick = frame["picks"][role]
        if pick is not None and pick["move"] == "pass":
            return Prompt(SEAL_PASS_TEXT, (SEAL_PASS,), SEALED_WAIT)
        if pick is not None:
            return Prompt(FALLBACK_TEXT, tuple(fallback_choices(state, frame, role, pick["move"])) + (NO_FALLBACK,),
                          SEALED_WAIT)
        turn = current_turn(state)
        fuels = [fuel_choice(state, card) for card in state["pl"][role]["hand"]
                 if fuel(state, card) and role not in turn["safe"]]
        choices = tuple(move_choices(state, frame, role) + fuels + request_choices(state, role, side_of(state, role)))
        if sealed(frame):
            return Prompt(SEALED_TEXT, choices + (PASS,), SEALED_WAIT)
        return Prompt("Move one survivor, or pass", choices + (PASS,), "Waiting for the movement step")

    def act(self, state, frame, role, action):
        if action.verb in ("play", "request"):
            HANDLERS[action.verb](state, frame, role, action.arg)
            return
        if not sealed(frame):
            move_alone(state, frame, role, action)
            return
        if action.verb == "fallback":
            frame["picks"][role].update(fb=None if action.arg == "pass" else action.arg, **{"in": True})
        else:
            frame["picks"][role] = {"move": "pass" if action.verb == "pass" else action.arg, "fb": None,
                                    "in": False}
        if not self.active(state, frame):
            reveal(state, frame)

    def default(self, state, frame, role):
        """Pass, as in the ping-pong (CD§5); a chosen move keeps no fallback; a
        given Fuel is played."""
        gift = gift_of(state, role)
        if gift is not None and fuel(state, gift):
            return ("play", gift)
        pick = frame["picks"][role]
        if pick is None:
            return ("pass", None)
        return ("fallback", "pass") if pick["move"] == "pass" else ("fallback", None)


def fuel_choice(state: dict, card: int) -> Choice:
    return Choice("play", card, f"Play {C(state).card[card]['name']}: next move without exposure", "cards")


def fallback_choices(state: dict, frame: dict, role: str, first: str) -> list[Choice]:
    """Every move possible now but the first, plus the bounces that become possible
    if the other player fills a location's last free space ("if full: send X home")."""
    out = [Choice("fallback", c.arg, f"Fallback: {c.label}", "fallback")
           for c in move_choices(state, frame, role) if c.arg != first]
    side, names = side_of(state, role), C(state).survivors
    for sid in survivors_of(state, role):
        if sid in frame["moved"]:
            continue
        for dest in C(state).locations:
            if dest != state["sv"][sid]["at"] and occupancy(state, dest) == capacity(state, dest) - 1:
                out += [Choice("fallback", c.arg, f"Fallback: {c.label}", "fallback")
                        for c in bounce_choices(state, frame, role, side, sid, names[sid]["name"], dest)]
    return out


def move_alone(state: dict, frame: dict, role: str, action) -> None:
    """The other player has passed: a move is made at once (each one an exchange)."""
    if action.verb == "pass":
        frame["passed"].append(role)
        log(state, "pass", role=role)
        Flow.pop(state)
        return
    frame["n"] += 1
    make(state, frame, role, action.arg)


def make(state: dict, frame: dict, role: str, arg: str) -> None:
    parts = arg.split(">")
    frame["moved"].append(int(parts[0]))
    do_move(state, role, int(parts[0]), parts[1], int(parts[2]) if len(parts) > 2 else None)


def reveal(state: dict, frame: dict) -> None:
    """Both are in: show the picks and make them one by one (``Resolve``)."""
    picks = {r: {"move": frame["picks"][r]["move"], "fallback": frame["picks"][r]["fb"]}
             for r in frame["order"] if frame["picks"][r] is not None}
    log(state, "exchange", n=frame["n"], picks=picks)
    Flow.push(state, "xres", queue=[r for r in frame["order"] if frame["picks"][r] is not None])


class Resolve(Step):
    """Make the revealed picks in order, one per run, so a bite chain started by
    the first move is resolved (§17 #4) before the second move is tried."""

    name = "xres"
    auto = True

    def run(self, state, frame):
        xchg = state["stack"][-2]
        if not frame["queue"]:
            Flow.pop(state)
            next_exchange(state, xchg)
            return
        role = frame["queue"].pop(0)
        pick = xchg["picks"][role]
        if pick["move"] == "pass":
            xchg["passed"].append(role)
            log(state, "pass", role=role)
            return
        possible = {c.arg for c in move_choices(state, xchg, role)}
        if pick["move"] in possible:
            make(state, xchg, role, pick["move"])
        elif pick["fb"] in possible:
            log(state, "fallback", role=role)
            make(state, xchg, role, pick["fb"])
        else:
            log(state, "no_move", role=role)


def next_exchange(state: dict, frame: dict) -> None:
    """Open the next exchange (a fresh sealed number while both still move), or end
    the movement step once both have passed."""
    frame["picks"] = {r: None for r in frame["order"]}
    if not movers(frame):
        Flow.pop(state)
        return
    frame["n"] += 1
    frame["sid"] = next_sealed(state) if sealed(frame) else None


def exchange_view(frame: dict, role: str | None) -> dict:
    """Who still moves and who is in; the pending pick only for its own player."""
    mine = frame["picks"].get(role) if role else None
    return {"n": frame["n"], "sealed": sealed(frame), "movers": movers(frame),
            "in": [r for r in frame["order"] if (frame["picks"][r] or {}).get("in")],
            "mine": {"move": mine["move"], "fallback": mine["fb"]} if mine else None}


def rehide(state: dict, frame: dict, viewer: str | None, permute) -> None:
    """Testing hook: others' pending picks are replaced by other possible ones."""
    for role, pick in frame["picks"].items():
        if role == viewer or pick is None:
            continue
        moves = [c.arg for c in move_choices(state, frame, role)] + [pick["move"]]
        pick["move"] = permute(moves + (["pass"] if pick["in"] else []))[0]
        pick["fb"] = permute([None] + moves)[0] if pick["in"] and pick["move"] != "pass" else None


STEPS = (Exchange(), Resolve())
