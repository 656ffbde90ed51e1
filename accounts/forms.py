from allauth.account.forms import LoginForm
from django import forms
from django.utils.translation import gettext_lazy as _

from . import text
from .models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "timezone", "language",
                  "email_your_turn", "email_reminders", "email_invitations", "email_game_over",
                  "email_disputes", "digest_hour", "night_start", "night_end", "auto_vacation"]
        help_texts = {
            "display_name": _("Shown to other players instead of your username. Leave empty to use your username."),
            "timezone": _("Dates and deadlines are shown in this time zone."),
            "language": _("“Browser default” follows your browser’s language setting."),
            "digest_hour": _("One mail a day at this hour (your time zone) listing the games waiting "
                             "for you, instead of a mail per turn. Leave empty for per-turn mail."),
            "night_end": _("In your time zone. A deadline of yours that would fall in your night "
                           "is moved to its end. Leave both empty if you have no night hours."),
        }
        error_messages = {
            "night_start": {"invalid_choice": _("Choose an hour between 00:00 and 23:00.")},
            "night_end": {"invalid_choice": _("Choose an hour between 00:00 and 23:00.")},
        }
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def clean(self):
        """Night hours come as a pair of different hours, or not at all."""
        data = super().clean()
        start, end = data.get("night_start"), data.get("night_end")
        if "night_start" in self.errors or "night_end" in self.errors:
            return data
        if (start is None) != (end is None):
            missing = "night_end" if end is None else "night_start"
            self.add_error(missing, _("Give both the hour your night starts and the hour it ends, or neither."))
        elif start is not None and start == end:
            self.add_error("night_end", _("Your night cannot end at the hour it starts."))
        return data

    def clean_display_name(self):
        """Normalised and visible; never "Moderator" nor another player's name."""
        name = " ".join(text.normalise(self.cleaned_data["display_name"]).split())
        if not name:
            return ""
        text.check_name(name)
        if text.imitated_user(name, exclude_pk=self.instance.user_id) is not None:
            raise forms.ValidationError(_("That looks like another player's name; choose your own."))
        return name


class SiteLoginForm(LoginForm):
    """allauth's log-in form with the site's words (ACCOUNT_FORMS in config/settings.py)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
        self.fields["password"].label = _("Password")
        if "remember" in self.fields:
            self.fields["remember"].label = _("Keep me logged in on this device")
