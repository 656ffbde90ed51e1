"""A small JSON API: my reports, and a game's chat (players only)."""
from __future__ import annotations

from rest_framework import permissions, serializers, status
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.response import Response

from games.errors import BadRequest, Forbidden

from . import access, channels, selectors, services
from .models import ChatMessage, Report
from .permissions import NotSuspendedForWrites
from games.limits.throttles import READ_WRITE, ChatThrottle, CreateThrottle

PERMISSIONS = [permissions.IsAuthenticated, NotSuspendedForWrites]


class ReportSerializer(serializers.ModelSerializer):
    class Meta:
        model = Report
        fields = ["id", "game", "kind", "move_seq", "chat_message", "text", "status", "outcome", "resolution",
                  "created_at", "closed_at"]
        read_only_fields = ["status", "outcome", "resolution", "created_at", "closed_at"]


class ChatSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", read_only=True)
    channel = serializers.ChoiceField(choices=channels.NAMES, default=channels.TABLE, required=False,
                                      help_text='"table" (everyone at the table), "team" (your team only) or '
                                                '"dm" (one other player only: say whom in "to").')
    to = serializers.CharField(write_only=True, required=False, allow_blank=True, max_length=150,
                               help_text='For "dm": the player to write to, by name ("ben") or seat ("Player 2").')
    team = serializers.SerializerMethodField(help_text='The team\'s name for a team line ("Colony A"), else "".')
    between = serializers.SerializerMethodField(
        help_text='The two players of a direct message ("Between ada (Player 1) and ben (Player 2)"), else "".')

    class Meta:
        model = ChatMessage
        fields = ["id", "user", "channel", "to", "team", "between", "body", "created_at"]
        read_only_fields = ["id", "user", "team", "between", "created_at"]

    def to_representation(self, instance):
        out = super().to_representation(instance)
        out["channel"] = channels.name_of(instance.channel)
        return out

    def get_team(self, line) -> str:
        return getattr(line, "channel_label", "") if channels.name_of(line.channel) == channels.TEAM else ""

    def get_between(self, line) -> str:
        return getattr(line, "channel_label", "") if channels.name_of(line.channel) == channels.DM else ""


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


@extend_schema(methods=["GET"], responses=ChatSerializer(many=True),
               parameters=[OpenApiParameter("channel", str, enum=list(channels.NAMES), required=False,
                                            description="Only this chat (default: every chat you may read).")])
@extend_schema(methods=["POST"], request=ChatSerializer, responses={201: ChatSerializer})
@api_view(["GET", "POST"])
@permission_classes(PERMISSIONS)
@throttle_classes([*READ_WRITE, ChatThrottle])
def chat(request, game_id):
    """GET: the game's chat lines the reader may read: the table chat, their
    team's chat in a team game and their direct messages (moderators: every
    team's and every pair's). POST: say something (players) in ``channel``
    "table" (the default) or "team", or ("dm") to the player ``to``."""
    game = services.game_get(game_id)
    if request.method == "GET":
        channel = request.query_params.get("channel") or None
        return Response(ChatSerializer(selectors.chat_list(game, request.user, channel), many=True).data)
    if access.seat_of(game, request.user) is None:
        raise Forbidden()
    data = _valid(ChatSerializer(data=request.data))
    line = services.chat_post(game=game, user=request.user, body=data["body"], channel=data["channel"],
                              to=data.get("to", ""))
    return Response(ChatSerializer(selectors.labelled(game, [line])[0]).data, status=status.HTTP_201_CREATED)
