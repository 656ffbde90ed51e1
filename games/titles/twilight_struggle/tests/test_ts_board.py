"""The Twilight Struggle board and log: map data, rendering, choices, secrecy, speed, static files."""
from __future__ import annotations

import random
import re
import time

import pytest
from django.urls import reverse

from games.titles.twilight_struggle import layout
from games.titles.twilight_struggle.card_text import SUMMARY
from games.titles.twilight_struggle.rules import data

TITLE = "twilight_struggle"


def start_game(alice, bob):
    """alice is the USSR, bob the US."""
    from games.play import services

    game = services.game_create(user=alice, title_id=TITLE, creator_role="ussr")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def ends_game(rules, state, role, choice) -> bool:
    """Would this move end the game (DEFCON 1, a held scoring card...)? Random play avoids it."""
    import copy

    from games.rules.core import Action

    if choice.verb == "undo":
        return False  # undo is replayed by the site, never applied to a state
    after = rules.apply(copy.deepcopy(state), role, Action(choice.verb, choice.arg))
    return rules.result(after) is not None


def play_random(game, players: dict, moves: int, seed: int = 7, avoid=("undo",)) -> None:
    """Submit ``moves`` random legal moves through the real service (mid-game states)."""
    from games import engine
    from games.play import services
    from games.models import Game

    rng = random.Random(seed)
    rules = engine.rules_for(game)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE or not game.active_roles:
            return
        role = game.active_roles[0]
        prompt = rules.prompt(game.state, role)
        offered = [c for c in prompt.choices if c.verb not in avoid] or list(prompt.choices)
        if game.state["defcon"] <= 3:  # keep the game going: no coups near nuclear war
            offered = [c for c in offered if (c.verb, c.arg) != ("mode", "coup")] or offered
        rng.shuffle(offered)
        choice = next((c for c in offered if not ends_game(rules, game.state, role, c)), offered[0])
        services.move_submit(game_id=game.pk, user=players[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)


def login(client, user):
    client.force_login(user)
    return client


# -- the map layout and card texts (no database) ------------------------------------
def test_the_layout_places_all_84_countries_without_overlaps_or_lines_through_boxes():
    assert sorted(layout.POS) == list(data.COUNTRY_IDS) == list(range(1, 85))
    half_w, half_h = layout.BOX_W / 2, layout.BOX_H / 2
    boxes = {c: (x - half_w, y - half_h, x + half_w, y + half_h) for c, (x, y) in layout.POS.items()}
    for r, (x, y) in layout.SUPERPOWERS.items():
        boxes[r] = (x - layout.SUPER_W / 2, y - layout.SUPER_H / 2, x + layout.SUPER_W / 2, y + layout.SUPER_H / 2)
    for box in boxes.values():
        assert 0 <= box[0] and box[2] <= layout.WIDTH and 0 <= box[1] and box[3] <= layout.HEIGHT
    keys = list(boxes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            A, B = boxes[a], boxes[b]
            assert A[2] <= B[0] or B[2] <= A[0] or A[3] <= B[1] or B[3] <= A[1], (a, b)
    pos = {**layout.POS, **layout.SUPERPOWERS}
    for c in data.COUNTRY_IDS:
        links = list(data.ADJ[c]) + ([data.SUPERPOWER[c]] if data.SUPERPOWER[c] else [])
        for other in links:
            if {c, other} == {43, "us"}:
                continue  # Japan-USA is a labelled stub
            (x1, y1), (x2, y2) = pos[c], pos[other]
            for k, (bx0, by0, bx1, by1) in boxes.items():
                if k in (c, other):
                    continue
                for t in range(1, 200):
                    x, y = x1 + (x2 - x1) * t / 200, y1 + (y2 - y1) * t / 200
                    assert not (bx0 < x < bx1 and by0 < y < by1), f"line {c}-{other} crosses {k}"


def test_every_card_has_a_short_summary_in_our_words():
    assert sorted(SUMMARY) == sorted(data.CARDS)
    assert all(10 < len(text) <= 130 for text in SUMMARY.values())


# -- pages --------------------------------------------------------------------------
@pytest.mark.django_db
def test_countries_are_clickable_exactly_when_they_are_choices(client, alice, bob):
    game = start_game(alice, bob)
    html = login(client, alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    clickable = {int(n) for n in re.findall(r'data-country="(\d+)"[^>]*data-ts-choice', html)}
    assert clickable == set(data.AREAS["eastern_europe"])
    assert html.count('class="c ') == 84
    assert 'hx-post="/games/%d/act/"' % game.pk in html
    # the US is waiting: nothing clickable on its map, and its page names none of the USSR hand
    html = login(client, bob).get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "data-ts-choice" not in html
    assert "board.css" in html


@pytest.mark.django_db
def test_a_map_click_places_influence_and_the_log_links_to_the_move(client, alice, bob):
    game = start_game(alice, bob)
    login(client, alice)
    response = client.post(reverse("games:act", args=[game.pk]), {"verb": "place", "arg": "16",
                                                                   "expected_seq": game.seq}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["inf"]["ussr"][16] == 1
    html = response.content.decode()
    assert "USSR placed 1 influence in Poland." in html
    assert f'href="/games/{game.pk}/at/{game.seq}/"' in html
    past = client.get(reverse("games:at_move", args=[game.pk, game.seq])).content.decode()
    assert "ts-map" in past and "data-ts-choice" not in past
    # a country that is not a choice is refused with a reason, and nothing changes
    refused = client.post(reverse("games:act", args=[game.pk]), {"verb": "place", "arg": "8",
                                                                 "expected_seq": game.seq}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422 and 'class="error"' in refused.content.decode()


@pytest.mark.django_db
def test_mid_game_pages_hide_the_other_hand(client, alice, bob):
    """A mid-game state (~100 random legal moves): neither page shows the other hand.
    (bench/ts_page.py times this page.)"""
    game = start_game(alice, bob)
    play_random(game, {"ussr": alice, "us": bob}, 100)
    game.refresh_from_db()
    url = reverse("games:detail", args=[game.pk])
    for viewer, other in ((alice, "us"), (bob, "ussr")):
        login(client, viewer)
        html = client.get(url).content.decode()
        public = str([line for m in game.moves.all() for line in m.log])
        for card in game.state["hands"][other]:
            assert f'data-card="{card}"' not in html
            if f"'card': {card}" not in public:
                assert f"#{card} {data.CARD_NAME[card]}" not in html


def test_collectstatic_gives_the_board_css_a_hashed_name(tmp_path, settings):
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}
    call_command("collectstatic", interactive=False, verbosity=0)
    import json as _json

    manifest = _json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    hashed = manifest["twilight_struggle/board.css"]
    assert re.fullmatch(r"twilight_struggle/board\.[0-9a-f]{12}\.css", hashed)
    assert (tmp_path / hashed).exists() and (tmp_path / (hashed + ".gz")).exists()
    assert "twilight_struggle/board.js" in manifest
