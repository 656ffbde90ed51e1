"""Who sits where, for the seat labels of sentences ("fay (Player 3)").

`named_seats(game_id)` sets the game's names for what is made inside it (a
page, an API answer, a mail) through the engine's naming (games/engine/naming.py);
they are read from the database only if a sentence asks for one.
"""
from __future__ import annotations

from games.engine.naming import named
from games.models import Seat


def seat_names(game_id) -> dict:
    seats = Seat.objects.filter(game_id=game_id).exclude(role="").select_related("user__profile")
    return {seat.role: seat.user.display for seat in seats}


def named_seats(game_id):
    return named(lambda: seat_names(game_id))
