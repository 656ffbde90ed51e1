"""1989: Dawn of Freedom end to end in headless Chromium (Playwright, Debian's chromium).

Two browser contexts: alice (Communist) on a 390 x 844 phone, bob (Democrat)
on a 1400 x 900 desktop. Set-up placements by clicking spaces; an operations
play with support checks whose dice show in the log; a Tiananmen Square
attempt; a whole power struggle with a raise and a leader, its aftermath
rolls and the results-table row; the scoring shown. Hand canaries: no page,
partial, JSON or mail of one player carries the other's strategy or
power-struggle cards. The deal is random, so the test reads ``game.state``
to decide what to click, and arranges the struggle (a scoring card in hand,
a leader among the dealt cards) by editing the stored state between moves.
"""
from __future__ import annotations

import json
import os

import pytest

from games.titles.dawn_of_freedom.tests.test_dof_board import start_game
from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ARTIFACTS = os.environ.get("HOTLINE_ARTIFACTS", "artifacts/screenshots")
COM, DEM = "communist", "democrat"


def shot(page, name: str, at: str | None = None) -> None:
    """A screenshot of what the player sees (the viewport), scrolled to ``at`` when given."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    if at:
        page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'start'})", at)
        page.evaluate("window.scrollBy(0, -70)")
    page.screenshot(path=f"{ARTIFACTS}/dof-{name}.png", full_page=False)


class Match:
    def __init__(self, game, pages):
        self.game, self.pages = game, pages

    def fresh(self):
        self.game.refresh_from_db()
        return self.game

    def prompt(self, role):
        from games import engine

        return engine.rules_for(self.game).prompt(self.fresh().state, role)

    def step(self):
        from games.rules.core.flow import Flow

        frame = Flow.top(self.fresh().state)
        return frame["step"] if frame else None

    def synced(self, role):
        seq = self.fresh().seq
        self.pages[role].wait_for_function(
            f"() => document.querySelector('[data-dof-board]') && "
            f"document.querySelector('[data-dof-board]').dataset.seq === '{seq}'", timeout=30_000)
        return seq

    def after(self, role, seq):
        self.pages[role].wait_for_function(
            f"() => document.querySelector('[data-dof-board]') && "
            f"document.querySelector('[data-dof-board]').dataset.seq !== '{seq}'", timeout=30_000)

    def click(self, role, selector):
        seq = self.synced(role)
        self.pages[role].locator(selector).first.click()
        self.after(role, seq)

    def click_space(self, role, space):
        self.click(role, f".dof-map g[data-space='{space}'][data-dof-choice]")

    def click_card(self, role, verb, card):
        self.click(role, f".dof-hand button[data-card-verb='{verb}'][data-card-arg='{card}']")

    def click_ps(self, role, verb, arg):
        self.click(role, f".dof-struggle button[data-ps-verb='{verb}'][data-ps-arg='{json.dumps(arg)}']")

    def click_prompt(self, role, verb, arg=None):
        selector = f"#game-panel .prompt button[data-verb='{verb}']"
        if arg is not None:
            selector += f"[data-arg='{json.dumps(arg)}']"
        self.click(role, selector)

    def answer(self, prefer=()):
        """Answer whatever is asked, by a click where the board offers one."""
        game = self.fresh()
        role = game.active_roles[0]
        choices = list(self.prompt(role).choices)
        order = list(prefer) + ["no_raise", "done", "decline", "no_swap", "keep", "retain", "option", "place",
                                "remove", "space", "card", "discard", "lead", "match", "concede", "ops", "event"]
        choice = min(choices, key=lambda c: order.index(c.verb) if c.verb in order else 99)
        if choice.group == "spaces" and isinstance(choice.arg, int):
            self.click_space(role, choice.arg)
        elif choice.verb in ("stake", "lead", "match", "lead_as"):
            self.click_ps(role, choice.verb, choice.arg)
        elif choice.verb in ("ops", "event", "tst", "discard", "keep", "swap", "card") and isinstance(choice.arg, int) \
                and self.pages[role].locator(f".dof-hand button[data-card-verb='{choice.verb}']"
                                             f"[data-card-arg='{choice.arg}']").count():
            self.click_card(role, choice.verb, choice.arg)
        else:
            self.click_prompt(role, choice.verb, choice.arg)
        return role, choice

    def edit_state(self, change):
        from games.models import Game

        game = self.fresh()
        state = game.state
        change(state)
        Game.objects.filter(pk=game.pk).update(state=state)


def no_leak(match, viewer, page):
    """No page, partial or JSON of ``viewer`` names or ids a card the other side holds."""
    from games import engine
    from games.titles.dawn_of_freedom.rules import data

    game = match.fresh()
    other = DEM if viewer == COM else COM
    public = json.dumps(engine.public_log(game))
    secret = [n for n in game.state["hands"][other] if f'"card": {n}' not in public]
    ps = game.state.get("ps")
    ps_secret = sorted(set(ps["hands"][other]) - set(ps["hands"][viewer])) if ps else []
    urls = [f"/games/{game.pk}/", f"/games/{game.pk}/panel/", f"/games/{game.pk}/status/",
            f"/games/{game.pk}/log/", f"/api/games/{game.pk}/", f"/api/games/{game.pk}/log/",
            f"/api/games/{game.pk}/prompt/"]
    bodies = page.evaluate("""async (urls) => Promise.all(urls.map(async u =>
        (await fetch(u, {headers: u.includes('/panel/') || u.includes('/log/') ? {'HX-Request': 'true'} : {}})).text()))""",
                           urls)
    bodies.append(page.content())
    for url, body in zip(urls + ["live DOM"], bodies):
        for n in secret:
            assert f'data-card="{n}"' not in body and f'data-card-arg="{n}"' not in body, (url, n)
        for i in ps_secret:
            assert f'data-ps-card="{i}"' not in body, (url, i)
        if url.startswith("/api/games/") and url.count("/") == 4:
            view = json.loads(body)["view"]
            assert not {n for n in view["hand"] if isinstance(n, int)} & set(game.state["hands"][other])
            if view.get("struggle"):
                assert not set(view["struggle"]["hand"]) & set(ps_secret)
    from django.core import mail

    names = [data.CARD_NAME[n] for n in secret]
    for message in mail.outbox:  # turn mails to the viewer
        if match.users[viewer].email in message.to:
            assert not [name for name in names if name in message.body], message.subject


GAME_SEED = 5  # the rules seed (games.play.services draws it with secrets.randbits): fixed, so
# the deal, the dice and the clicks that follow are the same in every run


def test_1989_two_players_in_the_browser(browser, live_server, alice, bob, monkeypatch):
    from games.play import services
    from games.titles.dawn_of_freedom.rules import data

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: GAME_SEED)
    game = start_game(alice, bob)
    a = logged_in_page(browser, live_server, alice, 390, 844)  # Communist, phone
    b = logged_in_page(browser, live_server, bob, 1400, 900)  # Democrat, desktop
    for page in (a, b):
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(".dof-map")
    match = Match(game, {COM: a, DEM: b})
    match.users = {COM: alice, DEM: bob}
    for page in (a, b):
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the map opens whole on a desktop (Fit), legible on a phone (issue 29, item 15)
    assert b.get_attribute("[data-dof-frame]", "data-zoom") == "fit"
    assert a.get_attribute("[data-dof-frame]", "data-zoom") == "3"

    # -- set-up: placements by clicking spaces -------------------------------------------------
    assert match.fresh().active_roles == [COM]
    assert a.locator(".dof-map g[data-dof-choice]").count() > 0
    shot(a, "01-setup-communist-phone")
    # an illegal click: a space that is not offered says why and sends nothing
    offered = {c.arg for c in match.prompt(COM).choices if c.verb == "place"}
    other = next(s for s in data.SPACE_IDS if s not in offered)
    seq = match.fresh().seq
    a.locator(f".dof-map g[data-space='{other}']").click()
    assert "is not one of your choices" in a.inner_text("#dof-hint")
    assert match.fresh().seq == seq
    while match.step() == "setup_place":
        role = match.fresh().active_roles[0]
        space = min(c.arg for c in match.prompt(role).choices if c.verb == "place")
        match.click_space(role, space)
    b.wait_for_selector(".dof-hand .dof-card")
    shot(b, "02-after-setup-democrat-desktop")
    no_leak(match, COM, a)
    no_leak(match, DEM, b)

    # -- an operations play with support checks (the Communist, action round 1) ------------
    for _ in range(10):
        if match.step() == "action":
            break
        match.answer()
    role = match.fresh().active_roles[0]
    hand = match.fresh().state["hands"][role]
    codes = {(c.verb, c.arg) for c in match.prompt(role).choices}
    card = max((n for n in hand if ("ops", n) in codes), key=lambda n: data.OPS[n])
    match.click_card(role, "ops", card)
    for _ in range(6):  # answer the event of an opponent's card if it comes first
        verbs = {c.verb for c in match.prompt(match.fresh().active_roles[0]).choices}
        if "mode" in verbs:
            break
        match.answer()
    match.click_prompt(role, "mode", "check")
    checks = 0
    for _ in range(8):
        game = match.fresh()
        if game.active_roles != [role]:
            break
        targets = [c.arg for c in match.prompt(role).choices if c.verb in ("check", "check_bonus")]
        if not targets:
            break
        match.click_space(role, targets[0])
        checks += 1
    assert checks
    page = match.pages[role]
    page.wait_for_selector(".game-log :text('makes a support check')")
    assert "roll" in page.inner_text(".game-log")
    dice = page.inner_text(".dof-dice")  # the dice of this play, beside the map
    assert "support check" in dice and "roll" in dice
    shot(page, f"03-support-checks-{role}", ".dof-dice")

    # -- a Tiananmen Square attempt (the next player with a card that may go there) --------------
    for _ in range(20):
        game = match.fresh()
        if match.step() == "action" and any(c.verb == "tst" for c in match.prompt(game.active_roles[0]).choices):
            break
        match.answer(prefer=("ops",))
    role = match.fresh().active_roles[0]
    card = next(c.arg for c in match.prompt(role).choices if c.verb == "tst")
    match.click_card(role, "tst", card)
    page = match.pages[role]
    page.wait_for_selector(".game-log :text('Tiananmen Square box')")
    assert "Tiananmen Square box" in page.inner_text(".dof-dice")
    shot(page, f"04-tiananmen-dice-{role}", ".dof-dice")
    shot(page, f"04b-tiananmen-track-{role}", ".dof-tst")

    # -- a power struggle: the phasing player gets the Poland scoring card ----------------
    for _ in range(30):
        if match.step() == "action":
            break
        match.answer(prefer=("ops",))
    scorer = match.fresh().active_roles[0]
    poland = data.COUNTRY_SPACES["poland"]
    workers = [s for s in poland if data.TYPE[s] == "worker"]

    def arrange(state):
        for where in (state["deck"], state["discard"], state["hands"][COM], state["hands"][DEM], state["removed"]):
            if 22 in where:
                where.remove(22)
        state["hands"][scorer].append(22)
        state["hands"][scorer].sort()
        for s in poland:  # both sides control some of Poland: the Communist the workers, the Democrat the rest
            com = s in workers
            state["sp"][COM][s], state["sp"][DEM][s] = (4, 0) if com else (0, 4)

    match.edit_state(arrange)
    match.pages[scorer].reload()  # the edit wrote no move: the page shows the new hand after a reload
    match.pages[scorer].wait_for_selector(".dof-hand button[data-card-verb='event'][data-card-arg='22']")
    match.click_card(scorer, "event", 22)
    assert match.fresh().state["ps"], "the Poland scoring card starts a power struggle"
    a.wait_for_selector("[data-dof-struggle]")
    b.wait_for_selector("[data-dof-struggle]")
    # a worker leader for the Communist (it controls Polish workers), swapped in from the deck
    leader = next(i for i in data.PS_IDS if data.PS_LEADER[i] == "worker")

    def give_leader(state):
        ps = state["ps"]
        if leader in ps["hands"][COM]:
            return
        for r in (DEM,):
            if leader in ps["hands"][r]:
                ps["hands"][r].remove(leader)
                ps["hands"][r].append(ps["hands"][COM].pop(0))
                ps["hands"][r].sort()
                break
        else:
            ps["deck"].remove(leader)
            ps["deck"].append(ps["hands"][COM].pop(0))
        ps["hands"][COM].append(leader)
        ps["hands"][COM].sort()

    match.edit_state(give_leader)
    for page in (a, b):
        page.reload()
        page.wait_for_selector("[data-dof-struggle]")
    shot(b, "05-struggle-start-democrat-desktop", "[data-dof-struggle]")
    shot(a, "05-struggle-start-communist-phone", "[data-dof-struggle]")
    no_leak(match, COM, a)
    no_leak(match, DEM, b)
    assert "No card led yet" in b.inner_text("[data-dof-struggle]")
    raised = led_leader = answered_shot = com_led = False
    for _ in range(80):
        game = match.fresh()
        if not game.state.get("ps") or game.status != "active":
            break
        role = game.active_roles[0]
        choices = list(match.prompt(role).choices)
        verbs = {c.verb for c in choices}
        com_led = com_led or (role == COM and bool(verbs & {"lead", "lead_as"}))
        if "stake" in verbs and (not raised or any(c.verb == "stake" for c in choices) and "no_raise" not in verbs):
            keep = leader if role == COM else None
            card = next(c.arg for c in choices if c.verb == "stake" and c.arg != keep)
            match.click_ps(role, "stake", card)
            raised = True
            continue
        lead_as = [c for c in choices if c.verb == "lead_as" and c.arg.startswith(f"{leader}:")]
        if lead_as and not led_leader:
            match.click_ps(role, "lead_as", lead_as[0].arg)
            led_leader = True
            shot(match.pages[role], f"06-struggle-leader-{role}", "[data-dof-struggle]")
            continue
        if role == DEM and ("match" in verbs or "concede" in verbs) and not answered_shot:
            match.synced(DEM)
            shot(b, "06b-struggle-answer-democrat-desktop", "[data-dof-struggle]")
            answered_shot = True
        if "match" in verbs and role == COM:
            match.click_ps(role, "match", next(c.arg for c in choices if c.verb == "match"))
            continue
        match.answer(prefer=("no_raise", "lead", "concede", "retain", "remove"))
    # the leader is played whenever the Communist leads a card (whether it gets to lead
    # depends on the game's dice)
    assert raised and (led_leader or not com_led)
    game = match.fresh()
    assert not game.state.get("ps")
    for page in (a, b):
        page.reload()
        page.wait_for_selector("[data-dof-struggle] .dof-aftermath")
    assert "won the struggle ()" not in a.content()
    text = b.inner_text("[data-dof-struggle]")
    assert "Results table" in text and "rolled" in text and "Poland scored:" in text
    assert b.locator(".dof-results td.used").count() == 1 and b.locator(".dof-results td.loss").count() == 1
    assert "Poland is scored" in b.inner_text(".game-log")
    shot(b, "07-struggle-aftermath-democrat-desktop", "[data-dof-struggle]")
    shot(b, "07b-scoring-shown-democrat-desktop", ".dof-map g.score[data-country='poland']")
    shot(a, "07-struggle-aftermath-communist-phone", ".dof-aftermath")
    no_leak(match, COM, a)
    no_leak(match, DEM, b)
    b.locator(".dof-pile summary").first.click()
    shot(b, "08-discards-desktop", ".dof-played")
    b.click(".dof-zoom[data-zoom='0']")  # Fit: the whole map at once
    shot(b, "10-whole-map-fit-desktop", ".dof-map-frame")
    # the same board in Korean, with the rulebook's words
    from accounts.models import Profile

    Profile.objects.filter(user=alice).update(language="ko")
    a.reload()
    a.wait_for_selector(".dof-map")
    assert "권력투쟁" in a.inner_text("[data-dof-struggle]") and "천안문 광장 트랙" in a.inner_text(".dof-tst")
    shot(a, "09-korean-phone", ".dof-map-tools")
    shot(a, "09b-korean-tracks-phone", ".dof-tst")
    Profile.objects.filter(user=bob).update(language="es")
    b.reload()
    b.wait_for_selector(".dof-map")
    assert "Varsovia" in b.content() and "Marcador de la plaza de Tiananmen" in b.inner_text(".dof-tst")
    b.click(".dof-zoom[data-zoom='1']")
    shot(b, "11-spanish-desktop", ".dof-map-tools")
