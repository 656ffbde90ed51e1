"""My games with no game of one's own: the sentence under the invitations fits what is shown.

"You have no games yet" read wrongly under a list of invitations or seats to take over, so
those users get their own sentence; a user with nothing at all keeps the first one."""
import pytest
from django.urls import reverse
from django.utils import translation

from games.play import services

pytestmark = pytest.mark.django_db
NOTHING = "You have no games yet. Create one or join one in the lobby."
WAITING = "No games in progress yet: answer what is waiting for you above, create a game, or join one in the lobby."


def my_games(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("games:my_games")).content.decode()


def test_an_invited_player_without_games_is_pointed_at_the_invitation(client, alice, bob):
    services.game_create(user=alice, title_id="duel", invite_username="bob")
    html = my_games(client, bob)
    assert "Invitations" in html and WAITING in html and NOTHING not in html


def test_a_player_asked_to_take_over_a_seat_gets_the_same_sentence(client, duel, carol):
    duel.seats.filter(role="north").update(substitute=carol)
    html = my_games(client, carol)
    assert "Seats to take over" in html and WAITING in html and NOTHING not in html


def test_a_player_with_nothing_keeps_the_first_sentence(client, carol):
    html = my_games(client, carol)
    assert NOTHING in html and WAITING not in html


def test_a_player_with_games_sees_neither(client, duel, alice):
    html = my_games(client, alice)
    assert NOTHING not in html and WAITING not in html


@pytest.mark.parametrize("lang", ["ko", "ja", "es"])
def test_the_new_sentence_is_translated(lang):
    with translation.override(lang):
        assert translation.gettext(WAITING) not in ("", WAITING)
