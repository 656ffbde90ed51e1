"""Setup (3.x, 13.0 option) and the turn sequence (4.5.1-4.5.7)."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, Result
from games.rules.core.ending import finish
from games.rules.core.flow import Flow, Phases, Step

from .board import add_sp, log
from .cards import add_period, deal, end_turn_effects, has_ability
from .data import COUNTRIES, COUNTRY_NAME, LAST_TURN, NAME, OTHER, SCORING, SETUP_SEQUENCE, SLOTS
from .ops import free_check
from .prompts import make
from .scoring import final_scoring
from .struggle import final_struggle_over, start_struggle

PLACE = {s: Choice("place", s, NAME[s], "spaces") for s in range(1, SLOTS)}
NYE = {c: Choice("struggle", c, COUNTRY_NAME[c], "countries") for c in COUNTRIES}
NO_NYE = Choice("no_struggle", None, "No final power struggle", "done")


# -- setup (3.4, 13.0) ------------------------------------------------------
class SetupPlace(Step):
    """3.4: one SP at a time, anywhere the opponent has no SP at that moment."""

    name = "setup_place"

    def prompt(self, state, frame, role):
        opp = state["sp"][OTHER[role]]
        return make(f"Place set-up support ({frame['left']} left)", PLACE,
                    [s for s in range(1, SLOTS) if not opp[s]], f"Waiting for the {role} set-up")

    def act(self, state, frame, role, action):
        add_sp(state, role, action.arg, 1)
        log(state, "setup_place", role=role, space=action.arg)
        frame["left"] -= 1
        if not frame["left"]:
            Flow.pop(state)


def push_setup(state: dict) -> None:
    """Frames run top first: 2/3/3/4/2 (3.4), then the side bid's SPs (13.0), then turn 1."""
    Flow.push(state, "turn", phase=0)
    bid = state["options"]["bid_sp"]
    if bid:
        Flow.push(state, "setup_place", role=state["options"]["bid_role"], left=bid)
    for role, n in reversed(SETUP_SEQUENCE):
        Flow.push(state, "setup_place", role=role, left=n)


# -- the turn (4.5) ---------------------------------------------------------
class Turn(Phases):
    """Runs the phases of 4.5 in order; nested frames run in between."""

    name = "turn"


def deal_cards(state: dict, frame: dict) -> None:
    """4.5.1: deal; then the TST box-5 owner may swap a card."""
    log(state, "turn", turn=state["turn"])
    state["taken"] = {"communist": 0, "democrat": 0}
    state["tst_tried"] = {"communist": False, "democrat": False}
    state["tst_used"] = {r: {"7": False, "8": False} for r in ("communist", "democrat")}
    deal(state)
    for role in ("democrat", "communist"):
        if has_ability(state, role, 5) and any(c not in SCORING for c in state["hands"][role]):
            Flow.push(state, "tst_swap", role=role)


def action_rounds(state: dict, frame: dict) -> None:
    Flow.push(state, "rounds", n=1, next="communist")


def extra_check(state: dict, frame: dict) -> None:
    """4.5.3: the TST box-6 owner's free support check as a 2-ops card."""
    for role in ("communist", "democrat"):
        if has_ability(state, role, 6):
            free_check(state, role, 2, "tst_box_6")


def held_cards(state: dict, frame: dict) -> None:
    """4.5.4 / 10.2: a held scoring card loses; both holding one is a draw."""
    stranded = [r for r in ("communist", "democrat")
                if any(c in SCORING for c in state["hands"][r])]
    if stranded:
        log(state, "scoring_card_held", roles=stranded)
        winners = [OTHER[stranded[0]]] if len(stranded) == 1 else []
        finish(state, Result(winners, "scoring_card_held", {"vp": state["vp"]}))


def new_years_eve(state: dict, frame: dict) -> None:
    """4.5.5 / 10.3: the game ends; the Democrat may first fight one final struggle."""
    if not any(e.get("new_years_eve") for e in state["effects"].values()):
        return
    log(state, "new_years_eve")
    Flow.push(state, "nye_end")
    held = [c for c in COUNTRIES if state["power"][c] == "communist"]
    if held:
        Flow.push(state, "nye_choice", role="democrat", countries=held)


def advance(state: dict, frame: dict) -> None:
    """4.5.6-4.5.7: effects of the turn end; Middle/Late Year cards; final scoring."""
    end_turn_effects(state)
    if state["turn"] >= LAST_TURN:
        final_scoring(state)
        return
    state["turn"] += 1
    if state["turn"] == 4:
        add_period(state, "middle")
    elif state["turn"] == 8:
        add_period(state, "late")
    frame["phase"] = 0


PHASES = [deal_cards, action_rounds, extra_check, held_cards, new_years_eve, advance]


class NyeChoice(Step):
    """10.3: a final struggle where the Communist still holds power, Democrat attacking."""

    name = "nye_choice"

    def prompt(self, state, frame, role):
        return make("New Year's Eve Party: a final power struggle?", NYE, frame["countries"],
                    "Waiting for the Democrat", (NO_NYE,))

    def act(self, state, frame, role, action):
        Flow.pop(state)
        if action.verb == "struggle":
            start_struggle(state, action.arg, "democrat", card=None, final=True)


class NyeEnd(Step):
    name = "nye_end"
    auto = True

    def run(self, state, frame):
        final_struggle_over(state)


STEPS = (SetupPlace(), Turn(PHASES), NyeChoice(), NyeEnd())
__all__ = ["STEPS", "push_setup", "Prompt"]
