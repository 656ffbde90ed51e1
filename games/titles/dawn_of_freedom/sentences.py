"""Log sentences in the reader's language.

The wording is the rules' reference wording (``rules/sentences.py``, which
stays free of Django); here each template and each name goes through
gettext. The templates are marked for ``makemessages`` in
``sentence_strings.py`` (generated from ``rules.sentences.TEMPLATES``). A line
of a kind this module does not know yet (events are being added) still reads
as the rules' English sentence.
"""
from __future__ import annotations

import re

from django.utils.translation import npgettext, pgettext
from games.titles.dawn_of_freedom.context import _
from games.titles.dawn_of_freedom.context import pgettext_noop as pgettext_lazy  # marker (context.py)

from .names import tables
from .rules import sentences as ref
from .rules.data import CARD_NAME, TST

# a reason named after a card, as the events write it: "dash_for_the_west"
CARD_BY_SLUG = {re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_"): n for n, name in CARD_NAME.items()}

SIDE_SUBJECT = {"communist": pgettext_lazy("dawn_of_freedom", "The Communist"), "democrat": pgettext_lazy("dawn_of_freedom", "The Democrat")}
# a side in the middle of a sentence ("...; the Communist attacks first.")
SIDE_OBJECT = {"communist": pgettext_lazy("dawn_of_freedom", "the Communist"), "democrat": pgettext_lazy("dawn_of_freedom", "the Democrat")}
NO_CARD = pgettext_lazy("dawn_of_freedom", "no card")
VP_TEXT = {"democrat": pgettext_lazy("dawn_of_freedom", "Democrat +%(n)s"), "communist": pgettext_lazy("dawn_of_freedom", "Communist +%(n)s")}


def _vp(n: int) -> str:
    if not n:
        return "0"
    return _(VP_TEXT["democrat" if n > 0 else "communist"]) % {"n": abs(n)}


def _words(line: dict) -> dict:
    """The rules' own words for the line, with every name and phrase in the reader's language."""
    out, t = ref._words(line), tables()
    for key, value in line.items():  # a yes/no field ("success: True") in words
        if isinstance(value, bool) and key in out and out[key] is value:
            out[key] = pgettext("dawn_of_freedom", "yes") if value else pgettext("dawn_of_freedom", "no")
    for key in ("role", "player"):
        if line.get(key) in SIDE_SUBJECT:
            out[key] = _(SIDE_SUBJECT[line[key]])
    if line.get("attacker") in SIDE_OBJECT:
        out["attacker"] = _(SIDE_OBJECT[line["attacker"]])
    card = line.get("card")
    if isinstance(card, int) and card in t.cards:
        out["card"] = t.cards[card]["name"]
    space = line.get("space")
    if isinstance(space, int) and 0 < space < len(t.spaces):
        out["space"] = t.spaces[space]
    if line.get("country") in t.countries:
        out["country"] = t.countries[line["country"]]
    if isinstance(line.get("ps_card"), int) and line["ps_card"] in t.ps_cards:
        out["ps_card"] = t.ps_cards[line["ps_card"]]["name"]
    if "suit" in line:
        out["suit"] = t.suits.get(line["suit"], out.get("suit"))
    if "box" in line and line.get("role") in SIDE_SUBJECT and 0 < line["box"] <= len(TST):
        out["box_name"] = t.tst[line["box"] - 1][line["role"]]
    if isinstance(line.get("vp"), int):
        out["vp_text"] = _vp(line["vp"])
    if isinstance(line.get("change"), int):
        out["change_text"] = _vp(line["change"])
    if line.get("use") in ref.USES:
        out["use"] = _(ref.USES[line["use"]])
    for key, words in (("mode", ref.MODES), ("until", ref.UNTIL), ("effect", ref.EFFECTS)):
        if str(line.get(key)) in words:
            out[key] = _(words[str(line[key])])
    effect = str(line.get("effect", ""))
    if effect.isdigit() and int(effect) in t.cards:
        out["effect"] = t.cards[int(effect)]["name"]
    if line.get("why") in ref.REASONS:
        out["why"] = _(ref.REASONS[line["why"]])
    elif line.get("why") in CARD_BY_SLUG:  # a card's own VP ("dash_for_the_west")
        out["why"] = t.cards[CARD_BY_SLUG[line["why"]]]["name"]
    if isinstance(line.get("cards"), list):
        out["cards_text"] = ", ".join(t.cards[c]["name"] if c in t.cards else str(c)
                                      for c in line["cards"]) or _(NO_CARD)
    if "period" in line:
        out["period"] = t.periods.get(line["period"], line["period"])
    out["success_text"] = pgettext("dawn_of_freedom", "success") if line.get("success") else pgettext("dawn_of_freedom", "failure")
    out["first_text"] = pgettext("dawn_of_freedom", ", the first side to get there") if line.get("first") else ""
    out["initiative_text"] = pgettext("dawn_of_freedom", " and takes the initiative") if line.get("initiative") else ""
    out["roll_text"] = (pgettext("dawn_of_freedom", " (counterattack roll %(roll)s)") % {"roll": line["roll"]}
                        if line.get("roll") is not None else "")
    return out


def placed(line: dict) -> str:
    """Several SPs of one placement (`log_group`), by space in the order placed:
    "The Democrat places 3 SPs: Leipzig 2, Berlin 1 (cost 4)."."""
    t = tables()
    spaces = [s for s in line.get("spaces") or [] if isinstance(s, int) and 0 < s < len(t.spaces)]
    counts = {s: spaces.count(s) for s in dict.fromkeys(spaces)}
    each = ", ".join(pgettext("dawn_of_freedom", "%(space)s %(n)s") % {"space": t.spaces[s], "n": n}
                     for s, n in counts.items())
    side = _(SIDE_SUBJECT[line["role"]]) if line.get("role") in SIDE_SUBJECT else str(line.get("role") or "")
    return npgettext("dawn_of_freedom", "%(side)s places %(n)s SP: %(where)s (cost %(cost)s).",
                     "%(side)s places %(n)s SPs: %(where)s (cost %(cost)s).", len(spaces)) % {
        "side": side, "n": len(spaces), "where": each, "cost": line.get("cost", 0)}


def _translated(line: dict, template: str) -> str:
    """The reader's wording of the line's template (its singular or plural form by its count)."""
    one = ref.SINGULAR.get(line["kind"])
    count = line.get(one[0]) if one else None
    if isinstance(count, int):
        return npgettext("dawn_of_freedom", one[1], template, count)
    return _(template)


def tells_nothing(line: dict) -> bool:
    """A line pages leave out: a deal of no cards (both hands were full)."""
    return line.get("kind") == "deal" and not any((line.get("counts") or {}).values())


def sentence(line: dict) -> str:
    """One structured log line as a sentence in the reader's language (never an id)."""
    template = ref.TEMPLATES.get(line.get("kind"))
    if template is None:
        return ref.sentence(line)
    if tells_nothing(line):
        return ""
    try:
        return _translated(line, template).format(**_words(line))
    except (KeyError, IndexError, ValueError):  # a translation naming a field the line lacks
        return ref.template(line).format(**_words(line))
