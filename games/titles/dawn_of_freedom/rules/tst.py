"""Tiananmen Square Track boxes (6.3.5).

Lasting abilities (boxes 1, 2, 5, 6, 7, 8) are read where they apply with
`cards.has_ability` (first arrival, until the opponent arrives); the
immediate ones (3: Foreign News / People's Daily, 4: Hunger Strike /
Students Arrested) are awarded here, to the first arrival only.
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt, undo
from games.rules.core.flow import Flow, Step
from games.rules.core.prompts import counted

from .board import add_sp, log
from .cards import draw_one
from .data import CARD_NAME, CARDS, NAME, OTHER, SCORING, SLOTS
from .prompts import make

KEEP = {n: Choice("keep", n, CARD_NAME[n], "cards") for n in CARDS}
REMOVE = {s: Choice("remove", s, NAME[s], "spaces") for s in range(1, SLOTS)}
SWAP = {n: Choice("swap", n, CARD_NAME[n], "hand") for n in CARDS}
NO_SWAP = Choice("no_swap", None, "Keep the hand", "done")


def award(state: dict, role: str, box: int) -> None:
    if box == 3:
        drawn = [c for c in (draw_one(state) for _ in range(3)) if c is not None]
        if drawn:
            undo.checkpoint(state)
            Flow.push(state, "tst_news", role=role, drawn=drawn)
    elif box == 4:
        if any(state["sp"][OTHER[role]][1:]):
            Flow.push(state, "tst_remove", role=role, left=2)


class News(Step):
    """Box 3: keep one of three drawn cards, discard the others (scoring too)."""

    name = "tst_news"

    def prompt(self, state, frame, role):
        return make("Keep one card (the others are discarded)", KEEP, frame["drawn"],
                    "Waiting for the Tiananmen Square award")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        state["hands"][role].append(action.arg)
        state["hands"][role].sort()
        others = [c for c in frame["drawn"] if c != action.arg]
        state["discard"].extend(others)
        log(state, "tst_news", role=role, discarded=others)


class Remove(Step):
    """Box 4: remove two opponent SPs anywhere, one at a time."""

    name = "tst_remove"

    def prompt(self, state, frame, role):
        opp = state["sp"][OTHER[role]]
        return make(f"Remove {counted(frame['left'], 'opponent SP', 'opponent SPs')}", REMOVE,
                    [s for s in range(1, SLOTS) if opp[s]], "Waiting for the Tiananmen Square award")

    def act(self, state, frame, role, action):
        add_sp(state, OTHER[role], action.arg, -1)
        log(state, "sp_removed", role=OTHER[role], space=action.arg, n=1, why="tst")
        frame["left"] -= 1
        if not frame["left"] or not any(state["sp"][OTHER[role]][1:]):
            Flow.pop(state)


class Swap(Step):
    """Box 5: after the deal, discard one non-scoring card and draw another."""

    name = "tst_swap"

    def prompt(self, state, frame, role):
        cards = [c for c in state["hands"][role] if c not in SCORING]
        return make("Discard a card and draw a replacement?", SWAP, cards,
                    "Waiting for the Tiananmen Square award", (NO_SWAP,))

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.verb == "no_swap":
            return
        state["hands"][role].remove(action.arg)
        state["discard"].append(action.arg)
        card = draw_one(state)
        if card is not None:
            state["hands"][role].append(card)
            state["hands"][role].sort()
        undo.checkpoint(state)
        log(state, "tst_swap", role=role, card=action.arg)


STEPS = (News(), Remove(), Swap())
__all__ = ["award", "STEPS", "Prompt"]
