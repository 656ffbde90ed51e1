"""Appending to move logs and refreshing every cache of them, for one game or
many at once (the timeout sweep). Call with the Game rows locked."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace

from django.db import connection
from django.db.models import F
from django.utils import timezone

from games.rules.core.flow import take_log

from games import signals
from games.store import bulk
from games.clocks import deadlines
from games.engine import sealing
from games.models import Game, Hand, Move, Seat, Snapshot


class _Sweep(threading.local):
    """``running`` is True while this thread runs the deadline sweep: it goes
    on until nothing is due, so an autopilot seat it makes active needs no
    second sweep. Per thread: a move committed by another thread (a worker
    thread, a web request) while a sweep runs still asks for its own sweep."""

    running = False


SWEEP = _Sweep()


SWEEP_TASK = "games.tasks.time_out_overdue"  # games/play/tasks.py, by name: it imports the services that import this
GAME_FIELDS = ["seq", "state", "active_roles", "status", "result", "finished_at", "deadline_at", "updated_at"]


@dataclass
class Entry:
    """One move about to be logged, with the state it leads to."""

    game: Game
    rules: object
    role: str | None
    user: object
    verb: str
    arg: object
    state: dict
    before_active: list = field(default_factory=list)
    hands_before: dict | None = None  # role -> cards before the move, when known
    seats: list | None = None  # the game's seats (user__profile joined), when already loaded
    other_deadlines: list = field(default_factory=list)  # of the seats left out of ``seats`` (the sweep)
    source: str = ""  # Move.source: "", "timeout", "autopilot", "proxy", "order", "deputy"
    sealed: int | None = None  # the sealed step open before the move (games/engine/sealing.py)
    lines: list = field(default_factory=list)  # the site's own log lines, before the rules' ones
    move: Move | None = None


def hands_of(rules, state: dict) -> dict:
    return {role: rules.hand(state, role) for role in state["roles"]}


def record(game: Game, rules, role, user, verb, arg, state, before_active, hands_before=None, seats=None,
           **extra) -> Move:
    """Log one move; ``extra``: the other `Entry` fields (source, sealed, lines)."""
    entry = Entry(game, rules, role, user, verb, arg, state, list(before_active), hands_before, seats, **extra)
    commit([entry])
    return entry.move


def commit(entries: list[Entry]) -> None:
    """Log the entries, in order; several may follow each other in one game
    (the deadline sweep defaults a step of several inputs), each continuing
    from the state the one before left."""
    now = timezone.now()
    for entry in entries:
        _advance(entry, now)
    bulk.insert([e.move for e in entries])
    games = _per_game(entries)
    # Paced steps: a move can open a new step for a seat that stays active (the
    # last draft pick, then the first move), so their clocks are checked after every move.
    new_steps = _sync_seats([e for e in games if _turn_changed(e) or deadlines.is_paced(e.game)], now)
    _save_games([e.game for e in games])
    _refresh_hands(games)
    _write_snapshots([e.game for e in games if _turn_changed(e)])
    finished = [e.game for e in games if e.game.status == Game.Status.FINISHED]
    if finished:
        signals.games_finished.send(sender=Game, games=finished)
    signals.moves_logged.send(sender=Game, entries=_for_notices(entries), new_steps=new_steps)


def _per_game(entries: list[Entry]) -> list[Entry]:
    """One entry per game for what follows the moves (clocks, the game row,
    hands, snapshots): from before its first move to after its last."""
    runs = by_game(entries)
    if len(runs) == len(entries):
        return entries
    return [run[0] if len(run) == 1 else replace(
        run[-1], before_active=run[0].before_active, hands_before=run[0].hands_before,
        seats=run[0].seats if run[0].seats is not None else run[-1].seats) for run in runs.values()]


def by_game(entries: list[Entry]) -> dict[int, list[Entry]]:
    """The entries of each game, in order."""
    runs: dict[int, list[Entry]] = {}
    for entry in entries:
        runs.setdefault(entry.game.pk, []).append(entry)
    return runs


def _for_notices(entries: list[Entry]) -> list[Entry]:
    """A turn notice once per game: later entries of a game it already has
    count the roles active at the end as active before."""
    seen, out = set(), []
    for entry in entries:
        if entry.game.pk in seen:
            entry = replace(entry, before_active=list(entry.game.active_roles))
        seen.add(entry.game.pk)
        out.append(entry)
    return out


def _advance(entry: Entry, now) -> None:
    game = entry.game
    game.seq += 1
    entry.move = Move(game=game, seq=game.seq, role=entry.role or "", user=entry.user, source=entry.source,
                      verb=entry.verb, arg=entry.arg, created_at=now)
    sealed = sealing.seal(entry.move, entry.sealed) if entry.sealed is not None and entry.role else None
    entry.move.log = sealing.move_log(entry.lines + take_log(entry.state), sealed)
    game.state = entry.state
    game.active_roles = entry.rules.active_roles(entry.state)
    game.updated_at = now
    result = entry.rules.result(entry.state)
    if result is not None:
        if game.status != Game.Status.FINISHED:
            game.finished_at = now
        game.status = Game.Status.FINISHED
        game.result = result.to_json()
    elif game.status == Game.Status.FINISHED:  # a rollback reopened it
        game.status, game.result, game.finished_at = Game.Status.ACTIVE, None, None


def _turn_changed(entry: Entry) -> bool:
    return entry.game.active_roles != entry.before_active or entry.game.status == Game.Status.FINISHED


def _save_games(games: list[Game]) -> None:
    if len(games) == 1:
        games[0].save(update_fields=GAME_FIELDS)
    else:
        bulk.update(games, GAME_FIELDS)


def _write_snapshots(games: list[Game]) -> None:
    """Snapshot the saved games; PostgreSQL copies each state from its game row
    instead of receiving and parsing it a second time."""
    if connection.vendor != "postgresql" or not games:
        Snapshot.objects.bulk_create([Snapshot(game=g, seq=g.seq, state=g.state, active_roles=g.active_roles)
                                      for g in games])
        return
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {Snapshot._meta.db_table} (game_id, seq, state, active_roles, created_at) "
                       f"SELECT id, seq, state, active_roles, updated_at FROM {Game._meta.db_table} "
                       f"WHERE id = ANY(%s)", [[g.pk for g in games]])


def _refresh_hands(entries: list[Entry]) -> None:
    """Write the hands that changed; with ``hands_before`` known, no read is needed."""
    unknown = [e for e in entries if e.hands_before is None]
    for entry in entries:
        if entry.hands_before is not None:
            for role, cards in hands_of(entry.rules, entry.state).items():
                if cards != entry.hands_before.get(role):
                    Hand.objects.filter(game=entry.game, role=role).update(cards=cards, seq=entry.game.seq)
    if unknown:
        _refresh_unknown_hands(unknown)


def _refresh_unknown_hands(entries: list[Entry]) -> None:
    stored = {(h.game_id, h.role): h for h in Hand.objects.filter(game__any=[e.game for e in entries])}
    new, changed = [], []
    for entry in entries:
        game = entry.game
        for role in entry.state["roles"]:
            cards = entry.rules.hand(entry.state, role)
            hand = stored.get((game.pk, role))
            if hand is None:
                new.append(Hand(game=game, role=role, cards=cards, seq=game.seq))
            elif hand.cards != cards:
                hand.cards, hand.seq = cards, game.seq
                changed.append(hand)
    Hand.objects.bulk_create(new)
    Hand.objects.bulk_update(changed, ["cards", "seq"], batch_size=500)


def _sync_seats(entries: list[Entry], now) -> dict[int, list[str]]:
    """Stop and start seat clocks where the active roles (or, paced, the steps)
    changed. Returns, per game, the roles that stayed active into a new step
    (a fresh window): they are asked again, like newly active ones."""
    new_steps: dict[int, list[str]] = {}
    ended = [e.game for e in entries if e.game.status == Game.Status.FINISHED]
    if ended:
        _record_turns([e for e in entries if e.game.status == Game.Status.FINISHED], now)
        Seat.objects.filter(game__any=ended).update(awaiting=False, turn_started_at=None, deadline_at=None,
                                                   next_reminder_at=None, extra_seconds=0)
        for game in ended:
            game.deadline_at = None
    going = [e for e in entries if e.game.status != Game.Status.FINISHED]
    changed = []
    for entry, seats in _with_seats(going):
        synced = deadlines.sync_seats(entry.game, seats, entry.before_active, _mover(entry), now,
                                      entry.other_deadlines)
        fresh = [s.role for s in synced if s.role in entry.before_active and s.awaiting and s.turn_started_at == now]
        if fresh:
            new_steps[entry.game.pk] = fresh
        changed += synced
    bulk.update(changed, deadlines.SEAT_CLOCK_FIELDS)
    if not SWEEP.running and any(_due_now(seat, now) for seat in changed):
        _sweep_soon()
    return new_steps


def _mover(entry: Entry) -> str | None:
    """The role whose own move this is: a default played at a deadline or by
    autopilot, or a proxy's or deputy's move, is not the player's time to move."""
    return entry.role if entry.user is not None and entry.source not in ("proxy", "deputy") else None


def _due_now(seat: Seat, now) -> bool:
    """A seat whose new deadline is already past: on autopilot, or its standing
    orders answer its prompt (deadline = turn start)."""
    return seat.awaiting and seat.deadline_at is not None and seat.deadline_at <= now


def _sweep_soon() -> None:
    """A seat became due at once (autopilot, a standing order): run the
    deadline sweep right after this commit instead of at the next beat."""
    from games.store import outbox

    outbox.enqueue(SWEEP_TASK)


def _with_seats(entries: list[Entry]) -> list[tuple[Entry, list[Seat]]]:
    """Each entry with its game's seats: those it carries, the rest in one query."""
    missing = [e.game.pk for e in entries if e.seats is None]
    loaded = {}
    if missing:
        for seat in Seat.objects.filter(game_id__any=missing).select_related("user__profile"):
            loaded.setdefault(seat.game_id, []).append(seat)
    return [(e, e.seats if e.seats is not None else loaded.get(e.game.pk, [])) for e in entries]


def _record_turns(entries: list[Entry], now) -> None:
    """The last move of a finished game still counts as the mover's response time."""
    movers = [e for e in entries if e.user is not None and e.role]
    for entry, seats in _with_seats(movers):
        for seat in seats:
            if seat.role == entry.role:
                deadlines.record_turn(seat, now)


def count_timeouts(user_ids: list[int]) -> None:
    """One more timeout per entry (a player late in two games counts two)."""
    from collections import Counter

    from accounts.models import Profile

    by_times: dict[int, list[int]] = {}
    for user_id, times in Counter(user_ids).items():
        by_times.setdefault(times, []).append(user_id)
    for times, users in by_times.items():
        Profile.objects.filter(user_id__any=users).update(timeouts=F("timeouts") + times)
