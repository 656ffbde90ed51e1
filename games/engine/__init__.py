"""Room: engine — the bridge between stored games and the pure rules (no HTTP, no mail).

Owns: the rules of a stored game, replay from snapshots, a seat's view and
the public log (this module); the title registry (registry.py), the
presentation contract (presentation.py), translated rule tables
(i18n_tables.py), rebuilding stored games from their moves (rebuild.py),
sealed-step commitments (sealing.py) and the team questions (teams.py).
May import: games.rules (core and, through the registry, the titles) and the foundation.
"""
from __future__ import annotations

from games.rules.core import undo
from games.rules.core.flow import take_log
from games.rules.core.pseudo import MARKERS, apply_move, setup_state

from games.engine import registry
from games.models import Game, Move, Snapshot


def rules_for(game: Game):
    return registry.get(game.title_id)


def setup_arg(game: Game) -> dict:
    return {"seed": game.seed, "scenario": game.scenario, "options": game.options,
            "version": game.rules_version}


def live_moves(game: Game, after_seq: int = 0) -> list[Move]:
    """Moves after ``after_seq`` that count: not rolled back, markers excluded."""
    return list(game.moves.filter(seq__gt=after_seq, rolled_back=False)
                .exclude(verb__in=MARKERS).order_by("seq"))


def replay(game: Game, moves: list[Move] | None = None) -> dict:
    """The state rebuilt from the log alone (its ``log`` holds every line written)."""
    rules = rules_for(game)
    state = setup_state(rules, setup_arg(game))
    moves = live_moves(game) if moves is None else moves
    return undo.replay(rules, state, [m.triple for m in moves])


def rebuild_after_undo(game: Game, undo_triple: tuple) -> dict:
    """The state after an undo: the last snapshot plus the live moves since."""
    rules = rules_for(game)
    snapshot = game.snapshots.filter(seq__lte=game.seq).order_by("-seq").first()
    state = snapshot.state if snapshot else setup_state(rules, setup_arg(game))
    since = live_moves(game, snapshot.seq if snapshot else 0)
    state = undo.replay(rules, state, [m.triple for m in since] + [undo_triple])
    take_log(state)  # those lines are already stored on their own moves
    undone = [m for m in since if not m.undone and m.verb != undo.UNDO][-1]
    Move.objects.filter(pk=undone.pk).update(undone=True)
    return state


def state_at(game: Game, seq: int) -> dict:
    """The state right after move ``seq`` (a live one): the last snapshot at or
    before it plus the moves that count since."""
    rules = rules_for(game)
    snapshot = game.snapshots.filter(seq__lte=seq).order_by("-seq").first()
    state = snapshot.state if snapshot else setup_state(rules, setup_arg(game))
    since = [m for m in live_moves(game, snapshot.seq if snapshot else 0) if m.seq <= seq]
    state = undo.replay(rules, state, [m.triple for m in since])
    take_log(state)
    return state


def step(game: Game, state: dict, role: str | None, verb: str, arg, prompt=None) -> dict:
    """Apply one move to ``state`` (in place where the rules allow); ``prompt``
    is the one just checked for this state and role, if any."""
    if verb == undo.UNDO:
        return rebuild_after_undo(game, (role, verb, arg))
    return apply_move(rules_for(game), state, role, verb, arg, prompt)


def public_log(game: Game, numbered: bool = False) -> list[dict]:
    """Every public log line of the moves that count, in order.

    ``numbered`` adds each line's move number as ``seq`` (pages link a line to
    the board after that move); the rules' own lines never carry it.
    """
    rows = game.moves.filter(rolled_back=False, undone=False).order_by("seq").values_list("seq", "log")
    if numbered:
        return [{"seq": seq, **line} for seq, lines in rows for line in lines]
    return [line for _seq, lines in rows for line in lines]


def latest_snapshot(game: Game) -> Snapshot | None:
    return game.snapshots.order_by("-seq").first()
