"""The append-only audit log: writing entries and choosing what a reader sees."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import BadRequest

from .models import AuditEntry

MIN_REASON = 5
PERSONAL = {AuditEntry.Action.WARN, AuditEntry.Action.MUTE, AuditEntry.Action.SUSPEND,
            AuditEntry.Action.APPEAL_DECIDE}


def clean_reason(reason) -> str:
    reason = (reason or "").strip()
    if len(reason) < MIN_REASON:
        raise BadRequest(_("Write a reason (at least %(n)s characters).") % {"n": MIN_REASON})
    return reason


def audit_record(*, actor, action: str, reason: str, game=None, subject_user=None, report=None,
                 before=None, after=None) -> AuditEntry:
    """Write one entry; call inside the transaction of the action it records."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit_record must run inside the action's transaction")
    return AuditEntry.objects.create(actor=actor, action=action, reason=clean_reason(reason), game=game,
                                     subject_user=subject_user, report=report, before=before, after=after)


def entries_for_game(game, user, moderator: bool) -> list[AuditEntry]:
    """What ``user`` may read of a game's audit entries.

    Moderators read everything. Players read the game's entries except other
    players' personal sanctions, and never the cards of a hand view.
    """
    rows = list(AuditEntry.objects.filter(game=game).select_related("actor", "subject_user"))
    if moderator:
        return rows
    visible = []
    for entry in rows:
        if entry.action in PERSONAL and entry.subject_user_id != user.pk:
            continue
        if entry.details_private:
            entry.before = entry.after = None
        visible.append(entry)
    return visible
