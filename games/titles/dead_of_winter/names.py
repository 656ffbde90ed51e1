"""Names of Dead of Winter things in the reader's language (never ids).

Card, survivor, location and tactic names come from the content packs (the
only card content we have; no official text); they pass through gettext so a
translation catalogue can name them. A log line does not say which content pack
its game uses, so sentences read the default content (the house pack) unless
told otherwise; the board passes the game's own content.
"""
from __future__ import annotations

import re

from django.utils.functional import lazy
from django.utils.translation import npgettext, pgettext, pgettext_lazy

from games.engine.presentation import seat_name

from .context import t
from .rules.data import CONTENTS, PACKS

DEFAULT_CONTENT = next(iter(CONTENTS))
# Cards, tactics and crossroads that are ours (the house pack), not the publisher's: what
# they do is always shown with that label.
HOUSE_IDS = frozenset(entry["id"] for pack in PACKS if pack.get("source") == "house"
                      for entries in pack["sections"].values() if isinstance(entries, list)
                      for entry in entries if isinstance(entry, dict) and "id" in entry)


def _frostbite() -> str:
    """The word alone. "frostbite" is one msgid with the board's "frostbite ×2" tag (a plural
    entry, so no plain lookup finds it); a one-form language writes the count in its only form."""
    word = npgettext("dead_of_winter", "frostbite", "frostbite ×%(n)s", 1)
    return word.replace("%(n)s", "").rstrip(" ×")


FROSTBITE = lazy(_frostbite, str)()

SIDE_NAMES = {
    "a": pgettext_lazy("dead_of_winter", "Colony A"),
    "b": pgettext_lazy("dead_of_winter", "Colony B"),
    "w": pgettext_lazy("dead_of_winter", "the Lone Wolf"),
}
SYMBOLS = {
    "any": pgettext_lazy("dead_of_winter", "any card"),
    "survivor": pgettext_lazy("dead_of_winter", "outsider"),
    "weapon": pgettext_lazy("dead_of_winter", "weapon"),
    "fuel": pgettext_lazy("dead_of_winter", "fuel"),
    "book": pgettext_lazy("dead_of_winter", "book"),
    "tool": pgettext_lazy("dead_of_winter", "tool"),
    "medicine": pgettext_lazy("dead_of_winter", "medicine"),
    "food": pgettext_lazy("dead_of_winter", "food"),
}
EXPOSURE = {
    "blank": pgettext_lazy("dead_of_winter", "nothing"),
    "wound": pgettext_lazy("dead_of_winter", "a wound"),
    "frostbite": FROSTBITE,
    "bitten": pgettext_lazy("dead_of_winter", "a bite"),
}
WHY = {
    "ability": pgettext_lazy("dead_of_winter", "a survivor's ability"),
    "bite": pgettext_lazy("dead_of_winter", "a spreading bite"),
    "bitten": pgettext_lazy("dead_of_winter", "a bite"),
    "combat": pgettext_lazy("dead_of_winter", "combat"),
    "crisis": pgettext_lazy("dead_of_winter", "the crisis"),
    "crossroads": pgettext_lazy("dead_of_winter", "a crossroads card"),
    "death": pgettext_lazy("dead_of_winter", "a death"),
    "entrance": pgettext_lazy("dead_of_winter", "a crowded entrance"),
    "exposure": pgettext_lazy("dead_of_winter", "exposure"),
    "frostbite": FROSTBITE,
    "starvation": pgettext_lazy("dead_of_winter", "starvation"),
    "waste": pgettext_lazy("dead_of_winter", "waste"),
    "unguarded": pgettext_lazy("dead_of_winter", "an unguarded colony"),
    "mission": pgettext_lazy("dead_of_winter", "a mission"),
    "overrun": pgettext_lazy("dead_of_winter", "an overrun"),
    "wound": pgettext_lazy("dead_of_winter", "wounds"),
}
REASONS = {
    "main_objective": pgettext_lazy("dead_of_winter", "main objective completed"),
    "morale": pgettext_lazy("dead_of_winter", "a colony's morale ran out"),
    "rounds": pgettext_lazy("dead_of_winter", "the last round ended"),
    "resignation": pgettext_lazy("dead_of_winter", "resignation"),
    "timeout": pgettext_lazy("dead_of_winter", "out of time"),
    "wolf_leaves": pgettext_lazy("dead_of_winter", "the Lone Wolf left"),
}
STAGES = {
    "tactics": pgettext_lazy("dead_of_winter", "tactics"),
    "survivors": pgettext_lazy("dead_of_winter", "survivors"),
    "weapons": pgettext_lazy("dead_of_winter", "weapons"),
    "bullets": pgettext_lazy("dead_of_winter", "bullets"),
    "dice": pgettext_lazy("dead_of_winter", "combat dice"),
}


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
    return t(text)


def role(r) -> str:
    """A seat: "Player 3", or "fay (Player 3)" where the site has set the players' names."""
    text = str(r or "")
    if not (text.startswith("p") and text[1:].isdigit()):
        return text.replace("_", " ")
    label = pgettext("dead_of_winter", "Player %(n)s") % {"n": text[1:]}
    name = seat_name(text)
    return pgettext("dead_of_winter", "%(name)s (%(seat)s)") % {"name": name, "seat": label} if name else label


def side(s) -> str:
    return str(SIDE_NAMES.get(s, s or ""))


def location(loc_id, content_id=None) -> str:
    return words(content(content_id).names.get(loc_id, str(loc_id).replace("_", " ").title()))


def place(at, content_id=None) -> str:
    """``a`` Colony A, ``a@3`` entrance 3 of Colony A, ``den`` the Den, else a location."""
    at = str(at or "")
    if "@" in at:
        colony, gate = at.split("@", 1)
        return pgettext("dead_of_winter", "entrance %(n)s of %(colony)s") % {"n": gate, "colony": side(colony)}
    if at in ("a", "b"):
        return side(at)
    if at == "den":
        return pgettext("dead_of_winter", "the Den")
    return location(at, content_id)


def survivor(sid, content_id=None) -> str:
    pool = content(content_id).survivors
    if isinstance(sid, int) and 0 <= sid < len(pool):
        return words(pool[sid]["name"])
    return pgettext("dead_of_winter", "a survivor")


def survivor_ability(sid, content_id=None) -> str:
    pool = content(content_id).survivors
    return words(pool[sid]["text"]) if isinstance(sid, int) and 0 <= sid < len(pool) else ""


def card(number, content_id=None) -> str:
    cards = content(content_id).card
    if isinstance(number, int) and 0 <= number < len(cards):
        return words(cards[number]["name"])
    return pgettext("dead_of_winter", "a card")


def described(entry: dict) -> str:
    """What a card, tactic or crossroads card does (our own words, translated);
    a house one says it is ours."""
    text = words(entry.get("text") or "")
    if entry.get("id") in HOUSE_IDS:
        return pgettext("dead_of_winter", "%(text)s (House card: ours, not the publisher's.)") % {"text": text}
    return text


def card_text(number, content_id=None) -> str:
    cards = content(content_id).card
    return described(cards[number]) if isinstance(number, int) and 0 <= number < len(cards) else ""


def tactic_text_at(index, content_id=None) -> str:
    tactics = content(content_id).tactics
    return described(tactics[index]) if isinstance(index, int) and 0 <= index < len(tactics) else ""


def tactic_text(tactic_id, content_id=None) -> str:
    return next((described(tac) for tac in content(content_id).tactics if tac["id"] == tactic_id), "")


def crossroads_text(index, content_id=None) -> str:
    cards = content(content_id).crossroads
    return described(cards[index]) if isinstance(index, int) and 0 <= index < len(cards) else ""


def symbol(name) -> str:
    return str(SYMBOLS.get(name, str(name or "").replace("_", " ")))


def tactic(tactic_id, content_id=None) -> str:
    for t in content(content_id).tactics:
        if t["id"] == tactic_id:
            return words(t["name"])
    return pgettext("dead_of_winter", "a tactic")


def tactic_at(index, content_id=None) -> str:
    tactics = content(content_id).tactics
    return words(tactics[index]["name"]) if isinstance(index, int) and 0 <= index < len(tactics) else ""


def crossroads(index, content_id=None) -> str:
    cards = content(content_id).crossroads
    return words(cards[index]["name"]) if isinstance(index, int) and 0 <= index < len(cards) else pgettext("dead_of_winter", "a crossroads card")


def crossroads_option(index, option, content_id=None) -> str:
    cards = content(content_id).crossroads
    if isinstance(index, int) and 0 <= index < len(cards) and isinstance(option, int) \
            and 0 <= option < len(cards[index]["options"]):
        return words(cards[index]["options"][option]["label"])
    return pgettext("dead_of_winter", "no option")


def mission(index, content_id=None) -> str:
    missions = content(content_id).missions
    return words(missions[index]["name"]) if isinstance(index, int) and 0 <= index < len(missions) else pgettext("dead_of_winter", "a mission")


def crisis_symbols(crisis_id, content_id=None) -> str:
    for card_ in content(content_id).crises:
        if card_["id"] == crisis_id:
            return pgettext("dead_of_winter", " or ").join(symbol(s) for s in card_["symbols"])
    return ""


def crisis_index_symbols(index, content_id=None) -> str:
    crises = content(content_id).crises
    if isinstance(index, int) and 0 <= index < len(crises):
        return pgettext("dead_of_winter", " or ").join(symbol(s) for s in crises[index]["symbols"])
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


def seen_what(what) -> str:
    """What a peek looked at, as the rules remember it: "hand of p3", "top of school", "next crises"."""
    text = str(what or "")
    if text == "next crises":
        return pgettext("dead_of_winter", "the next crises")
    if text.startswith("hand of "):
        return pgettext("dead_of_winter", "the hand of %(who)s") % {"who": role(text[8:])}
    if text.startswith("top of "):
        return pgettext("dead_of_winter", "the top of the %(place)s deck") % {"place": place(text[7:])}
    return words(text)
