from django import forms
from django.utils.translation import gettext_lazy as _

from . import text
from .models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "timezone", "language",
                  "email_your_turn", "email_reminders", "email_invitations", "email_game_over",
                  "email_disputes", "digest_hour", "auto_vacation"]
        help_texts = {
            "display_name": _("Shown to other players instead of your username. Leave empty to use your username."),
            "timezone": _("Dates and deadlines are shown in this time zone."),
            "language": _("“Browser default” follows your browser’s language setting."),
            "digest_hour": _("One mail a day at this hour (your time zone) listing the games waiting "
                             "for you, instead of a mail per turn. Leave empty for per-turn mail."),
        }
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def clean_display_name(self):
        """Normalised and visible; never "Moderator" nor another player's name."""
        name = " ".join(text.normalise(self.cleaned_data["display_name"]).split())
        if not name:
            return ""
        text.check_name(name)
        if text.imitated_user(name, exclude_pk=self.instance.user_id) is not None:
            raise forms.ValidationError(_("That looks like another player's name; choose your own."))
        return name
