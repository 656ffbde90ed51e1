"""The rules' English prompts and choice labels in the reader's language.

The rules are pure and write their prompts in English ("Action round 3: play
a card"); this module recognises each prompt by pattern and says it again
through gettext, and names a choice's card, space, power-struggle card or
country in the reader's language. Verbs and arguments are never changed
(they are the move). Anything not recognised stays as the rules wrote it.
"""
from __future__ import annotations

import re

from django.utils.translation import npgettext
from games.titles.dawn_of_freedom.context import _
from games.titles.dawn_of_freedom.context import npgettext_noop as npgettext_lazy  # marker (context.py)
from games.titles.dawn_of_freedom.context import pgettext_noop as pgettext_lazy  # marker (context.py)

from .names import tables
from .rules.data import CARDS, COUNTRY_NAME, PS_CARDS, SLOTS, SUITS

SIDE_OF = {"communist": "communist", "democrat": "democrat", "Communist": "communist", "Democrat": "democrat"}
SUIT_BY_LABEL = {s.replace("_", " ").title(): s for s in SUITS}
COUNTRY_BY_NAME = {name: key for key, name in COUNTRY_NAME.items()}

# (pattern, template): the groups become the template's %(a)s, %(b)s after ``_fill``
PATTERNS = [
    (re.compile(r"^Action round (\d+): play a card$"), pgettext_lazy("dawn_of_freedom", "Action round %(a)s: play a card")),
    (re.compile(r"^Waiting for the (communist|democrat) action round$"),
     pgettext_lazy("dawn_of_freedom", "Waiting for the %(a)s action round")),
    (re.compile(r"^Place set-up support \((\d+) left\)$"), pgettext_lazy("dawn_of_freedom", "Place set-up support (%(a)s left)")),
    (re.compile(r"^Waiting for the (communist|democrat) set-up$"), pgettext_lazy("dawn_of_freedom", "Waiting for the %(a)s set-up")),
    (re.compile(r"^Use (\d+) ops?$"), npgettext_lazy("dawn_of_freedom", "Use %(a)s op", "Use %(a)s ops")),
    (re.compile(r"^Place support \((\d+) ops? left\)$"), npgettext_lazy("dawn_of_freedom", "Place support (%(a)s op left)", "Place support (%(a)s ops left)")),
    (re.compile(r"^Support check \((\d+) left\)$"), pgettext_lazy("dawn_of_freedom", "Support check (%(a)s left)")),
    (re.compile(r"^Raise the stakes\? \((\d+) cards? to discard\)$"),
     npgettext_lazy("dawn_of_freedom", "Raise the stakes? (%(a)s card to discard)",
                    "Raise the stakes? (%(a)s cards to discard)")),
    (re.compile(r"^Answer (.+) (\d+)$"), pgettext_lazy("dawn_of_freedom", "Answer %(a)s %(b)s")),
    (re.compile(r"^Remove (\d+) of your SPs in (.+)$"), pgettext_lazy("dawn_of_freedom", "Remove %(a)s of your SPs in %(b)s")),
    (re.compile(r"^Power in (.+)$"), pgettext_lazy("dawn_of_freedom", "Power in %(a)s")),
    (re.compile(r"^Remove (\d+) opponent SPs?$"), npgettext_lazy("dawn_of_freedom", "Remove %(a)s opponent SP", "Remove %(a)s opponent SPs")),
    (re.compile(r"^(.+): the event happens$"), pgettext_lazy("dawn_of_freedom", "%(a)s: the event happens")),
    (re.compile(r"^Place (\d+) SPs?$"), npgettext_lazy("dawn_of_freedom", "Place %(a)s SP", "Place %(a)s SPs")),
    (re.compile(r"^Remove (\d+) SPs?$"), npgettext_lazy("dawn_of_freedom", "Remove %(a)s SP", "Remove %(a)s SPs")),
]
FIXED = (pgettext_lazy("dawn_of_freedom", "Power struggle: lead a card"), pgettext_lazy("dawn_of_freedom", "Scare Tactics: remove 1 opponent SP"),
         pgettext_lazy("dawn_of_freedom", "Keep one card (the others are discarded)"), pgettext_lazy("dawn_of_freedom", "Discard a card and draw a replacement?"),
         pgettext_lazy("dawn_of_freedom", "New Year's Eve Party: a final power struggle?"), pgettext_lazy("dawn_of_freedom", "Waiting for operations"),
         pgettext_lazy("dawn_of_freedom", "Waiting for support placement"), pgettext_lazy("dawn_of_freedom", "Waiting for support checks"),
         pgettext_lazy("dawn_of_freedom", "Waiting for the stakes"), pgettext_lazy("dawn_of_freedom", "Waiting for the attacker"),
         pgettext_lazy("dawn_of_freedom", "Waiting for the defender"), pgettext_lazy("dawn_of_freedom", "Waiting for the support loss"),
         pgettext_lazy("dawn_of_freedom", "Waiting for the Communist"), pgettext_lazy("dawn_of_freedom", "Waiting for the Democrat"),
         pgettext_lazy("dawn_of_freedom", "Waiting for the Tiananmen Square award"),
         # fixed choice labels
         pgettext_lazy("dawn_of_freedom", "Place support"), pgettext_lazy("dawn_of_freedom", "Support checks"), pgettext_lazy("dawn_of_freedom", "Tiananmen Square attempt"),
         pgettext_lazy("dawn_of_freedom", "No more support checks (6.4)"), pgettext_lazy("dawn_of_freedom", "Event first"), pgettext_lazy("dawn_of_freedom", "Operations first"),
         pgettext_lazy("dawn_of_freedom", "Do not answer (the attacker wins)"), pgettext_lazy("dawn_of_freedom", "Do not raise the stakes"),
         pgettext_lazy("dawn_of_freedom", "Keep power"), pgettext_lazy("dawn_of_freedom", "Give up power (8.4.5)"), pgettext_lazy("dawn_of_freedom", "Keep the hand"),
         pgettext_lazy("dawn_of_freedom", "No final power struggle"), pgettext_lazy("dawn_of_freedom", "Done"), pgettext_lazy("dawn_of_freedom", "Decline"),
         # the events' fixed texts
         pgettext_lazy("dawn_of_freedom", "Waiting for the event"), pgettext_lazy("dawn_of_freedom", "Discard a card"), pgettext_lazy("dawn_of_freedom", "Waiting for the discard"),
         pgettext_lazy("dawn_of_freedom", "Where did the Ceausescus flee?"))
# an event's question: "<card name>: <question>", the card name in the reader's words
EVENT_QUESTIONS = {q: "%(card)s: " + q for q in (  # msgids: _EVENT_QUESTION_MARKERS
    "convert 1 Democratic SP", "which Intellectual space?", "take a card from the discard pile?", "which?",
    "which Catholic Church?", "which card do you give?", "which opponent's card do you use for operations?",
    "remove 1 Communist SP from which Worker space?", "take control of which Minority space?",
    "the event of which discarded card?", "play which scoring card?", "which Orthodox Church?", "which country?",
    "in which country?", "which Elite space?", "end the game this turn?", "which country next?",
    "discard a card and roll", "an extra action round?", "name the card of your next action round",
    "discard a card of 3 ops or more to cancel the support check?", "take which card for its event?",
    "move how many SPs from the Lutheran Church?", "which Romanian space is eliminated?",
    "set which card aside until the next turn?", "which Worker space?")}
# makemessages reads only literals: the same msgids, spelled out
_EVENT_QUESTION_MARKERS = (
    pgettext_lazy("dawn_of_freedom", "%(card)s: convert 1 Democratic SP"), pgettext_lazy("dawn_of_freedom", "%(card)s: which Intellectual space?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: take a card from the discard pile?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: which Catholic Church?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which card do you give?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: which opponent's card do you use for operations?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: remove 1 Communist SP from which Worker space?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: take control of which Minority space?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: the event of which discarded card?"), pgettext_lazy("dawn_of_freedom", "%(card)s: play which scoring card?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: which Orthodox Church?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which country?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: in which country?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which Elite space?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: end the game this turn?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which country next?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: discard a card and roll"), pgettext_lazy("dawn_of_freedom", "%(card)s: an extra action round?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: name the card of your next action round"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: discard a card of 3 ops or more to cancel the support check?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: take which card for its event?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: move how many SPs from the Lutheran Church?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: which Romanian space is eliminated?"),
    pgettext_lazy("dawn_of_freedom", "%(card)s: set which card aside until the next turn?"), pgettext_lazy("dawn_of_freedom", "%(card)s: which Worker space?"))
EXIT_VISAS = re.compile(r"^(.+): discard a card\? \((\d+) so far\)$")
EXIT_VISAS_TEXT = pgettext_lazy("dawn_of_freedom", "%(card)s: discard a card? (%(n)s so far)")
# the events' named options (``steps.option``): the label is the msgid; a country pick is the country
OPTION_LABELS = (pgettext_lazy("dawn_of_freedom", "Remove every Democratic SP from the Elite spaces"),
                 pgettext_lazy("dawn_of_freedom", "Add 3 SPs to Elite spaces"), pgettext_lazy("dawn_of_freedom", "Take the extra action round"),
                 pgettext_lazy("dawn_of_freedom", "Do not take it"), pgettext_lazy("dawn_of_freedom", "The game ends at the end of this turn"),
                 pgettext_lazy("dawn_of_freedom", "The game goes on"),
                 pgettext_lazy("dawn_of_freedom", "2 support checks on Student and Intellectual spaces, +2 each"),
                 pgettext_lazy("dawn_of_freedom", "Add 4 SPs where the Democrat has none"))
MOVE_N = re.compile(r"^move_(\d+)$")
MOVE_N_TEXT = npgettext_lazy("dawn_of_freedom", "Move %(n)s SP", "Move %(n)s SPs")
WITH_BONUS = pgettext_lazy("dawn_of_freedom", "%(space)s (with the country bonus)")
LEAD_AS = pgettext_lazy("dawn_of_freedom", "%(card)s as %(suit)s")
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


_CARD_NUMBER = {c["name"]: n for n, c in CARDS.items()}


def _event_question(text: str):
    """(template, words) for an event's question "<card name>: <question>", else None."""
    m = EXIT_VISAS.match(text)
    if m and m.group(1) in _CARD_NUMBER:
        return EXIT_VISAS_TEXT, {"card": m.group(1), "n": m.group(2)}
    card, sep, question = text.partition(": ")
    if sep and card in _CARD_NUMBER and question in EVENT_QUESTIONS:
        return EVENT_QUESTIONS[question], {"card": card}
    return None


def text_template(text: str) -> str | None:
    """The msgid that says ``text`` in the reader's words, None if no table covers it."""
    for pattern, template in PATTERNS:
        if pattern.match(text):
            return template
    found = _event_question(text)
    if found:
        return found[0]
    return text if text in FIXED else None


def translate_text(text: str) -> str:
    if not text:
        return text or ""
    for pattern, template in PATTERNS:
        m = pattern.match(text)
        if m:
            words = {k: _name(v) for k, v in zip("ab", m.groups())}
            if isinstance(template, tuple):  # (singular, plural) by the first number
                return npgettext("dawn_of_freedom", *template, int(m.group(1))) % words
            return _(template) % words
    found = _event_question(text)
    if found:
        template, words = found
        return _(template) % {**words, "card": tables().cards[_CARD_NUMBER[words["card"]]]["name"]}
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
    if choice.verb in ("struggle", "option") and arg in t.countries:
        return t.countries[arg]
    if choice.verb == "option" and isinstance(arg, str) and MOVE_N.match(arg):
        n = int(MOVE_N.match(arg).group(1))
        return npgettext("dawn_of_freedom", *MOVE_N_TEXT, n) % {"n": n}
    if choice.label:
        return _(choice.label)
    return None


def label_covered(choice) -> bool:
    """Whether a table here says the choice's label in the reader's words (tests)."""
    t, arg = tables(), choice.arg
    if choice.group == "spaces" and _is_int(arg) and 0 < arg < SLOTS:
        return True
    if choice.verb in PS_VERBS and _is_int(arg) and arg in PS_CARDS:
        return True
    if choice.verb == "lead_as":
        return isinstance(arg, str) and arg.split(":", 1)[0].isdigit() and int(arg.split(":", 1)[0]) in PS_CARDS
    if _is_int(arg) and arg in CARDS and (choice.group in CARD_GROUPS or choice.verb in ("event", "ops", "tst")):
        return True
    if choice.verb in ("struggle", "option") and arg in t.countries:
        return True
    if choice.verb == "option" and isinstance(arg, str) and MOVE_N.match(arg):
        return True
    return choice.label in FIXED or choice.label in OPTION_LABELS
