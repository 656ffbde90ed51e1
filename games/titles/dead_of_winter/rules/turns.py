"""Player turns (WC§5): the Lone Wolf turn, paired turns in four parts
(crossroads draw, movement, simultaneous actions, crossroads resolution),
bite chains (B§9, WC§5.4, WC§7) and Lone Wolf missions (WC§13)."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng, undo
from games.rules.core.flow import Flow, Step

from .board import (C, next_sealed, split, armed, at_exact, at_place, capacity, expose, gate_free, has_passive,
                    kill, log, lowest, morale, occupancy, owner_side, place_of, send_home,
                    side_of, survivors_of, wound, add_zombies)
from .data import GATES, OTHER

PASS = Choice("pass", None, "Pass (no more moves this turn)", "done")


def gift_of(state: dict, role: str) -> int | None:
    """The card ``role`` was given and must play, if still in hand (B§8)."""
    card = current_turn(state)["must"].get(role)
    return card if card is not None and card in state["pl"][role]["hand"] else None


def fuel(state: dict, card: int) -> bool:
    return C(state).card[card]["effect"].get("effect") == "safe_move"


def seat_from_leader(state: dict, side: str, k: int) -> str:
    col = state["col"][side]
    seats = col["seats"]
    return seats[(seats.index(col["leader"]) + k) % len(seats)]


def current_turn(state: dict) -> dict | None:
    for frame in reversed(state["stack"]):
        if frame["step"] == "turn":
            return frame
    return None


def trigger(state: dict, role: str, kind: str, where: str | None, sid: int) -> None:
    """Note a crossroads trigger; resolution waits for part 4 (WC§5.2)."""
    turn = current_turn(state)
    if turn is None:
        return
    xrs = C(state).crossroads
    for entry in turn["xr"]:
        trig = xrs[entry["card"]]["trigger"]
        if entry["role"] == role and trig["kind"] == kind and trig.get("where") in (None, where):
            if sid not in entry["hits"]:
                entry["hits"].append(sid)


class Pairs(Step):
    """WC§5.1: pairs of players, counted clockwise from each colony leader."""

    name = "pairs"
    auto = True

    def run(self, state, frame):
        k = frame["k"]
        if k >= len(state["col"]["a"]["seats"]):
            Flow.pop(state)
            return
        frame["k"] += 1
        roles = [seat_from_leader(state, "a", k), seat_from_leader(state, "b", k)]
        Flow.push(state, "turn", roles=roles, ph=0, xr=[], must={}, asked=[], safe=[])


class Turn(Step):
    """One paired turn (or the Lone Wolf's turn), part by part."""

    name = "turn"
    auto = True

    def run(self, state, frame):
        ph = frame["ph"]
        frame["ph"] += 1
        if ph == 0:
            start_turn(state, frame)
        elif ph == 1:
            push_movement(state, frame["roles"])
        elif ph == 2:
            Flow.push(state, "act", roles=list(frame["roles"]), done=[], srch={}, handed=[])
        elif ph == 3:
            if state["bitten"]:
                frame["ph"] = 3
                bite_now(state, state["bitten"].pop(0))
        elif ph == 4:
            push_crossroads(state, frame)
        else:
            if state["wolf"] in frame["roles"]:
                check_missions(state)
            Flow.pop(state)


def start_turn(state: dict, frame: dict) -> None:
    """Part 1 (WC§5.2): crossroads drawn for each active player by the teammate
    on the right (Lone Wolf: colony players by rotation, §17 #3); B§6 step 2 frostbite."""
    log(state, "turn", roles=frame["roles"], round=state["round"])
    for role in frame["roles"]:
        if state["xdeck"]:
            frame["xr"].append({"card": state["xdeck"].pop(), "reader": reader_for(state, role),
                                "role": role, "hits": []})
            undo.checkpoint(state)
        for sid in survivors_of(state, role):
            if state["sv"][sid] is not None and state["sv"][sid]["f"]:  # a death may end the Lone Wolf
                wound(state, sid, 1, "frostbite")
    wolf = state["wolf"]
    if wolf in frame["roles"] and state["den"]["mdeck"] and state["den"]["missions"]:
        Flow.push(state, "swap", role=wolf)


def reader_for(state: dict, role: str) -> str:
    side = side_of(state, role)
    if side == "w":
        colony = [r for r in state["roles"] if r != role]
        state["xreader"] += 1
        return colony[(state["xreader"] - 1) % len(colony)]
    seats = state["col"][side]["seats"]
    return seats[seats.index(role) - 1]


def morale_order(state: dict, low_first: bool) -> list[str]:
    """Colonies by morale; a tie is settled by a die roll (WC§5.3, §5.5, §6.2)."""
    ma, mb = state["col"]["a"]["morale"], state["col"]["b"]["morale"]
    if ma == mb:
        first = "a" if rng.roll(state, 2) == 1 else "b"
        log(state, "tie_roll", first=first)
    else:
        first = "a" if (ma < mb) == low_first else "b"
    return [first, OTHER[first]]


def move_order(state: dict, roles: list[str]) -> list[str]:
    if len(roles) == 1:
        return list(roles)
    first = morale_order(state, True)[0]
    return sorted(roles, key=lambda r: side_of(state, r) != first)


# -- part 2: movement (WC§5.3) ----------------------------------------------
def push_movement(state: dict, roles: list[str]) -> None:
    """The alternating ping-pong, or with the option ``movement: exchanges`` a
    paired turn's sealed exchanges (exchanges.py; the Lone Wolf moves alone)."""
    order = move_order(state, roles)
    if len(order) == 2 and state["options"].get("movement") == "exchanges":
        from .exchanges import push_exchanges
        push_exchanges(state, order)
    else:
        Flow.push(state, "move", order=order, i=0, passed=[], moved=[])


class Move(Step):
    """Alternate single moves (lower morale first) until both have passed."""

    name = "move"

    def active(self, state, frame):
        return [frame["order"][frame["i"]]]

    def prompt(self, state, frame, role):
        from .actions import request_choices
        turn = current_turn(state)
        gift = gift_of(state, role)
        fuels = [gift] if gift is not None and fuel(state, gift) else [
            card for card in state["pl"][role]["hand"] if fuel(state, card) and role not in turn["safe"]]
        extra = [Choice("play", card, f"Play {C(state).card[card]['name']}: next move without exposure", "cards")
                 for card in fuels]
        if gift is not None and fuel(state, gift):  # a given card is played at once (B§8)
            return Prompt("Play the card you were given", tuple(extra), "")
        return Prompt("Move one survivor, or pass", tuple(move_choices(state, frame, role) + extra + request_choices(
            state, role, side_of(state, role))) + (PASS,), "Waiting for the movement step")

    def act(self, state, frame, role, action):
        if action.verb in ("play", "request"):
            from .actions import HANDLERS
            HANDLERS[action.verb](state, frame, role, action.arg)
            return
        if action.verb == "pass":
            frame["passed"].append(role)
            log(state, "pass", role=role)
        else:
            parts = action.arg.split(">")
            frame["moved"].append(int(parts[0]))
            do_move(state, role, int(parts[0]), parts[1], int(parts[2]) if len(parts) > 2 else None)
        others = [r for r in frame["order"] if r not in frame["passed"] and r != role]
        if others:
            frame["i"] = frame["order"].index(others[0])
        elif role in frame["passed"]:
            Flow.pop(state)

    def default(self, state, frame, role):
        gift = gift_of(state, role)
        if gift is not None and fuel(state, gift):
            return ("play", gift)
        return ("pass", None)


def move_choices(state: dict, frame: dict, role: str) -> list[Choice]:
    side = side_of(state, role)
    names = C(state).survivors
    out = []
    for sid in survivors_of(state, role):
        if sid in frame["moved"]:
            continue
        name = names[sid]["name"]
        for dest in destinations(state, side, state["sv"][sid]["at"]):
            if "@" in dest or occupancy(state, dest) < capacity(state, dest):
                out.append(Choice("move", f"{sid}>{dest}", f"{name} to {dest}", "move"))
            else:
                out += bounce_choices(state, frame, role, side, sid, name, dest)
    return out


def destinations(state: dict, side: str, at: str) -> list[str]:
    c = C(state)
    home = "den" if side == "w" else side
    out = [home] if at != home and occupancy(state, home) < capacity(state, home) else []
    out += [loc for loc in c.locations if loc != at]
    for enemy in (("a", "b") if side == "w" else (OTHER[side],)):
        out += [f"{enemy}@{g}" for g in range(1, GATES + 1)
                if f"{enemy}@{g}" != at and gate_free(state, enemy, g) > 0]
    return out


def bounce_choices(state, frame, role, side, sid, name, dest) -> list[Choice]:
    """A full location: send one survivor there home first (WC§5.3, WC§13)."""
    out = []
    busy = [r for r in frame["order"] if r != role]  # the enemy player of this paired turn
    for victim in at_exact(state, dest):
        if state["sv"][victim]["o"] in busy:
            continue
        if bounce_cost(state, role, side, victim) is not None:
            out.append(Choice("move", f"{sid}>{dest}>{victim}", f"{name} to {dest}, sending {victim} home", "move"))
    return out


def bounce_cost(state: dict, role: str, side: str, victim: int) -> tuple | None:
    """(resource, amount) or None if unaffordable: own colony free; enemy 1 bullet
    (2 if armed); the Lone Wolf pays an action die unless it is its own survivor."""
    vside = owner_side(state, victim)
    if vside == side:
        return ("free", 0)
    if side == "w":
        return ("die", 1) if state["pl"][role]["dice"] else None
    cost = 2 if armed(state, victim) else 1
    return ("bullets", cost) if state["col"][side]["bullets"] >= cost else None


def do_move(state: dict, role: str, sid: int, dest: str, victim: int | None = None) -> None:
    side = side_of(state, role)
    if victim is not None:
        what, n = bounce_cost(state, role, side, victim)
        if what == "bullets":
            state["col"][side]["bullets"] -= n
        elif what == "die":
            state["pl"][role]["dice"].pop(0)
        send_home(state, victim)
    s = state["sv"][sid]
    log(state, "move", survivor=sid, frm=s["at"], to=dest)
    s["at"] = dest
    safe = current_turn(state)["safe"]
    if role in safe:
        safe.remove(role)
    elif not has_passive(state, sid, "no_move_exposure"):
        if expose(state, sid) == "bitten":
            start_bite(state, place_of(dest))
            return
    if state["sv"][sid] is not None:
        trigger(state, role, "move_to", place_of(dest), sid)


# -- bites (B§9, WC§5.4, WC§7) ------------------------------------------------
def bite_now(state: dict, sid: int) -> None:
    """A survivor laid aside as bitten during simultaneous actions dies now."""
    if state["sv"][sid] is None:
        return
    place = place_of(state["sv"][sid]["at"])
    kill(state, sid, "bitten")
    start_bite(state, place)


def start_bite(state: dict, place: str, tried: list | None = None) -> None:
    tried = tried or []
    victims = [i for i in at_place(state, place) if i not in tried and not state["sv"][i]["bit"]
               and not has_passive(state, i, "bite_immune")]
    if victims:
        Flow.push(state, "bite", at=place, victim=lowest(state, victims), tried=tried)


class Bite(Step):
    """The bite spreads to the lowest-influence survivor there; its controller
    lets it die (the spread stops) or rolls (blank: it lives and the spread stops)."""

    name = "bite"

    def active(self, state, frame):
        return [state["sv"][frame["victim"]]["o"]]

    def prompt(self, state, frame, role):
        name = C(state).survivors[frame["victim"]]["name"]
        return Prompt(f"The bite spreads to {name}", (
            Choice("bite", "roll", "Roll the exposure die", "bite"),
            Choice("bite", "die", "Let the survivor die (the spread stops)", "bite")),
            "Waiting for a bite chain")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        victim = frame["victim"]
        if action.arg == "die":
            kill(state, victim, "bite")
            return
        face = C(state).exposure[rng.roll(state, 12) - 1]
        log(state, "bite_roll", survivor=victim, face=face)
        if face != "blank":
            kill(state, victim, "bite")
            start_bite(state, frame["at"], frame["tried"] + [victim])

    def default(self, state, frame, role):
        return ("bite", "roll")


# -- part 4: crossroads (WC§5.5) ----------------------------------------------
def push_crossroads(state: dict, frame: dict) -> None:
    order = morale_order(state, False) if any(e["hits"] for e in frame["xr"]) else []
    fired = []
    for entry in frame["xr"]:
        if entry["hits"]:
            fired.append(entry)
        else:
            state["xdeck"].insert(0, entry["card"])
    rank = {s: i for i, s in enumerate(order + ["w"])}
    fired.sort(key=lambda e: rank[side_of(state, e["role"])])
    for entry in reversed(fired):
        log(state, "crossroads", card=entry["card"], role=entry["role"], reader=entry["reader"])
        if C(state).crossroads[entry["card"]].get("vote"):
            side = side_of(state, entry["role"])
            voters = [entry["role"]] if side == "w" else state["col"][side]["seats"]
            Flow.push(state, "xvote", sid=next_sealed(state), card=entry["card"], role=entry["role"], hits=entry["hits"],
                      votes={r: None for r in voters})
        else:
            Flow.push(state, "xroad", card=entry["card"], role=entry["role"], hits=entry["hits"])
    frame["xr"] = []


class Crossroads(Step):
    """The active player chooses an option and the survivor it applies to."""

    name = "xroad"

    def prompt(self, state, frame, role):
        card = C(state).crossroads[frame["card"]]
        alive = [s for s in frame["hits"] if state["sv"][s] is not None] or [None]
        only = frame.get("only")
        choices = tuple(Choice("option", f"{i}>{-1 if sid is None else sid}", option["label"], "crossroads")
                        for i, option in enumerate(card["options"])
                        if option_ok(state, role, option) and only in (None, i)
                        for sid in alive)
        return Prompt(f"Crossroads: {card['name']}", choices, "Waiting for a crossroads choice")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        index, sid = split(action.arg)
        sid = None if sid < 0 else sid
        option = C(state).crossroads[frame["card"]]["options"][index]
        state["xgone"].append(frame["card"])
        log(state, "crossroads_choice", card=frame["card"], role=role, option=index, survivor=sid)
        for effect in option["effects"]:
            xr_effect(state, role, sid, effect)

    def default(self, state, frame, role):
        """The card's marked default option, else the first (correspondence-design §5)."""
        choices = self.prompt(state, frame, role).choices
        options = C(state).crossroads[frame["card"]]["options"]
        marked = [c for c in choices if options[int(c.arg.split(">")[0])].get("default")]
        choice = (marked or choices)[0]
        return (choice.verb, choice.arg)


class CrossroadsVote(Step):
    """B§12 group vote, sealed. WC§5.5 / §17 #11: the active player's colony
    votes; "no vote" is not counted; the colony leader's vote breaks a tie."""

    name = "xvote"

    def active(self, state, frame):
        return [r for r, v in frame["votes"].items() if v is None]

    def prompt(self, state, frame, role):
        card = C(state).crossroads[frame["card"]]
        return Prompt(f"Crossroads vote: {card['name']}", tuple(
            Choice("xvote", i, option["label"], "vote") for i, option in enumerate(card["options"])
            if option_ok(state, frame["role"], option)) + (Choice("xvote", -1, "No vote", "vote"),),
            "Waiting for the crossroads vote")

    def act(self, state, frame, role, action):
        frame["votes"][role] = action.arg
        if self.active(state, frame):
            return
        Flow.pop(state)
        winner = vote_winner(state, frame)
        log(state, "crossroads_vote", card=frame["card"], votes=dict(frame["votes"]), option=winner)
        Flow.push(state, "xroad", card=frame["card"], role=frame["role"], hits=frame["hits"], only=winner)

    def default(self, state, frame, role):
        return ("xvote", -1)


def vote_winner(state: dict, frame: dict) -> int:
    options = C(state).crossroads[frame["card"]]["options"]
    valid = [i for i, o in enumerate(options) if option_ok(state, frame["role"], o)]
    counts = {i: 0 for i in valid}
    for vote in frame["votes"].values():
        if vote in counts:
            counts[vote] += 1
    best = max(counts.values())
    tied = [i for i in valid if counts[i] == best]
    side = side_of(state, frame["role"])
    lead_vote = frame["votes"].get(state["col"][side]["leader"]) if side != "w" else None
    if lead_vote in tied:
        return lead_vote
    marked = [i for i in tied if options[i].get("default")]
    return (marked or tied)[0]


def option_ok(state: dict, role: str, option: dict) -> bool:
    side = side_of(state, role)
    for effect in option["effects"]:
        if effect["kind"] == "bullets" and effect["n"] < 0:
            if side == "w" or state["col"][side]["bullets"] < -effect["n"]:
                return False
    return True


def xr_effect(state: dict, role: str, sid: int | None, effect: dict) -> None:
    """Card text reads as your own colony (WC§8)."""
    side, kind, n = side_of(state, role), effect["kind"], effect.get("n", 0)
    if sid is not None and state["sv"][sid] is None:
        sid = None
    if kind == "morale":
        morale(state, side, n, "crossroads")
    elif kind == "food":
        store(state, side)["food"] += n
    elif kind == "bullets" and side != "w":
        state["col"][side]["bullets"] = max(0, state["col"][side]["bullets"] + n)
    elif kind == "wound" and sid is not None:
        wound(state, sid, n, "crossroads")
    elif kind == "zombies":
        add_zombies(state, place_of(state["sv"][sid]["at"]) if sid is not None else side, n)
    elif kind == "helpless" and side != "w":
        state["col"][side]["helpless"] += n
    elif kind == "draw_item" and sid is not None:
        at = state["sv"][sid]["at"]
        if at in state["loc"] and state["loc"][at]["deck"]:
            state["pl"][role]["hand"].append(state["loc"][at]["deck"].pop())
            undo.checkpoint(state)


def store(state: dict, side: str) -> dict:
    """The food/waste holder: a colony, or the Den for the Lone Wolf."""
    return state["den"] if side == "w" else state["col"][side]


# -- Lone Wolf missions (WC§13) ----------------------------------------------
class Swap(Step):
    """Once per round, at the start of the turn, swap one mission for a new one."""

    name = "swap"

    def prompt(self, state, frame, role):
        missions = C(state).missions
        return Prompt("Swap a mission?", tuple(
            Choice("swap", m, f"Discard {missions[m]['name']}", "missions")
            for m in state["den"]["missions"]) + (Choice("keep", None, "Keep your missions", "done"),),
            "Waiting for the Lone Wolf")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        den = state["den"]
        if action.verb == "swap":
            den["missions"].remove(action.arg)
            den["mgone"] = den.get("mgone", []) + [action.arg]
            den["missions"].append(den["mdeck"].pop())
            undo.checkpoint(state)
            log(state, "mission_swap", role=role)

    def default(self, state, frame, role):
        return ("keep", None)


def check_missions(state: dict) -> None:
    from .scoring import condition_met
    den, role = state["den"], state["wolf"]
    if den["out"]:
        return
    for m in list(den["missions"]):
        mission = C(state).missions[m]
        if condition_met(state, role, mission["condition"]):
            den["missions"].remove(m)
            den["mgone"] = den.get("mgone", []) + [m]
            den["done"] += 1
            log(state, "mission", role=role, mission=m)
            morale(state, "w", mission.get("morale", 1), "mission")
            if den["mdeck"]:
                den["missions"].append(den["mdeck"].pop())
    den["kills"] = 0


STEPS = (Pairs(), Turn(), Move(), Bite(), Crossroads(), CrossroadsVote(), Swap())
