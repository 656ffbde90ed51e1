"""Twilight Struggle end to end in headless Chromium (Playwright, Debian's chromium).

Two browser contexts (alice: USSR on a 360 px phone, bob: US on a desktop)
create and accept a game, place setup influence by clicking countries, pick
headlines in secret and play action rounds (influence by clicking, a coup or
realignment with its dice, a space race attempt). The waiting player's page
updates by itself; an illegal click changes nothing and says why; no page,
partial or JSON of one player carries the other's hand. The seed is random,
so the test reads ``game.state`` to decide what to click.
"""
from __future__ import annotations

import json
import os
import re

import pytest

from tests.fixtures import logged_in_page, without_card_texts

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
CARD_VERBS = ("event", "ops", "space", "headline", "discard", "card")


def shot(page, name: str) -> None:
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=f"{ARTIFACTS}/ts-{name}.png", full_page=True)


class Match:
    """The game, both pages, and helpers that act on the page of the role to move."""

    def __init__(self, game, pages, live_server):
        self.game, self.pages, self.url = game, pages, live_server.url

    def fresh(self):
        self.game.refresh_from_db()
        return self.game

    def prompt(self, role):
        from games import engine

        return engine.rules_for(self.game).prompt(self.fresh().state, role)

    def synced(self, role):
        """The role's page shows the current move: it updated by itself (status poll)."""
        seq = self.fresh().seq
        self.pages[role].wait_for_function(
            f"() => document.querySelector('[data-ts-board]') && document.querySelector('[data-ts-board]').dataset.seq === '{seq}'",
            timeout=20_000)
        return seq

    def after(self, role, seq):
        """Wait until the role's own page shows the move after ``seq`` (its HTMX swap)."""
        self.pages[role].wait_for_function(
            f"() => document.querySelector('[data-ts-board]') && document.querySelector('[data-ts-board]').dataset.seq !== '{seq}'",
            timeout=20_000)

    def click_country(self, role, country):
        seq = self.synced(role)
        self.pages[role].click(f".ts-map g[data-country='{country}'][data-ts-choice]")
        self.after(role, seq)

    def click_card(self, role, verb, card):
        seq = self.synced(role)
        self.pages[role].click(f".ts-hand button[data-card-verb='{verb}'][data-card-arg='{card}']")
        self.after(role, seq)

    def click_prompt(self, role, verb, arg=None):
        seq = self.synced(role)
        selector = f"#game-panel .prompt button[data-verb='{verb}']"
        if arg is not None:
            selector += f"[data-arg='{json.dumps(arg)}']"
        self.pages[role].locator(selector).first.click()
        self.after(role, seq)

    def step_any(self):
        """Answer whatever is asked (event choices) with a harmless offered choice."""
        game = self.fresh()
        role = game.active_roles[0]
        choices = list(self.prompt(role).choices)
        order = ("done", "ok", "keep", "order", "option", "place", "remove", "pick", "card", "discard",
                 "mode", "realign", "coup", "headline", "ops", "event", "space", "pass")
        choice = min(choices, key=lambda c: order.index(c.verb) if c.verb in order else 99)
        if choice.verb in ("place", "remove", "pick", "realign", "coup") and isinstance(choice.arg, int):
            self.click_country(role, choice.arg)
        else:
            self.click_prompt(role, choice.verb, choice.arg)

    def step_name(self):
        from games.rules.core.flow import Flow

        frame = Flow.top(self.fresh().state)
        return frame["step"] if frame else None

    def to_next_action(self, limit=40):
        """Resolve leftovers (events, opponent choices) until someone is asked to play a card."""
        for _ in range(limit):
            if self.fresh().status != "active":
                return False
            if self.step_name() == "action":
                return True
            self.step_any()
        raise AssertionError("no action round reached")

    def until_action(self, role, limit=40):
        """Resolve pending event prompts until ``role`` is asked to play a card."""
        for _ in range(limit):
            game = self.fresh()
            if game.status != "active":
                return False
            if game.active_roles == [role] and self.step_name() == "action":
                return True
            self.step_any()
        raise AssertionError("the game did not reach the action round")


def visible(html: str) -> str:
    """The page without our own card summaries (in the hand, the log's card popovers and the
    being-played panel): they name other cards ("not after The Iron Lady")."""
    return re.sub(r'<p class="ts-card-text">.*?</p>|<span class="ts-small">[^<]*</span>', "", without_card_texts(html),
                  flags=re.S)


def other_hand_canary(match, viewer, page):
    """No page, partial or JSON of ``viewer`` names or ids a card of the other hand."""
    from games import engine
    from games.titles.twilight_struggle.rules import data

    game = match.fresh()
    other = "us" if viewer == "ussr" else "ussr"
    public = json.dumps(engine.public_log(game))
    secret = [n for n in game.state["hands"][other] if f'"card": {n}' not in public]
    names = [data.CARD_NAME[n] for n in secret]
    urls = [f"/games/{game.pk}/", f"/games/{game.pk}/panel/", f"/games/{game.pk}/status/",
            f"/games/{game.pk}/log/", f"/api/games/{game.pk}/", f"/api/games/{game.pk}/log/",
            f"/api/games/{game.pk}/prompt/"]
    bodies = page.evaluate("""async (urls) => Promise.all(urls.map(async u =>
        (await fetch(u, {headers: u.includes('/panel/') || u.includes('/log/') ? {'HX-Request': 'true'} : {}})).text()))""",
                           urls)
    bodies.append(page.content())
    for url, body in zip(urls + ["live DOM"], bodies):
        text = visible(body)
        leaked = [name for name in names if name in text]
        assert not leaked, f"{viewer} sees {leaked} of the {other} hand in {url}"
        for n in secret:
            assert f'data-card="{n}"' not in body and f'data-card-arg="{n}"' not in body
        if url.startswith("/api/games/") and url.count("/") == 4:
            view = json.loads(body)["view"]
            assert not set(view["hand"]) & set(game.state["hands"][other])
            assert view["hands"] is None


def test_twilight_struggle_two_players_in_the_browser(browser, live_server, alice, bob):
    from games.models import Game
    from games.titles.twilight_struggle.rules import data

    a = logged_in_page(browser, live_server, alice, 360, 780)  # USSR, phone
    b = logged_in_page(browser, live_server, bob, 1280, 900)  # US, desktop
    a.goto(f"{live_server.url}/games/new/")
    a.select_option("select[name=title_id]", "twilight_struggle")
    a.select_option("select[name=side]", "ussr")
    a.fill("input[name=invite]", "bob")
    a.click("main button[type=submit]")
    game = Game.objects.get()
    b.goto(f"{live_server.url}/games/{game.pk}/")
    b.click("button:has-text('Accept invitation')")
    b.wait_for_selector(".ts-map")
    a.goto(f"{live_server.url}/games/{game.pk}/")
    match = Match(game, {"ussr": a, "us": b}, live_server)
    assert match.fresh().active_roles == ["ussr"]
    assert a.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert b.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # -- setup: the USSR in Eastern Europe, by clicking countries ------------------
    east = sorted(data.AREAS["eastern_europe"])
    assert a.locator(".ts-map g[data-ts-choice]").count() == len(east)
    shot(a, "01-setup-ussr-phone")
    # an illegal click: France is not a choice; nothing is sent and the page says why
    seq = match.fresh().seq
    a.locator(".ts-map g[data-country='8']").click()
    assert "France is not one of your choices" in a.inner_text("#ts-hint")
    # a forged request for it is refused by the server, and the panel shows the reason
    a.evaluate("""([url, seq]) => htmx.ajax('POST', url, {target: '#game-panel', swap: 'outerHTML',
        values: {verb: 'place', arg: '8', expected_seq: String(seq)}})""", [f"/games/{game.pk}/act/", seq])
    a.wait_for_selector("#game-panel .error")
    assert a.inner_text("#game-panel .error").strip()
    assert match.fresh().seq == seq
    for country in (16, 16, 20, 17, 18, 19):  # Poland, Romania, ...
        match.click_country("ussr", country)
    assert match.fresh().state["inf"]["ussr"][16] == 2
    # -- the US page updated by itself; the US places in Western Europe ------------------
    b.wait_for_selector(".ts-map g[data-ts-choice][data-country='8']", timeout=20_000)
    for country in (8, 8, 10, 10, 13, 13, 9):
        match.click_country("us", country)
    shot(b, "02-after-setup-desktop")

    # -- headlines: each page shows only its own pick until the reveal ------------------
    headlines = {}
    for role in ("ussr", "us"):
        match.synced(role)
        page = match.pages[role]
        buttons = page.locator(".ts-hand button[data-card-verb='headline']")
        seq = match.fresh().seq
        if buttons.count():
            card = int(buttons.first.get_attribute("data-card-arg"))
            buttons.first.click()
            headlines[role] = card
            match.after(role, seq)
            assert data.CARD_NAME[card] in page.inner_text(".ts-headline")
        else:
            match.click_prompt(role, "headline")
            headlines[role] = None
        if role == "ussr" and headlines["ussr"]:
            # bob (US) has not chosen: his page must not show the USSR pick
            match.synced("us")
            assert data.CARD_NAME[headlines["ussr"]] not in visible(b.content())
            shot(a, "03-headline-chosen-phone")
            other_hand_canary(match, "us", b)
            other_hand_canary(match, "ussr", a)
    game = match.fresh()
    for role, card in headlines.items():
        if card:
            assert any(line.get("kind") == "headline" for m in game.moves.all() for line in m.log)
    match.until_action("ussr")
    match.synced("ussr")
    match.synced("us")
    for role, card in headlines.items():
        if card:  # both picks are shown to both players after the reveal
            for page in (a, b):
                assert data.CARD_NAME[card] in page.inner_text("#game-panel")
    shot(b, "04-after-headline-desktop")

    # -- action rounds -------------------------------------------------------------------
    done = {"influence": False, "dice": False, "space": False}
    for _round in range(8):
        if all(done.values()) or not match.to_next_action():
            break
        play_round(match, match.fresh().active_roles[0], done)
        other_hand_canary(match, "ussr", a)
        other_hand_canary(match, "us", b)
    assert done["influence"], "no influence placement by clicking countries"
    assert done["dice"], "no coup or realignment was possible"
    shot(a, "06-action-rounds-phone")
    shot(b, "06-action-rounds-desktop")
    assert a.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the log links every line to the board after its move
    href = b.locator(".game-log a.log-move").last.get_attribute("href")
    b.goto(f"{live_server.url}{href}")
    b.wait_for_selector(".ts-map")
    assert not b.locator(".ts-map g[data-ts-choice]").count()
    shot(b, "07-past-move-desktop")


def play_round(match, role, done):
    """One action round of ``role``: space race, dice or influence, whichever is still to show."""
    page = match.pages[role]
    match.synced(role)
    prompt = match.prompt(role)
    offered = {(c.verb, c.arg) for c in prompt.choices}
    hand = match.fresh().state["hands"][role]
    from games.titles.twilight_struggle.rules import data

    def own_first(cards):  # own or neutral cards first: no opponent event to resolve
        return sorted(cards, key=lambda n: (data.SIDE[n] not in (role, "neutral"), -data.OPS[n]))

    space = own_first([n for n in hand if ("space", n) in offered])
    ops = own_first([n for n in hand if ("ops", n) in offered])
    if not done["space"] and space and done["influence"]:
        card = space[0]
        before = match.fresh().state["space"][role]
        match.click_card(role, "space", card)
        log = page.inner_text(".game-log")
        assert re.search(r"space race attempt .*with .*rolled \d", log), log[-400:]
        after = match.fresh().state["space"][role]
        assert after in (before, before + 1)
        # either way the page says what happened, and the marker moved only on a success
        assert ("— success." if after > before else "— failed.") in log, log[-400:]
        shot(page, "05-space-race")
        done["space"] = True
        return
    if not ops:
        match.step_any()
        return
    card = ops[0]
    match.click_card(role, "ops", card)
    if match.step_name() == "order":
        match.click_prompt(role, "order", "ops_first")
    if match.step_name() != "ops_mode":
        return
    modes = {c.arg for c in match.prompt(role).choices}
    want = "influence" if not done["influence"] else ("coup" if "coup" in modes else "realign")
    if want not in modes:
        want = "influence"
    match.click_prompt(role, "mode", want)
    if want == "influence":
        while match.step_name() == "influence":
            places = [c.arg for c in match.prompt(role).choices if c.verb == "place" and isinstance(c.arg, int)]
            match.click_country(role, places[0])
        done["influence"] = True
        return
    targets = [c.arg for c in match.prompt(role).choices if c.verb == want and isinstance(c.arg, int)]
    safe = [c for c in targets if not data.BATTLEGROUND[c]] or targets
    match.click_country(role, safe[0])
    log = page.inner_text(".game-log")
    assert re.search(r"(coup|realignment) in .*rolled \d", log), log[-400:]
    shot(page, f"05-{want}")
    done["dice"] = True
    while match.fresh().status == "active" and match.step_name() == "realign" and match.fresh().active_roles == [role]:
        more = [c.arg for c in match.prompt(role).choices if c.verb == "realign" and isinstance(c.arg, int)]
        if not more:
            break
        match.click_country(role, more[0])


# -- the game page at a glance: action bar, Fit, and every page at both sizes ------------
SIZES = {"wide": (1400, 900), "phone": (390, 844)}


def _outside(page, selector):
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter(el => {
        const r = el.getBoundingClientRect();
        return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
    }).map(el => el.getAttribute('aria-label') || el.textContent.trim())""", selector)


def _mid_game(alice, bob, moves=150, choices=(0, 999)):
    """A game after ``moves`` random moves, then on until the player to move has a number
    of choices in the range ``choices`` (e.g. an action round with most of a hand)."""
    from unittest import mock

    from games import engine
    from games.play import services
    from games.titles.twilight_struggle.tests.test_ts_board import play_random, start_game

    with mock.patch.object(services.secrets, "randbits", return_value=20261208):  # the same deal every run
        game = start_game(alice, bob)
    players = {"ussr": alice, "us": bob}
    play_random(game, players, moves)
    for seed in range(200):
        game.refresh_from_db()
        prompt = engine.rules_for(game).prompt(game.state, game.active_roles[0])
        if choices[0] <= len(prompt.choices) <= choices[1]:
            break
        play_random(game, players, 1, seed=seed)
    return game


def test_mid_game_the_choices_are_in_view_and_fit_shows_the_whole_map(browser, live_server, alice, bob):
    # 16-24 choices: an action round with most of a hand (card x event/operations/space race) or a
    # realignment among many countries. Longer lists (influence anywhere: 50+ countries) scroll inside
    # the bar on a phone; the map offers the same choices highlighted.
    game = _mid_game(alice, bob, moves=20, choices=(16, 24))
    players = {"ussr": alice, "us": bob}
    role = game.active_roles[0]
    for size, (width, height) in SIZES.items():
        page = logged_in_page(browser, live_server, players[role], width, height)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".action-bar .choices button")
        # the turn, what is asked and every choice, without scrolling
        assert page.evaluate("scrollY") == 0
        assert _outside(page, ".action-bar .choices button") == []
        assert "Your turn" in page.inner_text(".action-bar")
        assert page.title().startswith(f"▶ #{game.pk} ")
        shot(page, f"page-game-your-turn-{size}")
        page.emulate_media(color_scheme="dark")  # prefers-color-scheme: the page follows it
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(23, 24, 26)"
        shot(page, f"page-game-dark-{size}")
        page.emulate_media(color_scheme="light")
        # "Fit": the whole map inside its frame, and the frame inside the window beside the bar
        page.click(".ts-zoom[data-zoom='0']")
        page.wait_for_selector("[data-ts-frame][data-zoom='fit']")
        page.evaluate("document.querySelector('[data-ts-frame]').scrollIntoView({block: 'start'})")
        box = page.evaluate("""() => {
            const f = document.querySelector('[data-ts-frame]').getBoundingClientRect();
            const m = document.querySelector('.ts-map').getBoundingClientRect();
            const b = document.querySelector('.action-bar').getBoundingClientRect();
            return {f: [f.left, f.top, f.right, f.bottom], m: [m.left, m.top, m.right, m.bottom],
                    b: [b.top, b.bottom], h: innerHeight, w: innerWidth};
        }""")
        (fl, ft, fr, fb), (ml, mt, mr, mb) = box["f"], box["m"]
        assert fl - 1 <= ml and mr <= fr + 1 and ft - 1 <= mt and mb <= fb + 1, box
        assert -1 <= ft and fb <= box["h"] + 1 and 0 <= fl and fr <= box["w"], box  # (subpixel scroll)
        bar_top, bar_bottom = box["b"]
        assert fb <= bar_top + 1 or ft >= bar_bottom - 1, box  # the bar covers no part of the map
        shot(page, f"page-game-fit-{size}")
        page.click(".ts-zoom[data-zoom='1']")  # leave the zoom as a player would find it
        page.context.close()
        # the waiting player: the status line and title say whose turn it is
        other = "us" if role == "ussr" else "ussr"
        page = logged_in_page(browser, live_server, players[other], width, height)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("#game-status")
        assert "Waiting for your opponent" in page.inner_text("#game-status")
        assert not page.title().startswith("▶")
        shot(page, f"page-game-waiting-{size}")
        page.context.close()


def test_every_page_at_both_sizes_for_the_screenshots(browser, live_server, alice, bob, carol):
    from games.play import services

    game = _mid_game(alice, bob, moves=40)
    invite = services.game_create(user=alice, title_id="twilight_struggle", creator_role="ussr",
                                  options={"chinese_civil_war": True, "us_bid": 2}, invite_username="carol")
    services.game_create(user=bob, title_id="twilight_struggle", creator_role="us", options={})
    pages = [("lobby", carol, "/games/lobby/"), ("create", carol, "/games/new/"),
             ("invitation", carol, f"/games/{invite.pk}/"), ("my-games", alice, "/games/"),
             ("my-invitations", carol, "/games/"), ("profile", alice, "/profile/"),
             ("player", carol, "/ladder/players/alice/"),
             ("api-docs", alice, "/api/docs/"), ("game-spectator", carol, f"/games/{game.pk}/")]
    for size, (width, height) in SIZES.items():
        for name, user, url in pages:
            page = logged_in_page(browser, live_server, user, width, height)
            failed, asked = [], []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.on("request", lambda request: asked.append(request.url))
            response = page.goto(f"{live_server.url}{url}")
            page.wait_for_load_state("networkidle")
            assert response.status == 200, (name, response.status)
            assert failed == [], (name, failed)
            assert [u for u in asked if not u.startswith((live_server.url, "data:", "blob:"))] == [], name
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
            text = page.inner_text("body")
            for placeholder in ("arrive soon", "coming", "True", "False", "Ussr", "Us bid", "Side bid"):
                assert placeholder not in text, (name, placeholder)
            if name == "api-docs":
                page.wait_for_selector(".swagger-ui .opblock")  # drawn from our own static files
            if name == "invitation":  # the invitee knows the side and the options before accepting
                assert "you play US" in text and "Chinese Civil War variant: Yes" in text
            shot(page, f"page-{name}-{size}")
            page.context.close()
