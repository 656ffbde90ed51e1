"""Which tests prove each card (for the README coverage table).

A test proves a card when its name contains ``_<slug>`` (whole words) where the
slug is the card name in snake case, or the shorter key in SLUGS where test
names use one; the longest slug wins where two start at the same place.
"""
from __future__ import annotations

import ast
import pathlib
import re

from games.titles.dawn_of_freedom.rules.data import CARDS

HERE = pathlib.Path(__file__).resolve().parent
SLUGS = {22: "poland_scoring", 23: "hungary_scoring", 18: "pozsgay", 35: "heal_our_bleeding",
         40: "hungarian_democratic_forum", 97: "tyrant",
         42: "east_germany_scoring", 43: "bulgaria_scoring", 55: "czechoslovakia_scoring",
         95: "romania_scoring", 104: "new_years_eve_party"}


def slug(card: int) -> str:
    return SLUGS.get(card) or re.sub(r"[^a-z0-9]+", "_", CARDS[card]["name"].lower()).strip("_")


def all_test_names() -> list[str]:
    """``file::name`` of every test function in this folder."""
    found = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append(f"{path.name}::{node.name}")
    return found


def card_proofs() -> dict[int, list[str]]:
    """A name proves a card where its slug stands as whole words and no longer
    slug starts at the same place (Peasant Parties vs Peasant Parties Revolt,
    The Wall vs The Wall Must Go!)."""
    patterns = {card: re.compile(r"_(" + slug(card) + r")(?=_|$)") for card in CARDS}
    proofs: dict[int, list[str]] = {card: [] for card in CARDS}
    for name in all_test_names():
        test = name.split("::")[1]
        found = {}  # start -> (slug length, card)
        for card, pattern in patterns.items():
            for m in pattern.finditer(test):
                best = found.get(m.start())
                if best is None or len(m.group(1)) > best[0]:
                    found[m.start()] = (len(m.group(1)), card)
        for _, card in found.values():
            if name not in proofs[card]:
                proofs[card].append(name)
    return proofs
