"""The contract every title's `RULES` object implements.

State is plain JSON (dicts, lists, str, int, bool, None). Reserved keys:
``rng`` (see rng.py), ``log`` (public structured lines), ``undo`` (see
undo.py), ``stack`` (see flow.py), ``active`` and ``result``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict


class IllegalAction(Exception):
    """The action is not among the current prompt's choices for that role."""


_NESTED = (list, tuple, dict)


def same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (``True == 1`` and
    ``5.0 == 5`` hold in Python, but neither is the choice offered)."""
    if type(a) is not type(b) or a != b:
        return False
    if isinstance(a, (list, tuple)):
        return all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return all(same(a[k], b[k]) for k in a)
    return True


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    arg: Any = None


@dataclass(frozen=True, slots=True)
class Choice:
    verb: str
    arg: Any = None
    label: str = ""
    group: str = ""

    @property
    def action(self) -> Action:
        return Action(self.verb, self.arg)

    def matches(self, action: Action) -> bool:
        """Verb and argument equal *and* of the same types: 5.0 or True is not 5."""
        return same(self.verb, action.verb) and same(self.arg, action.arg)


@dataclass(frozen=True, slots=True)
class Prompt:
    text: str
    choices: tuple[Choice, ...] = ()
    waiting_text: str = ""

    def allows(self, action: Action) -> bool:
        """Is ``action`` one of the choices? Compared as `Choice.matches` does
        (types included), written out because it runs for every move."""
        verb, arg = action.verb, action.arg
        kind = type(arg)
        for choice in self.choices:
            if choice.arg == arg and choice.verb == verb and type(choice.arg) is kind \
                    and type(choice.verb) is type(verb) \
                    and (kind not in _NESTED or same(choice.arg, arg)):
                return True
        return False


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game. An empty ``winners`` list is a draw."""

    winners: list[str] = field(default_factory=list)
    reason: str = ""
    score: dict | None = None

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason, "score": self.score}

    @classmethod
    def from_json(cls, data: dict | None) -> "Result | None":
        if not data:
            return None
        return cls(list(data["winners"]), data["reason"], data.get("score"))


class Rules(Protocol):
    title_id: str
    version: int
    name: str
    preview: bool

    def roles(self, scenario: str, options: dict) -> list[str]: ...

    def scenarios(self) -> list[str]: ...

    def default_options(self) -> dict: ...

    def setup(self, seed: int, scenario: str, options: dict) -> State: ...

    def active_roles(self, state: State) -> list[str]: ...

    def prompt(self, state: State, role: str) -> Prompt | None: ...

    def apply(self, state: State, role: str, action: Action, prompt: Prompt | None = None) -> State: ...

    def view(self, state: State, role: str | None) -> dict: ...

    def result(self, state: State) -> Result | None: ...
