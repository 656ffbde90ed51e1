"""Coming back after the others moved (issue 28), in headless Chromium, for every title.

One player makes a move and goes away; the others play on (random legal
moves through the move pipeline, as their clicks would) until the first
player's turn comes back with several moves in between. The returning
player's game page, on a desktop (1400×900) and a phone (390×844), shows
"Since you last looked" above the fold, before the map, rings on the board
the places that changed, and hovering a log line that names a place rings
that place. Screenshots go to artifacts/screenshots/briefing-<title>-<size>.png.
"""
from __future__ import annotations

import json
import os
import random
from unittest import mock

import pytest

from games import briefing
from games.engine import registry
from games.engine.presentation import Presentation
from games.engine.teams import title_teams
from games.models import Game, Move
from games.play import services
from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}
BETWEEN = 6  # moves by the others between the returning player's two turns, at least
PAST_SETUP = 60  # moves into the game: setup placements and drafts are over, the board moves


def titles():
    return sorted(t for t in registry.titles() if t != "duel")


def started(title_id: str, users: list) -> Game:
    rules = registry.get(title_id)
    options = {"players": 5} if title_teams(rules) else {}
    with mock.patch.object(services.secrets, "randbits", return_value=20261208):  # the same deal every run
        game = services.game_create(user=users[0], title_id=title_id, options=options,
                                    time_control={"kind": "per_move", "days": 3})
    for user in users[1:len(rules.roles(rules.scenarios()[0], game.options))]:
        services.seat_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def has_marks(game: Game, user) -> bool:
    """The seat's briefing rings something on the board (a title that tells no changes: always true)."""
    if type(registry.presentation(game.title_id)).board_changes is Presentation.board_changes:
        return True
    told = briefing.for_seat(game, game.seats.get(user=user))
    return bool(told and told.marks())


def play_until_back(game: Game, me, picker: random.Random, limit: int = 3000) -> Game | None:
    """Everyone plays random legal moves; ``me`` stops once its turn is back
    after at least BETWEEN moves of the others since its own last move (and
    PAST_SETUP moves into the game), with places to ring on the board."""
    seats = {s.role: s.user for s in game.seats.select_related("user")}
    rules = registry.get(game.title_id)
    mine = next(role for role, user in seats.items() if user == me)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return None  # random play ended the game (DEFCON 1...): the caller deals again
        last = Move.objects.filter(game=game, role=mine, user=me).order_by("-seq").values_list("seq", flat=True).first()
        if mine in game.active_roles and last and game.seq - last >= BETWEEN and game.seq >= PAST_SETUP \
                and has_marks(game, me):
            return game
        others = [r for r in game.active_roles if r != mine]
        role = mine if (mine in game.active_roles and last is None) or not others else others[0]
        choices = [c for c in rules.prompt(game.state, role).choices if c.verb != "undo"]
        choice = picker.choice(choices)
        services.move_submit(game_id=game.pk, user=seats[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)
    raise AssertionError("the first player's turn never came back")


@pytest.mark.parametrize("title_id", titles())
def test_the_returning_player_sees_what_happened_first_and_on_the_map(browser, live_server, make_user, title_id):
    users = [make_user(f"{title_id[:3]}{n}") for n in range(1, 6)]
    game = next(filter(None, (play_until_back(started(title_id, users), users[0], random.Random(seed))
                              for seed in range(7, 12))))
    show = registry.presentation(title_id)
    os.makedirs(ARTIFACTS, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page = logged_in_page(browser, live_server, users[0], width=width, height=height)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        briefing = page.locator("#briefing")
        assert briefing.is_visible() and "Since you last looked" in briefing.inner_text()
        box = briefing.bounding_box()
        assert box["y"] < height, (size, box)  # above the fold
        # first in reading order (a screen reader reads it before the map): beside the board
        # under the bar on a desktop, above the board on a phone
        assert page.evaluate("""() => Boolean(document.querySelector('#briefing').compareDocumentPosition(
            document.querySelector('.game-board')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
        page.screenshot(path=f"{ARTIFACTS}/briefing-{title_id}-{size}.png", full_page=False)
        if type(show).board_changes is not Presentation.board_changes:
            assert json.loads(page.locator(".board-marks[data-kind=since]").get_attribute("data-marks"))
            page.wait_for_function("() => document.querySelectorAll('.game-board .changed').length > 0")
        line = page.locator(".game-log li[data-places]").last
        if line.count():  # focused from the keyboard (the title tests hover): its places ring
            line.focus()
            page.wait_for_function("() => document.querySelectorAll('.game-board .pointed').length > 0")
        page.context.close()
