"""Games persist as setup arguments plus an ordered move log.

``Game.state``, ``Hand`` rows and ``Snapshot`` rows are caches of the log:
``manage.py rebuild_games --validate`` rebuilds and checks them.
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.fields import JSONField


class GameQuerySet(models.QuerySet):
    def locked(self, skip_locked: bool = False):
        """The rows locked for a change, FOR NO KEY UPDATE: two changes of one
        game wait for each other, but a row merely pointing at the game (a mail's
        Notification, a chat line) being written elsewhere makes no change wait,
        and makes no sweep skip the game."""
        return self.select_for_update(no_key=True, skip_locked=skip_locked)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    title_id = models.CharField(max_length=40)
    rules_version = models.PositiveIntegerField(default=1)
    scenario = models.CharField(max_length=40, default="standard")
    options = JSONField(default=dict, blank=True)
    rated = models.BooleanField(default=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    invited_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="game_invitations")
    creator_role = models.CharField(max_length=40, blank=True, help_text="empty: sides are random")
    time_control = JSONField(default=dict, blank=True)
    # Private: never rendered. The seed of the rules RNG, also kept in the .setup move.
    seed = models.BigIntegerField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)
    state = JSONField(null=True, blank=True)
    active_roles = JSONField(default=list, blank=True)
    result = JSONField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # A rematch (games/tables/__init__.py `rematch`): the finished game it follows.
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        # Plain indexes: db_index on a CharField adds a second "_like" index on
        # PostgreSQL that no query uses and every move's UPDATE must maintain.
        indexes = [models.Index(fields=["status"], name="game_status"),
                   models.Index(fields=["title_id"], name="game_title")]

    def __str__(self):
        return f"#{self.pk} {self.title_id} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED)

    def player_seat(self, user) -> "Seat | None":
        """``user``'s seat with a role in this game (None for a spectator, an
        anonymous visitor, or a seat in a table that has not started)."""
        if not getattr(user, "is_authenticated", False):
            return None
        return self.seats.filter(user=user).exclude(role="").first()


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    role = models.CharField(max_length=40, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # True while one of this seat's roles is active (kept by the move pipeline).
    awaiting = models.BooleanField(default=False, db_index=True)
    # The clock (games/clocks/deadlines.py): the turn started when the role became active.
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    next_reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)
    bank_seconds = models.IntegerField(null=True, blank=True)
    extra_seconds = models.IntegerField(default=0, help_text="time granted by the opponent this turn")
    # Pace profiles (games/clocks/deadlines.py): the step this seat's running deadline is for.
    step = models.CharField(max_length=40, blank=True)
    # Team games (games/tables/__init__.py): the team asked for in the lobby (an index
    # into the title's ``teams(roles)``, "" for any), and who covers an absent seat.
    team = models.CharField(max_length=2, blank=True)
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    # When the seat last timed out: a window whose defaults take several moves
    # (a draft of three picks) counts as one timeout.
    timed_out_at = models.DateTimeField(null=True, blank=True)
    autopilot = models.BooleanField(default=False, help_text="defaults are applied at once until the player is back")
    proxy = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", help_text="a teammate acting for this absent seat")
    substitute = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", help_text="invited to take this seat over")
    # Planned absences (games/clocks/pauses.py): deadlines read the pause rows only for
    # seats a pause of their own or of the table has touched.
    paused_ever = models.BooleanField(default=False, help_text="a seat or table pause has touched this seat")
    # Standing orders (games/tables/__init__.py `set_orders`, correspondence-design §1): {order key: value}
    # answers the seat's player gave in advance (``rules.standing_orders``); "ask" is no entry.
    # Seen only by the seat's player and its proxy.
    orders = JSONField(default=dict, blank=True)
    # "Since you last looked" (games/briefing/): the move up to which the player said "Seen".
    seen_seq = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.UniqueConstraint(fields=["game", "role"], condition=~Q(role=""), name="seat_one_per_role"),
        ]

    def __str__(self):
        return f"{self.user} as {self.role or '?'} in game {self.game_id}"


class Invitation(models.Model):
    """A seat kept for a named player in an open game of more than two seats,
    with the team the creator put them in ("" for any)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_invitations")
    team = models.CharField(max_length=2, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="invitation_one_per_user")]

    def __str__(self):
        return f"{self.user} invited to game {self.game_id}"


class SeatPause(models.Model):
    """A player froze their own seat's clock (correspondence-design §4,
    games/clocks/pauses.py): from ``started_at`` to ``ends_at``, or to ``ended_at``
    when resumed early. That stretch counts for no deadline of this seat and
    is charged to the seat's pause budget."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="pauses")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True, help_text="resumed early")

    class Meta:
        ordering = ["started_at", "pk"]

    @property
    def end(self):
        return min(self.ended_at, self.ends_at) if self.ended_at else self.ends_at

    @property
    def seconds(self) -> float:
        """What it costs the budget: the planned length while it runs, what was used once resumed."""
        return (self.end - self.started_at).total_seconds()


class TablePause(models.Model):
    """A table-wide pause (correspondence-design §4, games/clocks/pauses.py): proposed
    by a seated player for ``hours``; running once more than half of all seats
    voted yes, and then every clock of the game stops until it ends."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("proposed")
        RUNNING = "running", _("running")
        ENDED = "ended", _("ended")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXPIRED = "expired", _("expired")
        REJECTED = "rejected", _("voted down")

    OPEN = (Status.PROPOSED, Status.RUNNING)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_pauses")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    hours = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PROPOSED)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    resumed_by_vote = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["game"], condition=Q(status__in=["proposed", "running"]),
                                               name="table_pause_one_open")]
        indexes = [models.Index(fields=["ends_at"], condition=Q(status="running"), name="table_pause_running")]

    def __str__(self):
        return f"table pause of game {self.game_id} ({self.status})"


class TablePauseVote(models.Model):
    """One seat's vote on a table pause: to start it, or (``resume``) to end it early."""

    pause = models.ForeignKey(TablePause, on_delete=models.CASCADE, related_name="votes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    resume = models.BooleanField(default=False)
    yes = models.BooleanField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pause", "seat", "resume"], name="table_pause_one_vote")]


class Move(models.Model):
    """One entry of a game's log: a player's action or a pseudo-move (``.setup`` ...)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    role = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    verb = models.CharField(max_length=40)
    arg = JSONField(null=True, blank=True)
    # The public log lines this move wrote (core.flow.take_log).
    log = JSONField(default=list, blank=True)
    # Taken back by a later "undo" move of the same player.
    undone = models.BooleanField(default=False)
    rolled_back = models.BooleanField(default=False)
    # Who made it: "" the seat's player, or "timeout", "autopilot", "proxy", "order", "deputy".
    source = models.CharField(max_length=10, blank=True)
    # Sealed steps (games/engine/sealing.py): the published hash of this input, the
    # secret salt that opens it once the step is revealed, and the step's number.
    commitment = models.CharField(max_length=64, blank=True)
    nonce = models.CharField(max_length=32, blank=True)
    sealed_step = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq")]

    def __str__(self):
        return f"game {self.game_id} #{self.seq} {self.role} {self.verb} {self.arg!r}"

    @property
    def triple(self) -> tuple:
        return (self.role or None, self.verb, self.arg)


class Hand(models.Model):
    """A seat's hidden holdings, refreshed after every move (for moderators and mail)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    role = models.CharField(max_length=40)
    cards = JSONField(default=list)
    seq = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "role"], name="hand_one_per_role")]


class Snapshot(models.Model):
    """The whole state after move ``seq``, written when the active roles change."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = JSONField()
    active_roles = JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="snapshot_unique_seq")]


class Notification(models.Model):
    """One mail we mean to send, keyed so that it is never sent twice."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        SKIPPED = "skipped"
        FAILED = "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=200, unique=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.kind} to {self.user_id} ({self.status})"


class OutboxTask(models.Model):
    """A Celery task written in the transaction that wants it (games/store/outbox.py).

    The row commits or rolls back with the move; it is handed to the broker
    after the commit, and the relay hands over whatever a broker outage left
    behind. ``sent_at`` is when the broker accepted it."""

    task = models.CharField(max_length=200)
    args = JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["created_at"], condition=Q(sent_at=None), name="outbox_unsent")]

    def __str__(self):
        return f"{self.task}{tuple(self.args)} ({'sent' if self.sent_at else 'waiting'})"


class BeatLease(models.Model):
    """Who may run Celery beat now (config/celery.py LeasedScheduler): one row
    per schedule, renewed every few seconds, taken over once it expires."""

    name = models.CharField(max_length=40, primary_key=True)
    holder = models.CharField(max_length=200, blank=True)
    expires_at = models.DateTimeField()


class Note(models.Model):
    """A player's private notes on a game (games/notes/): read and written only
    by their writer — never by opponents, teammates or moderators; kept after
    the game ends and in the player's data download."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_notes")
    text = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="note_one_per_player")]

    def __str__(self):
        return f"note of {self.user_id} on game {self.game_id}"


class CalendarFeed(models.Model):
    """A player's private calendar of deadlines (games/reach/calendar.py): anyone
    holding ``token`` reads the feed, so a new token revokes the old address."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"calendar of {self.user_id}"


class Webhook(models.Model):
    """A player's chat webhook (games/reach/hooks.py): Discord, Slack or plain JSON
    (signed with ``secret``), told of the events in ``events``; turned off after
    repeated failures (``failures`` in a row), with a mail to its owner."""

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"
        JSON = "json", "JSON"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64)
    events = models.JSONField(default=list)  # a list of event names (hooks.EVENTS)
    enabled = models.BooleanField(default=True)
    failures = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.kind} hook of {self.user_id}"


class Delivery(models.Model):
    """One event told to one channel of a player (a webhook, a device), keyed so
    that it is delivered at most once (games/reach/)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed"

    key = models.CharField(max_length=200)
    event = models.CharField(max_length=20)
    body = models.JSONField(default=dict)  # what is said: {"text", "url", "game", ...}
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


class HookDelivery(Delivery):
    hook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hook", "key"], name="hook_delivery_once")]

    def __str__(self):
        return f"{self.event} to hook {self.hook_id} ({self.status})"


class PushSubscription(models.Model):
    """One browser's web push subscription (games/reach/push.py): its endpoint and
    keys, and the events it wants; dropped when the push service says it is gone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    events = models.JSONField(default=list)
    label = models.CharField(max_length=100, blank=True)  # "Firefox on Linux", for the list of devices
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"push subscription of {self.user_id}"


class PushDelivery(Delivery):
    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="deliveries")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["subscription", "key"], name="push_delivery_once")]

    def __str__(self):
        return f"{self.event} to device {self.subscription_id} ({self.status})"
