"""Setup (WC§3, WC§10, WC§13) and the sealed survivor draft."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng
from games.rules.core.flow import Flow, Step

from .board import C, add_zombies, influence, log, next_sealed
from .data import CONTENTS, GATES


def sides_for(n: int) -> list[str]:
    """p1 -> a, p2 -> b, ... alternating round the table; an odd count makes
    the last seat the Lone Wolf (WC§1 table, §17 #1)."""
    sides = ["a" if i % 2 == 0 else "b" for i in range(n)]
    if n % 2:
        sides[-1] = "w"
    return sides


def deal_counts(n: int, side: str) -> tuple[int, int]:
    """Survivors (dealt, kept): 5/3 with 4-5 players and for the Lone Wolf, else 4/2."""
    return (5, 3) if n <= 5 or side == "w" else (4, 2)


def build(state: dict, options: dict) -> None:
    c = CONTENTS[options["content"]]
    roles = state["roles"]
    n = len(roles)
    sides = sides_for(n)
    obj = c.objectives[options["objective"]]
    setup = obj["setup"]
    state.update(content=options["content"], options=options, n=n, round=1, objective=obj["id"],
                 wolf=roles[-1] if n % 2 else None, den=None, late=[], once=[], box=[],
                 dead=[], gone=[], contrib=[], crisis=None, cgone=[], xgone=[], combat_phase=False,
                 main_done=[], xreader=0)
    state["col"] = {side: new_colony(setup, [r for r, s in zip(roles, sides) if s == side])
                    for side in ("a", "b")}
    state["pl"] = {r: {"side": s, "hand": [], "dice": [], "obj": None, "lead": None}
                   for r, s in zip(roles, sides)}
    state["sv"] = [None] * len(c.survivors)
    state["loc"] = {loc: {"z": 0, "b": setup.get("location_barricades", 0), "noise": 0, "deck": []}
                    for loc in c.locations}
    _decks(state, c, n)
    _objectives(state, c)
    for side in ("a", "b"):  # WC§3 step 4: the objective's setup box applies to both colonies
        state["col"][side]["gates"] = [[0, 0] for _ in range(GATES)]
        add_zombies(state, side, setup.get("colony_zombies", 0))
    log(state, "setup", players=n, objective=obj["id"], packs=[p["pack"] for p in c.packs])


def new_colony(setup: dict, seats: list[str]) -> dict:
    return {"morale": setup["morale"], "zero": False, "rounds": setup["rounds"],
            "food": setup.get("food_per_player", 0) * len(seats),
            "starve": 0, "waste": [], "bullets": setup["bullets"], "helpless": 0,
            "leader": None, "seats": seats, "gates": [], "wins": 0, "wins_enemy": 0}


def _decks(state: dict, c, n: int) -> None:
    """WC§3 steps 7-10: crises, survivors, crossroads, starting and location items."""
    crises = rng.shuffle(state, list(range(len(c.crises))))
    state["cdeck"], state["cbox"] = crises[:11], sorted(crises[11:])  # WC: 11 crisis cards
    state["sdeck"] = rng.shuffle(state, list(range(len(c.survivors))))
    state["xdeck"] = rng.shuffle(state, list(range(len(c.crossroads))))
    starting = rng.shuffle(state, list(c.decks["starting"]))
    each = 4 if n == 11 else 5
    for role in state["roles"]:
        state["pl"][role]["hand"] = sorted(starting[:each])
        starting = starting[each:]
    randoms = rng.shuffle(state, list(c.decks["random"]))
    per = c.const["random_items_per_deck"]
    for loc in c.locations:
        deck = list(c.decks[loc]) + randoms[:per]
        randoms = randoms[per:]
        state["loc"][loc]["deck"] = rng.shuffle(state, deck)
    state["box"] = sorted(starting + randoms)


def _objectives(state: dict, c) -> None:
    """WC§3 step 6 and WC§13: one secret objective per colony player, a Lone
    Wolf objective and three missions for the Lone Wolf (§17 #2)."""
    secrets = rng.shuffle(state, list(range(len(c.secrets))))
    for role in state["roles"]:
        if state["pl"][role]["side"] != "w":
            state["pl"][role]["obj"] = secrets.pop()
    if state["wolf"]:
        missions = rng.shuffle(state, list(range(len(c.missions))))
        k = c.const["lone_wolf_missions"]
        state["pl"][state["wolf"]]["obj"] = rng.randint(state, 0, len(c.wolf_objectives) - 1)
        state["den"] = {"morale": c.const["lone_wolf_morale"], "food": 0, "starve": 0, "waste": [],
                        "missions": missions[:k], "mdeck": missions[k:], "done": 0, "kills": 0,
                        "out": False, "swapped": False}


def push_draft(state: dict) -> None:
    offer, need = {}, {}
    for role in state["roles"]:
        dealt, kept = deal_counts(state["n"], state["pl"][role]["side"])
        offer[role] = sorted(state["sdeck"][-dealt:])
        del state["sdeck"][-dealt:]
        need[role] = kept
    Flow.push(state, "setup_done")
    Flow.push(state, "draft", sid=next_sealed(state), offer=offer, kept={r: [] for r in state["roles"]}, need=need)


class Draft(Step):
    """WC§3 step 12, sealed: each player keeps survivors one at a time; the
    first kept is the group leader. Nobody sees others' picks until all are in."""

    name = "draft"

    def active(self, state, frame):
        return [r for r in state["roles"] if len(frame["kept"][r]) < frame["need"][r]]

    def prompt(self, state, frame, role):
        c = C(state)
        kept = frame["kept"][role]
        what = "group leader" if not kept else "follower"
        return Prompt(f"Keep a survivor as your {what} ({frame['need'][role] - len(kept)} to keep)",
                      tuple(Choice("keep", s, c.survivors[s]["name"], "survivors")
                            for s in frame["offer"][role] if s not in kept),
                      "Waiting for the other players' survivor choices")

    def act(self, state, frame, role, action):
        frame["kept"][role].append(action.arg)
        if not self.active(state, frame):
            state["draft_result"] = {"offer": frame["offer"], "kept": frame["kept"]}
            Flow.pop(state)

    def default(self, state, frame, role):
        left = [s for s in frame["offer"][role] if s not in frame["kept"][role]]
        return ("keep", max(left, key=lambda s: influence(state, s)))


class SetupDone(Step):
    """Place the kept survivors at home, return the rest, pick colony leaders (WC§3 13-15)."""

    name = "setup_done"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        draft = state.pop("draft_result")
        for role in state["roles"]:
            side = state["pl"][role]["side"]
            if side == "w" and state["den"]["out"]:  # the Lone Wolf left during the draft
                state["gone"] += draft["kept"][role]
                state["sdeck"] += [s for s in draft["offer"][role] if s not in draft["kept"][role]]
                continue
            for sid in draft["kept"][role]:
                state["sv"][sid] = {"o": role, "at": "den" if side == "w" else side,
                                    "w": 0, "f": 0, "eq": [], "bit": False}
            state["pl"][role]["lead"] = draft["kept"][role][0]
            state["sdeck"] += [s for s in draft["offer"][role] if s not in draft["kept"][role]]
        rng.shuffle(state, state["sdeck"])
        for side in ("a", "b"):
            pick_first_leader(state, side)
        log(state, "survivors", kept={r: draft["kept"][r] for r in state["roles"]})


def pick_first_leader(state: dict, side: str) -> None:
    """WC§3 step 15: highest-influence group leader; ties at random (§17 #26)."""
    seats = state["col"][side]["seats"]
    best = max(influence(state, state["pl"][r]["lead"]) for r in seats)
    tied = [r for r in seats if influence(state, state["pl"][r]["lead"]) == best]
    leader = tied[rng.randint(state, 0, len(tied) - 1)] if len(tied) > 1 else tied[0]
    state["col"][side]["leader"] = leader
    log(state, "colony_leader", side=side, role=leader)


STEPS = (Draft(), SetupDone())
