"""Action rounds (4.5 D) and playing a card (5.x, 6.0, 7.x, 9.x)."""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core.flow import Flow, Step

from .board import log, new_round, original
from .card_play import play_event, push_dispose, push_event
from .cards import dispose, event_owner, is_opponents, ops_bonuses, ops_value, usable_china
from .data import CARD_NAME, CARDS, CHINA, OTHER, SCORING, era_of_turn
from .data import OPS as OPS_PRINTED
from .registry import REGISTRY, can_happen, offer_event
from . import prompts
from .prompts import Table, make
from .ops import among, has_ability, require, space_attempt, space_ops_needed, start_ops

# choice codes: card * 4 + use (0 event, 1 ops, 2 space); 3 is pass
EVENT, OPS, SPACE, PASS = 0, 1, 2, 3
_CHOICES = {PASS: Choice("pass", None, "Pass", "pass")}
for _n in CARDS:
    _CHOICES[_n * 4 + EVENT] = Choice("event", _n, CARD_NAME[_n], "event")
    _CHOICES[_n * 4 + OPS] = Choice("ops", _n, CARD_NAME[_n], "ops")
    _CHOICES[_n * 4 + SPACE] = Choice("space", _n, CARD_NAME[_n], "space")
CHOICES = Table("play.cards", _CHOICES)
TITLES = {n: f"Action round {n}: play a card" for n in range(9)}
WAITING = {r: f"Waiting for the {r.upper()} action round" for r in ("ussr", "us")}
ORDER = (Choice("order", "event_first", "Event first", "order"),
         Choice("order", "ops_first", "Operations first", "order"))


# Hooks called as hook(state, role, card, use) when a card is played in an action
# round (use: "event", "ops" or "space"). Card issues append to this list.
PLAY_HOOKS: list = []
# hook(state, role) when ``role``'s action round is over (e.g. "We Will Bury You");
# it returns True when it pushed a frame (e.g. NORAD's placement), which then
# runs before the next action round starts.
ROUND_END_HOOKS: list = []
# hook(state, role, optional) -> True when it replaced ``role``'s action round.
ROUND_START_HOOKS: list = []
# hook(state, picks) once both headlines are revealed, before either resolves;
# it may cancel a pick by setting it to None (Defectors).
HEADLINE_HOOKS: list = []


def base_rounds(turn: int) -> int:
    return 6 if era_of_turn(turn) == "early" else 7


def extra_round(state: dict, role: str) -> bool:
    """Space Station (6.4.4) or a card effect gives an optional 8th round."""
    if has_ability(state, role, 8):
        return True
    return any(e.get("extra_round") == role for e in state["effects"].values())


def rounds_for(state: dict, role: str) -> int:
    return base_rounds(state["turn"]) + extra_round(state, role)


class Rounds(Step):
    """Alternate action rounds, USSR first (4.5 D); the 8th is optional."""

    name = "rounds"
    auto = True

    def run(self, state, frame):
        last = frame.pop("last", None)
        if last:  # the previous action round is over
            pushed = False
            for hook in ROUND_END_HOOKS:
                pushed = bool(hook(state, last)) or pushed
                if state["result"] is not None:
                    return
            if pushed:  # run the hooks' frames first ("last" is gone: no second call)
                return
        n, role = frame["n"], frame["next"]
        if n > 8 or (n > base_rounds(state["turn"]) and
                     not any(extra_round(state, r) for r in ("ussr", "us"))):
            Flow.pop(state)
            return
        frame["next"] = OTHER[role]
        if role == "us":
            frame["n"] += 1
        if n <= rounds_for(state, role):
            frame["last"] = role
            start_round(state, role, n, optional=n > base_rounds(state["turn"]))


def start_round(state: dict, role: str, n: int, optional: bool) -> None:
    state["phasing"] = role
    state["ar"] = n
    state["taken"][role] += 1
    new_round(state)
    if not state["hands"][role] and not usable_china(state, role):
        log(state, "pass", role=role, round=n)  # no cards: sit out (4.5 D)
        return
    for hook in ROUND_START_HOOKS:  # e.g. Quagmire replaces the round: True = handled
        if hook(state, role, optional):
            return
    Flow.push(state, "action", role=role, optional=optional)


def must_play_scoring(state: dict, role: str) -> bool:
    """Scoring cards may not be held (2.2.1): play one when rounds run short."""
    hand = state["hands"][role]
    if SCORING.isdisjoint(hand):
        return False
    held = sum(1 for c in hand if c in SCORING)
    left = rounds_for(state, role) - state["taken"][role] + 1
    return held > 0 and held >= left


def space_need(state: dict, role: str) -> int:
    """Ops a card needs for a space race attempt now (99 when none is allowed)."""
    return space_ops_needed(state, role) or 99


_ACTION_PROMPTS: dict = {}
_PLAIN = [-1, frozenset()]


def plain_events() -> frozenset:
    """Implemented non-scoring events: their offer depends on the state (5.2, 7.5)."""
    if _PLAIN[0] != REGISTRY.version:  # a value, not the size: same size, other cards
        _PLAIN[:] = [REGISTRY.version, frozenset(n for n in REGISTRY if n not in SCORING)]
    return _PLAIN[1]


def card_choices(state: dict, role: str, forced: bool, need: int,
                 only: int | None = None) -> list[int]:
    """Choice codes for the cards in hand (see CHOICES); ``need``: space race ops;
    ``only``: the one card the player must play (original Aldrich Ames Remix)."""
    if forced:
        return [c * 4 for c in state["hands"][role] if c in SCORING]  # event only
    out = []
    plain = not state["effects"] and not original(state)  # printed ops = ops value
    for card in state["hands"][role] if only is None else [only]:
        code = card * 4
        if card in SCORING:
            out.append(code)
            continue
        if offer_event(state, card, role):
            out.append(code)
        out.append(code + OPS)
        if (OPS_PRINTED[card] if plain else ops_value(state, role, card)) >= need:
            out.append(code + SPACE)
    if usable_china(state, role) and only is None:  # 9.5: never instead of a scoring card
        out.append(CHINA * 4 + OPS)
        if ops_value(state, role, CHINA) >= need:
            out.append(CHINA * 4 + SPACE)
    return out


class Action(Step):
    """The phasing player plays one card: event, operations or space race."""

    name = "action"

    def prompt(self, state, frame, role):
        hand = state["hands"][role]
        only = frame.get("only")
        forced = must_play_scoring(state, role) and only is None
        may_pass = (frame["optional"] or not hand) and not forced
        need = space_need(state, role)
        key = None
        if prompts.CACHING and only is None and not state["effects"] \
                and plain_events().isdisjoint(hand):
            # nothing but the hand, space box, China and round decides: share it
            key = (role, tuple(hand), need, usable_china(state, role), forced, may_pass,
                   state["ar"])
            prompt = _ACTION_PROMPTS.get(key)
            if prompt is not None:
                return prompt
        choices = card_choices(state, role, forced, need, only)
        if may_pass:
            choices.append(PASS)
        prompt = make(TITLES[state["ar"]], CHOICES, choices, WAITING[role])
        if key is not None:
            if len(_ACTION_PROMPTS) > 20_000:
                _ACTION_PROMPTS.clear()
            _ACTION_PROMPTS[key] = prompt
        return prompt

    def act(self, state, frame, role, action):
        require(playable(state, frame, role, action), action)
        Flow.pop(state)
        card = action.arg
        if action.verb == "pass":
            log(state, "pass", role=role, round=state["ar"])
            return
        if card != CHINA:
            state["hands"][role].remove(card)
        play_card(state, role, card, action.verb)


def playable(state: dict, frame: dict, role: str, action) -> bool:
    """The checks of `card_choices` for the one card played (re-checked by ``act``)."""
    hand, card, verb = state["hands"][role], action.arg, action.verb
    only = frame.get("only")
    forced = must_play_scoring(state, role) and only is None
    if verb == "pass":
        return card is None and (frame["optional"] or not hand) and not forced
    if verb not in ("event", "ops", "space") or type(card) is not int:
        return False
    if only is not None and card != only:
        return False
    if card == CHINA:
        return usable_china(state, role) and not forced and (
            verb == "ops" or (verb == "space" and ops_value(state, role, CHINA) >= space_need(state, role)))
    if card not in hand or (forced and card not in SCORING):
        return False
    if verb == "event":
        return card in SCORING or offer_event(state, card, role)
    if card in SCORING:
        return False
    return verb == "ops" or (verb == "space" and ops_value(state, role, card) >= space_need(state, role))


def play_card(state: dict, role: str, card: int, use: str) -> None:
    """Play ``card`` (already out of the hand) for ``use``: "event", "ops" or
    "space"; also a card an event lets a player play (Grain Sales, Missile Envy)."""
    log(state, "play", role=role, card=card, use=use)
    for hook in PLAY_HOOKS:  # e.g. Flower Power
        hook(state, role, card, use)
    if state["result"] is not None:
        return
    if use == "event":
        play_event(state, card, role)
    elif use == "space":
        space_attempt(state, role, card)
        dispose(state, card, role, False)  # 6.4.5: never the event
    else:
        play_ops(state, role, card)


def play_ops(state: dict, role: str, card: int) -> None:
    """Ops play; an opponent's event happens before or after, as chosen (5.2)."""
    at = push_dispose(state, card, role)
    if is_opponents(card, role) and can_happen(state, card, OTHER[role]):
        Flow.push(state, "order", role=role, card=card, at=at)
    else:
        start_ops(state, role, card, ops_value(state, role, card), ops_bonuses(state, role, card))


class Order(Step):
    """Choose whether the opponent's event comes before or after the ops (5.2)."""

    name = "order"

    def prompt(self, state, frame, role):
        return Prompt(f"{CARD_NAME[frame['card']]}: the opponent's event happens", ORDER)

    def act(self, state, frame, role, action):
        require(action.verb == "order" and among(action.arg, ("event_first", "ops_first")), action)
        Flow.pop(state)
        card = frame["card"]
        ops = ops_value(state, role, card)
        bonus = ops_bonuses(state, role, card)
        owner = event_owner(card, role)
        if action.arg == "event_first":
            start_ops(state, role, card, ops, bonus)
            push_event(state, card, owner, role, frame["at"])
        else:
            push_event(state, card, owner, role, frame["at"])
            start_ops(state, role, card, ops, bonus)


STEPS = (Rounds(), Action(), Order())
