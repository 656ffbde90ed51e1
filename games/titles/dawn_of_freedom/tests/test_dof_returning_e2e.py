"""Coming back to a 1989 game (issue 28), in headless Chromium, with the turn mail.

The Communist (alice) plays her action round and goes away; the Democrat
(bob) makes support checks with his operations. She comes back: her page and
her "your turn" mail tell her which spaces he checked, and the spaces whose
support changed are ringed. Then he plays the Poland scoring card and leads in
the power struggle; she does not answer, loses the support the loss costs her and
plays her round; when his turn comes back he is told how the struggle ended
and how Poland scored (tests/returning.py says what is checked). The rules seed is fixed: the deal (the Democrat holds Poland
Scoring) and the dice are the same in every run.
"""
from __future__ import annotations

import pytest

from games.play import services
from games.titles.dawn_of_freedom.names import country_name, space_name
from games.titles.dawn_of_freedom.rules import data
from games.titles.dawn_of_freedom.tests.test_dof_board import start_game
from tests.returning import Table, comes_back
from tests.test_emails import smtp  # noqa: F401  (the aiosmtpd inbox)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SEED = 5  # the rules seed (games.play.services draws it with secrets.randbits)
POLAND_SCORING = 22
COM, DEM = "communist", "democrat"
STRUGGLE_ANSWERS = ("no_raise", "lead", "concede", "retain", "remove", "ops_first", "done")


def action_round_of(role):
    return lambda table: table.fresh().active_roles == [role] and table.step() == "action"


def play_card(table, role, verb) -> int:
    """The strongest own or neutral card for ``verb`` (no opponent event to resolve)."""
    offered = {(c.verb, c.arg) for c in table.choices(role)}
    cards = [n for n in table.fresh().state["hands"][role] if (verb, n) in offered
             and data.SIDE[n] in (role, "neutral") and not data.CARDS[n]["scoring"]]
    assert cards, (role, verb, table.fresh().state["hands"][role])
    card = max(cards, key=lambda n: (data.OPS[n], -n))
    table.submit(role, verb, card)
    return card


def communist_round(table) -> None:
    table.answer_until(action_round_of(COM), prefer=("ops_first",))
    play_card(table, COM, "ops")
    table.answer_until(lambda t: t.step() == "ops_mode", prefer=("ops_first",))
    table.submit(COM, "mode", "place")
    table.answer_until(lambda t: t.fresh().active_roles != [COM])


def democrat_checks(table) -> tuple[list[int], list[int]]:
    """The Democrat's support checks: (spaces checked, spaces whose support changed)."""
    table.answer_until(action_round_of(DEM))
    play_card(table, DEM, "ops")
    table.answer_until(lambda t: t.step() == "ops_mode", prefer=("ops_first",))
    table.submit(DEM, "mode", "check")
    before = table.fresh().state["sp"]
    checked = []
    while table.fresh().active_roles == [DEM] and (targets := [c.arg for c in table.choices(DEM) if c.verb == "check"]):
        checked.append(targets[0])
        table.submit(DEM, "check", targets[0])
    after = table.fresh().state["sp"]
    changed = [s for s in data.SPACE_IDS if any(before[r][s] != after[r][s] for r in (COM, DEM))]
    return checked, changed


def test_the_communist_comes_back_to_support_checks_and_a_power_struggle(browser, live_server, alice, bob,
                                                                         smtp, settings, monkeypatch):  # noqa: F811
    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 0  # she has been away longer than the quiet window
    table = Table(start_game(alice, bob), {COM: alice, DEM: bob})

    communist_round(table)
    checked, changed = democrat_checks(table)
    assert checked
    table.answer_until(action_round_of(COM), prefer=("ops_first",))
    comes_back(browser, live_server, smtp, table.game, alice, "support-checks",
               ["support check", space_name(checked[0])], [f"[data-space='{s}']" for s in changed])

    communist_round(table)
    table.answer_until(action_round_of(DEM))
    assert POLAND_SCORING in table.fresh().state["hands"][DEM]
    table.submit(DEM, "event", POLAND_SCORING)
    assert table.fresh().state["ps"], "the scoring card starts a power struggle"
    table.answer_until(lambda t: not t.fresh().state["ps"], prefer=STRUGGLE_ANSWERS, limit=120)
    # the Communist does not answer and, having lost, loses support: the Democrat's next look tells him
    communist_round(table)
    table.answer_until(action_round_of(DEM))
    comes_back(browser, live_server, smtp, table.game, bob, "power-struggle",
               [country_name("poland"), "wins the power struggle", "Poland is scored"], ["[data-space]"], korean=True)
