"""Disputes and their settlement: chat, reports, takebacks, sanctions, appeals,
clock pauses and the append-only audit log of every moderator action."""
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

USER = settings.AUTH_USER_MODEL


class ChatMessage(models.Model):
    """One line of a game's chat. Only the game's players (and moderators) read it."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    body = models.TextField(max_length=500)
    # "" the table chat; "team<k>" the chat of team k of the title's teams(roles),
    # read only by that team's seats and moderators; "dm:<role>:<role>" the direct
    # messages of two seats (roles sorted), read only by them and moderators
    # (games/moderation/channels.py). Two roles of at most 40 characters fit.
    channel = models.CharField(max_length=90, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.user} in game {self.game_id}: {self.body[:40]}"


class Report(models.Model):
    class Kind(models.TextChoices):
        STALLING = "stalling", _("Stalling")
        RULES_ERROR = "rules_error", _("Rules error")
        MISCLICK = "misclick", _("Misclick")
        ABUSIVE_CHAT = "abusive_chat", _("Abusive chat")
        INFO_LEAK = "info_leak", _("Hidden information leak")
        CHEATING = "cheating", _("Cheating")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Resolved")

    class Outcome(models.TextChoices):
        UPHELD = "upheld", _("Upheld: action taken")
        DISMISSED = "dismissed", _("Dismissed: no action needed")
        DUPLICATE = "duplicate", _("Duplicate of another report")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="moderation_reports")
    kind = models.CharField(_("type"), max_length=20, choices=Kind.choices)
    move_seq = models.PositiveIntegerField(_("move number"), null=True, blank=True)
    chat_message = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="reports")
    text = models.TextField(_("explanation"), max_length=2000)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True)
    resolution = models.TextField(blank=True, help_text="shown to the players of the game")
    closed_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"report {self.pk} ({self.kind}) on game {self.game_id}"


class TakebackRequest(models.Model):
    """A player asks to undo back to before one of their own moves."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        EXPIRED = "expired", _("Expired: the game moved on")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="takeback_requests")
    requester = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=40)
    move_seq = models.PositiveIntegerField(help_text="the requester's move to take back")
    at_seq = models.PositiveIntegerField(help_text="the game's move number when asked")
    accepted_by = models.JSONField(default=list, blank=True, help_text="user ids of opponents who agreed")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    answered_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    @property
    def to_seq(self) -> int:
        return self.move_seq - 1


class UserSanction(models.Model):
    class Kind(models.TextChoices):
        WARN = "warn", _("Warning")
        MUTE = "mute", _("Chat muted")
        SUSPEND = "suspend", _("Suspended")

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="sanctions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.TextField()
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    starts_at = models.DateTimeField(default=timezone.now)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="empty for a warning")
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]
        indexes = [models.Index(fields=["user", "kind", "ends_at"])]

    def __str__(self):
        return f"{self.kind} of {self.user}"

    def is_active(self, now=None) -> bool:
        now = now or timezone.now()
        return (self.lifted_at is None and self.ends_at is not None and self.starts_at <= now < self.ends_at)


class Appeal(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for a moderator")
        UPHELD = "upheld", _("Sanction upheld")
        LIFTED = "lifted", _("Sanction lifted")

    sanction = models.OneToOneField(UserSanction, on_delete=models.CASCADE, related_name="appeal")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(_("your appeal"), max_length=4000)
    assigned_to = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="assigned_appeals")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decision = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]


class ClockPause(models.Model):
    """While this row exists a moderator has stopped the game's running clocks."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="clock_pause")
    paused_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    paused_at = models.DateTimeField(default=timezone.now)


class AppendOnly(Exception):
    """The audit log is never changed or deleted."""


class AuditQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnly("audit entries cannot be changed")

    def delete(self):
        raise AppendOnly("audit entries cannot be deleted")

    def bulk_update(self, *args, **kwargs):
        raise AppendOnly("audit entries cannot be changed")


class AuditEntry(models.Model):
    """Who did what, when, why, with the before and after. Append-only."""

    class Action(models.TextChoices):
        ROLLBACK = "rollback", _("Rolled the game back")
        ADJUDICATE = "adjudicate", _("Adjudicated the result")
        ANNUL = "annul", _("Annulled the game")
        ADD_TIME = "add_time", _("Added time")
        PAUSE = "pause", _("Paused the clocks")
        RESUME = "resume", _("Resumed the clocks")
        HAND_VIEW = "hand_view", _("Looked at a hidden hand")
        WARN = "warn", _("Warned a player")
        MUTE = "mute", _("Muted a player's chat")
        SUSPEND = "suspend", _("Suspended a player")
        REPORT_CLOSE = "report_close", _("Resolved a report")
        APPEAL_DECIDE = "appeal_decide", _("Decided an appeal")
        TAKEBACK = "takeback", _("Takeback accepted by the players")

    actor = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=20, choices=Action.choices, db_index=True)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    subject_user = models.ForeignKey(USER, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField()
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name_plural = "audit entries"

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly("audit entries cannot be changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly("audit entries cannot be deleted")

    @property
    def details_private(self) -> bool:
        """Players see that a hand was looked at, never the cards."""
        return self.action == self.Action.HAND_VIEW
