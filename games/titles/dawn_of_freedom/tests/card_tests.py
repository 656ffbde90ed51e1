"""Which tests prove each card (for the README coverage table).

A test proves a card when its name contains ``_<slug>`` where the slug is the
card name in snake case, or the shorter key in SLUGS where test names use one.
"""
from __future__ import annotations

import ast
import pathlib
import re

from games.titles.dawn_of_freedom.rules.data import CARDS

HERE = pathlib.Path(__file__).resolve().parent
SLUGS = {22: "poland_scoring", 23: "hungary_scoring", 18: "pozsgay", 35: "heal_our_bleeding",
         40: "hungarian_democratic_forum", 97: "tyrant"}


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
    names = all_test_names()
    return {card: [n for n in names if re.search(r"_" + slug(card) + r"(_|$)", n.split("::")[1])]
            for card in CARDS}
