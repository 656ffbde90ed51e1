"""Building test positions directly in the JSON state."""
from __future__ import annotations

from games.rules.core.testing import act, choices, new_game
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.data import BY_KEY, SLOTS

ID = BY_KEY  # country key -> id


def after_setup(seed: int = 1, **options) -> dict:
    """A game whose setup placements are done (first choice each time)."""
    state = new_game(RULES, seed, options=options)
    while state["stack"][-1]["step"] == "setup_place":
        role = state["active"][0]
        verb, arg = choices(RULES, state, role)[0]
        act(RULES, state, role, verb, arg)
    return state


def clear_board(state: dict) -> dict:
    state["inf"] = {"us": [0] * SLOTS, "ussr": [0] * SLOTS}
    return state


def put(state: dict, **where) -> dict:
    """put(state, turkey=(us, ussr), ...) sets influence exactly."""
    for key, (us, ussr) in where.items():
        state["inf"]["us"][ID[key]] = us
        state["inf"]["ussr"][ID[key]] = ussr
    return state


def action_round(state: dict, role: str, hand: list, turn: int = 1) -> dict:
    """Make ``role`` the phasing player of round 1 with exactly ``hand``."""
    other = "us" if role == "ussr" else "ussr"
    state["turn"] = turn
    state["hands"][role] = sorted(hand)
    state["taken"] = {role: 1, other: 0 if role == "ussr" else 1}
    state["phasing"], state["ar"], state["snap"] = role, 1, {}
    state["stack"] = [{"step": "turn", "phase": 3},
                      {"step": "rounds", "n": 1 if role == "ussr" else 2, "next": other},
                      {"step": "action", "role": role, "optional": False}]
    state["active"] = [role]
    return state


def ids(state: dict, role: str, verb: str | None = None) -> list:
    return [arg for v, arg in choices(RULES, state, role)
            if v != "undo" and (verb is None or v == verb)]


def do(state: dict, role: str, verb: str, arg=None) -> dict:
    return act(RULES, state, role, verb, arg)


def without_events(monkeypatch, *cards: int) -> None:
    """Test operations in isolation: these cards act as if their events did not exist."""
    from games.titles.twilight_struggle.rules.registry import REGISTRY

    for card in cards:
        monkeypatch.delitem(REGISTRY, card, raising=False)


FILLER = {"ussr": [8], "us": [19]}  # Fidel, Truman Doctrine: never played in card tests


def era_round(role: str, hand: list, turn: int, **where) -> dict:
    """``role`` to act in an action round of ``turn`` with ``hand``; influence exactly
    ``where``; the other hand a filler card; empty discards."""
    state = clear_board(after_setup())
    put(state, **where)
    other = "us" if role == "ussr" else "ussr"
    state["hands"][other] = list(FILLER[other])
    state["discard"], state["removed"] = [], []
    return action_round(state, role, hand, turn)


def kinds(state: dict, kind: str) -> list:
    return [x for x in state["log"] if x["kind"] == kind]


def inf(state: dict, key: str) -> tuple:
    """(US, USSR) influence in the country ``key``."""
    return state["inf"]["us"][ID[key]], state["inf"]["ussr"][ID[key]]
