"""Real concurrency against PostgreSQL: threads with their own connections."""
import pytest
from django.test import Client

from games.play import services
from games.errors import GameError, StaleMove
from games.models import Game, Move

from tests.threads import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def new_duel(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def test_the_same_move_submitted_twice_at_once_is_stored_once(alice, bob):
    game = new_duel(alice, bob)
    card = sorted(game.state["hands"]["north"])[0]

    def submit():
        return services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=1)

    for _ in range(5):
        results = run_together([submit, submit])
        errors = [r for r in results if isinstance(r, Exception)]
        assert len(errors) == 1 and isinstance(errors[0], GameError), results
        assert Move.objects.filter(game=game, role="north").count() == 1
        game = new_duel(alice, bob)
        card = sorted(game.state["hands"]["north"])[0]


def test_eight_clients_racing_for_one_move_store_exactly_one(alice, bob):
    game = new_duel(alice, bob)
    card = sorted(game.state["hands"]["north"])[0]
    calls = [lambda: services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=1)] * 8
    results = run_together(calls)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, (StaleMove, GameError)) for r in results if isinstance(r, Exception))
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2]


def test_both_secret_picks_at_the_same_moment_are_both_kept(alice, bob):
    game = new_duel(alice, bob)
    north, south = sorted(game.state["hands"]["north"])[0], sorted(game.state["hands"]["south"])[0]
    results = run_together([
        lambda: services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=north, expected_seq=1),
        lambda: services.move_submit(game_id=game.pk, user=bob, verb="pick", arg=south, expected_seq=1),
    ])
    assert not any(isinstance(r, Exception) for r in results), results
    game.refresh_from_db()
    assert game.state["last_picks"] == {"north": north, "south": south}
    assert game.seq == 3


def test_two_tabs_double_posting_through_the_api_get_one_success_and_one_409(alice, bob):
    game = new_duel(alice, bob)
    card = sorted(game.state["hands"]["north"])[0]

    def post():
        client = Client()
        client.force_login(alice)
        return client.post(f"/api/games/{game.pk}/actions/", {"verb": "pick", "arg": card, "expected_seq": 1},
                           content_type="application/json").status_code

    assert sorted(run_together([post, post])) == [200, 409]
    assert Game.objects.get(pk=game.pk).seq == 2
