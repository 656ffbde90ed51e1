"""The JSON API: authentication, per-seat views and clear JSON errors."""
import json
import re

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_for():
    def make(user):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        return client

    return make


def first_choice(client, game_id):
    data = client.get(f"/api/games/{game_id}/prompt/").json()
    return data["seq"], data["prompt"]["choices"][0]


def test_games_need_authentication():
    response = APIClient().get("/api/games/")
    assert response.status_code in (401, 403)
    assert "error" in response.json()


def test_create_join_and_play_through_the_api(api_for, alice, bob):
    a, b = api_for(alice), api_for(bob)
    created = a.post("/api/games/", {"title_id": "duel", "side": "north"}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert b.post(f"/api/games/{game_id}/join/").status_code == 200
    listed = a.get("/api/games/").json()
    assert listed[0]["id"] == game_id and listed[0]["awaiting_me"] is True and listed[0]["my_role"] == "north"
    seq, choice = first_choice(a, game_id)
    response = a.post(f"/api/games/{game_id}/actions/",
                      {"verb": choice["verb"], "arg": choice["arg"], "expected_seq": seq}, format="json")
    assert response.status_code == 200 and response.json()["seq"] == seq + 1
    detail = a.get(f"/api/games/{game_id}/").json()
    assert detail["role"] == "north" and detail["view"]["my_pick"] == choice["arg"]


def test_errors_have_the_right_status_and_a_message(api_for, duel, alice, bob, carol):
    a, c = api_for(alice), api_for(carol)
    url = f"/api/games/{duel.pk}/actions/"
    foreign = duel.state["hands"]["south"][0]
    cases = [
        (c.post(url, {"verb": "pick", "arg": 1, "expected_seq": 1}, format="json"), 403, "not_your_seat"),
        (a.post(url, {"verb": "pick", "arg": foreign, "expected_seq": 1}, format="json"), 422, "illegal"),
        (a.post(url, {"verb": "pick", "arg": 1, "expected_seq": 0}, format="json"), 409, "stale"),
        (a.post(url, "{not json", content_type="application/json"), 400, "parse_error"),
        (a.post(url, {"verb": "pick"}, format="json"), 400, "bad_request"),
        (a.post("/api/games/", {"title_id": "chess"}, format="json"), 400, "bad_request"),
        (a.post("/api/games/424242/actions/", {"verb": "x", "expected_seq": 1}, format="json"), 404, "not_found"),
    ]
    for response, status, code in cases:
        body = response.json()
        assert (response.status_code, body["error"]) == (status, code), body
        assert body["detail"]
    duel.refresh_from_db()
    assert duel.seq == 1 and duel.moves.count() == 1


def test_finished_game_refuses_moves(api_for, duel, alice, bob):
    api_for(bob).post(f"/api/games/{duel.pk}/resign/")
    response = api_for(alice).post(f"/api/games/{duel.pk}/actions/",
                                   {"verb": "pick", "arg": 1, "expected_seq": 2}, format="json")
    assert response.status_code == 409 and response.json()["error"] == "not_active"


def test_log_hides_other_players_secret_arguments_and_the_seed(api_for, duel, alice, bob):
    a, b = api_for(alice), api_for(bob)
    seq, choice = first_choice(a, duel.pk)
    a.post(f"/api/games/{duel.pk}/actions/", {**choice, "expected_seq": seq}, format="json")
    bobs_log = b.get(f"/api/games/{duel.pk}/log/").json()["moves"]
    alices_log = a.get(f"/api/games/{duel.pk}/log/").json()["moves"]
    assert bobs_log[1]["arg"] is None and alices_log[1]["arg"] == choice["arg"]
    assert bobs_log[0]["verb"] == ".setup" and bobs_log[0]["arg"] is None


def test_openapi_schema_lists_the_endpoints(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    text = response.content.decode()
    for path in ["/api/games/", "/api/games/{game_id}/actions/", "/api/games/{game_id}/prompt/",
                 "/api/games/{game_id}/log/"]:
        assert path in text


def _tables_read(queries, table):
    """How many SELECTs read ``table`` (ORM-quoted or in hand-written SQL)."""
    return sum(1 for q in queries if q["sql"].startswith("SELECT") and re.search(rf'\b"?{table}"?\b', q["sql"]))


def test_a_move_looks_the_token_and_the_seats_up_once(api_for, duel, alice):
    """The suspension check and DRF share one token query; the seat check and the clocks share one seat query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = api_for(alice)
    seq, choice = first_choice(client, duel.pk)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/api/games/{duel.pk}/actions/",
                               {"verb": choice["verb"], "arg": choice["arg"], "expected_seq": seq}, format="json")
    assert response.status_code == 200
    assert _tables_read(captured.captured_queries, "authtoken_token") == 1
    assert _tables_read(captured.captured_queries, "games_seat") == 1


def test_polling_for_the_prompt_costs_two_queries(api_for, duel, alice, bob):
    """The token, then the game with my role; the rules run only for an active role."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    a, b = api_for(alice), api_for(bob)
    seq, choice = first_choice(a, duel.pk)
    a.post(f"/api/games/{duel.pk}/actions/", {"verb": choice["verb"], "arg": choice["arg"], "expected_seq": seq},
           format="json")
    for client, has_prompt in ((a, False), (b, True)):
        with CaptureQueriesContext(connection) as captured:
            data = client.get(f"/api/games/{duel.pk}/prompt/").json()
        assert len(captured.captured_queries) == 2
        assert (data["prompt"] is not None) == has_prompt and data["seq"] == seq + 1


def test_my_games_list_costs_the_same_queries_for_one_game_or_five(api_for, alice, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.play import services

    client = api_for(alice)

    def listed():
        with CaptureQueriesContext(connection) as captured:
            games = client.get("/api/games/").json()
        return len(games), len(captured.captured_queries), games

    def start_games(count):
        for _ in range(count):
            game = services.game_create(user=alice, title_id="duel", creator_role="north")
            services.seat_join(game_id=game.pk, user=bob)

    start_games(1)
    one, queries_for_one, _ = listed()
    start_games(4)
    five, queries_for_five, games = listed()
    assert (one, five) == (1, 5) and queries_for_one == queries_for_five
    assert {p["user"] for p in games[0]["players"]} == {"alice", "bob"}


def test_responses_say_how_long_django_and_the_database_took(api_for, duel, alice):
    timing = api_for(alice).get(f"/api/games/{duel.pk}/prompt/")["Server-Timing"]
    app, db = [part.strip() for part in timing.split(",")]
    assert app.startswith("app;dur=") and float(app.split("=")[1]) > 0
    assert db.startswith("db;dur=") and db.endswith(';desc="2 queries"')


def test_a_game_id_beyond_any_database_integer_is_simply_not_found(api_for, alice):
    response = api_for(alice).get(f"/api/games/{2**70}/prompt/")
    assert response.status_code == 404 and response.json()["error"]
