"""Rebuild and validate games from their move logs (the caches must agree)."""
from __future__ import annotations

import json

from games.rules.core import Action, IllegalAction, undo
from games.rules.core.flow import take_log
from games.rules.core.pseudo import apply_move, is_pseudo, setup_state

from games import engine
from games.models import Game


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def validate(game: Game) -> list[str]:
    """Replay the log move by move, checking each against the prompt of its time.

    Returns the problems found (empty when the game is consistent).
    """
    rules = engine.rules_for(game)
    moves = [m for m in engine.live_moves(game)]
    try:
        state = setup_state(rules, engine.setup_arg(game))
        state = _replay_checked(rules, state, [m.triple for m in moves])
    except (IllegalAction, ValueError, KeyError) as error:
        return [f"replay failed: {error}"]
    problems = []
    if not _same(take_log(state), engine.public_log(game)):
        problems.append("stored log lines differ from the replayed log")
    if not _same(state, game.state):
        problems.append("stored state differs from the replayed state")
    if rules.active_roles(state) != game.active_roles:
        problems.append(f"active roles {game.active_roles} != replayed {rules.active_roles(state)}")
    result = rules.result(state)
    if not _same(result.to_json() if result else None, game.result if game.status == "finished" else None):
        problems.append("stored result differs from the replayed result")
    problems += _check_hands(game, rules, state)
    return problems


def _replay_checked(rules, state, triples):
    """Replay with undo, verifying every player action was a prompt choice."""
    for role, verb, arg in undo.effective(triples):
        if not is_pseudo(verb):
            prompt = rules.prompt(state, role)
            if prompt is None or not prompt.allows(Action(verb, arg)):
                raise IllegalAction(f"{role} {verb} {arg!r} was not a choice")
        state = apply_move(rules, state, role, verb, arg)
    return state


def _check_hands(game: Game, rules, state) -> list[str]:
    stored = {h.role: h.cards for h in game.hands.all()}
    return [f"hand of {role} differs" for role in state["roles"] if stored.get(role) != rules.hand(state, role)]


def rebuild(game: Game) -> None:
    """Overwrite the caches from the log (used only after validate reports)."""
    game.state = engine.replay(game)
    take_log(game.state)
    game.active_roles = engine.rules_for(game).active_roles(game.state)
    game.save(update_fields=["state", "active_roles", "updated_at"])
