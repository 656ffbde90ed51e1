"""Lobby and game pages, HTMX partials, and the hidden-hand canary."""
import json

import pytest
from django.urls import reverse

from games.models import Game
from tests.example_game.rules import NAMES, card_name

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def login(client, user):
    client.force_login(user)
    return client


def test_create_join_and_start_through_the_pages(client, alice, bob):
    login(client, alice)
    page = client.get(reverse("games:create"))
    assert page.status_code == 200 and b"Duel (example)" in page.content
    response = client.post(reverse("games:create"), {"title_id": "duel", "side": "north", "rated": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    login(client, bob)
    assert f"#{game.pk}".encode() in client.get(reverse("games:lobby")).content
    client.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == "active"
    mine = client.get(reverse("games:my_games")).content.decode()
    assert "Your turn" in mine


def test_create_form_shows_errors_and_keeps_input(client, alice):
    login(client, alice)
    response = client.post(reverse("games:create"), {"title_id": "duel", "invite": "ghost"})
    assert response.status_code == 422
    assert "There is no player called" in response.content.decode()
    assert 'value="ghost"' in response.content.decode()
    assert Game.objects.count() == 0


def test_my_games_lists_games_waiting_on_me_first(client, alice, bob, carol):
    from games.play import services

    waiting = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=waiting.pk, user=bob)
    idle = services.game_create(user=alice, title_id="duel")  # open, not waiting on alice
    html = login(client, alice).get(reverse("games:my_games")).content.decode()
    assert html.index(f"#{waiting.pk} ") < html.index(f"#{idle.pk} ")


def test_a_click_on_a_choice_plays_it_and_returns_the_panel(client, duel, alice):
    login(client, alice)
    card = sorted(duel.state["hands"]["north"])[0]
    response = client.post(reverse("games:act", args=[duel.pk]),
                           {"verb": "pick", "arg": json.dumps(card), "expected_seq": "1"}, **HTMX)
    assert response.status_code == 200
    assert 'id="game-panel"' in response.content.decode()
    assert duel.moves.count() == 2


def test_an_illegal_click_changes_nothing_and_says_why(client, duel, alice):
    login(client, alice)
    foreign = duel.state["hands"]["south"][0]
    response = client.post(reverse("games:act", args=[duel.pk]),
                           {"verb": "pick", "arg": json.dumps(foreign), "expected_seq": "1"}, **HTMX)
    assert response.status_code == 422
    assert "is not one of your choices" in response.content.decode()
    garbled = client.post(reverse("games:act", args=[duel.pk]),
                          {"verb": "pick", "arg": "{", "expected_seq": "x"}, **HTMX)
    assert garbled.status_code == 400 and "could not be read" in garbled.content.decode()
    assert duel.moves.count() == 1


def test_status_poll_triggers_a_refresh_only_when_the_game_moved(client, duel, alice, bob):
    login(client, bob)
    url = reverse("games:status", args=[duel.pk])
    assert "HX-Trigger" not in client.get(url, {"seq": 1}, **HTMX)
    login(client, alice)
    card = sorted(duel.state["hands"]["north"])[0]
    client.post(reverse("games:act", args=[duel.pk]), {"verb": "pick", "arg": card, "expected_seq": 1}, **HTMX)
    login(client, bob)
    assert client.get(url, {"seq": 1}, **HTMX)["HX-Trigger"] == "game-changed"


def test_resign_from_the_page(client, duel, bob):
    login(client, bob).post(reverse("games:resign", args=[duel.pk]))
    duel.refresh_from_db()
    assert duel.status == "finished" and duel.result["winners"] == ["north"]


def _hidden_names(game, role):
    return [card_name(c) for c in game.state["hands"][role]]


def test_no_page_partial_or_json_shows_another_seats_hand(client, duel, alice, bob, carol):
    """Canary: the names of bob's cards never reach alice, a spectator, or anyone's JSON."""
    card = sorted(duel.state["hands"]["north"])[0]
    login(client, alice).post(reverse("games:act", args=[duel.pk]),
                              {"verb": "pick", "arg": card, "expected_seq": 1}, **HTMX)
    duel.refresh_from_db()
    secrets = {"alice": _hidden_names(duel, "south"), "carol": NAMES}
    mine = {"alice": _hidden_names(duel, "north") + [card_name(card)]}
    urls = [reverse(n, args=[duel.pk]) for n in ("games:detail", "games:panel", "games:status", "games:log")]
    urls += [f"/api/games/{duel.pk}/", f"/api/games/{duel.pk}/log/", f"/api/games/{duel.pk}/prompt/", "/api/games/"]
    for viewer in (alice, carol):
        login(client, viewer)
        for url in urls:
            body = client.get(url, **HTMX).content.decode()
            leaked = [n for n in secrets[viewer.username] if n in body and n not in mine.get(viewer.username, [])]
            assert leaked == [], f"{url} shows {leaked} to {viewer}"
    login(client, alice)  # the check can see names: alice's own hand is on her page
    page = client.get(reverse("games:detail", args=[duel.pk])).content.decode()
    assert all(name in page for name in _hidden_names(duel, "north"))


def test_spectators_see_only_the_public_view(client, duel, carol):
    login(client, carol)
    body = client.get(f"/api/games/{duel.pk}/").json()
    assert body["role"] is None and body["prompt"] is None and body["view"]["hand"] == []


def test_invitations_are_listed_with_accept_and_decline(client, alice, bob):
    from games.play import services

    game = services.game_create(user=alice, title_id="duel", invite_username="bob")
    html = login(client, bob).get(reverse("games:my_games")).content.decode()
    assert "Invitations" in html and reverse("games:decline", args=[game.pk]) in html
    client.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == "active"
    assert "Invitations" not in client.get(reverse("games:my_games")).content.decode()


def test_the_time_control_is_shown_before_anyone_joins(client, alice, bob):
    from games.play import services

    game = services.game_create(user=alice, title_id="duel",
                                time_control={"kind": "bank", "initial_days": 3, "increment_days": 1, "max_days": 7,
                                              "weekend_pause": True})
    login(client, bob)
    assert "3 day(s) + 1 per turn, max 7, weekends paused" in client.get(reverse("games:lobby")).content.decode()
    assert "3 day(s) + 1 per turn" in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_the_create_page_sets_the_time_control(client, alice):
    login(client, alice)
    client.post(reverse("games:create"), {"title_id": "duel", "time_kind": "per_move", "days": "5",
                                          "weekend_pause": "on", "vacation_allowed": "on"})
    assert Game.objects.get().time_control["days"] == 5
    bad = client.post(reverse("games:create"), {"title_id": "duel", "time_kind": "bank", "bank_initial": "9",
                                                "bank_increment": "1", "bank_max": "7"})
    assert bad.status_code == 422 and "bank needs" in bad.content.decode()


def test_the_board_after_any_past_move_can_be_viewed(client, duel, alice, bob):
    from games.play import services

    first = sorted(duel.state["hands"]["north"])[0]
    services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=first, expected_seq=1)
    login(client, alice)
    before = client.get(reverse("games:at_move", args=[duel.pk, 1])).content.decode()
    after = client.get(reverse("games:at_move", args=[duel.pk, 2])).content.decode()
    assert card_name(first) in before and card_name(first) not in after.split("Hand")[1].split("Hand Sizes")[0]
    assert client.get(reverse("games:at_move", args=[duel.pk, 9])).status_code == 404
    login(client, bob)
    assert not [n for n in _hidden_names(duel, "north") if n in client.get(
        reverse("games:at_move", args=[duel.pk, 1])).content.decode()]
