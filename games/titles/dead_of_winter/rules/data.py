"""Content packs, loaded once at import from ``../packs/*.json``.

This is the only module that reads files. Each content pack (``kind:
content``) combined with every facts pack gives one `Content`: frozen tables
the rules read through ``CONTENTS[state["content"]]``. Card numbers are
integers assigned here in a fixed order (starting deck, random items, then
each location deck by board number).
"""
from __future__ import annotations

import json
import pathlib

from .packcheck import check_content, check_pack, merge

PACK_DIR = pathlib.Path(__file__).resolve().parent.parent / "packs"
SIDES = ("a", "b")
OTHER = {"a": "b", "b": "a"}
PLAYER_COUNTS = (4, 5, 6, 7, 8, 9, 10, 11)
GATES = 6


def load_packs(folder: pathlib.Path = PACK_DIR) -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))
            if p.name != "schema.json"]


class Content:
    """Everything the rules need from one combination of packs."""

    def __init__(self, packs: list[dict]):
        self.packs = [{k: p[k] for k in ("pack", "name", "version", "source", "licence", "kind")}
                      for p in packs]
        s = self.sections = merge(packs)
        self.survivors = s["survivors"]
        self.items = {item["id"]: item for item in s["items"]}
        board = s["board"]
        self.locations = sorted((loc["id"] for loc in s["locations"]), key=lambda i: board["numbers"][i])
        self.names = {loc["id"]: loc["name"] for loc in s["locations"]}
        self.capacity = board["capacity"]
        self.zspaces, self.gate_spaces = board["location_zombie_spaces"], board["entrance_spaces"]
        self.colony_capacity, self.den_capacity = board["colony_capacity"], board["den_capacity"]
        self.morale_max, self.noise = board["morale_max"], board.get("noise", "flip")
        self.exposure = s["exposure_die"]["faces"]
        self.const = s["constants"]
        self.tactics = s["tactics"]
        self.default_tactic = next(i for i, t in enumerate(self.tactics) if t.get("default"))
        self.die = s["combat_die"]["faces"]
        self.objectives = {o["id"]: o for o in s["main_objectives"] if "goal" in o}
        self.crises = build_crises(s["crises"])
        self.bonus_over = s["crises"].get("generator", {}).get("bonus_over", 2)
        self.crossroads = s["crossroads"]
        self.secrets = s["secret_objectives"]
        self.wolf_objectives = s["lone_wolf"]["objectives"]
        self.missions = s["lone_wolf"]["missions"]
        self._cards(s["decks"])

    def _cards(self, decks: dict) -> None:
        """Physical cards: number -> item definition and origin deck."""
        self.card, self.origin, self.decks = [], [], {}
        for deck in ["starting", "random"] + self.locations:
            numbers = []
            for item_id, count in decks.get(deck, {}).items():
                for _ in range(count):
                    numbers.append(len(self.card))
                    self.card.append(self.items[item_id])
                    self.origin.append(deck)
            self.decks[deck] = numbers
        self.symbol = [c["symbol"] for c in self.card]
        self.weapon = [c["symbol"] == "weapon" for c in self.card]


def build_crises(spec: dict) -> list[dict]:
    """Explicit crisis cards, or the house generator's symbol set x failure cards."""
    if "cards" in spec:
        return spec["cards"]
    gen = spec["generator"]
    cards = []
    for i, symbols in enumerate(gen["symbol_sets"]):
        for j, failure in enumerate(gen["failures"]):
            cards.append({"id": f"crisis_{i}_{j}", "symbols": symbols, "failure": failure})
    return cards


def build_contents(packs: list[dict]) -> dict:
    """content pack id -> Content (facts packs + that pack); invalid packs are skipped."""
    good = [p for p in packs if not check_pack(p)]
    facts = [p for p in good if p["kind"] == "facts"]
    out = {}
    for pack in sorted((p for p in good if p["kind"] == "content"),
                       key=lambda p: (p["pack"] != "house", p["pack"])):
        if not check_content(merge(facts + [pack])):
            out[pack["pack"]] = Content(facts + [pack])
    return out


PACKS = load_packs()
CONTENTS = build_contents(PACKS)
CONTENT_IDS = list(CONTENTS)
