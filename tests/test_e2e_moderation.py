"""The moderator timeline and the takeback picker in headless Chromium for any title (the
example Duel): moves in words, a pending secret pick hidden, the board opening under the
clicked move. Each title's own browser test checks its card and country names."""
import os
import re

import pytest

from tests.fixtures import logged_in_page
from tests.test_moderation_fixtures import fresh_cache, mod, suspension_middleware  # noqa: F401
from tests.test_names import RAW, pick

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}


def shot(page, name: str) -> None:
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=f"{ARTIFACTS}/moderation-{name}.png")


@pytest.mark.parametrize("size", SIZES)
def test_the_timeline_reads_as_words_and_opens_the_board_under_the_move(browser, live_server, duel, alice, mod,
                                                                         size):
    pick(duel, alice, "north")
    page = logged_in_page(browser, live_server, mod, *SIZES[size])
    page.goto(f"{live_server.url}/moderation/games/{duel.pk}/#moves")
    text = page.locator("table.mod-moves").inner_text()
    assert "The game was set up." in text and "North made a secret choice." in text
    assert not RAW.search(text), RAW.search(text)
    page.locator("#move-2 .board-link").click()
    page.locator("#move-2 + tr.mod-board-row").wait_for()
    assert "Move 2: North made a secret choice." in page.locator("tr.mod-board-row").inner_text()
    shot(page, f"duel-timeline-{size}")


def test_the_takeback_picker_lists_own_moves_in_words(browser, live_server, duel, alice):
    pick(duel, alice, "north")
    duel.refresh_from_db()
    page = logged_in_page(browser, live_server, alice, 1400, 900)
    page.goto(f"{live_server.url}/games/{duel.pk}/")
    picker = page.locator(f"#takeback-{duel.pk}")
    picker.wait_for()
    options = picker.locator("option").all_inner_texts()
    assert options and options[0].startswith(f"Move {duel.seq}: North")
    assert not any(re.search(r"\(pick\)|\bpick \d", o) for o in options), options
