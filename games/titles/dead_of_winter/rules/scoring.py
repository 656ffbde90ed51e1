"""Conditions of secret objectives and missions, main objectives, the end (B§1, WC§9)."""
from __future__ import annotations

from games.rules.core import Result
from games.rules.core.ending import finish

from .board import C, at_exact, log, owner_side, survivors_of


def condition_met(state: dict, role: str, cond: dict) -> bool:
    kind, n = cond["kind"], cond.get("n", 0)
    c = C(state)
    player = state["pl"][role]
    mine = survivors_of(state, role)
    if kind == "none":
        return True
    if kind == "hand_symbol":
        return sum(c.symbol[x] == cond["symbol"] for x in player["hand"]) >= n
    if kind == "equipped_symbol":
        return sum(c.symbol[x] == cond["symbol"] for s in mine for x in state["sv"][s]["eq"]) >= n
    if kind == "survivors":
        return len(mine) >= n
    if kind == "hand_size":
        return len(player["hand"]) >= n
    if kind == "is_leader":
        return player["side"] in ("a", "b") and state["col"][player["side"]]["leader"] == role
    den = state["den"] or {}
    if kind == "wolf_morale":
        return den.get("morale", 0) >= n
    if kind == "missions_done":
        return den.get("done", 0) >= n
    if kind == "survivors_away":
        return sum(state["sv"][s]["at"] in state["loc"] for s in mine) >= n
    if kind == "food":
        return den.get("food", 0) >= n
    if kind == "kills":
        return den.get("kills", 0) >= n
    if kind == "at_gate":
        return sum("@" in state["sv"][s]["at"] for s in mine) >= n
    return False


def main_complete(state: dict, side: str) -> bool:
    """The shared main objective, read for one colony (WC§6.9, §17 #23)."""
    obj = C(state).objectives[state["objective"]]
    goal = obj["goal"]
    col = state["col"][side]
    if col["zero"]:
        return False
    if goal["kind"] == "combat_wins":
        return col["wins"] >= goal["wins"] and col["wins_enemy"] >= goal.get("at_enemy", 0)
    if goal["kind"] == "control":
        return state["round"] == goal["round"] and controlled(state, side) > controlled(state, "ab".replace(side, ""))
    return False


def controlled(state: dict, side: str) -> int:
    """House definition: more of your survivors than enemy survivors at a town location."""
    count = 0
    for loc in C(state).locations:
        here = [owner_side(state, s) for s in at_exact(state, loc)]
        mine = here.count(side)
        if mine and mine > len(here) - mine:
            count += 1
    return count


def winners(state: dict) -> list[str]:
    """B§1/WC§9: each player wins only with their own secret objective."""
    c = C(state)
    out = []
    for role in state["roles"]:
        player = state["pl"][role]
        if player["side"] == "w":
            den = state["den"]
            if not den["out"] and condition_met(state, role, c.wolf_objectives[player["obj"]]["condition"]):
                out.append(role)
            continue
        secret = c.secrets[player["obj"]]
        if secret.get("needs_main") and player["side"] not in state["main_done"]:
            continue
        if not state["col"][player["side"]]["zero"] and condition_met(state, role, secret["condition"]):
            out.append(role)
    return out


def end_game(state: dict, reason: str) -> None:
    score = {side: {"morale": state["col"][side]["morale"], "wins": state["col"][side]["wins"],
                    "wins_at_enemy": state["col"][side]["wins_enemy"]} for side in ("a", "b")}
    score["main_objective"] = list(state["main_done"])
    if state["den"] is not None:
        score["w"] = {"morale": state["den"]["morale"], "missions": state["den"]["done"]}
    won = winners(state)
    log(state, "game_over", reason=reason, winners=won)
    finish(state, Result(won, reason, score))
