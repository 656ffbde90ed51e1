"""Building 1989 test positions directly in the JSON state."""
from __future__ import annotations

from games.rules.core.testing import act, choices, force_rolls, new_game
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.rules.data import BY_KEY, SLOTS

ID = BY_KEY  # space key -> id
COM, DEM = "communist", "democrat"
FILLER = {COM: [1], DEM: [2]}  # any cards, never played in these tests


def after_setup(seed: int = 1, **options) -> dict:
    """A game whose set-up placements are done (first choice each time)."""
    state = new_game(RULES, seed, options=options)
    while state["stack"][-1]["step"] == "setup_place":
        role = state["active"][0]
        verb, arg = choices(RULES, state, role)[0]
        act(RULES, state, role, verb, arg)
    state["log"] = []
    return state


def clear_board(state: dict) -> dict:
    state["sp"] = {COM: [0] * SLOTS, DEM: [0] * SLOTS}
    return state


def put(state: dict, **where) -> dict:
    """put(state, krakow=(communist, democrat), ...) sets SPs exactly."""
    for key, (com, dem) in where.items():
        state["sp"][COM][ID[key]] = com
        state["sp"][DEM][ID[key]] = dem
    return state


def sp(state: dict, key: str) -> tuple:
    """(Communist, Democrat) SPs in ``key``."""
    return state["sp"][COM][ID[key]], state["sp"][DEM][ID[key]]


def action_round(state: dict, role: str, hand: list, turn: int = 1) -> dict:
    """Make ``role`` the phasing player of action round 1 holding exactly ``hand``."""
    other = DEM if role == COM else COM
    state["turn"] = turn
    state["hands"][role] = sorted(hand)
    state["hands"][other] = list(FILLER[other])
    state["taken"] = {role: 1, other: 0 if role == COM else 1}
    state["phasing"], state["ar"] = role, 1
    state["stack"] = [{"step": "turn", "phase": 2},
                      {"step": "rounds", "n": 1 if role == COM else 2, "next": other,
                       "last": role},
                      {"step": "action", "role": role}]
    state["active"] = [role]
    state["log"] = []
    return state


def ids(state: dict, role: str, verb: str | None = None) -> list:
    return [arg for v, arg in choices(RULES, state, role)
            if v != "undo" and (verb is None or v == verb)]


def do(state: dict, role: str, verb: str, arg=None) -> dict:
    return act(RULES, state, role, verb, arg)


def kinds(state: dict, kind: str) -> list:
    return [line for line in state["log"] if line["kind"] == kind]


def rolls(state: dict, *values: int) -> dict:
    return force_rolls(state, list(values))


def card_by_name(name: str) -> int:
    from games.titles.dawn_of_freedom.rules.data import CARD_NAME
    return next(n for n, text in CARD_NAME.items() if text == name)
