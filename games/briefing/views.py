"""The briefing's own door on the site: "Seen" (see games/briefing/urls.py).
The game page shows the briefing (games/web/views.py reads `for_seat`)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import briefing
from games.models import Game


@login_required
@require_POST
def seen(request, game_id):
    """The player has read the briefing up to move ``seq`` (the one it showed):
    it goes away until something new happens. htmx gets an empty answer (the
    section is swapped out); a plain form goes back to the game."""
    game = get_object_or_404(Game, pk=game_id)
    seat = game.player_seat(request.user)
    try:
        seq = int(request.POST.get("seq", ""))
    except ValueError:
        seq = -1
    if seat is None or seq < 0:
        message = _("Only a player of this game can mark it seen.") if seat is None else \
            _("The move number could not be read. Reload the page and try again.")
        if request.htmx:
            return HttpResponse(message, status=403 if seat is None else 400)
        messages.error(request, message)
        return redirect("games:detail", game.pk)
    briefing.mark_seen(seat, seq)
    return HttpResponse("") if request.htmx else redirect("games:detail", game.pk)
