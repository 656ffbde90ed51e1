"""Action rounds (4.5.2) and playing a card (5.x, 6.0, 6.3, 7.x)."""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from .board import log
from .card_play import play_event, push_dispose, push_event
from .cards import dispose, event_owner, has_ability, is_opponents
from .data import CARD_NAME, CARDS, OTHER, ROUNDS, SCORING
from .ops import play_ops, tst_allowed, tst_attempt
from .prompts import make
from .refuge import check_capture
from .registry import REGISTRY, can_happen, offer_events

# choice codes: card * 8 + use
EVENT, OPS, TST, QUIET, BOTH = 0, 1, 2, 3, 4
USES = {EVENT: ("event", "event"), OPS: ("ops", "operations"), TST: ("tst", "tiananmen square"),
        QUIET: ("ops_no_event", "operations, no event (box 7)"),
        BOTH: ("both", "operations and event (box 8)")}
CHOICES = {}
for _n in CARDS:
    for _use, (_verb, _group) in USES.items():
        CHOICES[_n * 8 + _use] = Choice(_verb, _n, CARD_NAME[_n], _group)
TITLES = {n: f"Action round {n}: play a card" for n in range(10)}
WAITING = {r: f"Waiting for the {r} action round" for r in ("communist", "democrat")}
ORDER = (Choice("order", "event_first", "Event first", "order"),
         Choice("order", "ops_first", "Operations first", "order"))

# hook(state, role) -> True when it replaced ``role``'s action round (e.g. General Strike)
ROUND_START_HOOKS: list = []
# hook(state, role) once ``role``'s action round is over; a hook may push a
# decision (Stasi), which is answered before the next round starts
ROUND_END_HOOKS: list = []
# (effect keys, hook(state, role, codes) -> codes): narrow the cards (choice
# codes, see CHOICES) a player may play while one of the effects is in play (Stasi)
PLAY_FILTERS: list = []
# hook(state, role, card, use) whenever a card is played from hand (Common
# European Home: the opponent scores when it is used alone for operations)
PLAY_HOOKS: list = []


def rounds_for(state: dict, role: str) -> int:
    """7 each (4.1); an effect may give one more (Honecker: ``extra_round``)."""
    effects = state["effects"]
    if effects:
        for effect in effects.values():
            if effect.get("extra_round") == role:
                return ROUNDS + 1
    return ROUNDS


class Rounds(Step):
    """Alternate action rounds, Communist first (4.5.2)."""

    name = "rounds"
    auto = True

    def run(self, state, frame):
        last = frame.pop("last", None)
        if last:
            for hook in ROUND_END_HOOKS:
                hook(state, last)
            check_capture(state)
            if state["result"] is not None or state["stack"][-1] is not frame:
                return
        n, role = frame["n"], frame["next"]
        most = max(rounds_for(state, r) for r in ("communist", "democrat"))
        if n > most:
            Flow.pop(state)
            return
        frame["next"] = OTHER[role]
        if role == "democrat":
            frame["n"] += 1
        if n <= rounds_for(state, role):
            frame["last"] = role
            start_round(state, role, n)


def start_round(state: dict, role: str, n: int) -> None:
    state["phasing"], state["ar"] = role, n
    state["taken"][role] += 1
    if not state["hands"][role]:
        log(state, "forfeit", role=role, round=n)  # 4.5.2: no card, no action
        return
    for hook in ROUND_START_HOOKS:
        if hook(state, role):
            return
    Flow.push(state, "action", role=role)


def must_play_scoring(state: dict, role: str) -> bool:
    """Scoring cards cannot be held (4.5.4): only they are offered once the
    rounds left are no more than the scoring cards in hand."""
    held = sum(1 for c in state["hands"][role] if c in SCORING)
    if not held:
        return False
    return held >= rounds_for(state, role) - state["taken"][role] + 1


def card_codes(state: dict, role: str) -> list[int]:
    """Choice codes (see CHOICES) for ``role``'s hand now."""
    hand = state["hands"][role]
    if must_play_scoring(state, role):
        return [c * 8 for c in hand if c in SCORING]
    tst = tst_allowed(state, role)
    quiet = has_ability(state, role, 7) and not state["tst_used"][role]["7"]
    both = has_ability(state, role, 8) and not state["tst_used"][role]["8"]
    out = []
    events = offer_events(state, hand, role)
    for card in hand:
        code = card * 8
        if card in SCORING:
            out.append(code)
            continue
        event = card in events
        if event:
            out.append(code)
        out.append(code + OPS)
        if tst:
            out.append(code + TST)
        if quiet and is_opponents(card, role):
            out.append(code + QUIET)
        if both and event:
            out.append(code + BOTH)
    if PLAY_FILTERS and state["effects"]:
        for keys, hook in PLAY_FILTERS:
            if any(k in state["effects"] for k in keys):
                out = hook(state, role, out)
    return out


class Action(Step):
    """The phasing player plays one card (5.1); passing is not allowed."""

    name = "action"

    def prompt(self, state, frame, role):
        return make(TITLES[state["ar"]], CHOICES, card_codes(state, role), WAITING[role])

    def act(self, state, frame, role, action):
        Flow.pop(state)
        card = action.arg
        state["hands"][role].remove(card)
        state["table"].append(card)
        play_card(state, role, card, action.verb)


def play_card(state: dict, role: str, card: int, use: str) -> None:
    """Play ``card`` (already on the table) for ``use``."""
    log(state, "play", role=role, card=card, use=use)
    for hook in PLAY_HOOKS:
        hook(state, role, card, use)
    if state["result"] is not None:
        return
    if use == "event":
        play_event(state, card, role)
    elif use == "tst":
        tst_attempt(state, role, card)
        dispose(state, card, False)  # 6.3.6: never the event, always discarded
    elif use == "ops_no_event":
        state["tst_used"][role]["7"] = True
        push_dispose(state, card)
        play_ops(state, role, card)
    elif use == "both":
        state["tst_used"][role]["8"] = True
        Flow.push(state, "order", role=role, card=card, at=push_dispose(state, card))
    else:
        play_ops_card(state, role, card)


def play_ops_card(state: dict, role: str, card: int) -> None:
    """An opponent's event happens too, in the order the player picks (5.2)."""
    at = push_dispose(state, card)
    if not is_opponents(card, role):
        play_ops(state, role, card)
    elif card not in REGISTRY:
        log(state, "event_not_implemented", card=card, role=OTHER[role])
        play_ops(state, role, card)
    elif not can_happen(state, card, OTHER[role]):
        log(state, "event_blocked", card=card, role=OTHER[role])
        play_ops(state, role, card)
    else:
        Flow.push(state, "order", role=role, card=card, at=at)


class Order(Step):
    """5.2: the phasing player decides whether the event or the ops come first."""

    name = "order"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: the event happens", ORDER)

    def act(self, state, frame, role, action):
        Flow.pop(state)
        card = frame["card"]
        owner = event_owner(card, role)
        if action.arg == "event_first":  # frames run top first
            play_ops(state, role, card)
            push_event(state, card, owner, role, frame["at"])
        else:
            push_event(state, card, owner, role, frame["at"])
            play_ops(state, role, card)


STEPS = (Rounds(), Action(), Order())
