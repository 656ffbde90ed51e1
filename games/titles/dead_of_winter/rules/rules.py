"""Dead of Winter: Warring Colonies: the `RULES` object (see ../README.md)."""
from __future__ import annotations

from games.rules.core import Action, Result
from games.rules.core.base import FlowRules
from games.rules.core.ending import finish
from games.rules.core.flow import Flow, new_state

from . import actions, asks, bites, colony, exchanges, movement, orders, peeks, setup, turn_frame, turns, view
from .board import log, wolf_out
from .data import CONTENT_IDS, CONTENTS, OTHER, PLAYER_COUNTS


def _objective_ids() -> list[str]:
    ids = []
    for content in CONTENTS.values():
        ids += [i for i in content.objectives if i not in ids]
    return ids


SEALED_STEPS = ("draft", "xvote", "sealed", "elect")
WINDOWS = {"draft": "setup", "sealed": "sealed", "xchg": "sealed", "xvote": "vote", "elect": "vote", "elect_tie": "vote"}
MOVEMENT = ["alternating", "exchanges"]  # CD§2.4 options A and C; the first keeps saved games as they were
COMBAT = ["standard", "fast"]  # CD§2.7: "fast" (house) seals tactic and bid together; saved games play standard


class DowFlow(Flow):
    """The core flow's settle with two hooks between its automatic steps:
    a queued player choice (asks.py) is put to its player as soon as the input
    that caused it is done, before any automatic step runs on; and (WC§13) a
    Lone Wolf who drops to 0 morale in its own turn is asked nothing more
    (turns.end_wolf_turn), whatever step it was in."""

    def pause_before(self, state) -> bool:
        return bool(state.get("asks")) and bool(asks.push_next(state))

    def settle_again(self, state) -> bool:
        return bool(turns.end_wolf_turn(state))


class DeadOfWinterRules(FlowRules):
    title_id = "dead_of_winter"
    name = "Dead of Winter: Warring Colonies"
    version = 2  # issue 34: crossroads 'here', entrance wound order, On Guard, the Lone Wolf out
    preview = False  # rules (issue 20) and the site (issue 21) are done; house content is labelled
    flow = DowFlow(*setup.STEPS, *turns.STEPS, *movement.STEPS, *bites.STEPS, *exchanges.STEPS, *actions.STEPS,
                *peeks.STEPS, *colony.STEPS, *asks.STEPS)

    def roles(self, scenario, options):
        n = (options or {}).get("players", PLAYER_COUNTS[0])
        return [f"p{i}" for i in range(1, n + 1)]

    def option_choices(self):
        return {"players": list(PLAYER_COUNTS), "content": list(CONTENT_IDS),
                "objective": _objective_ids(), "quick_play": [False, True], "movement": list(MOVEMENT),
                "combat": list(COMBAT)}

    def default_options(self):
        return {name: values[0] for name, values in self.option_choices().items()}

    def clean_options(self, options):
        merged = super().clean_options(options)
        if merged["objective"] not in CONTENTS[merged["content"]].objectives:
            raise ValueError(f"objective {merged['objective']!r} is not in pack {merged['content']!r}")
        return merged

    def setup(self, seed, scenario, options):
        options = self.clean_options(options)
        state = new_state(seed, self.roles(scenario, options))
        setup.build(state, options)
        state["bitten"] = []
        Flow.push(state, "round", ph=0)
        setup.push_draft(state)
        self.flow.settle(state)
        return state

    def hand(self, state, role):
        return sorted(state["pl"][role]["hand"])

    def view(self, state, role):
        return view.view(state, role)

    def rehide(self, state, viewer, permute):
        return view.rehide(state, viewer, permute)

    def default_action(self, state, role) -> Action | None:
        """The neutral input the site applies at a deadline (correspondence-design §5)."""
        if role not in state["active"]:
            return None
        frame = state["stack"][-1]
        verb, arg = self.flow.step_of(frame).default(state, frame, role)
        return Action(verb, arg)

    # -- the site's hooks for team correspondence (correspondence-design §1, §4, §6) --
    def sealed_step(self, state) -> int | None:
        """The number of the sealed step collecting inputs now, if any (games/engine/sealing.py)."""
        frame = Flow.top(state)
        if frame and frame["step"] in SEALED_STEPS:
            return frame.get("sid")
        return exchanges.open_sid(state)

    def pace_step(self, state, role) -> tuple[str, str]:
        """(window kind, step name) for ``role``'s deadline: a fresh window per
        step; the survivor draft a setup window (CD§2.1: 48 h on the daily pace);
        the sand timer's grace once the partner is done (or from the start with
        Quick Play, WC§11); never in the Lone Wolf's turn, which has no time
        limit (WC§13), Quick Play included: a normal window."""
        frame = Flow.top(state)
        if frame is None:
            return ("normal", "")
        name = f"{frame['step']}:{len(state['stack'])}:{frame.get('sid', '')}"
        if frame["step"] == "xchg":  # a fresh window per exchange, sealed or not
            name += f":{frame['n']}"
        window = WINDOWS.get(frame["step"], "normal")
        wolf_turn = state["wolf"] is not None and state["wolf"] in frame.get("roles", ())
        if frame["step"] == "act" and (state["options"]["quick_play"] or frame["done"]) and not wolf_turn:
            window = "grace"  # WC§13: "외로운 늑대 플레이어는 그의 턴에 시간 제한이 없습니다" (Quick Play too)
        return (window, name)

    def upcoming_roles(self, state) -> list[str]:
        """The seats of the pair that plays after the current turn (WC§5.1):
        during the Lone Wolf's turn the leaders' pair, during a paired turn the
        next pair of the round; none after the last pair (the site mails them
        "you are up next", correspondence-design §4)."""
        turn = turn_frame.current_turn(state)
        if turn is None or state["result"] is not None:
            return []
        pairs = next((f for f in reversed(state["stack"]) if f["step"] == "pairs"), None)
        if pairs is None and state["wolf"] not in turn["roles"]:
            return []
        k = pairs["k"] if pairs else 0
        if k >= len(state["col"]["a"]["seats"]):
            return []
        return [turns.seat_from_leader(state, side, k) for side in ("a", "b")]

    def proxy_view(self, state, role) -> dict:
        """What a teammate covering ``role`` sees: its view without its secret objective (CD§4)."""
        out = self.view(state, role)
        if out.get("me"):
            out["me"] = {**out["me"], "objective": None}
        return out

    def deputy(self, state, role) -> str | None:
        """The seat that acts for ``role`` asked as its colony's leader in a
        combat input while its player is absent (CD§4 item 6; colony.deputy)."""
        return colony.deputy(state, role)

    def standing_orders(self, state, role) -> list[dict]:
        """The standing orders ``role`` may set now (CD§1, §2.7, §2.8; rules/orders.py):
        [{"key", "label", "choices": ((value, label), ...)}], "ask" first."""
        return orders.standing_orders(state, role)

    def standing_action(self, state, role, given: dict) -> Action | None:
        """The move the seat's orders ``given`` make for its current prompt, or None."""
        return orders.standing_action(self, state, role, given)

    def resign(self, state, role, reason) -> None:
        """Core hook for ``.resign``/``.timeout``. A colony player concedes for the
        colony: the other colony's players win. The Lone Wolf leaves the game
        (WC§13, as at 0 morale) and play goes on: any input it owes right now is
        its default."""
        side = state["pl"][role]["side"]
        if side != "w":
            finish(state, Result([r for r in state["roles"] if state["pl"][r]["side"] == OTHER[side]],
                                 reason, None))
            return
        while role in state["active"] and state["result"] is None:
            self.flow.apply(state, role, self.default_action(state, role))
        if state["result"] is None and not state["den"]["out"]:
            log(state, "wolf_leaves", role=role, reason=reason)
            wolf_out(state)


RULES = DeadOfWinterRules()
