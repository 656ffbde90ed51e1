"""Putting a played card's event and its disposal on the flow stack (5.2, 7.x).

A card played for its event, or an opponent's card played for operations,
pushes a "dispose" frame and an "event" frame; the ``events`` package's
``EventStep`` and ``DisposeStep`` run them. The action round and events that
make another card's event happen (from a hand or the discards) push them from here.
"""
from __future__ import annotations

from games.rules.core.flow import Flow

from .cards import event_owner
from .data import SCORING


def push_dispose(state: dict, card: int) -> int:
    Flow.push(state, "dispose", card=card, event=False)
    return len(state["stack"]) - 1


def push_event(state: dict, card: int, owner: str, player: str, at: int | None,
               source: str = "play") -> None:
    Flow.push(state, "event", card=card, role=owner, player=player, at=at, source=source)


def play_event(state: dict, card: int, player: str) -> None:
    """The card's disposal below, its event on top (so the event runs first).
    A scoring card is placed by its power struggle (8.4.4, 8.4.6)."""
    at = None if card in SCORING else push_dispose(state, card)
    push_event(state, card, event_owner(card, player), player, at)
