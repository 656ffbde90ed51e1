"""1989: Dawn of Freedom as the site shows it (the title's side of the presentation contract).

The log sentences are the rules' reference wording (`rules/sentences.py`)
through gettext (`sentences.py`); the board is the title's own
(`templates/dawn_of_freedom/board.html`, helpers in `templatetags/dof_board.py`).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.presentation import Presentation

from .rules import RULES
from . import prompt_words
from .names import card_name, space_name
from .rules.data import CARD_NAME, NAME
from .sentences import sentence

CARD_VERBS = {"event": gettext_lazy("played for the event"), "ops": gettext_lazy("played for operations"),
              "tst": gettext_lazy("played on the Tiananmen Square Track"), "discard": gettext_lazy("discarded"),
              "card": gettext_lazy("chose")}
SPACE_VERBS = {"place": gettext_lazy("placed support in"), "check": gettext_lazy("chose a support check in"),
               "remove": gettext_lazy("removed support from")}


class DawnOfFreedomPresentation(Presentation):
    board_template = "dawn_of_freedom/board.html"
    role_names = {"communist": gettext_lazy("Communist"), "democrat": gettext_lazy("Democrat")}
    option_texts = {
        "bid_sp": (gettext_lazy("Side bid: extra set-up support"),
                   gettext_lazy("Second-edition optional rule: the side that won the bid places this many "
                                "extra support points after set-up.")),
        "bid_role": (gettext_lazy("Side bid: who places them"),
                     gettext_lazy("The side that places the bid's extra support points.")),
    }

    def option_value_label(self, name: str, value) -> str:
        if name == "bid_role":
            return self.role_label(value)
        if name == "bid_sp" and value == 0:
            return _("No bid")
        return super().option_value_label(name, value)

    choice_groups = {"event": gettext_lazy("Event"), "operations": gettext_lazy("Operations"),
                     "tiananmen square": gettext_lazy("Tiananmen Square"),
                     "operations, no event (box 7)": gettext_lazy("Operations, no event"),
                     "operations and event (box 8)": gettext_lazy("Operations and event"),
                     "spaces": gettext_lazy("Spaces"), "power struggle": gettext_lazy("Power struggle"),
                     "raise the stakes": gettext_lazy("Raise the Stakes"), "power": "", "order": "",
                     "ops": gettext_lazy("Operations")}

    # the rules' English prompts, translated by pattern (prompt_words.py)
    def prompt_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.text) if prompt else ""

    def waiting_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.waiting_text) if prompt else ""

    def choice_label(self, choice) -> str:
        label = prompt_words.label_text(choice)
        return super().choice_label(choice) if label is None else label

    def log_sentence(self, line: dict) -> str:
        return sentence(line)

    def action_text(self, role, verb: str, arg) -> str:
        side = self.role_label(role)
        if verb in CARD_VERBS and arg in CARD_NAME:
            return f"{side} {CARD_VERBS[verb]} {card_name(arg)}."
        if verb in SPACE_VERBS and isinstance(arg, int) and 0 < arg < len(NAME):
            return f"{side} {SPACE_VERBS[verb]} {space_name(arg)}."
        return super().action_text(role, verb, arg)


PRESENTATION = DawnOfFreedomPresentation(RULES)
