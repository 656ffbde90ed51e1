"""Warring Colonies games are rated with OpenSkill, colonies as teams (issue 21)."""
import pytest
from django.db import transaction
from django.utils import timezone

from games import signals
from games.ladder.models import Rating, RatingChange, TeamRating, TeamRatingChange
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def finished(users, winners, reason="objectives"):
    """A finished rated game with one seat per user (p1, p2, ...), rated through the signal."""
    with transaction.atomic():
        game = Game.objects.create(title_id="dead_of_winter", created_by=users[0], status=Game.Status.FINISHED,
                                   options={"players": len(users)}, finished_at=timezone.now(),
                                   result={"winners": winners, "reason": reason, "score": None})
        for n, user in enumerate(users, 1):
            Seat.objects.create(game=game, user=user, role=f"p{n}")
        signals.games_finished.send(sender=Game, games=[game])
    return game


@pytest.fixture
def five(make_user):
    return [make_user(f"colonist{n}") for n in range(1, 6)]


def mu(user):
    return TeamRating.objects.get(user=user, title_id="dead_of_winter").mu


def test_a_two_against_two_game_rates_the_colonies_as_teams(five):
    p1, p2, p3, p4 = five[:4]
    game = finished([p1, p2, p3, p4], ["p1", "p3"])  # colony a (p1, p3) won
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    changes = {c.role: c for c in TeamRatingChange.objects.filter(game=game)}
    assert changes["p1"].team == ["p1", "p3"] and changes["p2"].team == ["p2", "p4"]
    assert (changes["p1"].rank, changes["p2"].rank) == (1, 2)
    assert mu(p1) == pytest.approx(mu(p3)) and mu(p1) > 25 > mu(p2) == pytest.approx(mu(p4))
    assert TeamRating.objects.get(user=p1).wins == 1 and TeamRating.objects.get(user=p2).losses == 1


def test_a_five_player_game_rates_the_lone_wolf_as_a_team_of_one(five):
    game = finished(five, ["p5"])  # the Lone Wolf alone won
    changes = {c.role: c for c in TeamRatingChange.objects.filter(game=game)}
    assert changes["p5"].team == ["p5"] and changes["p5"].rank == 1
    assert changes["p1"].team == ["p1", "p3"] and changes["p2"].team == ["p2", "p4"]
    assert {changes[r].rank for r in ("p1", "p2", "p3", "p4")} == {2}
    assert mu(five[4]) > 25 > mu(five[0])
    assert mu(five[0]) == pytest.approx(mu(five[1]))  # both colonies lost alike


def test_a_colonist_who_wins_alone_makes_every_seat_a_team_of_one(five):
    game = finished(five[:4], ["p1"])
    changes = {c.role: c for c in TeamRatingChange.objects.filter(game=game)}
    assert [changes[r].team for r in ("p1", "p2", "p3", "p4")] == [["p1"], ["p2"], ["p3"], ["p4"]]
    assert mu(five[0]) > 25 > mu(five[2])
    assert TeamRating.objects.get(user=five[2]).losses == 1


def test_no_winner_is_a_draw_for_everyone(five):
    finished(five, [])
    assert {r.draws for r in TeamRating.objects.all()} == {1}
    assert mu(five[0]) == pytest.approx(mu(five[1]))  # the two colonies tied
