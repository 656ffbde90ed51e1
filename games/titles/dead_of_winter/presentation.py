"""Dead of Winter: Warring Colonies as the site shows it (the title's side of the presentation contract).

Seats are "Player 1" … "Player 11" until the site's table page names them by
their players; option values come from the content packs (the house pack is
labelled as house content, never as official). The board is the generic one
until the title's own table page lands.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.presentation import Presentation

from .rules import RULES
from .rules.data import CONTENTS
from .rules.setup import sides_for


def _objective_names() -> dict:
    names = {}
    for content in CONTENTS.values():
        for objective_id, objective in content.objectives.items():
            names.setdefault(objective_id, objective.get("name", objective_id))
    return names


def _pack_names() -> dict:
    return {pack_id: " + ".join(p["name"] for p in content.packs) for pack_id, content in CONTENTS.items()}


OBJECTIVES = _objective_names()
PACKS = _pack_names()


class DeadOfWinterPresentation(Presentation):
    option_texts = {
        "players": (gettext_lazy("Players"),
                    gettext_lazy("Two colonies of equal size; with an odd number one player is the Lone Wolf.")),
        "content": (gettext_lazy("Card content"),
                    gettext_lazy("The content packs the game uses. House content is ours, not the publisher's.")),
        "objective": (gettext_lazy("Main objective"), gettext_lazy("What each colony races to complete.")),
        "quick_play": (gettext_lazy("Quick play"), gettext_lazy("Shorter turns (the rulebook's quick-play variant).")),
    }

    def role_label(self, role) -> str:
        text = str(role or "")
        if text.startswith("p") and text[1:].isdigit():
            return _("Player %(n)s") % {"n": text[1:]}
        return super().role_label(role)

    def teams(self, roles) -> list[list[str]]:
        """The teams the ratings rate together: the two colonies, the Lone Wolf alone (WC§1)."""
        ordered = sorted(roles, key=lambda r: int(r[1:]) if r[1:].isdigit() else 0)
        sides = sides_for(len(ordered))
        teams: dict[str, list[str]] = {}
        for role, side in zip(ordered, sides):
            teams.setdefault(side, []).append(role)
        return [teams[s] for s in ("a", "b", "w") if s in teams]

    def option_value_label(self, name: str, value) -> str:
        if name == "players":
            return _("%(n)s players") % {"n": value}
        if name == "objective":
            return OBJECTIVES.get(value, str(value).replace("_", " "))
        if name == "content":
            return PACKS.get(value, str(value))
        return super().option_value_label(name, value)


PRESENTATION = DeadOfWinterPresentation(RULES)
