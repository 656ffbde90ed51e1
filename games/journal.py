"""Appending to move logs and refreshing every cache of them, for one game or
many at once (the timeout sweep). Call with the Game rows locked."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import F
from django.utils import timezone

from games.rules.core.flow import take_log

from . import bulk, deadlines, notifications, signals
from .models import Game, Hand, Move, Seat, Snapshot

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
    move: Move | None = None


def hands_of(rules, state: dict) -> dict:
    return {role: rules.hand(state, role) for role in state["roles"]}


def record(game: Game, rules, role, user, verb, arg, state, before_active, hands_before=None, seats=None) -> Move:
    entry = Entry(game, rules, role, user, verb, arg, state, list(before_active), hands_before, seats)
    commit([entry])
    return entry.move


def commit(entries: list[Entry]) -> None:
    now = timezone.now()
    for entry in entries:
        _advance(entry, now)
    bulk.insert([e.move for e in entries])
    _sync_seats([e for e in entries if _turn_changed(e)], now)
    _save_games([e.game for e in entries])
    _refresh_hands(entries)
    _write_snapshots([e.game for e in entries if _turn_changed(e)])
    finished = [e.game for e in entries if e.game.status == Game.Status.FINISHED]
    if finished:
        signals.games_finished.send(sender=Game, games=finished)
    notifications.moved(entries)


def _advance(entry: Entry, now) -> None:
    game = entry.game
    game.seq += 1
    entry.move = Move(game=game, seq=game.seq, role=entry.role or "", user=entry.user,
                      verb=entry.verb, arg=entry.arg, log=take_log(entry.state), created_at=now)
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


def _sync_seats(entries: list[Entry], now) -> None:
    """Stop and start seat clocks where the active roles changed."""
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
        changed += deadlines.sync_seats(entry.game, seats, entry.before_active, entry.role, now)
    bulk.update(changed, deadlines.SEAT_CLOCK_FIELDS)


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
    from accounts.models import Profile

    Profile.objects.filter(user_id__in=user_ids).update(timeouts=F("timeouts") + 1)
