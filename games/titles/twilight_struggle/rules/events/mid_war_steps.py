"""Reusable steps for the Mid War events (cards 36-81, 107-108).

The shared pieces (`then`, `pick` = `pick_countries`, `option`, `reveal`,
`place_some`, `remove_some`, `change`, and the one ``HANDLERS`` registry) come
from `early_war_steps`; this module adds:

- `select_cards`: toggle any number of listed cards, then confirm (Ask Not,
  Our Man in Tehran); the cards are shown only in the chooser's prompt.
- `take_card`: one public card or skip.
- `choose`: any list of choices (the trapped player's round).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from ..data import CARD_NAME, CARDS
from ..ops import among, require
from .early_war_steps import (HANDLERS, OK, change, choose_option, handler, pick_countries,  # noqa: F401
                              place_some, remove_some, reveal, then)

TOGGLE = {n: Choice("toggle", n, CARD_NAME[n], "cards") for n in CARDS}
TAKE = {n: Choice("take", n, CARD_NAME[n], "cards") for n in CARDS}
CONFIRM = Choice("confirm", None, "Confirm", "done")
SKIP = Choice("skip", None, "Skip", "done")
pick = pick_countries


def option(state: dict, role: str, card: int, options: list, fn: str, **data) -> None:
    choose_option(state, role, options, fn, card=card, **data)


def select_cards(state: dict, role: str, card: int, cards, fn: str, **data) -> None:
    Flow.push(state, "mid_select", role=role, card=card, cards=list(cards), chosen=[], fn=fn,
              **data)


def take_card(state: dict, role: str, card: int, cards, fn: str, **data) -> None:
    """Choose one of ``cards`` (public ones, e.g. the discard pile) or skip."""
    Flow.push(state, "mid_take", role=role, card=card, cards=sorted(cards), fn=fn, **data)


def choose(state: dict, role: str, text: str, choices: list, fn: str, **data) -> None:
    """Any prompt: ``choices`` are [verb, arg, label, group] lists (JSON); the
    handler gets the chosen `Action`."""
    Flow.push(state, "mid_choose", role=role, text=text, choices=choices, fn=fn, **data)


class Select(Step):
    """Any number of cards: toggle each, then confirm (hidden from the other player)."""

    name = "mid_select"

    def prompt(self, state, frame, role):
        chosen = len(frame["chosen"])
        return Prompt(f"{CARD_NAME[frame['card']]}: choose cards ({chosen} chosen)",
                      tuple(TOGGLE[c] for c in frame["cards"]) + (CONFIRM,))

    def act(self, state, frame, role, action):
        require(action.verb == "confirm" and action.arg is None
                or action.verb == "toggle" and among(action.arg, frame["cards"]), action)
        if action.verb == "toggle":
            chosen = frame["chosen"]
            chosen.remove(action.arg) if action.arg in chosen else chosen.append(action.arg)
            return
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, sorted(frame["chosen"]))


class Take(Step):
    name = "mid_take"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: take a card?",
                      tuple(TAKE[c] for c in frame["cards"]) + (SKIP,))

    def act(self, state, frame, role, action):
        require(action.verb == "skip" and action.arg is None
                or action.verb == "take" and among(action.arg, frame["cards"]), action)
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class Choose(Step):
    name = "mid_choose"

    def prompt(self, state, frame, role):
        return Prompt(frame["text"], tuple(Choice(*c) for c in frame["choices"]))

    def act(self, state, frame, role, action):
        require(any(Choice(*c).matches(action) for c in frame["choices"]), action)
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action)


STEPS = (Select(), Take(), Choose())
