"""Clock arithmetic: days per move, bank with cap, weekend pause across
timezones and DST, vacation pauses."""
from datetime import datetime, timedelta, timezone

import pytest

from games.clocks import DAY, TimeControl, counted, deadline, reminder_times

UTC = timezone.utc


def at(*args):
    return datetime(*args, tzinfo=UTC)


def test_days_per_move_gives_a_fresh_allowance_each_turn():
    control = TimeControl.from_json({"kind": "per_move", "days": 3})
    assert control.turn_budget(None) == 3 * DAY
    assert deadline(at(2026, 3, 2, 12), control.turn_budget(None)) == at(2026, 3, 5, 12)


@pytest.mark.parametrize("bad", [{"kind": "per_move", "days": 4}, {"kind": "blitz"},
                                 {"kind": "bank", "initial_days": 8, "increment_days": 1, "max_days": 7},
                                 {"kind": "per_move", "days": 3, "colour": "red"}])
def test_invalid_time_controls_are_refused(bad):
    with pytest.raises(ValueError):
        TimeControl.from_json(bad)


def test_bank_takes_the_turn_and_adds_the_increment_up_to_the_cap():
    control = TimeControl.from_json({"kind": "bank", "initial_days": 3, "increment_days": 1, "max_days": 7})
    bank = control.initial_bank()
    assert bank == 3 * DAY
    bank = control.bank_after_turn(bank, 0.5 * DAY)
    assert bank == 3.5 * DAY
    for _ in range(10):
        bank = control.bank_after_turn(bank, 60)
    assert bank == 7 * DAY  # capped
    assert control.bank_after_turn(DAY, 2 * DAY) == DAY  # overdrawn: nothing left + increment


def test_weekend_pause_skips_saturday_and_sunday_in_the_players_timezone():
    friday_noon_utc = at(2026, 11, 20, 12)  # Friday 21:00 in Tokyo
    plain = deadline(friday_noon_utc, DAY, "Asia/Tokyo")
    paused = deadline(friday_noon_utc, DAY, "Asia/Tokyo", weekend_pause=True)
    assert plain == at(2026, 11, 21, 12)
    # 3 hours of Friday count in Tokyo, then Monday 00:00 JST (Sunday 15:00 UTC) + 21 h.
    assert paused == at(2026, 11, 23, 12)
    # The same start in New York: Friday 07:00 local, 17 h count before Saturday 00:00 EST.
    assert deadline(friday_noon_utc, DAY, "America/New_York", weekend_pause=True) == at(2026, 11, 23, 12)


def test_weekend_pause_across_the_spring_dst_change_is_47_hours():
    # US DST starts Sunday 2026-03-08: that weekend is 47 hours long in New York.
    friday = at(2026, 3, 6, 23)  # Friday 18:00 EST, 6 h before Saturday 00:00 EST
    dead = deadline(friday, 7 * 3600, "America/New_York", weekend_pause=True)
    monday_local_midnight = at(2026, 3, 9, 4)  # 00:00 EDT
    assert dead == monday_local_midnight + timedelta(hours=1)
    assert counted(friday, dead, "America/New_York", weekend_pause=True) == 7 * 3600


def test_weekend_pause_across_the_autumn_dst_change_is_49_hours():
    saturday = at(2026, 10, 31, 4)  # Saturday 00:00 EDT
    monday = at(2026, 11, 2, 5)  # Monday 00:00 EST
    assert (monday - saturday) == timedelta(hours=49)
    assert counted(saturday, monday, "America/New_York", weekend_pause=True) == 0


def test_vacation_stops_the_clock_and_an_open_vacation_has_no_deadline():
    start = at(2026, 6, 1, 0)
    vacation = [(at(2026, 6, 1, 12), at(2026, 6, 3, 12))]
    assert deadline(start, DAY, pauses=vacation) == at(2026, 6, 4, 0)  # 12 h before, 12 h after
    assert deadline(start, DAY, pauses=[(at(2026, 6, 1, 12), None)]) is None
    assert counted(start, at(2026, 6, 4), pauses=vacation) == 1 * DAY


def test_counted_time_and_deadline_agree_with_weekends_and_vacations():
    start = at(2026, 11, 18, 9)
    pauses = [(at(2026, 11, 24), at(2026, 11, 26))]
    for budget in (3600, DAY, 3 * DAY, 7 * DAY):
        dead = deadline(start, budget, "Europe/Madrid", weekend_pause=True, pauses=pauses)
        assert counted(start, dead, "Europe/Madrid", weekend_pause=True, pauses=pauses) == pytest.approx(budget)


def test_reminders_at_80_percent_and_two_hours_left():
    start, dead = at(2026, 1, 1), at(2026, 1, 2)
    assert reminder_times(start, dead) == [start + timedelta(hours=19.2), start + timedelta(hours=22)]
    assert reminder_times(start, start + timedelta(hours=1)) == [start + timedelta(minutes=48)]
