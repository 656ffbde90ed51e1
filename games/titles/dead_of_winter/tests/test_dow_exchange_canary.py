"""Issue 27, item 1: a sealed movement-exchange pick gives nothing away before
the reveal -- not its argument, not whether it is a pass or a move.

A pass is sealed in two inputs like a move (the pick, then its seal where a
move gives its fallback), so the seat is "in" at the same moment either way;
the log API shows another seat's unopened sealed input as verb "sealed". The
canary: for a pass and for a move, every viewer who is not the picker
(anonymous, a spectator, the other mover from the enemy colony, the picker's
teammate) reads the same things on the log API, the board, the status poll
and the commitments list."""
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine.teams import teammates
from games.play import services
from .test_dow_exchanges import RULES, exchange_table  # noqa: F401

pytestmark = pytest.mark.django_db


def viewers(game, seats, first, second, make_user):
    mate = next(r for r in teammates(game, first) if r != second)
    return {"anonymous": None, "spectator": make_user("sam"), "enemy": seats[second], "teammate": seats[mate]}


def seen(game, user, first, since: int) -> dict:
    """What ``user`` (None: signed out) reads of the picker's inputs after move ``since``."""
    client, api = Client(), APIClient()
    if user is not None:
        client.force_login(user)
        api.force_authenticate(user)
    moves = api.get(f"/api/games/{game.pk}/log/").json()["moves"]
    board = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    status = client.get(reverse("games:status", args=[game.pk])).content.decode()
    rows = api.get(f"/api/games/{game.pk}/commitments/").json()
    return {"log": [(m["verb"], m["arg"]) for m in moves if m["seq"] > since and m["role"] == first],
            "committed": board.count("✓"), "status_words": re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", status)),
            "commitments": [sorted(r) for r in rows if r["seq"] > since and r["role"] == first],
            "pass_words": "Seal my pass" in board or "Seal my pass" in status}


def submit(game, user, verb, arg):
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=user, verb=verb, arg=arg, expected_seq=game.seq)
    game.refresh_from_db()


@pytest.mark.parametrize("pick", ["pass", "move"])
def test_a_pass_and_a_move_look_the_same_to_everyone_else_until_the_reveal(exchange_table, make_user, pick):
    game, seats = exchange_table
    first, second = game.state["stack"][-1]["order"]
    since = game.seq
    watchers = viewers(game, seats, first, second, make_user)
    move = next(c for c in RULES.prompt(game.state, first).choices if c.verb == "move")
    submit(game, seats[first], pick, move.arg if pick == "move" else None)
    assert first in game.active_roles  # not in yet: a pass waits for its seal as a move for its fallback
    after_pick = {name: seen(game, user, first, since) for name, user in watchers.items()}
    seal = RULES.default_action(game.state, first)
    submit(game, seats[first], seal.verb, seal.arg)
    assert first not in game.active_roles and second in game.active_roles
    after_seal = {name: seen(game, user, first, since) for name, user in watchers.items()}
    for name in watchers:
        assert after_pick[name]["log"] == [("sealed", None)], name
        assert after_seal[name]["log"] == [("sealed", None), ("sealed", None)], name
        assert after_seal[name]["committed"] == after_pick[name]["committed"] + 1, name
        assert all("verb" not in row and "arg" not in row for row in after_seal[name]["commitments"]), name
        assert not after_seal[name]["pass_words"], name
    # Both runs (pick = pass, pick = move) assert these same values: nothing tells them apart.
