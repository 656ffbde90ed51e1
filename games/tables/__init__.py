"""Room: tables — the lobby of team games and the covers of absent seats.

Owns: the services below, the pages that call them (views.py) and their
URLs (urls.py).
May import: store, engine, clocks, play, mail, the foundation.

Team tables (games of more than two seats played in teams): invitations
with a team, the teams of a seat, and the ways an absent seat is covered.

Correspondence-design §4: after two timeouts in a row a seat goes on
autopilot (games/play/services.py); its player ends that by acting or with
`seat_back`. While it is away a teammate may cover it (`proxy_take`: they act
for the seat and see its hand, never its secret objective), and the team may
invite a substitute who takes the seat over with everything in it
(`substitute_invite`, `substitute_accept`). Every service locks the Game row.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.clocks import deadlines
from games.engine import registry
from games.engine.teams import USUAL_PACE, check_team, is_team_game, open_seats, teammates, teams_of, title_teams
from games.errors import BadRequest, Forbidden, GameNotActive
from games.mail import notifications
from games.play import journal
from games.play.services import game_create, invitee
from games.store import outbox
from games.store.locking import lock_game
from games.models import Game, Invitation, Seat


# -- invitations ---------------------------------------------------------------
def invite(*, game_id, user, username: str, team: str = "") -> Invitation:
    """The creator keeps a seat of an open game for a named player (and team)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN or game.created_by_id != user.pk:
            raise Forbidden(_("Only the creator can invite players to a game that has not started."))
        invited = invitee(user, username)
        if game.seats.filter(user=invited).exists() or game.invitations.filter(user=invited).exists():
            raise BadRequest(_("%(u)s is already at this table.") % {"u": invited.display})
        if open_seats(game) < 1:
            raise BadRequest(_("Every seat is taken or kept for someone."))
        invitation = Invitation.objects.create(game=game, user=invited, team=check_team(game, team))
        notifications.seat_invitation_sent(invitation)
        return invitation


def create_with_invitations(*, user, title_id: str, invitations=(), invite_username: str = "", **create) -> Game:
    """``services.game_create`` and then a kept seat for each (username, team)
    of ``invitations``, in one transaction: a bad name keeps nothing. In a
    team title the single ``invite_username`` is one more invitation (any
    team): a whole team game is never reserved for one invited player."""
    in_teams = title_id in registry.titles() and bool(title_teams(registry.get(title_id)))
    if in_teams and invite_username:
        invitations, invite_username = [(invite_username, ""), *invitations], ""
    if in_teams and not create.get("time_control"):
        create["time_control"] = {"kind": "pace", "profile": USUAL_PACE}
    with transaction.atomic():
        game = game_create(user=user, title_id=title_id, invite_username=invite_username, **create)
        _check_creator_team(game)
        for username, team in invitations:
            invite(game_id=game.pk, user=user, username=username, team=team)
    return game


# -- rematch ---------------------------------------------------------------------
REMATCH_SIDES = ("swap", "keep", "random")


def rematch_keeps_sides(game: Game) -> bool:
    """A duel: its rematch offers the sides swapped, kept or random (a team table draws teams again)."""
    return len(engine.rules_for(game).roles(game.scenario, game.options)) == 2 and not is_team_game(game)


def rematch(*, game_id, user, sides: str = "swap") -> Game:
    """A new game like a finished one (title, options, time control, rated or
    not) offered to the same players: in a duel the sides swapped, kept or
    random, the opponent invited (one click to accept); at a team table every
    other player is invited to any team, so the teams are drawn again when the
    last one joins. Asked twice (a double click, or the other player asking
    too), it is the same open game."""
    if sides not in REMATCH_SIDES:
        raise BadRequest(_("Sides for a rematch are swapped, kept or random."))
    with transaction.atomic():
        old = lock_game(game_id)
        mine = old.player_seat(user)
        if not old.is_over or mine is None:
            raise Forbidden(_("Only a player of a finished game can offer a rematch."))
        found = old.rematches.filter(status=Game.Status.OPEN).order_by("pk").first()
        if found is not None:
            return found
        others = list(old.seats.exclude(user=user).select_related("user"))
        like = {"title_id": old.title_id, "options": old.options, "rated": old.rated, "scenario": old.scenario,
                "time_control": old.time_control}
        if rematch_keeps_sides(old):
            role = {"keep": mine.role, "swap": others[0].role, "random": ""}[sides]
            game = game_create(user=user, creator_role=role, invite_username=others[0].user.username, **like)
        else:
            game = create_with_invitations(user=user, invitations=[(s.user.username, "") for s in others], **like)
        Game.objects.filter(pk=game.pk).update(rematch_of=old)
        game.rematch_of = old
        return game


def _check_creator_team(game: Game) -> None:
    """A creator who picked both a seat and a team: the seat must be in the team."""
    seat = game.seats.get(user_id=game.created_by_id)
    if game.creator_role and seat.team and game.creator_role not in teams_of(game)[int(seat.team)]:
        show = registry.presentation(game.title_id)
        raise BadRequest(_("%(side)s does not play in %(team)s: choose that seat's team or any team.") % {
            "side": show.role_label(game.creator_role), "team": show.team_label(teams_of(game)[int(seat.team)])})


def invitation_decline(*, game_id, user) -> None:
    """An invited player gives their kept seat back (it opens to anyone)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN or not game.invitations.filter(user=user).delete()[0]:
            raise Forbidden(_("There is no invitation for you in this game."))


def invitation_withdraw(*, game_id, user, username: str) -> None:
    """The creator takes back a seat kept for a player (it opens to anyone)."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN or game.created_by_id != user.pk:
            raise Forbidden(_("Only the creator can withdraw an invitation to a game that has not started."))
        if not game.invitations.filter(user__username__iexact=str(username)).delete()[0]:
            raise BadRequest(_("No seat is kept for %(u)s.") % {"u": username})


# -- absent seats --------------------------------------------------------------
def _seat(game: Game, role: str) -> Seat:
    seat = game.seats.select_related("user__profile").filter(role=role).first()
    if seat is None:
        raise BadRequest(_("There is no such seat."))
    return seat


def _my_seat(game: Game, user) -> Seat:
    seat = game.player_seat(user)
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive()
    if seat is None:
        raise Forbidden(_("You have no seat in this game."))
    return seat


def seat_back(*, game_id, user) -> Seat:
    """"I'm back": autopilot, any proxy and any invitation to substitute the
    seat end; a running step gets a fresh window."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = _my_seat(game, user)
        if not (seat.autopilot or seat.proxy_id):
            return seat  # not away: nothing to end (and no fresh window for the clock)
        seat.autopilot, seat.proxy, seat.timeouts_in_row, seat.substitute = False, None, 0, None
        _save_with_fresh_window(game, seat)
        return seat


def proxy_take(*, game_id, user, role: str) -> Seat:
    """A teammate covers an absent (autopilot) seat: the defaults stop and the
    seat's steps wait for the proxy, with the usual deadlines."""
    with transaction.atomic():
        game = lock_game(game_id)
        mine = _my_seat(game, user)
        seat = _seat(game, role)
        if role not in teammates(game, mine.role):
            raise Forbidden(_("You can cover only a teammate's seat."))
        if not seat.autopilot and seat.proxy_id is None:
            raise BadRequest(_("That seat is not away: it can be covered after two timeouts in a row."))
        if seat.proxy_id and seat.proxy_id != user.pk:
            raise BadRequest(_("Another teammate already covers that seat."))
        if seat.proxy_id == user.pk:
            return seat  # already covering: the running window stays as it is
        seat.proxy, seat.autopilot = user, False
        _save_with_fresh_window(game, seat)
        return seat


def proxy_roles(game: Game, user) -> list[str]:
    """The seats ``user`` covers in ``game`` (only while they hold a seat in it)."""
    if not getattr(user, "is_authenticated", False) or not game.seats.filter(user_id=user.pk).exists():
        return []
    return list(game.seats.filter(proxy_id=user.pk).values_list("role", flat=True))


def substitute_invite(*, game_id, user, role: str, username: str) -> Seat:
    """The team (a teammate, or the seat's own player) invites a replacement
    for an away seat; the seat's own player may hand it over at any time."""
    with transaction.atomic():
        game = lock_game(game_id)
        mine = _my_seat(game, user)
        seat = _seat(game, role)
        own = seat.pk == mine.pk
        if not own and role not in teammates(game, mine.role):
            raise Forbidden(_("Only the seat's team can invite a substitute."))
        if not own and not (seat.autopilot or seat.proxy_id):
            raise BadRequest(_("That seat is not away: it can be handed over after two timeouts in a row."))
        invited = invitee(user, username)
        if invited is None:
            raise BadRequest(_("Name the player you invite as a substitute."))
        if game.seats.filter(user=invited).exists():
            raise BadRequest(_("%(u)s already has a seat in this game.") % {"u": invited.display})
        seat.substitute = invited
        seat.save(update_fields=["substitute"])
        notifications.substitute_invited(seat, user)
        return seat


def substitute_accept(*, game_id, user) -> Seat:
    """The invited substitute takes the seat over, with its hand and objective."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise GameNotActive()
        seat = game.seats.filter(substitute_id=getattr(user, "pk", None)).first()
        if seat is None:
            raise Forbidden(_("There is no seat waiting for you in this game."))
        if game.seats.filter(user=user).exists():
            raise BadRequest(_("You already have a seat in this game."))
        leaving = seat.user
        seat.user, seat.substitute, seat.proxy = user, None, None
        seat.autopilot, seat.timeouts_in_row = False, 0
        _save_with_fresh_window(game, seat)
        _end_covers(game, leaving)
        return seat


def _end_covers(game: Game, user) -> None:
    """A player who leaves the game ends every cover they hold: those seats are
    away again (autopilot, due as such) until their player or another teammate acts."""
    control = deadlines.control_of(game)
    for covered in game.seats.filter(proxy=user).select_related("user__profile"):
        covered.proxy, covered.autopilot = None, True
        if covered.awaiting:
            deadlines.refresh_deadline(covered, control, timezone.now())
        covered.save()
    deadlines.save_game_deadline(game)


def _save_with_fresh_window(game: Game, seat: Seat) -> None:
    """Save a seat whose player changed or came back: a step it owes gets a
    fresh window, and the game's earliest deadline follows."""
    if seat.awaiting:
        deadlines.turn_start(seat, deadlines.control_of(game), timezone.now(), deadlines.pace_step(game, seat.role))
    seat.save()
    deadlines.save_game_deadline(game)


# -- standing orders (correspondence-design §1, §2.7, §2.8) ---------------------
ASK = "ask"  # every order's first choice: no order, the seat is asked


def orders_seat(game: Game, user, role: str = "") -> Seat:
    """The seat whose standing orders ``user`` may read and set: their own, or
    with ``role`` an away teammate's seat they cover. Nobody else's."""
    seat = _my_seat(game, user)
    if role and role != seat.role:
        seat = game.seats.filter(role=role, proxy_id=user.pk).first()
        if seat is None:
            raise Forbidden(_("You are not covering that seat."))
    return seat


def standing_orders(game: Game, seat: Seat) -> list[dict]:
    """The orders the seat may set now in the reader's words, each with its
    ``value`` ("ask" when none is set); [] for titles without them."""
    hook = getattr(engine.rules_for(game), "standing_orders", None)
    if hook is None or game.state is None or game.status != Game.Status.ACTIVE:
        return []
    offered = registry.presentation(game.title_id).standing_orders_words(hook(game.state, seat.role))
    return [{**order, "value": seat.orders.get(order["key"], ASK)} for order in offered]


def set_orders(*, game_id, user, orders, role: str = "") -> Seat:
    """Set the seat's standing orders: every order offered now takes the value
    given ("ask", or left out, sets none); a key or value not offered refuses
    the whole change. An order that answers the prompt waiting now is played
    at once by the sweep (deadline = turn start), like on autopilot."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = orders_seat(game, user, role)
        seat.orders = _checked_orders(standing_orders(game, seat), orders, seat.orders)
        due = deadlines.follow_orders(game, seat, timezone.now())
        seat.save(update_fields=["orders", "deadline_at", "next_reminder_at"])
        deadlines.save_game_deadline(game)
        if due:  # the sweep right after this commit, as for a seat on autopilot
            outbox.enqueue(journal.SWEEP_TASK)
        return seat


def _checked_orders(offered: list[dict], given, stored: dict) -> dict:
    """The orders to store: the offered ones from ``given`` without "ask", and
    the stored ones no longer offered (nothing is lost); BadRequest in words."""
    if not isinstance(given, dict):
        raise BadRequest(_("Send the standing orders as pairs of an order and a choice."))
    by_key = {order["key"]: order for order in offered}
    for key, value in given.items():
        order = by_key.get(key)
        if order is None:
            raise BadRequest(_("There is no standing order “%(key)s” for your seat now.") % {"key": key})
        if not any(type(value) is type(v) and value == v for v, _label in order["choices"]):
            raise BadRequest(_("“%(value)s” is not a choice of the standing order “%(order)s”.")
                             % {"value": value, "order": order["label"]})
    kept = {key: value for key, value in stored.items() if key not in by_key}
    return {**kept, **{key: value for key, value in given.items() if value != ASK}}
