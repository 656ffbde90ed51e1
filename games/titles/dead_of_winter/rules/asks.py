"""Choices the rulebook gives a player in the middle of something else (issue 34).

This module owns the queue ``state["asks"]`` (filled by board.py through
``board.ask``) and the ``ask`` step that puts each queued choice to its player
as an ordinary sequential prompt with a deadline default:

- ``arm`` (WC§6.4, "적 공동체의 리더가 적합하다고 지정한 그들의 거주지에 있는
  생존자에게 즉시 장착"): the colony leader picks which of the colony's survivors
  inside equips the items of an enemy survivor who died at the colony;
- ``place`` (WC§13, "외로운 늑대 플레이어는 반드시 그 생존자를 그가 선택한 장소로"):
  the Lone Wolf picks the location a survivor of theirs goes to when the Den
  is full (sent home, a new survivor, a flight from combat);
- ``lead`` (B§10: a dead group leader is replaced by a follower of the
  player's choice): the player picks the new group leader.

The effect is applied at once with the engine's former policy (the
highest-influence survivor; the first location with room) and the player's
answer moves it, so nothing is ever in limbo: the default keeps it as it is.
A queued choice is asked when the input that caused it is done, before any
automatic step runs on (``push_next``, called by the title's flow), and is
dropped if it no longer means anything (the survivor died, the Lone Wolf left).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from .board import C, at_exact, influence, log, open_locations, owner_side, survivors_of

ARM_TEXT = "An enemy survivor died at your colony: choose who inside equips its items"
LEAD_TEXT = "Your group leader died: choose your new group leader"
WAIT_LEADER = "Waiting for a colony leader"
WAIT_LEAD = "Waiting for a new group leader"


def push_next(state: dict) -> bool:
    """Push the next queued choice that still means something; True if one was pushed."""
    queue = state.get("asks") or []
    while queue:
        frame = _frame(state, queue.pop(0))
        if frame is not None:
            state["stack"].append(frame)
            return True
    return False


def _frame(state: dict, data: dict) -> dict | None:
    kind, sv = data["kind"], state["sv"]
    if kind == "arm":
        holder, side = data["holder"], data["side"]
        if sv[holder] is None or sv[holder]["at"] != side:
            return None
        cards = [c for c in data["cards"] if c in sv[holder]["eq"]]
        inside = [i for i in at_exact(state, side) if owner_side(state, i) == side]
        if not cards or len(inside) < 2:
            return None
        return {"step": "ask", "kind": kind, "role": state["col"][side]["leader"], "side": side, "holder": holder,
                "cards": cards, "options": sorted(inside), "default": holder}
    if kind == "place":
        sid = data["sid"]
        if sv[sid] is None or state["den"] is None or state["den"]["out"] or sv[sid]["at"] not in state["loc"]:
            return None
        here = sv[sid]["at"]
        rooms = [here] + [loc for loc in open_locations(state) if loc != here]
        if len(rooms) < 2:
            return None
        return {"step": "ask", "kind": kind, "role": sv[sid]["o"], "sid": sid, "options": rooms, "default": here}
    role = data["role"]
    mine = survivors_of(state, role)
    if len(mine) < 2 or (state["pl"][role]["side"] == "w" and state["den"]["out"]):
        return None
    lead = state["pl"][role]["lead"]
    default = lead if lead in mine else max(mine, key=lambda i: (influence(state, i), -i))
    return {"step": "ask", "kind": kind, "role": role, "options": mine, "default": default}


class Ask(Step):
    """One queued choice (module docstring); the default keeps the engine's pick."""

    name = "ask"

    def prompt(self, state, frame, role):
        names = C(state).survivors
        kind = frame["kind"]
        if kind == "place":
            who = names[frame["sid"]]["name"]
            return Prompt(f"The Den is full: where does {who} go?", tuple(
                Choice("place", loc, loc, "places") for loc in frame["options"]),
                "Waiting for the Lone Wolf")
        text, wait = (ARM_TEXT, WAIT_LEADER) if kind == "arm" else (LEAD_TEXT, WAIT_LEAD)
        return Prompt(text, tuple(Choice(kind, sid, names[sid]["name"], "survivors") for sid in frame["options"]),
                      wait)

    def act(self, state, frame, role, action):
        Flow.pop(state)
        kind, sv = frame["kind"], state["sv"]
        if kind == "arm":
            holder, chosen = frame["holder"], action.arg
            if chosen != holder:
                sv[holder]["eq"] = [c for c in sv[holder]["eq"] if c not in frame["cards"]]
                sv[chosen]["eq"] += frame["cards"]
            log(state, "items_taken", side=frame["side"], survivor=chosen, n=len(frame["cards"]))
        elif kind == "place":
            s = sv[frame["sid"]]
            if action.arg != s["at"]:
                log(state, "bounce", survivor=frame["sid"], frm=s["at"], to=action.arg)
                s["at"] = action.arg
        else:
            state["pl"][role]["lead"] = action.arg

    def default(self, state, frame, role):
        return (frame["kind"], frame["default"])


STEPS = (Ask(),)
