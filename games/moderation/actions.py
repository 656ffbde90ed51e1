"""Moderators' actions on a game. Each needs a written reason and writes an
audit entry (who, what, when, why, before, after) in the same transaction
as the change; the game services do the change itself."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clocks import deadlines
from games.play import services as game_services
from games.errors import BadRequest, NotFound
from games.models import Game, Hand

from . import access
from .audit import audit_record, clean_reason
from .models import AuditEntry, ClockPause, Report

MAX_ADD_SECONDS = 30 * 86_400


def game_summary(game: Game) -> dict:
    """Public facts only: audit entries are shown to the players."""
    return {"seq": game.seq, "status": game.status, "result": game.result, "active_roles": game.active_roles}


def _seat_clocks(game: Game) -> dict:
    return {s.role: {"deadline_at": s.deadline_at.isoformat() if s.deadline_at else None,
                     "extra_seconds": s.extra_seconds} for s in game.seats.exclude(role="")}


def _locked(game_id, moderator) -> Game:
    """The game, locked; refused to a moderator who plays in it."""
    game = Game.objects.locked().filter(pk=game_id).first()
    if game is None:
        raise NotFound()
    access.require_uninvolved(game, moderator)
    return game


def _report(report_id, game: Game):
    if not report_id:
        return None
    return Report.objects.filter(pk=report_id, game=game).first()


def mod_rollback(*, game_id, to_seq: int, moderator, reason: str, report_id=None) -> Game:
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked(game_id, moderator)
        before = game_summary(game)
        ClockPause.objects.filter(game=game).delete()  # the rollback restarts the clocks
        game = game_services.game_rollback(game_id=game.pk, to_seq=to_seq, by_user=moderator)
        audit_record(actor=moderator, action=AuditEntry.Action.ROLLBACK, game=game, reason=reason,
                     report=_report(report_id, game), before=before,
                     after={**game_summary(game), "to_seq": to_seq})
        return game


def mod_adjudicate(*, game_id, winners: list[str], moderator, reason: str, report_id=None) -> Game:
    return _decide(game_services.game_adjudicate, AuditEntry.Action.ADJUDICATE, game_id, moderator, reason,
                   report_id, winners=list(winners))


def mod_annul(*, game_id, moderator, reason: str, report_id=None) -> Game:
    return _decide(game_services.game_annul, AuditEntry.Action.ANNUL, game_id, moderator, reason, report_id)


def _decide(service, action: str, game_id, moderator, reason: str, report_id, **kwargs) -> Game:
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked(game_id, moderator)
        before = game_summary(game)
        game = service(game_id=game.pk, by_user=moderator, **kwargs)
        ClockPause.objects.filter(game=game).delete()
        audit_record(actor=moderator, action=action, game=game, reason=reason, report=_report(report_id, game),
                     before=before, after=game_summary(game))
        return game


def mod_add_time(*, game_id, role: str, seconds: int, moderator, reason: str, report_id=None):
    """Give a seat extra time on its running turn (Seat.extra_seconds)."""
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    if not isinstance(seconds, int) or not 0 < seconds <= MAX_ADD_SECONDS:
        raise BadRequest(_("Add between one minute and 30 days."))
    with transaction.atomic():
        game = _locked(game_id, moderator)
        seat = game.seats.select_related("user__profile").filter(role=role).first()
        if seat is None or seat.turn_started_at is None:
            raise BadRequest(_("That seat has no running turn."))
        before = _seat_clocks(game)
        seat.extra_seconds += seconds
        if not ClockPause.objects.filter(game=game).exists():
            deadlines.refresh_deadline(seat, deadlines.control_of(game), timezone.now())
        seat.save(update_fields=["extra_seconds", "deadline_at", "next_reminder_at"])
        deadlines.save_game_deadline(game)
        audit_record(actor=moderator, action=AuditEntry.Action.ADD_TIME, game=game, reason=reason,
                     report=_report(report_id, game), subject_user=seat.user, before=before,
                     after={**_seat_clocks(game), "role": role, "added_seconds": seconds})
        return seat


def mod_pause(*, game_id, moderator, reason: str, report_id=None) -> ClockPause:
    """Stop the running clocks: no deadline, no reminder, no timeout until resumed."""
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked(game_id, moderator)
        if game.status != Game.Status.ACTIVE:
            raise BadRequest(_("Only a game in progress has clocks to pause."))
        if ClockPause.objects.filter(game=game).exists():
            raise BadRequest(_("The clocks are already paused."))
        before = _seat_clocks(game)
        pause = ClockPause.objects.create(game=game, paused_by=moderator)
        game.seats.update(deadline_at=None, next_reminder_at=None)
        deadlines.save_game_deadline(game)
        audit_record(actor=moderator, action=AuditEntry.Action.PAUSE, game=game, reason=reason,
                     report=_report(report_id, game), before=before, after=_seat_clocks(game))
        return pause


def mod_resume(*, game_id, moderator, reason: str, report_id=None) -> Game:
    """Restart the clocks; each running turn gets the paused time back."""
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked(game_id, moderator)
        pause = ClockPause.objects.filter(game=game).first()
        if pause is None:
            raise BadRequest(_("The clocks are not paused."))
        before = _seat_clocks(game)
        now = timezone.now()
        pause.delete()  # first: deadlines are computed only for unpaused games
        clocks_resume(game, pause, now)
        audit_record(actor=moderator, action=AuditEntry.Action.RESUME, game=game, reason=reason,
                     report=_report(report_id, game), before=before, after=_seat_clocks(game))
        return game


def clocks_resume(game: Game, pause: ClockPause, now) -> None:
    """Each running turn gets back the paused stretch its clock would have
    run: time a table pause, the seat's own pause, a vacation or a paused
    weekend stopped as well is not given twice."""
    control = deadlines.control_of(game)
    for seat in game.seats.select_related("user__profile").exclude(turn_started_at=None):
        since = max(seat.turn_started_at, pause.paused_at)
        seat.extra_seconds += int(deadlines.counted(seat, control, since, now))
        deadlines.refresh_deadline(seat, control, now)
        seat.save(update_fields=["extra_seconds", "deadline_at", "next_reminder_at"])
    deadlines.save_game_deadline(game)


def hand_view(*, game_id, role: str, moderator, reason: str, report_id=None) -> Hand:
    """Look at a seat's hidden hand: a separate, logged action."""
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    with transaction.atomic():
        game = _locked(game_id, moderator)
        hand = Hand.objects.filter(game=game, role=role).first()
        if hand is None:
            raise BadRequest(_("That seat has no hand."))
        seat = game.seats.filter(role=role).select_related("user").first()
        audit_record(actor=moderator, action=AuditEntry.Action.HAND_VIEW, game=game, reason=reason,
                     report=_report(report_id, game), subject_user=seat.user if seat else None,
                     after={"role": role, "seq": hand.seq, "cards": hand.cards})
        return hand
