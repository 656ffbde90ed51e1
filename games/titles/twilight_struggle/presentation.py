"""Twilight Struggle as the site shows it: the title's side of the presentation contract."""
from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.presentation import Presentation, Ref

from . import changes, prompt_words, sentences
from .names import card, country_name
from .rules import RULES, data

_LOCALIZED: dict = {}  # (language, prompt) -> the prompt in that language
CARD_VERBS = {"headline": gettext_lazy("headlined"), "event": gettext_lazy("played for the event"),
              "ops": gettext_lazy("played for operations"), "space": gettext_lazy("played on the space race"),
              "discard": gettext_lazy("discarded"), "card": gettext_lazy("chose"),
              "toggle": gettext_lazy("chose"), "take": gettext_lazy("took")}
COUNTRY_VERBS = {"place": gettext_lazy("placed influence in"), "remove": gettext_lazy("removed influence from"),
                 "realign": gettext_lazy("chose a realignment roll in"), "coup": gettext_lazy("chose a coup in"),
                 "pick": gettext_lazy("chose"), "cancel_cmc": gettext_lazy("removed 2 influence from")}
WORDS = {"ops_first": gettext_lazy("operations first"), "event_first": gettext_lazy("the event first"),
         "influence": gettext_lazy("to place influence"), "realign": gettext_lazy("realignment rolls"),
         "coup": gettext_lazy("a coup"), "keep": gettext_lazy("to keep the held card"),
         "ok": gettext_lazy("to continue"), "done": gettext_lazy("to finish"), "pass": gettext_lazy("to pass"),
         "skip": gettext_lazy("to skip"), "confirm": gettext_lazy("to confirm")}


class TwilightStrugglePresentation(Presentation):
    board_template = "twilight_struggle/board.html"
    blurb = gettext_lazy("The Cold War from 1945 to 1989 for two players: the USSR and the US spread influence, "
                         "stage coups and race to space, driven by a deck of 110 historical events. Deluxe "
                         "edition, with the Chinese Civil War variant, the optional cards and tournament rules.")
    picture = "twilight_struggle/board-picture.jpg"
    picture_of = ".ts-map-frame"
    place_keys = {"country": "country", "countries": "country"}
    playing_key = "playing"
    card_keys = ("card", "by", "discarded", "cards")

    def place_name(self, attr: str, key: str) -> str:
        return country_name(int(key)) if attr == "country" and key.isdigit() else ""

    def choice_note(self, choice) -> str:
        info = card(choice.arg) if choice.verb in CARD_VERBS and isinstance(choice.arg, int) else None
        if not info:
            return ""
        return _("scoring") if info["scoring"] else ngettext("%(n)s op", "%(n)s ops", info["ops"]) % {"n": info["ops"]}

    def choice_places(self, choice) -> list[tuple]:
        arg = choice.arg
        if choice.verb in COUNTRY_VERBS and isinstance(arg, int) and 0 < arg < len(data.NAME) and data.NAME[arg]:
            return [("country", str(arg))]
        return []

    def named_places(self) -> list[tuple]:
        return [("country", str(n)) for n in range(1, len(data.NAME)) if data.NAME[n]]

    def named_cards(self) -> list[int]:
        return sorted(data.CARD_NAME)

    def card_ref(self, number: int) -> Ref | None:
        info = card(number)
        return Ref(info["name"], text=info["summary"]) if info else None
    role_names = {"us": gettext_lazy("US"), "ussr": gettext_lazy("USSR")}
    option_texts = {
        "optional_cards": (gettext_lazy("Optional cards"),
                           gettext_lazy("Cards 104–110 are shuffled into the decks.")),
        "tournament": (gettext_lazy("Tournament rules"),
                       gettext_lazy("Held cards are shown at the end of each turn and the deal alternates, "
                                    "starting with the USSR (rule 11.1).")),
        "us_bid": (gettext_lazy("Extra US influence"),
                   gettext_lazy("A bid for balance: the US places this much extra influence after setup, "
                                "where it already has influence.")),
        "side_bid_vp": (gettext_lazy("Starting victory points"),
                        gettext_lazy("The winning bid for sides (rule 11.3): the VP marker starts here. "
                                     "Positive favours the US.")),
        "chinese_civil_war": (gettext_lazy("Chinese Civil War variant"),
                              gettext_lazy("Nobody holds the China Card at the start; the USSR must first win "
                                           "the civil war in China (section 12).")),
        "edition": (gettext_lazy("Edition"),
                    gettext_lazy("Deluxe (2009) rules and cards, or the original 2005 edition.")),
    }

    result_reasons = {"vp": gettext_lazy("victory points"), "defcon": gettext_lazy("nuclear war at DEFCON 1"),
                      "europe": gettext_lazy("control of Europe"), "final_scoring": gettext_lazy("final scoring"),
                      "scoring_card_held": gettext_lazy("a scoring card held at the end of a turn")}

    def hand_text(self, items, options: dict | None = None) -> list[str]:
        return [card(n)["name"] if card(n) else str(n) for n in items or []]

    choice_group_order = ("event", "ops", "space")

    def log_group_key(self, line: dict):
        """A placement of several points is one move per point: consecutive ones by
        one side read as one line (issue 29 item 13)."""
        return ("place", line.get("role")) if line.get("kind") == "place" else super().log_group_key(line)

    def log_group(self, lines: list[dict]) -> dict:
        if lines[0].get("kind") != "place":
            return super().log_group(lines)
        return {"kind": "place", "role": lines[0].get("role"),
                "countries": [c for line in lines for c in line.get("countries") or []]}
    choice_groups = {"event": gettext_lazy("Event"), "ops": gettext_lazy("Operations"),
                     "space": gettext_lazy("Space race"), "order": gettext_lazy("Order")}

    def option_value_label(self, name: str, value) -> str:
        if name == "side_bid_vp":
            if value == 0:
                return _("0 (no bid)")
            leader = self.role_label("us" if value > 0 else "ussr")
            return _("%(n)s (%(side)s ahead)") % {"n": f"{value:+d}", "side": leader}
        if name == "us_bid" and value == 0:
            return _("No extra influence")
        if name == "edition":
            return {"deluxe": _("Deluxe"), "original": _("Original (2005)")}.get(value, str(value))
        return super().option_value_label(name, value)

    # the rules' English prompts, translated by pattern (prompt_words.py)
    def prompt_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.text) if prompt else ""

    def waiting_text(self, prompt) -> str:
        return prompt_words.translate_text(prompt.waiting_text) if prompt else ""

    def choice_label(self, choice) -> str:
        label = prompt_words.label_text(choice)
        return super().choice_label(choice) if label is None else label

    def localize_prompt(self, prompt):
        """Memoised by language and content (the rules share equal prompts: prompts.py);
        the arguments' types are in the key, since True == 1 but is not the choice offered."""
        try:
            key = (get_language(), prompt, tuple([type(c.arg) for c in prompt.choices]) if prompt else ())
            found = _LOCALIZED.get(key)
        except TypeError:  # a choice with a list argument: not hashable
            return super().localize_prompt(prompt)
        if found is None:
            if len(_LOCALIZED) > 2000:
                _LOCALIZED.clear()
            found = _LOCALIZED[key] = super().localize_prompt(prompt)
        return found

    def board_changes(self, before: dict, after: dict) -> list:
        return changes.board_changes(before, after)

    def log_sentence(self, line: dict) -> str:
        text = sentences.sentence(line)
        return super().log_sentence(line) if text is None else text

    def action_text(self, role, verb: str, arg) -> str:
        side = self.role_label(role)
        if verb in CARD_VERBS and card(arg):
            return f"{side} {CARD_VERBS[verb]} {card(arg)['name']}."
        if verb in COUNTRY_VERBS and isinstance(arg, int) and 0 < arg < len(data.NAME) and data.NAME[arg]:
            return f"{side} {COUNTRY_VERBS[verb]} {country_name(arg)}."
        choice = WORDS.get(arg if isinstance(arg, str) else verb)
        if choice:
            return _("%(side)s chose %(choice)s.") % {"side": side, "choice": choice}
        return super().action_text(role, verb, arg)


PRESENTATION = TwilightStrugglePresentation(RULES)
