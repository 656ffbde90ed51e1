"""The card events: the steps that resolve a played card, and every card's event.

Importing this package imports the event modules, which register each card's
event function in ``registry.REGISTRY`` with ``@event(n, requires=...)``
(see `registry`). ``EventStep`` runs an "event" frame pushed by `card_play`:
it calls ``fn(state, ctx)`` if the event can happen; the function changes the
state directly or pushes frames of the reusable steps in ``events.steps``
(placements, removals, forced discards, operations). ``DisposeStep`` then
discards, removes or keeps the card.
"""
from __future__ import annotations

from games.rules.core.flow import Flow, Step

from ..board import log
from ..cards import dispose
from ..data import CHINA
from ..registry import REGISTRY, can_happen
from . import steps as _steps
from . import scoring_cards as _scoring_cards  # noqa: F401  (registers its events)
from . import early_war as _early_war, early_war_steps as _early_war_steps  # noqa: F401
from . import mid_war as _mid_war, mid_war_steps as _mid_war_steps  # noqa: F401
from . import late_war as _late_war  # noqa: F401


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
