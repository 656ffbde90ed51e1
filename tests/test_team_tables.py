"""Team tables at the service level: deadlines play the rules' default, sealed
inputs are committed and opened together, proxies act for away seats."""
import hashlib
import json
from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine, tables
from games.engine import registry, sealing
from games.play import services
from games.errors import Forbidden
from games.models import Game, Move, Seat
from games.engine.teams import teammates

pytestmark = pytest.mark.django_db
DAILY = {"kind": "pace", "profile": "daily"}
# The team title (the one with sealed steps); only its folder may name it (tests/test_layout.py).
TITLE = next(t for t, rules in registry.titles().items() if hasattr(rules, "sealed_step"))


@pytest.fixture
def table(make_user):
    """A started 4-player team game on the daily pace: (game, {role: user})."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": 4},
                                time_control=DAILY)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, {s.role: s.user for s in game.seats.select_related("user")}


def overdue(game, role, by=timedelta(minutes=1)):
    Seat.objects.filter(game=game, role=role).update(deadline_at=timezone.now() - by)


def keep_first(game, user, role):
    """Keep the first offered survivor in the sealed draft."""
    game.refresh_from_db()
    prompt = engine.rules_for(game).prompt(game.state, role)
    choice = prompt.choices[0]
    services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg, expected_seq=game.seq)


def test_the_draft_is_sealed_and_each_input_publishes_its_commitment(table):
    game, users = table
    keep_first(game, users["p1"], "p1")
    move = Move.objects.get(game=game, seq=2)
    assert move.sealed_step is not None and len(move.commitment) == 64 and len(move.nonce) == 32
    assert {"kind": "sealed", "role": "p1", "hash": move.commitment} in move.log
    words = registry.presentation(TITLE).move_text(move)
    assert words == "Player 1 sealed their choice."  # the hash is on the commitments page, linked beside the log
    row = sealing.commitments(Game.objects.get(pk=game.pk), engine.rules_for(game))[0]
    assert row == {"seq": 2, "role": "p1", "step": move.sealed_step, "commitment": move.commitment,
                   "opened": False, "withdrawn": False}  # no argument, no salt while the step is open


def test_a_sealed_step_is_opened_when_it_closes_and_the_hashes_verify(table):
    game, users = table
    finish_draft(game, users)
    rows = sealing.commitments(game, engine.rules_for(game))
    assert rows and all(row["opened"] for row in rows)
    for row in rows:
        text = json.dumps([row["game"], row["seq"], row["role"], row["verb"], row["arg"], row["nonce"]],
                          separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        assert hashlib.sha256(text.encode()).hexdigest() == row["commitment"]


def test_a_changed_argument_does_not_match_its_commitment(table):
    game, users = table
    keep_first(game, users["p1"], "p1")
    move = Move.objects.get(game=game, seq=2)
    assert sealing.digest(game.pk, 2, "p1", move.verb, move.arg, move.nonce) == move.commitment
    assert sealing.digest(game.pk, 2, "p1", move.verb, move.arg + 1, move.nonce) != move.commitment


def test_a_deadline_plays_the_defaults_of_the_window_and_counts_one_timeout(table):
    game, users = table
    overdue(game, "p2")
    need = game.state["stack"][-1]["need"]["p2"]
    assert services.games_time_out_overdue() == need  # every pick the draft still wanted from p2
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and "p2" not in game.active_roles
    moves = list(game.moves.filter(source="timeout"))
    assert [(m.role, m.user) for m in moves] == [("p2", None)] * need
    assert all(m.commitment for m in moves)  # the draft is sealed: a default is committed like any input
    text = registry.presentation(TITLE).move_text(moves[0])
    assert text.startswith(f"{users['p2'].username} (Player 2) ran out of time; the default was played:")
    seat = game.seats.get(role="p2")
    assert (seat.timeouts_in_row, seat.autopilot) == (1, False)
    assert seat.user.profile.timeouts == 1


def finish_draft(game, users):
    game.refresh_from_db()
    while game.state["stack"][-1]["step"] == "draft":
        role = engine.rules_for(game).active_roles(game.state)[0]
        keep_first(game, users[role], role)
        game.refresh_from_db()


def test_a_second_timeout_in_a_row_puts_the_seat_on_autopilot(table):
    game, users = table
    Seat.objects.filter(game=game, role="p2").update(timeouts_in_row=1,
                                                     timed_out_at=timezone.now() - timedelta(days=3))
    overdue(game, "p2")
    services.games_time_out_overdue()
    seat = Game.objects.get(pk=game.pk).seats.get(role="p2")
    assert seat.autopilot and seat.timeouts_in_row == 2
    finish_draft(game, users)
    for _ in range(200):  # play on until the autopilot seat owes an input
        game.refresh_from_db()
        if "p2" in game.active_roles:
            break
        role = game.active_roles[0]
        choice = engine.rules_for(game).default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=users[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)
    seat = game.seats.get(role="p2")
    assert seat.deadline_at == seat.turn_started_at  # due at once: no waiting for an away seat
    assert services.games_time_out_overdue() >= 1
    assert game.moves.filter(role="p2", source="autopilot").exists()
    assert game.seats.get(role="p2").timeouts_in_row == 2  # autopilot moves are not timeouts


def test_the_same_sweep_twice_plays_the_defaults_once(table):
    game, users = table
    overdue(game, "p3")
    later = timezone.now()
    first = services.games_time_out_overdue(now=later)
    assert first >= 1 and services.games_time_out_overdue(now=later) == 0
    assert Move.objects.filter(game=game, source="timeout").count() == first


def test_a_proxy_acts_for_an_away_teammate_and_an_enemy_cannot(table):
    game, users = table
    Seat.objects.filter(game=game, role="p3").update(autopilot=True, timeouts_in_row=2)
    mate = teammates(game, "p3")[0]
    enemy = next(r for r in ("p2", "p4") if r not in teammates(game, "p3"))
    with pytest.raises(Forbidden):
        tables.proxy_take(game_id=game.pk, user=users[enemy], role="p3")
    seat = tables.proxy_take(game_id=game.pk, user=users[mate], role="p3")
    assert seat.proxy_id == users[mate].pk and not seat.autopilot
    assert tables.proxy_roles(game, users[mate]) == ["p3"]
    view = engine.rules_for(game).proxy_view(Game.objects.get(pk=game.pk).state, "p3")
    assert view["me"]["hand"] == engine.rules_for(game).view(game.state, "p3")["me"]["hand"]
    assert view["me"]["objective"] is None


def test_timeouts_never_end_a_duel_title_differently_than_before(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    Seat.objects.filter(game=game, awaiting=True).update(deadline_at=timezone.now() - timedelta(minutes=1))
    assert services.games_time_out_overdue() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["reason"] == "timeout"
