"""Room: clocks — time controls, deadlines and everything that stops them.

Owns: this module's time-control arithmetic (below); a game's control
(control.py), seat deadlines and reminders times (deadlines.py), deputy
leaders (deputies.py), vacations (vacations.py), seat and table pauses
(pauses.py) and their beat tasks (tasks.py).
May import: store, engine, the foundation, accounts (profiles).

Time-control arithmetic (pure: datetimes in, datetimes out, no clock read).

Kinds of time control (``Game.time_control`` JSON):

* ``{"kind": "none"}`` — no deadlines;
* ``{"kind": "per_move", "days": 3}`` — a fresh allowance each time it
  becomes your turn (days in PER_MOVE_DAYS);
* ``{"kind": "bank", "initial_days": 3, "increment_days": 1, "max_days": 7}``
  — a bank that the turn's time is taken from; after each turn the increment
  is added, never above the cap.

* ``{"kind": "pace", "profile": "daily"}`` — team games: each step a
  player must act in opens a fresh window whose length depends on the step
  (PACES: a normal step, the sand-timer grace once the partner is done, a
  sealed combat choice, an election, a setup step such as a survivor draft);
  at the deadline the rules' default is applied instead of ending the game
  (games/play/services.py).

All may set ``"weekend_pause": true`` (Saturday and Sunday in the player's own
timezone do not count) and ``"vacation_allowed": false`` (vacation does not
stop this game's clocks). "Counted time" is wall time minus weekends (when
paused) minus the player's vacations.

A player may declare night hours (accounts.Profile): a deadline that would
fall inside their local night is moved to the night's end, whatever the kind
(``deadline(..., night=(23, 7))``, `after_night`); the night is not counted
time, it only delays the moment the counted time runs out.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

DAY = 86_400
PER_MOVE_DAYS = (1, 2, 3, 5, 7, 10, 14)
KINDS = ("none", "per_move", "bank", "pace")
HOUR, MINUTE = 3600, 60
# Correspondence-design §6: seconds per window kind (the rules name the kind of
# each step: ``pace_step(state, role)``). "setup": a step before the first
# round that everyone answers at once and that needs reading (CD§2.1 gives the
# survivor draft 48 h on the daily pace): twice the normal window, except live
# (the table is online: the normal 10 minutes).
PACES = {
    "live": {"normal": 10 * MINUTE, "grace": 2 * MINUTE, "sealed": 5 * MINUTE, "vote": 5 * MINUTE,
             "setup": 10 * MINUTE},
    "brisk": {"normal": 8 * HOUR, "grace": 2 * HOUR, "sealed": 4 * HOUR, "vote": 4 * HOUR, "setup": 16 * HOUR},
    "daily": {"normal": 24 * HOUR, "grace": 6 * HOUR, "sealed": 12 * HOUR, "vote": 12 * HOUR, "setup": 48 * HOUR},
    "relaxed": {"normal": 48 * HOUR, "grace": 12 * HOUR, "sealed": 24 * HOUR, "vote": 24 * HOUR,
                "setup": 96 * HOUR},
}
WINDOWS = ("normal", "grace", "sealed", "vote", "setup")
MIN_BANK_DAYS = 0.5
# JSON types per field: true/false are booleans only, days a whole number,
# bank sizes any finite number (booleans are not numbers here).
FIELD_TYPES = {"kind": (str,), "profile": (str,), "days": (int,), "initial_days": (int, float), "increment_days": (int, float),
               "max_days": (int, float), "weekend_pause": (bool,), "vacation_allowed": (bool,)}


def _check_type(name: str, value) -> None:
    types = FIELD_TYPES[name]
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        wanted = {str: "a text", int: "a whole number", bool: "true or false"}.get(types[0], "a number")
        raise ValueError(f"{name} must be {wanted}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number")


@dataclass(frozen=True)
class TimeControl:
    kind: str = "none"
    profile: str = ""
    days: int = 0
    initial_days: float = 0
    increment_days: float = 0
    max_days: float = 0
    weekend_pause: bool = False
    vacation_allowed: bool = True

    @classmethod
    def parse(cls, data: dict | None) -> "TimeControl":
        """A new game's time control as sent by a player: type-strict, bounded.
        (``from_json`` reads stored ones, which were checked when made.)"""
        if data is not None and not isinstance(data, dict):
            raise ValueError("a time control is an object of named fields")
        for name, value in (data or {}).items():
            if name in FIELD_TYPES:
                _check_type(name, value)
        control = cls.from_json(data)
        if control.kind == "bank" and control.initial_days < MIN_BANK_DAYS:
            raise ValueError(f"a bank starts with at least {MIN_BANK_DAYS:g} days")
        return control

    @classmethod
    def from_json(cls, data: dict | None) -> "TimeControl":
        data = dict(data or {})
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown time-control fields: {', '.join(sorted(unknown))}")
        control = cls(**data)
        control.check()
        return control

    def to_json(self) -> dict:
        return asdict(self)

    def check(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"time control must be one of {', '.join(KINDS)}")
        if self.kind == "per_move" and self.days not in PER_MOVE_DAYS:
            raise ValueError(f"days per move must be one of {PER_MOVE_DAYS}")
        if self.kind == "pace" and self.profile not in PACES:
            raise ValueError(f"the pace must be one of {', '.join(PACES)}")
        if self.kind == "bank":
            if not 0 < self.initial_days <= self.max_days <= 60:
                raise ValueError("a bank needs 0 < initial days <= maximum days <= 60")
            if not 0 <= self.increment_days <= self.max_days:
                raise ValueError("the increment must be between 0 and the maximum")

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    def initial_bank(self) -> int | None:
        return round(self.initial_days * DAY) if self.kind == "bank" else None

    def turn_budget(self, bank_seconds: int | None, window: str = "normal") -> int | None:
        """Counted seconds available for the turn that starts now (``window``:
        the kind of step, for paces)."""
        if self.kind == "pace":
            return PACES[self.profile][window if window in WINDOWS else "normal"]
        if self.kind == "per_move":
            return self.days * DAY
        if self.kind == "bank":
            return max(0, bank_seconds or 0)
        return None

    def bank_after_turn(self, bank_seconds: int, used_seconds: float) -> int:
        """The bank after a turn that used ``used_seconds`` of counted time."""
        left = max(0, bank_seconds - round(used_seconds))
        return min(round(self.max_days * DAY), left + round(self.increment_days * DAY))

    def describe(self) -> str:
        """The control in the reader's language (the site's catalog translates it)."""
        from django.utils.translation import gettext as _  # only here: the arithmetic stays pure

        if self.kind == "pace":
            text = pace_name(self.profile)
        elif self.kind == "per_move":
            text = _("%(days)s day(s) per move") % {"days": self.days}
        elif self.kind == "bank":
            text = _("%(initial)s day(s) + %(increment)s per turn, max %(max)s") % {
                "initial": f"{self.initial_days:g}", "increment": f"{self.increment_days:g}",
                "max": f"{self.max_days:g}"}
        else:
            return _("no time limit")
        return text + (_(", weekends paused") if self.weekend_pause else "")


def pace_name(profile: str) -> str:
    """"Daily pace (a day per step, half a day for sealed choices)" in the reader's language."""
    from django.utils.translation import gettext as _

    names = {"live": _("Live pace (10 minutes per step)"),
             "brisk": _("Brisk pace (8 hours per step, 4 for sealed choices, 16 for the survivor draft)"),
             "daily": _("Daily pace (a day per step, 12 hours for sealed choices, two days for the survivor draft)"),
             "relaxed": _("Relaxed pace (two days per step, one for sealed choices, four for the survivor draft)")}
    return str(names.get(profile, profile))


# -- counted time -----------------------------------------------------------
def weekends(after: datetime, tz_name: str):
    """Saturday 00:00 to Monday 00:00 in ``tz_name``, as UTC pairs, from the
    weekend containing or following ``after`` onward (DST-aware)."""
    tz = ZoneInfo(tz_name)
    day = after.astimezone(tz).date() - timedelta(days=2)
    while True:
        if day.weekday() == 5:
            start = datetime(day.year, day.month, day.day, tzinfo=tz).astimezone(timezone.utc)
            monday = day + timedelta(days=2)
            end = datetime(monday.year, monday.month, monday.day, tzinfo=tz).astimezone(timezone.utc)
            if end > after:
                yield (start, end)
            day += timedelta(days=7)
        else:
            day += timedelta(days=(5 - day.weekday()) % 7)


def _excluded(start: datetime, tz_name: str, weekend_pause: bool, pauses: list):
    """Excluded intervals after ``start`` in time order, merged; an end of
    None means the pause is still running."""
    extra = sorted((s, e) for s, e in pauses if e is None or e > start)
    stream = weekends(start, tz_name) if weekend_pause else iter(())
    pending = next(stream, None)
    while extra or pending:
        if pending and (not extra or pending[0] <= extra[0][0]):
            yield pending
            pending = next(stream, None)
        else:
            yield extra.pop(0)


def deadline(start: datetime, budget_seconds: float, tz_name: str = "UTC", *,
             weekend_pause: bool = False, pauses: list | None = None,
             night: tuple[int, int] | None = None) -> datetime | None:
    """The moment ``budget_seconds`` of counted time after ``start`` is used up,
    moved to the end of the player's night (``night``: local start and end
    hours in ``tz_name``) when it would fall inside it (correspondence-design §4).

    None while an open-ended pause (a vacation still running) stops the clock.
    """
    moment = _used_up(start, budget_seconds, tz_name, weekend_pause, pauses)
    return after_night(moment, tz_name, night) if moment is not None and night else moment


def _used_up(start: datetime, budget_seconds: float, tz_name: str, weekend_pause: bool,
             pauses: list | None) -> datetime | None:
    """The moment the budget runs out, before any night is considered."""
    moment, remaining = start, float(budget_seconds)
    for low, high in _excluded(start, tz_name, weekend_pause, pauses or []):
        if low > moment:
            available = (low - moment).total_seconds()
            if remaining <= available:
                break
            remaining -= available
        if high is None:
            return None
        moment = max(moment, high)
    return moment + timedelta(seconds=remaining)


def in_night(moment: datetime, tz_name: str, night: tuple[int, int]) -> bool:
    """Is ``moment`` inside the night from ``night[0]`` o'clock (included) to
    ``night[1]`` o'clock (excluded), local time? The night may cross midnight."""
    start, end = night
    hour = moment.astimezone(ZoneInfo(tz_name)).hour
    return start <= hour < end if start < end else (hour >= start or hour < end)


def after_night(moment: datetime, tz_name: str, night: tuple[int, int]) -> datetime:
    """``moment``, or the end of the local night it falls in (never earlier):
    a player is not timed out while asleep. DST-aware."""
    if night[0] == night[1] or not in_night(moment, tz_name, night):
        return moment
    tz = ZoneInfo(tz_name)
    local = moment.astimezone(tz)
    day = local.date() + timedelta(days=1 if night[0] > night[1] and local.hour >= night[0] else 0)
    end = datetime(day.year, day.month, day.day, night[1], tzinfo=tz).astimezone(timezone.utc)
    return max(moment, end)


def counted(start: datetime, end: datetime, tz_name: str = "UTC", *,
            weekend_pause: bool = False, pauses: list | None = None) -> float:
    """Seconds of counted time between ``start`` and ``end``."""
    total, moment = 0.0, start
    for low, high in _excluded(start, tz_name, weekend_pause, pauses or []):
        if low >= end:
            break
        if low > moment:
            total += (low - moment).total_seconds()
        if high is None:
            return total
        moment = max(moment, high)
        if moment >= end:
            return total
    return total + max(0.0, (end - moment).total_seconds())


def reminder_times(start: datetime, dead: datetime, paced: bool = False) -> list[datetime]:
    """When to remind: 80 % of the turn's wall time gone, and 2 hours left.
    Paced steps (correspondence-design §4): half the window gone, then the
    last call 2 hours before it closes (a quarter of the window if shorter)."""
    if paced:
        window = dead - start
        marks = [start + window * 0.5, dead - min(timedelta(hours=2), window * 0.25)]
    else:
        marks = [start + (dead - start) * 0.8, dead - timedelta(hours=2)]
    return sorted({m for m in marks if start < m < dead})


def local_time(moment: datetime, tz_name: str) -> datetime:
    return moment.astimezone(ZoneInfo(tz_name))
