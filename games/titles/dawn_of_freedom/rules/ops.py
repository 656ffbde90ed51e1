"""Operations (6.x): support placement, support checks, Tiananmen Square.

An operations play is a frame with ``ops`` (after the player's modifiers,
7.3), ``spent`` and ``bonus`` (``[[country, n]]``: extra ops kept only while
every use is in that country, e.g. Austria-Hungary Border Reopened). Events
that grant operations (7.4) push the same steps with their own ops value.
"""
from __future__ import annotations

from games.rules.core import Choice, rng
from games.rules.core.flow import Flow, Step
from games.rules.core.prompts import counted

from .board import add_sp, adjacent_control, controls, log, neighbours
from .cards import has_ability, modified_ops, ops_bonuses, ops_value
from .data import AROUND, COUNTRY, NAME, OTHER, SIDE, SLOTS, STABILITY, TST_LAST, TST_NEEDS
from .prompts import make

PLACE = {s: Choice("place", s, NAME[s], "spaces") for s in range(1, SLOTS)}
CHECK = {s: Choice("check", s, NAME[s], "spaces") for s in range(1, SLOTS)}
CHECK_BONUS = {s: Choice("check_bonus", s, f"{NAME[s]} (with the country bonus)", "spaces")
               for s in range(1, SLOTS)}
MODES = {m: Choice("mode", m, label, "ops") for m, label in
         (("place", "Place support"), ("check", "Support checks"),
          ("tst", "Tiananmen Square attempt"))}
STOP = Choice("done", None, "No more support checks (6.4)", "done")

# Effects that forbid placing or checking somewhere: (kind, effect keys, hook),
# hook(state, role, space) -> True forbids. Consulted only while one of its
# effects is in play; a hook with a ``spaces`` attribute (a set) is asked
# only about those spaces (Solidarity Legalized: Gdansk).
FORBIDS: list = []
# Effects that change a support check (6.2.4) while one of their keys is in
# play: (effect keys, hook(state, role, space, mod) -> mod), before the roll
# is compared (The Wall, Tear Gas) ...
CHECK_MODIFIERS: list = []
# ... and (effect keys, hook(state, role, space, excess)) once it is resolved
# (Helsinki Final Act, Eco-Glasnost).
AFTER_CHECK: list = []
# Effects that change what one SP of a placement costs (6.1.3) while one of
# their keys is in play: (effect keys, hook(state, role, space, cost) -> cost) (Genscher).
PLACE_COSTS: list = []


def _live(state: dict, hooks: list) -> list:
    """The hooks of (keys, hook) pairs one of whose effect keys is in play."""
    effects = state["effects"]
    if not effects or not hooks:
        return []
    out = []
    for keys, hook in hooks:
        for key in keys:
            if key in effects:
                out.append(hook)
                break
    return out


def forbidden(state: dict, role: str, space: int, kind: str) -> bool:
    return any(hook(state, role, space) for hook in forbids_live(state, kind))


def forbids_live(state: dict, kind: str) -> list:
    """The FORBIDS hooks of ``kind`` whose effect is in play now (looked up
    once per prompt, not per space)."""
    live = state["effects"]
    if not FORBIDS or not live:
        return []
    out = []
    for k, keys, hook in FORBIDS:
        if k == kind:
            for key in keys:
                if key in live:
                    out.append(hook)
                    break
    return out


def start_ops(state: dict, role: str, card: int | None, ops: int, bonus: list,
              kinds: tuple = ("place", "check")) -> None:
    """Push an operations play (6.0; also 7.4 for events granting ops)."""
    frame = {"role": role, "card": card, "ops": ops, "spent": 0,
             "bonus": [list(b) for b in bonus]}
    modes = [k for k in kinds if MODE_POSSIBLE[k](state, frame)]
    if not modes:
        log(state, "ops_lost", role=role, card=card, ops=ops)
        return
    Flow.push(state, "ops_mode", modes=modes, **frame)


def play_ops(state: dict, role: str, card: int) -> None:
    start_ops(state, role, card, ops_value(state, role, card), ops_bonuses(state, role))


class OpsMode(Step):
    """All of a card's ops go to one use (6.0)."""

    name = "ops_mode"

    def prompt(self, state, frame, role):
        return make(f"Use {counted(frame['ops'], 'op', 'ops')}", MODES, frame["modes"], "Waiting for operations")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        data = {k: frame[k] for k in ("role", "card", "ops", "spent", "bonus")}
        log(state, "ops", role=role, card=frame["card"], ops=frame["ops"], mode=action.arg)
        if action.arg == "place":
            Flow.push(state, "place", reach=reach(state, role), **data)
        elif action.arg == "tst":  # events that let a card be used for any operation
            tst_attempt(state, role, frame["card"])
        else:
            Flow.push(state, "check", left=2, only=None, **data)


# -- support placement (6.1) -----------------------------------------------
def reach(state: dict, role: str) -> list[int]:
    """6.1.2: spaces with own SPs before the first SP of this play, and their
    neighbours (after Systematization, the rewired ones: ``neighbours``)."""
    seen: set = set()
    if state["gone"]:
        for s, n in enumerate(state["sp"][role]):
            if n:
                seen.add(s)
                seen.update(neighbours(state, s))
        seen -= set(state["gone"])
        return sorted(seen)
    for s, n in enumerate(state["sp"][role]):
        if n:
            seen |= AROUND[s]
    return sorted(seen)


def available(frame: dict, space: int) -> int:
    left = frame["ops"] - frame["spent"]
    for country, n in frame["bonus"]:
        if COUNTRY[space] == country:
            left += n
    return left


def spend(frame: dict, space: int, cost: int) -> None:
    """Pay ops; a use outside a bonus country voids that bonus (7.3)."""
    frame["spent"] += cost
    if frame["bonus"]:
        frame["bonus"] = [b for b in frame["bonus"] if COUNTRY[space] == b[0]]


def place_choices(state: dict, frame: dict) -> list[int]:
    """Reachable spaces whose cost (2 where the opponent controls, 6.1.3) is payable now."""
    role = frame["role"]
    other = OTHER[role]
    left = frame["ops"] - frame["spent"]
    hooks = forbids_live(state, "place")
    if left >= 2 and not frame["bonus"] and not hooks:
        return frame["reach"]
    opp, own, stab = state["sp"][other], state["sp"][role], STABILITY
    costs = _live(state, PLACE_COSTS)
    if not frame["bonus"] and not hooks and not costs:  # one op left: not opponent-controlled
        if left < 1:
            return []
        return [s for s in frame["reach"] if not opp[s] or opp[s] - own[s] < stab[s]]
    out = []
    for s in frame["reach"]:
        cost = 2 if opp[s] and opp[s] - own[s] >= stab[s] else 1
        for hook in costs:
            cost = hook(state, role, s, cost)
        if cost <= available(frame, s) and not any(h(state, role, s) for h in hooks):
            out.append(s)
    return out


class Place(Step):
    """One SP at a time, cost worked out at the moment of each point (6.1.3)."""

    name = "place"

    def prompt(self, state, frame, role):
        left = frame["ops"] - frame["spent"]
        return make(f"Place support ({counted(left, 'op', 'ops')} left)", PLACE, place_choices(state, frame),
                    "Waiting for support placement")

    def act(self, state, frame, role, action):
        s = action.arg
        cost = 2 if controls(state, OTHER[role], s) else 1
        for hook in _live(state, PLACE_COSTS):
            cost = hook(state, role, s, cost)
        spend(frame, s, cost)
        add_sp(state, role, s, 1)
        log(state, "place", role=role, space=s, cost=cost)
        if (frame["spent"] >= frame["ops"] and not frame["bonus"]) or not place_choices(state, frame):
            Flow.pop(state)


# -- support checks (6.2) --------------------------------------------------
def check_targets(state: dict, role: str, only=None, within=None) -> list[int]:
    """6.2.3: spaces holding opponent SPs (anywhere; own presence not needed);
    an event may narrow them to a country (``only``) or to listed spaces."""
    opp = state["sp"][OTHER[role]]
    out = [s for s in range(1, SLOTS) if opp[s]]
    if only is not None:
        out = [s for s in out if COUNTRY[s] == only]
    if within is not None:
        out = [s for s in out if s in within]
    for hook in forbids_live(state, "check"):
        asks = getattr(hook, "spaces", None)
        if asks is None:
            out = [s for s in out if not hook(state, role, s)]
        else:
            out = [s for s in out if s not in asks or not hook(state, role, s)]
    return out


def check_keys(state: dict, frame: dict) -> tuple[list, tuple]:
    targets = check_targets(state, frame["role"], frame["only"], frame.get("within"))
    extra = (STOP,)
    bonus = [s for s in targets for c, _ in frame["bonus"] if COUNTRY[s] == c]
    if bonus and frame["left"] == 2:  # 11.1: announced before the first roll
        extra = tuple(CHECK_BONUS[s] for s in bonus) + extra
    return targets, extra


class Check(Step):
    """Two support checks per card whatever its ops (6.2.2); voluntary (6.4)."""

    name = "check"

    def prompt(self, state, frame, role):
        targets, extra = check_keys(state, frame)
        return make(f"Support check ({frame['left']} left)", CHECK, targets,
                    "Waiting for support checks", extra)

    def act(self, state, frame, role, action):
        if action.verb == "done":
            Flow.pop(state)
            return
        ops = frame["ops"]
        if action.verb == "check_bonus":
            frame["only"] = COUNTRY[action.arg]
            frame["ops"] = ops = ops + sum(n for c, n in frame["bonus"] if c == frame["only"])
            frame["bonus"] = []
        elif frame["bonus"] and frame["left"] == 2:
            frame["bonus"] = []  # not announced: no bonus (11.1)
        frame["left"] -= 1
        support_check(state, role, action.arg, ops)
        if state["result"] is not None:  # an effect's VP ended the game
            return
        if not frame["left"] or not check_targets(state, role, frame["only"], frame.get("within")):
            Flow.pop(state)


def support_check(state: dict, role: str, space: int, ops: int) -> int:
    """6.2.4-6.2.6: die + ops + adjacency against twice the stability; the
    excess removes opponent SPs, then adds own. Returns the excess."""
    die = rng.roll(state)
    mod = adjacent_control(state, role, space)
    for hook in _live(state, CHECK_MODIFIERS):
        mod = hook(state, role, space, mod)
    excess = die + ops + mod - 2 * STABILITY[space]
    removed = added = 0
    if excess > 0:
        removed = -add_sp(state, OTHER[role], space, -excess)
        added = add_sp(state, role, space, excess - removed)
    log(state, "support_check", role=role, space=space, roll=die, ops=ops, mod=mod,
        removed=removed, added=added)
    for hook in _live(state, AFTER_CHECK):
        hook(state, role, space, excess)
    return excess


def free_check(state: dict, role: str, ops: int, why: str) -> bool:
    """One voluntary check with a given ops value (TST box 6, events: 7.4)."""
    if not check_targets(state, role):
        return False
    Flow.push(state, "check", role=role, card=None, ops=modified_ops(state, role, ops),
              spent=0, bonus=[], left=1, only=None, why=why)
    return True


# -- Tiananmen Square Track (6.3) ------------------------------------------
def tst_allowed(state: dict, role: str) -> bool:
    """Once per turn (6.3.3), never after the last box (6.3.7)."""
    return not state["tst_tried"][role] and state["tst"][role] < TST_LAST


def tst_attempt(state: dict, role: str, card: int) -> None:
    """6.3.1-6.3.2: die + ops + modifiers against the next box's number."""
    state["tst_tried"][role] = True
    box = state["tst"][role] + 1
    die = rng.roll(state)
    mod = (SIDE[card] == role) + (state["tst_failed"][role] == box)
    mod += has_ability(state, role, 1)
    mod += sum(1 for e in state["effects"].values() if e.get("tst") == role)  # Li Peng
    ops = ops_value(state, role, card)
    ok = die + ops + mod >= TST_NEEDS[role][box]
    log(state, "tst_attempt", role=role, card=card, box=box, roll=die, ops=ops, mod=mod,
        success=ok)
    if ok:
        advance_tst(state, role)
    else:
        state["tst_failed"][role] = box


def advance_tst(state: dict, role: str) -> None:
    """Move one box; a first arrival gets the box (6.3.5), a second ends the
    opponent's lasting ability there."""
    from .tst import award  # noqa: PLC0415 (award steps need this module)

    state["tst"][role] += 1
    box = state["tst"][role]
    first = state["tst"][OTHER[role]] < box
    log(state, "tst_advance", role=role, box=box, first=first)
    if first:
        award(state, role, box)


STEPS = (OpsMode(), Place(), Check())
MODE_POSSIBLE = {
    "place": lambda state, frame: any(state["sp"][frame["role"]]),
    "check": lambda state, frame: bool(check_targets(state, frame["role"])),
    "tst": lambda state, frame: frame["card"] is not None and tst_allowed(state, frame["role"]),
}
