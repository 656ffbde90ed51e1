"""Which tests prove each card (for the README coverage table).

A test proves a card when its name contains ``_<slug>`` (whole words) where the
slug is the card name in snake case, or the shorter key in SLUGS where test
names use one; the longest slug wins where two start at the same place (the
shared finder: ``tests/cards.py``).
"""
from __future__ import annotations

import pathlib

from games.titles.dawn_of_freedom.rules.data import CARDS
from tests import cards

HERE = pathlib.Path(__file__).resolve().parent
SLUGS = {22: "poland_scoring", 23: "hungary_scoring", 18: "pozsgay", 35: "heal_our_bleeding",
         40: "hungarian_democratic_forum", 97: "tyrant",
         42: "east_germany_scoring", 43: "bulgaria_scoring", 55: "czechoslovakia_scoring",
         95: "romania_scoring", 104: "new_years_eve_party"}


def slug(card: int) -> str:
    return cards.slug(CARDS, SLUGS, card)


def all_test_names() -> list[str]:
    """``file::name`` of every test function in this folder."""
    return cards.test_names(HERE)


def card_proofs() -> dict[int, list[str]]:
    """Whole-word slugs, the longest at each place (Peasant Parties vs Peasant
    Parties Revolt, The Wall vs The Wall Must Go!)."""
    return cards.proofs_whole_words(CARDS, SLUGS, HERE)
