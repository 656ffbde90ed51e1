"""Planned absences at team tables (correspondence-design §4, games/clocks/pauses.py):
each seat's pause budget, the table-wide pause vote, the sweep and reminders
around them, the words on the page and in the API, the errors, the mail."""
import html
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Vacation
from games import engine
from games.mail import emails
from games.clocks import pauses
from games.engine import registry
from games.play import services
from games.errors import BadRequest
from games.models import OutboxTask, Seat, SeatPause, TablePause

from tests.threads import run_together

DAILY = {"kind": "pace", "profile": "daily"}
H = timedelta(hours=1)
NAMES = ["mia", "noah", "olga", "piet", "quinn", "rosa", "sven", "tara", "ugo", "vera", "wim"]


def team_title() -> str:
    """The registered team title (Dead of Winter), found by its hooks (tests/test_layout.py)."""
    return next(t for t, rules in registry.titles().items() if hasattr(rules, "proxy_view"))


def new_table(make_user, players: int = 4):
    """A started table of ``players`` seats on the daily pace: (game, {role: user})."""
    users = [make_user(name) for name in NAMES[:players]]
    game = services.game_create(user=users[0], title_id=team_title(), options={"players": players},
                                time_control=DAILY)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, {s.role: s.user for s in game.seats.select_related("user")}


@pytest.fixture
def table(db, make_user):
    return new_table(make_user)


def seat(game, role) -> Seat:
    return Seat.objects.get(game=game, role=role)


def active_role(game) -> str:
    game.refresh_from_db()
    return sorted(game.active_roles)[0]


def page(client, user, game) -> str:
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def vote_all(game, users, roles, yes=True, **extra):
    for role in roles:
        pauses.table_pause_vote(game_id=game.pk, user=users[role], yes=yes, **extra)


# -- the seat's own pause ------------------------------------------------------------
@pytest.mark.django_db
def test_a_pause_resumed_early_refunds_the_rest_and_moves_the_deadline_by_the_time_used(table, client):
    game, users = table
    role = active_role(game)
    before = seat(game, role).deadline_at
    start = timezone.now()
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=12, now=start)
    assert seat(game, role).deadline_at == before + 12 * H  # while it runs: the whole planned stretch
    pauses.seat_resume(game_id=game.pk, user=users[role], now=start + 5 * H)
    mine = seat(game, role)
    assert mine.deadline_at == before + 5 * H
    assert pauses.budget_left(mine) == 67 * 3600
    game.refresh_from_db()
    assert game.deadline_at == min(s.deadline_at for s in game.seats.all() if s.deadline_at)
    text = page(client, users[role], game)
    assert "You have 67 h of pause left in this game." in text
    assert re.search(rf"{users[role].display} paused their clock for 12 h \(until \w+ \d\d:\d\d\), "
                     r"and resumed it after 5 h\.", text)


@pytest.mark.django_db
def test_a_pause_moves_only_its_own_seats_deadline(table):
    game, users = table
    game.refresh_from_db()
    others = {r: seat(game, r).deadline_at for r in game.active_roles}
    role = sorted(others)[0]
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=10)
    assert seat(game, role).deadline_at == others[role] + 10 * H
    assert all(seat(game, r).deadline_at == d for r, d in others.items() if r != role)
    assert game.moves.filter(verb__contains="pause").count() == 0  # nothing in the move log


@pytest.mark.django_db
def test_the_sweep_leaves_a_paused_seat_alone_and_defaults_it_once_the_pause_is_over(table):
    game, users = table
    role = active_role(game)
    first_deadline = seat(game, role).deadline_at
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=12)
    pause = SeatPause.objects.get(seat__game=game)
    services.games_time_out_overdue(now=first_deadline + timedelta(minutes=1))
    assert not game.moves.filter(role=role, source="timeout").exists()
    paused = seat(game, role)
    assert paused.deadline_at > pause.ends_at  # the window left after the pause
    services.games_time_out_overdue(now=paused.deadline_at + timedelta(seconds=1))
    assert game.moves.filter(role=role, source="timeout").exists()


@pytest.mark.django_db
def test_no_reminder_falls_inside_a_running_pause(table):
    game, users = table
    role = active_role(game)
    start = timezone.now()
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=30, now=start)
    paused = seat(game, role)
    assert paused.next_reminder_at is not None and paused.next_reminder_at >= start + 30 * H
    pauses.seat_resume(game_id=game.pk, user=users[role], now=start + H)
    resumed = seat(game, role)
    assert resumed.next_reminder_at < start + 30 * H  # the half-window reminder is back


@pytest.mark.django_db
def test_a_pause_overlapping_a_vacation_counts_the_overlap_once(table):
    game, users = table
    role = active_role(game)
    before = seat(game, role).deadline_at
    start = timezone.now()
    Vacation.objects.create(user=users[role], started_at=start + 2 * H, ended_at=start + 20 * H)
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=12, now=start)
    # stopped from start to start + 20 h: 20 hours, not 12 + 18
    assert seat(game, role).deadline_at == before + 20 * H


# -- the table-wide pause ------------------------------------------------------------
@pytest.mark.parametrize("players,needed", [(4, 3), (5, 3), (11, 6)])
def test_a_table_pause_starts_with_more_than_half_of_all_seats(db, make_user, players, needed):
    assert pauses.majority(players) == needed
    game, users = new_table(make_user, players)
    roles = sorted(users)
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=24)
    vote_all(game, users, roles[1:needed - 1])
    pauses.table_pause_vote(game_id=game.pk, user=users[roles[-1]], yes=False)
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.PROPOSED  # one short
    pauses.table_pause_vote(game_id=game.pk, user=users[roles[needed - 1]], yes=True)
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.RUNNING and pause.ends_at == pause.started_at + 24 * H


@pytest.mark.django_db
def test_enough_no_votes_turn_a_proposal_down(table):
    game, users = table
    roles = sorted(users)
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=6)
    vote_all(game, users, roles[1:3], yes=False)  # 4 seats: yes can reach 2 at most, 3 needed
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.REJECTED


@pytest.mark.django_db
def test_a_table_pause_stops_every_clock_and_they_go_on_with_the_time_they_had_left(table):
    game, users = table
    roles = sorted(users)
    before = {r: seat(game, r).deadline_at for r in roles}
    assert all(before.values())
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=24)
    vote_all(game, users, roles[1:3])
    assert all(seat(game, r).deadline_at is None and seat(game, r).next_reminder_at is None for r in roles)
    game.refresh_from_db()
    assert game.deadline_at is None
    assert services.games_time_out_overdue(now=max(before.values()) + 3 * H) == 0  # nobody is due
    pause.refresh_from_db()
    stopped = pause.ends_at - pause.started_at
    assert pauses.table_pauses_due(now=pause.ends_at + timedelta(minutes=3)) == 1
    assert pauses.table_pauses_due(now=pause.ends_at + timedelta(minutes=4)) == 0  # exactly once
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.ENDED and pause.ended_at == pause.ends_at
    after = {r: seat(game, r).deadline_at for r in roles}
    assert after == {r: d + stopped for r, d in before.items()}


@pytest.mark.django_db
def test_a_majority_to_resume_ends_the_table_pause_early(table, client):
    game, users = table
    roles = sorted(users)
    before = {r: seat(game, r).deadline_at for r in roles}
    start = timezone.now()
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=48, now=start)
    vote_all(game, users, roles[1:3], now=start)
    vote_all(game, users, roles[:2], resume=True, now=start + 2 * H)
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.RUNNING
    assert "2 of 4 want to resume now, 3 needed." in page(client, users[roles[3]], game)
    pauses.table_pause_vote(game_id=game.pk, user=users[roles[2]], yes=True, resume=True, now=start + 3 * H)
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.ENDED and pause.resumed_by_vote
    assert {r: seat(game, r).deadline_at for r in roles} == {r: d + 3 * H for r, d in before.items()}
    assert "resumed early by a vote" in page(client, users[roles[3]], game)


@pytest.mark.django_db
def test_a_proposal_expires_after_a_day_without_a_majority(table):
    game, users = table
    roles = sorted(users)
    old = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=5,
                                     now=timezone.now() - 25 * H)
    with pytest.raises(BadRequest, match="There is no open table pause proposal to vote on."):
        pauses.table_pause_vote(game_id=game.pk, user=users[roles[1]], yes=True)
    new = pauses.table_pause_propose(game_id=game.pk, user=users[roles[1]], hours=5)
    old.refresh_from_db()
    assert old.status == TablePause.Status.EXPIRED and new.status == TablePause.Status.PROPOSED
    # the beat expires the ones nobody touched
    TablePause.objects.filter(pk=new.pk).update(created_at=timezone.now() - 25 * H)
    pauses.table_pauses_due()
    new.refresh_from_db()
    assert new.status == TablePause.Status.EXPIRED


@pytest.mark.django_db
def test_the_proposer_may_withdraw_before_it_passes(table):
    game, users = table
    roles = sorted(users)
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=5)
    with pytest.raises(BadRequest, match=r"You have no table pause proposal to withdraw \(none is waiting for votes\)\."):
        pauses.table_pause_withdraw(game_id=game.pk, user=users[roles[1]])
    pauses.table_pause_withdraw(game_id=game.pk, user=users[roles[0]])
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.WITHDRAWN
    assert all(seat(game, r).deadline_at for r in roles)  # nothing ever stopped


# -- errors --------------------------------------------------------------------------
@pytest.mark.django_db
def test_refusals_say_why(table, make_user, duel, alice):
    game, users = table
    roles = sorted(users)
    me = users[roles[0]]
    start = timezone.now()
    with pytest.raises(BadRequest, match="Give a whole number of hours from 1 to 72."):
        pauses.seat_pause(game_id=game.pk, user=me, hours=73)
    pauses.seat_pause(game_id=game.pk, user=me, hours=40, now=start)
    with pytest.raises(BadRequest, match="Your clock is already paused until"):
        pauses.seat_pause(game_id=game.pk, user=me, hours=1, now=start + H)
    pauses.seat_resume(game_id=game.pk, user=me, now=start + 39 * H)
    with pytest.raises(BadRequest, match="you have 33 h of pause left in this game"):
        pauses.seat_pause(game_id=game.pk, user=me, hours=34, now=start + 40 * H)
    with pytest.raises(BadRequest, match="Your clock is not paused."):
        pauses.seat_resume(game_id=game.pk, user=me, now=start + 40 * H)
    with pytest.raises(BadRequest, match="You have no seat in this game"):
        pauses.seat_pause(game_id=game.pk, user=make_user("zed"), hours=1)
    with pytest.raises(BadRequest, match="There is no open table pause proposal to vote on."):
        pauses.table_pause_vote(game_id=game.pk, user=me, yes=True)
    pauses.table_pause_propose(game_id=game.pk, user=me, hours=8)
    with pytest.raises(BadRequest, match="You have already voted on this table pause."):
        pauses.table_pause_vote(game_id=game.pk, user=me, yes=False)
    with pytest.raises(BadRequest, match="There is already an open table pause"):
        pauses.table_pause_propose(game_id=game.pk, user=users[roles[1]], hours=8)
    with pytest.raises(BadRequest, match="The table is not paused: there is nothing to resume yet."):
        pauses.table_pause_vote(game_id=game.pk, user=me, yes=True, resume=True)
    with pytest.raises(BadRequest, match="Pauses are for team tables"):
        pauses.seat_pause(game_id=duel.pk, user=alice, hours=1)


@pytest.mark.django_db
def test_the_api_pauses_votes_and_answers_400_with_the_reason(table, make_user, duel, alice):
    game, users = table
    roles = sorted(users)
    me = api(users[roles[0]])
    response = me.post(f"/api/games/{game.pk}/pause/", {"hours": 12}, format="json")
    assert response.status_code == 200
    data = response.json()
    assert data["left_seconds"] == 60 * 3600 and data["my_pause_until"]
    assert "paused their clock for 12 h" in data["lines"][0]["text"]
    assert me.post(f"/api/games/{game.pk}/pause/resume/", format="json").status_code == 200
    response = me.post(f"/api/games/{game.pk}/table-pause/", {"hours": 24}, format="json")
    assert response.json()["table"] | {"expires_at": None} == {
        "status": "proposed", "proposed_by": users[roles[0]].display, "hours": 24, "ends_at": None,
        "expires_at": None, "seats": 4, "needed": 3, "yes": 1, "no": 0, "resume": False, "my_vote": True,
        "mine": True}
    name = users[roles[0]].display
    assert f"Table pause proposed by {name}: 24 h — 1 of 4 yes, 3 needed." in response.json()["lines"][0]["text"]
    response = api(users[roles[1]]).post(f"/api/games/{game.pk}/table-pause/vote/", {"yes": True}, format="json")
    assert response.status_code == 200 and response.json()["table"]["yes"] == 2
    for client, path, body, reason in [
        (me, "table-pause/vote/", {"yes": True}, "You have already voted on this table pause."),
        (me, "table-pause/vote/", {"yes": "yes"}, "yes:"),  # type-strict
        (me, "pause/", {"hours": 72}, "That is more than your pause budget: you have 71.9 h"),
        (api(make_user("zed")), "pause/", {"hours": 1}, "You have no seat in this game"),
    ]:
        response = client.post(f"/api/games/{game.pk}/{path}", body, format="json")
        assert response.status_code == 400 and reason in response.json()["detail"], response.json()
    response = api(alice).post(f"/api/games/{duel.pk}/table-pause/", {"hours": 2}, format="json")
    assert response.status_code == 400 and "Pauses are for team tables" in response.json()["detail"]
    detail = api(users[roles[2]]).get(f"/api/games/{game.pk}/").json()
    assert detail["pauses"]["table"]["yes"] == 2 and detail["pauses"]["table"]["my_vote"] is None
    assert api(alice).get(f"/api/games/{duel.pk}/").json()["pauses"] is None


# -- the page --------------------------------------------------------------------------
@pytest.mark.django_db
def test_only_seated_players_get_the_controls_and_a_spectator_sees_the_state(table, make_user, client):
    game, users = table
    roles = sorted(users)
    pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=24)
    pauses.seat_pause(game_id=game.pk, user=users[roles[1]], hours=12)
    controls = [reverse(name, args=[game.pk]) for name in
                ("games:seat_pause", "games:table_pause_vote", "games:table_pause_propose")]
    proposer, paused_name = users[roles[0]].display, users[roles[1]].display
    voter = page(client, users[roles[2]], game)
    assert f"Table pause proposed by {proposer}: 24 h." in voter and "1 of 4 yes, 3 needed." in voter
    assert "Yes, pause the table" in voter and "You have 72 h of pause left in this game." in voter
    assert controls[0] in voter and controls[1] in voter
    paused = page(client, users[roles[1]], game)
    assert "Resume my clock" in paused and "You have 60 h of pause left in this game." in paused
    spectator = page(client, make_user("zed"), game)
    assert f"Table pause proposed by {proposer}: 24 h." in spectator
    assert f"{paused_name} paused their clock for 12 h" in spectator
    assert not any(url in spectator for url in controls + [reverse("games:seat_resume", args=[game.pk])])
    assert "pause left in this game" not in spectator and "Yes, pause the table" not in spectator
    game.refresh_from_db()
    rules = engine.rules_for(game)
    for role in roles:  # canary: no seat's secret objective reaches the spectator with the pauses
        objective = rules.view(game.state, role)["me"]["objective"]["name"]
        assert not re.search(rf"(?<!\w){re.escape(objective)}(?!\w)", spectator.split('class="pauses"')[1])


@pytest.mark.django_db
def test_the_page_controls_work_as_plain_forms(table, client):
    game, users = table
    roles = sorted(users)
    client.force_login(users[roles[0]])
    response = client.post(reverse("games:seat_pause", args=[game.pk]), {"hours": "6"})
    assert response.status_code == 302 and SeatPause.objects.filter(seat__game=game).count() == 1
    client.post(reverse("games:table_pause_propose", args=[game.pk]), {"hours": "12"})
    for role in roles[1:3]:
        client.force_login(users[role])
        client.post(reverse("games:table_pause_vote", args=[game.pk]), {"yes": "yes"})
    assert TablePause.objects.get(game=game).status == TablePause.Status.RUNNING
    text = page(client, users[roles[3]], game)
    assert "The whole table is paused until" in text and "Vote to resume now" in text
    client.post(reverse("games:table_pause_vote", args=[game.pk]), {"yes": "yes", "resume": "yes"})
    assert TablePause.objects.get(game=game).votes.filter(resume=True).count() == 1


# -- mail ------------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_other_seats_are_mailed_once_about_a_proposal(table):
    game, users = table
    roles = sorted(users)
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=24)
    assert OutboxTask.objects.filter(task__endswith="send_table_pause_proposal", args=[pause.pk]).exists()
    mail.outbox.clear()
    assert emails.table_pause_proposal(pause.pk) == 3
    assert emails.table_pause_proposal(pause.pk) == 0  # keyed: never twice
    assert sorted(m.to[0] for m in mail.outbox) == sorted(users[r].email for r in roles[1:])
    assert f"{users[roles[0]].display} proposes to pause the whole table" in mail.outbox[0].subject
    assert "24 hours" in mail.outbox[0].body


# -- PostgreSQL: two votes at once ----------------------------------------------------
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_deciding_votes_at_once_start_the_pause_exactly_once(make_user):
    game, users = new_table(make_user)
    roles = sorted(users)
    pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=10)
    pauses.table_pause_vote(game_id=game.pk, user=users[roles[1]], yes=True)
    results = run_together([
        lambda: pauses.table_pause_vote(game_id=game.pk, user=users[roles[2]], yes=True),
        lambda: pauses.table_pause_vote(game_id=game.pk, user=users[roles[3]], yes=True),
    ])
    assert not any(isinstance(r, Exception) for r in results), results
    pause = TablePause.objects.get(game=game)
    assert pause.status == TablePause.Status.RUNNING
    assert pause.votes.filter(resume=False, yes=True).count() == 4 and not pause.votes.filter(resume=True)
    assert not Seat.objects.filter(game=game, deadline_at__isnull=False).exists()
    ends = run_together([lambda: pauses.table_pauses_due(now=pause.ends_at + H)] * 2)
    assert sorted(ends) == [0, 1]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_proposals_at_once_leave_one_open(make_user):
    game, users = new_table(make_user)
    roles = sorted(users)
    results = run_together([
        lambda: pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=3),
        lambda: pauses.table_pause_propose(game_id=game.pk, user=users[roles[1]], hours=4),
    ])
    assert sum(isinstance(r, BadRequest) for r in results) == 1, results
    assert TablePause.objects.filter(game=game, status__in=TablePause.OPEN).count() == 1

