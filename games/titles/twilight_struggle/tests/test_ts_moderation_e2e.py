"""Names, not ids, in headless Chromium: the moderator timeline and the takeback picker
show Twilight Struggle's card and country names (no raw verbs, ids or JSON), a face-down
headline stays secret, and the board at a move opens under the clicked move.
Screenshots at 1400×900 and 390×844 go to artifacts/screenshots/."""
from __future__ import annotations

import os
import re

import pytest

from games.titles.twilight_struggle.rules import data
from tests.fixtures import logged_in_page
from tests.test_moderation_fixtures import fresh_cache, mod, suspension_middleware  # noqa: F401

from .test_ts_board import start_game
from .test_ts_names_pages import RAW, headline_pick, place_in, play_until

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}


def shot(page, name: str) -> None:
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=f"{ARTIFACTS}/names-{name}.png", full_page=False)


def game_in_headline(alice, bob):
    """Poland placed by hand, then the first choices up to the headline; the USSR picks face down."""
    game = place_in(start_game(alice, bob), alice, "ussr", "poland")
    game = play_until(game, {"ussr": alice, "us": bob}, "headline")
    card = headline_pick(game, alice, "ussr")
    game.refresh_from_db()
    return game, data.CARDS[card]["name"]


@pytest.mark.parametrize("size", SIZES)
def test_the_moderator_timeline_names_cards_and_countries_and_opens_the_board_in_place(
        browser, live_server, alice, bob, mod, size):
    game, secret = game_in_headline(alice, bob)
    page = logged_in_page(browser, live_server, mod, *SIZES[size])
    page.goto(f"{live_server.url}/moderation/games/{game.pk}/")
    moves = page.locator("table.mod-moves")
    text = moves.inner_text()
    assert "USSR placed 1 influence in Poland." in text
    assert "USSR made a secret choice." in text and secret not in text
    assert not RAW.search(text), RAW.search(text)
    assert game.result is None and "{" not in page.locator("main").inner_text()
    shot(page, f"timeline-{size}")
    page.locator("#move-2").scroll_into_view_if_needed()
    shot(page, f"timeline-moves-{size}")
    page.locator("#move-2 .board-link").click()
    board = page.locator("#move-2 + tr.mod-board-row [data-ts-board]")
    board.wait_for()
    assert "USSR placed 1 influence in Poland." in page.locator("tr.mod-board-row").inner_text()
    page.locator("tr.mod-board-row").scroll_into_view_if_needed()
    shot(page, f"timeline-board-{size}")
    page.locator("#move-3 .board-link").click()
    page.locator("#move-3 + tr.mod-board-row").wait_for()
    assert page.locator("tr.mod-board-row").count() == 1  # one board open at a time


@pytest.mark.parametrize("size", SIZES)
def test_the_takeback_picker_names_the_moves(browser, live_server, alice, bob, size):
    game = place_in(start_game(alice, bob), alice, "ussr", "poland")
    game = place_in(game, alice, "ussr", "east_germany")
    page = logged_in_page(browser, live_server, alice, *SIZES[size])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    picker = page.locator(f"#takeback-{game.pk}")
    picker.wait_for()
    options = picker.locator("option").all_inner_texts()
    assert options[0] == f"Move {game.seq}: USSR placed 1 influence in East Germany."
    assert f"Move {game.seq - 1}: USSR placed 1 influence in Poland." in options
    assert not any(RAW.search(o) for o in options), options
    picker.scroll_into_view_if_needed()
    shot(page, f"takeback-picker-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_log_page_replays_the_board(browser, live_server, alice, bob, size):
    game = place_in(start_game(alice, bob), alice, "ussr", "poland")
    game = place_in(game, alice, "ussr", "east_germany")
    page = logged_in_page(browser, live_server, alice, *SIZES[size])
    page.goto(f"{live_server.url}/games/{game.pk}/log/")
    page.locator("#replay-board [data-ts-board]").wait_for()
    assert page.locator(".replay-move").inner_text().startswith(f"Move {game.seq}:")
    page.locator(".replay-form [data-step='-1']").click()
    page.wait_for_function(f"() => document.querySelector('.replay-move').dataset.seq === '{game.seq - 1}'")
    assert "Poland" in page.locator(".replay-move").inner_text()
    shot(page, f"log-page-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_audit_pages_hand_look_and_board_pages_in_words(browser, live_server, alice, bob, mod, size):
    from games.moderation import actions

    game, _secret = game_in_headline(alice, bob)
    actions.mod_rollback(game_id=game.pk, to_seq=3, moderator=mod, reason="misclick agreed by both")
    page = logged_in_page(browser, live_server, mod, *SIZES[size])
    page.goto(f"{live_server.url}/moderation/games/{game.pk}/#actions")
    form = page.locator("form[action$='/hand/']")
    form.locator("textarea[name=reason]").fill("checking a reported headline")
    form.locator("button[type=submit]").click()
    hand = page.locator("#hand-result .hand-list")
    hand.wait_for()
    names = hand.locator("li").all_inner_texts()
    assert names and all(re.search(r"[A-Za-z]{3}", n) and not n.strip().isdigit() for n in names), names
    hand.scroll_into_view_if_needed()
    shot(page, f"hand-look-{size}")
    page.goto(f"{live_server.url}/moderation/audit/")
    text = page.locator("main").inner_text()
    assert "Back to just after move 3." in text and "{" not in text
    shot(page, f"audit-log-{size}")
    page.goto(f"{live_server.url}/moderation/games/{game.pk}/board/3/")
    page.locator("[data-ts-board]").wait_for()
    assert "Move 3: USSR placed 1 influence in" in page.locator("main").inner_text()
    shot(page, f"board-page-{size}")
    player = logged_in_page(browser, live_server, alice, *SIZES[size])
    player.goto(f"{live_server.url}/moderation/games/{game.pk}/audit/")
    text = player.locator("main").inner_text()
    assert "Back to just after move 3. Move 3: USSR placed 1 influence in" in text and "{" not in text
    shot(player, f"game-audit-{size}")
    player.goto(f"{live_server.url}/games/{game.pk}/at/2/")
    player.locator("[data-ts-board]").wait_for()
    assert "Move 2: USSR placed 1 influence in Poland." in player.locator("main").inner_text()
    shot(player, f"at-move-{size}")


def test_a_turn_mail_names_everything_and_reads_well_on_a_phone(browser, alice, bob):
    from django.core import mail

    game = place_in(start_game(alice, bob), alice, "ussr", "poland")
    mail.outbox.clear()
    from games.mail import emails

    bob_seat = game.seats.get(user=bob)
    context = {"game": game, "seat": bob_seat, "url": emails.game_url(game),
               **emails.game_facts(game, bob, emails.prompt_text(game, "us"))}
    text = emails.plain_text("emails/turn-body.txt", context | {"user": bob, "unsubscribe_url": "u",
                                                               "preferences_url": "p"})
    assert "You play the US against alice." in text
    assert f"Last move by alice: Move {game.seq}: USSR placed 1 influence in Poland." in text
    message = emails._message("turn", bob, context)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_content(message.alternatives[0][0])
    body = page.locator("body").inner_text()
    assert "Twilight Struggle" in body and "USSR placed 1 influence in Poland." in body
    shot(page, "mail-turn-phone")
