"""The lasting parts of the Early Year events (cards 1-40), wired through the
framework's hooks (README "Events 7.x"): nothing here is called by the core
by card number.

- Solidarity Legalized (2): ``ops.FORBIDS`` (no Communist check in Gdansk).
- General Strike (5, 11.2): ``play.ROUND_START_HOOKS`` replaces each Communist
  action round by a discard and a roll (step ``general_strike``).
- The Wall (9), Tear Gas (30): ``ops.CHECK_MODIFIERS``, used up by one check.
- Stasi (13): ``play.ROUND_END_HOOKS`` (the Democrat names his next card)
  and ``play.PLAY_FILTERS`` (he must play it).
- Honecker (15): ``extra_round`` and ``play.ROUND_START_HOOKS`` (the 8th
  round may be declined).
- Roundtable Talks (17): ``struggle.DEAL_HOOKS``.
- Common European Home (21): ``play.PLAY_HOOKS`` (used alone for operations:
  the opponent scores 1 VP).
- Helsinki Final Act (26), Eco-Glasnost (39): ``ops.AFTER_CHECK``.
"""
from __future__ import annotations

from games.rules.core import Choice, rng
from games.rules.core.flow import Flow, Step

from .. import ops, play, struggle
from ..board import controls, gain_vp, log, neighbours
from ..cards import end_effect, ops_value
from ..data import BY_KEY, CARD_NAME, CARDS, COUNTRY, OTHER, ROUNDS, SCORING, TYPE
from ..prompts import make
from . import steps

SOLIDARITY, GENERAL_STRIKE, THE_WALL, STASI, HONECKER = 2, 5, 9, 13, 15
ROUNDTABLE, CEH, HELSINKI, TEAR_GAS, ECO_GLASNOST = 17, 21, 26, 30, 39
GDANSK, RUSE = BY_KEY["gdansk"], BY_KEY["ruse"]
STRIKE_ENDS_ABOVE = 5  # 11.2: die + the discarded card's ops must exceed 5


KEYS = {n: str(n) for n in range(1, 41)}


def live(state: dict, card: int) -> dict | None:
    effects = state["effects"]
    return effects.get(KEYS[card]) if effects else None


# -- Solidarity Legalized: the Solidarnosc marker --------------------------------
def solidarnosc(state: dict, role: str, space: int) -> bool:
    return role == "communist" and space == GDANSK


solidarnosc.spaces = frozenset({GDANSK})


ops.FORBIDS.append(("check", (str(SOLIDARITY),), solidarnosc))


# -- The Wall, Tear Gas: one check each ----------------------------------------
def the_wall(state: dict, role: str, space: int, mod: int) -> int:
    """The Communist's next check in East Germany ignores adjacent Democratic control."""
    if role != "communist" or COUNTRY[space] != "east_germany" or not live(state, THE_WALL):
        return mod
    end_effect(state, str(THE_WALL))
    return sum(1 for a in neighbours(state, space) if controls(state, role, a))


def tear_gas(state: dict, role: str, space: int, mod: int) -> int:
    """+1 to the Communist's next check against a Student space."""
    if role != "communist" or TYPE[space] != "student" or not live(state, TEAR_GAS):
        return mod
    end_effect(state, str(TEAR_GAS))
    return mod + 1


ops.CHECK_MODIFIERS.append(((str(THE_WALL),), the_wall))
ops.CHECK_MODIFIERS.append(((str(TEAR_GAS),), tear_gas))


# -- Helsinki Final Act, Eco-Glasnost: the Democrat scores for Communist checks --
def helsinki(state: dict, role: str, space: int, excess: int) -> None:
    if role == "communist" and TYPE[space] in ("student", "intellectual") and \
            state["result"] is None:
        gain_vp(state, "democrat", 1, "helsinki_final_act")


def eco_glasnost(state: dict, role: str, space: int, excess: int) -> None:
    if role == "communist" and space == RUSE and state["result"] is None:
        gain_vp(state, "democrat", 1, "eco_glasnost")


ops.AFTER_CHECK.append(((str(HELSINKI),), helsinki))
ops.AFTER_CHECK.append(((str(ECO_GLASNOST),), eco_glasnost))


# -- General Strike (11.2) ------------------------------------------------------
STRIKE_DISCARD = {n: Choice("discard", n, CARD_NAME[n], "hand") for n in CARDS}
STRIKE_SCORING = {n: Choice("event", n, CARD_NAME[n], "event") for n in SCORING}


def strike_round(state: dict, role: str) -> bool:
    """The Communist's action round becomes a discard and a roll."""
    if role != "communist" or not live(state, GENERAL_STRIKE):
        return False
    Flow.push(state, "general_strike", role=role)
    return True


class GeneralStrike(Step):
    """11.2: discard one card (its event does not happen) and roll; die + its
    ops above 5 ends the strike. A scoring card may be played instead."""

    name = "general_strike"

    def prompt(self, state, frame, role):
        hand = state["hands"][role]
        scoring = tuple(STRIKE_SCORING[c] for c in hand if c in SCORING)
        return make("General Strike: discard a card and roll", STRIKE_DISCARD,
                    [c for c in hand if c not in SCORING], "Waiting for the Communist", scoring)

    def act(self, state, frame, role, action):
        Flow.pop(state)
        card = action.arg
        state["hands"][role].remove(card)
        if action.verb == "event":  # a scoring card: no roll, the strike goes on
            state["table"].append(card)
            play.play_card(state, role, card, "event")
            return
        state["discard"].append(card)
        log(state, "discard", role=role, card=card)
        die = rng.roll(state)
        ops_ = ops_value(state, role, card)
        ended = die + ops_ > STRIKE_ENDS_ABOVE
        log(state, "strike_roll", role=role, card=card, roll=die, ops=ops_, ended=ended)
        if ended:
            end_effect(state, str(GENERAL_STRIKE))


# -- Honecker: the optional 8th action round ------------------------------------
TAKE_ROUND = steps.option("extra_round", "Take the extra action round")
SKIP_ROUND = steps.option("no_extra_round", "Do not take it")


def honecker_round(state: dict, role: str) -> bool:
    """Beyond the 7 rounds (4.1) the Honecker player decides whether to play."""
    effect = live(state, HONECKER)
    if not effect or effect.get("extra_round") != role or state["ar"] <= ROUNDS:
        return False
    steps.choose(state, role, "option", [TAKE_ROUND, SKIP_ROUND], "honecker_round",
                 "Honecker: an extra action round?")
    return True


@steps.continuation("honecker_round")
def _honecker_round(state: dict, frame: dict, pick) -> None:
    role = frame["role"]
    log(state, "extra_round", role=role, taken=pick == TAKE_ROUND)
    if pick == TAKE_ROUND and not strike_round(state, role):
        Flow.push(state, "action", role=role)


play.ROUND_START_HOOKS.append(honecker_round)
play.ROUND_START_HOOKS.append(strike_round)


# -- Stasi ------------------------------------------------------------------------
def stasi_name(state: dict, role: str) -> None:
    """After each Democratic action round, he names the card of his next one."""
    effect = live(state, STASI)
    if role != "democrat" or not effect:
        return
    effect["named"] = None
    if state["taken"][role] >= play.rounds_for(state, role) or not state["hands"][role]:
        return
    steps.choose(state, role, "card", sorted(state["hands"][role]), "stasi_named",
                 "Stasi: name the card of your next action round")


@steps.continuation("stasi_named")
def _stasi_named(state: dict, frame: dict, card) -> None:
    effect = live(state, STASI)
    if effect is not None:
        effect["named"] = card
        log(state, "stasi_named", role=frame["role"], card=card)


def stasi_filter(state: dict, role: str, codes: list) -> list:
    """Only the named card (Common European Home for operations only)."""
    named = (live(state, STASI) or {}).get("named")
    if role != "democrat" or named is None:
        return codes
    out = [c for c in codes if c // 8 == named]
    if named == CEH:
        out = [c for c in out if c % 8 not in (play.EVENT, play.BOTH)]
    return out or codes


play.ROUND_END_HOOKS.append(stasi_name)
play.PLAY_FILTERS.append(((str(STASI),), stasi_filter))


# -- Roundtable Talks -------------------------------------------------------------
def roundtable(state: dict, ps: dict) -> None:
    """Right after the deal the Democrat takes 2 random cards of the Communist's
    (only if he was dealt at least 2); the effect is used up either way."""
    if not live(state, ROUNDTABLE):
        return
    hand = ps["hands"]["communist"]
    taken = 0
    if len(hand) >= 2:
        for _ in range(2):
            ps["hands"]["democrat"].append(rng.draw(state, hand))
        ps["hands"]["democrat"].sort()
        taken = 2
    log(state, "roundtable_transfer", role="democrat", n=taken)
    end_effect(state, str(ROUNDTABLE))


struggle.DEAL_HOOKS.append(roundtable)


# -- Common European Home ------------------------------------------------------------
def common_european_home(state: dict, role: str, card: int, use: str) -> None:
    """Used alone for operations (placement, checks, TST): the opponent scores 1."""
    if card == CEH and use in ("ops", "tst"):
        gain_vp(state, OTHER[role], 1, "common_european_home")


play.PLAY_HOOKS.append(common_european_home)

STEPS = (GeneralStrike(),)
