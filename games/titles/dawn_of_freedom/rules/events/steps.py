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
- `add` / `take_control`: a fixed number of SPs in one space, or as many as
  control needs ("takes control": own SPs - opponent SPs = stability).
- `choose`: one prompt, one click per choice (a space, a card or a named
  option; ``optional`` adds "decline"), answered by a continuation;
  `then`: run a continuation once the frames pushed above it are done, so
  a card's steps read in order (a later step sees the board the earlier one
  left). Continuations are registered by name with `@continuation` (state
  is JSON: frames name them, never hold functions).
- `trigger`: another card's event happens now (taken from the discard pile
  or a hand), then that card is discarded or removed by its own asterisk.
"""
from __future__ import annotations

from typing import Callable

from games.rules.core import Choice
from games.rules.core.flow import Flow, Step
from games.rules.core.prompts import counted

from ..board import add_sp, controls, log
from ..card_play import push_dispose, push_event
from ..data import CARD_NAME, CARDS, NAME, OTHER, SLOTS, STABILITY
from ..ops import check_targets, start_ops
from ..prompts import make

PLACE = {s: Choice("place", s, NAME[s], "spaces") for s in range(1, SLOTS)}
REMOVE = {s: Choice("remove", s, NAME[s], "spaces") for s in range(1, SLOTS)}
DISCARD = {n: Choice("discard", n, CARD_NAME[n], "hand") for n in CARDS}
DONE = Choice("done", None, "Done", "done")
DECLINE = Choice("decline", None, "Decline", "done")
# `choose` tables: one Choice per key, by kind; cards add their named options
SPACE = {s: Choice("space", s, NAME[s], "spaces") for s in range(1, SLOTS)}
CARD = {n: Choice("card", n, CARD_NAME[n], "cards") for n in CARDS}
OPTION: dict = {}
TABLES = {"space": SPACE, "card": CARD, "option": OPTION}
CONTINUATIONS: dict[str, Callable] = {}


def option(key: str, label: str) -> str:
    """Register a named option for `choose(kind="option")`."""
    OPTION[key] = Choice("option", key, label, "options")
    return key


def continuation(name: str):
    """Register ``fn(state, frame, arg)`` under ``name`` for `choose` / `then`."""
    def wrap(fn):
        CONTINUATIONS[name] = fn
        return fn
    return wrap


def persist(state: dict, card: int, role: str, until: str = "turn", key: str | None = None,
            **data) -> str:
    """A lasting effect under ``key`` (the card number unless given); returns the key."""
    key = key or str(card)
    state["effects"][key] = {"role": role, "until": until, **data}
    log(state, "effect", card=card, role=role, until=until)
    return key


def fresh_key(state: dict, card: int) -> str:
    """An effect key for a card whose effect may be in play twice (Prudence)."""
    key, n = str(card), 1
    while key in state["effects"]:
        n += 1
        key = f"{card}.{n}"
    return key


def place(state: dict, role: str, n: int, spaces, max_per: int | None = None,
          optional: bool = False) -> None:
    spaces = sorted(s for s in spaces if s not in state["gone"])
    if n > 0 and spaces:
        Flow.push(state, "event_place", role=role, left=n, spaces=spaces,
                  max_per=max_per, optional=optional, done={})


def remove(state: dict, role: str, target: str, n: int, spaces,
           max_per: int | None = None, optional: bool = False) -> None:
    sp = state["sp"][target]
    spaces = sorted(spaces)
    if n > 0 and any(sp[s] for s in spaces):
        Flow.push(state, "event_remove", role=role, target=target, left=n, spaces=spaces,
                  max_per=max_per, optional=optional, done={})


def add(state: dict, role: str, space: int, n: int) -> int:
    """Add (or with n < 0 remove) ``role``'s SPs in one space; logged."""
    change = add_sp(state, role, space, n)
    if change > 0:
        log(state, "sp_added", role=role, space=space, n=change)
    elif change < 0:
        log(state, "sp_removed", role=role, space=space, n=-change, why="event")
    return change


def take_control(state: dict, role: str, space: int) -> int:
    """Add own SPs until ``role`` controls ``space`` (nothing if it does)."""
    if controls(state, role, space):
        return 0
    need = state["sp"][OTHER[role]][space] + STABILITY[space] - state["sp"][role][space]
    return add(state, role, space, need)


def choose(state: dict, role: str, kind: str, keys, then: str, text: str,
           optional: bool = False, **data) -> bool:
    """Push one decision among ``keys``; `CONTINUATIONS[then](state, frame, arg)`
    gets the pick (None when declined). False (nothing pushed) if no keys."""
    keys = list(keys)
    if not keys:
        return False
    Flow.push(state, "event_choose", role=role, kind=kind, keys=keys, then=then, text=text,
              optional=optional, **data)
    return True


def then(state: dict, name: str, **data) -> None:
    """Run continuation ``name`` once the frames pushed after this one are done."""
    Flow.push(state, "event_then", then=name, **data)


def trigger(state: dict, card: int, owner: str, player: str, source: str) -> None:
    """``card`` (already out of the hand or pile it was in) has its event now;
    afterwards it is discarded, or removed by its asterisk (5.2)."""
    state["table"].append(card)
    push_event(state, card, owner, player, push_dispose(state, card), source)


def operations(state: dict, role: str, card: int | None, ops: int,
               kinds=("place", "check")) -> None:
    start_ops(state, role, card, ops, [], tuple(kinds))


def check_with(state: dict, role: str, ops: int, checks: int = 1, country: str | None = None,
               spaces=None) -> bool:
    """Voluntary support checks with ``ops`` (6.2, 6.4), optionally only in a
    country or among ``spaces``; False (nothing pushed) when no target exists."""
    within = sorted(spaces) if spaces is not None else None
    if not check_targets(state, role, country, within):
        return False
    Flow.push(state, "check", role=role, card=None, ops=ops, spent=0, bonus=[], left=checks,
              only=country, within=within)
    return True


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
        return make(f"Place {counted(frame['left'], 'SP', 'SPs')}", PLACE, self.choices(state, frame),
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
        cap, done = frame["max_per"], frame["done"]
        if cap is None:
            return [s for s in frame["spaces"] if sp[s]]
        return [s for s in frame["spaces"] if sp[s] and done.get(str(s), 0) < cap]

    def prompt(self, state, frame, role):
        return make(f"Remove {counted(frame['left'], 'SP', 'SPs')}", REMOVE, self.choices(state, frame),
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


class EventChoose(Step):
    """One decision of an event: a space, a card or an option (see `choose`)."""

    name = "event_choose"

    def prompt(self, state, frame, role):
        extra = (DECLINE,) if frame["optional"] else ()
        return make(frame["text"], TABLES[frame["kind"]], frame["keys"], "Waiting for the event",
                    extra)

    def act(self, state, frame, role, action):
        Flow.pop(state)
        CONTINUATIONS[frame["then"]](state, frame, None if action.verb == "decline" else action.arg)


class EventThen(Step):
    """Runs a continuation when it reaches the top of the stack."""

    name = "event_then"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        CONTINUATIONS[frame["then"]](state, frame, None)


STEPS = (EventPlace(), EventRemove(), EventDiscard(), EventChoose(), EventThen())
