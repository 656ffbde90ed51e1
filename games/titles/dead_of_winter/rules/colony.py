"""The round (WC§4) and the colony phase (WC§6): food, combat, unguarded
colonies, waste, the joint crisis, bullets, zombies, the main objective, the
round trackers and elections."""
from __future__ import annotations

from games.rules.core import Choice, Prompt, rng
from games.rules.core import flow
from games.rules.core.flow import Flow, Step

from .bites import bite_now
from .board import (C, next_sealed, add_zombies, armed, at_exact, at_place, expose, wolf_elsewhere, influence,
                    log, morale, occupancy, owner_side, replace_last, store, survivors_of, wound,
                    colony_occupants)
from .data import OTHER
from .scoring import end_game, main_complete
from .turns import morale_order, seat_from_leader


class Phases(flow.Phases):
    """`core.flow.Phases` on this title's frame key (``frame["ph"]``)."""

    key = "ph"


class Round(Phases):
    """WC§4: the phases of one round, in order (PHASES)."""

    name = "round"


def start_round(state, frame):
    """Reveal the joint crisis, roll everyone's action dice (B§5, WC§4)."""
    state["crisis"] = state["cdeck"].pop() if state["cdeck"] else None
    log(state, "round", round=state["round"], crisis=state["crisis"])
    state["once"] = []
    for role in state["roles"]:
        player = state["pl"][role]
        if player["side"] == "w" and state["den"]["out"]:
            continue
        mine = survivors_of(state, role)
        extra = sum(C(state).card[x]["effect"].get("passive") == "extra_die"
                    for s in mine for x in state["sv"][s]["eq"])
        player["dice"] = sorted(rng.roll(state) for _ in range(1 + len(mine) + extra))
        log(state, "dice", role=role, dice=list(player["dice"]))


def wolf_turn(state, frame):
    """WC§13: the Lone Wolf's whole turn comes first."""
    if state["wolf"] and not state["den"]["out"]:
        Flow.push(state, "turn", roles=[state["wolf"]], ph=0, xr=[], must={}, asked=[], safe=[])


def player_turns(state, frame):
    Flow.push(state, "pairs", k=0)


def pay_food(state, frame):
    """B§13 / WC§6.1 per colony and for the Den."""
    for side in ("a", "b"):
        feed(state, side, colony_occupants(state, side))
    if state["den"] is not None and not state["den"]["out"]:
        feed(state, "w", occupancy(state, "den"))


def feed(state: dict, side: str, mouths: int) -> None:
    holder = store(state, side)
    need = (mouths + 1) // 2
    if holder["food"] >= need:
        holder["food"] -= need
        log(state, "food_paid", side=side, n=need)
        return
    holder["starve"] += 1
    log(state, "starvation", side=side, tokens=holder["starve"])
    morale(state, side, -holder["starve"], "starvation")


def combats(state, frame):
    """WC§6.2 order: lower-morale colony, the other colony, locations by number."""
    state["combat_phase"] = True
    places = morale_order(state, True) + C(state).locations
    Flow.push(state, "combats", places=places, i=0)


def unguarded(state, frame):
    """WC§6.3: enemies at your colony and none of yours there: -1 morale each."""
    state["combat_phase"] = False
    for side in ("a", "b"):
        here = at_place(state, side)
        enemies = [s for s in here if owner_side(state, s) != side]
        if enemies and len(enemies) == len(here):
            log(state, "unguarded", side=side, enemies=len(enemies))
            morale(state, side, -len(enemies), "unguarded")


def check_waste(state, frame):
    """B§13: -1 per 10 cards; the Den -1 per 5 (WC§6.5)."""
    for side in ("a", "b"):
        loss = len(state["col"][side]["waste"]) // C(state).const["waste_per_morale"]
        if loss:
            morale(state, side, -loss, "waste")
    den = state["den"]
    if den is not None and not den["out"]:
        loss = len(den["waste"]) // C(state).const["den_waste_per_morale"]
        if loss:
            morale(state, "w", -loss, "waste")


def resolve_crisis(state, frame):
    """WC§6.6: contributions count one each; need = colony players (§17 #19);
    failure hits both colonies; 2 over: +1 morale to both (§17 #20)."""
    if state["crisis"] is None:
        return
    c = C(state)
    card = c.crises[state["crisis"]]
    given = len(state["contrib"])
    need = sum(1 for r in state["roles"] if state["pl"][r]["side"] != "w")
    state["box"] += state["contrib"]
    state["contrib"] = []
    state["cgone"].append(state["crisis"])
    state["crisis"] = None
    log(state, "crisis", card=card["id"], given=given, need=need, failed=given < need)
    if given < need:
        for side in ("a", "b"):
            crisis_failure(state, side, card["failure"])
    elif given >= need + c.bonus_over:
        for side in ("a", "b"):
            morale(state, side, 1, "crisis")


def crisis_failure(state: dict, side: str, failure: dict) -> None:
    kind, n = failure["kind"], failure["n"]
    col = state["col"][side]
    if kind == "morale":
        morale(state, side, n, "crisis")
    elif kind == "colony_zombies":
        add_zombies(state, side, n)
    elif kind == "wound_leaders":
        mine = survivors_of(state, col["leader"])
        if mine:
            wound(state, max(mine, key=lambda s: influence(state, s)), n, "crisis")
    elif kind == "bullets":
        col["bullets"] = max(0, col["bullets"] + n)
    elif kind == "food":
        if col["food"] >= -n:
            col["food"] += n
        else:
            morale(state, side, -1, "crisis")


def add_bullets(state, frame):
    income = C(state).const["bullet_income"]
    for side in ("a", "b"):
        state["col"][side]["bullets"] += income
    log(state, "bullet_income", n=income)


def zombies(state, frame):
    """B§13 / WC§6.8: colonies (own occupants only), locations, then noise.
    One log line says how many came where (places in board order)."""
    arrived: list[list] = []

    def arrive(place, n):
        add_zombies(state, place, n)
        if n:
            known = next((pair for pair in arrived if pair[0] == place), None)
            if known:
                known[1] += n
            else:
                arrived.append([place, n])
    for side in ("a", "b"):
        arrive(side, (colony_occupants(state, side) + 1) // 2)
    for loc in C(state).locations:
        arrive(loc, len(at_exact(state, loc)))
    for loc in C(state).locations:
        spot = state["loc"][loc]
        noise, spot["noise"] = spot["noise"], 0
        arrive(loc, sum(noise_hit(state) for _ in range(noise)))
    log(state, "zombies_arrive", places=arrived)


def noise_hit(state: dict) -> bool:
    """TLN flip (§17 #28) by default: half the tokens add a zombie; base d6: 1-3."""
    if C(state).noise == "flip":
        return rng.roll(state, 2) == 1
    return rng.roll(state) <= 3


def check_objective(state, frame):
    """WC§6.9: both at once; a colony at 0 morale ends it too (§17 #25)."""
    state["main_done"] = [s for s in ("a", "b") if main_complete(state, s)]
    if state["main_done"]:
        end_game(state, "main_objective")
    elif state["col"]["a"]["zero"] or state["col"]["b"]["zero"]:
        end_game(state, "morale")


def round_track(state, frame):
    for side in ("a", "b"):
        state["col"][side]["rounds"] -= 1
    if state["col"]["a"]["rounds"] <= 0:
        end_game(state, "rounds")


def elections(state, frame):
    """WC§6.11, sealed, both colonies at once."""
    voters = [r for r in state["roles"] if state["pl"][r]["side"] != "w"]
    Flow.push(state, "elect", sid=next_sealed(state), votes={r: None for r in voters})


def end_round(state, frame):
    """Late replacements (WC§6.2), then the next round."""
    for role in state["late"]:
        if not survivors_of(state, role):
            replace_last(state, role)
    state["late"] = []
    state["round"] += 1
    frame["ph"] = 0


PHASES = [start_round, wolf_turn, player_turns, pay_food, combats, unguarded, check_waste,
          resolve_crisis, add_bullets, zombies, check_objective, round_track, elections, end_round]


# -- combat (WC§6.2) ------------------------------------------------------------
class Combats(Step):
    name = "combats"
    auto = True

    def run(self, state, frame):
        if state["bitten"]:
            bite_now(state, state["bitten"].pop(0))
            return
        if frame["i"] >= len(frame["places"]):
            Flow.pop(state)
            return
        place = frame["places"][frame["i"]]
        frame["i"] += 1
        if both_present(state, place, None):
            log(state, "combat", at=place)
            Flow.push(state, "fight", at=place, ph=0, s={"a": 0, "b": 0}, tac={}, bid={},
                      wolf=None, zombies=0, queue=[])


def combatants(state: dict, place: str, side: str, wolf: str | None) -> list[int]:
    out = []
    for sid in at_place(state, place):
        owner = owner_side(state, sid)
        if owner == side or (owner == "w" and wolf == side):
            out.append(sid)
    return out


def both_present(state, place, wolf) -> bool:
    return bool(combatants(state, place, "a", wolf)) and bool(combatants(state, place, "b", wolf))


def leader(state, side) -> str:
    return state["col"][side]["leader"]


# the combat inputs of the colony phase a colony leader gives (WC§6.2): sealed
# tactics and bids (or both in one step, fast combat), a wound target, the
# loser's wounds (elections are not one)
LEADER_STEPS = ("sealed", "target", "assign")


def deputy(state: dict, role: str) -> str | None:
    """CD§4 item 6, a house rule: the seat that acts for ``role`` when it is
    asked now, as its colony's leader, for a combat input of the colony phase
    (LEADER_STEPS) and its player is absent: the colony's next seat in turn
    order after the leader, clockwise as the paired turns count from the
    leader (WC§4, `seat_from_leader(side, 1)`). None otherwise."""
    frame = Flow.top(state)
    if frame is None or state["result"] is not None or frame["step"] not in LEADER_STEPS:
        return None
    side = state["pl"][role]["side"] if role in state["pl"] else None
    if side not in ("a", "b") or role not in state["active"] or leader(state, side) != role:
        return None
    if frame["step"] != "sealed" and (frame["side"] != side or frame["role"] != role):
        return None
    if len(state["col"][side]["seats"]) < 2:
        return None
    return seat_from_leader(state, side, 1)


def tracker(state, fight, stage) -> None:
    """The combat tracker: the running difference, + toward colony a."""
    log(state, "combat_tracker", stage=stage, a=fight["s"]["a"], b=fight["s"]["b"],
        diff=fight["s"]["a"] - fight["s"]["b"])


class Fight(Phases):
    """One combat: Lone Wolf choice, tactics, survivors and weapons, bullets, dice,
    wounds (FIGHT)."""

    name = "fight"


def f_wolf(state, fight):
    wolf = state["wolf"]
    if wolf and any(state["sv"][s]["o"] == wolf for s in at_place(state, fight["at"])):
        Flow.push(state, "wolfpick", role=wolf, at=fight["at"])


def f_tactics(state, fight):
    if not both_present(state, fight["at"], fight["wolf"]):
        log(state, "combat_over", at=fight["at"])
        Flow.pop(state)
        return
    Flow.push(state, "sealed", sid=next_sealed(state), what="both" if fast(state) else "tactic", sides=["a", "b"])


def fast(state: dict) -> bool:
    """The house option ``combat: fast`` (CD§2.7): tactic and bid in one sealed
    step, before the tactics are revealed. Games saved before it play standard."""
    return state["options"].get("combat") == "fast"


def f_reveal_tactics(state, fight):
    tactics = C(state).tactics
    ta, tb = tactics[fight["tac"]["a"]], tactics[fight["tac"]["b"]]
    log(state, "tactics", a=ta["id"], b=tb["id"])
    if ta.get("cancel_if_both") and tb.get("cancel_if_both") and ta["id"] == tb["id"]:
        log(state, "combat_cancelled", at=fight["at"])
        Flow.pop(state)
        return
    fight["s"]["a"] += ta["strength"]
    fight["s"]["b"] += tb["strength"]
    tracker(state, fight, "tactics")
    fight["queue"] += [[side, t["wound_enemy"]] for side, t in (("a", ta), ("b", tb)) if t.get("wound_enemy")]
    Flow.push(state, "woundq")


def f_survivors(state, fight):
    for side in ("a", "b"):
        fight["s"][side] += len(combatants(state, fight["at"], side, fight["wolf"]))
    tracker(state, fight, "survivors")
    for side in ("a", "b"):
        fight["s"][side] += sum(armed(state, s) for s in combatants(state, fight["at"], side, fight["wolf"]))
    tracker(state, fight, "weapons")
    if fast(state):
        return  # the bids came with the tactics (Sealed, what "both")
    bidders = [s for s in ("a", "b") if state["col"][s]["bullets"]]
    fight["bid"] = {s: 0 for s in ("a", "b") if s not in bidders}
    if bidders:
        Flow.push(state, "sealed", sid=next_sealed(state), what="bid", sides=bidders)


def f_bullets(state, fight):
    """All bid bullets are discarded, win or lose."""
    for side in ("a", "b"):
        state["col"][side]["bullets"] -= fight["bid"][side]
        fight["s"][side] += fight["bid"][side]
    log(state, "bids", a=fight["bid"]["a"], b=fight["bid"]["b"])
    tracker(state, fight, "bullets")
    faces = C(state).die
    wounds = []
    for side in ("a", "b"):
        face = faces[rng.roll(state, 12) - 1]
        log(state, "combat_die", side=side, face=face["kind"], n=face["n"])
        if face["kind"] == "strength":
            fight["s"][side] += face["n"]
        elif face["kind"] == "wound":
            wounds.append((side, face["n"]))
        else:
            fight["zombies"] += face["n"]
    tracker(state, fight, "dice")
    fight["queue"] += [[side, n] for side, n in wounds]
    Flow.push(state, "woundq")


def f_zombies(state, fight):
    if fight["zombies"]:
        add_zombies(state, fight["at"], fight["zombies"])


def f_result(state, fight):
    """The higher strength wins; the loser's leader places the difference as wounds (§17 #14 tie)."""
    diff = fight["s"]["a"] - fight["s"]["b"]
    tactics = C(state).tactics
    for side in ("a", "b"):
        state["col"][side]["bullets"] += tactics[fight["tac"][side]].get("bullets_after", 0)
    if diff == 0:
        log(state, "combat_result", at=fight["at"], winner=None, diff=0)
        Flow.pop(state)
        return
    win = "a" if diff > 0 else "b"
    lose = OTHER[win]
    state["col"][win]["wins"] += 1
    if fight["at"] == lose:
        state["col"][win]["wins_enemy"] += 1
    log(state, "combat_result", at=fight["at"], winner=win, diff=abs(diff))
    fight["ph"] = len(FIGHT) - 1
    if combatants(state, fight["at"], lose, fight["wolf"]):
        Flow.push(state, "assign", role=leader(state, lose), side=lose, n=abs(diff), given={},
                  at=fight["at"])


def f_end(state, fight):
    Flow.pop(state)


FIGHT = [f_wolf, f_tactics, f_reveal_tactics, f_survivors, f_bullets, f_zombies, f_result, f_end]


class WoundQueue(Step):
    """Wound faces and tactics, one at a time: the rolling leader picks an
    enemy combatant (§17 #16); skipped when none is left."""

    name = "woundq"
    auto = True

    def run(self, state, frame):
        fight = fight_frame(state)
        if not fight["queue"]:
            Flow.pop(state)
            return
        side, n = fight["queue"].pop(0)
        if combatants(state, fight["at"], OTHER[side], fight["wolf"]):
            Flow.push(state, "target", role=leader(state, side), side=side, n=n, at=fight["at"])


def fight_frame(state: dict) -> dict:
    for frame in reversed(state["stack"]):
        if frame["step"] == "fight":
            return frame
    raise LookupError("no combat")


FAST_TEXT = "Choose a tactics card and your bullet bid together (secret)"


class Sealed(Step):
    """Both leaders choose in secret; nothing is shown until both are in.
    ``what``: "tactic", "bid", or with fast combat "both" (one choice
    ``"tactic>bullets"`` per leader, a leader without bullets bids 0)."""

    name = "sealed"

    def active(self, state, frame):
        picks = fight_frame(state)["bid" if frame["what"] == "bid" else "tac"]
        return [leader(state, s) for s in frame["sides"] if s not in picks]

    def prompt(self, state, frame, role):
        side = state["pl"][role]["side"]
        if frame["what"] == "both":
            return Prompt(FAST_TEXT, tuple(
                Choice("combat", f"{i}>{n}", f"{t['name']}, {count(n, 'bullet')}", "combat")
                for i, t in enumerate(C(state).tactics) for n in range(state["col"][side]["bullets"] + 1)),
                "Waiting for the other colony leader")
        if frame["what"] == "tactic":
            return Prompt("Choose a tactics card (secret)", tuple(
                Choice("tactic", i, t["name"], "tactics") for i, t in enumerate(C(state).tactics)),
                "Waiting for the other colony leader")
        return Prompt("Bid bullets (secret)", tuple(
            Choice("bid", n, count(n, "bullet"), "bid") for n in range(state["col"][side]["bullets"] + 1)),
            "Waiting for the other colony leader")

    def act(self, state, frame, role, action):
        fight = fight_frame(state)
        side = state["pl"][role]["side"]
        if action.verb == "combat":
            tactic, bid = (int(p) for p in action.arg.split(">"))
            fight["tac"][side], fight["bid"][side] = tactic, bid
        else:
            fight["tac" if action.verb == "tactic" else "bid"][side] = action.arg
        if not self.active(state, frame):
            Flow.pop(state)

    def default(self, state, frame, role):
        """The standard defaults; with fast combat both of them in one choice."""
        if frame["what"] == "both":
            return ("combat", f"{C(state).default_tactic}>0")
        if frame["what"] == "tactic":
            return ("tactic", C(state).default_tactic)
        return ("bid", 0)


def count(n: int, noun: str) -> str:
    """"1 bullet", "2 bullets": the rules' English (prompt_words says it in the reader's words)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def combatant_prompt(state, frame, text: str, verb: str, side: str) -> Prompt:
    """Choose one of ``side``'s survivors in the fight at ``frame["at"]``."""
    fight = fight_frame(state)
    names = C(state).survivors
    return Prompt(text, tuple(Choice(verb, s, names[s]["name"], "survivors")
                              for s in combatants(state, frame["at"], side, fight["wolf"])), "")


class Target(Step):
    name = "target"

    def prompt(self, state, frame, role):
        return combatant_prompt(state, frame, f"Put {count(frame['n'], 'wound')} on an enemy survivor",
                                "target", OTHER[frame["side"]])

    def act(self, state, frame, role, action):
        Flow.pop(state)
        wound(state, action.arg, frame["n"], "combat")

    def default(self, state, frame, role):
        fight = fight_frame(state)
        enemy = combatants(state, frame["at"], OTHER[frame["side"]], fight["wolf"])
        return ("target", max(enemy, key=lambda s: influence(state, s)))


class Assign(Step):
    """The losing leader places the difference as wounds, one at a time."""

    name = "assign"

    def prompt(self, state, frame, role):
        return combatant_prompt(state, frame, f"Place combat wounds ({frame['n']} left)",
                                "wound", frame["side"])

    def act(self, state, frame, role, action):
        sid = action.arg
        frame["n"] -= 1
        frame["given"][str(sid)] = frame["given"].get(str(sid), 0) + 1
        wound(state, sid, 1, "combat")
        if not frame["n"] or not combatants(state, frame["at"], frame["side"], fight_frame(state)["wolf"]):
            Flow.pop(state)

    def default(self, state, frame, role):
        """Spread evenly, lowest influence first."""
        sids = [c.arg for c in self.prompt(state, frame, role).choices]
        return ("wound", min(sids, key=lambda s: (frame["given"].get(str(s), 0), influence(state, s))))


class WolfPick(Step):
    """WC§13: flee to the Den (rolling exposure) or join one colony."""

    name = "wolfpick"

    def prompt(self, state, frame, role):
        return Prompt("Survivors of both colonies are here: flee or join?", (
            Choice("flee", None, "Flee to the Den", "wolf"),
            Choice("join", "a", "Join colony a", "wolf"),
            Choice("join", "b", "Join colony b", "wolf")), "")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        fight = fight_frame(state)
        if action.verb == "join":
            fight["wolf"] = action.arg
            log(state, "wolf_joins", side=action.arg, at=frame["at"])
            return
        log(state, "wolf_flees", at=frame["at"])
        for sid in [s for s in at_place(state, frame["at"]) if state["sv"][s]["o"] == role]:
            if state["sv"][sid] is None:  # the Lone Wolf left the game (0 morale) during the flight
                break
            full = occupancy(state, "den") >= C(state).den_capacity
            state["sv"][sid]["at"] = wolf_elsewhere(state, sid) if full else "den"
            if expose(state, sid, defer_bite=True) == "bitten":
                state["bitten"].append(sid)

    def default(self, state, frame, role):
        return ("flee", None)


# -- elections (WC§6.11) ------------------------------------------------------
class Elect(Step):
    name = "elect"

    def active(self, state, frame):
        return [r for r, v in frame["votes"].items() if v is None]

    def prompt(self, state, frame, role):
        side = state["pl"][role]["side"]
        return Prompt("Vote for your colony's next leader (secret until all have voted)", tuple(
            Choice("vote", r, r, "vote") for r in state["col"][side]["seats"] if r != role),
            "Waiting for the election")

    def act(self, state, frame, role, action):
        frame["votes"][role] = action.arg
        if self.active(state, frame):
            return
        Flow.pop(state)
        log(state, "votes", votes=dict(frame["votes"]))
        for side in ("b", "a"):
            tally(state, side, frame["votes"])

    def default(self, state, frame, role):
        side = state["pl"][role]["side"]
        current = state["col"][side]["leader"]
        if current != role:
            return ("vote", current)
        mates = [r for r in state["col"][side]["seats"] if r != role]
        return ("vote", max(mates, key=lambda r: lead_influence(state, r)))


def lead_influence(state, role) -> int:
    lead = state["pl"][role]["lead"]
    return influence(state, lead) if lead is not None else -1


def tally(state, side, votes) -> None:
    seats = state["col"][side]["seats"]
    counts = {r: 0 for r in seats}
    for voter, choice in votes.items():
        if voter in counts:
            counts[choice] += 1
    best = max(counts.values())
    tied = [r for r in seats if counts[r] == best]
    if len(tied) == 1:
        set_leader(state, side, tied[0])
    else:
        Flow.push(state, "elect_tie", role=state["col"][side]["leader"], side=side, tied=tied)


def set_leader(state, side, role) -> None:
    state["col"][side]["leader"] = role
    log(state, "colony_leader", side=side, role=role)


class ElectTie(Step):
    """Ties: the current leader picks among the tied players."""

    name = "elect_tie"

    def prompt(self, state, frame, role):
        return Prompt("Break the election tie", tuple(Choice("leader", r, r, "vote") for r in frame["tied"]), "")

    def act(self, state, frame, role, action):
        Flow.pop(state)
        set_leader(state, frame["side"], action.arg)

    def default(self, state, frame, role):
        return ("leader", max(frame["tied"], key=lambda r: lead_influence(state, r)))


STEPS = (Round(PHASES), Combats(), Fight(FIGHT), WoundQueue(), Sealed(), Target(), Assign(), WolfPick(), Elect(), ElectTie())
