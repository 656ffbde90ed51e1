"""Building Dead of Winter test positions directly in the JSON state."""
from __future__ import annotations

from collections import Counter

from games.rules.core import Action
from games.rules.core.flow import Flow
from games.rules.core.testing import new_game
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C


def defaults_until(state: dict, step: str | None = None, limit: int = 5000) -> dict:
    """Apply every active role's default until ``step`` is on top (or the end)."""
    for _ in range(limit):
        top = Flow.top(state)
        if state["result"] is not None or (step and top and top["step"] == step):
            return state
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    raise AssertionError(f"{step} never reached")


def game(players: int = 4, seed: int = 1, **options) -> dict:
    """A game whose survivor draft is done by defaults (the first round is running)."""
    state = new_game(RULES, seed, options={"players": players, **options})
    for _ in range(200):
        if Flow.top(state)["step"] != "draft":
            return state
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    raise AssertionError("draft never ended")


def act(state: dict, role: str, verb: str, arg=None) -> dict:
    return RULES.apply(state, role, Action(verb, arg))


def args(state: dict, role: str, verb: str) -> list:
    prompt = RULES.prompt(state, role)
    return [c.arg for c in prompt.choices if c.verb == verb] if prompt else []


def clear_board(state: dict) -> dict:
    """Every survivor back into the deck, no zombies, barricades or noise."""
    for i, s in enumerate(state["sv"]):
        if s is not None:
            state["box"] += s["eq"]
            state["sv"][i] = None
            state["sdeck"].append(i)
    for spot in state["loc"].values():
        spot.update(z=0, b=0, noise=0)
    for col in state["col"].values():
        col["gates"] = [[0, 0] for _ in range(6)]
    for player in state["pl"].values():
        player["lead"] = None
    return state


def put(state: dict, role: str, at: str, sid: int | None = None, **fields) -> int:
    """Put a survivor (from the deck) into play for ``role`` at ``at``."""
    if sid is None:
        sid = state["sdeck"][-1]
    state["sdeck"].remove(sid)
    state["sv"][sid] = {"o": role, "at": at, "w": 0, "f": 0, "eq": [], "bit": False, **fields}
    if state["pl"][role]["lead"] is None:
        state["pl"][role]["lead"] = sid
    return sid


def card_of(state: dict, item_id: str) -> int:
    """Take a physical card of that item out of wherever it lies (deck or box)."""
    c = C(state)
    for pile in [state["box"]] + [spot["deck"] for spot in state["loc"].values()] + \
            [p["hand"] for p in state["pl"].values()]:
        for card in pile:
            if c.card[card]["id"] == item_id:
                pile.remove(card)
                return card
    raise LookupError(item_id)


def colony_phase(state: dict, places: list[str]) -> dict:
    """Jump to Colony Combat over ``places`` (the round continues after it)."""
    state["stack"] = [{"step": "round", "ph": 5}, {"step": "combats", "places": places, "i": 0}]
    state["combat_phase"] = True
    RULES.flow.settle(state)
    return state


def census(state: dict) -> dict:
    """Where every card is: per item origin deck, survivors, crossroads, crises."""
    c = C(state)
    items = list(state["box"]) + state["contrib"]
    items += [x for p in state["pl"].values() for x in p["hand"]]
    items += [x for s in state["sv"] if s for x in s["eq"]]
    items += [x for spot in state["loc"].values() for x in spot["deck"]]
    items += [x for col in state["col"].values() for x in col["waste"]]
    survivors = [i for i, s in enumerate(state["sv"]) if s] + state["sdeck"] + state["dead"] + state["gone"]
    crossroads = state["xdeck"] + state["xgone"]
    if state["den"]:
        items += state["den"]["waste"]
    for frame in state["stack"]:
        if frame["step"] == "act":
            items += [x for s in frame["srch"].values() for x in s["cards"]]
        if frame["step"] == "draft":
            survivors += [s for offer in frame["offer"].values() for s in offer]
        if frame["step"] == "turn":
            crossroads += [e["card"] for e in frame["xr"]]
        if frame["step"] in ("xroad", "xvote"):
            crossroads.append(frame["card"])
    if "draft_result" in state:
        survivors += [s for offer in state["draft_result"]["offer"].values() for s in offer]
    crises = state["cdeck"] + state["cgone"] + state["cbox"] + ([state["crisis"]] if state["crisis"] is not None else [])
    return {"items": Counter(c.origin[x] for x in items), "item_ids": sorted(items),
            "survivors": sorted(survivors), "crossroads": sorted(crossroads), "crises": sorted(crises)}


def secrets_in_words(state: dict, role: str) -> set[str]:
    """What only ``role`` may read, as the table page words it: the names of the cards
    in its hand, its secret objective and (during the draft) the survivors offered to it."""
    from games.titles.dead_of_winter.templatetags.dow_board import dow_board

    me = dow_board(RULES.view(state, role), None, role, [])["me"] or {}
    names = {card["name"] for card in me.get("hand", [])}
    names |= {s["name"] for s in me.get("draft") or []}
    if me.get("objective"):
        names.add(me["objective"]["name"])
    return {name for name in names if name}
