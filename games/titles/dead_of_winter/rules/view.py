"""What each role may see (correspondence-design §3), and the rehide hook."""
from __future__ import annotations

from games.rules.core.flow import Flow

from .board import C
from .exchanges import exchange_view
from .exchanges import rehide as rehide_exchange


def view(state: dict, role: str | None) -> dict:
    c = C(state)
    over = state["result"] is not None
    frame = Flow.top(state)
    out = {
        "round": state["round"], "step": frame["step"] if frame else None,
        "players": state["n"], "quick_play": state["options"]["quick_play"],
        "movement": state["options"].get("movement", "alternating"),
        "combat_option": state["options"].get("combat", "standard"),
        "objective": objective_view(state), "packs": list(c.packs),
        "colonies": {s: colony_view(state, s) for s in ("a", "b")},
        "den": den_view(state, role, over),
        "seats": {r: seat_view(state, r) for r in state["roles"]},
        "survivors": survivors_view(state),
        "locations": {loc: {"zombies": spot["z"], "barricades": spot["b"], "noise": spot["noise"],
                            "deck": len(spot["deck"])} for loc, spot in state["loc"].items()},
        "crisis": crisis_view(state), "contributions": list(state["contrib"]),
        "decks": {"survivors": len(state["sdeck"]), "crossroads": len(state["xdeck"]),
                  "crises": len(state["cdeck"]), "removed_items": len(state["box"])},
        "dead": list(state["dead"]),
        "turn": turn_view(state, role),
        "combat": combat_view(state, role),
        "election": election_view(state, role),
        "draft": draft_view(state, role),
        "me": private_view(state, role) if role else None,
        "result": state["result"],
    }
    if over:
        out["hands"] = {r: sorted(state["pl"][r]["hand"]) for r in state["roles"]}
        out["objectives"] = {r: objective_card(state, r) for r in state["roles"]}
    out["cards"] = card_names(state, out)
    return out


def card_names(state: dict, out: dict) -> dict:
    """Name and symbol of every item card the view mentions (str id -> info)."""
    c = C(state)
    ids = set(out["contributions"])
    for s in out["survivors"].values():
        ids.update(s["equipped"])
    if out["me"]:
        ids.update(out["me"]["hand"])
        ids.update(out["me"]["search"] or [])
        for seen in out["me"].get("seen", []):
            if seen["what"] != "next crises":
                ids.update(seen["cards"])
    for hand in (out.get("hands") or {}).values():
        ids.update(hand)
    return {str(i): {"name": c.card[i]["name"], "symbol": c.symbol[i], "text": c.card[i]["text"]}
            for i in sorted(ids)}


def objective_card(state: dict, role: str) -> dict:
    c = C(state)
    player = state["pl"][role]
    card = c.wolf_objectives[player["obj"]] if player["side"] == "w" else c.secrets[player["obj"]]
    return {"index": player["obj"], "name": card["name"], "text": card["text"]}


def crossroads_card(state: dict, index: int) -> dict:
    card = C(state).crossroads[index]
    return {"index": index, "name": card["name"], "text": card["text"], "trigger": card["trigger"],
            "options": [o["label"] for o in card["options"]]}


def objective_view(state):
    obj = C(state).objectives[state["objective"]]
    return {"id": obj["id"], "name": obj["name"], "text": obj["text"]}


def colony_view(state, side):
    col = state["col"][side]
    return {"morale": col["morale"], "lost": col["zero"], "rounds": col["rounds"], "food": col["food"],
            "starvation": col["starve"], "waste": len(col["waste"]), "bullets": col["bullets"],
            "helpless": col["helpless"], "leader": col["leader"], "seats": list(col["seats"]),
            "entrances": [list(g) for g in col["gates"]], "wins": col["wins"],
            "wins_at_enemy": col["wins_enemy"]}


def den_view(state, role, over):
    den = state["den"]
    if den is None:
        return None
    mine = role == state["wolf"] or over
    return {"morale": den["morale"], "food": den["food"], "starvation": den["starve"],
            "waste": len(den["waste"]), "missions": sorted(den["missions"]) if mine else len(den["missions"]),
            "mission_deck": len(den["mdeck"]), "completed": den["done"], "out": den["out"],
            "role": state["wolf"]}


def seat_view(state, role):
    player = state["pl"][role]
    return {"side": player["side"], "hand": len(player["hand"]), "dice": list(player["dice"]),
            "group_leader": player["lead"]}


def survivors_view(state):
    names = C(state).survivors
    return {str(i): {"name": names[i]["name"], "influence": names[i]["influence"],
                     "attack": names[i]["attack"], "search": names[i]["search"],
                     "ability": names[i]["text"], "owner": s["o"], "at": s["at"], "wounds": s["w"],
                     "frostbite": s["f"], "equipped": list(s["eq"]), "bitten": s["bit"]}
            for i, s in enumerate(state["sv"]) if s is not None}


def crisis_view(state):
    if state["crisis"] is None:
        return None
    card = C(state).crises[state["crisis"]]
    return {"id": card["id"], "symbols": card["symbols"], "failure": card["failure"]["text"]}


def turn_view(state, role):
    out = {"reading": [], "crossroads_held": 0, "resolving": None, "searching": {}}
    for frame in state["stack"]:
        if frame["step"] == "turn":
            out["roles"] = list(frame["roles"])
            out["given"] = dict(frame["must"])  # a requested card is shown when given (B§8)
            out["crossroads_held"] = len(frame["xr"])
            out["reading"] = [crossroads_card(state, e["card"]) for e in frame["xr"] if e["reader"] == role]
        elif frame["step"] == "xroad":
            out["resolving"] = {"card": crossroads_card(state, frame["card"]), "role": frame["role"],
                                "survivors": frame["hits"]}
        elif frame["step"] == "act":
            out["searching"] = {r: len(s["cards"]) for r, s in frame["srch"].items()}
            out["done"] = list(frame["done"])
        elif frame["step"] in ("move", "xchg"):
            out["passed"] = list(frame["passed"])
            out["moved"] = list(frame["moved"])
            if frame["step"] == "xchg":
                out["exchange"] = exchange_view(frame, role)
    return out


def combat_view(state, role):
    fight = next((f for f in reversed(state["stack"]) if f["step"] == "fight"), None)
    if fight is None:
        return None
    top = Flow.top(state)
    side = state["pl"][role]["side"] if role else None
    sealed = top["step"] == "sealed"
    picks = {}
    for what in ("tac", "bid"):
        shown = {}
        for s, v in fight[what].items():
            hidden = sealed and top["what"] in ("both", "tactic" if what == "tac" else "bid") and s != side
            shown[s] = "secret" if hidden else v
        picks[what] = shown
    return {"at": fight["at"], "strength": dict(fight["s"]), "tactics": picks["tac"],
            "bids": picks["bid"], "lone_wolf": fight["wolf"]}


def election_view(state, role):
    """The leader election or a crossroads vote: who has voted, and your own vote."""
    top = Flow.top(state)
    if not top or top["step"] not in ("elect", "xvote"):
        return None
    return {"voted": sorted(r for r, v in top["votes"].items() if v is not None),
            "mine": top["votes"].get(role)}


def draft_view(state, role):
    top = Flow.top(state)
    if not top or top["step"] != "draft":
        return None
    return {"kept_counts": {r: len(k) for r, k in top["kept"].items()},
            "offer": list(top["offer"][role]) if role else None,
            "kept": list(top["kept"][role]) if role else None}


def private_view(state, role):
    player = state["pl"][role]
    out = {"hand": sorted(player["hand"]), "objective": objective_card(state, role), "search": None}
    if player["side"] == "w":
        missions = C(state).missions
        out["missions"] = [{"index": m, "name": missions[m]["name"], "text": missions[m]["text"]}
                           for m in sorted(state["den"]["missions"])]
    for frame in state["stack"]:
        if frame["step"] == "act" and role in frame["srch"]:
            out["search"] = list(frame["srch"][role]["cards"])
        if frame["step"] == "turn":
            out["seen"] = [dict(s) for s in frame.get("seen", {}).get(role, [])]
    return out


# -- rehide (testing hook) -----------------------------------------------------
def rehide(state: dict, viewer: str | None, permute) -> dict:
    """Reshuffle everything ``viewer`` cannot see; its view must not change."""
    others = [r for r in state["roles"] if r != viewer]
    if state["result"] is None:
        _deal_back(state, [state["pl"][r]["hand"] for r in others], permute)
        colony = [state["pl"][r] for r in others if state["pl"][r]["side"] != "w"]
        objs = permute([p["obj"] for p in colony])
        for p, o in zip(colony, objs):
            p["obj"] = o
    for spot in state["loc"].values():
        spot["deck"] = permute(spot["deck"])
    state["cdeck"] = permute(state["cdeck"])
    _rehide_frames(state, viewer, permute)
    den = state["den"]
    if den is not None and viewer != state["wolf"] and state["result"] is None:
        _deal_back(state, [den["missions"], den["mdeck"]], permute)
    return state


def _deal_back(state, lists: list, permute) -> None:
    pool = permute([x for items in lists for x in items])
    for items in lists:
        n = len(items)
        items[:], pool = pool[:n], pool[n:]


def _rehide_frames(state, viewer, permute) -> None:
    held, xr = _rehide_picks(state, viewer, permute)
    _deal_back(state, held, permute)
    for frame in state["stack"]:
        if frame["step"] == "draft":
            for r, offer in frame["offer"].items():
                if r != viewer:
                    frame["kept"][r] = offer[:len(frame["kept"][r])]
    _rehide_crossroads(state, viewer, xr, permute)


def _rehide_picks(state, viewer, permute) -> tuple[list, list]:
    """Sealed picks, others' searches; returns the survivor and crossroads piles to pool."""
    side = state["pl"][viewer]["side"] if viewer else None
    held = [state["sdeck"]]
    xr = [state["xdeck"]]
    for frame in state["stack"]:
        step = frame["step"]
        if step == "draft":
            for r, offer in frame["offer"].items():
                if r != viewer:
                    held.append(offer)
        elif step == "turn":
            xr += [[e["card"]] for e in frame["xr"] if e["reader"] != viewer]
        elif step == "act":
            for r, s in frame["srch"].items():
                if r != viewer:
                    _deal_back(state, [s["cards"], state["loc"][s["at"]]["deck"]], permute)
        elif step == "elect":
            for r, v in frame["votes"].items():
                if r != viewer and v is not None:
                    mates = [m for m in state["col"][state["pl"][r]["side"]]["seats"] if m != r]
                    frame["votes"][r] = permute(mates)[0]
        elif step == "xvote":
            n = len(C(state).crossroads[frame["card"]]["options"])
            for r, v in frame["votes"].items():
                if r != viewer and v is not None:
                    frame["votes"][r] = permute(list(range(-1, n)))[0]
        elif step == "sealed":
            _rehide_sealed(state, frame, side, permute)
        elif step == "xchg":
            rehide_exchange(state, frame, viewer, permute)
    return held, xr


def _rehide_crossroads(state, viewer, xr, permute) -> None:
    pool = permute([x for items in xr for x in items])
    for items in xr:
        items[:], pool = pool[:len(items)], pool[len(items):]
    for frame in state["stack"]:
        if frame["step"] == "turn":
            it = iter(xr[1:])
            for e in frame["xr"]:
                if e["reader"] != viewer:
                    e["card"] = next(it)[0]


def _rehide_sealed(state, frame, side, permute) -> None:
    fight = next(f for f in reversed(state["stack"]) if f["step"] == "fight")
    keys = {"tactic": ["tac"], "bid": ["bid"], "both": ["tac", "bid"]}[frame["what"]]
    for key in keys:
        for s in list(fight[key]):
            if s != side and s in frame["sides"]:
                n = len(C(state).tactics) if key == "tac" else state["col"][s]["bullets"] + 1
                fight[key][s] = permute(list(range(n)))[0]
