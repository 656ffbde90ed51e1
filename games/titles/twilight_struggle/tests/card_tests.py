"""Which tests prove each card (for the README coverage table).

A test proves a card when its name contains the card's slug: the card name in
snake case, or the shorter key in SLUGS where test names use one (the shared
finder: ``tests/cards.py``).
"""
from __future__ import annotations

import pathlib

from games.titles.twilight_struggle.rules.data import CARDS
from tests import cards

HERE = pathlib.Path(__file__).resolve().parent
SLUGS = {
    1: "^test_asia_scoring", 2: "europe_scoring", 16: "warsaw_pact", 17: "de_gaulle", 27: "us_japan",
    31: "red_scare", 38: "southeast_asia", 43: "salt", 46: "how_i_learned", 67: "grain_sales",
    68: "john_paul_ii", 69: "death_squads", 71: "nixon", 74: "voice_of_america", 76: "ussuri",
    77: "ask_not", 79: "africa_scoring", 81: "south_america_scoring", 89: "kal_007", 91: "ortega", 93: "iran_contra",
    95: "debt_crisis", 98: "aldrich_ames", 99: "pershing_ii", 104: "cambridge_five", 110: "awacs",
    6: "china",
}


def slug(card: int) -> str:
    return cards.slug(CARDS, SLUGS, card)


def all_test_names() -> list[str]:
    """``file::name`` of every test function in this folder."""
    return cards.test_names(HERE)


def card_proofs() -> dict[int, list[str]]:
    return cards.proofs_anywhere(CARDS, SLUGS, HERE)
