"""The game page as a player meets it, in headless Chromium (Playwright, Debian's chromium).

On a wide screen (1400x900) and a phone (390x844): the action bar with the
turn and every choice is in view without scrolling; the tab title marks the
turn; a chat message and the opponent's presence reach the other open page
by the status poll; a move's answer wins over a poll's refresh. Uses the
example game (Duel): both players pick a card at once, so both have a turn on
the first move.
"""
import os

import pytest

from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
SIZES = {"wide": (1400, 900), "phone": (390, 844)}


def shot(page, name: str) -> None:
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=f"{ARTIFACTS}/{name}.png")


def outside_viewport(page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly inside the viewport as the page first shows."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter(el => {
        const r = el.getBoundingClientRect();
        return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
    }).map(el => el.textContent.trim())""", selector)


@pytest.mark.parametrize("size", SIZES)
def test_the_action_bar_shows_the_turn_and_every_choice_without_scrolling(browser, live_server, duel, alice, size):
    page = logged_in_page(browser, live_server, alice, *SIZES[size])
    page.goto(f"{live_server.url}/games/{duel.pk}/")
    choices = ".action-bar .choices button"
    page.wait_for_selector(choices)
    assert page.locator(choices).count() == 4
    assert outside_viewport(page, choices) == []
    assert outside_viewport(page, ".action-bar .turn-flag") == []
    assert page.evaluate("scrollY") == 0
    assert "Your turn" in page.inner_text("#game-status")
    assert page.title().startswith(f"▶ #{duel.pk} ")
    # the choices are named in words (the card names), never ids
    assert all(not label.isdigit() for label in page.locator(choices).all_inner_texts())
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, f"page-duel-your-turn-{size}")
    page.locator(choices).first.click()
    page.wait_for_selector("#game-status:has-text('Waiting for')")
    page.wait_for_function("() => !document.title.startsWith('▶')", timeout=5_000)  # set as the swap settles
    page.context.close()


def test_chat_and_presence_reach_the_opponents_open_page_by_the_status_poll(browser, live_server, duel, alice, bob):
    a = logged_in_page(browser, live_server, alice, *SIZES["wide"])
    b = logged_in_page(browser, live_server, bob, *SIZES["phone"])
    for page in (a, b):
        page.goto(f"{live_server.url}/games/{duel.pk}/")
        page.wait_for_selector(".chat-form input[name=body]")
    # each page tells that the other player is here (the status poll, every 3 s)
    a.wait_for_selector(".presence .here:has-text('bob')", timeout=10_000)
    b.wait_for_selector(".presence .here:has-text('alice')", timeout=10_000)
    a.fill(".chat-form input[name=body]", "Good luck, have fun")
    a.click(".chat-form button[type=submit]")
    a.wait_for_selector(".chat-lines li:has-text('Good luck, have fun')")
    # the status poll (every 3 s) brings it; the bound is generous for a loaded machine, not a target
    b.wait_for_selector(".chat-lines li:has-text('Good luck, have fun')", timeout=30_000)
    # a half-written reply survives the opponent's move (only the disputes box reloads)
    b.fill(".chat-form input[name=body]", "you t")
    a.locator(".action-bar .choices button").first.click()
    b.wait_for_selector(".presence .here")
    b.wait_for_function(f"() => document.querySelector('#game-status').dataset.seq !== '{duel.seq}'", timeout=10_000)
    assert b.input_value(".chat-form input[name=body]") == "you t"
    shot(b, "page-duel-chat-phone")
    a.context.close()
    b.context.close()


def test_a_moves_answer_wins_over_a_panel_refresh_the_poll_asks_for_meanwhile(browser, live_server, duel, alice):
    """Issue 29, item 1: the poll's refresh, answered while the move was still on
    its way (slowed here to a second and a half), put the old buttons back and
    the move's own answer was dropped; clicking again met "The game has moved on"."""
    page = logged_in_page(browser, live_server, alice, *SIZES["wide"])
    page.goto(f"{live_server.url}/games/{duel.pk}/")
    choices = ".action-bar .choices button"
    page.wait_for_selector(choices)

    def slow_move(route):
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/act/", slow_move)
    page.evaluate("window.hotline.pollNow = () => false")  # no later poll may repair the page
    with page.expect_response("**/act/"):
        page.locator(choices).first.click()
        page.evaluate("document.body.dispatchEvent(new Event('game-changed'))")  # what the poll sends
    # the move's answer shows: alice waits for bob (before the fix the old buttons stayed)
    page.wait_for_function(f"() => document.querySelectorAll('{choices}').length === 0", timeout=15_000)
    assert duel.moves.filter(verb="pick").count() == 1
    page.context.close()


def test_chat_that_arrives_out_of_view_is_counted_in_the_status_line_and_the_tab_title(
        browser, live_server, duel, alice, bob):
    """Issue 29, item 9: on a phone the chat box is below the fold; new lines
    show as "2 new messages" in the status line and "(2)" in the tab title
    until a chat box comes into view."""
    from games.moderation import services as moderation

    page = logged_in_page(browser, live_server, bob, *SIZES["phone"])
    page.goto(f"{live_server.url}/games/{duel.pk}/")
    page.wait_for_selector("#game-status")
    assert page.locator(".chat-unread").is_hidden()
    moderation.chat_post(game=duel, user=alice, body="first line")
    moderation.chat_post(game=duel, user=alice, body="second line")
    page.wait_for_selector(".chat-unread:has-text('2 new messages')", timeout=30_000)
    assert page.title().startswith("(2) ")
    shot(page, "page-duel-unread-chat-phone")
    # goes to the chat: the link's own click (a pointer click first scrolls the page,
    # which can bring the chat into view and hide the link before the click lands)
    page.locator(".chat-unread").dispatch_event("click")
    page.wait_for_selector(".chat-unread", state="hidden", timeout=30_000)
    assert not page.title().startswith("(")
    page.context.close()


def test_the_joined_flash_goes_once_the_game_moves_on(browser, live_server, alice, bob):
    """Issue 29, item 16: "You joined the game." stayed on the game page until the
    next page load; it goes when the status poll sees a new move (and has a
    dismiss button)."""
    from games.play import services

    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    page = logged_in_page(browser, live_server, bob, *SIZES["wide"])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click("form[action$='/join/'] button")
    page.wait_for_selector(".messages li:has-text('You joined the game.') button.dismiss")
    game.refresh_from_db()
    card = sorted(game.state["hands"]["north"])[0]
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=game.seq)
    page.wait_for_selector(".messages li:has-text('You joined the game.')", state="detached", timeout=30_000)
    page.context.close()
