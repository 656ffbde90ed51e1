"""Twilight Struggle log lines and moves read as sentences that agree with the board."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from games.rules.core import deck
from games.titles.twilight_struggle import sentences
from games.titles.twilight_struggle.presentation import PRESENTATION as show
from games.titles.twilight_struggle.rules import data
from games.titles.twilight_struggle.templatetags.ts_board import ts_tracks

KINDS_WRITTEN = re.compile(r'log\(state, "([a-z_]+)"')


def kinds_the_rules_write() -> set[str]:
    from pathlib import Path

    folder = Path(data.__file__).parent
    found = set()
    for path in folder.rglob("*.py"):
        found |= set(KINDS_WRITTEN.findall(path.read_text()))
    # log_place writes "place"; the shared deck (core.deck.draw_one) writes its own lines
    return found | {"place"} | set(re.findall(r'"kind": "([a-z_]+)"', Path(deck.__file__).read_text()))


def test_every_kind_of_line_the_rules_write_has_its_own_sentence():
    assert kinds_the_rules_write() - set(sentences.LOG) == set()


@pytest.mark.parametrize("delta,total,who,track", [(2, 5, "US gained 2 VP", "VP track: US +5."),
                                                    (-2, -2, "USSR gained 2 VP", "VP track: USSR +2."),
                                                    (3, -1, "US gained 3 VP", "VP track: USSR +1."),
                                                    (-1, 0, "USSR gained 1 VP", "VP track: even.")])
def test_a_vp_line_says_who_gained_and_reads_the_track_as_the_board_does(delta, total, who, track):
    text = show.log_sentence({"kind": "vp", "delta": delta, "total": total, "why": "space"})
    assert text.startswith(who) and text.endswith(track), text
    board = ts_tracks({"vp": total})["vp_text"]
    assert track == f"VP track: {board}."


def test_a_vp_line_names_the_card_region_or_rule_behind_it():
    assert "(Duck and Cover)" in show.log_sentence({"kind": "vp", "delta": 2, "total": 2, "why": "duck_and_cover"})
    assert "(Europe scoring)" in show.log_sentence({"kind": "vp", "delta": -3, "total": -3, "why": "europe"})
    assert "(Nixon Plays the China Card)" in show.log_sentence({"kind": "vp", "delta": 2, "total": 2, "why": "nixon"})
    assert "_" not in show.log_sentence({"kind": "vp", "delta": 2, "total": 2, "why": "kal_007"})


def test_a_deal_of_no_cards_tells_nothing_and_is_left_out_of_a_move():
    assert show.log_sentence({"kind": "deal", "counts": {"ussr": 0, "us": 0}}) == ""
    assert show.log_sentence({"kind": "deal", "counts": {"ussr": 2, "us": 0}}) == "Cards dealt: 2 cards to the USSR."
    move = SimpleNamespace(seq=7, role="ussr", verb="ok", arg=None,
                           log=[{"kind": "deal", "counts": {"ussr": 0, "us": 0}}, {"kind": "turn", "turn": 2}])
    assert show.describe(move) == "Move 7: Turn 2 begins."


@pytest.mark.parametrize("line,text", [
    ({"kind": "resign", "role": "us"}, "US resigned."),
    ({"kind": "timeout", "role": "ussr"}, "USSR ran out of time."),
    ({"kind": "adjudicate", "winners": ["us"]}, "A moderator set the result: US won."),
    ({"kind": "annul", "winners": []}, "A moderator annulled the game."),
])
def test_the_sites_own_lines_are_sentences_not_field_dumps(line, text):
    assert show.log_sentence(line) == text


def test_dice_lines_show_rolls_and_modifiers():
    coup = show.log_sentence({"kind": "coup", "role": "ussr", "country": 26, "roll": 4, "ops": 3, "mod": -1,
                              "free": False, "removed": 1, "added": 0})
    assert coup == ("USSR coup in Iran: rolled 4 + 3 operations -1 = 6 against 4 (twice stability 2)"
                    " — success by 2: 1 influence removed, 0 placed.")
    realign = show.log_sentence({"kind": "realign", "role": "us", "country": 10, "rolls": [5, 2], "mods": [1, 0],
                                 "removed": 4})
    assert "US 5 +1 = 6, USSR 2 +0 = 2 — the US removes 4 influence." in realign
    space = show.log_sentence({"kind": "space", "role": "us", "card": 23, "box": 1, "roll": 5, "success": False})
    assert space == "US space race attempt for Earth Satellite with Marshall Plan: rolled 5 (3 or less needed) — failed."


def test_moves_name_cards_and_countries_never_ids():
    place = SimpleNamespace(seq=141, role="us", verb="place", arg=data.BY_KEY["panama"],
                            log=[{"kind": "place", "role": "us", "countries": [data.BY_KEY["panama"]]}])
    assert show.describe(place) == "Move 141: US placed 1 influence in Panama."
    headline = SimpleNamespace(seq=14, role="ussr", verb="headline", arg=23, log=[])
    assert show.describe(headline) == "Move 14: USSR headlined Marshall Plan."
    assert show.describe(headline, hide_arg=True) == "Move 14: USSR made a secret choice."
    order = SimpleNamespace(seq=44, role="us", verb="order", arg="ops_first", log=[])
    assert show.describe(order) == "Move 44: US chose operations first."


def test_an_unknown_kind_still_reads_as_words():
    assert show.log_sentence({"kind": "brand_new", "card": 6}) == "Brand new."
