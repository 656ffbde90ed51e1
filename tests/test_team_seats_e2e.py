"""Issue 21 in Chromium: an away player's banner and "I'm back", a teammate
covering the seat who plays its turn from the page (the choice form carries
as_role through htmx) without ever seeing its secret objective."""
import time

import pytest

from games.models import Game, Seat
from tests.fixtures import logged_in_page
from tests.test_team_seats import away, secret_objective, shows, table, until_active  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def wait_until(check, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return False


def test_im_back_from_the_banner(browser, live_server, table):
    game, users = table
    away(game, users, "p3")
    page = logged_in_page(browser, live_server, users["p3"], 1200, 800)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    banner = page.locator(".away-banner")
    assert "You are away: the site plays the default for you." in banner.inner_text()
    page.get_by_role("button", name="I'm back").click()
    page.wait_for_load_state()
    assert page.locator(".away-banner").count() == 0
    assert not Seat.objects.get(game=game, role="p3").autopilot


def test_a_teammate_covers_and_plays_the_seat_from_the_page(browser, live_server, table):
    game, users = table
    away(game, users, "p3")
    mate = users["p1"]
    page = logged_in_page(browser, live_server, mate, 1200, 800)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Cover Player 3").click()
    page.wait_for_url(f"**/games/{game.pk}/?as_role=p3")
    page.goto("about:blank")  # no polling while the others play (SQLite locks the table for writers)
    until_active(game, users, "p3")
    hidden = secret_objective(game, "p3")
    page.goto(f"{live_server.url}/games/{game.pk}/?as_role=p3")
    assert "Player 3 (covering)" in page.locator(".seat-switch").inner_text()
    assert not shows(hidden, page.content())
    seq = Game.objects.get(pk=game.pk).seq
    page.locator("#game-panel .choices button:visible").first.click()  # the covered seat's choices (as_role=p3); a move sits in its survivor's fold
    assert wait_until(lambda: Game.objects.get(pk=game.pk).seq > seq)
    move = Game.objects.get(pk=game.pk).moves.get(seq=seq + 1)
    assert (move.role, move.source, move.user_id) == ("p3", "proxy", mate.pk)
    page.wait_for_function("() => !document.querySelector('#game-panel [name=expected_seq][value=\"%d\"]')" % seq)
    assert not shows(hidden, page.content())
