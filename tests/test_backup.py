"""The backup drill of docs/deploy.md: pg_dump, restore into a fresh database,
and ``rebuild_games --validate`` passes there with every move on board."""
from __future__ import annotations

import os
import subprocess

import psycopg
import pytest

from games.web import selectors
from games.play import services

from tests.stack import BIN, ROOT

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def play_some(alice, bob) -> None:
    for finish in (False, True):
        game = services.game_create(user=alice, title_id="duel", creator_role="north")
        game = services.seat_join(game_id=game.pk, user=bob)
        for _ in range(6):
            for user in (alice, bob):
                game, _, prompt = selectors.game_prompt(game.pk, user)
                if prompt:
                    choice = next(c for c in prompt.choices if c.verb != "undo")
                    services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg,
                                         expected_seq=game.seq)
        if finish:
            services.game_resign(game_id=game.pk, user=bob)


def libpq(settings_dict: dict, name: str) -> dict:
    env = dict(os.environ, PGHOST=settings_dict["HOST"] or "127.0.0.1", PGPORT=str(settings_dict["PORT"] or 5432),
               PGUSER=settings_dict["USER"], PGDATABASE=name)
    if settings_dict["PASSWORD"]:
        env["PGPASSWORD"] = settings_dict["PASSWORD"]
    return env


def count_moves(env: dict) -> int:
    conninfo = f"host={env['PGHOST']} port={env['PGPORT']} user={env['PGUSER']} dbname={env['PGDATABASE']}"
    with psycopg.connect(conninfo, password=env.get("PGPASSWORD")) as conn:
        return conn.execute("SELECT count(*) FROM games_move").fetchone()[0]


def test_a_dump_restored_into_a_fresh_database_passes_validation(tmp_path, alice, bob):
    from django.db import connection

    play_some(alice, bob)
    source = connection.settings_dict
    fresh = f"{source['NAME']}_restored"
    dump = tmp_path / "hotline.dump"
    subprocess.run(["pg_dump", "--format=custom", f"--file={dump}"], env=libpq(source, source["NAME"]), check=True)
    admin = libpq(source, "postgres")
    subprocess.run(["dropdb", "--if-exists", "--force", fresh], env=admin, check=True)
    subprocess.run(["createdb", fresh], env=admin, check=True)
    try:
        subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={fresh}", str(dump)],
                       env=admin, check=True)
        base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
        result = subprocess.run(
            [str(BIN / "python"), "manage.py", "rebuild_games", "--validate"], cwd=ROOT, capture_output=True,
            text=True, env=dict(os.environ, DATABASE_URL=f"{base}/{fresh}", DJANGO_SETTINGS_MODULE="config.settings",
                                HOTLINE_EXTRA_TITLES="tests.example_game"))
        assert result.returncode == 0, result.stdout + result.stderr
        assert "checked 2 game(s), 0 disagree" in result.stdout
        assert count_moves(libpq(source, fresh)) == count_moves(libpq(source, source["NAME"])) > 4
    finally:
        subprocess.run(["dropdb", "--if-exists", "--force", fresh], env=admin, check=True)
