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

# The move pipeline's hand-offs to the mail room (games/mail/receivers.py), so
# play and clocks never import what is built on them. Sent inside the
# transaction; receivers only write outbox rows, which commit with the move.
# A journal commit logged moves (sender=Game, entries=[journal.Entry], new_steps={game id: [role]}).
moves_logged = Signal()
# A game started (sender=Game, game=<Game>).
game_started = Signal()
# A creator invited a named player to a two-seat game (sender=Game, game=<Game>).
invitation_sent = Signal()
# The sweep put an absent player on vacation (sender=Seat, user_id=<int>, vacation_id=<int>).
auto_vacation_started = Signal()
# A seat proposed a table-wide pause (sender=TablePause, pause=<TablePause>).
table_pause_proposed = Signal()

# The mail room's worker told a player something other rooms may tell elsewhere
# (games/reach/: webhooks). Sent by the worker, after the mail's own checks (a
# player still at the board gets no turn notice): sender=Seat, seat=<Seat>, key=<str>
# (the notice's key: the same turn is told once).
turn_told = Signal()
# sender=Seat, seat=<Seat>, key=<str>, result=<str> (the result in words).
game_over_told = Signal()
# A reminder before a deadline (sender=Seat, seat=<Seat>, key=<str>).
reminder_told = Signal()
# An invitation to a game (sender=Game, user=<User>, game=<Game>, key=<str>, inviter=<User>).
invitation_told = Signal()
