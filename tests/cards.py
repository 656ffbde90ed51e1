"""Which tests prove each card of a title (for the README coverage tables).

A test proves a card when its name carries the card's slug: the card name in
snake case, or the shorter key a title gives in its ``slugs`` where test names
use one. A title's ``tests/card_tests.py`` names its cards, slugs and folder and
picks how a name must carry the slug (anywhere, or as whole words).
"""
from __future__ import annotations

import ast
import pathlib
import re


def slug(cards: dict, slugs: dict, card: int) -> str:
    return slugs.get(card) or re.sub(r"[^a-z0-9]+", "_", cards[card]["name"].lower()).strip("_")


def test_names(folder: pathlib.Path) -> list[str]:
    """``file::name`` of every test function in the ``test_*.py`` files of ``folder``."""
    found = []
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append(f"{path.name}::{node.name}")
    return found


def proofs_anywhere(cards: dict, slugs: dict, folder: pathlib.Path) -> dict[int, list[str]]:
    """A name proves a card where its slug (a regular expression) matches anywhere in it."""
    names = test_names(folder)
    return {card: [n for n in names if re.search(slug(cards, slugs, card), n.split("::")[1])] for card in cards}


def proofs_whole_words(cards: dict, slugs: dict, folder: pathlib.Path) -> dict[int, list[str]]:
    """A name proves a card where ``_<slug>`` stands as whole words and no longer
    slug starts at the same place (Peasant Parties vs Peasant Parties Revolt)."""
    patterns = {card: re.compile(r"_(" + slug(cards, slugs, card) + r")(?=_|$)") for card in cards}
    proofs: dict[int, list[str]] = {card: [] for card in cards}
    for name in test_names(folder):
        for card in _longest_at_each_start(patterns, name.split("::")[1]):
            if name not in proofs[card]:
                proofs[card].append(name)
    return proofs


def _longest_at_each_start(patterns: dict, test: str) -> list[int]:
    found = {}  # start -> (slug length, card)
    for card, pattern in patterns.items():
        for m in pattern.finditer(test):
            best = found.get(m.start())
            if best is None or len(m.group(1)) > best[0]:
                found[m.start()] = (len(m.group(1)), card)
    return [card for _, card in found.values()]
