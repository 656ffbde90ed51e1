"""Moderator timeline, takeback picker, audit and log pages name Twilight Struggle's
cards and countries, and keep secret choices secret (no raw verbs, ids or JSON)."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from games import engine
from games.play import services
from games.models import Game
from games.titles.twilight_struggle.rules import data
from tests.test_moderation_fixtures import fresh_cache, mod, suspension_middleware  # noqa: F401

from .test_ts_board import start_game

pytestmark = pytest.mark.django_db
RAW = re.compile(r'\b(place|headline|order|mode|realign|coup) \d+\b|[{}\[\]"]\s*\w+"?:|ops_first|event_first')


def play_until(game, players, wanted: str, limit: int = 60) -> Game:
    """Take the first choice of each prompt until ``wanted`` is offered to someone."""
    rules = engine.rules_for(game)
    for _ in range(limit):
        game = Game.objects.get(pk=game.pk)
        for role in game.active_roles:
            if any(c.verb == wanted for c in rules.prompt(game.state, role).choices):
                return game
        role = game.active_roles[0]
        choice = next(c for c in rules.prompt(game.state, role).choices if c.verb != "undo")
        services.move_submit(game_id=game.pk, user=players[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)
    raise AssertionError(f"no {wanted} within {limit} moves")


def place_in(game, user, role: str, key: str) -> Game:
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=user, verb="place", arg=data.BY_KEY[key], expected_seq=game.seq)
    return Game.objects.get(pk=game.pk)


def headline_pick(game, user, role: str) -> int:
    game.refresh_from_db()
    card = next(c.arg for c in engine.rules_for(game).prompt(game.state, role).choices if c.verb == "headline")
    services.move_submit(game_id=game.pk, user=user, verb="headline", arg=card, expected_seq=game.seq)
    return card


def text_of(response) -> str:
    """What a reader sees: the page without styles, scripts and tags."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_the_moderator_timeline_describes_moves_in_words(client, alice, bob, mod):
    game = start_game(alice, bob)
    place_in(game, alice, "ussr", "poland")
    client.force_login(mod)
    page = text_of(client.get(reverse("moderation:timeline", args=[game.pk])))
    assert "USSR placed 1 influence in Poland." in page
    assert not RAW.search(page), RAW.search(page)


def test_a_face_down_headline_stays_secret_on_the_timeline_until_revealed(client, alice, bob, mod):
    game = play_until(start_game(alice, bob), {"ussr": alice, "us": bob}, "headline")
    card = headline_pick(game, alice, "ussr")
    name = data.CARDS[card]["name"]
    client.force_login(mod)
    page = text_of(client.get(reverse("moderation:timeline", args=[game.pk])))
    assert "USSR made a secret choice." in page
    assert name not in page and f"headline {card}" not in page
    headline_pick(game, bob, "us")  # both picked: the log reveals them
    page = text_of(client.get(reverse("moderation:timeline", args=[game.pk])))
    assert name in page


def test_the_takeback_picker_and_notice_name_the_move(client, alice, bob):
    game = start_game(alice, bob)
    game = place_in(game, alice, "ussr", "poland")
    client.force_login(alice)
    panel = client.get(reverse("moderation:game_panel", args=[game.pk])).content.decode()
    assert f"Move {game.seq}: USSR placed 1 influence in Poland." in panel
    client.post(reverse("moderation:takeback_request", args=[game.pk]), {"move_seq": game.seq})
    client.force_login(bob)
    panel = text_of(client.get(reverse("moderation:game_panel", args=[game.pk])))
    assert "asks to take back move" in panel and "USSR placed 1 influence in Poland." in panel


def test_the_board_at_a_move_is_the_rendered_board_not_json(client, alice, bob, mod):
    game = start_game(alice, bob)
    game = place_in(game, alice, "ussr", "poland")
    client.force_login(mod)
    url = reverse("moderation:board", args=[game.pk, game.seq])
    row = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert row.startswith("<tr") and "data-ts-board" in row and '"inf"' not in row
    assert "USSR placed 1 influence in Poland." in row
    page = client.get(url).content.decode()
    assert "<html" in page and "data-ts-board" in page and "Back to the timeline" in page


def test_the_log_page_has_the_site_layout_and_a_replay_for_players_only_while_running(client, alice, bob, carol):
    game = start_game(alice, bob)
    game = place_in(game, alice, "ussr", "poland")
    client.force_login(alice)
    page = client.get(reverse("games:log", args=[game.pk])).content.decode()
    # the country's name in the sentence is a link to the map
    assert "<html" in page and 'id="replay-seq"' in page and "USSR placed 1 influence in Poland." in strip_tags(page)
    assert 'class="place-link"' in page
    board = client.get(reverse("games:replay", args=[game.pk]) + "?seq=2", HTTP_HX_REQUEST="true")
    assert board.status_code == 200 and "data-ts-board" in board.content.decode()
    client.force_login(carol)
    page = client.get(reverse("games:log", args=[game.pk])).content.decode()
    assert 'id="replay-seq"' not in page and "USSR placed 1 influence in Poland." in strip_tags(page)
    assert client.get(reverse("games:at_move", args=[game.pk, 2])).status_code == 404
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert 'id="replay-seq"' in client.get(reverse("games:log", args=[game.pk])).content.decode()
    assert client.get(reverse("games:at_move", args=[game.pk, 2])).status_code == 200
