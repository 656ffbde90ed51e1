"""Romania special rules (7.6): The Crowd Turns Against Ceausescu waits for the
Romanian power struggle; The Tyrant is Gone waits for it too, then the
Ceausescus flee to a refuge space the Democrat picks (7.6.5).

``state["romania"]``: ``crowd`` (None, "pending": played and waiting for the
Romanian deal, "done": it has acted), ``tyrant`` (None, "pending",
"done"), ``refuge`` (the space of the helicopter marker, or None).
"""
from __future__ import annotations

from games.rules.core import Choice
from games.rules.core.flow import Flow, Step

from ..board import add_sp, gain_vp, log
from ..data import BY_KEY, COUNTRY_SPACES, NAME, SLOTS
from ..prompts import make
from ..refuge import check_capture
from ..registry import event
from ..struggle import AFTER_HOOKS, DEAL_HOOKS

TYRANT, CROWD = 97, 54
CLUJ = BY_KEY["cluj_napoca"]
CEAUSESCU_CARDS = (10, 41, 69, 101, 107)  # no effect once the tyrant has fled (7.6.4)
# fn(state, ps): the effect of The Crowd Turns at the Romanian deal (its event issue)
CROWD_EFFECT: list = []
REFUGE = {s: Choice("refuge", s, NAME[s], "spaces") for s in range(1, SLOTS)}


def crowd_at_deal(state: dict, ps: dict) -> None:
    """7.6.2: The Crowd Turns acts after the Romanian deal, before the raise."""
    rom = state["romania"]
    if ps["country"] == "romania" and rom["crowd"] == "pending":
        rom["crowd"] = "done"
        log(state, "crowd_turns_acts")
        for effect in CROWD_EFFECT:
            effect(state, ps)


def tyrant_after_struggle(state: dict, country: str) -> None:
    """7.6.3: a waiting Tyrant is Gone resolves after the Romanian struggle;
    the struggle may also have given the Democrat the refuge (7.6.5)."""
    rom = state["romania"]
    check_capture(state)
    if state["result"] is not None:
        return
    if country == "romania" and rom["tyrant"] == "pending" and rom["crowd"] == "done":
        resolve_tyrant(state)


DEAL_HOOKS.append(crowd_at_deal)
AFTER_HOOKS.append(tyrant_after_struggle)


def refuges(state: dict) -> list[int]:
    """Romanian spaces with no Democratic SP (and not eliminated)."""
    dem = state["sp"]["democrat"]
    return [s for s in COUNTRY_SPACES["romania"] if not dem[s] and s not in state["gone"]]


def resolve_tyrant(state: dict) -> None:
    """Card effect: up to 4 Communist SPs leave Cluj-Napoca; then the refuge (7.6.5)."""
    rom = state["romania"]
    rom["tyrant"] = "done"
    if TYRANT in state["board"]:
        state["board"].remove(TYRANT)
        state["removed"].append(TYRANT)
    state["effects"].pop(str(TYRANT), None)
    gone = -add_sp(state, "communist", CLUJ, -4)
    log(state, "tyrant_resolves", removed=gone)
    spaces = refuges(state)
    if not spaces:
        log(state, "tyrant_no_refuge")
        gain_vp(state, "democrat", 2, "tyrant")
        return
    Flow.push(state, "tyrant_refuge", role="democrat", spaces=spaces)


class Refuge(Step):
    """7.6.5: the Democrat places the helicopter marker."""

    name = "tyrant_refuge"

    def prompt(self, state, frame, role):
        return make("Where did the Ceausescus flee?", REFUGE, frame["spaces"],
                    "Waiting for the Democrat")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        state["romania"]["refuge"] = action.arg
        log(state, "tyrant_refuge", space=action.arg)
        check_capture(state)


@event(TYRANT)
def the_tyrant_is_gone(state: dict, ctx: dict) -> None:
    """Card 97 (7.6.3): resolves now if The Crowd Turns has acted, else waits
    beside the board for the Romanian struggle (its prerequisite is card 54)."""
    rom = state["romania"]
    if rom["crowd"] == "done":
        resolve_tyrant(state)
        return
    rom["tyrant"] = "pending"
    state["effects"][str(TYRANT)] = {"role": "democrat", "until": "romania", "board": True}
    log(state, "tyrant_waits")


STEPS = (Refuge(),)
