"""Listens to games.signals (ratings and ladders follow finished games).

Both signals arrive inside the game's transaction with the Game row locked,
so rating and rung changes commit or roll back with the result. Ratings are
locked before the ladder, always in that order, so two receivers never wait
on each other in a cycle.
"""
from django.dispatch import receiver

from games.signals import game_finished, game_result_changed

from . import ladders, ratings


@receiver(game_finished, dispatch_uid="ladder.game_finished")
def on_game_finished(sender, game, **kwargs):
    ratings.rating_game_record(game)
    ladders.ladder_game_finish(game)


@receiver(game_result_changed, dispatch_uid="ladder.game_result_changed")
def on_game_result_changed(sender, game, previous=None, **kwargs):
    ratings.ratings_recompute(game, previous)
