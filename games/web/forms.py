from django import forms
from django.utils.translation import gettext_lazy as _

from games import clocks
from games.engine import registry
from games.engine.teams import USUAL_PACE, most_seats, title_teams

TIME_KINDS = [("", _("Usual for this game")),
              ("per_move", _("Days per move")), ("bank", _("Time bank")),
              ("pace", _("Pace (team games)")), ("none", _("No time limit"))]


class GameCreateForm(forms.Form):
    title_id = forms.ChoiceField(label=_("Game"))
    side = forms.ChoiceField(label=_("Your side"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    invite = forms.CharField(label=_("Invite a player (username, optional)"), required=False, max_length=150)
    time_kind = forms.ChoiceField(label=_("Time control"), choices=TIME_KINDS, initial="", required=False,
                                  help_text=_("Usual: 3 days per move; a daily pace for team games."))
    pace = forms.ChoiceField(label=_("Pace"), initial=USUAL_PACE, required=False)
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
                for name in ("time_kind", "pace", "days", "bank_initial", "bank_increment", "bank_max")} | {
            "weekend_pause": data.get("weekend_pause"), "vacation_allowed": data.get("vacation_allowed"),
            "title_id": data.get("title_id")}
        kind = data["time_kind"] or ("pace" if data["title_id"] in self.team_titles else "per_move")
        control = {"kind": kind, "weekend_pause": bool(data.get("weekend_pause")),
                   "vacation_allowed": bool(data.get("vacation_allowed"))}
        if kind == "pace":
            control["profile"] = data.get("pace")
        elif kind == "per_move":
            control["days"] = data.get("days")
        elif kind == "bank":
            control.update(initial_days=data.get("bank_initial"), increment_days=data.get("bank_increment"),
                           max_days=data.get("bank_max"))
        return clocks.TimeControl.parse(control).to_json()

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")  # labels sit above their fields (and beside checkboxes)
        super().__init__(*args, **kwargs)
        titles = registry.offered()
        self.fields["title_id"].choices = [(r.title_id, registry.presentation(r.title_id).title_name) for r in titles]
        sides = [("", _("Random"))]  # then one group of sides per title, in the title's words
        for rules in titles:
            show = registry.presentation(rules.title_id)
            roles = rules.roles(rules.scenarios()[0], rules.default_options())
            sides.append((show.title_name, [(role, show.role_label(role)) for role in roles]))
        self.fields["side"].choices = sides
        self.titles = titles
        self.option_groups = []  # [(title name, title_id, [bound fields])] for the template
        for rules in titles:
            show = registry.presentation(rules.title_id)
            names = []
            for option in show.option_fields():
                if len(option.choices) < 2:
                    continue
                name = f"opt_{rules.title_id}_{option.name}"
                self.fields[name] = self._option_field(option)
                names.append(name)
            self.option_groups.append((show.title_name, rules.title_id, names))
        self.fields["pace"].choices = [(profile, clocks.pace_name(profile)) for profile in clocks.PACES]
        self.team_titles = {}  # title_id -> [(team key, label)]: the titles played in teams
        self.invitee_lines = {}  # title_id -> how many invitation lines (its most seats but one)
        for rules in titles:
            teams = title_teams(rules)
            if teams:
                self.team_titles[rules.title_id] = teams
                self._add_team_fields(rules, teams)

    def _add_team_fields(self, rules, teams: list[tuple[str, str]]) -> None:
        """Your team, and one line per other seat: a player to invite and their team."""
        choices = [("", _("Any team"))] + teams
        title_id = rules.title_id
        self.fields[f"team_{title_id}"] = forms.ChoiceField(label=_("Your team"), choices=choices, required=False)
        self.invitee_lines[title_id] = most_seats(rules) - 1
        for n in range(1, 1 + self.invitee_lines[title_id]):
            self.fields[f"invitee_{title_id}_{n}"] = forms.CharField(
                label=_("Invite a player (username)"), required=False, max_length=150)
            self.fields[f"invitee_team_{title_id}_{n}"] = forms.ChoiceField(
                label=_("Their team"), choices=choices, required=False)

    def team_sections(self):
        """[(title_id, your-team field, [(username field, team field)])] for the template."""
        sections = []
        for title_id in self.team_titles:
            lines = [(self[f"invitee_{title_id}_{n}"], self[f"invitee_team_{title_id}_{n}"])
                     for n in range(1, 1 + self.invitee_lines[title_id])]
            sections.append((title_id, self[f"team_{title_id}"], lines))
        return sections

    @property
    def team_title_ids(self) -> list[str]:
        """The titles played in teams: their create form asks for a team, not a side."""
        return list(self.team_titles)

    def creator_team(self, title_id: str) -> str:
        return (self.cleaned_data.get(f"team_{title_id}") or "") if title_id in self.team_titles else ""

    def invitations_for(self, title_id: str) -> list[tuple[str, str]]:
        """[(username, team)] of the filled invitation lines of a team title."""
        data = self.cleaned_data
        lines = [(data.get(f"invitee_{title_id}_{n}", "").strip(), data.get(f"invitee_team_{title_id}_{n}") or "")
                 for n in range(1, 1 + self.invitee_lines.get(title_id, 0))]
        return [(username, team) for username, team in lines if username]

    @staticmethod
    def _option_field(option):
        """A title's option as the title words it: a checkbox for yes/no, else a list."""
        values = [value for value, _label in option.choices]
        if sorted(values, key=str) == [False, True]:
            return forms.BooleanField(label=option.label, help_text=option.help, required=False,
                                      initial=option.choices[0][0])
        return forms.ChoiceField(label=option.label, help_text=option.help, required=False,
                                 choices=[(str(value), label) for value, label in option.choices])

    def option_sections(self):
        """[(title name, title_id, [bound fields])]: the create page shows one title's options at a time."""
        return [(name, title_id, [self[f] for f in fields]) for name, title_id, fields in self.option_groups]

    def options_for(self, title_id: str) -> dict:
        rules = registry.get(title_id)
        chosen = {}
        for name, values in rules.option_choices().items():
            raw = self.cleaned_data.get(f"opt_{title_id}_{name}")
            if isinstance(raw, bool):
                match = [v for v in values if v is raw]
            else:
                match = [v for v in values if str(v) == raw]
            if match:
                chosen[name] = match[0]
        return chosen


class InviteForm(forms.Form):
    """The creator keeps one more seat of an open team game for a named player."""

    username = forms.CharField(label=_("Invite a player (username)"), max_length=150)
    team = forms.ChoiceField(label=_("Their team"), required=False)

    def __init__(self, *args, choices=(), **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = list(choices)
