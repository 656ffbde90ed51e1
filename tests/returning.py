"""Helpers for the returning-player browser tests of each title (issue 28).

`Table` plays a site game through the move service, as the players' clicks
would, choosing by the rules' own prompts. `comes_back` opens the returning
player's game page in Chromium on a desktop and a phone and checks what they
see first: "Since you last looked" above the fold with the given words, the
given places ringed on the map, a name in the briefing that rings its place
when hovered, a card name in the log that opens its text; and that the turn
mail they got (a real SMTP server on loopback, ``tests.test_emails.smtp``)
tells the same. Screenshots go to artifacts/screenshots/.
"""
from __future__ import annotations

import os

from games import engine
from games.models import Game
from games.play import services
from games.rules.core.flow import Flow
from tests.fixtures import logged_in_page

ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}


class Table:
    def __init__(self, game: Game, users: dict):
        self.game, self.users = game, users

    def fresh(self) -> Game:
        self.game.refresh_from_db()
        return self.game

    def choices(self, role) -> list:
        game = self.fresh()
        return [c for c in engine.rules_for(game).prompt(game.state, role).choices if c.verb != "undo"]

    def submit(self, role, verb, arg=None) -> None:
        services.move_submit(game_id=self.game.pk, user=self.users[role], verb=verb, arg=arg,
                             expected_seq=self.fresh().seq)

    def step(self) -> str | None:
        frame = Flow.top(self.fresh().state)
        return frame["step"] if frame else None

    def answer(self, prefer=()) -> tuple:
        """The first seat asked answers with its first choice (a verb in ``prefer`` first)."""
        role = self.fresh().active_roles[0]
        choices = self.choices(role)
        choice = next((c for verb in prefer for c in choices if c.verb == verb or c.arg == verb), choices[0])
        self.submit(role, choice.verb, choice.arg)
        return role, choice

    def answer_until(self, done, prefer=(), limit: int = 80) -> None:
        """Everyone answers (``answer``) until ``done(table)`` holds."""
        for _ in range(limit):
            if done(self):
                return
            self.answer(prefer)
        raise AssertionError("the game never came to the expected point")


def mail_bodies(smtp, user) -> list[str]:
    return [body for subject, body in smtp.texts(user.email) if subject.startswith("Your turn")]


def comes_back(browser, live_server, smtp, game: Game, user, name: str, words: list[str],
               places: list[str], korean: bool = False) -> None:
    """``user`` opens the game page: see the module docstring. ``places`` are CSS
    selectors of board elements that must be ringed as changed (and then the
    briefing names a place that rings when hovered); ``korean`` opens it in Korean too."""
    mails = mail_bodies(smtp, user)
    assert mails and "Since you last looked" in mails[-1], [s for s, _ in smtp.texts(user.email)]
    assert all(word in mails[-1] for word in words), (words, mails[-1])
    for size, (width, height) in SIZES.items():
        page = logged_in_page(browser, live_server, user, width=width, height=height)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        briefing = page.locator("#briefing")
        text = briefing.inner_text()
        assert "Since you last looked" in text and all(word in text for word in words), (words, text)
        assert briefing.bounding_box()["y"] < height, size  # above the fold
        for place in places:
            page.wait_for_selector(f".game-board {place}.changed", state="attached")
        if places:  # a name in the briefing rings its place while hovered
            briefing.locator(".place-link").first.hover()
            page.wait_for_function("() => document.querySelectorAll('.game-board .pointed').length > 0")
        os.makedirs(ARTIFACTS, exist_ok=True)
        page.screenshot(path=f"{ARTIFACTS}/returning-{game.title_id}-{name}-{size}.png", full_page=False)
        card = page.locator(".game-log .card-link").last
        if size == "desktop" and card.count():
            card.click()
            assert page.locator(".card-pop:popover-open").count() == 1
        page.context.close()
    if korean:
        in_korean(browser, live_server, game, user, name)


def in_korean(browser, live_server, game: Game, user, name: str) -> None:
    """The same page for a reader of Korean, at both sizes (screenshots to look at)."""
    from accounts.models import Profile

    before = Profile.objects.get(user=user).language
    Profile.objects.filter(user=user).update(language="ko")
    try:
        for size, (width, height) in SIZES.items():
            page = logged_in_page(browser, live_server, user, width=width, height=height)
            page.goto(f"{live_server.url}/games/{game.pk}/")
            assert "마지막으로 본 이후" in page.locator("#briefing").inner_text()
            page.screenshot(path=f"{ARTIFACTS}/returning-{game.title_id}-{name}-ko-{size}.png", full_page=False)
            page.context.close()
    finally:
        Profile.objects.filter(user=user).update(language=before)
