"""Duel: secret simultaneous card picks, dice and undoable placements.

Each player holds 4 of 12 named cards. A round: both pick a card in secret at
once; both are revealed; the higher card wins the round; the winner places 2
markers on spaces 1-3 one at a time (undoable) and then rolls a die: +2 points
if the die shows a marked space, else +1. After 4 rounds the higher score wins.
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt, Result, rng, undo
from games.rules.core.base import FlowRules
from games.rules.core.ending import finish
from games.rules.core.flow import Flow, Step, new_state

NAMES = ["Amber", "Basalt", "Cobalt", "Dolomite", "Emerald", "Feldspar",
         "Garnet", "Hematite", "Iolite", "Jasper", "Kyanite", "Lapis"]
ROLES = ["north", "south"]


def card_name(card: int) -> str:
    return NAMES[card - 1]


def other(role: str) -> str:
    return "south" if role == "north" else "north"


class Pick(Step):
    """Both players choose a card at the same time."""

    name = "pick"

    def active(self, state, frame):
        return [r for r in ROLES if r not in frame["picks"]]

    def prompt(self, state, frame, role):
        cards = sorted(state["hands"][role])
        return Prompt("Pick a card", tuple(Choice("pick", c, card_name(c), "hand") for c in cards),
                      "Waiting for the other player's pick")

    def act(self, state, frame, role, action):
        state["hands"][role].remove(action.arg)
        frame["picks"][role] = action.arg
        if len(frame["picks"]) == 2:
            Flow.pop(state)
            Flow.push(state, "reveal", picks=frame["picks"])


class Reveal(Step):
    name = "reveal"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        picks = frame["picks"]
        undo.checkpoint(state)
        winner = max(ROLES, key=picks.get) if picks["north"] != picks["south"] else None
        state["log"].append({"kind": "reveal", "picks": picks, "winner": winner})
        state["last_picks"] = picks
        if winner:
            Flow.push(state, "bonus", role=winner, marks=[])
        else:
            Flow.push(state, "next_round")


class Bonus(Step):
    """The round's winner marks two spaces, then rolls."""

    name = "bonus"

    def prompt(self, state, frame, role):
        if len(frame["marks"]) < 2:
            free = [s for s in (1, 2, 3) if s not in frame["marks"]]
            return Prompt("Mark a space", tuple(Choice("mark", s, f"Space {s}", "spaces") for s in free))
        return Prompt("Roll the die", (Choice("roll", None, "Roll"),))

    def act(self, state, frame, role, action):
        if action.verb == "mark":
            frame["marks"].append(action.arg)
            return
        die = rng.roll(state)
        points = 2 if die in frame["marks"] else 1
        state["score"][role] += points
        state["log"].append({"kind": "roll", "role": role, "die": die, "points": points})
        Flow.pop(state)
        Flow.push(state, "next_round")


class NextRound(Step):
    name = "next_round"
    auto = True

    def run(self, state, frame):
        Flow.pop(state)
        if state["hands"]["north"]:
            state["round"] += 1
            Flow.push(state, "pick", picks={})
            return
        north, south = state["score"]["north"], state["score"]["south"]
        winners = [] if north == south else ["north" if north > south else "south"]
        finish(state, Result(winners, "score", dict(state["score"])))


class DuelRules(FlowRules):
    title_id = "duel"
    name = "Duel (example)"
    version = 1
    flow = Flow(Pick(), Reveal(), Bonus(), NextRound())

    def roles(self, scenario, options):
        return list(ROLES)

    def option_choices(self):
        return {"rounds": [4]}

    def default_options(self):
        return {"rounds": 4}

    def setup(self, seed, scenario, options):
        state = new_state(seed, ROLES)
        deck = rng.shuffle(state, list(range(1, 13)))
        state.update(hands={"north": deck[:4], "south": deck[4:8]}, deck=deck[8:],
                     score={"north": 0, "south": 0}, round=1, last_picks=None)
        Flow.push(state, "pick", picks={})
        self.flow.settle(state)
        return state

    def hand(self, state, role):
        return sorted(state["hands"][role])

    def view(self, state, role):
        over = state["result"] is not None
        frame = Flow.top(state)
        picks = frame["picks"] if frame and frame["step"] == "pick" else {}
        return {
            "round": state["round"],
            "score": dict(state["score"]),
            "hand": [{"id": c, "name": card_name(c)} for c in self.hand(state, role)] if role else [],
            "hand_sizes": {r: len(state["hands"][r]) for r in ROLES},
            "deck_size": len(state["deck"]),
            "my_pick": picks.get(role) if role else None,
            "picked": sorted(picks),
            "last_picks": state["last_picks"],
            "hands": {r: self.hand(state, r) for r in ROLES} if over else None,
        }

    def rehide(self, state, viewer, permute):
        """Testing hook: reshuffle everything ``viewer`` cannot see."""
        hidden_roles = [r for r in ROLES if r != viewer]
        frame = Flow.top(state)
        picks = frame["picks"] if frame and frame["step"] == "pick" else {}
        pool = [c for r in hidden_roles for c in state["hands"][r]] + state["deck"]
        pool += [picks[r] for r in hidden_roles if r in picks]
        pool = permute(pool)
        for r in hidden_roles:
            n = len(state["hands"][r])
            state["hands"][r], pool = pool[:n], pool[n:]
            if r in picks:
                picks[r], pool = pool[0], pool[1:]
        state["deck"] = pool
        return state


RULES = DuelRules()
