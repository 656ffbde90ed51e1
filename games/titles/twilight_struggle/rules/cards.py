"""Cards: the deck, dealing, ops values and where a played card goes."""
from __future__ import annotations

from games.rules.core import rng, undo
from games.rules.core.deck import draw_one  # (4.3) events and steps import it from here

from .board import log, original
from .data import (ASTERISK, CHINA, ERA_CARDS, OPS, OPTIONAL, OTHER, SCORING, SIDE,
                   UNDERLINE, era_of_turn)


def era_deck(state: dict, era: str) -> list[int]:
    cards = ERA_CARDS[era]
    if not state["options"]["optional_cards"]:
        cards = [c for c in cards if c not in OPTIONAL]
    return list(cards)


def add_era(state: dict, era: str) -> None:
    """Shuffle a new era into the draw deck, without the discards (4.4)."""
    state["deck"].extend(era_deck(state, era))
    rng.shuffle(state, state["deck"])
    log(state, "era", era=era, deck=len(state["deck"]))


def hand_target(turn: int) -> int:
    return 8 if era_of_turn(turn) == "early" else 9


def deal(state: dict) -> None:
    """Fill both hands (4.5 B); tournament play alternates from the USSR (11.1.3,
    a Deluxe rule: the original's tournament rules 11.1-11.3 have no deal order)."""
    target = hand_target(state["turn"])
    order = ["ussr", "us"]
    dealt = {"ussr": 0, "us": 0}
    if state["options"]["tournament"] and not original(state):
        while any(len(state["hands"][r]) < target for r in order):
            for role in order:
                if len(state["hands"][role]) < target and not _give(state, role, dealt):
                    return _dealt(state, dealt)
    else:
        for role in order:
            while len(state["hands"][role]) < target:
                if not _give(state, role, dealt):
                    return _dealt(state, dealt)
    _dealt(state, dealt)


def _give(state: dict, role: str, dealt: dict) -> bool:
    card = draw_one(state)
    if card is None:
        return False
    state["hands"][role].append(card)
    dealt[role] += 1
    return True


def _dealt(state: dict, dealt: dict) -> None:
    state["hands"]["ussr"].sort()
    state["hands"]["us"].sort()
    undo.checkpoint(state)  # each player now sees new cards
    log(state, "deal", counts=dealt)


# -- ops values (7.4) ------------------------------------------------------
def ops_value(state: dict, role: str, card: int) -> int:
    """Printed ops changed by the player's own modifiers (7.4, 7.4.1).

    Modifiers are cumulative and applied together, so the result never depends
    on the order effects came into play: printed ops plus every delta, then the
    cap of any raising modifier ("to a maximum of 4") and the floor of 1.
    """
    if card in SCORING:
        return 0
    return modified_ops(state, role, printed_ops(state, card))


ALDRICH_AMES, DEFECTORS = 98, 103


def printed_ops(state: dict, card: int) -> int:
    """The card's printed ops: the original Aldrich Ames Remix had 4 (reference
    card-effects.md 5.2; seed 004 has no card texts)."""
    if card == ALDRICH_AMES and original(state):
        return 4
    return OPS[card]


def situation_ops(state: dict, role: str, card: int) -> int:
    """A card's ops outside a play of the card itself: an event's own "ops of this
    card", a discard of N+ ops, a war's military ops, Missile Envy's comparison.
    Deluxe 7.4.2: the modified value, in all situations. The original has no
    7.4.2 (seed 004, 7.4: modifiers change the ops of the cards *played*): the
    printed value."""
    if original(state):
        return 0 if card in SCORING else printed_ops(state, card)
    return ops_value(state, role, card)


def granted_bonuses(state: dict, role: str, card: int) -> list[list]:
    """Area bonuses for ops an event grants: Deluxe 7.4.3 treats them as an ops
    play (Vietnam Revolts counts); the original has no 7.4.3, so none."""
    return [] if original(state) else ops_bonuses(state, role, card)


def removed_after_event(state: dict, card: int) -> bool:
    """2.2.4: an asterisk removes the card after its event. The original
    Defectors carried one (removed by the Deluxe errata)."""
    return card in ASTERISK or (card == DEFECTORS and original(state))


def modified_ops(state: dict, role: str, ops: int) -> int:
    """``ops`` (printed, or an event's fixed number) with the player's modifiers."""
    delta, cap = 0, None
    for effect in state["effects"].values():
        change = effect.get("ops")
        if change and effect["role"] == role:
            delta += change
            if change > 0 and "max" in effect:
                cap = effect["max"] if cap is None else min(cap, effect["max"])
    ops += delta
    if cap is not None:
        ops = min(ops, cap)
    return max(1, ops)


def ops_bonuses(state: dict, role: str, card: int) -> list[list]:
    """Extra ops kept only while every op of the play goes to one area (9.6, 7.4)."""
    bonuses = [["asia", 1]] if card == CHINA else []
    for effect in state["effects"].values():
        area = effect.get("area_bonus")
        if area and effect["role"] == role:
            bonuses.append([area, effect.get("bonus", 1)])
    return bonuses


def event_owner(card: int, player: str) -> str:
    """Who resolves the event: the card's side, or the player for neutral cards."""
    side = SIDE[card]
    return player if side == "neutral" else side


def is_opponents(card: int, role: str) -> bool:
    return SIDE[card] == OTHER[role]


def usable_china(state: dict, role: str) -> bool:
    china = state["china"]
    return china["holder"] == role and china["up"]


def pass_china(state: dict, role: str, face_up: bool = False) -> None:
    """After play the China Card goes to the opponent face down (9.3)."""
    state["china"] = {"holder": OTHER[role], "up": face_up}
    log(state, "china", to=OTHER[role], up=face_up)


def dispose(state: dict, card: int, role: str, event_done: bool) -> None:
    """Where a played card goes: removed, left in play, or discarded (2.2.4-2.2.6)."""
    if card == CHINA:
        pass_china(state, role)
        if role == "us":  # e.g. Formosan Resolution ends when the US plays China
            for key in [k for k, e in state["effects"].items() if e.get("until") == "us_china"]:
                end_effect(state, key)
    elif event_done and removed_after_event(state, card):
        state["removed"].append(card)
    elif event_done and card in UNDERLINE and str(card) in state["effects"]:
        state["board"].append(card)
    else:
        state["discard"].append(card)


def end_effect(state: dict, key: str) -> None:
    """An effect ends: an underlined card kept beside the board is discarded."""
    state["effects"].pop(key, None)
    if key.isdigit() and int(key) in state["board"]:
        state["board"].remove(int(key))
        state["discard"].append(int(key))


def end_turn_effects(state: dict) -> None:
    """Turn effects end; so does a card owed for operations (Missile Envy's
    ``forced_ops``) that has left its player's hand (e.g. Eagle/Bear Has Landed)."""
    for key, e in list(state["effects"].items()):
        owed = e.get("forced_ops")
        if e.get("until") == "turn" or (owed and owed not in state["hands"][e["role"]]):
            end_effect(state, key)
