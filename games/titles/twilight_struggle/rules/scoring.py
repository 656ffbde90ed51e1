"""Region scoring (10.1), Southeast Asia scoring and final scoring (10.3.2)."""
from __future__ import annotations

from games.rules.core import Result
from games.rules.core.ending import finish

from .board import add_vp, check_vp_win, controls, log
from .cards import end_effect
from .data import (BATTLEGROUND, NEAR_SUPERPOWER, OTHER, REGION_IDS, REGIONS, SCORING_VALUES,
                   SEA_VP)


def battleground_for(state: dict, role: str, c: int) -> bool:
    """Printed battlegrounds plus card effects (e.g. Formosan Resolution's Taiwan)."""
    if BATTLEGROUND[c]:
        return True
    return any(e.get("scoring_bg") == [role, c] for e in state["effects"].values())


def extra_battlegrounds(state: dict, role: str, region: str) -> int:
    """Countries a card makes battlegrounds for ``role`` (Formosan Resolution:
    Taiwan while the US controls it). Control needs ALL the region's
    battlegrounds (10.1.1), these included: the US holding Taiwan and 5 of
    Asia's 6 printed battlegrounds has 6, one short of all 7."""
    return sum(1 for c in REGION_IDS[region]
               if not BATTLEGROUND[c] and controls(state, role, c) and battleground_for(state, role, c))


def tally(state: dict, region: str) -> dict:
    """Per side: controlled countries, battlegrounds, next to the enemy superpower."""
    out = {}
    for role in ("us", "ussr"):
        held = [c for c in REGION_IDS[region] if controls(state, role, c)]
        bgs = sum(1 for c in held if battleground_for(state, role, c))
        near = sum(1 for c in held if c in NEAR_SUPERPOWER[OTHER[role]])
        out[role] = {"countries": len(held), "battlegrounds": bgs, "near_enemy": near}
    for effect in state["effects"].values():  # e.g. Shuttle Diplomacy (not at final scoring)
        minus = effect.get("scoring_minus_bg")
        if minus and region in minus["regions"] and out[minus["role"]]["battlegrounds"] \
                and not state.get("final"):
            out[minus["role"]]["battlegrounds"] -= 1
            out[minus["role"]]["countries"] -= 1
    return out


def level(mine: dict, theirs: dict, all_bgs: int) -> str | None:
    """Presence, domination or control (10.1.1)."""
    more = mine["countries"] > theirs["countries"]
    if more and mine["battlegrounds"] >= all_bgs > 0:
        return "control"
    if more and mine["battlegrounds"] > theirs["battlegrounds"] and mine["battlegrounds"] \
            and mine["countries"] > mine["battlegrounds"]:
        return "domination"
    return "presence" if mine["countries"] else None


def region_score(state: dict, region: str) -> dict:
    """VP each side earns in a region (10.1.2), and who controls it."""
    counts = tally(state, region)
    printed = sum(1 for c in REGION_IDS[region] if BATTLEGROUND[c])
    values = SCORING_VALUES[region]
    out = {}
    for role in ("us", "ussr"):
        mine = counts[role]
        tier = level(mine, counts[OTHER[role]], printed + extra_battlegrounds(state, role, region))
        base = values[tier] if tier and values[tier] is not None else 0
        out[role] = dict(mine, level=tier, vp=base + mine["battlegrounds"] + mine["near_enemy"])
    return out


def score_region(state: dict, region: str) -> None:
    """Score one region; Europe control wins (10.3.1); net VP then the 20 VP check."""
    result = region_score(state, region)
    log(state, "score", region=region, us=result["us"], ussr=result["ussr"])
    if region == "europe":
        for role in ("us", "ussr"):
            if result[role]["level"] == "control":
                finish(state, Result([role], "europe", {"vp": state["vp"]}))
                return
    add_vp(state, result["us"]["vp"] - result["ussr"]["vp"], region, check=False)
    if not state.get("final"):
        used = [k for k, e in state["effects"].items()
                if e.get("scoring_minus_bg") and region in e["scoring_minus_bg"]["regions"]]
        for key in used:  # Shuttle Diplomacy is used up by this scoring
            end_effect(state, key)
        check_vp_win(state)


def score_southeast_asia(state: dict) -> None:
    """1 VP per controlled SE Asian country, 2 for Thailand; no tiers (card 38)."""
    vp = {r: sum(v for c, v in SEA_VP.items() if controls(state, r, c)) for r in ("us", "ussr")}
    log(state, "score", region="southeast_asia", us={"vp": vp["us"]}, ussr={"vp": vp["ussr"]})
    add_vp(state, vp["us"] - vp["ussr"], "southeast_asia")


def final_scoring(state: dict) -> None:
    """After turn 10: every region (SE Asia inside Asia), the China Card, no 20 VP win."""
    state["final"] = True
    log(state, "final_scoring")
    for region in REGIONS:
        score_region(state, region)
        if state["result"] is not None:  # Europe control still wins (10.3.2)
            return
    holder = state["china"]["holder"]
    if holder:  # 12.2: nobody scores it if it never entered play
        add_vp(state, 1 if holder == "us" else -1, "china_card")
    vp = state["vp"]
    winners = [] if vp == 0 else ["us" if vp > 0 else "ussr"]
    finish(state, Result(winners, "final_scoring", {"vp": vp}))
