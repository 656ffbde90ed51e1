"""The backup check agrees with live play (issue 34): random games of every
title, played through the real pipeline (sealed steps, undo, timeouts that play
a default), pass ``rebuild_games --validate``.

Runs on SQLite and on PostgreSQL, whose jsonb hands a state's object keys back
reordered (tests/test_key_order.py checks the rules for that alone).
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from games.engine import registry
from games.engine.rebuild import validate
from games.models import Game, Move, Seat
from games.play import services
from games.rules.core import rng, undo
from games.rules.core.testing import pick
from tests import seeds

pytestmark = pytest.mark.django_db
GAMES = 2  # per title: the first with every option's first value, the next with its second
MOVES = seeds.count(200, share=0.6)  # per game at most (all 200 with HOTLINE_SEEDS=full): a game need not end to be checked
UNDO_EVERY = 6  # an offered undo is taken about once in this many decisions
TIMEOUT_EVERY = 45  # moves between two deadlines that play a title's default (team titles)
DAILY = {"kind": "pace", "profile": "daily"}


def options_for(rules, index: int) -> dict:
    """Game ``index`` plays each option's value number ``index`` (exchanges, fast combat...)."""
    return {name: values[index % len(values)] for name, values in rules.option_choices().items()}


def started(title_id: str, index: int, make_user) -> tuple[Game, dict]:
    rules = registry.get(title_id)
    options = options_for(rules, index)
    roles = rules.roles(rules.scenarios()[0], rules.clean_options(dict(options)))
    users = [make_user(f"{title_id[:8]}{index}u{n}") for n in range(len(roles))]
    paced = hasattr(rules, "default_action")  # a deadline plays the default and the game goes on
    game = services.game_create(user=users[0], title_id=title_id, options=options,
                                time_control=DAILY if paced else None)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, {s.role: s.user for s in game.seats.select_related("user")}


def play(game: Game, users: dict, seed: int) -> None:
    rules = registry.get(game.title_id)
    picker = {"rng": rng.new(seed)}
    for count in range(MOVES):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        role = pick(picker, game.active_roles)
        if hasattr(rules, "default_action") and count % TIMEOUT_EVERY == TIMEOUT_EVERY - 1:
            Seat.objects.filter(game=game, role=role).update(deadline_at=timezone.now() - timedelta(minutes=1))
            services.games_time_out_overdue()
            continue
        choices = list(rules.prompt(game.state, role).choices)
        undoes = [c for c in choices if c.verb == undo.UNDO]
        plain = [c for c in choices if c.verb != undo.UNDO]
        choice = undoes[0] if undoes and rng.randint(picker, 1, UNDO_EVERY) == 1 else pick(picker, plain)
        services.move_submit(game_id=game.pk, user=users[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)


@pytest.fixture
def played(make_user):
    """Random games of every title, played through services.move_submit."""
    games = []
    for title_id in sorted(registry.titles()):
        for index in range(GAMES):
            game, users = started(title_id, index, make_user)
            play(game, users, seed=len(games) + 1)
            games.append(game)
    return games


def test_randomly_played_games_of_every_title_pass_the_backup_check(played, capsys):
    for game in played:
        game.refresh_from_db()
        assert validate(game) == [], f"game {game.pk} ({game.title_id} {game.options})"
    sealed = Move.objects.exclude(commitment="")
    for title_id, rules in registry.titles().items():
        if hasattr(rules, "sealed_step"):
            assert sealed.filter(game__title_id=title_id).exists(), f"{title_id}: no sealed move was played"
        if hasattr(rules, "default_action"):
            assert Move.objects.filter(game__title_id=title_id, source="timeout").exists()
    assert Move.objects.filter(verb=undo.UNDO).exists() and Move.objects.filter(undone=True).exists()
    call_command("rebuild_games", "--validate")
    assert f"checked {len(played)} game(s), 0 disagree" in capsys.readouterr().out

    # and the check is no rubber stamp: a commitment changed after the fact is reported
    move = sealed.order_by("pk").first()
    move.log = [{**line, "hash": "0" * 64} if line.get("kind") == "sealed" else line for line in move.log]
    move.save(update_fields=["log"])
    with pytest.raises(CommandError):
        call_command("rebuild_games", "--validate", str(move.game_id))
    assert f"move {move.seq}: stored log lines differ" in capsys.readouterr().out
