"""OpenSkill (Plackett-Luce) ratings for games of more than two seats.

Duels keep Glicko-2 (``ratings.py``). A game is a *team game* when more than
two seats played it. The teams come from the title's presentation when it
offers ``teams(roles) -> list[list[role]]`` (colonies, alliances...); without
it every seat is a team of one. Ranks come from the result's ``winners``
list: every winning team shares first place, every other team second; no
winner at all is a draw among everyone. When a title lets one member of a
team win without the others (a secret objective), the teams did not share a
result, so that game rates every seat as a team of one (a losing player tied
with a bigger losing team would otherwise gain).

Called from ``ratings.ratings_games_record`` (the batched path, inside the
games' transaction) and ``ratings.ratings_recompute``.
"""
from __future__ import annotations

from django.utils import timezone
from openskill.models import PlackettLuce

from games.store import bulk
from games.engine import registry
from games.models import Game

from . import glicko2
from .models import TeamRating, TeamRatingChange

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


def is_team_game(seats) -> bool:
    """More than two rated seats: OpenSkill. Two: a duel, Glicko-2."""
    return len(seats) > 2


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def teams_of(title_id: str, roles: list[str]) -> list[list[str]]:
    """The title's teams for these roles (each role in exactly one), else one team per seat."""
    try:
        hook = getattr(registry.presentation(title_id), "teams", None)
    except registry.UnknownTitle:
        hook = None
    teams = [list(t) for t in hook(list(roles))] if hook else []
    placed = [r for t in teams for r in t]
    if sorted(placed) != sorted(roles):
        teams = [[r] for r in roles]
    return [t for t in teams if t]


def groups_and_ranks(title_id: str, roles: list[str], winners: list[str]) -> list[tuple[list[str], int]]:
    """(roles rated together, rank) for a finished game: winners 1, the rest 2, no winner: all 1."""
    teams = teams_of(title_id, roles)
    if any(0 < sum(r in winners for r in team) < len(team) for team in teams):
        teams = [[r] for r in roles]  # a split team: its players did not share a result
    if not winners:
        return [(team, 1) for team in teams]
    return [(team, 1 if team[0] in winners else 2) for team in teams]


def lock(title_id: str, user_ids) -> dict[int, TeamRating]:
    user_ids = sorted(set(user_ids))
    TeamRating.objects.bulk_create([TeamRating(user_id=uid, title_id=title_id) for uid in user_ids],
                                   ignore_conflicts=True)
    rows = TeamRating.objects.select_for_update().filter(title_id=title_id, user_id__in=user_ids).order_by("user_id")
    return {row.user_id: row for row in rows}


def record_title(title_id: str, games: list[Game], seats: dict) -> list[TeamRatingChange]:
    """Rate one title's team games in finish order, each player's rating carried in memory."""
    rows = lock(title_id, {s.user_id for g in games for s in seats[g.pk]})
    states = {uid: (row.mu, row.sigma) for uid, row in rows.items()}
    changes = []
    for game in sorted(games, key=lambda g: (g.finished_at or timezone.now(), g.pk)):
        changes += game_changes(game, seats[game.pk], states)
    bulk.insert(changes)
    apply_changes(rows, changes)
    return changes


def game_changes(game: Game, seats, states: dict) -> list[TeamRatingChange]:
    """The game's TeamRatingChange rows from each player's (mu, sigma) before it; ``states`` moves on."""
    at = game.finished_at or timezone.now()
    winners = (game.result or {}).get("winners") or []
    by_role = {s.role: s.user_id for s in seats}
    roles = list(by_role)
    groups = groups_and_ranks(game.title_id, roles, winners)
    teams = [[MODEL.create_rating(list(states.get(by_role[r], (DEFAULT_MU, DEFAULT_SIGMA)))) for r in group]
             for group, _ in groups]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in groups]) if len(groups) > 1 else teams
    changes = []
    for (group, rank), after in zip(groups, rated):
        for role, new in zip(group, after):
            uid = by_role[role]
            mu, sigma = states.get(uid, (DEFAULT_MU, DEFAULT_SIGMA))
            changes.append(TeamRatingChange(
                game=game, user_id=uid, title_id=game.title_id, role=role, team=list(group), rank=rank,
                outcome=glicko2.outcome(role, winners, roles), finished_at=at,
                mu_before=mu, sigma_before=sigma, mu_after=new.mu, sigma_after=new.sigma))
            states[uid] = (new.mu, new.sigma)
    return changes


OUTCOME_FIELD = {"win": "wins", "loss": "losses", "draw": "draws"}
FIELDS = ["mu", "sigma", "ordinal", "games", "wins", "losses", "draws", "last_played"]


def apply_changes(rows: dict[int, TeamRating], changes: list[TeamRatingChange]) -> None:
    for change in changes:
        row = rows[change.user_id]
        row.mu, row.sigma = change.mu_after, change.sigma_after
        row.ordinal = ordinal(row.mu, row.sigma)
        row.games += 1
        field = OUTCOME_FIELD[change.outcome]
        setattr(row, field, getattr(row, field) + 1)
        row.last_played = change.finished_at
    TeamRating.objects.bulk_update(list(rows.values()), FIELDS)


def totals_rebuild(user_id, title_id: str) -> TeamRating:
    """Rebuild a player's TeamRating row from their TeamRatingChange rows."""
    changes = list(TeamRatingChange.objects.filter(user_id=user_id, title_id=title_id)
                   .order_by("finished_at", "game_id"))
    row, _ = TeamRating.objects.select_for_update().get_or_create(user_id=user_id, title_id=title_id)
    last = changes[-1] if changes else None
    row.mu = last.mu_after if last else DEFAULT_MU
    row.sigma = last.sigma_after if last else DEFAULT_SIGMA
    row.ordinal = ordinal(row.mu, row.sigma)
    row.games = len(changes)
    row.wins, row.losses, row.draws = (sum(c.outcome == o for c in changes) for o in ("win", "loss", "draw"))
    row.last_played = last.finished_at if last else None
    row.save()
    return row


def state_before(user_id, game: Game) -> tuple[float, float]:
    """(mu, sigma) after the player's last team game finished before ``game``."""
    from django.db.models import Q

    earlier = TeamRatingChange.objects.filter(user_id=user_id, title_id=game.title_id).exclude(game=game)
    at = game.finished_at
    if at is not None:
        earlier = earlier.filter(Q(finished_at__lt=at) | Q(finished_at=at, game_id__lt=game.pk))
    last = earlier.order_by("-finished_at", "-game_id").first()
    return (last.mu_after, last.sigma_after) if last else (DEFAULT_MU, DEFAULT_SIGMA)
