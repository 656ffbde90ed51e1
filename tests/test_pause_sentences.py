"""The pause history lines (games/pauses.seat_line / table_line, shown on the seat panel and
in the moderators' timeline) and the pause form labels are each ONE translated sentence:
a Korean or Japanese translator orders the whole line, so no English fragment (", and
resumed it after", ", resumed early by a vote.", "hours") is glued onto a translated one."""
from __future__ import annotations

import html
import re
from datetime import datetime, timedelta, timezone as tz

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import Profile, User
from games.clocks import pauses
from games.models import SeatPause, TablePause

from tests.test_team_pauses import new_table

START = datetime(2026, 11, 24, 10, 0, tzinfo=tz.utc)  # a Tuesday
H = timedelta(hours=1)
NAME = "mia"


def seat_running():
    return pauses.seat_line(SeatPause(started_at=START, ends_at=START + 12 * H), NAME)


def seat_resumed():
    return pauses.seat_line(SeatPause(started_at=START, ends_at=START + 12 * H, ended_at=START + 5 * H), NAME)


def table_ended(status=TablePause.Status.ENDED, by_vote=False):
    pause = TablePause(proposed_by=User(username=NAME), hours=48, status=status, started_at=START,
                       ended_at=START + 27 * H, resumed_by_vote=by_vote)
    return pauses.table_line(None, pause)  # a closed pause needs no count of the seats


CASES = {
    "seat paused": seat_running,
    "seat resumed early": seat_resumed,
    "table paused": table_ended,
    "table resumed by vote": lambda: table_ended(by_vote=True),
}

EXPECTED = {
    "en": {
        "seat paused": "mia paused their clock for 12 h (until Tue 22:00).",
        "seat resumed early": "mia paused their clock for 12 h (until Tue 22:00), and resumed it after 5 h.",
        "table paused": "The whole table was paused from Tue 10:00 to Wed 13:00 (proposed by mia).",
        "table resumed by vote": "The whole table was paused from Tue 10:00 to Wed 13:00 (proposed by mia), "
                                 "resumed early by a vote.",
    },
    "ko": {
        "seat paused": "mia 님이 시계를 12시간 멈춤(화요일 22:00까지).",
        "seat resumed early": "mia 님이 시계를 12시간 멈췄다가(화요일 22:00까지 예정) 5시간 뒤 재개함.",
        "table paused": "화요일 10:00부터 수요일 13:00까지 테이블 전체가 일시 정지됨(mia 님 제안).",
        "table resumed by vote": "화요일 10:00부터 수요일 13:00까지 테이블 전체가 일시 정지되었다가 "
                                 "투표로 일찍 재개됨(mia 님 제안).",
    },
    "ja": {
        "seat paused": "mia さんが持ち時間を 12 時間停止(火 22:00 まで)。",
        "seat resumed early": "mia さんが持ち時間を 12 時間停止(火 22:00 までの予定)し、5 時間後に再開。",
        "table paused": "火 10:00 から 水 13:00 までテーブル全体が一時停止(mia さんの提案)。",
        "table resumed by vote": "火 10:00 から 水 13:00 までテーブル全体が一時停止し、"
                                 "投票により早めに再開(mia さんの提案)。",
    },
    "es": {
        "seat paused": "mia pausó su reloj 12 h (hasta el mar 22:00).",
        "seat resumed early": "mia pausó su reloj 12 h (hasta el mar 22:00) y lo reanudó tras 5 h.",
        "table paused": "Toda la mesa estuvo en pausa del mar 10:00 al mié 13:00 (propuesta de mia).",
        "table resumed by vote": "Toda la mesa estuvo en pausa del mar 10:00 al mié 13:00 (propuesta de mia); "
                                 "se reanudó antes de tiempo por votación.",
    },
}


def rendered(case: str, lang: str) -> str:
    with translation.override(lang), timezone.override("UTC"):
        return CASES[case]()


def no_english(line: str) -> bool:
    """A ko/ja line holds no Latin letters but the player's name."""
    return not re.search(r"[A-Za-z]", line.replace(NAME, ""))


@pytest.mark.parametrize("lang", sorted(EXPECTED))
@pytest.mark.parametrize("case", sorted(CASES))
def test_each_pause_line_is_one_whole_sentence(case, lang):
    line = rendered(case, lang)
    assert line == EXPECTED[lang][case]
    if lang in ("ko", "ja"):
        assert no_english(line), line


@pytest.mark.parametrize("lang", ["ko", "ja"])
@pytest.mark.parametrize("status", [TablePause.Status.WITHDRAWN, TablePause.Status.EXPIRED,
                                    TablePause.Status.REJECTED])
def test_closed_table_proposals_have_no_english_left(status, lang):
    with translation.override(lang):
        line = table_ended(status)
    assert no_english(line), line


# -- the form labels -----------------------------------------------------------------------
LABELS = {
    "en": ("For how many hours should the whole table pause?", "For how many hours should my clock pause?"),
    "ko": ("테이블 전체를 몇 시간 동안 일시 정지할까요?", "내 시계를 몇 시간 동안 멈출까요?"),
    "ja": ("テーブル全体を何時間一時停止しますか?", "自分の持ち時間を何時間一時停止しますか?"),
    "es": ("¿Durante cuántas horas quieres pausar toda la mesa?", "¿Durante cuántas horas quieres pausar tu reloj?"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", sorted(LABELS))
def test_the_pause_forms_label_their_hours_with_one_sentence(make_user, client, lang):
    """Each hours field sits inside a label that is one whole question, with no word after the
    field (the old "Pause my clock for [12] hours" was two msgids around it)."""
    game, users = new_table(make_user)
    player = next(iter(users.values()))
    Profile.objects.filter(user=player).update(language=lang)
    client.force_login(player)
    text = html.unescape(client.get(reverse("games:detail", args=[game.pk])).content.decode())
    section = text.split('class="pauses"', 1)[1]
    labels = re.findall(r"<label>(.*?)</label>", section, re.S)
    fields = [label for label in labels if 'name="hours"' in label]
    assert [re.sub(r"\s*<input[^>]*>\s*$", "", label) for label in fields] == list(LABELS[lang])
    assert all(label.rstrip().endswith(">") for label in fields), "nothing follows the hours field"
