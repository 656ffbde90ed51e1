"""Content packs: structural checks, merging and the completeness check (pure).

A pack is a JSON object (see ``packs/schema.json``) with ``pack`` (id),
``version``, ``kind`` ("facts" or "content"), ``source``, ``licence`` and
``sections``. A game uses every facts pack plus one content pack; sections
merge in that order (lists by ``id``, later fields win; ``decks`` by deck
name; other objects key by key). The engine reads card behaviour only from
the vocabulary below, never from card text.
"""
from __future__ import annotations

ABILITIES = {"search_view", "free_barricade", "kill_zombies", "add_food", "die_plus", "heal",
             "clean_bonus", "max_wounds", "no_move_exposure", "no_attack_exposure",
             "frost_as_wound", "bite_immune", "reroll_all", "sacrifice_morale", "peek_hand", "steal_random",
             "peek_deck", "peek_crises", "take_outsider", "medicine_attack", "copy_here", "text_only"}
PASSIVES = {"none", "no_attack_exposure", "kill_two", "any_die", "extra_die", "bite_immune",
            "frost_as_wound", "search_view", "clean_bonus", "barricade_double", "discard_attack",
            "noise_view"}
USES = {"kill_zombies", "add_food", "die_plus", "heal", "free_barricade", "reroll_all", "reroll_one",
        "die_swap", "snipe"}
PLAYS = {"food", "heal", "reroll", "set_die", "barricades", "kill", "outsider", "bullets", "safe_move",
         "free_attack"}
XR_EFFECTS = {"morale", "food", "bullets", "wound", "zombies", "helpless", "draw_item"}
FAILURES = {"morale", "colony_zombies", "wound_leaders", "bullets", "food"}
CONDITIONS = {"none", "hand_symbol", "equipped_symbol", "survivors", "hand_size", "is_leader",
              "wolf_morale", "missions_done", "survivors_away", "food", "kills", "at_gate"}
SYMBOLS = {"weapon", "fuel", "book", "food", "medicine", "tool", "survivor", "any"}
REQUIRED = ("source", "licence", "pack", "name", "version", "kind", "sections")
LIST_SECTIONS = ("survivors", "items", "locations", "tactics", "main_objectives", "crossroads",
                 "secret_objectives")


def check_pack(pack: dict) -> list[str]:
    """Problems in one pack on its own (empty list: fine)."""
    errors = [f"missing field {name!r}" for name in REQUIRED if not pack.get(name)]
    if errors:
        return errors
    if pack["kind"] not in ("facts", "content"):
        errors.append(f"kind must be facts or content, not {pack['kind']!r}")
    if pack["source"] == "house" and "house" not in pack.get("labels", []):
        errors.append("a house pack must carry the label 'house'")
    sections = pack["sections"]
    for name in LIST_SECTIONS:
        ids = [entry.get("id") for entry in sections.get(name, [])]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        errors += [f"{name}: duplicate id {i!r}" for i in dupes]
        errors += [f"{name}: entry without id" for i in ids if not i]
    errors += _check_effects(sections)
    return errors


def _check_effects(sections: dict) -> list[str]:
    errors = []
    for s in sections.get("survivors", []):
        if s.get("ability", {}).get("kind") not in ABILITIES:
            errors.append(f"survivor {s.get('id')}: unknown ability {s.get('ability')}")
    for item in sections.get("items", []):
        effect = item.get("effect", {})
        kind = effect.get("kind")
        if kind == "equip" and effect.get("passive") not in PASSIVES:
            errors.append(f"item {item.get('id')}: unknown passive {effect.get('passive')!r}")
        elif kind == "equip" and "use" in effect and effect["use"].get("kind") not in USES:
            errors.append(f"item {item.get('id')}: unknown use {effect['use']!r}")
        elif kind == "play" and effect.get("effect") not in PLAYS:
            errors.append(f"item {item.get('id')}: unknown effect {effect.get('effect')!r}")
        elif kind not in ("equip", "play", "text_only"):
            errors.append(f"item {item.get('id')}: unknown effect kind {kind!r}")
    for card in sections.get("crossroads", []):
        for option in card.get("options", []):
            for effect in option.get("effects", []):
                if effect.get("kind") not in XR_EFFECTS:
                    errors.append(f"crossroads {card.get('id')}: unknown effect {effect}")
    for obj in sections.get("secret_objectives", []):
        if obj.get("condition", {}).get("kind") not in CONDITIONS:
            errors.append(f"objective {obj.get('id')}: unknown condition")
    return errors


def merge(packs: list[dict]) -> dict:
    """The sections of ``packs`` merged in order."""
    merged: dict = {}
    for pack in packs:
        for name, value in pack["sections"].items():
            if name in LIST_SECTIONS:
                _merge_list(merged.setdefault(name, []), value)
            elif name == "decks":
                for deck, counts in value.items():
                    merged.setdefault("decks", {}).setdefault(deck, {}).update(counts)
            elif isinstance(value, dict) and name != "crises":
                merged.setdefault(name, {}).update(value)
            else:
                merged[name] = value
    return merged


def _merge_list(into: list, entries: list) -> None:
    index = {entry["id"]: i for i, entry in enumerate(into)}
    for entry in entries:
        if entry["id"] in index:
            into[index[entry["id"]]] = {**into[index[entry["id"]]], **entry}
        else:
            index[entry["id"]] = len(into)
            into.append(dict(entry))


NEEDS = {"survivors": 46, "secret_objectives": 10, "tactics": 5}


def check_content(sections: dict) -> list[str]:
    """Can a whole 4-11 player game be played with these merged sections?"""
    errors = [f"section {name!r} is missing" for name in (
        "survivors", "items", "decks", "locations", "board", "exposure_die", "constants", "tactics",
        "combat_die", "main_objectives", "crises", "crossroads", "secret_objectives", "lone_wolf")
        if name not in sections]
    if errors:
        return errors
    for name, least in NEEDS.items():
        if len(sections[name]) < least:
            errors.append(f"{name}: {len(sections[name])} entries, a game needs {least}")
    items = {item["id"] for item in sections["items"]}
    for deck, counts in sections["decks"].items():
        errors += [f"deck {deck}: unknown item {i!r}" for i in counts if i not in items]
    decks = sections["decks"]
    if sum(decks.get("starting", {}).values()) < 50:
        errors.append("starting items: 10 colony players need 50 cards")
    if sum(decks.get("random", {}).values()) < 5 * len(sections["locations"]):
        errors.append("random items: 5 per location needed")
    for loc in sections["locations"]:
        if loc["id"] not in decks:
            errors.append(f"location {loc['id']} has no item deck")
        if loc["id"] not in sections["board"].get("capacity", {}):
            errors.append(f"location {loc['id']} has no capacity on the board")
    if not any("goal" in o for o in sections["main_objectives"]):
        errors.append("no playable main objective (needs setup and goal)")
    if len([t for t in sections["tactics"] if t.get("default")]) != 1:
        errors.append("tactics: exactly one card must be the default")
    return errors
