"""The step (frame) stack that drives every title.

``state["stack"]`` is a list of frames, each a dict with a ``"step"`` key
naming a registered `Step`. The top frame decides who is active and what they
may do; nested decisions (an event inside an action round, a choice inside an
event) push frames and pop them when done. Steps that need no decision set
``auto = True`` and are run by `Flow.settle` until a decision is needed.
"""
from __future__ import annotations

from . import undo
from .protocol import Action, Choice, IllegalAction, Prompt, State

UNDO_CHOICE = Choice(undo.UNDO, None, "Undo", "undo")


class Step:
    """One kind of frame. Subclasses set ``name`` and override what they use."""

    name = ""
    auto = False

    def active(self, state: State, frame: dict) -> list[str]:
        return [frame["role"]]

    def prompt(self, state: State, frame: dict, role: str) -> Prompt | None:
        raise NotImplementedError(f"step {self.name} has no prompt")

    def act(self, state: State, frame: dict, role: str, action: Action) -> None:
        raise NotImplementedError(f"step {self.name} takes no action")

    def run(self, state: State, frame: dict) -> None:
        raise NotImplementedError(f"step {self.name} is not automatic")


class Phases(Step):
    """An automatic step that runs its phase functions in order, the next one
    (``frame[key]``, ``"phase"`` unless a title names it otherwise) each time it
    runs; frames a phase pushes run in between."""

    auto = True
    key = "phase"

    def __init__(self, phases: list):
        self.phases = phases

    def run(self, state: State, frame: dict) -> None:
        phase = frame[self.key]
        frame[self.key] += 1
        self.phases[phase](state, frame)


class Flow:
    """Dispatches the contract's calls to the step on top of the stack."""

    def __init__(self, *steps: Step, max_auto: int = 100_000):
        self.steps = {step.name: step for step in steps}
        self.max_auto = max_auto

    # -- stack ---------------------------------------------------------
    @staticmethod
    def push(state: State, name: str, **data) -> dict:
        frame = {"step": name, **data}
        state["stack"].append(frame)
        return frame

    @staticmethod
    def pop(state: State) -> dict:
        return state["stack"].pop()

    @staticmethod
    def top(state: State) -> dict | None:
        stack = state["stack"]
        return stack[-1] if stack else None

    def step_of(self, frame: dict) -> Step:
        return self.steps[frame["step"]]

    # -- contract ------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        return list(state["active"])

    def prompt(self, state: State, role: str) -> Prompt | None:
        if role not in state["active"]:
            return None
        frame = state["stack"][-1]
        prompt = self.step_of(frame).prompt(state, frame, role)
        if prompt is not None and undo.can_undo(state, role):
            prompt = Prompt(prompt.text, prompt.choices + (UNDO_CHOICE,), prompt.waiting_text)
        return prompt

    def apply(self, state: State, role: str, action: Action, prompt: Prompt | None = None) -> State:
        """Apply a legal action. ``prompt`` may be the prompt the caller has just
        built from this very state for this role; it then serves as the legality
        check instead of building the prompt again (half the cost of a decision)."""
        if action.verb == undo.UNDO:
            raise IllegalAction("undo is replayed by the caller (core.undo.replay)")
        if prompt is None:
            prompt = self.prompt(state, role)
        if prompt is None or role not in state["active"]:
            raise IllegalAction(f"{role} has nothing to do now")
        if not prompt.allows(action):
            raise IllegalAction(f"{action.verb} {action.arg!r} is not a choice now")
        mark = undo.mark(state)
        frame = state["stack"][-1]
        self.step_of(frame).act(state, frame, role, action)
        self.settle(state)
        undo.record(state, role, mark)
        return state

    def settle(self, state: State) -> None:
        """Run automatic steps until a decision is needed or the game ends.
        A title may stop them before the next one (``pause_before``) and ask
        for another round once the active roles are known (``settle_again``)."""
        while True:
            for _ in range(self.max_auto):
                if state.get("result") is not None or not state["stack"] or self.pause_before(state):
                    break
                frame = state["stack"][-1]
                step = self.step_of(frame)
                if not step.auto:
                    break
                step.run(state, frame)
            else:
                raise RuntimeError("automatic steps did not settle")
            state["active"] = self._active_now(state)
            if state.get("result") is not None or not self.settle_again(state):
                return

    def pause_before(self, state: State) -> bool:
        """Stop the automatic steps here (a title's queued question, say); none by default."""
        return False

    def settle_again(self, state: State) -> bool:
        """Changed the state after settling, so settle once more; never by default."""
        return False

    def _active_now(self, state: State) -> list[str]:
        if state.get("result") is not None or not state["stack"]:
            return []
        frame = state["stack"][-1]
        active = self.step_of(frame).active(state, frame)
        # In seat order, never in the order a dict of the state happened to keep
        # (a vote's dict comes back from jsonb with its keys reordered).
        return [role for role in state["roles"] if role in active] if len(active) > 1 else list(active)


def take_log(state: State) -> list:
    """Remove and return the log lines written since the last call.

    The site stores them on the Move that caused them, so a stored state never
    carries its history; rules must never read ``state["log"]``.
    """
    lines = state["log"]
    state["log"] = []
    return lines


def new_state(seed: int, roles: list[str]) -> State:
    """The reserved keys every title's state starts with (plus ``roles``)."""
    from . import rng

    return {"rng": rng.new(seed), "log": [], "undo": undo.fresh(), "stack": [],
            "active": [], "result": None, "roles": list(roles)}
