"""Reusable pieces for card events, so that each card is a few lines.

- `persist`: a lasting effect (7.2) in ``state["effects"]`` under the card
  number; keys the engine reads are listed in the README ("Events 7.x").
  ``board=True`` keeps the card beside the board until the effect ends.
- `place` / `remove`: fixed-number SP changes, one SP per click, without the
  adjacency or cost of 6.1 (7.4: only events naming the card's ops follow 6.x).
- `operations`: "use this card's ops" for placement and/or checks (7.4), the
  normal rule-6 steps with the ops value given (modifiers already applied
  by `cards.ops_value` when the card's own ops are meant).
- `check_with`: support checks with a given ops value (7.4, box 6).
- `discard`: a forced discard from hand; its event never happens (5.3).
"""
from __future__ import annotations

from games.rules.core import Choice
from games.rules.core.flow import Flow, Step

from ..board import add_sp, log
from ..data import CARD_NAME, CARDS, NAME, SLOTS
from ..ops import start_ops
from ..prompts import make

PLACE = {s: Choice("place", s, NAME[s], "spaces") for s in range(1, SLOTS)}
REMOVE = {s: Choice("remove", s, NAME[s], "spaces") for s in range(1, SLOTS)}
DISCARD = {n: Choice("discard", n, CARD_NAME[n], "hand") for n in CARDS}
DONE = Choice("done", None, "Done", "done")


def persist(state: dict, card: int, role: str, until: str = "turn", **data) -> None:
    state["effects"][str(card)] = {"role": role, "until": until, **data}
    log(state, "effect", card=card, role=role, until=until)


def place(state: dict, role: str, n: int, spaces, max_per: int | None = None,
          optional: bool = False) -> None:
    Flow.push(state, "event_place", role=role, left=n, spaces=sorted(spaces),
              max_per=max_per, optional=optional, done={})


def remove(state: dict, role: str, target: str, n: int, spaces,
           max_per: int | None = None, optional: bool = False) -> None:
    Flow.push(state, "event_remove", role=role, target=target, left=n, spaces=sorted(spaces),
              max_per=max_per, optional=optional, done={})


def operations(state: dict, role: str, card: int | None, ops: int,
               kinds=("place", "check")) -> None:
    start_ops(state, role, card, ops, [], tuple(kinds))


def check_with(state: dict, role: str, ops: int, checks: int = 1, country: str | None = None) -> None:
    Flow.push(state, "check", role=role, card=None, ops=ops, spent=0, bonus=[], left=checks,
              only=country)


def discard(state: dict, role: str, cards, optional: bool = False) -> bool:
    """Push a forced discard of one of ``cards`` from hand; False if none is held."""
    held = [c for c in state["hands"][role] if c in set(cards)]
    if not held:
        return False
    Flow.push(state, "event_discard", role=role, cards=held, optional=optional)
    return True


class EventPlace(Step):
    """Place event SPs one at a time (7.4: no adjacency, cost 1)."""

    name = "event_place"

    def choices(self, state, frame):
        cap = frame["max_per"]
        return [s for s in frame["spaces"] if cap is None or frame["done"].get(str(s), 0) < cap]

    def extra(self, frame):
        return (DONE,) if frame["optional"] else ()

    def prompt(self, state, frame, role):
        return make(f"Place {frame['left']} SPs", PLACE, self.choices(state, frame),
                    "Waiting for the event", self.extra(frame))

    def act(self, state, frame, role, action):
        if action.verb != "done":
            self.change(state, frame, action.arg)
            frame["done"][str(action.arg)] = frame["done"].get(str(action.arg), 0) + 1
            frame["left"] -= 1
        if action.verb == "done" or not frame["left"] or not self.choices(state, frame):
            Flow.pop(state)

    def change(self, state, frame, space):
        add_sp(state, frame["role"], space, 1)
        log(state, "place", role=frame["role"], space=space, cost=0)


class EventRemove(EventPlace):
    """Remove SPs of ``target`` one at a time."""

    name = "event_remove"

    def choices(self, state, frame):
        sp = state["sp"][frame["target"]]
        return [s for s in super().choices(state, frame) if sp[s]]

    def prompt(self, state, frame, role):
        return make(f"Remove {frame['left']} SPs", REMOVE, self.choices(state, frame),
                    "Waiting for the event", self.extra(frame))

    def change(self, state, frame, space):
        add_sp(state, frame["target"], space, -1)
        log(state, "sp_removed", role=frame["target"], space=space, n=1, why="event")


class EventDiscard(Step):
    """Discard a card from hand; its event does not happen (5.3)."""

    name = "event_discard"

    def prompt(self, state, frame, role):
        extra = (DONE,) if frame["optional"] else ()
        return make("Discard a card", DISCARD, frame["cards"], "Waiting for the discard", extra)

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.verb == "discard":
            state["hands"][role].remove(action.arg)
            state["discard"].append(action.arg)
            log(state, "discard", role=role, card=action.arg)


STEPS = (EventPlace(), EventRemove(), EventDiscard())
