"""Names of Dead of Winter things in the reader's language (never ids).

Card, survivor, location and tactic names come from the content packs (the
only card content we have; no official text); they pass through gettext so a
translation catalogue can name them. A log line does not say which content pack
its game uses, so sentences read the default content (the house pack) unless
told otherwise; the board passes the game's own content.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .rules.data import CONTENTS

DEFAULT_CONTENT = next(iter(CONTENTS))

SIDE_NAMES = {"a": gettext_lazy("Colony A"), "b": gettext_lazy("Colony B"), "w": gettext_lazy("the Lone Wolf")}
SYMBOLS = {"any": gettext_lazy("any card"), "survivor": gettext_lazy("outsider"), "weapon": gettext_lazy("weapon"), "fuel": gettext_lazy("fuel"),
           "book": gettext_lazy("book"), "tool": gettext_lazy("tool"), "medicine": gettext_lazy("medicine"),
           "food": gettext_lazy("food")}
EXPOSURE = {"blank": gettext_lazy("nothing"), "wound": gettext_lazy("a wound"),
            "frostbite": gettext_lazy("frostbite"), "bitten": gettext_lazy("a bite")}
WHY = {"bite": gettext_lazy("a spreading bite"), "bitten": gettext_lazy("a bite"), "combat": gettext_lazy("combat"),
       "crisis": gettext_lazy("the crisis"), "crossroads": gettext_lazy("a crossroads card"),
       "death": gettext_lazy("a death"), "entrance": gettext_lazy("a crowded entrance"),
       "exposure": gettext_lazy("exposure"), "frostbite": gettext_lazy("frostbite"),
       "starvation": gettext_lazy("starvation"), "waste": gettext_lazy("waste"),
       "unguarded": gettext_lazy("an unguarded colony"), "mission": gettext_lazy("a mission"),
       "overrun": gettext_lazy("an overrun"), "wound": gettext_lazy("wounds")}
REASONS = {"main_objective": gettext_lazy("main objective completed"), "morale": gettext_lazy("a colony's morale ran out"),
           "rounds": gettext_lazy("the last round ended"), "resignation": gettext_lazy("resignation"),
           "timeout": gettext_lazy("out of time"), "wolf_leaves": gettext_lazy("the Lone Wolf left")}
STAGES = {"tactics": gettext_lazy("tactics"), "survivors": gettext_lazy("survivors"),
          "weapons": gettext_lazy("weapons"), "bullets": gettext_lazy("bullets"), "dice": gettext_lazy("combat dice")}


def content(content_id: str | None = None):
    return CONTENTS.get(content_id or DEFAULT_CONTENT) or CONTENTS[DEFAULT_CONTENT]


def content_id_of(packs) -> str:
    """The content pack a view's ``packs`` list names (the one of kind ``content``)."""
    for pack in packs or []:
        if pack.get("kind") == "content" and pack.get("pack") in CONTENTS:
            return pack["pack"]
    return DEFAULT_CONTENT


def words(text) -> str:
    """A name from a pack, through the translation catalogue."""
    return _(str(text)) if text else ""


def role(r) -> str:
    text = str(r or "")
    if text.startswith("p") and text[1:].isdigit():
        return _("Player %(n)s") % {"n": text[1:]}
    return text.replace("_", " ")


def side(s) -> str:
    return str(SIDE_NAMES.get(s, s or ""))


def location(loc_id, content_id=None) -> str:
    return words(content(content_id).names.get(loc_id, str(loc_id).replace("_", " ").title()))


def place(at, content_id=None) -> str:
    """``a`` Colony A, ``a@3`` entrance 3 of Colony A, ``den`` the Den, else a location."""
    at = str(at or "")
    if "@" in at:
        colony, gate = at.split("@", 1)
        return _("entrance %(n)s of %(colony)s") % {"n": gate, "colony": side(colony)}
    if at in ("a", "b"):
        return side(at)
    if at == "den":
        return _("the Den")
    return location(at, content_id)


def survivor(sid, content_id=None) -> str:
    pool = content(content_id).survivors
    if isinstance(sid, int) and 0 <= sid < len(pool):
        return words(pool[sid]["name"])
    return _("a survivor")


def card(number, content_id=None) -> str:
    cards = content(content_id).card
    if isinstance(number, int) and 0 <= number < len(cards):
        return words(cards[number]["name"])
    return _("a card")


def symbol(name) -> str:
    return str(SYMBOLS.get(name, str(name or "").replace("_", " ")))


def tactic(tactic_id, content_id=None) -> str:
    for t in content(content_id).tactics:
        if t["id"] == tactic_id:
            return words(t["name"])
    return _("a tactic")


def tactic_at(index, content_id=None) -> str:
    tactics = content(content_id).tactics
    return words(tactics[index]["name"]) if isinstance(index, int) and 0 <= index < len(tactics) else ""


def crossroads(index, content_id=None) -> str:
    cards = content(content_id).crossroads
    return words(cards[index]["name"]) if isinstance(index, int) and 0 <= index < len(cards) else _("a crossroads card")


def crossroads_option(index, option, content_id=None) -> str:
    cards = content(content_id).crossroads
    if isinstance(index, int) and 0 <= index < len(cards) and isinstance(option, int) \
            and 0 <= option < len(cards[index]["options"]):
        return words(cards[index]["options"][option]["label"])
    return _("no option")


def mission(index, content_id=None) -> str:
    missions = content(content_id).missions
    return words(missions[index]["name"]) if isinstance(index, int) and 0 <= index < len(missions) else _("a mission")


def crisis_symbols(crisis_id, content_id=None) -> str:
    for card_ in content(content_id).crises:
        if card_["id"] == crisis_id:
            return _(" or ").join(symbol(s) for s in card_["symbols"])
    return ""


def crisis_index_symbols(index, content_id=None) -> str:
    crises = content(content_id).crises
    if isinstance(index, int) and 0 <= index < len(crises):
        return _(" or ").join(symbol(s) for s in crises[index]["symbols"])
    return ""


def objective(objective_id, content_id=None) -> str:
    obj = content(content_id).objectives.get(objective_id)
    return words(obj["name"]) if obj else str(objective_id or "").replace("_", " ")


def pack_name(pack_id) -> str:
    for c in CONTENTS.values():
        for p in c.packs:
            if p["pack"] == pack_id:
                return words(p["name"])
    return str(pack_id or "").replace("-", " ").replace("_", " ")


def why(reason) -> str:
    return str(WHY.get(reason, str(reason or "").replace("_", " ")))


def reason(r) -> str:
    return str(REASONS.get(r, str(r or "").replace("_", " ")))


def stage(s) -> str:
    return str(STAGES.get(s, str(s or "").replace("_", " ")))


def exposure(face) -> str:
    return str(EXPOSURE.get(face, str(face or "").replace("_", " ")))


_IDS = re.compile(r"\b(p\d+|[a-z]+(?:_[a-z]+)+)\b")


def named_ids(text: str) -> str:
    """A rules label with seat and location ids named in words."""
    names = content().names

    def name(match):
        word = match.group(1)
        if word in names:
            return location(word)
        return role(word) if word[0] == "p" and word[1:].isdigit() else word.replace("_", " ")
    return _IDS.sub(name, str(text))


def roles_list(roles) -> str:
    return ", ".join(role(r) for r in roles or [])
