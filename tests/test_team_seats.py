"""Issue 21 (correspondence-design §4): the game page and the API for absent
seats of a real Dead of Winter table (autopilot, "I'm back", a teammate
covering, substitutes) and the sealed choices page."""
import hashlib
import html
import json
import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import engine
from games.engine import registry, sealing
from games.play import services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db
DAILY = {"kind": "pace", "profile": "daily"}


def team_title() -> str:
    """The registered team title with absent-seat hooks: Dead of Winter (only its
    own folder names it, tests/test_layout.py)."""
    return next(t for t, rules in registry.titles().items() if hasattr(rules, "proxy_view"))


@pytest.fixture
def table(make_user):
    """A started 4-player Dead of Winter game on the daily pace: (game, {role: user}).
    Odd seats are Colony A, even seats Colony B."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=team_title(), options={"players": 4},
                                time_control=DAILY)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, {s.role: s.user for s in game.seats.select_related("user")}


def time_out(game, role):
    """A day and an hour pass for ``role``'s seat (its turn start, deadline and last
    timeout move back): the sweep is past its deadline and before everyone else's."""
    seat = Seat.objects.get(game=game, role=role)
    assert seat.awaiting and seat.deadline_at
    day = timedelta(hours=25)
    Seat.objects.filter(pk=seat.pk).update(turn_started_at=F("turn_started_at") - day,
                                           deadline_at=F("deadline_at") - day, timed_out_at=F("timed_out_at") - day)
    assert services.games_time_out_overdue(now=seat.deadline_at - day + timedelta(seconds=1)) >= 1
    assert game.moves.filter(role=role, source="timeout").exists()


def away(game, users, role):
    """Two timeouts in a row (the others play between them): the seat goes on autopilot."""
    time_out(game, role)
    until_active(game, users, role)
    time_out(game, role)
    seat = Seat.objects.get(game=game, role=role)
    assert seat.autopilot and seat.timeouts_in_row == 2
    return seat


def play_default(game, user, role, **extra):
    game.refresh_from_db()
    action = engine.rules_for(game).default_action(game.state, role)
    return services.move_submit(game_id=game.pk, user=user, verb=action.verb, arg=action.arg,
                                expected_seq=game.seq, **extra)


def until_active(game, users, role, limit=300):
    """The other seats play their defaults until ``role`` is asked something."""
    for _ in range(limit):
        game.refresh_from_db()
        if role in game.active_roles:
            return game
        assert game.status == Game.Status.ACTIVE
        other = next(r for r in game.active_roles if r != role)
        play_default(game, users[other], other)
    raise AssertionError(f"{role} never became active")


def page(client, user, game, **query):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), query)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def shows(name: str, text: str) -> bool:
    """``name`` as a word of ``text`` (the objective "Medic" is not in "Medicine")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def secret_objective(game, role) -> str:
    game.refresh_from_db()
    return engine.rules_for(game).view(game.state, role)["me"]["objective"]["name"]


def api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


# -- autopilot and "I'm back" ------------------------------------------------------
def test_two_timeouts_in_a_row_show_the_away_banner_and_im_back_clears_it(table, client):
    game, users = table
    away(game, users, "p3")
    text = page(client, users["p3"], game)
    assert "You are away: the site plays the default for you." in text
    assert reverse("games:seat_back", args=[game.pk]) in text
    assert "on autopilot" in page(client, users["p1"], game)  # the seat list says so to everyone
    client.force_login(users["p3"])
    response = client.post(reverse("games:seat_back", args=[game.pk]))
    assert response.status_code == 302
    seat = Seat.objects.get(game=game, role="p3")
    assert (seat.autopilot, seat.timeouts_in_row, seat.proxy_id) == (False, 0, None)
    assert "You are away" not in page(client, users["p3"], game)
    assert "on autopilot" not in page(client, users["p1"], game)


def test_the_seat_list_names_each_seats_team(table, client):
    game, users = table
    text = page(client, users["p2"], game)
    seats = re.search(r'<ul class="seat-list">(.*?)</ul>', text, re.S).group(1)
    for role, colony in (("p1", "Colony A"), ("p2", "Colony B"), ("p3", "Colony A"), ("p4", "Colony B")):
        line = next(li for li in seats.split("<li>") if users[role].display in li)
        assert f"· {colony}" in line


def test_im_back_by_the_api(table):
    game, users = table
    away(game, users, "p3")
    response = api(users["p3"]).post(f"/api/games/{game.pk}/back/", {}, format="json")
    assert response.status_code == 200 and response.json()["autopilot"] is False
    assert not Seat.objects.get(game=game, role="p3").autopilot


# -- a teammate covers ------------------------------------------------------------
def test_a_teammate_covers_sees_the_hand_never_the_secret_objective_and_acts(table, client):
    game, users = table
    away(game, users, "p3")
    mia = users["p1"]  # Colony A, like p3 (whoever sits there)
    assert "Cover Player 3" in page(client, mia, game)
    assert "Cover Player 3" not in page(client, users["p2"], game)  # Colony B
    client.force_login(mia)
    response = client.post(reverse("games:proxy_take", args=[game.pk]), {"role": "p3"})
    assert response.status_code == 302 and response["Location"].endswith("?as_role=p3")
    assert Seat.objects.get(game=game, role="p3").proxy_id == mia.pk
    assert f"covered by {mia.display}" in page(client, users["p4"], game)
    until_active(game, users, "p3")
    hidden = secret_objective(game, "p3")
    assert hidden != secret_objective(game, "p1")
    assert shows(hidden, page(client, users["p3"], game))  # the canary does show on the seat's own page

    text = page(client, mia, game, as_role="p3")
    assert "Playing as:" in text and "Player 3 (covering)" in text
    # the covered seat's turn: the status flag says so, or (when it is also mia's turn) the prompt does
    own_turn = "p1" in Game.objects.get(pk=game.pk).active_roles
    assert ("For Player 3 (covering):" if own_turn else "Your turn for Player 3 (covering)") in text
    assert 'name="as_role" value="p3"' in text
    assert not shows(hidden, text)
    hand = engine.rules_for(game).view(game.state, "p3")["me"]["hand"]
    names = engine.rules_for(game).view(game.state, "p3")["cards"]
    assert all(names[str(card)]["name"] in text for card in hand)
    panel = client.get(reverse("games:panel", args=[game.pk]), {"as_role": "p3"}).content.decode()
    assert not shows(hidden, html.unescape(panel)) and 'name="as_role" value="p3"' in panel
    body = api(mia).get(f"/api/games/{game.pk}/", {"as_role": "p3"})
    assert body.status_code == 200 and body.json()["role"] == "p3"
    assert not shows(hidden, json.dumps(body.json(), ensure_ascii=False))
    assert body.json()["view"]["me"]["hand"] == hand and body.json()["view"]["me"]["objective"] is None

    action = engine.rules_for(game).default_action(game.state, "p3")
    response = client.post(reverse("games:act", args=[game.pk]), {
        "verb": action.verb, "arg": json.dumps(action.arg), "expected_seq": game.seq, "as_role": "p3"},
        HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and not shows(hidden, html.unescape(response.content.decode()))
    move = game.moves.order_by("-seq").first()
    assert (move.role, move.source, move.user_id) == ("p3", "proxy", mia.pk)


def test_a_proxy_acts_by_the_api_with_as_role(table):
    game, users = table
    away(game, users, "p3")
    client = api(users["p1"])
    assert client.post(f"/api/games/{game.pk}/proxy/", {"role": "p3"}, format="json").status_code == 200
    until_active(game, users, "p3")
    action = engine.rules_for(game).default_action(game.state, "p3")
    response = client.post(f"/api/games/{game.pk}/actions/", {
        "verb": action.verb, "arg": action.arg, "expected_seq": game.seq, "as_role": "p3"}, format="json")
    assert response.status_code == 200, response.json()
    assert game.moves.order_by("-seq").first().source == "proxy"


def test_an_enemy_colony_player_cannot_cover_nor_see_the_seat(table, client):
    game, users = table
    away(game, users, "p3")
    noah = users["p2"]  # Colony B
    client.force_login(noah)
    client.post(reverse("games:proxy_take", args=[game.pk]), {"role": "p3"})
    assert Seat.objects.get(game=game, role="p3").proxy_id is None
    assert api(noah).post(f"/api/games/{game.pk}/proxy/", {"role": "p3"}, format="json").status_code == 403
    assert api(users["p4"]).get(f"/api/games/{game.pk}/", {"as_role": "p3"}).status_code == 403
    text = page(client, noah, game, as_role="p3")  # the page ignores a seat one does not cover
    assert "Playing as:" not in text and not shows(secret_objective(game, "p3"), text)


# -- substitutes ------------------------------------------------------------------
def test_a_player_hands_the_seat_to_a_substitute_who_takes_it_over(table, client, make_user):
    game, users = table
    quinn = make_user("quinn")
    olga = users["p3"]
    assert "Hand my seat to a substitute" in page(client, olga, game)
    client.force_login(olga)
    client.post(reverse("games:substitute_invite", args=[game.pk]), {"role": "p3", "username": "quinn"})
    assert Seat.objects.get(game=game, role="p3").substitute_id == quinn.pk
    assert "substitute invited: quinn" in page(client, users["p1"], game)
    objective = secret_objective(game, "p3")
    assert shows(objective, page(client, olga, game))

    client.force_login(quinn)
    games_page = client.get(reverse("games:my_games")).content.decode()
    assert "Seats to take over" in games_page and reverse("games:substitute_accept", args=[game.pk]) in games_page
    text = page(client, quinn, game)
    assert "Take over this seat" in text and not shows(objective, text)  # nothing before accepting
    client.post(reverse("games:substitute_accept", args=[game.pk]))
    seat = Seat.objects.get(game=game, role="p3")
    assert (seat.user_id, seat.substitute_id) == (quinn.pk, None)
    text = page(client, quinn, game)
    assert shows(objective, text) and "Take over this seat" not in text
    hand = api(quinn).get(f"/api/games/{game.pk}/").json()["view"]["me"]["hand"]
    assert hand == engine.rules_for(game).view(Game.objects.get(pk=game.pk).state, "p3")["me"]["hand"]

    assert not Seat.objects.filter(game=game, user=olga).exists()
    assert not shows(objective, page(client, olga, game))
    assert api(olga).get(f"/api/games/{game.pk}/").json()["role"] is None


def test_a_teammate_invites_a_substitute_for_an_away_seat_by_the_api(table, make_user):
    game, users = table
    quinn = make_user("quinn")
    body = {"role": "p3", "username": "quinn"}
    assert api(users["p1"]).post(f"/api/games/{game.pk}/substitute/", body, format="json").status_code == 400
    away(game, users, "p3")
    assert api(users["p2"]).post(f"/api/games/{game.pk}/substitute/", body, format="json").status_code == 403
    response = api(users["p1"]).post(f"/api/games/{game.pk}/substitute/", body, format="json")
    assert response.status_code == 200 and response.json()["substitute"] == "quinn"
    empty = api(users["p1"]).post(f"/api/games/{game.pk}/substitute/", {"role": "p3", "username": ""},
                                  format="json")
    assert empty.status_code == 400 and Seat.objects.get(game=game, role="p3").substitute_id == quinn.pk
    response = api(quinn).post(f"/api/games/{game.pk}/substitute/accept/", {}, format="json")
    assert response.status_code == 200 and response.json()["user"] == "quinn"
    assert response.json()["autopilot"] is False


# -- sealed choices ---------------------------------------------------------------
def keep_first(game, user, role):
    game.refresh_from_db()
    choice = engine.rules_for(game).prompt(game.state, role).choices[0]
    services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg, expected_seq=game.seq)


def shown(client, game):
    text = client.get(reverse("games:commitments", args=[game.pk])).content.decode()
    hashes = re.findall(r'<code class="hash">([0-9a-f]{64})</code>', text)
    preimages = [html.unescape(p) for p in re.findall(r'<code class="preimage">(.*?)</code>', text)]
    return text, hashes, preimages


def test_the_sealed_choices_page_shows_hashes_then_opens_them_and_they_verify(table, client):
    game, users = table
    keep_first(game, users["p1"], "p1")
    move = game.moves.get(seq=2)
    text, hashes, preimages = shown(client, game)
    assert hashes == [move.commitment] and preimages == [] and move.nonce not in text
    assert "Player 1" in text and "not revealed yet" in text
    assert reverse("games:commitments", args=[game.pk]) in page(client, users["p2"], game)
    log_page = client.get(reverse("games:log", args=[game.pk])).content.decode()
    assert reverse("games:commitments", args=[game.pk]) in log_page
    row = api(users["p2"]).get(f"/api/games/{game.pk}/commitments/").json()[0]
    assert row["commitment"] == move.commitment and "nonce" not in row and "arg" not in row

    game.refresh_from_db()
    while game.state["stack"][-1]["step"] == "draft":
        role = game.active_roles[0]
        keep_first(game, users[role], role)
        game.refresh_from_db()
    text, hashes, preimages = shown(client, game)
    assert len(hashes) == len(preimages) >= 4 and "not revealed yet" not in text
    for commitment, preimage in zip(hashes, preimages):
        assert hashlib.sha256(preimage.encode()).hexdigest() == commitment
        game_id, seq, role, verb, arg, nonce = json.loads(preimage)
        assert sealing.digest(game_id, seq, role, verb, arg, nonce) == commitment
        assert game.moves.get(seq=seq).commitment == commitment
    rows = api(users["p2"]).get(f"/api/games/{game.pk}/commitments/").json()
    assert [r["preimage"] for r in rows] == preimages


def test_a_game_without_sealed_steps_links_no_sealed_choices_page(duel, client, alice):
    text = page(client, alice, duel)
    assert reverse("games:commitments", args=[duel.pk]) not in text


def test_im_back_and_covering_again_never_give_a_fresh_window(table):
    """Neither control is a way to reset a running clock."""
    game, users = table
    deadline = Seat.objects.get(game=game, role="p1").deadline_at
    assert api(users["p1"]).post(f"/api/games/{game.pk}/back/", {}, format="json").status_code == 200
    assert Seat.objects.get(game=game, role="p1").deadline_at == deadline  # not away: nothing changes
    away(game, users, "p3")
    client = api(users["p1"])
    assert client.post(f"/api/games/{game.pk}/proxy/", {"role": "p3"}, format="json").status_code == 200
    until_active(game, users, "p3")
    Seat.objects.filter(game=game, role="p3").update(deadline_at=F("deadline_at") - timedelta(hours=20))
    deadline = Seat.objects.get(game=game, role="p3").deadline_at
    assert client.post(f"/api/games/{game.pk}/proxy/", {"role": "p3"}, format="json").status_code == 200
    assert Seat.objects.get(game=game, role="p3").deadline_at == deadline
