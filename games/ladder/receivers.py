"""Listens to games.signals (ratings and ladders follow finished games).

Both signals arrive inside the game's transaction with the Game row locked,
so rating and rung changes commit or roll back with the result. Ratings are
locked before the ladder, always in that order, so two receivers never wait
on each other in a cycle.
"""
from django.dispatch import receiver

from games.signals import game_over_mail, game_result_changed, games_finished

from . import ladders, ratings
from .models import TeamRatingChange
from .selectors import rating_change_for


@receiver(games_finished, dispatch_uid="ladder.games_finished")
def on_games_finished(sender, games, **kwargs):
    ratings.ratings_games_record(games)
    ladders.ladder_games_finish(games)


@receiver(game_result_changed, dispatch_uid="ladder.game_result_changed")
def on_game_result_changed(sender, game, previous=None, **kwargs):
    ratings.ratings_recompute(game, previous)


@receiver(game_over_mail, dispatch_uid="ladder.game_over_mail")
def on_game_over_mail(sender, game, user, **kwargs):
    """The game-over mail's rating line: a duel's rating, or a team game's
    OpenSkill rating (``team_rating``: mu before and after)."""
    change = rating_change_for(game, user)
    if isinstance(change, TeamRatingChange):
        return {"rating_change": None, "team_rating": change}
    return {"rating_change": change}
