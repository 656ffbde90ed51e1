"""Coming back to a five-seat Warring Colonies game (issue 28), in headless Chromium, with the turn mail.

A Colony A player makes her first move and goes away for days: her seat is on
autopilot, so the deadline sweep plays the rules' defaults for her (moves the
site makes, which are not her looking at the game). The four others play on:
they send survivors out and search, one of Colony B's survivors raids Colony
A's entrance (as in test_dow_round_e2e), and the colonies vote in their
elections. When her turn comes after all three happened, her page and her
"your turn" mail tell her, in words, what happened since her own move
(tests/returning.py says what is checked). The rules seed is fixed.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from games.play import services
from games.rules.core.flow import Flow
from games.titles.dead_of_winter.rules import RULES
from tests.returning import Table, comes_back
from tests.test_emails import smtp  # noqa: F401  (the aiosmtpd inbox)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SEED = 3  # the rules seed (games.play.services draws it with secrets.randbits)
WANTED = {"search", "raid", "vote"}  # what the others must have done while she was away


def start(make_user) -> Table:
    users = [make_user(f"frost{n}") for n in range(1, 6)]
    game = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 5},
                                time_control={"kind": "per_move", "days": 3})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return Table(game, {s.role: s.user for s in game.seats.all()})


def choose(state, role, flags: dict) -> tuple:
    """(choice, what it is): Colony B raids Colony A once; survivors go out and search; else the default."""
    choices = [c for c in RULES.prompt(state, role).choices if c.verb != "undo"]
    to = {c: c.arg.split(">")[1] for c in choices if c.verb == "move"}
    if Flow.top(state)["step"] == "move" and state["pl"][role]["side"] == "b" and not flags.get("raided"):
        raid = [c for c in choices if to.get(c, "").startswith("a@")]
        if raid:
            flags["raided"] = True
            return raid[0], "raid"
    search = [c for c in choices if c.verb == "search"]
    if search:
        return search[0], "search"
    out = [c for c in choices if c in to and to[c] not in ("a", "b", "den") and "@" not in to[c]]
    if out and role not in flags.setdefault("out", set()):
        flags["out"].add(role)
        return out[0], "move"
    default = RULES.default_action(state, role)
    return next(c for c in choices if (c.verb, c.arg) == (default.verb, default.arg)), default.verb


def away(table: Table, me: str) -> None:
    """Her seat is due now (autopilot): the sweep plays her defaults."""
    Seat.objects.filter(game=table.game, role=me).update(deadline_at=timezone.now() - timedelta(minutes=1))
    services.games_time_out_overdue(timezone.now())


def test_a_colonist_comes_back_to_a_search_a_raid_and_a_vote(browser, live_server, make_user, smtp, settings,
                                                            monkeypatch):  # noqa: F811
    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0  # she has been away longer than the quiet window
    table = start(make_user)
    state = table.fresh().state
    me = next(r for r in sorted(state["pl"]) if state["pl"][r]["side"] == "a")
    flags, done, mine = {}, set(), False
    for _ in range(400):
        game = table.fresh()
        assert game.status == "active", (WANTED - done, game.seq)
        if me in game.active_roles:
            if mine and WANTED <= done:
                break
            if mine:
                away(table, me)
                continue
            default = RULES.default_action(game.state, me)
            table.submit(me, default.verb, default.arg)  # her own move: then she goes away
            Seat.objects.filter(game=game, role=me).update(autopilot=True)
            mine = True
            continue
        role = game.active_roles[0]
        choice, what = choose(game.state, role, flags)
        table.submit(role, choice.verb, choice.arg)
        done |= {what} if mine else set()
        if WANTED <= done:  # her next turn waits for her
            Seat.objects.filter(game=game, role=me).update(autopilot=False)
    else:
        raise AssertionError(f"her turn never came back after {WANTED - done}")
    comes_back(browser, live_server, smtp, table.game, table.users[me], "raid", ["searched"], ["[data-survivor]"], korean=True)