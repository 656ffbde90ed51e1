"""The Warring Colonies table page in headless Chromium (Playwright, Debian's chromium).

Games of 4 and 7 players started through the site; moves by the rules'
defaults through the real move pipeline up to the action step; screenshots
at 1400 x 900 and 390 x 844 (``artifacts/screenshots/dow-*.png``); a click on
a survivor's button on the board is a move; the phone page never scrolls
sideways.
"""
from __future__ import annotations

import os

import pytest

from games.play import services
from games.models import Game
from games.rules.core.flow import Flow
from games.titles.dead_of_winter.rules import RULES
from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")


def start(make_user, players: int):
    users = [make_user(f"colonist{players}x{n}") for n in range(1, players + 1)]
    game = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": players})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    return game, {s.role: s.user for s in game.seats.all()}


def play_defaults_until(game, users, step: str, moves: int = 400):
    """Each active role's default move through the site's pipeline until ``step`` is on top."""
    for _ in range(moves):
        game.refresh_from_db()
        top = Flow.top(game.state)
        if top and top["step"] == step:
            return game
        role = game.active_roles[0]
        action = RULES.default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=users[role], verb=action.verb, arg=action.arg,
                             expected_seq=game.seq)
    raise AssertionError(f"{step} never reached")


def shot(page, name: str, full: bool = False) -> None:
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=f"{ARTIFACTS}/dow-{name}.png", full_page=full)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("players", [4, 7])
def test_the_table_page_on_a_desktop_and_a_phone(browser, live_server, make_user, players):
    game, users = start(make_user, players)
    draft_role = game.active_roles[0]
    page = logged_in_page(browser, live_server, users[draft_role], 390, 844)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("[data-dow-board]")
    shot(page, f"{players}p-draft-phone")
    game = play_defaults_until(game, users, "act")
    role = game.active_roles[0]
    for width, height, kind in ((1400, 900, "desktop"), (390, 844, "phone")):
        page = logged_in_page(browser, live_server, users[role], width, height)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("[data-dow-board]")
        assert no_sideways_scroll(page), kind
        shot(page, f"{players}p-act-{kind}")
        page.locator(".bar-toggle").first.click()  # the player hides the choices to read the board
        for part in (".dow-tracker", ".dow-colony", ".dow-den", ".dow-locations"):
            if page.locator(part).count():
                page.locator(part).first.screenshot(path=f"{ARTIFACTS}/dow-{players}p-{part[5:]}-{kind}.png")
        page.locator(".dow-me").scroll_into_view_if_needed()
        shot(page, f"{players}p-hand-{kind}")
        page.locator(".dow-town").scroll_into_view_if_needed()
        shot(page, f"{players}p-town-{kind}")
        if kind == "phone":
            shot(page, f"{players}p-full-phone", full=True)
    seq = game.seq
    button = page.locator(".dow-sv.choosable button, .dow-card.choosable button").first
    verb = button.get_attribute("data-dow-choice")
    button.scroll_into_view_if_needed()
    shot(page, f"{players}p-survivor-phone")
    button.click()
    page.wait_for_function(f"() => document.querySelector('[data-dow-board]').dataset.seq !== '{seq}'", timeout=30_000)
    game.refresh_from_db()
    assert game.seq == seq + 1 and game.moves.order_by("-seq").first().verb == verb


def random_until(players: int, step: str, seed: int, limit: int = 20000):
    """A random game (no undo) until ``step`` is on top, with survivors spread over the town."""
    import random

    from games.rules.core.testing import new_game, random_inputs

    state = new_game(RULES, seed, options={"players": players})
    for _ in random_inputs(RULES, state, random.Random(seed), prefer="move", limit=limit):
        if Flow.top(state)["step"] == step and state["round"] > 1:
            return state
    return None


@pytest.mark.parametrize("players,step,seed", [(6, "sealed", 11), (9, "elect", 5), (5, "act", 8)])
def test_screens_of_a_game_in_play(browser, live_server, players, step, seed):
    """The board of a game well under way, in a page with the site's CSS, at both sizes."""
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    state = next(s for s in (random_until(players, step, seed + i) for i in range(20)) if s)
    role = state["active"][0]
    picture = SimpleNamespace(view=RULES.view(state, role), role=role,
                              prompt=RULES.prompt(state, role))
    board = render_to_string("dead_of_winter/board.html", {
        "view": picture.view, "picture": picture,
        "game": SimpleNamespace(pk=1, seq=99, active_roles=state["active"])})
    board = board.replace('href="/static/', f'href="{live_server.url}/static/').replace(
        'src="/static/', f'src="{live_server.url}/static/')
    html = (f'<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">'
            f'<link rel="stylesheet" href="{live_server.url}/static/css/site.css"></head>'
            f'<body><main><section class="game-board board">{board}</section></main></body></html>')
    for width, height, kind in ((1400, 900, "desktop"), (390, 844, "phone")):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{live_server.url}/static/dead_of_winter/board.css")
        page.set_content(html, wait_until="load")
        assert no_sideways_scroll(page), kind
        shot(page, f"{players}p-{step}-{kind}")
        for part in (".dow-tracker", ".dow-combat", ".dow-colony", ".dow-locations", ".dow-me"):
            if page.locator(part).count():
                page.locator(part).first.screenshot(path=f"{ARTIFACTS}/dow-{players}p-{step}-{part[5:]}-{kind}.png")
        context.close()


@pytest.mark.parametrize("players", [11])
def test_movement_asks_for_the_survivor_then_the_destination_with_pass_always_in_view(
        browser, live_server, make_user, players):
    """Issue 29 item 3: at 390 x 844 the movement step shows one disclosure per survivor
    instead of a wall of "X to Y" buttons; opening one shows its destinations; Pass is in
    view at the foot of the bar without scrolling it; a destination click is the move."""
    game, users = start(make_user, players)
    game = play_defaults_until(game, users, "move")
    role = game.active_roles[0]
    page = logged_in_page(browser, live_server, users[role], 390, 844)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    parts = page.locator(".action-bar .choice-part")
    assert parts.count() >= 1
    moves = page.locator(".action-bar button[data-verb=move]")
    assert moves.count() > 0 and not any(moves.nth(i).is_visible() for i in range(moves.count()))
    passing = page.locator(".action-bar .choice-always button[data-verb=pass]")
    assert passing.is_visible()
    box = passing.bounding_box()
    assert box and box["y"] + box["height"] <= 844 and page.evaluate(
        "(b) => document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.closest('button[data-verb=pass]') !== null",
        box)
    parts.first.locator("summary").click()
    destination = parts.first.locator("button[data-verb=move]").first
    assert destination.is_visible()
    shot(page, f"{players}p-move-phone")
    seq = game.seq
    destination.click()
    page.wait_for_function(f"() => document.querySelector('[data-dow-board]').dataset.seq !== '{seq}'", timeout=30_000)
    game.refresh_from_db()
    assert game.seq == seq + 1 and game.moves.order_by("-seq").first().verb == "move"
