import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager as BaseUserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

TIMEZONES = sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


# Choices are callables so that migrations name the function instead of copying
# the lists (which depend on the installed tz database and on settings).
def timezone_choices():
    return [(tz, tz) for tz in TIMEZONES]


def language_choices():
    return [("", _("Browser default"))] + list(settings.LANGUAGES)


class UserManager(BaseUserManager):
    def get_by_natural_key(self, username):
        return self.get(username__iexact=username)


class User(AbstractUser):
    """Usernames are unique regardless of case ("Alice" blocks "alice")."""

    objects = UserManager()

    class Meta:
        constraints = [models.UniqueConstraint(Lower("username"), name="username_unique_ci")]

    @property
    def display(self) -> str:
        profile = getattr(self, "profile", None)
        return (profile.display_name if profile and profile.display_name else self.username)


class Profile(models.Model):
    """Per-user preferences. Email preferences are one flag per mail kind."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    timezone = models.CharField(_("timezone"), max_length=64, default="UTC",
                                choices=timezone_choices)
    language = models.CharField(_("language"), max_length=8, blank=True,
                                choices=language_choices)
    email_your_turn = models.BooleanField(_("email when it is my turn"), default=True)
    email_invitations = models.BooleanField(_("email invitations and game starts"), default=True)
    email_game_over = models.BooleanField(_("email when a game ends"), default=True)

    def __str__(self):
        return f"profile of {self.user}"

    def wants_email(self, kind: str) -> bool:
        return bool(getattr(self, f"email_{kind}", False))
