"""Strategy cards: the deck (4.3, 4.4), dealing (4.5.1), ops values (7.3)
and where a played card goes (2.2.4, 5.2)."""
from __future__ import annotations

from games.rules.core import rng, undo
from games.rules.core.keys import ordered_items
from games.rules.core.deck import draw_one  # (4.3) events and steps import it from here

from .board import log
from .data import ASTERISK, HAND, OPS, OTHER, PERIOD_CARDS, SCORING, SIDE


def has_ability(state: dict, role: str, box: int) -> bool:
    """6.3.5: the first to reach a TST box keeps its ability until the other arrives."""
    return state["tst"][role] >= box > state["tst"][OTHER[role]]


def add_period(state: dict, period: str) -> None:
    """Shuffle the Middle or Late Year cards into the draw deck, not the discards (4.4)."""
    state["deck"].extend(PERIOD_CARDS[period])
    rng.shuffle(state, state["deck"])
    log(state, "period_cards", period=period, deck=len(state["deck"]))


def hand_target(state: dict, role: str) -> int:
    """8 cards (4.5.1); an effect may change it for one deal (``hand_size``)."""
    for effect in state["effects"].values():
        if effect.get("hand_size") is not None and effect["role"] == role:
            return effect["hand_size"]
    return HAND


# hook(state) once a deal is over (an effect lasting one deal ends: Presidential Visit)
AFTER_DEAL: list = []
# hook(state) before a deal starts (a card set aside comes back: Samizdat)
BEFORE_DEAL: list = []


def deal(state: dict) -> None:
    """Alternate one card at a time, Communist first, up to the hand size (4.5.1)."""
    for hook in BEFORE_DEAL:
        hook(state)
    dealt = {"communist": 0, "democrat": 0}
    target = {r: hand_target(state, r) for r in dealt}
    hands = state["hands"]
    while any(len(hands[r]) < target[r] for r in dealt):
        for role in ("communist", "democrat"):
            if len(hands[role]) < target[role]:
                card = draw_one(state)
                if card is None:
                    return _dealt(state, dealt)
                hands[role].append(card)
                dealt[role] += 1
    _dealt(state, dealt)


def _dealt(state: dict, dealt: dict) -> None:
    state["hands"]["communist"].sort()
    state["hands"]["democrat"].sort()
    if dealt["communist"] or dealt["democrat"]:
        undo.checkpoint(state)  # each player now sees new cards
    log(state, "deal", counts=dealt)
    for hook in AFTER_DEAL:
        hook(state)


# -- ops values (7.3) -------------------------------------------------------
def ops_value(state: dict, role: str, card: int) -> int:
    """Printed ops with the player's modifiers; never below 1 (7.3.1-7.3.3).

    TST box 2 (a printed 1 counts as 2) comes before every event modifier
    (6.3.5, first edition)."""
    if card in SCORING:
        return 0
    ops = OPS[card]
    if ops == 1 and has_ability(state, role, 2):
        ops = 2
    return modified_ops(state, role, ops)


def modified_ops(state: dict, role: str, ops: int) -> int:
    """``ops`` plus every unconditional ``ops`` effect of ``role``, at least 1."""
    for effect in state["effects"].values():
        change = effect.get("ops")
        if change and effect["role"] == role and "country" not in effect:
            ops += change
    return max(1, ops)


def ops_bonuses(state: dict, role: str) -> list[list]:
    """[[country, n]]: extra ops kept only while every use is in that country (7.3)."""
    return [[e["country"], e["ops"]] for _key, e in ordered_items(state["effects"])
            if e.get("country") and e.get("ops") and e["role"] == role]


def event_owner(card: int, player: str) -> str:
    """Who carries out the event: the card's side, or the player for neutral cards."""
    side = SIDE[card]
    return player if side == "neutral" else side


def is_opponents(card: int, role: str) -> bool:
    return SIDE[card] == OTHER[role]


def dispose(state: dict, card: int, event_done: bool) -> None:
    """Removed after its event (asterisk), kept beside the board while its lasting
    effect is in play, or discarded (2.2.4, 5.2, 7.2)."""
    if card in state["table"]:
        state["table"].remove(card)
    if event_done and state["effects"].get(str(card), {}).get("board"):
        state["board"].append(card)
    elif event_done and card in ASTERISK:
        state["removed"].append(card)
        log(state, "removed", card=card)
    else:
        state["discard"].append(card)


def end_effect(state: dict, key: str) -> None:
    """A lasting effect ends; its card beside the board goes to the discards."""
    state["effects"].pop(key, None)
    log(state, "effect_ends", effect=key)
    if key.isdigit() and int(key) in state["board"]:
        state["board"].remove(int(key))
        state["discard"].append(int(key))


def end_turn_effects(state: dict) -> None:
    for key, effect in ordered_items(state["effects"]):  # not the dict's order: jsonb reorders keys
        if effect.get("until") == "turn":
            end_effect(state, key)
