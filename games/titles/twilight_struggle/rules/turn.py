"""Setup (3.x), the turn sequence A-I (4.5) and the headline phase (4.5 C)."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, Result, undo
from games.rules.core.ending import finish
from games.rules.core.flow import Flow, Phases, Step

from .board import (add_influence, add_vp, edition, improve_defcon, log, log_place, new_round,
                    original)
from .card_play import push_dispose, push_event
from .cards import add_era, deal, end_turn_effects, event_owner, printed_ops
from .data import (AREAS, CARD_NAME, CARDS, LAST_TURN, NAME, OTHER, SCORING,
                   SETUPS, SLOTS)
from .ops import among, has_ability, require
from .play import HEADLINE_HOOKS, PLAY_HOOKS
from .registry import REGISTRY, headline_allowed
from .scoring import final_scoring

PLACE = {c: Choice("place", c, NAME[c], "countries") for c in range(1, SLOTS)}
HEADLINE = {n: Choice("headline", n, CARD_NAME[n], "hand") for n in CARDS}
NO_HEADLINE = Choice("headline", None, "No headline (no card in hand can be headlined)",
                     "hand")
DISCARD = {n: Choice("discard", n, CARD_NAME[n], "hand") for n in CARDS}
KEEP = Choice("keep", None, "Keep the held card", "done")


# -- setup (3.2, 3.3, bid) -------------------------------------------------
class SetupPlace(Step):
    """Free setup influence, one point at a time, anywhere in ``countries``."""

    name = "setup_place"

    @staticmethod
    def countries(state, frame):
        if frame["countries"] is None:  # the bid: where the US already has influence
            return [c for c in range(1, SLOTS) if state["inf"]["us"][c]]
        return frame["countries"]

    def prompt(self, state, frame, role):
        return Prompt(f"Place setup influence ({frame['left']} left)",
                      tuple(PLACE[c] for c in self.countries(state, frame)),
                      f"Waiting for the {role.upper()} setup")

    def act(self, state, frame, role, action):
        require(among(action.arg, self.countries(state, frame)), action)
        add_influence(state, role, action.arg, 1)
        log_place(state, role, action.arg)
        frame["left"] -= 1
        if not frame["left"]:
            Flow.pop(state)


def push_setup(state: dict) -> None:
    """Frames run top first: USSR placement, US placement, US bid, then turn 1."""
    Flow.push(state, "turn", phase=0)
    bid = state["options"]["us_bid"]
    if bid:  # extra US influence where the US already has some
        Flow.push(state, "setup_place", role="us", left=bid, countries=None)
    for role in ("us", "ussr"):
        setup = SETUPS[edition(state)][role]
        area = setup["area"]
        Flow.push(state, "setup_place", role=role, left=setup["amount"],
                  countries=sorted(AREAS[area]))


# -- the turn (4.5) --------------------------------------------------------
class Turn(Phases):
    """Runs phases A-I in order; nested frames (headline, rounds) run in between."""

    name = "turn"


def begin_turn(state: dict, frame: dict) -> None:
    """A: improve DEFCON; new era cards (4.4); B: deal (4.3, 4.5 B)."""
    log(state, "turn", turn=state["turn"])
    improve_defcon(state, 1, "turn")
    if state["turn"] in (4, 8):
        add_era(state, "mid" if state["turn"] == 4 else "late")
    deal(state)
    state["space_tries"] = {"ussr": 0, "us": 0}
    state["taken"] = {"ussr": 0, "us": 0}


def headline(state: dict, frame: dict) -> None:
    Flow.push(state, "headline", picks={}, shown=None)


def action_rounds(state: dict, frame: dict) -> None:
    Flow.push(state, "rounds", n=1, next="ussr")


def military_ops(state: dict, frame: dict) -> None:
    """E: each side short of DEFCON gives the opponent the difference (8.2.1)."""
    short = {r: max(0, state["defcon"] - state["milops"][r]) for r in ("ussr", "us")}
    log(state, "milops", milops=dict(state["milops"]), defcon=state["defcon"], short=short)
    state["milops"] = {"ussr": 0, "us": 0}
    add_vp(state, short["ussr"] - short["us"], "milops")
    if state["result"] is not None:
        return
    for role in ("us", "ussr"):  # Eagle/Bear Has Landed (6.4.4)
        held = [c for c in state["hands"][role] if c not in SCORING]
        if has_ability(state, role, 6) and held:
            Flow.push(state, "landed_discard", role=role)


def end_turn(state: dict, frame: dict) -> None:
    """F (held cards, 11.1), G (China Card face up), H (turn marker), I (final)."""
    if state["options"]["tournament"]:
        undo.checkpoint(state)
        log(state, "held_cards", hands={r: list(state["hands"][r]) for r in ("ussr", "us")})
    stranded = [r for r in ("ussr", "us") if any(c in SCORING for c in state["hands"][r])]
    if stranded:  # 11.1.2: a held scoring card is an accidental nuclear war
        log(state, "scoring_card_held", roles=stranded)
        winners = [OTHER[stranded[0]]] if len(stranded) == 1 else []
        finish(state, Result(winners, "scoring_card_held", {"vp": state["vp"]}))
        return
    if state["china"]["holder"]:
        state["china"]["up"] = True
    end_turn_effects(state)
    if state["turn"] >= LAST_TURN:
        final_scoring(state)
        return
    state["turn"] += 1
    frame["phase"] = 0


PHASES = [begin_turn, headline, action_rounds, military_ops, end_turn]


class LandedDiscard(Step):
    """Eagle/Bear Has Landed: may discard the held card at turn end (6.4.4)."""

    name = "landed_discard"

    def prompt(self, state, frame, role):
        held = [c for c in state["hands"][role] if c not in SCORING]
        return Prompt("Discard a held card?", tuple(DISCARD[c] for c in held) + (KEEP,))

    def act(self, state, frame, role, action):
        require(action.verb == "keep" and action.arg is None
                or action.verb == "discard" and among(action.arg, state["hands"][role])
                and action.arg not in SCORING, action)
        Flow.pop(state)
        if action.verb == "discard":
            state["hands"][role].remove(action.arg)
            state["discard"].append(action.arg)
            log(state, "discard", role=role, card=action.arg, why="landed")


# -- headline (4.5 C) ------------------------------------------------------
def earth_orbit(state: dict) -> str | None:
    """The side with Man in Earth Orbit sees the other headline first (6.4.4)."""
    for role in ("ussr", "us"):
        if has_ability(state, role, 4):
            return role
    return None


class Headline(Step):
    """Both pick at once and in secret; the China Card is not allowed."""

    name = "headline"

    def active(self, state, frame):
        first = earth_orbit(state)
        if first and OTHER[first] not in frame["picks"]:
            return [OTHER[first]]
        return [r for r in ("ussr", "us") if r not in frame["picks"]]

    def prompt(self, state, frame, role):
        cards = headline_cards(state, role)
        choices = tuple(HEADLINE[c] for c in cards) if cards else (NO_HEADLINE,)
        return Prompt("Choose your headline card", choices,
                      "Waiting for the other headline")

    def act(self, state, frame, role, action):
        card = action.arg
        cards = headline_cards(state, role)
        require(among(card, cards) if cards else card is None, action)
        if card is not None:
            state["hands"][role].remove(card)
        frame["picks"][role] = card
        if len(frame["picks"]) == 2:
            Flow.pop(state)
            Flow.push(state, "headline_reveal", picks=frame["picks"])
        elif earth_orbit(state):  # the first pick is shown to the orbiting side
            undo.checkpoint(state)
            frame["shown"] = role
            log(state, "headline_shown", role=role, card=card)


def headline_cards(state: dict, role: str) -> list[int]:
    """4.5 C: each player must headline a card. Not UN Intervention (Deluxe card
    text), never a Missile Envy owed for operations; ``None`` ("no headline")
    only when no card in hand can be headlined at all."""
    owed = owed_for_ops(state, role) if state["effects"] else ()
    orig = original(state)
    return [c for c in state["hands"][role] if c in REGISTRY and c not in owed
            and (REGISTRY[c].headline or (orig and headline_allowed(state, c)))]


def owed_for_ops(state: dict, role: str) -> list[int]:
    """Cards an effect makes ``role`` play for operations next (``forced_ops``)."""
    return [e["forced_ops"] for e in state["effects"].values()
            if e.get("forced_ops") and e["role"] == role and e["forced_ops"] in state["hands"][role]]


class HeadlineReveal(Step):
    """Reveal both; higher ops first, scoring cards 0, ties to the US."""

    name = "headline_reveal"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        undo.checkpoint(state)
        picks = frame["picks"]
        log(state, "headline", picks=dict(picks))
        for hook in HEADLINE_HOOKS:  # e.g. Defectors cancels the USSR headline
            hook(state, picks)
        order = sorted((r for r in ("us", "ussr") if picks[r] is not None),
                       key=lambda r: -headline_value(state, picks[r]))  # stable: US first on ties
        for role in reversed(order):
            Flow.push(state, "headline_event", role=role, card=picks[role])


def headline_value(state: dict, card: int) -> int:
    return 0 if card in SCORING else printed_ops(state, card)


class HeadlineEvent(Step):
    """The headliner is the phasing player for DEFCON (4.5 C note, 8.1.3). In the
    original rules (seed 004, 4.5 C note) the side whose event it is carries it
    out "and becomes the Active Player while doing so"."""

    name = "headline_event"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        role, card = frame["role"], frame["card"]
        state["phasing"] = event_owner(card, role) if original(state) else role
        new_round(state)
        for hook in PLAY_HOOKS:  # a headline is a play for the event (e.g. Flower Power)
            hook(state, role, card, "headline")
        if state["result"] is not None:
            return
        at = push_dispose(state, card, role)
        push_event(state, card, event_owner(card, role), role, at)


STEPS = (SetupPlace(), Turn(PHASES), LandedDiscard(), Headline(), HeadlineReveal(), HeadlineEvent())
