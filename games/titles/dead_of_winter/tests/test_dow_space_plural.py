"""The board's screen-reader label counts zombie spaces with a plural: "1 space", "3 spaces",
in English and in each language's own forms (the content packs could give a place one space)."""
from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation


def location(spaces: int) -> dict:
    return {"id": "school", "number": 3, "name": "School", "zombies": 0, "spaces": spaces,
            "zombie_marks": range(0), "empty_marks": range(spaces), "barricades": 0, "noise": 0,
            "deck": 5, "survivors": [], "capacity": 4}


def colony(spaces: int) -> dict:
    gate = {"n": 1, "zombies": 0, "barricades": 0, "spaces": spaces, "zombie_marks": range(0),
            "empty_marks": range(spaces), "survivors": []}
    return {"side": "a", "name": "Colony A", "mine": False, "lost": False, "seats": [], "inside": [],
            "capacity": 10, "entrances": [gate]}


def rendered(spaces: int) -> list[str]:
    return [render_to_string("dead_of_winter/board/location.html", {"loc": location(spaces)}),
            render_to_string("dead_of_winter/board/colony.html", {"colony": colony(spaces)})]


@pytest.mark.parametrize("lang,one,three", [
    ("en", "0 zombies, 1 space\"", "0 zombies, 3 spaces\""),
    ("es", "0 zombis, 1 casilla\"", "0 zombis, 3 casillas\""),
    ("ko", "1칸\"", "3칸\""),
    ("ja", "1マス\"", "3マス\""),
])
def test_the_spaces_label_is_singular_for_one_and_plural_for_more(lang, one, three):
    with translation.override(lang):
        for html in rendered(1):
            assert one in html, (lang, html)
        for html in rendered(3):
            assert three in html, (lang, html)
