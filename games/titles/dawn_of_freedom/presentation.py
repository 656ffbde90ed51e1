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
from games.rules.core import Choice

from .names import card_name, ps_name, space_name, suit_name, tables
from .rules.events.steps import OPTION
from .rules.data import CARD_NAME, NAME
from .sentences import sentence

OPTION_LABEL = {k: c.label for k, c in OPTION.items()}

# a move that wrote no log line, by verb: "%(side)s" and the argument's name
CARD_VERBS = {"event": gettext_lazy("%(side)s played %(card)s for the event."),
              "ops": gettext_lazy("%(side)s played %(card)s for operations."),
              "tst": gettext_lazy("%(side)s played %(card)s on the Tiananmen Square Track."),
              "ops_no_event": gettext_lazy("%(side)s played %(card)s for operations without its event."),
              "both": gettext_lazy("%(side)s played %(card)s for operations and its event."),
              "discard": gettext_lazy("%(side)s discarded %(card)s."), "card": gettext_lazy("%(side)s chose %(card)s."),
              "keep": gettext_lazy("%(side)s kept %(card)s."),
              "swap": gettext_lazy("%(side)s discarded %(card)s for a replacement.")}
SPACE_VERBS = {"place": gettext_lazy("%(side)s placed support in %(space)s."),
               "check": gettext_lazy("%(side)s chose a support check in %(space)s."),
               "check_bonus": gettext_lazy("%(side)s chose a support check in %(space)s."),
               "remove": gettext_lazy("%(side)s removed support from %(space)s."),
               "space": gettext_lazy("%(side)s chose %(space)s."),
               "refuge": gettext_lazy("%(side)s sent the Ceausescus to %(space)s.")}
PS_VERBS = {"stake": gettext_lazy("%(side)s raised the stakes with %(ps)s."),
            "lead": gettext_lazy("%(side)s led %(ps)s."), "match": gettext_lazy("%(side)s answered with %(ps)s.")}
LEAD_AS = gettext_lazy("%(side)s led %(ps)s as %(suit)s.")
PLAIN_VERBS = {"concede": gettext_lazy("%(side)s did not answer; the attacker wins the round."),
               "no_raise": gettext_lazy("%(side)s did not raise the stakes."),
               "retain": gettext_lazy("%(side)s kept power."),
               "surrender": gettext_lazy("%(side)s gave up power."),
               "done": gettext_lazy("%(side)s is done."), "decline": gettext_lazy("%(side)s declined."),
               "no_swap": gettext_lazy("%(side)s kept the hand."),
               "no_struggle": gettext_lazy("%(side)s chose no final power struggle.")}
ARG_WORDS = {("order", "event_first"): gettext_lazy("%(side)s chose: the event first."),
             ("order", "ops_first"): gettext_lazy("%(side)s chose: operations first."),
             ("mode", "place"): gettext_lazy("%(side)s chose to place support."),
             ("mode", "check"): gettext_lazy("%(side)s chose support checks."),
             ("mode", "tst"): gettext_lazy("%(side)s chose a Tiananmen Square attempt.")}
STRUGGLE_IN = gettext_lazy("%(side)s chose a final power struggle in %(country)s.")
CHOSE = gettext_lazy("%(side)s chose “%(choice)s”.")


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
        t = tables()
        if verb in CARD_VERBS and arg in CARD_NAME:
            return CARD_VERBS[verb] % {"side": side, "card": card_name(arg)}
        if verb in SPACE_VERBS and isinstance(arg, int) and 0 < arg < len(NAME):
            return SPACE_VERBS[verb] % {"side": side, "space": space_name(arg)}
        if verb in PS_VERBS and arg in t.ps_cards:
            return PS_VERBS[verb] % {"side": side, "ps": ps_name(arg)}
        if verb == "lead_as" and isinstance(arg, str) and ":" in arg:
            n, suit = arg.split(":", 1)
            return LEAD_AS % {"side": side, "ps": ps_name(n), "suit": suit_name(suit)}
        if verb in PLAIN_VERBS:
            return PLAIN_VERBS[verb] % {"side": side}
        if (verb, arg) in ARG_WORDS:
            return ARG_WORDS[verb, arg] % {"side": side}
        if verb == "struggle" and arg in t.countries:
            return STRUGGLE_IN % {"side": side, "country": t.countries[arg]}
        if verb == "option":
            label = prompt_words.label_text(Choice("option", arg, OPTION_LABEL.get(arg, str(arg)), "options"))
            return CHOSE % {"side": side, "choice": label}
        return super().action_text(role, verb, arg)


PRESENTATION = DawnOfFreedomPresentation(RULES)
