"""Team-game deadlines enforced by the real Celery worker from the real broker
on PostgreSQL: a late seat gets the rules' default as a logged move and the
game goes on; two timeouts in a row put the seat on autopilot, whose next input
the worker plays at once; the player coming back ends it."""
import threading
import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
from celery.signals import task_postrun
from django.db import connection, transaction
from django.utils import timezone

from games import tables, tasks
from games.engine import registry
from games.play import services
from games.models import Game, Move, Notification, OutboxTask, Seat
from games.rules.core.flow import Flow, take_log

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
# The team title whose deadlines play defaults (Dead of Winter), found by its hooks.
TITLE = next(t for t, rules in registry.titles().items() if hasattr(rules, "default_action"))
RULES = registry.get(TITLE)
LIVE = {"kind": "pace", "profile": "live"}
LATE = "p4"  # with seed 3, Player 4 makes the last draft pick and moves first


@pytest.fixture
def table(make_user):
    """A started 4-player Dead of Winter game on the live pace, its draft done
    by the players: (game, {role: user}); Player 4 is to move."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": 4},
                                time_control=LIVE)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    game.state = RULES.setup(3, "standard", game.options)
    game.save(update_fields=["state"])
    seats = {s.role: s.user for s in game.seats.select_related("user")}
    play_others(game, seats, until=lambda g: Flow.top(g.state)["step"] != "draft")
    assert game.active_roles == [LATE] and Flow.top(game.state)["step"] == "move"
    return game, seats


def play_default(game, user, role):
    action = RULES.default_action(game.state, role)
    services.move_submit(game_id=game.pk, user=user, verb=action.verb, arg=action.arg, expected_seq=game.seq)


def play_others(game, seats, until, limit: int = 60):
    """The other players' defaults, through the site, until ``until(game)``."""
    for _ in range(limit):
        game.refresh_from_db()
        if until(game):
            return
        role = next(r for r in game.active_roles if r != LATE or Flow.top(game.state)["step"] == "draft")
        play_default(game, seats[role], role)
    raise AssertionError("the game never got there")


def make_overdue(game):
    Seat.objects.filter(game=game, role=LATE).update(deadline_at=timezone.now() - timedelta(seconds=5))


def wait_for(check, seconds: float = 20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


RUNS: list = []


@task_postrun.connect
def _note_run(sender=None, retval=None, **_):
    RUNS.append((sender.name.rsplit(".", 1)[-1], retval))


def _diagnosis(game) -> str:
    """What the worker did and where the game is, for a failure message."""
    game.refresh_from_db()
    moves = list(Move.objects.filter(game=game, seq__gt=game.seq - 3).values_list("role", "verb", "source"))
    seats = list(Seat.objects.filter(game=game).values_list("role", "deadline_at", "awaiting", "step"))
    return f"tasks run: {RUNS}; now {timezone.now()}; active {game.active_roles}; moves {moves}; seats {seats}"


def seat(game) -> Seat:
    return Seat.objects.get(game=game, role=LATE)


@pytest.mark.redis
def test_two_deliveries_play_one_default_and_the_game_goes_on(worker, table):
    game, seats = table
    expected = RULES.default_action(game.state, LATE)
    make_overdue(game)
    tasks.time_out_overdue.delay()
    tasks.time_out_overdue.delay()
    assert wait_for(lambda: Move.objects.filter(game=game, source="timeout").exists())
    time.sleep(1)  # let the second delivery finish too
    moves = list(Move.objects.filter(game=game, source="timeout"))
    assert len(moves) == 1
    move = moves[0]
    assert (move.role, move.user, move.verb, move.arg) == (LATE, None, expected.verb, expected.arg)
    assert move.log[0] == {"kind": "defaulted", "role": LATE, "source": "timeout", "name": seats[LATE].display}
    text = registry.presentation(TITLE).move_text(move)
    assert text.startswith(f"{seats[LATE].display} (Player 4) ran out of time; the default was played:")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and LATE not in game.active_roles
    late = seat(game)
    assert (late.timeouts_in_row, late.autopilot) == (1, False)
    assert late.user.profile.timeouts == 1


@pytest.mark.redis
def test_a_second_timeout_in_a_row_puts_the_seat_on_autopilot_which_the_worker_plays_at_once(worker, table):
    game, seats = table
    for _ in range(2):  # the move step, then (after Player 3's pass) the action step
        play_others(game, seats, until=lambda g: LATE in g.active_roles)
        make_overdue(game)
        timeouts = Move.objects.filter(game=game, source="timeout").count()
        tasks.time_out_overdue.delay()
        assert wait_for(lambda: Move.objects.filter(game=game, source="timeout").count() > timeouts, 60), \
            _diagnosis(game)
        assert Move.objects.filter(game=game, source="timeout").count() == timeouts + 1, _diagnosis(game)
    late = seat(game)
    assert late.autopilot and late.timeouts_in_row == 2
    assert not Move.objects.filter(game=game, source="autopilot").exists()

    # Nobody delivers the sweep from here on: the move that makes Player 4
    # active again asks the worker for it, and the worker plays at once.
    play_others(game, seats, until=lambda g: LATE in g.active_roles)
    # played on the worker's own sweep request: the live pace would wait 5 or 10 minutes,
    # and no beat runs here (a generous wait for a loaded machine, not a speed target)
    assert wait_for(lambda: Move.objects.filter(game=game, source="autopilot", role=LATE).exists(), 120)
    move = Move.objects.filter(game=game, source="autopilot").order_by("seq").first()
    assert move.user is None and move.log[0]["source"] == "autopilot"
    assert "is away; autopilot played the default" in registry.presentation(TITLE).move_text(move)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert seat(game).timeouts_in_row == 2  # autopilot moves are not new timeouts

    tables.seat_back(game_id=game.pk, user=seats[LATE])
    late = seat(game)
    assert (late.autopilot, late.timeouts_in_row) == (False, 0)


@contextmanager
def mail_being_written(game, user):
    """Another connection committing a mail about ``game``: its Notification
    row's foreign key checked, which takes a FOR KEY SHARE lock on the game's
    row until that transaction ends. (The check runs at commit, the constraint
    being deferred; checking at once holds the lock for the whole block.)"""
    ready, release = threading.Event(), threading.Event()

    def write():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                Notification.objects.create(user=user, game=game, kind="heads-up", key=f"held:{game.pk}")
                ready.set()
                release.wait(20)
        finally:
            connection.close()

    thread = threading.Thread(target=write)
    thread.start()
    assert ready.wait(10)
    try:
        yield
    finally:
        release.set()
        thread.join()


def test_a_mail_being_sent_neither_hides_the_game_from_the_sweep_nor_holds_a_move(table):
    """The game's row is locked FOR NO KEY UPDATE, which a row pointing at the
    game (a Notification being written while its mail is sent) does not block:
    the sweep does not skip the game, and a player's move does not wait."""
    game, seats = table
    with mail_being_written(game, seats["p1"]):
        make_overdue(game)
        assert services.games_time_out_overdue() == 1
        game.refresh_from_db()
        role = game.active_roles[0]
        play_default(game, seats[role], role)
    assert Move.objects.filter(game=game, source="timeout").count() == 1
    assert Move.objects.filter(game=game, role=role, source="").latest("seq").seq == game.seq + 1


def test_the_players_own_move_ends_autopilot(table):
    game, seats = table
    Seat.objects.filter(game=game, role=LATE).update(autopilot=True, timeouts_in_row=2)
    game.refresh_from_db()
    play_default(game, seats[LATE], LATE)
    late = seat(game)
    assert (late.autopilot, late.timeouts_in_row) == (False, 0)
    assert Move.objects.filter(game=game, role=LATE).latest("seq").source == ""


def test_every_late_seat_of_a_sealed_draft_is_defaulted_in_one_sweep(make_user):
    """Five late seats, three picks each: one sweep logs them in deadline order,
    each a move of its own with the rules' lines once, counts one timeout per
    seat, and leaves the next step's seat a fresh window."""
    users = [make_user(f"late{i}") for i in range(1, 6)]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": 5},
                                time_control=LIVE)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    replay, roles, lines = RULES.setup(game.seed, game.scenario, game.options), [], []
    take_log(replay)
    while Flow.top(replay)["step"] == "draft":
        roles.append(sorted(replay["active"], key=lambda r: int(r[1:]))[0])
        RULES.apply(replay, roles[-1], RULES.default_action(replay, roles[-1]))
        lines.append(take_log(replay))
    for seat in Seat.objects.filter(game=game):  # Player 1 is the most overdue
        late_by = timedelta(seconds=50 - int(seat.role[1:]))
        Seat.objects.filter(pk=seat.pk).update(deadline_at=timezone.now() - late_by)

    assert services.games_time_out_overdue() == len(roles) == 15
    game.refresh_from_db()
    moves = list(game.moves.filter(seq__gt=1).order_by("seq"))
    assert [m.seq for m in moves] == list(range(2, 17))
    assert [m.role for m in moves] == roles == [f"p{n}" for n in range(1, 6) for _ in range(3)]
    for move, rules_lines in zip(moves, lines):
        assert move.source == "timeout" and move.log[0]["kind"] == "defaulted"
        assert [line for line in move.log[1:] if line["kind"] != "sealed"] == rules_lines
        assert move.commitment
    assert game.state == {**replay, "log": []} and game.status == Game.Status.ACTIVE
    assert Flow.top(game.state)["step"] != "draft"
    assert list(game.snapshots.values_list("seq", flat=True)) == [1, 16]
    seats = list(game.seats.select_related("user__profile"))
    assert all((s.timeouts_in_row, s.user.profile.timeouts) == (1, 1) for s in seats)
    for s in seats:
        assert (s.deadline_at is None) == (s.role not in game.active_roles)
        assert s.deadline_at is None or s.deadline_at > timezone.now()  # the next step: a fresh window
    assert services.games_time_out_overdue() == 0


def test_the_last_late_drafter_starts_the_first_movers_clock_and_the_game_deadline(make_user):
    """Only Player 1 still drafts, and is late: the sweep loads the seats whose
    clocks can change (not all of them), yet the first mover's fresh window, the
    others' untouched clocks and the game's earliest deadline all come out right."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet")]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": 4}, time_control=LIVE)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    game.state = RULES.setup(3, "standard", game.options)  # as in `table`: Player 4 will move first
    game.save(update_fields=["state"])
    seats = {s.role: s.user for s in game.seats.select_related("user")}
    while game.active_roles != ["p1"]:
        role = next(r for r in game.active_roles if r != "p1")
        play_default(game, seats[role], role)
        game.refresh_from_db()
    Seat.objects.filter(game=game, role="p1").update(deadline_at=timezone.now() - timedelta(seconds=5))

    assert services.games_time_out_overdue() >= 1
    game.refresh_from_db()
    assert Flow.top(game.state)["step"] == "move" and game.active_roles == [LATE]  # not the late Player 1
    clocks = {s.role: s for s in Seat.objects.filter(game=game)}
    for role, seat_row in clocks.items():
        assert seat_row.awaiting == (role in game.active_roles)
        assert (seat_row.deadline_at is not None) == (role in game.active_roles)
        if seat_row.awaiting:
            assert seat_row.deadline_at > timezone.now() and seat_row.step.startswith(Flow.top(game.state)["step"])
    assert game.deadline_at == min(s.deadline_at for s in clocks.values() if s.deadline_at)
    assert Move.objects.filter(game=game, source="timeout").values_list("role", flat=True).distinct().get() == "p1"


def test_a_tie_after_four_late_votes_gives_the_leader_a_fresh_window(table):
    """All four voters are late: one sweep plays the four default votes; the
    vote ties and the current leader, late for the vote, must now break the
    tie: a new step with its own window, not one more default (and not a
    second timeout) in the same sweep."""
    game, seats = table
    play_others_all(game, seats, until=lambda g: Flow.top(g.state)["step"] == "elect")
    assert sorted(game.active_roles) == ["p1", "p2", "p3", "p4"]
    Seat.objects.filter(game=game).update(deadline_at=timezone.now() - timedelta(seconds=5))
    assert services.games_time_out_overdue() == 4
    game.refresh_from_db()
    assert Flow.top(game.state)["step"] == "elect_tie" and game.active_roles == ["p3"]
    leader = Seat.objects.get(game=game, role="p3")
    assert leader.step.startswith("elect_tie:") and leader.deadline_at > timezone.now()
    assert leader.deadline_at - leader.turn_started_at == timedelta(minutes=5)  # the live vote window
    assert leader.timeouts_in_row == 1
    assert services.games_time_out_overdue() == 0


def test_a_seat_active_into_a_new_step_is_asked_again(table, django_capture_on_commit_callbacks):
    """The leader was active in the vote and stays active to break the tie: a
    new step, so a turn notice (the mail itself skips a player still at the board)."""
    game, seats = table
    play_others_all(game, seats, until=lambda g: Flow.top(g.state)["step"] == "elect")
    Seat.objects.filter(game=game).update(deadline_at=timezone.now() - timedelta(seconds=5))
    before = OutboxTask.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    with django_capture_on_commit_callbacks(execute=False):
        services.games_time_out_overdue()
    rows = list(OutboxTask.objects.filter(pk__gt=before))
    asked = [row.args for row in rows if row.task.endswith("send_turn_notice")]
    asked += [notice[1:] for row in rows if row.task.endswith("send_notices") for notice in row.args[0]
              if notice[0] == "turn"]
    assert [args[2] for args in asked if args[0] == game.pk] == [["p3"]]


def play_others_all(game, seats, until, limit: int = 60):
    """Every active player's default, through the site, until ``until(game)``."""
    for _ in range(limit):
        game.refresh_from_db()
        if until(game):
            return
        role = game.active_roles[0]
        play_default(game, seats[role], role)
    raise AssertionError("the game never got there")
