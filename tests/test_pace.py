"""Pace time controls (correspondence-design §6): the window each kind of step
gets per profile, the sand-timer grace, fresh windows per step, the words, and
how the seat clocks of a Dead of Winter game follow its steps."""
import random
from datetime import datetime, timedelta, timezone

import pytest

from games import clocks
from games.clocks import deadlines, HOUR, MINUTE, PACES, TimeControl
from games.engine import registry
from games.play import services
from games.rules.core.flow import Flow
from games.rules.core.testing import new_game, random_inputs

# The team title with paced steps (Dead of Winter), found by its hooks.
TITLE = next(t for t, rules in registry.titles().items() if hasattr(rules, "pace_step"))
RULES = registry.get(TITLE)

T0 = datetime(2026, 3, 4, 12, 0, tzinfo=timezone.utc)  # a Wednesday


def pace(profile: str, **extra) -> TimeControl:
    return TimeControl.parse({"kind": "pace", "profile": profile, **extra})


# -- clocks.py: the windows ---------------------------------------------------
@pytest.mark.parametrize("profile,normal,grace,sealed,vote,setup", [
    ("live", 10 * MINUTE, 2 * MINUTE, 5 * MINUTE, 5 * MINUTE, 10 * MINUTE),
    ("brisk", 8 * HOUR, 2 * HOUR, 4 * HOUR, 4 * HOUR, 16 * HOUR),
    ("daily", 24 * HOUR, 6 * HOUR, 12 * HOUR, 12 * HOUR, 48 * HOUR),
    ("relaxed", 48 * HOUR, 12 * HOUR, 24 * HOUR, 24 * HOUR, 96 * HOUR),
])
def test_each_profile_gives_each_kind_of_step_its_window(profile, normal, grace, sealed, vote, setup):
    control = pace(profile)
    got = {kind: control.turn_budget(None, kind) for kind in ("normal", "grace", "sealed", "vote", "setup")}
    assert got == {"normal": normal, "grace": grace, "sealed": sealed, "vote": vote, "setup": setup}
    assert control.turn_budget(None, "no such kind") == normal
    assert control.turn_budget(5, "normal") == normal  # a bank has nothing to do with a pace


@pytest.mark.parametrize("profile", list(PACES))
def test_the_grace_is_the_shortest_window_and_special_steps_are_shorter_than_normal(profile):
    windows = PACES[profile]
    assert windows["grace"] < windows["sealed"] <= windows["normal"]
    assert windows["vote"] < windows["normal"]
    assert windows["setup"] >= windows["normal"]  # a draft needs reading, never less than a step


@pytest.mark.parametrize("data,error", [
    ({"kind": "pace"}, "the pace must be one of live, brisk, daily, relaxed"),
    ({"kind": "pace", "profile": "fast"}, "the pace must be one of"),
    ({"kind": "pace", "profile": 3}, "profile must be a text"),
])
def test_an_unknown_pace_is_refused_with_the_choices(data, error):
    with pytest.raises(ValueError, match=error):
        TimeControl.parse(data)


def test_a_pace_window_ends_after_its_counted_time():
    budget = pace("daily").turn_budget(None, "sealed")
    assert clocks.deadline(T0, budget) == T0 + timedelta(hours=12)
    friday = datetime(2026, 3, 6, 20, 0, tzinfo=timezone.utc)
    paused = pace("daily", weekend_pause=True).turn_budget(None, "normal")
    assert clocks.deadline(friday, paused, weekend_pause=True) == datetime(2026, 3, 9, 20, 0, tzinfo=timezone.utc)


def test_paced_reminders_at_half_the_window_and_a_last_call_before_it_closes():
    day = T0 + timedelta(hours=24)
    assert clocks.reminder_times(T0, day, paced=True) == [T0 + timedelta(hours=12), T0 + timedelta(hours=22)]
    live = T0 + timedelta(minutes=10)  # shorter than 8 hours: the last call is a quarter before
    assert clocks.reminder_times(T0, live, paced=True) == [T0 + timedelta(minutes=5),
                                                            T0 + timedelta(minutes=7, seconds=30)]


@pytest.mark.parametrize("profile,words", [
    ("live", "Live pace (10 minutes per step)"),
    ("brisk", "Brisk pace (8 hours per step, 4 for sealed choices, 16 for the survivor draft)"),
    ("daily", "Daily pace (a day per step, 12 hours for sealed choices, two days for the survivor draft)"),
    ("relaxed", "Relaxed pace (two days per step, one for sealed choices, four for the survivor draft)"),
])
def test_describe_words_each_pace(profile, words):
    assert pace(profile).describe() == words
    assert pace(profile, weekend_pause=True).describe() == words + ", weekends paused"
    assert clocks.pace_name(profile) == words


# -- deadlines.py with a Dead of Winter table ---------------------------------
def table(make_user, players: int, profile: str = "daily"):
    users = [make_user(f"player{i}") for i in range(1, players + 1)]
    game = services.game_create(user=users[0], title_id=TITLE, options={"players": players},
                                time_control={"kind": "pace", "profile": profile})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def seats_of(game) -> dict:
    return {s.role: s for s in game.seats.select_related("user__profile")}


def put_state(game, state: dict, now=T0) -> dict:
    """The game at ``state``; every seat's clock as the pipeline starts it (no one was active)."""
    game.state, game.active_roles = state, RULES.active_roles(state)
    seats = seats_of(game)
    for seat in seats.values():
        deadlines.turn_end(seat, deadlines.control_of(game), now, moved=False)
        seat.awaiting = False
    deadlines.sync_seats(game, list(seats.values()), [], None, now)
    return seats


def window(seat) -> timedelta:
    return seat.deadline_at - seat.turn_started_at


def defaults_until(state: dict, step: str, limit: int = 500) -> dict:
    """Every active role's default until ``step`` is on top."""
    for _ in range(limit):
        if Flow.top(state)["step"] == step:
            return state
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    raise AssertionError(f"{step} never reached")


def drafted(players: int, seed: int, **options) -> dict:
    """A game whose survivor draft the defaults have done."""
    state = new_game(RULES, seed, options={"players": players, **options})
    while Flow.top(state)["step"] == "draft":
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    return state


def random_until(players: int, step: str, seed: int):
    """A random game (no undo) until ``step`` is on top after the first round, or None."""
    state = new_game(RULES, seed, options={"players": players})
    for _ in random_inputs(RULES, state, random.Random(seed), prefer="move", limit=20000):
        if Flow.top(state)["step"] == step and state["round"] > 1:
            return state
    return None


def reach(players: int, step: str, seed: int) -> dict:
    return next(s for s in (random_until(players, step, seed + i) for i in range(30)) if s)


@pytest.mark.django_db
@pytest.mark.parametrize("profile,hours", [("daily", 48), ("brisk", 16), ("relaxed", 96)])
def test_the_draft_opens_one_setup_window_for_every_seat(make_user, profile, hours):
    """CD§2.1: the survivor draft gets 48 h on the daily pace, not the normal day."""
    game = table(make_user, 4, profile)
    seats = seats_of(game)
    assert sorted(game.active_roles) == ["p1", "p2", "p3", "p4"]
    for seat in seats.values():
        assert seat.awaiting and seat.step.startswith("draft:")
        assert RULES.pace_step(game.state, seat.role)[0] == "setup"
        assert window(seat) == timedelta(hours=hours) == timedelta(seconds=PACES[profile]["setup"])
    assert game.deadline_at == min(s.deadline_at for s in seats.values())


@pytest.mark.django_db
def test_the_step_after_the_draft_gets_the_normal_window_again(make_user):
    game = table(make_user, 4)
    state = drafted(4, seed=3)
    seats = put_state(game, state)
    role = state["active"][0]
    assert RULES.pace_step(state, role)[0] == "normal" and window(seats[role]) == timedelta(hours=24)


@pytest.mark.django_db
@pytest.mark.parametrize("profile", ["live", "relaxed"])
def test_a_sealed_combat_step_gets_the_sealed_window(make_user, profile):
    game = table(make_user, 6, profile)
    state = reach(6, "sealed", 11)
    seats = put_state(game, state)
    leaders = state["active"]
    assert leaders and all(RULES.pace_step(state, r)[0] == "sealed" for r in leaders)
    for role in leaders:
        assert window(seats[role]) == timedelta(seconds=PACES[profile]["sealed"])
        assert seats[role].step.startswith("sealed:")
    assert all(seats[r].deadline_at is None for r in seats if r not in leaders)


@pytest.mark.django_db
def test_an_election_gets_the_vote_window_for_every_voter(make_user):
    game = table(make_user, 9, "brisk")
    state = reach(9, "elect", 5)
    seats = put_state(game, state)
    voters = state["active"]
    assert len(voters) > 2
    for role in voters:
        assert window(seats[role]) == timedelta(seconds=PACES["brisk"]["vote"])
        assert seats[role].step.startswith("elect:")


def act_step(game):
    """Both players of the first pair in the action step, each with a fresh normal window."""
    state = defaults_until(drafted(4, seed=5), "act")
    pair = list(state["active"])
    assert len(pair) == 2
    return state, pair, put_state(game, state)


def done(game, seats, state, role, now) -> list:
    """``role`` declares "done": the pipeline's clock update after that move."""
    before = list(game.active_roles)
    RULES.apply(state, role, RULES.default_action(state, role))
    game.state, game.active_roles = state, RULES.active_roles(state)
    return deadlines.sync_seats(game, list(seats.values()), before, role, now)


@pytest.mark.django_db
def test_the_act_step_gets_the_grace_once_the_partner_is_done(make_user):
    game = table(make_user, 4)
    state, (first, second), seats = act_step(game)
    assert window(seats[second]) == timedelta(hours=24)
    later = T0 + timedelta(hours=3)
    changed = done(game, seats, state, first, later)
    partner = seats[second]
    assert partner in changed and RULES.pace_step(state, second)[0] == "grace"
    assert partner.deadline_at == later + timedelta(hours=6)  # cut to the grace from now
    assert partner.turn_started_at == T0  # the same window, shortened: not a new one
    assert partner.extra_seconds == -(15 * HOUR)
    assert not seats[first].awaiting and seats[first].deadline_at is None
    assert game.deadline_at == partner.deadline_at


@pytest.mark.django_db
def test_the_grace_never_lengthens_a_window_that_ends_sooner(make_user):
    game = table(make_user, 4)
    state, (first, second), seats = act_step(game)
    later = T0 + timedelta(hours=20)  # 4 hours left: less than the 6-hour grace
    before = seats[second].deadline_at
    changed = done(game, seats, state, first, later)
    assert seats[second] not in changed
    assert seats[second].deadline_at == before == T0 + timedelta(hours=24)


@pytest.mark.django_db
def test_quick_play_gives_the_grace_from_the_start_of_the_act_step(make_user):
    game = table(make_user, 4)
    game.options = {**game.options, "quick_play": True}
    state = defaults_until(drafted(4, seed=5, quick_play=True), "act")
    seats = put_state(game, state)
    for role in state["active"]:
        assert window(seats[role]) == timedelta(hours=6)


@pytest.mark.django_db
def test_a_new_step_for_a_seat_that_stays_active_opens_a_fresh_window(make_user):
    game = table(make_user, 4)
    state = drafted(4, seed=3)
    seats = put_state(game, state)
    role = state["active"][0]
    old = seats[role].step
    seats[role].deadline_at = T0 + timedelta(minutes=5)  # nearly spent in the old step
    seats[role].step = "draft:3:1"  # the seat's clock is still the draft's
    later = T0 + timedelta(hours=5)
    changed = deadlines.sync_seats(game, list(seats.values()), list(game.active_roles), None, later)
    seat = seats[role]
    assert seat in changed and seat.step == old
    assert seat.turn_started_at == later
    assert window(seat) == timedelta(seconds=PACES["daily"][RULES.pace_step(state, role)[0]])


@pytest.mark.django_db
def test_the_last_draft_pick_moves_the_seat_to_its_next_step_with_a_fresh_window(make_user):
    """Through the real pipeline: with this seed the player who makes the last
    pick (Player 4) is active again at once, in the first move step; the active
    roles stay ["p4"], yet the seat's clock restarts for the new step."""
    game = table(make_user, 4)
    game.state = RULES.setup(3, "standard", game.options)
    game.save(update_fields=["state"])
    users = {s.role: s.user for s in game.seats.select_related("user")}
    drafted_at = game.seats.get(role="p4").turn_started_at
    while Flow.top(game.state)["step"] == "draft":
        role = game.active_roles[0]
        action = RULES.default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=users[role], verb=action.verb, arg=action.arg,
                             expected_seq=game.seq)
        game.refresh_from_db()
    assert game.active_roles == ["p4"]
    seat = game.seats.get(role="p4")
    window_kind, name = RULES.pace_step(game.state, "p4")
    assert name.startswith("move:") and seat.step == name
    assert seat.turn_started_at > drafted_at
    assert window(seat) == timedelta(seconds=PACES["daily"][window_kind])
