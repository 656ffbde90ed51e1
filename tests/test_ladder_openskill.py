"""Games of more than two seats are rated with OpenSkill beside Glicko-2 for duels."""
import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from games import signals
from games.ladder import teamratings
from games.ladder.models import Rating, RatingChange, RatingRecompute, TeamRating, TeamRatingChange
from games.models import Game, Seat

from .test_ladder_ratings import correct, play

pytestmark = pytest.mark.django_db


def finished(users, winners, title_id="duel"):
    """A finished rated game with seats p1..pN (the duel title has no teams: one per seat)."""
    with transaction.atomic():
        game = Game.objects.create(title_id=title_id, created_by=users[0], status=Game.Status.FINISHED,
                                   finished_at=timezone.now(),
                                   result={"winners": winners, "reason": "score", "score": None})
        for n, user in enumerate(users, 1):
            Seat.objects.create(game=game, user=user, role=f"p{n}")
        signals.games_finished.send(sender=Game, games=[game])
    return game


@pytest.fixture
def four(make_user):
    return [make_user(f"player{n}") for n in range(1, 5)]


def test_a_duel_is_still_rated_with_glicko2(alice, bob):
    game = play(alice, bob)
    assert RatingChange.objects.filter(game=game).count() == 2
    assert not TeamRatingChange.objects.exists() and not TeamRating.objects.exists()
    assert Rating.objects.get(user=alice).rating > 1500


def test_a_four_seat_game_without_teams_rates_every_seat_alone(four):
    game = finished(four, ["p2"])
    assert not RatingChange.objects.exists()
    changes = {c.role: c for c in TeamRatingChange.objects.filter(game=game)}
    assert [changes[r].team for r in ("p1", "p2")] == [["p1"], ["p2"]]
    assert changes["p2"].mu_after > 25 > changes["p1"].mu_after
    assert changes["p2"].outcome == "win" and changes["p1"].outcome == "loss"


def test_the_batched_path_rates_duels_and_team_games_of_one_sweep(four, alice, bob):
    with transaction.atomic():
        games = []
        for n, (users, winners) in enumerate([(four, ["p1"]), ([alice, bob], ["p1"]), (four, ["p1"])]):
            game = Game.objects.create(title_id="duel", created_by=users[0], status=Game.Status.FINISHED,
                                       finished_at=timezone.now(),
                                       result={"winners": winners, "reason": "score", "score": None})
            for i, user in enumerate(users, 1):
                Seat.objects.create(game=game, user=user, role=f"p{i}")
            games.append(game)
        signals.games_finished.send(sender=Game, games=games)
    assert RatingChange.objects.filter(game=games[1]).count() == 2
    assert TeamRatingChange.objects.filter(game__in=[games[0], games[2]]).count() == 8
    top = TeamRating.objects.get(user=four[0])
    assert top.games == 2 and top.wins == 2
    second = TeamRatingChange.objects.get(game=games[2], user=four[0])
    first = TeamRatingChange.objects.get(game=games[0], user=four[0])
    assert second.mu_before == pytest.approx(first.mu_after)


def test_a_corrected_team_result_recomputes_the_openskill_rows(four):
    game = finished(four, ["p1"])
    correct(game, {"winners": ["p3"], "reason": "score", "score": None})
    assert TeamRating.objects.get(user=four[2]).wins == 1 and TeamRating.objects.get(user=four[0]).wins == 0
    assert RatingRecompute.objects.filter(game=game).exists()
    assert not Rating.objects.filter(games__gt=0).exists()


def test_the_leaderboard_and_profile_show_both_kinds(client, four, alice, bob):
    play(alice, bob)
    for _ in range(teamratings_min()):
        finished(four, ["p1"])
    board = client.get(reverse("ladder:leaderboard", args=["duel"])).content.decode()
    assert "OpenSkill" in board and "player1" in board
    page = client.get(reverse("ladder:profile", args=["player1"])).content.decode()
    assert "OpenSkill" in page and "team-ratings" in page
    assert "OpenSkill" not in client.get(reverse("ladder:profile", args=["alice"])).content.decode()


def teamratings_min():
    from games.ladder.selectors import TEAM_MIN_GAMES

    return TEAM_MIN_GAMES


def test_teams_come_from_the_presentation_and_must_cover_every_seat():
    assert teamratings.groups_and_ranks("duel", ["p1", "p2", "p3"], ["p1"]) == [(["p1"], 1), (["p2"], 2), (["p3"], 2)]
    assert teamratings.groups_and_ranks("duel", ["p1", "p2", "p3"], []) == [(["p1"], 1), (["p2"], 1), (["p3"], 1)]
