"""rebuild_games --validate on games played by random legal moves."""
import pytest
from django.core.management import CommandError, call_command

from games.play import services
from games.models import Game
from games.rules.core import rng
from games.web.selectors import game_picture
from games.rules.core.testing import pick

pytestmark = pytest.mark.django_db


def play_randomly(game, users: dict, seed: int, undo_every: int = 5):
    picker = {"rng": rng.new(seed)}
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        role = pick(picker, game.active_roles)
        picture = game_picture(game, users[role])
        choices = list(picture.prompt.choices)
        undoes = [c for c in choices if c.verb == "undo"]
        choice = undoes[0] if undoes and rng.randint(picker, 1, undo_every) == 1 else pick(picker, choices)
        services.move_submit(game_id=game.pk, user=users[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)


def started(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    return game


def test_randomly_played_games_validate(alice, bob, capsys):
    for seed in range(6):
        play_randomly(started(alice, bob), {"north": alice, "south": bob}, seed)
    assert Game.objects.filter(status="finished").count() == 6
    call_command("rebuild_games", "--validate")
    assert "checked 6 game(s), 0 disagree" in capsys.readouterr().out


def test_a_tampered_game_is_reported_not_altered(alice, bob, capsys):
    game = play_randomly(started(alice, bob), {"north": alice, "south": bob}, 1)
    game.state["score"]["north"] += 5
    game.save()
    with pytest.raises(CommandError):
        call_command("rebuild_games", "--validate", str(game.pk))
    assert f"game {game.pk}: stored state differs" in capsys.readouterr().out
    game.refresh_from_db()
    assert game.state["score"]["north"] >= 5  # untouched by --validate


def test_an_illegal_logged_move_is_reported(alice, bob, capsys):
    game = started(alice, bob)
    game.moves.create(seq=2, role="north", verb="pick", arg=99)
    with pytest.raises(CommandError):
        call_command("rebuild_games", "--validate", str(game.pk))
    assert "was not a choice" in capsys.readouterr().out
