"""Issue 27, items 2-4: ways around seats and secrets at team tables.

2. An invitation to substitute an away seat ends when its player returns
   ("I'm back" or their own move): the substitute can no longer take a
   present player's seat, hand and secret objective.
3. A player who leaves the game (hands their seat to a substitute) ends every
   cover they hold: no more reading the covered seat, and another teammate
   may cover it.
4. Extra time is a gift from an opponent, never from a teammate.
"""
import pytest
from django.urls import reverse

from games.errors import BadRequest, Forbidden
from games.models import Seat
from games.play import services
from games.tables import proxy_take, substitute_accept, substitute_invite
from tests.test_team_seats import api, away, page, play_default, secret_objective, shows, table, until_active  # noqa: F401

pytestmark = pytest.mark.django_db


def invite_while_away(game, users, make_user):
    quinn = make_user("quinn")
    away(game, users, "p3")
    substitute_invite(game_id=game.pk, user=users["p1"], role="p3", username="quinn")
    assert Seat.objects.get(game=game, role="p3").substitute_id == quinn.pk
    return quinn


def test_im_back_ends_a_teammates_invitation_to_substitute_the_seat(table, client, make_user):
    game, users = table
    quinn = invite_while_away(game, users, make_user)
    assert api(users["p3"]).post(f"/api/games/{game.pk}/back/", {}, format="json").status_code == 200
    assert Seat.objects.get(game=game, role="p3").substitute_id is None
    assert api(quinn).post(f"/api/games/{game.pk}/substitute/accept/", {}, format="json").status_code == 403
    seat = Seat.objects.get(game=game, role="p3")
    assert seat.user_id == users["p3"].pk
    text = page(client, quinn, game)
    assert "Take over this seat" not in text and not shows(secret_objective(game, "p3"), text)


def test_the_players_own_move_ends_the_invitation_too(table, make_user):
    game, users = table
    quinn = invite_while_away(game, users, make_user)
    until_active(game, users, "p3")
    play_default(game, users["p3"], "p3")
    assert Seat.objects.get(game=game, role="p3").substitute_id is None
    with pytest.raises(Forbidden):
        substitute_accept(game_id=game.pk, user=quinn)
    assert Seat.objects.get(game=game, role="p3").user_id == users["p3"].pk


def test_a_present_player_hands_over_their_own_seat_and_their_moves_keep_the_invitation(table, make_user):
    game, users = table
    quinn = make_user("quinn")
    substitute_invite(game_id=game.pk, user=users["p3"], role="p3", username="quinn")
    until_active(game, users, "p3")
    play_default(game, users["p3"], "p3")
    assert substitute_accept(game_id=game.pk, user=quinn).user_id == quinn.pk


def test_a_teammate_cannot_hand_over_a_present_seat(table, make_user):
    game, users = table
    make_user("quinn")
    with pytest.raises(BadRequest):
        substitute_invite(game_id=game.pk, user=users["p1"], role="p3", username="quinn")


def test_a_proxy_who_leaves_the_game_stops_reading_the_seat_and_another_teammate_may_cover_it(
        table, client, make_user):
    game, users = table
    mia, quinn = users["p1"], make_user("quinn")
    away(game, users, "p3")
    proxy_take(game_id=game.pk, user=mia, role="p3")
    assert api(mia).get(f"/api/games/{game.pk}/", {"as_role": "p3"}).status_code == 200
    substitute_invite(game_id=game.pk, user=mia, role="p1", username="quinn")  # mia hands her own seat over
    substitute_accept(game_id=game.pk, user=quinn)

    seat = Seat.objects.get(game=game, role="p3")
    assert seat.proxy_id is None and seat.autopilot  # away again, no longer covered by mia
    assert api(mia).get(f"/api/games/{game.pk}/", {"as_role": "p3"}).status_code == 403
    text = page(client, mia, game, as_role="p3")
    assert "Playing as:" not in text and not shows(secret_objective(game, "p3"), text)
    assert proxy_take(game_id=game.pk, user=quinn, role="p3").proxy_id == quinn.pk  # the new teammate covers


def test_a_teammate_cannot_grant_time_an_opponent_can_and_the_page_offers_it_only_to_opponents(table, client):
    game, users = table
    until_active(game, users, "p3")
    before = Seat.objects.get(game=game, role="p3").deadline_at
    with pytest.raises(BadRequest, match="only to an opponent"):
        services.game_grant_time(game_id=game.pk, user=users["p1"], role="p3", days=7)
    client.force_login(users["p1"])
    client.post(reverse("games:grant_time", args=[game.pk]), {"role": "p3", "days": "7"})
    assert Seat.objects.get(game=game, role="p3").deadline_at == before
    assert 'name="role" value="p3"' not in page(client, users["p1"], game)  # no grant form for a teammate
    assert 'name="role" value="p3"' in page(client, users["p2"], game)
    services.game_grant_time(game_id=game.pk, user=users["p2"], role="p3", days=1)
    assert Seat.objects.get(game=game, role="p3").deadline_at > before
