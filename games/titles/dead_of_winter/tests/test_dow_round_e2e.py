"""A whole round of a 4-player Warring Colonies game, played by clicking in four browsers.

Four Chromium contexts, one per seated player (Playwright, Debian's chromium);
each player acts only in their own page, by clicking the choices the page
shows (the sealed draft on the board's Keep buttons, every other step in the
action bar). The test reads the engine state from the database between clicks
only to decide which choice each player wants.

How the colony combat is forced (the seed is random, so the test steers):
in movement, a Colony B player moves one survivor to an entrance of Colony A
(a colony includes its entrances, WC§6.2) while Colony A's survivors stay
home; so a combat happens at Colony A in the colony phase. Should the survivor
die of exposure, the other Colony B player tries again in the second pair.
Tactics differ (All In against Ambush)
and both colonies start with bullets, so both sealed combat steps happen.

Checked on the way: during the sealed draft each page shows who has committed,
never what; after it the kept survivors are on every page; the enemy leader's
page never shows the other side's tactic or bid before both have committed;
the election shows who has voted, the votes only after. At the end: round 2,
the log tells the combat and the election in words, every commitment on the
sealed choices page verifies (sealing.digest), and no page any player ever
saw held another seat's hand card names, secret objective or draft offer.
"""
from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from games.engine import sealing
from games.play import services
from games.models import Game
from games.rules.core.flow import Flow
from games.titles.dead_of_winter.presentation import PRESENTATION
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.tests.helpers import secrets_in_words
from tests.fixtures import logged_in_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

TACTIC = {"a": "All In", "b": "Ambush"}
BID = {"a": 2, "b": 1}
SEALED = "chosen (sealed)"
BAR = ".action-bar .choices button"


class Table:
    """Four players' pages on one game, and every page each of them was shown."""

    def __init__(self, browser, live_server, game, users, spectator):
        self.url = f"{live_server.url}/games/{game.pk}/"
        self.game = game
        self.pages = {role: logged_in_page(browser, live_server, user, 1200, 900) for role, user in users.items()}
        self.seen: list[tuple[str, str, set, str]] = []  # (role, html, others' secrets then, public html then)
        self.spectator = Client()
        self.spectator.force_login(spectator)
        self._secrets: tuple = (None, {}, "")
        self.captured: dict[str, str | None] = {}  # the move each page showed when last kept

    def state(self) -> dict:
        self.game.refresh_from_db()
        return self.game.state

    def html(self, role: str) -> str:
        return html.unescape(self.pages[role].content())

    def shown_seq(self, role: str) -> str | None:
        board = self.pages[role].locator("[data-dow-board]")
        return board.get_attribute("data-seq") if board.count() else None

    def look(self, role: str, reload: bool = True) -> str:
        """The page as ``role`` sees it now (reloaded unless it already shows the
        latest move), kept for the canary check."""
        page = self.pages[role]
        if reload and self.shown_seq(role) != str(self.game.seq):
            page.goto(self.url)
            page.wait_for_selector("[data-dow-board]")
        text = self.html(role)
        self.remember(role, text)
        return text

    def look_all(self) -> dict[str, str]:
        return {role: self.look(role) for role in self.pages}

    def remember(self, role: str, text: str) -> None:
        secrets, public = self.secrets_now()
        others = set().union(*(secrets[r] for r in self.pages if r != role))
        self.seen.append((role, text, others - secrets[role], public))

    def secrets_now(self) -> tuple[dict[str, set], str]:
        """Each seat's secrets in words and an onlooker's page, at the current move."""
        state = self.state()
        if self._secrets[0] != self.game.seq:
            onlooker = self.spectator.get(self.url)
            assert onlooker.status_code == 200 and b"data-dow-board" in onlooker.content
            self._secrets = (self.game.seq, {r: secrets_in_words(state, r) for r in self.pages},
                             html.unescape(onlooker.content.decode()))
        return self._secrets[1], self._secrets[2]

    def click(self, role: str, verb: str, arg, board_button: str = "") -> None:
        """``role`` clicks the choice (verb, arg) on their own page: in the action bar, or
        the board button named ``board_button``; the move must land as that choice."""
        page, seq = self.pages[role], self.game.seq
        self.look(role)
        if board_button:
            button = page.locator(".dow-me").get_by_role("button", name=board_button, exact=True)
        else:
            button = page.locator(BAR).nth(bar_index(page, verb, arg))
            part = button.locator("xpath=ancestor::details[1]")
            if part.count() and not part.evaluate("d => d.open"):  # a survivor's moves: pick the survivor first
                part.locator("summary").click()
            words = (button.inner_text() + " " + (button.get_attribute("aria-label") or "")).strip()
            assert words and not re.fullmatch(r"[\d\s\[\]{}\"'>@:,.-]*", words), f"a choice not in words: {words!r}"
        button.click()
        page.wait_for_function("""(seq) => {
            const board = document.querySelector('[data-dow-board]');
            return (board && board.dataset.seq !== seq) || document.querySelector('.action-bar .error');
        }""", arg=str(seq))
        error = page.locator(".action-bar .error")
        assert not error.count(), f"{role} {verb} {arg}: {error.first.inner_text()}"
        move = self.game.moves.order_by("-seq").first()
        self.state()
        assert (move.seq, move.role, move.verb, move.arg) == (seq + 1, role, verb, arg)
        for other in self.pages:  # every page as it stands after the move (others follow by polling)
            if self.shown_seq(other) != self.captured.get(other):
                self.captured[other] = self.shown_seq(other)
                self.remember(other, self.html(other))

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()


def bar_index(page, verb: str, arg) -> int:
    buttons = page.locator(BAR).evaluate_all(
        "(els) => els.map(el => [el.dataset.verb, el.dataset.arg])")
    for i, (v, a) in enumerate(buttons):
        if v == verb and json.loads(a) == arg:
            return i
    raise AssertionError(f"no button {verb} {arg!r} among {buttons}")


def start(make_user):
    users = [make_user(f"wintry{n}") for n in range(1, 5)]
    game = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 4})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    return game, {s.role: s.user for s in game.seats.all()}


# -- what each player wants --------------------------------------------------------
def side(state, role) -> str:
    return state["pl"][role]["side"]


def b_at_colony_a(state) -> bool:
    return any(s and s["at"].startswith("a@") and side(state, s["o"]) == "b" for s in state["sv"])


def wanted(state, role):
    """(verb, arg) the player picks: B raids Colony A, fixed tactics and bids, else the default."""
    frame = Flow.top(state)
    choices = RULES.prompt(state, role).choices
    if frame["step"] == "move" and side(state, role) == "b" and not b_at_colony_a(state):
        raid = [c for c in choices if c.verb == "move" and c.arg.split(">")[1].startswith("a@")]
        if raid:
            return raid[0].verb, raid[0].arg
    if frame["step"] == "sealed":
        words = TACTIC[side(state, role)] if frame["what"] == "tactic" else None
        for c in choices:
            if (c.verb == "tactic" and PRESENTATION.choice_label(c) == words) or \
                    (c.verb == "bid" and frame["what"] == "bid" and c.arg == BID[side(state, role)]):
                return c.verb, c.arg
    action = RULES.default_action(state, role)
    return action.verb, action.arg


def next_role(state) -> str:
    """Colony A's leader seals first, so the check of the enemy's page has something to hide."""
    if Flow.top(state)["step"] == "sealed" and state["col"]["a"]["leader"] in state["active"]:
        return state["col"]["a"]["leader"]
    return state["active"][0]


# -- checks at the sealed steps ----------------------------------------------------------
def sealed_rows(table, role) -> list[str]:
    return [t.strip() for t in table.pages[role].locator(".dow-sealed li").all_inner_texts()]


def check_draft_sealed(table, state, last: str) -> None:
    """One player still drafting: every page tells who has committed, never what."""
    for role, text in table.look_all().items():
        rows = sealed_rows(table, role)
        assert len(rows) == 4 and sum("committed" in r for r in rows) == 3, rows
        assert any(f"({PRESENTATION.role_label(last)})" in r and "waiting" in r for r in rows), rows  # "fay (Player 4)"
    # the draft's keeps are hidden: no page names a survivor another player kept
    for role, text in ((r, table.html(r)) for r in table.pages):
        for other in table.pages:
            if other == role:
                continue
            for sid in Flow.top(state)["kept"].get(other) or []:
                name = survivor_name(state, sid)
                assert name not in text, f"{role}'s page names {other}'s kept {name}"


def survivor_name(state, sid: int) -> str:
    from games.titles.dead_of_winter import names as N
    from games.titles.dead_of_winter.rules.board import C

    return N.words(C(state).survivors[sid]["name"])


def check_draft_revealed(table, state) -> None:
    names = [survivor_name(state, s) for s, sv in enumerate(state["sv"]) if sv]
    assert len(names) == 12
    for role, text in table.look_all().items():
        assert not table.pages[role].locator(".dow-sealed").count()
        missing = [n for n in names if n not in text]
        assert not missing, f"{role} does not see the kept survivors {missing}"


def combat_cell(table, role, row: str, colony: str) -> str:
    """The combat table's cell (Tactic / Bullets bid) of ``colony`` on ``role``'s page."""
    page = table.pages[role]
    heads = [h.strip() for h in page.locator(".dow-combat thead th").all_inner_texts()]
    col = heads.index(colony)
    line = page.locator(".dow-combat tbody tr", has=page.locator(f"th:text-is('{row}')"))
    return line.locator("th, td").nth(col).inner_text().strip()


def check_combat_sealed(table, state, what: str) -> None:
    """Colony A's leader has committed; Colony B's leader has not."""
    row, shown = ("Tactic", TACTIC["a"]) if what == "tactic" else ("Bullets bid", str(BID["a"]))
    for role, text in table.look_all().items():
        cell = combat_cell(table, role, row, "Colony A")
        if side(state, role) == "a":  # a leader's pending pick is open to the teammates, with what it does
            assert cell.splitlines()[0] == shown, (role, cell)
            assert what != "tactic" or "combat strength" in cell, (role, cell)
        else:
            assert cell == SEALED, (role, cell)
            if what == "tactic":
                shown_here = table.pages[role].locator(".dow-combat, .game-log").all_inner_texts()
                assert all(TACTIC["a"] not in t for t in shown_here), role
                if role not in state["active"]:  # the enemy teammate has no choices naming it
                    assert TACTIC["a"] not in text


def check_election_sealed(table, state) -> None:
    for role, text in table.look_all().items():
        rows = sealed_rows(table, role)
        assert sum("committed" in r for r in rows) == 3 and sum("waiting" in r for r in rows) == 1, rows
        assert "Leader election votes" not in text


# -- the round ------------------------------------------------------------------------------
def play_round(table) -> set[str]:
    """Click through round 1; returns the sealed checks made."""
    checks: set[str] = set()
    for _ in range(200):
        state = table.state()
        if state["round"] > 1:
            return checks
        frame, role = Flow.top(state), next_role(state)
        check_step(table, state, frame, role, checks)
        verb, arg = wanted(state, role)
        if frame["step"] == "draft":  # the draft on the board: the survivor's own Keep button
            table.click(role, verb, arg, board_button=f"Keep: {survivor_name(state, arg)}")
        else:
            table.click(role, verb, arg)
    raise AssertionError("round 1 never ended")


def check_step(table, state, frame, role: str, checks: set[str]) -> None:
    """The checks due before ``role`` acts, each made once (named in ``checks``)."""
    step = frame["step"]
    if step == "draft" and state["active"] == [role] and len(frame["kept"][role]) == 2:
        due = "draft"  # one pick left in the whole draft
    elif step != "draft" and "kept" not in checks:
        due = "kept"  # the draft is over
    elif step == "sealed" and state["col"]["a"]["leader"] not in state["active"] \
            and state["col"]["b"]["leader"] in state["active"]:
        due = frame["what"]  # Colony A has sealed its tactic or bid, Colony B not yet
    elif step == "elect" and len(state["active"]) == 1:
        due = "elect"  # one vote missing
    else:
        return
    if due in checks:
        return
    checks.add(due)
    if due == "draft":
        check_draft_sealed(table, state, role)
    elif due == "kept":
        check_draft_revealed(table, state)
    elif due == "elect":
        check_election_sealed(table, state)
    else:
        check_combat_sealed(table, state, due)


def check_commitments(table, game) -> int:
    page = table.pages["p1"]
    page.goto(f"{table.url}commitments/")
    rows = page.locator("table.commitments tbody tr").evaluate_all(
        "(rows) => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent.trim()))")
    sealed = game.moves.exclude(commitment="").count()
    assert sealed and len(rows) == sealed
    for seq, seat, commitment, opened in rows:
        assert seat.startswith("Player ") or seat.startswith("Colony"), seat
        game_id, move_seq, role, verb, arg, nonce = json.loads(opened)
        assert (game_id, move_seq) == (game.pk, int(seq))
        assert sealing.digest(game_id, move_seq, role, verb, arg, nonce) == commitment
    return len(rows)


def check_log(table, game) -> str:
    page = table.pages["p2"]
    page.goto(f"{table.url}log/")
    text = page.locator("main").inner_text()
    for words in ("A combat begins at Colony A.",
                  f"Tactics revealed: Colony A {TACTIC['a']}, Colony B {TACTIC['b']}.",
                  f"Bullets bid: Colony A {BID['a']}, Colony B {BID['b']}.",
                  "Leader election votes:", "leads Colony A.", "leads Colony B."):
        assert words in text, words
    assert re.search(r"\d+ sealed choices: ", text), "a run of sealed inputs reads as one line"
    assert re.search(r"wins the combat at Colony A by \d+\.|The combat at Colony A is a tie", text)
    return text


def named(name: str, text: str) -> bool:
    """``name`` as words of ``text`` (the objective "Medic" is not in "Medicine")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def check_canaries(table) -> None:
    leaks = []
    for role, text, secrets, public in table.seen:
        for name in secrets:
            if named(name, text) and not named(name, public):
                leaks.append((role, name))
    assert not leaks, f"a page showed another seat's secret: {sorted(set(leaks))}"


def test_four_browsers_play_a_round_with_a_sealed_draft_a_combat_and_an_election(
        browser, live_server, make_user):
    game, users = start(make_user)
    table = Table(browser, live_server, game, users, make_user("onlooker"))
    checks = play_round(table)
    assert checks == {"draft", "kept", "tactic", "bid", "elect"}
    state = table.state()
    assert state["round"] == 2 and game.status == Game.Status.ACTIVE
    for role in table.pages:
        table.look(role)
        assert "Round 2" in table.pages[role].locator(".dow-tracker").inner_text()
    check_log(table, game)
    assert check_commitments(table, game) >= 12 + 2 + 2 + 4
    assert len(table.seen) > 60
    check_canaries(table)
    table.close()
