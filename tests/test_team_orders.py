"""Standing orders at team tables (correspondence-design §1, §2.7, §2.8): a
seat's answers given in advance, played by the deadline sweep at once as an
ordinary logged move (source "order", no timeout), seen only by the seat's
player (and a teammate covering it). The title is found by its hooks
(tests/test_layout.py: only its own folder names it)."""
import json
import html
import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import tables
from games.clocks import deadlines
from games.engine import registry
from games.play import services
from games.errors import BadRequest, Forbidden
from games.models import Game, Move, OutboxTask, Seat
from games.rules.core.flow import Flow
from games.rules.core.testing import new_game, random_inputs

pytestmark = pytest.mark.django_db
TITLE = next(t for t, rules in registry.titles().items() if hasattr(rules, "standing_orders"))
RULES = registry.get(TITLE)
DAILY = {"kind": "pace", "profile": "daily"}


@pytest.fixture
def table(make_user):
    """A started 4-player table on the daily pace: (game, {role: user})."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": 4}, time_control=DAILY)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, {s.role: s.user for s in game.seats.select_related("user")}


def before_bite(players: int = 4):
    """A random game's state one move before a bite asks a seat (the title's
    "bite" step): (state, mover, action, the seat asked)."""
    for seed in range(200):
        state = new_game(RULES, seed, options={"players": players})
        for role, action, before in random_inputs(RULES, state, random.Random(seed), prefer="move",
                                                  keep_before=True):
            if Flow.top(state)["step"] == "bite":
                return json.loads(before), role, action, state["active"][0]
    raise AssertionError("no bite in 200 random games")


def put_state(game, state):
    """The game at ``state``, every seat's clock started as the pipeline starts it."""
    now = timezone.now()
    game.state, game.active_roles = state, RULES.active_roles(state)
    seats = list(game.seats.select_related("user__profile"))
    for seat in seats:
        deadlines.turn_end(seat, deadlines.control_of(game), now, moved=False)
        seat.awaiting = False
    deadlines.sync_seats(game, seats, [], None, now)
    for seat in seats:
        seat.save()
    game.save(update_fields=["state", "active_roles", "deadline_at"])


@pytest.fixture
def bite(table):
    """The table one move before a bite asks ``victim``'s seat: (game, users, mover, action, victim)."""
    game, users = table
    state, mover, action, victim = before_bite()
    put_state(game, state)
    return game, users, mover, action, victim


def play(game, users, role, action):
    game.refresh_from_db()
    return services.move_submit(game_id=game.pk, user=users[role], verb=action.verb, arg=action.arg,
                                expected_seq=game.seq)


def seat(game, role) -> Seat:
    return Seat.objects.select_related("user__profile").get(game=game, role=role)


def bite_order(game, role) -> dict:
    """The bite order as the seat's panel offers it (labels in words)."""
    return next(o for o in tables.standing_orders(game, seat(game, role)) if o["key"] == "bite")


def sweeps_asked() -> int:
    return OutboxTask.objects.filter(task__endswith="time_out_overdue").count()


def api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def page(client, user, game):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


# -- the hooks and the service -------------------------------------------------------
def test_every_order_offers_ask_first_and_no_order_is_set_at_first(table):
    game, users = table
    for role in users:
        offered = tables.standing_orders(game, seat(game, role))
        assert offered, role
        for order in offered:
            assert order["choices"][0][0] == tables.ASK and order["value"] == tables.ASK
            assert order["label"] and all(label for _value, label in order["choices"])


@pytest.mark.parametrize("orders,message", [
    ({"no_such_order": "ask"}, "There is no standing order “no_such_order”"),
    ({"bite": "sometimes"}, "“sometimes” is not a choice of the standing order"),
    ({"bite": 1}, "“1” is not a choice"),
    (["bite", "roll"], "Send the standing orders as pairs"),
])
def test_an_unknown_order_or_value_is_refused_in_words_and_changes_nothing(table, orders, message):
    game, users = table
    tables.set_orders(game_id=game.pk, user=users["p1"], orders={"bite": "die"})
    with pytest.raises(BadRequest, match=message):
        tables.set_orders(game_id=game.pk, user=users["p1"], orders=orders)
    assert seat(game, "p1").orders == {"bite": "die"}


def test_ask_is_no_order_and_an_order_left_out_is_ask(table):
    game, users = table
    tables.set_orders(game_id=game.pk, user=users["p1"], orders={"bite": "roll"})
    assert seat(game, "p1").orders == {"bite": "roll"}
    tables.set_orders(game_id=game.pk, user=users["p1"], orders={"bite": "ask"})
    assert seat(game, "p1").orders == {}


def test_only_the_seats_player_or_its_proxy_sets_its_orders(table):
    game, users = table
    with pytest.raises(Forbidden):
        tables.set_orders(game_id=game.pk, user=users["p3"], orders={"bite": "roll"}, role="p1")
    Seat.objects.filter(game=game, role="p1").update(autopilot=True)
    services_seat = tables.proxy_take(game_id=game.pk, user=users["p3"], role="p1")
    assert services_seat.proxy_id == users["p3"].pk
    tables.set_orders(game_id=game.pk, user=users["p3"], orders={"bite": "roll"}, role="p1")
    assert seat(game, "p1").orders == {"bite": "roll"} and seat(game, "p3").orders == {}


# -- applying them ---------------------------------------------------------------------
def test_a_bite_the_order_covers_is_played_by_the_sweep_at_once_with_no_timeout(bite, django_capture_on_commit_callbacks):
    game, users, mover, action, victim = bite
    roll = bite_order(game, victim)["choices"][1][0]
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": roll})
    asked = sweeps_asked()
    with django_capture_on_commit_callbacks(execute=True):
        play(game, users, mover, action)
    assert sweeps_asked() == asked + 1  # the journal asked for the sweep right after the commit
    move = Move.objects.get(game=game, role=victim, source="order")
    assert move.user is None and move.arg == roll
    assert move.log[0] == {"kind": "defaulted", "role": victim, "source": "order", "name": users[victim].display}
    text = registry.presentation(TITLE).move_text(move)
    assert text.startswith(f"Standing order of {users[victim].display} (")
    mine = seat(game, victim)
    assert mine.timeouts_in_row == 0 and mine.timed_out_at is None and not mine.autopilot
    assert mine.user.profile.timeouts == 0
    assert not Move.objects.filter(game=game, source__in=["timeout", "autopilot"]).exists()


def test_the_sweep_plays_an_order_due_at_once_even_without_the_after_commit_task(bite):
    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "die"})
    play(game, users, mover, action)
    due = seat(game, victim)
    assert due.awaiting and due.deadline_at == due.turn_started_at  # due at once, like autopilot
    assert services.games_time_out_overdue() >= 1
    assert Move.objects.filter(game=game, role=victim, source="order", verb="bite", arg="die").exists()
    assert seat(game, victim).timeouts_in_row == 0


@pytest.mark.parametrize("value,mailed", [("roll", False), ("ask", True)])
def test_no_turn_notice_asks_for_an_input_the_orders_answer(bite, value, mailed):
    from games.mail import emails
    from games.models import Notification

    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": value})
    play(game, users, mover, action)
    game.refresh_from_db()
    emails.turn_notice(game.pk, game.seq, [victim])
    asked = seat(game, victim)
    key = f"turn:{asked.pk}:{asked.turn_started_at.isoformat()}"
    assert Notification.objects.filter(key=key).exists() == mailed


def test_ask_leaves_the_normal_window(bite):
    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "ask"})
    asked = sweeps_asked()
    play(game, users, mover, action)
    asked_seat = seat(game, victim)
    assert asked_seat.awaiting and asked_seat.deadline_at - asked_seat.turn_started_at == timedelta(hours=24)
    assert sweeps_asked() == asked
    assert services.games_time_out_overdue() == 0
    assert not Move.objects.filter(game=game, source="order").exists()


def test_setting_ask_while_due_gives_the_normal_window_back(bite):
    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "roll"})
    play(game, users, mover, action)
    assert seat(game, victim).deadline_at == seat(game, victim).turn_started_at
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "ask"})
    back = seat(game, victim)
    assert back.deadline_at - back.turn_started_at == timedelta(hours=24)
    game.refresh_from_db()
    assert game.deadline_at == min(s.deadline_at for s in game.seats.all() if s.deadline_at)
    assert services.games_time_out_overdue() == 0


def test_orders_that_no_longer_cover_the_prompt_at_the_sweep_restore_the_window(bite):
    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "roll"})
    play(game, users, mover, action)
    Seat.objects.filter(game=game, role=victim).update(orders={"target": "highest"})  # covers no bite
    assert services.games_time_out_overdue() == 0
    back = seat(game, victim)
    assert back.awaiting and back.deadline_at - back.turn_started_at == timedelta(hours=24)
    assert back.timeouts_in_row == 0 and back.user.profile.timeouts == 0
    assert not Move.objects.filter(game=game, source__in=["order", "timeout"]).exists()


def test_setting_an_order_that_answers_the_waiting_prompt_plays_it(bite, django_capture_on_commit_callbacks):
    game, users, mover, action, victim = bite
    play(game, users, mover, action)
    with django_capture_on_commit_callbacks(execute=True):
        tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "roll"})
    assert Move.objects.filter(game=game, role=victim, source="order").exists()


# -- hidden from everyone else (HTML and JSON) -------------------------------------------
def test_the_panel_shows_my_orders_and_nobody_else_sees_them(bite, client, make_user):
    game, users, mover, action, victim = bite
    die = bite_order(game, victim)["choices"][2]
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": die[0]})
    mine = page(client, users[victim], game)
    label = bite_order(game, victim)["label"]
    assert "Standing orders" in mine and label in mine
    assert f'<option value="{die[0]}" selected>' in mine
    spectator = make_user("spectator")
    for reader in [users[r] for r in users if r != victim] + [spectator]:
        text = page(client, reader, game)
        assert f'value="{die[0]}" selected' not in text, reader  # each seat sees only its own: all "ask"
        if reader == spectator:
            assert label not in text and "orders-form" not in text
        else:
            assert '<select name="order-bite"><option value="ask" selected>' in text, reader
        body = api(reader).get(f"/api/games/{game.pk}/").content.decode()
        assert '"orders"' not in body and f'"bite":"{die[0]}"' not in body.replace(" ", ""), reader
    assert api(make_user("watcher")).get(f"/api/games/{game.pk}/orders/").status_code == 403
    other = next(r for r in users if r != victim)
    data = api(users[other]).get(f"/api/games/{game.pk}/orders/").json()
    assert data["role"] == other and all(o["value"] == "ask" for o in data["orders"])


def test_the_htmx_save_renders_the_panel_with_saved(table, client):
    game, users = table
    client.force_login(users["p2"])
    url = reverse("games:set_orders", args=[game.pk])
    response = client.post(url, {"order-bite": "roll"}, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert response.status_code == 200 and "Saved." in text and 'value="roll" selected' in text
    assert seat(game, "p2").orders == {"bite": "roll"}
    refused = client.post(url, {"order-bite": "maybe"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422 and "Saved." not in refused.content.decode()
    assert "“maybe” is not a choice" in html.unescape(refused.content.decode())
    assert seat(game, "p2").orders == {"bite": "roll"}


# -- the API -------------------------------------------------------------------------------
def test_the_api_round_trip(table):
    game, users = table
    client = api(users["p1"])
    url = f"/api/games/{game.pk}/orders/"
    first = client.get(url).json()
    assert first["role"] == "p1" and {o["key"] for o in first["orders"]} >= {"bite"}
    bite_row = next(o for o in first["orders"] if o["key"] == "bite")
    assert bite_row["value"] == "ask" and bite_row["choices"][0]["value"] == "ask" and bite_row["label"]
    saved = client.put(url, {"orders": {"bite": "roll"}}, format="json")
    assert saved.status_code == 200
    assert next(o for o in saved.json()["orders"] if o["key"] == "bite")["value"] == "roll"
    assert next(o for o in client.get(url).json()["orders"] if o["key"] == "bite")["value"] == "roll"
    refused = client.put(url, {"orders": {"bite": "never"}}, format="json")
    assert refused.status_code == 400 and "never" in refused.json()["detail"]
    assert seat(game, "p1").orders == {"bite": "roll"}
    assert client.put(url, {"orders": {"bite": "die"}, "as_role": "p3"}, format="json").status_code == 403


def test_a_finished_game_has_no_orders_to_set(table):
    game, users = table
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    response = api(users["p1"]).put(f"/api/games/{game.pk}/orders/", {"orders": {}}, format="json")
    assert response.status_code == 409


# -- on PostgreSQL with the real worker (the journal's after-commit sweep through the broker) --
@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_real_worker_plays_a_covered_bite_right_after_the_move(worker, bite):
    import time

    game, users, mover, action, victim = bite
    tables.set_orders(game_id=game.pk, user=users[victim], orders={"bite": "roll"})
    play(game, users, mover, action)
    found = lambda: Move.objects.filter(game=game, role=victim, source="order").exists()  # noqa: E731
    deadline = time.monotonic() + 20
    while not found() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert found(), "the worker never played the standing order"
    assert seat(game, victim).timeouts_in_row == 0 and seat(game, victim).user.profile.timeouts == 0
