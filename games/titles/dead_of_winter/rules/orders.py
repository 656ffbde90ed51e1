"""Standing orders (correspondence-design §1, §2.7, §2.8): choices a player
makes in advance for the small sequential steps that would otherwise make
eleven people wait on one click each. The site stores a seat's orders and,
when the seat is asked a question its orders answer, plays that answer at
once as an ordinary move (games/play/services.py).

- ``bite`` (CD§2.8, any seat): a bite spreads to a survivor you control:
  roll the exposure die, or let it die (the spread stops);
- ``wounds`` (CD§2.7, colony players, used while leading the colony): the
  losing leader places combat wounds spread evenly, lowest influence first
  (the step's own default);
- ``target`` (CD§2.7, colony players): a combat-die or tactics wound goes to
  the highest-influence enemy survivor there (the step's default);
- ``wolf`` (WC§13, the Lone Wolf): flee to the Den or join a colony.

"ask" (no order) is always the first choice. The labels are the rules'
English; the presentation says them in the reader's words (order_words.py).
"""
from __future__ import annotations

from games.rules.core import Action
from games.rules.core.flow import Flow

ASK = "ask"

BITE = {"key": "bite", "label": "When a bite spreads to a survivor you control", "choices": (
    (ASK, "Ask me"), ("roll", "Roll the exposure die"), ("die", "Let the survivor die (the spread stops)"))}
WOUNDS = {"key": "wounds", "label": "As colony leader, when your colony loses a combat", "choices": (
    (ASK, "Ask me"), ("spread", "Spread the wounds evenly, lowest influence first"))}
TARGET = {"key": "target", "label": "As colony leader, when a combat die or tactic wounds the enemy", "choices": (
    (ASK, "Ask me"), ("highest", "Wound the highest-influence enemy survivor there"))}
WOLF = {"key": "wolf", "label": "As the Lone Wolf, when both colonies fight where your survivors are", "choices": (
    (ASK, "Ask me"), ("flee", "Flee to the Den"), ("join_a", "Join Colony A"), ("join_b", "Join Colony B"))}

# the step each order answers (``state["stack"][-1]["step"]``)
STEP_OF = {"bite": "bite", "wounds": "assign", "target": "target", "wolf": "wolfpick"}
WOLF_ACTIONS = {"flee": Action("flee", None), "join_a": Action("join", "a"), "join_b": Action("join", "b")}


def standing_orders(state: dict, role: str) -> list[dict]:
    """The orders ``role`` may set now: none once the game is over; the bite
    order for every seat; wounds and target for colony players (any of them
    may be elected leader); flee or join for a Lone Wolf still in the game."""
    player = state["pl"].get(role)
    if state["result"] is not None or player is None:
        return []
    if player["side"] == "w":
        return [BITE] + ([] if state["den"]["out"] else [WOLF])
    return [BITE, WOUNDS, TARGET]


def standing_action(rules, state: dict, role: str, orders: dict) -> Action | None:
    """The move ``orders`` give for ``role``'s current prompt, or None when
    they do not answer it (no order for this step, "ask", not ``role``'s turn).
    The move is always one of the prompt's choices."""
    frame = Flow.top(state)
    if frame is None or role not in state["active"] or state["result"] is not None:
        return None
    key = next((k for k, step in STEP_OF.items() if step == frame["step"]), None)
    value = (orders or {}).get(key)
    if key is None or value in (None, ASK) or not _offered(state, role, key, value):
        return None
    action = _action(rules, state, frame, role, key, value)
    prompt = rules.prompt(state, role)
    return action if action is not None and prompt is not None and prompt.allows(action) else None


def _offered(state: dict, role: str, key: str, value) -> bool:
    return any(o["key"] == key and any(v == value for v, _label in o["choices"])
               for o in standing_orders(state, role))


def _action(rules, state, frame, role, key: str, value: str) -> Action | None:
    if key == "bite":
        return Action("bite", value)
    if key == "wolf":
        return WOLF_ACTIONS.get(value)
    verb, arg = rules.flow.step_of(frame).default(state, frame, role)  # wounds, target: the step's default
    return Action(verb, arg)

