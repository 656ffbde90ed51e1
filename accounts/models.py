import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager as BaseUserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from accounts import text

TIMEZONES = sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


# Choices are callables so that migrations name the function instead of copying
# the lists (which depend on the installed tz database and on settings).
def timezone_choices():
    return [(tz, tz) for tz in TIMEZONES]


def hour_choices():
    return [(h, f"{h:02d}:00") for h in range(24)]


def language_choices():
    return [("", _("Browser default"))] + list(settings.LANGUAGES)


class UserManager(BaseUserManager):
    def get_by_natural_key(self, username):
        return self.get(username__iexact=username)


class User(AbstractUser):
    """Usernames are unique regardless of case ("Alice" blocks "alice")."""

    objects = UserManager()
    # What the username looks like (accounts.text.name_key): a new name whose key
    # matches any user's is a lookalike and refused.
    name_key = models.CharField(max_length=150, blank=True, db_index=True, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("username"), name="username_unique_ci")]

    def save(self, *args, **kwargs):
        self.name_key = text.name_key(self.username or "")
        if kwargs.get("update_fields") is not None and "username" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    @property
    def display(self) -> str:
        profile = getattr(self, "profile", None)
        return (profile.display_name if profile and profile.display_name else self.username)


class Profile(models.Model):
    """Per-user preferences. Email preferences are one flag per mail kind."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    display_key = models.CharField(max_length=40, blank=True, db_index=True, editable=False)  # text.name_key
    timezone = models.CharField(_("timezone"), max_length=64, default="UTC",
                                choices=timezone_choices)
    language = models.CharField(_("language"), max_length=8, blank=True,
                                choices=language_choices)
    email_your_turn = models.BooleanField(_("email when it is my turn"), default=True)
    email_invitations = models.BooleanField(_("email invitations and game starts"), default=True)
    email_game_over = models.BooleanField(_("email when a game ends"), default=True)
    email_reminders = models.BooleanField(_("email reminders before a deadline"), default=True)
    email_disputes = models.BooleanField(_("email about reports on my games"), default=True)
    # Daily digest at this local hour instead of per-turn mail (None: no digest).
    digest_hour = models.PositiveSmallIntegerField(
        _("daily digest hour"), null=True, blank=True, choices=[(h, f"{h:02d}:00") for h in range(24)])
    digest_sent_on = models.DateField(null=True, blank=True)
    # Night hours (local hours, the night may cross midnight; both None: no night):
    # a deadline of the player's that would fall inside is moved to the night's end.
    night_start = models.PositiveSmallIntegerField(
        _("night starts at"), null=True, blank=True, choices=hour_choices)
    night_end = models.PositiveSmallIntegerField(
        _("night ends at"), null=True, blank=True, choices=hour_choices)
    # Vacation: a pool of days, earned daily up to a cap plus a yearly allowance.
    vacation_days = models.FloatField(default=0)
    vacation_accrued_on = models.DateField(null=True, blank=True)
    vacation_since = models.DateTimeField(null=True, blank=True)
    auto_vacation = models.BooleanField(
        _("start vacation automatically instead of timing out (mail tells you)"), default=False)
    # Delivery problems and correspondence statistics.
    bounces = models.PositiveIntegerField(default=0)
    turns_timed = models.PositiveIntegerField(default=0)
    turn_seconds = models.FloatField(default=0)
    timeouts = models.PositiveIntegerField(default=0)

    def save(self, *args, **kwargs):
        self.display_key = text.name_key(self.display_name) if self.display_name else ""
        if kwargs.get("update_fields") is not None and "display_name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "display_key"}
        super().save(*args, **kwargs)

    def __str__(self):
        return f"profile of {self.user}"

    @property
    def night(self) -> tuple[int, int] | None:
        """The declared night as (start hour, end hour), or None."""
        if self.night_start is None or self.night_end is None:
            return None
        return (self.night_start, self.night_end)

    def wants_email(self, kind: str) -> bool:
        return bool(getattr(self, f"email_{kind}", False))

    @property
    def on_vacation(self) -> bool:
        return self.vacation_since is not None

    @property
    def average_turn_seconds(self) -> float | None:
        return self.turn_seconds / self.turns_timed if self.turns_timed else None


class Vacation(models.Model):
    """One stretch of vacation; clocks of games that allow vacation stop during it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False)

    class Meta:
        ordering = ["started_at"]
        indexes = [models.Index(fields=["user", "ended_at"])]
