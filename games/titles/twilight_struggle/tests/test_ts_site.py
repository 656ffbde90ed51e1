"""Twilight Struggle through the site: offered, played with every card event, validated on replay."""
import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.test_views import login

from .test_ts_board import play_random, start_game

pytestmark = pytest.mark.django_db


def test_twilight_struggle_is_offered_without_preview_titles(client, alice, settings):
    from games.engine import registry

    settings.HOTLINE_ENABLE_PREVIEW_TITLES = False
    assert "twilight_struggle" in [r.title_id for r in registry.offered()]
    login(client, alice)
    assert "Twilight Struggle" in client.get(reverse("games:create")).content.decode()


def test_twilight_struggle_games_played_through_the_site_validate(alice, bob, capsys):
    """Every card event offered: random legal moves through move_submit, then replay."""
    for seed, avoid in ((3, ("undo",)), (11, ("undo",)), (29, ())):  # the last one undoes too
        game = start_game(alice, bob)
        play_random(game, {"ussr": alice, "us": bob}, 150, seed=seed, avoid=avoid)
    call_command("rebuild_games", "--validate")
    assert "checked 3 game(s), 0 disagree" in capsys.readouterr().out
