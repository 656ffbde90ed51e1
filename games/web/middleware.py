"""Every page, htmx partial and API answer about one game (a URL with a
``game_id``) may name its seats' players in sentences: "fay (Player 3)" where
a title numbers its seats (games/engine/naming.py, games/play/names.py). The
names are read only if a sentence asks for one."""
from __future__ import annotations

from games.engine.naming import begin, end
from games.play.names import seat_names


class SeatNamesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.named_seats = []
        try:
            return self.get_response(request)
        finally:
            for token in reversed(request.named_seats):
                end(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        game_id = view_kwargs.get("game_id")
        if isinstance(game_id, int):
            request.named_seats.append(begin(lambda: seat_names(game_id)))
