"""Read-side queries for the leaderboard, profile and ladder pages."""
from __future__ import annotations

import datetime
from collections import defaultdict

from django.db.models import F
from django.utils import timezone

from games.models import Game, Move, Seat

from . import glicko2
from .models import Ladder, LadderEntry, Rating, RatingChange, SideRecord, TeamRating, TeamRatingChange
from .ratings import NOT_COUNTED, is_provisional, rating_current

ACTIVE_DAYS = 60
PROFILE_GAMES = 20
MOVE_TIME_GAMES = 10


def leaderboard(title_id: str, *, active_only: bool = False, now=None):
    """Ids of the established players of a title, best first (provisional ratings are left out).

    Only ids: paging walks the ``rating_board`` index alone (an index-only scan on
    PostgreSQL); ``leaderboard_rows`` then loads the one page with its users.
    """
    now = now or timezone.now()
    rows = Rating.objects.filter(title_id=title_id, ranked_until__gt=now)
    if active_only:
        rows = rows.filter(last_played__gte=now - datetime.timedelta(days=ACTIVE_DAYS))
    return rows.order_by("-rating", "id").values_list("id", flat=True)


def leaderboard_rows(ids) -> list[Rating]:
    """The Rating rows (with users) of one page of ``leaderboard`` ids, in that order."""
    ids = list(ids)
    rows = Rating.objects.filter(pk__in=ids).select_related("user").only(
        "rating", "rd", "volatility", "games", "wins", "last_played", "user__username")
    by_id = {row.pk: row for row in rows}
    return [by_id[pk] for pk in ids if pk in by_id]


def ratings_for_user(user, now=None) -> list[dict]:
    """Every title the player has a rated game in, with current RD and per-side records."""
    now = now or timezone.now()
    sides = defaultdict(list)
    for side in SideRecord.objects.filter(user=user):
        sides[side.title_id].append(side)
    rows = []
    for rating in Rating.objects.filter(user=user, games__gt=0).order_by("title_id"):
        rows.append({"rating": rating, "current": rating_current(rating, now),
                     "provisional": is_provisional(rating, now), "sides": sides[rating.title_id]})
    return rows


# A team rating is established after this many games (OpenSkill's sigma needs a few).
TEAM_MIN_GAMES = 3
TEAM_BOARD_SIZE = 100


def team_leaderboard(title_id: str, *, active_only: bool = False, now=None, limit: int = TEAM_BOARD_SIZE):
    """The OpenSkill ratings (games of more than two seats) of a title, best ordinal first."""
    now = now or timezone.now()
    rows = TeamRating.objects.filter(title_id=title_id, games__gte=TEAM_MIN_GAMES)
    if active_only:
        rows = rows.filter(last_played__gte=now - datetime.timedelta(days=ACTIVE_DAYS))
    return list(rows.select_related("user").order_by("-ordinal", "id")[:limit])


def team_ratings_for_user(user) -> list[TeamRating]:
    return list(TeamRating.objects.filter(user=user, games__gt=0).order_by("title_id"))


def team_rating_history(user, title_id: str, limit: int = 200) -> list[tuple]:
    """(finished_at, ordinal after) of the player's last ``limit`` team games in a title."""
    rows = TeamRatingChange.objects.filter(user=user, title_id=title_id).order_by("-finished_at", "-game_id")
    return [(at, mu - 3 * sigma) for at, mu, sigma in
            reversed(rows.values_list("finished_at", "mu_after", "sigma_after")[:limit])]


def rating_change_for(game, user) -> RatingChange | TeamRatingChange | None:
    """One player's rating change in a game (None: unrated, not counted, or not
    seated): the Glicko-2 row of a duel, or the OpenSkill row of a team game."""
    if game is None or not getattr(user, "pk", None):
        return None
    return (RatingChange.objects.filter(game=game, user=user).first()
            or TeamRatingChange.objects.filter(game=game, user=user).first())


def rating_history(user, title_id: str, limit: int = 200) -> list[tuple]:
    """(finished_at, rating after) of the player's last ``limit`` rated games in a title."""
    rows = RatingChange.objects.filter(user=user, title_id=title_id).order_by("-finished_at", "-game_id")
    return [(at, r) for at, r in reversed(rows.values_list("finished_at", "rating_after")[:limit])]


def recent_games(user, limit: int = PROFILE_GAMES) -> list[dict]:
    """The player's last finished games with opponents, outcome and rating change."""
    games = list(Game.objects.filter(seats__user=user, status=Game.Status.FINISHED)
                 .order_by("-finished_at", "-pk").prefetch_related("seats__user")[:limit])
    changes = {c.game_id: c for c in RatingChange.objects.filter(user=user, game__in=games)}
    team_changes = {c.game_id: c for c in TeamRatingChange.objects.filter(user=user, game__in=games)}
    rows = []
    for game in games:
        seats = list(game.seats.all())
        mine = next(s for s in seats if s.user_id == user.pk)
        winners = (game.result or {}).get("winners") or []
        counted = (game.result or {}).get("reason") not in NOT_COUNTED
        rows.append({"game": game, "role": mine.role,
                     "opponents": [s.user for s in seats if s.user_id != user.pk],
                     "outcome": glicko2.outcome(mine.role, winners, [s.role for s in seats]) if counted else "",
                     "change": changes.get(game.pk), "team_change": team_changes.get(game.pk)})
    return rows


def record_against(user) -> list[dict]:
    """Wins, losses and draws against each opponent over all counted finished games."""
    mine = Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).exclude(
        game__result__reason__in=list(NOT_COUNTED))
    my_roles = dict(mine.values_list("game_id", "role"))
    results = dict(Game.objects.filter(pk__in=my_roles).values_list("pk", "result"))
    totals = defaultdict(lambda: {"wins": 0, "losses": 0, "draws": 0})
    others = Seat.objects.filter(game_id__in=mine.values("game_id")).exclude(user=user)
    for game_id, role, name in others.values_list("game_id", "role", "user__username"):
        score = glicko2.score_between(my_roles[game_id], role, (results[game_id] or {}).get("winners") or [])
        totals[name][{1.0: "wins", 0.0: "losses"}.get(score, "draws")] += 1
    rows = [{"username": name, **counts} for name, counts in totals.items()]
    return sorted(rows, key=lambda r: (-(r["wins"] + r["losses"] + r["draws"]), r["username"].lower()))


def timeouts_count(user) -> int:
    """Games this player lost on time (the .timeout pseudo-move names the role)."""
    return Move.objects.filter(verb=".timeout", game__seats__user=user, game__seats__role=F("role")).count()


def average_move_seconds(user, games: int = MOVE_TIME_GAMES) -> float | None:
    """Mean time from the previous move to each of the player's own moves, over recent games."""
    seats = Seat.objects.filter(user=user).order_by("-game__updated_at")
    game_ids = list(seats.values_list("game_id", flat=True)[:games])
    moves = Move.objects.filter(game_id__in=game_ids).order_by("game_id", "seq").values_list(
        "game_id", "user_id", "verb", "created_at")
    waits, previous = [], None
    for game_id, user_id, verb, at in moves:
        if previous and previous[0] == game_id and user_id == user.pk and not verb.startswith("."):
            waits.append((at - previous[1]).total_seconds())
        previous = (game_id, at)
    return sum(waits) / len(waits) if waits else None


def ladders_list():
    return Ladder.objects.order_by("title_id", "name")


def ladder_entries(ladder: Ladder):
    return LadderEntry.objects.filter(ladder=ladder).select_related("user").order_by("rung")


def challengeable_user_ids(ladder: Ladder, entries: list, user) -> set[int]:
    """Players the viewer may challenge now (the service re-checks and explains refusals)."""
    from . import ladders

    mine = next((e for e in entries if e.user_id == getattr(user, "pk", None)), None)
    if mine is None:
        return set()
    return {e.user_id for e in entries if 0 < mine.rung - e.rung <= ladders.MAX_RUNGS_UP}
