from django import forms
from django.utils.translation import gettext_lazy as _

from . import registry


class GameCreateForm(forms.Form):
    title_id = forms.ChoiceField(label=_("Game"))
    side = forms.ChoiceField(label=_("Your side"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    invite = forms.CharField(label=_("Invite a player (username, optional)"), required=False, max_length=150)

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
