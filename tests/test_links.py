"""Names in a sentence point at the map or open a card's text (games/engine/links.py)."""
from __future__ import annotations

import json
import re

from games.engine.links import Ref, linked

PANAMA = Ref("Panama", place=("country", "7"))
KOREA = Ref("South Korea", place=("country", "30"))
NORTH = Ref("North Korea", place=("country", "29"))
CARD = Ref("Duck & Cover", text="DEFCON drops <1>; the US gains VP.")


def test_a_place_becomes_a_button_that_names_its_place_and_keeps_the_words():
    html = linked("US placed 2 influence in Panama.", [PANAMA])
    assert re.sub(r"<[^>]+>", "", html) == "US placed 2 influence in Panama."
    button = re.search(r'<button type="button" class="place-link" data-places="([^"]+)">Panama</button>', html)
    assert json.loads(button.group(1).replace("&quot;", '"')) == [["country", "7"]]


def test_a_card_opens_its_text_in_a_popover_and_everything_is_escaped():
    html = linked("USSR played <Duck & Cover> for the event.", [CARD], scope="log3")
    assert "&lt;" in html and "<Duck" not in html
    assert 'popovertarget="card-log3-0">Duck &amp; Cover</button>&gt; for the event.' in html
    # the popover comes after the sentence, so the sentence's words stay together
    assert html.endswith('<span class="card-pop" id="card-log3-0" popover><strong>Duck &amp; Cover</strong> '
                         'DEFCON drops &lt;1&gt;; the US gains VP.</span>')


def test_only_whole_words_and_the_first_occurrence_are_linked():
    assert "button" not in linked("Panamanian ships sail.", [PANAMA])
    html = linked("Panama, then Panama again.", [PANAMA])
    assert html.count("<button") == 1 and html.index("<button") == 0


def test_longer_names_win_and_links_never_overlap():
    html = linked("A coup in North Korea; South Korea holds.", [Ref("Korea", place=("x", "1")), NORTH, KOREA])
    assert html.count("<button") == 2
    assert ">North Korea</button>" in html and ">South Korea</button>" in html and ">Korea</button>" not in html


def test_of_two_places_with_one_name_the_first_given_is_linked_in_every_run():
    first, second = Ref("Ada", place=("survivor", "3")), Ref("Ada", place=("loc-id", "ada"))
    assert '[[&quot;survivor&quot;, &quot;3&quot;]]' in linked("Ada searched.", [first, second])
    assert '[[&quot;loc-id&quot;, &quot;ada&quot;]]' in linked("Ada searched.", [second, first])


def test_names_in_korean_and_japanese_take_particles():
    assert ">파나마</button>에" in linked("미국이 파나마에 영향력 2를 놓았습니다.", [Ref("파나마", place=("country", "7"))])
    assert ">パナマ</button>に" in linked("アメリカがパナマに影響力を2置いた。", [Ref("パナマ", place=("country", "7"))])


def test_a_name_the_sentence_does_not_hold_is_left_out():
    assert linked("Nothing here.", [PANAMA, CARD, Ref("")]) == "Nothing here."


# -- every title: the log's names point at its board -------------------------------------
import html as html_lib  # noqa: E402

from itertools import islice  # noqa: E402

import pytest  # noqa: E402

from games.engine import registry  # noqa: E402
from games.rules.core import rng  # noqa: E402
from games.rules.core.testing import new_game, pick  # noqa: E402
from tests.test_presentation import played  # noqa: E402

POPOVER = re.compile(r'<span class="card-pop"[^>]*>.*?</span>', re.S)


def random_lines(title_id: str, seed: int, steps: int = 300):
    """The log lines of the first ``steps`` moves of a random game (tests/test_presentation.py's)."""
    for *_, lines in islice(played(registry.get(title_id), seed), steps):
        yield from lines


@pytest.mark.parametrize("title_id", sorted(t for t in registry.titles() if registry.presentation(t).place_keys))
def test_the_places_and_cards_a_log_names_are_links_in_its_sentences(title_id):
    show = registry.presentation(title_id)
    placed = linked_places = cards = 0
    for seed in (1, 2):
        for n, line in enumerate(random_lines(title_id, seed)):
            text = show.log_sentence(line)
            places = show.line_places(line)
            assert all(show.place_name(attr, key) for attr, key in places), line  # every place has a name
            if not text:
                continue
            out = linked(text, show.line_refs(line), f"t{n}")
            assert html_lib.unescape(re.sub(r"<[^>]+>", "", POPOVER.sub("", out))) == text  # the words are kept
            placed += bool(places)
            linked_places += bool(places) and 'class="place-link"' in out
            cards += 'class="card-link"' in out
    assert placed and linked_places >= placed * 0.8, (linked_places, placed)
    assert cards or not show.card_keys


@pytest.mark.parametrize("title_id", sorted(registry.titles()))
def test_the_cards_being_played_are_public_and_shown_with_their_text(title_id):
    """The "being played" panel: every seat and a spectator see the same cards
    (they are face up), each with a name and our own text; titles with a played-card
    panel show one at some point of a random game."""
    rules, show = registry.get(title_id), registry.presentation(title_id)
    state = new_game(rules, 4)
    roles = rules.roles(rules.scenarios()[0], rules.clean_options({}))
    picker, seen = {"rng": rng.new(4)}, 0
    for _ in range(300):
        if rules.result(state) is not None:
            break
        shown = [show.playing(rules.view(state, role)) for role in [None, *roles]]
        assert all(cards == shown[0] for cards in shown), shown
        assert all(card.name and card.text for card in shown[0])
        seen += bool(shown[0])
        role = pick(picker, rules.active_roles(state))
        state = rules.apply(state, role, pick(picker, [c for c in rules.prompt(state, role).choices
                                                       if c.verb != "undo"]).action)
    assert seen or not show.playing_key


@pytest.mark.parametrize("title_id", sorted(t for t in registry.titles() if registry.presentation(t).place_keys))
def test_the_places_a_choice_names_ring_on_the_map_from_its_button(title_id):
    rules, show = registry.get(title_id), registry.presentation(title_id)
    state, picker, named = new_game(rules, 6), {"rng": rng.new(6)}, 0
    for _ in range(200):
        if rules.result(state) is not None:
            break
        role = pick(picker, rules.active_roles(state))
        choices = [c for c in rules.prompt(state, role).choices if c.verb != "undo"]
        for choice in choices:
            for attr, key in show.choice_places(choice):
                assert re.fullmatch(r"[a-z][a-z-]*", attr) and isinstance(key, str) and show.place_name(attr, key)
                named += 1
        state = rules.apply(state, role, pick(picker, choices).action)
    assert named


@pytest.mark.django_db
def test_a_choice_button_carries_the_places_it_names(client, make_user):
    from tests.test_briefing_e2e import started, titles

    seen = 0
    for title_id in titles():
        users = [make_user(f"{title_id[:4]}{n}") for n in range(1, 6)]
        game = started(title_id, users)
        seat = game.seats.get(role=game.active_roles[0])
        client.force_login(seat.user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        show = registry.presentation(title_id)
        named = [show.choice_places(c) for c in registry.get(title_id).prompt(game.state, seat.role).choices]
        for places in filter(None, named):
            assert f'data-places="{html_lib.escape(json.dumps(places))}"' in page, places
            seen += 1
    assert seen  # some title starts with choices on its map (setup placements)


@pytest.mark.parametrize("title_id", sorted(t for t in registry.titles() if registry.presentation(t).named_places()))
def test_the_places_and_cards_a_prompt_names_are_links(title_id):
    """A prompt's sentence ("Missile Envy: choose a card", "Remove 2 of your SPs in
    Poland") links the names it holds, like the log; the words stay the same."""
    rules, show = registry.get(title_id), registry.presentation(title_id)
    state, picker, links = new_game(rules, 9), {"rng": rng.new(9)}, 0
    for _ in range(600):
        if rules.result(state) is not None:
            break
        role = pick(picker, rules.active_roles(state))
        prompt = show.localize_prompt(rules.prompt(state, role))
        refs = show.prompt_refs(prompt)
        assert all(ref.name in prompt.text for ref in refs)
        html = linked(prompt.text, refs, "prompt")
        assert html_lib.unescape(re.sub(r"<[^>]+>", "", html)).startswith(prompt.text)  # the popovers come after it
        links += html.count("<button")
        state = rules.apply(state, role, pick(picker, [c for c in rules.prompt(state, role).choices
                                                       if c.verb != "undo"]).action)
    assert links, "some prompt named a place or a card"
