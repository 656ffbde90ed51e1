"""Read-only queries for the moderator pages and the players' panel."""
from __future__ import annotations

from dataclasses import dataclass

from games import engine
from games.models import Game, Move, Snapshot
from games.rules.core import undo
from games.rules.core.pseudo import MARKERS

from .models import Appeal, AuditEntry, Report


def report_queue(kind: str = "", title_id: str = ""):
    """Open reports, oldest first, optionally of one type and one game title."""
    reports = Report.objects.filter(status=Report.Status.OPEN).select_related("game", "reporter")
    if kind:
        reports = reports.filter(kind=kind)
    if title_id:
        reports = reports.filter(game__title_id=title_id)
    return reports.order_by("created_at", "pk")


def queue_titles() -> list[str]:
    return sorted(set(Report.objects.filter(status=Report.Status.OPEN).values_list("game__title_id", flat=True)))


@dataclass
class Timeline:
    game: Game
    moves: list
    chat: list
    seats: list
    snapshots: list
    reports: list
    audit: list
    takebacks: list
    pause: object | None


def game_timeline(game: Game) -> Timeline:
    from .models import ClockPause

    return Timeline(
        game=game,
        moves=list(game.moves.select_related("user").order_by("seq")),
        chat=list(game.chat_messages.select_related("user").order_by("created_at", "pk")),
        seats=list(game.seats.select_related("user__profile").order_by("role")),
        snapshots=list(game.snapshots.order_by("seq").values_list("seq", flat=True)),
        reports=list(game.reports.select_related("reporter", "closed_by").order_by("created_at", "pk")),
        audit=list(AuditEntry.objects.filter(game=game).select_related("actor", "subject_user")),
        takebacks=list(game.takeback_requests.select_related("requester", "answered_by")),
        pause=ClockPause.objects.filter(game=game).select_related("paused_by").first(),
    )


def board_state_at(game: Game, seq: int) -> dict | None:
    """The whole state right after move ``seq``, as it was then.

    Start from the last snapshot at or before ``seq`` and replay the moves
    in between in log order. Every rollback marker writes a snapshot, so no
    marker lies in between, and moves later rolled back still counted then.
    """
    if not 1 <= seq <= game.seq:
        return None
    snapshot = Snapshot.objects.filter(game=game, seq__lte=seq).order_by("-seq").first()
    if snapshot is None:
        return None
    between = (Move.objects.filter(game=game, seq__gt=snapshot.seq, seq__lte=seq)
               .exclude(verb__in=MARKERS).order_by("seq"))
    return undo.replay(engine.rules_for(game), snapshot.state, [m.triple for m in between])


def board_view_at(game: Game, seq: int) -> dict | None:
    """The public (spectator) view of the board after move ``seq``."""
    state = board_state_at(game, seq)
    return None if state is None else engine.rules_for(game).view(state, None)


def appeals_for(moderator) -> list[Appeal]:
    from django.db.models import Q

    return list(Appeal.objects.filter(status=Appeal.Status.OPEN)
                .filter(Q(assigned_to=moderator) | Q(assigned_to=None))
                .exclude(sanction__created_by=moderator).exclude(user=moderator)
                .select_related("sanction", "user", "assigned_to"))
