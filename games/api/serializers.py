from rest_framework import serializers

from games.models import Game


class ActionSerializer(serializers.Serializer):
    verb = serializers.CharField(max_length=40)
    arg = serializers.JSONField(required=False, allow_null=True, default=None)
    expected_seq = serializers.IntegerField(min_value=0)


class GameCreateSerializer(serializers.Serializer):
    title_id = serializers.CharField(max_length=40)
    options = serializers.DictField(required=False, default=dict)
    rated = serializers.BooleanField(required=False, default=True)
    side = serializers.CharField(required=False, allow_blank=True, default="")
    invite = serializers.CharField(required=False, allow_blank=True, default="")
    time_control = serializers.DictField(required=False, default=dict)


class ChoiceSerializer(serializers.Serializer):
    verb = serializers.CharField()
    arg = serializers.JSONField(allow_null=True)
    label = serializers.CharField()
    group = serializers.CharField()


class PromptSerializer(serializers.Serializer):
    text = serializers.CharField()
    waiting_text = serializers.CharField()
    choices = ChoiceSerializer(many=True)


class GameSummarySerializer(serializers.ModelSerializer):
    my_role = serializers.SerializerMethodField()
    awaiting_me = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "title_id", "status", "seq", "rated", "active_roles", "result", "time_control",
                  "my_role", "awaiting_me", "my_deadline", "players", "created_at", "updated_at"]

    def get_my_role(self, game) -> str | None:
        seat = getattr(game, "my_seat", None)
        return seat.role if seat and seat.role else None

    def get_awaiting_me(self, game) -> bool:
        seat = getattr(game, "my_seat", None)
        return bool(seat and seat.awaiting)

    my_deadline = serializers.SerializerMethodField()

    def get_my_deadline(self, game):
        seat = getattr(game, "my_seat", None)
        return seat.deadline_at.isoformat() if seat and seat.deadline_at else None

    def get_players(self, game) -> list[dict]:
        return [{"user": s.user.username, "role": s.role or None,
                 "deadline": s.deadline_at.isoformat() if s.deadline_at else None}
                for s in game.seats.all()]  # prefetched by selectors.game_list_for_user


class MoveSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    role = serializers.CharField()
    verb = serializers.CharField()
    arg = serializers.JSONField(allow_null=True)
    created_at = serializers.DateTimeField()
    rolled_back = serializers.BooleanField()
    undone = serializers.BooleanField()
