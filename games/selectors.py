"""Read-only queries and the per-seat picture of a game."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q

from . import engine
from .models import Game, Seat


def game_list_for_user(user) -> list[Game]:
    """The user's games: those waiting on them first, then by last change.

    Three queries however many games: the states stay in the database and
    every game's players come in one query.
    """
    players = Prefetch("game__seats", queryset=Seat.objects.select_related("user").order_by("pk"))
    seats = (Seat.objects.filter(user=user).select_related("game", "user__profile").defer("game__state")
             .prefetch_related(players).order_by("-awaiting", "deadline_at", "-game__updated_at"))
    return [_with_seat(s) for s in seats]


def _with_seat(seat: Seat) -> Game:
    game = seat.game
    game.my_seat = seat
    return game


def invitations_for(user) -> list[Game]:
    return list(Game.objects.filter(status=Game.Status.OPEN, invited_user=user)
                .select_related("created_by__profile").order_by("-created_at"))


def games_awaiting_user(user) -> list[Game]:
    return [s.game for s in Seat.objects.filter(user=user, awaiting=True, game__status=Game.Status.ACTIVE)
            .select_related("game")]


def open_games_for(user) -> list[Game]:
    """Seeks anyone may join, and invitations addressed to ``user``."""
    games = Game.objects.filter(status=Game.Status.OPEN).select_related("created_by", "invited_user")
    if user.is_authenticated:
        games = games.filter(Q(invited_user__isnull=True) | Q(invited_user=user))
    else:
        games = games.filter(invited_user__isnull=True)
    return list(games.order_by("-created_at")[:100])


def seat_for(game: Game, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in game.seats.all() if s.user_id == user.pk), None)


@dataclass
class Picture:
    """Everything one viewer may see of a game at one moment."""

    game: Game
    role: str | None
    view: dict | None
    prompt: object | None


def game_prompt(game_id, user) -> tuple[Game | None, str | None, object | None]:
    """The game, the viewer's role and current prompt: one query, no view.

    Polling clients call this more than anything else, so the query is SQL
    (the ORM took longer to build it than PostgreSQL to answer). A role that
    is not active has no prompt (the rules contract): only an active role
    runs the rules.
    """
    if not 0 < int(game_id) < 2**63:
        return None, None, None  # no such id (and none PostgreSQL's bigint could hold)
    user_id = user.pk if user.is_authenticated else None
    game = next(iter(Game.objects.raw(_GAME_WITH_ROLE, [user_id, game_id])), None)
    role = game.my_role if game else None
    if game is None or role not in game.active_roles or game.status != Game.Status.ACTIVE:
        return game, role, None
    return game, role, engine.rules_for(game).prompt(game.state, role)


_GAME_WITH_ROLE = (f"SELECT g.*, (SELECT s.role FROM {Seat._meta.db_table} s WHERE s.game_id = g.id "
                   f"AND s.user_id = %s AND s.role <> '' LIMIT 1) AS my_role "
                   f"FROM {Game._meta.db_table} g WHERE g.id = %s")


def game_picture(game: Game, user) -> Picture:
    seat = seat_for(game, user)
    role = seat.role if seat and seat.role else None
    if game.state is None:
        return Picture(game, role, None, None)
    rules = engine.rules_for(game)
    view = rules.view(game.state, role)
    prompt = rules.prompt(game.state, role) if role and game.status == Game.Status.ACTIVE else None
    return Picture(game, role, view, prompt)


def public_moves(game: Game, role: str | None) -> list[dict]:
    """The move list with other players' arguments hidden while the game runs.

    Secret choices (a headline pick) travel in move arguments; the public
    account of what happened is the engine's log.
    """
    reveal_all = game.is_over
    rows = game.moves.order_by("seq").values("seq", "role", "verb", "arg", "created_at", "rolled_back", "undone")
    out = []
    for row in rows:
        own = role and row["role"] == role
        if row["verb"] == ".setup" or not (reveal_all or own or row["verb"].startswith(".")):
            row["arg"] = None
        out.append(row)
    return out


def game_picture_at(game: Game, user, seq: int) -> Picture | None:
    """What ``user`` could see right after move ``seq`` (no prompt: it is the past).

    Built from the latest Snapshot at or before ``seq`` plus the moves that
    count after it, replayed up to ``seq``.
    """
    from games.rules.core import undo
    from games.rules.core.flow import take_log

    snapshot = game.snapshots.filter(seq__lte=seq).order_by("-seq").first()
    if snapshot is None or seq > game.seq:
        return None
    rules = engine.rules_for(game)
    moves = [m.triple for m in engine.live_moves(game, snapshot.seq) if m.seq <= seq]
    state = undo.replay(rules, snapshot.state, moves)
    take_log(state)
    seat = seat_for(game, user)
    role = seat.role if seat and seat.role else None
    return Picture(game, role, rules.view(state, role), None)
