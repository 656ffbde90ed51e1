"""Closing reports, sanctions (warn, mute, suspend) and appeals."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.store import outbox
from games.errors import BadRequest, Forbidden, NotFound

from . import access
from .audit import audit_record, clean_reason
from .models import Appeal, AuditEntry, Report, UserSanction

MAX_DAYS = 3650


def report_close(*, report_id, moderator, outcome: str, resolution: str) -> Report:
    """Resolve a report; the game's players get a "dispute" mail after commit."""
    from . import tasks

    access.require_moderator(moderator)
    resolution = clean_reason(resolution)
    if outcome not in Report.Outcome.values:
        raise BadRequest(_("Choose an outcome."))
    with transaction.atomic():
        report = Report.objects.select_for_update().filter(pk=report_id).first()
        if report is None:
            raise NotFound(_("No such report."))
        access.require_uninvolved(report.game, moderator)
        if report.status == Report.Status.CLOSED:
            raise BadRequest(_("This report is already resolved."))
        before = {"status": report.status, "outcome": report.outcome}
        report.status, report.outcome, report.resolution = Report.Status.CLOSED, outcome, resolution
        report.closed_by, report.closed_at = moderator, timezone.now()
        report.save(update_fields=["status", "outcome", "resolution", "closed_by", "closed_at"])
        audit_record(actor=moderator, action=AuditEntry.Action.REPORT_CLOSE, game=report.game, report=report,
                     reason=resolution, before=before, after={"status": report.status, "outcome": outcome})
        outbox.enqueue(tasks.send_dispute_mail, report.pk)
        return report


def sanction_create(*, user, kind: str, moderator, reason: str, days: float | None = None,
                    game=None, report=None) -> UserSanction:
    """Warn (no period), mute chat or suspend for ``days``."""
    access.require_moderator(moderator)
    reason = clean_reason(reason)
    if kind not in UserSanction.Kind.values:
        raise BadRequest(_("Choose warn, mute or suspend."))
    if user.pk == moderator.pk:
        raise BadRequest(_("You cannot sanction yourself."))
    access.require_uninvolved(game, moderator)
    access.require_uninvolved(getattr(report, "game", None), moderator)
    access.require_no_shared_game(user, moderator)
    ends_at = None
    if kind != UserSanction.Kind.WARN:
        if days is None or not 0 < days <= MAX_DAYS:
            raise BadRequest(_("Give a period in days."))
        ends_at = timezone.now() + timedelta(days=days)
    with transaction.atomic():
        sanction = UserSanction.objects.create(user=user, kind=kind, reason=reason, created_by=moderator,
                                               ends_at=ends_at, game=game, report=report)
        audit_record(actor=moderator, action=kind, reason=reason, game=game, report=report, subject_user=user,
                     before=None, after={"kind": kind, "ends_at": ends_at.isoformat() if ends_at else None,
                                         "sanction": sanction.pk})
        return sanction


def appeal_create(*, sanction_id, user, text: str) -> Appeal:
    """The sanctioned user appeals; a moderator other than the one who acted decides."""
    text = (text or "").strip()
    if not text:
        raise BadRequest(_("Explain why the decision should change."))
    with transaction.atomic():
        sanction = UserSanction.objects.select_for_update().filter(pk=sanction_id).first()
        if sanction is None:
            raise NotFound(_("No such decision."))
        if sanction.user_id != user.pk:
            raise Forbidden()
        if Appeal.objects.filter(sanction=sanction).exists():
            raise BadRequest(_("You have already appealed this decision."))
        return Appeal.objects.create(sanction=sanction, user=user, text=text[:4000],
                                     assigned_to=appeal_assignee(sanction))


def appeal_assignee(sanction: UserSanction):
    """The moderator with the fewest open appeals, never the one who acted
    nor the appellant. None when there is no such moderator yet."""
    candidates = (access.moderators().exclude(pk__in=[sanction.created_by_id, sanction.user_id])
                  .annotate(open_appeals=Count("assigned_appeals",
                                               filter=Q(assigned_appeals__status=Appeal.Status.OPEN)))
                  .order_by("open_appeals", "pk"))
    return candidates.first()


def can_decide(appeal: Appeal, user) -> bool:
    if not access.is_moderator(user) or user.pk in (appeal.sanction.created_by_id, appeal.user_id):
        return False
    return appeal.assigned_to_id in (None, user.pk)


def appeal_decide(*, appeal_id, moderator, lift: bool, decision: str) -> Appeal:
    decision = clean_reason(decision)
    with transaction.atomic():
        appeal = Appeal.objects.select_for_update().select_related("sanction").filter(pk=appeal_id).first()
        if appeal is None:
            raise NotFound(_("No such appeal."))
        if not can_decide(appeal, moderator):
            raise Forbidden(_("This appeal is assigned to another moderator."))
        if appeal.status != Appeal.Status.OPEN:
            raise BadRequest(_("This appeal is already decided."))
        sanction = appeal.sanction
        before = {"appeal": appeal.status, "lifted_at": None}
        appeal.status = Appeal.Status.LIFTED if lift else Appeal.Status.UPHELD
        appeal.decision, appeal.decided_at = decision, timezone.now()
        appeal.save(update_fields=["status", "decision", "decided_at"])
        if lift:
            sanction.lifted_at = appeal.decided_at
            sanction.save(update_fields=["lifted_at"])
        audit_record(actor=moderator, action=AuditEntry.Action.APPEAL_DECIDE, reason=decision,
                     subject_user=appeal.user, game=sanction.game, before=before,
                     after={"appeal": appeal.status, "sanction": sanction.pk, "kind": sanction.kind,
                            "lifted_at": sanction.lifted_at.isoformat() if sanction.lifted_at else None})
        return appeal
