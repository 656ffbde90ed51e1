"""API input is type-strict: a boolean is ``true``/``false``, a number is a
JSON number, a text is a JSON string (DRF's own fields would take "yes",
"1" or 5 for any of them)."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Game
from games.services import MAX_ARG_INT, MAX_ARG_LENGTH

MAX_SEQ = 2**31 - 1


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field({"oneOf": [{"type": "string", "maxLength": MAX_ARG_LENGTH},
                                {"type": "integer", "minimum": -MAX_ARG_INT, "maximum": MAX_ARG_INT}],
                      "nullable": True, "description": "the arg of one of the prompt's choices"})
class ArgField(serializers.Field):
    default_error_messages = {"invalid": "Must be a number, a text of at most %d characters, or null."
                              % MAX_ARG_LENGTH}

    def to_internal_value(self, data):
        if isinstance(data, str) and len(data) <= MAX_ARG_LENGTH:
            return data
        if isinstance(data, int) and not isinstance(data, bool) and abs(data) <= MAX_ARG_INT:
            return data
        self.fail("invalid")

    def to_representation(self, value):
        return value


DAYS = {"type": "number", "minimum": 0, "maximum": 60}


@extend_schema_field({"type": "object", "additionalProperties": False, "properties": {
    "kind": {"type": "string", "enum": ["none", "per_move", "bank"]},
    "days": {"type": "integer", "enum": [1, 2, 3, 5, 7, 10, 14]},
    "initial_days": DAYS, "increment_days": DAYS, "max_days": DAYS,
    "weekend_pause": {"type": "boolean"}, "vacation_allowed": {"type": "boolean"}}})
class TimeControlField(serializers.DictField):
    """Checked field by field in ``games.clocks.TimeControl.from_json``."""


@extend_schema_field({"type": "object", "additionalProperties": {
    "oneOf": [{"type": "boolean"}, {"type": "string", "maxLength": 40}, {"type": "integer"}]},
    "description": "the title's options (see its option choices); values keep their JSON type"})
class OptionsField(serializers.DictField):
    """Checked against the title's choices, type included, in ``games.services``."""


class ActionSerializer(serializers.Serializer):
    verb = StrictCharField(max_length=40)
    arg = ArgField(required=False, allow_null=True, default=None)
    expected_seq = StrictIntegerField(min_value=0, max_value=MAX_SEQ)


class GameCreateSerializer(serializers.Serializer):
    title_id = serializers.ChoiceField(choices=[])  # the registered titles (see __init__): an enum in the schema
    options = OptionsField(required=False, default=dict)
    rated = StrictBooleanField(required=False, default=True)
    side = StrictCharField(required=False, allow_blank=True, default="", max_length=40)
    invite = StrictCharField(required=False, allow_blank=True, default="", max_length=150)
    time_control = TimeControlField(required=False, default=dict)

    def __init__(self, *args, **kwargs):
        from games import registry

        super().__init__(*args, **kwargs)
        self.fields["title_id"].choices = sorted(registry.titles())


class ChoiceSerializer(serializers.Serializer):
    verb = serializers.CharField()
    arg = serializers.JSONField(allow_null=True)
    label = serializers.CharField()
    group = serializers.CharField()
    display_label = serializers.CharField(help_text="the label in the request's language")


class PromptSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="the rules' own words (English, stable)")
    waiting_text = serializers.CharField()
    display_text = serializers.CharField(help_text="the text in the request's language")
    display_waiting_text = serializers.CharField(help_text="the waiting text in the request's language")
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
