"""Seat clocks: starting and stopping turns, deadlines and reminders.

Called inside the game's transaction (the Game row locked). The arithmetic is
in clocks.py; this module knows about seats, profiles and vacations.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import F

from games import clocks, engine
from games.clocks import deputies
from games.clocks.control import control_of, is_paced, pace_step  # noqa: F401  (callers read them here too)
from games.models import Game, Seat






def _profile(seat: Seat):
    return seat.user.profile


def _timezone(seat: Seat, control: clocks.TimeControl, night: tuple | None = None) -> str:
    """The player's timezone matters only for paused weekends and, when given,
    the player's ``night`` hours (the profile is read only then for counted time)."""
    return _profile(seat).timezone if control.weekend_pause or night else "UTC"


def _night(seat: Seat) -> tuple[int, int] | None:
    """The player's declared night hours (accounts.Profile.night), or None
    (also for a player without a profile row: nothing declared)."""
    profile = getattr(seat.user, "profile", None)
    return profile.night if profile is not None else None


def pauses_for(seat: Seat, control: clocks.TimeControl, since: datetime) -> list:
    """Everything that stops the seat's clock from ``since`` on: the table's
    pauses, the seat's own pauses and, if the game allows vacation, the
    player's vacations (overlaps count once: clocks merges them)."""
    return table_pauses(seat, since) + seat_pauses(seat, since) + _vacations(seat, control, since)


def _vacations(seat: Seat, control: clocks.TimeControl, since: datetime) -> list:
    if not control.vacation_allowed:
        return []
    from accounts.models import Vacation

    rows = Vacation.objects.filter(user_id=seat.user_id).exclude(ended_at__lt=since)
    return [(v.started_at, v.ended_at) for v in rows]


def seat_pauses(seat: Seat, since: datetime) -> list:
    """The seat's own pauses (games/clocks/pauses.py) reaching past ``since``; no
    query for a seat no pause ever touched."""
    if not seat.paused_ever:
        return []
    from games.models import SeatPause

    rows = SeatPause.objects.filter(seat_id=seat.pk, ends_at__gt=since)
    return [(p.started_at, p.end) for p in rows if p.end > since]


def table_pauses(seat: Seat, since: datetime) -> list:
    """The table-wide pauses of the seat's game reaching past ``since``; a
    running one is open-ended (every clock stopped until `pauses.table_pauses_due`
    or a vote ends it and gives its end)."""
    if not seat.paused_ever:
        return []
    from games.models import TablePause

    rows = (TablePause.objects.filter(game_id=seat.game_id, started_at__isnull=False)
            .exclude(ended_at__lte=since).values_list("started_at", "ended_at"))
    return [(start, end) for start, end in rows]


# Callables game_id -> True while something (a moderator) has stopped the game's
# clocks; registered by the apps that can stop them (games.moderation). A
# table-wide pause of the players (games/clocks/pauses.py) stops them through
# `table_pauses` instead: an open-ended interval, read only for touched seats.
PAUSE_CHECKS: list = []


def paused(game_id: int) -> bool:
    return any(check(game_id) for check in PAUSE_CHECKS)


def refresh_deadline(seat: Seat, control: clocks.TimeControl, now: datetime, window: str | None = None) -> None:
    """Recompute the deadline of a running turn (after vacation, a pause, granted time...).
    ``window``: the kind the step opened with, by default `window_of` (a paced
    draft keeps its setup window); a grace is read as the normal window, its
    cut being in ``extra_seconds`` (`turn_start`, `_next_window`).
    A seat on autopilot is due at once, unless its deputy may act for it:
    then it keeps the step's window, as when the window opened (games/clocks/deputies.py)."""
    if window is None:
        window = window_of(seat.game, seat) if control.kind == "pace" else "normal"
    set_deadline(seat, control, now, window, due=seat.autopilot and not _deputy_waits(seat, control))


def _deputy_waits(seat: Seat, control: clocks.TimeControl) -> bool:
    """Does the absent ``seat`` wait for its deputy (so a refresh must not make it due at once)?"""
    if control.kind != "pace":
        return False
    return deputies.keeps_window(seat.game, seat)


def set_deadline(seat: Seat, control: clocks.TimeControl, now: datetime, window: str, due: bool) -> None:
    """The deadline and next reminder of the running turn for ``window``.
    ``due``: nobody will answer for the seat (autopilot), so it is due at once
    (the sweep plays its default), unless its own pause runs; a running table
    pause stops every clock."""
    if seat.turn_started_at is None or paused(seat.game_id):
        seat.deadline_at = seat.next_reminder_at = None
        return
    since = seat.turn_started_at
    table, own = table_pauses(seat, since), seat_pauses(seat, since)
    if any(end is None for _start, end in table):
        seat.deadline_at = seat.next_reminder_at = None
        return
    if due:
        seat.deadline_at = max([since] + [end for start, end in own if start <= now < end])
        seat.next_reminder_at = None
        return
    if not control.timed:
        seat.deadline_at = seat.next_reminder_at = None
        return
    seat.deadline_at = _window_end(seat, control, window, table + own + _vacations(seat, control, since),
                                   _night(seat))
    seat.next_reminder_at = next_reminder(seat, now, quiet=own)


def _window_end(seat: Seat, control: clocks.TimeControl, window: str, pauses: list,
                night: tuple | None) -> datetime | None:
    """When the running turn's ``window`` (a grace: the normal window, its cut
    in ``extra_seconds``) runs out, counting from its start past ``pauses``,
    moved out of the player's ``night`` if given."""
    budget = control.turn_budget(seat.bank_seconds, "normal" if window == "grace" else window) + seat.extra_seconds
    return clocks.deadline(seat.turn_started_at, budget, _timezone(seat, control, night),
                           weekend_pause=control.weekend_pause, pauses=pauses, night=night)


def next_reminder(seat: Seat, now: datetime, quiet: list | None = None) -> datetime | None:
    """The next reminder mark still to come, skipping those inside the seat's
    own pauses (``quiet``; read when not given): a paused player gets none."""
    if seat.deadline_at is None:
        return None
    quiet = seat_pauses(seat, seat.turn_started_at) if quiet is None else quiet
    marks = clocks.reminder_times(seat.turn_started_at, seat.deadline_at, paced=bool(seat.step))
    upcoming = [t for t in marks if t > now and not any(start <= t < end for start, end in quiet)]
    return upcoming[0] if upcoming else None


def turn_start(seat: Seat, control: clocks.TimeControl, now: datetime, step: tuple = ("normal", "")) -> None:
    """``step``: the rules' (window kind, step name) for paced games. A step
    that opens with the grace is stored as the normal window cut to it (the
    cut in ``extra_seconds``, as when the grace cuts a running window), so
    every later refresh reads the same window (`window_of`)."""
    seat.turn_started_at = now
    seat.extra_seconds = 0
    if control.kind == "pace" and step[0] == "grace":
        seat.extra_seconds = control.turn_budget(None, "grace") - control.turn_budget(None, "normal")
    seat.step = (step[1] or "-") if control.kind == "pace" else ""
    if control.kind == "bank" and seat.bank_seconds is None:
        seat.bank_seconds = control.initial_bank()
    # the fresh turn of an absent leader waits for its deputy through `sync_seats` (`_deputy_windows`)
    set_deadline(seat, control, now, step[0], due=seat.autopilot)


def turn_end(seat: Seat, control: clocks.TimeControl, now: datetime, moved: bool) -> None:
    """Stop the clock and charge the bank; a turn ended by the player's own
    move counts towards their average time to move."""
    started = seat.turn_started_at
    if started is not None:
        if control.kind == "bank":
            used = clocks.counted(started, now, _timezone(seat, control), weekend_pause=control.weekend_pause,
                                  pauses=pauses_for(seat, control, started))
            seat.bank_seconds = control.bank_after_turn(seat.bank_seconds or 0, used)
        if moved:
            record_turn(seat, now)
    seat.turn_started_at = seat.deadline_at = seat.next_reminder_at = None
    seat.extra_seconds = 0
    seat.step = ""


def record_turn(seat: Seat, now: datetime) -> None:
    if seat.turn_started_at is None:
        return
    profile = _profile(seat)
    type(profile).objects.filter(pk=profile.pk).update(
        turns_timed=F("turns_timed") + 1, turn_seconds=F("turn_seconds") + (now - seat.turn_started_at).total_seconds())


SEAT_CLOCK_FIELDS = ["awaiting", "turn_started_at", "deadline_at", "next_reminder_at", "bank_seconds",
                     "extra_seconds", "step"]




def sync_seats(game: Game, seats: list[Seat], before_active: list[str], mover: str | None,
               now: datetime, other_deadlines: list = ()) -> list[Seat]:
    """Start and stop turns as the active roles changed; returns the seats changed.
    Paced games also open a fresh window when a seat's step changes, and cut a
    running window to the grace when the step says so (the sand timer). A
    fresh turn waits for an absent leader's deputy, or is due at once when
    the seat's standing orders answer it.
    ``seats``: every seat, or (the sweep) those `may_change` picked, with the
    deadlines of the others in ``other_deadlines``."""
    control = control_of(game)
    changed = []
    for seat in seats:
        was, now_active = seat.role in before_active, seat.role in game.active_roles
        if was and now_active and control.kind == "pace":
            if _next_window(seat, game, control, mover, now):
                changed.append(seat)
            continue
        if was == now_active:
            continue
        if now_active:
            turn_start(seat, control, now, pace_step(game, seat.role) if control.kind == "pace" else ("normal", ""))
        else:
            turn_end(seat, control, now, moved=seat.role == mover)
        seat.awaiting = now_active
        changed.append(seat)
    _deputy_windows(game, seats, changed, control, now)
    _due_by_orders(game, changed, now)
    deadlines = [s.deadline_at for s in seats if s.deadline_at] + [d for d in other_deadlines if d]
    game.deadline_at = min(deadlines) if deadlines else None
    return changed


def _deputy_windows(game: Game, seats: list[Seat], changed: list[Seat], control, now: datetime) -> None:
    """An absent leader asked for an input its deputy may give waits for the
    deputy, with the step's window (of its kind) instead of being due at once:
    the deadline it would have if present, pauses, vacations and reminders
    counted as usual; the seat stays on autopilot (games/clocks/deputies.py)."""
    for seat in changed:
        if seat.autopilot and seat.awaiting and seat.turn_started_at == now and deputies.deputy_of(game, seat, seats):
            set_deadline(seat, control, now, pace_step(game, seat.role)[0], due=False)


def may_change(game: Game, role: str, step: str, before_active: list[str], control: clocks.TimeControl) -> bool:
    """Could `sync_seats` change the clock of ``role``'s seat (its stored
    ``step``)? True for every seat it may change, so the sweep loads only those."""
    was, now_active = role in before_active, role in game.active_roles
    if was != now_active:
        return True
    if not (was and control.kind == "pace"):
        return False
    window, new_step = pace_step(game, role)
    return (new_step or "-") != step or window == "grace"


def _next_window(seat: Seat, game: Game, control, mover, now) -> bool:
    """A seat still active after a move: a new step opens a fresh window; the
    grace shortens the running one (never lengthens it). True if it changed."""
    window, step = pace_step(game, seat.role)
    if (step or "-") != seat.step:
        turn_end(seat, control, now, moved=seat.role == mover)
        turn_start(seat, control, now, (window, step))
        return True
    if window != "grace" or seat.autopilot:
        return False
    if seat.deadline_at is None:
        return _grace_while_table_paused(seat, game, control, now)
    # the seat's own pause holds the grace off too (no query unless it ever paused)
    grace_end = clocks.deadline(now, control.turn_budget(None, "grace"), pauses=seat_pauses(seat, now))
    unmoved = _unmoved_deadline(seat, control)
    if grace_end >= unmoved:
        return False
    seat.extra_seconds -= round((unmoved - grace_end).total_seconds())
    night = _night(seat)
    seat.deadline_at = clocks.after_night(grace_end, _timezone(seat, control, night), night) if night else grace_end
    seat.next_reminder_at = next_reminder(seat, now)
    return True


def _unmoved_deadline(seat: Seat, control: clocks.TimeControl) -> datetime:
    """The seat's deadline before its night hours moved it, so the grace cuts
    counted time, not the night. Recomputed (with its pauses) only when the
    deadline sits at the end of the player's night; otherwise it is the stored one."""
    night = _night(seat)
    tz = _timezone(seat, control, night)
    if not night or clocks.after_night(seat.deadline_at - timedelta(microseconds=1), tz, night) \
            != seat.deadline_at:
        return seat.deadline_at
    found = _window_end(seat, control, window_of(seat.game, seat),
                        pauses_for(seat, control, seat.turn_started_at), None)
    return found or seat.deadline_at


def _grace_while_table_paused(seat: Seat, game: Game, control, now) -> bool:
    """The grace during a running table pause: the clock is stopped, so the
    window is cut to leave at most the grace once the pause ends (the cut in
    ``extra_seconds``; the deadline comes back when the pause ends). Not
    while a moderator holds the clocks. True if it cut."""
    since = seat.turn_started_at
    if since is None or not control.timed or paused(seat.game_id):
        return False
    if not any(end is None for _start, end in table_pauses(seat, since)):
        return False
    budget = control.turn_budget(None, window_of(game, seat)) + seat.extra_seconds
    left = budget - counted(seat, control, since, now)
    cut = round(left - control.turn_budget(None, "grace"))
    if cut <= 0:
        return False
    seat.extra_seconds -= cut
    return True


def counted(seat: Seat, control: clocks.TimeControl, start: datetime, end: datetime) -> float:
    """Seconds of the seat's clock that ran from ``start`` to ``end``: what no
    pause of any kind, vacation or paused weekend stopped (overlaps count once)."""
    return clocks.counted(start, end, _timezone(seat, control), weekend_pause=control.weekend_pause,
                          pauses=pauses_for(seat, control, start))


def window_of(game: Game, seat: Seat) -> str:
    """The window kind a paced seat's running step opened with, for a refresh:
    the rules' kind now, and for a grace the normal window, its cut being in
    ``extra_seconds`` (whether the grace cut a running window or the step
    opened with it: `turn_start`), whatever time was granted since."""
    if control_of(game).kind != "pace":
        return "normal"
    window = pace_step(game, seat.role)[0]
    return "normal" if window == "grace" else window


def save_game_deadline(game: Game) -> None:
    """Keep ``Game.deadline_at`` (the earliest seat deadline) in step after a
    seat's deadline changed outside the move pipeline."""
    found = [d for d in game.seats.values_list("deadline_at", flat=True) if d]
    game.deadline_at = min(found) if found else None
    game.save(update_fields=["deadline_at"])


# -- standing orders (games/tables/__init__.py `set_orders`, correspondence-design §1) ----
def standing_action(game: Game, seat: Seat):
    """The move the seat's standing orders make for its prompt now (the title's
    ``rules.standing_action``), or None: no orders, not its turn, not covered."""
    if not seat.orders or game.state is None or seat.role not in game.active_roles:
        return None
    hook = getattr(engine.rules_for(game), "standing_action", None)
    return hook(game.state, seat.role, seat.orders) if hook else None


def follow_orders(game: Game, seat: Seat, now: datetime) -> bool:
    """A running turn the seat's orders answer is due at once (its deadline its
    turn start, like autopilot: the sweep plays the order); a seat due by orders
    that no longer answer its prompt gets its normal window back. True if due."""
    if not seat.awaiting or seat.turn_started_at is None:
        return False
    if standing_action(game, seat) is not None:
        seat.deadline_at, seat.next_reminder_at = seat.turn_started_at, None
        return True
    if not seat.autopilot and seat.deadline_at == seat.turn_started_at:
        refresh_deadline(seat, control_of(game), now, window_of(game, seat))
    return False


def _due_by_orders(game: Game, changed: list[Seat], now: datetime) -> None:
    """In `sync_seats`: the seats whose fresh turn their orders answer are due at once."""
    for seat in changed:
        if seat.orders and seat.turn_started_at == now:
            follow_orders(game, seat, now)
