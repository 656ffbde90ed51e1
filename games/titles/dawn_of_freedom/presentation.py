"""1989: Dawn of Freedom as the site shows it (the title's side of the presentation contract).

The log sentences are the rules' reference wording (`rules/sentences.py`)
through gettext (`sentences.py`); the board is the title's own
(`templates/dawn_of_freedom/board.html`, helpers in `templatetags/dof_board.py`).
"""
from __future__ import annotations

from django.utils.translation import npgettext, pgettext, pgettext_lazy

from games.engine.presentation import Presentation, Ref

from .rules import RULES
from . import changes, prompt_words
from games.rules.core import Choice

from .names import card, card_name, country_name, ps_name, space_name, suit_name, tables
from .rules.events.steps import OPTION
from .rules.data import CARD_NAME, COUNTRY_NAME, NAME, SPACE_IDS, TACTIC_FAILS
from .sentences import placed, sentence

OPTION_LABEL = {k: c.label for k, c in OPTION.items()}

# a move that wrote no log line, by verb: "%(side)s" and the argument's name
CARD_VERBS = {"event": pgettext_lazy("dawn_of_freedom", "%(side)s played %(card)s for the event."),
              "ops": pgettext_lazy("dawn_of_freedom", "%(side)s played %(card)s for operations."),
              "tst": pgettext_lazy("dawn_of_freedom", "%(side)s played %(card)s on the Tiananmen Square Track."),
              "ops_no_event": pgettext_lazy("dawn_of_freedom", "%(side)s played %(card)s for operations without its event."),
              "both": pgettext_lazy("dawn_of_freedom", "%(side)s played %(card)s for operations and its event."),
              "discard": pgettext_lazy("dawn_of_freedom", "%(side)s discarded %(card)s."), "card": pgettext_lazy("dawn_of_freedom", "%(side)s chose %(card)s."),
              "keep": pgettext_lazy("dawn_of_freedom", "%(side)s kept %(card)s."),
              "swap": pgettext_lazy("dawn_of_freedom", "%(side)s discarded %(card)s for a replacement.")}
SPACE_VERBS = {"place": pgettext_lazy("dawn_of_freedom", "%(side)s placed support in %(space)s."),
               "check": pgettext_lazy("dawn_of_freedom", "%(side)s chose a support check in %(space)s."),
               "check_bonus": pgettext_lazy("dawn_of_freedom", "%(side)s chose a support check in %(space)s."),
               "remove": pgettext_lazy("dawn_of_freedom", "%(side)s removed support from %(space)s."),
               "space": pgettext_lazy("dawn_of_freedom", "%(side)s chose %(space)s."),
               "refuge": pgettext_lazy("dawn_of_freedom", "%(side)s sent the Ceausescus to %(space)s.")}
PS_VERBS = {"stake": pgettext_lazy("dawn_of_freedom", "%(side)s raised the stakes with %(ps)s."),
            "lead": pgettext_lazy("dawn_of_freedom", "%(side)s led %(ps)s."), "match": pgettext_lazy("dawn_of_freedom", "%(side)s answered with %(ps)s.")}
LEAD_AS = pgettext_lazy("dawn_of_freedom", "%(side)s led %(ps)s as %(suit)s.")
PLAIN_VERBS = {"concede": pgettext_lazy("dawn_of_freedom", "%(side)s did not answer; the attacker wins the round."),
               "no_raise": pgettext_lazy("dawn_of_freedom", "%(side)s did not raise the stakes."),
               "retain": pgettext_lazy("dawn_of_freedom", "%(side)s kept power."),
               "surrender": pgettext_lazy("dawn_of_freedom", "%(side)s gave up power."),
               "done": pgettext_lazy("dawn_of_freedom", "%(side)s is done."), "decline": pgettext_lazy("dawn_of_freedom", "%(side)s declined."),
               "no_swap": pgettext_lazy("dawn_of_freedom", "%(side)s kept the hand."),
               "no_struggle": pgettext_lazy("dawn_of_freedom", "%(side)s chose no final power struggle.")}
ARG_WORDS = {("order", "event_first"): pgettext_lazy("dawn_of_freedom", "%(side)s chose: the event first."),
             ("order", "ops_first"): pgettext_lazy("dawn_of_freedom", "%(side)s chose: operations first."),
             ("mode", "place"): pgettext_lazy("dawn_of_freedom", "%(side)s chose to place support."),
             ("mode", "check"): pgettext_lazy("dawn_of_freedom", "%(side)s chose support checks."),
             ("mode", "tst"): pgettext_lazy("dawn_of_freedom", "%(side)s chose a Tiananmen Square attempt.")}
STRUGGLE_IN = pgettext_lazy("dawn_of_freedom", "%(side)s chose a final power struggle in %(country)s.")
CHOSE = pgettext_lazy("dawn_of_freedom", "%(side)s chose “%(choice)s”.")


ANSWERS = ("ps_match", "ps_tactic_fails", "ps_concede")  # the log kinds that answer a card led


class DawnOfFreedomPresentation(Presentation):
    place_keys = {"space": "space", "country": "country", "spaces": "space"}
    blurb = pgettext_lazy("dawn_of_freedom", "The fall of communism in Eastern Europe for two players: the Democrat and the "
                          "Communist build support in six countries, and each country is settled in a power struggle "
                          "of cards. 110 strategy cards and the Tiananmen Square track.")
    picture = "dawn_of_freedom/board-picture.jpg"
    picture_of = ".dof-map-frame"

    def log_group_key(self, line: dict):
        """A placement of several SPs is one move per point: consecutive ones by one
        side read as one line (issue 29 item 13)."""
        return ("place", line.get("role")) if line.get("kind") == "place" else super().log_group_key(line)

    def log_group(self, lines: list[dict]) -> dict:
        if lines[0].get("kind") != "place":
            return super().log_group(lines)
        return {"kind": "place", "role": lines[0].get("role"), "spaces": [line.get("space") for line in lines],
                "cost": sum(line.get("cost") or 0 for line in lines if isinstance(line.get("cost"), int))}
    playing_key = "on_table"
    card_keys = ("card", "cards")

    def place_name(self, attr: str, key: str) -> str:
        if attr == "space":
            return space_name(int(key)) if key.isdigit() else ""
        return country_name(key) if attr == "country" else ""

    def choice_note(self, choice) -> str:
        info = card(choice.arg) if choice.verb in ("event", "ops", "tst") and isinstance(choice.arg, int) else None
        if not info:
            return ""
        if info["scoring"]:
            return pgettext("dawn_of_freedom", "scoring")
        return npgettext("dawn_of_freedom", "%(n)s op", "%(n)s ops", info["ops"]) % {"n": info["ops"]}

    def choice_places(self, choice) -> list[tuple]:
        arg = choice.arg
        if isinstance(arg, int) and not isinstance(arg, bool) and 0 < arg < len(NAME) and NAME[arg] \
                and choice.group == "spaces":
            return [("space", str(arg))]
        return []

    def playing(self, view: dict, lines=()) -> list[Ref]:
        """The card on the table and, while a power struggle runs, its latest
        exchange (8.3.2): the card led and the answer, each with what happened."""
        return super().playing(view, lines) + self._exchange(lines)

    def _exchange(self, lines) -> list[Ref]:
        current = []
        for line in reversed(lines or ()):
            if line.get("kind") in ("play", "struggle_over", "turn"):
                return []  # no struggle running
            if line.get("kind") == "struggle":
                break
            current.append(line)
        current.reverse()
        led = max((n for n, line in enumerate(current) if line.get("kind") == "ps_lead"), default=None)
        if led is None:
            return []
        answer = [line for line in current[led + 1:led + 2] if line.get("kind") in ANSWERS]
        return [Ref(self._exchange_name(line), text=self.log_sentence(line)) for line in [current[led], *answer]]

    def _exchange_name(self, line: dict) -> str:
        if line.get("kind") == "ps_tactic_fails":
            return ps_name(TACTIC_FAILS)
        if line.get("ps_card") is not None:
            return ps_name(line["ps_card"])
        return self.seat_text(line.get("role"))  # no answer

    def named_places(self) -> list[tuple]:
        return [("space", str(s)) for s in SPACE_IDS] + [("country", key) for key in COUNTRY_NAME]

    def named_cards(self) -> list[int]:
        return sorted(CARD_NAME)

    def card_ref(self, number: int) -> Ref | None:
        info = card(number)
        return Ref(info["name"], text=info["summary"]) if info else None

    def hand_text(self, items, options: dict | None = None) -> list[str]:
        return [card_name(n) for n in items or []]
    board_template = "dawn_of_freedom/board.html"
    role_names = {"communist": pgettext_lazy("dawn_of_freedom", "Communist"), "democrat": pgettext_lazy("dawn_of_freedom", "Democrat")}
    option_texts = {
        "bid_sp": (pgettext_lazy("dawn_of_freedom", "Side bid: extra set-up support"),
                   pgettext_lazy("dawn_of_freedom", "Second-edition optional rule: the side that won the bid places this many "
                                "extra support points after set-up.")),
        "bid_role": (pgettext_lazy("dawn_of_freedom", "Side bid: who places them"),
                     pgettext_lazy("dawn_of_freedom", "The side that places the bid's extra support points.")),
    }

    def option_value_label(self, name: str, value) -> str:
        if name == "bid_role":
            return self.role_label(value)
        if name == "bid_sp" and value == 0:
            return pgettext("dawn_of_freedom", "No bid")
        return super().option_value_label(name, value)

    choice_group_order = ("event", "operations", "operations, no event (box 7)", "operations and event (box 8)",
                          "tiananmen square")
    choice_groups = {"event": pgettext_lazy("dawn_of_freedom", "Event"), "operations": pgettext_lazy("dawn_of_freedom", "Operations"),
                     "tiananmen square": pgettext_lazy("dawn_of_freedom", "Tiananmen Square"),
                     "operations, no event (box 7)": pgettext_lazy("dawn_of_freedom", "Operations, no event"),
                     "operations and event (box 8)": pgettext_lazy("dawn_of_freedom", "Operations and event"),
                     "spaces": pgettext_lazy("dawn_of_freedom", "Spaces"), "power struggle": pgettext_lazy("dawn_of_freedom", "Power struggle"),
                     "raise the stakes": pgettext_lazy("dawn_of_freedom", "Raise the Stakes"), "power": "", "order": "",
                     "ops": pgettext_lazy("dawn_of_freedom", "Operations")}

    # the rules' English prompts, translated by pattern (prompt_words.py)
    def prompt_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.text) if prompt else ""

    def waiting_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.waiting_text) if prompt else ""

    def choice_label(self, choice) -> str:
        label = prompt_words.label_text(choice)
        return super().choice_label(choice) if label is None else label

    def board_changes(self, before: dict, after: dict) -> list:
        return changes.board_changes(before, after)

    def log_sentence(self, line: dict) -> str:
        if line.get("kind") == "place" and isinstance(line.get("spaces"), list):
            return placed(line)
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
