"""The shared board: places, survivors, wounds and death, zombies, morale.

Places: ``"a"``/``"b"`` (inside a colony), ``"a@3"`` (entrance 3 of colony
a, where enemy survivors stand on zombie spaces), ``"den"`` (Lone Wolf) and
the town location ids. Survivors are ``state["sv"][n]`` (``None`` when not in
play). Base rules sections are "B§", Warring Colonies sections "WC§".
"""
from __future__ import annotations

from games.rules.core import rng

from .data import CONTENTS, GATES

WOUND, FROST, BITE = "wound", "frostbite", "bitten"


def C(state):
    return CONTENTS[state["content"]]


def next_sealed(state: dict) -> int:
    """A number for a new sealed step (the site publishes commitments per step)."""
    state["sealed_n"] = state.get("sealed_n", 0) + 1
    return state["sealed_n"]


def log(state: dict, kind: str, **data) -> None:
    state["log"].append({"kind": kind, **data})


def split(arg: str) -> list[int]:
    """Compound choice arguments are strings of integers joined by ">"."""
    return [int(x) for x in arg.split(">")]


def place_of(at: str) -> str:
    return at[0] if "@" in at else at


def side_of(state: dict, role: str) -> str:
    return state["pl"][role]["side"]


def owner_side(state: dict, sid: int) -> str:
    return state["pl"][state["sv"][sid]["o"]]["side"]


def store(state: dict, side: str) -> dict:
    """The food/waste holder: a colony, or the Den for the Lone Wolf."""
    return state["den"] if side == "w" else state["col"][side]


def survivors_of(state: dict, role: str) -> list[int]:
    return [i for i, s in enumerate(state["sv"]) if s is not None and s["o"] == role]


def at_place(state: dict, place: str) -> list[int]:
    """Survivors at a place; a colony includes its entrances (WC§6.2)."""
    sv = state["sv"]
    return [i for i, s in enumerate(sv) if s is not None and (s["at"] == place or s["at"][0] == place and s["at"][1:2] == "@")]


def at_exact(state: dict, at: str) -> list[int]:
    return [i for i, s in enumerate(state["sv"]) if s is not None and s["at"] == at]


def influence(state: dict, sid: int) -> int:
    return C(state).survivors[sid]["influence"]


def ability(state: dict, sid: int) -> dict:
    return C(state).survivors[sid]["ability"]


def has_passive(state: dict, sid: int, kind: str) -> bool:
    """A survivor ability or an equipped item with this passive effect."""
    if ability(state, sid)["kind"] == kind:
        return True
    card = C(state).card
    if any(card[c]["effect"].get("passive") == kind for c in state["sv"][sid]["eq"]):
        return True
    return any(ability(state, o)["kind"] == kind for o in copied(state, sid))


def copied(state: dict, sid: int) -> list[int]:
    """John Price away from the colony has the abilities of the other survivors
    of his colony at his location (WC§8: "survivors" are your colony's)."""
    s = state["sv"][sid]
    if ability(state, sid)["kind"] != "copy_here" or s["at"] not in state["loc"]:
        return []
    side = owner_side(state, sid)
    return [o for o in at_exact(state, s["at"]) if o != sid and owner_side(state, o) == side]


def armed(state: dict, sid: int) -> bool:
    weapon = C(state).weapon
    return any(weapon[c] for c in state["sv"][sid]["eq"])


def lowest(state: dict, sids: list[int]) -> int:
    return min(sids, key=lambda i: (influence(state, i), i))


def occupancy(state: dict, place: str) -> int:
    return len(at_exact(state, place))


def capacity(state: dict, place: str) -> int:
    c = C(state)
    if place in ("a", "b"):
        return c.colony_capacity
    if place == "den":
        return c.den_capacity
    return c.capacity[place]


def gate_free(state: dict, side: str, gate: int) -> int:
    z, b = state["col"][side]["gates"][gate - 1]
    return C(state).gate_spaces - z - b - len(at_exact(state, f"{side}@{gate}"))


def loc_free(state: dict, loc: str) -> int:
    spot = state["loc"][loc]
    return C(state).zspaces - spot["z"] - spot["b"]


# -- morale (B§14, WC§9) ------------------------------------------------------
def morale(state: dict, side: str, n: int, why: str) -> None:
    """Change a colony's (or the Den's, side "w") morale; 0 is final for a colony."""
    if side == "w":
        wolf_morale(state, n, why)
        return
    col = state["col"][side]
    if n > 0 and col["zero"]:
        return
    new = max(0, min(C(state).morale_max, col["morale"] + n))
    if new != col["morale"]:
        col["morale"] = new
        log(state, "morale", side=side, n=n, morale=new, why=why)
    if new == 0 and not col["zero"]:
        col["zero"] = True
        log(state, "colony_lost", side=side)


def wolf_morale(state: dict, n: int, why: str) -> None:
    den = state["den"]
    if den is None or den["out"]:
        return
    new = max(0, min(C(state).const["lone_wolf_morale_max"], den["morale"] + n))
    if new != den["morale"]:
        den["morale"] = new
        log(state, "morale", side="w", n=n, morale=new, why=why)
    if new == 0:
        wolf_out(state)


def wolf_out(state: dict) -> None:
    """WC§13: Lone Wolf morale 0 — the Lone Wolf loses and leaves the game."""
    den, role = state["den"], state["wolf"]
    den["out"] = True
    for sid in survivors_of(state, role):
        state["box"] += state["sv"][sid]["eq"]
        state["sv"][sid] = None
        state["gone"].append(sid)
    state["box"] += state["pl"][role]["hand"]
    state["pl"][role]["hand"] = []
    state["pl"][role]["dice"] = []
    log(state, "wolf_out", role=role)


# -- exposure, wounds, death (B§9, B§10) --------------------------------------
def expose(state: dict, sid: int, defer_bite: bool = False) -> str:
    """Roll the exposure die for a survivor; returns the face. A bite either
    kills now and returns "bitten" (the caller starts the chain) or, during
    simultaneous actions, lays the survivor aside (WC§5.4)."""
    face = C(state).exposure[rng.roll(state, 12) - 1]
    s = state["sv"][sid]
    log(state, "exposure", survivor=sid, face=face)
    if face == BITE and has_passive(state, sid, "bite_immune"):
        face = WOUND
    if face == FROST and has_passive(state, sid, "frost_as_wound"):
        face = WOUND
    if face == WOUND:
        wound(state, sid, 1, "exposure")
    elif face == FROST:
        s["f"] += 1
        wound(state, sid, 1, "frostbite")
    elif face == BITE:
        if defer_bite:
            s["bit"] = True
        else:
            kill(state, sid, "bitten")
    return face


def max_wounds(state: dict, sid: int) -> int:
    a = ability(state, sid)
    return a["n"] if a["kind"] == "max_wounds" else C(state).const["wounds_to_kill"]


def wound(state: dict, sid: int, n: int, why: str) -> bool:
    """Add wounds; True if the survivor died."""
    s = state["sv"][sid]
    if s is None or n <= 0:
        return False
    s["w"] += n
    log(state, "wound", survivor=sid, n=n, wounds=s["w"], why=why)
    if s["w"] >= max_wounds(state, sid):
        kill(state, sid, why)
        return True
    return False


def kill(state: dict, sid: int, why: str) -> None:
    """B§10 death: morale -1 for the owner's colony, equipment handled by
    where it died (WC§6.4 at the enemy colony), group leader replaced, and a
    player who lost the last survivor draws a new one (after the colony phase
    when the death came from colony combat, WC§6.2)."""
    s = state["sv"][sid]
    role = s["o"]
    side = state["pl"][role]["side"]
    log(state, "death", survivor=sid, role=role, at=s["at"], why=why)
    _drop_equipment(state, sid, s, role, side)
    state["sv"][sid] = None
    state["dead"].append(sid)
    morale(state, side, -1, "death")
    player = state["pl"][role]
    left = survivors_of(state, role)
    if player["lead"] == sid:
        player["lead"] = max(left, key=lambda i: influence(state, i)) if left else None
        if len(left) > 1:  # B§10: a follower of the player's choice (asks.py; this one is the default)
            ask(state, kind="lead", role=role)
    if not left and not (side == "w" and state["den"]["out"]):
        if state.get("combat_phase"):
            if role not in state["late"]:
                state["late"].append(role)
        else:
            replace_last(state, role)


def _drop_equipment(state, sid, s, role, side) -> None:
    cards, s["eq"] = s["eq"], []
    if not cards:
        return
    place = place_of(s["at"])
    if place == side or (place == "den" and side == "w"):
        state["pl"][role]["hand"] += cards
    elif place in ("a", "b"):
        _to_enemy_leader(state, place, cards)
    else:
        deck = state["loc"][place]["deck"]
        for card in cards:
            deck.insert(rng.randint(state, 0, len(deck)), card)
        log(state, "items_shuffled", at=place, n=len(cards))


def _to_enemy_leader(state: dict, side: str, cards: list) -> None:
    """WC§6.4: the colony leader equips them to a survivor inside that colony
    ("적 공동체의 리더가 적합하다고 지정한 ... 생존자에게"), else they leave the game.
    They go at once to the highest-influence one; with a choice the leader is
    asked next (asks.py), that survivor being the default."""
    inside = [i for i in at_exact(state, side) if owner_side(state, i) == side]
    if inside:
        best = max(inside, key=lambda i: influence(state, i))
        state["sv"][best]["eq"] += cards
        if len(inside) > 1:
            ask(state, kind="arm", side=side, holder=best, cards=list(cards))
        else:
            log(state, "items_taken", side=side, survivor=best, n=len(cards))
    else:
        state["box"] += cards
        log(state, "items_removed", side=side, n=len(cards))


def replace_last(state: dict, role: str) -> None:
    """B§10: hand removed from the game, a new group leader from the deck."""
    player = state["pl"][role]
    state["box"] += player["hand"]
    player["hand"] = []
    sid = enter_survivor(state, role)
    player["lead"] = sid
    log(state, "replacement", role=role, survivor=sid)


def enter_survivor(state: dict, role: str) -> int | None:
    """A new survivor from the deck joins ``role`` at home (B§10, WC§13)."""
    if not state["sdeck"]:
        return None
    sid = state["sdeck"].pop()
    side = state["pl"][role]["side"]
    home = "den" if side == "w" else side
    if side == "w" and occupancy(state, "den") >= C(state).den_capacity:
        home = wolf_elsewhere(state, sid)
    state["sv"][sid] = {"o": role, "at": home, "w": 0, "f": 0, "eq": [], "bit": False}
    if state["pl"][role]["lead"] is None:
        state["pl"][role]["lead"] = sid
    return sid


def first_open_location(state: dict) -> str | None:
    rooms = open_locations(state)
    return rooms[0] if rooms else None


def open_locations(state: dict) -> list[str]:
    return [loc for loc in C(state).locations if occupancy(state, loc) < C(state).capacity[loc]]


def wolf_elsewhere(state: dict, sid: int) -> str:
    """WC§13: a Lone Wolf survivor who cannot go to the full Den goes to a
    location "그가 선택한" (of the Lone Wolf's choice). It goes at once to the
    first location with room (the Den if none has room); with a choice the Lone
    Wolf is asked next (asks.py), that place being the default."""
    rooms = open_locations(state)
    if len(rooms) > 1:
        ask(state, kind="place", sid=sid)
    return rooms[0] if rooms else "den"


def ask(state: dict, **data) -> None:
    """Queue a choice the rulebook gives a player (asks.py pushes it as a prompt
    once the current input is done, before any automatic step runs on)."""
    state.setdefault("asks", []).append(data)


def overrun(state: dict, place: str) -> None:
    """B§11: kill the lowest-influence survivor there, else a helpless one."""
    sids = at_place(state, place)
    log(state, "overrun", at=place)
    if sids:
        kill(state, lowest(state, sids), "overrun")
    elif place in ("a", "b") and state["col"][place]["helpless"]:
        state["col"][place]["helpless"] -= 1
        log(state, "helpless_death", side=place)
        morale(state, place, -1, "death")


# -- zombies (B§11, WC§6.8) ---------------------------------------------------
def add_zombies(state: dict, place: str, n: int) -> None:
    if place in ("a", "b"):
        gate = 1
        for _ in range(n):
            gate = colony_zombie(state, place, gate)
    elif place != "den":
        for _ in range(n):
            location_zombie(state, place)


def colony_zombie(state: dict, side: str, gate: int) -> int:
    """One zombie at entrance ``gate``; the next one goes to the next entrance
    (B§11: cycle 1-6). Order (WC§17 #22): empty space, barricade, survivor bounce, overrun."""
    slot = state["col"][side]["gates"][gate - 1]
    if gate_free(state, side, gate) > 0:
        slot[0] += 1
    elif slot[1]:
        slot[1] -= 1
        log(state, "barricade_lost", at=f"{side}@{gate}")
    elif at_exact(state, f"{side}@{gate}"):
        # WC§6.8 [좀비 추가]: the wound first, then home ("1개의 상처를 올려 놓고나서 그의
        # 공동체로 … 돌려 보냅니다"): a killing wound kills it at the entrance, so at the
        # enemy colony (WC§6.4: its items go to that colony)
        sid = lowest(state, at_exact(state, f"{side}@{gate}"))
        if not wound(state, sid, 1, "entrance"):
            send_home(state, sid)
    else:
        overrun(state, side)
    return gate % GATES + 1


def location_zombie(state: dict, loc: str) -> None:
    spot = state["loc"][loc]
    if loc_free(state, loc) > 0:
        spot["z"] += 1
    elif spot["b"]:
        spot["b"] -= 1
        log(state, "barricade_lost", at=loc)
    else:
        overrun(state, loc)


def send_home(state: dict, sid: int) -> None:
    """Back to its own colony (or the Den) with no exposure roll (WC§5.3)."""
    s = state["sv"][sid]
    side = owner_side(state, sid)
    home = "den" if side == "w" else side
    if side == "w" and occupancy(state, "den") >= C(state).den_capacity:
        home = wolf_elsewhere(state, sid)
    log(state, "bounce", survivor=sid, frm=s["at"], to=home)
    s["at"] = home


def colony_occupants(state: dict, side: str) -> int:
    """Own survivors inside plus helpless (WC§6.1: enemies at entrances don't count)."""
    inside = sum(1 for s in state["sv"] if s is not None and s["at"] == side)
    return inside + state["col"][side]["helpless"]
