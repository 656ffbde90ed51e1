from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Appeal, Report, UserSanction

REASON = {"widget": forms.Textarea(attrs={"rows": 2}), "label": _("Reason (required, kept in the audit log)"),
          "min_length": 5}


class ChatForm(forms.Form):
    body = forms.CharField(label=_("Message"), max_length=500, strip=True)


class ReportForm(forms.Form):
    kind = forms.ChoiceField(label=_("Type of problem"), choices=Report.Kind.choices)
    move_seq = forms.IntegerField(label=_("Move number (optional)"), required=False, min_value=1)
    chat_message = forms.IntegerField(required=False, widget=forms.HiddenInput)
    text = forms.CharField(label=_("What happened?"), max_length=2000, widget=forms.Textarea(attrs={"rows": 4}))


class TakebackForm(forms.Form):
    move_seq = forms.IntegerField(label=_("Take back my move"), min_value=2)


class ReasonForm(forms.Form):
    reason = forms.CharField(**REASON)
    report = forms.IntegerField(required=False, widget=forms.HiddenInput)


class RollbackForm(ReasonForm):
    to_seq = forms.IntegerField(label=_("Roll back to just after move"), min_value=1)


class AdjudicateForm(ReasonForm):
    winners = forms.CharField(label=_("Winning sides (comma-separated; empty for a draw)"), required=False)


class AddTimeForm(ReasonForm):
    role = forms.CharField(label=_("Side"), max_length=40)
    hours = forms.IntegerField(label=_("Hours to add"), min_value=1, max_value=720)


class HandForm(ReasonForm):
    role = forms.CharField(label=_("Side"), max_length=40)


class SanctionForm(ReasonForm):
    kind = forms.ChoiceField(label=_("Sanction"), choices=UserSanction.Kind.choices)
    days = forms.FloatField(label=_("For how many days (mute, suspend)"), required=False, min_value=0.01,
                            max_value=3650)
    game = forms.IntegerField(required=False, widget=forms.HiddenInput)


class CloseReportForm(forms.Form):
    outcome = forms.ChoiceField(label=_("Outcome"), choices=Report.Outcome.choices)
    resolution = forms.CharField(label=_("Note to the players (required)"), min_length=5,
                                 widget=forms.Textarea(attrs={"rows": 3}))


class AppealForm(forms.ModelForm):
    class Meta:
        model = Appeal
        fields = ["text"]
        widgets = {"text": forms.Textarea(attrs={"rows": 5})}


class AppealDecideForm(forms.Form):
    lift = forms.TypedChoiceField(label=_("Decision"), coerce=lambda v: v == "lift",
                                  choices=[("uphold", _("Uphold the sanction")), ("lift", _("Lift the sanction"))])
    decision = forms.CharField(label=_("Reason (required)"), min_length=5, widget=forms.Textarea(attrs={"rows": 3}))
