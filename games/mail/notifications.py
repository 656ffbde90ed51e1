"""The one notification hook the move pipeline calls.

Everything here runs inside the game's transaction and writes the Celery
tasks to the outbox (games/store/outbox.py): they commit with the move and reach the
broker after it, so mail can never block, break or undo a move, and a broker
outage loses none.
"""
from __future__ import annotations

from games.mail import tasks
from games.store import outbox
from games.models import Game, Notification


def _after_commit(task, *args) -> None:
    outbox.enqueue(task, *args)


def moved(entries: list, new_steps: dict | None = None) -> None:
    """After ``journal.commit``: per game of the batch (a sweep may log several
    defaults of one game), a turn notice for the roles that became active or
    stayed active into a new step (``new_steps``: game id -> roles; the notice
    skips a player still at the board), a heads-up for the seats next in line,
    one timeout notice per seat that ran out of time; and one task for every
    game that ended in this batch."""
    from games.play.journal import by_game

    calls, games = [], by_game(entries)
    for group in games.values():
        game = group[-1].game
        asked_again = (new_steps or {}).get(game.pk, [])
        newly_active = [r for r in game.active_roles if r not in group[0].before_active or r in asked_again]
        if newly_active:
            calls.append((tasks.send_turn_notice, (game.pk, game.seq, newly_active)))
        timed_out = {}
        for entry in group:
            if entry.source == "timeout" and entry.move is not None and entry.role:
                timed_out.setdefault(entry.role, entry.move.seq)
        calls += [(tasks.send_timeout_notice, (game.pk, seq, role)) for role, seq in timed_out.items()]
    calls += _heads_up([(group[-1].game, group[0].before_active) for group in games.values()])
    over = [g[-1].game.pk for g in games.values() if g[-1].game.status == Game.Status.FINISHED]
    if over:
        calls.append((tasks.send_games_over, (over,)))
    outbox.enqueue_many(_batched(calls))


BATCHED = {"send_turn_notice": "turn", "send_heads_up": "heads_up", "send_timeout_notice": "timeout"}


def _batched(calls: list) -> list:
    """One move's few notices go as they are; a sweep's hundreds go as one
    `tasks.send_notices` (one broker hand-over instead of one per game)."""
    notices = [(task, args) for task, args in calls if task.__name__ in BATCHED]
    if len(notices) <= BATCH_FROM:
        return calls
    rest = [(task, args) for task, args in calls if task.__name__ not in BATCHED]
    return rest + [(tasks.send_notices, ([[BATCHED[task.__name__], *args] for task, args in notices],))]


BATCH_FROM = 8


def _heads_up(games: list) -> list:
    """"You are up next" for the seats the rules say act after the current ones
    (``rules.upcoming_roles(state)``; titles without it send none). The mail is
    keyed per seat and round (`emails.heads_up_key`), so each pair hears it
    once: a title with rounds is checked after every move (the next pair may
    change while the same seat stays active), others when the turn changes.
    ``games``: (game, active roles before the batch); one query for them all."""
    from games import engine
    from games.mail import emails

    wanted = []
    for game, before in games:
        hook = getattr(engine.rules_for(game), "upcoming_roles", None)
        if hook is None or game.state is None or game.status != Game.Status.ACTIVE:
            continue
        tag = str(game.state.get("round", ""))
        roles = [r for r in hook(game.state) if r not in game.active_roles]
        if roles and (tag or game.active_roles != before):
            wanted.append((game, roles, tag, [emails.heads_up_key(game.pk, r, tag) for r in roles]))
    keyed = [key for _game, _roles, tag, keys in wanted if tag for key in keys]
    sent = set(Notification.objects.filter(key__in=keyed).values_list("key", flat=True)) if keyed else set()
    return [(tasks.send_heads_up, (game.pk, roles, tag)) for game, roles, tag, keys in wanted
            if not tag or not set(keys) <= sent]


def game_started(game: Game) -> None:
    _after_commit(tasks.send_game_started, game.pk)


def invitation_sent(game: Game) -> None:
    _after_commit(tasks.send_invitation, game.pk)


def seat_invitation_sent(invitation) -> None:
    """A seat kept for a named player in an open team game (games/tables/__init__.py `invite`)."""
    _after_commit(tasks.send_seat_invitation, invitation.pk)


def substitute_invited(seat, inviter=None) -> None:
    """A player invited to take over an away seat (games/tables/__init__.py `substitute_invite`)."""
    _after_commit(tasks.send_substitute_invitation, seat.pk, seat.substitute_id,
                  getattr(inviter, "pk", None))


def table_pause_proposed(pause) -> None:
    """The other seats are asked to vote on a table-wide pause (games/clocks/pauses.py)."""
    _after_commit(tasks.send_table_pause_proposal, pause.pk)
