"""`FlowRules`: the contract implemented on top of a `Flow`.

A title subclasses it, sets the class attributes, builds its `Flow` and
implements ``setup`` and ``view``; everything else comes from here.
"""
from __future__ import annotations

from .flow import Flow
from .protocol import Action, Prompt, Result, State


class FlowRules:
    title_id = ""
    name = ""
    version = 1
    preview = False
    flow: Flow

    def roles(self, scenario: str, options: dict) -> list[str]:
        raise NotImplementedError

    def scenarios(self) -> list[str]:
        return ["standard"]

    def default_options(self) -> dict:
        return {}

    def option_choices(self) -> dict:
        """Option name -> list of allowed values (first is the default)."""
        return {}

    def clean_options(self, options: dict) -> dict:
        """Defaults filled in; unknown names or values raise ValueError."""
        allowed = self.option_choices()
        merged = dict(self.default_options())
        for name, value in (options or {}).items():
            if name not in allowed:
                raise ValueError(f"unknown option {name!r}")
            if value not in allowed[name]:
                raise ValueError(f"option {name!r} cannot be {value!r}")
            merged[name] = value
        return merged

    def setup(self, seed: int, scenario: str, options: dict) -> State:
        raise NotImplementedError

    def active_roles(self, state: State) -> list[str]:
        return self.flow.active_roles(state)

    def prompt(self, state: State, role: str) -> Prompt | None:
        return self.flow.prompt(state, role)

    def apply(self, state: State, role: str, action: Action, prompt: Prompt | None = None) -> State:
        return self.flow.apply(state, role, action, prompt)

    def view(self, state: State, role: str | None) -> dict:
        raise NotImplementedError

    def hand(self, state: State, role: str) -> list:
        """The role's hidden holdings, persisted per seat (Hand rows)."""
        return []

    def result(self, state: State) -> Result | None:
        return Result.from_json(state.get("result"))
