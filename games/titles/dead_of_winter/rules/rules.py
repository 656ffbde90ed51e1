"""Dead of Winter: Warring Colonies: the `RULES` object (see ../README.md)."""
from __future__ import annotations

from games.rules.core import Action
from games.rules.core.base import FlowRules
from games.rules.core.flow import Flow, new_state

from . import actions, colony, setup, turns, view
from .data import CONTENT_IDS, CONTENTS, PLAYER_COUNTS


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
    flow = Flow(*setup.STEPS, *turns.STEPS, *actions.STEPS, *colony.STEPS)

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


RULES = DeadOfWinterRules()
