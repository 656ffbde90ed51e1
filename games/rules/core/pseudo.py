"""Pseudo-moves recorded in the log beside the players' actions.

``.setup`` starts the log (its arg holds seed, scenario and options),
``.resign`` / ``.timeout`` end the game against one role, ``.abandon`` ends
it without a winner. Moderators' ``.adjudicate`` (arg ``{"winners": [...]}``)
and ``.annul`` set the result even of a finished game; ``.rollback`` is a
marker whose effect is the ``rolled_back`` flag on the moves it undid (the
site never replays it). A title may define ``resign(state, role, reason)`` to do
something other than "every other role wins" (for example in games with
more than two players).
"""
from __future__ import annotations

from .ending import finish
from .protocol import Action, IllegalAction, Result

SETUP, RESIGN, TIMEOUT, ABANDON, ROLLBACK = ".setup", ".resign", ".timeout", ".abandon", ".rollback"
ADJUDICATE, ANNUL = ".adjudicate", ".annul"
MARKERS = {SETUP, ROLLBACK}
ENDING = {RESIGN: "resignation", TIMEOUT: "timeout"}


def is_pseudo(verb: str) -> bool:
    return verb.startswith(".")


def setup_state(rules, arg: dict) -> dict:
    return rules.setup(arg["seed"], arg["scenario"], arg["options"])


def apply_move(rules, state: dict, role: str | None, verb: str, arg, prompt=None) -> dict:
    """Apply one logged move (a player's action or a pseudo-move); ``prompt``:
    see `Flow.apply`."""
    if not is_pseudo(verb):
        return rules.apply(state, role, Action(verb, arg), prompt)
    if verb in (ADJUDICATE, ANNUL):
        return _decide(state, verb, arg)
    if state.get("result") is not None:
        raise IllegalAction("the game is over")
    if verb in ENDING:
        _end_against(rules, state, arg["role"], ENDING[verb])
    elif verb == ABANDON:
        finish(state, Result([], "abandoned"))
    else:
        raise IllegalAction(f"unknown pseudo-move {verb}")
    state["log"].append({"kind": verb[1:], "role": arg.get("role")})
    return state


def _end_against(rules, state: dict, role: str, reason: str) -> None:
    hook = getattr(rules, "resign", None)
    if hook is not None:
        hook(state, role, reason)
        return
    roles = state["roles"]
    finish(state, Result([r for r in roles if r != role], reason))


def _decide(state: dict, verb: str, arg: dict) -> dict:
    """A moderator's decision replaces whatever result there was."""
    if verb == ANNUL:
        finish(state, Result([], "annulled"))
    else:
        winners = list(arg.get("winners", []))
        if not set(winners) <= set(state["roles"]):
            raise IllegalAction(f"unknown winners {winners}")
        finish(state, Result(winners, "adjudicated"))
    state["log"].append({"kind": verb[1:], "winners": state["result"]["winners"]})
    return state
