"""Putting a played card's event and its disposal on the flow stack (5.2, 7.x).

A card played for its event, or an opponent's card played for operations,
pushes a "dispose" frame and an "event" frame; the ``events`` package's
``EventStep`` and ``DisposeStep`` run them. The action round, the headline
phase and events that let a player play another card all push them from here.
"""
from __future__ import annotations

from games.rules.core.flow import Flow

from .cards import event_owner


def play_event(state: dict, card: int, player: str) -> None:
    """Push the card's disposal, then its event on top (so the event runs first)."""
    at = push_dispose(state, card, player)
    push_event(state, card, event_owner(card, player), player, at)


def push_dispose(state: dict, card: int, player: str) -> int:
    Flow.push(state, "dispose", card=card, role=player, event=False)
    return len(state["stack"]) - 1


def push_event(state: dict, card: int, owner: str, player: str, at: int | None) -> None:
    Flow.push(state, "event", card=card, role=owner, player=player, at=at)
