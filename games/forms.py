from django import forms
from django.utils.translation import gettext_lazy as _

from . import clocks, registry

TIME_KINDS = [("per_move", _("Days per move")), ("bank", _("Time bank")), ("none", _("No time limit"))]


class GameCreateForm(forms.Form):
    title_id = forms.ChoiceField(label=_("Game"))
    side = forms.ChoiceField(label=_("Your side"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    invite = forms.CharField(label=_("Invite a player (username, optional)"), required=False, max_length=150)
    time_kind = forms.ChoiceField(label=_("Time control"), choices=TIME_KINDS, initial="per_move", required=False)
    days = forms.TypedChoiceField(label=_("Days per move"), coerce=int, initial=3, required=False,
                                  choices=[(d, d) for d in clocks.PER_MOVE_DAYS])
    bank_initial = forms.FloatField(label=_("Bank: initial days"), initial=3, min_value=0.5, max_value=60,
                                    required=False)
    bank_increment = forms.FloatField(label=_("Bank: days added per turn"), initial=1, min_value=0,
                                      max_value=60, required=False)
    bank_max = forms.FloatField(label=_("Bank: at most (days)"), initial=7, min_value=0.5, max_value=60,
                                required=False)
    weekend_pause = forms.BooleanField(label=_("Pause clocks at weekends (each player's own timezone)"),
                                       required=False)
    vacation_allowed = forms.BooleanField(label=_("Vacation stops the clocks"), required=False, initial=True)

    def clean(self):
        data = super().clean()
        try:
            data["time_control"] = self.time_control(data)
        except (ValueError, TypeError) as error:
            raise forms.ValidationError(str(error))
        return data

    def time_control(self, data: dict) -> dict:
        data = {name: self.fields[name].initial if data.get(name) in (None, "") else data[name]
                for name in ("time_kind", "days", "bank_initial", "bank_increment", "bank_max")} | {
            "weekend_pause": data.get("weekend_pause"), "vacation_allowed": data.get("vacation_allowed")}
        kind = data["time_kind"]
        control = {"kind": kind, "weekend_pause": bool(data.get("weekend_pause")),
                   "vacation_allowed": bool(data.get("vacation_allowed"))}
        if kind == "per_move":
            control["days"] = data.get("days")
        elif kind == "bank":
            control.update(initial_days=data.get("bank_initial"), increment_days=data.get("bank_increment"),
                           max_days=data.get("bank_max"))
        return clocks.TimeControl.parse(control).to_json()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        titles = registry.offered()
        self.fields["title_id"].choices = [(r.title_id, r.name) for r in titles]
        sides = [("", _("Random"))]
        for rules in titles:
            for role in rules.roles(rules.scenarios()[0], rules.default_options()):
                if role not in [s[0] for s in sides]:
                    sides.append((role, role.replace("_", " ").title()))
        self.fields["side"].choices = sides
        self.titles = titles
        for rules in titles:
            for name, values in rules.option_choices().items():
                if len(values) > 1:
                    self.fields[f"opt_{rules.title_id}_{name}"] = forms.ChoiceField(
                        label=name.replace("_", " ").capitalize(), required=False,
                        choices=[(str(v), str(v)) for v in values])

    def options_for(self, title_id: str) -> dict:
        rules = registry.get(title_id)
        chosen = {}
        for name, values in rules.option_choices().items():
            raw = self.cleaned_data.get(f"opt_{title_id}_{name}")
            match = [v for v in values if str(v) == raw]
            if match:
                chosen[name] = match[0]
        return chosen
