"""The rules' English prompts and choice labels in the reader's language.

The rules are pure and write their prompts in English ("Searching: keep a card
(2 left)"); this module recognises each prompt by pattern and says it again in
the context ``dead_of_winter``. A choice's button text is rebuilt from its verb
and argument (survivors, cards, places and seats named in the reader's words);
verbs and arguments are never changed (they are the move). Anything not
recognised stays as the rules wrote it (``text_template`` / ``label_covered``
tell the tests what is covered).
"""
from __future__ import annotations

import re

from django.utils import translation
from django.utils.translation import npgettext, pgettext

from . import names as N
from .context import _
from .context import pgettext_noop as pgettext_lazy  # marker (context.py)

# prompts and waiting texts said as they are
FIXED = (
    pgettext_lazy("dead_of_winter", "Take actions (both players act at once)"),
    pgettext_lazy("dead_of_winter", "Take actions"),
    pgettext_lazy("dead_of_winter", "Waiting for the simultaneous actions"),
    pgettext_lazy("dead_of_winter", "Play the card you were given"),
    pgettext_lazy("dead_of_winter", "Waiting for an answer to a request"),
    pgettext_lazy("dead_of_winter", "Choose a tactics card (secret)"),
    pgettext_lazy("dead_of_winter", "Bid bullets (secret)"),
    pgettext_lazy("dead_of_winter", "Choose a tactics card and your bullet bid together (secret)"),
    pgettext_lazy("dead_of_winter", "Waiting for the other colony leader"),
    pgettext_lazy("dead_of_winter", "Survivors of both colonies are here: flee or join?"),
    pgettext_lazy("dead_of_winter", "Vote for your colony's next leader (secret until all have voted)"),
    pgettext_lazy("dead_of_winter", "Waiting for the election"),
    pgettext_lazy("dead_of_winter", "Break the election tie"),
    pgettext_lazy("dead_of_winter", "Order of the next two crises"),
    pgettext_lazy("dead_of_winter", "Waiting for the other players' survivor choices"),
    pgettext_lazy("dead_of_winter", "Move one survivor, or pass"),
    pgettext_lazy("dead_of_winter", "Waiting for the movement step"),
    pgettext_lazy("dead_of_winter", "Movement exchange: choose one move, or pass (sealed until both are in)"),
    pgettext_lazy("dead_of_winter", "Choose a fallback move, made if your move is no longer possible"),
    pgettext_lazy("dead_of_winter", "Your pass is chosen: seal it (both choices are revealed together)"),
    pgettext_lazy("dead_of_winter", "Waiting for the other player's sealed move"),
    pgettext_lazy("dead_of_winter", "Waiting for a bite chain"),
    pgettext_lazy("dead_of_winter", "Waiting for a crossroads choice"),
    pgettext_lazy("dead_of_winter", "Waiting for the crossroads vote"),
    pgettext_lazy("dead_of_winter", "Swap a mission?"),
    pgettext_lazy("dead_of_winter", "Waiting for the Lone Wolf"),
    pgettext_lazy("dead_of_winter", "An enemy survivor died at your colony: choose who inside equips its items"),
    pgettext_lazy("dead_of_winter", "Waiting for a colony leader"),
    pgettext_lazy("dead_of_winter", "Your group leader died: choose your new group leader"),
    pgettext_lazy("dead_of_winter", "Waiting for a new group leader"),
)


def _crossroads_name(name: str) -> str:
    return N.words(name)


# (pattern, msgid, how each group becomes a word); a count ``n`` picks the plural form
PATTERNS = [
    (re.compile(r"^Searching: keep a card \((\d+) left\)$"),
     pgettext_lazy("dead_of_winter", "Searching: keep a card (%(n)s left)"), ("n",)),
    (re.compile(r"^(p\d+) requests a card$"), pgettext_lazy("dead_of_winter", "%(who)s requests a card"), ("who",)),
    (re.compile(r"^Put (\d+) wounds? on an enemy survivor$"),
     pgettext_lazy("dead_of_winter", "Put %(n)s wound(s) on an enemy survivor"), ("n",)),
    (re.compile(r"^Place combat wounds \((\d+) left\)$"),
     pgettext_lazy("dead_of_winter", "Place combat wounds (%(n)s left)"), ("n",)),
    (re.compile(r"^Keep a survivor as your group leader \((\d+) to keep\)$"),
     pgettext_lazy("dead_of_winter", "Keep a survivor as your group leader (%(n)s to keep)"), ("n",)),
    (re.compile(r"^Keep a survivor as your follower \((\d+) to keep\)$"),
     pgettext_lazy("dead_of_winter", "Keep a survivor as your follower (%(n)s to keep)"), ("n",)),
    (re.compile(r"^The bite spreads to (.+)$"), pgettext_lazy("dead_of_winter", "The bite spreads to %(survivor)s"),
     ("survivor",)),
    (re.compile(r"^Crossroads: (.+)$"), pgettext_lazy("dead_of_winter", "Crossroads: %(card)s"), ("card",)),
    (re.compile(r"^Crossroads vote: (.+)$"), pgettext_lazy("dead_of_winter", "Crossroads vote: %(card)s"), ("card",)),
    (re.compile(r"^The Den is full: where does (.+) go\?$"),
     pgettext_lazy("dead_of_winter", "The Den is full: where does %(survivor)s go?"), ("survivor",)),
]
WORD = {"n": str, "who": N.role, "survivor": N.words, "card": _crossroads_name}

# Templates said with a count: the singular/plural msgids by the count. The table's older "(s)"
# msgid stays the template (and the fallback): until a catalog has the plural entry, its
# translation of the older msgid is shown rather than English.
COUNTED = {
    "Put %(n)s wound(s) on an enemy survivor": lambda n: npgettext(
        "dead_of_winter", "Put %(n)s wound on an enemy survivor", "Put %(n)s wounds on an enemy survivor", n),
}


def _counted(template: str, n: int) -> str:
    """The count's form of ``template`` in the reader's words (see COUNTED)."""
    text = COUNTED[template](n)
    older = _(template)
    if older != template:
        with translation.override("en"):
            untranslated = COUNTED[template](n) == text
        if untranslated:
            return older
    return text


def text_template(text: str) -> str | None:
    """The msgid that says ``text`` in the reader's words, None if no table covers it."""
    for pattern, template, _keys in PATTERNS:
        if pattern.match(text):
            return template
    return text if text in FIXED else None


def translate_text(text: str) -> str:
    if not text:
        return text or ""
    for pattern, template, keys in PATTERNS:
        m = pattern.match(text)
        if m:
            words = {k: WORD[k](v) for k, v in zip(keys, m.groups())}
            said = _counted(template, int(words["n"])) if template in COUNTED else _(template)
            return said % words
    return _(text)


# -- choice labels, from the verb and the argument -------------------------------------------
def _ints(arg) -> list[int] | None:
    """``"3>12"`` -> [3, 12]; None unless every part is a number."""
    parts = str(arg).split(">")
    return [int(p) for p in parts] if all(re.fullmatch(r"-?\d+", p) for p in parts) else None


def _spot(sid: int, gate: str, attack: bool, discard: bool) -> str:
    who = N.survivor(sid)
    if attack:
        if discard:
            return pgettext("dead_of_winter", "%(survivor)s attacks, discarding a card to kill more") % {"survivor": who}
        if gate.isdigit() and int(gate) > 0:
            return pgettext("dead_of_winter", "%(survivor)s attacks a zombie at entrance %(n)s") % {
                "survivor": who, "n": gate}
        return pgettext("dead_of_winter", "%(survivor)s attacks a zombie") % {"survivor": who}
    if gate.isdigit() and int(gate) > 0:
        return pgettext("dead_of_winter", "%(survivor)s barricades entrance %(n)s") % {"survivor": who, "n": gate}
    return pgettext("dead_of_winter", "%(survivor)s builds a barricade") % {"survivor": who}


def _move(arg: str) -> str | None:
    parts = arg.split(">")
    if not parts[0].isdigit() or len(parts) not in (2, 3):
        return None
    words = {"survivor": N.survivor(int(parts[0])), "place": N.place(parts[1])}
    if len(parts) == 2:
        return pgettext("dead_of_winter", "%(survivor)s to %(place)s") % words
    if not parts[2].isdigit():
        return None
    return pgettext("dead_of_winter", "%(survivor)s to %(place)s, sending %(other)s home") % {
        **words, "other": N.survivor(int(parts[2]))}


def _card_label(verb: str, arg, group: str, label: str = "") -> str | None:
    nums = _ints(arg) if arg is not None else None
    if not nums:
        return None
    card = N.card(nums[0])
    if verb == "give":
        return pgettext("dead_of_winter", "Give %(card)s") % {"card": card}
    if verb == "crisis" and str(label).startswith("Add equipped "):
        return pgettext("dead_of_winter", "Add equipped %(card)s to the crisis") % {"card": card}
    if verb == "crisis":
        return pgettext("dead_of_winter", "Add %(card)s to the crisis") % {"card": card}
    if verb == "keep" and group == "search":
        return pgettext("dead_of_winter", "Keep %(card)s") % {"card": card}
    if verb == "discard":
        return pgettext("dead_of_winter", "It cannot be played: discard it")
    if verb == "equip" and len(nums) == 2:
        return pgettext("dead_of_winter", "Equip %(survivor)s with %(card)s") % {
            "card": card, "survivor": N.survivor(nums[1])}
    if verb == "use" and len(nums) == 3:
        return pgettext("dead_of_winter", "Use %(card)s at %(place)s") % {"card": card, "place": _snipe_place(nums[2])}
    if verb == "use" and len(nums) == 2:
        return pgettext("dead_of_winter", "Use %(card)s") % {"card": card}
    if verb == "play":
        return _play(card, nums, group)
    return None


def _snipe_place(index: int) -> str:
    """The rules' snipe places: the player's own colony (or the Den), then the locations by number."""
    locations = N.content().locations
    if index == 0:
        return pgettext("dead_of_winter", "your colony")
    return N.location(locations[index - 1]) if 0 < index <= len(locations) else str(index)


def _play(card: str, nums: list[int], group: str) -> str:
    if len(nums) == 2:
        return pgettext("dead_of_winter", "Play %(card)s on %(survivor)s") % {"card": card,
                                                                              "survivor": N.survivor(nums[1])}
    if len(nums) == 3:
        return pgettext("dead_of_winter", "Play %(card)s: attack with %(survivor)s") % {
            "card": card, "survivor": N.survivor(nums[1])}
    if _effect(nums[0]) == "safe_move":
        return pgettext("dead_of_winter", "Play %(card)s: next move without exposure") % {"card": card}
    return pgettext("dead_of_winter", "Play %(card)s") % {"card": card}


def _effect(number: int) -> str:
    cards = N.content().card
    return cards[number]["effect"].get("effect", "") if 0 <= number < len(cards) else ""


SURVIVOR_LABELS = {
    "search": lambda who: pgettext("dead_of_winter", "%(survivor)s searches") % {"survivor": who},
    "clean": lambda who: pgettext("dead_of_winter", "%(survivor)s cleans waste") % {"survivor": who},
    "ability": lambda who: pgettext("dead_of_winter", "%(survivor)s: ability") % {"survivor": who},
}
PLAIN = {
    "done": lambda: pgettext("dead_of_winter", "Done with actions"),
    "pass": lambda: pgettext("dead_of_winter", "Pass (no more moves this turn)"),
    "decline": lambda: pgettext("dead_of_winter", "Give nothing"),
    "noise": lambda: pgettext("dead_of_winter", "Make noise and draw another card"),
    "stop": lambda: pgettext("dead_of_winter", "Keep no more cards"),
    "flee": lambda: pgettext("dead_of_winter", "Flee to the Den"),
}
ARG_LABELS = {
    ("bite", "roll"): lambda: pgettext("dead_of_winter", "Roll the exposure die"),
    ("bite", "die"): lambda: pgettext("dead_of_winter", "Let the survivor die (the spread stops)"),
    ("order", "keep"): lambda: pgettext("dead_of_winter", "Leave them as they are"),
    ("order", "swap"): lambda: pgettext("dead_of_winter", "Swap them"),
    ("keep", None): lambda: pgettext("dead_of_winter", "Keep your missions"),
    ("xvote", -1): lambda: pgettext("dead_of_winter", "No vote"),
    ("fallback", None): lambda: pgettext("dead_of_winter", "No fallback"),
    ("fallback", "pass"): lambda: pgettext("dead_of_winter", "Seal my pass"),
}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _named(choice) -> str | None:
    """Choices whose argument is one thing: a survivor, a seat, a side, a tactic, a number."""
    verb, arg = choice.verb, choice.arg
    if verb in SURVIVOR_LABELS and _is_int(arg):
        return SURVIVOR_LABELS[verb](N.survivor(arg))
    if verb in ("target", "wound", "arm", "lead") or (verb == "keep" and choice.group == "survivors"):
        return N.survivor(arg) if _is_int(arg) else None
    if verb == "place" and isinstance(arg, str):
        return N.place(arg)
    if verb in ("vote", "leader") and isinstance(arg, str):
        return N.role(arg)
    if verb == "request" and isinstance(arg, str):
        return pgettext("dead_of_winter", "Request a card from %(who)s") % {"who": N.role(arg)}
    if verb == "join" and arg in ("a", "b"):
        return pgettext("dead_of_winter", "Join %(side)s") % {"side": N.side(arg)}
    if verb == "tactic" and _is_int(arg):
        return N.tactic_at(arg) or None
    if verb == "bid" and _is_int(arg):
        return npgettext("dead_of_winter", "%(n)s bullet", "%(n)s bullets", arg) % {"n": arg}
    if verb == "food" and _is_int(arg):
        return pgettext("dead_of_winter", "Spend a food token: +1 to a %(n)s") % {"n": arg}
    if verb == "swap" and _is_int(arg):
        return pgettext("dead_of_winter", "Discard %(mission)s") % {"mission": N.mission(arg)}
    return None


def _compound(choice) -> str | None:
    """Choices whose argument joins several numbers or ids with ">"."""
    verb, arg = choice.verb, choice.arg
    if verb == "move" and isinstance(arg, str):
        return _move(arg)
    if verb == "fallback" and isinstance(arg, str) and _move(arg):
        return pgettext("dead_of_winter", "Fallback: %(move)s") % {"move": _move(arg)}
    nums = _ints(arg) if isinstance(arg, str) else None
    if verb in ("attack", "barricade") and nums and len(nums) in (2, 3):
        return _spot(nums[0], str(nums[1]), verb == "attack", len(nums) == 3)
    if verb == "borrow" and nums and len(nums) == 2:
        return pgettext("dead_of_winter", "%(survivor)s uses %(other)s's ability") % {
            "survivor": N.survivor(nums[0]), "other": N.survivor(nums[1])}
    if verb == "handoff" and nums and len(nums) == 3:
        return pgettext("dead_of_winter", "Hand %(card)s from %(survivor)s to %(other)s") % {
            "card": N.card(nums[0]), "survivor": N.survivor(nums[1]), "other": N.survivor(nums[2])}
    if verb == "combat" and nums and len(nums) == 2:
        return npgettext("dead_of_winter", "%(tactic)s, bid %(n)s bullet", "%(tactic)s, bid %(n)s bullets",
                         nums[1]) % {"tactic": N.tactic_at(nums[0]), "n": nums[1]}
    if verb == "option" and nums and len(nums) == 2:
        return _option(choice.label, nums[1])
    if verb == "xvote" and _is_int(arg) and arg >= 0:
        return N.words(choice.label)
    return None


def _option(label: str, sid: int) -> str:
    option = N.words(label)
    if sid < 0:
        return option
    return pgettext("dead_of_winter", "%(option)s (%(survivor)s)") % {"option": option, "survivor": N.survivor(sid)}


def label_text(choice) -> str | None:
    """A choice's button text in the reader's words, or None to keep the rules' label."""
    verb, arg = choice.verb, choice.arg
    if verb in PLAIN:
        return PLAIN[verb]()
    if (verb, arg) in ARG_LABELS:
        return ARG_LABELS[verb, arg]()
    if verb in ("play", "give", "crisis", "equip", "use", "discard") or (verb == "keep" and choice.group == "search"):
        return _card_label(verb, arg, choice.group, choice.label)
    return _named(choice) or _compound(choice)


def label_covered(choice) -> bool:
    """Whether a table here says the choice's label in the reader's words (tests)."""
    return label_text(choice) is not None
