"""Read-only queries and the per-seat picture of a game."""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from django.db.models import F, Prefetch, Q

from games import engine
from games.engine import registry, sealing
from games.models import Game, Invitation, Seat


def game_list_for_user(user) -> list[Game]:
    """The user's games: those waiting on them first, then by last change.

    Three queries however many games: the states stay in the database and
    every game's players come in one query.
    """
    players = Prefetch("game__seats", queryset=Seat.objects.select_related("user__profile").order_by("pk"))
    seats = (Seat.objects.filter(user=user).select_related("game", "user__profile").defer("game__state")
             .prefetch_related(players)
             .order_by("-awaiting", F("deadline_at").asc(nulls_last=True), "-game__updated_at"))
    return [_with_seat(s) for s in seats]


def _with_seat(seat: Seat) -> Game:
    game = seat.game
    game.my_seat = seat
    return game


def invitations_for(user) -> list[Game]:
    """Open games inviting ``user``: a duel addressed to them, or a seat kept for
    them at a team table (``game.kept_seat``; ``game.kept_team`` its team in
    words, "" for any team). Two queries however many."""
    mine = Prefetch("invitations", queryset=Invitation.objects.filter(user=user), to_attr="kept_for_me")
    games = list(Game.objects.filter(Q(invited_user=user) | Q(invitations__user=user), status=Game.Status.OPEN)
                 .distinct().select_related("created_by__profile").defer("state").prefetch_related(mine)
                 .order_by("-created_at"))
    for game in games:
        game.kept_seat = game.kept_for_me[0] if game.kept_for_me else None
        game.kept_team = _team_label(game, game.kept_seat.team) if game.kept_seat else ""
    return games


def _team_label(game: Game, team: str) -> str:
    """A team key ("0") of ``game`` in words ("Colony A"); "" for any team."""
    show = registry.presentation(game.title_id)
    teams = show.teams(engine.rules_for(game).roles(game.scenario, game.options))
    return show.team_label(teams[int(team)]) if team.isdigit() and int(team) < len(teams) else ""


def next_game_for(user, after: int | None = None) -> int | None:
    """The id of the running game waiting on ``user`` whose deadline is nearest
    (games without a deadline last), other than game ``after``: "Next game"."""
    if not getattr(user, "is_authenticated", False):
        return None
    seats = Seat.objects.filter(user=user, awaiting=True, game__status=Game.Status.ACTIVE).exclude(game_id=after)
    return seats.order_by(F("deadline_at").asc(nulls_last=True), "game_id").values_list("game_id", flat=True).first()


def games_awaiting_user(user) -> list[Game]:
    return [s.game for s in Seat.objects.filter(user=user, awaiting=True, game__status=Game.Status.ACTIVE)
            .select_related("game")]


def _open_to(user):
    """The open games ``user`` may see: seeks anyone may join, and invitations to them."""
    games = Game.objects.filter(status=Game.Status.OPEN)
    if user.is_authenticated:
        return games.filter(Q(invited_user__isnull=True) | Q(invited_user=user))
    return games.filter(invited_user__isnull=True)


def open_game_count(user) -> int:
    return _open_to(user).count()


def open_games_for(user) -> list[Game]:
    """Seeks anyone may join, and invitations addressed to ``user`` (first).
    Each game carries ``table`` (`lobby_table`): its seats and teams in words."""
    games = (_open_to(user).select_related("created_by__profile", "invited_user")
             .defer("state").prefetch_related(*TABLE_PREFETCH))
    games = list(games.order_by("-created_at")[:100])
    me = user.pk if user.is_authenticated else -1
    for game in games:
        game.table = lobby_table(game, user)
    return sorted(games, key=lambda g: not (g.table.my_invitation or g.invited_user_id == me))


# What `lobby_table` reads, in two queries for any number of games.
TABLE_PREFETCH = (Prefetch("seats", queryset=Seat.objects.select_related("user__profile")),
                  Prefetch("invitations", queryset=Invitation.objects.select_related("user__profile")
                           .order_by("created_at", "pk")))


@dataclass
class TeamLine:
    """One team of a table as the lobby shows it (names, never role ids)."""

    key: str  # what the join form and the API send: the team's index
    label: str  # "Colony A"
    players: list[dict]  # {"name", "username", "role" ("" before the start), "me"}
    kept_for: list[dict]  # invited players the team's seats are kept for: {"name", "username", "me"}
    room: int  # seats a player may still ask for in this team


@dataclass
class LobbyTable:
    """The seats of a game for the lobby, its page and the API."""

    is_team: bool
    total: int
    taken: int
    open: int  # seats nobody has taken and nobody is invited to
    teams: list[TeamLine]
    any_team: list[dict]  # players seated without a team (drawn at the start)
    kept_any: list[dict]  # invited players without a team: {"name", "username", "me"}
    my_invitation: object | None  # the viewer's Invitation
    my_invitation_team: str  # its team in words ("" for any team)
    seated: bool  # the viewer has a seat


def lobby_table(game: Game, user) -> LobbyTable:
    """Who sits (or will) in which team of ``game``: before the start by the
    team each player asked for, after it by their roles."""
    show = registry.presentation(game.title_id)
    teams = show.teams(engine.rules_for(game).roles(game.scenario, game.options))
    seats, invitations = list(game.seats.all()), list(game.invitations.all())
    started = any(s.role for s in seats)
    total = sum(len(team) for team in teams)
    free = 0 if started else max(0, total - len(seats) - len(invitations))
    me = user.pk if user.is_authenticated else None
    lines = []
    for k, team in enumerate(teams):
        members = [s for s in seats if (s.role in team if started else s.team == str(k))]
        kept = [i for i in invitations if i.team == str(k)]
        members.sort(key=lambda s: team.index(s.role) if s.role in team else len(team))
        room = min(free, max(0, len(team) - len(members) - len(kept)))
        lines.append(TeamLine(str(k), show.team_label(team), [_player(s, me) for s in members],
                              [_kept(i, me) for i in kept], room))
    mine = next((i for i in invitations if i.user_id == me), None)
    return LobbyTable(
        is_team=any(len(team) > 1 for team in teams), total=total, taken=len(seats),
        open=free, teams=lines, any_team=[_player(s, me) for s in seats if not started and not s.team],
        kept_any=[_kept(i, me) for i in invitations if not i.team], my_invitation=mine,
        my_invitation_team=lines[int(mine.team)].label if mine and mine.team else "",
        seated=any(s.user_id == me for s in seats))


def _kept(invitation: Invitation, me) -> dict:
    return {"name": invitation.user.display, "username": invitation.user.username, "me": invitation.user_id == me}


def _player(seat: Seat, me) -> dict:
    return {"name": seat.user.display, "username": seat.user.username, "role": seat.role, "me": seat.user_id == me}


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
    account of what happened is the engine's log. A sealed input that is
    not opened yet shows neither its argument nor its verb to other seats.
    """
    reveal_all = game.is_over
    open_now = sealing.open_step(engine.rules_for(game), game.state)
    rows = game.moves.order_by("seq").values("seq", "role", "verb", "arg", "created_at", "rolled_back", "undone",
                                             "commitment", "sealed_step")
    out = []
    for row in rows:
        own = role and row["role"] == role
        if row["verb"] == ".setup" or not (reveal_all or own or row["verb"].startswith(".")):
            row["arg"] = None
        if row.pop("commitment") and not (own or _opened(row, game, open_now)):
            row["verb"] = SEALED_VERB  # a sealed input's verb (pass or move) is part of the secret
        row.pop("sealed_step")
        out.append(row)
    return out


SEALED_VERB = "sealed"


def _opened(row: dict, game: Game, open_now) -> bool:
    return sealing.opened(SimpleNamespace(undone=row["undone"], rolled_back=row["rolled_back"],
                                          sealed_step=row["sealed_step"]), game, open_now)


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


def proxy_picture(game: Game, user, role: str) -> Picture | None:
    """What ``user`` sees while covering the away seat ``role`` (games/tables/__init__.py)
    or acting for it as deputy leader (games/clocks/deputies.py): the rules'
    ``proxy_view`` (the seat's hand, never its secret objective) and the seat's
    prompt. None when ``user`` does neither for ``role``."""
    from games import tables
    from games.clocks import deputies

    if not role or game.state is None:
        return None
    if role not in tables.proxy_roles(game, user) and role not in deputies.roles_for(game, user):
        return None
    rules = engine.rules_for(game)
    hook = getattr(rules, "proxy_view", None)
    view = hook(game.state, role) if hook else rules.view(game.state, None)
    prompt = rules.prompt(game.state, role) if game.status == Game.Status.ACTIVE else None
    return Picture(game, role, view, prompt)


def substitute_seats_for(user) -> list[Seat]:
    """Seats of running games ``user`` is invited to take over."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Seat.objects.filter(substitute=user, game__status=Game.Status.ACTIVE)
                .select_related("game", "user__profile").defer("game__state").order_by("-game__updated_at"))


def has_commitments(game: Game) -> bool:
    """Has the game any sealed input (the sealed choices page has something to show)?"""
    return game.moves.exclude(commitment="").exists()
