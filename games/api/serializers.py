"""API input is type-strict: a boolean is ``true``/``false``, a number is a
JSON number, a text is a JSON string (DRF's own fields would take "yes",
"1" or 5 for any of them)."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Game
from games.play.services import MAX_ARG_INT, MAX_ARG_LENGTH

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
    "kind": {"type": "string", "enum": ["none", "per_move", "bank", "pace"]},
    "profile": {"type": "string", "enum": ["live", "brisk", "daily", "relaxed"],
                "description": "with kind pace: the length of each step's window"},
    "days": {"type": "integer", "enum": [1, 2, 3, 5, 7, 10, 14]},
    "initial_days": DAYS, "increment_days": DAYS, "max_days": DAYS,
    "weekend_pause": {"type": "boolean"}, "vacation_allowed": {"type": "boolean"}}})
class TimeControlField(serializers.DictField):
    """Checked field by field in ``games.clocks.TimeControl.from_json``."""


@extend_schema_field({"type": "object", "additionalProperties": {
    "oneOf": [{"type": "boolean"}, {"type": "string", "maxLength": 40}, {"type": "integer"}]},
    "description": "the title's options (see its option choices); values keep their JSON type"})
class OptionsField(serializers.DictField):
    """Checked against the title's choices, type included, in ``games.play.services``."""


class ActionSerializer(serializers.Serializer):
    verb = StrictCharField(max_length=40)
    arg = ArgField(required=False, allow_null=True, default=None)
    expected_seq = StrictIntegerField(min_value=0, max_value=MAX_SEQ)
    as_role = StrictCharField(max_length=40, required=False, allow_blank=True, default="",
                              help_text="a proxy acting for the away teammate's seat it covers")


TEAM_HELP = "a team's key from the game's teams (\"0\", \"1\"...); empty: any team"


class InvitationSerializer(serializers.Serializer):
    """A seat kept for a named player of an open team game."""

    username = StrictCharField(max_length=150)
    team = StrictCharField(required=False, allow_blank=True, default="", max_length=2, help_text=TEAM_HELP)


class JoinSerializer(serializers.Serializer):
    team = StrictCharField(required=False, allow_blank=True, default="", max_length=2, help_text=TEAM_HELP)


class GameCreateSerializer(serializers.Serializer):
    title_id = serializers.ChoiceField(choices=[])  # the registered titles (see __init__): an enum in the schema
    options = OptionsField(required=False, default=dict)
    rated = StrictBooleanField(required=False, default=True)
    side = StrictCharField(required=False, allow_blank=True, default="", max_length=40)
    invite = StrictCharField(required=False, allow_blank=True, default="", max_length=150,
                             help_text="a duel's invited player; in a team game one more invitation (any team)")
    time_control = TimeControlField(required=False, default=dict)
    team = StrictCharField(required=False, allow_blank=True, default="", max_length=2,
                           help_text="team games: the creator's team (" + TEAM_HELP + ")")
    invitations = InvitationSerializer(many=True, required=False, default=list, max_length=10,
                                       help_text="team games: seats kept for named players, each in a team")

    def __init__(self, *args, **kwargs):
        from games.engine import registry

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


class PlayerSerializer(serializers.Serializer):
    """A seat of a game in the list of my games."""

    user = serializers.CharField(help_text="the player's username")
    role = serializers.CharField(allow_null=True, help_text="null until the game starts")
    deadline = serializers.DateTimeField(allow_null=True, help_text="when the seat's turn times out")


class GameSummarySerializer(serializers.ModelSerializer):
    my_role = serializers.SerializerMethodField()
    awaiting_me = serializers.SerializerMethodField()
    my_deadline = serializers.SerializerMethodField()
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

    @extend_schema_field(serializers.DateTimeField(allow_null=True, help_text="when my turn times out"))
    def get_my_deadline(self, game) -> str | None:
        seat = getattr(game, "my_seat", None)
        return seat.deadline_at.isoformat() if seat and seat.deadline_at else None

    @extend_schema_field(PlayerSerializer(many=True))
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


class SeatRoleSerializer(serializers.Serializer):
    """The seat (role) a team-table control is about."""
    role = StrictCharField(max_length=40)


class SubstituteSerializer(serializers.Serializer):
    role = StrictCharField(max_length=40)
    username = StrictCharField(max_length=150)


class SeatStateSerializer(serializers.Serializer):
    """A seat of a team table after a control: who holds it and how it is covered."""
    role = serializers.CharField()
    user = serializers.CharField(source="user.username")
    autopilot = serializers.BooleanField()
    proxy = serializers.CharField(source="proxy.username", allow_null=True, default=None)
    substitute = serializers.CharField(source="substitute.username", allow_null=True, default=None)


class OrderChoiceSerializer(serializers.Serializer):
    value = serializers.CharField(help_text="what to send in PUT orders/ (\"ask\": no order, you are asked)")
    label = serializers.CharField(help_text="the choice in words, in the request's language")


class StandingOrderSerializer(serializers.Serializer):
    """One standing order the seat may set now, with its current value."""
    key = serializers.CharField()
    label = serializers.CharField(help_text="when it applies, in words")
    value = serializers.CharField(help_text="the value set now; \"ask\" when none is")
    choices = serializers.SerializerMethodField()

    @extend_schema_field(OrderChoiceSerializer(many=True))
    def get_choices(self, order) -> list:
        return [{"value": value, "label": label} for value, label in order["choices"]]


class OrdersSerializer(serializers.Serializer):
    """A seat's standing orders: seen only by its player (and a teammate covering it)."""
    role = serializers.CharField(help_text="the seat they are for")
    orders = StandingOrderSerializer(many=True)


class OrdersInSerializer(serializers.Serializer):
    """New standing orders: {order key: value}; every order offered that is left out is "ask"."""
    orders = serializers.DictField(child=StrictCharField(max_length=40), allow_empty=True)
    as_role = StrictCharField(max_length=40, required=False, default="", allow_blank=True,
                              help_text="an away teammate's seat I cover")


class HoursSerializer(serializers.Serializer):
    """How long a pause lasts, in whole hours (your clock: 1 to 72, the table: 1 to 168)."""
    hours = StrictIntegerField(min_value=1, max_value=168)


class VoteSerializer(serializers.Serializer):
    """My vote on the open table pause: on starting it, or (``resume``) on ending the running pause now."""
    yes = StrictBooleanField()
    resume = StrictBooleanField(required=False, default=False,
                                help_text="true: the vote is on resuming the running pause now")


class TablePauseSerializer(serializers.Serializer):
    """The open table pause: a proposal waiting for votes, or a running pause (then the votes are on resuming)."""
    status = serializers.ChoiceField(choices=["proposed", "running"])
    proposed_by = serializers.CharField(help_text="the proposer's name")
    hours = serializers.IntegerField()
    ends_at = serializers.DateTimeField(allow_null=True, help_text="when a running pause ends by itself")
    expires_at = serializers.DateTimeField(help_text="when a proposal without a majority expires")
    seats = serializers.IntegerField()
    needed = serializers.IntegerField(help_text="yes votes needed: more than half of all seats")
    yes = serializers.IntegerField()
    no = serializers.IntegerField()
    resume = serializers.BooleanField(help_text="true: the votes are on ending a running pause now")
    my_vote = serializers.BooleanField(allow_null=True, help_text="null: I have not voted (or have no seat)")
    mine = serializers.BooleanField(help_text="I proposed it (and may withdraw it while it waits for votes)")


class PauseLineSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    text = serializers.CharField(help_text="the pause in words, in the reader's language and timezone")


class PausesSerializer(serializers.Serializer):
    """Planned absences of a team table: the seat budget, my own pause, the table pause and the story in words."""
    seated = serializers.BooleanField()
    budget_hours = serializers.IntegerField(help_text="each seat's pause budget in this game")
    left_seconds = serializers.FloatField(allow_null=True, help_text="my seat's pause left (null: no seat)")
    my_pause_until = serializers.DateTimeField(allow_null=True, help_text="my clock is paused until then")
    table = TablePauseSerializer(allow_null=True)
    lines = PauseLineSerializer(many=True, help_text="newest first")


class CommitmentSerializer(serializers.Serializer):
    """A sealed input: its commitment; once opened, what opens it
    (``preimage`` is the exact text whose SHA-256 is ``commitment``)."""
    seq = serializers.IntegerField()
    role = serializers.CharField()
    step = serializers.IntegerField(allow_null=True)
    commitment = serializers.CharField()
    opened = serializers.BooleanField()
    withdrawn = serializers.BooleanField()
    verb = serializers.CharField(required=False)
    arg = ArgField(required=False)
    nonce = serializers.CharField(required=False)
    preimage = serializers.CharField(required=False)


class TablePlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField(help_text="the name the site shows")
    role = serializers.CharField(allow_null=True, help_text="the seat, once the game started")


class TeamSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="what join sends as team")
    label = serializers.CharField(help_text="the team's name in the request's language")
    roles = serializers.ListField(child=serializers.CharField(), help_text="the team's seats")
    players = TablePlayerSerializer(many=True)
    invited = serializers.ListField(child=serializers.CharField(), help_text="usernames seats are kept for")
    open_seats = serializers.IntegerField(help_text="seats a player may still ask for in this team")


class InvitationOutSerializer(serializers.Serializer):
    username = serializers.CharField()
    team = serializers.CharField(allow_null=True, help_text="the team's name; null: any team")


class WithdrawSerializer(serializers.Serializer):
    """Which kept seat the creator takes back."""

    username = StrictCharField(max_length=150, help_text="the invited player's username")


class ErrorSerializer(serializers.Serializer):
    """Every API error (games/api/errors.py)."""

    error = serializers.CharField(help_text="bad_request, forbidden, not_found...")
    detail = serializers.CharField(help_text="what went wrong, in the request's language")


class TableSerializer(serializers.Serializer):
    """Who sits where: teams (team games), open seats, kept seats, the pace."""

    seats = serializers.IntegerField()
    taken = serializers.IntegerField()
    open_seats = serializers.IntegerField(help_text="seats nobody has taken and nobody is invited to")
    teams = TeamSerializer(many=True, help_text="empty for games that are not played in teams")
    invitations = InvitationOutSerializer(many=True)
    time_control = serializers.DictField()
    time_control_text = serializers.CharField()
    pace = serializers.CharField(allow_null=True, help_text="live, brisk, daily or relaxed; null: not paced")


class ResignSerializer(serializers.Serializer):
    """What resign/ answers: the game right after the resignation (not a game summary)."""

    seq = serializers.IntegerField(help_text="the game's move count after the resignation")
    status = serializers.CharField(help_text="finished once the resignation ends the game")
    result = serializers.DictField(allow_null=True, help_text="the rules' result: who won and why")


class GameDetailSerializer(serializers.Serializer):
    """One game as the asking seat sees it (games/<id>/)."""

    id = serializers.IntegerField()
    title_id = serializers.CharField()
    status = serializers.CharField()
    seq = serializers.IntegerField()
    role = serializers.CharField(allow_null=True, help_text="my seat; null for spectators")
    active_roles = serializers.ListField(child=serializers.CharField())
    result = serializers.DictField(allow_null=True)
    table = TableSerializer()
    view = serializers.DictField(allow_null=True, help_text="the rules' view for my seat (public view for others)")
    pauses = PausesSerializer(allow_null=True, help_text="team tables in progress: pauses (null otherwise)")
    prompt = PromptSerializer(allow_null=True)


# -- "since you last looked" (games/briefing/) ---------------------------------
class StretchSerializer(serializers.Serializer):
    who = serializers.CharField(help_text="the player and their side, in words")
    first_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    sentences = serializers.ListField(child=serializers.CharField())
    left_out = serializers.IntegerField(help_text="sentences not repeated here (the log has them)")


class PlaceSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="the board's data attribute: country, space, location…")
    key = serializers.CharField()


class ChangeSerializer(serializers.Serializer):
    label = serializers.CharField()
    before = serializers.CharField()
    after = serializers.CharField()
    place = PlaceSerializer(allow_null=True)


class ChatLineSerializer(serializers.Serializer):
    author = serializers.CharField()
    channel = serializers.CharField()
    body = serializers.CharField()


class BriefingSerializer(serializers.Serializer):
    """What happened since this seat last looked, in the request's language;
    ``since_seq == seq`` and empty lists when nothing did."""

    since_seq = serializers.IntegerField()
    seq = serializers.IntegerField()
    text = serializers.CharField(help_text="the whole account as plain text (the turn mail's body)")
    stretches = StretchSerializer(many=True)
    changes = ChangeSerializer(many=True)
    changes_left_out = serializers.IntegerField()
    chat = ChatLineSerializer(many=True)
    chat_count = serializers.IntegerField()
    deadline_at = serializers.DateTimeField(allow_null=True)
    your_turn = serializers.BooleanField()


class SeenSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0, help_text="the last move the player has seen (the briefing's seq)")


# -- private notes (games/notes/) -------------------------------------------------
class NoteSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False,
                                 help_text="the whole note (a save replaces it); only its writer reads it")


class CalendarSerializer(serializers.Serializer):
    address = serializers.CharField(allow_blank=True,
                                    help_text="my private iCalendar address of deadlines; \"\" while the calendar is off")


class DataGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    role = serializers.CharField()
    status = serializers.CharField()
    result = serializers.JSONField(allow_null=True)


class DataNoteSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    text = serializers.CharField(allow_blank=True)
    updated_at = serializers.DateTimeField()


class MyDataSerializer(serializers.Serializer):
    """What the site keeps of the player: account, games and private notes."""

    username = serializers.CharField()
    email = serializers.EmailField()
    games = DataGameSerializer(many=True)
    notes = DataNoteSerializer(many=True)


class RematchSerializer(serializers.Serializer):
    sides = serializers.ChoiceField(choices=["swap", "keep", "random"], default="swap",
                                    help_text="a duel's sides in the new game (team tables draw teams again)")
