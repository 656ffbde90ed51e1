"""Rebuild and validate games from their move logs (the caches must agree)."""
from __future__ import annotations

import json

import orjson

from games.rules.core import Action, IllegalAction, undo
from games.rules.core.flow import take_log
from games.rules.core.pseudo import ROLLBACK, SETUP, apply_move, is_pseudo, setup_state

from games import engine
from games.engine import sealing
from games.models import Game, Move

SITE_PLAYED = ("timeout", "autopilot", "order", "deputy")  # Move.source of moves logged after a site line
MOST_PROBLEMS = 5  # per game: the first moves that disagree, then a count


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def validate(game: Game) -> list[str]:
    """Replay the log move by move, checking each against the prompt of its time
    and its stored log lines against the lines the replay writes (with the
    site's own lines: a sealed move's commitment, "ran out of time").

    Returns the problems found (empty when the game is consistent).
    """
    rules = engine.rules_for(game)
    moves = list(game.moves.filter(rolled_back=False).order_by("seq"))
    try:
        state, problems = _Replay(game, rules).run(moves)
    except (IllegalAction, ValueError, KeyError) as error:
        return [f"replay failed: {error}"]
    if len(problems) > MOST_PROBLEMS:
        problems = problems[:MOST_PROBLEMS] + [f"and {len(problems) - MOST_PROBLEMS} more"]
    if not _same(state, game.state):
        problems.append("stored state differs from the replayed state")
    if rules.active_roles(state) != game.active_roles:
        problems.append(f"active roles {game.active_roles} != replayed {rules.active_roles(state)}")
    result = rules.result(state)
    if not _same(result.to_json() if result else None, game.result if game.status == "finished" else None):
        problems.append("stored result differs from the replayed result")
    problems += _check_hands(game, rules, state)
    return problems


class _Replay:
    """The replay of one game's moves in log order, as the pipeline played them:
    an undo goes back to the state before the move it takes back."""

    def __init__(self, game: Game, rules):
        self.game, self.rules = game, rules
        self.problems: list[str] = []
        self.kept: list[tuple[Move, bytes]] = []  # undoable moves, each with the state before it

    def run(self, moves: list[Move]) -> tuple[dict, list[str]]:
        state = setup_state(self.rules, engine.setup_arg(self.game))
        first = moves[0] if moves else None
        if first is None or first.verb != SETUP:
            raise ValueError("the log does not start with .setup")
        self._check_log(first, take_log(state), None)
        for move in moves[1:]:
            state = self._one(state, move)
        self._settle_kept()
        return state, self.problems

    def _one(self, state: dict, move: Move) -> dict:
        if move.verb == ROLLBACK:
            self._check_log(move, [], None)
            return state
        role, verb, arg = move.triple
        if not is_pseudo(verb):
            prompt = self.rules.prompt(state, role)
            if prompt is None or not prompt.allows(Action(verb, arg)):
                raise IllegalAction(f"move {move.seq}: {role} {verb} {arg!r} was not a choice")
        sealed = sealing.open_step(self.rules, state) if not is_pseudo(verb) and role else None
        if verb == undo.UNDO:
            if not self.kept:
                raise ValueError(f"move {move.seq}: undo with nothing to take back")
            taken, before = self.kept.pop()
            if not taken.undone:
                self.problems.append(f"move {taken.seq} was taken back by move {move.seq} but is not marked undone")
            self._check_log(move, [], sealed)
            return orjson.loads(before)
        before = orjson.dumps(state)
        state = apply_move(self.rules, state, role, verb, arg)
        self._check_log(move, take_log(state), sealed)
        self.kept.append((move, before))
        if not state.get("undo", {}).get("depth", 0):  # a checkpoint: nothing up to here can be taken back
            self._settle_kept()
        return state

    def _settle_kept(self) -> None:
        for move, _before in self.kept:
            if move.undone:
                self.problems.append(f"move {move.seq} is marked undone but was never taken back")
        self.kept = []

    def _check_log(self, move: Move, rules_lines: list, sealed_step: int | None) -> None:
        """The move's stored lines are its site lines, its commitment if it was
        sealed, and the lines the replay wrote, in the order the journal writes them."""
        site = [line for line in move.log if line.get("kind") == sealing.SITE_FIRST]
        if bool(site) != (move.source in SITE_PLAYED) or any(line.get("role") != move.role for line in site):
            self.problems.append(f"move {move.seq}: the site's line does not match who made it ({move.source})")
        if sealed_step is not None and move.sealed_step != sealed_step:
            self.problems.append(f"move {move.seq} was made in sealed step {sealed_step} but not sealed in it")
            return
        if sealed_step is None and move.commitment:
            self.problems.append(f"move {move.seq} is sealed but no sealed step was open")
            return
        if move.commitment and move.commitment != sealing.digest(
                self.game.pk, move.seq, move.role, move.verb, move.arg, move.nonce):
            self.problems.append(f"move {move.seq}: the commitment does not match the move")
        sealed = sealing.sealed_line(move) if sealed_step is not None else None
        if not _same(move.log, sealing.move_log(site + rules_lines, sealed)):
            self.problems.append(f"move {move.seq}: stored log lines differ from the replayed log")


def _check_hands(game: Game, rules, state) -> list[str]:
    stored = {h.role: h.cards for h in game.hands.all()}
    return [f"hand of {role} differs" for role in state["roles"] if stored.get(role) != rules.hand(state, role)]


def rebuild(game: Game) -> None:
    """Overwrite the caches from the log (used only after validate reports)."""
    game.state = engine.replay(game)
    take_log(game.state)
    game.active_roles = engine.rules_for(game).active_roles(game.state)
    game.save(update_fields=["state", "active_roles", "updated_at"])
