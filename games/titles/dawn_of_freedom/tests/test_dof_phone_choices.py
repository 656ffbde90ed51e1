"""Issue 29 item 6: at 390 x 844 every card row of the action bar shows the card's
whole name and its ops (no "Pru…"): short lines beside its buttons, or
a line of its own above them when a card has four or more ways to be played."""
import pytest

from games.rules.core.flow import Flow
from games.titles.dawn_of_freedom.presentation import PRESENTATION
from games.titles.dawn_of_freedom.rules import RULES
from games.titles.dawn_of_freedom.tests.test_dof_board import play_random, start_game
from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def to_an_action_round(game, users):
    """Random legal moves (the set-up included) until the Communist plays a card."""
    def asked(row):
        top = Flow.top(row.state)
        return bool(top) and top["step"] == "action" and row.active_roles == ["communist"]
    play_random(game, users, 300, until=asked)
    game.refresh_from_db()
    assert asked(game), "no action round"
    return game, "communist"


def test_every_card_row_shows_the_whole_name_and_ops_on_a_phone(browser, live_server, alice, bob):
    game, role = to_an_action_round(start_game(alice, bob), {"communist": alice, "democrat": bob})
    page = logged_in_page(browser, live_server, alice, 390, 844)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    rows = page.locator(".action-bar .choice-row")
    assert rows.count() >= 3
    names = {str(PRESENTATION.choice_label(c)) for c in RULES.prompt(game.state, role).choices}
    for i in range(rows.count()):
        label = rows.nth(i).locator(".choice-row-label")
        shown = label.inner_text()
        assert label.evaluate("el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1"), shown
        assert any(shown.startswith(name) for name in names) and ("op" in shown or "scoring" in shown.lower()), shown
        assert label.bounding_box()["width"] >= 90, shown  # never a sliver of two or three letters
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
