"""The card event registry: which card numbers have an event, and whether it can happen.

``REGISTRY`` maps a card number to its event function; a card whose event is
not implemented yet is absent, and the engine never offers (or triggers) its
event. An event function is called as ``fn(state, ctx)`` with
``ctx = {"card": n, "role": side resolving it, "player": side who played it}``.
The ``events`` modules register with ``@event(n, requires=...)``:
``requires(state, role)`` is the prerequisite (7.5: if it fails the event does
not happen, the card is discarded even with an asterisk, and its ops can still
be used). The title's ``rules.py`` imports the ``events`` package, which fills
the table; the action round (``play.py``) and the turn only look it up here.
"""
from __future__ import annotations

from typing import Callable

from .board import original
from .cards import event_owner
from .ccw import CCW_BLOCKS
from .data import CHINA, OTHER, SIDE


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
