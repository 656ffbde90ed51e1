"""Moderators' pipeline services: rollback, adjudication and annulment."""
import pytest
from django.core.management import call_command

from games import engine
from games.play import services
from games.errors import BadRequest
from games.models import Game, Hand, Move
from games.rules.core.flow import take_log

pytestmark = pytest.mark.django_db


def play_picks(game, alice, bob, rounds=1):
    for _ in range(rounds):
        for user, role in ((alice, "north"), (bob, "south")):
            game.refresh_from_db()
            card = sorted(game.state["hands"][role])[0]
            services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
        game.refresh_from_db()
        while game.status == "active" and game.active_roles and game.active_roles != ["north", "south"]:
            role = game.active_roles[0]
            user = alice if role == "north" else bob
            choice = engine.rules_for(game).prompt(game.state, role).choices[0]
            services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg, expected_seq=game.seq)
            game.refresh_from_db()


def state_after(game, seq):
    moves = [m for m in engine.live_moves(game) if m.seq <= seq]
    state = engine.replay(game, moves)
    take_log(state)
    return state


def test_a_rollback_restores_the_state_at_that_move_and_play_goes_on(duel, alice, bob, carol):
    play_picks(duel, alice, bob, rounds=2)
    duel.refresh_from_db()
    target = 2
    expected = state_after(duel, target)
    last = duel.seq
    services.game_rollback(game_id=duel.pk, to_seq=target, by_user=carol)
    duel.refresh_from_db()
    assert duel.state == expected
    assert duel.moves.filter(seq__gt=target, seq__lte=last, rolled_back=True).count() == last - target
    assert duel.moves.last().verb == ".rollback" and duel.moves.last().arg == {"to_seq": target}
    assert {h.role: h.cards for h in Hand.objects.filter(game=duel)} == {
        r: sorted(expected["hands"][r]) for r in ("north", "south")}
    assert duel.active_roles == ["south"]
    assert duel.seats.get(role="south").awaiting and not duel.seats.get(role="north").awaiting
    call_command("rebuild_games", "--validate", str(duel.pk))
    card = sorted(duel.state["hands"]["south"])[0]
    services.move_submit(game_id=duel.pk, user=bob, verb="pick", arg=card, expected_seq=duel.seq)
    call_command("rebuild_games", "--validate", str(duel.pk))


def test_rolling_back_a_finished_game_reopens_it(duel, alice, bob, carol):
    services.game_resign(game_id=duel.pk, user=bob)
    services.game_rollback(game_id=duel.pk, to_seq=1, by_user=carol)
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE and duel.result is None
    assert duel.active_roles == ["north", "south"]
    call_command("rebuild_games", "--validate", str(duel.pk))


def test_rollback_refuses_impossible_targets(duel, carol):
    for seq in (0, duel.seq, 99):
        with pytest.raises(BadRequest):
            services.game_rollback(game_id=duel.pk, to_seq=seq, by_user=carol)
    assert Move.objects.filter(game=duel, rolled_back=True).count() == 0


def test_adjudication_and_annulment_replace_the_result(duel, bob, carol):
    services.game_adjudicate(game_id=duel.pk, winners=["south"], by_user=carol)
    duel.refresh_from_db()
    assert duel.status == "finished" and duel.result == {"winners": ["south"], "reason": "adjudicated",
                                                         "score": None}
    services.game_annul(game_id=duel.pk, by_user=carol)
    duel.refresh_from_db()
    assert duel.result["reason"] == "annulled" and duel.result["winners"] == []
    with pytest.raises(BadRequest):
        services.game_adjudicate(game_id=duel.pk, winners=["east"], by_user=carol)
    call_command("rebuild_games", "--validate", str(duel.pk))
