from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "timezone", "language",
                  "email_your_turn", "email_invitations", "email_game_over"]
        help_texts = {
            "display_name": _("Shown to other players instead of your username. Leave empty to use your username."),
            "timezone": _("Dates and deadlines are shown in this time zone."),
            "language": _("“Browser default” follows your browser’s language setting."),
        }
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def clean_display_name(self):
        return " ".join(self.cleaned_data["display_name"].split())
