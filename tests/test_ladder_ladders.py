"""Challenge ladders: joining, challenging, rung changes after results, inactivity."""
import datetime

import pytest
from django.utils import timezone

from games.play import services
from games.ladder import ladders
from games.ladder.ladders import LadderError
from games.ladder.models import Challenge, Ladder, LadderEntry
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladder():
    return Ladder.objects.create(title_id="duel", name="Duel ladder", time_control={"kind": "per_move", "days": 3},
                                 options={"rounds": 4})


@pytest.fixture
def players(make_user):
    return [make_user(f"p{i}") for i in range(1, 9)]


def fill(ladder, users):
    for user in users:
        ladders.ladder_join(ladder_id=ladder.pk, user=user)


def order(ladder):
    return list(LadderEntry.objects.filter(ladder=ladder).order_by("rung").values_list("user__username", flat=True))


def rungs(ladder):
    return list(LadderEntry.objects.filter(ladder=ladder).order_by("rung").values_list("rung", flat=True))


def challenge(ladder, challenger, defender):
    return ladders.challenge_create(ladder_id=ladder.pk, challenger=challenger, defender_username=defender.username)


def lose(challenge_row, loser):
    services.game_resign(game_id=challenge_row.game_id, user=loser)
    challenge_row.refresh_from_db()
    return challenge_row


def time_out(challenge_row, user):
    game = Game.objects.get(pk=challenge_row.game_id)
    role = game.seats.get(user=user).role
    services.game_time_out(game_id=game.pk, role=role, at_seq=game.seq)
    challenge_row.refresh_from_db()
    return challenge_row


def test_players_join_at_the_bottom_in_order(ladder, players):
    fill(ladder, players[:3])
    assert order(ladder) == ["p1", "p2", "p3"] and rungs(ladder) == [1, 2, 3]


def test_joining_twice_is_refused(ladder, alice):
    fill(ladder, [alice])
    with pytest.raises(LadderError, match="already on this ladder"):
        ladders.ladder_join(ladder_id=ladder.pk, user=alice)


def test_a_challenge_starts_a_rated_game_with_the_ladders_settings_at_once(ladder, players):
    fill(ladder, players[:3])
    row = challenge(ladder, players[2], players[0])
    game = row.game
    assert game.status == Game.Status.ACTIVE and game.rated
    assert (game.time_control["kind"], game.time_control["days"]) == ("per_move", 3)
    assert game.options == {"rounds": 4}
    assert set(game.seats.values_list("user__username", flat=True)) == {"p1", "p3"}
    assert (row.challenger_rung, row.defender_rung, row.status) == (3, 1, Challenge.Status.OPEN)


def test_a_player_exactly_five_rungs_up_can_be_challenged(ladder, players):
    fill(ladder, players[:6])
    assert challenge(ladder, players[5], players[0]).defender == players[0]


def test_a_player_more_than_five_rungs_up_is_refused_with_the_distance(ladder, players):
    fill(ladder, players[:7])
    with pytest.raises(LadderError, match="6 rungs above you; you can challenge at most 5"):
        challenge(ladder, players[6], players[0])
    assert not Game.objects.exists()


def test_challenging_downwards_is_refused(ladder, players):
    fill(ladder, players[:2])
    with pytest.raises(LadderError, match="only challenge players above you"):
        challenge(ladder, players[0], players[1])


def test_challenging_yourself_is_refused(ladder, alice):
    fill(ladder, [alice])
    with pytest.raises(LadderError, match="cannot challenge yourself"):
        challenge(ladder, alice, alice)


def test_challenging_without_a_rung_or_someone_off_the_ladder_is_refused(ladder, alice, bob, carol):
    fill(ladder, [alice])
    with pytest.raises(LadderError, match="Join this ladder"):
        challenge(ladder, bob, alice)
    fill(ladder, [bob])
    with pytest.raises(LadderError, match="not on this ladder"):
        challenge(ladder, bob, carol)
    with pytest.raises(LadderError, match="not on this ladder"):
        ladders.challenge_create(ladder_id=ladder.pk, challenger=bob, defender_username="nobody")


def test_a_fourth_open_challenge_is_refused(ladder, players):
    fill(ladder, players[:5])
    for defender in players[:3]:
        challenge(ladder, players[4], defender)
    with pytest.raises(LadderError, match="already have 3 open challenges"):
        challenge(ladder, players[4], players[3])


def test_a_finished_challenge_frees_a_slot(ladder, players):
    fill(ladder, players[:5])
    first = challenge(ladder, players[4], players[0])
    challenge(ladder, players[4], players[1])
    challenge(ladder, players[4], players[2])
    lose(first, players[4])
    assert challenge(ladder, players[4], players[3]).status == Challenge.Status.OPEN


def test_the_same_player_cannot_be_challenged_again_within_seven_days(ladder, players):
    fill(ladder, players[:2])
    first = lose(challenge(ladder, players[1], players[0]), players[1])
    with pytest.raises(LadderError, match="less than 7 days ago"):
        challenge(ladder, players[1], players[0])
    Challenge.objects.filter(pk=first.pk).update(created_at=timezone.now() - datetime.timedelta(days=7, minutes=1))
    assert challenge(ladder, players[1], players[0]).status == Challenge.Status.OPEN


def test_a_winning_challenger_takes_the_rung_and_the_players_between_move_down(ladder, players):
    fill(ladder, players[:5])
    row = lose(challenge(ladder, players[4], players[1]), players[1])
    assert row.status == Challenge.Status.CHALLENGER_WON
    assert order(ladder) == ["p1", "p5", "p2", "p3", "p4"]


def test_a_winning_defender_keeps_the_rung(ladder, players):
    fill(ladder, players[:4])
    row = lose(challenge(ladder, players[3], players[0]), players[3])
    assert row.status == Challenge.Status.DEFENDER_WON
    assert order(ladder) == ["p1", "p2", "p3", "p4"]


def test_a_challenger_who_times_out_drops_to_the_bottom(ladder, players):
    fill(ladder, players[:5])
    time_out(challenge(ladder, players[2], players[0]), players[2])
    assert order(ladder) == ["p1", "p2", "p4", "p5", "p3"]


def test_a_defender_who_times_out_loses_the_rung_and_drops_to_the_bottom(ladder, players):
    fill(ladder, players[:5])
    row = time_out(challenge(ladder, players[2], players[0]), players[0])
    assert row.status == Challenge.Status.CHALLENGER_WON
    assert order(ladder) == ["p3", "p2", "p4", "p5", "p1"]


def test_an_abandoned_ladder_game_moves_nobody(ladder, players):
    fill(ladder, players[:3])
    row = challenge(ladder, players[2], players[0])
    services.game_abandon(game_id=row.game_id)
    row.refresh_from_db()
    assert row.status == Challenge.Status.VOID and order(ladder) == ["p1", "p2", "p3"]


def test_a_challenger_already_above_the_defender_when_the_game_ends_stays_put(ladder, players):
    fill(ladder, players[:4])
    slow = challenge(ladder, players[3], players[2])  # p4 vs p3
    lose(challenge(ladder, players[3], players[0]), players[0])  # p4 takes rung 1
    lose(slow, players[2])
    assert order(ladder) == ["p4", "p1", "p2", "p3"] and slow.status == Challenge.Status.CHALLENGER_WON


def test_leaving_moves_the_players_below_up_and_rejoining_starts_at_the_bottom(ladder, players):
    fill(ladder, players[:4])
    ladders.ladder_leave(ladder_id=ladder.pk, user=players[1])
    assert order(ladder) == ["p1", "p3", "p4"] and rungs(ladder) == [1, 2, 3]
    ladders.ladder_join(ladder_id=ladder.pk, user=players[1])
    assert order(ladder) == ["p1", "p3", "p4", "p2"]


def test_leaving_when_not_on_the_ladder_is_refused(ladder, alice):
    with pytest.raises(LadderError, match="not on this ladder"):
        ladders.ladder_leave(ladder_id=ladder.pk, user=alice)


def test_a_game_finished_after_the_winner_left_moves_nobody(ladder, players):
    fill(ladder, players[:3])
    row = challenge(ladder, players[2], players[0])
    ladders.ladder_leave(ladder_id=ladder.pk, user=players[2])
    lose(row, players[0])
    assert order(ladder) == ["p1", "p2"] and row.status == Challenge.Status.CHALLENGER_WON


def test_long_inactivity_removes_a_player_but_not_one_with_a_game_in_play(ladder, players):
    fill(ladder, players[:5])
    challenge(ladder, players[3], players[2])
    long_ago = timezone.now() - datetime.timedelta(days=ladder.inactivity_days + 1)
    LadderEntry.objects.filter(ladder=ladder).exclude(user=players[0]).update(last_active_at=long_ago)
    removed = ladders.ladder_remove_inactive()
    assert removed == 2
    assert order(ladder) == ["p1", "p3", "p4"] and rungs(ladder) == [1, 2, 3]


def test_the_beat_task_removes_inactive_players(ladder, players):
    from games.ladder.tasks import remove_inactive_ladder_players

    fill(ladder, players[:2])
    LadderEntry.objects.filter(user=players[0]).update(last_active_at=timezone.now() - datetime.timedelta(days=90))
    assert remove_inactive_ladder_players.delay().get() == 1
    assert order(ladder) == ["p2"] and rungs(ladder) == [1]


def test_the_ladder_tells_moderation_whether_takebacks_are_allowed(ladder, players):
    fill(ladder, players[:2])
    row = challenge(ladder, players[1], players[0])
    assert ladders.ladder_for_game(row.game) == ladder and not ladders.ladder_for_game(row.game).allow_takebacks
