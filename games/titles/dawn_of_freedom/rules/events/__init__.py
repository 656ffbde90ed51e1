"""The card events (7.x): the steps that resolve a played card, and every card's event.

Importing this package imports the event modules, which register each card's
event function in ``registry.REGISTRY`` with ``@event(n, requires=...)``
(see `registry` for the event context and when an event can happen).
``EventStep`` runs an "event" frame pushed by `card_play`: it calls the
function if the event can happen, else logs ``event_not_implemented`` or
``event_blocked``. ``DisposeStep`` then discards, removes or keeps the card.
"""
from __future__ import annotations

from games.rules.core.flow import Flow, Step

from ..board import log
from ..cards import dispose
from ..registry import REGISTRY, can_happen
from . import steps as _steps
from . import scoring_cards as _scoring_cards  # noqa: F401  (registers its events)
from . import romania as _romania
from . import early_year as _early_year  # noqa: F401
from . import early_year_steps as _early_year_steps
from . import middle_year as _middle_year  # noqa: F401
from . import middle_year_steps as _middle_year_steps
from . import late_year as _late_year  # noqa: F401
from . import late_year_steps as _late_year_steps


class EventStep(Step):
    """Carry out an event if it can happen (5.2, 7.5)."""

    name = "event"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        card, owner = frame["card"], frame["role"]
        if card not in REGISTRY:
            log(state, "event_not_implemented", card=card, role=owner)
            return
        if not can_happen(state, card, owner):
            log(state, "event_blocked", card=card, role=owner)
            return
        if frame["at"] is not None:
            state["stack"][frame["at"]]["event"] = True
        if card not in state["events_done"]:
            state["events_done"].append(card)
        log(state, "event", card=card, role=owner, player=frame["player"])
        REGISTRY[card](state, {"card": card, "role": owner, "player": frame["player"],
                               "from": frame.get("source", "play")})


class DisposeStep(Step):
    """Discard, remove or keep beside the board once the card's play is over."""

    name = "dispose"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        dispose(state, frame["card"], frame["event"])


STEPS = (EventStep(), DisposeStep()) + _steps.STEPS + _romania.STEPS + _early_year_steps.STEPS \
    + _middle_year_steps.STEPS + _late_year_steps.STEPS


def coverage_table(tests: dict | None = None) -> str:
    """The README's card table, generated from REGISTRY; ``tests`` (card -> test
    names, found by the test suite: ``tests/card_tests.py``) names the test
    that proves each card."""
    from ..data import CARDS
    tests = tests or {}
    lines = ["| # | card | period | ops | side | event | proven by |",
             "|---|---|---|---|---|---|---|"]
    for n, card in sorted(CARDS.items()):
        status = "implemented" if n in REGISTRY else "not implemented yet"
        ops = "-" if card["scoring"] else str(card["ops"])
        proof = ", ".join(f"`{t}`" for t in tests[n][:2]) if tests.get(n) else "-"
        lines.append(f"| {n} | {card['name']} | {card['period']} | {ops} | {card['side']} "
                     f"| {status} | {proof} |")
    done = sum(1 for n in CARDS if n in REGISTRY)
    lines.append("")
    lines.append(f"{done} of {len(CARDS)} card events implemented.")
    return "\n".join(lines) + "\n"
