"""Issue 29, items 2 and 8: teammates are not opponents, and the status line
says until when it is your turn.

A colony-mate reads "Waiting for your teammate fay", never "your opponent";
My games says "with" a teammate and "against" the other side; a duel keeps
"Waiting for your opponent"; a player whose turn it is reads the deadline in
the status line, not only in the seats panel."""
import pytest
from django.urls import reverse

from games.engine.teams import teammates
from games.play import services
from tests.test_team_seats import play_default, table  # noqa: F401

pytestmark = pytest.mark.django_db


def status(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("games:status", args=[game.pk])).content.decode()


def one_active(game, users, limit=200):
    """Play defaults until a single seat is asked something; returns its role."""
    for _ in range(limit):
        game.refresh_from_db()
        if len(game.active_roles) == 1:
            return game.active_roles[0]
        role = game.active_roles[0]
        play_default(game, users[role], role)
    raise AssertionError("never one seat alone")


def test_a_teammate_waits_for_a_teammate_and_an_enemy_for_a_player(table, client):
    game, users = table
    active = one_active(game, users)
    mate = teammates(game, active)[0]
    enemy = next(r for r in users if r != active and r not in teammates(game, active))
    name = users[active].display
    text = status(client, users[mate], game)
    assert f"your teammate {name}" in text and "opponent" not in text
    text = status(client, users[enemy], game)
    assert name in text and "teammate" not in text and "your opponent" not in text


def test_my_games_says_with_a_teammate_and_against_the_other_side(table, client):
    game, users = table
    role = next(iter(sorted(users)))
    mate = teammates(game, role)[0]
    enemy = next(r for r in sorted(users) if r != role and r not in teammates(game, role))
    client.force_login(users[role])
    text = client.get(reverse("games:my_games")).content.decode()
    assert f"with {users[mate].display}" in text and f"against {users[enemy].display}" in text
    assert f"against {users[mate].display}" not in text


def test_a_duel_still_waits_for_your_opponent_and_shows_the_deadline_on_your_turn(client, alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    game = services.seat_join(game_id=game.pk, user=bob)
    text = status(client, alice, game)
    assert "Your turn" in text and "until" in text and "(in 2" in text  # 3 days: "in 2 days, 23 hours"
    card = sorted(game.state["hands"]["north"])[0]
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=game.seq)
    assert "Waiting for your opponent" in status(client, alice, game)
