""""Since you last looked" in Twilight Struggle (issue 28): the board's changes
between two views of the USSR, told in words with the places to ring on the map.
The USSR comes back after the rulebook's coup in Mexico (6.3.3)."""
import json

import pytest
from django.utils import translation

from games.rules.core.testing import force_rolls
from games.titles.twilight_struggle.presentation import PRESENTATION
from games.titles.twilight_struggle.rules import RULES

from .helpers import ID, action_round, after_setup, clear_board, do, put

DUCK_AND_COVER = 4  # 3 ops, US


def mexico_coup() -> tuple[dict, dict, dict]:
    """The USSR's view before and after the US coup in Mexico (3 ops + 4 vs 2 x 2), and the state after."""
    state = clear_board(after_setup())
    put(state, mexico=(0, 2))
    action_round(state, "us", [DUCK_AND_COVER])
    before = RULES.view(json.loads(json.dumps(state)), "ussr")
    do(state, "us", "ops", DUCK_AND_COVER)
    do(state, "us", "mode", "coup")
    force_rolls(state, [4])
    do(state, "us", "coup", ID["mexico"])
    return before, RULES.view(state, "ussr"), state


def test_the_coup_in_mexico_is_told_with_defcon_milops_and_the_country_to_ring():
    before, after, _state = mexico_coup()
    changes = {c.label: c for c in PRESENTATION.board_changes(before, after)}
    mexico = changes["Mexico"]
    assert (mexico.before, mexico.after) == ("US 0, USSR 2 (USSR control)", "US 1, USSR 0")
    assert mexico.mark == ("country", str(ID["mexico"]))
    assert (changes["DEFCON"].before, changes["DEFCON"].after) == (str(before["defcon"]), "4")
    assert changes["US military operations"].after == "3" and changes["US military operations"].mark is None
    assert "Cuba" not in changes  # nothing else on the map changed


def test_the_changes_read_in_korean_too():
    before, after, _state = mexico_coup()
    with translation.override("ko"):
        labels = [c.label for c in PRESENTATION.board_changes(before, after)]
    assert "멕시코" in labels and "Mexico" not in labels
    assert not [label for label in labels if label.isascii() and label != "DEFCON"], labels


def test_victory_points_say_who_leads():
    from games.titles.twilight_struggle.changes import vp_words

    assert (vp_words(0), vp_words(3), vp_words(-2)) == ("0", "US +3", "USSR +2")


def test_the_coups_log_line_points_at_mexico_on_the_map():
    _before, _after, state = mexico_coup()
    coup = [line for line in state["log"] if line["kind"] == "coup"][-1]
    assert PRESENTATION.line_places(coup) == [("country", str(ID["mexico"]))]
    assert PRESENTATION.line_places({"kind": "place", "role": "us", "countries": [3, 4]}) == [
        ("country", "3"), ("country", "4")]


DECOLONIZATION = 30  # USSR event: 1 influence in each of 4 countries of Africa or Southeast Asia


def test_the_card_being_played_is_shown_with_its_text_while_its_event_runs():
    state = after_setup()
    action_round(state, "ussr", [DECOLONIZATION])
    assert RULES.view(state, "us")["playing"] == []
    do(state, "ussr", "event", DECOLONIZATION)
    assert state["stack"][-1]["step"] == "event_place"  # the USSR places its influence now
    for viewer in ("us", "ussr", None):
        cards = PRESENTATION.playing(RULES.view(state, viewer))
        assert [c.name for c in cards] == ["Decolonization"] and "Africa" in cards[0].text
    with translation.override("ko"):
        assert PRESENTATION.playing(RULES.view(state, "us"))[0].name == "탈식민지화"
    while state["stack"][-1]["step"] == "event_place":
        do(state, "ussr", *next((c.verb, c.arg) for c in RULES.prompt(state, "ussr").choices if c.verb == "place"))
    assert RULES.view(state, "us")["playing"] == []  # the event is over: the card is in the discard


def test_a_log_line_links_its_country_to_the_map_and_its_card_to_its_text():
    from games.engine.links import linked

    *_, state = mexico_coup()
    lines = state.get("log") or []
    coup = next(line for line in lines if line.get("country") == ID["mexico"])
    html = linked(PRESENTATION.log_sentence(coup), PRESENTATION.line_refs(coup))
    assert f'data-places="[[&quot;country&quot;, &quot;{ID["mexico"]}&quot;]]">Mexico</button>' in html


def test_the_action_bar_says_each_cards_ops_beside_its_name():
    """Issue 29, item 7: a card's row in the choice table carries its operations value."""
    from types import SimpleNamespace

    from games.templatetags.game_tags import choice_sections

    state = after_setup()
    action_round(state, "ussr", [DECOLONIZATION, DUCK_AND_COVER])
    prompt = RULES.prompt(state, "ussr")
    table = next(s for s in choice_sections(prompt, SimpleNamespace(title_id="twilight_struggle")) if s["kind"] == "table")
    notes = {label: note for label, _cells, note in table["rows"]}
    assert notes == {"Decolonization": "2 ops", "Duck and Cover": "3 ops", "The China Card": "4 ops"}
    with translation.override("ko"):
        table = next(s for s in choice_sections(prompt, SimpleNamespace(title_id="twilight_struggle"))
                     if s["kind"] == "table")
        assert {note for _label, _cells, note in table["rows"]} == {"2 OP", "3 OP", "4 OP"}


def test_the_card_tables_columns_come_in_one_order_whatever_the_prompt_offers_first():
    """Issue 29, item 12: Event, Operations, Space race on every prompt, even when the
    first card offered cannot be played for its event."""
    from types import SimpleNamespace

    from games.rules.core import Choice, Prompt
    from games.templatetags.game_tags import choice_sections

    prompt = Prompt("Play a card", (Choice("space", 5, "Five Year Plan", "space"), Choice("ops", 5, "Five Year Plan", "ops"),
                                    Choice("ops", 7, "Socialist Governments", "ops"),
                                    Choice("event", 7, "Socialist Governments", "event")), "")
    table = next(s for s in choice_sections(prompt, SimpleNamespace(title_id="twilight_struggle")) if s["kind"] == "table")
    assert [str(c) for c in table["columns"]] == ["Event", "Operations", "Space race"]
    cells = {label: [cell["text"] if cell else None for cell in row] for label, row, _note in table["rows"]}
    assert cells == {"Five Year Plan": [None, "Operations", "Space race"],
                     "Socialist Governments": ["Event", "Operations", None]}


@pytest.mark.django_db
def test_a_placement_of_several_points_reads_as_one_log_line(client, alice, bob):
    """Issue 29 item 13: the USSR's six setup points are six moves and one line of the
    log, grouped by country ("USSR placed 6 influence: Poland 4, East Germany 2.")."""
    import re

    from django.urls import reverse

    from games.play import services
    from games.titles.twilight_struggle.tests.test_ts_board import start_game

    game = start_game(alice, bob)
    poland, east_germany = (next(c.arg for c in RULES.prompt(game.state, "ussr").choices if c.label == name)
                            for name in ("Poland", "East Germany"))
    for country in [poland] * 4 + [east_germany] * 2:
        game.refresh_from_db()
        services.move_submit(game_id=game.pk, user=alice, verb="place", arg=country, expected_seq=game.seq)
    client.force_login(bob)
    for url in (reverse("games:panel", args=[game.pk]), reverse("games:log", args=[game.pk])):
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(url).content.decode()))
        assert "USSR placed 6 influence: Poland 4, East Germany 2." in text, url
        assert "placed 1 influence in Poland" not in text, url


def test_the_turn_box_says_headline_while_a_headline_event_runs():
    """Issue 29 item 10: "Setup" only while setup influence is placed; a headline event
    that asks for a choice (action round 0) is still the headline phase."""
    import re

    from django.template.loader import render_to_string

    from games.rules.core.testing import new_game

    def turn_box(view) -> str:
        html = render_to_string("twilight_struggle/board/tracks.html", {"view": view})
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("ts-defcon")[0]))

    assert "Setup" in turn_box(RULES.view(new_game(RULES, 3), "ussr"))
    view = RULES.view(after_setup(), "ussr")
    assert view["action_round"] == 0 and "Headline phase" in turn_box(view)
    assert "Headline phase" in turn_box({**view, "step": "headline_event"}) and "Setup" not in turn_box(
        {**view, "step": "headline_event"})
