"""Reusable steps for the Mid War events (cards 36-81, 107-108).

Frames keep only JSON; the card code a frame continues with is named by
``fn``, a key of ``HANDLERS`` (filled with `handler`). Step names start with
``mid_`` so they never clash with the Early War steps.

- `then`: an automatic continuation, run once the frames above it are done.
- `pick`: choose up to N different countries one at a time, each handled at once.
- `option`: one of a few named options (Summit's DEFCON, Junta's follow-up...).
- `select_cards`: toggle any number of listed cards, then confirm (Ask Not,
  Our Man in Tehran); the cards are shown only in the chooser's prompt.
- `choose`: any list of choices (the trapped player's round).
- `reveal`: shows cards in the prompt of one player only (Lone Gunman).
- `place_some`/`remove_some`: `steps.place`/`steps.remove` pushed only when
  there is something to do (a frame without choices would stall).
"""
from __future__ import annotations

from typing import Callable

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from ..board import add_influence, log
from ..data import CARD_NAME, CARDS, NAME
from . import steps

HANDLERS: dict[str, Callable] = {}
PICK = {c: Choice("pick", c, NAME[c], "countries") for c in range(1, 85)}
TOGGLE = {n: Choice("toggle", n, CARD_NAME[n], "cards") for n in CARDS}
TAKE = {n: Choice("take", n, CARD_NAME[n], "cards") for n in CARDS}
OK = Choice("ok", None, "Continue", "done")
CONFIRM = Choice("confirm", None, "Confirm", "done")
SKIP = Choice("skip", None, "Skip", "done")


def handler(name: str):
    def wrap(fn):
        HANDLERS[name] = fn
        return fn
    return wrap


def then(state: dict, fn: str, **data) -> None:
    Flow.push(state, "mid_then", fn=fn, **data)


def pick(state: dict, role: str, n: int, countries, fn: str, optional: bool = False,
         **data) -> None:
    countries = sorted(countries)
    if n > 0 and countries:
        Flow.push(state, "mid_pick", role=role, left=n, countries=countries, fn=fn,
                  optional=optional, **data)
    else:
        log(state, "no_target", role=role, card=data.get("card"))


def option(state: dict, role: str, card: int, options: list, fn: str, **data) -> None:
    Flow.push(state, "mid_option", role=role, card=card, options=list(options), fn=fn, **data)


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


def reveal(state: dict, role: str, owner: str, cards) -> None:
    Flow.push(state, "mid_reveal", role=role, owner=owner, cards=sorted(cards))


def place_some(state: dict, role: str, n: int, countries, max_per: int | None = None,
               optional: bool = False) -> None:
    countries = sorted(countries)
    if n > 0 and countries:
        steps.place(state, role, n, countries, max_per, optional)


def remove_some(state: dict, role: str, target: str, n: int, countries,
                max_per: int | None = None, optional: bool = False) -> None:
    countries = [c for c in countries if state["inf"][target][c]]
    if n > 0 and countries:
        steps.remove(state, role, target, n, countries, max_per, optional)


def change(state: dict, role: str, country: int, n: int) -> int:
    """An event's direct influence change, logged with its real amount."""
    done = add_influence(state, role, country, n)
    if done:
        log(state, "influence", role=role, country=country, delta=done)
    return done


class Then(Step):
    name = "mid_then"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame)


class Pick(Step):
    name = "mid_pick"

    def prompt(self, state, frame, role):
        extra = (steps.DONE,) if frame["optional"] else ()
        return Prompt(f"Choose a country ({frame['left']} left)",
                      tuple(PICK[c] for c in frame["countries"]) + extra)

    def act(self, state, frame, role, action):
        if action.verb == "done":
            Flow.pop(state)
            return
        frame["countries"].remove(action.arg)
        frame["left"] -= 1
        if not frame["left"] or not frame["countries"]:
            Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class Option(Step):
    name = "mid_option"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: choose",
                      tuple(Choice("option", o, str(o).capitalize(), "options")
                            for o in frame["options"]))

    def act(self, state, frame, role, action):
        Flow.pop(state)
        log(state, "option", role=role, card=frame["card"], option=action.arg)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class Select(Step):
    """Any number of cards: toggle each, then confirm (hidden from the other player)."""

    name = "mid_select"

    def prompt(self, state, frame, role):
        chosen = len(frame["chosen"])
        return Prompt(f"{CARD_NAME[frame['card']]}: choose cards ({chosen} chosen)",
                      tuple(TOGGLE[c] for c in frame["cards"]) + (CONFIRM,))

    def act(self, state, frame, role, action):
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
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class Choose(Step):
    name = "mid_choose"

    def prompt(self, state, frame, role):
        return Prompt(frame["text"], tuple(Choice(*c) for c in frame["choices"]))

    def act(self, state, frame, role, action):
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action)


class Reveal(Step):
    name = "mid_reveal"

    def prompt(self, state, frame, role):
        names = ", ".join(CARD_NAME[c] for c in frame["cards"]) or "no cards"
        return Prompt(f"The {frame['owner'].upper()} hand: {names}", (OK,))

    def act(self, state, frame, role, action):
        Flow.pop(state)


STEPS = (Then(), Pick(), Option(), Select(), Take(), Choose(), Reveal())
