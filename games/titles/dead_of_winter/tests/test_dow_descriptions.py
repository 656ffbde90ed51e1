"""Issue 29 item 4 and issue 28 item 3: every card a player chooses says what it
does (our own words) in the action bar and on the board, house cards say they are
ours, and the log's card, tactic and crossroads names open their text."""
import html as html_lib
import random
import re
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation

from games.engine.links import linked
from games.rules.core import Action
from games.rules.core.flow import take_log
from games.titles.dead_of_winter import names as N
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.tests.helpers import act, game
from games.titles.dead_of_winter.tests.test_dow_board import render
from games.titles.dead_of_winter.tests.test_dow_examples import ALL_IN, grocery_store_fight

HOUSE = "House card: ours, not the publisher"


def bar(state, role) -> str:
    """The action bar as the game page renders it for ``role`` (the localised prompt)."""
    prompt = PRESENTATION.localize_prompt(RULES.prompt(state, role))
    fake_game = SimpleNamespace(pk=1, seq=7, title_id=RULES.title_id)
    page = render_to_string("games/_prompt.html", {"picture": SimpleNamespace(prompt=prompt), "game": fake_game})
    return html_lib.unescape(page)


def buttons(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", b) for b in re.findall(r"<button[^>]*>(.*?)</button>", page, re.S)]


def test_each_tactic_button_says_what_the_tactic_does_and_the_house_ones_say_they_are_ours():
    state, *_ = grocery_store_fight()
    tactics = C(state).tactics
    shown = buttons(bar(state, "p1"))
    assert len(shown) == len(tactics) >= 5
    for tactic, button in zip(tactics, shown):
        assert tactic["name"] in button and tactic["text"] in button, button
        assert (HOUSE in button) == tactic["id"].startswith("h_"), button


def test_the_tactic_texts_are_translated():
    state, *_ = grocery_store_fight()
    with translation.override("ko"):
        page = bar(state, "p1")
        korean = N.tactic_text_at(ALL_IN)
    assert "Add three to your combat strength." not in page and "House card" not in page
    assert korean not in ("", "Add three to your combat strength.") and korean in page


def test_the_combat_panel_says_what_a_revealed_tactic_does_and_hides_a_sealed_one():
    state, *_ = grocery_store_fight()
    text = C(state).tactics[ALL_IN]["text"]
    act(state, "p1", "tactic", ALL_IN)
    assert text in render(state, "p3")  # the teammate sees the leader's tactic and what it does
    assert text not in render(state, "p4")  # the enemy sees "chosen (sealed)", not what it does


def test_search_cards_say_what_they_do_once_per_card():
    """A survivor's search offers cards to keep: each button says what its card does."""
    for seed in range(40):
        state = game(4, seed=seed)
        for _ in range(400):
            if not state["active"]:
                break
            role = state["active"][0]
            choices = RULES.prompt(state, role).choices
            keeps = [c for c in choices if c.verb == "keep" and c.group == "search"]
            if keeps:
                shown = buttons(bar(state, role))
                for choice in keeps:
                    card = C(state).card[choice.arg]
                    assert any(card["name"] in b and card["text"] in b for b in shown), card["name"]
                return
            search = [c for c in choices if c.verb == "search"]
            choices = [c for c in choices if c.verb != "undo"]
            pick = search[0] if search else random.Random(seed * 1000 + len(state["log"])).choice(choices)
            RULES.apply(state, role, Action(pick.verb, pick.arg))
    raise AssertionError("no search in 40 games")


def test_a_note_the_button_before_gave_is_not_repeated():
    from games.templatetags.game_tags import _list_notes

    items = ["kit on Ada", "kit on Bo", "axe on Ada"]
    notes = {"kit on Ada": "heals", "kit on Bo": "heals", "axe on Ada": "kills"}
    assert _list_notes(items, notes.get) == [("kit on Ada", "heals"), ("kit on Bo", ""), ("axe on Ada", "kills")]


def test_the_logs_tactic_and_item_names_open_what_they_do():
    state, *_ = grocery_store_fight()
    take_log(state)
    act(state, "p1", "tactic", ALL_IN)
    act(state, "p2", "tactic", next(i for i, t in enumerate(C(state).tactics) if t["id"] == "h_ambush"))
    line = next(x for x in take_log(state) if x["kind"] == "tactics")
    page = str(linked(PRESENTATION.log_sentence(line), PRESENTATION.line_refs(line), "t"))
    assert page.count("popovertarget=") == 2 and "Add three to your combat strength." in page
    assert "Add two to your combat strength." in page and HOUSE in html_lib.unescape(page)
    played = {"kind": "play", "role": "p1", "card": 0}
    refs = PRESENTATION.line_refs(played)
    assert [r.name for r in refs] == [N.card(0)] and refs[0].text == N.card_text(0) != ""


def test_a_crossroads_line_opens_the_crossroads_card_not_an_item():
    line = {"kind": "crossroads_choice", "role": "p1", "card": 0, "option": 0}
    refs = PRESENTATION.line_refs(line)
    card = C(game(4, seed=1)).crossroads[0]
    assert [r.name for r in refs] == [card["name"]] and card["text"] in refs[0].text
