"""Rematch (issue 28, item 6): at the end, the same options and time control
with the sides swapped, kept or random; the other player accepts with one
click (joining the invitation); asking twice gives the same game."""
import pytest
from django.urls import reverse

from games.models import Game
from games.play import services

pytestmark = pytest.mark.django_db


def finished(duel, bob):
    services.game_resign(game_id=duel.pk, user=bob)
    duel.refresh_from_db()
    return duel


def test_a_rematch_swaps_the_sides_and_the_opponent_joins_in_one_click(client, duel, alice, bob):
    finished(duel, bob)
    client.force_login(alice)
    page = client.get(reverse("games:detail", args=[duel.pk])).content.decode()
    assert "Offer a rematch" in page and 'value="swap"' in page
    answer = client.post(reverse("games:rematch", args=[duel.pk]), {"sides": "swap"})
    new = Game.objects.get(rematch_of=duel)
    assert answer.url == reverse("games:detail", args=[new.pk])
    assert (new.creator_role, new.invited_user, new.options, new.time_control, new.rated) == (
        "south", bob, duel.options, duel.time_control, duel.rated)
    client.force_login(bob)
    assert f"Open game #{new.pk}" in client.get(reverse("games:detail", args=[duel.pk])).content.decode()
    client.post(reverse("games:join", args=[new.pk]))
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE
    assert dict(new.seats.values_list("user__username", "role")) == {"alice": "south", "bob": "north"}


def test_kept_and_random_sides(duel, alice, bob):
    from games import tables

    finished(duel, bob)
    kept = tables.rematch(game_id=duel.pk, user=bob, sides="keep")
    assert kept.creator_role == "south" and kept.created_by == bob
    assert tables.rematch(game_id=duel.pk, user=alice, sides="random") == kept  # the open one, not a second


def test_asking_twice_makes_one_game_and_bad_input_is_refused(client, duel, alice, bob, carol):
    client.force_login(alice)
    early = client.post(reverse("games:rematch", args=[duel.pk]), {"sides": "swap"}, follow=True)
    assert "Only a player of a finished game" in early.content.decode()
    finished(duel, bob)
    client.post(reverse("games:rematch", args=[duel.pk]), {"sides": "swap"})
    client.post(reverse("games:rematch", args=[duel.pk]), {"sides": "swap"})
    assert Game.objects.filter(rematch_of=duel).count() == 1
    bad = client.post(reverse("api:rematch", args=[duel.pk]), {"sides": "upside down"}, content_type="application/json")
    assert bad.status_code == 400
    client.force_login(carol)
    assert client.post(reverse("api:rematch", args=[duel.pk]), {}, content_type="application/json").status_code == 403


def test_the_api_offers_a_rematch(client, duel, alice, bob):
    finished(duel, bob)
    client.force_login(bob)
    answer = client.post(reverse("api:rematch", args=[duel.pk]), {"sides": "keep"}, content_type="application/json")
    assert answer.status_code == 201 and answer.json()["status"] == "open"
    assert Game.objects.get(pk=answer.json()["id"]).rematch_of_id == duel.pk
