"""The JSON API: the same services as the web pages, per-seat views only."""
from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.response import Response

from games import engine, registry, selectors, services
from games.errors import BadRequest, NotFound
from games.models import Game

from .serializers import (ActionSerializer, GameCreateSerializer, GameSummarySerializer,
                          MoveSerializer, PromptSerializer)
from .throttles import READ_WRITE, ActionThrottle, CreateThrottle


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
    game = services.game_create(user=request.user, title_id=data["title_id"], options=data["options"],
                                rated=data["rated"], creator_role=data["side"], invite_username=data["invite"],
                                time_control=data["time_control"])
    return Response(GameSummarySerializer(game).data, status=status.HTTP_201_CREATED)


@extend_schema(request=None, responses=GameSummarySerializer)
@api_view(["POST"])
@throttle_classes([*READ_WRITE, CreateThrottle])
def join(request, game_id):
    """Take a free seat (or accept an invitation); the game starts when full."""
    game = services.seat_join(game_id=game_id, user=request.user)
    return Response(GameSummarySerializer(game).data)


@extend_schema(responses=dict)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def game_detail(request, game_id):
    """The game as my seat sees it (spectators get the public view)."""
    picture = selectors.game_picture(_game(game_id), request.user)
    game = picture.game
    return Response({"id": game.pk, "title_id": game.title_id, "status": game.status, "seq": game.seq,
                     "role": picture.role, "active_roles": game.active_roles, "result": game.result,
                     "view": picture.view, "prompt": _prompt_json(picture.prompt, game)})


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
    """Submit one action. 403 not your seat, 409 stale or over, 422 illegal."""
    data = _valid(ActionSerializer, request.data)
    outcome = services.move_submit(game_id=game_id, user=request.user, verb=data["verb"],
                                   arg=data["arg"], expected_seq=data["expected_seq"])
    game = outcome.game
    return Response({"seq": game.seq, "status": game.status, "active_roles": game.active_roles,
                     "result": game.result})


@extend_schema(request=None, responses=GameSummarySerializer)
@api_view(["POST"])
def resign(request, game_id):
    game = services.game_resign(game_id=game_id, user=request.user)
    return Response({"seq": game.seq, "status": game.status, "result": game.result})


@extend_schema(responses=MoveSerializer(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def log(request, game_id):
    """The move list (others' secret arguments hidden until the end) and the public engine log."""
    picture = selectors.game_picture(_game(game_id), request.user)
    moves = selectors.public_moves(picture.game, picture.role)
    return Response({"moves": MoveSerializer(moves, many=True).data, "log": engine.public_log(picture.game)})
