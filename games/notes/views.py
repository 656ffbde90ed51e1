"""The notes' door on the site (games/notes/urls.py): the game page's notes box
loads and saves through it (htmx, as the player types) or as a plain form."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import time_format

from games import notes
from games.errors import Forbidden, GameError
from games.models import Game


@login_required
def note(request, game_id):
    """GET: the notes box (players only: 404 for anyone else); POST: save it."""
    game = get_object_or_404(Game, pk=game_id)
    if request.method != "POST":
        try:
            text = notes.read(game, request.user)
        except Forbidden:
            raise Http404
        return render(request, "games/_notes.html", {"game": game, "text": text, "max_chars": notes.MAX_CHARS})
    try:
        notes.save(game_id=game.pk, user=request.user, text=request.POST.get("text", ""))
    except GameError as error:
        if request.htmx:  # 422: the page's htmx config shows it in the note's status line
            return render(request, "games/_notes_saved.html", {"error": error.message}, status=422)
        messages.error(request, error.message)
        return redirect("games:detail", game.pk)
    if request.htmx:
        return render(request, "games/_notes_saved.html", {"at": time_format(timezone.localtime(), "H:i")})
    return redirect("games:detail", game.pk)
