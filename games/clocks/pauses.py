"""Planned absences at team tables (correspondence-design §4): each seat's
pause budget, and the table-wide pause the seats vote on.

Seat pause: a player freezes their own seat's clock for some hours
(`seat_pause`) and may end it early (`seat_resume`: the unused hours go back
to the budget of `SEAT_BUDGET_HOURS` per seat and game). The stretch is an
interval like a vacation (`deadlines.pauses_for`): it pushes that seat's
deadlines only, silences its reminders, and overlapping vacation counts once.

Table pause: a seated player proposes to pause the whole table
(`table_pause_propose`, which is their yes vote); each seat votes once
(`table_pause_vote`). When more than half of all seats said yes it starts at
once: every clock stops (`deadlines.table_pauses` reads a running pause as an
open interval). It ends at its end time (`table_pauses_due`, the beat), or
earlier when more than half vote to resume; the clocks then go on with the
time they had left. One open proposal per game; without a majority it
expires after `PROPOSAL_HOURS`, and the proposer may withdraw it.

Only tables played in teams have these (`is_team_game`). Every
service locks the Game row. Nothing here is written to the move log (moves
are the rules' inputs): `lines` tells the story for the page and the API.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from games import signals
from games.clocks import deadlines
from games.errors import BadRequest
from games.store.locking import lock_game
from games.models import Game, Seat, SeatPause, TablePause, TablePauseVote
from games.engine.teams import is_team_game

SEAT_BUDGET_HOURS = 72  # per seat and game (correspondence-design §4: "e.g. 72 h")
MAX_TABLE_HOURS = 168
PROPOSAL_HOURS = 24  # a proposal without a majority by then expires
HOUR = 3600


def majority(seats: int) -> int:
    """Yes votes a table pause needs: more than half of all seats."""
    return seats // 2 + 1


# -- checks ----------------------------------------------------------------------
def _locked_seat(game_id, user) -> tuple[Game, Seat]:
    """The game (locked) and the user's seat in it, or a clear BadRequest."""
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE:
        raise BadRequest(_("This game is not in progress: there are no clocks to pause."))
    if not is_team_game(game):
        raise BadRequest(_("Pauses are for team tables: in a two-player game ask your opponent for more time."))
    seat = game.seats.filter(user_id=getattr(user, "pk", None)).exclude(role="").first()
    if seat is None:
        raise BadRequest(_("You have no seat in this game: only its players can pause it."))
    return game, seat


def _hours(value, most: int) -> int:
    """A whole number of hours from 1 to ``most`` (a form's text or the API's number)."""
    try:
        hours = int(str(value).strip()) if not isinstance(value, bool) else None
    except ValueError:
        hours = None
    if hours is None or not 1 <= hours <= most:
        raise BadRequest(_("Give a whole number of hours from 1 to %(most)s.") % {"most": most})
    return hours


def _refresh(game: Game, seats, now: datetime) -> None:
    """New deadlines for the running turns of ``seats`` (their pauses changed)."""
    control = deadlines.control_of(game)
    for seat in seats:
        if seat.turn_started_at is not None:
            deadlines.refresh_deadline(seat, control, now, deadlines.window_of(game, seat))
        seat.save(update_fields=["deadline_at", "next_reminder_at", "paused_ever"])
    deadlines.save_game_deadline(game)


# -- the seat's own pause --------------------------------------------------------
def budget_left(seat: Seat) -> float:
    """Seconds of pause the seat has left: a running pause is charged its
    whole planned length, an ended one what it used."""
    if not seat.paused_ever:
        return float(SEAT_BUDGET_HOURS * HOUR)
    return SEAT_BUDGET_HOURS * HOUR - sum(p.seconds for p in seat.pauses.all())


def running_seat_pause(seat: Seat, now: datetime) -> SeatPause | None:
    if not seat.paused_ever:
        return None
    return seat.pauses.filter(ended_at=None, started_at__lte=now, ends_at__gt=now).first()


def seat_pause(*, game_id, user, hours, now=None) -> SeatPause:
    """"Pause my clock" for ``hours``: my deadlines move on by the paused time."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = _locked_seat(game_id, user)
        hours = _hours(hours, SEAT_BUDGET_HOURS)
        running = running_seat_pause(seat, now)
        if running:
            raise BadRequest(_("Your clock is already paused until %(until)s.") % {"until": when(running.ends_at)})
        left = budget_left(seat)
        if hours * HOUR > left:
            raise BadRequest(_("That is more than your pause budget: you have %(left)s h of pause left in this game.")
                             % {"left": hours_text(left)})
        pause = SeatPause.objects.create(seat=seat, started_at=now, ends_at=now + timedelta(hours=hours))
        seat.paused_ever = True
        _refresh(game, [seat], now)
        return pause


def seat_resume(*, game_id, user, now=None) -> Seat:
    """"Resume my clock": the pause ends now and the unused hours go back to the budget."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = _locked_seat(game_id, user)
        pause = running_seat_pause(seat, now)
        if pause is None:
            raise BadRequest(_("Your clock is not paused."))
        pause.ended_at = now
        pause.save(update_fields=["ended_at"])
        _refresh(game, [seat], now)
        return seat


# -- the table-wide pause ----------------------------------------------------------
def open_table_pause(game: Game, now: datetime) -> TablePause | None:
    """The proposal or running pause of the game; a proposal past its
    `PROPOSAL_HOURS` is marked expired on the way (inside a locked change)."""
    pause = game.table_pauses.filter(status__in=TablePause.OPEN).select_related("proposed_by__profile").first()
    if pause and pause.status == TablePause.Status.PROPOSED and pause.created_at <= now - _proposal_life():
        pause.status, pause.ended_at = TablePause.Status.EXPIRED, pause.created_at + _proposal_life()
        pause.save(update_fields=["status", "ended_at"])
        return None
    return pause


def _proposal_life() -> timedelta:
    return timedelta(hours=PROPOSAL_HOURS)


def table_pause_propose(*, game_id, user, hours, now=None) -> TablePause:
    """"Pause the whole table for N hours": a proposal carrying the proposer's yes."""
    now = now or timezone.now()
    with transaction.atomic():
        game, seat = _locked_seat(game_id, user)
        hours = _hours(hours, MAX_TABLE_HOURS)
        if open_table_pause(game, now):
            raise BadRequest(_("There is already an open table pause: vote on it, or wait until it ends."))
        pause = TablePause.objects.create(game=game, proposed_by=user, hours=hours, created_at=now)
        TablePauseVote.objects.create(pause=pause, seat=seat, yes=True, created_at=now)
        if not _count(game, pause, now):
            signals.table_pause_proposed.send(sender=TablePause, pause=pause)
        return pause


def table_pause_vote(*, game_id, user, yes, resume=False, now=None) -> TablePause:
    """A seat's yes or no on the proposal, or (``resume``) on ending the running
    pause now. A yes to a proposal that has just started (another seat's vote
    got there first) is recorded and changes nothing."""
    now = now or timezone.now()
    yes, resume = _flag(yes), _flag(resume)
    with transaction.atomic():
        game, seat = _locked_seat(game_id, user)
        pause = open_table_pause(game, now)
        if pause is None:
            raise BadRequest(_("There is no open table pause proposal to vote on."))
        running = pause.status == TablePause.Status.RUNNING
        if resume and not running:
            raise BadRequest(_("The table is not paused: there is nothing to resume yet."))
        if pause.votes.filter(seat=seat, resume=resume).exists():
            raise BadRequest(_("You have already voted on resuming the table.") if resume else
                             _("You have already voted on this table pause."))
        TablePauseVote.objects.create(pause=pause, seat=seat, resume=resume, yes=yes, created_at=now)
        if resume or not running:
            _count(game, pause, now)
        return pause


def _flag(value) -> bool:
    """A boolean from the API, or a form's "yes" / "no" / "1" / ""."""
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("yes", "true", "1", "on")


def table_pause_withdraw(*, game_id, user, now=None) -> TablePause:
    """The proposer takes their proposal back before it passes."""
    now = now or timezone.now()
    with transaction.atomic():
        game, _seat = _locked_seat(game_id, user)
        pause = open_table_pause(game, now)
        if pause is None or pause.status != TablePause.Status.PROPOSED or pause.proposed_by_id != user.pk:
            raise BadRequest(_("You have no table pause proposal to withdraw (none is waiting for votes)."))
        pause.status, pause.ended_at = TablePause.Status.WITHDRAWN, now
        pause.save(update_fields=["status", "ended_at"])
        return pause


def tally(game: Game, pause: TablePause) -> dict:
    """Seats, votes and the majority needed, for the vote now open on ``pause``."""
    seats = game.seats.exclude(role="").count()
    resume = pause.status == TablePause.Status.RUNNING
    votes = [v.yes for v in pause.votes.all() if v.resume == resume]
    return {"seats": seats, "needed": majority(seats), "yes": sum(votes), "no": len(votes) - sum(votes),
            "resume": resume}


def _count(game: Game, pause: TablePause, now: datetime) -> bool:
    """Start, end or turn down ``pause`` if the votes so far decide it; True if they did."""
    count = tally(game, pause)
    if count["yes"] >= count["needed"]:
        if count["resume"]:
            _end(game, pause, now, now, by_vote=True)
        else:
            _start(game, pause, now)
        return True
    if not count["resume"] and count["no"] > count["seats"] - count["needed"]:
        pause.status, pause.ended_at = TablePause.Status.REJECTED, now
        pause.save(update_fields=["status", "ended_at"])
        return True
    return False


def _start(game: Game, pause: TablePause, now: datetime) -> None:
    """Every clock of the game stops (deadlines read the running pause)."""
    pause.status, pause.started_at = TablePause.Status.RUNNING, now
    pause.ends_at = now + timedelta(hours=pause.hours)
    pause.save(update_fields=["status", "started_at", "ends_at"])
    game.seats.update(paused_ever=True)
    _refresh(game, list(game.seats.select_related("user__profile")), now)


def _end(game: Game, pause: TablePause, at: datetime, now: datetime, by_vote: bool = False) -> None:
    """The clocks go on with the time they had left: the pause is an ended interval now."""
    pause.status, pause.ended_at, pause.resumed_by_vote = TablePause.Status.ENDED, at, by_vote
    pause.save(update_fields=["status", "ended_at", "resumed_by_vote"])
    _refresh(game, list(game.seats.select_related("user__profile")), now)


def table_pauses_due(now=None) -> int:
    """The beat: end the running pauses whose time is up (as of their end
    time, so a late beat costs nobody a minute) and expire old proposals.
    Each game is locked and its pause re-read, so two runs at once end a
    pause exactly once. Returns how many pauses ended."""
    now = now or timezone.now()
    TablePause.objects.filter(status=TablePause.Status.PROPOSED, created_at__lte=now - _proposal_life()).update(
        status=TablePause.Status.EXPIRED, ended_at=F("created_at") + _proposal_life())
    game_ids = list(TablePause.objects.filter(status=TablePause.Status.RUNNING, ends_at__lte=now)
                    .order_by("ends_at").values_list("game_id", flat=True)[:500])
    ended = 0
    for game_id in game_ids:
        with transaction.atomic():
            game = Game.objects.locked().get(pk=game_id)
            pause = game.table_pauses.filter(status=TablePause.Status.RUNNING, ends_at__lte=now).first()
            if pause is not None:
                _end(game, pause, pause.ends_at, now)
                ended += 1
    return ended


# -- in words --------------------------------------------------------------------
def when(moment: datetime) -> str:
    """"Tue 14:00" in the active timezone (the reader's)."""
    return dateformat.format(timezone.localtime(moment), "D H:i")


def hours_text(seconds: float) -> str:
    """Whole hours are "12", others one decimal ("4.5"); never more than there is."""
    hours = int(seconds // 360) / 10  # tenths, rounded down
    return f"{max(hours, 0):g}"


def seat_line(pause: SeatPause, name: str) -> str:
    """One whole sentence per case, so a translator can order it as their language needs."""
    words = {"name": name, "hours": hours_text((pause.ends_at - pause.started_at).total_seconds()),
             "until": when(pause.ends_at), "used": hours_text(pause.seconds)}
    if pause.ended_at and pause.ended_at < pause.ends_at:
        return _("%(name)s paused their clock for %(hours)s h (until %(until)s), "
                 "and resumed it after %(used)s h.") % words
    return _("%(name)s paused their clock for %(hours)s h (until %(until)s).") % words


def table_line(game: Game, pause: TablePause) -> str:
    """One whole sentence for each state of a table pause (translators order it freely)."""
    words = {"name": pause.proposed_by.display, "hours": pause.hours}
    status = pause.status
    if status in TablePause.OPEN:
        count = tally(game, pause)
        words.update(count)
        if status == TablePause.Status.PROPOSED:
            return _("Table pause proposed by %(name)s: %(hours)s h — %(yes)s of %(seats)s yes, "
                     "%(needed)s needed.") % words
        return _("The whole table is paused until %(until)s (proposed by %(name)s) — %(yes)s of %(seats)s "
                 "want to resume now, %(needed)s needed.") % {**words, "until": when(pause.ends_at)}
    if status == TablePause.Status.ENDED:
        words.update(start=when(pause.started_at), end=when(pause.ended_at))
        if pause.resumed_by_vote:
            return _("The whole table was paused from %(start)s to %(end)s (proposed by %(name)s), "
                     "resumed early by a vote.") % words
        return _("The whole table was paused from %(start)s to %(end)s (proposed by %(name)s).") % words
    ends = {TablePause.Status.WITHDRAWN: _("Table pause proposed by %(name)s (%(hours)s h): withdrawn."),
            TablePause.Status.EXPIRED: _("Table pause proposed by %(name)s (%(hours)s h): expired without a majority."),
            TablePause.Status.REJECTED: _("Table pause proposed by %(name)s (%(hours)s h): voted down.")}
    return ends[status] % words


def lines(game: Game, seats: list[Seat]) -> list[dict]:
    """Both kinds of pause in words, newest first: [{"at": datetime, "text": ...}]."""
    names = {s.pk: s.user.display for s in seats}
    touched = [s.pk for s in seats if s.paused_ever]
    rows = [{"at": p.started_at, "text": seat_line(p, names[p.seat_id])}
            for p in SeatPause.objects.filter(seat_id__in=touched)] if touched else []
    rows += [{"at": p.created_at, "text": table_line(game, p)}
             for p in game.table_pauses.select_related("proposed_by__profile").prefetch_related("votes")]
    return sorted(rows, key=lambda row: row["at"], reverse=True)


def state(game: Game, seats: list[Seat], user, now=None) -> dict:
    """What the page and the API show of the pauses: the lines, the open table
    pause with its count and my vote, and my own budget and pause (seated only)."""
    now = now or timezone.now()
    mine = next((s for s in seats if getattr(user, "pk", None) == s.user_id and s.role), None)
    table = game.table_pauses.filter(status__in=TablePause.OPEN).select_related("proposed_by__profile").first()
    if table and table.status == TablePause.Status.PROPOSED and table.created_at <= now - _proposal_life():
        table = None  # expired: the beat marks it
    open_info = None
    if table:
        count = tally(game, table)
        voted = next((v for v in table.votes.all() if mine and v.seat_id == mine.pk and v.resume == count["resume"]),
                     None)
        open_info = {"status": table.status, "proposed_by": table.proposed_by.display, "hours": table.hours,
                     "ends_at": table.ends_at, "expires_at": table.created_at + _proposal_life(),
                     "my_vote": None if voted is None else voted.yes,
                     "mine": bool(mine and table.proposed_by_id == mine.user_id), **count}
    own = running_seat_pause(mine, now) if mine else None
    left = budget_left(mine) if mine else None
    return {"lines": lines(game, seats), "table": open_info, "seated": mine is not None,
            "left_seconds": left, "left_hours": hours_text(left) if mine else None,
            "left_whole_hours": int(left // HOUR) if mine else None,
            "my_pause_until": own.ends_at if own else None, "budget_hours": SEAT_BUDGET_HOURS,
            "max_table_hours": MAX_TABLE_HOURS}
