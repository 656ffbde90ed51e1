"""The JSON API: the same services as the web pages, per-seat views only."""
from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from django.db.models import prefetch_related_objects
from django.utils.translation import gettext as _
from rest_framework import permissions, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.response import Response

from games import briefing, clocks, engine, notes, tables
from games.clocks import pauses
from games.engine import registry, sealing
from games.web import selectors
from games.play import services
from games.errors import BadRequest, Forbidden, NotFound, StaleMove
from games.models import Game

from games.api.serializers import (ActionSerializer, BriefingSerializer, CalendarSerializer, MyDataSerializer, NoteSerializer,
                          RematchSerializer, SeenSerializer, CommitmentSerializer, ErrorSerializer, GameCreateSerializer,
                          GameDetailSerializer, GameSummarySerializer, HoursSerializer, InvitationOutSerializer,
                          InvitationSerializer, JoinSerializer, MoveSerializer, OrdersInSerializer, OrdersSerializer,
                          PausesSerializer, PromptSerializer, ResignSerializer, SeatRoleSerializer,
                          SeatStateSerializer, SubstituteSerializer, TableSerializer, VoteSerializer, WithdrawSerializer)
from games.limits.throttles import READ_WRITE, ActionThrottle, CreateThrottle
from games.engine.teams import is_team_game, teams_of
from games.reach import calendar


def _game(game_id) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound()
    return game


def _valid(serializer_class, data):
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        field, problems = next(iter(serializer.errors.items()))
        raise BadRequest(f"{field}: {problems[0] if isinstance(problems, list) else problems}")
    return serializer.validated_data


def _prompt_json(prompt, game) -> dict | None:
    """The rules' own (English) words, kept stable for programs, beside the
    reader's: ``display_text``, ``display_waiting_text`` and each choice's
    ``display_label`` in the request's language (the presentation contract)."""
    if prompt is None:
        return None
    show = registry.presentation(game.title_id)
    return {"text": prompt.text, "waiting_text": prompt.waiting_text,
            "display_text": show.prompt_text(prompt), "display_waiting_text": show.waiting_text(prompt),
            "choices": [{**asdict(c), "display_label": show.choice_label(c)} for c in prompt.choices]}


@extend_schema(methods=["GET"], responses=GameSummarySerializer(many=True))
@extend_schema(methods=["POST"], request=GameCreateSerializer, responses={201: GameSummarySerializer})
@api_view(["GET", "POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])  # and invitations per invitee: services.game_create
def games(request):
    """GET: my games, those waiting on me first. POST: create a game (a seek or an invitation)."""
    if request.method == "GET":
        return Response(GameSummarySerializer(selectors.game_list_for_user(request.user), many=True).data)
    data = _valid(GameCreateSerializer, request.data)
    invitations = [(line["username"], line["team"]) for line in data["invitations"]]
    game = tables.create_with_invitations(
        user=request.user, title_id=data["title_id"], options=data["options"], rated=data["rated"],
        creator_role=data["side"], invite_username=data["invite"], time_control=data["time_control"],
        creator_team=data["team"], invitations=invitations)
    return Response(GameSummarySerializer(game).data, status=status.HTTP_201_CREATED)


@extend_schema(request=JoinSerializer, responses=GameSummarySerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])
def join(request, game_id):
    """Take a free seat (or accept an invitation: the seat kept for me, in its
    team); the game starts when full. ``team``: the team asked for (team games)."""
    data = _valid(JoinSerializer, request.data or {})
    game = services.seat_join(game_id=game_id, user=request.user, team=data["team"])
    return Response(GameSummarySerializer(game).data)


@extend_schema(request=InvitationSerializer, responses={201: InvitationOutSerializer})
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])  # and invitations per invitee: services.invitee
def invitations(request, game_id):
    """The creator keeps a seat of an open team game for a named player, in a team."""
    data = _valid(InvitationSerializer, request.data)
    invitation = tables.invite(game_id=game_id, user=request.user, username=data["username"], team=data["team"])
    return Response(_invitation_json(invitation, teams_of(invitation.game)), status=status.HTTP_201_CREATED)


NO_GAME = OpenApiResponse(ErrorSerializer, description="no such game")
DECLINE_RESPONSES = {200: TableSerializer, 404: NO_GAME, 403: OpenApiResponse(
    ErrorSerializer, description="no seat is kept for me in this game, nor a duel invitation (or it has started)")}
WITHDRAW_RESPONSES = {200: TableSerializer, 404: NO_GAME, 403: OpenApiResponse(
    ErrorSerializer, description="not the creator, or the game has started"), 400: OpenApiResponse(
    ErrorSerializer, description="no username, or no seat is kept for that player")}


@extend_schema(request=None, responses=DECLINE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def decline(request, game_id):
    """Give back the seat kept for me (it opens to anyone), or decline a duel
    invitation (the game is cancelled), as the web page's Decline does."""
    try:
        tables.invitation_decline(game_id=game_id, user=request.user)
    except Forbidden:  # no seat kept for me: a duel invitation, or none
        services.invitation_decline(game_id=game_id, user=request.user)
    return Response(_table_json(_game(game_id), request.user))


@extend_schema(request=WithdrawSerializer, responses=WITHDRAW_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def invitation_withdraw(request, game_id):
    """The creator takes back the seat kept for ``username`` (it opens to anyone)."""
    data = _valid(WithdrawSerializer, request.data)
    tables.invitation_withdraw(game_id=game_id, user=request.user, username=data["username"])
    return Response(_table_json(_game(game_id), request.user))


def _table_json(game: Game, user) -> dict:
    """Who sits where (TableSerializer): names, team labels and keys, roles once started; no other ids."""
    prefetch_related_objects([game], *selectors.TABLE_PREFETCH)
    table = selectors.lobby_table(game, user)
    teams = teams_of(game)
    control = clocks.TimeControl.from_json(game.time_control)
    return {"seats": table.total, "taken": table.taken, "open_seats": table.open,
            "teams": [{"key": line.key, "label": line.label, "roles": teams[int(line.key)],
                       "players": [{"username": p["username"], "name": p["name"], "role": p["role"] or None}
                                   for p in line.players],
                       "invited": [i.user.username for i in game.invitations.all() if i.team == line.key],
                       "open_seats": line.room} for line in table.teams] if table.is_team else [],
            "invitations": [_invitation_json(i, teams) for i in game.invitations.all()],
            "time_control": game.time_control, "time_control_text": control.describe(),
            "pace": control.profile if control.kind == "pace" else None}


def _invitation_json(invitation, teams: list[list[str]]) -> dict:
    label = registry.presentation(invitation.game.title_id).team_label(teams[int(invitation.team)]) \
        if invitation.team else None
    return {"username": invitation.user.username, "team": label}


@extend_schema(responses=GameDetailSerializer, parameters=[OpenApiParameter(
    "as_role", str, required=False, description="a seat I cover as a proxy: its view (no secret objective)")])
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def game_detail(request, game_id):
    """The game as my seat sees it (spectators get the public view); with
    ``as_role``, as the away teammate's seat I cover sees it."""
    game = _game(game_id)
    as_role = str(request.query_params.get("as_role", ""))[:40]
    picture = selectors.proxy_picture(game, request.user, as_role) if as_role else None
    if as_role and picture is None:
        raise Forbidden(_("You do not cover that seat."))
    picture = picture or selectors.game_picture(game, request.user)
    game = picture.game
    return Response({"id": game.pk, "title_id": game.title_id, "status": game.status, "seq": game.seq,
                     "role": picture.role, "active_roles": game.active_roles, "result": game.result,
                     "table": _table_json(game, request.user), "pauses": _pauses_json(game, request.user),
                     "view": picture.view, "prompt": _prompt_json(picture.prompt, game)})


def _pauses_json(game: Game, user) -> dict | None:
    """PausesSerializer's data for a team table in progress (or over); None elsewhere."""
    if game.status == Game.Status.OPEN or game.state is None or not is_team_game(game):
        return None
    seats = list(game.seats.select_related("user__profile"))
    return PausesSerializer(pauses.state(game, seats, user)).data


@extend_schema(responses=PromptSerializer)
@api_view(["GET"])
def prompt(request, game_id):
    """My current choices; ``prompt`` is null when nothing is asked of me."""
    game, role, current = selectors.game_prompt(game_id, request.user)
    if game is None:
        raise NotFound()
    return Response({"seq": game.seq, "status": game.status, "role": role, "prompt": _prompt_json(current, game)})


@extend_schema(request=ActionSerializer, responses=dict)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def actions(request, game_id):
    """Submit one action. 403 not your seat, 409 stale or over, 422 illegal.
    A stale move's 409 carries the game's ``seq`` and the seat's ``prompt`` now
    (another seat's move in a simultaneous step may have changed the choices)."""
    data = _valid(ActionSerializer, request.data)
    try:
        outcome = services.move_submit(game_id=game_id, user=request.user, verb=data["verb"],
                                       arg=data["arg"], expected_seq=data["expected_seq"], as_role=data["as_role"])
    except StaleMove as error:
        return Response({"error": error.code, "detail": error.message, "seq": error.seq,
                         "prompt": _prompt_json(error.prompt, _game(game_id))}, status=error.status)
    game = outcome.game
    return Response({"seq": game.seq, "status": game.status, "active_roles": game.active_roles,
                     "result": game.result})


@extend_schema(request=None, responses=ResignSerializer)
@api_view(["POST"])
def resign(request, game_id):
    """Resign my seat; the answer is the game right after it (ResignSerializer)."""
    game = services.game_resign(game_id=game_id, user=request.user)
    return Response(ResignSerializer(game).data)


@extend_schema(responses=MoveSerializer(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def log(request, game_id):
    """The move list (others' secret arguments hidden until the end) and the public engine log."""
    picture = selectors.game_picture(_game(game_id), request.user)
    moves = selectors.public_moves(picture.game, picture.role)
    return Response({"moves": MoveSerializer(moves, many=True).data, "log": engine.public_log(picture.game)})


# -- "since you last looked" (games/briefing/) ------------------------------------
@extend_schema(responses=BriefingSerializer)
@api_view(["GET"])
def briefing_view(request, game_id):
    """What happened since my seat last looked: the moves in words, the board's
    changes, chat I may read and my time left (403 for a non-player)."""
    game = _game(game_id)
    return _briefing_response(game, _my_seat(game, request.user))


@extend_schema(request=SeenSerializer, responses=BriefingSerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def briefing_seen(request, game_id):
    """"Seen": the briefing starts after move ``seq`` (never moves back; at most the game's move)."""
    game = _game(game_id)
    seat = _my_seat(game, request.user)
    briefing.mark_seen(seat, _valid(SeenSerializer, request.data)["seq"])
    seat.refresh_from_db()
    return _briefing_response(game, seat)


def _briefing_response(game: Game, seat) -> Response:
    found = briefing.for_seat(game, seat) or briefing.Briefing(game.seq, game.seq, [], [])  # nothing new
    return Response(BriefingSerializer(found.as_json()).data)


def _my_seat(game: Game, user):
    seat = game.player_seat(user)
    if seat is None:
        raise Forbidden(_("Only a player of this game has a briefing."))
    return seat


@extend_schema(request=RematchSerializer, responses={201: GameSummarySerializer})
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])
def rematch(request, game_id):
    """Offer a rematch of a finished game: the same options to the same players
    (their invitation is the new game; asking again gives the same one)."""
    data = _valid(RematchSerializer, request.data)
    game = tables.rematch(game_id=game_id, user=request.user, sides=data["sides"])
    return Response(GameSummarySerializer(game).data, status=status.HTTP_201_CREATED)


# -- private notes (games/notes/) ---------------------------------------------------
@extend_schema(methods=["GET"], responses=NoteSerializer)
@extend_schema(methods=["PUT"], request=NoteSerializer, responses=NoteSerializer)
@api_view(["GET", "PUT"])
@throttle_classes(READ_WRITE)
def note(request, game_id):
    """My private note on the game: only I read it (403 for anyone not a player of it)."""
    if request.method == "PUT":
        text = _valid(NoteSerializer, request.data)["text"]
        return Response({"text": notes.save(game_id=game_id, user=request.user, text=text).text})
    return Response({"text": notes.read(_game(game_id), request.user)})


# -- the calendar of deadlines (games/reach/calendar.py) -----------------------------
@extend_schema(methods=["GET"], responses=CalendarSerializer)
@extend_schema(methods=["POST", "DELETE"], request=None, responses=CalendarSerializer)
@api_view(["GET", "POST", "DELETE"])
@throttle_classes(READ_WRITE)
def my_calendar(request):
    """My calendar address: GET it, POST for a new one (the old stops working), DELETE to turn it off."""
    if request.method == "POST":
        calendar.renew(request.user)
    elif request.method == "DELETE":
        calendar.turn_off(request.user)
    return Response({"address": calendar.address(request, request.user)}, headers={"Cache-Control": "no-store"})


@extend_schema(responses=MyDataSerializer)
@api_view(["GET"])
def my_data(request):
    """Everything the site keeps of me: account, every game I have a seat in, my private notes."""
    return Response(MyDataSerializer(player_data(request.user)).data)


def player_data(user) -> dict:
    seats = user.seats.select_related("game").defer("game__state").order_by("game_id")
    return {"username": user.username, "email": user.email, "notes": notes.export(user),
            "games": [{"id": s.game_id, "title": s.game.title_id, "role": s.role, "status": s.game.status,
                       "result": s.game.result} for s in seats]}


# -- team tables: absent seats and sealed commitments (games/tables/__init__.py, games/engine/sealing.py) --
@extend_schema(request=None, responses=SeatStateSerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def seat_back(request, game_id):
    """"I'm back": my seat leaves autopilot (and any proxy)."""
    return Response(SeatStateSerializer(tables.seat_back(game_id=game_id, user=request.user)).data)


@extend_schema(request=SeatRoleSerializer, responses=SeatStateSerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def proxy_take(request, game_id):
    """Cover an away teammate's seat: act for it with ``as_role`` (403 not a teammate)."""
    data = _valid(SeatRoleSerializer, request.data)
    return Response(SeatStateSerializer(tables.proxy_take(game_id=game_id, user=request.user,
                                                          role=data["role"])).data)


@extend_schema(request=SubstituteSerializer, responses=SeatStateSerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])
def substitute_invite(request, game_id):
    """Invite a substitute for an away teammate's seat, or hand over my own."""
    data = _valid(SubstituteSerializer, request.data)
    seat = tables.substitute_invite(game_id=game_id, user=request.user, role=data["role"],
                                    username=data["username"])
    return Response(SeatStateSerializer(seat).data)


@extend_schema(request=None, responses=SeatStateSerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def substitute_accept(request, game_id):
    """Take over the seat I am invited to as a substitute."""
    return Response(SeatStateSerializer(tables.substitute_accept(game_id=game_id, user=request.user)).data)


@extend_schema(responses=CommitmentSerializer(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def commitments(request, game_id):
    """Every sealed input's commitment; opened ones with verb, arg, salt and the hashed text."""
    game = _game(game_id)
    rows = sealing.commitments(game, engine.rules_for(game))
    return Response(CommitmentSerializer(rows, many=True).data)


# -- standing orders (games/tables/__init__.py `set_orders`): my seat's, or a covered seat's --
ORDERS_RESPONSES = {200: OrdersSerializer, 404: NO_GAME, 403: OpenApiResponse(
    ErrorSerializer, description="no seat of mine in this game, or as_role is a seat I do not cover"),
    409: OpenApiResponse(ErrorSerializer, description="the game is not in progress"),
    400: OpenApiResponse(ErrorSerializer, description="an order or a value not offered to the seat now (nothing "
                         "is changed); the detail names it")}


@extend_schema(methods=["GET"], responses=ORDERS_RESPONSES, parameters=[OpenApiParameter(
    "as_role", str, required=False, description="an away teammate's seat I cover")])
@extend_schema(methods=["PUT"], request=OrdersInSerializer, responses=ORDERS_RESPONSES)
@api_view(["GET", "PUT"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def orders(request, game_id):
    """My seat's standing orders (CD§1): answers given in advance, played at once when their
    question is asked. PUT replaces them: every order left out is "ask". Nobody else sees them."""
    role = str(request.query_params.get("as_role", ""))[:40]
    if request.method == "PUT":
        data = _valid(OrdersInSerializer, request.data)
        role = data["as_role"]
        tables.set_orders(game_id=game_id, user=request.user, orders=data["orders"], role=role)
    game = _game(game_id)
    seat = tables.orders_seat(game, request.user, role)
    return Response(OrdersSerializer({"role": seat.role, "orders": tables.standing_orders(game, seat)}).data)


# -- planned absences (games/clocks/pauses.py): 400 with the reason when refused --
PAUSE_RESPONSES = {200: PausesSerializer, 404: NO_GAME, 400: OpenApiResponse(
    ErrorSerializer, description="not a team table, no seat of mine, not in progress, hours out of range, over my "
    "pause budget, already paused or not paused, already voted, no open proposal (the detail says which)")}


def _pauses_after(game_id, user) -> Response:
    return Response(_pauses_json(_game(game_id), user))


@extend_schema(request=HoursSerializer, responses=PAUSE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def seat_pause(request, game_id):
    """Pause my own seat's clock for ``hours`` (my deadlines move on by the paused time; budget 72 h per game)."""
    data = _valid(HoursSerializer, request.data)
    pauses.seat_pause(game_id=game_id, user=request.user, hours=data["hours"])
    return _pauses_after(game_id, request.user)


@extend_schema(request=None, responses=PAUSE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def seat_resume(request, game_id):
    """Resume my clock now; the unused hours go back to my budget."""
    pauses.seat_resume(game_id=game_id, user=request.user)
    return _pauses_after(game_id, request.user)


@extend_schema(request=HoursSerializer, responses=PAUSE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])
def table_pause_propose(request, game_id):
    """Propose to pause the whole table for ``hours`` (1 to 168); counts as my yes. The other seats get a mail."""
    data = _valid(HoursSerializer, request.data)
    pauses.table_pause_propose(game_id=game_id, user=request.user, hours=data["hours"])
    return _pauses_after(game_id, request.user)


@extend_schema(request=VoteSerializer, responses=PAUSE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def table_pause_vote(request, game_id):
    """Vote on the open proposal (more than half of all seats saying yes starts it at once) or, with
    ``resume``, on ending the running pause now (more than half saying yes ends it)."""
    data = _valid(VoteSerializer, request.data)
    pauses.table_pause_vote(game_id=game_id, user=request.user, yes=data["yes"], resume=data["resume"])
    return _pauses_after(game_id, request.user)


@extend_schema(request=None, responses=PAUSE_RESPONSES)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, ActionThrottle])
def table_pause_withdraw(request, game_id):
    """Withdraw my table pause proposal while it waits for votes."""
    pauses.table_pause_withdraw(game_id=game_id, user=request.user)
    return _pauses_after(game_id, request.user)
