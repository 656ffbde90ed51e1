"""The "dispute" mail: a report on your game was resolved (games.mail.emails.deliver keys it)."""
from __future__ import annotations

from games.mail import emails

from .models import Report


def dispute_notice(report_id: int) -> int:
    """Mail every player of the reported game once. Mail never names the
    reporter nor anything hidden: the game, the type, the outcome and the
    moderator's resolution note."""
    report = Report.objects.select_related("game").filter(pk=report_id, status=Report.Status.CLOSED).first()
    if report is None:
        return 0
    game = report.game
    sent = 0
    for seat in game.seats.select_related("user__profile"):
        context = {"game": game, "report": report, "url": emails.game_url(game)}
        sent += emails.deliver("dispute", seat.user, f"dispute:{report.pk}:{seat.user_id}", context, game)
    return sent
