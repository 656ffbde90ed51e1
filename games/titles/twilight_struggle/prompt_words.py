"""The rules' prompts in the reader's language.

The rules are pure and write English ("Place 4 influence", "Missile Envy: choose
a card", a card's name as a button); they are not changed. Here each prompt text
the rules can write has a pattern, matched at render time and turned into a
gettext template with named placeholders: numbers stay numbers, card, country
and side names come translated from `names.py`. A button whose label is the
English name of its card or country argument gets that name translated; the
few fixed labels and the option words have their own entries.

`text_template(text)` / `label_text(choice)` return None for a text or label
not covered, and ``tests/test_ts_languages.py`` plays random games and fails on
any (a new prompt in the rules needs its line here and in locale/).
"""
from __future__ import annotations

import re

from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_noop


def ngettext_lazy(singular: str, plural: str) -> tuple[str, str]:
    """A plural marker (xgettext keyword ``ngettext_lazy:1,2``): the pair, chosen by ``n`` at render time."""
    return singular, plural


from . import names
from .rules import data

_CARD = "|".join(re.escape(n) for n in sorted(data.CARD_NAME.values(), key=len, reverse=True))
_CARD_NUMBER = {name: n for n, name in data.CARD_NAME.items()}

# (the rules' English, with (?P<card>), (?P<card2>), (?P<cards>), (?P<side>) or (?P<n>)) -> msgid
TEXTS = [
    (r"Action round (?P<n>\d+): play a card", gettext_noop("Action round %(n)s: play a card")),
    (r"Choose your headline card", gettext_noop("Choose your headline card")),
    (r"Place setup influence \((?P<n>\d+) left\)", gettext_noop("Place setup influence (%(n)s left)")),
    (r"Discard a held card\?", gettext_noop("Discard a held card?")),
    (r"Use (?P<n>\d+) ops?", ngettext_lazy("Use %(n)s op", "Use %(n)s ops")),
    (r"Place influence \((?P<n>\d+) ops? left\)", ngettext_lazy("Place influence (%(n)s op left)", "Place influence (%(n)s ops left)")),
    (r"Realignment roll \((?P<n>\d+) ops? left\)", ngettext_lazy("Realignment roll (%(n)s op left)", "Realignment roll (%(n)s ops left)")),
    (r"Choose a coup target", gettext_noop("Choose a coup target")),
    (r"Place (?P<n>\d+) influence", gettext_noop("Place %(n)s influence")),
    (r"Remove (?P<n>\d+) influence", gettext_noop("Remove %(n)s influence")),
    (r"Discard a card of (?P<n>\d+)\+ ops", gettext_noop("Discard a card of %(n)s+ ops")),
    (r"Choose a country \((?P<n>\d+) left\)", gettext_noop("Choose a country (%(n)s left)")),
    (r"The (?P<side>US|USSR) hand: no cards", gettext_noop("The %(side)s hand: no cards")),
    (rf"The (?P<side>US|USSR) hand: (?P<cards>(?:{_CARD})(?:, (?:{_CARD}))*)", gettext_noop("The %(side)s hand: %(cards)s")),
    (rf"(?P<card>{_CARD}): the opponent's event happens", gettext_noop("%(card)s: the opponent's event happens")),
    (rf"(?P<card>{_CARD}): choose", gettext_noop("%(card)s: choose")),
    (rf"(?P<card>{_CARD}): choose a card", gettext_noop("%(card)s: choose a card")),
    (rf"(?P<card>{_CARD}): choose cards \((?P<n>\d+) chosen\)", gettext_noop("%(card)s: choose cards (%(n)s chosen)")),
    (rf"(?P<card>{_CARD}): take a card\?", gettext_noop("%(card)s: take a card?")),
    (rf"(?P<card>{_CARD}): discard a card of (?P<n>\d+)\+ ops and roll",
     gettext_noop("%(card)s: discard a card of %(n)s+ ops and roll")),
    (rf"(?P<card>{_CARD}): play it for operations", gettext_noop("%(card)s: play it for operations")),
    (rf"(?P<card>{_CARD}): (?P<card2>{_CARD}) from the USSR hand", gettext_noop("%(card)s: %(card2)s from the USSR hand")),
    (rf"(?P<card>{_CARD}): play an event from the discard pile", gettext_noop("%(card)s: play an event from the discard pile")),
    (rf"(?P<card>{_CARD}): name a region", gettext_noop("%(card)s: name a region")),
    (rf"(?P<card>{_CARD}): choose the card the US plays now", gettext_noop("%(card)s: choose the card the US plays now")),
    (r"", ""),  # no text
    # waiting texts
    (r"Waiting for the (?P<side>US|USSR) setup", gettext_noop("Waiting for the %(side)s setup")),
    (r"Waiting for the (?P<side>US|USSR) action round", gettext_noop("Waiting for the %(side)s action round")),
    (r"Waiting for the other headline", gettext_noop("Waiting for the other headline")),
    (r"Waiting for operations", gettext_noop("Waiting for operations")),
    (r"Waiting for influence placement", gettext_noop("Waiting for influence placement")),
    (r"Waiting for realignment", gettext_noop("Waiting for realignment")),
    (r"Waiting for coup", gettext_noop("Waiting for coup")),
]
_PATTERNS = [(re.compile(pattern), msgid) for pattern, msgid in TEXTS]

# labels that are not a name: the rules' English -> msgid (the same words)
LABELS = {label: label for label in (
    gettext_noop("Pass"), gettext_noop("Done"), gettext_noop("Continue"), gettext_noop("Confirm"), gettext_noop("Skip"), gettext_noop("Keep the held card"),
    gettext_noop("Return it to the USSR"), gettext_noop("Event first"), gettext_noop("Operations first"),
    gettext_noop("No headline (no card in hand can be headlined)"))}
MODE_WORDS = {"influence": gettext_noop("Influence"), "realign": gettext_noop("Realign"), "coup": gettext_noop("Coup")}
# choose_option's options (Warsaw Pact, Olympic Games, Summit, Junta, Che, Wargames...)
OPTION_WORDS = {"remove": gettext_noop("Remove"), "add": gettext_noop("Add"), "participate": gettext_noop("Participate"),
                "boycott": gettext_noop("Boycott"), "operations": gettext_noop("Operations"), "skip": gettext_noop("Skip"),
                "coup": gettext_noop("Coup"), "realign": gettext_noop("Realign"), "end": gettext_noop("End the game"),
                "continue": gettext_noop("Continue"), "improve": gettext_noop("Improve"), "degrade": gettext_noop("Degrade"),
                "keep": gettext_noop("Keep"), "adjacent": gettext_noop("Adjacent countries")}
CMC_LABEL = gettext_noop("Remove 2 influence from %(country)s (ends CMC)")
CARD_ARG_VERBS = frozenset({"headline", "discard", "card", "toggle", "take", "event", "ops", "space",
                            "trap_discard", "dictate"})
COUNTRY_ARG_VERBS = frozenset({"place", "remove", "pick", "realign", "coup"})
_MEMO: dict = {}


def _values(groups: dict) -> dict:
    out = {}
    for key, value in groups.items():
        if key in ("card", "card2"):
            out[key] = names.card_name(_CARD_NUMBER[value])
        elif key == "cards":
            out[key] = gettext(", ").join(names.card_name(_CARD_NUMBER[c]) for c in _split_cards(value))
        elif key == "side":
            out[key] = names.side_label(value.lower())
        else:
            out[key] = value
    return out


def _split_cards(text: str) -> list[str]:
    return re.findall(rf"(?:^|, )({_CARD})(?=, |$)", text)


def text_template(text: str):
    """(msgid, groups) for a prompt or waiting text of the rules, None if not covered."""
    for pattern, msgid in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return msgid, match.groupdict()
    return None


def _say(msgid, groups: dict) -> str:
    if isinstance(msgid, tuple):  # (singular, plural) by the text's number
        return ngettext(*msgid, int(groups["n"])) % _values(groups)
    return gettext(msgid) % _values(groups) if msgid else ""


def translate_text(text: str) -> str:
    """A prompt or waiting text in the current language (unchanged if not covered)."""
    key = (get_language(), text)
    found = _MEMO.get(key)
    if found is None:
        template = text_template(text or "")
        found = _say(*template) if template else text
        if len(_MEMO) > 5000:
            _MEMO.clear()
        _MEMO[key] = found
    return found


def label_text(choice):
    """A choice's label in the current language, None if the label is not covered."""
    verb, arg, label = choice.verb, choice.arg, choice.label
    if isinstance(arg, int) and not isinstance(arg, bool):
        if verb in CARD_ARG_VERBS and data.CARD_NAME.get(arg) == label:
            return names.card_name(arg)
        if verb in COUNTRY_ARG_VERBS and 0 < arg < len(data.NAME) and data.NAME[arg] == label:
            return names.country_name(arg)
        if verb == "cancel_cmc" and 0 < arg < len(data.NAME):
            return gettext(CMC_LABEL) % {"country": names.country_name(arg)}
        if verb == "option":
            return str(arg)  # a DEFCON level
    word = arg if isinstance(arg, str) else None  # a list argument is no word (and not hashable)
    if verb == "option" and word in OPTION_WORDS:
        return gettext(OPTION_WORDS[word])
    if verb == "option" and word in data.BY_KEY:
        return names.country_name(data.BY_KEY[word])  # South African Unrest: "south_africa"
    if verb == "mode" and word in MODE_WORDS:
        return gettext(MODE_WORDS[word])
    if verb == "region" and word in names.REGION_NAME:
        return names.region_name(word)
    if label in LABELS:
        return gettext(LABELS[label])
    return None
