"""Errors the game services raise; the web layers map them to HTTP statuses."""
from django.utils.translation import gettext_lazy as _


class GameError(Exception):
    status = 400
    code = "bad_request"
    default = _("That request could not be handled.")

    def __init__(self, message=None):
        self.message = str(message or self.default)
        super().__init__(self.message)


class BadRequest(GameError):
    pass


class NotFound(GameError):
    status = 404
    code = "not_found"
    default = _("No such game.")


class NotYourSeat(GameError):
    status = 403
    code = "not_your_seat"
    default = _("You do not hold a seat in this game.")


class StaleMove(GameError):
    status = 409
    code = "stale"
    default = _("The game has moved on since you loaded it. Reload and try again.")
    seq = None  # the game's move number now
    prompt = None  # the seat's prompt now (None: nothing asked of it), so a client shows the new choices

    def now(self, seq: int, prompt) -> "StaleMove":
        self.seq, self.prompt = seq, prompt
        return self


class GameNotActive(GameError):
    status = 409
    code = "not_active"
    default = _("This game is not in progress.")


class IllegalMove(GameError):
    status = 422
    code = "illegal"
    default = _("That move is not allowed now.")


class Forbidden(GameError):
    status = 403
    code = "forbidden"
    default = _("You cannot do that.")
