"""Dead of Winter: Warring Colonies as the site shows it (the title's side of the presentation contract).

Seats are "Player 1" … "Player 11" until the site's table page names them by
their players; option values come from the content packs (the house pack is
labelled as house content, never as official). The table page is
``dead_of_winter/board.html`` (``templatetags/dow_board.py``); log lines are
sentences from ``sentences.py``.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.presentation import Presentation

from . import names as N
from . import sentences
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


# Moves that write no log line (sealed picks, wound placement...): what the
# others may know of them. Sealed picks never name the pick.
ACTION_TEXTS = {
    "keep": gettext_lazy("%(side)s chose what to keep."),
    "vote": gettext_lazy("%(side)s voted."),
    "xvote": gettext_lazy("%(side)s voted."),
    "tactic": gettext_lazy("%(side)s chose a tactic."),
    "bid": gettext_lazy("%(side)s bid bullets."),
    "order": gettext_lazy("%(side)s set the order of the next crises."),
    "option": gettext_lazy("%(side)s chose an option of the crossroads card."),
    "swap": gettext_lazy("%(side)s swapped a mission."),
    "noise": gettext_lazy("%(side)s made noise to draw another card."),
}


class DeadOfWinterPresentation(Presentation):
    board_template = "dead_of_winter/board.html"
    result_reasons = N.REASONS
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

    def log_sentence(self, line: dict) -> str:
        text = sentences.sentence(line)
        return text if text is not None else super().log_sentence(line)

    def action_text(self, role, verb: str, arg) -> str:
        who = self.role_label(role)
        if verb in ("target", "wound") and isinstance(arg, int):
            text = _("%(side)s placed a wound on %(survivor)s.") if verb == "wound" else \
                _("%(side)s aimed the wound at %(survivor)s.")
            return text % {"side": who, "survivor": N.survivor(arg)}
        if verb == "leader":
            return _("%(side)s broke the tie: %(leader)s leads the colony.") % {"side": who, "leader": N.role(arg)}
        if verb in ACTION_TEXTS:
            return str(ACTION_TEXTS[verb]) % {"side": who}
        return _("%(side)s made a choice.") % {"side": who}

    def choice_label(self, choice) -> str:
        """Rules labels that name ids (locations, seats, colonies) in words."""
        verb, arg = choice.verb, choice.arg
        if verb == "move" and isinstance(arg, str) and ">" in arg:
            sid, _sep, to = arg.partition(">")
            return _("%(survivor)s to %(place)s") % {"survivor": N.survivor(int(sid)) if sid.isdigit() else "",
                                                      "place": N.place(to)}
        if verb in ("attack", "barricade") and isinstance(arg, str) and arg.count(">") == 1:
            sid, _sep, gate = arg.partition(">")
            if sid.isdigit() and gate.isdigit() and int(gate) > 0:
                text = _("%(survivor)s attacks a zombie at entrance %(n)s") if verb == "attack" else \
                    _("%(survivor)s barricades entrance %(n)s")
                return text % {"survivor": N.survivor(int(sid)), "n": gate}
        if verb == "request":
            return _("Request a card from %(who)s") % {"who": N.role(arg)}
        if verb in ("vote", "leader") and isinstance(arg, str):
            return N.role(arg)
        if verb == "join":
            return _("Join %(side)s") % {"side": N.side(arg)}
        return N.named_ids(super().choice_label(choice))

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
