"""Which chat a reader may read and a poster may write (issue 21).

A game has the table chat (``ChatMessage.channel == ""``) and, in a team
game, one chat per team of two or more seats (``"team<k>"``, ``k`` the index
of the team in ``games.tables.teams_of(game)``). A seat reads the table chat
and its own team's; a team of one (the Lone Wolf) has no team chat. Moderators
read every channel, except in a game where they have a seat: there they read
what that seat reads, like any player. Spectators read nothing.

In a game of three seats or more, any two seats may also talk in private
(correspondence-design §3: players at a physical table can whisper, across
colonies and with the Lone Wolf too): a direct-message channel
``"dm:<role>:<role>"``, the two roles sorted so that the pair has one key
whoever writes first. Only those two seats read it (and moderators, as above).

The API and the forms name a channel ``"table"``, ``"team"`` (the poster's
own team) or ``"dm"`` (with ``to``: the recipient's name or seat);
``"team<k>"`` and ``"dm:..."`` are the stored keys.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games import engine
from games.engine import registry
from games.errors import BadRequest, Forbidden
from games.models import Game

from . import access
from games.engine.teams import is_team_game, teams_of

TABLE, TEAM, DM = "table", "team", "dm"
NAMES = (TABLE, TEAM, DM)
DM_PREFIX = "dm:"


def team_key(index: int) -> str:
    return f"team{index}"


def team_channels(game: Game) -> dict[str, list[str]]:
    """"team<k>" -> the roles of team k, for the teams that have a chat."""
    return {team_key(k): team for k, team in enumerate(teams_of(game)) if len(team) > 1}


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
        return ["", *team_channels(game), *dm_channels(game)]
    return []


def readable_by_role(game: Game, role: str) -> list[str]:
    own = channel_of_role(game, role)
    return ["", own, *dms_of_role(game, role)] if own else ["", *dms_of_role(game, role)]


def key_for(game: Game, role: str, name: str, to: str = "") -> str:
    """The stored key for a poster's ``name`` ("table", "team", "team<k>" or
    "dm" to the seat ``to``), or a clear error."""
    name = (name or TABLE).strip()
    if name in (TABLE, ""):
        return ""
    if name == DM:
        return dm_key_for(game, role, to)
    own = channel_of_role(game, role)
    if name == TEAM:
        if not own:
            raise BadRequest(no_team_chat(game))
        return own
    if name in team_channels(game):
        if name != own:
            raise Forbidden(_("That is another team's chat."))
        return own
    raise BadRequest(_('Choose the channel "table", "team" or "dm".'))


def no_team_chat(game: Game) -> str:
    if not is_team_game(game):
        return _("This game has no team chat.")
    return _("You play alone: there is no team chat for you.")


def name_of(key: str) -> str:
    """The API's name of a stored key: "table", "team" or "dm"."""
    if key.startswith(DM_PREFIX):
        return DM
    return TEAM if key else TABLE


def label(game: Game, key: str) -> str:
    """"Table", the team's name ("Colony A") or the two seats of a direct
    message in words, for moderators and the tabs."""
    if not key:
        return _("Table")
    if key.startswith(DM_PREFIX):
        return dm_label(game, key)
    team = team_channels(game).get(key)
    return registry.presentation(game.title_id).team_label(team) if team else _("Unknown team")


# -- direct messages between two seats -----------------------------------------
def dm_key(role: str, other: str) -> str:
    """The one key of the pair, whichever of the two writes."""
    return DM_PREFIX + ":".join(sorted((role, other)))


def roles_of(game: Game) -> list[str]:
    return list(engine.rules_for(game).roles(game.scenario, game.options))


def has_dms(game: Game) -> bool:
    """Three seats or more: with two, the table chat already reaches only the opponent."""
    return len(roles_of(game)) > 2


def require_dms(game: Game) -> None:
    """A clear error where direct messages do not exist (a two-seat game)."""
    if not has_dms(game):
        raise BadRequest(_("This game has two players: the table chat already reaches only your opponent."))


def dm_channels(game: Game) -> list[str]:
    roles = roles_of(game) if has_dms(game) else []
    return sorted({dm_key(a, b) for a in roles for b in roles if a != b})


def dms_of_role(game: Game, role: str) -> list[str]:
    """The direct-message keys ``role`` is one of the two seats of."""
    if not role or not has_dms(game):
        return []
    return [dm_key(role, other) for other in roles_of(game) if other != role]


def seat_words(game: Game, seat) -> str:
    """"ben (Player 2)": the player's name and their seat, in words."""
    role = registry.presentation(game.title_id).role_label(seat.role)
    return _("%(name)s (%(seat)s)") % {"name": seat.user.display, "seat": role}


def recipients(game: Game, role: str) -> list[tuple[str, str]]:
    """(role, "ben (Player 2)") for every other seated player, for the picker."""
    seats = {seat.role: seat for seat in game.seats.select_related("user__profile").exclude(role__in=["", role])}
    return [(other, seat_words(game, seats[other])) for other in roles_of(game) if other in seats]


def dm_key_for(game: Game, role: str, to: str) -> str:
    """The key of a direct message from ``role`` to ``to`` (a player's name or
    a seat, as a role or in words), or a clear error."""
    require_dms(game)
    seat = _recipient(game, (to or "").strip())
    if seat.role == role:
        raise BadRequest(_("You cannot send a direct message to yourself."))
    return dm_key(role, seat.role)


def _recipient(game: Game, to: str):
    if not to:
        raise BadRequest(_("Choose the player to write to."))
    seats = list(game.seats.select_related("user__profile").exclude(role=""))
    show = registry.presentation(game.title_id)
    for seat in seats:
        names = {seat.role, show.role_label(seat.role), seat.user.username, seat.user.display}
        if to.casefold() in {name.casefold() for name in names}:
            return seat
    if get_user_model().objects.filter(username__iexact=to).exists():
        raise BadRequest(_("%(name)s has no seat in this game.") % {"name": to})
    raise BadRequest(_("No seat of this game is called %(name)s: choose a player of this game by name or "
                       "seat.") % {"name": to})


def dm_label(game: Game, key: str) -> str:
    """"ada (Player 1) and ben (Player 2)": the two seats of a direct message."""
    roles = key[len(DM_PREFIX):].split(":")
    seats = {seat.role: seat for seat in game.seats.select_related("user__profile").filter(role__in=roles)}
    show = registry.presentation(game.title_id)
    words = [seat_words(game, seats[r]) if r in seats else show.role_label(r) for r in roles]
    return _("Between %(one)s and %(other)s") % {"one": words[0], "other": words[1]}


# -- the "since you last looked" briefing (games/briefing/) ----------------------
def briefing_chat(game: Game, role: str, after) -> tuple[int, list]:
    """How many chat lines ``role`` may read that others wrote after ``after``
    (a time, None for the whole game), and the newest few: the briefing room's
    reader of this app's chat (registered in apps.py)."""
    from games import briefing

    from .models import ChatMessage

    rows = ChatMessage.objects.filter(game=game, channel__in=readable_by_role(game, role)).exclude(
        user_id__in=game.seats.filter(role=role).values("user_id"))
    if after is not None:
        rows = rows.filter(created_at__gt=after)
    newest = list(rows.select_related("user__profile").order_by("-created_at", "-pk")[:briefing.MOST_CHAT])
    count = rows.count() if len(newest) == briefing.MOST_CHAT else len(newest)  # one query when there are few
    return count, [briefing.ChatLine(m.user.display, label(game, m.channel), m.body[:200]) for m in reversed(newest)]
