"""Reusable pieces for card events, so that each card is a few lines.

- `persist`: a lasting effect with its end condition (7.3); effect keys read
  by the engine: ``ops``/``max`` (ops modifier of one player, 7.4),
  ``area_bonus``/``bonus``, ``blocks`` (card numbers whose events are
  prohibited), ``coup``/``coup_role``/``coup_area``, ``realign``,
  ``coup_no_defcon``, ``scoring_bg``, ``scoring_minus_bg``; ``until`` is
  ``"turn"``, ``"game"`` or ``"us_china"``.
- `place`/`remove`: event influence changes, one point per click, without
  the adjacency or cost rules of 6.1 (6.1.1 exception).
- `discard_at_least`: a forced discard of a card worth N or more ops (5.3);
  the discarded card's event never happens (5.4), the China Card is never
  eligible (9.5).
- `operations`: "play as if for operations" (7.4.3) - the normal rule-6 steps.
- `free_coup`: a coup that ignores DEFCON geography and gives no military
  ops but still degrades DEFCON in a battleground (6.3.5, 8.2.5).
- `war_milops`: a war card credits its event's side with the card's ops,
  whoever played it and whatever the roll (7.6, 8.2.3, 8.2.4).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from ..board import add_influence, add_milops, log, log_place
from ..cards import situation_ops
from ..data import CARD_NAME, CARDS, NAME
from ..ops import coup_choices, require, start_ops

PLACE = {c: Choice("place", c, NAME[c], "countries") for c in range(1, 86)}
REMOVE = {c: Choice("remove", c, NAME[c], "countries") for c in range(1, 86)}
DISCARD = {n: Choice("discard", n, CARD_NAME[n], "hand") for n in CARDS}
DONE = Choice("done", None, "Done", "done")


def persist(state: dict, card: int, role: str, until: str = "turn", **data) -> None:
    state["effects"][str(card)] = {"role": role, "until": until, **data}
    log(state, "effect", card=card, role=role, until=until)


def place(state: dict, role: str, n: int, countries, max_per: int | None = None,
          optional: bool = False) -> None:
    Flow.push(state, "event_place", role=role, left=n, countries=sorted(countries),
              max_per=max_per, optional=optional, done={})


def remove(state: dict, role: str, target: str, n: int, countries,
           max_per: int | None = None, optional: bool = False) -> None:
    Flow.push(state, "event_remove", role=role, target=target, left=n,
              countries=sorted(countries), max_per=max_per, optional=optional, done={})


def discard_at_least(state: dict, role: str, min_ops: int, optional: bool = False) -> bool:
    """Push the discard if the player has such a card; False when they have none."""
    frame = {"role": role, "min_ops": min_ops, "optional": optional}
    if not DiscardAtLeast().choices(state, frame):
        log(state, "no_discard", role=role, min_ops=min_ops)
        return False
    Flow.push(state, "discard_at_least", **frame)
    return True


def operations(state: dict, role: str, ops: int, kinds=("influence", "realign", "coup")) -> None:
    start_ops(state, role, None, ops, [], tuple(kinds))


def free_coup(state: dict, role: str, ops: int, area: str | None = None) -> None:
    frame = {"role": role, "card": None, "ops": ops, "spent": 0, "bonus": [], "free": True,
             "area": area}
    if coup_choices(state, frame):
        Flow.push(state, "coup", **frame)


def war_milops(state: dict, ctx: dict) -> None:
    add_milops(state, ctx["role"], situation_ops(state, ctx["role"], ctx["card"]))


def check_pick(step, state: dict, frame: dict, action, verb: str) -> None:
    """The pick is among ``step.choices`` now (`ok`: one pick checked, without
    building the list), or ``done`` where optional."""
    if action.verb == "done":
        require(bool(frame["optional"]) and action.arg is None, action)
    else:
        require(action.verb == verb and type(action.arg) is int
                and step.ok(state, frame, action.arg), action)


class EventPlace(Step):
    """Place event influence one point at a time (6.1.1 exception)."""

    name = "event_place"

    def ok(self, state, frame, c) -> bool:
        cap = frame["max_per"]
        return c in frame["countries"] and (cap is None or frame["done"].get(str(c), 0) < cap)

    def choices(self, state, frame):
        cap = frame["max_per"]
        return [c for c in frame["countries"] if cap is None or frame["done"].get(str(c), 0) < cap]

    def prompt(self, state, frame, role):
        extra = (DONE,) if frame["optional"] else ()
        return Prompt(f"Place {frame['left']} influence",
                      tuple(PLACE[c] for c in self.choices(state, frame)) + extra)

    def act(self, state, frame, role, action):
        check_pick(self, state, frame, action, "place")
        if action.verb == "place":
            add_influence(state, role, action.arg, 1)
            frame["done"][str(action.arg)] = frame["done"].get(str(action.arg), 0) + 1
            frame["left"] -= 1
            log_place(state, role, action.arg)
        if action.verb == "done" or not frame["left"] or not self.choices(state, frame):
            Flow.pop(state)


class EventRemove(EventPlace):
    """Remove influence of ``target`` one point at a time."""

    name = "event_remove"

    def ok(self, state, frame, c) -> bool:
        return super().ok(state, frame, c) and state["inf"][frame["target"]][c] > 0

    def choices(self, state, frame):
        inf = state["inf"][frame["target"]]
        return [c for c in super().choices(state, frame) if inf[c]]

    def prompt(self, state, frame, role):
        extra = (DONE,) if frame["optional"] else ()
        return Prompt(f"Remove {frame['left']} influence",
                      tuple(REMOVE[c] for c in self.choices(state, frame)) + extra)

    def act(self, state, frame, role, action):
        check_pick(self, state, frame, action, "remove")
        if action.verb == "remove":
            add_influence(state, frame["target"], action.arg, -1)
            frame["done"][str(action.arg)] = frame["done"].get(str(action.arg), 0) + 1
            frame["left"] -= 1
            log(state, "remove", role=frame["target"], country=action.arg)
        if action.verb == "done" or not frame["left"] or not self.choices(state, frame):
            Flow.pop(state)


class DiscardAtLeast(Step):
    """Discard a card worth at least N ops; its event does not happen (5.3, 5.4)."""

    name = "discard_at_least"

    def ok(self, state, frame, card) -> bool:
        return card in self.choices(state, frame)

    def choices(self, state, frame):
        role = frame["role"]
        return [c for c in state["hands"][role] if situation_ops(state, role, c) >= frame["min_ops"]]

    def prompt(self, state, frame, role):
        extra = (DONE,) if frame["optional"] else ()
        return Prompt(f"Discard a card of {frame['min_ops']}+ ops",
                      tuple(DISCARD[c] for c in self.choices(state, frame)) + extra)

    def act(self, state, frame, role, action):
        check_pick(self, state, frame, action, "discard")
        Flow.pop(state)
        if action.verb == "discard":
            state["hands"][role].remove(action.arg)
            state["discard"].append(action.arg)
            log(state, "discard", role=role, card=action.arg)


STEPS = (EventPlace(), EventRemove(), DiscardAtLeast())
