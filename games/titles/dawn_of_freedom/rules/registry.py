"""The card event registry: which card numbers have an event, and whether it can happen.

``REGISTRY`` maps a card number to its event function ``fn(state, ctx)`` with
``ctx = {"card": n, "role": side carrying it out, "player": side who played
it, "from": "play" (played from hand) or where another event took it from
("discard", "hand")}``. A card absent from it has no event yet: it is never offered as an
event, and when it is the opponent's card played for operations the log says
``event_not_implemented`` (never a silent "no effect"). The ``events``
modules register with ``@event(n, requires=...)``; the title's ``rules.py``
imports the ``events`` package, which fills the table, and the action round
(``play.py``) only looks it up here.

Whether an event can happen (5.1, 7.5):
- its prerequisites (red titles, ``REQUIRES`` from the data) have happened;
- no event that forbids it has happened (``CANNOT_AFTER``, e.g. Modrow ends
  Honecker) and no lasting effect lists it in ``blocks``;
- the U.S.S.R. stability track has not passed its step (12.4, 12.5);
- the ``requires(state, role)`` of ``@event`` (a card's own condition).
A card whose event cannot happen keeps its asterisk: it is discarded (5.2).
"""
from __future__ import annotations

from typing import Callable

from .cards import event_owner
from .data import CANNOT_AFTER, GORBACHEV_CHARMS, MALTA_SUMMIT, OTHER, REQUIRES, SIDE

REGISTRY: dict[int, Callable] = {}
FORBIDDEN_AFTER = {}  # card -> the events whose happening forbids it
for _key, _cards in CANNOT_AFTER.items():
    for _c in _cards:
        FORBIDDEN_AFTER.setdefault(_c, []).append(_key)
USSR_BLOCKS = {GORBACHEV_CHARMS: 3, MALTA_SUMMIT: 4}  # 12.4, 12.5: track step that ends it
RULED = frozenset(REQUIRES) | frozenset(FORBIDDEN_AFTER) | frozenset(USSR_BLOCKS)


def event(number: int, requires: Callable | None = None):
    """Register ``fn`` as the event of card ``number``."""
    def wrap(fn):
        fn.card, fn.requires = number, requires
        REGISTRY[number] = fn
        return fn
    return wrap


def implemented(card: int) -> bool:
    return card in REGISTRY


def blocked(state: dict, card: int) -> bool:
    """Prerequisite missing or prohibited by an event or the U.S.S.R. track (7.5)."""
    if card in RULED and blocked_by_rule(state, card):
        return True
    for effect in state["effects"].values():
        if "blocks" in effect and card in effect["blocks"]:
            return True
    return False


def blocked_by_rule(state: dict, card: int) -> bool:
    """Prerequisites, events that forbid it, the U.S.S.R. track (cards in RULED)."""
    done = state["events_done"]
    if card in REQUIRES and any(c not in done for c in REQUIRES[card]):
        return True
    if card in FORBIDDEN_AFTER and any(c in done for c in FORBIDDEN_AFTER[card]):
        return True
    return card in USSR_BLOCKS and state["ussr"] >= USSR_BLOCKS[card]


def can_happen(state: dict, card: int, owner: str) -> bool:
    if card not in REGISTRY or blocked(state, card):
        return False
    requires = REGISTRY[card].requires
    return requires is None or requires(state, owner)


def offer_event(state: dict, card: int, player: str) -> bool:
    """May ``player`` play ``card`` for its event? Own or neutral only (7.1)."""
    if card not in REGISTRY or SIDE[card] == OTHER[player]:
        return False
    return can_happen(state, card, event_owner(card, player))


def offer_events(state: dict, cards, player: str) -> set:
    """The cards of ``cards`` that `offer_event` allows, in one pass (a hand
    is checked at every action prompt)."""
    other = OTHER[player]
    effects = state["effects"]
    blocks = [e["blocks"] for e in effects.values() if "blocks" in e] if effects else None
    out = set()
    for card in cards:
        fn = REGISTRY.get(card)
        if fn is None or SIDE[card] == other:
            continue
        if card in RULED and blocked_by_rule(state, card):
            continue
        if blocks and any(card in b for b in blocks):
            continue
        if fn.requires is None or fn.requires(state, event_owner(card, player)):
            out.add(card)
    return out
