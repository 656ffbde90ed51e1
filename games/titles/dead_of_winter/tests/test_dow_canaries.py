"""Hand and objective canaries on the site pages (issue 21).

test_dow_board.py checks the board template for every seat count from rules
states, and one 4-seat site game by card ids. Here real site games of 4, 7
and 11 seats are played (through ``move_submit``) into the action step, and
every page a seat fetches — the game page, the panel and status partials,
the log page, the API's game and log JSON — is searched for the other seats'
hand card names and secret objective name and text.

A card name like "Fuel" or "Junk" may also be an ordinary word on the page, or
a card another seat legitimately sees (equipped, contributed, its own). So a
name counts as hidden from a reader only when the reader's own view of the
game (``RULES.view``: everything it may know) never mentions it and a
spectator's copy of the same page does not contain it either; such a name on
the reader's page can only have come from another seat.
"""
import json

import pytest
from django.urls import reverse

from games.play import services
from games.models import Game
from games.rules.core.flow import Flow
from games.titles.dead_of_winter.rules import RULES

pytestmark = pytest.mark.django_db

PAGES = ("games:detail", "games:panel", "games:status", "games:log", "api:game", "api:log")
SEAT_PAGES = ("api:briefing",)  # "since you last looked": a player's own (issue 28)


def site_game(make_user, players: int) -> tuple[Game, dict]:
    """A started game of ``players`` seats: (game, {role: user})."""
    users = [make_user(f"seat{players}x{n}") for n in range(1, players + 1)]
    game = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": players})
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    return game, {s.role: s.user for s in game.seats.select_related("user")}


def play_until(game: Game, seats: dict, step: str, limit: int = 400) -> Game:
    """Every active seat plays its default (as its own move) until ``step`` is on top."""
    for _ in range(limit):
        game.refresh_from_db()
        if Flow.top(game.state)["step"] == step:
            return game
        role = game.active_roles[0]
        action = RULES.default_action(game.state, role)
        services.move_submit(game_id=game.pk, user=seats[role], verb=action.verb, arg=action.arg,
                             expected_seq=game.seq)
    raise AssertionError(f"{step} never reached")


def fetch(client, game: Game, user, seat: bool = False) -> dict[str, str]:
    """Every page of the list as ``user`` (None: an anonymous spectator) reads it;
    a ``seat`` reads its briefing too."""
    client.logout()
    if user is not None:
        client.force_login(user)
    pages = {}
    for name in PAGES + (SEAT_PAGES if seat else ()):
        response = client.get(reverse(name, args=[game.pk]), HTTP_HX_REQUEST="true" if "panel" in name else "")
        assert response.status_code == 200, (name, response.status_code)
        pages[name] = response.content.decode()
    return pages


def secrets_of(state: dict, role: str) -> set[str]:
    """The seat's hand card names, and its secret objective's name and text."""
    me = RULES.view(state, role)["me"]
    cards = RULES.view(state, role)["cards"]
    return {cards[str(c)]["name"] for c in me["hand"]} | {me["objective"]["name"], me["objective"]["text"]}


def known_to(state: dict, role: str | None) -> str:
    """Everything ``role`` may know, as text (its whole view)."""
    return json.dumps(RULES.view(state, role), ensure_ascii=False)


def escaped(text: str) -> set[str]:
    """The forms a string takes in HTML and in JSON."""
    from django.utils.html import escape

    return {text, escape(text), json.dumps(text, ensure_ascii=False)[1:-1]}


@pytest.mark.parametrize("players", [4, 7, 11])
def test_no_seat_sees_another_seats_hand_or_objective_on_any_page(client, make_user, players):
    game, seats = site_game(make_user, players)
    game = play_until(game, seats, "act")
    state = game.state
    spectator = fetch(client, game, make_user(f"onlooker{players}"))
    checked = briefed = 0
    for role, user in seats.items():
        pages = fetch(client, game, user, seat=True)
        briefed += "Since you last looked" in pages["games:detail"]
        own = known_to(state, role)
        assert RULES.view(state, role)["me"]["objective"]["name"] in pages["games:detail"]  # the seat's own
        for other in seats:
            if other == role:
                continue
            for secret in secrets_of(state, other):
                if secret in own:
                    continue  # the reader knows it too (same card in its hand, an equipped copy...)
                for name, text in pages.items():
                    if any(form in spectator.get(name, "") for form in escaped(secret)):
                        continue  # an ordinary word of this page
                    assert not any(form in text for form in escaped(secret)), (role, other, secret, name)
                    checked += 1
    assert checked > players * 10  # the canaries really were searched for (objective texts at least)
    assert briefed >= players - 1  # every seat but the last to move reads what the others did


def test_a_spectator_sees_no_hand_card_name_and_no_objective(client, make_user):
    game, seats = site_game(make_user, 5)
    game = play_until(game, seats, "act")
    public = known_to(game.state, None)
    anonymous = fetch_public(client, game)
    objectives = [RULES.view(game.state, role)["me"]["objective"] for role in seats]
    for page, text in anonymous.items():
        for objective in objectives:
            assert objective["text"] not in text and objective["text"] not in public, page
            if objective["name"] not in public:
                assert f"<strong>{objective['name']}</strong>" not in text, page


def fetch_public(client, game: Game) -> dict[str, str]:
    """The HTML pages as an anonymous visitor reads them (the API asks for a login)."""
    client.logout()
    return {name: client.get(reverse(name, args=[game.pk])).content.decode()
            for name in PAGES if not name.startswith("api:")}
