"""Reusable steps added for the Early War events (cards 4-35, 103-106).

Every step keeps only JSON in its frame; the card code it continues with is
named by ``fn``, a key of ``HANDLERS`` (filled with `handler`):

- `then`: an automatic continuation, run once the frames above it are done
  (e.g. Blockade looks whether the US discarded; De-Stalinization places as
  much as it removed).
- `pick_countries`: choose up to N different countries one at a time, each
  handled at once (Truman Doctrine, East European Unrest, Warsaw Pact...).
- `choose_option`: one of a few named options (Olympic Games, Warsaw Pact).
- `choose_card`: a card of one's own hand (UN Intervention).
- `reveal`: shows cards in the prompt of one player only (CIA Created); the
  cards never go into the log or the public view.
- `place_some`/`remove_some`: `steps.place`/`steps.remove` that are only
  pushed when there is something to do (a frame without choices would stall).
"""
from __future__ import annotations

from typing import Callable

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from ..board import add_influence, log
from ..data import CARD_NAME, CARDS, NAME
from . import steps
from ..ops import among, require

HANDLERS: dict[str, Callable] = {}
PICK = {c: Choice("pick", c, NAME[c], "countries") for c in range(1, 85)}
CARD = {n: Choice("card", n, CARD_NAME[n], "hand") for n in CARDS}
OK = Choice("ok", None, "Continue", "done")


def handler(name: str):
    """Register the function a frame names in ``fn``."""
    def wrap(fn):
        HANDLERS[name] = fn
        return fn
    return wrap


def then(state: dict, fn: str, **data) -> None:
    Flow.push(state, "event_then", fn=fn, **data)


def pick_countries(state: dict, role: str, n: int, countries, fn: str,
                   optional: bool = False, **data) -> None:
    countries = sorted(countries)
    if n > 0 and countries:
        Flow.push(state, "pick_countries", role=role, left=n, countries=countries, fn=fn,
                  optional=optional, **data)
    else:
        log(state, "no_target", role=role, card=data.get("card"))


def choose_option(state: dict, role: str, options: list, fn: str, **data) -> None:
    Flow.push(state, "choose_option", role=role, options=list(options), fn=fn, **data)


def choose_card(state: dict, role: str, cards, fn: str, **data) -> None:
    Flow.push(state, "choose_card", role=role, cards=sorted(cards), fn=fn, **data)


def reveal(state: dict, role: str, owner: str, cards) -> None:
    """Show ``owner``'s ``cards`` to ``role`` only, in a prompt to acknowledge."""
    Flow.push(state, "reveal", role=role, owner=owner, cards=sorted(cards))


def place_some(state: dict, role: str, n: int, countries, max_per: int | None = None,
               optional: bool = False) -> None:
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
    name = "event_then"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame)


class PickCountries(Step):
    name = "pick_countries"

    def prompt(self, state, frame, role):
        extra = (steps.DONE,) if frame["optional"] else ()
        return Prompt(f"Choose a country ({frame['left']} left)",
                      tuple(PICK[c] for c in frame["countries"]) + extra)

    def act(self, state, frame, role, action):
        if action.verb == "done":
            require(bool(frame["optional"]) and action.arg is None, action)
            Flow.pop(state)
            return
        require(action.verb == "pick" and among(action.arg, frame["countries"]), action)
        frame["countries"].remove(action.arg)
        frame["left"] -= 1
        if not frame["left"] or not frame["countries"]:
            Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class ChooseOption(Step):
    name = "choose_option"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: choose",
                      tuple(Choice("option", o, str(o).capitalize(), "options")
                            for o in frame["options"]))

    def act(self, state, frame, role, action):
        require(action.verb == "option" and among(action.arg, frame["options"]), action)
        Flow.pop(state)
        log(state, "option", role=role, card=frame["card"], option=action.arg)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class ChooseCard(Step):
    name = "choose_card"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: choose a card",
                      tuple(CARD[c] for c in frame["cards"]))

    def act(self, state, frame, role, action):
        require(action.verb == "card" and among(action.arg, frame["cards"]), action)
        Flow.pop(state)
        HANDLERS[frame["fn"]](state, frame, action.arg)


class Reveal(Step):
    name = "reveal"

    def prompt(self, state, frame, role):
        names = ", ".join(CARD_NAME[c] for c in frame["cards"]) or "no cards"
        return Prompt(f"The {frame['owner'].upper()} hand: {names}", (OK,))

    def act(self, state, frame, role, action):
        require(action.verb == "ok" and action.arg is None, action)
        Flow.pop(state)


STEPS = (Then(), PickCountries(), ChooseOption(), ChooseCard(), Reveal())
