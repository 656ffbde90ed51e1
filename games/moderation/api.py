"""A small JSON API: my reports, and a game's chat (players only)."""
from __future__ import annotations

from rest_framework import permissions, serializers, status
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.response import Response

from games.errors import BadRequest, Forbidden

from . import access, services
from .models import ChatMessage, Report
from .permissions import NotSuspendedForWrites
from games.api.throttles import READ_WRITE, ChatThrottle, CreateThrottle

PERMISSIONS = [permissions.IsAuthenticated, NotSuspendedForWrites]


class ReportSerializer(serializers.ModelSerializer):
    class Meta:
        model = Report
        fields = ["id", "game", "kind", "move_seq", "chat_message", "text", "status", "outcome", "resolution",
                  "created_at", "closed_at"]
        read_only_fields = ["status", "outcome", "resolution", "created_at", "closed_at"]


class ChatSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = ChatMessage
        fields = ["id", "user", "body", "created_at"]
        read_only_fields = ["id", "user", "created_at"]


def _valid(serializer):
    if not serializer.is_valid():
        field, problems = next(iter(serializer.errors.items()))
        raise BadRequest(f"{field}: {problems[0]}")
    return serializer.validated_data


@extend_schema(methods=["GET"], responses=ReportSerializer(many=True))
@extend_schema(methods=["POST"], request=ReportSerializer, responses={201: ReportSerializer})
@api_view(["GET", "POST"])
@permission_classes(PERMISSIONS)
@throttle_classes([*READ_WRITE, CreateThrottle])
def reports(request):
    """GET: my reports and their status. POST: report a problem in one of my games."""
    if request.method == "GET":
        return Response(ReportSerializer(services.reports_of(request.user), many=True).data)
    data = _valid(ReportSerializer(data=request.data))
    line = data.get("chat_message")
    report = services.report_create(game=data["game"], user=request.user, kind=data["kind"], text=data["text"],
                                    move_seq=data.get("move_seq"), chat_message_id=line.pk if line else None)
    return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses=ChatSerializer(many=True))
@extend_schema(methods=["POST"], request=ChatSerializer, responses={201: ChatSerializer})
@api_view(["GET", "POST"])
@permission_classes(PERMISSIONS)
@throttle_classes([*READ_WRITE, ChatThrottle])
def chat(request, game_id):
    """GET: the game's chat (players and moderators). POST: say something (players)."""
    game = services.game_get(game_id)
    if request.method == "GET":
        return Response(ChatSerializer(services.chat_list(game, request.user), many=True).data)
    if access.seat_of(game, request.user) is None:
        raise Forbidden()
    data = _valid(ChatSerializer(data=request.data))
    line = services.chat_post(game=game, user=request.user, body=data["body"])
    return Response(ChatSerializer(line).data, status=status.HTTP_201_CREATED)
