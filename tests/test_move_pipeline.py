"""The move pipeline: services over the database, on the example game."""
import pytest

from games import engine
from games.play import services
from games.errors import BadRequest, Forbidden, GameNotActive, IllegalMove, NotFound, NotYourSeat, StaleMove
from games.models import Game, Hand, Move, Snapshot

pytestmark = pytest.mark.django_db


def pick(game, user, role, index=0):
    game.refresh_from_db()
    card = sorted(game.state["hands"][role])[index]
    services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
    return card


def test_a_game_starts_when_the_seats_are_full(duel, alice, bob):
    assert duel.status == Game.Status.ACTIVE
    roles = {s.user.username: s.role for s in duel.seats.all()}
    assert roles == {"alice": "north", "bob": "south"}
    setup = duel.moves.get(seq=1)
    assert setup.verb == ".setup" and setup.arg["seed"] == duel.seed
    assert duel.active_roles == ["north", "south"]
    assert Snapshot.objects.filter(game=duel, seq=1).exists()
    assert set(Hand.objects.filter(game=duel).values_list("role", flat=True)) == {"north", "south"}
    assert all(s.awaiting for s in duel.seats.all())


def test_random_sides_are_assigned_at_start(alice, bob):
    game = services.game_create(user=alice, title_id="duel")
    services.seat_join(game_id=game.pk, user=bob)
    assert sorted(game.seats.values_list("role", flat=True)) == ["north", "south"]


def test_create_rejects_unknown_title_options_and_sides(alice):
    with pytest.raises(BadRequest, match="Unknown game title"):
        services.game_create(user=alice, title_id="chess")
    with pytest.raises(BadRequest, match="Invalid options"):
        services.game_create(user=alice, title_id="duel", options={"rounds": 9})
    with pytest.raises(BadRequest, match="Unknown side"):
        services.game_create(user=alice, title_id="duel", creator_role="east")
    with pytest.raises(BadRequest, match="no player called"):
        services.game_create(user=alice, title_id="duel", invite_username="nobody")
    assert Game.objects.count() == 0


def test_an_invitation_reserves_the_seat(alice, bob, carol):
    game = services.game_create(user=alice, title_id="duel", invite_username="BOB")
    assert game.invited_user == bob
    with pytest.raises(Forbidden):
        services.seat_join(game_id=game.pk, user=carol)
    services.invitation_decline(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED


def test_a_move_is_appended_and_the_caches_follow(duel, alice):
    card = pick(duel, alice, "north")
    duel.refresh_from_db()
    move = duel.moves.get(seq=2)
    assert (move.role, move.verb, move.arg, move.user) == ("north", "pick", card, alice)
    assert duel.active_roles == ["south"]
    assert card not in Hand.objects.get(game=duel, role="north").cards
    assert Snapshot.objects.filter(game=duel, seq=2).exists()  # active roles changed
    assert not duel.seats.get(role="north").awaiting


def test_illegal_move_is_refused_and_nothing_changes(duel, alice):
    foreign = duel.state["hands"]["south"][0]
    with pytest.raises(IllegalMove, match="not one of your choices"):
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=foreign, expected_seq=1)
    duel.refresh_from_db()
    assert duel.seq == 1 and duel.moves.count() == 1


def test_a_move_for_someone_elses_seat_is_refused(duel, carol):
    with pytest.raises(NotYourSeat):
        services.move_submit(game_id=duel.pk, user=carol, verb="pick", arg=1, expected_seq=1)


def test_stale_sequence_is_refused_for_a_single_active_role(duel, alice, bob):
    pick(duel, alice, "north")
    pick(duel, bob, "south")
    duel.refresh_from_db()
    winner = duel.active_roles[0]
    user = alice if winner == "north" else bob
    with pytest.raises(StaleMove):
        services.move_submit(game_id=duel.pk, user=user, verb="mark", arg=1, expected_seq=duel.seq - 1)


def test_during_simultaneous_choices_the_other_players_move_is_not_stale(duel, alice, bob):
    stale_seq = duel.seq
    pick(duel, bob, "south")
    card = sorted(duel.state["hands"]["north"])[0]
    services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=card, expected_seq=stale_seq)
    assert duel.moves.filter(role="north", verb="pick").count() == 1


def test_a_double_submission_by_the_same_role_is_stale(duel, alice):
    card = sorted(duel.state["hands"]["north"])[0]
    services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=card, expected_seq=1)
    with pytest.raises((StaleMove, IllegalMove)):
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=card, expected_seq=1)
    assert duel.moves.count() == 2


def test_malformed_actions_are_rejected_with_clear_messages(duel, alice):
    for kwargs, message in [({"verb": "", "arg": None}, "verb"), ({"verb": ".resign", "arg": None}, "verb"),
                            ({"verb": "pick", "arg": [1]}, "arg"), ({"verb": "pick", "arg": True}, "arg")]:
        with pytest.raises(BadRequest, match=message):
            services.move_submit(game_id=duel.pk, user=alice, expected_seq=1, **kwargs)
    with pytest.raises(BadRequest, match="expected_seq"):
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=1, expected_seq="1")
    with pytest.raises(NotFound):
        services.move_submit(game_id=999999, user=alice, verb="pick", arg=1, expected_seq=1)


def test_resignation_finishes_the_game_and_no_move_follows(duel, alice, bob):
    services.game_resign(game_id=duel.pk, user=bob)
    duel.refresh_from_db()
    assert duel.status == Game.Status.FINISHED
    assert duel.result == {"winners": ["north"], "reason": "resignation", "score": None}
    assert duel.moves.last().verb == ".resign"
    with pytest.raises(GameNotActive, match="over"):
        services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=1, expected_seq=duel.seq)


def test_timeout_applies_once_and_only_at_the_same_sequence(duel):
    assert services.game_time_out(game_id=duel.pk, role="north", at_seq=0) is None
    assert services.game_time_out(game_id=duel.pk, role="north", at_seq=1) is not None
    assert services.game_time_out(game_id=duel.pk, role="north", at_seq=1) is None
    assert duel.moves.filter(verb=".timeout").count() == 1


def _win_round_as_north(game, alice, bob):
    game.refresh_from_db()
    north, south = max(game.state["hands"]["north"]), min(game.state["hands"]["south"])
    if north < south:
        pytest.skip("seeded deal gives north no winning card")  # never with the fixtures' seeds
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=north, expected_seq=game.seq)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=bob, verb="pick", arg=south, expected_seq=game.seq)
    game.refresh_from_db()


def _start_with_seed(alice, bob, seed):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    # Rewrite the start with a fixed seed so the deal is known (tests only).
    game.refresh_from_db()
    rules = engine.rules_for(game)
    game.seed = seed
    game.state = rules.setup(seed, game.scenario, game.options)
    game.save()
    Move.objects.filter(game=game, seq=1).update(arg=engine.setup_arg(game))
    Snapshot.objects.filter(game=game, seq=1).update(state=game.state)
    return game


def test_undo_through_the_pipeline_restores_the_state(alice, bob):
    game = _start_with_seed(alice, bob, seed=11)
    _win_round_as_north(game, alice, bob)
    before = game.state
    services.move_submit(game_id=game.pk, user=alice, verb="mark", arg=2, expected_seq=game.seq)
    game.refresh_from_db()
    services.move_submit(game_id=game.pk, user=alice, verb="undo", arg=None, expected_seq=game.seq)
    game.refresh_from_db()
    assert game.state == before
    assert list(game.moves.values_list("verb", "undone"))[-2:] == [("mark", True), ("undo", False)]
    replayed = engine.replay(game)
    replayed["log"] = []
    assert replayed == game.state
