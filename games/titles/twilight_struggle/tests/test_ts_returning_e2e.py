"""Coming back to a Twilight Struggle game (issue 28), in headless Chromium, with the turn mail.

The USSR (alice) plays her action round and goes away; the US (bob) plays
his: operations placing influence in three countries; then, after her next
round, a coup; then a space race attempt. Each time she comes back, on a
desktop and a phone, her page and her "your turn" mail tell her what he did
(tests/returning.py says what is checked). The rules seed is fixed, so the
deal and the dice are the same in every run.
"""
from __future__ import annotations

import pytest

from games.play import services
from games.titles.twilight_struggle.names import country_name
from games.titles.twilight_struggle.rules import data
from games.titles.twilight_struggle.tests.test_ts_board import start_game
from tests.returning import Table, comes_back
from tests.test_emails import smtp  # noqa: F401  (the aiosmtpd inbox)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SEED = 5  # the rules seed (games.play.services draws it with secrets.randbits)


def action_round_of(role):
    return lambda table: table.fresh().active_roles == [role] and table.step() == "action"


def play_card(table, role, verb, ops_at_least=0) -> int:
    """The strongest own or neutral card of the hand for ``verb`` (no opponent event to resolve;
    any card for the space race)."""
    offered = {(c.verb, c.arg) for c in table.choices(role)}
    cards = [n for n in table.fresh().state["hands"][role] if (verb, n) in offered and data.OPS[n] >= ops_at_least
             and (verb == "space" or data.SIDE[n] in (role, "neutral"))]  # a space race play holds no event
    assert cards, (role, verb, table.fresh().state["hands"][role])
    card = max(cards, key=lambda n: (data.OPS[n], -n))
    table.submit(role, verb, card)
    return card


def ussr_round(table) -> None:
    """alice's own round: operations placing influence in the first countries offered."""
    table.answer_until(action_round_of("ussr"), prefer=("ops_first",))
    play_card(table, "ussr", "ops")
    table.submit("ussr", "mode", "influence")
    table.answer_until(lambda t: t.step() != "influence")


def us_influence_in_three(table) -> list[int]:
    table.answer_until(action_round_of("us"))
    play_card(table, "us", "ops", ops_at_least=3)
    table.submit("us", "mode", "influence")
    placed: list[int] = []
    while table.step() == "influence":
        ussr = table.fresh().state["inf"]["ussr"]
        offered = [c.arg for c in table.choices("us") if c.verb == "place"]
        country = ([c for c in offered if c not in placed and not ussr[c]] or offered)[0]
        placed.append(country)
        table.submit("us", "place", country)
    return sorted(set(placed))


def us_coup(table) -> tuple[int, bool]:
    table.answer_until(action_round_of("us"))
    play_card(table, "us", "ops")
    table.submit("us", "mode", "coup")
    target = [c.arg for c in table.choices("us") if c.verb == "coup"][0]
    before = [table.fresh().state["inf"][side][target] for side in ("us", "ussr")]
    table.submit("us", "coup", target)
    return target, before != [table.fresh().state["inf"][side][target] for side in ("us", "ussr")]


def test_the_ussr_comes_back_to_three_countries_a_coup_and_a_space_race(browser, live_server, alice, bob,
                                                                        smtp, settings, monkeypatch):  # noqa: F811
    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0  # she has been away longer than the quiet window
    table = Table(start_game(alice, bob), {"ussr": alice, "us": bob})
    back = action_round_of("ussr")

    ussr_round(table)
    placed = us_influence_in_three(table)
    assert len(placed) >= 3, placed
    assert back(table)
    comes_back(browser, live_server, smtp, table.game, alice, "influence", [country_name(c) for c in placed],
               [f"[data-country='{c}']" for c in placed])

    ussr_round(table)
    target, changed = us_coup(table)
    assert back(table)
    comes_back(browser, live_server, smtp, table.game, alice, "coup", [country_name(target), "coup"],
               [f"[data-country='{target}']"] if changed else [], korean=True)

    ussr_round(table)
    table.answer_until(action_round_of("us"))
    play_card(table, "us", "space")
    assert back(table)
    comes_back(browser, live_server, smtp, table.game, alice, "space-race", ["space race"], [])
