"""Issue 21: the lobby of team games (4–11 seats). The create page keeps seats
for invited players, each in a team; the lobby and the game page show the
teams in words (who sits, who a seat is kept for, open seats), the options,
packs and pace; players join a team with room; the game starts when the last
seat is taken and every player sits in the team chosen. Same through the API.
"""
from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import tables
from games.engine import registry
from games.web import selectors
from games.play import services
from games.models import Game, Invitation, Seat
from games.engine.teams import assign_roles, open_seats, teams_of, title_teams

# The team title (Colony A, Colony B, the Lone Wolf; 4 to 11 seats), found
# rather than named: only its own folder names a title (tests/test_layout.py).
DOW = next(t for t in sorted(registry.titles()) if title_teams(registry.get(t)))
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    """Invitation budgets per invited player live in the cache."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def mia(make_user):
    return make_user("mia")


@pytest.fixture
def dan(make_user):
    return make_user("dan")


@pytest.fixture
def eve(make_user):
    return make_user("eve")


def create_form(**extra) -> dict:
    """The create page as a player fills it for a 5-seat Dead of Winter game:
    alice in Colony A, bob kept in Colony A, mia kept in Colony B."""
    return {"title_id": DOW, f"opt_{DOW}_players": "5", "rated": "on", "time_kind": "", f"team_{DOW}": "0",
            f"invitee_{DOW}_1": "bob", f"invitee_team_{DOW}_1": "0",
            f"invitee_{DOW}_2": "mia", f"invitee_team_{DOW}_2": "1", **extra}


def no_invitees() -> dict:
    return {f"invitee_{DOW}_1": "", f"invitee_{DOW}_2": ""}


@pytest.fixture
def table(client, alice, bob, mia):
    """The 5-seat game made through the create page: 1 seat taken, 2 kept, 2 open."""
    client.force_login(alice)
    response = client.post(reverse("games:create"), create_form())
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(title_id=DOW)
    client.logout()
    return game


def main_text(response) -> str:
    html = response.content.decode()
    return html[html.index("<main"):html.index("</main>")]


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def assert_no_ids_nor_json(html: str) -> None:
    """Pages speak in words: no role ids ("p3") and no JSON in what is shown."""
    text = words(html)
    assert not re.search(r"\bp\d+\b", text), re.search(r".{40}\bp\d+\b.{40}", text)
    assert "{" not in text and '":' not in text


def team_roles(game: Game, label_index: int) -> list[str]:
    return teams_of(game)[label_index]


# -- create --------------------------------------------------------------------
def test_create_page_keeps_seats_for_invitees_in_their_teams(table, alice, bob, mia):
    assert table.options["players"] == 5 and table.status == Game.Status.OPEN
    assert table.time_control["kind"] == "pace" and table.time_control["profile"] == "daily"
    assert table.invited_user is None  # a team game is never reserved for one player
    assert Seat.objects.get(game=table, user=alice).team == "0"
    assert {(i.user.username, i.team) for i in table.invitations.all()} == {("bob", "0"), ("mia", "1")}
    assert open_seats(table) == 2


def test_create_page_offers_pace_teams_and_invitation_lines(client, alice):
    client.force_login(alice)
    page = client.get(reverse("games:create")).content.decode()
    assert 'name="pace"' in page and "Daily pace" in page and "Live pace" in page
    assert f'name="team_{DOW}"' in page and "Colony B" in page and "Lone Wolf" in page
    assert f'name="invitee_{DOW}_10"' in page and f'name="invitee_team_{DOW}_10"' in page
    assert f'name="invitee_{DOW}_11"' not in page  # 11 seats at most: the creator and 10 others


def test_a_chosen_pace_and_the_usual_duel_time_control(client, alice):
    client.force_login(alice)
    client.post(reverse("games:create"), create_form(time_kind="pace", pace="brisk", **no_invitees()))
    assert Game.objects.get(title_id=DOW).time_control["profile"] == "brisk"
    client.post(reverse("games:create"), {"title_id": "duel"})
    duel = Game.objects.get(title_id="duel")
    assert duel.time_control["kind"] == "per_move" and duel.time_control["days"] == 3


def test_a_bad_username_creates_nothing_and_keeps_the_form(client, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("games:create"), create_form(**{f"invitee_{DOW}_2": "ghost"}))
    assert response.status_code == 422
    page = response.content.decode()
    assert "There is no player called “ghost”." in page
    assert not Game.objects.exists() and not Invitation.objects.exists()  # bob's kept seat went too
    assert f'name="invitee_{DOW}_1" value="bob"' in page
    assert f'name="invitee_{DOW}_2" value="ghost"' in page
    assert re.search(r'<option value="5" selected>', page)  # five players, still chosen
    assert re.search(f'name="team_{DOW}"[^>]*>.*?<option value="0" selected>', page, re.S)


def test_a_seat_outside_the_chosen_team_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(reverse("games:create"), create_form(side="p2", **no_invitees()))
    assert response.status_code == 422
    assert "Player 2 does not play in Colony A" in response.content.decode()
    assert not Game.objects.exists()


def test_the_single_invite_field_of_a_team_game_keeps_a_seat_instead_of_reserving_the_game(client, alice, dan):
    client.force_login(alice)
    client.post(reverse("games:create"), create_form(invite="dan", **no_invitees()))
    game = Game.objects.get(title_id=DOW)
    assert game.invited_user is None
    assert [(i.user.username, i.team) for i in game.invitations.all()] == [("dan", "")]


def test_duel_invitations_still_reserve_the_game(client, alice, bob, carol):
    client.force_login(alice)
    client.post(reverse("games:create"), {"title_id": "duel", "invite": "bob"})
    game = Game.objects.get(title_id="duel")
    assert game.invited_user == bob and not game.invitations.exists()
    client.force_login(carol)
    client.post(reverse("games:join", args=[game.pk]))
    assert not game.seats.filter(user=carol).exists()
    client.force_login(bob)
    client.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


# -- the lobby and the game page ---------------------------------------------------
def test_lobby_shows_teams_names_seats_options_packs_and_pace(client, table, eve):
    client.force_login(eve)
    html = main_text(client.get(reverse("games:lobby")))
    text = words(html)
    assert "Dead of Winter" in text
    assert "1 of 5 seats taken" in text and "2 open seats" in text
    assert re.search(r"Colony A : alice , kept for bob", text), text
    assert re.search(r"Colony B : kept for mia , 1 open seat", text), text
    assert re.search(r"Lone Wolf : 1 open seat", text), text
    assert "Daily pace (a day per step, 12 hours for sealed choices, two days for the survivor draft)" in text
    assert "Players: 5 players" in text and "Card content:" in text
    assert_no_ids_nor_json(html)


def test_the_pack_name_comes_from_the_option_label(client, table, eve):
    from games.engine import registry

    show = registry.presentation(DOW)
    pack = show.option_value_label("content", table.options["content"])
    assert pack and pack != table.options["content"]
    client.force_login(eve)
    assert f"Card content: {pack}" in words(main_text(client.get(reverse("games:lobby"))))


def test_invited_players_see_their_invitation_in_the_lobby(client, table, mia):
    client.force_login(mia)
    text = words(main_text(client.get(reverse("games:lobby"))))
    assert "You are invited to Colony B" in text


def test_the_lobby_row_of_an_invitee_comes_first(client, table, alice, mia):
    other = services.game_create(user=alice, title_id="duel")
    client.force_login(mia)
    html = main_text(client.get(reverse("games:lobby")))
    assert html.index(f"#{table.pk} ") < html.index(f"#{other.pk} ")


def test_game_page_shows_teams_kept_seats_and_a_join_button_per_team_with_room(client, table, eve):
    client.force_login(eve)
    html = main_text(client.get(reverse("games:detail", args=[table.pk])))
    text = words(html)
    assert "1 of 5 seats taken, 2 open" in text
    assert "kept for bob" in text and "kept for mia" in text and "open seat" in text
    assert "Join Colony B" in text and "Join Lone Wolf" in text and "Join any team" in text
    assert "Join Colony A" not in text  # alice and the seat kept for bob fill it
    assert "Daily pace" in text and "Card content:" in text and "Players: 5 players" in text
    assert 'name="team" value="1"' in html
    assert "Invite a player" not in text and "Withdraw" not in text  # only the creator keeps seats
    assert_no_ids_nor_json(html)


def test_the_creator_sees_the_invitation_form_and_cancel(client, table, alice):
    client.force_login(alice)
    html = main_text(client.get(reverse("games:detail", args=[table.pk])))
    assert 'action="/games/%d/invite/"' % table.pk in html and "Cancel game" in html
    assert "Join" not in words(html)  # already seated


def test_an_invitee_sees_the_seat_kept_for_them(client, table, mia):
    client.force_login(mia)
    text = words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    assert "alice keeps a seat for you in Colony B." in text
    assert "Accept invitation" in text and "Decline" in text
    assert "Join Colony B" not in text  # they take the kept seat, not another one


def test_the_status_line_counts_the_players_a_team_table_still_waits_for(client, table, alice, carol, dan):
    """Kept seats are not taken yet: alice alone of 5 waits for 4 more, then for 1."""
    client.force_login(alice)
    status = reverse("games:status", args=[table.pk])
    text = words(client.get(status).content.decode())
    assert "Waiting for 4 more players (1 of 5 seats taken)." in text and "opponent" not in text
    assert "Waiting for 4 more players" in words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    for user, team in ((carol, "1"), (dan, "2")):
        services.seat_join(game_id=table.pk, user=user, team=team)
    services.seat_join(game_id=table.pk, user=table.invitations.get(team="0").user)
    assert "Waiting for 1 more player (4 of 5 seats taken)." in words(client.get(status).content.decode())


def test_an_open_duel_still_waits_for_an_opponent(client, alice):
    game = services.game_create(user=alice, title_id="duel")
    client.force_login(alice)
    text = words(client.get(reverse("games:status", args=[game.pk])).content.decode())
    assert "Waiting for an opponent to join." in text and "more player" not in text


def test_my_games_lists_a_kept_seat_in_words_and_its_join_button_takes_it(client, table, mia):
    client.force_login(mia)
    html = main_text(client.get(reverse("games:my_games")))
    assert "alice invited you to a Dead of Winter: Warring Colonies table (Colony B)" in words(html)
    join = reverse("games:join", args=[table.pk])
    assert f'action="{join}"' in html and f'action="{reverse("games:decline", args=[table.pk])}"' in html
    assert_no_ids_nor_json(html)
    client.post(join)
    assert Seat.objects.get(game=table, user=mia).team == "1" and not table.invitations.filter(user=mia).exists()
    assert "invited you" not in words(main_text(client.get(reverse("games:my_games"))))


def test_my_games_declines_a_kept_seat_and_says_any_team(client, table, alice, bob, dan):
    tables.invite(game_id=table.pk, user=alice, username="dan")
    client.force_login(dan)
    assert "alice invited you to a Dead of Winter: Warring Colonies table (any team)" in words(
        main_text(client.get(reverse("games:my_games"))))
    client.force_login(bob)
    client.post(reverse("games:decline", args=[table.pk]))
    assert not table.invitations.filter(user=bob).exists()
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN
    assert "invited you" not in words(main_text(client.get(reverse("games:my_games"))))


def test_my_games_still_lists_a_duel_invitation(client, alice, bob):
    game = services.game_create(user=alice, title_id="duel", invite_username="bob")
    client.force_login(bob)
    html = main_text(client.get(reverse("games:my_games")))
    assert f"#{game.pk} " in html and "from alice" in words(html) and "Accept" in words(html)


def test_anonymous_visitors_see_the_teams_and_a_login_link(client, table):
    text = words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    assert "Colony A" in text and "kept for mia" in text and "Log in to join this game." in text


# -- joining -------------------------------------------------------------------
def test_joining_a_team_with_room(client, table, dan):
    client.force_login(dan)
    client.post(reverse("games:join", args=[table.pk]), {"team": "1"})
    assert Seat.objects.get(game=table, user=dan).team == "1"
    text = words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    assert re.search(r"Colony B : dan \(you\) , kept for mia", text), text


def test_a_full_team_refuses_another_join_with_a_clear_message(client, table, dan):
    client.force_login(dan)
    response = client.post(reverse("games:join", args=[table.pk]), {"team": "0"}, follow=True)
    assert "Colony A is full: choose another team or any team." in words(response.content.decode())
    assert not table.seats.filter(user=dan).exists()


def test_a_stranger_cannot_take_a_seat_kept_for_an_invitee(client, table, carol, dan, eve):
    for user, team in ((carol, "1"), (dan, "")):
        services.seat_join(game_id=table.pk, user=user, team=team)
    client.force_login(eve)
    text = words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    assert "Every seat left is kept for an invited player." in text and "Join" not in text
    response = client.post(reverse("games:join", args=[table.pk]), follow=True)
    assert "The seats left are kept for invited players." in words(response.content.decode())
    assert not table.seats.filter(user=eve).exists()
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN


def test_the_last_seat_starts_the_game_with_everyone_in_their_team(client, table, alice, bob, mia, carol, dan):
    services.seat_join(game_id=table.pk, user=carol, team="1")
    services.seat_join(game_id=table.pk, user=dan, team="2")
    for user in (bob, mia):
        client.force_login(user)
        client.post(reverse("games:join", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE and not table.invitations.exists()
    role = {s.user.username: s.role for s in table.seats.select_related("user")}
    assert role["alice"] in team_roles(table, 0) and role["bob"] in team_roles(table, 0)
    assert role["mia"] in team_roles(table, 1) and role["carol"] in team_roles(table, 1)
    assert role["dan"] in team_roles(table, 2)


def test_decline_gives_the_kept_seat_back(client, table, mia, eve):
    client.force_login(mia)
    client.post(reverse("games:decline", args=[table.pk]))
    assert not table.invitations.filter(user=mia).exists()
    table.refresh_from_db()
    assert table.status == Game.Status.OPEN and open_seats(table) == 3


def test_the_creator_withdraws_a_kept_seat(client, table, alice, bob, eve):
    client.force_login(eve)
    client.post(reverse("games:withdraw", args=[table.pk]), {"username": "bob"})
    assert table.invitations.filter(user=bob).exists()  # only the creator may
    client.force_login(alice)
    html = main_text(client.get(reverse("games:detail", args=[table.pk])))
    assert 'name="username" value="bob"' in html and "Withdraw the invitation of bob" in html
    response = client.post(reverse("games:withdraw", args=[table.pk]), {"username": "bob"}, follow=True)
    assert "The seat kept for bob is open again." in words(response.content.decode())
    assert not table.invitations.filter(user=bob).exists() and open_seats(table) == 3
    assert "Join Colony A" not in words(main_text(response))  # alice is seated; for others it opened:
    client.force_login(eve)
    assert "Join Colony A" in words(main_text(client.get(reverse("games:detail", args=[table.pk]))))


# -- inviting from the game page -------------------------------------------------
def test_the_creator_invites_one_more_player_into_a_team(client, table, alice, dan):
    client.force_login(alice)
    client.post(reverse("games:invite", args=[table.pk]), {"username": "dan", "team": "2"})
    assert table.invitations.get(user=dan).team == "2"
    text = words(main_text(client.get(reverse("games:detail", args=[table.pk]))))
    assert re.search(r"Lone Wolf : kept for dan", text), text


def test_a_bad_invitation_keeps_what_was_typed(client, table, alice):
    client.force_login(alice)
    response = client.post(reverse("games:invite", args=[table.pk]), {"username": "ghostly", "team": "1"})
    assert response.status_code == 422
    html = main_text(response)
    assert "There is no player called “ghostly”." in html
    assert 'value="ghostly"' in html and '<option value="1" selected>' in html
    full = client.post(reverse("games:invite", args=[table.pk]), {"username": "carol", "team": "0"})
    assert "Colony A is full" in full.content.decode() or "no player called" in full.content.decode()


def test_a_full_team_refuses_an_invitation(client, table, alice, dan):
    client.force_login(alice)
    response = client.post(reverse("games:invite", args=[table.pk]), {"username": "dan", "team": "0"})
    assert response.status_code == 422
    assert "Colony A is full: choose another team or any team." in response.content.decode()
    assert not table.invitations.filter(user=dan).exists()


def test_only_the_creator_invites(client, table, bob, dan):
    client.force_login(dan)
    response = client.post(reverse("games:invite", args=[table.pk]), {"username": "bob", "team": "1"}, follow=True)
    assert "Only the creator can invite players" in response.content.decode()
    assert not table.invitations.filter(user=bob, team="1").exists()


# -- API -------------------------------------------------------------------------
def api_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def api_table(alice, bob, mia):
    response = api_for(alice).post("/api/games/", {
        "title_id": DOW, "options": {"players": 5}, "team": "0",
        "invitations": [{"username": "bob", "team": "0"}, {"username": "mia", "team": "1"}]}, format="json")
    assert response.status_code == 201, response.json()
    return Game.objects.get(pk=response.json()["id"])


def test_api_create_with_invitations_and_the_usual_pace(api_table, alice):
    assert Seat.objects.get(game=api_table, user=alice).team == "0"
    assert {(i.user.username, i.team) for i in api_table.invitations.all()} == {("bob", "0"), ("mia", "1")}
    assert api_table.time_control["kind"] == "pace" and api_table.time_control["profile"] == "daily"


def test_api_create_with_a_bad_username_creates_nothing(alice, bob):
    response = api_for(alice).post("/api/games/", {
        "title_id": DOW, "options": {"players": 5},
        "invitations": [{"username": "bob", "team": "0"}, {"username": "ghost", "team": "1"}]}, format="json")
    assert response.status_code == 400 and "ghost" in response.json()["detail"]
    assert not Game.objects.exists() and not Invitation.objects.exists()


def test_api_create_with_a_chosen_pace(alice):
    response = api_for(alice).post("/api/games/", {"title_id": DOW, "time_control": {
        "kind": "pace", "profile": "relaxed"}}, format="json")
    assert response.status_code == 201
    assert response.json()["time_control"]["profile"] == "relaxed"


def test_api_game_detail_shows_teams_open_seats_invitations_and_pace(api_table, eve):
    body = api_for(eve).get(f"/api/games/{api_table.pk}/").json()
    table = body["table"]
    assert table["seats"] == 5 and table["taken"] == 1 and table["open_seats"] == 2
    assert table["pace"] == "daily" and table["time_control_text"].startswith("Daily pace")
    a, b, wolf = table["teams"]
    assert (a["label"], b["label"], wolf["label"]) == ("Colony A", "Colony B", "Lone Wolf")
    assert a["players"] == [{"username": "alice", "name": "alice", "role": None}] and a["invited"] == ["bob"]
    assert a["open_seats"] == 0 and b["open_seats"] == 1 and b["invited"] == ["mia"]
    assert sorted(table["invitations"], key=lambda i: i["username"]) == [
        {"username": "bob", "team": "Colony A"}, {"username": "mia", "team": "Colony B"}]
    assert "@" not in str(table)  # no emails; usernames and team labels only


def test_api_join_a_team_a_full_team_and_a_kept_seat(api_table, carol, dan, eve):
    full = api_for(carol).post(f"/api/games/{api_table.pk}/join/", {"team": "0"}, format="json")
    assert full.status_code == 400 and "Colony A is full" in full.json()["detail"]
    unknown = api_for(carol).post(f"/api/games/{api_table.pk}/join/", {"team": "7"}, format="json")
    assert unknown.status_code == 400 and "no such team" in unknown.json()["detail"]
    assert api_for(carol).post(f"/api/games/{api_table.pk}/join/", {"team": "1"}, format="json").status_code == 200
    assert api_for(dan).post(f"/api/games/{api_table.pk}/join/", format="json").status_code == 200
    refused = api_for(eve).post(f"/api/games/{api_table.pk}/join/", {}, format="json")
    assert refused.status_code == 403 and "kept for invited players" in refused.json()["detail"]
    assert Seat.objects.get(game=api_table, user=carol).team == "1"


def test_api_last_seat_starts_the_game_and_the_detail_shows_roles(api_table, bob, mia, carol, dan):
    for user, team in ((carol, "1"), (dan, "2"), (bob, ""), (mia, "")):
        assert api_for(user).post(f"/api/games/{api_table.pk}/join/", {"team": team},
                                  format="json").status_code == 200
    api_table.refresh_from_db()
    assert api_table.status == Game.Status.ACTIVE
    table = api_for(carol).get(f"/api/games/{api_table.pk}/").json()["table"]
    by_team = {t["label"]: {p["username"]: p["role"] for p in t["players"]} for t in table["teams"]}
    assert set(by_team["Colony A"]) == {"alice", "bob"} and set(by_team["Colony B"]) == {"mia", "carol"}
    assert set(by_team["Lone Wolf"]) == {"dan"}
    for t in table["teams"]:
        assert set(by_team[t["label"]].values()) <= set(t["roles"])
    assert table["open_seats"] == 0 and table["invitations"] == []


def test_api_invitations_for_the_creator_only(api_table, alice, bob, dan):
    made = api_for(alice).post(f"/api/games/{api_table.pk}/invitations/", {"username": "dan", "team": "2"},
                               format="json")
    assert made.status_code == 201 and made.json() == {"username": "dan", "team": "Lone Wolf"}
    again = api_for(alice).post(f"/api/games/{api_table.pk}/invitations/", {"username": "dan"}, format="json")
    assert again.status_code == 400 and "already at this table" in again.json()["detail"]
    other = api_for(bob).post(f"/api/games/{api_table.pk}/invitations/", {"username": "alice"}, format="json")
    assert other.status_code == 403
    bad = api_for(alice).post(f"/api/games/{api_table.pk}/invitations/", {"username": 5}, format="json")
    assert bad.status_code == 400


def test_api_duel_detail_has_an_empty_team_list(duel, alice):
    table = api_for(alice).get(f"/api/games/{duel.pk}/").json()["table"]
    assert table["teams"] == [] and table["seats"] == 2 and table["taken"] == 2 and table["pace"] is None


def test_api_decline_gives_the_kept_seat_back_to_the_invitee_only(api_table, mia, eve):
    url = f"/api/games/{api_table.pk}/decline/"
    stranger = api_for(eve).post(url, format="json")
    assert stranger.status_code == 403 and "no invitation for you" in stranger.json()["detail"]
    declined = api_for(mia).post(url, format="json")
    assert declined.status_code == 200, declined.json()
    assert declined.json()["invitations"] == [{"username": "bob", "team": "Colony A"}]
    assert declined.json()["open_seats"] == 3 and not api_table.invitations.filter(user=mia).exists()
    again = api_for(mia).post(url, format="json")
    assert again.status_code == 403 and again.json()["error"] == "forbidden"
    missing = api_for(mia).post("/api/games/999999/decline/", format="json")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_api_decline_of_a_duel_invitation_cancels_the_game(alice, bob):
    game = services.game_create(user=alice, title_id="duel", invite_username="bob")
    assert api_for(bob).post(f"/api/games/{game.pk}/decline/", format="json").status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED


def test_api_withdraw_a_kept_seat_is_for_the_creator_only(api_table, alice, bob, mia):
    url = f"/api/games/{api_table.pk}/invitations/withdraw/"
    other = api_for(bob).post(url, {"username": "mia"}, format="json")
    assert other.status_code == 403 and "Only the creator" in other.json()["detail"]
    ghost = api_for(alice).post(url, {"username": "ghost"}, format="json")
    assert ghost.status_code == 400 and ghost.json()["detail"] == "No seat is kept for ghost."
    for body in ({}, {"username": 5}):
        bad = api_for(alice).post(url, body, format="json")
        assert bad.status_code == 400 and bad.json()["detail"].startswith("username:"), bad.json()
    assert api_table.invitations.filter(user=mia).exists()
    done = api_for(alice).post(url, {"username": "mia"}, format="json")
    assert done.status_code == 200 and done.json()["invitations"] == [{"username": "bob", "team": "Colony A"}]
    assert done.json()["open_seats"] == 3 and not api_table.invitations.filter(user=mia).exists()
    missing = api_for(alice).post("/api/games/999999/invitations/withdraw/", {"username": "mia"}, format="json")
    assert missing.status_code == 404


def test_api_decline_and_withdraw_are_documented_with_their_errors():
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    decline = paths["/api/games/{game_id}/decline/"]["post"]
    withdraw = paths["/api/games/{game_id}/invitations/withdraw/"]["post"]
    assert set(decline["responses"]) == {"200", "403", "404"}
    assert set(withdraw["responses"]) == {"200", "400", "403", "404"}
    assert "requestBody" not in decline and withdraw["requestBody"]["required"]
    assert "Withdraw" in str(withdraw["requestBody"]) and "Error" in str(withdraw["responses"]["400"])
    assert decline["description"] and withdraw["responses"]["403"]["description"]


# -- role assignment -------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 7, 11])
def test_assign_roles_gives_every_seat_that_asked_a_team_a_role_of_it(alice, make_user, players):
    game = services.game_create(user=alice, title_id=DOW, options={"players": players})
    teams = teams_of(game)
    rng = random.Random(players)
    seats = [Seat.objects.get(game=game)]
    wishes = [str(k) for k, team in enumerate(teams) for _ in team]  # every seat of every team
    rng.shuffle(wishes)
    seats[0].team = wishes[0]
    for n, team in enumerate(wishes[1:], start=1):
        asks = team if n % 2 else ""  # half ask a team, half take any
        seats.append(Seat.objects.create(game=game, user=make_user(f"u{players}_{n}"), team=asks))
    roles = [role for team in teams for role in team]
    for attempt in range(5):
        for seat in seats:
            seat.role = ""
        assign_roles(game, seats, roles, lambda pool: rng.choice(pool))
        assert sorted(s.role for s in seats) == sorted(roles)
        for seat in seats:
            if seat.team:
                assert seat.role in teams[int(seat.team)], (seat.team, seat.role)


def test_assign_roles_keeps_a_role_given_before(alice, bob):
    game = services.game_create(user=alice, title_id=DOW, options={"players": 4})
    first = Seat.objects.get(game=game)
    first.role = "p2"
    second = Seat.objects.create(game=game, user=bob, team="1")  # Colony B: p2 or p4
    assign_roles(game, [first, second], ["p1", "p2", "p3", "p4"], lambda pool: pool[0])
    assert first.role == "p2" and second.role == "p4"


def test_the_lobby_table_reads_in_two_queries_for_many_games(alice, django_assert_max_num_queries):
    for _ in range(6):
        services.game_create(user=alice, title_id=DOW, options={"players": 6}, creator_team="1")
    from django.contrib.auth.models import AnonymousUser

    with django_assert_max_num_queries(3):
        games = selectors.open_games_for(AnonymousUser())
        assert all(g.table.teams[1].players[0]["name"] == "alice" for g in games)


# -- in Chromium -------------------------------------------------------------------
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_team_game_from_the_create_page_to_its_start_in_chromium(browser, live_server, make_user):
    """The create page shows the team lines only for the team title (no side select
    beside "Your team", one invitation line and a button for more) and the pace
    only for the pace kind; the lobby and the game page name teams and players;
    joining a team and taking the last (kept) seat start the game, and the
    waiting creator's page reloads into the running game."""
    from tests.fixtures import logged_in_page

    alice, bob, mia, carol = (make_user(name) for name in ("alice", "bob", "mia", "carol"))
    page = logged_in_page(browser, live_server, alice, 1200, 900)
    page.add_init_script(CSP_WATCH)
    page.goto(f"{live_server.url}/games/new/")
    team_box = page.locator(f"fieldset[data-for-title={DOW}]").filter(has=page.locator(f"[name=team_{DOW}]"))
    page.select_option("[name=title_id]", "duel")
    assert team_box.is_hidden() and page.locator("[name=side]").is_visible()
    page.select_option("[name=title_id]", DOW)
    assert team_box.is_visible()
    # a team title asks for your team, not a side; one invitation line, and one more on demand
    assert page.locator("[name=side]").is_hidden() and page.locator("[name=invite]").is_hidden()
    assert page.locator(f"[name=invitee_{DOW}_1]").is_visible() and page.locator(f"[name=invitee_{DOW}_2]").is_hidden()
    assert page.locator(f"[name^=invitee_{DOW}_]:visible").count() == 1
    assert page.locator("[name=pace]").is_hidden()
    page.select_option("[name=time_kind]", "pace")
    assert page.locator("[name=pace]").is_visible()
    page.select_option("[name=pace]", "live")
    page.select_option(f"[name=opt_{DOW}_players]", "4")
    page.select_option(f"[name=team_{DOW}]", "1")
    page.fill(f"[name=invitee_{DOW}_1]", "mia")
    page.select_option(f"[name=invitee_team_{DOW}_1]", "0")
    page.click("button.more-lines")
    page.fill(f"[name=invitee_{DOW}_2]", "bob")
    page.click("button[type=submit].primary")
    page.wait_for_url(lambda url: "/new/" not in url)
    game = Game.objects.get(title_id=DOW)
    assert game.time_control["profile"] == "live"
    text = page.inner_text("main")
    assert "Colony A: kept for mia" in text and "Colony B: alice (you)" in text and "Live pace" in text
    assert "kept for bob" in text and "1 of 4 seats taken, 1 open" in text

    other = logged_in_page(browser, live_server, carol, 390, 844)
    other.add_init_script(CSP_WATCH)
    other.goto(f"{live_server.url}/games/lobby/")
    assert "Colony B: alice, 1 open seat" in other.inner_text("main")
    other.goto(f"{live_server.url}/games/{game.pk}/")
    other.click("text=Join Colony B")
    other.wait_for_load_state()
    assert "Colony B: alice, carol (you)" in other.inner_text("main")
    page.wait_for_function("() => document.querySelector('.lobby-teams').innerText.includes('carol')",
                           timeout=20_000)  # the waiting creator's teams come again every 15 s

    for user in (mia, bob):
        invited = logged_in_page(browser, live_server, user, 390, 844)
        invited.goto(f"{live_server.url}/games/{game.pk}/")
        assert "keeps a seat for you" in invited.inner_text("main")
        invited.click("text=Accept invitation")
        invited.wait_for_load_state()
        invited.context.close()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    role = {s.user.username: s.role for s in game.seats.select_related("user")}
    assert role["mia"] in team_roles(game, 0) and {role["alice"], role["carol"]} == set(team_roles(game, 1))
    started = "() => document.readyState === 'complete' && !!document.getElementById('game-panel')"
    for watched in (page, other):  # both waiting pages reload into the running game (status poll, 3 s)
        watched.wait_for_function(started, timeout=15_000)
        watched.wait_for_load_state("networkidle")
        assert watched.evaluate("window.__csp") == []


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_create_page_fits_a_phone_with_every_time_control(browser, live_server, alice):
    from tests.fixtures import logged_in_page

    page = logged_in_page(browser, live_server, alice, 390, 844)
    page.goto(f"{live_server.url}/games/new/")
    for title in ("duel", DOW):
        page.select_option("[name=title_id]", title)
        for kind in ("", "per_move", "bank", "pace", "none"):
            page.select_option("[name=time_kind]", kind)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, (title, kind)


# -- rematch (issue 28, item 6) ------------------------------------------------
def test_a_team_rematch_invites_every_player_to_any_team_and_starts_when_all_accept(
        client, table, alice, bob, mia, carol, dan):
    services.seat_join(game_id=table.pk, user=carol, team="1")
    services.seat_join(game_id=table.pk, user=dan, team="2")
    for user in (bob, mia):
        services.seat_join(game_id=table.pk, user=user)
    Game.objects.filter(pk=table.pk).update(status=Game.Status.FINISHED)
    client.force_login(carol)
    page = client.get(reverse("games:detail", args=[table.pk])).content.decode()
    assert "teams are drawn again" in page and 'name="sides" value="random"' in page
    client.post(reverse("games:rematch", args=[table.pk]))
    new = Game.objects.get(rematch_of=table)
    assert new.options == table.options and new.time_control == table.time_control
    assert sorted(new.invitations.values_list("user__username", "team")) == [
        ("alice", ""), ("bob", ""), ("dan", ""), ("mia", "")]
    for user in (alice, bob, dan, mia):
        client.force_login(user)
        assert client.post(reverse("games:join", args=[new.pk])).status_code == 302
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE and new.seats.count() == 5
