"""The C timestamp parser on PostgreSQL (games/store/pgtime.py) reads what Django's
own loader reads: aware datetimes in UTC, to the microsecond."""
import datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection

from games.models import Seat

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_timestamps_are_parsed_by_the_fast_loader_and_come_back_exact(make_user):
    from games.play import services

    user = make_user("mia")
    game = services.game_create(user=user, title_id="duel", creator_role="north")
    moments = [datetime.datetime(2026, 11, 24, 5, 58, 21, 104860, tzinfo=datetime.UTC),
               datetime.datetime(1999, 12, 31, 23, 59, 59, tzinfo=ZoneInfo("Asia/Seoul")),
               datetime.datetime(2030, 7, 1, 2, 30, tzinfo=ZoneInfo("Europe/Madrid"))]
    seat = Seat.objects.get(game=game)
    for moment in moments:
        Seat.objects.filter(pk=seat.pk).update(deadline_at=moment)
        read = Seat.objects.values_list("deadline_at", flat=True).get(pk=seat.pk)
        assert read == moment and read.tzinfo is datetime.UTC
        assert read.utcoffset() == datetime.timedelta(0)
    with connection.cursor() as cursor:
        assert cursor.connection.adapters.get_loader(1184, 0).__name__ == "FastTzLoader"
