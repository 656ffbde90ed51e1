"""The rules' English prompts and choice labels in the reader's language.

The rules are pure and write their prompts in English ("Action round 3: play
a card"); this module recognises each prompt by pattern and says it again
through gettext, and names a choice's card, space, power-struggle card or
country in the reader's language. Verbs and arguments are never changed
(they are the move). Anything not recognised stays as the rules wrote it.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .names import tables
from .rules.data import CARDS, COUNTRY_NAME, PS_CARDS, SLOTS, SUITS

SIDE_OF = {"communist": "communist", "democrat": "democrat", "Communist": "communist", "Democrat": "democrat"}
SUIT_BY_LABEL = {s.replace("_", " ").title(): s for s in SUITS}
COUNTRY_BY_NAME = {name: key for key, name in COUNTRY_NAME.items()}

# (pattern, template): the groups become the template's %(a)s, %(b)s after ``_fill``
PATTERNS = [
    (re.compile(r"^Action round (\d+): play a card$"), gettext_noop("Action round %(a)s: play a card")),
    (re.compile(r"^Waiting for the (communist|democrat) action round$"),
     gettext_noop("Waiting for the %(a)s action round")),
    (re.compile(r"^Place set-up support \((\d+) left\)$"), gettext_noop("Place set-up support (%(a)s left)")),
    (re.compile(r"^Waiting for the (communist|democrat) set-up$"), gettext_noop("Waiting for the %(a)s set-up")),
    (re.compile(r"^Use (\d+) ops$"), gettext_noop("Use %(a)s ops")),
    (re.compile(r"^Place support \((\d+) ops left\)$"), gettext_noop("Place support (%(a)s ops left)")),
    (re.compile(r"^Support check \((\d+) left\)$"), gettext_noop("Support check (%(a)s left)")),
    (re.compile(r"^Raise the stakes\? \((\d+) cards to discard\)$"),
     gettext_noop("Raise the stakes? (%(a)s cards to discard)")),
    (re.compile(r"^Answer (.+) (\d+)$"), gettext_noop("Answer %(a)s %(b)s")),
    (re.compile(r"^Remove (\d+) of your SPs in (.+)$"), gettext_noop("Remove %(a)s of your SPs in %(b)s")),
    (re.compile(r"^Power in (.+)$"), gettext_noop("Power in %(a)s")),
    (re.compile(r"^Remove (\d+) opponent SPs$"), gettext_noop("Remove %(a)s opponent SPs")),
    (re.compile(r"^(.+): the event happens$"), gettext_noop("%(a)s: the event happens")),
    (re.compile(r"^Place (\d+) SPs$"), gettext_noop("Place %(a)s SPs")),
    (re.compile(r"^Remove (\d+) SPs$"), gettext_noop("Remove %(a)s SPs")),
]
FIXED = (gettext_noop("Power struggle: lead a card"), gettext_noop("Scare Tactics: remove 1 opponent SP"),
         gettext_noop("Keep one card (the others are discarded)"), gettext_noop("Discard a card and draw a replacement?"),
         gettext_noop("New Year's Eve Party: a final power struggle?"), gettext_noop("Waiting for operations"),
         gettext_noop("Waiting for support placement"), gettext_noop("Waiting for support checks"),
         gettext_noop("Waiting for the stakes"), gettext_noop("Waiting for the attacker"),
         gettext_noop("Waiting for the defender"), gettext_noop("Waiting for the support loss"),
         gettext_noop("Waiting for the Communist"), gettext_noop("Waiting for the Democrat"),
         gettext_noop("Waiting for the Tiananmen Square award"),
         # fixed choice labels
         gettext_noop("Place support"), gettext_noop("Support checks"), gettext_noop("Tiananmen Square attempt"),
         gettext_noop("No more support checks (6.4)"), gettext_noop("Event first"), gettext_noop("Operations first"),
         gettext_noop("Do not answer (the attacker wins)"), gettext_noop("Do not raise the stakes"),
         gettext_noop("Keep power"), gettext_noop("Give up power (8.4.5)"), gettext_noop("Keep the hand"),
         gettext_noop("No final power struggle"), gettext_noop("Done"), gettext_noop("Decline"))
WITH_BONUS = gettext_noop("%(space)s (with the country bonus)")
LEAD_AS = gettext_noop("%(card)s as %(suit)s")
CARD_GROUPS = frozenset(("event", "operations", "tiananmen square", "operations, no event (box 7)",
                         "operations and event (box 8)", "cards", "hand"))
PS_VERBS = frozenset(("stake", "lead", "match"))


def _name(text: str) -> str:
    """A name the rules put in a prompt (side, suit, country, card) in the reader's words."""
    t = tables()
    if text in SIDE_OF:
        return t.sides[SIDE_OF[text]]
    if text in SUIT_BY_LABEL:
        return t.suits[SUIT_BY_LABEL[text]]
    if text in COUNTRY_BY_NAME:
        return t.countries[COUNTRY_BY_NAME[text]]
    for n, c in CARDS.items():
        if c["name"] == text:
            return t.cards[n]["name"]
    return text


def translate_text(text: str) -> str:
    if not text:
        return text or ""
    for pattern, template in PATTERNS:
        m = pattern.match(text)
        if m:
            words = {k: _name(v) for k, v in zip("ab", m.groups())}
            return _(template) % words
    return _(text)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def label_text(choice) -> str | None:
    """A choice's button text in the reader's words, or None to keep the rules' label."""
    t, arg = tables(), choice.arg
    if choice.group == "spaces" and _is_int(arg) and 0 < arg < SLOTS:
        name = t.spaces[arg]
        return _(WITH_BONUS) % {"space": name} if choice.verb == "check_bonus" else name
    if choice.verb in PS_VERBS and _is_int(arg) and arg in PS_CARDS:
        return t.ps_cards[arg]["name"]
    if choice.verb == "lead_as" and isinstance(arg, str) and ":" in arg:
        n, suit = arg.split(":", 1)
        if n.isdigit() and int(n) in PS_CARDS:
            return _(LEAD_AS) % {"card": t.ps_cards[int(n)]["name"], "suit": t.suits.get(suit, suit)}
    if _is_int(arg) and arg in CARDS and (choice.group in CARD_GROUPS or choice.verb in ("event", "ops", "tst")):
        return t.cards[arg]["name"]
    if choice.verb == "struggle" and arg in t.countries:
        return t.countries[arg]
    if choice.label:
        return _(choice.label)
    return None
