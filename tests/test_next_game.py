"""Next game (issue 28, item 5): after a move, the game waiting on me with the
nearest deadline is one click (or the key n) away; My games is in the same
order and says, for a game waiting on others, who and until when."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from games.play import services

pytestmark = pytest.mark.django_db


def duel_between(creator, joiner):
    game = services.game_create(user=creator, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=joiner)
    game.refresh_from_db()
    return game


def due_in(game, user, hours: int) -> None:
    Seat.objects.filter(game=game, user=user).update(deadline_at=timezone.now() + timedelta(hours=hours))


def test_next_goes_to_the_nearest_deadline_among_the_games_waiting_on_me(client, alice, bob):
    later, sooner, third = (duel_between(alice, bob) for _ in range(3))
    due_in(later, alice, 40)
    due_in(sooner, alice, 5)
    due_in(third, alice, 20)
    client.force_login(alice)
    assert client.get(reverse("games:next")).url == reverse("games:detail", args=[sooner.pk])
    after = client.get(reverse("games:next") + f"?after={sooner.pk}")
    assert after.url == reverse("games:detail", args=[third.pk])
    rows = client.get(reverse("games:my_games")).content.decode()
    assert rows.index(f"#{sooner.pk} ") < rows.index(f"#{third.pk} ") < rows.index(f"#{later.pk} ")


def test_after_my_move_the_panel_offers_the_next_game(client, alice, bob):
    here, other = duel_between(alice, bob), duel_between(alice, bob)
    client.force_login(alice)
    assert "data-next-game" not in client.get(reverse("games:detail", args=[here.pk])).content.decode()
    card = sorted(here.state["hands"]["north"])[0]
    answer = client.post(reverse("games:act", args=[here.pk]), {"verb": "pick", "arg": str(card),
                                                                 "expected_seq": here.seq}, HTTP_HX_REQUEST="true")
    panel = answer.content.decode()
    assert f'href="{reverse("games:detail", args=[other.pk])}" data-next-game' in panel
    assert "Next game waiting for you" in panel


def test_nothing_else_waiting_says_so(client, alice, bob):
    duel_between(alice, bob)
    client.force_login(bob)
    Seat.objects.filter(user=bob).update(awaiting=False)
    answer = client.get(reverse("games:next"), follow=True)
    assert "No other game is waiting for your move." in answer.content.decode()


def test_my_games_says_who_a_game_waits_for_and_until_when(client, alice, bob):
    game = duel_between(alice, bob)
    card = sorted(game.state["hands"]["north"])[0]
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=game.seq)
    client.force_login(alice)
    page = client.get(reverse("games:my_games")).content.decode()
    assert "waiting for bob until" in page
