"""Fixtures and helpers shared by the moderation tests (imported by each module)."""
import pytest
from django.contrib.auth.models import Group

from games import engine
from games.play import services

MIDDLEWARE = "games.moderation.middleware.SuspensionMiddleware"


@pytest.fixture(autouse=True)
def suspension_middleware(settings):
    """The site registers the middleware in config/settings.py; tests add it here."""
    if MIDDLEWARE not in settings.MIDDLEWARE:
        settings.MIDDLEWARE = [*settings.MIDDLEWARE, MIDDLEWARE]


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def make_moderator(make_user, name):
    user = make_user(name)
    group, _ = Group.objects.get_or_create(name="moderators")
    user.groups.add(group)
    return user


@pytest.fixture
def mod(make_user):
    return make_moderator(make_user, "mod")


@pytest.fixture
def mod2(make_user):
    return make_moderator(make_user, "mod2")


def play(game, alice, bob, rounds=1):
    """Play whole rounds of Duel: both pick their lowest card, the winner marks and rolls."""
    for _ in range(rounds):
        for user, role in ((alice, "north"), (bob, "south")):
            game.refresh_from_db()
            card = sorted(game.state["hands"][role])[0]
            services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
        game.refresh_from_db()
        while game.status == "active" and game.active_roles and game.active_roles != ["north", "south"]:
            role = game.active_roles[0]
            user = alice if role == "north" else bob
            choice = engine.rules_for(game).prompt(game.state, role).choices[0]
            services.move_submit(game_id=game.pk, user=user, verb=choice.verb, arg=choice.arg,
                                 expected_seq=game.seq)
            game.refresh_from_db()
    return game


def pick(game, user, role):
    game.refresh_from_db()
    card = sorted(game.state["hands"][role])[0]
    services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)
    game.refresh_from_db()
    return card
