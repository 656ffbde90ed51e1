"""1989: Dawn of Freedom: the `RULES` object, setup, view, hands and rehide."""
from __future__ import annotations

from games.rules.core import rng, undo
from games.rules.core.base import FlowRules
from games.rules.core.flow import Flow, new_state

from . import events, ops, play, struggle, tst, turn
from .board import added_links, controller
from .cards import deal, has_ability
from .data import COUNTRIES, PERIOD_CARDS, ROLES, SETUP_SP, SLOTS, TST_LAST

BID_SP = [0, 1, 2, 3, 4, 5, 6]


class DawnOfFreedomRules(FlowRules):
    title_id = "dawn_of_freedom"
    name = "1989: Dawn of Freedom"
    version = 2  # 2: adjacency rewired after Systematization (ruling 24)
    preview = False  # every card event exists (a test keeps it so)
    flow = Flow(*turn.STEPS, *play.STEPS, *ops.STEPS, *tst.STEPS, *struggle.STEPS,
                *events.STEPS)

    def roles(self, scenario, options):
        return list(ROLES)

    def option_choices(self):
        return {
            "bid_sp": BID_SP,  # 13.0 (2nd edition, optional): extra set-up SPs won by the bid
            "bid_role": ["democrat", "communist"],  # who places them
        }

    def default_options(self):
        return {name: values[0] for name, values in self.option_choices().items()}

    def setup(self, seed, scenario, options):
        """3.1-3.5: Early Year hands of 8 seen before placing; printed SPs; 2/3/3/4/2."""
        options = self.clean_options(options)
        state = new_state(seed, list(ROLES))
        state.update(
            options=options, turn=1, ar=0, phasing="communist", vp=0,
            sp={r: list(SETUP_SP[r]) for r in ROLES},
            hands={r: [] for r in ROLES}, deck=[], discard=[], removed=[], table=[], board=[],
            effects={}, events_done=[], gone=[], final=False, ps=None, ussr=0,
            tst={r: 0 for r in ROLES}, tst_tried={r: False for r in ROLES},
            tst_failed={r: 0 for r in ROLES}, tst_used={r: {"7": False, "8": False} for r in ROLES},
            taken={r: 0 for r in ROLES},
            power={c: "communist" for c in COUNTRIES}, retained={c: 0 for c in COUNTRIES},
            romania={"crowd": None, "tyrant": None, "refuge": None})
        state["deck"] = rng.shuffle(state, list(PERIOD_CARDS["early"]))
        deal(state)
        turn.push_setup(state)
        self.flow.settle(state)
        undo.opening(state)  # issue 29 item 14: the first setup step can be taken back too
        return state

    def hand(self, state, role):
        """Strategy cards (ints), then power-struggle cards as "ps-<id>"."""
        out = sorted(state["hands"][role])
        ps = state["ps"]
        if ps is not None:
            out += [f"ps-{c}" for c in sorted(ps["hands"][role])]
        return out

    def view(self, state, role):
        over = state["result"] is not None
        frame = Flow.top(state)
        return {
            "turn": state["turn"], "action_round": state["ar"], "phasing": state["phasing"],
            "step": frame["step"] if frame else None, "vp": state["vp"],
            "support": support_view(state), "control": control_view(state),
            "hand": self.hand(state, role) if role else [],
            "hand_sizes": {r: len(state["hands"][r]) for r in ROLES},
            "hands": {r: self.hand(state, r) for r in ROLES} if over else None,
            "deck_size": len(state["deck"]), "discard": list(state["discard"]),
            "removed": list(state["removed"]), "on_table": list(state["table"]),
            "beside_board": list(state["board"]),
            "effects": effects_view(state, role),
            "tiananmen": dict(state["tst"]), "tst_tried": dict(state["tst_tried"]),
            "abilities": {r: [b for b in range(1, TST_LAST + 1) if has_ability(state, r, b)]
                          for r in ROLES},
            "power": dict(state["power"]), "retained": dict(state["retained"]),
            "ussr_stability": state["ussr"], "romania": dict(state["romania"]),
            "eliminated": list(state["gone"]), "added_links": added_links(state),
            "rounds_taken": dict(state["taken"]),
            "events_done": list(state["events_done"]),
            "struggle": struggle_view(state, role),
            "options": state["options"], "result": state["result"],
        }

    def rehide(self, state, viewer, permute):
        """Testing hook: reshuffle everything ``viewer`` cannot see."""
        hidden = [r for r in ROLES if r != viewer]
        frames = [f for f in state["stack"] if f.get("drawn") and f["role"] != viewer]
        pool = [c for r in hidden for c in state["hands"][r]] + state["deck"]
        pool += [c for f in frames for c in f["drawn"]]
        pool = permute(pool)
        for r in hidden:
            n = len(state["hands"][r])
            state["hands"][r], pool = sorted(pool[:n]), pool[n:]
        for f in frames:
            n = len(f["drawn"])
            f["drawn"], pool = sorted(pool[:n]), pool[n:]
        state["deck"] = pool
        ps = state["ps"]
        if ps is not None:
            pool = permute([c for r in hidden for c in ps["hands"][r]] + ps["deck"])
            for r in hidden:
                n = len(ps["hands"][r])
                ps["hands"][r], pool = sorted(pool[:n]), pool[n:]
            ps["deck"] = pool
        return state


def support_view(state: dict) -> dict:
    """Space id (str) -> [Communist, Democrat] SPs, only where there are some."""
    com, dem = state["sp"]["communist"], state["sp"]["democrat"]
    return {str(s): [com[s], dem[s]] for s in range(1, SLOTS) if com[s] or dem[s]}


def control_view(state: dict) -> dict:
    out = {}
    for s in range(1, SLOTS):
        side = controller(state, s)
        if side:
            out[str(s)] = side
    return out


def effects_view(state: dict, role: str | None) -> dict:
    """Lasting effects; a card set aside (Samizdat) only for its owner."""
    out = {}
    for key, effect in state["effects"].items():
        effect = dict(effect)
        if "aside" in effect and role != effect["role"]:
            effect["aside"] = None
        out[key] = effect
    return out


def struggle_view(state: dict, role: str | None) -> dict | None:
    ps = state["ps"]
    if ps is None:
        return None
    return {"country": ps["country"], "card": ps["card"], "attacker": ps["attacker"],
            "scorer": ps["scorer"], "hand_sizes": {r: len(ps["hands"][r]) for r in ROLES},
            "hand": sorted(ps["hands"][role]) if role else [],
            "deck_size": len(ps["deck"]), "discard": list(ps["discard"]),
            "raised": dict(ps["raised"]), "banned": list(ps["banned"]), "lead": ps["lead"],
            "winner": ps["winner"], "suit": ps["suit"], "final": ps["final"],
            # the Democrat's hand as dealt, shown to the Communist (Securitate)
            "shown": ps.get("shown") if role == "communist" else None,
            # the viewer's leaders without a controlled space of their type in the country (2.3.2)
            "idle_leaders": sorted(c for c in ps["hands"][role] if not struggle.leader_usable(state, role, c))
            if role else []}


RULES = DawnOfFreedomRules()
