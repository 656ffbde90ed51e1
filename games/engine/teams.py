"""Teams of a game: which roles play together, a seat's teammates, the
team a joining player may ask for, and the team questions asked before a
game exists (does this title play in teams, how many seats at most).

Owns: the team and open-seat questions every room asks (mail, clocks,
play, tables, web): pure reads of the title's roles and presentation, plus
the seat and invitation counts of an open game.
May import: the foundation (models, errors), engine (rules_for, registry).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from games import engine
from games.engine import registry
from games.engine.presentation import option_variants
from games.errors import BadRequest
from games.models import Game, Invitation, Seat

USUAL_PACE = "daily"  # a team game's time control unless its creator picks another


def teams_of(game: Game) -> list[list[str]]:
    """The title's teams for this game's roles (colonies, alliances...)."""
    roles = engine.rules_for(game).roles(game.scenario, game.options)
    return registry.presentation(game.title_id).teams(roles)


def is_team_game(game: Game) -> bool:
    return any(len(team) > 1 for team in teams_of(game))


def team_index(game: Game, role: str) -> int | None:
    return next((k for k, team in enumerate(teams_of(game)) if role in team), None)


def teammates(game: Game, role: str) -> list[str]:
    k = team_index(game, role)
    return [r for r in teams_of(game)[k] if r != role] if k is not None else []


def team_choices(game: Game) -> list[tuple[str, str]]:
    """("", "Any team"), ("0", "Colony A")... for the lobby."""
    show = registry.presentation(game.title_id)
    return [("", _("Any team"))] + [(str(k), show.team_label(team)) for k, team in enumerate(teams_of(game))]


def check_team(game: Game, team: str) -> str:
    """A valid team key with a seat left for one more player, or BadRequest."""
    team = str(team or "")
    if not team:
        return ""
    teams = teams_of(game)
    if not team.isdigit() or int(team) >= len(teams):
        raise BadRequest(_("This game has no such team (the teams depend on the number of players)."))
    taken = game.seats.filter(team=team).count() + game.invitations.filter(team=team).count()
    if taken >= len(teams[int(team)]):
        label = registry.presentation(game.title_id).team_label(teams[int(team)])
        raise BadRequest(_("%(team)s is full: choose another team or any team.") % {"team": label})
    return team


def assign_roles(game: Game, seats: list[Seat], roles: list[str], pick) -> None:
    """Give every seat a role: first the seats that asked for a team (a role of
    that team), then the rest; ``pick(list)`` chooses one (random in play)."""
    teams = teams_of(game) if any(s.team for s in seats) else []
    free = [r for r in roles if not any(s.role == r for s in seats)]
    for seat in sorted(seats, key=lambda s: (not s.team, s.pk)):
        if seat.role:
            continue
        pool = [r for r in free if r in teams[int(seat.team)]] if seat.team else free
        seat.role = pick(pool or free)
        free.remove(seat.role)


def title_teams(rules) -> list[tuple[str, str]]:
    """[(team key, label)] of a title played in teams (with any of its
    options), else []: what the create form and API offer before a game exists."""
    show = registry.presentation(rules.title_id)
    labels, in_teams = {}, False
    for options in option_variants(rules):
        teams = show.teams(rules.roles(rules.scenarios()[0], options))
        in_teams = in_teams or any(len(team) > 1 for team in teams)
        for k, team in enumerate(teams):
            labels.setdefault(str(k), show.team_label(team))
    return sorted(labels.items(), key=lambda item: int(item[0])) if in_teams else []


def most_seats(rules) -> int:
    return max(len(rules.roles(rules.scenarios()[0], options)) for options in option_variants(rules))


def open_seats(game: Game) -> int:
    """Seats nobody has taken and nobody is invited to."""
    roles = engine.rules_for(game).roles(game.scenario, game.options)
    return len(roles) - game.seats.count() - game.invitations.count()


def invitation_for(game: Game, user) -> Invitation | None:
    if not user.is_authenticated:
        return None
    return game.invitations.filter(user=user).first()
