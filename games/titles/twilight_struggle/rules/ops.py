"""Operations (rule 6): influence, realignment, coups and the space race.

An operations play is a frame holding ``ops`` (after the player's modifiers),
``spent`` and ``bonus``: ``[[area, n], ...]`` extra ops that stay available
only while every op of the play goes to that area (China Card in Asia 9.6,
Vietnam Revolts 7.4). Events reuse these steps for "play as if for
operations" (7.4.3) and free coups (6.3.5).
"""
from __future__ import annotations

from games.rules.core import Choice, IllegalAction, rng
from games.rules.core.flow import Flow, Step
from games.rules.core.prompts import counted

from .board import (add_influence, add_milops, controls, degrade_defcon, edition, gain_vp,
                    influence_at_round_start, log, log_place, original, touches_own_superpower)
from .data import (ADJ, AREAS, BATTLEGROUND, CCW, CCW_NEEDED, COUNTRY_IDS, DEFCON_BANS, NAME,
                   NEAR_SUPERPOWER, OTHER, REGION, SPACE_LAST, SPACES, STABILITY)
from . import prompts
from .prompts import Table, make

ALL_SPACES = COUNTRY_IDS + (CCW,)
AROUND = {c: frozenset(ADJ[c]) | {c} for c in ALL_SPACES}  # a country and its neighbours
PLACE = Table("ops.place", {c: Choice("place", c, NAME[c], "countries") for c in ALL_SPACES})
REALIGN = Table("ops.realign", {c: Choice("realign", c, NAME[c], "countries") for c in COUNTRY_IDS})
COUP = Table("ops.coup", {c: Choice("coup", c, NAME[c], "countries") for c in COUNTRY_IDS})
MODES = Table("ops.modes", {m: Choice("mode", m, m.capitalize(), "ops")
                            for m in ("influence", "realign", "coup")})

# Card effects that forbid some operations: (kinds, effect keys, hook) where
# hook(state, role, country, kind) -> True forbids it. A hook is consulted only
# for its kinds ("influence", "realign", "coup") and only while one of its
# effects is in play, so the fast paths stay fast in every other position.
FORBIDS: list = []


def forbid(kinds, effects):
    """Register a hook for ``kinds`` that matters while any of ``effects`` is in play."""
    def wrap(hook):
        FORBIDS.append((frozenset(kinds), frozenset(effects), hook))
        return hook
    return wrap


def forbids(state: dict, kind: str) -> list:
    live = state["effects"]
    return [hook for kinds, keys, hook in FORBIDS if kind in kinds and any(k in live for k in keys)]


# Hooks called as hook(state, role, country) when a coup is made, before its roll.
BEFORE_COUP: list = []
# Objects with choices(state, role) -> tuple of Choice (never verb "coup") and
# act(state, role, action): extra choices in the coup target prompt (e.g. CMC).
COUP_OPTIONS: list = []


def forbidden(state: dict, role: str, country: int, kind: str) -> bool:
    if not state["effects"]:
        return False
    return any(hook(state, role, country, kind) for hook in forbids(state, kind))


def ccw_unresolved(state: dict) -> bool:
    return state["ccw"] == "open"


# -- budget ----------------------------------------------------------------
def available(frame: dict, country: int) -> int:
    """Ops left for a use in ``country``: base plus still-valid area bonuses."""
    left = frame["ops"] - frame["spent"]
    for area, n in frame["bonus"]:
        if country in AREAS[area]:
            left += n
    return left


def spend(frame: dict, country: int | None, cost: int) -> None:
    """Spend ops; a use outside a bonus area voids that bonus (9.6)."""
    frame["spent"] += cost
    kept = [b for b in frame["bonus"] if country is not None and country in AREAS[b[0]]]
    if len(kept) != len(frame["bonus"]):
        frame["bonus"] = kept


def done(frame: dict) -> bool:
    """No op left at all (a quick test before listing the choices)."""
    return frame["spent"] >= frame["ops"] and not frame["bonus"]


def start_ops(state: dict, role: str, card: int | None, ops: int, bonus: list,
              kinds: tuple = ("influence", "realign", "coup")) -> None:
    """Push an operations play (6.0; also 7.4.3 for events)."""
    Flow.push(state, "ops_start", role=role, card=card, ops=ops, bonus=[list(b) for b in bonus],
              kinds=list(kinds))


class OpsStart(Step):
    """Work out which uses of the ops are possible, then ask (6.0)."""

    name = "ops_start"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        role = frame["role"]
        mode = {"role": role, "card": frame["card"], "ops": frame["ops"], "spent": 0,
                "bonus": frame["bonus"]}
        mode["eligible"] = None  # worked out only if needed (6.1.1)
        modes = [kind for kind in frame["kinds"] if self.possible(state, mode, kind)]
        mode.pop("targets", None)
        if not modes:
            log(state, "ops_lost", role=role, card=frame["card"], ops=frame["ops"])
            return
        Flow.push(state, "ops_mode", modes=modes, **mode)

    @staticmethod
    def possible(state, mode, kind):
        if kind == "influence":
            if mode["ops"] >= 2 and not forbids(state, "influence"):
                return True  # a country next to the own superpower costs at most 2
            mode["eligible"] = eligible(state, mode["role"])
            return bool(influence_choices(state, mode))
        if mode["bonus"] or forbids(state, kind):
            return bool(KIND_CHOICES[kind](state, mode))
        if "targets" not in mode:  # realign and coup: any opponent influence outside bans
            bans = DEFCON_BANS.get(state["defcon"], ())
            opp = state["inf"][OTHER[mode["role"]]]
            mode["targets"] = any(n and REGION[c] not in bans for c, n in enumerate(opp[:CCW]))
        return mode["targets"]


class OpsMode(Step):
    """Choose influence, realignment or a coup for all of the card's ops (6.0)."""

    name = "ops_mode"

    def prompt(self, state, frame, role):
        return make(f"Use {counted(frame['ops'], 'op', 'ops')}", MODES, frame["modes"],
                    "Waiting for operations")

    def act(self, state, frame, role, action):
        require(among(action.arg, frame["modes"]), action)
        Flow.pop(state)
        data = {k: frame[k] for k in ("role", "card", "ops", "spent", "bonus")}
        log(state, "ops", role=role, card=frame["card"], ops=frame["ops"], mode=action.arg)
        if action.arg == "influence":
            reach = frame["eligible"] if frame["eligible"] is not None else eligible(state, role)
            Flow.push(state, "influence", eligible=reach, **data)
        else:
            Flow.push(state, action.arg, free=False, area=None, **data)


# -- influence (6.1) -------------------------------------------------------
def eligible(state: dict, role: str) -> list[int]:
    """In or next to own influence at round start, or next to own superpower (6.1.1, 6.1.4)."""
    seen = set(NEAR_SUPERPOWER[role])
    for c in influence_at_round_start(state, role):
        seen |= AROUND[c]
    if role == "ussr" and ccw_unresolved(state):
        seen.add(CCW)  # 12.1: the space touches only the USSR
    else:
        seen.discard(CCW)
    return sorted(seen)


def influence_choices(state: dict, frame: dict) -> list[int]:
    """Eligible countries whose cost (2 if enemy-controlled, 6.1.2) is affordable now."""
    left = frame["ops"] - frame["spent"]
    hooks = forbids(state, "influence")
    if left >= 2 and not frame["bonus"] and not hooks:
        return frame["eligible"]  # every eligible country is affordable
    role = frame["role"]
    own, opp, stab = state["inf"][role], state["inf"][OTHER[role]], STABILITY
    if not frame["bonus"] and not hooks:
        if left < 1:
            return []
        return [c for c in frame["eligible"]  # one op left: not enemy-controlled
                if opp[c] < stab[c] or opp[c] - own[c] < stab[c]]
    out = []
    for c in frame["eligible"]:
        cost = 2 if opp[c] >= stab[c] and opp[c] - own[c] >= stab[c] else 1
        if (cost <= left or cost <= available(frame, c)) and \
                not any(hook(state, role, c, "influence") for hook in hooks):
            out.append(c)
    return out


class Influence(Step):
    """Place influence one point at a time (6.1)."""

    name = "influence"

    def prompt(self, state, frame, role):
        left = frame["ops"] - frame["spent"]
        return make(f"Place influence ({counted(left, 'op', 'ops')} left)", PLACE, influence_choices(state, frame),
                    "Waiting for influence placement")

    def act(self, state, frame, role, action):
        c = action.arg
        require(type(c) is int and c in frame["eligible"], action)
        cost = 2 if controls(state, OTHER[role], c) else 1
        require(cost <= available(frame, c) and not forbidden(state, role, c, "influence"),
                action)
        spend(frame, c, cost)
        add_influence(state, role, c, 1)
        log_place(state, role, c)
        if c == CCW and check_ccw(state):
            frame["eligible"] = [x for x in frame["eligible"] if x != CCW]  # 12.1: ignored now
        if done(frame) or not influence_choices(state, frame):
            Flow.pop(state)


def check_ccw(state: dict) -> bool:
    """Third USSR point ends the Chinese Civil War; China goes to the USSR (12.3)."""
    if state["inf"]["ussr"][CCW] < CCW_NEEDED:
        return False
    state["inf"]["ussr"][CCW] = 0
    state["ccw"] = "resolved"
    state["china"] = {"holder": "ussr", "up": True}
    log(state, "ccw_resolved")
    return True


# -- realignment (6.2) -----------------------------------------------------
def require(ok: bool, action) -> None:
    """An ``act`` re-checks what it relies on: a wrong prompt (stale, or built
    for another state) can never apply an impossible change."""
    if not ok:
        raise IllegalAction(f"{action.verb} {action.arg!r} is not possible now")


def among(x, items) -> bool:
    """``x in items`` with types compared too (True is not 1, 5.0 is not 5)."""
    kind = type(x)
    return any(y == x and type(y) is kind for y in items)


def can_target(state: dict, frame: dict, kind: str, c) -> bool:
    """``c`` is among `targets` (one country checked, without building the list)."""
    if type(c) is not int or not 0 < c < CCW:
        return False
    role = frame["role"]
    if not state["inf"][OTHER[role]][c]:
        return False
    if not ignores_defcon(state, frame) and REGION[c] in DEFCON_BANS.get(state["defcon"], ()):
        return False
    if frame.get("area") and c not in AREAS[frame["area"]]:
        return False
    if frame.get("only") is not None and c not in frame["only"]:
        return False
    return not forbidden(state, role, c, kind)


def ignores_defcon(state: dict, frame: dict) -> bool:
    """6.3.5 (Deluxe): an event's free coup or realignment ignores the DEFCON
    geography of 8.1.5. The original edition has no 6.3.5: its 8.1.5 (seed 004)
    bars every coup and realignment in the banned regions."""
    return bool(frame.get("free")) and not original(state)


def targets(state: dict, frame: dict, kind: str) -> list[int]:
    """Opponent influence there, DEFCON geography (8.1.5) unless free, hooks."""
    role = frame["role"]
    opp = state["inf"][OTHER[role]]
    bans = () if ignores_defcon(state, frame) else DEFCON_BANS.get(state["defcon"], ())
    area = AREAS[frame["area"]] if frame.get("area") else None
    out = _with_influence(opp, bans)
    if area is not None:
        out = [c for c in out if c in area]
    if frame.get("only") is not None:  # an event's own target list (Junta, Che)
        out = [c for c in out if c in frame["only"]]
    hooks = forbids(state, kind)
    if hooks:
        out = [c for c in out if not any(hook(state, role, c, kind) for hook in hooks)]
    return out


_TARGETS: dict = {}


def _with_influence(inf: list, bans) -> tuple[int, ...]:
    """Countries (never the CCW space, 12.1) holding influence, outside banned regions.

    Memoised on the influence list: prompts are built twice per decision."""
    if not prompts.CACHING:
        return tuple([c for c, n in enumerate(inf[:CCW]) if n and REGION[c] not in bans])
    key = (tuple(inf), bans)  # values only (bans: a frozenset or ())
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) > 20_000:
            _TARGETS.clear()
        found = tuple([c for c, n in enumerate(inf[:CCW]) if n and REGION[c] not in bans])
        _TARGETS[key] = found
    return found  # a tuple: callers can never change the memo


def realign_choices(state: dict, frame: dict) -> list[int]:
    found = targets(state, frame, "realign")
    if frame["bonus"] or frame["ops"] - frame["spent"] < 1:
        found = [c for c in found if available(frame, c) >= 1]
    return found


def realign_mod(state: dict, role: str, c: int) -> int:
    """+1 per adjacent controlled country, more influence, own superpower (6.2.2)."""
    own, opp = state["inf"][role], state["inf"][OTHER[role]]
    mod = 0
    for n in ADJ[c]:  # adjacent countries the side controls
        if own[n] >= STABILITY[n] and own[n] - opp[n] >= STABILITY[n]:
            mod += 1
    mod += own[c] > opp[c]
    mod += touches_own_superpower(role, c)
    for effect in state["effects"].values():  # e.g. Iran-Contra
        if effect.get("realign") and effect["role"] == role:
            mod += effect["realign"]
    return mod


class Realign(Step):
    """One realignment roll per op, one target at a time (6.2)."""

    name = "realign"

    def prompt(self, state, frame, role):
        left = frame["ops"] - frame["spent"]
        return make(f"Realignment roll ({counted(left, 'op', 'ops')} left)", REALIGN,
                    realign_choices(state, frame), "Waiting for realignment")

    def act(self, state, frame, role, action):
        require(can_target(state, frame, "realign", action.arg)
                and available(frame, action.arg) >= 1, action)
        spend(frame, action.arg, 1)
        realign(state, role, action.arg)
        if done(frame) or not realign_choices(state, frame):
            Flow.pop(state)


def realign(state: dict, role: str, c: int) -> None:
    rolls = [rng.roll(state), rng.roll(state)]  # [US, USSR] in every log line
    mods = [realign_mod(state, "us", c), realign_mod(state, "ussr", c)]
    us, ussr = rolls[0] + mods[0], rolls[1] + mods[1]
    winner = "us" if us > ussr else "ussr" if ussr > us else None
    removed = 0
    if winner:  # 6.2.3: never adds influence
        removed = -add_influence(state, OTHER[winner], c, -abs(us - ussr))
    log(state, "realign", role=role, country=c, rolls=rolls, mods=mods, removed=removed)


# -- coups (6.3) -----------------------------------------------------------
def coup_choices(state: dict, frame: dict) -> list[int]:
    return targets(state, frame, "coup")


def coup_mod(state: dict, role: str, c: int) -> int:
    mod = 0
    for effect in state["effects"].values():  # e.g. SALT, Death Squads
        value = effect.get("coup")
        if not value:
            continue
        area = effect.get("coup_area")
        if area and not any(c in AREAS[a] for a in ([area] if isinstance(area, str) else area)):
            continue
        if effect.get("coup_role", role) == role:
            mod += value
        elif effect.get("coup_other"):  # the other side's modifier (Death Squads)
            mod += effect["coup_other"]
    return mod


class Coup(Step):
    """One coup with all of the ops (6.3); free coups come from events (6.3.5)."""

    name = "coup"

    def prompt(self, state, frame, role):
        extra = tuple(c for option in COUP_OPTIONS for c in option.choices(state, role))
        return make("Choose a coup target", COUP, coup_choices(state, frame),
                    "Waiting for coup", extra=extra)

    def act(self, state, frame, role, action):
        if action.verb != "coup":  # an option offered before the coup (e.g. CMC)
            owners = [o for o in COUP_OPTIONS
                      if any(c.matches(action) for c in o.choices(state, role))]
            require(bool(owners), action)
            owners[0].act(state, role, action)
            return
        c = action.arg
        require(can_target(state, frame, "coup", c), action)
        Flow.pop(state)
        ops = available(frame, c)
        coup(state, role, c, ops, free=frame["free"])


def coup(state: dict, role: str, c: int, ops: int, free: bool = False) -> None:
    """Roll + ops vs twice stability; surplus becomes own influence (6.3.2-6.3.4)."""
    for hook in BEFORE_COUP:  # e.g. Cuban Missile Crisis ends the game
        hook(state, role, c)
        if state["result"] is not None:
            return
    if not free:  # 8.2.3; free coups give no military ops (8.2.5)
        add_milops(state, role, ops)
    die = rng.roll(state)
    mod = coup_mod(state, role, c)
    margin = die + ops + mod - 2 * STABILITY[c]
    removed = added = 0
    if margin > 0:
        removed = -add_influence(state, OTHER[role], c, -margin)
        added = add_influence(state, role, c, margin - removed)
    log(state, "coup", role=role, country=c, roll=die, ops=ops, mod=mod, free=free,
        removed=removed, added=added)
    if BATTLEGROUND[c] and not _no_defcon_drop(state, role):
        degrade_defcon(state, 1, "coup")


def _no_defcon_drop(state: dict, role: str) -> bool:
    return any(e.get("coup_no_defcon") == role for e in state["effects"].values())


KIND_CHOICES = {"influence": influence_choices, "realign": realign_choices, "coup": coup_choices}


# -- space race (6.4) ------------------------------------------------------
def has_ability(state: dict, role: str, box: int) -> bool:
    """First arrival gets the ability; the second arrival cancels it (6.4.4)."""
    return state["space"][role] >= box > state["space"][OTHER[role]]


def space_ops_needed(state: dict, role: str) -> int | None:
    """Ops needed for an attempt now, or None when no attempt is allowed."""
    box = state["space"][role] + 1
    if box > SPACE_LAST:  # 6.4.6
        return None
    limit = 2 if has_ability(state, role, 2) else 1  # 6.4.2, Animal in Space
    return SPACES[edition(state)][box - 1]["ops"] if state["space_tries"][role] < limit else None


def space_ok(state: dict, role: str, ops: int) -> bool:
    need = space_ops_needed(state, role)
    return need is not None and ops >= need


def space_attempt(state: dict, role: str, card: int) -> None:
    """Roll for the next box; VP to the first and second arrivals (6.4.1-6.4.3)."""
    state["space_tries"][role] += 1
    box = state["space"][role] + 1
    info = SPACES[edition(state)][box - 1]
    die = rng.roll(state)
    ok = die <= info["roll_max"]
    log(state, "space", role=role, card=card, box=box, roll=die, success=ok)
    if ok:
        advance_space(state, role)


def advance_space(state: dict, role: str) -> None:
    box = state["space"][role] + 1
    first = state["space"][OTHER[role]] < box
    state["space"][role] = box
    vp = SPACES[edition(state)][box - 1]["vp"]  # Lunar Orbit 4/2 in the original (6.4.3)
    gain_vp(state, role, vp[0 if first else 1], "space")

