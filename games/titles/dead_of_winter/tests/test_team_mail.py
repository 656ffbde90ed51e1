"""Team-game mail (correspondence-design §4) through a real SMTP server on
loopback (aiosmtpd): seat and substitute invitations, the turn notice and the
last call at once for digest readers, the heads-up one pair ahead, reminders
cancelled by an early close, timeout and autopilot mails, the team rating line
of the game-over mail, and never another seat's hidden information."""
from __future__ import annotations

import time
from contextlib import nullcontext
from datetime import timedelta

import pytest
from django.utils import timezone

from games import clocks, tables
from games.mail import emails, reminders
from games.store import outbox
from games.play import services
from games.models import Game, Notification, Seat
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.rules.turn_frame import current_turn

from tests.test_emails import real_worker, smtp  # noqa: F401  (the aiosmtpd and Celery worker fixtures)

pytestmark = pytest.mark.django_db
PACE = {"kind": "pace", "profile": "daily"}
NAMES = ("mia", "noah", "olga", "piet", "quinn", "rosa", "sven")


def texts(inbox, to=None) -> list[tuple[str, str]]:
    """(subject, plain body) of every captured mail (to one address)."""
    return inbox.texts(to)


def subjects(inbox, to=None) -> list[str]:
    return [subject for subject, _ in texts(inbox, to)]


@pytest.fixture
def users(make_user):
    return [make_user(name) for name in NAMES]


def open_table(users, players=5):
    return services.game_create(user=users[0], title_id="dead_of_winter", options={"players": players},
                                time_control=PACE)


# -- invitations -----------------------------------------------------------------
def test_a_seat_invitation_names_the_inviter_the_title_and_the_team(smtp, users,
                                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = open_table(users)
        tables.invite(game_id=game.pk, user=users[0], username="noah", team="1")
        tables.invite(game_id=game.pk, user=users[0], username="olga")
    (subject, body), = texts(smtp, users[1].email)
    assert subject == "mia keeps you a seat in a game of Dead of Winter: Warring Colonies"
    assert "for 5 players" in body and "You would play in Colony B." in body
    assert f"/games/{game.pk}/" in body
    (_, body), = texts(smtp, users[2].email)
    assert "Teams are drawn when the game starts." in body


def test_a_seat_invitation_is_sent_once(smtp, users, django_capture_on_commit_callbacks):
    from games.mail import emails

    with django_capture_on_commit_callbacks(execute=True):
        game = open_table(users)
        invitation = tables.invite(game_id=game.pk, user=users[0], username="noah", team="0")
    assert emails.seat_invitation(invitation.pk) == 0
    assert len(texts(smtp, users[1].email)) == 1


def full_table(users, players=5):
    game = open_table(users, players)
    for user in users[1:players]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def test_a_substitute_invitation_names_who_asks_the_seat_and_its_team(smtp, users,
                                                                      django_capture_on_commit_callbacks):
    game = full_table(users)
    seats = {s.role: s for s in game.seats.select_related("user")}
    Seat.objects.filter(pk=seats["p3"].pk).update(autopilot=True)
    outsider = users[6]
    with django_capture_on_commit_callbacks(execute=True):
        tables.substitute_invite(game_id=game.pk, user=seats["p1"].user, role="p3", username=outsider.username)
    (subject, body), = texts(smtp, outsider.email)
    assert subject == f"{seats['p1'].user.display} asks you to take over a seat in Dead of Winter: Warring Colonies"
    assert f"the seat of {seats['p3'].user.display} (Player 3)" in body
    assert "The seat plays in Colony A." in body and f"/games/{game.pk}/" in body


# -- a running paced game ------------------------------------------------------------
@pytest.fixture
def quick_mail(settings):
    """Turn notices even for players who moved a moment ago (the test plays fast)."""
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0


def roles_of(game) -> dict:
    return {s.role: s.user for s in game.seats.select_related("user")}


def play_default(game, users: dict, role: str | None = None, capture=None) -> None:
    """One active seat's player submits the rules' default, as an ordinary move;
    with ``capture`` (django_capture_on_commit_callbacks) its mail goes out at once."""
    game.refresh_from_db()
    role = role or game.active_roles[0]
    action = RULES.default_action(game.state, role)
    with capture(execute=True) if capture else nullcontext():
        services.move_submit(game_id=game.pk, user=users[role], verb=action.verb, arg=action.arg,
                             expected_seq=game.seq)
    game.refresh_from_db()


def play_until(game, users: dict, done, capture=None, limit: int = 600) -> None:
    for _ in range(limit):
        game.refresh_from_db()
        if done(game):
            return
        play_default(game, users, capture=capture)
    raise AssertionError("never reached")


def pair_turn(game) -> list[str]:
    """The seats of the paired (or Lone Wolf's) turn running now."""
    turn = current_turn(game.state)
    return list(turn["roles"]) if turn else []


def heads_ups(inbox, to=None) -> list[str]:
    return [s for s in subjects(inbox, to) if s.startswith("You are up next")]


def test_the_heads_up_goes_to_the_next_pair_once(smtp, users, quick_mail, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = full_table(users, players=5)
    by_role = roles_of(game)
    wolf, capture = game.state["wolf"], django_capture_on_commit_callbacks
    play_until(game, by_role, lambda g: pair_turn(g) == [wolf], capture)
    leaders = RULES.upcoming_roles(game.state)
    assert len(leaders) == 2 and wolf not in leaders
    play_until(game, by_role, lambda g: pair_turn(g) == leaders, capture)
    second = RULES.upcoming_roles(game.state)
    play_until(game, by_role, lambda g: pair_turn(g) == second, capture)
    play_until(game, by_role, lambda g: pair_turn(g) != second, capture)
    assert set(second).isdisjoint(leaders) and wolf not in second
    title = f"You are up next in Dead of Winter: Warring Colonies #{game.pk}"
    for role in leaders + second:
        assert heads_ups(smtp, by_role[role].email) == [title], role  # once, though the pair moved many times
    assert heads_ups(smtp, by_role[wolf].email) == []
    (_, body), = [t for t in texts(smtp, by_role[second[0]].email) if t[0] == title]
    assert "the players before you are taking their turn now" in body and f"/games/{game.pk}/" in body


def test_titles_without_upcoming_roles_send_no_heads_up(smtp, alice, bob, quick_mail,
                                                          django_capture_on_commit_callbacks):
    from games import engine

    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                    time_control={"kind": "per_move", "days": 2})
        services.seat_join(game_id=game.pk, user=bob)
    assert not hasattr(engine.rules_for(game), "upcoming_roles")
    assert heads_ups(smtp) == [] and not Notification.objects.filter(kind="heads-up").exists()


# -- digest readers --------------------------------------------------------------------
def digest_readers(users) -> None:
    for user in users:
        user.profile.digest_hour = 0
        user.profile.save()


def test_a_digest_reader_gets_input_needed_and_last_call_at_once_and_the_rest_in_the_digest(
        smtp, users, quick_mail, django_capture_on_commit_callbacks):
    digest_readers(users[:5])
    with django_capture_on_commit_callbacks(execute=True):
        game = full_table(users, players=5)
    by_role = roles_of(game)
    assert not [s for s in subjects(smtp) if "started" in s]  # the game start waits for the digest
    assert Notification.objects.filter(kind="started", error=emails.DIGEST_WAIT).count() == 5
    assert len([s for s in subjects(smtp) if s.startswith("Your turn")]) == 5  # the draft: input needed, at once
    wolf, capture = game.state["wolf"], django_capture_on_commit_callbacks
    play_until(game, by_role, lambda g: pair_turn(g) == [wolf], capture)
    leaders = RULES.upcoming_roles(game.state)
    play_until(game, by_role, lambda g: pair_turn(g) == leaders and g.active_roles, capture)
    assert heads_ups(smtp) == []
    waiting = Notification.objects.filter(kind="heads-up", error=emails.DIGEST_WAIT, status="pending")
    assert {n.user_id for n in waiting} >= {by_role[r].pk for r in leaders}

    role = game.active_roles[0]
    reader = by_role[role]
    seat = Seat.objects.get(game=game, role=role)
    assert seat.step and seat.deadline_at
    first, last = clocks.reminder_times(seat.turn_started_at, seat.deadline_at, paced=True)
    before = len(subjects(smtp, reader.email))
    with django_capture_on_commit_callbacks(execute=True):
        reminders.reminders_due(first + timedelta(seconds=1))
    assert len(subjects(smtp, reader.email)) == before  # an earlier reminder: the digest lists the game
    with django_capture_on_commit_callbacks(execute=True):
        reminders.reminders_due(last + timedelta(seconds=1))
    subject, body = texts(smtp, reader.email)[-1]
    assert subject == f"Last call: your move in Dead of Winter: Warring Colonies #{game.pk}"
    assert "Last call: when the deadline passes, the site plays the default for you." in body

    with django_capture_on_commit_callbacks(execute=True):
        reminders.digests_due(timezone.now())
    subject, body = texts(smtp, by_role[leaders[0]].email)[-1]
    assert "wait" in subject or "news" in subject
    assert f"You are up next in Dead of Winter: Warring Colonies, game #{game.pk}." in body
    assert f"Dead of Winter: Warring Colonies, game #{game.pk}, has started." in body
    assert not Notification.objects.filter(user=by_role[leaders[0]], error=emails.DIGEST_WAIT, status="pending").exists()


def test_the_digest_setting_does_not_delay_a_turn_notice_outside_paced_games_either_way(
        smtp, alice, bob, quick_mail, django_capture_on_commit_callbacks):
    """Per-move games keep the old rule: the daily digest lists a digest reader's turns."""
    digest_readers([bob])
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                    time_control={"kind": "per_move", "days": 2})
        services.seat_join(game_id=game.pk, user=bob)
    assert [s for s in subjects(smtp, bob.email) if s.startswith("Your turn")] == []


# -- reminders of a step that closed ------------------------------------------------------
def test_a_reminder_queued_for_a_step_that_then_closed_sends_nothing(smtp, users, quick_mail,
                                                                     django_capture_on_commit_callbacks):
    game = full_table(users, players=5)
    by_role = roles_of(game)
    play_until(game, by_role, lambda g: len(g.active_roles) == 1 and pair_turn(g))
    role = game.active_roles[0]
    seat = Seat.objects.get(game=game, role=role)
    first, _ = clocks.reminder_times(seat.turn_started_at, seat.deadline_at, paced=True)
    with django_capture_on_commit_callbacks(execute=False):  # queued in the outbox, not yet delivered
        assert reminders.reminders_due(first + timedelta(seconds=1)) >= 1
    queued = outbox.OutboxTask.objects.filter(task="games.tasks.send_reminder", sent_at=None)
    assert [row.args[0] for row in queued] == [seat.pk]
    play_default(game, by_role, role)  # the seat's step closes early
    old_step = seat.step
    seat.refresh_from_db()
    assert role not in game.active_roles or seat.step != old_step
    assert outbox.relay(now=timezone.now() + timedelta(hours=1)) >= 1
    assert not queued.all().exists()  # handed to the worker...
    assert [s for s in subjects(smtp) if s.startswith(("Reminder", "Last call"))] == []  # ...which sent nothing
    assert not Notification.objects.filter(kind="reminder").exists()


def test_next_reminder_is_cleared_when_the_seat_s_step_closes(users, quick_mail):
    game = full_table(users, players=5)
    by_role = roles_of(game)
    play_until(game, by_role, lambda g: len(g.active_roles) == 1 and pair_turn(g))
    role = game.active_roles[0]
    seat = Seat.objects.get(game=game, role=role)
    assert seat.next_reminder_at is not None
    for _ in range(50):
        play_default(game, by_role, role)
        seat.refresh_from_db()
        if role not in game.active_roles:
            break
    assert role not in game.active_roles
    assert seat.next_reminder_at is None and seat.turn_started_at is None and seat.step == ""


# -- timeouts ---------------------------------------------------------------------------
def time_out(game, role) -> None:
    Seat.objects.filter(game=game, role=role).update(deadline_at=timezone.now() - timedelta(minutes=1))
    services.games_time_out_overdue(timezone.now())


def test_a_timeout_then_autopilot_mail_in_a_team_game(smtp, users, quick_mail, django_capture_on_commit_callbacks):
    game = full_table(users, players=5)
    by_role = roles_of(game)
    play_until(game, by_role, lambda g: len(g.active_roles) == 1 and pair_turn(g) and g.active_roles[0] != g.state["wolf"])
    role = game.active_roles[0]
    user = by_role[role]
    seat = Seat.objects.get(game=game, role=role)
    with django_capture_on_commit_callbacks(execute=True):
        time_out(game, role)
    (subject, body), = [t for t in texts(smtp, user.email) if "Time ran out" in t[0] or "autopilot" in t[0]]
    assert subject == f"Time ran out in Dead of Winter: Warring Colonies #{game.pk}"
    assert "Time ran out: the site played the default for you (" in body and f"/games/{game.pk}/" in body
    for _ in range(300):  # play on until the seat owes an input again, and let it time out
        game.refresh_from_db()
        seat.refresh_from_db()
        if seat.autopilot:
            break
        if role in game.active_roles and seat.timed_out_at and seat.turn_started_at > seat.timed_out_at:
            with django_capture_on_commit_callbacks(execute=True):
                time_out(game, role)
            continue
        play_default(game, by_role, next(r for r in game.active_roles if r != role) if
                     any(r != role for r in game.active_roles) else role)
    assert seat.autopilot
    subject, body = [t for t in texts(smtp, user.email) if "autopilot" in t[0]][-1]
    assert subject == f"You are now on autopilot in Dead of Winter: Warring Colonies #{game.pk}"
    assert "You are now on autopilot; click I'm back" in body and f"/games/{game.pk}/" in body
    keys = list(Notification.objects.filter(kind="timeout", user=user).values_list("key", flat=True))
    assert len(keys) == len(set(keys)) >= 2 and all(k.startswith(f"timeout:{game.pk}:") for k in keys)


def test_a_timeout_mail_is_keyed_per_move(smtp, users, quick_mail, django_capture_on_commit_callbacks):
    game = full_table(users, players=5)
    by_role = roles_of(game)
    play_until(game, by_role, lambda g: len(g.active_roles) == 1 and pair_turn(g))
    role = game.active_roles[0]
    with django_capture_on_commit_callbacks(execute=True):
        time_out(game, role)
    note = Notification.objects.get(kind="timeout")
    seq = int(note.key.rsplit(":", 1)[1])
    assert emails.timeout_notice(game.pk, seq, role) == 0
    assert len([s for s in subjects(smtp) if "Time ran out" in s]) == 1


# -- game over -----------------------------------------------------------------------------
def test_the_game_over_mail_shows_each_players_team_rating_change(smtp, users, quick_mail,
                                                                  django_capture_on_commit_callbacks):
    from games.ladder.models import TeamRatingChange

    game = full_table(users, players=6)
    by_role = roles_of(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=by_role["p1"])  # Colony A concedes
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for role, user in by_role.items():
        change = TeamRatingChange.objects.get(game=game, user=user)
        (subject, body), = [t for t in texts(smtp, user.email) if "is over" in t[1]]
        line = f"Your rating: {change.mu_before:.1f} → {change.mu_after:.1f} (team rating, Dead of Winter: Warring Colonies)"
        assert line in body, (role, body)
    assert "Your rating: 25.0 → " in texts(smtp, by_role["p2"].email)[-1][1]


def test_a_digest_reader_reads_the_game_over_in_the_digest(smtp, users, quick_mail,
                                                         django_capture_on_commit_callbacks):
    game = full_table(users, players=6)
    by_role = roles_of(game)
    digest_readers([by_role["p2"]])
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=by_role["p1"])
    assert not [b for _, b in texts(smtp, by_role["p2"].email) if "is over" in b]
    assert [b for _, b in texts(smtp, by_role["p4"].email) if "is over" in b]  # not a digest reader: at once
    with django_capture_on_commit_callbacks(execute=True):
        reminders.digests_due(timezone.now())
    subject, body = texts(smtp, by_role["p2"].email)[-1]
    assert subject == "Your games: news since the last digest"
    assert f"Dead of Winter: Warring Colonies, game #{game.pk}, is over." in body and f"/games/{game.pk}/" in body


# -- hidden information ---------------------------------------------------------------------
def secrets_of(state, role) -> set[str]:
    c = C(state)
    player = state["pl"][role]
    objective = (c.wolf_objectives[player["obj"]] if player["side"] == "w" else c.secrets[player["obj"]])["name"]
    return {objective} | {c.card[card]["name"] for card in player["hand"]}


def test_no_mail_names_another_seats_hand_or_objective(smtp, users, quick_mail, django_capture_on_commit_callbacks):
    """Canary: while the game runs, no mail to a seat names a card in another
    seat's hand or another seat's secret objective (unless it holds the same)."""
    digest_readers(users[3:4])
    game = full_table(users, players=7)
    by_role = roles_of(game)
    seen = {role: set() for role in by_role}
    for _ in range(80):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        for role in by_role:
            seen[role] |= secrets_of(game.state, role)
        play_default(game, by_role, capture=django_capture_on_commit_callbacks)
    if game.status == Game.Status.ACTIVE:
        with django_capture_on_commit_callbacks(execute=True):
            time_out(game, game.active_roles[0])
            reminders.reminders_due(timezone.now() + timedelta(days=3))
            reminders.digests_due(timezone.now())
    game.refresh_from_db()
    running = [(s, b) for s, b in texts(smtp) if "is over" not in b]
    assert len(running) > 20
    for role, user in by_role.items():
        mine = secrets_of(game.state, role) | seen[role]
        others = set().union(*(seen[r] for r in by_role if r != role)) - mine
        assert others
        for subject, body in texts(smtp, user.email):
            if "is over" in body:
                continue
            leaked = [name for name in others if name in subject or name in body]
            assert not leaked, (role, leaked, subject)


# -- through the real worker ---------------------------------------------------------------
def wait_for(check, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not check():
        time.sleep(0.1)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_worker_mails_the_heads_up_once_and_the_turn_notice(smtp, real_worker, users, settings):
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0
    game = full_table(users, players=5)
    by_role = roles_of(game)
    wolf = game.state["wolf"]
    play_until(game, by_role, lambda g: pair_turn(g) == [wolf])
    leaders = RULES.upcoming_roles(game.state)
    wait_for(lambda: all(heads_ups(smtp, by_role[r].email) for r in leaders))
    play_until(game, by_role, lambda g: pair_turn(g) == leaders and g.active_roles)
    time.sleep(1)  # nothing more may arrive
    for role in leaders:
        assert heads_ups(smtp, by_role[role].email) == [
            f"You are up next in Dead of Winter: Warring Colonies #{game.pk}"]
    first = game.active_roles[0]
    wait_for(lambda: any(s.startswith("Your turn") for s in subjects(smtp, by_role[first].email)))
    assert any(s.startswith("Your turn") for s in subjects(smtp, by_role[first].email))
