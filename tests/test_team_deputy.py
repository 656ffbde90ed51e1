"""The deputy leader (correspondence-design §4 item 6, games/clocks/deputies.py): an
absent (autopilot) team leader asked for a combat input waits for its deputy
with the step's window instead of an instant default; the deputy acts for it
with ``as_role`` and sees its seat as a proxy does (never its secret
objective); the deadline plays the default; "I'm back" ends it. The title is
found by its ``deputy`` hook (tests/test_layout.py: only its folder names it)."""
import html
import json
import random
import re
from datetime import timedelta
from functools import lru_cache

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import clocks, tables
from games.clocks import deadlines
from games.mail import emails
from games.engine import registry
from games.play import services
from games.errors import Forbidden
from games.models import Game, Seat
from games.rules.core import Action
from games.rules.core.flow import Flow
from games.rules.core.testing import new_game, random_inputs
from games.engine.teams import teammates

pytestmark = pytest.mark.django_db

TITLE = next(t for t, rules in registry.titles().items() if hasattr(rules, "deputy"))
RULES = registry.get(TITLE)
PLAYERS = 6
DAILY = {"kind": "pace", "profile": "daily"}
SEALED_WINDOW = timedelta(seconds=clocks.PACES["daily"]["sealed"])


@lru_cache(maxsize=1)
def into_combat() -> tuple[str, str, str, str]:
    """(state before, mover, verb, arg): a random game's move that opens the
    first sealed step of a fight, made by a seat that leads neither team (JSON,
    so each test gets its own copy)."""
    for seed in range(200):
        state = new_game(RULES, seed, options={"players": PLAYERS})
        for role, action, before in random_inputs(RULES, state, random.Random(seed), prefer="move",
                                                  keep_before=True):
            leaders = [r for r in state["active"] if RULES.deputy(state, r)]
            if Flow.top(state)["step"] == "sealed" and len(leaders) == 2 and role not in leaders:
                return before, role, action.verb, json.dumps(action.arg)
    raise AssertionError("no fight found")


@pytest.fixture
def table(make_user):
    """A 6-seat table on the daily pace, one move before a fight's sealed tactics."""
    users = [make_user(name) for name in ("mia", "noah", "olga", "piet", "quinn", "rosa")]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": PLAYERS}, time_control=DAILY)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    before, mover, verb, arg = into_combat()
    put_state(game, json.loads(before))
    return game, {s.role: s.user for s in game.seats.select_related("user")}, (mover, verb, json.loads(arg))


def put_state(game, state: dict) -> None:
    """The game at ``state``, every seat's clock started as the pipeline would."""
    game.state, game.active_roles = state, RULES.active_roles(state)
    seats = list(game.seats.select_related("user__profile"))
    now = timezone.now()
    for seat in seats:
        deadlines.turn_end(seat, deadlines.control_of(game), now, moved=False)
        seat.awaiting = False
    deadlines.sync_seats(game, seats, [], None, now)
    for seat in seats:
        seat.save()
    game.save()


def enter_fight(game, users, mover_move, absent: bool = True) -> tuple[str, str]:
    """The mover's move opens the fight; one leader's seat (the first role) is
    away (autopilot) if ``absent``. Returns (leader, deputy)."""
    mover, verb, arg = mover_move
    after = json.loads(json.dumps(game.state))
    RULES.apply(after, mover, Action(verb, arg))
    leader = sorted(r for r in after["active"] if RULES.deputy(after, r))[0]
    if absent:
        Seat.objects.filter(game=game, role=leader).update(autopilot=True, timeouts_in_row=2)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[mover], verb=verb, arg=arg, expected_seq=game.seq)
    game.refresh_from_db()
    return leader, RULES.deputy(game.state, leader)


def seat(game, role) -> Seat:
    return Seat.objects.select_related("user__profile").get(game=game, role=role)


def teammate_not_deputy(game, leader, deputy) -> str:
    return next(r for r in teammates(game, leader) if r != deputy)


def enemy(game, leader) -> str:
    return next(r for r in game.active_roles if r != leader)


def first_choice(game, role):
    return RULES.prompt(game.state, role).choices[0]


def act_as(game, user, role, choice=None):
    game.refresh_from_db()
    choice = choice or first_choice(game, role)
    return services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg,
                                expected_seq=game.seq, as_role=role)


def page(client, user, game, **query) -> str:
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), query)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def objective(game, role) -> str:
    return RULES.view(game.state, role)["me"]["objective"]["name"]


def shows(name: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def label(role) -> str:
    return registry.presentation(TITLE).role_label(role)


# -- the window ------------------------------------------------------------------
def test_an_absent_leader_at_a_fight_gets_the_sealed_window_and_no_instant_default(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    assert deputy in teammates(game, leader)
    led = seat(game, leader)
    assert led.autopilot and led.awaiting
    assert led.deadline_at - led.turn_started_at == SEALED_WINDOW
    assert game.deadline_at > timezone.now() + timedelta(hours=11)
    seq = game.seq
    services.games_time_out_overdue(now=timezone.now() + timedelta(minutes=5))
    assert not game.moves.filter(seq__gt=seq, role=leader).exists()


def test_a_present_leader_is_unaffected_and_its_deputy_cannot_act(table, client):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover, absent=False)
    led = seat(game, leader)
    assert not led.autopilot and led.deadline_at - led.turn_started_at == SEALED_WINDOW
    with pytest.raises(Forbidden, match="You are not covering that seat"):
        act_as(game, users[deputy], leader)
    assert "deputy leader" not in page(client, users[deputy], game)


def test_a_deputy_who_is_away_too_leaves_the_leaders_input_to_autopilot(table):
    game, users, mover = table
    mover_role, verb, arg = mover
    after = json.loads(json.dumps(game.state))
    RULES.apply(after, mover_role, Action(verb, arg))
    leader = sorted(r for r in after["active"] if RULES.deputy(after, r))[0]
    Seat.objects.filter(game=game, role=RULES.deputy(after, leader)).update(autopilot=True)
    enter_fight(game, users, mover)
    led = seat(game, leader)
    assert not led.awaiting or led.deadline_at == led.turn_started_at  # due at once, as before
    seq = game.seq
    services.games_time_out_overdue(now=timezone.now() + timedelta(seconds=1))
    assert game.moves.filter(seq__gt=seq, role=leader, source="autopilot").exists()


# -- the deputy acts -----------------------------------------------------------------
def test_the_deputy_acts_with_as_role_and_the_log_names_them(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    move = act_as(game, users[deputy], leader).move
    assert (move.role, move.user_id, move.source) == (leader, users[deputy].pk, "deputy")
    expected = f"{users[deputy].display} ({label(deputy)}) acted as deputy leader for {label(leader)}:"
    sentences = registry.presentation(TITLE).log_sentences(move.log)
    assert sentences[0] == expected
    assert sentences[1] == f"{label(leader)} sealed their choice."  # the seal follows it (its commitment: linked page)
    led = seat(game, leader)
    assert led.autopilot and led.timeouts_in_row == 2  # acting for the seat does not bring its player back
    assert led.user.profile.turns_timed == 0  # nor count as the leader's own time to move


def test_the_deputy_acts_from_the_game_page(table, client):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    secret, choice = objective(game, leader), first_choice(game, leader)
    client.force_login(users[deputy])
    response = client.post(reverse("games:act", args=[game.pk]), {
        "verb": choice.verb, "arg": json.dumps(choice.arg), "expected_seq": game.seq, "as_role": leader},
        HTTP_HX_REQUEST="true")
    text = html.unescape(response.content.decode())
    assert response.status_code == 200 and not shows(secret, text)
    # the page names the seats' players (games/engine/naming.py)
    assert f"{users[deputy].display} ({label(deputy)}) acted as deputy leader for {users[leader].display} ({label(leader)}):" in text
    move = game.moves.order_by("-seq").first()
    assert (move.role, move.source, move.user_id) == (leader, "deputy", users[deputy].pk)


def test_the_other_colony_and_a_teammate_who_is_not_the_deputy_are_refused(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    message = f"Only {label(deputy)} may act for {label(leader)} now"
    for other in (enemy(game, leader), teammate_not_deputy(game, leader, deputy)):
        with pytest.raises(Forbidden, match=message):
            act_as(game, users[other], leader)
    response = api(users[enemy(game, leader)]).post(f"/api/games/{game.pk}/actions/", {
        "verb": first_choice(game, leader).verb, "arg": first_choice(game, leader).arg,
        "expected_seq": game.seq, "as_role": leader}, format="json")
    assert response.status_code == 403 and message in response.json()["detail"]
    assert not game.moves.filter(role=leader, source="deputy").exists()


def test_the_deputy_sees_the_banner_and_the_leaders_choices_never_its_objective(table, client):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    secret = objective(game, leader)
    assert secret != objective(game, deputy)
    own = page(client, users[deputy], game)
    banner = f"{label(leader)} (your colony leader) is away: you act as deputy leader for this fight"
    assert banner in own and f"?as_role={leader}" in own
    acting = page(client, users[deputy], game, as_role=leader)
    assert banner in acting and f'name="as_role" value="{leader}"' in acting
    assert f"{label(leader)} (deputy leader)" in acting
    assert not shows(secret, acting) and not shows(secret, own)
    view = RULES.view(game.state, leader)
    assert view["me"]["hand"] and all(view["cards"][str(card)]["name"] in acting for card in view["me"]["hand"])
    panel = client.get(reverse("games:panel", args=[game.pk]), {"as_role": leader}).content.decode()
    assert f'name="as_role" value="{leader}"' in panel and not shows(secret, html.unescape(panel))
    body = api(users[deputy]).get(f"/api/games/{game.pk}/", {"as_role": leader})
    assert body.status_code == 200 and body.json()["view"]["me"]["objective"] is None
    assert body.json()["prompt"]["choices"] and not shows(secret, body.content.decode())
    for other in (enemy(game, leader), teammate_not_deputy(game, leader, deputy)):
        assert api(users[other]).get(f"/api/games/{game.pk}/", {"as_role": leader}).status_code == 403
        assert banner not in page(client, users[other], game, as_role=leader)


def test_the_deputy_gets_the_turn_notice_for_the_leaders_input(table, mailoutbox, settings):
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    emails.turn_notice(game.pk, game.seq, [leader])
    mine = [m for m in mailoutbox if m.to == [users[deputy].email]]
    assert len(mine) == 1
    assert f"You act as deputy leader for {label(leader)}, who is away" in mine[0].body
    assert f"as_role={leader}" in mine[0].body and not shows(objective(game, leader), mine[0].body)
    emails.turn_notice(game.pk, game.seq, [leader])
    assert len([m for m in mailoutbox if m.to == [users[deputy].email]]) == 1  # keyed: once per window


# -- the end of it -----------------------------------------------------------------
def test_the_deadline_plays_the_default_and_counts_no_timeout(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    Seat.objects.filter(game=game, role=leader).update(deadline_at=timezone.now() - timedelta(seconds=1))
    seq = game.seq
    services.games_time_out_overdue()
    move = game.moves.get(seq__gt=seq, role=leader)
    assert move.source == "autopilot"
    assert Action(move.verb, move.arg) == RULES.default_action(game.state, leader)
    after = seat(game, leader)
    assert after.timeouts_in_row == 2 and after.user.profile.timeouts == 0
    assert seat(game, deputy).user.profile.timeouts == 0
    # the fight's next input of the leader waits for the deputy again, with a fresh window
    other = enemy(game, leader)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=users[other], verb=first_choice(game, other).verb,
                         arg=first_choice(game, other).arg, expected_seq=game.seq)
    game.refresh_from_db()
    assert leader in game.active_roles and RULES.deputy(game.state, leader) == deputy  # the bids
    led = seat(game, leader)
    assert led.autopilot and led.deadline_at - led.turn_started_at == SEALED_WINDOW
    assert not after.awaiting  # its tactic was in: the bid is a new window


def both_late(game, leader, in_row: int) -> int:
    """The other leader's window ends first, then the absent leader's; the sweep runs."""
    now = timezone.now()
    Seat.objects.filter(game=game, role=enemy(game, leader)).update(deadline_at=now - timedelta(seconds=2))
    Seat.objects.filter(game=game, role=leader).update(deadline_at=now - timedelta(seconds=1),
                                                      autopilot=in_row >= 2, timeouts_in_row=in_row)
    seq = game.seq
    services.games_time_out_overdue()
    game.refresh_from_db()
    return seq


@pytest.mark.parametrize("in_row", [2, 1])
def test_the_sweep_stops_at_the_leaders_next_fight_input_and_leaves_it_to_the_deputy(table, in_row):
    """On autopilot already (2), or put on it by this very timeout (1): the
    tactic is defaulted, the bid that follows waits for the deputy."""
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    seq = both_late(game, leader, in_row)
    assert [m.verb for m in game.moves.filter(seq__gt=seq, role=leader)] == ["tactic"]
    assert leader in game.active_roles and RULES.deputy(game.state, leader) == deputy
    led = seat(game, leader)
    assert led.autopilot and led.deadline_at - led.turn_started_at == SEALED_WINDOW
    assert act_as(game, users[deputy], leader).move.source == "deputy"


def test_im_back_ends_the_deputys_turn(table, client):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    tables.seat_back(game_id=game.pk, user=users[leader])
    led = seat(game, leader)
    assert not led.autopilot and led.deadline_at - led.turn_started_at == SEALED_WINDOW
    with pytest.raises(Forbidden):
        act_as(game, users[deputy], leader)
    assert "deputy leader" not in page(client, users[deputy], game, as_role=leader)
    assert Game.objects.get(pk=game.pk).moves.filter(source="deputy").count() == 0
