"""Two ladder games finishing at the same moment leave a consistent ladder (real PostgreSQL)."""
import pytest

from games.play import services
from games.ladder import ladders
from games.ladder.models import Challenge, Ladder, LadderEntry, Rating
from games.models import Game

from tests.threads import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def new_ladder(make_user, tag, size=6):
    ladder = Ladder.objects.create(title_id="duel", name=f"Ladder {tag}")
    users = [make_user(f"{tag}{i}") for i in range(1, size + 1)]
    for user in users:
        ladders.ladder_join(ladder_id=ladder.pk, user=user)
    return ladder, users


def names(ladder):
    return list(LadderEntry.objects.filter(ladder=ladder).order_by("rung").values_list("user__username", flat=True))


def assert_consistent(ladder, size):
    rungs = list(LadderEntry.objects.filter(ladder=ladder).order_by("rung").values_list("rung", flat=True))
    assert rungs == list(range(1, size + 1))


def resign(challenge, user):
    return lambda: services.game_resign(game_id=challenge.game_id, user=user)


def test_two_challenger_wins_at_the_same_moment_leave_rungs_one_to_n(make_user):
    for round_no in range(3):
        ladder, (a, b, c, d, e, f) = new_ladder(make_user, f"r{round_no}x")
        one = ladders.challenge_create(ladder_id=ladder.pk, challenger=c, defender_username=a.username)
        two = ladders.challenge_create(ladder_id=ladder.pk, challenger=d, defender_username=b.username)
        results = run_together([resign(one, a), resign(two, b)])
        assert not any(isinstance(r, Exception) for r in results), results
        assert_consistent(ladder, 6)
        # Either order of commits gives the same ladder.
        assert names(ladder) == [c.username, a.username, d.username, b.username, e.username, f.username]
        assert set(Challenge.objects.filter(ladder=ladder).values_list("status", flat=True)) == {"challenger_won"}


def test_one_challengers_two_games_and_a_timeout_finishing_together_stay_consistent(make_user):
    ladder, (a, b, c, d, e, f) = new_ladder(make_user, "t")
    one = ladders.challenge_create(ladder_id=ladder.pk, challenger=f, defender_username=a.username)
    two = ladders.challenge_create(ladder_id=ladder.pk, challenger=f, defender_username=b.username)
    three = ladders.challenge_create(ladder_id=ladder.pk, challenger=e, defender_username=d.username)
    timed = Game.objects.get(pk=three.game_id)
    role = timed.seats.get(user=e).role
    results = run_together([
        resign(one, a), resign(two, b),
        lambda: services.game_time_out(game_id=timed.pk, role=role, at_seq=timed.seq),
    ])
    assert not any(isinstance(r, Exception) for r in results), results
    assert_consistent(ladder, 6)
    order = names(ladder)
    assert order == [f.username, a.username, b.username, c.username, d.username, e.username]
    assert Rating.objects.get(user=f, title_id="duel").games == 2
