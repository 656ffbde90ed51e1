"""Ratings follow rated games: recorded on finish, recomputed after a correction."""
import datetime
from unittest import mock

import pytest
from django.db import transaction
from django.utils import timezone

from games import signals
from games.play import services
from games.ladder import glicko2, ratings
from games.ladder.models import Rating, RatingChange, RatingRecompute, SideRecord
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def start_duel(north, south, rated=True):
    game = services.game_create(user=north, title_id="duel", creator_role="north", rated=rated)
    services.seat_join(game_id=game.pk, user=south)
    game.refresh_from_db()
    return game


def play(winner, loser, rated=True):
    """A finished duel that ``winner`` won by the loser's resignation."""
    game = start_duel(winner, loser, rated)
    services.game_resign(game_id=game.pk, user=loser)
    game.refresh_from_db()
    return game


def rating(user, title_id="duel"):
    return Rating.objects.get(user=user, title_id=title_id)


def correct(game, result):
    """What the moderation app does: change the result, then send game_result_changed."""
    with transaction.atomic():
        previous = game.result
        game.result = result
        game.save(update_fields=["result"])
        signals.game_result_changed.send(sender=Game, game=game, previous=previous)


def test_a_rated_win_raises_the_winner_and_lowers_the_loser(alice, bob):
    game = play(alice, bob)
    assert rating(alice).rating > 1500 > rating(bob).rating
    assert (rating(alice).wins, rating(alice).losses, rating(alice).games) == (1, 0, 1)
    assert (rating(bob).wins, rating(bob).losses, rating(bob).games) == (0, 1, 1)
    change = RatingChange.objects.get(game=game, user=alice)
    assert (change.rating_before, change.outcome, change.role) == (1500, "win", "north")
    assert change.rating_after == pytest.approx(rating(alice).rating)


def test_an_unrated_game_changes_no_rating(alice, bob):
    play(alice, bob, rated=False)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_loss_on_time_counts_like_any_loss(alice, bob):
    game = start_duel(alice, bob)
    services.game_time_out(game_id=game.pk, role="south", at_seq=game.seq)
    assert rating(bob).losses == 1 and rating(alice).wins == 1
    assert rating(bob).rating < 1500


@pytest.mark.parametrize("reason", ["abandoned", "annulled"])
def test_abandoned_and_annulled_games_never_count(alice, bob, reason):
    game = start_duel(alice, bob)
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now(),
                                               result={"winners": [], "reason": reason, "score": None})
        game.refresh_from_db()
        signals.games_finished.send(sender=Game, games=[game])
    assert not RatingChange.objects.exists()


def test_the_abandon_service_leaves_ratings_alone(alice, bob):
    game = start_duel(alice, bob)
    services.game_abandon(game_id=game.pk)
    assert not RatingChange.objects.exists()


def test_a_draw_is_recorded_as_a_draw_for_both(alice, bob):
    game = start_duel(alice, bob)
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now(),
                                               result={"winners": [], "reason": "score", "score": None})
        game.refresh_from_db()
        signals.games_finished.send(sender=Game, games=[game])
    assert rating(alice).draws == 1 and rating(bob).draws == 1
    assert rating(alice).rating == pytest.approx(1500)


def test_finishing_signal_twice_rates_the_game_once(alice, bob):
    game = play(alice, bob)
    before = rating(alice).rating
    with transaction.atomic():
        signals.games_finished.send(sender=Game, games=[game])
    assert RatingChange.objects.filter(game=game).count() == 2
    assert rating(alice).rating == before and rating(alice).games == 1


def test_records_are_kept_per_side(alice, bob):
    play(alice, bob)  # alice north wins
    play(bob, alice)  # bob north wins, alice south loses
    play(alice, bob)
    sides = {s.role: (s.wins, s.losses, s.draws) for s in SideRecord.objects.filter(user=alice)}
    assert sides == {"north": (2, 0, 0), "south": (0, 1, 0)}


def test_the_deviation_grows_while_a_player_is_away(alice, bob):
    play(alice, bob)
    row = rating(alice)
    later = timezone.now() + datetime.timedelta(days=glicko2.PERIOD_DAYS * 10)
    assert ratings.rating_current(row, later).rd > row.rd
    assert ratings.rating_current(row, later).rating == row.rating


def test_inactivity_is_applied_before_the_next_game_is_rated(alice, bob, carol):
    play(alice, bob)
    stored_rd = rating(alice).rd
    future = timezone.now() + datetime.timedelta(days=200)
    with mock.patch("django.utils.timezone.now", return_value=future):
        game = play(alice, carol)
    change = RatingChange.objects.get(game=game, user=alice)
    assert change.rd_before == pytest.approx(stored_rd)
    fresh = ratings.rating_current(Rating(rating=change.rating_before, rd=change.rd_before,
                                          volatility=change.volatility_before,
                                          last_played=change.last_played_before), future)
    assert fresh.rd > stored_rd
    assert change.finished_at == future


def test_a_new_player_is_provisional_until_the_deviation_is_low(alice, bob):
    play(alice, bob)
    assert ratings.is_provisional(rating(alice))
    assert rating(alice).ranked_until is None


def test_an_established_player_becomes_provisional_after_a_long_break():
    row = Rating(rating=1700, rd=60, volatility=0.06, last_played=timezone.now())
    until = ratings.ranked_until(row.player, row.last_played)
    assert not ratings.is_provisional(row, until - datetime.timedelta(hours=1))
    assert ratings.is_provisional(row, until + datetime.timedelta(hours=1))


def fresh_ratings(games_in_order):
    """What ratings would be if these (winner, loser) games had been played in order, freshly."""
    players = {}
    for winner, loser in games_in_order:
        new = glicko2.rate_game({winner: ("north", players.get(winner, glicko2.Player())),
                                 loser: ("south", players.get(loser, glicko2.Player()))}, ["north"])
        players.update(new)
    return players


def test_a_corrected_result_recomputes_everyone_affected_from_that_game_on(alice, bob, carol, make_user):
    dave, erin = make_user("dave"), make_user("erin")
    first = play(alice, bob)
    play(bob, carol)
    play(dave, erin)
    play(carol, alice)
    dave_before = rating(dave).rating
    correct(first, {"winners": ["south"], "reason": "resignation", "score": None})
    expected = fresh_ratings([(bob, alice), (bob, carol), (carol, alice)])
    for user in (alice, bob, carol):
        assert rating(user).rating == pytest.approx(expected[user].rating, abs=0.01)
    assert rating(dave).rating == dave_before
    assert (rating(alice).wins, rating(alice).losses) == (0, 2)
    assert (rating(bob).wins, rating(bob).losses) == (2, 0)
    log = RatingRecompute.objects.get()
    assert log.games_replayed == 3 and set(log.changes) == {"alice", "bob", "carol"}
    assert log.previous_result["winners"] == ["north"]


def test_an_annulled_result_drops_the_game_from_everyones_rating(alice, bob, carol):
    first = play(alice, bob)
    play(carol, bob)
    correct(first, {"winners": [], "reason": "annulled", "score": None})
    assert not RatingChange.objects.filter(game=first).exists()
    expected = fresh_ratings([(carol, bob)])
    assert rating(bob).rating == pytest.approx(expected[bob].rating, abs=0.01)
    assert (rating(alice).games, rating(alice).rating) == (0, 1500)
    assert SideRecord.objects.filter(user=bob).get().losses == 1


def test_correcting_a_game_back_to_counted_rates_it_again(alice, bob):
    game = play(alice, bob)
    correct(game, {"winners": [], "reason": "annulled", "score": None})
    correct(game, {"winners": ["north"], "reason": "resignation", "score": None})
    assert rating(alice).wins == 1 and RatingChange.objects.filter(game=game).count() == 2
    assert RatingRecompute.objects.count() == 2


def test_a_recompute_keeps_seats_and_side_records_consistent(alice, bob):
    game = play(alice, bob)
    correct(game, {"winners": ["south"], "reason": "resignation", "score": None})
    assert Seat.objects.get(game=game, user=bob).role == "south"
    assert SideRecord.objects.get(user=bob, role="south").wins == 1
    assert SideRecord.objects.get(user=alice, role="north").losses == 1


def test_one_sweep_rates_its_games_one_after_another(alice, bob, carol):
    """A timeout sweep finishes many games in one commit; each is rated from the ratings the previous left."""
    plan = [(alice, bob, "south"), (alice, bob, "north"), (carol, alice, "south"), (alice, bob, "south")]
    games = [start_duel(north, south) for north, south, _ in plan]
    for game, (_, _, late) in zip(games, plan):
        Seat.objects.filter(game=game, role=late).update(deadline_at=timezone.now() - datetime.timedelta(minutes=1))
    assert services.games_time_out_overdue() == len(plan)
    expected = {u.pk: glicko2.Player() for u in (alice, bob, carol)}
    for game, (north, south, late) in zip(games, plan):  # the sweep takes games in id order
        winner = "north" if late == "south" else "south"
        after = glicko2.rate_game({north.pk: ("north", expected[north.pk]), south.pk: ("south", expected[south.pk])},
                                  [winner])
        expected.update(after)
    for user in (alice, bob, carol):
        row = rating(user)
        assert (row.rating, row.rd) == (pytest.approx(expected[user.pk].rating), pytest.approx(expected[user.pk].rd))
    assert (rating(alice).games, rating(alice).wins, rating(alice).losses) == (4, 2, 2)
    assert (rating(bob).wins, rating(bob).losses, rating(carol).wins) == (1, 2, 1)
    sides = {(s.role, s.wins, s.losses) for s in SideRecord.objects.filter(user=alice)}
    assert sides == {("north", 2, 1), ("south", 0, 1)}
    assert RatingChange.objects.count() == 2 * len(plan)
    ratings.totals_rebuild(alice.pk, "duel")  # the totals agree with the changes they were built from
    assert rating(alice).rating == pytest.approx(expected[alice.pk].rating)
