"""Bite chains (B§9, WC§5.4, WC§7).

This module owns what happens once a survivor is bitten: it dies, and the
bite spreads to the lowest-influence survivor at the same place, whose
controller lets it die or rolls (the ``bite`` step). Movement, the turn's
part 3 (survivors laid aside as bitten) and the colony phase start chains here.
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng
from games.rules.core.flow import Flow, Step

from .board import C, at_place, has_passive, kill, log, lowest, place_of


def bite_now(state: dict, sid: int) -> None:
    """A survivor laid aside as bitten during simultaneous actions dies now."""
    if state["sv"][sid] is None:
        return
    place = place_of(state["sv"][sid]["at"])
    kill(state, sid, "bitten")
    start_bite(state, place)


def start_bite(state: dict, place: str, tried: list | None = None) -> None:
    tried = tried or []
    victims = [i for i in at_place(state, place) if i not in tried and not state["sv"][i]["bit"]
               and not has_passive(state, i, "bite_immune")]
    if victims:
        Flow.push(state, "bite", at=place, victim=lowest(state, victims), tried=tried)


class Bite(Step):
    """The bite spreads to the lowest-influence survivor there; its controller
    lets it die (the spread stops) or rolls (blank: it lives and the spread stops)."""

    name = "bite"

    def active(self, state, frame):
        return [state["sv"][frame["victim"]]["o"]]

    def prompt(self, state, frame, role):
        name = C(state).survivors[frame["victim"]]["name"]
        return Prompt(f"The bite spreads to {name}", (
            Choice("bite", "roll", "Roll the exposure die", "bite"),
            Choice("bite", "die", "Let the survivor die (the spread stops)", "bite")),
            "Waiting for a bite chain")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        victim = frame["victim"]
        if action.arg == "die":
            kill(state, victim, "bite")
            return
        face = C(state).exposure[rng.roll(state, 12) - 1]
        log(state, "bite_roll", survivor=victim, face=face)
        if face != "blank":
            kill(state, victim, "bite")
            start_bite(state, frame["at"], frame["tried"] + [victim])

    def default(self, state, frame, role):
        return ("bite", "roll")


STEPS = (Bite(),)
