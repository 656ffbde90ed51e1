"""Signals other apps listen to (ladder, moderation). Sent inside the game's
transaction, with the Game row locked, so receivers' writes commit or roll
back with the move that caused them."""
from django.dispatch import Signal

# Games reached a result (sender=Game, games=[<Game>, ...]): sent once per
# commit, so a sweep that ends a thousand games lets receivers work in bulk.
games_finished = Signal()
# A moderator changed or annulled a finished game's result (sender=Game, game=<Game>, previous=<dict|None>).
game_result_changed = Signal()
# A game-over mail is being written (sender=Game, game=<Game>, user=<User>);
# receivers return extra template context (the ladder adds ``rating_change``),
# so games never imports the apps that build on it.
game_over_mail = Signal()
