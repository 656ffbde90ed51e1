"""Issue 27, item 8: mails another player causes at will are capped per
recipient (a table-pause propose/withdraw loop mailed each seat 58 times)."""
import pytest
from django.core import mail

from games.clocks import pauses
from games.mail.emails import PLAYER_CAUSED_PER_DAY
from games.models import Notification
from tests.test_team_pauses import new_table

pytestmark = pytest.mark.django_db


def test_a_propose_and_withdraw_loop_reaches_each_other_seat_a_few_times_a_day(make_user, django_capture_on_commit_callbacks):
    game, users = new_table(make_user)
    roles = sorted(users)
    proposer = users[roles[0]]
    mail.outbox.clear()
    for _ in range(10):
        with django_capture_on_commit_callbacks(execute=True):
            pauses.table_pause_propose(game_id=game.pk, user=proposer, hours=3)
        pauses.table_pause_withdraw(game_id=game.pk, user=proposer)
    cap = PLAYER_CAUSED_PER_DAY["table-pause"]
    for role in roles[1:]:
        got = [m for m in mail.outbox if m.to == [users[role].email]]
        assert len(got) == cap, (role, len(got))
    assert not [m for m in mail.outbox if m.to == [proposer.email]]
    skipped = Notification.objects.filter(kind="table-pause", status="skipped").count()
    assert skipped == (10 - cap) * (len(roles) - 1)
