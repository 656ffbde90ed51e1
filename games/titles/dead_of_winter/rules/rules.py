"""Dead of Winter: Warring Colonies: the `RULES` object (see ../README.md)."""
from __future__ import annotations

from games.rules.core import Action, Result
from games.rules.core.base import FlowRules
from games.rules.core.flow import Flow, finish, new_state

from . import actions, colony, peeks, setup, turns, view
from .board import log, wolf_out
from .data import CONTENT_IDS, CONTENTS, OTHER, PLAYER_COUNTS


def _objective_ids() -> list[str]:
    ids = []
    for content in CONTENTS.values():
        ids += [i for i in content.objectives if i not in ids]
    return ids


class DeadOfWinterRules(FlowRules):
    title_id = "dead_of_winter"
    name = "Dead of Winter: Warring Colonies"
    version = 1
    preview = True  # until this issue and the site issue are done
    flow = Flow(*setup.STEPS, *turns.STEPS, *actions.STEPS, *peeks.STEPS, *colony.STEPS)

    def roles(self, scenario, options):
        n = (options or {}).get("players", PLAYER_COUNTS[0])
        return [f"p{i}" for i in range(1, n + 1)]

    def option_choices(self):
        return {"players": list(PLAYER_COUNTS), "content": list(CONTENT_IDS),
                "objective": _objective_ids(), "quick_play": [False, True]}

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
