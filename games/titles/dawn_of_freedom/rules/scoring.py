"""Country scoring (9.x) and final scoring (10.4)."""
from __future__ import annotations

from games.rules.core import Result
from games.rules.core.ending import finish

from .board import add_vp, controls, log
from .data import COUNTRIES, COUNTRY_BGS, COUNTRY_SPACES, FINAL_BONUS, SCORING_BOX, SIGN


def standing(state: dict, country: str) -> dict:
    """Per role: controlled spaces and battlegrounds in ``country``."""
    bgs = COUNTRY_BGS[country]
    out = {}
    for role in ("communist", "democrat"):
        spaces = [s for s in COUNTRY_SPACES[country]
                  if s not in state["gone"] and controls(state, role, s)]
        out[role] = (len(spaces), sum(1 for s in spaces if s in bgs))
    return out


def level(country: str, mine: tuple, theirs: tuple, all_bgs: int) -> str | None:
    """9.2: control, domination or presence (the highest reached)."""
    spaces, bgs = mine
    if not spaces:
        return None
    if spaces > theirs[0] and bgs == all_bgs:
        return "control"
    if spaces > theirs[0] and bgs > theirs[1] and bgs >= 1 and spaces - bgs >= 1:
        return "domination"
    return "presence"


def country_points(state: dict, country: str) -> dict:
    """VP each role earns in ``country`` (9.3.1, 9.3.2) and their levels."""
    stand = standing(state, country)
    all_bgs = len([s for s in COUNTRY_BGS[country] if s not in state["gone"]])
    box = SCORING_BOX[country]
    out = {}
    for role, other in (("communist", "democrat"), ("democrat", "communist")):
        lvl = level(country, stand[role], stand[other], all_bgs)
        vp = box[f"{lvl}_vp"] if lvl else 0
        out[role] = {"level": lvl, "vp": vp + stand[role][1] * box["per_battleground_vp"]}
    return out


def score_country(state: dict, country: str) -> None:
    """9.3.3: only the difference moves the marker."""
    points = country_points(state, country)
    change = points["democrat"]["vp"] - points["communist"]["vp"]
    log(state, "score", country=country, democrat=points["democrat"], communist=points["communist"])
    add_vp(state, change, "scoring")


def final_scoring(state: dict) -> None:
    """10.4: every country scored, no struggles or retention VP; the Communist
    gains 4 VP per country where he holds power; an uncaptured tyrant 2 (7.6.5)."""
    state["final"] = True
    log(state, "final_scoring")
    for country in COUNTRIES:
        score_country(state, country)
    held = sum(1 for c in COUNTRIES if state["power"][c] == "communist")
    log(state, "final_power_bonus", countries=held)
    add_vp(state, SIGN["communist"] * FINAL_BONUS * held, "final_power")
    if state["romania"]["refuge"] is not None:
        log(state, "tyrant_escaped", space=state["romania"]["refuge"])
        add_vp(state, SIGN["communist"] * 2, "tyrant_escaped")
    vp = state["vp"]
    winners = ["democrat"] if vp > 0 else ["communist"] if vp < 0 else []
    finish(state, Result(winners, "final_scoring", {"vp": vp}))
