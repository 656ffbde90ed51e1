"""The card event framework.

``REGISTRY`` maps a card number to its event function; a card whose event is
not implemented yet is absent, and the engine never offers (or triggers) its
event. An event function is called as ``fn(state, ctx)`` with
``ctx = {"card": n, "role": side resolving it, "player": side who played it}``;
it changes the state directly or pushes frames of the reusable steps in
``events.steps`` (placements, removals, forced discards, operations).
Register with ``@event(n, requires=...)``: ``requires(state, role)`` is the
prerequisite (7.5: if it fails the event does not happen, the card is
discarded even with an asterisk, and its ops can still be used).
"""
from __future__ import annotations

from typing import Callable

from games.rules.core.flow import Flow, Step

from ..board import log, original
from ..cards import dispose, event_owner
from ..data import CHINA, OTHER, SIDE

class Registry(dict):
    """Card number -> event function, with a ``version`` bumped on every change
    (tests remove events with monkeypatch), so memos can key on a value."""

    version = 0

    def __setitem__(self, key, value):
        self.version += 1
        super().__setitem__(key, value)

    def __delitem__(self, key):
        self.version += 1
        super().__delitem__(key)


REGISTRY: Registry = Registry()

# 12.4: until the Chinese Civil War is resolved these events cannot happen.
CCW_BLOCKS = {(31, "ussr"), (58, "ussr"), (35, "us")}


def event(number: int, requires: Callable | None = None, headline: bool = True):
    """Register ``fn`` as the event of card ``number``."""
    def wrap(fn):
        fn.card, fn.requires, fn.headline = number, requires, headline
        REGISTRY[number] = fn
        return fn
    return wrap


def implemented(card: int) -> bool:
    """The China Card is registered for its rules (9.x) but has no event to play."""
    return card in REGISTRY and card != CHINA


UN_INTERVENTION = 32


def headline_allowed(state: dict, card: int) -> bool:
    """A card registered with ``headline=False`` (UN Intervention) may not be
    headlined; the original edition had no such ban (seed 004, 4.5 C: any card
    but the China Card)."""
    return REGISTRY[card].headline or (card == UN_INTERVENTION and original(state))


def blocked(state: dict, card: int, owner: str) -> bool:
    """Prohibited by an effect in play (e.g. Camp David) or by rule 12.4."""
    for effect in state["effects"].values():
        if card in effect.get("blocks", ()):
            return True
    return state["ccw"] == "open" and (card, owner) in CCW_BLOCKS


def holds_china(state: dict, role: str, card: int | None = None) -> bool:
    """Does ``role`` hold the China Card for an event's text? Under the Chinese
    Civil War variant the US counts as its holder for Nixon Plays the China Card
    (71) and Ussuri River Skirmish (76) until the war is resolved (12.4.1)."""
    if state["ccw"] == "open" and role == "us" and card in (71, 76):
        return True
    return state["china"]["holder"] == role


def korean_war_modifier(state: dict) -> int:
    """12.4.2: -1 more to the USSR roll of Korean War (11) before the CCW is resolved."""
    return -1 if state["ccw"] == "open" else 0


def can_happen(state: dict, card: int, owner: str) -> bool:
    if not implemented(card) or blocked(state, card, owner):
        return False
    requires = REGISTRY[card].requires
    return requires is None or requires(state, owner)


def offer_event(state: dict, card: int, player: str) -> bool:
    """May ``player`` play ``card`` for its event now? Never an opponent's (5.2)."""
    if card not in REGISTRY or SIDE[card] == OTHER[player]:
        return False
    return can_happen(state, card, event_owner(card, player))


def play_event(state: dict, card: int, player: str) -> None:
    """Push the card's disposal, then its event on top (so the event runs first)."""
    at = push_dispose(state, card, player)
    push_event(state, card, event_owner(card, player), player, at)


def push_dispose(state: dict, card: int, player: str) -> int:
    Flow.push(state, "dispose", card=card, role=player, event=False)
    return len(state["stack"]) - 1


def push_event(state: dict, card: int, owner: str, player: str, at: int | None) -> None:
    Flow.push(state, "event", card=card, role=owner, player=player, at=at)


class EventStep(Step):
    """Resolve an event if it can happen (5.2, 7.5)."""

    name = "event"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        card, owner = frame["card"], frame["role"]
        if not can_happen(state, card, owner):
            log(state, "event_blocked", card=card, role=owner)
            return
        if frame["at"] is not None:
            state["stack"][frame["at"]]["event"] = True
        log(state, "event", card=card, role=owner, player=frame["player"])
        REGISTRY[card](state, {"card": card, "role": owner, "player": frame["player"]})


class DisposeStep(Step):
    """Discard, remove or keep in play the card once its play is over."""

    name = "dispose"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        dispose(state, frame["card"], frame["role"], frame["event"])


from . import steps as _steps  # noqa: E402  (reusable steps need the names above)
from . import scoring_cards as _scoring_cards  # noqa: E402,F401
from . import early_war as _early_war, early_war_steps as _early_war_steps  # noqa: E402,F401
from . import mid_war as _mid_war, mid_war_steps as _mid_war_steps  # noqa: E402,F401
from . import late_war as _late_war  # noqa: E402,F401

STEPS = (EventStep(), DisposeStep()) + _steps.STEPS + _early_war_steps.STEPS + _mid_war_steps.STEPS


def coverage_table(tests: dict | None = None) -> str:
    """The README's card table, generated from REGISTRY; ``tests`` (card -> test
    names, found by the test suite) adds the test that proves each card."""
    from ..data import CARDS
    tests = tests or {}
    lines = ["| # | card | era | ops | side | event | proven by |", "|---|---|---|---|---|---|---|"]
    for n, card in sorted(CARDS.items()):
        status = "implemented" if n in REGISTRY else "NOT implemented"
        if n == CHINA:
            status = "implemented (rules 9.x; no event)"
        ops = "-" if card["scoring"] else card["ops"]
        proof = f"`{tests[n][0]}`" if tests.get(n) else "-"
        row = [str(n), card["name"], card["era"], str(ops), card["side"], status, proof]
        lines.append("| " + " | ".join(row) + " |")
    done = sum(1 for n in CARDS if n in REGISTRY)
    lines.append("")
    lines.append(f"{done} of {len(CARDS)} cards implemented.")
    return "\n".join(lines) + "\n"
