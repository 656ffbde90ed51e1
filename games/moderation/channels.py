"""Which chat a reader may read and a poster may write (issue 21).

A game has the table chat (``ChatMessage.channel == ""``) and, in a team
game, one chat per team of two or more seats (``"team<k>"``, ``k`` the index
of the team in ``games.tables.teams_of(game)``). A seat reads the table chat
and its own team's; a team of one (the Lone Wolf) has no team chat. Moderators
read every channel, except in a game where they have a seat: there they read
what that seat reads, like any player. Spectators read nothing.

The API and the forms name a channel ``"table"`` or ``"team"`` (the poster's
own team); ``"team<k>"`` is the stored key.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from games import registry, tables
from games.errors import BadRequest, Forbidden
from games.models import Game

from . import access

TABLE, TEAM = "table", "team"
NAMES = (TABLE, TEAM)


def team_key(index: int) -> str:
    return f"team{index}"


def team_channels(game: Game) -> dict[str, list[str]]:
    """"team<k>" -> the roles of team k, for the teams that have a chat."""
    return {team_key(k): team for k, team in enumerate(tables.teams_of(game)) if len(team) > 1}


def channel_of_role(game: Game, role: str) -> str:
    """The team chat key of ``role`` ("" when it has none: no team game, or a team of one)."""
    if not role:
        return ""
    return next((key for key, team in team_channels(game).items() if role in team), "")


def readable(game: Game, user) -> list[str]:
    """The channel keys ``user`` may read in ``game`` ([] for a spectator)."""
    seat = access.seat_of(game, user)
    if seat is not None:
        return readable_by_role(game, seat.role)
    if access.is_moderator(user):
        return ["", *team_channels(game)]
    return []


def readable_by_role(game: Game, role: str) -> list[str]:
    own = channel_of_role(game, role)
    return ["", own] if own else [""]


def key_for(game: Game, role: str, name: str) -> str:
    """The stored key for a poster's ``name`` ("table", "team" or "team<k>"), or a clear error."""
    name = (name or TABLE).strip()
    if name in (TABLE, ""):
        return ""
    own = channel_of_role(game, role)
    if name == TEAM:
        if not own:
            raise BadRequest(no_team_chat(game))
        return own
    if name in team_channels(game):
        if name != own:
            raise Forbidden(_("That is another team's chat."))
        return own
    raise BadRequest(_('Choose the channel "table" or "team".'))


def no_team_chat(game: Game) -> str:
    if not tables.is_team_game(game):
        return _("This game has no team chat.")
    return _("You play alone: there is no team chat for you.")


def name_of(key: str) -> str:
    """The API's name of a stored key: "table" or "team"."""
    return TEAM if key else TABLE


def label(game: Game, key: str) -> str:
    """"Table" or the team's name ("Colony A"), for moderators and the tabs."""
    if not key:
        return _("Table")
    team = team_channels(game).get(key)
    return registry.presentation(game.title_id).team_label(team) if team else _("Unknown team")
