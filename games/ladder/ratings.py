"""Rating services: record a finished game, recompute after a correction.

Both run inside the game's transaction (the ``games_finished`` /
``game_result_changed`` receivers) and lock the players' Rating rows in user
id order, so two games sharing a player are rated one after the other.
"""
from __future__ import annotations

import datetime
import logging
from typing import NamedTuple

from django.db.models import Count, Max, Q
from django.utils import timezone

from games.store import bulk
from games.models import Game, Seat

from . import glicko2, teamratings
from .models import Rating, RatingChange, RatingRecompute, SideRecord, TeamRatingChange

log = logging.getLogger(__name__)

# A rating whose deviation is above this is provisional: marked, and kept off
# the main leaderboard (lichess uses the same threshold).
PROVISIONAL_RD = 110.0
NOT_COUNTED = {"annulled", "abandoned"}
PERIOD = datetime.timedelta(days=glicko2.PERIOD_DAYS)


def game_counts(game: Game) -> bool:
    """A rated game that finished with a real result (never annulled or abandoned)."""
    result = game.result or {}
    return (game.rated and game.status == Game.Status.FINISHED and bool(result)
            and result.get("reason") not in NOT_COUNTED)


def periods_between(then, now) -> float:
    if then is None or now is None or now <= then:
        return 0.0
    return (now - then) / PERIOD


def rating_current(rating: Rating, now=None) -> glicko2.Player:
    """The rating as of ``now``: the deviation has grown with the time since the last game."""
    return glicko2.idle(rating.player, periods_between(rating.last_played, now or timezone.now()))


def is_provisional(rating: Rating, now=None) -> bool:
    return rating_current(rating, now).rd > PROVISIONAL_RD


def ranked_until(player: glicko2.Player, played_at):
    """When inactivity will make ``player`` provisional (None: already is)."""
    if player.rd > PROVISIONAL_RD:
        return None
    return played_at + glicko2.periods_until(player, PROVISIONAL_RD) * PERIOD


# -- recording finished games ------------------------------------------------
def ratings_games_record(games: list[Game]) -> list[RatingChange]:
    """Rate games that just finished, in finish order (called with their rows locked).

    A fixed number of queries per title however many games finish together
    (the timeout sweep): each player's rating is carried from one game to the
    next in memory and every row is written once. Duels are rated with
    Glicko-2; games of more than two seats with OpenSkill (``teamratings``),
    whose changes are returned too.
    """
    games = [g for g in games if game_counts(g)]
    if games:
        rated = set(RatingChange.objects.filter(game__any=games).values_list("game_id", flat=True))
        rated |= set(TeamRatingChange.objects.filter(game__any=games).values_list("game_id", flat=True))
        games = [g for g in games if g.pk not in rated]
    seats = _rated_seats(games)
    games = [g for g in games if len(seats.get(g.pk, ())) >= 2]
    changes = []
    for title_id in sorted({g.title_id for g in games}):
        mine = [g for g in games if g.title_id == title_id]
        duels = [g for g in mine if not teamratings.is_team_game(seats[g.pk])]
        teams = [g for g in mine if teamratings.is_team_game(seats[g.pk])]
        changes += _record_title(title_id, duels, seats) if duels else []
        changes += teamratings.record_title(title_id, teams, seats) if teams else []
    return changes


class SeatKey(NamedTuple):
    """What rating needs of a Seat (loaded as tuples: a sweep reads thousands)."""

    user_id: int
    role: str


def _rated_seats(games: list[Game]) -> dict[int, list[SeatKey]]:
    seats = {}
    if games:
        rows = Seat.objects.filter(game__any=games).exclude(role="").order_by("game_id", "pk")
        for game_id, user_id, role in rows.values_list("game_id", "user_id", "role"):
            seats.setdefault(game_id, []).append(SeatKey(user_id, role))
    return seats


def _record_title(title_id: str, games: list[Game], seats: dict) -> list[RatingChange]:
    rows = _lock_ratings(title_id, {s.user_id for g in games for s in seats[g.pk]})
    states = {uid: (row.player, row.last_played) for uid, row in rows.items()}
    changes = []
    for game in sorted(games, key=lambda g: (g.finished_at or timezone.now(), g.pk)):
        changes += _changes(game, seats[game.pk], states)
    bulk.insert(changes)
    _apply_changes(title_id, rows, changes)
    return changes


def _lock_ratings(title_id: str, user_ids) -> dict[int, Rating]:
    """Create missing rows, then lock them all in user id order."""
    user_ids = sorted(set(user_ids))
    Rating.objects.bulk_create([Rating(user_id=uid, title_id=title_id) for uid in user_ids], ignore_conflicts=True)
    rows = Rating.objects.select_for_update().filter(title_id=title_id, user_id__in=user_ids).order_by("user_id")
    return {row.user_id: row for row in rows}


def _changes(game: Game, seats: list[Seat], states: dict) -> list[RatingChange]:
    """The game's RatingChange rows from each player's state before it; ``states`` moves on."""
    at = game.finished_at or timezone.now()
    winners = (game.result or {}).get("winners") or []
    roles = [s.role for s in seats]
    players = {}
    for seat in seats:
        player, last_played = states[seat.user_id]
        players[seat.user_id] = (seat.role, glicko2.idle(player, periods_between(last_played, at)))
    after = glicko2.rate_game(players, winners)
    changes = []
    for seat in seats:
        before, last_played = states[seat.user_id]
        new = after[seat.user_id]
        changes.append(RatingChange(
            game=game, user_id=seat.user_id, title_id=game.title_id, role=seat.role,
            outcome=glicko2.outcome(seat.role, winners, roles), finished_at=at,
            rating_before=before.rating, rd_before=before.rd, volatility_before=before.volatility,
            last_played_before=last_played, rating_after=new.rating, rd_after=new.rd,
            volatility_after=new.volatility))
        states[seat.user_id] = (new, at)
    return changes


RATING_FIELDS = ["rating", "rd", "volatility", "games", "wins", "losses", "draws", "last_played", "ranked_until"]
OUTCOME_FIELD = {"win": "wins", "loss": "losses", "draw": "draws"}


def _apply_changes(title_id: str, rows: dict[int, Rating], changes: list[RatingChange]) -> None:
    """Add ``changes`` (in finish order) to the Rating and SideRecord totals."""
    sides = _lock_sides(title_id, {(c.user_id, c.role) for c in changes})
    for change in changes:
        row, field = rows[change.user_id], OUTCOME_FIELD[change.outcome]
        row.rating, row.rd, row.volatility = change.rating_after, change.rd_after, change.volatility_after
        row.games += 1
        setattr(row, field, getattr(row, field) + 1)
        row.last_played = change.finished_at
        row.ranked_until = ranked_until(row.player, change.finished_at)
        side = sides[change.user_id, change.role]
        setattr(side, field, getattr(side, field) + 1)
    Rating.objects.bulk_update(list(rows.values()), RATING_FIELDS)
    SideRecord.objects.bulk_update(list(sides.values()), list(OUTCOME_FIELD.values()))


def _lock_sides(title_id: str, keys: set) -> dict[tuple, SideRecord]:
    SideRecord.objects.bulk_create([SideRecord(user_id=uid, title_id=title_id, role=role)
                                    for uid, role in sorted(keys)],
                                   ignore_conflicts=True)
    rows = SideRecord.objects.select_for_update().filter(
        title_id=title_id, user_id__in={uid for uid, _ in keys}).order_by("user_id", "role")
    return {(s.user_id, s.role): s for s in rows if (s.user_id, s.role) in keys}


# -- recomputing after a correction -----------------------------------------
def ratings_recompute(game: Game, previous: dict | None = None) -> RatingRecompute | None:
    """Replay, in finish order, every game from ``game`` onward that involves an affected player.

    The players of ``game`` are affected; so is everyone who later played an
    affected player. Games among unaffected players keep their rows as they are.
    """
    if teamratings.is_team_game([s for s in Seat.objects.filter(game=game) if s.role]):
        return _team_recompute(game, previous)
    start = game.finished_at or RatingChange.objects.filter(game=game).aggregate(at=Max("finished_at"))["at"]
    if start is None:
        return None
    affected = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    old = {uid: row.rating for uid, row in _lock_ratings(game.title_id, affected).items()}
    states, replayed = {}, 0
    for later in _games_from(game, start):
        seats = [s for s in later.seats.all() if s.role]
        user_ids = {s.user_id for s in seats}
        if not user_ids & affected:
            continue
        _lock_ratings(game.title_id, user_ids - affected)
        affected |= user_ids
        for uid in user_ids - states.keys():
            if uid not in old:
                old[uid] = _rating_of(uid, game.title_id)
            states[uid] = _state_before(uid, later)
        RatingChange.objects.filter(game=later).delete()
        if game_counts(later) and len(seats) >= 2:
            RatingChange.objects.bulk_create(_changes(later, seats, states))
        replayed += 1
    for uid in affected:
        totals_rebuild(uid, game.title_id)
    return _log_recompute(game, previous, replayed, old)


def _team_recompute(game: Game, previous) -> RatingRecompute | None:
    """``ratings_recompute`` for a team game: the same replay over the OpenSkill rows.

    Later team games involving an affected player are replayed; duels among
    them keep their Glicko-2 rows (the two kinds never mix).
    """
    start = game.finished_at or TeamRatingChange.objects.filter(game=game).aggregate(
        at=Max("finished_at"))["at"]
    if start is None:
        return None
    affected = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    rows = teamratings.lock(game.title_id, affected)
    old = {uid: row.ordinal for uid, row in rows.items()}
    states, replayed = {}, 0
    for later in _games_from(game, start):
        seats = [s for s in later.seats.all() if s.role]
        user_ids = {s.user_id for s in seats}
        if not user_ids & affected or not teamratings.is_team_game(seats):
            continue
        for uid, row in teamratings.lock(game.title_id, user_ids - affected).items():
            old.setdefault(uid, row.ordinal)
        affected |= user_ids
        for uid in user_ids - states.keys():
            states[uid] = teamratings.state_before(uid, later)
        TeamRatingChange.objects.filter(game=later).delete()
        if game_counts(later):
            TeamRatingChange.objects.bulk_create(teamratings.game_changes(later, seats, states))
        replayed += 1
    new = {uid: teamratings.totals_rebuild(uid, game.title_id).ordinal for uid in affected}
    names = _usernames(old)
    changes = {names[uid]: [round(before, 2), round(new[uid], 2)]
               for uid, before in old.items() if round(before, 2) != round(new[uid], 2)}
    entry = RatingRecompute.objects.create(game=game, title_id=game.title_id, previous_result=previous,
                                           new_result=game.result, games_replayed=replayed, changes=changes)
    log.info("team ratings recomputed from game %s (%s): %s games replayed, changes %s",
             game.pk, game.title_id, replayed, changes)
    return entry


def _games_from(game: Game, start):
    after = Q(finished_at__gt=start) | Q(finished_at=start, pk__gte=game.pk)
    games = Game.objects.filter(Q(status=Game.Status.FINISHED, rated=True) | Q(pk=game.pk),
                                title_id=game.title_id).filter(after | Q(pk=game.pk))
    return games.order_by("finished_at", "pk").prefetch_related("seats").iterator(chunk_size=2000)


def _rating_of(user_id, title_id) -> float:
    row = Rating.objects.filter(user_id=user_id, title_id=title_id).first()
    return row.rating if row else glicko2.DEFAULT_RATING


def _state_before(user_id, game: Game):
    """(Player, last played) after the player's last rated game finished before ``game``."""
    at = game.finished_at
    earlier = RatingChange.objects.filter(user_id=user_id, title_id=game.title_id).exclude(game=game)
    if at is not None:
        earlier = earlier.filter(Q(finished_at__lt=at) | Q(finished_at=at, game_id__lt=game.pk))
    last = earlier.order_by("-finished_at", "-game_id").first()
    if last is None:
        return glicko2.Player(), None
    return glicko2.Player(last.rating_after, last.rd_after, last.volatility_after), last.finished_at


def totals_rebuild(user_id, title_id: str) -> Rating:
    """Rebuild a player's Rating and SideRecord rows from their RatingChange rows."""
    changes = RatingChange.objects.filter(user_id=user_id, title_id=title_id)
    last = changes.order_by("-finished_at", "-game_id").first()
    row, _ = Rating.objects.select_for_update().get_or_create(user_id=user_id, title_id=title_id)
    new = glicko2.Player() if last is None else glicko2.Player(
        last.rating_after, last.rd_after, last.volatility_after)
    row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
    counts = _outcome_counts(changes)
    row.games = sum(counts.values())
    row.wins, row.losses, row.draws = counts["win"], counts["loss"], counts["draw"]
    row.last_played = last.finished_at if last else None
    row.ranked_until = ranked_until(new, last.finished_at) if last else None
    row.save()
    SideRecord.objects.filter(user_id=user_id, title_id=title_id).delete()
    for role in changes.order_by().values_list("role", flat=True).distinct():
        side = _outcome_counts(changes.filter(role=role))
        SideRecord.objects.create(user_id=user_id, title_id=title_id, role=role,
                                  wins=side["win"], losses=side["loss"], draws=side["draw"])
    return row


def _outcome_counts(changes) -> dict:
    counts = {"win": 0, "loss": 0, "draw": 0}
    for row in changes.order_by().values("outcome").annotate(n=Count("id")):
        counts[row["outcome"]] = row["n"]
    return counts


def _log_recompute(game: Game, previous, replayed: int, old: dict) -> RatingRecompute:
    new = dict(Rating.objects.filter(title_id=game.title_id, user_id__in=old).values_list("user_id", "rating"))
    names = _usernames(old)
    changes = {names[uid]: [round(before, 2), round(new.get(uid, before), 2)]
               for uid, before in old.items() if round(before, 2) != round(new.get(uid, before), 2)}
    entry = RatingRecompute.objects.create(game=game, title_id=game.title_id, previous_result=previous,
                                           new_result=game.result, games_replayed=replayed, changes=changes)
    log.info("ratings recomputed from game %s (%s): %s games replayed, changes %s",
             game.pk, game.title_id, replayed, changes)
    return entry


def _usernames(user_ids) -> dict:
    from django.contrib.auth import get_user_model

    return dict(get_user_model().objects.filter(pk__in=list(user_ids)).values_list("pk", "username"))
