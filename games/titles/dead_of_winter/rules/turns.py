"""Player turns (WC§5): the Lone Wolf turn, paired turns in four parts
(crossroads draw, movement, simultaneous actions, crossroads resolution) and
Lone Wolf missions (WC§13). Moves are made in movement.py and exchanges.py,
actions in actions.py, bite chains in bites.py."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng, undo
from games.rules.core.flow import Flow, Step

from .bites import bite_now
from .board import C, next_sealed, split, log, morale, place_of, side_of, store, survivors_of, wound, add_zombies
from .data import OTHER
from .exchanges import push_exchanges


def seat_from_leader(state: dict, side: str, k: int) -> str:
    col = state["col"][side]
    seats = col["seats"]
    return seats[(seats.index(col["leader"]) + k) % len(seats)]


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
    """The alternating ping-pong (movement.py), or with the option ``movement: exchanges``
    a paired turn's sealed exchanges (exchanges.py; the Lone Wolf moves alone)."""
    order = move_order(state, roles)
    if len(order) == 2 and state["options"].get("movement") == "exchanges":
        push_exchanges(state, order)
    else:
        Flow.push(state, "move", order=order, i=0, passed=[], moved=[])


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
                      where=entry.get("where", {}), votes={r: None for r in voters})
        else:
            Flow.push(state, "xroad", card=entry["card"], role=entry["role"], hits=entry["hits"],
                      where=entry.get("where", {}))
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
        here = here_of(state, frame, role, sid)
        for effect in option["effects"]:
            xr_effect(state, role, sid, effect, here)

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
        Flow.push(state, "xroad", card=frame["card"], role=frame["role"], hits=frame["hits"], only=winner,
                  where=frame.get("where", {}))

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


def here_of(state: dict, frame: dict, role: str, sid: int | None) -> str | None:
    """The place a card's "here" names (issue 34): where the chosen survivor (or,
    when every survivor that set the card off is gone, the first of them) was
    when it set the card off, kept in the card's frame (crossroads resolve in
    part 4, WC§5.5, after survivors may have moved on, died, or left with the
    Lone Wolf). A frame saved before the place was kept: the survivor's place
    now, else the active player's colony (the Lone Wolf: nowhere)."""
    where = frame.get("where", {})
    key = sid if sid is not None else (frame["hits"][0] if frame["hits"] else None)
    if key is not None and str(key) in where:
        return where[str(key)]
    return _here_now(state, role, sid)


def _here_now(state: dict, role: str, sid: int | None) -> str | None:
    if sid is not None and state["sv"][sid] is not None:
        return place_of(state["sv"][sid]["at"])
    side = side_of(state, role)
    return None if side == "w" else side


def xr_effect(state: dict, role: str, sid: int | None, effect: dict, here: str | None = None) -> None:
    """Card text reads as your own colony (WC§8). ``here``: here_of. Every effect
    resolves when its survivor is gone: a wound or an item needs the survivor
    and is lost; zombies go to ``here`` (none in the Den or nowhere)."""
    side, kind, n = side_of(state, role), effect["kind"], effect.get("n", 0)
    if sid is not None and state["sv"][sid] is None:
        sid = None
    if here is None:
        here = _here_now(state, role, sid)
    if kind == "morale":
        morale(state, side, n, "crossroads")
    elif kind == "food":
        store(state, side)["food"] += n
    elif kind == "bullets" and side != "w":
        state["col"][side]["bullets"] = max(0, state["col"][side]["bullets"] + n)
    elif kind == "wound" and sid is not None:
        wound(state, sid, n, "crossroads")
    elif kind == "zombies":
        if here in ("a", "b") or here in state["loc"]:
            add_zombies(state, here, n)
    elif kind == "helpless" and side != "w":
        state["col"][side]["helpless"] += n
    elif kind == "draw_item" and sid is not None:
        at = here
        if at in state["loc"] and state["loc"][at]["deck"]:
            state["pl"][role]["hand"].append(state["loc"][at]["deck"].pop())
            undo.checkpoint(state)


# -- the Lone Wolf out during its own turn (WC§13) ------------------------------
def end_wolf_turn(state: dict) -> bool:
    """WC§13: a Lone Wolf at 0 morale "게임에서 패배하고 게임에서 제거 됩니다" (loses
    and is removed from the game) at once. If that happens during its own turn,
    nothing more is asked of it: its pending inputs (mission swap, moves,
    actions, a search, Talia Jones' reorder, its crossroads) are dropped, its
    crossroads cards go back (drawn, not fired: to the bottom of the deck;
    fired: discarded, as a resolved card), a search's cards go to the bottom of
    that deck, and the turn ends after any bite chain still owed by another
    player's survivor and any choice owed by another player (asks.py; those
    frames stay). True if the stack changed (the flow
    then settles again)."""
    den, wolf = state["den"], state["wolf"]
    if wolf is None or den is None or not den["out"]:
        return False
    stack = state["stack"]
    at = next((i for i, f in enumerate(stack) if f["step"] == "turn" and wolf in f["roles"]), None)
    if at is None:
        return False
    turn, changed = stack[at], False
    for entry in turn["xr"]:
        state["xdeck"].insert(0, entry["card"])
        changed = True
    turn["xr"] = []
    if turn["ph"] < 3:
        turn["ph"], changed = 3, True
    kept = []
    for frame in stack[at + 1:]:
        if frame["step"] == "bite" and state["sv"][frame["victim"]] is not None or \
                frame["step"] == "ask" and frame["role"] != wolf:
            kept.append(frame)
            continue
        changed = True
        if frame["step"] in ("xroad", "xvote"):
            state["xgone"].append(frame["card"])
        elif frame["step"] == "act":
            for search in frame["srch"].values():
                deck = state["loc"][search["at"]]["deck"]
                for card in search["cards"]:
                    deck.insert(0, card)
    stack[at + 1:] = kept
    return changed


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


STEPS = (Pairs(), Turn(), Crossroads(), CrossroadsVote(), Swap())
