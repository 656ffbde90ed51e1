"""Survivor abilities that look at or take hidden cards (B§7 abilities; WC§8:
"another player" means a player of your own colony). What a player sees is
kept in the turn frame (``seen``) and shown only to that player."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng, undo
from games.rules.core.flow import Flow, Step

from .board import C, log, side_of
from .turn_frame import current_turn

INFO_POWERS = {"peek_hand", "steal_random", "peek_deck", "peek_crises", "take_outsider"}


def info_ready(state: dict, role: str, at: str, kind: str) -> bool:
    if kind in ("peek_hand", "steal_random"):
        return mate_with_cards(state, role) is not None
    if kind in ("peek_deck", "take_outsider"):
        return at in state["loc"] and bool(state["loc"][at]["deck"])
    if kind == "peek_crises":
        return bool(state["cdeck"])
    return False


def mate_with_cards(state: dict, role: str) -> str | None:
    """The teammate holding the most cards (seat order on ties)."""
    side = side_of(state, role)
    if side == "w":
        return None
    mates = [r for r in state["col"][side]["seats"] if r != role and state["pl"][r]["hand"]]
    return max(mates, key=lambda r: len(state["pl"][r]["hand"])) if mates else None


def remember(state: dict, role: str, what: str, cards: list) -> None:
    current_turn(state).setdefault("seen", {}).setdefault(role, []).append({"what": what, "cards": cards})
    undo.checkpoint(state)


def use_info(state: dict, role: str, sid: int, at: str, kind: str) -> None:
    if kind in ("peek_hand", "steal_random"):
        mate = mate_with_cards(state, role)
        hand = state["pl"][mate]["hand"]
        card = hand[rng.randint(state, 0, len(hand) - 1)]
        if kind == "steal_random":  # Gray Beard: a random card from a teammate's hand
            hand.remove(card)
            state["pl"][role]["hand"].append(card)
            log(state, "steal", role=role, frm=mate)
        remember(state, role, f"hand of {mate}", [card])
    elif kind == "peek_deck":  # Sophie Robinson: the top card of her location's deck
        remember(state, role, f"top of {at}", [state["loc"][at]["deck"][-1]])
    elif kind == "peek_crises":  # Talia Jones: the next two crises, then their order
        remember(state, role, "next crises", list(reversed(state["cdeck"][-2:])))
        if len(state["cdeck"]) >= 2:
            Flow.push(state, "reorder", role=role)
    else:
        take_outsider(state, role, at)


class Reorder(Step):
    """Talia Jones puts the two crises back in the order she likes."""

    name = "reorder"

    def prompt(self, state, frame, role):
        return Prompt("Order of the next two crises", (
            Choice("order", "keep", "Leave them as they are", "crises"),
            Choice("order", "swap", "Swap them", "crises")), "")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.arg == "swap":
            deck = state["cdeck"]
            deck[-1], deck[-2] = deck[-2], deck[-1]
        log(state, "crises_ordered", role=role)

    def default(self, state, frame, role):
        return ("order", "keep")


STEPS = (Reorder(),)


def take_outsider(state: dict, role: str, at: str) -> None:
    """Gabriel Diaz: reveal up to 4 cards; take the first survivor (outsider) card; reshuffle the rest."""
    deck = state["loc"][at]["deck"]
    shown = [deck.pop() for _ in range(min(4, len(deck)))]
    log(state, "revealed", at=at, cards=shown)
    symbols = C(state).symbol
    taken = next((card for card in shown if symbols[card] == "survivor"), None)
    if taken is not None:
        shown.remove(taken)
        state["pl"][role]["hand"].append(taken)
    deck += shown
    rng.shuffle(state, deck)
