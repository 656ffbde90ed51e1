"""games.store.bulk writes the same rows the ORM would (on PostgreSQL through one JSON parameter)."""
import pytest
from django.utils import timezone

from games.store import bulk
from games.play import services
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(duel):
    return duel


def test_insert_sets_keys_in_order_and_keeps_every_value(game, alice):
    moves = [Move(game=game, seq=100 + n, role="north", user=alice if n else None, verb="pick",
                  arg=None if n == 1 else {"card": n, "text": 'quote " and \\ slash, 한국어'}, log=[{"n": n}])
             for n in range(3)]
    bulk.insert(moves)
    assert all(m.pk for m in moves)
    for move in moves:
        stored = Move.objects.get(pk=move.pk)
        assert (stored.seq, stored.user_id, stored.arg, stored.log) == (move.seq, move.user_id, move.arg, move.log)
        assert stored.created_at is not None and not stored.undone
    assert Move.objects.get(pk=moves[1].pk).arg is None


def test_update_writes_only_the_named_fields(game):
    seats = list(Seat.objects.filter(game=game).order_by("role"))
    when = timezone.now().replace(microsecond=123456)
    for n, seat in enumerate(seats):
        seat.deadline_at, seat.awaiting, seat.extra_seconds, seat.role = when, bool(n), 60 * n, "changed"
    bulk.update(seats, ["deadline_at", "awaiting", "extra_seconds"])
    stored = list(Seat.objects.filter(game=game).order_by("role"))
    assert [(s.deadline_at, s.awaiting, s.extra_seconds) for s in stored] == [(when, False, 0), (when, True, 60)]
    assert [s.role for s in stored] == ["north", "south"]


def test_any_lookup_matches_in(game, alice):
    other = services.game_create(user=alice, title_id="duel", creator_role="north")
    assert set(Game.objects.filter(pk__any=[game.pk, other.pk]).values_list("pk", flat=True)) == {game.pk, other.pk}
    assert Seat.objects.filter(game__any=[game]).count() == 2
    assert Seat.objects.filter(game_id__any=[other.pk]).count() == 1
    assert not Seat.objects.filter(game__any=[]).exists()


def test_keys_become_strings_and_huge_integers_survive(game):
    """orjson writes the rows: integer keys become strings as ``json`` makes
    them, and an integer beyond 64 bits (which orjson refuses) still goes through."""
    move = Move(game=game, seq=200, role="north", verb="pick", arg={1: "one", "big": 2**70, "f": 0.1}, log=[])
    bulk.insert([move])
    assert Move.objects.get(pk=move.pk).arg == {"1": "one", "big": 2**70, "f": 0.1}


def test_bulk_statements_go_through_djangos_query_log(game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    seats = list(Seat.objects.filter(game=game))
    with CaptureQueriesContext(connection) as queries:
        bulk.update(seats, ["extra_seconds"])
    assert len(queries) == 1 and "extra_seconds" in queries[0]["sql"]
