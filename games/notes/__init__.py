"""Room: notes — a player's private notes on a game (issue 28, item 4).

Owns: the `Note` rows (one per player and game): reading and saving them
(saved as the player types: a save replaces the whole text, so two tabs or a
double save leave one note, the last one), their page partial, URLs and the
player's download of them. A note is read and written only by its writer, a
player of the game (seated now or earlier): never by opponents, teammates,
spectators or moderators; it is kept after the game ends.
May import: the foundation (models, errors).
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.errors import BadRequest, Forbidden, NotFound
from games.models import Game, Move, Note, Seat

MAX_CHARS = 20_000


def may_write(game: Game, user) -> bool:
    """A player of the game: seated, or one who made a move in it (a seat given to a substitute)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game=game, user=user).exists() or Move.objects.filter(game=game, user=user).exists()


def read(game: Game, user) -> str:
    """The writer's own note ("" when none); Forbidden for anyone who may not keep one."""
    if not may_write(game, user):
        raise Forbidden(_("Only a player of this game can keep notes on it."))
    return Note.objects.filter(game=game, user=user).values_list("text", flat=True).first() or ""


def save(*, game_id: int, user, text: str) -> Note:
    """Replace the player's note on the game with ``text`` (an empty text keeps an empty note)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound()
    if not may_write(game, user):
        raise Forbidden(_("Only a player of this game can keep notes on it."))
    text = str(text or "").replace("\r\n", "\n")
    if len(text) > MAX_CHARS:
        raise BadRequest(_("A note holds at most %(n)s characters; this one has %(m)s. Nothing was saved.") % {
            "n": MAX_CHARS, "m": len(text)})
    return _upsert(game, user, text)


def _upsert(game: Game, user, text: str) -> Note:
    """One row per player and game, whichever of two concurrent first saves wins the insert."""
    if Note.objects.filter(game=game, user=user).update(text=text):
        return Note.objects.get(game=game, user=user)
    try:
        with transaction.atomic():
            return Note.objects.create(game=game, user=user, text=text)
    except IntegrityError:  # the other save created it a moment ago: this text is the newer
        Note.objects.filter(game=game, user=user).update(text=text)
        return Note.objects.get(game=game, user=user)


def export(user) -> list[dict]:
    """The player's notes for their data download, newest first."""
    return [{"game": note.game_id, "text": note.text, "updated_at": note.updated_at.isoformat()}
            for note in Note.objects.filter(user=user).order_by("-updated_at", "-pk")]
