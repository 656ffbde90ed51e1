"""End-to-end in headless Chromium (Playwright, Debian's chromium): two players
create, join and play the example game through the generic pages and HTMX."""
import os
import re

import pytest

from tests.fixtures import logged_in_page
from tests.example_game.rules import card_name

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")


def hand_of(game, role):
    game.refresh_from_db()
    return [card_name(c) for c in game.state["hands"][role]]


def test_two_players_create_join_and_play_in_the_browser(browser, live_server, alice, bob):
    from games.models import Game

    a, b = logged_in_page(browser, live_server, alice), logged_in_page(browser, live_server, bob)
    a.goto(f"{live_server.url}/games/new/")
    a.select_option("select[name=title_id]", "duel")
    a.select_option("select[name=side]", "north")
    a.click("main button[type=submit]")
    game = Game.objects.get()
    b.goto(f"{live_server.url}/games/lobby/")
    b.click(f"text=#{game.pk}")
    b.click("button:has-text('Join')")
    a.goto(f"{live_server.url}/games/{game.pk}/")
    bobs_cards = hand_of(game, "south")
    assert not [n for n in bobs_cards if n in a.content()]  # canary: HTML of alice's page
    alices_first = sorted(game.state["hands"]["north"])[0]
    a.click(f"#game-panel button[data-arg='{alices_first}']")
    a.wait_for_selector("text=Waiting for your opponent")
    game.refresh_from_db()
    assert game.moves.filter(verb="pick", role="north").count() == 1
    b.reload()
    b.locator("#game-panel .prompt button[data-verb=pick]").first.click()
    b.wait_for_function("() => document.querySelector('#game-status').dataset.seq !== '2'")
    game.refresh_from_db()
    winner_page = a if game.active_roles == ["north"] else b
    loser_page = b if winner_page is a else a
    # the winner's page updates by itself (status poll) and offers the bonus choices
    winner_page.wait_for_selector("#game-panel button[data-verb=mark]", timeout=15_000)
    os.makedirs(ARTIFACTS, exist_ok=True)
    winner_page.screenshot(path=f"{ARTIFACTS}/duel-bonus.png", full_page=True)
    assert winner_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # a stale click (the loser replays an old form) changes nothing and says why
    seq = game.seq
    status = loser_page.evaluate("""async ([id, seq]) => {
        const token = document.querySelector('input[name=csrfmiddlewaretoken]').value;
        const body = new URLSearchParams({verb: 'mark', arg: '1', expected_seq: String(seq),
                                          csrfmiddlewaretoken: token});
        return (await fetch(`/games/${id}/act/`, {method: 'POST', body, headers: {'HX-Request': 'true'}})).status;
    }""", [game.pk, seq])
    assert status in (409, 422)
    game.refresh_from_db()
    assert game.seq == seq
    winner_page.click("#game-panel button[data-verb=mark] >> nth=0")
    winner_page.wait_for_selector("#game-panel button[data-verb=undo]")
    winner_page.click("#game-panel button[data-verb=undo]")
    winner_page.wait_for_selector("#game-panel button[data-verb=mark] >> nth=2")
    assert re.search(r"Move \d+", winner_page.inner_text("#game-status"))
